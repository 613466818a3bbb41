"""Hints that teach: about one cell (or anywhere), computed from the position as submitted.

A position is the puzzle's givens, the player's entries and notes (81 candidate masks, 0 for a
cell without notes). `hint` first looks for mistakes: an entry the solution does not have, or
notes that leave out the digit a cell needs; it says which cell and why. Otherwise it finds a
step. For a selected cell it prefers a single that fills that cell now; failing that, the
easiest step that changes what the cell can hold; failing that, the easiest step anywhere.

The page reveals a hint in four levels, each one click further (see `Hint`): where to look,
the technique and its unit, the highlighted pattern with its sentence, and finally the move.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .board import (
    BIT,
    CELL_BB,
    DIGITS_OF,
    UNIT_BB,
    UNITS,
    UNITS_OF,
    Grid,
    cell_name,
    check_cell,
    check_grid,
    check_masks,
    conflicts,
    is_single,
    unit_name,
)
from .logic import next_step
from .search import Budget, check_budget
from .solver import Verdict, count_solutions
from .techniques.contradiction import follow
from .techniques.position import Position
from .techniques.singles import full_house_step, hidden_single_step, naked_single_step
from .techniques.step import Candidate, Step, listed, names, removals_text

# What the web may spend on a hint (nodes, see search.py): the worst positions of the hardest
# sets stay well under a second of CPU here, and every worker gives the same hint.
HINT_BUDGET = Budget(nodes=20_000)
MAX_TRACE = 40  # forced placements followed when showing why an entry is wrong
SHOWN_TRACE = 4  # placements named in the sentence


@dataclass(frozen=True)
class Mistake:
    """An entry that is not the solution's digit, or notes that leave that digit out."""

    cell: int
    digit: int  # the wrong entry, or for notes the digit they leave out
    kind: str  # "entry" or "notes"
    text: str  # which cell, and why it cannot be so
    cells: tuple[int, ...]  # the cells that show why (the mistake's cell first)
    forced: tuple[Candidate, ...] = ()  # the digits it would force, in order
    broken: tuple[int, ...] = ()  # where those digits break a rule (e.g. a cell left empty)


@dataclass(frozen=True)
class Hint:
    """What to tell the player. Exactly one of `problem`, `mistake` and `step` is set.

    `target` is the selected cell (None: anywhere; a filled cell is noted in `note` and the
    hint is about anywhere). `direct` says the step fills the target; `helps` that it narrows
    the target's candidates or the places of one of them in its units; `after` that the target
    can be filled by a single once the step is made.
    """

    target: int | None
    problem: str = ""
    mistake: Mistake | None = None
    step: Step | None = None
    direct: bool = False
    helps: bool = False
    after: bool = False
    note: str = ""

    @property
    def look(self) -> str:
        """Level 1: can the cell be solved now, and where to look."""
        if self.problem:
            return self.problem
        if self.mistake:
            return self.mistake.text
        assert self.step is not None
        where = look_at(self.step)
        if self.target is None:
            return f"{self.note}Look at {where}."
        name = cell_name(self.target)
        if self.direct:
            return f"Yes, {name} can be filled now. Look at {where}."
        if self.after:
            return (
                f"Not yet: {name} needs one step first. Look at {where}: what you find there "
                f"lets you fill {name}."
            )
        if self.helps:
            return (
                f"Not yet: {name} needs more work. Start at {where}: "
                f"the easiest step there changes what {name} can hold."
            )
        return (
            f"Not yet: nothing leads to {name} directly. The easiest step now is at {where}; "
            f"ask again after it."
        )

    @property
    def move(self) -> str:
        """The label of the move that acts on the hint: 'Place 5 in r1c2', 'Remove 5 from
        r1c2 and r1c3', 'Clear r4c4' ('' when there is nothing to do)."""
        if self.mistake:
            where = cell_name(self.mistake.cell)
            if self.mistake.kind == "entry":
                return f"Clear {where}"
            return f"Clear the notes in {where}"
        if self.step is None:
            return ""
        if self.step.placements:
            return "Place " + ", ".join(f"{d} in {cell_name(c)}" for c, d in self.step.placements)
        return "Remove " + removals_text(self.step.eliminations)

    @property
    def technique(self) -> str:
        """Level 2: the technique and the unit it works in."""
        if self.step is None:
            return ""
        units = self.step.units
        if not units:
            return self.step.technique
        return f"{self.step.technique} in {listed(unit_name(u) for u in dict.fromkeys(units))}"


