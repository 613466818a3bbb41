"""The default solver: singles and locked candidates found on whole-board bit lanes, then branching.

The candidate state is one Python int of 4 x 729 bits: four views of the same 729 (cell, digit)
candidates, each cut into 81 lanes of 9 bits.

    view 0, by cell:             lane = cell,              bit in lane = digit
    view 1, by row and digit:    lane = 9 * digit + row,    bit in lane = column
    view 2, by column and digit: lane = 9 * digit + column, bit in lane = row
    view 3, by box and digit:    lane = 9 * digit + box,    bit in lane = place in box

A lane with exactly one bit is a single: in view 0 a naked single, in the others a hidden
single. A lane with no bit is a contradiction (a cell with no candidate, or a digit with no
place in a unit). Word-parallel arithmetic finds every such lane of all four views in about
fifteen operations on the one int, so a propagation round costs the same however many singles
there are. Placing a digit clears one precomputed mask (the other digits of the cell and the
digit in the cell's 20 peers, in all four views); a second int, `free`, remembers which
candidates are placed so that their lanes are not taken for singles again. Locked candidates
(pointing and claiming) are found on the same lanes, a flag per group of three bits. Ints are
immutable, so branching copies nothing: each child simply gets a new int.

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
_CELL_LOW8 = _LOW8 & _CELL_VIEW
_CELL_HIGH = _HIGH & _CELL_VIEW
_UNIT_VIEWS = _FULL ^ _CELL_VIEW  # views 1-3
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
_UNPLACE = tuple(_FULL ^ _bits(p // 9, p % 9) for p in range(729))
_KEEP = tuple(
    _FULL
    ^ sum(_bits(p // 9, other) for other in range(9) if other != p % 9)
    ^ sum(_bits(peer, p % 9) for peer in PEERS[p // 9])
    for p in range(729)
)
_CLEAR = tuple(keep & unplace for keep, unplace in zip(_KEEP, _UNPLACE, strict=True))
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
_LOCK_FLAGS = _GROUP_FLAGS | _COLUMN_FLAGS
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
    """Flags of the groups that hold all of a lane's bits, for lanes of two or more bits.

    Every lane of x must hold a bit; `lone` flags (top bit) the lanes that hold exactly one.
    """
    groups = (x | x >> 1 | x >> 2) & _GROUP_FLAGS
    boxes = x >> (3 * _VIEW)
    flags = groups | ((boxes | boxes >> 3 | boxes >> 6) & _COLUMN_FLAGS)
    # Every lane holds a flag, as every lane of x holds a bit: no borrow crosses lanes.
    one_group = _HIGH ^ _lanes_nonzero(flags & (flags - _LSB))
    one_group ^= (lone & _UNIT_VIEWS) | lone >> (3 * _VIEW)  # a lone bit locks nothing new
    return flags & ((one_group >> 8) * 0o117)


# The search state: candidates, candidates not yet placed, how many cells are placed, and the
# lock flags not yet applied.
State = tuple[int, int, int, int]


def _propagate(x: int, free: int, count: int, fresh: int) -> State | None:
    """Apply singles and locked candidates until none is left, or None if stuck.

    Two singles that exclude each other need no test here: placing the second empties a lane,
    which the next round sees.
    """
    candidate_at, keep, unplace, clear = _CANDIDATE_AT, _KEEP, _UNPLACE, _CLEAR
    locked, locked_keep = _locked, _LOCKED_KEEP
    low8, high, lsb = _LOW8, _HIGH, _LSB
    while True:
        nonzero = (((x & low8) + low8) | x) & high
        if nonzero != high:
            return None  # a lane with no bit: a cell without candidates, or a digit without place
        y = x & (x - lsb)  # each lane without its lowest bit
        lone = nonzero ^ ((((y & low8) + low8) | y) & high)  # lanes that hold exactly one bit
        singles = x & ((lone >> 8) * 0x1FF) & free
        if singles:
            while singles:
                p = candidate_at[singles.bit_length() - 1]
                x &= keep[p]
                free &= unplace[p]
                singles &= clear[p]  # p in the other views, and the singles p rules out
                count += 1
            continue
        locks = locked(x, lone) & fresh
        if not locks:
            return x, free, count, fresh
        fresh ^= locks
        before = x
        while locks:
            top = locks.bit_length() - 1
            locks ^= 1 << top
            x &= locked_keep[top]
        if x == before:
            return x, free, count, fresh


# For a cell with two candidates (key: 9 * cell << 9 | its lane), the view-0 bits of its two
# digits in its 20 peers, twice: in place and moved up by one view, so that one AND with the
# weights below counts a peer in both places when it has two candidates.
_DIGIT_REACH = tuple(sum(1 << (9 * q + p % 9) for q in PEERS[p // 9]) for p in range(729))
_PAIR_REACH: dict[int, int] = {}
for _cell in range(81):
    for _a, _b in combinations(range(9), 2):
        _reach = _DIGIT_REACH[9 * _cell + _a] | _DIGIT_REACH[9 * _cell + _b]
        _PAIR_REACH[9 * _cell << 9 | 1 << _a | 1 << _b] = _reach | _reach << _VIEW


def _reach(top: int, lane: int) -> int:
    """The doubled peer reach of any lane (see _PAIR_REACH); top = 9 * cell."""
    reach = 0
    for digit in range(9):
        if lane >> digit & 1:
            reach |= _DIGIT_REACH[top + digit]
    return reach | reach << _VIEW


def _zero_lanes(x: int) -> int:
    """Bit 0 of every lane of view 0 of x that is empty."""
    return (_CELL_HIGH ^ ((((x & _CELL_LOW8) + _CELL_LOW8) | x) & _CELL_HIGH)) >> 8


def _branch_top(x: int) -> int:
    """9 * the cell to branch on (see the module docstring); x must be fully propagated.

    After propagation every open cell has two or more candidates and every placed cell one, so
    dropping the lowest bit of each lane once, twice and three times tells them apart.
    """
    lsb = _CELL_LSB
    cells = x & _CELL_VIEW
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
    weights = cells & ((two | three) * 0x1FF) | pairs << _VIEW
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
    cells = x & _CELL_VIEW
    digits: tuple[int, ...] = ()
    for shift in range(0, _VIEW, 27):
        digits += _TRIPLES[cells >> shift & 0x7FFFFFF]
    return digits


def _start(grid: Grid) -> State | None:
    """The state after placing the givens and propagating, or None if they contradict.

    Givens that clash need no test: placing the second empties a lane, which propagation sees.
    """
    x, free, count = _FULL, _FULL, 0
    keep, unplace = _KEEP, _UNPLACE
    for cell, digit in enumerate(grid):
        if digit:
            p = 9 * cell + digit - 1
            x &= keep[p]
            free &= unplace[p]
            count += 1
    return _propagate(x, free, count, _LOCK_FLAGS)


def search(grid: Grid, limit: int, budget: Budget) -> Search:
    """Find up to `limit` solutions within `budget`."""
    meter = budget.start()
    found: list[Grid] = []
    keep, unplace = _KEEP, _UNPLACE

    def branch(x: int, free: int, count: int, fresh: int) -> None:
        meter.node()
        if count == 81:
            found.append(_grid(x))
            return
        top = _branch_top(x)
        lane = x >> top & 0x1FF
        while lane:
            low = lane & -lane
            lane ^= low
            meter.guesses += 1
            p = top + low.bit_length() - 1
            state = _propagate(x & keep[p], free & unplace[p], count + 1, fresh)
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
