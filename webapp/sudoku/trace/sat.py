"""A traced copy of `algorithms.sat`: the same formula and the same solver calls, one node per
call, calling a Recorder where the original calls its meter.

PicoSAT (through pycosat) does its own search inside each call and reports no statistics, so a
step here is a whole call: the formula's size, its answer, and the clauses that block the
solutions found before.
"""

from __future__ import annotations

import importlib

from ..algorithms import sat
from ..board import Grid
from ..search import OutOfBudget
from .record import Frame, Recorder, SatCall

VARIABLES = 729  # one per (cell, digit)


def search(grid: Grid, limit: int, rec: Recorder) -> None:
    """Ask the solver for a solution, then for another that differs, up to `limit` of them."""
    try:
        pycosat = importlib.import_module("pycosat")  # optional, as for the real algorithm
    except ImportError:
        raise RuntimeError(sat.MISSING) from None
    found = rec.found
    clauses = sat.RULES + [[sat.var(cell, d)] for cell, d in enumerate(grid) if d]
    base = len(clauses)
    answers = sat._answers(pycosat, clauses, rec.cap * sat.PROPAGATIONS_PER_NODE)
    while len(found) < limit:
        hit = rec.node(0)
        asked = base + len(found)  # each solution found adds a clause that blocks it
        try:
            answer = next(answers, None)
        except OutOfBudget:
            if hit:
                rec.frame = _frame(rec, grid, asked, base, "out of budget")
            raise
        if answer is None:
            if hit:
                rec.frame = _frame(rec, grid, asked, base, "unsatisfiable")
            break
        solution = [0] * 81
        for v in answer:
            if v > 0:
                cell, d = divmod(v - 1, 9)
                solution[cell] = d + 1
        if hit:
            rec.frame = _frame(rec, tuple(solution), asked, base, "solution")
        rec.solution(tuple(solution))


def _frame(rec: Recorder, grid: Grid, clauses: int, base: int, answer: str) -> Frame:
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
        sat=SatCall(VARIABLES, clauses, clauses - base, answer, ()),
    )
