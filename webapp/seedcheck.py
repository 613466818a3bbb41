"""Is a puzzle's seed (`g=<level>-<seed>` or `g=<level>-<seed>-<names>`) the one that makes
it? A link shows "/new/<level>/<seed>[/<names>] makes this puzzle again" only when it does.

`<names>` renames the digits of what the seed makes: a permutation of 123456789, digit d
shown as its d-th character ("New puzzle" hands out such renamed copies of a recent puzzle
when none is ready: the same difficulty, made at once). The answer is
`generate(level, seed, max_attempts=1)`, renamed: the same on every machine and run, so each
worker remembers the puzzles the seeds it checked (or handed out) make. Checking a seed not
seen yet is one attempt of the generator (tens of milliseconds, in the engine processes) and
counts against the client's "new" limit; a seed that can't be checked now is left out.
"""

from __future__ import annotations

import random
from dataclasses import replace

from .enginepool import Busy, EnginePool
from .remembered import Remembered
from .sudoku import Generated, Grid, NotFound, generate
from .urlstate import IDENTITY_NAMES, GameState

REMEMBERED = 4096  # seeds per worker
_made: Remembered[str, Grid | None] = Remembered(REMEMBERED)  # "hard-1234" -> its puzzle
_shuffler = random.SystemRandom()


def origin_of(made: Generated, names: str = "") -> str:
    """The g= value of a generated puzzle: '<level>-<seed>', with '-<names>' if renamed."""
    base = f"{made.level.lower()}-{made.seed}"
    return f"{base}-{names}" if names else base


def remember(made: Generated, names: str = "") -> tuple[Grid, str]:
    """Keep what a seed made (the generator just made it); with `names`, its renamed copy
    too. Returns the puzzle to show and its g= value."""
    _made.put(origin_of(made), made.puzzle)
    origin = origin_of(made, names)
    puzzle = rename(made.puzzle, names) if names else made.puzzle
    _made.put(origin, puzzle)
    return puzzle, origin


def rename(grid: Grid, names: str) -> Grid:
    """`grid` with digit d shown as `names[d - 1]` (names: a permutation of 123456789)."""
    table = (0, *(int(ch) for ch in names))
    return tuple(table[d] for d in grid)


def random_names() -> str:
    """New names for the digits, at random (any of the 9! - 1 that change something)."""
    digits = list(IDENTITY_NAMES)
    while "".join(digits) == IDENTITY_NAMES:
        _shuffler.shuffle(digits)
    return "".join(digits)


def made_by(origin: str, engine: EnginePool, allowed: bool = True) -> Grid | None:
    """The puzzle `origin` ("hard-1234" or "hard-1234-918273645") makes, or None if none (or
    it can't be known now: not `allowed`, or the engine busy)."""
    seen, made = _made.get(origin)
    if seen:
        return made
    level, seed, *names = origin.split("-")
    if names:
        base = made_by(f"{level}-{seed}", engine, allowed)
        if base is None:
            return None
        puzzle: Grid | None = rename(base, names[0])
    elif not allowed:
        return None
    else:
        try:
            puzzle = engine.run(_one_attempt, level, int(seed))
        except Busy:
            return None
    _made.put(origin, puzzle)
    return puzzle


def _one_attempt(level: str, seed: int) -> Grid | None:
    try:
        return generate(level, seed, max_attempts=1).puzzle
    except (NotFound, ValueError):
        return None


def checked(state: GameState, engine: EnginePool, allowed: bool = True) -> GameState:
    """`state` without its seed if that seed does not make its puzzle (or can't be checked)."""
    if state.origin and made_by(state.origin, engine, allowed) != state.puzzle:
        return replace(state, origin="")
    return state
