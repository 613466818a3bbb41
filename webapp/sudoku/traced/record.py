"""What a traced search records: every node's depth, the dead ends, and one step in full.

A traced search is a copy of an algorithm in `webapp.sudoku.algorithms` that calls the
`Recorder` where the original calls its meter. It visits the same nodes in the same order (the
tests compare them node for node), so the counts match the original's under the same node
budget, and step k is exactly the state of the real search at its k-th node.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..board import BOX_OF, BOXES, COL_OF, COLS, ROW_OF, ROWS, Grid
from ..search import OutOfBudget


@dataclass(frozen=True)
class Try:
    """A digit tried in a cell after the step shown, before the next step."""

    depth: int  # the depth of the node that tried it
    cell: int
    digit: int
    failed: bool  # ruled out at once by propagation; else it opened the next step
    why: str = ""  # propagation: what the failed digit leads to ("r3c4 has no candidate left")


@dataclass(frozen=True)
class SatCall:
    """One call of the SAT solver: the formula it was given and what it answered."""

    variables: int
    clauses: int
    blocking: int  # clauses added to rule out solutions already found
    answer: str  # "solution", "unsatisfiable" or "out of budget"
    stats: tuple[tuple[str, int], ...]  # the solver's own counts, where the library gives them
    spent: tuple[tuple[str, int], ...] = ()  # what this call alone added to them


@dataclass(frozen=True)
class Frame:
    """The state of a search at one node (a step of the lab)."""

    step: int  # 1 for the root
    depth: int  # guesses on the path from the root
    grid: Grid  # the cells as the search holds them here (givens included)
    path: tuple[tuple[int, int], ...]  # (cell, digit) guessed on the way from the root
    filled: tuple[int, ...]  # cells propagation filled on arriving here (propagate only)
    cell: int | None  # the cell this node branches on, if the choice is a cell
    options: tuple[tuple[int, int], ...]  # (cell, digit) choices it will try, in order
    solution: bool  # the grid is complete
    guesses: int  # counts when the node is entered (as the search meter counts)
    backtracks: int
    column: str = ""  # dancing links: the constraint chosen
    column_size: int = 0  # and how many candidate rows still meet it
    sat: SatCall | None = None
    widths: tuple[int, ...] = ()  # how many options each choice on the path had

    @property
    def clubs(self) -> tuple[int, int, int]:
        """The digits the branch cell's row, column and box already hold (9-bit masks)."""
        if self.cell is None:
            return 0, 0, 0
        masks = []
        for unit in (ROWS[ROW_OF[self.cell]], COLS[COL_OF[self.cell]], BOXES[BOX_OF[self.cell]]):
            mask = 0
            for c in unit:
                if self.grid[c]:
                    mask |= 1 << (self.grid[c] - 1)
            masks.append(mask)
        return masks[0], masks[1], masks[2]

    @property
    def dead_end(self) -> bool:
        """Nothing is left to try here: the branch fails at this node."""
        return not self.solution and not self.options


class Recorder:
    """Counts like the search meter and records the trace; built for one run.

    `cap` is the node budget (the search raises OutOfBudget at the node after it, as the meter
    does), `want` the step to record in full (0: none).

    `guesses` and `backtracks` count as the search meter does (a guess is a digit tried where
    two or more were left, a backtrack a guess whose branch held no new solution). `widths`
    holds the number of options at each level of the current path.
    """

    def __init__(self, cap: int, want: int) -> None:
        self.cap = cap
        self.want = want
        self.nodes = 0
        self.guesses = 0
        self.backtracks = 0
        self.widths: list[int] = []
        self.depths: list[int] = []
        self.dead_ends: list[int] = []
        self.found: list[Grid] = []  # the solutions, in the order found
        self.solved_at: list[int] = []  # the steps that found them
        self.frame: Frame | None = None
        self.after: list[Try] = []
        self.open = False  # True from the wanted node until the next: record its tries
        self._backtracks_then = 0

    def node(self, depth: int) -> bool:
        """Count a node at `depth`; True if it is the wanted one (then build its Frame)."""
        self._close()
        if self.nodes == self.cap:
            raise OutOfBudget
        self.nodes += 1
        self.depths.append(depth)
        self.open = self.nodes == self.want
        return self.open

    def solution(self, grid: Grid) -> None:
        """Note a solution found at the current node."""
        self.found.append(grid)
        self.solved_at.append(self.nodes)

    def tried(self, depth: int, cell: int, digit: int, failed: bool, why: str = "") -> None:
        """Note a try made after the wanted node (call only while `open`)."""
        self.after.append(Try(depth, cell, digit, failed, why))

    def _close(self) -> None:
        """The node before is a dead end if a backtrack was counted since it was entered."""
        if self.backtracks != self._backtracks_then:
            self.dead_ends.append(self.nodes)
            self._backtracks_then = self.backtracks

    def finish(self) -> None:
        """Close the last node (call when the search ends, however it ends)."""
        self._close()
        self.open = False
