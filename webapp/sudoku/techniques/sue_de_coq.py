"""Sue de Coq: where a box meets a line, two or three cells with at least two more digits
than cells, completed by cells of the line and cells of the box.

Take the open cells C where a box meets a row or column, holding digits V (at least two more
than there are cells). Add cells L of the line outside the box and cells B of the box
outside the line, so that L's digits and B's digits share none, and all the cells together
hold exactly as many digits as there are cells. Then each of those digits goes in exactly
one of the cells: L's digits in C or L (all in the line), B's in C or B (all in the box),
and the rest of V in C. So L's digits leave the rest of the line, B's the rest of the box,
and the other digits of V both.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from itertools import combinations
from typing import NamedTuple

from ..board import BOX_BB, DIGITS_OF, UNIT_BB, set_bits, unit_name
from ..ratings import rating
from .position import Position
from .step import Step, digits_text, in_words, names

MAX_PART = 2  # cells taken from the line, or from the box


def _subsets(
    cells: list[int], cands: dict[int, int], size: int
) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every set of 1 to `size` of `cells`, with the digits they hold."""
    for k in range(1, min(size, len(cells)) + 1):
        for combo in combinations(cells, k):
            digits = 0
            for c in combo:
                digits |= cands[c]
            yield combo, digits


def _lines_of(box: int) -> tuple[int, ...]:
    """The rows and columns (as units 0-17) through a box."""
    return (
        *range(3 * (box // 3), 3 * (box // 3) + 3),
        *range(9 + 3 * (box % 3), 12 + 3 * (box % 3)),
    )


# Per box and line through it: the cells of both (the meeting cells first), in order.
REGIONS = {
    (box, line): tuple(
        sorted(
            set_bits(BOX_BB[box] | UNIT_BB[line]),
            key=lambda c: not (BOX_BB[box] & UNIT_BB[line]) >> c & 1,
        )
    )
    for box in range(9)
    for line in _lines_of(box)
}


def sue_de_coq(s: Position) -> Step | None:
    """The first Sue de Coq that removes a candidate (rated 6.3)."""
    for box in range(9):
        for line in _lines_of(box):
            cells = REGIONS[(box, line)]
            found = _region(box, line, tuple(s.cands[c] for c in cells))
            if found is not None:
                pattern, removed = found
                return _step(s, pattern, removed)
    return None


Part = tuple[tuple[int, ...], int]  # cells, and the digits they hold


@lru_cache(maxsize=8192)
def _region(
    box: int, line: int, masks: tuple[int, ...]
) -> tuple[Found, tuple[tuple[int, int], ...]] | None:
    """The first Sue de Coq where `line` meets `box`, and what it removes. `masks` are the
    candidates of the cells of both (REGIONS order; 0 for a filled cell): they alone decide,
    so the answer is kept, for a logical solve asks again and again about regions that have
    not changed."""
    cands = dict(zip(REGIONS[(box, line)], masks, strict=True))
    box_bb, line_bb = BOX_BB[box], UNIT_BB[line]
    meet = [c for c in set_bits(box_bb & line_bb) if cands[c]]
    if len(meet) < 2:
        return None
    line_parts = list(
        _subsets([c for c in set_bits(line_bb & ~box_bb) if cands[c]], cands, MAX_PART)
    )
    box_parts = list(
        _subsets([c for c in set_bits(box_bb & ~line_bb) if cands[c]], cands, MAX_PART)
    )
    for size in range(2, len(meet) + 1):
        for core in combinations(meet, size):
            v = 0
            for c in core:
                v |= cands[c]
            if v.bit_count() >= size + 2:
                found = _complete(cands, box, line, line_parts, box_parts, core, v)
                if found is not None:
                    return found
    return None


def _complete(
    cands: dict[int, int],
    box: int,
    line: int,
    line_parts: list[Part],
    box_parts: list[Part],
    core: tuple[int, ...],
    v: int,
) -> tuple[Found, tuple[tuple[int, int], ...]] | None:
    """Line cells and box cells that complete the meeting cells `core` (digits v).

    The cells hold as many digits as there are cells when, counting for each part its digits
    outside v less its cells, the two parts together make up len(core) - |v|: so the parts
    are paired by that count."""
    need = len(core) - v.bit_count()
    by_excess: dict[int, list[Part]] = {}
    for l_cells, vl in line_parts:
        if vl & v:
            by_excess.setdefault((vl & ~v).bit_count() - len(l_cells), []).append((l_cells, vl))
    for b_cells, vb in box_parts:
        if not vb & v:
            continue
        for l_cells, vl in by_excess.get(need - ((vb & ~v).bit_count() - len(b_cells)), ()):
            if vl & vb:
                continue
            rest = v & ~vl & ~vb
            used = set(core) | set(l_cells) | set(b_cells)
            removed = []
            for c in set_bits(UNIT_BB[line]):
                if c not in used:
                    removed += [(c, d) for d in DIGITS_OF[cands[c] & (vl | rest)]]
            for c in set_bits(BOX_BB[box]):
                if c not in used:
                    removed += [(c, d) for d in DIGITS_OF[cands[c] & (vb | rest)]]
            if removed:
                found = Found(box, line, core, l_cells, b_cells, v, vl, vb)
                return found, tuple(sorted(set(removed)))
    return None


class Found(NamedTuple):
    """A Sue de Coq: the meeting cells `core` with digits v, the line cells with digits vl and
    the box cells with digits vb."""

    box: int
    line: int
    core: tuple[int, ...]
    l_cells: tuple[int, ...]
    b_cells: tuple[int, ...]
    v: int
    vl: int
    vb: int


def _step(s: Position, f: Found, removed: tuple[tuple[int, int], ...]) -> Step:
    cells = (*f.core, *f.l_cells, *f.b_cells)
    line, box = unit_name(f.line), f"box {f.box + 1}"
    rest = f.v & ~f.vl & ~f.vb
    stay = (
        f"{digits_text(DIGITS_OF[f.vl])} stay in {line} and {digits_text(DIGITS_OF[f.vb])} in {box}"
    )
    if rest:
        stay += f", {digits_text(DIGITS_OF[rest])} in {names(f.core)}"
    return Step(
        "Sue de Coq",
        rating("Sue de Coq"),
        eliminations=removed,
        cells=cells,
        candidates=tuple((c, d) for c in cells for d in DIGITS_OF[s.cands[c]]),
        units=(f.line, 18 + f.box),
        text=f"{names(f.core)}, where {line} meets {box}, hold "
        f"{digits_text(DIGITS_OF[f.v], 'or')}; with {names(f.l_cells)} in {line} "
        f"({digits_text(DIGITS_OF[f.vl], 'or')}) and {names(f.b_cells)} in {box} "
        f"({digits_text(DIGITS_OF[f.vb], 'or')}), these {in_words(len(cells))} cells hold just "
        f"{in_words(len(cells))} digits, one each: {stay}; so the other cells of {line} and {box} "
        "lose them",
    )
