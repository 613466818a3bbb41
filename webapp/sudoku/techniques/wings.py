"""Wings: XY-Wing, XYZ-Wing, W-Wing, and the bent wings WXYZ-Wing and VWXYZ-Wing."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import combinations
from typing import NamedTuple

from ..board import (
    BIT,
    DIGITS,
    DIGITS_OF,
    PEER_BB,
    POPCOUNT,
    UNITS,
    cell_name,
    set_bits,
    unit_name,
)
from ..ratings import rating
from .links import StrongLink, strong_links
from .position import Position
from .step import Step, digits_text, names, removals_text


def cells_with_count(s: Position, n: int) -> int:
    """Bitboard of the empty cells with exactly n candidates (n = 2 or 3)."""
    ones = twos = threes = fours = 0
    for d in DIGITS:
        x = s.dbb[d]
        fours |= threes & x
        threes |= twos & x
        twos |= ones & x
        ones |= x
    return (twos & ~threes) if n == 2 else (threes & ~fours)


def xy_wing(s: Position) -> Step | None:
    """Pivot xy sees pincers xz and yz: whichever the pivot holds, one pincer is z."""
    cands = s.cands
    bivalue = cells_with_count(s, 2)
    for pivot in set_bits(bivalue):
        pm = cands[pivot]
        wings = [a for a in set_bits(bivalue & PEER_BB[pivot]) if POPCOUNT[cands[a] & pm] == 1]
        for i, a in enumerate(wings):
            za = cands[a] & ~pm
            for b in wings[i + 1 :]:
                if cands[b] & ~pm != za or cands[a] & cands[b] & pm:
                    continue
                z = DIGITS_OF[za][0]
                elim = s.dbb[z] & PEER_BB[a] & PEER_BB[b]
                if elim:
                    xa, xb = DIGITS_OF[cands[a] & pm][0], DIGITS_OF[cands[b] & pm][0]
                    return Step(
                        "XY-Wing",
                        rating("XY-Wing"),
                        eliminations=tuple((c, z) for c in set_bits(elim)),
                        cells=(pivot, a, b),
                        candidates=tuple(
                            (c, d) for c in (pivot, a, b) for d in DIGITS_OF[cands[c]]
                        ),
                        text=f"{cell_name(pivot)} holds {xa} or {xb}; if {xa}, {cell_name(a)} "
                        f"is left with {z}, and if {xb}, {cell_name(b)} is. Either way one of "
                        f"them is {z}, so cells that see both cannot hold {z}",
                    )
    return None


def xyz_wing(s: Position) -> Step | None:
    """Pivot xyz sees pincers xz and yz: one of the three is z."""
    cands = s.cands
    bivalue = cells_with_count(s, 2)
    for pivot in set_bits(cells_with_count(s, 3)):
        pm = cands[pivot]
        wings = [a for a in set_bits(bivalue & PEER_BB[pivot]) if not cands[a] & ~pm]
        for i, a in enumerate(wings):
            for b in wings[i + 1 :]:
                if cands[a] | cands[b] != pm:
                    continue
                z = DIGITS_OF[cands[a] & cands[b]][0]
                elim = s.dbb[z] & PEER_BB[a] & PEER_BB[b] & PEER_BB[pivot]
                if elim:
                    x = DIGITS_OF[cands[a] & ~cands[b]][0]
                    y = DIGITS_OF[cands[b] & ~cands[a]][0]
                    return Step(
                        "XYZ-Wing",
                        rating("XYZ-Wing"),
                        eliminations=tuple((c, z) for c in set_bits(elim)),
                        cells=(pivot, a, b),
                        candidates=tuple(
                            (c, d) for c in (pivot, a, b) for d in DIGITS_OF[cands[c]]
                        ),
                        text=f"{cell_name(pivot)} holds {x}, {y} or {z}; if {x}, "
                        f"{cell_name(a)} is left with {z}, and if {y}, {cell_name(b)} is. So one "
                        f"of the three is {z}, and cells that see all three cannot hold {z}",
                    )
    return None


def w_wing(s: Position) -> Step | None:
    """Two cells holding only x and y, joined by a strong link on x (its ends see one cell
    each): one of the two cells is y, so cells that see both lose y."""
    cands = s.cands
    bivalue = set_bits(cells_with_count(s, 2))
    links: dict[int, list[StrongLink]] = {}
    for i, a in enumerate(bivalue):
        for b in bivalue[i + 1 :]:
            if cands[a] != cands[b] or PEER_BB[a] >> b & 1:
                continue
            for x in DIGITS_OF[cands[a]]:
                y = DIGITS_OF[cands[a] & ~(1 << (x - 1))][0]
                elim = s.dbb[y] & PEER_BB[a] & PEER_BB[b]
                if not elim:
                    continue
                if x not in links:
                    links[x] = strong_links(s, x)
                for u, p, q in links[x]:
                    if a in (p, q) or b in (p, q):
                        continue
                    for p1, q1 in ((p, q), (q, p)):
                        if PEER_BB[a] >> p1 & 1 and PEER_BB[b] >> q1 & 1:
                            return Step(
                                "W-Wing",
                                rating("W-Wing"),
                                eliminations=tuple((c, y) for c in set_bits(elim)),
                                cells=(a, b, p1, q1),
                                candidates=((a, x), (a, y), (b, x), (b, y), (p1, x), (q1, x)),
                                units=(u,),
                                text=f"{cell_name(a)} and {cell_name(b)} both hold only {x} and "
                                f"{y}; {x} in {unit_name(u)} can only go in {cell_name(p1)} or "
                                f"{cell_name(q1)}, which see {cell_name(a)} and {cell_name(b)}, "
                                f"so one of {cell_name(a)} and {cell_name(b)} is not {x} but "
                                f"{y}: cells that see both cannot hold {y}",
                            )
    return None


# --- Bent wings: a bivalue cell and an almost locked set ------------------------------------

BENT_WING_NAMES = {3: "WXYZ-Wing", 4: "VWXYZ-Wing"}


class BentWing(NamedTuple):
    """`cells` in one unit holding one digit more than cells between them (an almost locked
    set), and the bivalue cell `pivot` holding x and z, where every cell of the set that can
    be x sees the pivot. `linked` says the same holds for z."""

    cells: tuple[int, ...]
    digits: int
    pivot: int
    x: int
    z: int
    linked: bool


def _almost_locked_sets(s: Position, size: int) -> Iterator[tuple[int, ...]]:
    """Every set of `size` empty cells of one unit, each with two or more candidates, whose
    candidates together are `size` + 1 digits (each set once)."""
    seen: set[tuple[int, ...]] = set()
    for u in range(27):
        cells = [c for c in UNITS[u] if 2 <= POPCOUNT[s.cands[c]] <= size + 1]
        present = 0
        for c in cells:
            present |= s.cands[c]
        for chosen in combinations([BIT[d] for d in DIGITS_OF[present]], size + 1):
            digits = sum(chosen)
            inside = [c for c in cells if not s.cands[c] & ~digits]
            if len(inside) < size:
                continue
            for found in combinations(inside, size):
                mask = 0
                for c in found:
                    mask |= s.cands[c]
                if mask == digits and found not in seen:
                    seen.add(found)
                    yield found


def _seen_by_all(cells: Iterable[int]) -> int:
    """The cells that see every one of `cells`."""
    out = -1
    for c in cells:
        out &= PEER_BB[c]
    return out & ((1 << 81) - 1)


def _all_see(s: Position, cells: tuple[int, ...], digit: int, pivot: int) -> bool:
    """Whether every one of `cells` that holds `digit` sees `pivot`."""
    return all(PEER_BB[c] >> pivot & 1 for c in cells if s.cands[c] & BIT[digit])


def _holding(s: Position, cells: Iterable[int], digit: int) -> list[int]:
    return [c for c in cells if s.cands[c] & BIT[digit]]


def _bent_wing_eliminations(s: Position, wing: BentWing) -> list[tuple[int, int]]:
    """z from cells that see the pivot and every z of the set; with both digits linked, the
    set and the pivot are locked: x as z, and each other digit from cells that see all of its
    places in the set."""
    pattern = set(wing.cells) | {wing.pivot}
    out: list[tuple[int, int]] = []
    ends = [(wing.z, True)]
    if wing.linked:
        ends.append((wing.x, True))
        ends += [(d, False) for d in DIGITS_OF[wing.digits] if d not in (wing.x, wing.z)]
    for digit, with_pivot in ends:
        holders = _holding(s, wing.cells, digit) + ([wing.pivot] if with_pivot else [])
        for c in set_bits(_seen_by_all(holders) & s.dbb[digit]):
            if c not in pattern:
                out.append((c, digit))
    return out


def _bent_wing_rating(s: Position, wing: BentWing) -> float:
    """Sukaku Explainer's figure: the size's base plus a tenth for each step the largest cell
    of the set is nearer to three digits, up to size - 2 tenths."""
    base = rating(BENT_WING_NAMES[len(wing.cells)])
    largest = max(POPCOUNT[s.cands[c]] for c in wing.cells)
    return round(base + 0.1 * (len(wing.cells) - 2 - abs(3 - largest)), 1)


def bent_wing(s: Position, size: int) -> Step | None:
    """The lowest-rated WXYZ-Wing (a set of 3 cells) or VWXYZ-Wing (4 cells) with the most
    eliminations: see BentWing."""
    by_pair: dict[int, int] = {}  # a pair of digits -> the cells holding only those two
    for c in set_bits(cells_with_count(s, 2)):
        by_pair[s.cands[c]] = by_pair.get(s.cands[c], 0) | (1 << c)
    best: tuple[float, int, BentWing, list[tuple[int, int]]] | None = None
    for cells in _almost_locked_sets(s, size):
        digits = 0
        near = 0
        for c in cells:
            digits |= s.cands[c]
            near |= PEER_BB[c]
        pivots = 0
        for pair, bb in by_pair.items():
            if not pair & ~digits:
                pivots |= bb
        pivots &= near
        if not pivots:
            continue
        for pivot in set_bits(pivots):
            for x, z in (DIGITS_OF[s.cands[pivot]], DIGITS_OF[s.cands[pivot]][::-1]):
                if not _all_see(s, cells, x, pivot):
                    continue
                linked = _all_see(s, cells, z, pivot)
                wing = BentWing(cells, digits, pivot, x, z, linked)
                elims = _bent_wing_eliminations(s, wing)
                if not elims:
                    continue
                key = (_bent_wing_rating(s, wing), -len(elims))
                if best is None or key < (best[0], -best[1]):
                    best = (key[0], len(elims), wing, elims)
    if best is None:
        return None
    rated, _, wing, elims = best
    return _bent_wing_step(s, wing, rated, elims)


def _bent_wing_step(
    s: Position, wing: BentWing, rated: float, elims: list[tuple[int, int]]
) -> Step:
    cells, digits, pivot, x, z, linked = wing
    n = len(cells)
    p = cell_name(pivot)
    zs = _holding(s, cells, z)
    text = (
        f"{names(cells)} hold only {digits_text(DIGITS_OF[digits])} between them, one digit "
        f"more than cells; {p} holds {x} or {z}, and every one of those cells that could be {x} "
        f"sees {p}. If {p} is {x} they are left with {n} digits for {n} cells, so one of them "
        f"is {z}"
    )
    if linked:
        text += (
            f"; the same holds with {x} and {z} swapped, so those {n + 1} cells hold exactly "
            f"{n + 1} digits: remove {removals_text(elims)}"
        )
    else:
        text += (
            f". Either way {z} is in {names([pivot, *zs])}, so cells that see all of them "
            f"cannot hold {z}"
        )
    shown = (*cells, pivot)
    return Step(
        BENT_WING_NAMES[n],
        rated,
        eliminations=tuple(sorted(elims)),
        cells=shown,
        candidates=tuple((c, d) for c in shown for d in DIGITS_OF[s.cands[c]]),
        text=text,
    )


def wxyz_wing(s: Position) -> Step | None:
    """A bivalue cell and three cells of a unit holding four digits (rated 5.5-5.6)."""
    return bent_wing(s, 3)


def vwxyz_wing(s: Position) -> Step | None:
    """A bivalue cell and four cells of a unit holding five digits (rated 6.2-6.4)."""
    return bent_wing(s, 4)
