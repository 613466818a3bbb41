"""The one contradiction follower: what an assumed digit forces, breadth first, with the reason
for each move, up to the first contradiction; and the check of a position as it stands."""

from __future__ import annotations

from puzzles import EASY, EASY_SOLUTION

from webapp.sudoku.board import ALL, BIT, UNITS, UNITS_OF, parse
from webapp.sudoku.logic import solve_logically
from webapp.sudoku.search import UNLIMITED
from webapp.sudoku.techniques.contradiction import (
    NO_DIGIT,
    NO_PLACE,
    REPEAT,
    Contradiction,
    contradiction,
    follow,
)
from webapp.sudoku.techniques.position import Position

SOLUTION = parse(EASY_SOLUTION)


def pencil(**cells: int) -> Position:
    """An empty grid with every digit everywhere, but for the masks given as r1c1=0b101."""
    cands = [ALL] * 81
    for name, mask in cells.items():
        row, col = int(name[1]), int(name[3])
        cands[9 * (row - 1) + col - 1] = mask
    return Position([0] * 81, cands)


def test_only_what_the_digit_causes_is_followed() -> None:
    # r9c9 is a naked single that has nothing to do with a 1 in r1c1.
    s = pencil(r9c9=BIT[5])
    alone = follow(s, 0, 1)
    assert alone.forced == () and alone.contradiction is None
    anything = follow(s, 0, 1, caused_only=False)
    assert anything.forced[0] == (80, 5, None)


def test_a_naked_single_then_an_empty_cell() -> None:
    # r1c2 holds 1 or 2, r1c3 2 or 3, r2c3 only 3. After r1c1 = 1, r1c2 must be 2, then r1c3
    # must be 3, and r2c3 (in the same box) has no digit left.
    s = pencil(r1c2=BIT[1] | BIT[2], r1c3=BIT[2] | BIT[3], r2c3=BIT[3] | BIT[4])
    s.eliminate(9 + 2, 4)  # r2c3: 3 only
    trail = follow(s, 0, 1)
    assert [(m.cell, m.digit, m.unit) for m in trail.forced] == [(1, 2, None), (2, 3, None)]
    assert trail.contradiction == Contradiction(NO_DIGIT, (11,), 0, None)
    assert trail.contradiction.text == "r2c3 has no candidate left"
    assert trail.contradiction.hypothetical == "r2c3 would have no digit left"


def test_a_hidden_single_names_its_unit_and_a_digit_can_lose_every_place() -> None:
    # In row 1, 7 fits only r1c1 and r1c2. Placing 7 in r2c2 (a box peer of both) removes it
    # from both: row 1 has no place left for 7.
    s = pencil()
    for c in UNITS[0][2:]:
        s.eliminate(c, 7)
    trail = follow(s, 10, 7)
    assert trail.forced == ()
    assert trail.contradiction is not None and trail.contradiction.kind == NO_PLACE
    assert (trail.contradiction.digit, trail.contradiction.unit) == (7, 0)
    assert trail.contradiction.hypothetical == "row 1 would have no place left for 7"
    # With 7 in r5c1 instead, only r1c2 is left for it in row 1: a hidden single in row 1.
    trail = follow(s, 36, 7, limit=1)
    assert trail.forced[0] == (1, 7, 0)


def test_every_forced_move_is_true_of_the_position_it_was_made_in() -> None:
    """A wrong digit in EASY: each move is the only digit of its cell or the only place of its
    digit in its unit at the time, and the trail ends in a real contradiction."""
    start = Position.from_grid(parse(EASY))
    cell = next(c for c in range(81) if not start.grid[c])
    wrong = next(d for d in range(1, 10) if start.cands[cell] & BIT[d] and d != SOLUTION[cell])
    trail = follow(start, cell, wrong, caused_only=False, limit=81)
    assert trail.contradiction is not None
    s = start.copy()
    s.place(cell, wrong)
    for move in trail.forced:
        if move.unit is None:
            assert s.cands[move.cell] == BIT[move.digit]
        else:
            assert move.unit in UNITS_OF[move.cell]
            places = [c for c in UNITS[move.unit] if s.cands[c] & BIT[move.digit]]
            assert places == [move.cell]
        s.place(move.cell, move.digit)
    assert contradiction(s) == trail.contradiction


def test_a_position_as_it_stands() -> None:
    assert contradiction(Position.from_grid(parse(EASY))) is None
    grid = list(parse(EASY))
    grid[0] = 3  # the 3 of r1c3 is in the same row
    found = contradiction(Position.from_grid(grid))
    assert found == Contradiction(REPEAT, (0, 2), 3, 0)
    assert found.text == "3 appears twice in row 1"
    stuck = Position.from_grid(parse(".12345678" + "9" + "." * 71))
    assert contradiction(stuck) == Contradiction(NO_DIGIT, (0,), 0, None)


def test_trials_explain_themselves_with_the_follower() -> None:
    """Every failing trial of a hard solve, with and without locked candidates, is explained
    by the moves it forces and a contradiction: never 'the position breaks'."""
    puzzle = parse(
        "..............1.23..4.5.6......4.....1..62....3.....71....8...7.2.......6..3....."
    )
    run = solve_logically(puzzle, budget=UNLIMITED)
    trials = [s for s in run.steps if s.text.startswith("Assuming")]
    assert {s.technique for s in trials} >= {"Dynamic forcing chain", "Dynamic forcing chain (+)"}
    for step in trials:
        assert "the position breaks" not in step.text
        assert step.text.endswith(f"is not {step.eliminations[0][1]}")
