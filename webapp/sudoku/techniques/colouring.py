"""Colouring beyond one cluster: multi-colouring (one digit, two clusters) and 3D Medusa
(candidates of every digit, joined by both kinds of strong link).

Candidates joined by strong links form clusters; colour each cluster in two alternating
colours, and exactly one colour of each cluster is true (see single_digit.py for simple
colouring, one cluster of one digit).

- Multi-colouring: when a cell of colour a (first cluster) sees a cell of colour b (second
  cluster), a and b cannot both be true, so A or B is (the opposite colours): a candidate
  that sees an A cell and a B cell goes. When colour a sees both colours of the other
  cluster, a is false.
- 3D Medusa colours candidates of every digit, through bivalue cells as well as units.
  A colour is false when two of its candidates share a cell, or hold one digit in one
  unit, or when a cell's every candidate sees it. An uncoloured candidate goes when its
  cell holds both colours, when it sees both colours (on its digit), or when it sees one
  colour on its digit and its cell holds the other.

Every deduction is a chain along the cluster's strong links (each also a weak link), which
the step records whole; the rating is the chain's, as Sudoku Explainer would find it.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

from ..board import DIGITS, DIGITS_OF, PEER_BB, cell_name, set_bits
from ..ratings import chain_rating, rating
from .links import WEAK_XY, Links
from .position import Position
from .step import Candidate, Chain, Node, Step, cand_text, listed, names, removals_text

Cluster = dict[int, int]  # candidate (9 * cell + digit - 1) -> colour 0 or 1


def _clusters(strong: Sequence[int], starts: int, smallest: int) -> list[Cluster]:
    """The clusters of the strong links among `starts` (a candidate set), of `smallest`
    candidates or more, each coloured from its lowest candidate."""
    seen = 0
    out = []
    for p in set_bits(starts):
        if seen >> p & 1 or not strong[p]:
            continue
        colour = {p: 0}
        queue = deque([p])
        while queue:
            q = queue.popleft()
            for r in set_bits(strong[q]):
                if r not in colour:
                    colour[r] = 1 - colour[q]
                    queue.append(r)
        for q in colour:
            seen |= 1 << q
        if len(colour) >= smallest:
            out.append(colour)
    return out


def _path(strong: Sequence[int], cluster: Cluster, a: int, b: int) -> list[int]:
    """The shortest strong-link path from a to b within a cluster."""
    parent = {a: a}
    queue = deque([a])
    while queue:
        q = queue.popleft()
        if q == b:
            break
        for r in set_bits(strong[q]):
            if r in cluster and r not in parent:
                parent[r] = q
                queue.append(r)
    path = [b]
    while path[-1] != a:
        path.append(parent[path[-1]])
    path.reverse()
    return path


def _cand(p: int) -> Candidate:
    return p // 9, p % 9 + 1


def _alternating(path: list[int], first_on: bool, start: int = 0) -> list[Node]:
    """A strong-link path as implications: its first node on or off, then alternating."""
    nodes = []
    for i, p in enumerate(path):
        after = (start + i - 1,) if i else ((start - 1,) if start else ())
        nodes.append(Node((p // 9,), p % 9 + 1, first_on == (i % 2 == 0), after))
    return nodes


def _colours(*clusters: Cluster) -> tuple[tuple[Candidate, ...], ...]:
    out: list[tuple[Candidate, ...]] = []
    for cluster in clusters:
        for k in (0, 1):
            out.append(tuple(sorted(_cand(p) for p, c in cluster.items() if c == k)))
    return tuple(out)


def _seen(s: Position, p: int) -> int:
    """The candidates of p's digit in the cells that see p's cell (as a candidate set)."""
    d = p % 9
    out = 0
    for c in set_bits(s.dbb[d + 1] & PEER_BB[p // 9]):
        out |= 1 << (9 * c + d)
    return out


# --- multi-colouring ------------------------------------------------------------------------


def multi_colouring(s: Position, links: Links | None = None) -> Step | None:
    """Two clusters of one digit joined by a weak link (rated 6.7 plus the chain's length)."""
    links = links or Links(s)
    strong = links.strong_x
    for d in DIGITS:
        digit_cands = 0
        for c in set_bits(s.dbb[d]):
            digit_cands |= 1 << (9 * c + d - 1)
        clusters = _clusters(strong, digit_cands, 2)
        for i, c1 in enumerate(clusters):
            for c2 in clusters[i + 1 :]:
                step = _multi(s, strong, d, c1, c2) or _multi(s, strong, d, c2, c1)
                if step is not None:
                    return step
    return None


def _multi(s: Position, strong: Sequence[int], d: int, c1: Cluster, c2: Cluster) -> Step | None:
    seen = {p: _seen(s, p) for p in (*c1, *c2)}
    for a in (0, 1):
        a_cells = [p for p, k in c1.items() if k == a]
        joined = [(u, v) for u in a_cells for v in c2 if seen[u] >> v & 1]
        if not joined:
            continue
        colours_seen = {c2[v] for _, v in joined}
        if len(colours_seen) == 2:  # colour a sees both colours of c2: it is false
            return _multi_wrap(strong, d, c1, c2, a, joined)
        b = colours_seen.pop()
        u, v = joined[0]
        big_a = [p for p, k in c1.items() if k != a]
        big_b = [p for p, k in c2.items() if k != b]
        chains = []
        removed: list[int] = []
        for x in big_a:
            for y in big_b:
                elim = seen[x] & seen[y] & ~(1 << x) & ~(1 << y)
                elim &= ~sum(1 << p for p in removed)
                if elim:
                    chains.append(_multi_chain(strong, c1, c2, x, u, v, y))
                    removed.extend(set_bits(elim))
        if removed:
            eliminations = tuple(sorted(_cand(p) for p in removed))
            nodes = max(len(ch) for ch in chains)
            return Step(
                "Multi-colouring",
                chain_rating(rating("Multi-colouring"), nodes),
                eliminations=eliminations,
                cells=tuple(sorted({p // 9 for p in (*c1, *c2)})),
                candidates=tuple(sorted(_cand(p) for p in (*c1, *c2))),
                chains=tuple(chains),
                colours=_colours(c1, c2),
                text=f"Colouring two clusters of strong links on {d}: {cell_name(u // 9)} and "
                f"{cell_name(v // 9)} see each other, so their colours are not both true and "
                f"one of the two other colours is; {names(c for c, _ in eliminations)} "
                f"see{'s' if len(eliminations) == 1 else ''} both of those colours, so cannot "
                f"hold {d}",
            )
    return None


def _multi_chain(
    strong: Sequence[int], c1: Cluster, c2: Cluster, x: int, u: int, v: int, y: int
) -> Chain:
    """x off, along the first cluster to u on, v off, along the second to y on."""
    first = _alternating(_path(strong, c1, x, u), False)
    second = _alternating(_path(strong, c2, v, y), False, len(first))
    return Chain(tuple(first + second))


def _multi_wrap(
    strong: Sequence[int], d: int, c1: Cluster, c2: Cluster, a: int, joined: list[tuple[int, int]]
) -> Step:
    """Colour a of c1 sees both colours of c2: assuming it true leaves c2 no true colour."""
    u1, v1 = next((u, v) for u, v in joined if c2[v] == 0)
    u2, v2 = next((u, v) for u, v in joined if c2[v] == 1)
    false_cells = sorted(p for p, k in c1.items() if k == a)
    nodes: list[Node] = _alternating(_path(strong, c1, u1, u2), True)  # u1 on ... u2 on
    nodes.append(Node((v1 // 9,), d, False, (0,)))  # u1 on: v1 off
    rest = _alternating(_path(strong, c2, v1, v2)[1:], True, len(nodes))  # ... v2 on
    nodes.extend(rest)
    nodes.append(Node((u2 // 9,), d, False, (len(nodes) - 1,)))  # v2 on: u2 off
    chain = Chain(tuple(nodes), f"contradiction: {cell_name(u2 // 9)} would hold {d} and not")
    return Step(
        "Multi-colouring",
        chain_rating(rating("Multi-colouring"), len(nodes)),
        eliminations=tuple(_cand(p) for p in false_cells),
        cells=tuple(sorted({p // 9 for p in (*c1, *c2)})),
        candidates=tuple(sorted(_cand(p) for p in (*c1, *c2))),
        chains=(chain,),
        colours=_colours(c1, c2),
        text=f"Colouring two clusters of strong links on {d}: one colour of the first sees "
        f"both colours of the second, one of which is true, so that colour is false and "
        f"{', '.join(cell_name(p // 9) for p in false_cells)} cannot hold {d}",
    )


# --- 3D Medusa ------------------------------------------------------------------------------


def medusa(s: Position, links: Links | None = None) -> Step | None:
    """A 3D Medusa colouring that removes candidates (rated as the AIC it is: 7.0 plus the
    length bonus of its longest chain)."""
    links = links or Links(s)
    strong = links.strong_xy
    for cluster in _clusters(strong, links.cand, 3):
        step = _medusa_false(s, links, cluster) or _medusa_traps(s, links, cluster)
        if step is not None:
            return step
    return None


def _medusa_step(
    cluster: Cluster, eliminations: tuple[Candidate, ...], chains: tuple[Chain, ...], text: str
) -> Step:
    return Step(
        "3D Medusa",
        chain_rating(rating("3D Medusa"), max(len(ch) for ch in chains)),
        eliminations=eliminations,
        cells=tuple(sorted({p // 9 for p in cluster})),
        candidates=tuple(sorted(_cand(p) for p in cluster)),
        chains=chains,
        colours=_colours(cluster),
        text=text,
    )


def _medusa_false(s: Position, links: Links, cluster: Cluster) -> Step | None:
    """A colour that cannot be true: twice in a cell or a unit, or it empties a cell."""
    strong = links.strong_xy
    colour_bits = [0, 0]
    for p, k in cluster.items():
        colour_bits[k] |= 1 << p
    for p, k in sorted(cluster.items()):
        clash = WEAK_XY[p] & colour_bits[k] & ~((2 << p) - 1)
        if not clash:
            continue
        q = (clash & -clash).bit_length() - 1
        nodes = _alternating(_path(strong, cluster, p, q), True)
        nodes.append(Node((q // 9,), q % 9 + 1, False, (0,)))
        same = "cell" if p // 9 == q // 9 else "unit"
        chain = Chain(tuple(nodes), f"contradiction: {cand_text(_cand(q))} both true and false")
        return _false_colour(
            cluster,
            k,
            (chain,),
            f"{cand_text(_cand(p))} and {cand_text(_cand(q))} have the same colour and share "
            f"a {same}",
        )
    coloured_cells = {p // 9 for p in cluster}
    for k in (0, 1):
        mine = [p for p, c in cluster.items() if c == k]
        hit = 0
        for p in mine:
            hit |= WEAK_XY[p]
        for cell in set_bits(s.empty):
            cell_bits = s.cands[cell] << (9 * cell)
            if cell_bits & ~hit or cell in coloured_cells:
                continue
            cands = [9 * cell + d - 1 for d in DIGITS_OF[s.cands[cell]]]
            return _emptied(strong, cluster, k, cell, cands, mine)
    return None


def _emptied(
    strong: Sequence[int], cluster: Cluster, k: int, cell: int, cands: list[int], mine: list[int]
) -> Step:
    """Colour k sees every candidate of `cell`: the chains from one k candidate to the ones
    that see them, then the cell's candidates off."""
    root = min(mine)
    parent = {root: root}
    queue = deque([root])
    while queue:
        q = queue.popleft()
        for r in set_bits(strong[q]):
            if r in cluster and r not in parent:
                parent[r] = q
                queue.append(r)
    seers = [
        min((p for p in mine if WEAK_XY[p] >> q & 1), key=lambda p: (_depth(parent, p), p))
        for q in cands
    ]
    needed: list[int] = []
    for t in seers:
        path = [t]
        while path[-1] != root:
            path.append(parent[path[-1]])
        for n in reversed(path):
            if n not in needed:
                needed.append(n)
    needed.sort(key=lambda n: (_depth(parent, n), n))
    index = {n: i for i, n in enumerate(needed)}
    nodes = [
        Node((n // 9,), n % 9 + 1, cluster[n] == k, (index[parent[n]],) if n != root else ())
        for n in needed
    ]
    for q, t in zip(cands, seers, strict=True):
        nodes.append(Node((cell,), q % 9 + 1, False, (index[t],)))
    chain = Chain(tuple(nodes), f"contradiction: {cell_name(cell)} has no candidate left")
    return _false_colour(cluster, k, (chain,), f"it would leave {cell_name(cell)} no candidate")


def _depth(parent: dict[int, int], n: int) -> int:
    depth = 0
    while parent[n] != n:
        n = parent[n]
        depth += 1
    return depth


def _false_colour(cluster: Cluster, k: int, chains: tuple[Chain, ...], why: str) -> Step:
    false = tuple(sorted(_cand(p) for p, c in cluster.items() if c == k))
    return _medusa_step(
        cluster,
        false,
        chains,
        f"Colouring candidates along strong links (3D Medusa), one colour cannot be true: "
        f"{why}; so remove {removals_text(false)}",
    )


def _medusa_traps(s: Position, links: Links, cluster: Cluster) -> Step | None:
    """Uncoloured candidates that see both colours: in their cell, on their digit, or one
    of each."""
    strong = links.strong_xy
    by_colour = [[p for p, c in cluster.items() if c == k] for k in (0, 1)]
    sees = [0, 0]
    for k in (0, 1):
        for p in by_colour[k]:
            sees[k] |= WEAK_XY[p]
    trapped = sees[0] & sees[1] & links.cand
    for p in cluster:
        trapped &= ~(1 << p)
    if not trapped:
        return None
    chains: list[Chain] = []
    ends: dict[tuple[int, int], int] = {}
    removed = []
    for q in set_bits(trapped):
        x = min(p for p in by_colour[0] if WEAK_XY[p] >> q & 1)
        y = min(p for p in by_colour[1] if WEAK_XY[p] >> q & 1)
        if (x, y) not in ends:
            ends[(x, y)] = len(chains)
            chains.append(Chain(tuple(_alternating(_path(strong, cluster, x, y), False))))
        removed.append(_cand(q))
    eliminations = tuple(removed)
    one = len(eliminations) == 1
    which = listed(f"the {d} in {cell_name(c)}" for c, d in eliminations)
    if len(ends) == 1:  # every one sees the same two: name them
        ((x, y),) = ends
        seen = f"{cand_text(_cand(x))} of one colour and {cand_text(_cand(y))} of the other"
    else:
        its = "its" if one else "their"
        seen = f"both colours (in {its} cell or on {its} digit)"
    return _medusa_step(
        cluster,
        eliminations,
        tuple(chains),
        f"Colouring candidates along strong links (3D Medusa), one of the two colours is true; "
        f"{which} see{'s' if one else ''} {seen}, so {'it goes' if one else 'they go'}",
    )
