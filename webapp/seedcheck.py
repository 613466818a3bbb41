"""Is a puzzle's seed (`g=<level>-<seed>`) the one that makes it? A link shows "/new/<level>/
<seed> makes this puzzle again" only when it does.

The answer is `generate(level, seed, max_attempts=1)`: the same on every machine and run, so
each worker remembers the puzzles the seeds it checked (or handed out) make. Checking a seed
not seen yet is one attempt of the generator (tens of milliseconds, in the engine processes)
and counts against the client's "new" limit; a seed that can't be checked now is left out.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import replace

from .enginepool import Busy, EnginePool
from .sudoku import Generated, Grid, NotFound, generate
from .urlstate import GameState

REMEMBERED = 4096  # seeds per worker
_made: OrderedDict[str, Grid | None] = OrderedDict()  # "hard-1234" -> its puzzle, or None
_lock = threading.Lock()


def remember(made: Generated) -> None:
    """Keep what a seed made (the generator just made it)."""
    _store(f"{made.level.lower()}-{made.seed}", made.puzzle)


def made_by(origin: str, engine: EnginePool, allowed: bool = True) -> Grid | None:
    """The puzzle `origin` ("hard-1234") makes, or None if none (or it can't be known now:
    not `allowed`, or the engine busy)."""
    with _lock:
        if origin in _made:
            _made.move_to_end(origin)
            return _made[origin]
    if not allowed:
        return None
    level, _, seed = origin.partition("-")
    try:
        puzzle: Grid | None = engine.run(_one_attempt, level, int(seed))
    except Busy:
        return None
    _store(origin, puzzle)
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


def _store(origin: str, puzzle: Grid | None) -> None:
    with _lock:
        _made[origin] = puzzle
        _made.move_to_end(origin)
        while len(_made) > REMEMBERED:
            _made.popitem(last=False)
