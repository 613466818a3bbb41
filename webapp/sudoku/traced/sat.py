"""A traced copy of `algorithms.sat`: the same formula and the same solver calls, one node per
call, calling a Recorder where the original calls its meter.

MiniSat does its own search inside each call, so a step here is a whole call: the size of the
formula, the answer, and MiniSat's own counts so far (decisions, conflicts, propagations,
restarts), which include the propagation of the givens while the formula is loaded.
"""

from __future__ import annotations

from typing import Any

from ..algorithms import sat
from ..board import Grid
from ..search import OutOfBudget
from .record import Frame, Recorder, SatCall

VARIABLES = 729  # one per (cell, digit)
STATS = ("decisions", "conflicts", "propagations", "restarts")  # as PySAT names them


def search(grid: Grid, limit: int, rec: Recorder) -> None:
    """Ask the solver for a solution, then for another that differs, up to `limit` of them."""
    clauses = sat.formula(grid)
    solver = sat.new_solver(clauses)
    try:
        _calls(solver, grid, len(clauses), limit, rec)
    finally:
        solver.delete()


def _calls(solver: Any, grid: Grid, base: int, limit: int, rec: Recorder) -> None:
    found = rec.found
    prop_limit = rec.cap * sat.PROPAGATIONS_PER_NODE
    while len(found) < limit:
        hit = rec.node(0)
        asked = base + len(found)  # each solution found added a clause that blocks it
        before = _counts(solver) if hit else ()
        try:
            solution = sat.ask(solver, prop_limit)
        except OutOfBudget:
            if hit:
                rec.frame = _frame(rec, grid, asked, base, "out of budget", solver, before)
            raise
        if hit:
            answer = "unsatisfiable" if solution is None else "solution"
            rec.frame = _frame(rec, solution or grid, asked, base, answer, solver, before)
        if solution is None:
            break
        rec.solution(solution)


def _counts(solver: Any) -> tuple[tuple[str, int], ...]:
    """MiniSat's counts so far, in the order of STATS."""
    counts = solver.accum_stats() or {}
    return tuple((name, int(counts.get(name, 0))) for name in STATS)


def _frame(
    rec: Recorder,
    grid: Grid,
    clauses: int,
    base: int,
    answer: str,
    solver: Any,
    before: tuple[tuple[str, int], ...],
) -> Frame:
    stats = _counts(solver)
    spent = tuple((name, now - then) for (name, now), (_, then) in zip(stats, before, strict=True))
    return Frame(
        step=rec.nodes,
        depth=0,
        grid=grid,
        path=(),
        filled=(),
        cell=None,
        options=(),
        solution=answer == "solution",
        guesses=rec.guesses,
        backtracks=rec.backtracks,
        sat=SatCall(VARIABLES, clauses, clauses - base, answer, stats, spent),
    )
