"""Single-digit patterns: Skyscraper, 2-String Kite, Turbot fish, and simple colouring.

A strong link is a unit where a digit has exactly two places: one of them holds it. Two strong
links whose inner ends see each other leave one of the outer ends holding the digit.
Colouring joins all the strong links of a digit into clusters coloured in two alternating
colours; one colour is true throughout.
"""

from __future__ import annotations

from collections import deque

from ..board import CELL_BB, DIGITS, PEER_BB, cell_name, first_cell, set_bits, unit_name
from ..ratings import chain_rating, rating
from .links import strong_links
from .position import Position
from .step import Candidate, Step, names


def _kind(u1: int, u2: int) -> str:
    """Two strong links in lines of one kind make a Skyscraper, a row and a column a 2-String
    Kite; with a box, a Turbot fish."""
    if u1 >= 18 or u2 >= 18:
        return "Turbot fish"
    if (u1 < 9) == (u2 < 9):
        return "Skyscraper"
    return "2-String Kite"


def turbot(s: Position) -> Step | None:
    """Two strong links on a digit whose inner ends see each other (the easiest kind first)."""
    best: Step | None = None
    for d in DIGITS:
        links = strong_links(s, d)
        for i, (u1, a1, b1) in enumerate(links):
            for u2, a2, b2 in links[i + 1 :]:
                if len({a1, b1, a2, b2}) < 4:
                    continue
                for end1, inner1 in ((a1, b1), (b1, a1)):
                    for inner2, end2 in ((a2, b2), (b2, a2)):
                        if not PEER_BB[inner1] >> inner2 & 1:
                            continue
                        used = CELL_BB[a1] | CELL_BB[b1] | CELL_BB[a2] | CELL_BB[b2]
                        elim = s.dbb[d] & PEER_BB[end1] & PEER_BB[end2] & ~used
                        if not elim:
                            continue
                        name = _kind(u1, u2)
                        rated = rating(name)
                        if best is not None and best.rating <= rated:
                            continue
                        step = Step(
                            name,
                            rated,
                            eliminations=tuple((c, d) for c in set_bits(elim)),
                            cells=(end1, inner1, inner2, end2),
                            candidates=tuple((c, d) for c in (end1, inner1, inner2, end2)),
                            units=(u1, u2),
                            text=f"{d} in {unit_name(u1)} is in {names((end1, inner1))} and "
                            f"in {unit_name(u2)} in {names((inner2, end2))}; {cell_name(inner1)} "
                            f"and {cell_name(inner2)} see each other, so {cell_name(end1)} or "
                            f"{cell_name(end2)} holds {d} and cells that see both cannot",
                        )
                        if name == "Skyscraper":
                            return step
                        best = step
    return best


def _clusters(s: Position, d: int) -> list[dict[int, int]]:
    """Connected groups of cells joined by strong links on d, each cell mapped to colour 0/1."""
    adjacent: dict[int, list[int]] = {}
    for _, a, b in strong_links(s, d):
        adjacent.setdefault(a, []).append(b)
        adjacent.setdefault(b, []).append(a)
    seen: set[int] = set()
    out = []
    for start in adjacent:
        if start in seen:
            continue
        colour = {start: 0}
        queue = deque([start])
        while queue:
            c = queue.popleft()
            for n in adjacent[c]:
                if n not in colour:
                    colour[n] = 1 - colour[c]
                    queue.append(n)
        seen.update(colour)
        if len(colour) >= 3:
            out.append(colour)
    return out


def _distances(s: Position, d: int, start: int, cluster: dict[int, int]) -> dict[int, int]:
    """Strong-link distances from start to every cell of its cluster."""
    adjacent: dict[int, list[int]] = {}
    for _, a, b in strong_links(s, d):
        if a in cluster:
            adjacent.setdefault(a, []).append(b)
            adjacent.setdefault(b, []).append(a)
    dist = {start: 0}
    queue = deque([start])
    while queue:
        c = queue.popleft()
        for n in adjacent.get(c, ()):
            if n not in dist:
                dist[n] = dist[c] + 1
                queue.append(n)
    return dist


def simple_colouring(s: Position) -> Step | None:
    """Colour wrap (a colour sees itself: it is false) or colour trap (a cell sees both)."""
    for d in DIGITS:
        for cluster in _clusters(s, d):
            colour_bb = [0, 0]
            for c, k in cluster.items():
                colour_bb[k] |= CELL_BB[c]
            step = _wrap(s, d, cluster, colour_bb) or _trap(s, d, cluster, colour_bb)
            if step:
                return step
    return None


def _colour_classes(cluster: dict[int, int], d: int) -> tuple[tuple[Candidate, ...], ...]:
    """The cluster's candidates in its two colours."""
    return tuple(tuple((c, d) for c in sorted(cluster) if cluster[c] == k) for k in (0, 1))


def _seen_by(bb: int) -> int:
    out = 0
    for c in set_bits(bb):
        out |= PEER_BB[c]
    return out


def _wrap(s: Position, d: int, cluster: dict[int, int], colour_bb: list[int]) -> Step | None:
    for k in (0, 1):
        for a in set_bits(colour_bb[k]):
            clash = PEER_BB[a] & colour_bb[k]
            if not clash:
                continue
            b = first_cell(clash)
            dist = _distances(s, d, a, cluster)[b]
            false_cells = set_bits(colour_bb[k])
            return Step(
                "Simple colouring",
                chain_rating(rating("Simple colouring"), dist),
                eliminations=tuple((c, d) for c in false_cells),
                cells=tuple(sorted(cluster)),
                candidates=tuple((c, d) for c in sorted(cluster)),
                colours=_colour_classes(cluster, d),
                text=f"Colouring the strong links on {d}: {cell_name(a)} and {cell_name(b)} have "
                f"the same colour and see each other, so that colour is false and "
                f"{names(false_cells)} cannot hold {d}",
            )
    return None


def _trap(s: Position, d: int, cluster: dict[int, int], colour_bb: list[int]) -> Step | None:
    elim = (
        s.dbb[d] & _seen_by(colour_bb[0]) & _seen_by(colour_bb[1]) & ~(colour_bb[0] | colour_bb[1])
    )
    if not elim:
        return None
    z = first_cell(elim)
    a = first_cell(PEER_BB[z] & colour_bb[0])
    dist = _distances(s, d, a, cluster)
    b = min(set_bits(PEER_BB[z] & colour_bb[1]), key=lambda c: dist[c])
    return Step(
        "Simple colouring",
        chain_rating(rating("Simple colouring"), dist[b] + 1),
        eliminations=tuple((c, d) for c in set_bits(elim)),
        cells=tuple(sorted(cluster)),
        candidates=tuple((c, d) for c in sorted(cluster)),
        colours=_colour_classes(cluster, d),
        text=f"Colouring the strong links on {d} in two alternating colours, one colour holds "
        f"{d}; {names(set_bits(elim))} see{'s' if elim.bit_count() == 1 else ''} both colours, "
        f"so cannot hold {d}",
    )
