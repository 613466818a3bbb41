"""The bit-lane board: all 729 candidates four times over in one int, and propagation on it.

The state is one Python int of 4 x 729 bits: four views of the same 729 (cell, digit)
candidates, each cut into 81 lanes of 9 bits.

    view 0, by cell:             lane = cell,              bit in lane = digit
    view 1, by row and digit:    lane = 9 * digit + row,    bit in lane = column
    view 2, by column and digit: lane = 9 * digit + column, bit in lane = row
    view 3, by box and digit:    lane = 9 * digit + box,    bit in lane = place in box

Digits count from 0 here; a candidate is numbered p = 9 * cell + digit, as in view 0.

A lane with exactly one bit is a single: in view 0 a naked single, in the others a hidden
single. A lane with no bit is a contradiction (a cell with no candidate, or a digit with no
place in a unit). Adding a constant to the low 8 bits of every lane carries into bit 8 exactly
for the lanes that hold something, so about fifteen operations on the one int find every such
lane of all four views, however many there are. Placing a digit clears one precomputed mask
(the other digits of the cell and the digit in the cell's 20 peers, in all four views); a
second int, `free`, remembers which candidates are placed so that their lanes are not taken
for singles again. Locked candidates (pointing and claiming) are found on the same lanes, a
flag per group of three bits. Ints are immutable, so a trial or a branch copies nothing.

The solver (`algorithms.propagate`) searches on this board; the trial techniques
(`techniques.forcing`) follow assumptions on it.
"""

from __future__ import annotations

from collections.abc import Sequence

from .board import BOX_OF, BOXES, CELLS, COL_OF, PEERS, ROW_OF

VIEW = 729
LSB = sum(1 << (9 * lane) for lane in range(4 * 81))  # bit 0 of every lane
LOW8 = LSB * 0xFF
HIGH = LSB << 8  # bit 8 of every lane
FULL = (1 << (4 * VIEW)) - 1
CELL_VIEW = (1 << VIEW) - 1  # view 0
UNIT_VIEWS = FULL ^ CELL_VIEW  # views 1-3
_PLACE_IN_BOX = tuple(BOXES[BOX_OF[c]].index(c) for c in CELLS)