def look_at(step: Step) -> str:
    """Where a step happens, for a first nudge: its main unit, or the cells around it."""
    if step.units:
        return unit_name(step.units[0])
    cells = step.cells or tuple(c for c, _ in step.placements + step.eliminations)
    shown = list(dict.fromkeys(cells))[:3]
    return names(shown) if shown else "the whole grid"


def _progress(s: Position, step: Step, target: int) -> tuple[bool, bool]:
    """(helps, after): does the step narrow what `target` can hold or where its candidates can
    go in its units, and is `target` a single once the step is made?"""
    trial = s.copy()
    trial.apply(step.placements, step.eliminations)
    helps = trial.cands[target] != s.cands[target] or any(
        trial.dbb[d] & UNIT_BB[u] != s.dbb[d] & UNIT_BB[u]
        for u in UNITS_OF[target]
        for d in DIGITS_OF[s.cands[target]]
    )
    return helps, _target_single(trial, target) is not None


def _target_single(s: Position, target: int) -> Step | None:
    """The easiest single that fills `target`: full house, hidden single, naked single."""
    if s.grid[target]:
        return None
    mask = s.cands[target]
    units = sorted(UNITS_OF[target], key=lambda u: u < 18)  # the box first, as rated
    lone = DIGITS_OF[mask][0] if len(DIGITS_OF[mask]) == 1 else 0
    for u in units:
        if lone and is_single(s.empty & UNIT_BB[u]):
            return full_house_step(u, target, lone)
    for u in units:
        for d in DIGITS_OF[mask]:
            if s.dbb[d] & UNIT_BB[u] == CELL_BB[target]:
                return hidden_single_step(s, u, d, target)
    return naked_single_step(target, lone) if lone else None


def _singles(s: Position) -> list[Step]:
    """Every single of the position (one step per cell it fills)."""
    return [step for cell in range(81) if (step := _target_single(s, cell)) is not None]


def _step_for(s: Position, target: int | None, solution: Grid, budget: Budget) -> Hint:
    """The step to suggest once the position has no mistakes."""
    note = ""
    if target is not None and s.grid[target]:  # a filled cell: help anywhere instead
        note = f"{cell_name(target)} already holds a {s.grid[target]}, which is right. "
        target = None
    if target is not None:
        direct = _target_single(s, target)
        if direct is not None:
            return Hint(target, step=direct, direct=True)
        # The easiest single that helps, those after which the target is a single first.
        best: Hint | None = None
        best_key = (True, 0.0)
        for single in _singles(s):
            helps, after = _progress(s, single, target)
            if helps and (best is None or (not after, single.rating) < best_key):
                best = Hint(target, step=single, helps=True, after=after)
                best_key = (not after, single.rating)
        if best is not None:
            return best
    step = next_step(s.to_grid(), s.cands, budget=budget, solution=solution)
    if step is None:
        return Hint(target, problem="There is nothing left to find: the grid is full.")
    if target is None:
        return Hint(None, step=step, note=note)
    helps, after = _progress(s, step, target)
    return Hint(target, step=step, helps=helps, after=after)


def _clash(grid: Grid, cell: int) -> tuple[str, tuple[int, ...]] | None:
    """The visible clash of the digit in `cell` with the same digit in one of its units."""
    digit = grid[cell]
    for u in UNITS_OF[cell]:
        others = [c for c in UNITS[u] if c != cell and grid[c] == digit]
        if others:
            return f"{unit_name(u)} already has a {digit} in {names(others)}", tuple(others)
    return None


