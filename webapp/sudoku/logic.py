"""The human-style logic engine: the easiest next step of a position, and a full logical solve.

A position is a grid (givens and entries, 0 for empty) plus optional player notes: 81
candidate masks (bit d-1 for digit d). Notes are used as the candidate state, intersected with
what the placed digits allow; a cell whose mask is 0 counts as "no notes written" and gets
every digit its peers allow. Steps are therefore computed from the position as submitted,
never from a path worked out in advance (wrong notes can lead to wrong steps: check the
entries and notes against the solution first).

Techniques run easiest first, in roughly Sudoku Explainer's order (see TECHNIQUES); after them
comes the last resort: trials (forcing chains found by propagation, `Step.last_resort`), and,
if nothing else works or the budget runs out, the digit read from the solution.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

from .board import Grid, check_grid, check_masks
from .search import Budget, Meter, OutOfBudget, check_budget
from .solver import solve
from .techniques import chains as chains_mod
from .techniques import (
    exclusion,
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
from .techniques.contradiction import contradiction
from .techniques.position import Position
from .techniques.step import Step

__all__ = ["TECHNIQUES", "LogicalSolve", "Position", "Step", "next_step", "solve_logically"]

Technique = Callable[[Position], Step | None]
Search = Callable[[Position, Meter], Step | None]

# Default budgets, in nodes (see search.py), so the answer is the same anywhere. A step: the
# hardest positions found need under 7,000 (about 30 ms here). A whole solve: the hardest
# puzzles found need about 100,000; this leaves ten times that (a few seconds at most).
STEP_BUDGET = Budget(nodes=20_000)
SOLVE_BUDGET = Budget(nodes=1_000_000)

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
    ("Empty rectangle", single_digit.empty_rectangle),
    ("XY-Wing", wings.xy_wing),
    ("XYZ-Wing", wings.xyz_wing),
    ("W-Wing", wings.w_wing),
    ("Unique rectangle", uniqueness.unique_rectangle),
    ("Unique rectangle type 6", uniqueness.unique_rectangle_type_6),
    ("Hidden rectangle", uniqueness.hidden_rectangle),
    ("Avoidable rectangle", uniqueness.avoidable_rectangle),
    ("Naked quad", subsets.naked_quad),
    ("Jellyfish", fish.jellyfish),
    ("Hidden quad", subsets.hidden_quad),
    ("WXYZ-Wing", wings.wxyz_wing),
    ("BUG", uniqueness.bug),
    ("VWXYZ-Wing", wings.vwxyz_wing),
    ("Aligned pair exclusion", exclusion.aligned_pair_exclusion),
    ("Simple colouring", single_digit.simple_colouring),
)

# Then the techniques that search, easiest first; they spend nodes from the meter they get.
SEARCHES: tuple[tuple[str, Search], ...] = (
    ("X-chain, XY-chain, AIC", chains_mod.chains),
    ("Nishio forcing chain", forcing.nishio),
    ("Cell or unit forcing chains", multiple.multiple_forcing),
    ("Dynamic forcing chain", lambda s, meter: forcing.dynamic_forcing(s, False, meter)),
    ("Dynamic forcing chain (+)", lambda s, meter: forcing.dynamic_forcing(s, True, meter)),
    ("Nested forcing chain", forcing.nested_forcing),
)


def _pattern_step(s: Position, only: Collection[str] | None) -> Step | None:
    for name, technique in TECHNIQUES:
        if only is None or name in only:
            step = technique(s)
            if step is not None:
                return step
    return None


def _search_step(s: Position, meter: Meter, only: Collection[str] | None) -> Step | None:
    for name, search in SEARCHES:
        if only is None or name in only:
            step = search(s, meter)
            if step is not None:
                return step
    return None


class _Solution:
    """The solution of the starting grid, worked out only if a step needs it."""

    def __init__(self, grid: Grid, known: Grid | None, budget: Budget) -> None:
        self.grid = grid
        self.known = known
        self.tried = known is not None
        self.budget = budget

    def get(self) -> Grid | None:
        if not self.tried:
            self.tried = True
            self.known = solve(self.grid, budget=self.budget).solution
        return self.known


def _stuck(s: Position) -> bool:
    """A cheap check for a broken position: an empty cell without candidates."""
    ones = 0
    for bb in s.dbb:
        ones |= bb
    return bool(s.empty & ~ones)


def _find_step(
    s: Position, meter: Meter, solution: _Solution, only: Collection[str] | None = None
) -> Step | None:
    """The easiest step: a pattern, else (while the meter has nodes left) a search, else the
    solution's digit. `only` names the rows of TECHNIQUES and SEARCHES to use (None: all)."""
    if s.solved or _stuck(s):
        return None
    step = _pattern_step(s, only)
    if step is not None:
        return step
    if not meter.exhausted:
        try:
            step = _search_step(s, meter, only)
        except OutOfBudget:
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
    budget: Budget = STEP_BUDGET,
    solution: Grid | None = None,
    puzzle: Sequence[int] | None = None,
) -> Step | None:
    """The easiest step that applies to the position, or None if it is solved or broken.

    `cands` are the player's notes (see the module docstring). Searches (chains, trials)
    spend `budget`; once it is spent, the step is read from the solution, labelled as a last
    resort (with a node-only budget, the same step on every machine). Pass `solution` when it
    is known, to save solving the grid again. Pass the `puzzle` (its givens) when `grid` holds
    the player's entries too: avoidable rectangles need to tell them apart (without it, every
    digit counts as given). A broken position (a clash, a cell or unit with no candidate left)
    gives None.
    """
    start, known = _checked(grid, cands, budget, solution)
    givens = None if puzzle is None else check_grid(puzzle, "puzzle")
    s = Position.from_grid(start, cands, givens)
    if contradiction(s):
        return None
    return _find_step(s, budget.start(), _Solution(start, known, budget))


