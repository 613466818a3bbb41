"""Following a digit to a contradiction: the one routine behind "why this entry is wrong", the
sentence of a trial that fails, and the check that a position can still be finished.

`follow(position, cell, digit)` assumes the digit and follows the singles it forces, breadth
first from the assumption: only cells and units that a forced move changed are looked at, so
every move it names is a consequence of the digit (with `caused_only=False`, once those run
out it goes on with any other single of the position). With `locks`, when no single is left
it makes a pointing or claiming and goes on with the singles that leaves; with `wake` too,
only one the digit's consequences made (its base unit lost a candidate of its digit on the
way), so that a wrong entry's chain names only what the entry causes. It stops at the first
contradiction: a cell with no digit left, or a digit with no place left in a unit. Each
forced move says what forced it: the unit where its digit had no other place, or (unit None)
its cell, which had no other digit.

`trail_chain` turns a trail into the whole chain behind it (step.Chain): every placement and
elimination the conclusion rests on, each with the earlier claims it follows from.
"""

from __future__ import annotations

from collections import deque
from typing import NamedTuple

from ..board import (
    BIT,
    CELLS,
    DIGITS,
    DIGITS_OF,
    PEER_BB,
    UNIT_BB,
    UNITS,
    UNITS_OF,
    cell_name,
    first_cell,
    is_single,
    set_bits,
    unit_name,
)
from .position import Position
from .step import Candidate, Chain, Node

REPEAT, NO_DIGIT, NO_PLACE = "repeat", "no digit", "no place"
Fact = tuple[int, int, bool]  # (cell, digit, on): the digit is placed there, or gone from it


class Forced(NamedTuple):
    """A digit forced into a cell: the only place for it in `unit`, or (unit None) the only
    digit left in the cell."""

    cell: int
    digit: int
    unit: int | None


class Contradiction(NamedTuple):
    """Why a position cannot be finished: a digit twice in a unit, a cell with no digit left,
    or a digit with no place left in a unit. `cells` show it: the repeated digits, the empty
    cell, or the unit's open cells."""

    kind: str
    cells: tuple[int, ...]
    digit: int  # 0 for a cell with no digit left
    unit: int | None  # None for a cell with no digit left

    @property
    def text(self) -> str:
        """As a fact: 'r1c1 has no candidate left'."""
        if self.kind == NO_DIGIT:
            return f"{cell_name(self.cells[0])} has no candidate left"
        assert self.unit is not None
        if self.kind == REPEAT:
            return f"{self.digit} appears twice in {unit_name(self.unit)}"
        return f"{self.digit} has no place left in {unit_name(self.unit)}"

    @property
    def hypothetical(self) -> str:
        """As what would happen: 'r1c1 would have no digit left'."""
        if self.kind == NO_DIGIT:
            return f"{cell_name(self.cells[0])} would have no digit left"
        assert self.unit is not None
        if self.kind == REPEAT:
            return f"{self.digit} would appear twice in {unit_name(self.unit)}"
        return f"{unit_name(self.unit)} would have no place left for {self.digit}"


class Lock(NamedTuple):
    """Locked candidates applied while following: `digit` in `base` lies only where `base`
    meets `cover`, so `eliminations` leave the rest of `cover`; made after the first `after`
    forced moves."""

    after: int
    digit: int
    base: int
    cover: int
    eliminations: tuple[Candidate, ...]


class Trail(NamedTuple):
    """The moves an assumption forced, in order, and the contradiction it met (None: none
    was reached); with `locks`, the locked candidates used on the way."""

    forced: tuple[Forced, ...]
    contradiction: Contradiction | None
    locks: tuple[Lock, ...] = ()


def contradiction(s: Position) -> Contradiction | None:
    """The first reason the position cannot be finished as it stands: a repeated digit (in
    unit order), else a cell with no digit left, else a digit with no place in a unit."""
    for u, unit in enumerate(UNITS):
        seen = 0
        for c in unit:
            bit = BIT[s.grid[c]]
            if seen & bit:
                d = s.grid[c]
                return Contradiction(REPEAT, tuple(x for x in unit if s.grid[x] == d), d, u)
            seen |= bit
    for c in CELLS:
        if not s.grid[c] and not s.cands[c]:
            return Contradiction(NO_DIGIT, (c,), 0, None)
    return _no_place(s, range(27))


def _no_place(s: Position, units: range | tuple[int, ...] | list[int]) -> Contradiction | None:
    """A digit that is neither placed in nor a candidate of one of `units`."""
    for u in units:
        ubb = UNIT_BB[u]
        placed = 0
        for c in UNITS[u]:
            placed |= BIT[s.grid[c]]
        for d in DIGITS:
            if not placed & BIT[d] and not s.dbb[d] & ubb:
                return Contradiction(NO_PLACE, tuple(set_bits(s.empty & ubb)), d, u)
    return None


