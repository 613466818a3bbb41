"""A traced copy of `algorithms.propagate` (the default solver): the same branching on the same
bit-lane board, node for node, calling a Recorder where the original calls its meter."""

from __future__ import annotations

from ..algorithms import propagate as solver
from ..board import Grid
from ..lanes import CELL_VIEW, KEEP, UNPLACE, propagate
from .record import Frame, Recorder


def placed(x: int, free: int) -> Grid:
    """The digits a bit-lane state has placed (0 where a cell is still open)."""
    cells = [0] * 81
    bits = x & ~free & CELL_VIEW
    while bits:
        top = bits.bit_length() - 1
        bits ^= 1 << top
        cells[top // 9] = top % 9 + 1
    return tuple(cells)


def search(grid: Grid, limit: int, rec: Recorder) -> None:
    """Singles and locked candidates, then branching (see algorithms.propagate)."""
    found = rec.found
    keep, unplace = KEEP, UNPLACE
    path: list[tuple[int, int]] = []

    def snapshot(x: int, free: int, depth: int, before: Grid, top: int, lane: int) -> Frame:
        now = placed(x, free)
        guessed = path[-1][0] if path else -1
        filled = tuple(c for c in range(81) if now[c] and not before[c] and c != guessed)
        cell = top // 9 if top >= 0 else None
        options = tuple((top // 9, d + 1) for d in range(9) if lane >> d & 1)
        return Frame(
            step=rec.nodes,
            depth=depth,
            grid=now,
            path=tuple(path),
            filled=filled,
            cell=cell,
            options=options,
            solution=cell is None,
            guesses=rec.guesses,
            backtracks=rec.backtracks,
        )

    def branch(x: int, free: int, count: int, fresh: int, depth: int, before: Grid) -> None:
        hit = rec.node(depth)
        if count == 81:
            if hit:
                rec.frame = snapshot(x, free, depth, before, -1, 0)
            rec.solution(solver._grid(x))
            return
        top = solver._branch_top(x)
        lane = x >> top & 0x1FF
        if hit:
            rec.frame = snapshot(x, free, depth, before, top, lane)
        cell = top // 9
        while lane:
            low = lane & -lane
            lane ^= low
            rec.guesses += 1
            p = top + low.bit_length() - 1
            state = propagate(x & keep[p], free & unplace[p], count + 1, fresh)
            if not state[0]:
                rec.backtracks += 1
                if rec.open:
                    rec.tried(depth, cell, p % 9 + 1, True)
                continue
            if rec.open:
                rec.tried(depth, cell, p % 9 + 1, False)
            path.append((cell, p % 9 + 1))
            branch(*state, depth + 1, placed(x, free) if rec.nodes + 1 == rec.want else before)
            path.pop()
            if len(found) >= limit:
                return

    state = solver._start(grid)
    if state is None:
        return
    branch(*state, 0, grid)
