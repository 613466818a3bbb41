"""The position a technique looks at: the digits placed and the candidates left in empty cells.

Candidates are kept twice, kept in step: by cell (`cands[c]`, a 9-bit mask, 0 for a filled
cell) and by digit (`dbb[d]`, a bitboard of the empty cells that still hold d). `givens` is a
bitboard of the cells the puzzle gave (avoidable rectangles need to tell them from digits
found since); by default every filled cell counts as given, which is always safe.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from operator import itemgetter

from ..board import ALL_CELLS, BIT, CELL_BB, CELLS, DIGITS_OF, PEER_BB, UNITS, Grid, candidates

_UNIT_CANDS = tuple(itemgetter(*unit) for unit in UNITS)


class Position:
    """A mutable position: `grid` (81 ints, 0 empty), `cands` and `dbb` as described above."""

    __slots__ = ("cands", "dbb", "empty", "givens", "grid", "misses")

    def __init__(self, grid: list[int], cands: list[int], givens: int | None = None) -> None:
        self.grid = grid
        self.cands = cands
        dbb = [0] * 10
        empty = 0
        for c in CELLS:
            if not grid[c]:
                empty |= CELL_BB[c]
                bit = CELL_BB[c]
                for d in DIGITS_OF[cands[c]]:
                    dbb[d] |= bit
        self.dbb = dbb
        self.empty = empty
        self.givens = ALL_CELLS & ~empty if givens is None else givens
        self.misses: dict[str, tuple[int, ...]] = {}  # see changed_since_miss

    @classmethod
    def from_grid(
        cls,
        grid: Sequence[int],
        notes: Sequence[int] | None = None,
        puzzle: Sequence[int] | None = None,
    ) -> Position:
        """The position of a grid, with candidates from the placed digits and optional notes.

        Without notes, an empty cell's candidates are the digits none of its peers holds. With
        notes (81 masks, bit d-1 for digit d), an empty cell keeps only the noted digits that
        no peer holds; a cell whose mask is 0 has no notes written, so it gets the full set.
        `puzzle` is the grid of givens, when `grid` holds digits found since (None: all
        given).
        """
        cells = list(grid)
        masks = candidates(cells, notes)
        givens = None if puzzle is None else sum(1 << c for c in CELLS if puzzle[c])
        return cls(cells, [0 if cells[c] else masks[c] for c in CELLS], givens)

    def copy(self) -> Position:
        new = Position.__new__(Position)
        new.grid = self.grid[:]
        new.cands = self.cands[:]
        new.dbb = self.dbb[:]
        new.empty = self.empty
        new.givens = self.givens
        new.misses = {}
        return new

    def place(self, cell: int, digit: int) -> None:
        """Put digit in cell and remove it from the candidates of the cell's peers."""
        bit = CELL_BB[cell]
        for d in DIGITS_OF[self.cands[cell]]:
            self.dbb[d] &= ~bit
        self.grid[cell] = digit
        self.cands[cell] = 0
        self.empty &= ~bit
        mask = BIT[digit]
        hit = self.dbb[digit] & PEER_BB[cell]
        if hit:
            self.dbb[digit] &= ~hit
            while hit:
                low = hit & -hit
                self.cands[low.bit_length() - 1] &= ~mask
                hit ^= low

    def eliminate(self, cell: int, digit: int) -> None:
        """Remove one candidate (nothing happens if it is already gone)."""
        self.cands[cell] &= ~BIT[digit]
        self.dbb[digit] &= ~CELL_BB[cell]

    def apply(
        self, placements: Iterable[tuple[int, int]], eliminations: Iterable[tuple[int, int]]
    ) -> None:
        """Make the eliminations, then the placements, of a step."""
        for cell, digit in eliminations:
            self.eliminate(cell, digit)
        for cell, digit in placements:
            if not self.grid[cell]:
                self.place(cell, digit)

    def note_miss(self, technique: str) -> None:
        """Remember that `technique` found nothing in the position as it is now."""
        self.misses[technique] = tuple(self.cands)

    def changed_since_miss(self, technique: str) -> int | None:
        """The cells (a bitboard) whose candidates changed since `technique` last found nothing
        here, or None if it has not (or if a candidate came back). Candidates only go, so a
        pattern there now and not then has a cell among these: a logical solve asks a pattern
        again after each step, and usually only a few cells have changed."""
        old = self.misses.get(technique)
        if old is None:
            return None
        changed = 0
        for c, (was, now) in enumerate(zip(old, self.cands, strict=True)):
            if was != now:
                if now & ~was:
                    return None
                changed |= CELL_BB[c]
        return changed

    def unit_cands(self, u: int) -> tuple[int, ...]:
        """The candidate masks of unit u's cells, in unit order (0 for a filled cell)."""
        return _UNIT_CANDS[u](self.cands)  # type: ignore[no-any-return]

    @property
    def solved(self) -> bool:
        return not self.empty

    def to_grid(self) -> Grid:
        return tuple(self.grid)
