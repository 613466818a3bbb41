"""Why a digit cannot stand in a cell: the shortest chain of steps it forces, up to the first
contradiction it meets.

`refute(grid, cell, digit)` places the digit in a position that has only correct digits and
follows what it causes (the contradiction follower, `follow`, breadth first) to the first
contradiction: a cell with no digit left, or a digit with no place left in a unit. The follower
makes the singles the digit causes and, when those run out, locked candidates (pointing or
claiming) in its wake: a base unit that lost a candidate of that digit on the way. The trail
it walks is then cut down to what the contradiction needs: working back from it, each
candidate the contradiction (or a step) needs gone is put down to one step that removed it,
the one already kept if there is one, else the earliest; then each step left is dropped if the
chain holds without it. What is left is a chain in which every step is needed, in the order
they were made. Of the contradictions present when the follower stops, the one with the
shortest chain is given.

When the digit breaks nothing by itself, or only by a chain too long for the hint's sentence,
the engine's first pattern steps (no search) are made before it, one more each time until it
does; then each of those steps is dropped (from the last to the first) if the chain holds
without it and the steps kept after it still find their patterns as they were. The shorter of
the two reasons, counting both kinds of step, is given.
"""

from __future__ import annotations

from collections.abc import Sequence
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
    is_single,
    set_bits,
    unit_name,
)
from .logic import TECHNIQUES, solve_logically
from .search import Budget
from .techniques.contradiction import (
    NO_DIGIT,
    NO_PLACE,
    Contradiction,
    Forced,
    Lock,
    Trail,
    follow,
)
from .techniques.position import Position
from .techniques.step import Candidate, Step, names

FIRST_STEPS = 12  # the engine's steps tried before the digit (see refute)
PATTERNS = tuple(name for name, _ in TECHNIQUES)  # what those steps may use: no search
SHOWN_TRACE = 3  # steps of a chain the hint's sentence says itself (longer ones fold)

Link = Forced | Lock  # a step of a chain: a forced digit, or locked candidates


class Refutation(NamedTuple):
    """Why a digit is wrong: the engine's steps that must come first (`first`, made without
    the digit; usually none, and none the chain can do without), then what it forces
    (`chain`, in order, each one needed: digits, and locked candidates that rule some out)
    and the contradiction they reach (None: none was found)."""

    first: tuple[Step, ...]
    chain: tuple[Link, ...]
    contradiction: Contradiction | None


def refute(grid: Grid, cell: int, digit: int, budget: Budget) -> Refutation:
    """Why `digit` in the empty `cell` of `grid` (a grid of correct digits only) leads to a
    contradiction: what the digit causes (singles, and locked candidates in its wake); unless
    that takes at most SHOWN_TRACE steps, also what it causes after each of the engine's first
    pattern steps in the position (up to FIRST_STEPS, none filling `cell` or ruling `digit`
    out of it; `budget` bounds their solve), each cut to the steps it needs. The fewest steps
    in all win, the digit alone on a tie."""
    found = _refute(Position.from_grid(grid), cell, digit)
    if found.contradiction is not None and len(found.chain) <= SHOWN_TRACE:
        return found
    run = solve_logically(grid, max_steps=FIRST_STEPS, budget=budget, only=PATTERNS)
    here = Position.from_grid(grid)
    for k, step in enumerate(run.steps):
        fills = any(c == cell for c, _ in step.placements)
        if step.last_resort or fills or (cell, digit) in step.eliminations:
            break  # the solution read, or a step that would not hold whatever the cell holds
        here.apply(step.placements, step.eliminations)
        after = _refute(here, cell, digit)
        if after.contradiction is None:
            continue
        if found.contradiction is None or len(after.chain) < _length(found):
            start = Position.from_grid(grid)
            after = _fewer_first(start, cell, digit, run.steps[: k + 1], after)
            if found.contradiction is None or _length(after) < _length(found):
                found = after
    return found


