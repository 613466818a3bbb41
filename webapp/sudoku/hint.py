"""Hints that teach: about one cell (or anywhere), computed from the position as submitted.

A position is the puzzle's givens, the player's entries and notes (81 candidate masks, 0 for a
cell without notes). `hint` first looks for mistakes: an entry the solution does not have, or
notes that leave out the digit a cell needs; it says which cell and why (a wrong entry: the
shortest chain of steps it forces up to a contradiction, see wrong_entry.py). Otherwise it
finds a step. About anywhere: the engine's easiest step. About a selected cell: the easiest
step that fills it now, if there is one; if not, the first of the fewest steps after which it
can be filled (or of singles alone, when they take at most two more: see lead.py), and how many
there are.

The page reveals a hint in four levels, each one click further (see `Hint`): where to look,
the technique and its unit, the highlighted pattern with its sentence, and finally the move.
Every sentence is meant to be true of the position: tests/test_hint_claims.py checks each
level's claim against the engine and the solution over many positions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .board import (
    BIT,
    DIGITS_OF,
    UNIT_BB,
    UNITS,
    UNITS_OF,
    Grid,
    a_digit,
    cell_name,
    check_cell,
    check_grid,
    check_masks,
    conflicts,
    unit_name,
)
from .lead import fill_now, lead
from .logic import next_step
from .search import Budget, check_budget
from .solver import Verdict, count_solutions
from .techniques.contradiction import NO_DIGIT, Forced, Lock
from .techniques.position import Position
from .techniques.step import Candidate, Step, in_words, listed, names, removals_text
from .wrong_entry import SHOWN_TRACE, Link, link_text, locked_places, refute

# What the web may spend on a hint (nodes, see search.py): the worst positions of the hardest
# sets stay well under a second of CPU here, and every worker gives the same hint.
HINT_BUDGET = Budget(nodes=20_000)


@dataclass(frozen=True)
class Mistake:
    """An entry that is not the solution's digit, or notes that leave that digit out.

    For a wrong entry without a visible clash, `forced` are the digits it forces, in order, up
    to a contradiction (each one needed to reach it), `broken` the cells of that contradiction
    (the cell left without a digit, or the open cells of the unit left without a place for a
    digit); `chain` says each in words, then the
    contradiction, when the sentence does not name them all; `dead` are the candidates the
    contradiction finds gone (a cell's, or a digit's places in `units`); `made` the digits the
    engine's steps made first place; `ruled` the candidates those steps and the chain's locked
    candidates rule out; `locked` the candidates their patterns rest on (the steps' own, and
    where the locks' digits lie when they are made); `tally` what a folded `chain` holds ('three
    forced digits, one pointing step').
    """

    cell: int
    digit: int  # the wrong entry, or for notes the digit they leave out
    kind: str  # "entry" or "notes"
    text: str  # which cell, and why it cannot be so
    cells: tuple[int, ...]  # the cells that show why (the mistake's cell first)
    forced: tuple[Candidate, ...] = ()  # the digits it would force, in order
    broken: tuple[int, ...] = ()  # where those digits break a rule (e.g. a cell left empty)
    chain: tuple[str, ...] = ()  # each forced digit with its reason, then the contradiction
    dead: tuple[Candidate, ...] = ()  # the candidates the contradiction finds gone
    units: tuple[int, ...] = ()  # the unit left without a place for a digit, if that is it
    made: tuple[Candidate, ...] = ()  # the digits the steps made first place
    ruled: tuple[Candidate, ...] = ()  # what those steps and the chain's locks rule out
    locked: tuple[Candidate, ...] = ()  # the candidates their patterns rest on
    tally: str = ""  # the steps of `chain`, counted by kind


@dataclass(frozen=True)
class Hint:
    """What to tell the player. Exactly one of `problem`, `mistake` and `step` is set.

    `target` is the selected cell (None: anywhere; a filled cell is noted in `note` and the
    hint is about anywhere). `direct`: `step` fills the target now. Otherwise `lead` holds the
    steps after which the target can be filled (the first is `step`) and `fill` the step that
    then fills it; `shortest` says no shorter sequence of singles and locked candidates does
    it. A target with neither (no way to it found within the budget) gets the easiest step.
    For a step that does not fill the target, `helps` says it narrows what the target can hold
    or where one of its candidates can go in its units, and `after` that the target can be
    filled once it is made.
    """

    target: int | None
    problem: str = ""
    mistake: Mistake | None = None
    step: Step | None = None
    direct: bool = False
    helps: bool = False
    after: bool = False
    lead: tuple[Step, ...] = ()
    fill: Step | None = None
    shortest: bool = False
    note: str = ""

    @property
    def look(self) -> str:
        """Level 1: can the cell be solved now, and where to look."""
        if self.problem:
            return self.problem
        if self.mistake:
            return self.mistake.text
        assert self.step is not None
        where = look_at(self.step, self.target if self.direct else None)
        if self.target is None:
            return f"{self.note}Look at {where}."
        name = cell_name(self.target)
        if self.direct:
            return f"Yes, {name} can be filled now. Look at {where}."
        if len(self.lead) == 1:
            return (
                f"Not yet: {name} needs one step first. Look at {where}: what you find there "
                f"lets you fill {name}."
            )
        if self.lead:  # "within": a sequence found, not proved the shortest
            count = f"{'after' if self.shortest else 'within'} {in_words(len(self.lead))} steps"
            return f"Not yet: {name} can be filled {count}. Start at {where}."
        return (
            f"Not yet, and no short way to {name} was found. The easiest step now is at "
            f"{where}; ask again after it."
        )

    @property
    def way(self) -> tuple[str, ...]:
        """The steps that lead to the target in words, one line each, then the technique that
        fills it (not its digit); () when the step fills the target itself."""
        if not self.lead or self.fill is None or self.target is None:
            return ()
        lines = [f"{technique_text(step)}: {_lower(move_text(step))}" for step in self.lead]
        lines.append(f"Then {cell_name(self.target)} can be filled: {technique_text(self.fill)}")
        return tuple(lines)

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
        return move_text(self.step)

    @property
    def technique(self) -> str:
        """Level 2: the technique and the unit it works in."""
        if self.step is None:
            return ""
        return technique_text(self.step)


def move_text(step: Step) -> str:
    """'Place 5 in r1c2' or 'Remove 5 from r1c2 and r1c3'."""
    if step.placements:
        return "Place " + ", ".join(f"{d} in {cell_name(c)}" for c, d in step.placements)
    return "Remove " + removals_text(step.eliminations)


def technique_text(step: Step) -> str:
    """'Hidden single in box 4': the technique and the units it works in."""
    if not step.units:
        return step.technique
    return f"{step.technique} in {listed(unit_name(u) for u in dict.fromkeys(step.units))}"


def _lower(text: str) -> str:
    return text[:1].lower() + text[1:]


def _look_units(step: Step, filled: int | None) -> tuple[int, ...]:
    """The units a first nudge names: the step's main one, or all of them when each holds
    `filled`, the selected cell the step fills (a naked single's row, column and box)."""
    if filled is not None and all(filled in UNITS[u] for u in step.units):
        return tuple(dict.fromkeys(step.units))
    return step.units[:1]


def look_at(step: Step, filled: int | None = None) -> str:
    """Where a step happens, for a first nudge: its main unit (see `_look_units`), or the
    cells around it."""
    units = _look_units(step, filled)
    if units:
        return listed(unit_name(u) for u in units)
    shown = look_cells(step)
    return names(shown) if shown else "the whole grid"


def look_cells(step: Step, filled: int | None = None) -> tuple[int, ...]:
    """Where a hint's first level says to look for `step` (`filled`: the selected cell it
    fills, if it does): the cells of the units `look_at` names, else up to three of its own
    cells but those it fills (naming them would give the answer away)."""
    if not isinstance(step, Step):
        raise TypeError(f"step must be a Step (from next_step or a hint), not {step!r}")
    if filled is not None:
        check_cell(filled, "filled")
    units = _look_units(step, filled)
    if units:
        return tuple(dict.fromkeys(c for u in units for c in UNITS[u]))
    placed = {c for c, _ in step.placements}
    cells = step.cells or tuple(c for c, _ in step.eliminations)
    return tuple(dict.fromkeys(c for c in cells if c not in placed))[:3]


def _step_for(s: Position, target: int | None, solution: Grid, budget: Budget) -> Hint:
    """The step to suggest once the position has no mistakes."""
    note = ""
    if target is not None and s.grid[target]:  # a filled cell: help anywhere instead
        note = f"{cell_name(target)} already holds {a_digit(s.grid[target])}, which is right. "
        target = None
    if target is not None:
        fill = fill_now(s, target, solution)
        if fill is not None:
            return Hint(target, step=fill, direct=True)
    step = next_step(s.to_grid(), s.cands, budget=budget, solution=solution)
    if step is None:
        return Hint(target, problem="There is nothing left to find: the grid is full.")
    if target is None:
        return Hint(None, step=step, note=note)
    if any(c == target for c, _ in step.placements):
        return Hint(target, step=step, direct=True)
    found = lead(s, target, solution, step, budget)
    if found is None:
        helps, after = _progress(s, step, target, solution)
        return Hint(target, step=step, helps=helps, after=after)
    helps, after = _progress(s, found.steps[0], target, solution)
    return Hint(
        target,
        step=found.steps[0],
        helps=helps,
        after=after,
        lead=found.steps,
        fill=found.fill,
        shortest=found.shortest,
    )


def _progress(s: Position, step: Step, target: int, solution: Grid) -> tuple[bool, bool]:
    """(helps, after) (see Hint) for a step that does not fill `target`."""
    trial = s.copy()
    trial.apply(step.placements, step.eliminations)
    helps = trial.cands[target] != s.cands[target] or any(
        trial.dbb[d] & UNIT_BB[u] != s.dbb[d] & UNIT_BB[u]
        for u in UNITS_OF[target]
        for d in DIGITS_OF[s.cands[target]]
    )
    return helps, fill_now(trial, target, solution) is not None


def _clash(grid: Grid, cell: int) -> tuple[str, tuple[int, ...]] | None:
    """The visible clash of the digit in `cell` with the same digit in one of its units."""
    digit = grid[cell]
    for u in UNITS_OF[cell]:
        others = [c for c in UNITS[u] if c != cell and grid[c] == digit]
        if others:
            return f"{unit_name(u)} already has {a_digit(digit)} in {names(others)}", tuple(others)
    return None


def _wrong_entry(grid: Grid, correct: Grid, cell: int, budget: Budget) -> Mistake:
    """The wrong entry in `cell` of `grid`, with why it cannot stand in a one-solution puzzle:
    a visible clash (the clashing cells), else the shortest chain of steps (forced digits,
    locked candidates) it forces from the `correct` digits to a contradiction (see
    wrong_entry.py)."""
    digit = grid[cell]
    name = cell_name(cell)
    clash = _clash(grid, cell)
    if clash:
        text, cells = clash
        return Mistake(cell, digit, "entry", f"{name} can't be {digit}: {text}.", (cell, *cells))
    found = refute(correct, cell, digit, budget)
    broken = found.contradiction
    if broken is None:
        text = (
            f"{name} can't be {digit}: with {digit} there the puzzle has no solution (its only "
            "solution has another digit in that cell), though no short chain of forced digits "
            "shows it."
        )
        return Mistake(cell, digit, "entry", text, (cell,))
    forced = tuple((link.cell, link.digit) for link in found.chain if isinstance(link, Forced))
    reasons = [link_text(link) for link in found.chain]
    then = broken.hypothetical
    if not reasons:
        because = f"with {digit} there, {then}"
    elif len(reasons) <= SHOWN_TRACE and not found.first:
        because = f"with {digit} there, {', '.join(reasons)}, and then {then}"
    else:
        ruled = sum(len(link.eliminations) for link in found.chain if isinstance(link, Lock))
        because = f"with {digit} there, {_what_follows(len(forced), ruled)} (the chain below), "
        because += f"and then {then}"
    if found.first:  # the engine's steps that hold whatever the cell holds
        if len(found.first) == 1:
            steps = "the step below is made (it holds"
        else:
            steps = f"the {in_words(len(found.first))} steps below are made (they hold"
        because = f"once {steps} whatever {name} holds), {because}"
    start = Position.from_grid(correct)
    for step in found.first:
        start.apply(step.placements, step.eliminations)
    if broken.kind == NO_DIGIT:
        dead_cell = broken.cells[0]
        dead = tuple((dead_cell, d) for d in DIGITS_OF[start.cands[dead_cell]])
        shows: tuple[int, ...] = (dead_cell,)
    else:
        d = broken.digit
        dead = tuple((c, d) for c in broken.cells if start.cands[c] & BIT[d])
        shows = tuple(c for c, _ in dead)
    chain: tuple[str, ...] = ()
    tally = ""
    if len(reasons) > SHOWN_TRACE or found.first:  # what the sentence leaves to the chain
        tally = _tally(len(found.first), found.chain)
        chain = (
            *(f"{technique_text(step)}: {_lower(move_text(step))}" for step in found.first),
            f"{name} is {digit} (your entry)",
            *reasons,
            f"so {then}",
        )
    made = tuple(placed for step in found.first for placed in step.placements)
    pattern = tuple(c for step in found.first for c in step.cells)
    cells = tuple(dict.fromkeys((cell, *pattern, *(c for c, _ in (*made, *forced)), *shows)))
    units = () if broken.unit is None else (broken.unit,)
    text = f"{name} can't be {digit}: {because}."
    ruling: list[Step | Lock] = [*found.first]  # the steps made first, then the chain's locks
    ruling += [link for link in found.chain if isinstance(link, Lock)]
    return Mistake(
        cell,
        digit,
        "entry",
        text,
        cells,
        forced,
        broken.cells,
        chain,
        dead,
        units,
        made=made,
        ruled=tuple(candidate for taken in ruling for candidate in taken.eliminations),
        locked=(
            *(c for step in found.first for c in step.candidates),
            *locked_places(start, cell, digit, found.chain),
        ),
        tally=tally,
    )


def _tally(first: int, chain: Sequence[Link]) -> str:
    """The steps of a folded chain, counted by kind: 'two steps made first, three forced
    digits, one pointing step, two claiming steps' (a lock whose base is a box points, one
    whose base is a line claims)."""
    forced = sum(not isinstance(link, Lock) for link in chain)
    pointing = sum(isinstance(link, Lock) and link.base >= 18 for link in chain)  # 18: box 1
    claiming = len(chain) - forced - pointing
    counts = (
        (first, "step made first", "steps made first"),
        (forced, "forced digit", "forced digits"),
        (pointing, "pointing step", "pointing steps"),
        (claiming, "claiming step", "claiming steps"),
    )
    return ", ".join(f"{in_words(n)} {one if n == 1 else many}" for n, one, many in counts if n)


def _what_follows(digits: int, ruled: int) -> str:
    """What a chain too long for the sentence does: 'a digit is forced', 'three digits are
    forced one after another', 'three digits are forced and two candidates are ruled out, one
    after another' (`ruled`: the candidates its locked candidates rule out)."""
    forced = "a digit is forced" if digits == 1 else f"{in_words(digits)} digits are forced"
    out = (
        "a candidate is ruled out" if ruled == 1 else f"{in_words(ruled)} candidates are ruled out"
    )
    if not ruled:
        return forced if digits == 1 else f"{forced} one after another"
    return f"{forced} and {out}, one after another" if digits else out


def first_mistake(
    puzzle: Grid,
    entries: Grid,
    notes: Sequence[int],
    solution: Grid,
    target: int | None,
    budget: Budget,
) -> Mistake | None:
    """The mistake to point out first: a wrong entry (the selected cell's, else the first in
    cell order), else notes that leave out the solution's digit (in the same order)."""
    empty = [c for c in range(81) if not puzzle[c]]
    order = sorted(empty, key=lambda c: c != target)
    grid = tuple(g or e for g, e in zip(puzzle, entries, strict=True))
    for cell in order:
        if entries[cell] and entries[cell] != solution[cell]:
            correct = tuple(d if d == solution[c] else 0 for c, d in enumerate(grid))
            return _wrong_entry(grid, correct, cell, budget)
    for cell in order:
        if notes[cell] and not entries[cell] and not notes[cell] & BIT[solution[cell]]:
            text = (
                f"Your notes in {cell_name(cell)} leave out a digit the cell needs: "
                "check them again."
            )
            return Mistake(cell, solution[cell], "notes", text, (cell,))
    return None


def hint(
    puzzle: Grid,
    entries: Grid,
    notes: Sequence[int] | None = None,
    target: int | None = None,
    *,
    budget: Budget = HINT_BUDGET,
) -> Hint:
    """The hint for the position (givens, entries, notes) about `target` (None: anywhere).

    `entries` are the player's digits (81 cells, 0 where none; a given's cell counts as the
    given), `notes` their pencil marks (81 candidate masks, 0 for a cell without notes).

    `budget` bounds each search the hint makes: the solve that finds the solution, the search
    for a step (chains and trials; once it is spent, the step is read from the solution), and
    the search for the steps that lead to the target. With a node-only budget the hint is the
    same on every machine and run.
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
    mistake = first_mistake(puzzle, entries, notes, solution, target, budget)
    if mistake is not None:
        return Hint(target, mistake=mistake)
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
