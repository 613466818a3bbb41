"""A traced copy of `algorithms.propagate` (the default solver): the same branching on the same
bit-lane board, node for node, calling a Recorder where the original calls its meter."""

from __future__ import annotations

from ..algorithms import propagate as solver
from ..board import Grid, a_digit, cell_name
from ..lanes import (
    CANDIDATE_AT,
    CELL_VIEW,
    CLEAR,
    HIGH,
    KEEP,
    LOCKED_KEEP,
    LSB,
    UNPLACE,
    lanes_nonzero,
    locked,
    propagate,
)
from .record import Frame, Recorder

UNITS = ("row", "column", "box")  # views 1-3 of the lanes


def placed(x: int, free: int) -> Grid:
    """The digits a bit-lane state has placed (0 where a cell is still open)."""
    cells = [0] * 81
    bits = x & ~free & CELL_VIEW
    while bits:
        top = bits.bit_length() - 1
        bits ^= 1 << top
        cells[top // 9] = top % 9 + 1
    return tuple(cells)


def why_failed(x: int, free: int, count: int, fresh: int) -> str:
    """What propagating a failed guess runs into, in words ('propagation places 3 digits, then
    r2c5 has no candidate left'): the rounds of `lanes.propagate`, up to the first empty lane."""
    start = count
    while True:
        empty = HIGH ^ lanes_nonzero(x)
        if empty:
            lane = ((empty & -empty).bit_length() - 1) // 9  # the first empty lane
            view, rest = divmod(lane, 81)
            if view:
                digit, unit = divmod(rest, 9)
                what = f"{a_digit(digit + 1)} has no place left in {UNITS[view - 1]} {unit + 1}"
            else:
                what = f"{cell_name(rest)} has no candidate left"
            placed = count - start
            if not placed:
                return f"with it, {what}"
            return f"propagation places {placed} digit{'s' if placed > 1 else ''}, then {what}"
        y = x & (x - LSB)  # each lane without its lowest bit
        lone = HIGH ^ lanes_nonzero(y)  # lanes that hold exactly one bit
        singles = x & ((lone >> 8) * 0x1FF) & free
        if singles:
            while singles:
                p = CANDIDATE_AT[singles.bit_length() - 1]
                x &= KEEP[p]
                free &= UNPLACE[p]
                singles &= CLEAR[p]
                count += 1
            continue
        locks = locked(x, lone) & fresh if fresh else 0
        before = x
        fresh ^= locks
        while locks:
            top = locks.bit_length() - 1
            locks ^= 1 << top
            x &= LOCKED_KEEP[top]
        if x == before:
            raise ValueError("this propagation does not fail")


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
            widths=tuple(rec.widths),
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
        width = lane.bit_count()
        wide = width > 1
        rec.widths.append(width)
        while lane:
            low = lane & -lane
            lane ^= low
            rec.guesses += wide
            p = top + low.bit_length() - 1
            state = propagate(x & keep[p], free & unplace[p], count + 1, fresh)
            if not state[0]:
                rec.backtracks += wide
                if rec.open:
                    why = why_failed(x & keep[p], free & unplace[p], count + 1, fresh)
                    rec.tried(depth, cell, p % 9 + 1, True, why)
                continue
            if rec.open:
                rec.tried(depth, cell, p % 9 + 1, False)
            path.append((cell, p % 9 + 1))
            had = len(found)
            branch(*state, depth + 1, placed(x, free) if rec.nodes + 1 == rec.want else before)
            path.pop()
            if len(found) == had:
                rec.backtracks += wide
            elif len(found) >= limit:
                return
        rec.widths.pop()

    state = solver._start(grid)
    if state is None:
        return
    branch(*state, 0, grid)