def follow(
    start: Position,
    cell: int,
    digit: int,
    *,
    locks: bool = False,
    wake: bool = False,
    caused_only: bool = True,
    limit: int | None = None,
    goals: tuple[Fact, ...] = (),
) -> Trail:
    """Assume `digit` in `cell` and follow the singles it forces (and, with `locks`, the
    locked candidates; with `wake` too, only those in the digit's wake, whose base unit has
    lost a candidate of their digit since `start`) to the first contradiction; stop without
    one when nothing more is forced, after `limit` moves, or once every one of `goals` holds
    (a goal (cell, digit, True) holds when that digit is placed there, (cell, digit, False)
    when it is gone from the cell). See the module docstring for the order."""
    s = start.copy()
    touched: deque[tuple[int, int]] = deque(_place(s, cell, digit))
    forced: list[Forced] = []
    used: list[Lock] = []
    units: range | list[int] = range(27)  # where a digit may have lost its last place
    while True:
        broken = _broken_after(s, units)
        if broken is not None:
            return Trail(tuple(forced), broken, tuple(used))
        if (limit is not None and len(forced) >= limit) or (
            goals and all(_holds(s, goal) for goal in goals)
        ):
            return Trail(tuple(forced), None, tuple(used))
        move = _next_caused(s, touched)
        if move is None and locks:
            lock = _apply_lock(s, len(forced), start if wake else None)
            if lock is not None:
                used.append(lock)
                lost = [(c, BIT[d]) for c, d in lock.eliminations]
                touched.extend(lost)
                units = _units_of(lost)
                continue
        if move is None and not caused_only:
            move = _any_single(s)
        if move is None:
            return Trail(tuple(forced), None, tuple(used))
        forced.append(move)
        lost = _place(s, move.cell, move.digit)
        touched.extend(lost)
        units = _units_of(lost)


def _units_of(lost: list[tuple[int, int]]) -> list[int]:
    """The units, in order, of the cells that lost candidates."""
    return sorted({u for c, _ in lost for u in UNITS_OF[c]})


def _holds(s: Position, goal: Fact) -> bool:
    cell, digit, on = goal
    if on:
        return s.grid[cell] == digit
    return s.grid[cell] != digit and not s.cands[cell] & BIT[digit]


def _place(s: Position, cell: int, digit: int) -> list[tuple[int, int]]:
    """Place the digit; what that took away: (cell, mask of digits it lost), the cell itself
    (its other digits) first, then each peer that lost the digit."""
    lost = [(cell, s.cands[cell] & ~BIT[digit])]
    lost += [(peer, BIT[digit]) for peer in set_bits(s.dbb[digit] & PEER_BB[cell])]
    s.place(cell, digit)
    return lost


def _broken_after(s: Position, units: range | list[int]) -> Contradiction | None:
    """A cell with no digit left, else a digit with no place in one of `units` (cells first:
    the plainer reason). Moves only remove candidates of open cells, so no digit repeats,
    and only the units of cells that lost candidates can have lost a digit's last place."""
    ones = 0
    for bb in s.dbb:
        ones |= bb
    empty = s.empty & ~ones
    if empty:
        return Contradiction(NO_DIGIT, (first_cell(empty),), 0, None)
    return _no_place(s, units)


def _next_caused(s: Position, touched: deque[tuple[int, int]]) -> Forced | None:
    """The first single that a loss of candidates made, oldest loss first: the cell that lost
    them left with one digit, or a digit it lost left with one place in one of its units.
    Losses that make none leave the queue."""
    while touched:
        c, lost = touched[0]
        if not s.grid[c]:
            digits = DIGITS_OF[s.cands[c]]
            if len(digits) == 1:
                return Forced(c, digits[0], None)
        for u in UNITS_OF[c]:
            for d in DIGITS_OF[lost]:
                x = s.dbb[d] & UNIT_BB[u]
                if is_single(x):
                    return Forced(first_cell(x), d, u)
        touched.popleft()
    return None


def _any_single(s: Position) -> Forced | None:
    """A naked single in cell order, else a hidden single in unit order."""
    for c in CELLS:
        if not s.grid[c] and len(DIGITS_OF[s.cands[c]]) == 1:
            return Forced(c, DIGITS_OF[s.cands[c]][0], None)
    for u in range(27):
        for d in DIGITS:
            x = s.dbb[d] & UNIT_BB[u]
            if is_single(x):
                return Forced(first_cell(x), d, u)
    return None


