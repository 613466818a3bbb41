"""The human-style logic engine: the easiest next step of a position, and a full logical solve.

A position is a grid (givens and entries, 0 for empty) plus optional player notes: 81
candidate masks (bit d-1 for digit d). Notes are used as the candidate state, intersected with
what the placed digits allow; a cell whose mask is 0 counts as "no notes written" and gets
every digit its peers allow. Steps are therefore computed from the position as submitted,
never from a path worked out in advance (wrong notes can lead to wrong steps: check the
entries and notes against the solution first).

Techniques run easiest first, in roughly Sudoku Explainer's order (see TECHNIQUES; for hints, a
step rated above a later technique's easiest rating waits for it); after them comes the last
resort: trials (forcing chains found by propagation, `Step.last_resort`), and, if nothing
else works or the budget runs out, the digit read from the solution.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

from .board import Grid, check_grid, check_masks
from .ratings import rating
from .search import Budget, Meter, OutOfBudget, check_budget
from .solver import solve
from .techniques import (
    als,
    exclusion,
    fish,
    fish_finned,
    forcing,
    intersections,
    multiple,
    single_digit,
    singles,
    subsets,
    sue_de_coq,
    uniqueness,
    wings,
)
from .techniques import chains as chains_mod
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

# Rows only the grader uses (it names them in `only`): the chains and static forcing chains
# Sudoku Explainer has, which the fuller searches that hints use find with more besides.
SE_CHAINS = "X-chain, XY-chain, AIC"
SE_FORCING = "Cell or unit forcing chains"
GRADING_ONLY = (SE_CHAINS, SE_FORCING)

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
    ("Empty rectangle", single_digit.empty_rectangle),
    ("Finned or sashimi X-Wing", fish_finned.finned_x_wing),
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
    ("Finned or sashimi Swordfish", fish_finned.finned_swordfish),
    ("Finned or sashimi Jellyfish", fish_finned.finned_jellyfish),
    ("VWXYZ-Wing", wings.vwxyz_wing),
    ("Aligned pair exclusion", exclusion.aligned_pair_exclusion),
    ("Sue de Coq", sue_de_coq.sue_de_coq),
    ("Simple colouring", single_digit.simple_colouring),
)

# Then the techniques that search, easiest first; they spend nodes from the meter they get.
SEARCHES: tuple[tuple[str, Search], ...] = (
    (SE_CHAINS, chains_mod.plain_chains),  # for grading only (see GRADING_ONLY)
    ("Chains: X, XY, grouped, AIC, ALS; multi-colouring, 3D Medusa", chains_mod.chains),
    ("Death blossom", als.death_blossom),
    (SE_FORCING, multiple.cell_or_unit_forcing),  # for grading only
    ("Cell, unit or digit forcing chains", multiple.multiple_forcing),
    ("Nishio forcing chain", forcing.nishio),
    ("Dynamic forcing chain", forcing.dynamic),
    ("Dynamic forcing chain (+)", forcing.dynamic_plus),
    ("Nested forcing chain", forcing.nested_forcing),
)

ROW_NAMES = frozenset(name for name, _ in TECHNIQUES + SEARCHES)


def _pattern_step(s: Position, only: Collection[str] | None) -> Step | None:
    """The first step of the rows of TECHNIQUES (those `only` names) in their order. Hints (no
    `only`) take the lowest-rated: a step rated above a later row's easiest rating (a 6.4
    VWXYZ-Wing, Sue de Coq's 6.3) is held while those rows are tried. The grader takes the
    first, as Sudoku Explainer does."""
    held: Step | None = None
    for name, technique in TECHNIQUES:
        if only is not None and name not in only:
            continue
        if held is not None and EASIEST[name] >= held.rating:
            continue  # nothing it finds rates lower
        step = technique(s)
        if step is not None and only is not None:
            return step
        if step is not None and (held is None or step.rating < held.rating):
            held = step
    return held


# Rows named otherwise than their easiest technique in ratings.RATINGS.
_EASIEST_NAMED = {
    "Skyscraper, 2-String Kite, Turbot fish": "Skyscraper",
    "Finned or sashimi X-Wing": "Finned X-Wing",
    "Unique rectangle": "Unique rectangle type 1",
    "Avoidable rectangle": "Avoidable rectangle type 1",
    "BUG": "BUG+1",
    "Finned or sashimi Swordfish": "Finned Swordfish",
    "Finned or sashimi Jellyfish": "Finned Jellyfish",
    SE_CHAINS: "X-chain",
    "Chains: X, XY, grouped, AIC, ALS; multi-colouring, 3D Medusa": "X-chain",
    SE_FORCING: "Cell or unit forcing chains",
    "Cell, unit or digit forcing chains": "Cell or unit forcing chains",
}
# Each row's easiest rating: hints hold a pattern's step rated above a later row's (see
# _pattern_step); a chosen set of searches (the grader's) is tried in this order.
EASIEST = {name: rating(_EASIEST_NAMED.get(name, name)) for name, _ in TECHNIQUES + SEARCHES}


def _searches(only: Collection[str] | None) -> list[tuple[str, Search]]:
    """The rows of SEARCHES to try, in order: all but GRADING_ONLY, every chain before the
    first trial (hints); or the rows `only` names, by their easiest rating, as Sudoku
    Explainer tries its rules (the grader: Nishio, 7.5, before cell and unit forcing chains,
    8.0)."""
    if only is None:
        return [row for row in SEARCHES if row[0] not in GRADING_ONLY]
    return sorted((row for row in SEARCHES if row[0] in only), key=lambda row: EASIEST[row[0]])


def _search_step(
    s: Position, meter: Meter, batch: bool, only: Collection[str] | None
) -> tuple[list[Step], Search] | None:
    for _, search in _searches(only):
        every = ALL_AT_ONCE.get(search) if batch else None
        if every is not None:
            steps = every(s, meter)
            if steps:
                return steps, search
            continue
        step = search(s, meter)
        if step is not None:
            return [step], search
    return None


SINGLES = ("Full house", "Hidden single (box)", "Hidden single (row or column)", "Naked single")
Batch = Callable[[Position, Meter, float], list[Step]]

# For grading (solve_logically's `batch`): searches that can give, with their step, every
# other step of the same rating they found on the way; and trial searches that can give every
# step of a sweep at once. What a chain or a trial shows stays true as the position narrows.
ALL_AT_ONCE: dict[Search, Callable[[Position, Meter], list[Step]]] = {
    chains_mod.chains: chains_mod.chains_all,
    chains_mod.plain_chains: chains_mod.plain_chains_all,
    multiple.cell_or_unit_forcing: multiple.cell_or_unit_forcing_all,
}
BATCHES: dict[Search, Batch] = {
    forcing.nishio: forcing.nishio_all,
    forcing.dynamic: lambda s, meter, ceiling: forcing.dynamic_contradictions(
        s, False, meter, ceiling, drawn=False
    ),
    forcing.dynamic_plus: lambda s, meter, ceiling: forcing.dynamic_contradictions(
        s, True, meter, ceiling, drawn=False
    ),
}


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
    s: Position,
    meter: Meter,
    solution: _Solution,
    batch: bool = False,
    only: Collection[str] | None = None,
) -> tuple[list[Step], Search | None]:
    """The easiest step: a pattern, else (while the meter has nodes left) a search, else the
    solution's digit; and the search that found it, if one did. With `batch`, a search may
    give more steps of the same rating after it (see solve_logically). `only` names the rows
    of TECHNIQUES and SEARCHES to use (see _searches)."""
    if s.solved or _stuck(s):
        return [], None
    step = _pattern_step(s, only)
    if step is not None:
        return [step], None
    if not meter.exhausted:
        try:
            found = _search_step(s, meter, batch, only)
        except OutOfBudget:
            found = None
        if found is not None:
            return found
    known = solution.get()
    if known is None:
        return [], None
    step = forcing.solution_step(s, known)
    return ([step] if step else []), None


def _trial_run(s: Position, meter: Meter, search: Search, ceiling: float) -> list[Step]:
    """More steps of one trial search, with the singles they leave, for as long as it finds
    steps rated no higher than `ceiling` (see solve_logically's `batch_trials`)."""
    steps: list[Step] = []
    singles = [technique for name, technique in TECHNIQUES if name in SINGLES]
    batch = BATCHES.get(search)
    while not s.solved and not _stuck(s):
        single = next((step for t in singles if (step := t(s)) is not None), None)
        found: list[Step] = [single] if single is not None else []
        if not found:
            try:
                if batch is not None:
                    found = batch(s, meter, ceiling)
                elif (one := search(s, meter)) is not None and one.rating <= ceiling:
                    found = [one]
            except OutOfBudget:
                return steps
            if not found:
                return steps
        for step in found:
            steps.append(step)
            s.apply(step.placements, step.eliminations)
    return steps


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
    steps, _ = _find_step(s, budget.start(), _Solution(start, known, budget))
    return steps[0] if steps else None


def _checked(
    grid: object, cands: object, budget: object, solution: object
) -> tuple[Grid, Grid | None]:
    """The arguments of next_step and solve_logically, checked: (grid, solution)."""
    start = check_grid(grid)
    if cands is not None:
        check_masks(cands, "cands")
    check_budget(budget)
    return start, None if solution is None else check_grid(solution, "solution")


def _check_only(only: object) -> None:
    """TypeError / ValueError unless `only` is None or a collection of row names of TECHNIQUES
    and SEARCHES (a name that is none would quietly leave its technique out)."""
    if only is None:
        return
    if isinstance(only, str) or not isinstance(only, Collection):
        raise TypeError(f"only must be a collection of technique names, not {only!r}")
    for name in only:
        if name not in ROW_NAMES:
            raise ValueError(
                f"only: no technique is called {name!r} (the names are those of "
                "logic.TECHNIQUES and logic.SEARCHES)"
            )


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
    batch: bool = False,
    only: Collection[str] | None = None,
) -> LogicalSolve:
    """Solve step by step with the easiest technique each time, as a person would.

    The searches of all the steps spend one `budget`; once it is spent, the remaining steps
    use the pattern techniques and the solution only (`gave_up` is set). Stops after
    `max_steps` steps (or a few more with `batch`). `only` limits the techniques to those
    rows of TECHNIQUES and SEARCHES (the grader uses Sudoku Explainer's set: see grade.py).

    With `batch` (for grading: the hardest step is what counts), a chain search gives, with
    its step, the other chains of the same kind and length it found; and a step found by
    trial is followed by more steps of the same trial search, with the singles they leave,
    for as long as it finds steps rated no higher (a person who has just needed a trial keeps
    trying rather than looking again for every easier pattern first). Every step is still
    true, none is rated higher than the step before it, and the searches run far fewer
    times. The dynamic forcing chains such a sweep adds carry no chain (see
    forcing.dynamic_contradictions): a grade reads only their ratings.
    """
    started = time.perf_counter()
    start, known = _checked(grid, cands, budget, solution)
    if not isinstance(batch, bool):
        raise TypeError(f"batch must be True or False, not {batch!r}")
    if isinstance(max_steps, bool) or not isinstance(max_steps, int):
        raise TypeError(f"max_steps must be a whole number, not {max_steps!r}")
    if max_steps < 1:
        raise ValueError(f"max_steps must be at least 1, not {max_steps}")
    _check_only(only)
    s = Position.from_grid(start, cands)
    meter = budget.start()
    lookup = _Solution(start, known, budget)
    steps: list[Step] = []
    broken = contradiction(s)
    if broken:
        return LogicalSolve((), s.to_grid(), False, False, False, 0.0, broken.text)
    while len(steps) < max_steps:
        found, search = _find_step(s, meter, lookup, batch, only)
        if not found:
            break
        for step in found:
            steps.append(step)
            s.apply(step.placements, step.eliminations)
        if batch and step.last_resort and search is not None:
            steps.extend(_trial_run(s, meter, search, step.rating))
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
