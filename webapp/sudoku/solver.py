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
from .board import CELLS, Grid, cell_name, conflicts
from .search import UNLIMITED, Budget

WEB_BUDGET = Budget(nodes=200_000, seconds=1.0)  # what the web may spend on one request


class Verdict(StrEnum):
    NO_SOLUTION = "no solution"
    SOLVED = "solved"  # a solution was found; whether it is the only one was not asked
    UNIQUE = "unique"
    MULTIPLE = "multiple solutions"
    GAVE_UP = "gave up"


@dataclass(frozen=True)
class Stats:
    algorithm: str
    nodes: int
    guesses: int
    backtracks: int
    seconds: float


@dataclass(frozen=True)
class Outcome:
    """The verdict on a puzzle, the solutions found (at most the limit asked for), and why."""

    verdict: Verdict
    solutions: tuple[Grid, ...]
    reason: str
    stats: Stats

    @property
    def solution(self) -> Grid | None:
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


def count_solutions(
    grid: Grid, limit: int = 2, *, algorithm: str = DEFAULT, budget: Budget = UNLIMITED
) -> Outcome:
    """Look for up to `limit` solutions (limit >= 1) and say what was found."""
    if limit < 1:
        raise ValueError("limit must be at least 1")
    if message := unknown_algorithm(algorithm):
        raise ValueError(message)
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
    return Outcome(verdict, solutions, reason, stats)


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


def solve(grid: Grid, *, algorithm: str = DEFAULT, budget: Budget = UNLIMITED) -> Outcome:
    """Find one solution (verdict SOLVED), or say there is none or that the budget ran out."""
    return count_solutions(grid, 1, algorithm=algorithm, budget=budget)
