"""Traceable searches for the solver lab: any step of any algorithm, replayed from the start.

`trace(grid, algorithm, nodes=N, step=k)` runs a traced copy of the algorithm for at most N
nodes and returns what the lab shows: the counts (equal to `count_solutions` under
`Budget(nodes=N)`), the depth at every node, the dead ends, and step k in full. The searches
are deterministic, so nothing is stored: a step is the search replayed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..board import Grid, check_grid
from ..search import Budget, OutOfBudget
from ..solver import Verdict, _judge, check_limit, unknown_algorithm
from . import cells, dlx, propagate, sat
from .record import Frame, Recorder, SatCall, Try

SEARCHES: dict[str, Callable[[Grid, int, Recorder], None]] = {
    "backtrack": cells.backtrack,
    "mrv": cells.mrv,
    "propagate": propagate.search,
    "dlx": dlx.search,
    "sat": sat.search,
}
TRACEABLE = tuple(SEARCHES)  # the order of the lessons: each improves on the one before


@dataclass(frozen=True)
class Trace:
    """One traced run: what it found, how it went node by node, and the step asked for."""

    algorithm: str
    nodes: int
    guesses: int  # digits tried where two or more were left, as count_solutions counts
    backtracks: int  # guesses whose branch held no new solution
    complete: bool  # False when the node budget ran out first
    verdict: Verdict
    solutions: tuple[Grid, ...]
    solved_at: tuple[int, ...]  # the step that found each solution
    depths: tuple[int, ...]  # the depth of each step, step 1 first
    dead_ends: tuple[int, ...]  # steps after which a branch failed, in order
    frame: Frame | None  # the step asked for (None if none was, or the run is shorter)
    after: tuple[Try, ...]  # what the search tried after that step, up to the next one

    @property
    def max_depth(self) -> int:
        """The deepest the search went."""
        return max(self.depths, default=0)


def trace(grid: Grid, algorithm: str, *, nodes: int, step: int = 0, limit: int = 2) -> Trace:
    """Run `algorithm` on `grid` for at most `nodes` nodes, recording step `step` (1..nodes;
    0 for none), looking for up to `limit` solutions as `count_solutions` does."""
    if message := unknown_algorithm(algorithm):
        raise ValueError(message)
    if algorithm not in SEARCHES:
        raise ValueError(f"the lab can't trace {algorithm!r}")
    grid = check_grid(grid)
    if nodes is None:  # a budget without a node count: the lab's replay needs one
        raise TypeError("a node budget must be a whole number, not None")
    Budget(nodes=nodes)  # TypeError / ValueError for a node count that is no budget
    if isinstance(step, bool) or not isinstance(step, int):
        raise TypeError(f"the step must be a whole number, not {step!r}")
    if not 0 <= step <= nodes:
        raise ValueError(f"the step must be from 1 to {nodes} (or 0 for none), not {step}")
    limit = check_limit(limit)
    rec = Recorder(nodes, step)
    complete = True
    try:
        SEARCHES[algorithm](grid, limit, rec)
    except OutOfBudget:
        complete = False
    rec.finish()
    verdict, _ = _judge(len(rec.found), limit, complete)
    return Trace(
        algorithm,
        rec.nodes,
        rec.guesses,
        rec.backtracks,
        complete,
        verdict,
        tuple(rec.found),
        tuple(rec.solved_at),
        tuple(rec.depths),
        tuple(rec.dead_ends),
        rec.frame,
        tuple(rec.after),
    )


__all__ = ["TRACEABLE", "Frame", "SatCall", "Trace", "Try", "trace"]
