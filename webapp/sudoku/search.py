"""The one budget every search honours (solver, logic engine, hints, grading), and the report
a solving algorithm returns.

A budget counts *nodes*: units of work that do not depend on the machine, so that a search
under a node budget gives the same answer on every machine, worker and run. For a solving
algorithm a node is one search node (its module says which); for the logic engine it is one
trial (an assumption followed by propagation), one chain grown by one link, or one forcing
chain closure. A budget may also hold seconds, for a command line that wants a time limit;
what a page shows or caches should use nodes alone.
"""

from __future__ import annotations

import math
import sys
import time
from dataclasses import dataclass, field
from typing import Protocol

from .board import Grid

CHECK_CLOCK_EVERY = 256  # search nodes between looks at the clock: cheap, and fine enough
NO_LIMIT = sys.maxsize  # a node count no search reaches


class OutOfBudget(Exception):
    """Raised inside a search when its budget is spent; the search catches it and reports."""


@dataclass(frozen=True)
class Budget:
    """Limits for one search: a node count and/or a time span in seconds (None: no limit).

    `Budget()` has no limit at all: pass it only where the input is known to be tame.
    """

    nodes: int | None = None
    seconds: float | None = None

    def __post_init__(self) -> None:
        nodes, seconds = self.nodes, self.seconds
        if nodes is not None:
            if isinstance(nodes, bool) or not isinstance(nodes, int):
                raise TypeError(f"a node budget must be a whole number, not {nodes!r}")
            if nodes < 1:
                raise ValueError(f"a node budget must be at least 1, not {nodes}")
        if seconds is not None:
            if isinstance(seconds, bool) or not isinstance(seconds, (int, float)):
                raise TypeError(f"a time budget must be a number of seconds, not {seconds!r}")
            if not math.isfinite(seconds) or seconds < 0:
                raise ValueError(f"a time budget must be 0 seconds or more, not {seconds}")

    @property
    def deterministic(self) -> bool:
        """True when only nodes limit the search: the same answer on every machine."""
        return self.seconds is None

    def start(self) -> Meter:
        """A fresh meter that counts against this budget from now."""
        deadline = None if self.seconds is None else time.monotonic() + self.seconds
        return Meter(self.nodes if self.nodes is not None else NO_LIMIT, deadline)


UNLIMITED = Budget()


def check_budget(budget: object) -> Budget:
    """`budget` if it is a Budget, else TypeError."""
    if not isinstance(budget, Budget):
        raise TypeError(f"budget must be a Budget, not {type(budget).__name__}")
    return budget


@dataclass
class Meter:
    """Counts the work of a running search and enforces its budget.

    Solving algorithms call `node()` per search node and count their guesses (digits tried
    where two or more were left) and backtracks (guesses whose branch held no new solution);
    the logic engine calls `spend(n)` before n units of work. `exhausted` is set once the
    budget has stopped the search.
    """

    max_nodes: int  # NO_LIMIT when there is none
    deadline: float | None
    nodes: int = 0
    guesses: int = 0
    backtracks: int = 0
    exhausted: bool = False

    def node(self) -> None:
        """Count one search node; raise OutOfBudget instead when the budget is spent."""
        if self.nodes == self.max_nodes:
            self.exhausted = True
            raise OutOfBudget
        self.nodes += 1
        if (
            self.deadline is not None
            and not self.nodes % CHECK_CLOCK_EVERY
            and time.monotonic() > self.deadline
        ):
            self.exhausted = True
            raise OutOfBudget

    def spend(self, n: int = 1) -> None:
        """Count n units of work about to be done; raise OutOfBudget instead if they do not
        fit in the budget (or its time is up)."""
        if self.nodes + n > self.max_nodes or (
            self.deadline is not None and time.monotonic() > self.deadline
        ):
            self.exhausted = True
            raise OutOfBudget
        self.nodes += n


@dataclass
class Search:
    """What an algorithm found: up to `limit` solutions, and whether it searched everywhere."""

    solutions: list[Grid] = field(default_factory=list)
    complete: bool = True  # False when the budget ran out before the search space did
    nodes: int = 0
    guesses: int = 0
    backtracks: int = 0


class Algorithm(Protocol):
    """A solving algorithm: find up to `limit` solutions of `grid` within `budget`."""

    def __call__(self, grid: Grid, limit: int, budget: Budget) -> Search: ...


def report(found: list[Grid], meter: Meter, complete: bool) -> Search:
    """Package a finished (or abandoned) search."""
    return Search(found, complete, meter.nodes, meter.guesses, meter.backtracks)
