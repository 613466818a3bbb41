"""Solve and count solutions, with a verdict people can act on and a budget that always holds.

`solve` finds one solution; `count_solutions` tells whether there are none, exactly one, or
more (then it returns two and the cells where they differ). Every algorithm stops at once on
clashing givens; "no solution" then names the clash, so it comes with a reason wherever one can
be seen.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from enum import StrEnum

from .algorithms import ALGORITHMS, DEFAULT
from .board import CELLS, Grid, cell_name, check_grid, conflicts
from .search import Budget, check_budget

# The default: enough for any real puzzle by any algorithm but backtrack, and an end to the
# pathological ones (a node of propagate takes tens of microseconds, of backtrack about one).
DEFAULT_BUDGET = Budget(nodes=1_000_000)
# What the web may spend on one solve: node-only, so every worker gives the same verdict, and
# well within a second of CPU for propagate (the hardest known puzzles need a few thousand).
WEB_BUDGET = Budget(nodes=20_000)
MAX_LIMIT = 10_000  # solutions one call may ask for: each is kept in memory


class Verdict(StrEnum):
    """What a search found; its value reads as words (`str(Verdict.GAVE_UP)` is 'gave up')."""

    NO_SOLUTION = "no solution"
    SOLVED = "solved"  # a solution was found; whether it is the only one was not asked
    UNIQUE = "unique"  # exactly one solution
    MULTIPLE = "multiple solutions"  # two or more (count_solutions with a limit of 2 or more)
    GAVE_UP = "gave up"  # the budget ran out before the question was settled


@dataclass(frozen=True)
class Stats:
    """The work a search did: `nodes` as its budget counts them, `guesses` (digits tried where
    two or more were left), `backtracks` (guesses whose branch held no new solution), and the
    time it took."""

    algorithm: str
    nodes: int
    guesses: int
    backtracks: int
    seconds: float


@dataclass(frozen=True)
class Outcome:
    """The verdict on a puzzle, the solutions found (at most the limit asked for), and why;
    `complete` is False when the budget cut the search short (there may be more solutions)."""

    verdict: Verdict
    solutions: tuple[Grid, ...]
    reason: str
    stats: Stats
    complete: bool

    @property
    def solution(self) -> Grid | None:
        """The first solution found, or None (check `verdict` before trusting it as the one)."""
        return self.solutions[0] if self.solutions else None

    @property
    def differing(self) -> tuple[int, ...]:
        """Cells where the first two solutions differ (empty unless there are two)."""
        if len(self.solutions) < 2:
            return ()
        a, b = self.solutions[:2]
        return tuple(c for c in CELLS if a[c] != b[c])


def unknown_algorithm(name: str) -> str | None:
    """An error message if `name` is not an algorithm, else None."""
    if name in ALGORITHMS:
        return None
    return f"unknown algorithm {name!r}; choose one of {', '.join(ALGORITHMS)}"


def check_limit(limit: object) -> int:
    """`limit` if it is a number of solutions to look for (1 to MAX_LIMIT), else TypeError /
    ValueError saying what is wrong."""
    if isinstance(limit, bool) or not isinstance(limit, int):
        raise TypeError(f"limit must be a whole number, not {limit!r}")
    if limit < 1:
        raise ValueError(f"limit must be at least 1, not {limit:,}")
    if limit > MAX_LIMIT:
        raise ValueError(f"limit must be at most {MAX_LIMIT:,}, not {limit:,}")
    return limit


def count_solutions(
    grid: Grid, limit: int = 2, *, algorithm: str = DEFAULT, budget: Budget = DEFAULT_BUDGET
) -> Outcome:
    """Look for up to `limit` solutions (1 <= limit <= MAX_LIMIT) and say what was found.

    TypeError or ValueError, saying what is wrong, for a malformed grid, limit, algorithm or
    budget.
    """
    grid = check_grid(grid)
    limit = check_limit(limit)
    if not isinstance(algorithm, str):
        raise TypeError(f"algorithm must be a name (str), not {algorithm!r}")
    if message := unknown_algorithm(algorithm):
        raise ValueError(message)
    check_budget(budget)
    started = time.perf_counter()
    found = ALGORITHMS[algorithm](grid, limit, budget)
    stats = Stats(
        algorithm, found.nodes, found.guesses, found.backtracks, time.perf_counter() - started
    )
    solutions = tuple(found.solutions)
    verdict, reason = _judge(len(solutions), limit, found.complete)
    if verdict is Verdict.NO_SOLUTION and (clashes := conflicts(grid)):
        reason = "the givens clash: " + clashes[0].describe()
    if verdict is Verdict.MULTIPLE:
        a, b = solutions[:2]
        cells = [cell_name(c) for c in CELLS if a[c] != b[c]]
        reason = f"two solutions differ in {len(cells)} cells ({', '.join(cells[:6])}"
        reason += ", ...)" if len(cells) > 6 else ")"
    return Outcome(verdict, solutions, reason, stats, found.complete)


def _judge(count: int, limit: int, complete: bool) -> tuple[Verdict, str]:
    if count >= 2:
        return Verdict.MULTIPLE, ""
    if count == 1 and limit == 1:
        return Verdict.SOLVED, "found a solution"
    if not complete:
        if count:
            return Verdict.GAVE_UP, (
                "found a solution, but the budget ran out before checking it is the only one"
            )
        return Verdict.GAVE_UP, "the budget ran out before a solution was found"
    if count == 1:
        return Verdict.UNIQUE, "exactly one solution"
    return Verdict.NO_SOLUTION, "every way of filling the grid breaks a rule"


def solve(grid: Grid, *, algorithm: str = DEFAULT, budget: Budget = DEFAULT_BUDGET) -> Outcome:
    """Find one solution (verdict SOLVED), or say there is none or that the budget ran out."""
    return count_solutions(grid, 1, algorithm=algorithm, budget=budget)
