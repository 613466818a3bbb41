"""Why a digit cannot stand in a cell: the shortest chain of forced digits it causes, up to the
first contradiction it meets.

`refute(grid, cell, digit)` places the digit in a position that has only correct digits and
follows what it causes (the contradiction follower, `follow`, breadth first) to the first
contradiction: a cell with no digit left, or a digit with no place left in a unit. If the digit
alone forces nothing broken, the follower may use the position's other singles as well. The
trail it walks is then cut down to what the contradiction needs: working back from it, each
candidate the contradiction (or a forced digit) needs gone is put down to one placement that
removed it, the one already kept if there is one, else the earliest; then each digit left is
dropped if the chain holds without it. What is left is a chain in which every digit is needed,
in the order they were forced. Of the contradictions present when the follower stops, the one
with the shortest chain is given.

When the digit breaks nothing by itself, the engine's first steps are made before it, one more
each time until it does; then each of those steps is dropped (from the last to the first) if
the chain holds without it and the steps kept after it still find their patterns as they were.
"""

from __future__ import annotations

from typing import NamedTuple

from .board import (
    BIT,
    CELLS,
    DIGITS,
    DIGITS_OF,
    PEER_BB,
    UNIT_BB,
    UNITS,
    UNITS_OF,
    Grid,
    cell_name,
    unit_name,
)
from .logic import solve_logically
from .search import Budget
from .techniques.contradiction import NO_DIGIT, NO_PLACE, Contradiction, Forced, follow
from .techniques.position import Position
from .techniques.step import Step

FIRST_STEPS = 4  # the engine's steps tried before the digit, when it alone breaks nothing


class Refutation(NamedTuple):
    """Why a digit is wrong: the engine's steps that must come first (`first`, made without
    the digit; usually none, and none the chain can do without), then the digits it forces
    (`forced`, in order, each one needed) and the contradiction they reach (None: none was
    found). `followed` counts the digits the follower placed before it stopped."""

    first: tuple[Step, ...]
    forced: tuple[Forced, ...]
    contradiction: Contradiction | None
    followed: int


def refute(grid: Grid, cell: int, digit: int, budget: Budget) -> Refutation:
    """Why `digit` in the empty `cell` of `grid` (a grid of correct digits only) leads to a
    contradiction: the digits it causes first; failing that, with the position's other singles
    too; failing that, after the engine's first steps in the position (up to FIRST_STEPS of
    them, none a trial, none filling `cell`; their searches spend `budget`)."""
    found = _refute(Position.from_grid(grid), cell, digit)
    if found.contradiction is not None:
        return found
    run = solve_logically(grid, max_steps=FIRST_STEPS, budget=budget)
    here = Position.from_grid(grid)
    for k, step in enumerate(run.steps):
        if step.last_resort or any(c == cell for c, _ in step.placements):
            break
        here.apply(step.placements, step.eliminations)
        after = _refute(here, cell, digit)
        if after.contradiction is not None:
            start = Position.from_grid(grid)
            return _fewer_first(start, cell, digit, run.steps[: k + 1], after)
    return found


# Steps whose pattern lies in their units (`Step.units`): the same candidates there, the same
# step. Any other kind of step is taken to read the whole grid.
IN_THEIR_UNITS = frozenset(
    (
        "Full house",
        "Hidden single",
        "Naked single",
        "Pointing",
        "Claiming",
        "Direct pointing",
        "Direct claiming",
        "Naked pair",
        "Naked triple",
        "Naked quad",
        "Hidden pair",
        "Hidden triple",
        "Hidden quad",
        "Direct hidden pair",
        "Direct hidden triple",
    )
)


def _fewer_first(
    start: Position, cell: int, digit: int, first: tuple[Step, ...], found: Refutation
) -> Refutation:
    """`found`, made after the engine's steps `first`, without the steps it can do without
    (tried from the last to the first): a step goes if the chain still holds without it and
    every later step kept still sees in its pattern what it saw when the engine found it."""
    seen = [start]  # the position each step of `first` was found in
    for step in first:
        seen.append(seen[-1].copy())
        seen[-1].apply(step.placements, step.eliminations)
    kept = list(range(len(first)))
    assert found.contradiction is not None
    forced, broken = list(found.forced), found.contradiction
    for i in reversed(range(len(first))):
        fewer = [j for j in kept if j != i]
        here = start.copy()
        for j in fewer:
            if not _sees_the_same(here, seen[j], first[j]):
                break
            here.apply(first[j].placements, first[j].eliminations)
        else:
            held = _holds(here, cell, digit, forced, broken)
            if held is not None:
                kept, (forced, broken) = fewer, held
    return found._replace(
        first=tuple(first[j] for j in kept), forced=tuple(forced), contradiction=broken
    )


def _sees_the_same(here: Position, then: Position, step: Step) -> bool:
    """Does `step`, found in `then`, hold in `here`: the same digits and candidates in its
    units (in the whole grid for a step whose pattern may lie beyond them)?"""
    if step.technique in IN_THEIR_UNITS:
        cells: range | set[int] = {c for u in step.units for c in UNITS[u]}
    else:
        cells = CELLS
    return all(here.grid[c] == then.grid[c] and here.cands[c] == then.cands[c] for c in cells)


