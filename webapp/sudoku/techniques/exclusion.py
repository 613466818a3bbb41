"""Aligned pair exclusion, as Sudoku Explainer does it (rated 6.2).

Take two cells and the cells holding exactly two digits that see both of them. Whatever the
two cells hold together may not be the same digit if they see each other, and may not be both
digits of one of those bivalue cells (it would be left empty). A digit of one cell that no
allowed choice for the other goes with cannot be there.
"""

from __future__ import annotations

from ..board import BIT, DIGITS_OF, PEER_BB, POPCOUNT, cell_name, set_bits
from ..ratings import rating
from .position import Position
from .step import Candidate, Step, digits_text, listed, removals_text
from .wings import cells_with_count

MIN_EXCLUDERS = 2  # SE looks at pairs of cells that two or more bivalue cells see


def aligned_pair_exclusion(s: Position) -> Step | None:
    """The first pair of cells (in cell order) whose shared bivalue cells exclude a digit."""
    bivalue = cells_with_count(s, 2)
    near = {c: PEER_BB[c] & bivalue for c in set_bits(s.empty) if POPCOUNT[s.cands[c]] >= 2}
    bases = [c for c, bb in near.items() if bb.bit_count() >= MIN_EXCLUDERS]
    for i, a in enumerate(bases):
        for b in bases[i + 1 :]:
            shared = near[a] & near[b]
            peers = bool(PEER_BB[a] >> b & 1)
            # A digit of a goes if every digit of b is banned with it: one excluder per digit
            # of b (but the same digit, when they see each other).
            least = min(POPCOUNT[s.cands[a]], POPCOUNT[s.cands[b]]) - peers
            if shared.bit_count() < max(MIN_EXCLUDERS, least):
                continue
            excluders = set_bits(shared)
            elim = _excluded(s, a, b, excluders, peers) + _excluded(s, b, a, excluders, peers)
            if elim:
                return _step(s, a, b, excluders, peers, elim)
    return None


def _excluded(s: Position, a: int, b: int, excluders: list[int], peers: bool) -> list[Candidate]:
    """The digits of cell a that no digit of cell b goes with."""
    partners = [0] * 10  # digit -> the digits it may not go with
    for e in excluders:
        x, y = DIGITS_OF[s.cands[e]]
        partners[x] |= BIT[y]
        partners[y] |= BIT[x]
    out = []
    for x in DIGITS_OF[s.cands[a]]:
        banned = partners[x] | (BIT[x] if peers else 0)
        if not s.cands[b] & ~banned:
            out.append((a, x))
    return out


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
