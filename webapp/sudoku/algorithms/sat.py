"""Sudoku as propositional satisfiability, handed to MiniSat 2.2 through PySAT (python-sat).

Variable ``9 * cell + digit`` (cell 0..80, digit 1..9, so 1..729; that is 81 * row +
9 * column + digit) is true when the cell holds the digit. The standard encoding: every cell
holds at least one digit and no two; every row, column and box holds each digit at least
once and no two of its cells hold the same digit (pairwise clauses); a unit clause fixes each
given. Givens that clash make the formula unsatisfiable, so they give no solution.

More solutions are found by asking the same solver again with a clause that blocks each
solution already found; what it learnt before is kept. MiniSat is deterministic and reports
its own counts (decisions, conflicts, propagations, restarts), which the solver lab shows.
python-sat (a dependency of the package) is imported only when this runs.

Budget: each solver call counts as one search node (guesses and backtracks stay 0: MiniSat
does its own search inside the call). A node limit of N also caps every call at
``N * PROPAGATIONS_PER_NODE`` unit propagations; a call that hits the cap ends the search as
out of budget. A call cannot be interrupted, so a time limit is checked between calls (a 9x9
call takes milliseconds).
"""

from __future__ import annotations

import importlib
import time
from itertools import combinations
from typing import Any

from ..board import UNITS, Grid
from ..search import Budget, OutOfBudget, Search, report

PROPAGATIONS_PER_NODE = 1000
SOLVER = "minisat22"  # PySAT's name for MiniSat 2.2
MISSING = "the sat algorithm needs python-sat: pip install python-sat"


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


def formula(grid: Grid) -> list[list[int]]:
    """The rules and one unit clause per given."""
    return RULES + [[var(cell, d)] for cell, d in enumerate(grid) if d]


def new_solver(clauses: list[list[int]]) -> Any:
    """A MiniSat solver loaded with `clauses` (close it when done)."""
    try:
        solvers = importlib.import_module("pysat.solvers")
    except ImportError:
        raise RuntimeError(MISSING) from None
    return solvers.Solver(name=SOLVER, bootstrap_with=clauses)


def ask(solver: Any, prop_limit: int) -> Grid | None:
    """One solver call: a solution, or None if there is none (0: no propagation limit).

    Raises OutOfBudget when the call hits the limit. A solution found is blocked at once, so
    the next call looks for another.
    """
    if prop_limit:
        solver.prop_budget(prop_limit)
        answer = solver.solve_limited()
    else:
        answer = solver.solve()
    if answer is None:
        raise OutOfBudget
    if not answer:
        return None
    model = solver.get_model()
    solution = [0] * 81
    for v in model:
        if v > 0:
            cell, d = divmod(v - 1, 9)
            solution[cell] = d + 1
    solver.add_clause([-v for v in model if v > 0])
    return tuple(solution)


def search(grid: Grid, limit: int, budget: Budget) -> Search:
    """Find up to `limit` solutions within `budget`."""
    solver = new_solver(formula(grid))
    meter = budget.start()
    found: list[Grid] = []
    prop_limit = 0 if budget.nodes is None else budget.nodes * PROPAGATIONS_PER_NODE  # 0: none
    try:
        while len(found) < limit:
            meter.node()
            if meter.deadline is not None and time.monotonic() > meter.deadline:
                raise OutOfBudget
            solution = ask(solver, prop_limit)
            if solution is None:
                break
            found.append(solution)
    except OutOfBudget:
        return report(found, meter, False)
    finally:
        solver.delete()
    return report(found, meter, True)
