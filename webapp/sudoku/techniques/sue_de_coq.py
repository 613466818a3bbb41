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
from itertools import combinations
from typing import NamedTuple

from ..board import BOX_BB, COL_BB, DIGITS_OF, ROW_BB, set_bits, unit_name
from ..ratings import rating
from .position import Position
from .step import Step, digits_text, names

MAX_PART = 2  # cells taken from the line, or from the box


def _subsets(
    cells: list[int], cands: list[int], size: int
) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every set of 1 to `size` of `cells`, with the digits they hold."""
    for k in range(1, min(size, len(cells)) + 1):
        for combo in combinations(cells, k):
            digits = 0
            for c in combo:
                digits |= cands[c]
            yield combo, digits


def sue_de_coq(s: Position) -> Step | None:
    """The first Sue de Coq that removes a candidate (rated 6.3)."""
    cands = s.cands
    for box in range(9):
        box_bb = BOX_BB[box]
        for line in (
            *range(3 * (box // 3), 3 * (box // 3) + 3),
            *(9 + c for c in range(3 * (box % 3), 3 * (box % 3) + 3)),
        ):
            line_bb = ROW_BB[line] if line < 9 else COL_BB[line - 9]
            meet = [c for c in set_bits(box_bb & line_bb & s.empty)]
            if len(meet) < 2:
                continue
            line_parts = list(_subsets(set_bits(line_bb & ~box_bb & s.empty), cands, MAX_PART))
            box_parts = list(_subsets(set_bits(box_bb & ~line_bb & s.empty), cands, MAX_PART))
            for size in range(2, len(meet) + 1):
                for core in combinations(meet, size):
                    v = 0
                    for c in core:
                        v |= cands[c]
                    if v.bit_count() < size + 2:
                        continue
                    step = _complete(s, box, line, line_parts, box_parts, core, v)
                    if step is not None:
                        return step
    return None


Part = tuple[tuple[int, ...], int]  # cells, and the digits they hold


def _complete(
    s: Position,
    box: int,
    line: int,
    line_parts: list[Part],
    box_parts: list[Part],
    core: tuple[int, ...],
    v: int,
) -> Step | None:
    """Line cells and box cells that complete the meeting cells `core` (digits v).

    The cells hold as many digits as there are cells when, counting for each part its digits
    outside v less its cells, the two parts together make up len(core) - |v|: so the parts
    are paired by that count."""
    cands = s.cands
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
            line_bb = ROW_BB[line] if line < 9 else COL_BB[line - 9]
            box_bb = BOX_BB[box]
            removed = []
            for c in set_bits(line_bb & s.empty):
                if c not in used:
                    removed += [(c, d) for d in DIGITS_OF[cands[c] & (vl | rest)]]
            for c in set_bits(box_bb & s.empty):
                if c not in used:
                    removed += [(c, d) for d in DIGITS_OF[cands[c] & (vb | rest)]]
            if removed:
                found = Found(box, line, core, l_cells, b_cells, v, vl, vb)
                return _step(s, found, tuple(sorted(set(removed))))
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
        f"({digits_text(DIGITS_OF[f.vb], 'or')}), these {len(cells)} cells hold just "
        f"{len(cells)} digits, one each: {stay}; so the other cells of {line} and {box} lose them",
    )
