"""Strong and weak links between candidates: what colouring, wings, chains and static forcing
chains follow.

A strong link joins two candidates of which one is true if the other is false: the only two
places of a digit in a unit (a link on one digit), or the only two digits of a cell. A weak
link joins two candidates that cannot both be true: the same digit in two cells that see each
other, or two digits of one cell. Candidate sets are 729-bit ints, bit 9 * cell + digit - 1.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from ..board import (
    BOX_BB,
    CELLS,
    COL_BB,
    DIGITS,
    DIGITS_OF,
    POPCOUNT,
    ROW_BB,
    UNIT_BB,
    first_cell,
    seen_by_all,
    set_bits,
)
from ..lanes import OTHER_DIGITS_IN_CELL, SAME_DIGIT_IN_PEERS
from .als import Als
from .position import Position

WEAK_X = SAME_DIGIT_IN_PEERS  # weak links on one digit, by candidate
WEAK_XY = tuple(x | y for x, y in zip(WEAK_X, OTHER_DIGITS_IN_CELL, strict=True))  # and in a cell


class StrongLink(NamedTuple):
    """A unit where a digit has exactly two places, `a` and `b` (a < b)."""

    unit: int
    a: int
    b: int


@lru_cache(maxsize=8192)
def strong_links(bb: int) -> tuple[StrongLink, ...]:
    """Every pair of cells that are the only two places of a digit in some unit (the digit's
    places are `bb`), once, in unit order; a pair linked by a row or column and by its box
    too is given with the line. The places alone decide, so the answer is kept: a logical
    solve asks again and again about digits whose places have not changed."""
    seen: set[tuple[int, int]] = set()
    out = []
    for u in range(27):
        x = bb & UNIT_BB[u]
        if x.bit_count() == 2:
            a = first_cell(x)
            b = first_cell(x & (x - 1))
            if (a, b) not in seen:
                seen.add((a, b))
                out.append(StrongLink(u, a, b))
    return tuple(out)


class Links:
    """The candidates of a position as one int (`cand`), with their strong links by kind:
    `strong_x[p]` on p's digit, `strong_y[p]` in p's cell, `strong_xy[p]` both; and as sets,
    the candidates with a strong link on their digit (`x_linked`) and those of the cells with
    two candidates (`bivalue`)."""

    def __init__(self, s: Position) -> None:
        cand = 0
        for c in CELLS:
            if s.cands[c]:
                cand |= s.cands[c] << (9 * c)
        self.cand = cand
        strong_x = [0] * 729
        x_linked = 0
        for d in DIGITS:
            for _, a, b in strong_links(s.dbb[d]):
                pa, pb = 9 * a + d - 1, 9 * b + d - 1
                strong_x[pa] |= 1 << pb
                strong_x[pb] |= 1 << pa
                x_linked |= 1 << pa | 1 << pb
        strong_y = [0] * 729
        bivalue = 0
        for c in CELLS:
            m = s.cands[c]
            if POPCOUNT[m] == 2:
                x, y = DIGITS_OF[m]
                px, py = 9 * c + x - 1, 9 * c + y - 1
                strong_y[px] = 1 << py
                strong_y[py] = 1 << px
                bivalue |= 1 << px | 1 << py
        self.x_linked = x_linked
        self.bivalue = bivalue
        self.strong_x = strong_x
        self.strong_y = strong_y
        self.strong_xy = [a | b for a, b in zip(strong_x, strong_y, strict=True)]


EXT = 729  # grouped nodes are numbered from here, after the 729 candidates


class Graph:
    """The candidates of a position and its grouped nodes, with their links.

    A grouped node claims that a digit is in one of several cells: two or three cells of one
    box and line (a group), or the cells of an almost locked set that hold the digit. Nodes
    0-728 are the candidates (9 * cell + digit - 1), grouped nodes follow from EXT. Besides
    the candidates' links (see Links), it holds:

    - `strong_u[n]`: strong links through a unit where the digit's places split into two
      parts, a cell or a group each (candidates' plain strong links included);
    - `strong_a[n]`: strong links through an ALS: without digit x, its other digits all go in
      it; `via(n, m)` is the ALS behind such a link;
    - `weak_g[n]`: weak links on one digit between nodes whose cells all see each other, for
      pairs that involve a grouped node.
    """

    def __init__(self, s: Position, links: Links, als_sets: list[Als]) -> None:
        self.links = links
        self.digit: list[int] = []  # per grouped node (index n - EXT)
        self.cells: list[int] = []  # per grouped node, a bitboard
        key: dict[tuple[int, int], int] = {}
        digit, cells = self.digit, self.cells

        def node(d: int, bb: int) -> int:
            if bb & (bb - 1) == 0:
                return 9 * (bb.bit_length() - 1) + d - 1
            n = key.get((d, bb))
            if n is None:
                n = key[(d, bb)] = EXT + len(digit)
                digit.append(d)
                cells.append(bb)
            return n

        unit_links: list[tuple[int, int]] = []
        for d in DIGITS:
            bb = s.dbb[d]
            for u in range(27):
                x = bb & UNIT_BB[u]
                if x.bit_count() >= 3:  # two places make a plain strong link, in Links
                    for part in _halves(x, u):
                        unit_links.append((node(d, part), node(d, x & ~part)))
        self.als_nodes = [(a, [node(d, a.where[d]) for d in DIGITS_OF[a.digits]]) for a in als_sets]
        size = self.size = EXT + len(digit)
        self.alive = links.cand | (((1 << len(digit)) - 1) << EXT)
        strong_u = list(links.strong_x) + [0] * (size - EXT)
        for a_node, b_node in unit_links:
            strong_u[a_node] |= 1 << b_node
            strong_u[b_node] |= 1 << a_node
        strong_a = [0] * size
        for _, ends in self.als_nodes:
            every = 0
            for n in ends:
                every |= 1 << n
            for n in ends:
                strong_a[n] |= every & ~(1 << n)
        self.strong_u = strong_u
        self.strong_a = strong_a
        self.weak_g = self._weak(s)

    def via(self, a: int, b: int) -> Als | None:
        """The first almost locked set that links node a (false) to node b (true)."""
        for als, ends in self.als_nodes:
            if a in ends and b in ends:
                return als
        return None

    def _weak(self, s: Position) -> list[int]:
        weak = [0] * self.size
        by_low: dict[tuple[int, int], list[int]] = {}
        for i, (d, bb) in enumerate(zip(self.digit, self.cells, strict=True)):
            by_low.setdefault((d, first_cell(bb)), []).append(EXT + i)
        for i, (d, bb) in enumerate(zip(self.digit, self.cells, strict=True)):
            n = EXT + i
            seen = s.dbb[d] & seen_by_all(bb)
            for c in set_bits(seen):
                p = 9 * c + d - 1
                weak[n] |= 1 << p
                weak[p] |= 1 << n
                for m in by_low.get((d, c), ()):
                    if m != n and not self.cells[m - EXT] & ~seen:
                        weak[n] |= 1 << m
        return weak

    def node_cells(self, n: int) -> tuple[tuple[int, ...], int]:
        """A node's cells and digit."""
        if n < EXT:
            return (n // 9,), n % 9 + 1
        return tuple(set_bits(self.cells[n - EXT])), self.digit[n - EXT]


def _halves(x: int, u: int) -> list[int]:
    """The ways to split a digit's places `x` in unit u into two parts that are each one cell
    or a group of one box and line: one part of each split (the one with the lowest cell)."""
    if u < 18:  # a line: split by box
        parts = [x & BOX_BB[b] for b in range(9) if x & BOX_BB[b]]
    else:  # a box: split by row, or by column
        rows = [x & ROW_BB[r] for r in range(9) if x & ROW_BB[r]]
        cols = [x & COL_BB[c] for c in range(9) if x & COL_BB[c]]
        out = [part for parts in (rows, cols) if len(parts) == 2 for part in parts[:1]]
        return out
    return parts[:1] if len(parts) == 2 else []
