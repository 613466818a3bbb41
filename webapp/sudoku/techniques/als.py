"""Almost locked sets: N cells of one unit that together hold just N + 1 candidate digits.

Take one digit away from an almost locked set (ALS) and the N cells are left with N digits
for N cells of one unit: each of those digits must then go in the set. That is the link the
ALS techniques and chains use (see chains.py for ALS-XZ, ALS-XY-Wing and ALS chains, and
death_blossom below).

Two sets share a restricted common digit x when every cell of one that holds x sees every
cell of the other that holds x: x can then be in at most one of the two sets.
"""

from __future__ import annotations

from typing import NamedTuple

from ..board import CELL_BB, DIGITS, DIGITS_OF, PEER_BB, UNITS, cell_name, seen_by_all, set_bits
from ..ratings import rating
from ..search import Meter
from .position import Position
from .step import Chain, Node, Step, cells_text, digits_text, names

MAX_CELLS = 3  # larger sets are rare in human solving and slow to look for


class Als(NamedTuple):
    """An almost locked set: its cells (a bitboard, and in order), its digits (a mask), one
    unit that holds them all, and per digit the bitboard of its cells that hold it."""

    bb: int
    cells: tuple[int, ...]
    digits: int
    unit: int
    where: tuple[int, ...]  # where[d] for digit d (index 0 unused)


def find_als(s: Position, meter: Meter, max_cells: int = MAX_CELLS) -> list[Als]:
    """Every almost locked set of 2 to `max_cells` cells, each once, in unit order (a single
    cell with two digits is one too, but chains take it as a bivalue cell). Each unit
    searched costs the meter a node."""
    found: dict[int, Als] = {}
    cands = s.cands
    for u in range(27):
        empty = [c for c in UNITS[u] if not s.grid[c] and cands[c].bit_count() <= max_cells + 1]
        if len(empty) < 2:
            continue
        meter.spend()
        stack: list[tuple[int, int, int, int]] = [(0, 0, 0, 0)]  # start, bb, digits, size
        while stack:
            start, bb, digits, size = stack.pop()
            for n in range(start, len(empty)):
                c = empty[n]
                more = digits | cands[c]
                count = more.bit_count()
                if count > max_cells + 1:
                    continue
                grown = bb | CELL_BB[c]
                if count == size + 2 and size >= 1 and grown not in found:
                    found[grown] = _als(s, grown, more, u)
                if size + 1 < max_cells:
                    stack.append((n + 1, grown, more, size + 1))
    return sorted(found.values(), key=lambda a: (a.cells[0], a.bb))


def _als(s: Position, bb: int, digits: int, unit: int) -> Als:
    where = [0] * 10
    for d in DIGITS_OF[digits]:
        where[d] = s.dbb[d] & bb
    return Als(bb, tuple(set_bits(bb)), digits, unit, tuple(where))


# --- Death blossom --------------------------------------------------------------------------


def death_blossom(s: Position, meter: Meter) -> Step | None:
    """A stem cell whose every digit d is linked to an almost locked set (a petal: all its
    cells with d see the stem), the petals sharing a digit z: whatever the stem holds, one
    petal loses its d and must hold z, so cells that see every petal's z cells cannot hold
    z. Rated 7.5; each stem tried costs the meter a node."""
    sets = find_als(s, meter)
    for stem in set_bits(s.empty):
        digits = DIGITS_OF[s.cands[stem]]
        if not 2 <= len(digits) <= 4:
            continue
        meter.spend()
        petals = {
            d: [
                a
                for a in sets
                if not a.bb >> stem & 1 and a.where[d] and not a.where[d] & ~PEER_BB[stem]
            ]
            for d in digits
        }
        if not all(petals.values()):
            continue
        for z in DIGITS:
            if s.cands[stem] >> (z - 1) & 1:
                continue
            options = [
                [(a, s.dbb[z] & seen_by_all(a.where[z])) for a in petals[d] if a.where[z]]
                for d in digits
            ]
            if not all(options):
                continue
            found = _blossom(options, s.dbb[z])
            if found is not None:
                chosen, targets = found
                return _blossom_step(stem, digits, z, chosen, targets)
    return None


def _blossom(options: list[list[tuple[Als, int]]], left: int) -> tuple[list[Als], int] | None:
    """One petal per stem digit whose z cells all see some cells still (a depth-first
    choice, narrowing the cells that see them all)."""
    if not options:
        return ([], left) if left else None
    for a, seen in options[0]:
        rest = left & seen
        if rest:
            found = _blossom(options[1:], rest)
            if found is not None:
                return [a, *found[0]], found[1]
    return None


def _blossom_step(
    stem: int, digits: tuple[int, ...], z: int, chosen: list[Als], targets: int
) -> Step:
    removed = tuple((c, z) for c in set_bits(targets))
    chains = []
    for d, a in zip(digits, chosen, strict=True):
        nodes = [
            Node((stem,), d, True),
            Node(tuple(set_bits(a.where[d])), d, False, (0,)),
            Node(tuple(set_bits(a.where[z])), z, True, (1,), a.cells),
        ]
        nodes.extend(Node((c,), z, False, (2,)) for c, _ in removed)
        chains.append(Chain(tuple(nodes)))
    cells = tuple(dict.fromkeys((stem, *(c for a in chosen for c in a.cells))))
    petals = ", ".join(
        f"{d} from {cells_text(a.cells)}" for d, a in zip(digits, chosen, strict=True)
    )
    one = len(removed) == 1
    return Step(
        "Death blossom",
        rating("Death blossom"),
        eliminations=removed,
        cells=cells,
        candidates=(
            *((stem, d) for d in digits),
            *((c, d) for a in chosen for d in DIGITS_OF[a.digits] for c in set_bits(a.where[d])),
        ),
        chains=tuple(chains),
        text=f"{cell_name(stem)} holds {digits_text(digits, 'or')}, and whichever it holds "
        f"takes that digit from an almost locked set ({petals}), which must then hold {z}; "
        f"{names(c for c, _ in removed)} see{'s' if one else ''} the {z}s of "
        f"{'both' if len(chosen) == 2 else 'all of them'}, so "
        f"{'it' if one else 'they'} cannot hold {z}",
    )
