"""Leading to a chosen cell: can it be filled now, and if not, the fewest steps after which it
can.

A cell can be filled now when one step places its digit: a single (full house, hidden single,
naked single), or a "direct" technique: pointing, claiming or a hidden pair or triple whose
eliminations leave the cell a hidden single, as Sudoku Explainer defines them (`fill_now`;
`hint` also takes the engine's own easiest step, BUG+1 or a chain say, when it places the
cell).

Otherwise `lead` looks for the fewest steps after which the cell can be filled. Among singles
and locked candidates (pointing, claiming), on the bit-lane board of lanes.py:

1. Their closure: make them in waves (every move there is) until none is left. If the cell is
   never a single, no sequence of them reaches it. If it is, the moves it needed, worked back
   from the cell (each candidate that had to go is put down to a move that removed it), then
   without any the rest can do without, are a sequence that works: an upper bound. It is
   worked back twice, and the shorter kept: once put down to the first wave that removed
   each candidate, once to the cheapest remover, each move costed by what it needs gone
   (`_cheapest`). On a sample of kaggle and top1465 positions the bound was above the
   fewest in 41 of 901 cells instead of 132; that is what the hint says where step 2 runs out
   of nodes.
2. Iterative deepening for a shorter one: every sequence of 1, 2, 3 ... moves, up to where
   one step fills the cell: a single, or a direct technique (a direct hidden pair or triple
   too: a sequence may end shorter with one than with a single). Every single places the
   solution's digit, so candidates only ever go and what a set of moves leaves does not
   depend on their order: each set is tried in one order only (a move comes before a
   lower-numbered one only if that one became possible through it). Distances, worked out
   once, prune the rest: a move is 1 away when it removes a candidate that must go before the
   cell can be filled (for a direct hidden subset, the digits its cells hold in the solution
   and the cell's digit, outside the subset in its unit), k + 1 away when it removes one that
   a k-away move needs gone. In a shortest sequence of n moves every move helps the cell or a
   later move (else it could be left out), so the i-th is at most n - i + 1 away; moves
   further away are not tried there. (The closure, which ends at a single, counts only toward
   one, or a direct pointing or claiming.) Each position looked at costs a node of the budget;
   when the nodes run out, the bound of step 1 stands (`Lead.shortest` is then False).

The easiest lead near the fewest. A lead's level is that of its hardest step, the one that
fills the cell included (ratings.LEVELS: Easy, full houses and hidden singles; Medium, naked
singles and the direct techniques; Hard, pointing and claiming). Easy and Medium steps need no
notes (a placed digit shows on the grid; the direct techniques are Sudoku Explainer's for
solving without them); a pointing or claiming only rules candidates out, which a player
without notes does not see, and the singles after it rest on that. So when the fewest singles
and locked candidates include one, the same two steps over singles alone (`Tier`: their own
closure and deepening, the nodes of one search shared with the next pass) look for a lead of
at most MARGIN (2) more moves, given if found; and a Medium lead gives way to one of hidden
singles alone with no more moves (a tie: the shorter wins between Easy and Medium). On a
random cell of every third position of 150 kaggle, 60 top1465 (notes) and 50 norvig_easy50
solves, where the fewest (proved with 100,000 nodes) take a pointing or claiming and singles
alone lead too, those take 0 / 1 / 2 / 3+ more moves in 28 / 34 / 10 / 15 of 87 cells: past 2
they spread out (3 to 8 more, a lead 1.4 to 6 times as long). `Lead.shortest` stays a claim
about singles and locked candidates, so a lead of singles longer than their fewest says
"within".

When singles and locked candidates cannot reach the cell, the lead makes the engine's easiest
step (whatever its technique) and tries again, a few times (`ENGINE_STEPS`). Those steps are
the engine's easiest, not chosen for the cell, so each the lead can do without is then dropped
(`_fewer_engine_steps`). Such a count is that of a sequence found, not one proved shortest.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable
from itertools import combinations
from typing import NamedTuple

from . import lanes
from .board import BIT, DIGITS_OF, UNIT_BB, UNITS, UNITS_OF, Grid, set_bits
from .logic import solve_logically
from .ratings import LEVELS, rating
from .search import Budget, Meter, OutOfBudget
from .techniques.intersections import Locked, _locked_step
from .techniques.position import Position
from .techniques.singles import (
    HiddenSingle,
    full_house_step,
    hidden_single_step,
    naked_single_step,
)
from .techniques.step import Step
from .techniques.subsets import _hidden, _hidden_step
from .wrong_entry import found_in, replayed, sees_the_same

LEAD_NODES = 1_000  # positions one search may look at (fewer if the hint's budget has fewer)
ENGINE_STEPS = 3  # the engine's own steps made when singles and locked candidates cannot lead
MARGIN = 2  # more moves a lead of singles may take than the fewest, which need notes


class Tier(NamedTuple):
    """The steps a lead may take, those of a level of ratings.LEVELS (`top`, its highest
    rating): singles seen in `views` (0: naked, 1-3: hidden), pointing and claiming as moves
    (`locks`), direct techniques as the step that fills the target (`direct`)."""

    top: float
    views: tuple[int, ...]
    locks: bool
    direct: bool


EASY = Tier(LEVELS[0][0], (1, 2, 3), locks=False, direct=False)  # full houses, hidden singles
MEDIUM = Tier(LEVELS[1][0], (0, 1, 2, 3), locks=False, direct=True)  # naked singles, direct
HARD = Tier(LEVELS[2][0], (0, 1, 2, 3), locks=True, direct=True)  # pointing and claiming

# --- Moves on the lanes: a single is its candidate p (9 * cell + digit - 1), a lock 729 + flag.

LOCK = 729


def _in_view0(cells: tuple[int, ...] | list[int], digit0: int) -> int:
    return sum(1 << (9 * c + digit0) for c in cells)


def _lock_units(flag: int) -> tuple[int, int, int, bool]:
    """A locked-candidate flag of lanes.py as (digit from 0, base unit, cover unit, pointing):
    the digit's places in the base unit all lie in the cover unit, which loses it elsewhere."""
    view, rest = divmod(flag, lanes.VIEW)
    lane, bit = divmod(rest, 9)
    digit0, unit = divmod(lane, 9)
    if view == 0:  # box `unit`, one column of it (moved down from view 3)
        return digit0, 18 + unit, 9 + 3 * (unit % 3) + bit, True
    group = bit // 3
    if view == 3:  # box `unit`, one row of it
        return digit0, 18 + unit, 3 * (unit // 3) + group, True
    if view == 1:  # row `unit`, one box
        return digit0, unit, 18 + 3 * (unit // 3) + group, False
    return digit0, 9 + unit, 18 + 3 * group + unit // 3, False  # column `unit`, one box


class LockMove(NamedTuple):
    """A locked candidate: digit (from 0), base and cover units, pointing or claiming, and in
    view 0 the candidates it removes and those that must be gone for it to hold."""

    flag: int
    digit0: int
    base: int
    cover: int
    pointing: bool
    removes: int
    needs: int


def _lock_moves() -> dict[int, LockMove]:
    out = {}
    flags = lanes.LOCK_FLAGS
    while flags:
        flag = flags.bit_length() - 1
        flags ^= 1 << flag
        digit0, base, cover, pointing = _lock_units(flag)
        inside = set(UNITS[base]) & set(UNITS[cover])
        removes = _in_view0([c for c in UNITS[cover] if c not in inside], digit0)
        assert removes == lanes.CELL_VIEW & ~lanes.LOCKED_KEEP[flag]
        needs = _in_view0([c for c in UNITS[base] if c not in inside], digit0)
        out[LOCK + flag] = LockMove(flag, digit0, base, cover, pointing, removes, needs)
    return out


LOCK_MOVES = _lock_moves()
# A single's needs (the cell's other digits, the digit in its peers) are also what it removes.
AROUND = tuple(
    a | b for a, b in zip(lanes.OTHER_DIGITS_IN_CELL, lanes.SAME_DIGIT_IN_PEERS, strict=True)
)
UNIT_DIGIT0 = tuple(tuple(_in_view0(UNITS[u], d) for d in range(9)) for u in range(27))


def _lane(x: int, pos: int) -> int:
    """The 9 bits of the lane holding bit position `pos`."""
    return x >> (pos - pos % 9) & 0x1FF


def _one(bits: int) -> bool:
    return bits != 0 and not bits & (bits - 1)


def _subsets_of(bits: int) -> list[int]:
    """Every non-empty subset of the bits."""
    found = [0]
    for top in set_bits(bits):
        found += [q | 1 << top for q in found]
    return found[1:]


class _Board:
    """Singles and locked candidates on the lanes (those of `tier`) for one target, its digit
    and its needs."""

    def __init__(self, s: Position, target: int, solution: Grid, tier: Tier = HARD) -> None:
        self.target = target
        self.tier = tier
        self.p = 9 * target + solution[target] - 1
        self.lanes = [lanes.positions(target, solution[target] - 1)[v] for v in tier.views]
        self.seen = lanes.FULL if 0 in tier.views else lanes.UNIT_VIEWS  # where singles count
        self.x, self.free = lanes.encode(s.cands, s.grid)
        self.solution = solution
        self.others: list[int] = []
        self.endings: dict[int, list[tuple[int, tuple[int, ...]]]] = {}
        self._helpers()
        self._distances(self.to_fill)

    def _helpers(self) -> None:
        """The moves that can help, with what each removes and needs gone (view 0): `removes`,
        `needs`; the pointing and claiming moves that may fill the target directly: `direct`;
        and what must go before a single or one of those fills it: `to_fill`."""
        present = self.x & self.free & lanes.CELL_VIEW
        sol = self.solution
        potential = {
            9 * c + sol[c] - 1: AROUND[9 * c + sol[c] - 1] & present
            for c in range(81)
            if present & (0x1FF << (9 * c)) and c != self.target
        }
        hidden = lanes.SAME_DIGIT_IN_PEERS[self.p]
        self.direct = {
            m
            for m, lock in LOCK_MOVES.items()
            if self.tier.direct and lock.digit0 == self.p % 9 and lock.removes & hidden & present
        }
        self.needs = dict(potential)
        self.removes = dict(potential)
        for m, lock in LOCK_MOVES.items():
            if self.tier.locks and lock.removes & present:
                self.needs[m] = lock.needs & present
                self.removes[m] = lock.removes & present
        self.to_fill = (AROUND[self.p] if 0 in self.tier.views else hidden) & present
        for m in self.direct:
            self.to_fill |= LOCK_MOVES[m].needs & present

    def _distances(self, need: int) -> None:
        """How far each move that can help is from the target, counted from the candidates
        `need` (see the module docstring): `dist`; and per number of moves left, the singles
        (all views) and the lock flags worth looking at: `singles_in`, `locks_in` (the last
        entries: every move that helps)."""
        self.dist: dict[int, int] = {}
        level = 0
        while need:
            level += 1
            new = [m for m in self.removes if m not in self.dist and self.removes[m] & need]
            need = 0
            for m in new:
                self.dist[m] = level
                need |= self.needs[m]
        self.singles_in = [0] * (level + 2)
        self.locks_in = [sum(1 << (m - LOCK) for m in self.direct)] * (level + 2)
        for m, far in self.dist.items():
            for left in range(far, level + 2):
                if m < LOCK:
                    self.singles_in[left] |= lanes.BITS[m] & self.seen
                else:
                    self.locks_in[left] |= 1 << (m - LOCK)
        self.top = level + 1

    def widen(self) -> None:
        """The distances counted toward the direct hidden pairs and triples that may end a lead
        too: the deepening's (the closure, which ends at a single, counts toward a single and
        the direct pointing and claiming alone)."""
        if self.tier.direct:
            present = self.x & self.free & lanes.CELL_VIEW
            self._distances(self.to_fill | self._hidden_endings(present))

    def _hidden_endings(self, present: int) -> int:
        """The direct hidden pairs and triples that may end a lead (`endings`), and all that
        may have to go for one of them. Each is a set of 2 or 3 of the target's unit's other
        cells, among them a place for the target's digit, holding in the solution digits that
        each have two places or more among them. It is filed under each set of the target's
        digit's other places in the unit it covers (those must lie in the subset), with what
        must be gone for it to leave the target alone (its digits and the target's outside
        it: `out`) and where each of its digits must keep two places (`ins`)."""
        digit0 = self.p % 9
        self.others = [UNIT_DIGIT0[u][digit0] & ~(1 << self.p) for u in UNITS_OF[self.target]]
        need = 0
        for u, others in zip(UNITS_OF[self.target], self.others, strict=True):
            cells = [c for c in UNITS[u] if c != self.target and present >> 9 * c & 0x1FF]
            for subset in (*combinations(cells, 2), *combinations(cells, 3)):
                inside = sum(0x1FF << 9 * c for c in subset)
                digits = [self.solution[c] - 1 for c in subset]
                ins = tuple(present & inside & UNIT_DIGIT0[u][d] for d in digits)
                covers = present & inside & others
                if not covers or any(i.bit_count() < 2 for i in ins):
                    continue
                out = present & ~inside & (others | sum(UNIT_DIGIT0[u][d] for d in digits))
                need |= out
                for q in _subsets_of(covers):
                    self.endings.setdefault(q, []).append((out, ins))
        return need

    def hidden_fill(self, x: int) -> bool:
        """Does a direct hidden pair or triple leave the target the only place for its digit
        in `x`?"""
        for others in self.others:
            for out, ins in self.endings.get(x & others, ()):
                if not x & out and all((x & where).bit_count() >= 2 for where in ins):
                    return True
        return False

    def fillable(self, x: int) -> bool:
        """Is the target a single of the tier (naked or hidden) in `x`?"""
        return any(_one(_lane(x, pos)) for pos in self.lanes)

    def direct_fill(self, x: int, m: int) -> bool:
        """Does lock `m`, made in `x`, leave the target a hidden single where a direct
        pointing (in its box) or claiming (in its line of the base's kind) leaves one?"""
        lock = LOCK_MOVES[m]
        view = 3 if lock.pointing else 1 if lock.base < 9 else 2
        pos = lanes.positions(self.target, self.p % 9)[view]
        return _one(_lane(x & lanes.LOCKED_KEEP[lock.flag], pos))

    def route(self, x: int, p: int) -> int:
        """What had to go for candidate p to be a single of the tier in `x` (view 0): the
        cell's other digits (naked), else the digit in the rest of the unit where it is alone
        (hidden)."""
        cell, digit0 = divmod(p, 9)
        for view, pos in enumerate(lanes.positions(cell, digit0)):
            if view in self.tier.views and _one(_lane(x, pos)):
                if view == 0:
                    return lanes.OTHER_DIGITS_IN_CELL[p]
                unit = UNITS_OF[cell][view - 1]
                return UNIT_DIGIT0[unit][digit0] & ~(1 << p)
        raise AssertionError("not a single")

    def moves(
        self, x: int, free: int, singles_in: int = lanes.FULL, locks_in: int = lanes.LOCK_FLAGS
    ) -> tuple[list[int], list[int]]:
        """(singles, locks) that can be made in (x, free), each taking something away, among
        the candidates `singles_in` (all four views; singles of the tier only) and the lock
        flags `locks_in`; the target's own single is left out."""
        nonzero = lanes.lanes_nonzero(x)
        lone = nonzero ^ lanes.lanes_nonzero(x & (x - lanes.LSB))
        bits = x & ((lone >> 8) * 0x1FF) & free & singles_in & self.seen
        singles = set()
        while bits:
            top = bits.bit_length() - 1
            bits ^= 1 << top
            singles.add(lanes.CANDIDATE_AT[top])
        singles.discard(self.p)
        flags = lanes.locked(x, lone) & locks_in
        locks = []
        while flags:
            top = flags.bit_length() - 1
            flags ^= 1 << top
            if x & ~lanes.LOCKED_KEEP[top]:
                locks.append(LOCK + top)
        return sorted(singles), locks


def _apply(x: int, free: int, move: int) -> tuple[int, int]:
    if move < LOCK:
        return x & lanes.KEEP[move], free & lanes.UNPLACE[move]
    return x & lanes.LOCKED_KEEP[move - LOCK], free


def _removes(move: int) -> int:
    """What a move takes away (view 0): a single, the cell's other digits and the digit in
    its peers; a lock, the digit in the rest of its cover unit."""
    return AROUND[move] if move < LOCK else LOCK_MOVES[move].removes


def _closure(board: _Board, meter: Meter) -> list[int] | None:
    """Singles and locked candidates that can help, in waves (each wave makes every move
    there is), until the target can be filled; then the moves that needed, worked back from
    the target: each candidate that had to go is put down to a move of the wave that removed
    it, one already kept if there is one; or as `_cheapest` works them back. Of the two, each
    without the moves it can do without, the shorter (the first on a tie), in an order that
    works; None if the target is never filled (or, rarely, no order of them works). Each wave
    costs the meter a node."""
    x, free = board.x, board.free
    every = board.top
    start = x & free & lanes.CELL_VIEW
    made: list[int] = []  # the moves, wave after wave
    needs: list[int] = []  # what each needed gone
    removers: dict[int, list[int]] = {}  # candidate -> the moves of the wave that took it
    while not board.fillable(x):
        meter.spend()
        singles, locks = board.moves(x, free, board.singles_in[every], board.locks_in[every])
        wave = sorted((m for m in singles + locks if m in board.dist), key=board.dist.__getitem__)
        if not wave:
            return None
        before, first = x, len(made)
        for m in wave:
            needs.append(board.route(before, m) if m < LOCK else LOCK_MOVES[m].needs)
            made.append(m)
            x, free = _apply(x, free, m)
        gone = before & ~x & start
        for i in range(first, len(made)):
            took = gone & _removes(made[i])
            while took:
                top = took.bit_length() - 1
                took ^= 1 << top
                removers.setdefault(top, []).append(i)
    kept: set[int] = set()
    todo = [board.route(x, board.p)]
    while todo:
        need = todo.pop() & start
        while need:
            top = need.bit_length() - 1
            need ^= 1 << top
            took_it = removers[top]
            if kept.isdisjoint(took_it):
                kept.add(took_it[0])
                todo.append(needs[took_it[0]])
    found = [_in_order(board, [made[i] for i in sorted(kept)])]
    if made:
        found.append(_cheapest(board, made))
    return min((_trimmed(board, f) for f in found if f is not None), key=len, default=None)


def _routes(p: int, start: int, tier: Tier) -> list[int]:
    """What must go (view 0, among `start`) for candidate p to be a single of the tier: the
    cell's other digits (naked), or the digit's other places in one of the cell's units
    (hidden)."""
    cell, digit0 = divmod(p, 9)
    hidden = [UNIT_DIGIT0[u][digit0] & ~(1 << p) for u in UNITS_OF[cell]]
    naked = [lanes.OTHER_DIGITS_IN_CELL[p]] if 0 in tier.views else []
    return [need & start for need in (*naked, *hidden)]


def _cheapest(board: _Board, made: list[int]) -> list[int] | None:
    """Another sequence from the moves of the closure, often shorter than the one worked back
    wave by wave. Each way to make a move (a single by each of its routes, a lock) costs one
    plus the costs of the candidates it needs gone, and a candidate costs what its cheapest
    remover does (cheapest first, as in Dijkstra's search; summed, not shared: an estimate).
    The cheapest way to the target is worked back: each candidate it needs gone is put down to
    a move already kept that costs less than the one that needs it (so nothing waits on
    itself), else to its cheapest remover. None if no order of the moves works."""
    start = board.x & board.free & lanes.CELL_VIEW
    ways = [
        (m, need)
        for m in made
        for need in (_routes(m, start, board.tier) if m < LOCK else [LOCK_MOVES[m].needs & start])
    ]
    waiting: dict[int, list[int]] = {}  # candidate -> the ways that need it gone
    for i, (_, need) in enumerate(ways):
        for top in set_bits(need):
            waiting.setdefault(top, []).append(i)
    left = [need.bit_count() for _, need in ways]
    spent = [1] * len(ways)  # one, plus the costs of what each way needs gone
    cost: dict[int, int] = {}  # candidate -> its cost, once known
    remover: dict[int, int] = {}  # candidate -> its cheapest way so far
    heap: list[tuple[int, int]] = []

    def ready(i: int) -> None:
        for top in set_bits(_removes(ways[i][0]) & start):
            if top not in remover or spent[i] < spent[remover[top]]:
                remover[top] = i
                heapq.heappush(heap, (spent[i], top))

    for i, n in enumerate(left):
        if not n:
            ready(i)
    while heap:
        known, top = heapq.heappop(heap)
        if top in cost:
            continue
        cost[top] = known
        for i in waiting.get(top, ()):
            spent[i] += known
            left[i] -= 1
            if not left[i]:
                ready(i)
    goals = [
        need
        for need in _routes(board.p, start, board.tier)
        if all(b in cost for b in set_bits(need))
    ]
    if not goals:
        return None
    goal = min(goals, key=lambda need: sum(cost[b] for b in set_bits(need)))
    kept: dict[int, int] = {}  # move -> the cost of its way kept
    todo = [(goal, max(spent) + 1)]  # the target costs more than any move (`made` has one)
    while todo:
        need, below = todo.pop()
        for top in reversed(set_bits(need)):  # highest first, as the closure works back
            if any(c < below and _removes(m) >> top & 1 for m, c in kept.items()):
                continue  # a cheaper move kept already takes it
            i = remover[top]
            if ways[i][0] not in kept:
                kept[ways[i][0]] = spent[i]
                todo.append((ways[i][1], spent[i]))
    order = sorted(kept, key=kept.__getitem__)
    return order if _works(board, order) else _in_order(board, order)


def _in_order(board: _Board, moves: list[int]) -> list[int] | None:
    """The moves in an order in which each can be made when it comes (the first lock that can,
    else the first single, each time), if they can all be made and the target then filled;
    else None. (Within a wave the
    moves were all possible at its start, but one may take another's pattern away: a lock
    whose base unit is left with one place is a single, not a lock.)"""
    x, free = board.x, board.free
    left = list(moves)
    done = []
    while left:
        singles, locks = board.moves(x, free)
        # Locks first: a single made before a lock can leave its base unit one place.
        ready = next((m for m in left if m in locks), None)
        if ready is None:
            ready = next((m for m in left if m in singles), None)
        if ready is None:
            return None
        left.remove(ready)
        done.append(ready)
        x, free = _apply(x, free, ready)
    return done if board.fillable(x) else None


def _lanes_after(board: _Board, moves: list[int]) -> int | None:
    """The lanes after the moves, made in this order, each then a single or a lock that
    removes something; None if one cannot be made when it comes."""
    x, free = board.x, board.free
    for m in moves:
        singles, locks = board.moves(x, free)
        if m not in (singles if m < LOCK else locks):
            return None
        x, free = _apply(x, free, m)
    return x


def _works(board: _Board, moves: list[int]) -> bool:
    """Can the moves be made in this order, and the target then filled by a single?"""
    x = _lanes_after(board, moves)
    return x is not None and board.fillable(x)


def _trimmed(board: _Board, moves: list[int]) -> list[int]:
    """The moves without those the rest can do without (tried from the last to the first)."""
    for i in range(len(moves) - 1, -1, -1):
        fewer = moves[:i] + moves[i + 1 :]
        if _works(board, fewer):
            moves = fewer
    return moves


class _Deepening:
    """Iterative deepening for a sequence shorter than `limit` moves (see the docstring)."""

    def __init__(self, board: _Board, meter: Meter, cap: int) -> None:
        self.board = board
        self.meter = meter
        self.cap = meter.nodes + cap
        board.widen()

    def filled(self, x: int, locks: list[int]) -> bool:
        """Can the target be filled: a single, or a direct pointing, claiming, hidden pair or
        hidden triple?"""
        if self.board.fillable(x) or self.board.hidden_fill(x):
            return True
        return any(self.board.direct_fill(x, m) for m in locks if m in self.board.direct)

    def run(self, limit: int, least: int = 1) -> list[int] | None:
        """The shortest sequence of fewer than `limit` moves (none has fewer than `least`);
        None if there is none. Raises OutOfBudget when the nodes run out first."""
        for depth in range(max(1, least), limit):
            found = self._dfs(self.board.x, self.board.free, depth, -1, frozenset())
            if found is not None:
                return found
        return None

    def _dfs(
        self, x: int, free: int, left: int, last: int, before: frozenset[int]
    ) -> list[int] | None:
        if self.meter.nodes >= self.cap:
            raise OutOfBudget
        self.meter.spend()
        near = min(left, self.board.top)
        singles, locks = self.board.moves(
            x, free, self.board.singles_in[near], self.board.locks_in[near]
        )
        if self.filled(x, locks):
            return []
        if not left:
            return None
        now = [m for m in singles + locks if self.board.dist.get(m, left + 1) <= left]
        here = frozenset(now)
        for m in now:
            if m < last and m in before:
                continue  # this set of moves is tried in another order
            rest = self._dfs(*_apply(x, free, m), left - 1, m, here)
            if rest is not None:
                return [m, *rest]
        return None


# --- Steps ------------------------------------------------------------------------------------


def target_single(s: Position, target: int) -> Step | None:
    """The easiest single that fills `target`: full house, hidden single, naked single."""
    if s.grid[target]:
        return None
    mask = s.cands[target]
    units = sorted(UNITS_OF[target], key=lambda u: u < 18)  # the box first, as rated
    lone = DIGITS_OF[mask][0] if len(DIGITS_OF[mask]) == 1 else 0
    for u in units:
        if lone and (s.empty & UNIT_BB[u]).bit_count() == 1:
            return full_house_step(u, target, lone)
    for u in units:
        for d in DIGITS_OF[mask]:
            if s.dbb[d] & UNIT_BB[u] == 1 << target:
                return hidden_single_step(s, u, d, target)
    return naked_single_step(target, lone) if lone else None


def _lock_step(s: Position, lock: LockMove, single: HiddenSingle | None = None) -> Step:
    """The pointing or claiming step of `lock` in `s` (direct when it names the single)."""
    digit = lock.digit0 + 1
    base, cover = UNIT_BB[lock.base], UNIT_BB[lock.cover]
    where = s.dbb[digit]
    pattern = Locked(digit, lock.base, lock.cover, where & base, where & cover & ~base)
    name = "Pointing" if lock.pointing else "Claiming"
    return _locked_step(f"Direct {name.lower()}" if single else name, pattern, single)


def _direct_units(lock: LockMove) -> range:
    """Where a direct pointing or claiming leaves its single, as Sudoku Explainer defines
    them: pointing in a box, claiming in a line of the base's kind."""
    if lock.pointing:
        return range(18, 27)
    return range(9) if lock.base < 9 else range(9, 18)


def _left_alone(where: int, gone: int, target: int, units: range | tuple[int, ...]) -> int | None:
    """A unit of `target` among `units` in which it is the only place left in `where` once
    `gone` goes."""
    for u in UNITS_OF[target]:
        if u in units and where & ~gone & UNIT_BB[u] == 1 << target:
            return u
    return None


def _direct_locks(s: Position, target: int, digit: int) -> list[Step]:
    """Direct pointing and claiming that leave `target` the only place for `digit` (in a box
    for pointing, in a line of the base's kind for claiming). The digit has two or three places
    in the base: one is a hidden single, not a lock."""
    where = s.dbb[digit]
    found = []
    for lock in LOCK_MOVES.values():
        if lock.digit0 != digit - 1:
            continue
        base, cover = UNIT_BB[lock.base], UNIT_BB[lock.cover]
        if (where & base & cover).bit_count() < 2 or where & base & ~cover:
            continue
        u = _left_alone(where, where & cover & ~base, target, _direct_units(lock))
        if u is not None:
            found.append(_lock_step(s, lock, HiddenSingle(target, digit, u)))
    return found


def _direct_hidden(s: Position, target: int, digit: int, k: int) -> list[Step]:
    """Direct hidden pairs (k = 2) or triples (3) that leave `target` the only place for
    `digit` in the subset's own unit."""
    name = f"Direct hidden {'pair' if k == 2 else 'triple'}"
    where = s.dbb[digit]
    found = []
    for subset in _hidden(s, k):
        gone = sum(1 << c for c, d in subset.eliminations if d == digit)
        u = _left_alone(where, gone, target, (subset.unit,)) if gone else None
        if u is not None:
            single = HiddenSingle(target, digit, u)
            found.append(_hidden_step(s, k, subset, name, rating(name), single))
    return found


def fill_now(s: Position, target: int, solution: Grid) -> Step | None:
    """The lowest-rated single or direct technique that fills `target` now, if any. Kinds that
    cannot beat the best found so far are not looked for."""
    digit = solution[target]
    if s.grid[target] or not s.cands[target] & BIT[digit]:
        return None
    kinds: tuple[tuple[float, Callable[[], list[Step]]], ...] = (
        (0.0, lambda: [single] if (single := target_single(s, target)) else []),
        (rating("Direct pointing"), lambda: _direct_locks(s, target, digit)),
        (rating("Direct hidden pair"), lambda: _direct_hidden(s, target, digit, 2)),
        (rating("Direct hidden triple"), lambda: _direct_hidden(s, target, digit, 3)),
    )
    best: Step | None = None
    for lowest, find in kinds:
        if best is not None and best.rating <= lowest:
            break
        for step in find():
            if best is None or step.rating < best.rating:
                best = step
    return best


def _as_steps(s: Position, moves: list[int]) -> list[Step]:
    """The moves as the engine's steps, made in order from `s`."""
    steps = []
    here = s.copy()
    for m in moves:
        if m < LOCK:
            step = target_single(here, m // 9)
            assert step is not None and step.placements == ((m // 9, m % 9 + 1),)
        else:
            step = _lock_step(here, LOCK_MOVES[m])
        steps.append(step)
        here.apply(step.placements, step.eliminations)
    return steps


# --- The lead ---------------------------------------------------------------------------------


class Lead(NamedTuple):
    """Steps to make in order (`steps`), after which `fill` fills the target. `shortest`: no
    shorter sequence of singles and locked candidates does it (False when the engine's other
    steps were needed, the nodes ran out before that was known, or singles alone were taken
    over fewer steps with a pointing or claiming)."""

    steps: tuple[Step, ...]
    fill: Step
    shortest: bool


class _Moves(NamedTuple):
    """Moves of `tier` after which the target can be filled; `shortest`: no shorter sequence
    of singles and locked candidates does it."""

    moves: list[int]
    shortest: bool
    tier: Tier


def _fewest(
    s: Position,
    target: int,
    solution: Grid,
    meter: Meter,
    tier: Tier,
    most: int | None = None,
    least: int = 1,
    nodes: int = LEAD_NODES,
) -> tuple[list[int], bool] | None:
    """The fewest moves of `tier` (at most `most`, if given; none has fewer than `least`)
    after which `target` can be filled, and whether they are proved the fewest of the tier
    (by a search of at most `nodes` positions); None if none are found."""
    board = _Board(s, target, solution, tier)
    bound = _closure(board, meter)
    if bound is None:
        return None
    limit = len(bound) if most is None else min(len(bound), most + 1)
    cap = min(nodes, meter.max_nodes - meter.nodes)
    try:
        shorter = _Deepening(board, meter, cap).run(limit, least)
    except OutOfBudget:
        shorter, proved = None, False
    else:
        proved = True
    if shorter is not None:
        return shorter, proved
    return (bound, proved) if most is None or len(bound) <= most else None


def _hardest(s: Position, target: int, solution: Grid, moves: list[int]) -> float:
    """The highest rating among the moves and the step that then fills the target."""
    steps = _as_steps(s, moves)
    fill = fill_now(_after(s, steps), target, solution)
    return max(step.rating for step in (*steps, fill) if step is not None)


def _basic(s: Position, target: int, solution: Grid, meter: Meter) -> _Moves | None:
    """The moves after which `target` can be filled (see the module docstring): the fewest
    singles and locked candidates; if they need notes (a pointing or claiming), the fewest
    singles instead when they take at most MARGIN more; if those need a naked single or end
    with a direct technique, as many hidden singles instead when they do. None if none do."""
    try:
        found = _fewest(s, target, solution, meter, HARD)
    except OutOfBudget:
        return None
    if found is None:
        return None
    fewest, proved = found
    best, tier = fewest, HARD
    hardest = _hardest(s, target, solution, fewest)
    least = len(fewest) if proved else 1  # no sequence of singles alone is shorter
    spare = meter.nodes + LEAD_NODES  # the searches for easier leads share one search's nodes
    for easier, margin in ((MEDIUM, MARGIN), (EASY, 0)):
        if hardest <= easier.top:
            continue
        try:
            most = len(best) + margin
            other = _fewest(s, target, solution, meter, easier, most, least, spare - meter.nodes)
        except OutOfBudget:
            break
        if other is None:
            break
        best, tier = other[0], easier
        hardest = _hardest(s, target, solution, best)
    return _Moves(best, proved and len(best) == len(fewest), tier)


def lead(
    s: Position, target: int, solution: Grid, first: Step | None, budget: Budget
) -> Lead | None:
    """The steps after which the empty `target` can be filled (see the module docstring), or
    None when none are found within the budget. `first` is the engine's easiest step in `s`,
    if known (it must not be one that fills the target)."""
    meter = budget.start()
    found = _basic(s, target, solution, meter)
    if found is not None:
        return _finish(s, target, solution, _as_steps(s, found.moves), found.shortest, found.tier)
    path: list[Step] = []
    here = s.copy()
    step = first
    for _ in range(ENGINE_STEPS):
        if step is None:
            step = _engine_step(here, solution, meter)
        if step is None or step.technique == "Solution lookup":
            return None
        if any(c == target for c, _ in step.placements):
            return _fewer_engine_steps(s, target, solution, path, step)
        path.append(step)
        here.apply(step.placements, step.eliminations)
        found = _basic(here, target, solution, meter)
        if found is not None:
            return _fewer_engine_steps(s, target, solution, path, found)
        step = None
    return None


def _engine_step(s: Position, solution: Grid, meter: Meter) -> Step | None:
    """The engine's easiest step in `s`, paid for from the meter."""
    left = meter.max_nodes - meter.nodes
    if left < 1:
        return None
    run = solve_logically(
        s.to_grid(), s.cands, max_steps=1, budget=Budget(nodes=left), solution=solution
    )
    meter.nodes += run.nodes
    return run.steps[0] if run.steps else None


def _after(s: Position, steps: list[Step]) -> Position:
    """The position after the steps, made in order from `s`."""
    here = s.copy()
    for step in steps:
        here.apply(step.placements, step.eliminations)
    return here


def _fewer_engine_steps(
    s: Position, target: int, solution: Grid, engine: list[Step], then: Step | _Moves
) -> Lead:
    """The lead of the engine's steps `engine`, then `then` (the engine's step that fills the
    target, or the moves after which it can be filled), without the engine's steps it can do
    without. They are the engine's easiest, not chosen for the target: each goes (tried from
    the last to the first) if the engine's steps kept after it still see in their patterns
    what they saw when the engine found them (wrong_entry's `sees_the_same`), and the step
    that fills the target still does, or the moves can still be made and the target then
    filled. A filling step keeps one engine step before it (the hint asked for the target
    once the engine's first step did not fill it)."""
    seen = found_in(s, engine)
    kept = list(range(len(engine)))
    moves = [] if isinstance(then, Step) else _as_steps(seen[-1], then.moves)
    for i in reversed(range(len(engine))):
        fewer = [j for j in kept if j != i]
        here = replayed(s, engine, fewer, seen)
        if here is None:
            continue
        if isinstance(then, Step):
            if fewer and sees_the_same(here, seen[-1], then):
                kept = fewer
        elif (steps := _moves_then_filled(here, target, solution, then)) is not None:
            kept, moves = fewer, steps
    steps = [engine[j] for j in kept]
    if isinstance(then, Step):
        return Lead(tuple(steps), then, False)
    return _finish(s, target, solution, steps + moves, False, then.tier)


def _moves_then_filled(s: Position, target: int, solution: Grid, then: _Moves) -> list[Step] | None:
    """The moves as steps from `s`, if each can be made when it comes (as a move of their
    tier) and `target` can then be filled; else None."""
    if _lanes_after(_Board(s, target, solution, then.tier), then.moves) is None:
        return None
    steps = _as_steps(s, then.moves)
    return steps if fill_now(_after(s, steps), target, solution) else None


def _finish(
    s: Position, target: int, solution: Grid, steps: list[Step], shortest: bool, tier: Tier
) -> Lead:
    """The lead of `steps` with the step that then fills the target (the last steps left out
    while the target can already be filled without them by a step of the tier's level)."""
    states = [s.copy()]
    for step in steps:
        states.append(_after(states[-1], [step]))
    fill = fill_now(states[-1], target, solution)
    while len(steps) > 1 and (earlier := fill_now(states[len(steps) - 1], target, solution)):
        if earlier.rating > tier.top:
            break
        steps, fill = steps[:-1], earlier
    assert fill is not None, "the search ends where the target can be filled"
    return Lead(tuple(steps), fill, shortest)
