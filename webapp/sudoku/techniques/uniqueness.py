"""Techniques that assume the puzzle has exactly one solution: unique rectangles and BUG+1.

A "deadly pattern" of four empty cells in two rows, two columns and two boxes, all holding
only the same two digits, would let those digits swap and give two solutions; so a puzzle
with one solution never reaches it. These steps are only sound for such puzzles, which is
what the grader and the hints work with.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from ..board import (
    BOX_OF,
    DIGITS,
    DIGITS_OF,
    PEER_BB,
    POPCOUNT,
    UNIT_BB,
    UNITS_OF,
    cell_name,
    set_bits,
    shared_units,
    unit_name,
)
from ..ratings import rating
from .position import Position
from .step import Step, digits_text, names
from .wings import cells_with_count

TYPE_2 = rating("Unique rectangle type 2")


def _rectangles() -> list[tuple[int, int, int, int]]:
    """Every (a, b, c, d) corner set in two rows, two columns and exactly two boxes.

    a-b share a row, a-c share a column, d is opposite a.
    """
    out = []
    for r1 in range(9):
        for r2 in range(r1 + 1, 9):
            for c1 in range(9):
                for c2 in range(c1 + 1, 9):
                    cells = (9 * r1 + c1, 9 * r1 + c2, 9 * r2 + c1, 9 * r2 + c2)
                    if len({BOX_OF[c] for c in cells}) == 2:
                        out.append(cells)
    return out


RECTANGLES = _rectangles()


class Rectangle(NamedTuple):
    """Four corners that all hold the digits of `pair` (a mask); `extra` are the corners that
    hold more than the pair."""

    corners: tuple[int, int, int, int]
    pair: int
    extra: list[int]


def _unique_rectangles(s: Position) -> Iterator[Rectangle]:
    """Every rectangle of RECTANGLES whose corners share a pair, with at most two corners
    holding more."""
    cands = s.cands
    for corners in RECTANGLES:
        a, b, c, d = corners
        common = cands[a] & cands[b] & cands[c] & cands[d]
        if POPCOUNT[common] < 2:
            continue
        for pair in {
            cands[x] for x in corners if POPCOUNT[cands[x]] == 2 and cands[x] & common == cands[x]
        }:
            extra = [x for x in corners if cands[x] != pair]
            if len(extra) <= 2:
                yield Rectangle(corners, pair, extra)


def _ur_text(corners: tuple[int, ...], pair: int) -> str:
    return (
        f"{names(corners)} form a rectangle on {digits_text(DIGITS_OF[pair])}; if they held only "
        f"those digits the puzzle would have two solutions"
    )


def _rectangle_step(
    name: str,
    rated: float,
    corners: tuple[int, ...],
    pair: int,
    elim: list[tuple[int, int]],
    tail: str,
    units: tuple[int, ...] = (),
) -> Step:
    return Step(
        name,
        rated,
        eliminations=tuple(sorted(elim)),
        cells=corners,
        candidates=tuple((x, d) for x in corners for d in DIGITS_OF[pair]),
        units=units,
        text=_ur_text(corners, pair) + tail,
    )


def unique_rectangle(s: Position) -> Step | None:
    """Unique rectangle types 1, 2 and 4 (rated 4.5, 4.6 and 4.7), easiest first."""
    best: Step | None = None
    for corners, pair, extra in _unique_rectangles(s):
        if len(extra) == 1:
            x = extra[0]
            elim = [(x, d) for d in DIGITS_OF[pair]]
            return _rectangle_step(
                "Unique rectangle type 1",
                rating("Unique rectangle type 1"),
                corners,
                pair,
                elim,
                f", so {cell_name(x)} cannot hold {digits_text(DIGITS_OF[pair], 'or')}",
            )
        if len(extra) != 2:
            continue
        x, y = extra
        units = shared_units(x, y)
        if not units:
            continue
        more_x, more_y = s.cands[x] & ~pair, s.cands[y] & ~pair
        if more_x == more_y and POPCOUNT[more_x] == 1 and (best is None or best.rating > TYPE_2):
            z = DIGITS_OF[more_x][0]
            elim_bb = s.dbb[z] & PEER_BB[x] & PEER_BB[y]
            if elim_bb:
                best = _rectangle_step(
                    "Unique rectangle type 2",
                    TYPE_2,
                    corners,
                    pair,
                    [(c, z) for c in set_bits(elim_bb)],
                    f", so {cell_name(x)} or {cell_name(y)} holds {z} and cells that see both "
                    f"cannot",
                    units,
                )
                continue
        if best is not None:
            continue
        for u in units:
            for keep in DIGITS_OF[pair]:
                only = s.dbb[keep] & UNIT_BB[u]
                if only == (1 << x) | (1 << y):
                    drop = DIGITS_OF[pair & ~(1 << (keep - 1))][0]
                    best = _rectangle_step(
                        "Unique rectangle type 4",
                        rating("Unique rectangle type 4"),
                        corners,
                        pair,
                        [(x, drop), (y, drop)],
                        f"; {keep} in {unit_name(u)} must go in {names((x, y))}, so neither "
                        f"can hold {drop}",
                        (u,),
                    )
                    break
            if best is not None:
                break
    return best


def bug_plus_one(s: Position) -> Step | None:
    """Every empty cell bivalue but one: that cell takes the digit seen three times (5.6)."""
    empty = s.empty
    bivalue = cells_with_count(s, 2)
    rest = empty & ~bivalue
    if rest.bit_count() != 1 or not (trivalue := cells_with_count(s, 3) & rest):
        return None
    p = set_bits(trivalue)[0]
    odd = None
    for d in DIGITS:
        for u in range(27):
            n = (s.dbb[d] & UNIT_BB[u]).bit_count()
            if n in (0, 2):
                continue
            if n == 3 and UNIT_BB[u] >> p & 1:
                if odd not in (None, d):
                    return None
                odd = d
                continue
            return None
    if odd is None or any((s.dbb[odd] & UNIT_BB[u]).bit_count() != 3 for u in UNITS_OF[p]):
        return None
    return Step(
        "BUG+1",
        rating("BUG+1"),
        placements=((p, odd),),
        cells=(p,),
        candidates=((p, odd),),
        text=f"Every empty cell but {cell_name(p)} holds two candidates; unless {cell_name(p)} is "
        f"{odd} each digit would fit in two places in every unit and the puzzle would have two "
        f"solutions",
    )
