"""Backtracking on the most constrained cell (minimum remaining values), without propagation.

The same row, column and box masks as `backtrack`, but each node looks at every empty cell
and branches on one with the fewest digits still allowed (the first such in cell order). A
cell with none ends the branch at once; a cell with one is taken without looking further.

Counting: a node is one choice of cell; a guess is one digit tried there; a backtrack is a
tried digit under which no solution turned up.
"""

from __future__ import annotations

from ..board import ALL, BIT, BOX_OF, COL_OF, DIGITS_OF, POPCOUNT, ROW_OF, Grid, used_digits
from ..search import Budget, OutOfBudget, Search, report


def search(grid: Grid, limit: int, budget: Budget) -> Search:
    """Find up to `limit` solutions within `budget`."""
    meter = budget.start()
    found: list[Grid] = []
    used = used_digits(grid)
    if used is None:
        return report(found, meter, True)  # a given repeats a digit in its unit
    rows, cols, boxes = used
    cells = list(grid)
    # The empty cells as (cell, row, column, box); the first `n` are still empty.
    open_ = [(c, ROW_OF[c], COL_OF[c], BOX_OF[c]) for c in range(81) if not grid[c]]

    def fill(n: int) -> None:
        """Fill the first n cells of `open_`; append each solution reached to `found`."""
        meter.node()
        if not n:
            found.append(tuple(cells))
            return
        best, fewest, allowed = 0, 10, 0
        for i in range(n):
            _, r, c, b = open_[i]
            mask = ALL & ~(rows[r] | cols[c] | boxes[b])
            count = POPCOUNT[mask]
            if count < fewest:
                best, fewest, allowed = i, count, mask
                if count <= 1:
                    break
        if not fewest:
            return
        last = n - 1
        open_[best], open_[last] = open_[last], open_[best]
        cell, r, c, b = open_[last]
        wide = fewest > 1  # a guess: a digit tried where two or more were left
        for digit in DIGITS_OF[allowed]:
            meter.guesses += wide
            bit = BIT[digit]
            rows[r] |= bit
            cols[c] |= bit
            boxes[b] |= bit
            cells[cell] = digit
            before = len(found)
            fill(last)
            rows[r] ^= bit
            cols[c] ^= bit
            boxes[b] ^= bit
            if len(found) == before:
                meter.backtracks += wide  # a guess whose branch held no new solution
            elif len(found) >= limit:
                break
        cells[cell] = 0
        open_[best], open_[last] = open_[last], open_[best]

    try:
        fill(len(open_))
    except OutOfBudget:
        return report(found, meter, False)
    return report(found, meter, True)