def _length(found: Refutation) -> int:
    """The steps a refutation shows: the engine's made first, then its chain."""
    return len(found.first) + len(found.chain)


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
    seen = found_in(start, first)
    kept = list(range(len(first)))
    assert found.contradiction is not None
    chain, broken = list(found.chain), found.contradiction
    for i in reversed(range(len(first))):
        fewer = [j for j in kept if j != i]
        here = replayed(start, first, fewer, seen)
        if here is not None:
            held = _holds(here, cell, digit, chain, broken)
            if held is not None:
                kept, (chain, broken) = fewer, held
    return found._replace(
        first=tuple(first[j] for j in kept), chain=tuple(chain), contradiction=broken
    )


def found_in(start: Position, steps: Sequence[Step]) -> list[Position]:
    """The position each of the steps was found in, made in order from `start`, then the one
    after them all."""
    seen = [start]
    for step in steps:
        seen.append(seen[-1].copy())
        seen[-1].apply(step.placements, step.eliminations)
    return seen


def replayed(
    start: Position, steps: Sequence[Step], kept: list[int], seen: list[Position]
) -> Position | None:
    """The position after the steps `kept` (indexes), made from `start`, if each still sees
    what it saw where it was found (`seen`, from `found_in`); else None."""
    here = start.copy()
    for j in kept:
        if not sees_the_same(here, seen[j], steps[j]):
            return None
        here.apply(steps[j].placements, steps[j].eliminations)
    return here


def sees_the_same(here: Position, then: Position, step: Step) -> bool:
    """Does `step`, found in `then`, hold in `here`: the same digits and candidates in its
    units (in the whole grid for a step whose pattern may lie beyond them)?"""
    if step.technique in IN_THEIR_UNITS:
        cells: range | set[int] = {c for u in step.units for c in UNITS[u]}
    else:
        cells = CELLS
    return all(here.grid[c] == then.grid[c] and here.cands[c] == then.cands[c] for c in cells)


def _refute(start: Position, cell: int, digit: int) -> Refutation:
    """The refutation of `digit` in `cell` from `start` by what the digit causes: singles,
    and locked candidates in its wake."""
    trail = follow(start, cell, digit, locks=True, wake=True)
    if trail.contradiction is None:
        return Refutation((), (), None)
    return _cut(start, cell, digit, trail)


def _cut(start: Position, cell: int, digit: int, trail: Trail) -> Refutation:
    """`trail` (it reached a contradiction) cut to the shortest chain of steps it needs."""
    assert trail.contradiction is not None
    moves = [Forced(cell, digit, None), *_in_order(trail)]
    end = start.copy()
    for move in moves:
        _make(end, move)
    best: list[Link] | None = None
    found = trail.contradiction
    for broken in [trail.contradiction, *_contradictions(end)]:
        kept = [moves[i] for i in _needed(start, moves, broken) if i]
        if best is None or len(kept) < len(best):
            best, found = kept, broken
    assert best is not None
    chain, found = _trimmed(start, cell, digit, best, found)
    return Refutation((), tuple(chain), found)


def _in_order(trail: Trail) -> list[Link]:
    """The trail's forced digits with its locked candidates where they were made."""
    out: list[Link] = []
    locks = list(trail.locks)
    for i, move in enumerate((*trail.forced, None)):
        while locks and locks[0].after == i:
            out.append(locks.pop(0))
        if move is not None:
            out.append(move)
    return out


def _make(s: Position, link: Link) -> None:
    """Place the forced digit, or make the locked candidates' eliminations."""
    if isinstance(link, Lock):
        s.apply((), link.eliminations)
    else:
        s.place(link.cell, link.digit)


def _holds(
    start: Position, cell: int, digit: int, chain: list[Link], broken: Contradiction
) -> tuple[list[Link], Contradiction] | None:
    """The chain replayed: each digit a single when it comes (by the reason it gives if that
    still holds, else by another), each lock still locked (ruling out what it now can), then
    the same contradiction (with the cells it now has); None if it breaks."""
    s = start.copy()
    s.place(cell, digit)
    out: list[Link] = []
    placed = 0
    for link in chain:
        made = _lock_now(s, link, placed) if isinstance(link, Lock) else _single_reason(s, link)
        if made is None:
            return None
        out.append(made)
        placed += not isinstance(made, Lock)
        _make(s, made)
    for now in _contradictions(s):
        if (now.kind, now.digit, now.unit, now.cells[:1]) == (
            broken.kind,
            broken.digit,
            broken.unit,
            broken.cells[:1] if broken.kind == NO_DIGIT else now.cells[:1],
        ):
            return out, now
    return None


