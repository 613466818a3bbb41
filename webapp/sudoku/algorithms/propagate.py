"""The default solver: naked and hidden singles found on whole-board bit lanes, then branching.

The candidate state is one Python int of 4 x 729 bits: four views of the same 729 (cell, digit)
candidates, each cut into 81 lanes of 9 bits.

    view 0, by cell:             lane = cell,              bit in lane = digit
    view 1, by row and digit:    lane = 9 * digit + row,    bit in lane = column
    view 2, by column and digit: lane = 9 * digit + column, bit in lane = row
    view 3, by box and digit:    lane = 9 * digit + box,    bit in lane = place in box

A lane with exactly one bit is a single: in view 0 a naked single, in the others a hidden
single. A lane with no bit is a contradiction (a cell with no candidate, or a digit with no
place in a unit). Word-parallel arithmetic finds every such lane of all four views in a dozen
operations on the one int, so a propagation round costs the same however many singles there
are. Placing a digit clears one precomputed mask (the other digits of the cell and the digit
in the cell's 20 peers, in all four views). Ints are immutable, so branching copies nothing:
each child simply gets a new int. The search branches on a cell with two candidates when there
is one (else on the first unsolved cell) and propagates after each choice.
"""

from __future__ import annotations

from ..board import BOX_OF, BOXES, COL_OF, PEERS, ROW_OF, Grid
from ..search import Budget, OutOfBudget, Search, report

_VIEW = 729
_LANES = 4 * 81
_LSB = sum(1 << (9 * lane) for lane in range(_LANES))
_LOW8 = _LSB * 0xFF
_HIGH = _LSB << 8
_FULL = (1 << (4 * _VIEW)) - 1
_CELL_VIEW = (1 << _VIEW) - 1
_CELL_LSB = _LSB & _CELL_VIEW
_CELL_HIGH = _HIGH & _CELL_VIEW
_PLACE_IN_BOX = tuple(BOXES[BOX_OF[c]].index(c) for c in range(81))


def _positions(cell: int, digit: int) -> tuple[int, int, int, int]:
    """Bit positions of candidate (cell, digit) in the four views; digit counts from 0."""
    row, col, box = ROW_OF[cell], COL_OF[cell], BOX_OF[cell]
    return (
        9 * cell + digit,
        _VIEW + 9 * (9 * digit + row) + col,
        2 * _VIEW + 9 * (9 * digit + col) + row,
        3 * _VIEW + 9 * (9 * digit + box) + _PLACE_IN_BOX[cell],
    )


def _bits(cell: int, digit: int) -> int:
    return sum(1 << pos for pos in _positions(cell, digit))


# Candidates are numbered p = 9 * cell + digit (digit from 0), as in view 0.
_PLACED = tuple(_bits(p // 9, p % 9) for p in range(729))
_KEEP = tuple(
    _FULL
    ^ sum(_bits(p // 9, other) for other in range(9) if other != p % 9)
    ^ sum(_bits(peer, p % 9) for peer in PEERS[p // 9])
    for p in range(729)
)
_CANDIDATE_AT = [0] * (4 * _VIEW)
for _p in range(729):
    for _pos in _positions(_p // 9, _p % 9):
        _CANDIDATE_AT[_pos] = _p


def _lanes_nonzero(x: int) -> int:
    """The top bit of every lane of x that holds any bit."""
    return (((x & _LOW8) + _LOW8) | x) & _HIGH


def _place(x: int, placed: int, p: int) -> tuple[int, int] | None:
    """Place candidate p: new (candidates, placed), or None if p is no longer a candidate."""
    if not x >> p & 1:
        return None
    return x & _KEEP[p], placed | _PLACED[p]


def _propagate(x: int, placed: int, count: int) -> tuple[int, int, int] | None:
    """Place every single until none is left: (candidates, placed, count) or None if stuck."""
    candidate_at = _CANDIDATE_AT
    while True:
        if _lanes_nonzero(x) != _HIGH:
            return None
        lone = _HIGH ^ _lanes_nonzero(x & (x - _LSB))  # lanes that hold exactly one bit
        singles = x & ((lone >> 8) * 0x1FF) & ~placed
        if not singles:
            return x, placed, count
        while singles:
            low = singles & -singles
            singles ^= low
            p = candidate_at[low.bit_length() - 1]
            if placed >> p & 1:
                continue  # the same placement, seen in another view
            if not x >> p & 1:
                return None  # two singles that exclude each other
            x &= _KEEP[p]
            placed |= _PLACED[p]
            count += 1


def _branch_cell(x: int, placed: int) -> int:
    """An unsolved cell to branch on: one with two candidates if any, else the first."""
    cells = x & _CELL_VIEW
    solved = _lanes_nonzero(placed & _CELL_VIEW) >> 8
    rest = (cells & (cells - _CELL_LSB)) | solved  # drop each lane's lowest bit; solved -> 1
    pairs = _CELL_HIGH & ~_lanes_nonzero(rest & (rest - _CELL_LSB)) & ~(solved << 8)
    if pairs:
        return ((pairs & -pairs).bit_length() - 1) // 9
    unsolved = _CELL_HIGH & ~(solved << 8)
    return ((unsolved & -unsolved).bit_length() - 1) // 9


def _start(grid: Grid) -> tuple[int, int, int] | None:
    """The state after placing the givens and propagating, or None if they contradict."""
    x, placed, count = _FULL, 0, 0
    for cell, digit in enumerate(grid):
        if digit:
            state = _place(x, placed, 9 * cell + digit - 1)
            if state is None:
                return None
            x, placed = state
            count += 1
    return _propagate(x, placed, count)


def _grid(placed: int) -> Grid:
    lanes = placed & _CELL_VIEW
    return tuple((lanes >> (9 * c) & 0x1FF).bit_length() for c in range(81))


def search(grid: Grid, limit: int, budget: Budget) -> Search:
    """Find up to `limit` solutions within `budget`."""
    meter = budget.start()
    found: list[Grid] = []

    def branch(x: int, placed: int, count: int) -> None:
        meter.node()
        if count == 81:
            found.append(_grid(placed))
            return
        cell = _branch_cell(x, placed)
        lane = x >> (9 * cell) & 0x1FF
        while lane:
            low = lane & -lane
            lane ^= low
            meter.guesses += 1
            p = 9 * cell + low.bit_length() - 1
            state = _propagate(x & _KEEP[p], placed | _PLACED[p], count + 1)
            if state is None:
                meter.backtracks += 1
                continue
            branch(*state)
            if len(found) >= limit:
                return

    state = _start(grid)
    if state is None:
        return report(found, meter, True)
    try:
        branch(*state)
    except OutOfBudget:
        return report(found, meter, False)
    return report(found, meter, True)
