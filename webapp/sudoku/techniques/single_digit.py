"""Single-digit patterns: Skyscraper, 2-String Kite, Turbot fish, empty rectangle, and simple
colouring.

A strong link is a unit where a digit has exactly two places: one of them holds it. Two strong
links whose inner ends see each other leave one of the outer ends holding the digit. An empty
rectangle is a box whose places for a digit all lie in one row and one column of it: the box's
digit is in that row or in that column, which works like one end of a strong link.
Colouring joins all the strong links of a digit into clusters coloured in two alternating
colours; one colour is true throughout.
"""

from __future__ import annotations

from collections import deque
from functools import lru_cache

from ..board import (
    BOX_BB,
    CELL_BB,
    COL_BB,
    COL_OF,
    DIGITS,
    PEER_BB,
    ROW_BB,
    ROW_OF,
    cell_name,
    first_cell,
    set_bits,
    unit_name,
)
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
        for step in _turbots(d, s.dbb[d]):
            if step.technique == "Skyscraper":
                return step
            if best is None or step.rating < best.rating:
                best = step
    return best


@lru_cache(maxsize=1024)
def _turbots(d: int, bb: int) -> tuple[Step, ...]:
    """The first pattern of each kind on digit d, whose places are `bb`, in the order found.
    The places alone decide, so the answer is kept (as links.strong_links are)."""
    found: dict[str, Step] = {}
    links = strong_links(bb)
    for i, (u1, a1, b1) in enumerate(links):
        for u2, a2, b2 in links[i + 1 :]:
            if len({a1, b1, a2, b2}) < 4:
                continue
            for end1, inner1 in ((a1, b1), (b1, a1)):
                for inner2, end2 in ((a2, b2), (b2, a2)):
                    if not PEER_BB[inner1] >> inner2 & 1:
                        continue
                    used = CELL_BB[a1] | CELL_BB[b1] | CELL_BB[a2] | CELL_BB[b2]
                    elim = bb & PEER_BB[end1] & PEER_BB[end2] & ~used
                    name = _kind(u1, u2)
                    if not elim or name in found:
                        continue
                    found[name] = Step(
                        name,
                        rating(name),
                        eliminations=tuple((c, d) for c in set_bits(elim)),
                        cells=(end1, inner1, inner2, end2),
                        candidates=tuple((c, d) for c in (end1, inner1, inner2, end2)),
                        units=(u1, u2),
                        text=f"In {unit_name(u1)}, {d} can only go in {cell_name(end1)} or "
                        f"{cell_name(inner1)}, and in {unit_name(u2)} only in "
                        f"{cell_name(inner2)} or {cell_name(end2)}; {cell_name(inner1)} and "
                        f"{cell_name(inner2)} see each other, so they are not both {d}: "
                        f"{cell_name(end1)} or {cell_name(end2)} is, and cells that see both "
                        f"cannot hold {d}",
                    )
                    if name == "Skyscraper":
                        return tuple(found.values())
    return tuple(found.values())


def empty_rectangle(s: Position) -> Step | None:
    """A box whose places for d lie in one row and one column of it (at least three places,
    not all in one line), and a strong link on d from a cell of that row (or column) outside
    the box: the cell where the link's far line meets the box's column (or row) loses d."""
    return next((step for d in DIGITS if (step := _empty_rectangle(d, s.dbb[d]))), None)


@lru_cache(maxsize=1024)
def _empty_rectangle(d: int, bb: int) -> Step | None:
    """The first empty rectangle on digit d, whose places are `bb` (kept, as _turbots)."""
    links = strong_links(bb)
    for b in range(9):
        inside = bb & BOX_BB[b]
        if inside.bit_count() < 3:
            continue
        for row, col in _crosses(inside):
            for u, p, q in links:
                if u >= 18:
                    continue
                for near, far in ((p, q), (q, p)):
                    step = _er_step(bb, d, b, row, col, u, near, far)
                    if step is not None:
                        return step
    return None


def _crosses(inside: int) -> list[tuple[int, int]]:
    """The (row, column) pairs through a box whose union holds every cell of `inside`, where
    neither the row nor the column alone does."""
    cells = set_bits(inside)
    rows = {ROW_OF[c] for c in cells}
    cols = {COL_OF[c] for c in cells}
    if len(rows) == 1 or len(cols) == 1:
        return []
    return [(r, c) for r in rows for c in cols if not inside & ~(ROW_BB[r] | COL_BB[c])]


