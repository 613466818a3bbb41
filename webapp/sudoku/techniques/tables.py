"""Bitboards: sets of cells as 81-bit ints (bit c for cell c), and tables built on them once.

A bitboard answers "which cells of this unit still hold a 5?" with one `&`, which is what makes
the techniques fast enough in pure Python. Candidates (cell, digit) are numbered
``9 * cell + digit - 1`` wherever a set of candidates is needed as one 729-bit int.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..board import BOX_OF, CELLS, COL_OF, PEERS, ROW_OF, UNITS, UNITS_OF

CELL_BB = tuple(1 << c for c in CELLS)
ALL_CELLS = (1 << 81) - 1
UNIT_BB = tuple(sum(1 << c for c in unit) for unit in UNITS)
ROW_BB = UNIT_BB[:9]
COL_BB = UNIT_BB[9:18]
BOX_BB = UNIT_BB[18:]
PEER_BB = tuple(sum(1 << p for p in PEERS[c]) for c in CELLS)
SEEN_BB = tuple(PEER_BB[c] | CELL_BB[c] for c in CELLS)  # the cell and its peers

# Index of a cell within each of its units (0..8), to build 9-bit position masks.
PLACE_IN_UNIT = tuple({u: UNITS[u].index(c) for u in UNITS_OF[c]} for c in CELLS)

# Units shared by two cells (empty for cells that do not see each other).
_SHARED: dict[tuple[int, int], tuple[int, ...]] = {}


def shared_units(a: int, b: int) -> tuple[int, ...]:
    """The units (0..26) that hold both cells a and b."""
    key = (a, b) if a < b else (b, a)
    found = _SHARED.get(key)
    if found is None:
        found = tuple(u for u in UNITS_OF[a] if u in UNITS_OF[b])
        _SHARED[key] = found
    return found


def sees(a: int, b: int) -> bool:
    """True if two distinct cells share a row, column or box."""
    return bool(PEER_BB[a] >> b & 1)


def cells_of(bb: int) -> list[int]:
    """The cells of a bitboard, lowest first."""
    out = []
    while bb:
        low = bb & -bb
        out.append(low.bit_length() - 1)
        bb ^= low
    return out


def iter_cells(bb: int) -> Iterator[int]:
    """Iterate over the cells of a bitboard, lowest first."""
    while bb:
        low = bb & -bb
        yield low.bit_length() - 1
        bb ^= low


def first_cell(bb: int) -> int:
    """The lowest cell of a non-empty bitboard."""
    return (bb & -bb).bit_length() - 1


def is_single(bb: int) -> bool:
    """True if the bitboard holds exactly one cell."""
    return bb != 0 and not bb & (bb - 1)


def line_of(a: int, b: int) -> int | None:
    """The row (0..8) or column (9..17) through two cells, if they are in one."""
    if ROW_OF[a] == ROW_OF[b]:
        return ROW_OF[a]
    if COL_OF[a] == COL_OF[b]:
        return 9 + COL_OF[a]
    return None


def box_unit(cell: int) -> int:
    """The unit index (18..26) of a cell's box."""
    return 18 + BOX_OF[cell]
