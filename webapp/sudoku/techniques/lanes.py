"""Fast propagation for trial steps: singles (and optionally locked candidates) to a fixpoint.

All 729 candidates are held four times in one int, each view cut into 81 lanes of 9 bits:

    view 0: lane = cell,            bit = digit - 1       (a lone bit is a naked single)
    view 1: lane = 9 * (d-1) + row, bit = column          (a lone bit is a hidden single)
    view 2: lane = 9 * (d-1) + col, bit = row
    view 3: lane = 9 * (d-1) + box, bit = place in box

Adding a constant to the low 8 bits of every lane carries into bit 8 exactly for the lanes
that hold something, so one addition tests all 324 lanes for "empty" and, after clearing each
lane's lowest bit, for "exactly one". A placed candidate stays set (its lane keeps one bit);
`free` marks the candidates not placed yet.
"""

from __future__ import annotations

from ..board import BOX_OF, BOXES, CELLS, COL_OF, DIGITS, PEERS, ROW_OF

VIEW = 729
FULL = (1 << (4 * VIEW)) - 1
VIEW0 = (1 << VIEW) - 1
LSB = sum(1 << (9 * lane) for lane in range(4 * 81))
LOW8 = LSB * 0xFF
HIGH = LSB << 8
_PLACE = tuple(BOXES[BOX_OF[c]].index(c) for c in CELLS)


def positions(cell: int, digit: int) -> tuple[int, int, int, int]:
    """Bit positions of candidate (cell, digit) in the four views."""
    d = digit - 1
    return (
        9 * cell + d,
        VIEW + 9 * (9 * d + ROW_OF[cell]) + COL_OF[cell],
        2 * VIEW + 9 * (9 * d + COL_OF[cell]) + ROW_OF[cell],
        3 * VIEW + 9 * (9 * d + BOX_OF[cell]) + _PLACE[cell],
    )


def cand_bits(cell: int, digit: int) -> int:
    """The four bits of one candidate."""
    return sum(1 << q for q in positions(cell, digit))


ALL_BITS = tuple(cand_bits(p // 9, p % 9 + 1) for p in range(729))  # by p = 9 * cell + d - 1
OWNER = [0] * (4 * VIEW)  # bit position -> p
for _p in range(729):
    for _q in positions(_p // 9, _p % 9 + 1):
        OWNER[_q] = _p
PLACE_KEEP = tuple(  # placing p clears the cell's other digits and the digit from the peers
    FULL
    ^ sum(ALL_BITS[9 * (p // 9) + e] for e in range(9) if e != p % 9)
    ^ sum(ALL_BITS[9 * q + p % 9] for q in PEERS[p // 9])
    for p in range(729)
)


def _nonzero(x: int) -> int:
    """Bit 8 of every lane of x that holds any bit."""
    return (((x & LOW8) + LOW8) | x) & HIGH


# Locked candidates: in views 1-3 a lane's bits fall in three groups of three (a row's columns
# by box, a column's rows by box, a box's places by row); view 3 lanes also group by column.
# A lane confined to one group locks the digit there. Each group is flagged at its lowest bit
# (bits 0, 3, 6 of the lane); view 3's column groups are flagged at bits 0, 1, 2 moved into the
# same lane position of view 0 (free there, as view 0 has no groups).
GROUP_FLAGS = (LSB * 0o111) & ~VIEW0
COLUMN_FLAGS = (LSB * 0o7) & VIEW0
LOCK_KEEP: dict[int, int] = {}


def _lock_cells(view: int, lane: int, group: int, by_column: bool) -> tuple[int, list[int]]:
    d, unit = divmod(lane, 9)
    if view == 1:
        box = 3 * (unit // 3) + group
        cells = [c for c in BOXES[box] if ROW_OF[c] != unit]
    elif view == 2:
        box = 3 * group + unit // 3
        cells = [c for c in BOXES[box] if COL_OF[c] != unit]
    elif by_column:
        col = 3 * (unit % 3) + group
        cells = [9 * r + col for r in range(9) if BOX_OF[9 * r + col] != unit]
    else:
        row = 3 * (unit // 3) + group
        cells = [9 * row + c for c in range(9) if BOX_OF[9 * row + c] != unit]
    return d + 1, cells


for _view in (1, 2, 3):
    for _lane in range(81):
        for _group in range(3):
            _digit, _cells = _lock_cells(_view, _lane, _group, False)
            LOCK_KEEP[_view * VIEW + 9 * _lane + 3 * _group] = FULL ^ sum(
                cand_bits(c, _digit) for c in _cells
            )
for _lane in range(81):
    for _group in range(3):
        _digit, _cells = _lock_cells(3, _lane, _group, True)
        LOCK_KEEP[9 * _lane + _group] = FULL ^ sum(cand_bits(c, _digit) for c in _cells)


def encode(cands: list[int], grid: list[int]) -> tuple[int, int]:
    """(x, free) for a position: candidates of empty cells, placed digits as placed bits."""
    x = 0
    free = 0
    for c in CELLS:
        if grid[c]:
            x |= ALL_BITS[9 * c + grid[c] - 1]
        else:
            for d in DIGITS:
                if cands[c] >> (d - 1) & 1:
                    b = ALL_BITS[9 * c + d - 1]
                    x |= b
                    free |= b
    return x, free


def propagate(x: int, free: int, locks: bool = False) -> tuple[int, int, int, int]:
    """Apply singles (and locked candidates if asked) until none is left.

    Returns (x, free, placements made, rounds); x is 0 on a contradiction: a cell without
    candidates, a digit without a place in a unit, or two singles that exclude each other.
    """
    placed = rounds = 0
    while True:
        rounds += 1
        if _nonzero(x) != HIGH:
            return 0, free, placed, rounds
        y = x & (x - LSB)
        lone = HIGH ^ _nonzero(y)
        singles = x & ((lone >> 8) * 0x1FF) & free
        if singles:
            while singles:
                p = OWNER[singles.bit_length() - 1]
                b = ALL_BITS[p]
                if not x & b:
                    return 0, free, placed, rounds
                x &= PLACE_KEEP[p]
                free &= ~b
                singles &= ~b
                placed += 1
            continue
        if not locks:
            return x, free, placed, rounds
        flags = ((x | x >> 1 | x >> 2) & GROUP_FLAGS) | (
            ((x | x >> 3 | x >> 6) >> (3 * VIEW)) & COLUMN_FLAGS
        )
        one = HIGH ^ _nonzero(flags & (flags - LSB))
        one &= ~(lone & ~VIEW0) & ~(lone >> (3 * VIEW))  # solved lanes lock nothing new
        hits = flags & ((one >> 8) * 0o117)
        before = x
        while hits:
            top = hits.bit_length() - 1
            hits ^= 1 << top
            x &= LOCK_KEEP[top]
        if x == before:
            return x, free, placed, rounds


def cell_view(x: int) -> int:
    """View 0 alone: bit 9 * cell + digit - 1 for each candidate (placed ones included)."""
    return x & VIEW0
