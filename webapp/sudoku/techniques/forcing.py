"""Last resort: trials. Assume a candidate, follow the forced moves, and see what must follow.

These are the "forcing chain" family of Sudoku Explainer, found by propagation rather than by
drawing the chains:

- Nishio (7.5+): assume digit d in a cell and follow only d's own hidden singles; if d is left
  with no place in some unit, the assumption was false.
- Dynamic forcing chains (8.5+): assume a candidate and apply naked and hidden singles until
  nothing moves. A contradiction removes the candidate (contradiction chain); a conclusion
  reached from every candidate of a cell (cell forcing chains) or from every place of a
  digit in a unit (unit forcing chains) holds.
- Dynamic forcing chains (+) (9.0+): the same, with locked candidates in the propagation.
- Nested forcing chains (9.5+): inside an assumption, trials of the second level remove
  candidates until the assumption breaks.

Every step here is labelled a last resort (`Step.last_resort`). Ratings add Sudoku
Explainer's length bonus to the base, using the number of forced placements as the length.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import NamedTuple

from .. import lanes
from ..board import CELLS, DIGITS, PEER_BB, UNIT_BB, UNITS_OF, cell_name, set_bits, unit_name
from ..ratings import chain_rating, rating
from ..search import UNLIMITED, Meter
from .contradiction import NO_PLACE, Contradiction, Fact, Forced, Trail, follow, trail_chain
from .position import Position
from .step import Chain, Step, cand_text, in_words, names, removals_text

PLACEMENT_WEIGHT = 2  # chain nodes counted per forced placement when rating a trial


def _length(placed: int) -> int:
    return PLACEMENT_WEIGHT * max(placed, 1) + 2


# --- Nishio -------------------------------------------------------------------------------


def _nishio_trial(
    left: int, open_units: list[tuple[int, int]], cell: int
) -> tuple[list[int], int] | None:
    """Follow d's hidden singles from d in cell; (placements, empty unit) on a contradiction.

    `left` holds the cells where d is a candidate; `open_units` the units still lacking d.
    """
    placed = [cell]
    on = 1 << cell
    left &= ~PEER_BB[cell] & ~on
    todo = [(u, ubb) for u, ubb in open_units if not ubb & on]
    while True:
        rest = []
        progress = False
        for u, ubb in todo:
            if ubb & on:
                continue
            x = left & ubb
            if not x:
                return placed, u
            if not x & (x - 1):
                c = x.bit_length() - 1
                placed.append(c)
                on |= x
                left &= ~PEER_BB[c] & ~x
                progress = True
            else:
                rest.append((u, ubb))
        if not progress:
            return None
        todo = rest


class NishioFind(NamedTuple):
    """A digit in a cell whose own hidden singles, followed, leave `unit` without a place."""

    rating: float
    cell: int
    digit: int
    placed: list[int]
    unit: int


def _nishio_finds(s: Position, meter: Meter) -> list[NishioFind]:
    """Every candidate whose digit, followed alone, runs out of places. Each trial costs the
    meter a node."""
    holding = [0] * 10  # digit -> the cells that hold it (index 0: the empty cells)
    for c in CELLS:
        holding[s.grid[c]] |= 1 << c
    finds = []
    for d in DIGITS:
        meter.spend(s.dbb[d].bit_count())
        for cell, placed, unit in _digit_nishio(s.dbb[d], holding[d]):
            rated = chain_rating(rating("Nishio forcing chain"), _length(len(placed) - 1))
            finds.append(NishioFind(rated, cell, d, list(placed), unit))
    return finds


@lru_cache(maxsize=1024)
def _digit_nishio(places: int, held: int) -> tuple[tuple[int, tuple[int, ...], int], ...]:
    """(cell, placements, empty unit) for each place of a digit that, followed alone, leaves a
    unit without a place: `places` are the digit's candidates, `held` the cells holding it.
    These alone decide, so the answer is kept: a logical solve asks again and again about
    digits whose places have not changed."""
    open_units = [(u, UNIT_BB[u]) for u in range(27) if not held & UNIT_BB[u]]
    found = []
    for cell in set_bits(places):
        trial = _nishio_trial(places, open_units, cell)
        if trial is not None:
            found.append((cell, tuple(trial[0]), trial[1]))
    return tuple(found)


def nishio(s: Position, meter: Meter | None = None) -> Step | None:
    """A candidate whose digit, followed alone, runs out of places (rated 7.5+): the
    lowest-rated. Each trial costs the meter a node."""
    finds = _nishio_finds(s, meter or UNLIMITED.start())
    if not finds:
        return None
    return _nishio_step(s, min(finds, key=lambda f: f.rating))


def nishio_all(s: Position, meter: Meter, ceiling: float) -> list[Step]:
    """Every Nishio step of the position rated no higher than `ceiling`, easiest first: all
    true at once, each a step of its own."""
    finds = sorted(
        (f for f in _nishio_finds(s, meter) if f.rating <= ceiling), key=lambda f: f.rating
    )
    return [_nishio_step(s, f) for f in finds]


def _nishio_step(s: Position, found: NishioFind) -> Step:
    rated, cell, d, placed, unit = found
    then_placed = placed[1:]
    then = f", then {d} goes in {names(then_placed)}" if then_placed else ""
    return Step(
        "Nishio forcing chain",
        rated,
        eliminations=((cell, d),),
        cells=tuple(placed),
        candidates=tuple((c, d) for c in placed),
        units=(unit,),
        last_resort=True,
        chains=(_nishio_chain(s, d, placed, unit),),
        text=f"If {cell_name(cell)} were {d}{then}, and {unit_name(unit)} would have no place "
        f"left for {d}; so {cell_name(cell)} is not {d}",
    )


def _nishio_chain(s: Position, d: int, placed: list[int], unit: int) -> Chain:
    """The whole Nishio chain: d's placements, each the only place left in a unit, up to the
    unit left without a place."""
    left = s.dbb[d] & ~PEER_BB[placed[0]] & ~(1 << placed[0])
    moves = []
    for c in placed[1:]:
        unit_of = next(u for u in UNITS_OF[c] if left & UNIT_BB[u] == 1 << c)
        moves.append(Forced(c, d, unit_of))
        left &= ~PEER_BB[c] & ~(1 << c)
    broken = Contradiction(NO_PLACE, tuple(set_bits(s.empty & UNIT_BB[unit])), d, unit)
    return trail_chain(s, placed[0], d, Trail(tuple(moves), broken))


# --- Dynamic forcing chains ---------------------------------------------------------------


@dataclass
class Trial:
    """What assuming one candidate leads to (x == 0: a contradiction)."""

    cell: int
    digit: int
    x: int
    free: int
    placed: int


def _settle(x: int, free: int, locks: bool, limit: int = lanes.NO_LIMIT) -> tuple[int, int, int]:
    """(x, free, placements) after singles, and locked candidates if `locks`, to a fixpoint;
    x is 0 on a contradiction. Past `limit` placements it stops without a verdict."""
    x, free, placed, _ = lanes.propagate(x, free, 0, lanes.LOCK_FLAGS if locks else 0, limit)
    return x, free, placed


def _trials(
    s: Position, locks: bool, meter: Meter, limit: int = lanes.NO_LIMIT
) -> tuple[int, int, list[Trial]]:
    """Every candidate assumed in turn and propagated (a node each); with `limit`, a trial
    that has made more placements stops there (it can only be told from a contradiction
    reached within `limit` placements)."""
    x0, free0 = lanes.encode(s.cands, s.grid)
    out = []
    for cell in set_bits(s.empty):
        meter.spend(s.cands[cell].bit_count())
        for d in DIGITS:
            if not s.cands[cell] >> (d - 1) & 1:
                continue
            p = 9 * cell + d - 1
            x, free, placed = _settle(x0 & lanes.KEEP[p], free0 & lanes.UNPLACE[p], locks, limit)
            out.append(Trial(cell, d, x, free, placed))
    return x0, free0, out


def _facts(x0: int, free0: int, t: Trial) -> tuple[int, int]:
    """(placed, removed) candidates of a trial, as 729-bit view-0 sets, beyond the position."""
    placed = lanes.cell_view(t.x & ~t.free) & ~lanes.cell_view(x0 & ~free0)
    removed = lanes.cell_view(x0) & ~lanes.cell_view(t.x)
    return placed, removed


def _as_pairs(bits: int) -> tuple[tuple[int, int], ...]:
    out = []
    while bits:
        low = bits & -bits
        p = low.bit_length() - 1
        out.append((p // 9, p % 9 + 1))
        bits ^= low
    return tuple(out)


class Offer(NamedTuple):
    """A step found by trial: its rating, how much it gives (a placement counts 3, an
    elimination 1), and how to write it (done only for the one chosen)."""

    rating: float
    gain: int
    make: Callable[[], Step]


def dynamic_forcing(s: Position, plus: bool = False, meter: Meter | None = None) -> Step | None:
    """The lowest-rated contradiction, cell or unit forcing chain found by trial. Each trial,
    and each candidate of a cell or unit weighed for a forcing chain, costs a node."""
    meter = meter or UNLIMITED.start()
    name = "Dynamic forcing chain" + (" (+)" if plus else "")
    base = rating(name)
    x0, free0, trials = _trials(s, plus, meter)
    best: Offer | None = None

    def offer(rated: float, gain: int, make: Callable[[], Step]) -> None:
        nonlocal best
        if best is None or (rated, -gain) < (best.rating, -best.gain):
            best = Offer(rated, gain, make)

    by_cand = {(t.cell, t.digit): t for t in trials}
    for t in trials:
        if not t.x:
            rated = chain_rating(base, _length(t.placed))
            offer(rated, 1, partial(_contradiction_step, s, name, rated, t, plus))
    if best is None:
        # Cell forcing chains: every candidate of a cell leads to the same conclusion.
        for cell in set_bits(s.empty):
            branch = [by_cand[(cell, d)] for d in DIGITS if s.cands[cell] >> (d - 1) & 1]
            meter.spend(len(branch))
            _forcing(
                s, x0, free0, branch, f"whatever {cell_name(cell)} holds", plus, base, (), offer
            )
        # Unit forcing chains: every place of a digit in a unit leads to the same conclusion.
        for u in range(27):
            for d in DIGITS:
                where = s.dbb[d] & UNIT_BB[u]
                if where.bit_count() < 2:
                    continue
                branch = [by_cand[(c, d)] for c in set_bits(where)]
                meter.spend(len(branch))
                _forcing(
                    s,
                    x0,
                    free0,
                    branch,
                    f"wherever {d} goes in {unit_name(u)}",
                    plus,
                    base,
                    (u,),
                    offer,
                )
    return best.make() if best else None


def _forcing(
    s: Position,
    x0: int,
    free0: int,
    branch: list[Trial],
    premise: str,
    plus: bool,
    base: float,
    units: tuple[int, ...],
    offer: Callable[[float, int, Callable[[], Step]], None],
) -> None:
    on = off = -1
    total = 0
    for t in branch:
        placed, removed = _facts(x0, free0, t)
        on &= placed
        off &= removed
        total += t.placed
        if not on and not off:
            return
    if not on and not off:
        return
    rated = chain_rating(base, _length(total))
    placements = _as_pairs(on)
    eliminations = tuple(e for e in _as_pairs(off) if (e[0], e[1]) not in placements)
    eliminations = tuple(e for e in eliminations if e[0] not in {c for c, _ in placements})
    if not placements and not eliminations:
        return
    starts = tuple((t.cell, t.digit) for t in branch)

    def make() -> Step:
        what = []
        if placements:
            what.append("place " + ", ".join(cand_text(p) for p in placements))
        if eliminations:
            what.append("remove " + removals_text(eliminations))
        goals: tuple[Fact, ...] = (
            *((c, d, True) for c, d in placements),
            *((c, d, False) for c, d in eliminations),
        )
        chains = tuple(
            trail_chain(s, c, d, follow(s, c, d, locks=plus, goals=goals), goals) for c, d in starts
        )
        return Step(
            f"Dynamic {'unit' if units else 'cell'} forcing chains{' (+)' if plus else ''}",
            rated,
            placements=placements,
            eliminations=eliminations,
            cells=tuple(dict.fromkeys(c for c, _ in starts)),
            candidates=starts,
            units=units,
            last_resort=True,
            chains=chains,
            text=f"Trying each option in turn, {premise}, the singles that follow "
            f"{' and '.join(what)}; so that much is certain",
        )

    offer(rated, len(placements) * 3 + len(eliminations), make)


def dynamic_contradictions(
    s: Position, plus: bool, meter: Meter, ceiling: float, *, drawn: bool = True
) -> list[Step]:
    """Every candidate whose trial breaks the position, rated no higher than `ceiling`,
    easiest first: all true at once, each a step of its own. With `drawn` False the steps
    carry no chain, only what they remove, their rating and a plain sentence (a grade needs
    no more, and drawing a chain costs more than finding it)."""
    name = "Dynamic forcing chain" + (" (+)" if plus else "")
    base = rating(name)
    most = -1  # the most placements a contradiction rated no higher than `ceiling` makes
    while chain_rating(base, _length(most + 1)) <= ceiling and most < 81:
        most += 1
    if most < 0:
        return []
    _, _, trials = _trials(s, plus, meter, most)
    found = sorted(
        (chain_rating(base, _length(t.placed)), t.cell, t.digit, t) for t in trials if not t.x
    )
    make = _contradiction_step if drawn else _undrawn_step
    return [make(s, name, rated, t, plus) for rated, _, _, t in found if rated <= ceiling]


def dynamic(s: Position, meter: Meter) -> Step | None:
    """Dynamic forcing chains (see dynamic_forcing)."""
    return dynamic_forcing(s, False, meter)


def dynamic_plus(s: Position, meter: Meter) -> Step | None:
    """Dynamic forcing chains (+), with locked candidates (see dynamic_forcing)."""
    return dynamic_forcing(s, True, meter)


def _undrawn_step(s: Position, name: str, rated: float, t: Trial, plus: bool) -> Step:
    moves = "singles and locked candidates" if plus else "singles"
    return Step(
        name,
        rated,
        eliminations=((t.cell, t.digit),),
        cells=(t.cell,),
        candidates=((t.cell, t.digit),),
        last_resort=True,
        text=f"Assuming {cell_name(t.cell)} is {t.digit}, the {moves} that follow end in a "
        f"contradiction; so {cell_name(t.cell)} is not {t.digit}",
    )


def _contradiction_step(s: Position, name: str, rated: float, t: Trial, plus: bool) -> Step:
    trail = follow(s, t.cell, t.digit, locks=plus)
    chain = trail_chain(s, t.cell, t.digit, trail)
    broken = trail.contradiction
    reason = broken.hypothetical if broken else "the position breaks"
    moves = [(n.cells[0], n.digit) for n in chain.nodes[1:] if n.on]
    # where it breaks is drawn too: the cell left without a digit, or the unit
    empty = broken.cells if broken and broken.unit is None else ()
    units = (broken.unit,) if broken and broken.unit is not None else ()
    count = f"{in_words(len(moves))} placement{'s' if len(moves) != 1 else ''}"
    then = f" forces {count} (in the chain), after which" if moves else ","
    return Step(
        name,
        rated,
        eliminations=((t.cell, t.digit),),
        cells=(t.cell, *dict.fromkeys([*(c for c, _ in moves), *empty])),
        candidates=((t.cell, t.digit), *moves),
        units=units,
        last_resort=True,
        chains=(chain,),
        text=f"Assuming {cell_name(t.cell)} is {t.digit}{then} {reason}; so "
        f"{cell_name(t.cell)} is not {t.digit}",
    )


# --- Nested forcing chains ----------------------------------------------------------------


def nested_forcing(s: Position, meter: Meter | None = None) -> Step | None:
    """A candidate whose assumption breaks once second-level trials are made inside it. Each
    trial, of either level, costs a node."""
    meter = meter or UNLIMITED.start()
    x0, free0 = lanes.encode(s.cands, s.grid)
    order = sorted(set_bits(s.empty), key=lambda c: s.cands[c].bit_count())
    for cell in order:
        for d in DIGITS:
            if not s.cands[cell] >> (d - 1) & 1:
                continue
            p = 9 * cell + d - 1
            meter.spend()
            x, free, placed = _settle(x0 & lanes.KEEP[p], free0 & lanes.UNPLACE[p], True)
            failed: list[int] = []
            while x:
                removed = False
                rest = lanes.cell_view(x & free)
                while rest:
                    low = rest & -rest
                    q = low.bit_length() - 1
                    rest ^= low
                    if not x & lanes.BITS[q]:
                        continue
                    meter.spend()
                    y, _, _ = _settle(x & lanes.KEEP[q], free & lanes.UNPLACE[q], True)
                    if not y:
                        failed.append(q)
                        x, free, more = _settle(x & lanes.UNPLACE[q], free, True)
                        placed += more
                        removed = True
                        if not x:
                            break
                if not removed:
                    break
            if x:
                continue
            inner = len(failed)
            rated = chain_rating(rating("Nested forcing chain"), _length(placed + 4 * inner))
            gone = tuple((q // 9, q % 9 + 1) for q in failed)
            return Step(
                "Nested forcing chain",
                rated,
                eliminations=((cell, d),),
                cells=(cell, *dict.fromkeys(c for c, _ in gone)),
                candidates=((cell, d), *gone),
                last_resort=True,
                chains=_nested_chains(s, cell, d, gone),
                text=f"Assuming {cell_name(cell)} is {d}, {in_words(inner)} "
                f"trial{'s' if inner != 1 else ''} inside that assumption "
                f"fail{'' if inner != 1 else 's'} ({'each' if inner != 1 else 'its'} chain shown "
                f"first), and what is left ends in a contradiction (the last chain); so "
                f"{cell_name(cell)} is not {d}",
            )
    return None


def _nested_chains(
    s: Position, cell: int, d: int, removed: tuple[tuple[int, int], ...]
) -> tuple[Chain, ...]:
    """The chains of a nested forcing chain: each inner trial that fails, made with `cell`
    holding d and the candidates of the earlier ones gone (premises of its chain), then the
    assumption itself, with those candidates gone, up to its contradiction."""
    chains = []
    for i, (c, e) in enumerate(removed):
        given: tuple[Fact, ...] = (*((x, y, False) for x, y in removed[:i]), (cell, d, True))
        inner = s.copy()
        for x, y in removed[:i]:
            inner.eliminate(x, y)
        inner.place(cell, d)
        trail = follow(inner, c, e, locks=True, caused_only=False)
        chains.append(trail_chain(s, c, e, trail, given=given))
    outer = s.copy()
    for gone in removed:
        outer.eliminate(*gone)
    trail = follow(outer, cell, d, locks=True, caused_only=False)
    chains.append(trail_chain(s, cell, d, trail, given=tuple((x, y, False) for x, y in removed)))
    return tuple(chains)


# --- Solution -----------------------------------------------------------------------------


def solution_step(s: Position, solution: tuple[int, ...]) -> Step | None:
    """Place the solution's digit in the empty cell with the fewest candidates."""
    empty = set_bits(s.empty)
    if not empty:
        return None
    cell = min(empty, key=lambda c: (s.cands[c].bit_count(), c))
    digit = solution[cell]
    return Step(
        "Solution lookup",
        rating("Solution lookup"),
        placements=((cell, digit),),
        cells=(cell,),
        candidates=((cell, digit),),
        last_resort=True,
        text=f"No technique of this engine finds the next step here, so it reads the answer "
        f"from the solution: {cell_name(cell)} is {digit}",
    )
