"""The record every technique returns, and helpers to write its sentence."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import NamedTuple

from ..board import COL_OF, ROW_OF, UNITS, cell_name

Candidate = tuple[int, int]  # (cell, digit)


class Node(NamedTuple):
    """One claim of a chain: `digit` is (`on`) or is not (`on` False) in `cells`.

    `cells` is one cell, or a group: two or three cells of one box and line (on: the digit is
    in one of them; off: in none of them), or the cells of an almost locked set that hold the
    digit. `after` are the indices of the earlier nodes of the chain this claim follows from
    (empty for a premise: an assumption, or an end taken as false). `als` holds the cells of
    the almost locked set the link into this node runs through, if it runs through one; `by`
    names the step that makes the claim when it is not a single ('pointing in box 1').
    """

    cells: tuple[int, ...]
    digit: int
    on: bool
    after: tuple[int, ...] = ()
    als: tuple[int, ...] = ()
    by: str = ""

    @property
    def text(self) -> str:
        """'r1c5=7', 'r1c5≠7'; a group 'r1c45=7' (7 in r1c4 or r1c5)."""
        return f"{cells_text(self.cells)}{'=' if self.on else '≠'}{self.digit}"


@dataclass(frozen=True)
class Chain:
    """A chain of implications, whole: every node follows from the nodes named in its `after`
    (all earlier in the chain), so the chain reads from its premise to its last claim. `end`
    says what the last claims amount to when that is not a claim itself ('contradiction: r5c5
    has no candidate left')."""

    nodes: tuple[Node, ...]
    end: str = ""

    @property
    def notation(self) -> str:
        """Compact and complete: 'r1c1≠7 → r1c5=7 → r6c5≠7'. A node that follows from
        anything but the node just before it names those nodes in brackets, '[from 2, 5]',
        and then every node carries its number, '(5) r3c4=2'; a link through an almost locked
        set names its cells, and a claim made by a step other than a single names it
        ('[pointing in box 1, from 6, 10]'). A premise after the first (a trial inside a
        trial) follows from nothing before it: '; (5) suppose r4c1=1'."""
        numbered = any(n.after != (i - 1,) for i, n in enumerate(self.nodes) if i)
        text = ""
        for i, node in enumerate(self.nodes):
            claim = node.text
            if node.als:
                claim = f"(ALS {cells_text(node.als)}) {claim}"
            reasons = [node.by] if node.by else []
            if node.after and node.after != (i - 1,):
                reasons.append("from\u00a0" + ",\u00a0".join(str(j + 1) for j in node.after))
            if reasons:
                claim += f" [{', '.join(reasons)}]"
            if i and not node.after:
                claim = f"suppose {claim}"
            if numbered:
                claim = f"({i + 1})\u00a0{claim}"  # no line break inside a number or reference
            text += ("; " if i and not node.after else " → " if i else "") + claim
        return f"{text} → {self.end}" if self.end else text

    @property
    def cells(self) -> tuple[int, ...]:
        """The cells of the chain's nodes, each once, in order."""
        return tuple(dict.fromkeys(c for node in self.nodes for c in node.cells))

    def __len__(self) -> int:
        return len(self.nodes)


def cells_text(cells: Iterable[int]) -> str:
    """One cell 'r1c5'; cells of one row 'r1c45', of one column 'r12c5'; else 'r1c1,r2c5'."""
    group = sorted(cells)
    if len(group) == 1:
        return cell_name(group[0])
    rows = sorted({ROW_OF[c] + 1 for c in group})
    cols = sorted({COL_OF[c] + 1 for c in group})
    if len(rows) == 1 or len(cols) == 1:
        return f"r{''.join(map(str, rows))}c{''.join(map(str, cols))}"
    return ",".join(cell_name(c) for c in group)


@dataclass(frozen=True)
class Step:
    """One deduction: what it places and removes, what justifies it, and how hard it is.

    `cells`, `candidates` and `units` are the pattern to highlight; `text` is one plain
    sentence; `rating` is on Sudoku Explainer's scale, from ratings.py (1.0 full house ... 9.5+
    nested forcing chains; 11.0 for a digit read from the solution).
    `last_resort` marks steps found by trial (assume a candidate and follow the consequences)
    or read from the solution rather than by a pattern. `chains` holds, for chains and forcing
    chains, every chain the step rests on, whole (one for an AIC or a contradiction, one per
    branch for a cell, unit or digit forcing chain); the text never cuts one short.
    `colours` holds a colouring's colour classes, two per cluster (the first two are opposite
    colours, then the next two, and so on): exactly one colour of each pair is true.
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
    chains: tuple[Chain, ...] = ()
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


def names(cells: Iterable[int], last: str = "and") -> str:
    """'r1c2, r3c4 and r5c6', in reading order (or with `last` = "or": '... or r5c6')."""
    return listed((cell_name(c) for c in sorted(cells)), last)


NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def in_words(count: int) -> str:
    """'three' for 3 (up to nine, then digits): a count in a sentence full of digits 1-9 is
    not read as one of them ('those two rows put their 2s in two columns')."""
    return NUMBER_WORDS[count] if count < len(NUMBER_WORDS) else str(count)


def digits_text(digits: Iterable[int], last: str = "and") -> str:
    """'3', '3 and 7', '3, 5 and 7', smallest first (or with `last` = "or": '3, 5 or 7')."""
    return listed((str(d) for d in sorted(digits)), last)


def removals_text(eliminations: Iterable[Candidate]) -> str:
    """'5 from r1c2 and r1c3', '5 from r1c2, 7 from r4c4' for mixed digits, '2 and 9 from
    r4c3' for digits taken from the same cells."""
    by_digit: dict[int, set[int]] = {}
    for cell, digit in eliminations:
        by_digit.setdefault(digit, set()).add(cell)
    by_cells: dict[tuple[int, ...], list[int]] = {}
    for digit, cells in sorted(by_digit.items()):
        by_cells.setdefault(tuple(sorted(cells)), []).append(digit)
    return ", ".join(f"{digits_text(ds)} from {names(cs)}" for cs, ds in by_cells.items())


def cand_text(candidate: Candidate) -> str:
    """'r4c6=7' style name of one candidate, written '7r4c6'."""
    cell, digit = candidate
    return f"{digit}{cell_name(cell)}"
