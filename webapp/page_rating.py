"""Difficulty for the page: the grader's verdict on a puzzle, within a budget, remembered.

Grading a hard puzzle takes tens or hundreds of milliseconds, so each worker remembers the
grades it has worked out (or that the generator handed it) for the puzzles it saw last. This is
a cache of a pure function of the puzzle, not game state: any worker can work it out again.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass

from .sudoku import GRADE_BUDGET, WEB_BUDGET, Grade, Grid, Verdict, count_solutions, grade

REMEMBERED = 2048  # puzzles per worker


@dataclass(frozen=True)
class Rating:
    """What the page says about a puzzle's difficulty (`grade` is None without one solution)."""

    grade: Grade | None

    @property
    def label(self) -> str:
        if self.grade is None:
            return ""
        at_least = "at least " if self.grade.gave_up else ""
        return f"{at_least}{self.grade.level} ({self.grade.rating:.1f})"


_known: OrderedDict[Grid, Rating] = OrderedDict()
_lock = threading.Lock()


def remember(puzzle: Grid, rated: Grade) -> None:
    """Keep a grade worked out elsewhere (the generator's)."""
    _store(puzzle, Rating(rated))


def known(puzzle: Grid) -> Rating | None:
    """The rating if this worker has it already, else None (no work done)."""
    with _lock:
        found = _known.get(puzzle)
        if found is not None:
            _known.move_to_end(puzzle)
        return found


def rate(puzzle: Grid) -> Rating:
    """The rating of `puzzle`, worked out within the budgets if not known yet."""
    found = known(puzzle)
    if found is not None:
        return found
    outcome = count_solutions(puzzle, 2, budget=WEB_BUDGET)
    if outcome.verdict is not Verdict.UNIQUE:
        rating = Rating(None)
    else:
        # Nodes only: past the budget the label says "at least", the same on every worker.
        rating = Rating(grade(puzzle, budget=GRADE_BUDGET, solution=outcome.solution))
    _store(puzzle, rating)
    return rating


def _store(puzzle: Grid, rating: Rating) -> None:
    with _lock:
        _known[puzzle] = rating
        _known.move_to_end(puzzle)
        while len(_known) > REMEMBERED:
            _known.popitem(last=False)
