"""Naked and hidden subsets (pairs, triples, quads), and the "direct" hidden pair and triple.

Naked: k cells of a unit whose candidates together are just k digits; those digits leave the
rest of the unit. Hidden: k digits of a unit that fit only in the same k cells; those cells
lose every other digit. A direct hidden pair or triple is one whose eliminations leave another
digit with one place in the same unit, a hidden single there at once (Sudoku Explainer's
definition; it rates them 2.0 and 2.5).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from itertools import combinations
from typing import NamedTuple

from ..board import BIT, DIGITS, DIGITS_OF, POPCOUNT, UNITS, cell_name, set_bits, unit_name
from ..ratings import rating
from .position import Position
from .singles import HiddenSingle, single_after
from .step import Step, digits_text, names

SIZE_NAME = {2: "pair", 3: "triple", 4: "quad"}


class Subset(NamedTuple):
    """k cells and k digits of a unit that hold each other, and what that removes."""

    unit: int
    cells: tuple[int, ...]
    digits: tuple[int, ...]
    eliminations: tuple[tuple[int, int], ...]


def _naked(s: Position, k: int) -> Iterator[Subset]:
    for u in range(27):
        yield from _unit_naked(u, s.unit_cands(u), k)


def _hidden(s: Position, k: int) -> Iterator[Subset]:
    for u in range(27):
        yield from _unit_hidden(u, s.unit_cands(u), k)


# A unit's subsets depend on its cells' candidates alone, so they are kept: a logical solve
# asks again and again about units that have not changed.
@lru_cache(maxsize=4096)
def _unit_naked(u: int, masks: tuple[int, ...], k: int) -> tuple[Subset, ...]:
    """The naked subsets of k cells in unit u (its cells holding `masks`) that remove a digit."""
    live = [(c, m) for c, m in zip(UNITS[u], masks, strict=True) if m]
    if len(live) <= k:
        return ()
    small = [(c, m) for c, m in live if POPCOUNT[m] <= k and m & (m - 1)]
    out = []
    for combo in combinations(small, k):
        mask = 0
        for _, m in combo:
            mask |= m
        if POPCOUNT[mask] != k:
            continue
        cells = tuple(c for c, _ in combo)
        elim = tuple((c, d) for c, m in live if c not in cells for d in DIGITS_OF[m & mask])
        if elim:
            out.append(Subset(u, cells, DIGITS_OF[mask], elim))
    return tuple(out)


@lru_cache(maxsize=4096)
def _unit_hidden(u: int, masks: tuple[int, ...], k: int) -> tuple[Subset, ...]:
    """The hidden subsets of k digits in unit u (its cells holding `masks`) that remove a
    digit."""
    where = [0] * 10  # digit -> the unit's cells (a bitboard) that may hold it
    for c, m in zip(UNITS[u], masks, strict=True):
        for d in DIGITS_OF[m]:
            where[d] |= 1 << c
    live = [d for d in DIGITS if where[d]]
    if len(live) <= k:
        return ()
    small = [d for d in live if 2 <= where[d].bit_count() <= k]
    mask_of = dict(zip(UNITS[u], masks, strict=True))
    out = []
    for combo in combinations(small, k):
        cells = 0
        for d in combo:
            cells |= where[d]
        if cells.bit_count() != k:
            continue
        keep = sum(BIT[d] for d in combo)
        elim = tuple((c, d) for c in set_bits(cells) for d in DIGITS_OF[mask_of[c] & ~keep])
        if elim:
            out.append(Subset(u, tuple(set_bits(cells)), combo, elim))
    return tuple(out)


def _naked_step(s: Position, k: int, found: Subset) -> Step:
    u, cells, digits, elim = found
    return Step(
        f"Naked {SIZE_NAME[k]}",
        rating(f"Naked {SIZE_NAME[k]}"),
        eliminations=elim,
        cells=cells,
        candidates=tuple((c, d) for c in cells for d in digits if s.cands[c] & BIT[d]),
        units=(u,),
        text=f"In {unit_name(u)}, {names(cells)} can only hold {digits_text(digits)} between "
        f"them, so no other cell of {unit_name(u)} can hold {digits_text(digits, 'or')}",
    )


def _hidden_step(
    s: Position,
    k: int,
    found: Subset,
    name: str | None = None,
    rated: float | None = None,
    single: HiddenSingle | None = None,
) -> Step:
    u, cells, digits, elim = found
    text = (
        f"In {unit_name(u)}, the digits {digits_text(digits)} can only go in {names(cells)}, "
        "so those cells cannot hold any other digit"
    )
    placements: tuple[tuple[int, int], ...] = ()
    units: tuple[int, ...] = (u,)
    shown = cells
    if single is not None:
        cell, digit, unit = single
        placements = ((cell, digit),)
        text += (
            f"; that leaves {cell_name(cell)} as the only place for {digit} in {unit_name(unit)}"
        )
        shown = (*cells, cell)
    return Step(
        name or f"Hidden {SIZE_NAME[k]}",
        rated if rated is not None else rating(f"Hidden {SIZE_NAME[k]}"),
        placements=placements,
        eliminations=elim,
        cells=shown,
        candidates=tuple((c, d) for c in cells for d in digits if s.cands[c] & BIT[d]),
        units=units,
        text=text,
    )


def _direct_hidden(s: Position, k: int) -> Step | None:
    name = f"Direct hidden {SIZE_NAME[k]}"
    for found in _hidden(s, k):
        single = single_after(s, list(found.eliminations), (found.unit,))
        if single:
            return _hidden_step(s, k, found, name, rating(name), single)
    return None


def naked_pair(s: Position) -> Step | None:
    return next((_naked_step(s, 2, f) for f in _naked(s, 2)), None)


def naked_triple(s: Position) -> Step | None:
    return next((_naked_step(s, 3, f) for f in _naked(s, 3)), None)


def naked_quad(s: Position) -> Step | None:
    return next((_naked_step(s, 4, f) for f in _naked(s, 4)), None)


def hidden_pair(s: Position) -> Step | None:
    return next((_hidden_step(s, 2, f) for f in _hidden(s, 2)), None)


def hidden_triple(s: Position) -> Step | None:
    return next((_hidden_step(s, 3, f) for f in _hidden(s, 3)), None)


def hidden_quad(s: Position) -> Step | None:
    return next((_hidden_step(s, 4, f) for f in _hidden(s, 4)), None)


def direct_hidden_pair(s: Position) -> Step | None:
    """A hidden pair whose eliminations leave a hidden single (rated 2.0)."""
    return _direct_hidden(s, 2)


def direct_hidden_triple(s: Position) -> Step | None:
    """A hidden triple whose eliminations leave a hidden single (rated 2.5)."""
    return _direct_hidden(s, 3)