def _apply_lock(s: Position, after: int, since: Position | None) -> Lock | None:
    """Apply one pointing or claiming (None: there is none); with `since`, the first (in the
    engine's order) whose base unit has lost a candidate of its digit since that position."""
    from .intersections import _claiming, _pointing, claiming, pointing  # they import singles

    if since is None:
        step = pointing(s) or claiming(s)
        if step is None:
            return None
        s.apply((), step.eliminations)
        base, cover = step.units[:2]
        return Lock(after, step.eliminations[0][1], base, cover, step.eliminations)
    for patterns in (_pointing, _claiming):
        found = [
            p
            for d in DIGITS
            if s.dbb[d] != since.dbb[d]
            for p in patterns(d, s.dbb[d])
            if s.dbb[d] & UNIT_BB[p.base] != since.dbb[d] & UNIT_BB[p.base]
        ]
        if found:
            d, base, cover, _, gone = min(found, key=lambda p: (p.base, p.digit, p.cover))
            eliminations = tuple((c, d) for c in set_bits(gone))
            s.apply((), eliminations)
            return Lock(after, d, base, cover, eliminations)
    return None


# --- the whole chain behind a trail -------------------------------------------------------


def trail_chain(
    start: Position,
    cell: int,
    digit: int,
    trail: Trail,
    goals: tuple[Fact, ...] = (),
    given: tuple[Fact, ...] = (),
) -> Chain:
    """The chain from the assumption `digit` in `cell` to what `trail` reached: its
    contradiction, else the `goals` it reached. `trail` was made by `follow` from `start`
    with the facts `given` (premises of the chain, in order: eliminations, or digits placed)
    applied first. Only the claims the end rests on are kept, in the order they were made;
    each names the earlier claims it follows from (the first reason found for it)."""
    s = start.copy()
    orig = start.cands
    why: dict[Fact, tuple[Fact, ...]] = {}
    by: dict[Fact, str] = {}  # the locked candidates behind an elimination
    order: list[Fact] = []

    def add(fact: Fact, parents: tuple[Fact, ...]) -> None:
        if fact not in why:
            why[fact] = tuple(p for p in parents if p in why)
            order.append(fact)

    def place(c: int, d: int, parents: tuple[Fact, ...]) -> None:
        add((c, d, True), parents)
        on = ((c, d, True),)
        for e in DIGITS_OF[s.cands[c] & ~BIT[d]]:
            add((c, e, False), on)
        for peer in set_bits(s.dbb[d] & PEER_BB[c]):
            add((peer, d, False), on)
        s.place(c, d)

    def offs(cells: tuple[int, ...] | list[int], d: int) -> tuple[Fact, ...]:
        return tuple((x, d, False) for x in cells if orig[x] & BIT[d])

    for c, d, on in given:
        if on:
            place(c, d, ())
        else:
            add((c, d, False), ())
            s.eliminate(c, d)
    place(cell, digit, ())
    locks = list(trail.locks)
    for i, move in enumerate((*trail.forced, None)):
        while locks and locks[0].after == i:
            lock = locks.pop(0)
            inside = set(UNITS[lock.cover])
            support = offs([x for x in UNITS[lock.base] if x not in inside], lock.digit)
            kind = "pointing" if lock.base >= 18 else "claiming"  # 18: box 1
            for c, d in lock.eliminations:
                if (c, d, False) not in why:
                    by[(c, d, False)] = f"{kind} in {unit_name(lock.base)}"
                add((c, d, False), support)
            s.apply((), lock.eliminations)
        if move is None:
            break
        c, d, unit = move
        if unit is None:
            parents = tuple((c, e, False) for e in DIGITS_OF[orig[c] & ~BIT[d]])
        else:
            parents = offs([x for x in UNITS[unit] if x != c], d)
        place(c, d, parents)
    broken = trail.contradiction
    if broken is not None:
        if broken.kind == NO_DIGIT:
            ends = tuple((broken.cells[0], e, False) for e in DIGITS_OF[orig[broken.cells[0]]])
        else:
            assert broken.unit is not None
            ends = offs(UNITS[broken.unit], broken.digit)
        end = f"contradiction: {broken.text}"
    else:
        ends = goals
        end = ""
    return _sliced(order, why, by, ends, end)


def _sliced(
    order: list[Fact],
    why: dict[Fact, tuple[Fact, ...]],
    by: dict[Fact, str],
    ends: tuple[Fact, ...],
    end: str,
) -> Chain:
    """The facts `ends` rest on (themselves included), in `order`, as a Chain (`by`: the step
    behind a fact that is not a single's)."""
    needed: set[Fact] = set()
    stack = [f for f in ends if f in why]
    while stack:
        fact = stack.pop()
        if fact not in needed:
            needed.add(fact)
            stack.extend(why[fact])
    kept = [f for f in order if f in needed]
    index = {f: i for i, f in enumerate(kept)}
    nodes = tuple(
        Node(
            (c,), d, on, tuple(sorted(index[p] for p in why[(c, d, on)])), by=by.get((c, d, on), "")
        )
        for c, d, on in kept
    )
    return Chain(nodes, end)
