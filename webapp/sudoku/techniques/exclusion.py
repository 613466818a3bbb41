"""Aligned pair exclusion, as Sudoku Explainer does it (rated 6.2).

Take two cells and the cells holding exactly two digits that see both of them. Whatever the
two cells hold together may not be the same digit if they see each other, and may not be both
digits of one of those bivalue cells (it would be left empty). A digit of one cell that no
allowed choice for the other goes with cannot be there.
"""

from __future__ import annotations

from ..board import BIT, DIGITS, DIGITS_OF, PEER_BB, POPCOUNT, cell_name, set_bits
from ..ratings import rating
from .position import Position
from .step import Candidate, Step, digits_text, listed, removals_text
from .wings import cells_with_count

MIN_EXCLUDERS = 2  # SE looks at pairs of cells that two or more bivalue cells see


def aligned_pair_exclusion(s: Position) -> Step | None:
    """The first pair of cells (in cell order) whose shared bivalue cells exclude a digit."""
    cands = s.cands
    bivalue = cells_with_count(s, 2)
    near = {c: PEER_BB[c] & bivalue for c in set_bits(s.empty) if POPCOUNT[cands[c]] >= 2}
    bases = [c for c, bb in near.items() if bb.bit_count() >= MIN_EXCLUDERS]
    partners = _partners(s, bases, bivalue)
    for a in bases:
        near_a, size_a, peers_of_a = near[a], POPCOUNT[cands[a]], PEER_BB[a]
        for b in set_bits(partners[a] >> (a + 1) << (a + 1)):
            shared = near_a & near[b]
            peers = bool(peers_of_a >> b & 1)
            # A digit of a goes if every digit of b is banned with it: one excluder per digit
            # of b (but the same digit, when they see each other).
            least = min(size_a, POPCOUNT[cands[b]]) - peers
            if shared.bit_count() < max(MIN_EXCLUDERS, least):
                continue
            banned = [0] * 10  # digit -> the digits it may not go with
            rest = shared
            while rest:
                low = rest & -rest
                x, y = DIGITS_OF[cands[low.bit_length() - 1]]
                banned[x] |= BIT[y]
                banned[y] |= BIT[x]
                rest ^= low
            elim = _excluded(s, a, b, banned, peers) + _excluded(s, b, a, banned, peers)
            if elim:
                return _step(s, a, b, set_bits(shared), peers, elim)
    return None


def _partners(s: Position, bases: list[int], bivalue: int) -> dict[int, int]:
    """For each base cell a, the base cells b (a bitboard) such that the bivalue cells seeing
    both may exclude a digit of a or of b: a quick filter, so that only those pairs are looked
    at. Digit x of a goes with b when every digit y of b is x (and they see each other) or
    the digits of a bivalue cell that sees both."""
    cands, dbb = s.cands, s.dbb
    holding = [0] * 10  # digit -> the bivalue cells holding it
    for e in set_bits(bivalue):
        for d in DIGITS_OF[cands[e]]:
            holding[d] |= 1 << e
    base_bb = sum(1 << c for c in bases)
    found = dict.fromkeys(bases, 0)
    for a in bases:
        peers_of_a = PEER_BB[a]
        for x in DIGITS_OF[cands[a]]:
            excluders = holding[x] & peers_of_a
            if not excluders:
                continue
            reach = [0] * 10  # digit y -> the cells that see a bivalue {x, y} cell seeing a
            for e in set_bits(excluders):
                reach[DIGITS_OF[cands[e] & ~BIT[x]][0]] |= PEER_BB[e]
            bad = dbb[x] & ~peers_of_a
            for y in DIGITS:
                if y != x:
                    bad |= dbb[y] & ~reach[y]
            good = base_bb & ~bad & ~(1 << a)
            if good:
                found[a] |= good
                for b in set_bits(good):
                    found[b] |= 1 << a
    return found


def _excluded(s: Position, a: int, b: int, banned: list[int], peers: bool) -> list[Candidate]:
    """The digits of cell a that no digit of cell b goes with (`banned`: by digit, the
    digits the excluders ban with it)."""
    out = []
    for x in DIGITS_OF[s.cands[a]]:
        ruled_out = banned[x] | (BIT[x] if peers else 0)
        if not s.cands[b] & ~ruled_out:
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