# View 0 around candidate p: the same digit in the cell's 20 peers, and the cell's other digits
# (the candidates p rules out). Chains take them as weak links, the solver to score a branch.
SAME_DIGIT_IN_PEERS = tuple(sum(1 << (9 * q + p % 9) for q in PEERS[p // 9]) for p in range(729))
OTHER_DIGITS_IN_CELL = tuple(
    sum(1 << (p - p % 9 + other) for other in range(9) if other != p % 9) for p in range(729)
)


def positions(cell: int, digit: int) -> tuple[int, int, int, int]:
    """Bit positions of candidate (cell, digit) in the four views; digit counts from 0."""
    row, col, box = ROW_OF[cell], COL_OF[cell], BOX_OF[cell]
    return (
        9 * cell + digit,
        VIEW + 9 * (9 * digit + row) + col,
        2 * VIEW + 9 * (9 * digit + col) + row,
        3 * VIEW + 9 * (9 * digit + box) + _PLACE_IN_BOX[cell],
    )


def _bits(cell: int, digit: int) -> int:
    return sum(1 << pos for pos in positions(cell, digit))


BITS = tuple(_bits(p // 9, p % 9) for p in range(729))  # candidate p in all four views
UNPLACE = tuple(FULL ^ bits for bits in BITS)  # `free` without p
KEEP = tuple(  # placing p: the cell's other digits and p's digit in its peers go
    FULL
    ^ sum(BITS[p - p % 9 + other] for other in range(9) if other != p % 9)
    ^ sum(BITS[9 * peer + p % 9] for peer in PEERS[p // 9])
    for p in range(729)
)
CLEAR = tuple(keep & unplace for keep, unplace in zip(KEEP, UNPLACE, strict=True))
CANDIDATE_AT = [0] * (4 * VIEW)  # bit position -> p
for _p in range(729):
    for _pos in positions(_p // 9, _p % 9):
        CANDIDATE_AT[_pos] = _p

# Locked candidates. In views 1-3 the bits of a lane fall in three groups of three (columns of
# one box for rows, rows of one box for columns, rows of the box for boxes); view 3's lanes also
# group by column (bits 0, 3, 6 ...). A lane whose bits all sit in one group locks its digit
# there: the rest of the box (claiming) or of the row or column (pointing) loses it. Each
# group is flagged by one bit: bits 0, 3, 6 of lanes in views 1-3, and, for view 3's columns,
# bits 0, 1, 2 of the same lane moved down into view 0's place.
GROUP_FLAGS = (LSB * 0o111) & ~CELL_VIEW
COLUMN_FLAGS = (LSB * 0o7) & CELL_VIEW
LOCK_FLAGS = GROUP_FLAGS | COLUMN_FLAGS
LOCKED_KEEP: list[int] = [0] * (4 * VIEW)  # flag -> FULL without what the lock eliminates


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
    return sum(BITS[9 * c + digit] for c in cells)


for _view in (1, 2, 3):
    for _lane in range(81):
        for _group in range(3):
            _flag = _view * VIEW + 9 * _lane + 3 * _group
            LOCKED_KEEP[_flag] = FULL ^ _locked_eliminations(_view, _lane, _group, False)
for _lane in range(81):
    for _group in range(3):
        LOCKED_KEEP[9 * _lane + _group] = FULL ^ _locked_eliminations(3, _lane, _group, True)


def lanes_nonzero(x: int) -> int:
    """The top bit of every lane of x that holds any bit."""
    return (((x & LOW8) + LOW8) | x) & HIGH


def locked(x: int, lone: int) -> int:
    """Flags of the groups that hold all of a lane's bits, for lanes of two or more bits.

    Every lane of x must hold a bit; `lone` flags (top bit) the lanes that hold exactly one.
    """
    groups = (x | x >> 1 | x >> 2) & GROUP_FLAGS
    boxes = x >> (3 * VIEW)
    flags = groups | ((boxes | boxes >> 3 | boxes >> 6) & COLUMN_FLAGS)
    # Every lane holds a flag, as every lane of x holds a bit: no borrow crosses lanes.
    one_group = HIGH ^ lanes_nonzero(flags & (flags - LSB))
    one_group ^= (lone & UNIT_VIEWS) | lone >> (3 * VIEW)  # a lone bit locks nothing new
    return flags & ((one_group >> 8) * 0o117)


# A propagated position on the lanes: (candidates, candidates not yet placed, placements made,
# locked-candidate flags still to try). A plain tuple: the solver makes one per guess.
LaneState = tuple[int, int, int, int]


NO_LIMIT = 1 << 62


def propagate(x: int, free: int, count: int, fresh: int, limit: int = NO_LIMIT) -> LaneState:
    """Apply singles, and the locked candidates flagged in `fresh`, until none is left.

    `count` goes up by one per placement. Pass LOCK_FLAGS as `fresh` to use locked candidates
    (each is applied once, then its flag is dropped), 0 for singles alone. On a contradiction
    the returned candidates are 0. Two singles that exclude each other need no test: placing
    the second empties a lane, which the next round sees. Once `count` passes `limit` (after a
    round of singles) it stops where it is, without a verdict: for callers that care only
    about contradictions reached within `limit` placements.
    """
    candidate_at, keep, unplace, clear = CANDIDATE_AT, KEEP, UNPLACE, CLEAR
    find_locks, locked_keep = locked, LOCKED_KEEP
    low8, high, lsb = LOW8, HIGH, LSB
    while True:
        nonzero = (((x & low8) + low8) | x) & high
        if nonzero != high:
            return 0, free, count, fresh  # a cell without candidates, or a digit without place
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
            if count > limit:
                return x, free, count, fresh
            continue
        locks = find_locks(x, lone) & fresh if fresh else 0
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


def encode(cands: Sequence[int], grid: Sequence[int]) -> tuple[int, int]:
    """(x, free) for a position: its candidates (masks, bit d-1 for digit d) in empty cells,
    and the placed digits as placed candidates."""
    x = free = 0
    for c in CELLS:
        if grid[c]:
            x |= BITS[9 * c + grid[c] - 1]
            continue
        mask = cands[c]
        for d in range(9):
            if mask >> d & 1:
                x |= BITS[9 * c + d]
                free |= BITS[9 * c + d]
    return x, free


def cell_view(x: int) -> int:
    """View 0 alone: bit 9 * cell + digit (from 0) for each candidate, placed ones included."""
    return x & CELL_VIEW
