"""Sudoku as propositional satisfiability, handed to the PicoSAT solver through pycosat.

Variable ``9 * cell + digit`` (cell 0..80, digit 1..9, so 1..729; that is 81 * row +
9 * column + digit) is true when the cell holds the digit. The standard encoding: every cell
holds at least one digit and no two; every row, column and box holds each digit at least
once and no two of its cells hold the same digit (pairwise clauses); a unit clause fixes each
given. Givens that clash make the formula unsatisfiable, so they give no solution.

More solutions are found by asking again with a clause that blocks each solution already
found (pycosat.itersolve does that inside one solver when there is no node limit).
pycosat is optional (the `sat` extra) and imported only when this runs.

Budget: each solver call counts as one search node (guesses and backtracks stay 0: PicoSAT
does its own search and reports none of it). A node limit of N also caps every call at
``N * PROPAGATIONS_PER_NODE`` unit propagations; PicoSAT answers "UNKNOWN" when it hits that
cap, which ends the search as out of budget. A call cannot be interrupted, so a time limit
is checked between calls (a 9x9 call takes milliseconds).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from itertools import combinations
from types import ModuleType

from ..board import UNITS, Grid
from ..search import Budget, OutOfBudget, Search, report

PROPAGATIONS_PER_NODE = 1000
MISSING = "the sat algorithm needs pycosat: pip install 'sudoku-webapp[sat]'"


def var(cell: int, digit: int) -> int:
    """The variable meaning 'cell holds digit' (digit 1..9)."""
    return 9 * cell + digit


def _rules() -> list[list[int]]:
    """The clauses every Sudoku grid must satisfy."""
    clauses = []
    for cell in range(81):
        clauses.append([var(cell, d) for d in range(1, 10)])
        clauses += [[-var(cell, a), -var(cell, b)] for a, b in combinations(range(1, 10), 2)]
    for unit in UNITS:
        for d in range(1, 10):
            clauses.append([var(cell, d) for cell in unit])
            clauses += [[-var(a, d), -var(b, d)] for a, b in combinations(unit, 2)]
    return clauses


RULES = _rules()


def _answers(pycosat: ModuleType, clauses: list[list[int]], prop_limit: int) -> Iterator[list[int]]:
    """Each solver answer in turn, until the formula is unsatisfiable or the limit is hit."""
    if not prop_limit:
        yield from pycosat.itersolve(clauses)  # one solver, kept between answers
        return
    while True:  # itersolve would stop silently on UNKNOWN, so call solve afresh each time
        answer = pycosat.solve(clauses, prop_limit=prop_limit)
        if answer == "UNSAT":
            return
        if answer == "UNKNOWN":
            raise OutOfBudget
        yield answer
        clauses.append([-v for v in answer if v > 0])  # next time, find another


def search(grid: Grid, limit: int, budget: Budget) -> Search:
    """Find up to `limit` solutions within `budget`."""
    try:
        import pycosat
    except ImportError:
        raise RuntimeError(MISSING) from None
    meter = budget.start()
    found: list[Grid] = []
    prop_limit = 0 if budget.nodes is None else budget.nodes * PROPAGATIONS_PER_NODE  # 0: none
    clauses = RULES + [[var(cell, d)] for cell, d in enumerate(grid) if d]
    answers = _answers(pycosat, clauses, prop_limit)
    try:
        while len(found) < limit:
            meter.node()
            if meter.deadline is not None and time.monotonic() > meter.deadline:
                raise OutOfBudget
            answer = next(answers, None)
            if answer is None:
                break
            solution = [0] * 81
            for v in answer:
                if v > 0:
                    cell, d = divmod(v - 1, 9)
                    solution[cell] = d + 1
            found.append(tuple(solution))
    except OutOfBudget:
        return report(found, meter, False)
    return report(found, meter, True)