def _er_step(
    bb: int, d: int, b: int, row: int, col: int, u: int, near: int, far: int
) -> Step | None:
    """The empty rectangle of box b (its d's in `row` and `col`) with the strong link
    near-far in line u: `near` on the cross's row (a column link) or on its column (a row
    link), outside the box; the target is where far's line meets the cross's other line."""
    box = BOX_BB[b]
    if box >> near & 1:
        return None
    if u >= 9 and ROW_OF[near] == row:
        target = 9 * ROW_OF[far] + col
        cross_unit, other_unit = row, 9 + col
    elif u < 9 and COL_OF[near] == col:
        target = 9 * row + COL_OF[far]
        cross_unit, other_unit = 9 + col, row
    else:
        return None
    if box >> target & 1 or not bb >> target & 1:
        return None
    inside = set_bits(bb & box)
    return Step(
        "Empty rectangle",
        rating("Empty rectangle"),
        eliminations=((target, d),),
        cells=(*inside, near, far),
        candidates=tuple((c, d) for c in (*inside, near, far)),
        units=(18 + b, u),
        text=f"In box {b + 1}, {d} can only go in {unit_name(cross_unit)} or "
        f"{unit_name(other_unit)}, and in {unit_name(u)} only in {cell_name(near)} or "
        f"{cell_name(far)}. If {cell_name(far)} is {d}, {cell_name(target)} sees it; if not, "
        f"{cell_name(near)} is, so the box's {d} is not in {unit_name(cross_unit)} but in "
        f"{unit_name(other_unit)}, which {cell_name(target)} sees: either way "
        f"{cell_name(target)} cannot hold {d}",
    )


def _clusters(bb: int) -> list[dict[int, int]]:
    """Connected groups of cells joined by strong links on a digit whose places are `bb`,
    each cell mapped to colour 0/1."""
    adjacent: dict[int, list[int]] = {}
    for _, a, b in strong_links(bb):
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


def _distances(bb: int, start: int, cluster: dict[int, int]) -> dict[int, int]:
    """Strong-link distances from start to every cell of its cluster."""
    adjacent: dict[int, list[int]] = {}
    for _, a, b in strong_links(bb):
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
    return next((step for d in DIGITS if (step := _colouring(d, s.dbb[d]))), None)


@lru_cache(maxsize=1024)
def _colouring(d: int, bb: int) -> Step | None:
    """The first colour wrap or trap on digit d, whose places are `bb` (kept, as _turbots)."""
    for cluster in _clusters(bb):
        colour_bb = [0, 0]
        for c, k in cluster.items():
            colour_bb[k] |= CELL_BB[c]
        step = _wrap(bb, d, cluster, colour_bb) or _trap(bb, d, cluster, colour_bb)
        if step:
            return step
    return None


def _coloured(d: int) -> str:
    return (
        f"Colouring the cells joined by strong links on {d} in two alternating colours, either "
        f"every cell of one colour holds {d} or every cell of the other does"
    )


def _colour_classes(cluster: dict[int, int], d: int) -> tuple[tuple[Candidate, ...], ...]:
    """The cluster's candidates in its two colours."""
    return tuple(tuple((c, d) for c in sorted(cluster) if cluster[c] == k) for k in (0, 1))


def _seen_by(bb: int) -> int:
    out = 0
    for c in set_bits(bb):
        out |= PEER_BB[c]
    return out


def _wrap(bb: int, d: int, cluster: dict[int, int], colour_bb: list[int]) -> Step | None:
    for k in (0, 1):
        for a in set_bits(colour_bb[k]):
            clash = PEER_BB[a] & colour_bb[k]
            if not clash:
                continue
            b = first_cell(clash)
            dist = _distances(bb, a, cluster)[b]
            false_cells = set_bits(colour_bb[k])
            return Step(
                "Simple colouring",
                chain_rating(rating("Simple colouring"), dist),
                eliminations=tuple((c, d) for c in false_cells),
                cells=tuple(sorted(cluster)),
                candidates=tuple((c, d) for c in sorted(cluster)),
                colours=_colour_classes(cluster, d),
                text=f"{_coloured(d)}; {cell_name(a)} and {cell_name(b)} have the same colour and "
                f"see each other, so that colour is not {d}: {names(false_cells)} cannot hold "
                f"{d}",
            )
    return None


def _trap(bb: int, d: int, cluster: dict[int, int], colour_bb: list[int]) -> Step | None:
    elim = bb & _seen_by(colour_bb[0]) & _seen_by(colour_bb[1]) & ~(colour_bb[0] | colour_bb[1])
    if not elim:
        return None
    z = first_cell(elim)
    a = first_cell(PEER_BB[z] & colour_bb[0])
    dist = _distances(bb, a, cluster)
    b = min(set_bits(PEER_BB[z] & colour_bb[1]), key=lambda c: dist[c])
    return Step(
        "Simple colouring",
        chain_rating(rating("Simple colouring"), dist[b] + 1),
        eliminations=tuple((c, d) for c in set_bits(elim)),
        cells=tuple(sorted(cluster)),
        candidates=tuple((c, d) for c in sorted(cluster)),
        colours=_colour_classes(cluster, d),
        text=f"{_coloured(d)}; {names(set_bits(elim))} "
        f"see{'s' if elim.bit_count() == 1 else ''} a cell of each colour, so cannot hold {d}",
    )
