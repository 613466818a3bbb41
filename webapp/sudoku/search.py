"""What every search algorithm shares: the budget it must honour and the report it returns."""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass, field
from typing import Protocol

from .board import Grid

CHECK_CLOCK_EVERY = 256  # nodes between looks at the clock: cheap, and fine-grained enough
NO_LIMIT = sys.maxsize  # a node count no search reaches


class OutOfBudget(Exception):
    """Raised inside a search when its budget is spent; the search catches it and reports."""


@dataclass(frozen=True)
class Budget:
    """Limits for one search: a node count and/or a time span in seconds (None: no limit)."""

    nodes: int | None = None
    seconds: float | None = None

    def __post_init__(self) -> None:
        if self.nodes is not None and self.nodes < 1:
            raise ValueError(f"a node budget must be at least 1, not {self.nodes}")

    def start(self) -> Meter:
        """A fresh meter that counts against this budget from now."""
        deadline = None if self.seconds is None else time.monotonic() + self.seconds
        return Meter(self.nodes if self.nodes is not None else NO_LIMIT, deadline)


UNLIMITED = Budget()


@dataclass
class Meter:
    """Counts the nodes, guesses and backtracks of a running search and enforces its budget."""

    max_nodes: int  # NO_LIMIT when there is none
    deadline: float | None
    nodes: int = 0
    guesses: int = 0
    backtracks: int = 0

    def node(self) -> None:
        """Count one search node; raise OutOfBudget instead when the budget is spent."""
        if self.nodes == self.max_nodes:
            raise OutOfBudget
        self.nodes += 1
        if (
            self.deadline is not None
            and not self.nodes % CHECK_CLOCK_EVERY
            and time.monotonic() > self.deadline
        ):
            raise OutOfBudget


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
