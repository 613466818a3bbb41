"""Singles: full house, hidden single, naked single."""

from __future__ import annotations

from collections.abc import Collection
from typing import NamedTuple

from ..board import (
    ALL,
    BIT,
    DIGITS,
    DIGITS_OF,
    PEER_BB,
    UNIT_BB,
    UNITS,
    UNITS_OF,
    a_digit,
    cell_name,
    first_cell,
    is_single,
    set_bits,
    unit_name,
)
from ..ratings import rating
from .position import Position
from .step import Step

BOX_UNITS = range(18, 27)
LINE_UNITS = range(18)


def full_house(s: Position) -> Step | None:
    """The last empty cell of a unit takes the one digit the unit lacks."""
    for u in range(27):
        empty = s.empty & UNIT_BB[u]
        if not is_single(empty):
            continue
        cell = first_cell(empty)
        used = 0
        for c in UNITS[u]:
            used |= BIT[s.grid[c]]
        missing = ALL & ~used
        if not missing & s.cands[cell] or len(DIGITS_OF[missing]) != 1:
            continue
        return full_house_step(u, cell, DIGITS_OF[missing][0])
    return None


def full_house_step(u: int, cell: int, digit: int) -> Step:
    """The step placing digit in cell, the last empty cell of unit u."""
    return Step(
        "Full house",
        rating("Full house"),
        placements=((cell, digit),),
        cells=(cell,),
        candidates=((cell, digit),),
        units=(u,),
        text=f"{cell_name(cell)} is the last empty cell of {unit_name(u)}, "
        f"so it takes the missing {digit}",
    )


def _blockers(s: Position, u: int, digit: int, cell: int) -> tuple[int, ...]:
    """Placed copies of digit that see other empty cells of unit u (they rule those out)."""
    others = s.empty & UNIT_BB[u] & ~(1 << cell)
    found = []
    for c, d in enumerate(s.grid):
        if d == digit and PEER_BB[c] & others:
            found.append(c)
    return tuple(found)


def hidden_single_step(s: Position, u: int, digit: int, cell: int) -> Step:
    """The step placing digit in the only cell of unit u that can hold it."""
    kind = unit_name(u).split()[0]
    return Step(
        "Hidden single",
        rating("Hidden single (box)" if u >= 18 else "Hidden single (row or column)"),
        placements=((cell, digit),),
        cells=(cell, *_blockers(s, u, digit, cell)),
        candidates=((cell, digit),),
        units=(u,),
        text=f"{digit} can only go in {cell_name(cell)} within {unit_name(u)}: every other "
        f"cell of the {kind} is filled or cannot hold {a_digit(digit)}",
    )


def _hidden_single_in(s: Position, units: range) -> Step | None:
    dbb = s.dbb
    for u in units:
        ubb = UNIT_BB[u]
        for d in DIGITS:
            x = dbb[d] & ubb
            if x and not x & (x - 1):
                return hidden_single_step(s, u, d, first_cell(x))
    return None


def hidden_single_box(s: Position) -> Step | None:
    """A digit with one possible cell left in a box (rated 1.2)."""
    return _hidden_single_in(s, BOX_UNITS)


def hidden_single_line(s: Position) -> Step | None:
    """A digit with one possible cell left in a row or column (rated 1.5)."""
    return _hidden_single_in(s, LINE_UNITS)


def naked_single(s: Position) -> Step | None:
    """An empty cell with one candidate left."""
    ones = twos = 0
    for d in DIGITS:
        x = s.dbb[d]
        twos |= ones & x
        ones |= x
    lone = ones & ~twos & s.empty
    if not lone:
        return None
    cell = first_cell(lone)
    return naked_single_step(cell, DIGITS_OF[s.cands[cell]][0])


def naked_single_step(cell: int, digit: int) -> Step:
    """The step placing digit in cell, its only candidate left."""
    return Step(
        "Naked single",
        rating("Naked single"),
        placements=((cell, digit),),
        cells=(cell,),
        candidates=((cell, digit),),
        units=UNITS_OF[cell],
        text=f"{cell_name(cell)} can only hold {digit}: every other digit is already in its "
        "row, column or box, or has been ruled out",
    )


class HiddenSingle(NamedTuple):
    """The only place left for `digit` in `unit`."""

    cell: int
    digit: int
    unit: int


def single_after(
    s: Position, eliminations: list[tuple[int, int]], units: Collection[int]
) -> HiddenSingle | None:
    """A hidden single that the eliminations would leave in one of `units`, if any.

    Only those of `units` through an eliminated cell are looked at: elsewhere nothing changed.
    """
    gone: dict[int, int] = {}
    for cell, digit in eliminations:
        gone[digit] = gone.get(digit, 0) | (1 << cell)
    for digit, cells in gone.items():
        single = digit_single_after(s.dbb[digit], digit, cells, units)
        if single is not None:
            return single
    return None


def digit_single_after(
    places: int, digit: int, gone: int, units: Collection[int]
) -> HiddenSingle | None:
    """A hidden single that taking the cells `gone` (a bitboard) from a digit's `places` would
    leave in one of `units` through them, if any (see single_after)."""
    left = places & ~gone
    seen_units: set[int] = set()
    for cell in set_bits(gone):
        for u in UNITS_OF[cell]:
            if u in seen_units or u not in units:
                continue
            seen_units.add(u)
            x = left & UNIT_BB[u]
            if x and not x & (x - 1):
                return HiddenSingle(first_cell(x), digit, u)
    return None
