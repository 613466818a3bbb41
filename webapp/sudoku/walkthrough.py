"""A logical solve laid out for reading, and the technique library's worked examples.

`walkthrough` runs the logical solve (the easiest step each time, as `grade` does) and keeps,
for every step, the position it was found in: the digits placed and the candidates left, so a
page can draw the grid at any step. `worked_example` gives the step a technique's stored
example shows (techniques/examples.py), found again by the engine at that position.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from .board import BIT, CELLS, Grid, candidates, cell_name, check_grid, parse
from .grade import GRADE_BUDGET
from .logic import (
    EASIEST,
    SEARCHES,
    STEP_BUDGET,
    TECHNIQUES,
    LogicalSolve,
    Search,
    next_step,
    solve_logically,
)
from .search import Budget, OutOfBudget, check_budget
from .techniques.catalog import Entry, entry_for, entry_named
from .techniques.colouring import medusa, multi_colouring
from .techniques.examples import EXAMPLES, Example
from .techniques.multiple import digit_forcing
from .techniques.position import Position
from .techniques.step import Step

__all__ = ["Moment", "Walkthrough", "WorkedExample", "walkthrough", "worked_example"]

CELL_NUMBERS = {cell_name(c): c for c in CELLS}  # 'r4c6' -> 32

# Techniques that a search of SEARCHES finds only when nothing rated as low comes first (a
# colouring is often also a chain rated lower), with a search that finds them alone (for
# their worked examples).
ALONE: dict[str, Search] = {
    "Digit forcing chains": digit_forcing,
    "Multi-colouring": lambda s, _: multi_colouring(s),
    "3D Medusa": lambda s, _: medusa(s),
}


@dataclass(frozen=True)
class Moment:
    """A step and the position it was found in (before it is made)."""

    step: Step
    grid: Grid  # the digits placed, 0 for an empty cell
    cands: Grid  # each empty cell's candidates (bit d-1 for digit d), 0 for a filled cell


@dataclass(frozen=True)
class Walkthrough:
    """A puzzle's logical solve, step by step."""

    puzzle: Grid
    moments: tuple[Moment, ...]
    solve: LogicalSolve


def walkthrough(
    puzzle: Sequence[int], *, budget: Budget = GRADE_BUDGET, solution: Grid | None = None
) -> Walkthrough:
    """The logical solve of `puzzle` within `budget` (nodes only: the same on every machine),
    with the position before each step. Meant for a puzzle with exactly one solution (check
    first): like `solve_logically`, it reads digits from a solution when logic runs out."""
    start = check_grid(puzzle, "puzzle")
    check_budget(budget)
    result = solve_logically(start, budget=budget, solution=solution)
    position = Position.from_grid(start)
    moments = []
    for step in result.steps:
        moments.append(Moment(step, position.to_grid(), tuple(position.cands)))
        position.apply(step.placements, step.eliminations)
    return Walkthrough(start, tuple(moments), result)


@dataclass(frozen=True)
class WorkedExample:
    """A technique's worked example: where it comes from, and the step at its position.
    `easiest` is False when the solve takes an easier step there (a technique the solves
    searched never needed first is shown where it applies all the same)."""

    source: Example
    moment: Moment
    easiest: bool


def worked_example(name: str) -> WorkedExample | None:
    """The worked example of the technique `name` (a RATINGS name), or None without one
    (ValueError for a name the catalog does not have).

    The step is the engine's easiest at the stored position when that is the technique;
    else (an example of a technique no solve needed first, or an easier technique that has
    come first since) the technique is looked for directly at that position."""
    entry = entry_named(name)
    example = EXAMPLES.get(name)
    if example is None:
        return None
    grid = parse(example.grid)
    cands = [0 if digit else mask for digit, mask in zip(grid, candidates(grid), strict=True)]
    for text in example.removed.split():
        digit, cell = int(text[0]), CELL_NUMBERS[text[1:]]
        cands[cell] &= ~BIT[digit]
    givens = parse(example.puzzle)  # avoidable rectangles tell found digits from givens
    step = next_step(grid, cands, budget=STEP_BUDGET, puzzle=givens)
    easiest = step is not None and _entry(step) is entry
    if not easiest:
        step = find_technique(grid, cands, entry, puzzle=givens)
    if step is None:
        return None
    return WorkedExample(example, Moment(step, grid, tuple(cands)), easiest)


def find_technique(
    grid: Grid,
    cands: Sequence[int],
    entry: Entry,
    only: Collection[str] | None = None,
    puzzle: Sequence[int] | None = None,
) -> Step | None:
    """The first step of `entry`'s technique that the engine's tables find at the position
    (each technique and search tried in turn, whatever easier steps there are; a search only
    if the technique is rated at least its easiest rating, and a technique of ALONE with its
    own search); `only` limits them to those rows of logic.TECHNIQUES and SEARCHES (as the
    grader's SE_TECHNIQUES); `puzzle` holds the givens (None: every digit of `grid` is
    given)."""
    position = Position.from_grid(grid, cands, puzzle)
    meter = STEP_BUDGET.start()
    if only is None and entry.name in ALONE:
        try:
            return ALONE[entry.name](position, meter)
        except OutOfBudget:
            return None
    for name, technique in TECHNIQUES:
        if only is not None and name not in only:
            continue
        step = technique(position)
        if step is not None and _entry(step) is entry:
            return step
    for name, search in SEARCHES:
        if (only is not None and name not in only) or EASIEST[name] > entry.rating:
            continue
        try:
            step = search(position, meter)
        except OutOfBudget:
            return None
        if step is not None and _entry(step) is entry:
            return step
    return None


def _entry(step: Step) -> Entry | None:
    return entry_for(step.technique, step.rating)
