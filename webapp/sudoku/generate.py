"""New puzzles at a chosen level, or whose hardest step is a chosen technique, with exactly one
solution, reproducible from a seed.

The puzzle depends only on (target, seed, symmetric): the randomness comes from `random.Random`
seeded with a string built from them (string seeds hash with SHA-512, the same on every machine
and Python version), and every limit is a count (search nodes, attempts), never a time. Grading
runs within GRADING_BUDGET, a node count, so the level is the one `grade` gives with it.

An attempt, made from one seed, fills a random complete grid, then removes clues in random
order, in pairs opposite each other through the centre (180-degree symmetry) unless asked not
to, keeping each removal only while the puzzle still has exactly one solution. If the resulting
puzzle fits the target, it is the answer; if it is harder, the clues are put back in the
reverse order of removal, by bisection, to find a puzzle that fits along the way; if it is
easier, the attempt fails. `generate(level, seed)` tries the seeds seed, seed + 1, ... and
reports the one that worked, so that seed gives the puzzle back in a single attempt: a link
with it is cheap to open, whatever the level. `practise(technique, seed)` does the same for a
puzzle whose hardest step is that technique (a name of ratings.RATINGS).

A few techniques are the hardest step of almost no generated puzzle (the deepest forcing
chains, a few rare patterns: searches of thousands of seeds found none): their practise
puzzles are made from known puzzles instead (techniques/examples.PRACTISE_BASES), one per
seed, with rows within bands, bands, columns within stacks and stacks shuffled, perhaps the
grid turned over its diagonal, and the digits renamed. Such a copy has the same logic, so its
steps are the original's on other cells; it is graded like any other attempt, and kept only
if it fits.

Grading is the costly part of an attempt, and most attempts at the hardest levels fail, so a
puzzle is graded only if it could fit: a puzzle that singles and locked candidates solve (the
solver's propagation, rated 2.8 at most) cannot reach a target rated above that, and is
dropped ungraded. This never changes which puzzle a seed makes; it only saves time.

A change to the grader or the techniques can change which attempt is accepted: the same seed
may then give another puzzle. tests/test_generate.py pins a few seeds to catch this.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .algorithms import propagate as solver
from .algorithms.propagate import search
from .board import ALL, BIT, CELLS, DIGITS_OF, POPCOUNT, UNITS_OF, Grid, parse
from .grade import GRADE_BUDGET, Grade, grade
from .logic import solve_logically
from .ratings import LEVELS, RATINGS
from .search import Budget
from .techniques.catalog import CATALOG, entry_for, entry_named
from .techniques.examples import PRACTISE_BASES, Base

LEVEL_NAMES = tuple(name for _, name in LEVELS)
SEED_LIMIT = 10**9  # seeds are 0 <= seed < SEED_LIMIT: at most 9 digits in a URL
UNIQUENESS_BUDGET = Budget(nodes=20_000)  # per check; running out counts as "not unique"
GRADING_BUDGET = Budget(nodes=1_000_000)  # per grade: far more than any generated puzzle needs
MAX_ATTEMPTS = 5_000  # seeds tried before giving up (Extreme, the rarest, takes ~120 on average)
VERSION = "v2"  # part of the random seed string: bump it when a change alters the puzzles
PROPAGATION_TOP = max(RATINGS[name].rating for name in ("Pointing", "Claiming"))
TRIALS = RATINGS["Nishio forcing chain"].rating  # the easiest trial: Extreme starts here
STUCK_LIMIT = 15  # cells propagation may fill for a puzzle to be graded for a trial target

Group = tuple[int, ...]  # cells removed together
SYMMETRIC_GROUPS: tuple[Group, ...] = (*((c, 80 - c) for c in range(40)), (40,))
SINGLE_GROUPS: tuple[Group, ...] = tuple((c,) for c in CELLS)


@dataclass(frozen=True)
class Generated:
    """A generated puzzle, its solution, and how it was made."""

    puzzle: Grid
    solution: Grid
    level: str
    seed: int
    symmetric: bool
    grade: Grade
    attempts: int  # seeds tried, the one that worked included
    source: str = ""  # the known puzzle it was made from (PRACTISE_BASES), else ""


@dataclass(frozen=True)
class Target:
    """What an attempt looks for: `key` goes into the random seed string; a puzzle `fits`
    (given its solution and grade), or is too hard (graded above `ceiling`: the bisection puts
    clues back); `floor` is the least rating that can fit."""

    key: str
    floor: float
    ceiling: float
    fits: Callable[[Grid, Grid, Grade], bool]


def level_target(name: str) -> Target:
    """The target of `generate`: a puzzle graded at level `name` (from LEVEL_NAMES)."""
    rank = LEVEL_NAMES.index(name)
    floor = LEVELS[rank - 1][0] + 0.1 if rank else 0.0
    return Target(name, floor, LEVELS[rank][0], lambda puzzle, solution, g: g.level == name)


def technique_target(name: str) -> Target:
    """The target of `practise`: a puzzle whose hardest step is the technique `name` (a chain
    family counts with any length bonus below the next technique's rating), both in its grade
    and in its solve path (the hints' techniques, which the grade leaves out, may take an
    easier way)."""
    entry = CATALOG[name]
    above = [r.rating for r in RATINGS.values() if r.rating > entry.rating]
    ceiling = round(min(above) - 0.1, 1) if above else float("inf")

    def names_it(technique: str, rating: float) -> bool:
        found = entry_for(technique, rating)
        return found is not None and found.name == name

    def fits(puzzle: Grid, solution: Grid, rated: Grade) -> bool:
        if rated.gave_up or not names_it(rated.hardest, rated.rating):
            return False
        path = solve_logically(puzzle, budget=GRADE_BUDGET, solution=solution)  # as /path shows it
        hardest = max(path.steps, key=lambda step: step.rating)
        return not path.gave_up and names_it(hardest.technique, hardest.rating)

    return Target(f"technique {name}", entry.rating, ceiling, fits)


def level_name(text: str) -> str:
    """The level called `text`, in any case ('hard' -> 'Hard'); ValueError if there is none."""
    if not isinstance(text, str):
        raise TypeError(f"a level is a name such as 'hard', not {text!r}")
    for name in LEVEL_NAMES:
        if name.lower() == text.strip().lower():
            return name
    raise ValueError(f"unknown level {text!r}; choose one of {', '.join(LEVEL_NAMES)}")


def symmetric_by_default(level: str) -> bool:
    """Whether `generate` lays a level's clues out symmetrically when not told: every level
    but those whose puzzles need trials (Extreme)."""
    return _symmetric_for(level_target(level_name(level)))


def _symmetric_for(target: Target) -> bool:
    return target.floor < TRIALS


def new_seed() -> int:
    """A fresh random seed, 0 <= seed < SEED_LIMIT."""
    return secrets.randbelow(SEED_LIMIT)


def generate(
    level: str, seed: int, *, symmetric: bool | None = None, max_attempts: int = MAX_ATTEMPTS
) -> Generated:
    """The first puzzle at `level` (a name from grade.LEVELS, any case) made by one of the
    seeds `seed`, `seed + 1`, ... (wrapping below SEED_LIMIT); its `seed` is the one that made
    it, so `generate(level, made.seed)` takes one attempt.

    With `symmetric` the clues are laid out with 180-degree rotational symmetry; by default
    (None) every level is, but for puzzles that need trials (Extreme): laid out freely, three
    times as many of them need trials, which keeps a fresh one under a second (see
    BENCHMARKS.md). ValueError for an unknown level or a seed outside 0 <= seed < SEED_LIMIT
    (TypeError for a seed that is not a whole number); NotFound if no seed of `max_attempts`
    works.
    """
    name = level_name(level)
    return _search(level_target(name), name, seed, symmetric, max_attempts)


def practise(
    technique: str, seed: int, *, symmetric: bool | None = None, max_attempts: int = MAX_ATTEMPTS
) -> Generated:
    """Like `generate`, for a puzzle whose hardest step is `technique` (a name of
    ratings.RATINGS, as in the technique library), in its grade and in its solve path
    (`walkthrough`): the first of the seeds `seed`, `seed + 1`,
    ... that makes one. Rare techniques need many attempts: an entry's `practise_seeds`
    (`technique_entries()`) are seeds known to work. For a technique of PRACTISE_BASES the
    puzzle is a shuffled copy of one of its known puzzles (`source` names it), laid out as
    that one is: `symmetric` must be None. ValueError for a technique the catalog does not
    have, or one no grade names as the hardest step (not `graded`: hints only; and the
    solution lookup), which no seed would make."""
    if not entry_named(technique).graded or technique == "Solution lookup":
        raise ValueError(f"{technique} cannot be practised: no grade names it as the hardest step")
    bases = PRACTISE_BASES.get(technique, ())
    if bases and symmetric is not None:
        raise ValueError(f"{technique} puzzles are copies of known puzzles: their layout is theirs")
    return _search(technique_target(technique), "", seed, symmetric, max_attempts, bases)


def _search(
    target: Target,
    level: str,
    seed: int,
    symmetric: bool | None,
    tries: int,
    bases: Sequence[Base] = (),
) -> Generated:
    """The first puzzle that fits `target` from the seeds seed, seed + 1, ... (checked): made
    by the generator, or from one of `bases` if there are any."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be a whole number, not {seed!r}")
    if symmetric is None:
        symmetric = _symmetric_for(target)
    if not isinstance(symmetric, bool):
        raise TypeError(f"symmetric must be True, False or None, not {symmetric!r}")
    if isinstance(tries, bool) or not isinstance(tries, int):
        raise TypeError(f"max_attempts must be a whole number, not {tries!r}")
    if tries < 1:
        raise ValueError(f"max_attempts must be at least 1, not {tries}")
    if not 0 <= seed < SEED_LIMIT:
        raise ValueError(f"seed must be between 0 and {SEED_LIMIT - 1}, not {seed}")
    layout = "copied" if bases else "symmetric" if symmetric else "free"
    groups = SYMMETRIC_GROUPS if symmetric else SINGLE_GROUPS
    for attempt in range(tries):
        tried = (seed + attempt) % SEED_LIMIT
        rng = random.Random(f"webapp.sudoku.generate {VERSION} {target.key} {tried} {layout}")
        base = bases[tried % len(bases)] if bases else None
        found = _copied(rng, base, target) if base else _attempt(rng, groups, target)
        if found is not None:
            puzzle, solution, rated = found
            name = level or rated.level
            source = base.source if base else ""
            shape = (
                symmetric
                if not base
                else all(bool(puzzle[c]) == bool(puzzle[80 - c]) for c in CELLS)
            )
            return Generated(puzzle, solution, name, tried, shape, rated, attempt + 1, source)
    what = level or target.key.removeprefix("technique ")
    raise NotFound(f"no {what} puzzle from seeds {seed} to {seed + tries - 1}")