def _lock_now(s: Position, lock: Lock, after: int) -> Lock | None:
    """`lock` as it stands in `s` (made after `after` forced digits), or None: its digit
    still lies in two or more cells of the base, all in the cover, and the cover still has
    it elsewhere."""
    d, base, cover = lock.digit, lock.base, lock.cover
    inside = s.dbb[d] & UNIT_BB[base]
    rest = s.dbb[d] & UNIT_BB[cover] & ~UNIT_BB[base]
    if not inside or is_single(inside) or inside & ~UNIT_BB[cover] or not rest:
        return None
    return Lock(after, d, base, cover, tuple((c, d) for c in set_bits(rest)))


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
    start: Position, cell: int, digit: int, chain: list[Link], broken: Contradiction
) -> tuple[list[Link], Contradiction]:
    """The chain without the steps it can do without (tried from the last to the first), each
    step as it stands in the chain (a lock rules out all it can there)."""
    chain, broken = _holds(start, cell, digit, chain, broken) or (chain, broken)
    for i in range(len(chain) - 1, -1, -1):
        fewer = _holds(start, cell, digit, chain[:i] + chain[i + 1 :], broken)
        if fewer is not None:
            chain, broken = fewer
    return chain, broken


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


def _needs(start: Position, move: Link) -> list[tuple[int, int]]:
    """The candidates of `start` that must have gone before `move` was made: the cell's other
    digits (a naked single), the digit's other places in the unit (a hidden single), or the
    digit's places in the base outside the cover (locked candidates)."""
    if isinstance(move, Lock):
        d, outside = move.digit, UNIT_BB[move.base] & ~UNIT_BB[move.cover]
        return [(c, d) for c in set_bits(start.dbb[d] & outside)]
    if move.unit is None:
        return [(move.cell, d) for d in DIGITS_OF[start.cands[move.cell]] if d != move.digit]
    return [
        (c, move.digit)
        for c in UNITS[move.unit]
        if c != move.cell and start.cands[c] & BIT[move.digit]
    ]


def _removes(move: Link, candidate: tuple[int, int]) -> bool:
    """Does making `move` take `candidate` away (a lock rules it out, or a digit fills the
    cell or is put in a peer)?"""
    if isinstance(move, Lock):
        return candidate in move.eliminations
    c, d = candidate
    return move.cell == c or (move.digit == d and bool(PEER_BB[move.cell] >> c & 1))


def _needed(start: Position, moves: list[Link], broken: Contradiction) -> tuple[int, ...]:
    """Indexes into `moves` (0: the assumption) of the steps the contradiction needs, in
    order."""
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


def locked_places(
    start: Position, cell: int, digit: int, chain: Sequence[Link]
) -> tuple[Candidate, ...]:
    """Where the chain's locked candidates find their digits when they are made (from `start`,
    the wrong digit in `cell` and the chain's steps before each): each base's places, all in
    its cover."""
    s = start.copy()
    s.place(cell, digit)
    places: list[Candidate] = []
    for link in chain:
        if isinstance(link, Lock):
            inside = s.dbb[link.digit] & UNIT_BB[link.base]
            places += [(c, link.digit) for c in set_bits(inside)]
        _make(s, link)
    return tuple(places)


def link_text(link: Link) -> str:
    """A step of a chain with its reason: 'r3c4 must be 7 (the only place for 7 in box 2)',
    or 'r5c7 and r5c9 can't be 3 (in box 4, 3 can only go in row 5)'."""
    if isinstance(link, Lock):
        d, base, cover = link.digit, unit_name(link.base), unit_name(link.cover)
        where = names(c for c, _ in link.eliminations)
        return f"{where} can't be {d} (in {base}, {d} can only go in {cover})"
    where = cell_name(link.cell)
    if link.unit is None:
        return f"{where} must be {link.digit} (its only digit left)"
    return (
        f"{where} must be {link.digit} (the only place for {link.digit} in {unit_name(link.unit)})"
    )
