"""The default solver: singles and locked candidates on the bit-lane board, then branching.

The board is `webapp.sudoku.lanes`: all 729 candidates four times over in one int, on which
about fifteen operations find every naked and hidden single at once (a few more, every locked
candidate), and a branch copies nothing, as ints are immutable.

Branching: on a cell with two candidates (else three, else the first open cell), choosing the
one whose digits are shared by the most peers that are close to a single (a peer with two
candidates counts 2 per shared digit, one with three counts 1). Either choice then removes a
digit from those peers, so both children propagate far and a wrong one fails early; on the
hardest puzzles this halves the search tree compared with taking any bivalue cell. The scores
are read from view 0 with one AND and one popcount per candidate cell.

Counting: a node is one branching state; a guess is one digit tried there; a backtrack is a
tried digit whose propagation failed at once.
"""

from __future__ import annotations

from itertools import combinations, product

from ..board import Grid
from ..lanes import (
    CELL_VIEW,
    FULL,
    HIGH,
    KEEP,
    LOCK_FLAGS,
    LOW8,
    LSB,
    SAME_DIGIT_IN_PEERS,
    UNPLACE,
    VIEW,
    LaneState,
    propagate,
)
from ..search import Budget, OutOfBudget, Search, report

_CELL_LSB = LSB & CELL_VIEW
_CELL_LOW8 = LOW8 & CELL_VIEW
_CELL_HIGH = HIGH & CELL_VIEW


# For a cell with two candidates (key: 9 * cell << 9 | its lane), the view-0 bits of its two
# digits in its 20 peers, twice: in place and moved up by one view, so that one AND with the
# weights below counts a peer in both places when it has two candidates.
_PAIR_REACH: dict[int, int] = {}
for _cell in range(81):
    for _a, _b in combinations(range(9), 2):
        _both = SAME_DIGIT_IN_PEERS[9 * _cell + _a] | SAME_DIGIT_IN_PEERS[9 * _cell + _b]
        _PAIR_REACH[9 * _cell << 9 | 1 << _a | 1 << _b] = _both | _both << VIEW


def _reach(top: int, lane: int) -> int:
    """The doubled peer reach of any lane (see _PAIR_REACH); top = 9 * cell."""
    reach = 0
    for digit in range(9):
        if lane >> digit & 1:
            reach |= SAME_DIGIT_IN_PEERS[top + digit]
    return reach | reach << VIEW


def _zero_lanes(x: int) -> int:
    """Bit 0 of every lane of view 0 of x that is empty."""
    return (_CELL_HIGH ^ ((((x & _CELL_LOW8) + _CELL_LOW8) | x) & _CELL_HIGH)) >> 8


def _branch_top(x: int) -> int:
    """9 * the cell to branch on (see the module docstring); x must be fully propagated.

    After propagation every open cell has two or more candidates and every placed cell one, so
    dropping the lowest bit of each lane once, twice and three times tells them apart.
    """
    lsb = _CELL_LSB
    cells = x & CELL_VIEW
    rest = cells & (cells - lsb)
    placed = _zero_lanes(rest)
    rest |= placed  # a placed lane gets a bit back, so that no borrow crosses lanes
    rest &= rest - lsb
    two = _zero_lanes(rest) ^ placed
    rest |= two | placed
    three = _zero_lanes(rest & (rest - lsb)) ^ two ^ placed
    if not two | three:
        return (_CELL_LSB ^ placed).bit_length() - 1  # every open cell has four or more
    pairs = cells & (two * 0x1FF)
    weights = cells & ((two | three) * 0x1FF) | pairs << VIEW
    best = best_top = -1
    if two:
        reach = _PAIR_REACH
        while two:
            top = two.bit_length() - 1
            two ^= 1 << top
            score = (weights & reach[top << 9 | cells >> top & 0x1FF]).bit_count()
            if score > best:
                best, best_top = score, top
        return best_top
    while three:
        top = three.bit_length() - 1
        three ^= 1 << top
        score = (weights & _reach(top, cells >> top & 0x1FF)).bit_count()
        if score > best:
            best, best_top = score, top
    return best_top


# Solved view 0, 27 bits (three cells) at a time: each single-bit triple to its three digits.
_TRIPLES = {
    sum(1 << (9 * i + d) for i, d in enumerate(digits)): tuple(d + 1 for d in digits)
    for digits in product(range(9), repeat=3)
}


def _grid(x: int) -> Grid:
    """The grid of a solved state (every lane of view 0 holds one bit)."""
    cells = x & CELL_VIEW
    digits: tuple[int, ...] = ()
    for shift in range(0, VIEW, 27):
        digits += _TRIPLES[cells >> shift & 0x7FFFFFF]
    return digits


def _start(grid: Grid) -> LaneState | None:
    """The state after placing the givens and propagating, or None if they contradict.

    Givens that clash need no test: placing the second empties a lane, which propagation sees.
    """
    x = free = FULL
    count = 0
    for cell, digit in enumerate(grid):
        if digit:
            p = 9 * cell + digit - 1
            x &= KEEP[p]
            free &= UNPLACE[p]
            count += 1
    x, free, count, fresh = propagate(x, free, count, LOCK_FLAGS)
    return (x, free, count, fresh) if x else None  # x is 0 after a contradiction


def search(grid: Grid, limit: int, budget: Budget) -> Search:
    """Find up to `limit` solutions within `budget`."""
    meter = budget.start()
    found: list[Grid] = []
    keep, unplace = KEEP, UNPLACE

    def branch(x: int, free: int, count: int, fresh: int) -> None:
        meter.node()
        if count == 81:
            found.append(_grid(x))
            return
        top = _branch_top(x)
        lane = x >> top & 0x1FF
        wide = lane & (lane - 1) != 0  # a guess: a digit tried where two or more were left
        while lane:
            low = lane & -lane
            lane ^= low
            meter.guesses += wide
            p = top + low.bit_length() - 1
            child, child_free, child_count, child_fresh = propagate(
                x & keep[p], free & unplace[p], count + 1, fresh
            )
            if not child:  # a contradiction: this digit is wrong
                meter.backtracks += wide
                continue
            before = len(found)
            branch(child, child_free, child_count, child_fresh)
            if len(found) == before:
                meter.backtracks += wide  # a guess whose branch held no new solution
            elif len(found) >= limit:
                return

    state = _start(grid)
    if state is None:
        return report(found, meter, True)
    try:
        branch(*state)
    except OutOfBudget:
        return report(found, meter, False)
    return report(found, meter, True)