def _checked(
    grid: object, cands: object, budget: object, solution: object
) -> tuple[Grid, Grid | None]:
    """The arguments of next_step and solve_logically, checked: (grid, solution)."""
    start = check_grid(grid)
    if cands is not None:
        check_masks(cands, "cands")
    check_budget(budget)
    return start, None if solution is None else check_grid(solution, "solution")


@dataclass(frozen=True)
class LogicalSolve:
    """A logical solve: the steps taken, where it ended, and how."""

    steps: tuple[Step, ...]
    grid: Grid
    solved: bool
    without_last_resort: bool  # True if solved with no trial or solution lookup
    gave_up: bool  # True if the budget or max_steps ran out (the rest used cheap steps only)
    seconds: float
    broken: str | None = None  # why the starting position cannot be solved, if it cannot
    nodes: int = 0  # the work the searches did, in budget nodes


def solve_logically(
    grid: Sequence[int],
    cands: Sequence[int] | None = None,
    *,
    max_steps: int = 1000,
    budget: Budget = SOLVE_BUDGET,
    solution: Grid | None = None,
    only: Collection[str] | None = None,
) -> LogicalSolve:
    """Solve step by step with the easiest technique each time, as a person would.

    The searches of all the steps spend one `budget`; once it is spent, the remaining steps
    use the pattern techniques and the solution only (`gave_up` is set). Stops after
    `max_steps` steps. `only` limits the techniques to those rows of TECHNIQUES and SEARCHES
    (the grader uses Sudoku Explainer's set: see grade.py).
    """
    started = time.perf_counter()
    start, known = _checked(grid, cands, budget, solution)
    if isinstance(max_steps, bool) or not isinstance(max_steps, int):
        raise TypeError(f"max_steps must be a whole number, not {max_steps!r}")
    if max_steps < 1:
        raise ValueError(f"max_steps must be at least 1, not {max_steps}")
    s = Position.from_grid(start, cands)
    meter = budget.start()
    lookup = _Solution(start, known, budget)
    steps: list[Step] = []
    broken = contradiction(s)
    if broken:
        return LogicalSolve((), s.to_grid(), False, False, False, 0.0, broken.text)
    while len(steps) < max_steps:
        step = _find_step(s, meter, lookup, only)
        if step is None:
            break
        steps.append(step)
        s.apply(step.placements, step.eliminations)
    gave_up = meter.exhausted or (len(steps) == max_steps and not s.solved)
    return LogicalSolve(
        steps=tuple(steps),
        grid=s.to_grid(),
        solved=s.solved,
        without_last_resort=s.solved and not any(st.last_resort for st in steps),
        gave_up=gave_up,
        seconds=time.perf_counter() - started,
        nodes=meter.nodes,
    )
