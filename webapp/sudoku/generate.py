"""New puzzles at a chosen level, with exactly one solution, reproducible from a seed.

The puzzle depends only on (level, seed, symmetric): the randomness comes from `random.Random`
seeded with a string built from them (string seeds hash with SHA-512, the same on every machine
and Python version), and every limit is a count (search nodes, attempts), never a time. Grading
runs within GRADING_BUDGET, a node count, so the level is the one `grade` gives with it.

An attempt, made from one seed, fills a random complete grid, then removes clues in random
order, in pairs opposite each other through the centre (180-degree symmetry) unless asked not
to, keeping each removal only while the puzzle still has exactly one solution. If the resulting
puzzle is at the level wanted, it is the answer; if it is harder, the clues are put back in the
reverse order of removal, by bisection, to find a puzzle at that level along the way; if it is
easier, the attempt fails. `generate(level, seed)` tries the seeds seed, seed + 1, ... and
reports the one that worked, so that seed gives the puzzle back in a single attempt: a link
with it is cheap to open, whatever the level.

A change to the grader or the techniques can change which attempt is accepted: the same seed
may then give another puzzle. tests/test_generate.py pins a few seeds to catch this.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from .algorithms.propagate import search
from .board import ALL, BIT, CELLS, DIGITS_OF, POPCOUNT, UNITS_OF, Grid
from .grade import Grade, grade
from .ratings import LEVELS
from .search import Budget

LEVEL_NAMES = tuple(name for _, name in LEVELS)
SEED_LIMIT = 10**9  # seeds are 0 <= seed < SEED_LIMIT: at most 9 digits in a URL
UNIQUENESS_BUDGET = Budget(nodes=20_000)  # per check; running out counts as "not unique"
GRADING_BUDGET = Budget(nodes=1_000_000)  # per grade: far more than any generated puzzle needs
MAX_ATTEMPTS = 5_000  # seeds tried before giving up (Extreme, the rarest, takes ~120 on average)
VERSION = "v1"  # part of the random seed string: bump it when a change alters the puzzles

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


def level_name(text: str) -> str:
    """The level called `text`, in any case ('hard' -> 'Hard'); ValueError if there is none."""
    if not isinstance(text, str):
        raise TypeError(f"a level is a name such as 'hard', not {text!r}")
    for name in LEVEL_NAMES:
        if name.lower() == text.strip().lower():
            return name
    raise ValueError(f"unknown level {text!r}; choose one of {', '.join(LEVEL_NAMES)}")


def new_seed() -> int:
    """A fresh random seed, 0 <= seed < SEED_LIMIT."""
    return secrets.randbelow(SEED_LIMIT)


def generate(
    level: str, seed: int, *, symmetric: bool = True, max_attempts: int = MAX_ATTEMPTS
) -> Generated:
    """The first puzzle at `level` (a name from grade.LEVELS, any case) made by one of the
    seeds `seed`, `seed + 1`, ... (wrapping below SEED_LIMIT); its `seed` is the one that made
    it, so `generate(level, made.seed)` takes one attempt.

    With `symmetric` (the default) the clues are laid out with 180-degree rotational symmetry.
    ValueError for an unknown level or a seed outside 0 <= seed < SEED_LIMIT (TypeError for a
    seed that is not a whole number); NotFound if no seed of `max_attempts` works.
    """
    name = level_name(level)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be a whole number, not {seed!r}")
    if not isinstance(symmetric, bool):
        raise TypeError(f"symmetric must be True or False, not {symmetric!r}")
    if isinstance(max_attempts, bool) or not isinstance(max_attempts, int):
        raise TypeError(f"max_attempts must be a whole number, not {max_attempts!r}")
    if max_attempts < 1:
        raise ValueError(f"max_attempts must be at least 1, not {max_attempts}")
    if not 0 <= seed < SEED_LIMIT:
        raise ValueError(f"seed must be between 0 and {SEED_LIMIT - 1}, not {seed}")
    layout = "symmetric" if symmetric else "free"
    groups = SYMMETRIC_GROUPS if symmetric else SINGLE_GROUPS
    target = LEVEL_NAMES.index(name)
    for attempt in range(max_attempts):
        tried = (seed + attempt) % SEED_LIMIT
        rng = random.Random(f"webapp.sudoku.generate {VERSION} {name} {tried} {layout}")
        found = _attempt(rng, groups, target)
        if found is not None:
            puzzle, solution, rated = found
            return Generated(puzzle, solution, name, tried, symmetric, rated, attempt + 1)
    raise NotFound(f"no {name} puzzle from seeds {seed} to {seed + max_attempts - 1}")


class NotFound(RuntimeError):
    """No seed of those allowed made a puzzle at the level asked for."""


def _attempt(
    rng: random.Random, groups: Sequence[Group], target: int
) -> tuple[Grid, Grid, Grade] | None:
    """One grid: (puzzle, solution, grade) at the target level, or None."""
    solution = full_grid(rng)
    removed = dig(rng, solution, groups)
    puzzle = without(solution, removed)
    rated = grade(puzzle, budget=GRADING_BUDGET, solution=solution)
    rank = LEVEL_NAMES.index(rated.level)
    if rank == target:
        return puzzle, solution, rated
    if rank < target:
        return None
    return _back_to_level(solution, removed, target)


def _back_to_level(
    solution: Grid, removed: Sequence[Group], target: int
) -> tuple[Grid, Grid, Grade] | None:
    """Bisect the removals for a puzzle at the target level, as few clues as found.

    The puzzle after all removals is harder than the target; the full grid counts as easy
    enough. Every puzzle along the way has one solution, as it holds more clues than the last.
    """
    easy_enough, too_hard = 0, len(removed)
    best: Grid | None = None
    best_grade: Grade | None = None
    while too_hard - easy_enough > 1:
        middle = (easy_enough + too_hard) // 2
        puzzle = without(solution, removed[:middle])
        rated = grade(puzzle, budget=GRADING_BUDGET, solution=solution)
        if LEVEL_NAMES.index(rated.level) <= target:
            easy_enough, best, best_grade = middle, puzzle, rated
        else:
            too_hard = middle
    if best is None or best_grade is None or LEVEL_NAMES.index(best_grade.level) != target:
        return None
    return best, solution, best_grade


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


def has_one_solution(grid: Sequence[int]) -> bool:
    """True if the grid has exactly one solution, proven within UNIQUENESS_BUDGET."""
    found = search(tuple(grid), 2, UNIQUENESS_BUDGET)
    return found.complete and len(found.solutions) == 1


def without(solution: Grid, groups: Sequence[Group]) -> Grid:
    """The solution with the cells of `groups` emptied."""
    grid = list(solution)
    for group in groups:
        for cell in group:
            grid[cell] = 0
    return tuple(grid)
