"""What the classic backtracking algorithms share: the digits each unit already holds."""

from __future__ import annotations

from ..board import BIT, BOX_OF, COL_OF, ROW_OF, Grid

Masks = tuple[list[int], list[int], list[int]]  # digits used per row, column and box


def used_digits(grid: Grid) -> Masks | None:
    """The digits each row, column and box holds, as 9-bit masks; None if a given repeats."""
    rows, cols, boxes = [0] * 9, [0] * 9, [0] * 9
    for cell, digit in enumerate(grid):
        if digit:
            r, c, b, bit = ROW_OF[cell], COL_OF[cell], BOX_OF[cell], BIT[digit]
            if (rows[r] | cols[c] | boxes[b]) & bit:
                return None
            rows[r] |= bit
            cols[c] |= bit
            boxes[b] |= bit
    return rows, cols, boxes
