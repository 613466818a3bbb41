"""Every claim of every hint level is true of the position: a property test over positions from
several data sets (random points of their logical solves, with and without notes), about the
cell the engine's next step fills and about random cells.

Each claim is checked against the engine's own step and the solution, with checks written here
independently of the hint code:

- level 1: "Yes, X can be filled now" -> the step places X's digit. "Not yet" -> no single and
  no direct technique (pointing, claiming, hidden pair or triple leaving X a hidden single, as
  Sudoku Explainer defines them) fills X, and the engine's next step does not place it.
  "after (or within) k steps" -> the k steps, made in order, are each valid there, and then
  one step fills X. "no short way" -> the step is the engine's next step.
- level 2: the technique's units hold the step's cells.
- level 3: the highlighted candidates are candidates of the position, the eliminations remove
  candidates that are there and are not the solution's digits, the placements are.
- level 4: the move says exactly what the step places or removes.
"""

from __future__ import annotations

import functools
import re
from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench.data import missing, read_puzzles
from webapp.sudoku.board import BIT, DIGITS, DIGITS_OF, UNITS, UNITS_OF, Grid, cell_name, parse
from webapp.sudoku.hint import HINT_BUDGET, Hint, hint
from webapp.sudoku.logic import next_step, solve_logically
from webapp.sudoku.solver import solve
from webapp.sudoku.techniques.position import Position
from webapp.sudoku.techniques.step import NUMBER_WORDS as WORDS
from webapp.sudoku.techniques.step import Step

pytestmark = pytest.mark.data

SETS = ("norvig_easy50.txt", "kaggle_sample.txt", "norvig_top95.txt", "magictour_top1465.txt")
PER_SET = 5


@functools.cache
def puzzles() -> tuple[str, ...]:
    """A few puzzles of each set (the first ones: the same on every run)."""
    if reason := missing():
        pytest.skip(reason)
    return tuple(line for name in SETS for line in read_puzzles(name)[:PER_SET])


@functools.cache
def solved(line: str) -> tuple[Grid, Grid, tuple[Step, ...]]:
    """The puzzle, its solution and the steps of its logical solve."""
    puzzle = parse(line)
    solution = solve(puzzle).solution
    assert solution is not None
    return puzzle, solution, solve_logically(puzzle, solution=solution).steps


# --- Independent checks -------------------------------------------------------------------------


def places(s: Position, digit: int, unit: int) -> set[int]:
    return {c for c in UNITS[unit] if not s.grid[c] and s.cands[c] & BIT[digit]}


def is_single(s: Position, cell: int) -> bool:
    """A naked or hidden single."""
    if s.grid[cell]:
        return False
    if len(DIGITS_OF[s.cands[cell]]) == 1:
        return True
    return any(places(s, d, u) == {cell} for d in DIGITS_OF[s.cands[cell]] for u in UNITS_OF[cell])


def direct_patterns(s: Position) -> list[tuple[set[tuple[int, int]], list[int]]]:
    """Every pointing, claiming, hidden pair and hidden triple of the position: what it
    removes, and the units where a single it leaves makes it "direct" (Sudoku Explainer's
    definition: a box for pointing, a line of the base's kind for claiming, the subset's own
    unit for a hidden pair or triple). A locked digit, and a hidden subset's digits, have two
    places or more in the base unit: with one, it is a single."""
    found = []
    for box in range(18, 27):
        for line in range(18):
            shared = set(UNITS[box]) & set(UNITS[line])
            if not shared:
                continue
            same_kind = list(range(9)) if line < 9 else list(range(9, 18))
            for d in DIGITS:
                in_box, in_line = places(s, d, box), places(s, d, line)
                if len(in_box) >= 2 and in_box <= shared:  # pointing
                    found.append(({(c, d) for c in in_line - shared}, list(range(18, 27))))
                if len(in_line) >= 2 and in_line <= shared:  # claiming
                    found.append(({(c, d) for c in in_box - shared}, same_kind))
    for u in range(27):
        for k in (2, 3):
            for digits in combinations(DIGITS, k):
                cells = set().union(*(places(s, d, u) for d in digits))
                if len(cells) == k and all(len(places(s, d, u)) >= 2 for d in digits):
                    gone = {(c, e) for c in cells for e in DIGITS_OF[s.cands[c]] if e not in digits}
                    found.append((gone, [u]))
    return [(gone, units) for gone, units in found if gone]


def direct_fill(s: Position, cell: int, digit: int) -> bool:
    """Does some direct pointing, claiming, hidden pair or triple leave `cell` the only place
    for `digit`?"""
    for gone, units in direct_patterns(s):
        lost = {c for c, d in gone if d == digit}
        if any(places(s, digit, u) - lost == {cell} for u in UNITS_OF[cell] if u in units):
            return True
    return False


def check_valid(s: Position, step: Step, solution: Grid) -> None:
    """The step fits the position: it places solution digits in empty cells and removes
    candidates that are there and are not the solution's."""
    for c, d in step.placements:
        assert not s.grid[c] and d == solution[c], (step.technique, cell_name(c), d)
    for c, d in step.eliminations:
        assert s.cands[c] & BIT[d] and d != solution[c], (step.technique, cell_name(c), d)


