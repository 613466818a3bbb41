"""Strong and weak links between candidates: what colouring, wings, chains and static forcing
chains follow.

A strong link joins two candidates of which one is true if the other is false: the only two
places of a digit in a unit (a link on one digit), or the only two digits of a cell. A weak
link joins two candidates that cannot both be true: the same digit in two cells that see each
other, or two digits of one cell. Candidate sets are 729-bit ints, bit 9 * cell + digit - 1.
"""

from __future__ import annotations

from typing import NamedTuple

from ..board import CELLS, DIGITS, DIGITS_OF, POPCOUNT, UNIT_BB, first_cell
from ..lanes import OTHER_DIGITS_IN_CELL, SAME_DIGIT_IN_PEERS
from .position import Position

WEAK_X = SAME_DIGIT_IN_PEERS  # weak links on one digit, by candidate
WEAK_XY = tuple(x | y for x, y in zip(WEAK_X, OTHER_DIGITS_IN_CELL, strict=True))  # and in a cell


class StrongLink(NamedTuple):
    """A unit where a digit has exactly two places, `a` and `b` (a < b)."""

    unit: int
    a: int
    b: int


def strong_links(s: Position, digit: int) -> list[StrongLink]:
    """Every pair of cells that are the only two places of `digit` in some unit, once, in unit
    order; a pair linked by a row or column and by its box too is given with the line."""
    seen: set[tuple[int, int]] = set()
    out = []
    bb = s.dbb[digit]
    for u in range(27):
        x = bb & UNIT_BB[u]
        if x.bit_count() == 2:
            a = first_cell(x)
            b = first_cell(x & (x - 1))
            if (a, b) not in seen:
                seen.add((a, b))
                out.append(StrongLink(u, a, b))
    return out


class Links:
    """The candidates of a position as one int (`cand`), with their strong links by kind:
    `strong_x[p]` on p's digit, `strong_y[p]` in p's cell, `strong_xy[p]` both."""

    def __init__(self, s: Position) -> None:
        cand = 0
        for c in CELLS:
            if s.cands[c]:
                cand |= s.cands[c] << (9 * c)
        self.cand = cand
        strong_x = [0] * 729
        for d in DIGITS:
            for _, a, b in strong_links(s, d):
                pa, pb = 9 * a + d - 1, 9 * b + d - 1
                strong_x[pa] |= 1 << pb
                strong_x[pb] |= 1 << pa
        strong_y = [0] * 729
        for c in CELLS:
            m = s.cands[c]
            if POPCOUNT[m] == 2:
                x, y = DIGITS_OF[m]
                px, py = 9 * c + x - 1, 9 * c + y - 1
                strong_y[px] = 1 << py
                strong_y[py] = 1 << px
        self.strong_x = strong_x
        self.strong_y = strong_y
        self.strong_xy = [a | b for a, b in zip(strong_x, strong_y, strict=True)]
