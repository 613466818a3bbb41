"""The default solver: bit-mask candidates, naked and hidden singles, fewest-candidates branching.

State is a list of 81 candidate masks. Placing a digit removes it from the cell's 20 peers; a
peer left with one candidate is placed in turn (naked single), and a digit with one place left
in a unit is placed there (hidden single). When nothing more follows, the search branches on an
unsolved cell with the fewest candidates, copying the 81 masks for each choice.
"""

from __future__ import annotations

from ..board import ALL, BIT, CELLS, DIGITS_OF, PEERS, POPCOUNT, UNITS, Grid
from ..search import Budget, OutOfBudget, Search, report

_DIGIT = {1 << i: i + 1 for i in range(9)}


def _propagate(cands: list[int], stack: list[int]) -> bool:
    """Apply singles until none is left. False if a cell or a unit runs out of options."""
    peers, units = PEERS, UNITS
    while True:
        while stack:
            cell = stack.pop()
            bit = cands[cell]
            for p in peers[cell]:
                m = cands[p]
                if m & bit:
                    m ^= bit
                    if not m:
                        return False
                    cands[p] = m
                    if not m & (m - 1):
                        stack.append(p)
        for unit in units:
            once = twice = 0
            for c in unit:
                m = cands[c]
                twice |= once & m
                once |= m
            if once != ALL:
                return False
            hidden = once & ~twice
            if hidden:
                for c in unit:
                    m = cands[c]
                    h = m & hidden
                    if h and m != h:
                        if h & (h - 1):
                            return False  # two digits that each need this very cell
                        cands[c] = h
                        stack.append(c)
        if not stack:
            return True


def _start(grid: Grid) -> list[int] | None:
    """Candidate masks after placing the givens, or None if they already contradict."""
    cands = [ALL] * 81
    stack = []
    for c in CELLS:
        if grid[c]:
            cands[c] = BIT[grid[c]]
            stack.append(c)
    for c in stack:  # two equal givens in one unit: each would erase the other
        bit = cands[c]
        if any(cands[p] == bit for p in PEERS[c]):
            return None
    return cands if _propagate(cands, stack) else None


def search(grid: Grid, limit: int, budget: Budget) -> Search:
    """Find up to `limit` solutions within `budget`."""
    meter = budget.start()
    found: list[Grid] = []

    def branch(cands: list[int]) -> None:
        meter.node()
        best, fewest = -1, 10
        for c in CELLS:
            m = cands[c]
            if m & (m - 1):
                n = POPCOUNT[m]
                if n < fewest:
                    best, fewest = c, n
                    if n == 2:
                        break
        if best < 0:
            found.append(tuple(_DIGIT[m] for m in cands))
            return
        for d in DIGITS_OF[cands[best]]:
            meter.guesses += 1
            child = cands[:]
            child[best] = BIT[d]
            if _propagate(child, [best]):
                branch(child)
                if len(found) >= limit:
                    return
            else:
                meter.backtracks += 1

    cands = _start(grid)
    if cands is None:
        return report(found, meter, True)
    try:
        branch(cands)
    except OutOfBudget:
        return report(found, meter, False)
    return report(found, meter, True)