class NotFound(RuntimeError):
    """No seed of those allowed made a puzzle at the level asked for."""


def _attempt(
    rng: random.Random, groups: Sequence[Group], target: Target
) -> tuple[Grid, Grid, Grade] | None:
    """One grid: (puzzle, solution, grade) that fits the target, or None."""
    solution = full_grid(rng)
    removed = dig(rng, solution, groups)
    puzzle = without(solution, removed)
    if not could_fit(puzzle, target):
        return None  # too easy for the target (or very likely so): not worth grading
    rated = grade(puzzle, budget=GRADING_BUDGET, solution=solution)
    if target.fits(puzzle, solution, rated):
        return puzzle, solution, rated
    if rated.rating <= target.ceiling:
        return None
    return _back_to_target(solution, removed, target)


def _copied(rng: random.Random, base: Base, target: Target) -> tuple[Grid, Grid, Grade] | None:
    """A shuffled copy of a known puzzle (puzzle, solution, grade), if it fits the target."""
    known = parse(base.puzzle)
    puzzle, solution = shuffled((known, search(known, 1, GRADING_BUDGET).solutions[0]), rng)
    rated = grade(puzzle, budget=GRADING_BUDGET, solution=solution)
    return (puzzle, solution, rated) if target.fits(puzzle, solution, rated) else None