def _refute(start: Position, cell: int, digit: int) -> Refutation:
    """The refutation of `digit` in `cell` from `start` by forced digits alone."""
    trail = follow(start, cell, digit)
    if trail.contradiction is None:
        trail = follow(start, cell, digit, caused_only=False)
    if trail.contradiction is None:
        return Refutation((), (), None, len(trail.forced))
    moves = [Forced(cell, digit, None), *trail.forced]
    end = start.copy()
    for move in moves:
        end.place(move.cell, move.digit)
    best: list[Forced] | None = None
    found = trail.contradiction
    for broken in [trail.contradiction, *_contradictions(end)]:
        kept = [moves[i] for i in _needed(start, moves, broken) if i]
        if best is None or len(kept) < len(best):
            best, found = kept, broken
    assert best is not None
    chain, found = _trimmed(start, cell, digit, best, found)
    return Refutation((), tuple(chain), found, len(trail.forced))


def _holds(
    start: Position, cell: int, digit: int, forced: list[Forced], broken: Contradiction
) -> tuple[list[Forced], Contradiction] | None:
    """The chain replayed: each digit a single when it comes (by the reason it gives if that
    still holds, else by another), then the same contradiction (with the cells it now has);
    None if it breaks."""
    s = start.copy()
    s.place(cell, digit)
    out = []
    for move in forced:
        reason = _single_reason(s, move)
        if reason is None:
            return None
        out.append(reason)
        s.place(move.cell, move.digit)
    for now in _contradictions(s):
        if (now.kind, now.digit, now.unit, now.cells[:1]) == (
            broken.kind,
            broken.digit,
            broken.unit,
            broken.cells[:1] if broken.kind == NO_DIGIT else now.cells[:1],
        ):
            return out, now
    return None


def _single_reason(s: Position, move: Forced) -> Forced | None:
    """`move` with a reason it is a single in `s` (its own if that holds), or None."""
    if s.grid[move.cell] or not s.cands[move.cell] & BIT[move.digit]:
        return None
    alone = DIGITS_OF[s.cands[move.cell]] == (move.digit,)
    units = [u for u in UNITS_OF[move.cell] if s.dbb[move.digit] & UNIT_BB[u] == 1 << move.cell]
    if (move.unit is None and alone) or move.unit in units:
        return move
    if units:
        return move._replace(unit=units[0])
    return move._replace(unit=None) if alone else None


def _trimmed(
    start: Position, cell: int, digit: int, forced: list[Forced], broken: Contradiction
) -> tuple[list[Forced], Contradiction]:
    """The chain without the digits it can do without (tried from the last to the first)."""
    for i in range(len(forced) - 1, -1, -1):
        fewer = _holds(start, cell, digit, forced[:i] + forced[i + 1 :], broken)
        if fewer is not None:
            forced, broken = fewer
    return forced, broken


def _contradictions(s: Position) -> list[Contradiction]:
    """Every cell with no digit left and every digit with no place left in a unit."""
    found = [
        Contradiction(NO_DIGIT, (c,), 0, None) for c in CELLS if not s.grid[c] and not s.cands[c]
    ]
    for u, unit in enumerate(UNITS):
        placed = 0
        for c in unit:
            placed |= BIT[s.grid[c]]
        open_cells = tuple(c for c in unit if not s.grid[c])
        for d in DIGITS:
            if not placed & BIT[d] and not s.dbb[d] & UNIT_BB[u]:
                found.append(Contradiction(NO_PLACE, open_cells, d, u))
    return found


def _gone(start: Position, broken: Contradiction) -> list[tuple[int, int]]:
    """The candidates of `start` that must have gone for the contradiction to hold."""
    if broken.kind == NO_DIGIT:
        c = broken.cells[0]
        return [(c, d) for d in DIGITS_OF[start.cands[c]]]
    assert broken.kind == NO_PLACE and broken.unit is not None
    d = broken.digit
    return [(c, d) for c in UNITS[broken.unit] if start.cands[c] & BIT[d]]


def _needs(start: Position, move: Forced) -> list[tuple[int, int]]:
    """The candidates of `start` that must have gone before `move` was forced: the cell's
    other digits (a naked single), or the digit's other places in the unit (a hidden single)."""
    if move.unit is None:
        return [(move.cell, d) for d in DIGITS_OF[start.cands[move.cell]] if d != move.digit]
    return [
        (c, move.digit)
        for c in UNITS[move.unit]
        if c != move.cell and start.cands[c] & BIT[move.digit]
    ]


def _removes(move: Forced, candidate: tuple[int, int]) -> bool:
    """Does placing `move` take `candidate` away (it fills the cell, or puts the digit in a
    peer)?"""
    c, d = candidate
    return move.cell == c or (move.digit == d and bool(PEER_BB[move.cell] >> c & 1))


def _needed(start: Position, moves: list[Forced], broken: Contradiction) -> tuple[int, ...]:
    """Indexes into `moves` (0: the assumption) of the placements the contradiction needs,
    in order."""
    kept = {0}
    todo = [(len(moves), _gone(start, broken))]
    while todo:
        todo.sort()
        before, gone = todo.pop()
        for candidate in gone:
            removers = [i for i in range(before) if _removes(moves[i], candidate)]
            if not removers or any(i in kept for i in removers):
                continue  # gone from the start (cannot happen here), or already explained
            i = removers[0]
            kept.add(i)
            todo.append((i, _needs(start, moves[i])))
    return tuple(sorted(kept))


def digit_text(move: Forced) -> str:
    """'r3c4 must be 7 (the only place for 7 in box 2)' style reason for a forced digit."""
    where = cell_name(move.cell)
    if move.unit is None:
        return f"{where} must be {move.digit} (its only digit left)"
    return (
        f"{where} must be {move.digit} (the only place for {move.digit} in {unit_name(move.unit)})"
    )
