"""The human-style logic engine: the easiest next step of a position, and a full logical solve.

A position is a grid (givens and entries, 0 for empty) plus optional player notes: 81
candidate masks (bit d-1 for digit d). Notes are used as the candidate state, intersected with
what the placed digits allow; a cell whose mask is 0 counts as "no notes written" and gets
every digit its peers allow. Steps are therefore computed from the position as submitted,
never from a path worked out in advance (wrong notes can lead to wrong steps: check the
entries and notes against the solution first).

Techniques run easiest first, in roughly Sudoku Explainer's order (see TECHNIQUES); after them
comes the last resort: trials (forcing chains found by propagation, `Step.last_resort`), and,
if nothing else works or time runs out, the digit read from the solution.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .board import Grid
from .solver import solve
from .techniques import chains as chains_mod
from .techniques import (
    fish,
    forcing,
    intersections,
    multiple,
    single_digit,
    singles,
    subsets,
    uniqueness,
    wings,
)
from .techniques.clock import OutOfTime
from .techniques.position import Position
from .techniques.step import Step

__all__ = ["TECHNIQUES", "LogicalSolve", "Position", "Step", "next_step", "solve_logically"]

Technique = Callable[[Position], Step | None]
Timed = Callable[[Position, float | None], Step | None]

# Pattern techniques, easiest first. Each takes a Position and returns a Step or None.
TECHNIQUES: tuple[tuple[str, Technique], ...] = (
    ("Full house", singles.full_house),
    ("Hidden single (box)", singles.hidden_single_box),
    ("Hidden single (row or column)", singles.hidden_single_line),
    ("Direct pointing", intersections.direct_pointing),
    ("Direct claiming", intersections.direct_claiming),
    ("Direct hidden pair", subsets.direct_hidden_pair),
    ("Naked single", singles.naked_single),
    ("Direct hidden triple", subsets.direct_hidden_triple),
    ("Pointing", intersections.pointing),
    ("Claiming", intersections.claiming),
    ("Naked pair", subsets.naked_pair),
    ("X-Wing", fish.x_wing),
    ("Hidden pair", subsets.hidden_pair),
    ("Naked triple", subsets.naked_triple),
    ("Swordfish", fish.swordfish),
    ("Hidden triple", subsets.hidden_triple),
    ("Skyscraper, 2-String Kite, Turbot fish", single_digit.turbot),
    ("XY-Wing", wings.xy_wing),
    ("XYZ-Wing", wings.xyz_wing),
    ("Unique rectangle", uniqueness.unique_rectangle),
    ("Naked quad", subsets.naked_quad),
    ("Jellyfish", fish.jellyfish),
    ("Hidden quad", subsets.hidden_quad),
    ("BUG+1", uniqueness.bug_plus_one),
    ("Simple colouring", single_digit.simple_colouring),
)

# Then the techniques that search (they take a deadline, a time.perf_counter() value).
SEARCHES: tuple[tuple[str, Timed], ...] = (
    ("X-chain, XY-chain, W-Wing, AIC", lambda s, dl: chains_mod.chains(s, dl)),
    ("Nishio forcing chain", lambda s, dl: forcing.nishio(s, dl)),
    ("Cell or unit forcing chains", lambda s, dl: multiple.multiple_forcing(s, dl)),
    ("Dynamic forcing chain", lambda s, dl: forcing.dynamic_forcing(s, False, dl)),
    ("Dynamic forcing chain (+)", lambda s, dl: forcing.dynamic_forcing(s, True, dl)),
    ("Nested forcing chain", lambda s, dl: forcing.nested_forcing(s, dl)),
)


def _pattern_step(s: Position) -> Step | None:
    for _, technique in TECHNIQUES:
        step = technique(s)
        if step is not None:
            return step
    return None


def _search_step(s: Position, deadline: float | None) -> Step | None:
    for _, search in SEARCHES:
        step = search(s, deadline)
        if step is not None:
            return step
    return None


class _Solution:
    """The solution of the starting grid, worked out only if a step needs it."""

    def __init__(self, grid: Sequence[int], known: Grid | None) -> None:
        self.grid = tuple(grid)
        self.known = known
        self.tried = known is not None

    def get(self) -> Grid | None:
        if not self.tried:
            self.tried = True
            self.known = solve(self.grid).solution
        return self.known


def _stuck(s: Position) -> bool:
    """A cheap check for a broken position: an empty cell without candidates."""
    ones = 0
    for bb in s.dbb:
        ones |= bb
    return bool(s.empty & ~ones)


def _find_step(
    s: Position, deadline: float | None, solution: _Solution, searching: bool
) -> Step | None:
    if s.solved or _stuck(s):
        return None
    step = _pattern_step(s)
    if step is not None:
        return step
    if searching:
        try:
            step = _search_step(s, deadline)
        except OutOfTime:
            step = None
        if step is not None:
            return step
    known = solution.get()
    if known is None:
        return None
    return forcing.solution_step(s, known)


def next_step(
    grid: Sequence[int],
    cands: Sequence[int] | None = None,
    *,
    seconds: float | None = 0.08,
    solution: Grid | None = None,
) -> Step | None:
    """The easiest step that applies to the position, or None if it is solved or broken.

    `cands` are the player's notes (see the module docstring). Searches (chains, trials) stop
    after `seconds` (None: no limit); then the step is read from the solution, labelled as a
    last resort. Pass `solution` when it is known, to save solving the grid again. A broken
    position (a clash, a cell or unit with no candidate left) gives None.
    """
    deadline = None if seconds is None else time.perf_counter() + seconds
    s = Position.from_grid(grid, cands)
    if s.contradiction():
        return None
    return _find_step(s, deadline, _Solution(grid, solution), True)


@dataclass(frozen=True)
class LogicalSolve:
    """A logical solve: the steps taken, where it ended, and how."""

    steps: tuple[Step, ...]
    grid: Grid
    solved: bool
    without_last_resort: bool  # True if solved with no trial or solution lookup
    gave_up: bool  # True if the time or step budget ran out (the rest used cheap steps only)
    seconds: float
    broken: str | None = None  # why the starting position cannot be solved, if it cannot


def solve_logically(
    grid: Sequence[int],
    cands: Sequence[int] | None = None,
    *,
    max_steps: int = 1000,
    seconds: float | None = 5.0,
    solution: Grid | None = None,
) -> LogicalSolve:
    """Solve step by step with the easiest technique each time, as a person would.

    When `seconds` run out, the remaining steps use the pattern techniques and the solution
    only (`gave_up` is set). Stops after `max_steps` steps.
    """
    started = time.perf_counter()
    deadline = None if seconds is None else started + seconds
    s = Position.from_grid(grid, cands)
    known = _Solution(grid, solution)
    steps: list[Step] = []
    gave_up = False
    broken = s.contradiction()
    if broken:
        return LogicalSolve((), s.to_grid(), False, False, False, 0.0, broken)
    while len(steps) < max_steps:
        if not gave_up and deadline is not None and time.perf_counter() > deadline:
            gave_up = True
        step = _find_step(s, deadline, known, not gave_up)
        if step is None:
            break
        if step.technique == "Solution lookup" and not gave_up and deadline is not None:
            gave_up = time.perf_counter() > deadline
        steps.append(step)
        s.apply(step.placements, step.eliminations)
    else:
        gave_up = gave_up or not s.solved
    return LogicalSolve(
        steps=tuple(steps),
        grid=s.to_grid(),
        solved=s.solved,
        without_last_resort=s.solved and not any(st.last_resort for st in steps),
        gave_up=gave_up,
        seconds=time.perf_counter() - started,
    )