def shuffled(grids: Sequence[Grid], rng: random.Random) -> list[Grid]:
    """Copies of `grids` shuffled alike, each with the same logic as before: rows within bands,
    bands, columns within stacks and stacks in a random order, the grid turned over its main
    diagonal or not, the digits renamed."""

    def lines() -> list[int]:
        return [3 * group + k for group in rng.sample(range(3), 3) for k in rng.sample(range(3), 3)]

    rows, cols = lines(), lines()
    names = (0, *rng.sample(range(1, 10), 9))
    turned = rng.random() < 0.5
    cells = [
        9 * rows[c] + cols[r] if turned else 9 * rows[r] + cols[c]
        for r in range(9)
        for c in range(9)
    ]
    return [tuple(names[grid[cell]] for cell in cells) for grid in grids]


def _back_to_target(
    solution: Grid, removed: Sequence[Group], target: Target
) -> tuple[Grid, Grid, Grade] | None:
    """Bisect the removals for the puzzle with the fewest clues that is not too hard for the
    target, and keep it if it fits.

    The puzzle after all removals is too hard; the full grid counts as easy enough. Every
    puzzle along the way has one solution, as it holds more clues than the last.
    """
    easy_enough, too_hard = 0, len(removed)
    best: tuple[Grid, Grid, Grade] | None = None
    while too_hard - easy_enough > 1:
        middle = (easy_enough + too_hard) // 2
        puzzle = without(solution, removed[:middle])
        rated = grade(puzzle, budget=GRADING_BUDGET, solution=solution)
        if rated.rating <= target.ceiling:
            easy_enough, best = middle, (puzzle, solution, rated)
        else:
            too_hard = middle
    if best is None or not target.fits(*best):
        return None
    return best


