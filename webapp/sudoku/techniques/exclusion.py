"""Aligned pair exclusion, as Sudoku Explainer does it (rated 6.2).

Take two cells and the cells holding exactly two digits that see both of them. Whatever the
two cells hold together may not be the same digit if they see each other, and may not be both
digits of one of those bivalue cells (it would be left empty). A digit of one cell that no
allowed choice for the other goes with cannot be there.
"""

from __future__ import annotations

from itertools import combinations

from ..board import BIT, DIGITS_OF, PEER_BB, POPCOUNT, cell_name, set_bits
from ..ratings import rating
from .position import Position
from .step import Candidate, Step, digits_text, listed, removals_text
from .wings import cells_with_count

MIN_EXCLUDERS = 2  # SE looks at pairs of cells that two or more bivalue cells see


def aligned_pair_exclusion(s: Position) -> Step | None:
    """The first pair of cells (in cell order) whose shared bivalue cells exclude a digit."""
    bivalue = cells_with_count(s, 2)
    bases = [c for c in set_bits(s.empty) if POPCOUNT[s.cands[c]] >= 2 and PEER_BB[c] & bivalue]
    for a, b in combinations(bases, 2):
        excluders = set_bits(PEER_BB[a] & PEER_BB[b] & bivalue)
        if len(excluders) < MIN_EXCLUDERS:
            continue
        peers = bool(PEER_BB[a] >> b & 1)
        banned = {s.cands[e] for e in excluders}
        allowed: list[tuple[int, int]] = [
            (x, y)
            for x in DIGITS_OF[s.cands[a]]
            for y in DIGITS_OF[s.cands[b]]
            if not (peers and x == y) and (BIT[x] | BIT[y]) not in banned
        ]
        elim: list[Candidate] = [
            (a, x) for x in DIGITS_OF[s.cands[a]] if all(p[0] != x for p in allowed)
        ] + [(b, y) for y in DIGITS_OF[s.cands[b]] if all(p[1] != y for p in allowed)]
        if elim:
            return _step(s, a, b, excluders, peers, elim)
    return None


def _step(
    s: Position, a: int, b: int, excluders: list[int], peers: bool, elim: list[Candidate]
) -> Step:
    shown = listed(
        f"{cell_name(e)} ({digits_text(DIGITS_OF[s.cands[e]], 'or')})" for e in excluders
    )
    same = ", nor the same digit, as they see each other" if peers else ""
    reasons = listed(
        f"{d} in {cell_name(c)} would leave {cell_name(b if c == a else a)} no digit"
        for c, d in elim
    )
    return Step(
        "Aligned pair exclusion",
        rating("Aligned pair exclusion"),
        eliminations=tuple(elim),
        cells=(a, b, *excluders),
        candidates=tuple((c, d) for c in (a, b) for d in DIGITS_OF[s.cands[c]]),
        text=f"{cell_name(a)} and {cell_name(b)} both see {shown}, so together they cannot "
        f"hold both digits of one of those cells{same}; {reasons}, so remove "
        f"{removals_text(elim)}",
    )
