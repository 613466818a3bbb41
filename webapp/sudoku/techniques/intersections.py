"""Locked candidates: pointing (box -> line) and claiming (line -> box), plain and direct.

A "direct" pointing or claiming is one whose eliminations at once leave a hidden single in a
unit of the same kind as the base: another box along the line for pointing, another line of
the same kind across the box for claiming (Sudoku Explainer's definition). SE rates those
lower (1.7 and 1.9) than the plain kind (2.6 and 2.8), and so does this engine: the step then
places that digit as well.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from typing import NamedTuple

from ..board import (
    BOX_BB,
    BOX_OF,
    COL_BB,
    COL_OF,
    DIGITS,
    ROW_BB,
    ROW_OF,
    UNIT_BB,
    cell_name,
    first_cell,
    is_single,
    set_bits,
    unit_name,
)
from ..ratings import rating
from .position import Position
from .singles import HiddenSingle, digit_single_after
from .step import Step, names


class Locked(NamedTuple):
    """A digit whose places in the base unit all lie in the cover unit; the cover loses it
    elsewhere. `cells` and `eliminations` are bitboards."""

    digit: int
    base: int
    cover: int
    cells: int
    eliminations: int


def _pointing(d: int, bb: int) -> Iterator[Locked]:
    """Digit d (its places `bb`) in a box two or three times (once is a hidden single), all in
    one row or column: the rest of that line loses d. Box by box, rows first."""
    for b in range(9):
        box = BOX_BB[b]
        x = bb & box
        if not x or is_single(x):
            continue
        c = first_cell(x)
        row, col = ROW_OF[c], COL_OF[c]
        if not x & ~ROW_BB[row]:
            elim = bb & ROW_BB[row] & ~box
            if elim:
                yield Locked(d, 18 + b, row, x, elim)
        if not x & ~COL_BB[col]:
            elim = bb & COL_BB[col] & ~box
            if elim:
                yield Locked(d, 18 + b, 9 + col, x, elim)


def _claiming(d: int, bb: int) -> Iterator[Locked]:
    """Digit d (its places `bb`) in a line two or three times (once is a hidden single), all
    in one box: the rest of that box loses d. Rows, then columns."""
    for u in range(18):
        line = UNIT_BB[u]
        x = bb & line
        if not x or is_single(x):
            continue
        b = BOX_OF[first_cell(x)]
        if not x & ~BOX_BB[b]:
            elim = bb & BOX_BB[b] & ~line
            if elim:
                yield Locked(d, u, 18 + b, x, elim)


def _locked_step(name: str, pattern: Locked, single: HiddenSingle | None) -> Step:
    """The step for a locked digit, placing the hidden single it leaves, if any."""
    d, base, cover, x, elim = pattern
    cells = set_bits(x)
    removed = tuple((c, d) for c in set_bits(elim))
    text = (
        f"In {unit_name(base)}, {d} can only go in {names(cells)}, "
        f"{'both' if len(cells) == 2 else 'all'} in {unit_name(cover)}, "
        f"so the rest of {unit_name(cover)} cannot hold {d}"
    )
    units: tuple[int, ...] = (base, cover)
    placements: tuple[tuple[int, int], ...] = ()
    if single is not None:
        cell, digit, unit = single
        placements = ((cell, digit),)
        units = (base, cover, unit)
        text += (
            f"; that leaves {cell_name(cell)} as the only place for {digit} in {unit_name(unit)}"
        )
        cells = [*cells, cell]
    return Step(
        name,
        rating(name),
        placements=placements,
        eliminations=removed,
        cells=tuple(cells),
        candidates=tuple((c, d) for c in set_bits(x)),
        units=units,
        text=text,
    )


BOXES = range(18, 27)
ROWS = range(9)
COLUMNS = range(9, 18)
Found = tuple[tuple[int, int, int], Step]  # (base, digit, cover): the search's order


def _first(s: Position, name: str) -> Step | None:
    """The first step of technique `name` in the order of the search (unit by unit, and in a
    unit digit by digit), from each digit's first."""
    found = [f for d in DIGITS if (f := _locked(name, d, s.dbb[d])) is not None]
    return min(found, key=lambda f: f[0])[1] if found else None


# A digit's locked candidates depend on its places alone, so they are kept: a logical solve
# asks again and again about digits whose places have not changed.
@lru_cache(maxsize=4096)
def _locked(name: str, d: int, bb: int) -> Found | None:
    """The first step of technique `name` (pointing or claiming, plain or direct) on digit d,
    whose places are `bb`; a direct one also places the hidden single it leaves in another
    unit of the base's kind."""
    pointing = name in ("Pointing", "Direct pointing")
    for pattern in _pointing(d, bb) if pointing else _claiming(d, bb):
        single = None
        if name.startswith("Direct"):
            kind = BOXES if pointing else ROWS if pattern.base < 9 else COLUMNS
            single = digit_single_after(bb, d, pattern.eliminations, kind)
            if single is None:
                continue
        key = (pattern.base, pattern.digit, pattern.cover)
        return key, _locked_step(name, pattern, single)
    return None


def direct_pointing(s: Position) -> Step | None:
    """Pointing whose eliminations leave a hidden single in another box (rated 1.7)."""
    return _first(s, "Direct pointing")


def direct_claiming(s: Position) -> Step | None:
    """Claiming whose eliminations leave a hidden single in another line of the same kind
    (rated 1.9)."""
    return _first(s, "Direct claiming")


def pointing(s: Position) -> Step | None:
    """A digit confined to one line within a box (rated 2.6)."""
    return _first(s, "Pointing")


def claiming(s: Position) -> Step | None:
    """A digit confined to one box within a line (rated 2.8)."""
    return _first(s, "Claiming")