def _why_wrong(
    grid: Grid, correct: Grid, cell: int
) -> tuple[str, list[Candidate], tuple[int, ...]]:
    """Why the digit in `cell` of `grid` cannot stand in a one-solution puzzle, the digits
    that show it: a visible clash (the clashing cells), else the singles it forces from the
    `correct` digits up to a contradiction (those it causes first), and the contradiction's
    cells."""
    clash = _clash(grid, cell)
    if clash:
        text, cells = clash
        return text, [(c, grid[c]) for c in cells], ()
    digit = grid[cell]
    trail = follow(Position.from_grid(correct), cell, digit, caused_only=False, limit=MAX_TRACE)
    if trail.contradiction is None:
        return (
            f"with {digit} there the puzzle has no solution: its only solution has another "
            "digit in that cell",
            [],
            (),
        )
    forced = [(move.cell, move.digit) for move in trail.forced]
    broken = trail.contradiction.hypothetical
    where = trail.contradiction.cells
    if not forced:
        return f"with {digit} there, {broken}", [], where
    shown = ", ".join(f"{cell_name(c)} {d}" for c, d in forced[:SHOWN_TRACE])
    more = len(forced) - SHOWN_TRACE
    if more > 0:
        shown += f" and {more} more forced digit{'s' if more > 1 else ''}"
    return f"it forces {shown}, and then {broken}", forced, where


def find_mistakes(
    puzzle: Grid, entries: Grid, notes: Sequence[int], solution: Grid
) -> list[Mistake]:
    """Every entry that is not the solution's digit, then every cell whose notes leave the
    solution's digit out (in cell order within each kind)."""
    found: list[Mistake] = []
    grid = tuple(g or e for g, e in zip(puzzle, entries, strict=True))
    correct = tuple(d if d == solution[c] else 0 for c, d in enumerate(grid))
    for cell, entry in enumerate(entries):
        if entry and not puzzle[cell] and entry != solution[cell]:
            why, shown, broken = _why_wrong(grid, correct, cell)
            text = f"{cell_name(cell)} can't be {entry}: {why}."
            cells = (cell, *(c for c, _ in shown))
            forced = tuple((c, d) for c, d in shown if not grid[c])
            found.append(Mistake(cell, entry, "entry", text, cells, forced, broken))
    for cell, mask in enumerate(notes):
        need = solution[cell]
        if mask and not puzzle[cell] and not entries[cell] and not mask & BIT[need]:
            text = (
                f"Your notes in {cell_name(cell)} leave out a digit the cell needs: "
                "check them again."
            )
            found.append(Mistake(cell, need, "notes", text, (cell,)))
    return found


def hint(
    puzzle: Grid,
    entries: Grid,
    notes: Sequence[int] | None = None,
    target: int | None = None,
    *,
    budget: Budget = HINT_BUDGET,
) -> Hint:
    """The hint for the position (givens, entries, notes) about `target` (None: anywhere).

    `budget` bounds each search the hint makes: the solve that finds the solution, then the
    search for a step (chains and trials; once it is spent, the step is read from the
    solution). With a node-only budget the hint is the same on every machine and run.
    """
    puzzle = check_grid(puzzle, "puzzle")
    entries = check_grid(entries, "entries")
    notes = check_masks(notes) if notes is not None else (0,) * 81
    if target is not None:
        check_cell(target, "target")
    check_budget(budget)
    if conflicts(puzzle):
        return Hint(target, problem="The givens break a rule, so this puzzle has no solution.")
    outcome = count_solutions(puzzle, 2, budget=budget)
    grid = tuple(g or e for g, e in zip(puzzle, entries, strict=True))
    if outcome.verdict is not Verdict.UNIQUE:
        for clash in conflicts(grid):  # still worth saying, whatever the puzzle
            cell = max(c for c in clash.cells if not puzzle[c])
            why, cells = _clash(grid, cell) or ("", ())
            text = f"{cell_name(cell)} can't be {clash.digit}: {why}."
            return Hint(target, mistake=Mistake(cell, clash.digit, "entry", text, (cell, *cells)))
        return Hint(target, problem=_no_hint_because(outcome.verdict))
    solution = outcome.solutions[0]
    mistakes = find_mistakes(puzzle, entries, notes, solution)
    if mistakes:  # wrong entries before notes; the selected cell's before others
        first = min(mistakes, key=lambda m: (m.kind != "entry", m.cell != target))
        return Hint(target, mistake=first)
    return _step_for(Position.from_grid(grid, notes), target, solution, budget)


def _no_hint_because(verdict: Verdict) -> str:
    if verdict is Verdict.MULTIPLE:
        return (
            "This puzzle has more than one solution, so no step can be deduced for sure. "
            "Add givens until it has exactly one."
        )
    if verdict is Verdict.NO_SOLUTION:
        return "This puzzle has no solution, so there is nothing to deduce."
    return "The solver ran out of its budget on this puzzle, so no hint can be given."
