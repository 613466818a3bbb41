"""Knuth's Algorithm X with dancing links, on Sudoku as an exact cover problem.

The matrix has 729 rows, one per candidate (cell, digit), and 324 columns, one per
constraint: each cell holds a digit, and each row, column and box holds each digit once.
Every candidate row has four nodes, one in each constraint it meets.

The links live in flat lists indexed by node: L, R (left, right), U, D (up, down), C (the
column header of a node) and S (nodes left in each column). Node 0 is the root, 1..324 are
column headers, and candidate row p (= 9 * cell + digit - 1) owns nodes 325 + 4p .. 328 + 4p.
A template of the full matrix is built once; each search copies the lists (a few thousand
ints), covers the columns of the givens (a given whose column is already covered clashes
with another, so there is no solution), then runs Algorithm X choosing the column with the
fewest nodes.

Counting: a node is one call of the recursive search; a guess is one row tried in the chosen
column; a backtrack is a tried row under which no solution turned up.
"""

from __future__ import annotations

from ..board import BOX_OF, COL_OF, ROW_OF, Grid
from ..search import Budget, OutOfBudget, Search, report

_COLUMNS = 324
_FIRST = _COLUMNS + 1  # index of the first row node


def _constraints(p: int) -> tuple[int, int, int, int]:
    """The four columns (numbered from 0) that candidate p = 9 * cell + digit - 1 meets."""
    cell, d = divmod(p, 9)
    return (
        cell,
        81 + 9 * ROW_OF[cell] + d,
        162 + 9 * COL_OF[cell] + d,
        243 + 9 * BOX_OF[cell] + d,
    )


def _template() -> tuple[list[int], list[int], list[int], list[int], list[int], list[int]]:
    """The links of the full 729 x 324 matrix: L, R, U, D, C, S."""
    size = _FIRST + 4 * 729
    left, right, up, down, col = ([0] * size for _ in range(5))
    for h in range(_FIRST):  # root and headers form one ring; each header is its own column
        left[h], right[h] = (h - 1) % _FIRST, (h + 1) % _FIRST
        up[h] = down[h] = col[h] = h
    for p in range(729):
        base = _FIRST + 4 * p
        for k, constraint in enumerate(_constraints(p)):
            node, header = base + k, constraint + 1
            left[node], right[node] = base + (k - 1) % 4, base + (k + 1) % 4
            col[node] = header
            up[node], down[node] = up[header], header  # append at the bottom of the column
            down[up[header]] = node
            up[header] = node
    size_of = [0] + [9] * _COLUMNS
    return left, right, up, down, col, size_of


_L, _R, _U, _D, _C, _S = _template()


def search(grid: Grid, limit: int, budget: Budget) -> Search:
    """Find up to `limit` solutions within `budget`."""
    meter = budget.start()
    found: list[Grid] = []
    L, R, U, D, C, S = list(_L), list(_R), list(_U), list(_D), list(_C), list(_S)

    def cover(c: int) -> None:
        L[R[c]] = L[c]
        R[L[c]] = R[c]
        i = D[c]
        while i != c:
            j = R[i]
            while j != i:
                U[D[j]] = U[j]
                D[U[j]] = D[j]
                S[C[j]] -= 1
                j = R[j]
            i = D[i]

    def uncover(c: int) -> None:
        i = U[c]
        while i != c:
            j = L[i]
            while j != i:
                S[C[j]] += 1
                U[D[j]] = j
                D[U[j]] = j
                j = L[j]
            i = U[i]
        L[R[c]] = c
        R[L[c]] = c

    cells = list(grid)
    covered = [False] * _FIRST
    for cell, digit in enumerate(grid):
        if digit:
            base = _FIRST + 4 * (9 * cell + digit - 1)
            headers = [C[base + k] for k in range(4)]
            if any(covered[h] for h in headers):
                return report(found, meter, True)  # the givens clash
            for h in headers:
                covered[h] = True
                cover(h)

    chosen: list[int] = []  # the candidate rows picked on the way down

    def solve() -> None:
        """Algorithm X on the current matrix; append each solution reached to `found`."""
        meter.node()
        c = R[0]
        if not c:
            for node in chosen:
                cell, d = divmod((node - _FIRST) >> 2, 9)
                cells[cell] = d + 1
            found.append(tuple(cells))
            return
        fewest = S[c]
        h = R[c]
        while h and fewest > 1:
            if S[h] < fewest:
                c, fewest = h, S[h]
            h = R[h]
        if not fewest:
            return
        cover(c)
        wide = fewest > 1  # a guess: one of two or more rows left for the column
        r = D[c]
        while r != c:
            meter.guesses += wide
            chosen.append(r)
            j = R[r]
            while j != r:
                cover(C[j])
                j = R[j]
            before = len(found)
            solve()
            j = L[r]
            while j != r:
                uncover(C[j])
                j = L[j]
            chosen.pop()
            if len(found) == before:
                meter.backtracks += wide  # a guess whose branch held no new solution
            elif len(found) >= limit:
                break
            r = D[r]
        uncover(c)

    try:
        solve()
    except OutOfBudget:
        return report(found, meter, False)
    return report(found, meter, True)
