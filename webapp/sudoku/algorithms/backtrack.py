"""Plain backtracking, as in the tutorials: fill the empty cells in reading order.

Three lists of 9-bit masks record the digits used in each row, column and box. The search
takes the next empty cell (cells 0..80 in order), tries each digit the masks still allow,
recurses and undoes. There is no look-ahead, so hard puzzles can take millions of nodes.

Counting: a node is one visit to a cell; a guess is one digit tried there; a backtrack is a
tried digit under which no solution turned up.
"""

from __future__ import annotations

from ..board import ALL, BIT, BOX_OF, COL_OF, DIGITS_OF, ROW_OF, Grid, used_digits
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
    empty = [cell for cell in range(81) if not grid[cell]]
    places = [(cell, ROW_OF[cell], COL_OF[cell], BOX_OF[cell]) for cell in empty]
    depth = len(places)

    def fill(k: int) -> None:
        """Fill empty cells k.. in order; append each solution reached to `found`."""
        meter.node()
        if k == depth:
            found.append(tuple(cells))
            return
        cell, r, c, b = places[k]
        digits = DIGITS_OF[ALL & ~(rows[r] | cols[c] | boxes[b])]
        wide = len(digits) > 1  # a guess: a digit tried where two or more were left
        for digit in digits:
            meter.guesses += wide
            bit = BIT[digit]
            rows[r] |= bit
            cols[c] |= bit
            boxes[b] |= bit
            cells[cell] = digit
            before = len(found)
            fill(k + 1)
            rows[r] ^= bit
            cols[c] ^= bit
            boxes[b] ^= bit
            if len(found) == before:
                meter.backtracks += wide  # a guess whose branch held no new solution
            elif len(found) >= limit:
                return
        cells[cell] = 0

    try:
        fill(0)
    except OutOfBudget:
        return report(found, meter, False)
    return report(found, meter, True)
