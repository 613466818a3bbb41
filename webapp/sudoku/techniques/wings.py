"""Wings: XY-Wing, XYZ-Wing and W-Wing."""

from __future__ import annotations

from ..board import (
    DIGITS,
    DIGITS_OF,
    PEER_BB,
    POPCOUNT,
    cell_name,
    set_bits,
    unit_name,
)
from ..ratings import rating
from .links import StrongLink, strong_links
from .position import Position
from .step import Step, names


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
                    x, y = DIGITS_OF[pm]
                    return Step(
                        "XY-Wing",
                        rating("XY-Wing"),
                        eliminations=tuple((c, z) for c in set_bits(elim)),
                        cells=(pivot, a, b),
                        candidates=tuple(
                            (c, d) for c in (pivot, a, b) for d in DIGITS_OF[cands[c]]
                        ),
                        text=f"{cell_name(pivot)} holds {x} or {y}; either way one of "
                        f"{cell_name(a)} and {cell_name(b)} must be {z}, so cells that see "
                        f"both cannot hold {z}",
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
                    return Step(
                        "XYZ-Wing",
                        rating("XYZ-Wing"),
                        eliminations=tuple((c, z) for c in set_bits(elim)),
                        cells=(pivot, a, b),
                        candidates=tuple(
                            (c, d) for c in (pivot, a, b) for d in DIGITS_OF[cands[c]]
                        ),
                        text=f"One of {cell_name(pivot)}, {cell_name(a)} and {cell_name(b)} "
                        f"must be {z}, so cells that see all three cannot hold {z}",
                    )
    return None


def w_wing(s: Position) -> Step | None:
    """Two xy cells joined by a strong link on x: one of them is y.

    Rated as the 6-node chain it is (7.1): Sudoku Explainer has no W-Wing of its own.
    """
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
                                f"{y}; {x} in {unit_name(u)} must go in {names((p1, q1))}, "
                                f"which see them, so one of the two is {y} and cells that see "
                                f"both cannot hold {y}",
                            )
    return None