def could_fit(puzzle: Grid, target: Target) -> bool:
    """Whether the puzzle is worth grading for the target, judged by how many cells singles
    and locked candidates (the solver's propagation) fill.

    If they fill the grid, every position on the way has a step rated PROPAGATION_TOP at
    most, so the grade is at most that. For a target that needs trials, a puzzle where they
    fill STUCK_LIMIT cells or more (besides the clues) is very unlikely to need one. Measured
    on 1,500 minimal symmetric puzzles: the 16 that needed trials had all filled fewer than
    20 (14 fewer than 15), while 107 of the 206 rated 4.5 to 7.4 filled 15 or more; of 850
    more that filled fewer than 20, the 53 that needed trials filled fewer than 15 but 4.
    """
    filled = filled_by_propagation(puzzle)
    if target.floor > PROPAGATION_TOP and filled == 81:
        return False
    clues = sum(1 for d in puzzle if d)
    return target.floor < TRIALS or filled - clues < STUCK_LIMIT


def full_grid(rng: random.Random) -> Grid:
    """A random complete grid: depth-first search, fewest candidates first, digits shuffled."""
    grid = [0] * 81
    if not _fill(grid, [0] * 27, rng):
        raise AssertionError("an empty grid always has a completion")
    return tuple(grid)


def _fill(grid: list[int], used: list[int], rng: random.Random) -> bool:
    """Complete `grid` in place; `used` holds the digits placed in each unit, as masks."""
    cell, mask = _tightest(grid, used)
    if cell < 0:
        return True
    digits = list(DIGITS_OF[mask])
    rng.shuffle(digits)
    units = UNITS_OF[cell]
    for digit in digits:
        grid[cell] = digit
        for unit in units:
            used[unit] |= BIT[digit]
        if _fill(grid, used, rng):
            return True
        for unit in units:
            used[unit] &= ~BIT[digit]
    grid[cell] = 0
    return False


def _tightest(grid: list[int], used: list[int]) -> tuple[int, int]:
    """The first empty cell with the fewest candidates and its candidate mask; (-1, 0) if full."""
    best, best_mask, fewest = -1, 0, 10
    for cell in CELLS:
        if grid[cell]:
            continue
        row, col, box = UNITS_OF[cell]
        mask = ALL & ~(used[row] | used[col] | used[box])
        if POPCOUNT[mask] < fewest:
            best, best_mask, fewest = cell, mask, POPCOUNT[mask]
            if fewest <= 1:
                break
    return best, best_mask


def dig(rng: random.Random, solution: Grid, groups: Sequence[Group]) -> list[Group]:
    """Remove the groups in random order, each only if one solution remains; those removed."""
    order = list(groups)
    rng.shuffle(order)
    grid = list(solution)
    removed = []
    for group in order:
        for cell in group:
            grid[cell] = 0
        if has_one_solution(grid):
            removed.append(group)
        else:
            for cell in group:
                grid[cell] = solution[cell]
    return removed


def filled_by_propagation(grid: Grid) -> int:
    """How many cells hold a digit once singles and locked candidates have done all they can
    (81 also when they break the grid)."""
    state = solver._start(grid)
    return state[2] if state else 81


def has_one_solution(grid: Sequence[int]) -> bool:
    """True if the grid has exactly one solution, proven within UNIQUENESS_BUDGET."""
    start = solver._start(tuple(grid))
    if start is None or start[2] == 81:  # propagation alone breaks it or fills it
        return start is not None
    found = search(tuple(grid), 2, UNIQUENESS_BUDGET)
    return found.complete and len(found.solutions) == 1


def without(solution: Grid, groups: Sequence[Group]) -> Grid:
    """The solution with the cells of `groups` emptied."""
    grid = list(solution)
    for group in groups:
        for cell in group:
            grid[cell] = 0
    return tuple(grid)
