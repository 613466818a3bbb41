"""Wings: XY-Wing, XYZ-Wing, W-Wing, and the bent wings WXYZ-Wing and VWXYZ-Wing."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import NamedTuple

from ..board import (
    ALL_CELLS,
    BIT,
    COL_OF,
    DIGITS,
    DIGITS_OF,
    PEER_BB,
    POPCOUNT,
    ROW_OF,
    UNIT_BB,
    UNITS,
    cell_name,
    set_bits,
    unit_name,
)
from ..ratings import rating
from .links import StrongLink, strong_links
from .position import Position
from .step import Step, digits_text, in_words, names, removals_text


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
                    if xa > xb:  # the sentence takes the pivot's digits smallest first
                        a, b, xa, xb = b, a, xb, xa
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
    links: dict[int, tuple[StrongLink, ...]] = {}
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
                    links[x] = strong_links(s.dbb[x])
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


class _Set(NamedTuple):
    """An almost locked set of one unit, with what bent wings ask of it: per digit the cells
    of the set holding it (`holders`) and the cells that see all of those (`seen`)."""

    cells: tuple[int, ...]
    cells_bb: int
    digits: int
    near: int  # the cells that see some cell of the set
    holders: tuple[int, ...]  # by digit
    seen: tuple[int, ...]
    largest: int  # the most candidates a cell of the set has


def _almost_locked_sets(s: Position, size: int, units: Iterable[int] = range(27)) -> list[_Set]:
    """Every set of `size` empty cells of one of `units`, each with two or more candidates,
    whose candidates together are `size` + 1 digits (each set once): unit by unit, and in a
    unit by their digits, then their cells."""
    return [found for u in units for found in _unit_sets(u, s.unit_cands(u), size)]


@lru_cache(maxsize=8192)
def _unit_sets(u: int, masks: tuple[int, ...], size: int) -> tuple[_Set, ...]:
    """The almost locked sets of `size` cells in unit `u` whose cells hold `masks`. Only the
    unit's candidates decide, so the answer is kept: a logical solve asks again and again
    about units that have not changed."""
    cells = [(c, m) for c, m in zip(UNITS[u], masks, strict=True) if 2 <= POPCOUNT[m] <= size + 1]
    found: list[tuple[tuple[int, ...], int]] = []
    stack: list[tuple[int, tuple[int, ...], int]] = [(0, (), 0)]
    while stack:
        first, chosen, union = stack.pop()
        if len(chosen) == size:
            if POPCOUNT[union] == size + 1:
                found.append((chosen, union))
            continue
        for n in range(first, len(cells) - (size - len(chosen)) + 1):
            more = union | cells[n][1]
            if POPCOUNT[more] <= size + 1:
                stack.append((n + 1, (*chosen, cells[n][0]), more))
    if u >= 18:  # a box: a set inside one of its rows or columns was found with that line
        found = [pair for pair in found if not _in_one_line(pair[0])]
    found.sort(key=lambda pair: (DIGITS_OF[pair[1]], pair[0]))
    return tuple(_described(chosen, union, masks, u) for chosen, union in found)


def _in_one_line(cells: tuple[int, ...]) -> bool:
    return len({ROW_OF[c] for c in cells}) == 1 or len({COL_OF[c] for c in cells}) == 1


def _described(cells: tuple[int, ...], digits: int, masks: tuple[int, ...], u: int) -> _Set:
    cells_bb = near = largest = 0
    holders = [0] * 10
    seen = [ALL_CELLS] * 10
    for c in cells:
        mask = masks[UNITS[u].index(c)]
        cells_bb |= 1 << c
        near |= PEER_BB[c]
        largest = max(largest, POPCOUNT[mask])
        for d in DIGITS_OF[mask]:
            holders[d] |= 1 << c
            seen[d] &= PEER_BB[c]
    return _Set(cells, cells_bb, digits, near, tuple(holders), tuple(seen), largest)


def _holding(s: Position, cells: Iterable[int], digit: int) -> list[int]:
    return [c for c in cells if s.cands[c] & BIT[digit]]


def _bent_wing_eliminations(s: Position, found: _Set, wing: BentWing) -> list[tuple[int, int]]:
    """z from cells that see the pivot and every z of the set; with both digits linked, the
    set and the pivot are locked: x as z, and each other digit from cells that see all of its
    places in the set. As (digit, cells) pairs, the cells a bitboard."""
    outside = ~(found.cells_bb | 1 << wing.pivot)
    pivot_seen = PEER_BB[wing.pivot]
    out = [(wing.z, found.seen[wing.z] & pivot_seen & s.dbb[wing.z] & outside)]
    if wing.linked:
        out.append((wing.x, found.seen[wing.x] & pivot_seen & s.dbb[wing.x] & outside))
        out += [
            (d, found.seen[d] & s.dbb[d] & outside)
            for d in DIGITS_OF[wing.digits]
            if d not in (wing.x, wing.z)
        ]
    return [(digit, bb) for digit, bb in out if bb]


def bent_wing(s: Position, size: int) -> Step | None:
    """The lowest-rated WXYZ-Wing (a set of 3 cells) or VWXYZ-Wing (4 cells) with the most
    eliminations: see BentWing. After a miss in the same position, only wings with a cell
    changed since are looked at (see Position.changed_since_miss)."""
    name = BENT_WING_NAMES[size]
    bivalue = cells_with_count(s, 2)
    changed = s.changed_since_miss(name)
    units: Iterable[int] = range(27)
    if changed is not None:
        if not changed:
            return None
        if not bivalue & changed:  # no new pivot: the set has a changed cell
            units = [u for u in range(27) if UNIT_BB[u] & changed]
    by_pair: dict[int, int] = {}  # a pair of digits -> the cells holding only those two
    for c in set_bits(bivalue):
        by_pair[s.cands[c]] = by_pair.get(s.cands[c], 0) | (1 << c)
    base = rating(name)
    best: tuple[float, int, BentWing, list[tuple[int, int]]] | None = None
    within: dict[int, int] = {}  # the set's digits -> the cells holding two of them only
    for found in _almost_locked_sets(s, size, units):
        pivots = within.get(found.digits, -1)
        if pivots < 0:
            pivots = 0
            for pair, bb in by_pair.items():
                if not pair & ~found.digits:
                    pivots |= bb
            within[found.digits] = pivots
        pivots &= found.near
        if changed is not None and not found.cells_bb & changed:
            pivots &= changed
        if not pivots:
            continue
        # Sukaku Explainer's figure: the size's base plus a tenth for each step the largest
        # cell of the set is nearer to three digits, up to size - 2 tenths.
        rated = round(base + 0.1 * (size - 2 - abs(3 - found.largest)), 1)
        for pivot in set_bits(pivots):
            outside_pivot = ~PEER_BB[pivot]
            for x, z in (DIGITS_OF[s.cands[pivot]], DIGITS_OF[s.cands[pivot]][::-1]):
                if found.holders[x] & outside_pivot:
                    continue  # some cell of the set that could be x does not see the pivot
                linked = not found.holders[z] & outside_pivot
                if not linked and not found.seen[z] & s.dbb[z] & ~outside_pivot:
                    continue  # no z outside the pattern sees the pivot and the set's zs
                wing = BentWing(found.cells, found.digits, pivot, x, z, linked)
                elims = _bent_wing_eliminations(s, found, wing)
                count = sum(bb.bit_count() for _, bb in elims)
                if count and (best is None or (rated, -count) < (best[0], -best[1])):
                    listed = [(c, d) for d, bb in elims for c in set_bits(bb)]
                    best = (rated, count, wing, listed)
    if best is None:
        s.note_miss(name)
        return None
    rated, _, wing, removed = best
    return _bent_wing_step(s, wing, rated, removed)


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
        f"sees {p}. If {p} is {x} they are left with {in_words(n)} digits for {in_words(n)} "
        f"cells, so one of them is {z}"
    )
    if linked:
        text += (
            f"; the same holds with {x} and {z} swapped, so those {in_words(n + 1)} cells hold "
            f"exactly {in_words(n + 1)} digits: remove {removals_text(elims)}"
        )
    else:
        text += (
            f"; if it is not {x}, {p} is {z} itself. Either way {names([pivot, *zs], 'or')} "
            f"is {z}, so cells that see {'both' if len(zs) == 1 else 'all of them'} cannot "
            f"hold {z}"
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
