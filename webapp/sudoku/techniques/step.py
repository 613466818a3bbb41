"""The record every technique returns, and helpers to write its sentence."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..board import UNITS, cell_name

Candidate = tuple[int, int]  # (cell, digit)


@dataclass(frozen=True)
class Step:
    """One deduction: what it places and removes, what justifies it, and how hard it is.

    `cells`, `candidates` and `units` are the pattern to highlight; `text` is one plain
    sentence; `rating` is on Sudoku Explainer's scale, from ratings.py (1.0 full house ... 9.5+
    nested forcing chains; 11.0 for a digit read from the solution).
    `last_resort` marks steps found by trial (assume a candidate and follow the consequences)
    or read from the solution rather than by a pattern.
    `notation` is the whole chain (or each of its chains) in compact notation, one line each,
    never cut short: the hint panel shows it folded. `colours` are candidates in colour
    classes (simple colouring: the two colours; more for Medusa or multi-colouring): the hint
    panel draws each class in its own colour.
    """

    technique: str
    rating: float
    placements: tuple[Candidate, ...] = ()
    eliminations: tuple[Candidate, ...] = ()
    cells: tuple[int, ...] = ()
    candidates: tuple[Candidate, ...] = ()
    units: tuple[int, ...] = ()
    text: str = ""
    last_resort: bool = False
    notation: tuple[str, ...] = ()
    colours: tuple[tuple[Candidate, ...], ...] = ()

    @property
    def unit_cells(self) -> tuple[int, ...]:
        """The cells of the step's units, each once, in unit order."""
        return tuple(dict.fromkeys(c for u in self.units for c in UNITS[u]))


def listed(parts: Iterable[str], last: str = "and") -> str:
    """'a', 'a and b', 'a, b and c' (or with `last` = "or": 'a, b or c')."""
    items = list(parts)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {last} " + items[-1]


def names(cells: Iterable[int]) -> str:
    """'r1c2, r3c4 and r5c6'."""
    return listed(cell_name(c) for c in cells)


def digits_text(digits: Iterable[int], last: str = "and") -> str:
    """'3', '3 and 7', '3, 5 and 7' (or with `last` = "or": '3, 5 or 7')."""
    return listed((str(d) for d in digits), last)


def removals_text(eliminations: Iterable[Candidate]) -> str:
    """'5 from r1c2 and r1c3' or '5 from r1c2, 7 from r4c4' for mixed digits."""
    by_digit: dict[int, list[int]] = {}
    for cell, digit in eliminations:
        by_digit.setdefault(digit, []).append(cell)
    return ", ".join(f"{d} from {names(sorted(cs))}" for d, cs in sorted(by_digit.items()))


def cand_text(candidate: Candidate) -> str:
    """'r4c6=7' style name of one candidate, written '7r4c6'."""
    cell, digit = candidate
    return f"{digit}{cell_name(cell)}"