def check_fills(s: Position, step: Step, target: int, solution: Grid) -> None:
    """`step` fills `target` by a single or a direct technique."""
    check_valid(s, step, solution)
    assert (target, solution[target]) in step.placements
    if step.technique in ("Full house", "Hidden single", "Naked single"):
        assert is_single(s, target)
    elif step.technique.startswith("Direct"):
        assert direct_fill(s, target, solution[target])


def made(s: Position, step: Step) -> Position:
    after = s.copy()
    after.apply(step.placements, step.eliminations)
    return after


# --- The claims --------------------------------------------------------------------------------


def check_claims(s: Position, found: Hint, target: int, solution: Grid) -> None:
    step = found.step
    assert step is not None and found.mistake is None and not found.problem
    name = cell_name(target)
    look = found.look
    # Level 1
    if look.startswith(f"Yes, {name} can be filled now."):
        assert found.direct and (target, solution[target]) in step.placements
    else:
        assert look.startswith("Not yet") and not found.direct
        assert not is_single(s, target), "a single fills it now"
        assert not direct_fill(s, target, solution[target]), "a direct technique fills it now"
        engine = next_step(s.to_grid(), s.cands, budget=HINT_BUDGET, solution=solution)
        assert engine is not None and (target, solution[target]) not in engine.placements
        if found.lead:
            count = re.search(r"(?:after|within) (\w+) steps|needs (one) step first", look)
            assert count is not None, look
            said = count.group(1)
            steps = 1 if count.group(2) else int(said) if said.isdigit() else WORDS.index(said)
            assert len(found.lead) == steps
            assert found.lead[0] == step
            here = s
            for earlier in found.lead:
                check_valid(here, earlier, solution)
                here = made(here, earlier)
            assert found.fill is not None
            check_fills(here, found.fill, target, solution)
        else:
            assert "no short way" in look and step == engine
    # Level 2
    assert found.technique.startswith(step.technique)
    shown = {*step.cells, *(c for c, _ in step.placements + step.eliminations)}
    for u in step.units:
        assert shown & set(UNITS[u]), (step.technique, u)
    # Level 3
    check_valid(s, step, solution)
    assert step.text
    for c, d in [*step.candidates, *(x for group in step.colours for x in group)]:
        assert s.cands[c] & BIT[d], (step.technique, cell_name(c), d)
    # Level 4
    if step.placements:
        assert found.move == "Place " + ", ".join(
            f"{d} in {cell_name(c)}" for c, d in step.placements
        )
    else:
        assert found.move.startswith("Remove ")
        for c, d in step.eliminations:
            assert cell_name(c) in found.move and str(d) in found.move


@settings(
    max_examples=120,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    which=st.integers(0, len(SETS) * PER_SET - 1),
    progress=st.floats(0, 0.9),
    with_notes=st.booleans(),
    engine_cell=st.booleans(),
    pick=st.integers(0, 80),
)
def test_every_level_says_only_what_is_true(
    which: int, progress: float, with_notes: bool, engine_cell: bool, pick: int
) -> None:
    puzzle, solution, steps = solved(puzzles()[which])
    s = Position.from_grid(puzzle)
    for step in steps[: int(progress * len(steps))]:
        s.apply(step.placements, step.eliminations)
    entries = tuple(0 if puzzle[c] else s.grid[c] for c in range(81))
    notes = tuple(s.cands) if with_notes else None
    here = Position.from_grid(s.grid, notes)
    empty = [c for c in range(81) if not s.grid[c]]
    target = empty[pick % len(empty)]
    if engine_cell:  # the cell the engine's next step fills, if it fills one
        engine = next_step(here.to_grid(), here.cands, budget=HINT_BUDGET, solution=solution)
        if engine is not None and engine.placements:
            target = engine.placements[0][0]
    found = hint(puzzle, entries, notes, target, budget=HINT_BUDGET)
    check_claims(here, found, target, solution)


def test_the_cell_a_direct_step_fills_is_said_to_be_fillable_now() -> None:
    """Issue 13, item 1: asked about the cell that the next step fills by a direct technique,
    level 1 said "Not yet" every time; it says "Yes" and the step places it."""
    seen = 0
    for line in puzzles():
        puzzle, solution, steps = solved(line)
        s = Position.from_grid(puzzle)
        for step in steps:
            if step.technique.startswith("Direct") or step.technique == "BUG+1":
                target = step.placements[0][0]
                entries = tuple(0 if puzzle[c] else s.grid[c] for c in range(81))
                found = hint(puzzle, entries, tuple(s.cands), target, budget=HINT_BUDGET)
                assert found.look.startswith(f"Yes, {cell_name(target)} can be filled now")
                assert found.step is not None
                assert (target, solution[target]) in found.step.placements
                without = hint(puzzle, entries, None, target, budget=HINT_BUDGET)
                check_claims(Position.from_grid(s.grid), without, target, solution)
                seen += 1
            s.apply(step.placements, step.eliminations)
    assert seen >= 10
