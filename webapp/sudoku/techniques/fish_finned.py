"""Finned and sashimi fish: X-Wing, Swordfish and Jellyfish with fins.

Take k base lines (rows, say) and k cover lines (columns). If every place of digit d in the
base rows lay in the cover columns, the base rows would take the d of each cover column, and
the rest of those columns would lose d. When a few places (the fins) lie outside the cover
columns, all in one box, then either a fin holds d, or the fish does. Cells that lose d
either way are those of the fin box that lie in a cover column outside the base rows: they
see every fin, and the fish would take their column's d. A fish is sashimi when it leans on
its fins: some base line has at most one place in the cover lines.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from itertools import combinations
from typing import NamedTuple

from ..board import BOX_BB, COL_BB, DIGITS, ROW_BB, set_bits
from ..ratings import rating
from .fish import _line_masks
from .position import Position
from .step import Step, digits_text, names

FISH = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}


class Fish(NamedTuple):
    """A finned fish of one digit: base rows (or columns), cover lines (a mask), fin box."""

    by_rows: bool
    base: tuple[int, ...]
    covers: int
    box: int
    thin: bool  # sashimi


def _finned(s: Position, k: int) -> Step | None:
    """The first finned fish of size k, else the first sashimi one."""
    sashimi: Step | None = None
    for d in DIGITS:
        for fish in _fishes(s.dbb[d], k):
            if not fish.thin:
                return _fish_step(s.dbb[d], d, k, fish)
            sashimi = sashimi or _fish_step(s.dbb[d], d, k, fish)
    return sashimi


@lru_cache(maxsize=8192)
def _fishes(bb: int, k: int) -> tuple[Fish, ...]:
    """Every finned or sashimi fish of size k that a digit's places `bb` make, rows first.
    The places alone decide, so the answer is kept: a logical solve asks again and again
    about digits whose places have not changed."""
    if not bb:
        return ()
    rows, cols = _line_masks(bb)
    return tuple(
        fish
        for by_rows, masks in ((True, rows), (False, cols))
        for fish in _finned_digit(bb, masks, k, by_rows)
    )


def _bases(masks: list[int], k: int) -> list[tuple[tuple[int, ...], int]]:
    """Sets of k base lines (with the union of their cover masks) that could make a finned
    fish: the fins, all in one box, add at most two cover lines to the k."""
    limit = k + 2
    lines = [i for i in range(9) if 0 < masks[i].bit_count() <= limit]
    out: list[tuple[tuple[int, ...], int]] = []
    stack: list[tuple[int, tuple[int, ...], int]] = [(0, (), 0)]
    while stack:
        start, chosen, union = stack.pop()
        if len(chosen) == k:
            if union.bit_count() > k:
                out.append((chosen, union))
            continue
        for n in range(start, len(lines) - (k - len(chosen)) + 1):
            more = union | masks[lines[n]]
            if more.bit_count() <= limit:
                stack.append((n + 1, (*chosen, lines[n]), more))
    return out


def _finned_digit(bb: int, masks: list[int], k: int, by_rows: bool) -> Iterator[Fish]:
    """Finned and sashimi fish of size k of a digit with places `bb`, with base rows
    (`by_rows`) or columns; `masks` holds, per base line, the cover lines where it can go."""
    for base, union in _bases(masks, k):
        for band in {i // 3 for i in base}:
            others = 0  # cover lines where the band's other lines hold d
            for r in range(3 * band, 3 * band + 3):
                if r not in base:
                    others |= masks[r]
            for stack in range(3):
                box_lines = 0b111 << (3 * stack)  # cover lines through the fin box
                if not others & box_lines & union:
                    continue  # no cell of the box outside the base could lose d
                outside = 0  # cover lines of base places outside the fin box
                for i in base:
                    outside |= masks[i] & ~box_lines if i // 3 == band else masks[i]
                free = k - outside.bit_count()
                if free < 0 or (not free and not outside & box_lines):
                    continue  # the fish must cover a line through the fin box
                for extra in combinations(set_bits(union & box_lines & ~outside), free):
                    covers = outside
                    for j in extra:
                        covers |= 1 << j
                    body = [(masks[i] & covers).bit_count() for i in base]
                    if min(body) == 0:
                        continue
                    box = 3 * band + stack if by_rows else 3 * stack + band
                    fish = Fish(by_rows, base, covers, box, min(body) == 1)
                    if _removes(bb, fish):
                        yield fish


def _lines(fish: Fish) -> tuple[int, int]:
    """The fish's base lines and cover lines, as bitboards."""
    base_bb = cover_bb = 0
    for i in fish.base:
        base_bb |= ROW_BB[i] if fish.by_rows else COL_BB[i]
    for j in set_bits(fish.covers):
        cover_bb |= COL_BB[j] if fish.by_rows else ROW_BB[j]
    return base_bb, cover_bb


def _removes(bb: int, fish: Fish) -> bool:
    """True when the fish has fins and something to remove."""
    base_bb, cover_bb = _lines(fish)
    return bool(bb & base_bb & ~cover_bb) and bool(bb & cover_bb & BOX_BB[fish.box] & ~base_bb)


def _fish_step(bb: int, d: int, k: int, fish: Fish) -> Step:
    by_rows, base, covers, box, thin = fish
    base_bb, cover_bb = _lines(fish)
    cells = bb & base_bb
    fins = cells & ~cover_bb
    elim = bb & cover_bb & BOX_BB[box] & ~base_bb
    name = ("Sashimi " if thin else "Finned ") + FISH[k]
    base_kind, cover_kind = ("rows", "columns") if by_rows else ("columns", "rows")
    base_units = tuple(i if by_rows else 9 + i for i in base)
    cover_lines = set_bits(covers)
    cover_units = tuple(9 + j if by_rows else j for j in cover_lines)
    fin_cells = set_bits(fins)
    removed = set_bits(elim)
    fin_word, a_fin = ("fin", "the fin") if len(fin_cells) == 1 else ("fins", "a fin")
    return Step(
        name,
        rating(name),
        eliminations=tuple((c, d) for c in removed),
        cells=tuple(set_bits(cells)),
        candidates=tuple((c, d) for c in set_bits(cells)),
        units=base_units + cover_units + (18 + box,),
        text=f"In {base_kind} {digits_text(i + 1 for i in base)}, the digit {d} can only go in "
        f"{cover_kind} {digits_text(j + 1 for j in cover_lines)} or in the {fin_word} "
        f"{names(fin_cells)} in box {box + 1}; either {a_fin} holds {d} or these {base_kind} "
        f"take the {d}s of those {cover_kind}, and both ways {names(removed)} cannot hold {d}",
    )


def finned_x_wing(s: Position) -> Step | None:
    """A finned X-Wing (rated 4.3), else a sashimi one (4.4)."""
    return _finned(s, 2)


def finned_swordfish(s: Position) -> Step | None:
    """A finned Swordfish (rated 5.7), else a sashimi one (5.8)."""
    return _finned(s, 3)


def finned_jellyfish(s: Position) -> Step | None:
    """A finned Jellyfish (rated 6.1), else a sashimi one (6.2)."""
    return _finned(s, 4)
