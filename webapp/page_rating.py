"""Difficulty for the page: the grader's verdict on a puzzle, within a node budget, remembered.

Grading a hard puzzle takes up to a second of CPU, so it runs in the engine processes
(enginepool), and each worker remembers the grades it has worked out (or that the generator
handed it) for the puzzles it saw last. A page never waits long for one: `rate_soon` gives the
rating if it comes within a moment, else None, and the page loads it later from its own URL
(/difficulty/<puzzle>) while the engine finishes and remembers it. Only answers that are the
same on every worker and run are remembered: the budgets count nodes, never seconds. This is a
cache of a pure function of the puzzle, not game state: any worker can work it out again.
"""

from __future__ import annotations

from concurrent.futures import Future
from concurrent.futures import TimeoutError as NotYet
from dataclasses import dataclass, replace

from .enginepool import Busy, EnginePool
from .remembered import Remembered
from .sudoku import (
    GRADE_BUDGET,
    WEB_BUDGET,
    Generated,
    Grade,
    Grid,
    Verdict,
    count_solutions,
    generate,
    grade,
)

REMEMBERED = 2048  # puzzles per worker
# Remembered answers must not depend on the machine or the moment: node budgets only.
assert GRADE_BUDGET.deterministic and WEB_BUDGET.deterministic


NOT_ONE = {  # what the page says instead of a rating when the puzzle is not a proper one
    Verdict.NO_SOLUTION: "This puzzle has no solution: no way of filling it keeps every rule, "
    "so hints and Check can't help.",
    Verdict.MULTIPLE: "This puzzle has more than one solution, so no digit can be deduced "
    "for sure: hints and Check need exactly one.",
}


@dataclass(frozen=True)
class Rating:
    """What the page says about a puzzle's difficulty: its grade, or (`grade` None) why it has
    none (`problem`: no solution, more than one; '' when the solver could not tell in time)."""

    grade: Grade | None
    problem: str = ""


_known: Remembered[Grid, Rating] = Remembered(REMEMBERED)  # by the digits renamed in order


def renamed(grid: Grid) -> Grid:
    """`grid` with its digits renamed 1, 2, 3 ... in the order they first appear, row by row:
    one grid for all the copies of a puzzle that differ only by the names of the digits
    (9! of them). The page's rating is worked out on it, so that every such copy shows the
    same rating and costs no new grading."""
    return _renaming(grid)[0]


def _renaming(grid: Grid) -> tuple[Grid, tuple[int, ...]]:
    """The grid renamed, and the names given (names[d] is digit d's new name; digits the grid
    lacks get the names left, in order, so that a solution can be renamed too)."""
    names = [0] * 10
    top = 0
    for d in (*grid, *range(1, 10)):
        if d and not names[d]:
            top += 1
            names[d] = top
    return tuple(names[d] for d in grid), tuple(names)


def _renamed_with(puzzle: Grid, solution: Grid) -> tuple[Grid, Grid]:
    """The puzzle renamed, and its solution with the same names."""
    grid, names = _renaming(puzzle)
    return grid, tuple(names[d] for d in solution)


def remember(puzzle: Grid, rated: Grade) -> None:
    """Keep a grade worked out elsewhere: it must be `work_out`'s (see `generated`)."""
    _known.put(renamed(puzzle), Rating(rated))


def generated(level: str, seed: int, max_attempts: int | None = None) -> Generated:
    """`generate(level, seed, max_attempts=...)` with the grade the page shows (GRADE_BUDGET)
    in place of the generator's (a larger budget, which could differ for the rare puzzles
    past GRADE_BUDGET): what this worker remembers is what any other would work out."""
    made = (
        generate(level, seed)
        if max_attempts is None
        else generate(level, seed, max_attempts=max_attempts)
    )
    puzzle, solution = _renamed_with(made.puzzle, made.solution)
    return replace(made, grade=grade(puzzle, budget=GRADE_BUDGET, solution=solution))


def known(puzzle: Grid) -> Rating | None:
    """The rating if this worker has it already, else None (no work done)."""
    return _known.get(renamed(puzzle))[1]


def work_out(puzzle: Grid) -> Rating:
    """The rating of `puzzle` within the node budgets, worked out on its digits renamed (the
    engine's part: no cache here)."""
    puzzle = renamed(puzzle)
    outcome = count_solutions(puzzle, 2, budget=WEB_BUDGET)
    if outcome.verdict is not Verdict.UNIQUE:
        return Rating(None, NOT_ONE.get(outcome.verdict, ""))
    # Nodes only: past the budget the label says "at least", the same on every worker.
    return Rating(grade(puzzle, budget=GRADE_BUDGET, solution=outcome.solution))


def rate(puzzle: Grid, engine: EnginePool) -> Rating:
    """The rating of `puzzle`, worked out by the engine (and remembered) if not known yet."""
    found = known(puzzle)
    return found if found is not None else _ask(puzzle, engine).result()


def rate_soon(puzzle: Grid, engine: EnginePool, wait: float) -> Rating | None:
    """The rating if known or worked out within `wait` seconds, else None; the engine goes on
    and remembers it. None at once when the engine is half busy or more. (Without engine
    processes the work is done here, however long.)"""
    found = known(puzzle)
    if found is not None:
        return found
    if engine.waiting * 2 >= engine.queue:  # keep room for ratings someone asked for
        return None
    try:
        return _ask(puzzle, engine).result(timeout=wait)
    except (NotYet, Busy):
        return None


def _ask(puzzle: Grid, engine: EnginePool) -> Future[Rating]:
    future = engine.submit(work_out, puzzle)
    future.add_done_callback(lambda done: _keep(puzzle, done))
    return future


def _keep(puzzle: Grid, done: Future[Rating]) -> None:
    if not done.cancelled() and done.exception() is None:
        _known.put(renamed(puzzle), done.result())
