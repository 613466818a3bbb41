"""Chains: X-chains, XY-chains and alternating inference chains (AICs), plain and grouped, and
the almost-locked-set chains (ALS-XZ, ALS-XY-Wing, ALS chains).

A chain alternates strong and weak links (see links.py). Starting with a strong link from
node A and ending with one into node B, it proves "A or B": every candidate that sees both
(is weakly linked to both) goes. If the chain leads from "A is false" back to "A is true", A
is true. Nodes are candidates or, in grouped chains, grouped nodes: a digit in one of the
cells of a group (two or three cells of one box and line) or of an almost locked set (ALS)
that hold it. A nice loop is found as the chains it is made of.

The search starts from every node at once and grows all chains one strong link at a time, so
the shortest chain of each kind is found first; kinds take turns by rating (the heap in
`chain_step`). Node sets are ints, bit n for node n. Ratings follow Sudoku Explainer: 6.6
for X-chains, 7.0 for XY-chains and AICs, plus the length bonus; grouped chains and ALS
chains have their own bases in ratings.py.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterator, Sequence
from itertools import pairwise
from math import inf
from typing import NamedTuple

from ..board import UNITS_OF, cell_name, set_bits
from ..ratings import chain_rating, rating
from ..search import UNLIMITED, Meter, OutOfBudget
from .als import find_als
from .colouring import medusa, multi_colouring
from .links import EXT, WEAK_X, WEAK_XY, Graph, Links
from .position import Position
from .step import Chain, Node, Step, cells_text, removals_text

# Longer chains are left to the forcing-chain techniques: the chains found in hard puzzles
# are much shorter (magictour_top1465: AICs up to 12 nodes, grouped ones 14, XY-chains 18),
# and a search that finds nothing costs the most at its last lengths.
MAX_NODES = 24
MAX_GROUPED_NODES = 16


class Net:
    """The links one kind of chain follows: `strong[n]` and `weak[n]` are node sets, `alive`
    the nodes of the position; `graph` (None for plain chains) knows the grouped nodes."""

    def __init__(
        self,
        links: Links,
        strong: Sequence[int],
        weak: Sequence[int],
        graph: Graph | None = None,
    ) -> None:
        self.links = links
        self.strong = strong
        self.weak = weak
        self.graph = graph
        self.alive = graph.alive if graph else links.cand
        self.size = graph.size if graph else EXT
        self.onward_known = [-1] * self.size  # onward(n), once worked out

    def onward(self, n: int) -> int:
        """The nodes one weak and one strong link away from n (n true makes them true)."""
        found = self.onward_known[n]
        if found < 0:
            found = 0
            strong = self.strong
            rest = self.weak[n] & self.alive
            while rest:  # each node weakly linked to n (set_bits, inlined: a hot loop)
                low = rest & -rest
                found |= strong[low.bit_length() - 1]
                rest ^= low
            self.onward_known[n] = found
        return found

    def node(self, n: int) -> tuple[tuple[int, ...], int]:
        """A node's cells and digit."""
        if n < EXT or self.graph is None:
            return (n // 9,), n % 9 + 1
        return self.graph.node_cells(n)


class Context:
    """What the chain kinds of one position share, made when first needed."""

    def __init__(self, s: Position, meter: Meter) -> None:
        self.s = s
        self.meter = meter
        self.links = Links(s)
        self._groups: Graph | None = None
        self._graph: Graph | None = None

    @property
    def groups(self) -> Graph:
        """The graph with groups but no almost locked sets."""
        if self._groups is None:
            self._groups = Graph(self.s, self.links, [])
        return self._groups

    @property
    def graph(self) -> Graph:
        """The graph with groups and almost locked sets."""
        if self._graph is None:
            self._graph = Graph(self.s, self.links, find_als(self.s, self.meter))
        return self._graph


def _x(c: Context) -> Net:
    return Net(c.links, c.links.strong_x, WEAK_X)


def _xy(c: Context) -> Net:
    return Net(c.links, c.links.strong_y, WEAK_XY)


def _aic(c: Context) -> Net:
    return Net(c.links, c.links.strong_xy, WEAK_XY)


def _grouped_weak(g: Graph, plain: Sequence[int]) -> list[int]:
    return [w | p for w, p in zip(g.weak_g, plain, strict=False)] + g.weak_g[EXT:]


def _grouped_x(c: Context) -> Net:
    g = c.groups
    return Net(c.links, g.strong_u, _grouped_weak(g, WEAK_X), g)


def _grouped_aic(c: Context) -> Net:
    g = c.graph
    y = c.links.strong_y
    strong = [
        u | a | (y[n] if n < EXT else 0)
        for n, (u, a) in enumerate(zip(g.strong_u, g.strong_a, strict=True))
    ]
    return Net(c.links, strong, _grouped_weak(g, WEAK_XY), g)


def _plain(base: str) -> Callable[[int], float]:
    return lambda nodes: chain_rating(rating(base), nodes)


def _als_rating(nodes: int) -> float:
    if nodes <= 4:
        return rating("ALS-XZ")
    if nodes <= 6:
        return rating("ALS-XY-Wing")
    return chain_rating(rating("ALS chain"), nodes)


class ChainKind(NamedTuple):
    """How to build a kind of chain's links, its rating for a length (in nodes), its place
    among kinds of the same rating, and its longest and shortest chains."""

    net: Callable[[Context], Net]
    rated: Callable[[int], float]
    order: int
    longest: int
    shortest: int = 2


KINDS = {
    "X-chain": ChainKind(_x, _plain("X-chain"), 0, MAX_NODES),
    # Two cells are a naked pair (3.0), three an XY-Wing (4.2), each found before: from four.
    "XY-chain": ChainKind(_xy, _plain("XY-chain"), 1, MAX_NODES, shortest=8),
    "Grouped X-chain": ChainKind(_grouped_x, _plain("Grouped X-chain"), 2, MAX_GROUPED_NODES),
    "AIC": ChainKind(_aic, _plain("AIC"), 3, MAX_NODES),
    "Grouped AIC": ChainKind(_grouped_aic, _plain("Grouped AIC"), 4, MAX_GROUPED_NODES),
}
# No kind of its own for ALS chains: a grouped AIC of the same length, which may run through
# almost locked sets, always comes first (7.1 against 7.2 for 4 nodes, 7.2 against 7.4 for 6,
# and so on); the chains found are named by what they are made of (`_name`), and one rated
# above its length's grouped AIC waits for the chains rated lower (`_search`).
PLAIN = ("X-chain", "XY-chain", "AIC")


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
    net: Net | None
    levels: Iterator[list[ChainEnd]] | None


class NamedChain(NamedTuple):
    """A named pattern that is a chain in disguise (such as the W-Wing), and its rating; it
    gets the position and its links."""

    rating: float
    find: Callable[[Position, Links], Step | None]


def _levels(net: Net, meter: Meter) -> Iterator[list[ChainEnd]]:
    """Grow chains from every start one strong link per level.

    Yields, for levels 1, 2, ... (a chain of 2 * level nodes), the ends found at that level.
    Growing one start's chains by a level costs the meter a node. A node reached true grows
    the chain by a weak and a strong link at once (`net.onward`).
    """
    strong, weak, alive = net.strong, net.weak, net.alive
    cand = net.links.cand
    onward, known = net.onward, net.onward_known
    states = []  # per start: [start, true, frontier]
    for a in set_bits(alive):
        first = strong[a]
        if first:
            states.append([a, first, first])
    while states:
        meter.spend(len(states))
        found = []
        growing = []
        for st in states:
            a, true, frontier = st
            if true >> a & 1:
                if a < EXT:
                    found.append(ChainEnd(a, -1))
                continue
            hit = nxt = 0
            rest = frontier
            while rest:  # each node of the frontier (set_bits, inlined: the hot loop)
                low = rest & -rest
                t = low.bit_length() - 1
                rest ^= low
                hit |= weak[t]
                step = known[t]
                nxt |= step if step >= 0 else onward(t)
            elim = weak[a] & hit & cand
            if elim:
                found.append(ChainEnd(a, elim))
            nxt &= ~true
            if nxt:
                st[1] = true | nxt
                st[2] = nxt
                growing.append(st)
        yield found
        states = growing


def _trace(net: Net, a: int, level: int, want: int) -> list[int]:
    """The chain from start a (as a list of nodes) whose far end sees `want` or is a."""
    strong, weak, alive = net.strong, net.weak, net.alive
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
            for f in set_bits(weak[t] & alive & ~false & ~new_false):
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


def _units(net: Net, chain: list[int]) -> tuple[int, ...]:
    """The units that hold both ends of each strong link between cells, in chain order."""
    units: list[int] = []
    for i in range(0, len(chain) - 1, 2):
        cells = {*net.node(chain[i])[0], *net.node(chain[i + 1])[0]}
        if len(cells) > 1:
            shared = set.intersection(*(set(UNITS_OF[c]) for c in cells))
            units.extend(u for u in sorted(shared) if u not in units)
    return tuple(units)


def as_chain(net: Net, chain: list[int]) -> Chain:
    """An alternating chain (strong link first) as implications: its start false, then every
    node true and false in turn; a strong link through an ALS names it."""
    nodes = []
    for i, n in enumerate(chain):
        cells, digit = net.node(n)
        als: tuple[int, ...] = ()
        if i % 2 and net.graph is not None:
            via = net.graph.via(chain[i - 1], n)
            if via is not None and not _plain_strong(net, chain[i - 1], n):
                als = via.cells
        nodes.append(Node(cells, digit, bool(i % 2), (i - 1,) if i else (), als))
    return Chain(tuple(nodes))


def _plain_strong(net: Net, a: int, b: int) -> bool:
    """True when a and b are strongly linked without an ALS (a unit or a bivalue cell)."""
    g = net.graph
    if g is not None and g.strong_u[a] >> b & 1:
        return True
    return a < EXT and b < EXT and bool(net.links.strong_y[a] >> b & 1)


def _name(net: Net, chain: list[int], found_as: str) -> str:
    """What a found chain is, by what it is made of."""
    if found_as in PLAIN:
        return found_as
    pairs = list(zip(chain[::2], chain[1::2], strict=True))
    via_als = [not _plain_strong(net, a, b) for a, b in pairs]
    if any(via_als):
        bivalue = [a < EXT and b < EXT and a // 9 == b // 9 for a, b in pairs]
        if all(v or bv for v, bv in zip(via_als, bivalue, strict=True)) and _apart(net, pairs):
            return {2: "ALS-XZ", 3: "ALS-XY-Wing"}.get(len(pairs), "ALS chain")
        return "Grouped AIC"
    digits = {net.node(n)[1] for n in chain}
    if any(n >= EXT for n in chain):
        return "Grouped X-chain" if len(digits) == 1 else "Grouped AIC"
    if len(digits) == 1:
        return "X-chain"
    return "XY-chain" if all(a // 9 == b // 9 for a, b in pairs) else "AIC"


def _apart(net: Net, pairs: list[tuple[int, int]]) -> bool:
    """The sets of an ALS chain (each pair's almost locked set, or its bivalue cell) share no
    cell, and each is joined to the next by one digit in cells apart (a restricted common
    digit), not by two digits of one cell."""
    sets = []
    for a, b in pairs:
        via = None if _plain_strong(net, a, b) or net.graph is None else net.graph.via(a, b)
        sets.append(set(via.cells) if via is not None else {a // 9})
    if any(one & other for i, one in enumerate(sets) for other in sets[i + 1 :]):
        return False
    for (_, b), (c, _) in pairwise(pairs):
        (end, digit), (start, next_digit) = net.node(b), net.node(c)
        if digit != next_digit or set(end) & set(start):
            return False
    return True


def _rating(name: str, nodes: int) -> float:
    if name in ("ALS-XZ", "ALS-XY-Wing", "ALS chain"):
        return _als_rating(nodes)
    return chain_rating(rating(name), nodes)


def _node_text(net: Net, n: int) -> str:
    cells, digit = net.node(n)
    return f"{digit}{cells_text(cells)}"


def _describe_chain(name: str, net: Net, chain: list[int], result: int) -> Step:
    rated = _rating(name, len(chain))
    marks = tuple((c, net.node(n)[1]) for n in chain for c in net.node(n)[0])
    whole = as_chain(net, chain)
    text_chain = " ".join(
        (("= " if i % 2 else "- ") if i else "") + _node_text(net, n) for i, n in enumerate(chain)
    )
    als = [node.als for node in whole.nodes if node.als]
    # The cells drawn: the chain's, and every cell of the almost locked sets it runs through.
    cells = tuple(dict.fromkeys([*(c for n in chain for c in net.node(n)[0]), *sum(als, ())]))
    sets = "; ".join(cells_text(a) for a in als)
    where = f" (through the almost locked set{'s' if len(als) > 1 else ''} {sets})" if als else ""
    if result == -1:
        cell, digit = chain[0] // 9, chain[0] % 9 + 1
        return Step(
            name,
            rated,
            placements=((cell, digit),),
            cells=cells,
            candidates=marks,
            units=_units(net, chain),
            chains=(whole,),
            text=f"If {cell_name(cell)} were not {digit}, the chain {text_chain} (= strong "
            f"link, - weak link){where} would make it {digit}, so {cell_name(cell)} is {digit}",
        )
    a, y = chain[0], chain[-1]
    elim = net.weak[a] & net.weak[y] & net.links.cand
    removed = tuple((p // 9, p % 9 + 1) for p in set_bits(elim))
    return Step(
        name,
        rated,
        eliminations=removed,
        cells=cells,
        candidates=marks,
        units=_units(net, chain),
        chains=(whole,),
        text=f"In the chain {text_chain} (= strong link, - weak link){where} one of the ends "
        f"{_node_text(net, a)} and {_node_text(net, y)} is true, so remove "
        f"{removals_text(removed)}",
    )


def chain_step(
    s: Position,
    kinds: tuple[str, ...] = PLAIN,
    max_nodes: int = MAX_NODES,
    meter: Meter | None = None,
    extras: tuple[NamedChain, ...] = (),
) -> Step | None:
    """The lowest-rated chain of the given kinds (shortest first), or None.

    Each of `extras` runs just before the chains of its base rating. A step is taken only if
    no chain left to try rates lower (a colouring rates above its base by its chains' length;
    a grouped AIC found running through almost locked sets rates as the ALS chain it is).
    """
    found = _search(s, kinds, max_nodes, meter or UNLIMITED.start(), extras, False)
    return found[0] if found else None


def _search(
    s: Position,
    kinds: tuple[str, ...],
    max_nodes: int,
    meter: Meter,
    extras: tuple[NamedChain, ...],
    every: bool,
) -> list[Step]:
    """The lowest-rated chain step (see chain_step); with `every`, also every other chain of
    that kind and length, rated no higher, that removes something the ones before do not."""
    context = Context(s, meter)
    pending = sorted(extras, key=lambda extra: extra.rating)
    queue: list[Pending] = []
    for name in kinds:
        kind = KINDS[name]
        heapq.heappush(queue, Pending(kind.rated(2), kind.order, 1, name, None, None))
    # A step can rate above the rating it is looked for at (an extra's colouring by its
    # chains' length; a grouped AIC's length found running through almost locked sets, as an
    # ALS-XY-Wing or ALS chain): it is held until no chain left to try can rate lower.
    held: list[Step] = []
    try:
        while queue or pending:
            head = min(queue[0].rating if queue else inf, pending[0].rating if pending else inf)
            if held and held[0].rating <= head:
                return held
            if pending and pending[0].rating <= head:  # at a tie, the named pattern first
                step = pending.pop(0).find(s, context.links)
                if step is not None and (not held or step.rating < held[0].rating):
                    held = [step]
                continue
            now = heapq.heappop(queue)
            kind = KINDS[now.name]
            net, levels = now.net, now.levels
            if net is None or levels is None:
                net = kind.net(context)
                levels = _levels(net, meter)
            found = next(levels, None)
            if found is None:
                continue
            if found and 2 * now.level >= kind.shortest:
                steps = _steps(net, now, found, every)
                if not held or steps[0].rating < held[0].rating:
                    held = steps
            if 2 * (now.level + 1) <= min(max_nodes, kind.longest):
                rated = kind.rated(2 * (now.level + 1))
                heapq.heappush(
                    queue, Pending(rated, kind.order, now.level + 1, now.name, net, levels)
                )
    except OutOfBudget:  # a held step stands: no chain rated lower was found
        if not held:
            raise
    return held


def _steps(net: Net, now: Pending, found: list[ChainEnd], every: bool) -> list[Step]:
    """The lowest-rated step of the chain ends `found` at one length (a chain through almost
    locked sets rates above its length's grouped AIC; of those rated alike, one placing a
    digit, else the one removing most); with `every`, then each other one rated no higher
    that removes something the ones before do not."""
    ends = sorted(
        found,
        key=lambda e: (-1, e.start) if e.result == -1 else (-e.result.bit_count(), e.start),
    )
    described: list[Step] = []
    for end in ends:
        described.append(_end_step(net, now, end))
        if described[-1].rating <= now.rating:  # a cheaper kind finds any rated lower first
            break
    first = min(described, key=lambda step: step.rating)
    if not every:
        return [first]
    steps = [first]
    done = set(first.eliminations)
    for i, end in enumerate(ends):
        if end.result != -1 and not {(p // 9, p % 9 + 1) for p in set_bits(end.result)} - done:
            continue
        step = described[i] if i < len(described) else _end_step(net, now, end)
        if step is first or step.rating > first.rating:
            continue
        if step.placements or set(step.eliminations) - done:
            steps.append(step)
            done.update(step.eliminations)
    return steps


def _end_step(net: Net, now: Pending, end: ChainEnd) -> Step:
    """The step of one chain end, named by what its chain is made of."""
    chain = _trace(net, end.start, now.level, end.result)
    return _describe_chain(_name(net, chain, now.name), net, chain, end.result)


def x_chain(s: Position) -> Step | None:
    return chain_step(s, ("X-chain",))


def xy_chain(s: Position) -> Step | None:
    return chain_step(s, ("XY-chain",))


EXTRAS = (
    NamedChain(rating("Multi-colouring"), multi_colouring),
    NamedChain(rating("3D Medusa"), medusa),
)


def chains(s: Position, meter: Meter | None = None) -> Step | None:
    """Every kind of chain, with the patterns that are chains in disguise (multi-colouring,
    3D Medusa), the lowest rating first."""
    return chain_step(s, tuple(KINDS), meter=meter, extras=EXTRAS)


def chains_all(s: Position, meter: Meter) -> list[Step]:
    """The step `chains` gives, then every other chain of the same kind and length, rated no
    higher, that removes more (all true at once, each a step of its own)."""
    return _search(s, tuple(KINDS), MAX_NODES, meter, EXTRAS, True)


def plain_chains(s: Position, meter: Meter | None = None) -> Step | None:
    """The chains Sudoku Explainer grades with: X-chains, XY-chains and AICs, without groups
    or almost locked sets, the lowest rating first."""
    return chain_step(s, PLAIN, meter=meter)


def plain_chains_all(s: Position, meter: Meter) -> list[Step]:
    """The step `plain_chains` gives, then the others of its kind and length (see chains_all)."""
    return _search(s, PLAIN, MAX_NODES, meter, (), True)
