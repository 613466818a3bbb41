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
_ONE = tuple(1 << p for p in range(729))
_UNPLACE = tuple(_FULL ^ _bits(p // 9, p % 9) for p in range(729))
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

# Locked candidates. In views 1-3 the bits of a lane fall in three groups of three (columns of
# one box for rows, rows of one box for columns, rows of the box for boxes); view 3's lanes also
# group by column (bits 0, 3, 6 ...). A lane whose bits all sit in one group locks its digit
# there: the rest of the box (claiming) or of the row or column (pointing) loses it. Each
# group is flagged by one bit: bits 0, 3, 6 of lanes in views 1-3, and, for view 3's columns,
# bits 0, 1, 2 of the same lane moved down into view 0's place.
_GROUP_FLAGS = (_LSB * 0o111) & ~_CELL_VIEW
_COLUMN_FLAGS = (_LSB * 0o7) & _CELL_VIEW
_LOCKED_KEEP: list[int] = [0] * (4 * _VIEW)


def _locked_eliminations(view: int, lane: int, group: int, by_column: bool) -> int:
    """Bits, in all views, of the candidates a digit locked in one group takes from a unit."""
    digit, unit = divmod(lane, 9)
    if view == 1:  # row `unit`, box column group: the box loses it outside this row
        box = 3 * (unit // 3) + group
        cells = [c for c in BOXES[box] if ROW_OF[c] != unit]
    elif view == 2:  # column `unit`, box row group: the box loses it outside this column
        box = 3 * group + unit // 3
        cells = [c for c in BOXES[box] if COL_OF[c] != unit]
    elif by_column:  # box `unit`, one column: the column loses it outside the box
        col = 3 * (unit % 3) + group
        cells = [9 * r + col for r in range(9) if BOX_OF[9 * r + col] != unit]
    else:  # box `unit`, one row: the row loses it outside the box
        row = 3 * (unit // 3) + group
        cells = [9 * row + c for c in range(9) if BOX_OF[9 * row + c] != unit]
    return sum(_bits(c, digit) for c in cells)


for _view in (1, 2, 3):
    for _lane in range(81):
        for _group in range(3):
            _flag = _view * _VIEW + 9 * _lane + 3 * _group
            _LOCKED_KEEP[_flag] = _FULL ^ _locked_eliminations(_view, _lane, _group, False)
for _lane in range(81):
    for _group in range(3):
        _LOCKED_KEEP[9 * _lane + _group] = _FULL ^ _locked_eliminations(3, _lane, _group, True)


def _lanes_nonzero(x: int) -> int:
    """The top bit of every lane of x that holds any bit."""
    return (((x & _LOW8) + _LOW8) | x) & _HIGH


def _locked(x: int, lone: int) -> int:
    """Flags of the groups that hold all of a lane's bits, for lanes of two or more bits."""
    groups = (x | x >> 1 | x >> 2) & _GROUP_FLAGS
    columns = (x | x >> 3 | x >> 6) >> (3 * _VIEW) & _COLUMN_FLAGS
    flags = groups | columns  # every lane holds a flag, as every lane of x holds a bit
    one_group = _HIGH ^ _lanes_nonzero(flags & (flags - _LSB))
    one_group &= ~((lone & ~_CELL_VIEW) | lone >> (3 * _VIEW))
    return flags & ((one_group >> 8) * 0o117)


State = tuple[int, int, int, int]  # candidates, not yet placed, how many placed, locks applied


def _propagate(x: int, free: int, count: int, done: int) -> State | None:
    """Apply singles and locked candidates until none is left, or None if stuck."""
    candidate_at, keep, unplace, one = _CANDIDATE_AT, _KEEP, _UNPLACE, _ONE
    low8, high, lsb = _LOW8, _HIGH, _LSB
    while True:
        if (((x & low8) + low8) | x) & high != high:
            return None  # a lane with no bit: a cell without candidates, or a digit without place
        y = x & (x - lsb)  # each lane without its lowest bit
        lone = high ^ ((((y & low8) + low8) | y) & high)  # lanes that hold exactly one bit
        singles = x & ((lone >> 8) * 0x1FF) & free
        if singles:
            while singles:
                p = candidate_at[singles.bit_length() - 1]
                if not x & one[p]:
                    return None  # two singles that exclude each other
                x &= keep[p]
                free &= unplace[p]
                singles &= unplace[p]  # the same placement, seen in the other views
                count += 1
            continue
        locks = _locked(x, lone) & ~done
        if not locks:
            return x, free, count, done
        done |= locks
        before = x
        while locks:
            top = locks.bit_length() - 1
            locks ^= 1 << top
            x &= _LOCKED_KEEP[top]
        if x == before:
            return x, free, count, done


def _branch_cell(x: int, free: int) -> int:
    """An unsolved cell to branch on: one with two candidates if any, else the first."""
    cells = x & _CELL_VIEW
    solved = _lanes_nonzero(_CELL_VIEW & ~free) >> 8
    rest = (cells & (cells - _CELL_LSB)) | solved  # drop each lane's lowest bit; solved -> 1
    pairs = _CELL_HIGH & ~_lanes_nonzero(rest & (rest - _CELL_LSB)) & ~(solved << 8)
    if pairs:
        return (pairs.bit_length() - 1) // 9
    unsolved = _CELL_HIGH & ~(solved << 8)
    return (unsolved.bit_length() - 1) // 9


def _start(grid: Grid) -> State | None:
    """The state after placing the givens and propagating, or None if they contradict."""
    x, free, count = _FULL, _FULL, 0
    for cell, digit in enumerate(grid):
        if digit:
            p = 9 * cell + digit - 1
            if not x & _ONE[p]:
                return None
            x &= _KEEP[p]
            free &= _UNPLACE[p]
            count += 1
    return _propagate(x, free, count, 0)


def _grid(free: int) -> Grid:
    lanes = ~free & _CELL_VIEW
    return tuple((lanes >> (9 * c) & 0x1FF).bit_length() for c in range(81))


def search(grid: Grid, limit: int, budget: Budget) -> Search:
    """Find up to `limit` solutions within `budget`."""
    meter = budget.start()
    found: list[Grid] = []

    def branch(x: int, free: int, count: int, done: int) -> None:
        meter.node()
        if count == 81:
            found.append(_grid(free))
            return
        cell = _branch_cell(x, free)
        lane = x >> (9 * cell) & 0x1FF
        while lane:
            low = lane & -lane
            lane ^= low
            meter.guesses += 1
            p = 9 * cell + low.bit_length() - 1
            state = _propagate(x & _KEEP[p], free & _UNPLACE[p], count + 1, done)
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
