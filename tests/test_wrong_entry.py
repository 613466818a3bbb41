"""Why an entry is wrong: the digits it forces, each one needed, up to the first contradiction.

Each refutation is replayed here from the position: the wrong digit, then every named digit in
turn must be a single at that point (naked or hidden, as named), and then the contradiction
must hold. Leaving out any one named digit must break that replay: nothing is named that the
explanation could do without (before, every single the follower made was named, 40 at most,
the position's own singles among them).
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from puzzles import EASY

from webapp.sudoku.board import BIT, DIGITS, DIGITS_OF, UNITS, Grid, cell_name, parse
from webapp.sudoku.hint import HINT_BUDGET, hint
from webapp.sudoku.logic import solve_logically
from webapp.sudoku.solver import solve
from webapp.sudoku.techniques.contradiction import NO_DIGIT, Contradiction, Forced
from webapp.sudoku.techniques.position import Position
from webapp.sudoku.wrong_entry import refute


def replays(
    start: Position, cell: int, digit: int, forced: list[Forced], broken: Contradiction
) -> bool:
    """Does the chain hold: each forced digit a single when it comes, then the contradiction?"""
    s = start.copy()
    s.place(cell, digit)
    for move in forced:
        if s.grid[move.cell] or not s.cands[move.cell] & BIT[move.digit]:
            return False
        if move.unit is None:
            if DIGITS_OF[s.cands[move.cell]] != (move.digit,):
                return False
        elif [c for c in UNITS[move.unit] if s.cands[c] & BIT[move.digit]] != [move.cell]:
            return False
        s.place(move.cell, move.digit)
    if broken.kind == NO_DIGIT:
        return not s.grid[broken.cells[0]] and not s.cands[broken.cells[0]]
    assert broken.unit is not None
    unit = UNITS[broken.unit]
    return all(s.grid[c] != broken.digit for c in unit) and not any(
        s.cands[c] & BIT[broken.digit] for c in unit
    )


def check(grid: Grid, cell: int, digit: int) -> int:
    """Refute `digit` in `cell`, check the chain holds and every digit in it is needed; its
    length (-1: no reason found)."""
    found = refute(grid, cell, digit, HINT_BUDGET)
    if found.contradiction is None:
        return -1
    start = Position.from_grid(grid)
    for step in found.first:
        start.apply(step.placements, step.eliminations)
    forced = list(found.forced)
    assert replays(start, cell, digit, forced, found.contradiction), (cell_name(cell), digit)
    for i in range(len(forced)):
        fewer = forced[:i] + forced[i + 1 :]
        assert not replays(start, cell, digit, fewer, found.contradiction), forced[i]
    return len(forced)


def test_a_wrong_digit_names_only_the_digits_its_contradiction_needs() -> None:
    puzzle = parse(EASY)
    assert check(puzzle, 7, 7) == 6  # r1c8 = 7 (it is 3): before, seven digits were named
    found = hint(puzzle, tuple(7 if c == 7 else 0 for c in range(81)))
    assert found.mistake is not None
    assert found.mistake.text == (
        "r1c8 can't be 7: with 7 there, 6 digits are forced one after another (the chain "
        "below), and then r7c9 would have no digit left."
    )


def test_a_short_chain_is_said_in_full() -> None:
    hard = parse(
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    )
    found = hint(hard, tuple(1 if c == 2 else 0 for c in range(81)))  # r1c3 = 1 (it is 6)
    assert found.mistake is not None and len(found.mistake.forced) == 2
    assert found.mistake.text == (
        "r1c3 can't be 1: with 1 there, r1c2 must be 7 (the only place for 7 in row 1), "
        "r8c3 must be 7 (the only place for 7 in box 7), and then box 7 would have no place "
        "left for 3."
    )
    assert found.mistake.chain == ()  # the sentence says it all: nothing folded
    assert found.mistake.units == (24,) and {c for c, _ in found.mistake.dead} <= set(UNITS[24])
    assert found.mistake.broken and set(found.mistake.broken) <= set(
        UNITS[24]
    )  # box 7's open cells


@pytest.mark.data
def test_every_wrong_digit_gets_a_chain_that_holds_and_is_minimal(
    puzzle_sample: Callable[[str, int], list[str]],
) -> None:
    """Wrong candidates at random points of logical solves, from easy and hard sets."""
    rng = random.Random(9)
    lengths = []
    for name in ("kaggle_sample.txt", "norvig_top95.txt"):
        for line in puzzle_sample(name, 6):
            puzzle = parse(line)
            solution = solve(puzzle).solution
            assert solution is not None
            steps = solve_logically(puzzle, solution=solution).steps
            s = Position.from_grid(puzzle)
            for step in steps[: rng.randrange(len(steps))]:
                s.apply(step.placements, step.eliminations)
            empty = [c for c in range(81) if not s.grid[c]]
            for cell in rng.sample(empty, min(3, len(empty))):
                for digit in DIGITS:
                    if s.cands[cell] & BIT[digit] and digit != solution[cell]:
                        lengths.append(check(s.to_grid(), cell, digit))
    assert len(lengths) > 30 and max(lengths) > 1


def test_a_wrong_digit_lists_only_the_engine_steps_its_chain_needs() -> None:
    # r5c6 = 1 (it is 3) forces nothing broken on its own: the engine's steps come first. The
    # chain needed the fourth, a hidden pair; the pointing, claiming and naked pair before it
    # were listed too.
    grid = parse(
        ".....42..8....9....64......34.7.5..957.94......6..35474.95..7.263.......7.54...16"
    )
    r5c6 = 41
    found = refute(grid, r5c6, 1, HINT_BUDGET)
    assert [step.technique for step in found.first] == ["Hidden pair"]
    assert found.contradiction is not None
    start = Position.from_grid(grid)
    (pair,) = found.first
    assert not replays(start, r5c6, 1, list(found.forced), found.contradiction)
    start.apply(pair.placements, pair.eliminations)
    assert replays(start, r5c6, 1, list(found.forced), found.contradiction)
    mistake = hint(grid, tuple(1 if c == r5c6 else 0 for c in range(81))).mistake
    assert mistake is not None and mistake.text.startswith(
        "r5c6 can't be 1: once the step below is made (it holds whatever r5c6 holds), "
    )
    assert mistake.chain[0].startswith("Hidden pair in ")
