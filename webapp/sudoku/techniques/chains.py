"""Chains: X-chains (one digit), XY-chains (bivalue cells) and alternating inference chains.

A chain alternates strong and weak links (see links.py). Starting with a
strong link from candidate A and ending with one into candidate B, it proves "A or B". Every
candidate that sees both A and B (is weakly linked to both) goes. If the chain leads from
"A is false" back to "A is true", A is true.

The search starts from every candidate at once and grows all chains one strong link at a time,
so the shortest chain is found first. Candidate sets are 729-bit ints (bit 9 * cell + digit - 1).
The rating follows Sudoku Explainer: 6.6 for one kind of strong link, 7.0 for both, plus the
length bonus.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterator, Sequence
from typing import NamedTuple

from ..board import (
    cell_name,
    set_bits,
    shared_units,
)
from ..ratings import chain_rating, rating
from ..search import UNLIMITED, Meter
from .links import WEAK_X, WEAK_XY, Links
from .position import Position
from .step import Step, cand_text, removals_text

MAX_NODES = 40  # longer chains are left to the forcing-chain techniques


class ChainKind(NamedTuple):
    """Which strong links a kind of chain follows (a Links attribute), its weak links, its
    base rating, and its place among kinds of the same rating."""

    strong: str
    weak: Sequence[int]
    base: float
    order: int


KINDS = {
    "X-chain": ChainKind("strong_x", WEAK_X, rating("X-chain"), 0),
    "XY-chain": ChainKind("strong_y", WEAK_XY, rating("XY-chain"), 1),
    "AIC": ChainKind("strong_xy", WEAK_XY, rating("AIC"), 2),
}


class ChainEnd(NamedTuple):
    """Chains from `start` reach, at some length, eliminations `result` (a candidate set), or
    start itself (`result` == -1: start is true)."""

    start: int
    result: int


class Pending(NamedTuple):
    """The next length to try for one kind of chain; the heap takes the lowest rating first."""

    rating: float
    order: int
    level: int
    name: str
    levels: Iterator[list[ChainEnd]]


class NamedChain(NamedTuple):
    """A named pattern that is a chain in disguise (such as the W-Wing), and its rating."""

    rating: float
    find: Callable[[Position], Step | None]


def _levels(
    links: Links, strong: Sequence[int], weak: Sequence[int], meter: Meter
) -> Iterator[list[ChainEnd]]:
    """Grow chains from every start one strong link per level.

    Yields, for levels 1, 2, ... (a chain of 2 * level nodes), the ends found at that level.
    Growing one start's chains by a level costs the meter a node.
    """
    cand = links.cand
    states = []  # per start: [start, true, false, frontier, seen by the true ones]
    for a in range(729):
        first = strong[a]
        if first and cand >> a & 1:
            states.append([a, first, 1 << a, first, 0])
    while states:
        meter.spend(len(states))
        found = []
        alive = []
        for st in states:
            a, true, false, frontier, hit = st
            for t in set_bits(frontier):
                hit |= weak[t]
            st[4] = hit
            if true >> a & 1:
                found.append(ChainEnd(a, -1))
                continue
            elim = weak[a] & hit & cand
            if elim:
                found.append(ChainEnd(a, elim))
            new_false = hit & cand & ~false
            false |= new_false
            nxt = 0
            for f in set_bits(new_false):
                nxt |= strong[f]
            nxt &= ~true
            if nxt:
                st[1] = true | nxt
                st[2] = false
                st[3] = nxt
                alive.append(st)
        yield found
        states = alive


def _trace(
    links: Links, strong: Sequence[int], weak: Sequence[int], a: int, level: int, want: int
) -> list[int]:
    """The chain from start a (as a list of candidates) whose far end sees `want` or is a."""
    cand = links.cand
    parent_t: dict[int, int] = {}
    parent_f: dict[int, int] = {}
    true = 0
    false = 1 << a
    frontier = 0
    for t in set_bits(strong[a]):
        parent_t[t] = a
        frontier |= 1 << t
    true |= frontier
    for _ in range(level):
        for t in set_bits(frontier):
            if (want == -1 and t == a) or (want != -1 and weak[t] & want):
                chain = [t]
                node = t
                while True:
                    f = parent_t[node]
                    chain.append(f)
                    if f == a:
                        break
                    node = parent_f[f]
                    chain.append(node)
                chain.reverse()
                return chain
        new_false = 0
        for t in set_bits(frontier):
            for f in set_bits(weak[t] & cand & ~false & ~new_false):
                parent_f[f] = t
                new_false |= 1 << f
        false |= new_false
        nxt = 0
        for f in set_bits(new_false):
            for t in set_bits(strong[f] & ~true & ~nxt):
                parent_t[t] = f
                nxt |= 1 << t
        true |= nxt
        frontier = nxt
    raise AssertionError("chain not found again")


def _chain_units(chain: list[int]) -> tuple[int, ...]:
    units: list[int] = []
    for i in range(0, len(chain) - 1, 2):
        a, b = chain[i] // 9, chain[i + 1] // 9
        if a != b:
            for u in shared_units(a, b):
                if u not in units:
                    units.append(u)
    return tuple(units)


def _describe_chain(
    name: str, rated: float, links: Links, weak: Sequence[int], chain: list[int], result: int
) -> Step:
    nodes = tuple((p // 9, p % 9 + 1) for p in chain)
    cells = tuple(dict.fromkeys(c for c, _ in nodes))
    text_chain = " ".join(
        (("= " if i % 2 else "- ") if i else "") + cand_text(n) for i, n in enumerate(nodes)
    )
    if result == -1:
        cell, digit = nodes[0]
        return Step(
            name,
            rated,
            placements=((cell, digit),),
            cells=cells,
            candidates=nodes,
            units=_chain_units(chain),
            notation=(text_chain,),
            text=f"If {cell_name(cell)} were not {digit}, the chain {text_chain} (= strong "
            f"link, - weak link) would make it {digit}, so {cell_name(cell)} is {digit}",
        )
    a, y = chain[0], chain[-1]
    elim = weak[a] & weak[y] & links.cand
    removed = tuple((p // 9, p % 9 + 1) for p in set_bits(elim))
    return Step(
        name,
        rated,
        eliminations=removed,
        cells=cells,
        candidates=nodes,
        units=_chain_units(chain),
        notation=(text_chain,),
        text=f"In the chain {text_chain} (= strong link, - weak link) one of the ends "
        f"{cand_text(nodes[0])} and {cand_text(nodes[-1])} is true, so remove "
        f"{removals_text(removed)}",
    )


def chain_step(
    s: Position,
    kinds: tuple[str, ...] = ("X-chain", "XY-chain", "AIC"),
    max_nodes: int = MAX_NODES,
    meter: Meter | None = None,
    extras: tuple[NamedChain, ...] = (),
) -> Step | None:
    """The lowest-rated chain of the given kinds (shortest first), or None.

    Each of `extras` runs just before the chains of its rating.
    """
    meter = meter or UNLIMITED.start()
    links = Links(s)
    pending = sorted(extras, key=lambda extra: extra.rating)
    queue: list[Pending] = []
    for name in kinds:
        kind = KINDS[name]
        levels = _levels(links, getattr(links, kind.strong), kind.weak, meter)
        heapq.heappush(queue, Pending(chain_rating(kind.base, 2), kind.order, 1, name, levels))
    while queue:
        while pending and pending[0].rating <= queue[0].rating:
            step = pending.pop(0).find(s)
            if step is not None:
                return step
        now = heapq.heappop(queue)
        found = next(now.levels, None)
        if found is None:
            continue
        kind = KINDS[now.name]
        if found:
            end = min(found, key=lambda e: -1 if e.result == -1 else -e.result.bit_count())
            strong = getattr(links, kind.strong)
            chain = _trace(links, strong, kind.weak, end.start, now.level, end.result)
            return _describe_chain(now.name, now.rating, links, kind.weak, chain, end.result)
        if 2 * (now.level + 1) <= max_nodes:
            rated = chain_rating(kind.base, 2 * (now.level + 1))
            heapq.heappush(queue, now._replace(rating=rated, level=now.level + 1))
    for extra in pending:
        step = extra.find(s)
        if step is not None:
            return step
    return None


def x_chain(s: Position) -> Step | None:
    return chain_step(s, ("X-chain",))


def xy_chain(s: Position) -> Step | None:
    return chain_step(s, ("XY-chain",))


def chains(s: Position, meter: Meter | None = None) -> Step | None:
    """X-chains, XY-chains and mixed chains together, the lowest rating first."""
    return chain_step(s, meter=meter)
