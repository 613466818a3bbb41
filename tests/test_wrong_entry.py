"""Why an entry is wrong: the steps it forces, each one needed, up to the first contradiction.

Each refutation is replayed here from the position (after the engine's steps it makes first):
the wrong digit, then every named digit in turn must be a single at that point (naked or
hidden, as named), every named locked candidate must hold there and rule out exactly what it
says, and then the contradiction must hold. Leaving out any one step must break that replay:
nothing is named that the explanation could do without (before, every single the follower
made was named, 40 at most, the position's own singles among them).
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
from webapp.sudoku.techniques.contradiction import NO_DIGIT, Contradiction, Lock
from webapp.sudoku.techniques.position import Position
from webapp.sudoku.wrong_entry import Link, refute


def locked(s: Position, lock: Lock) -> bool:
    """Does the lock hold in `s`: its digit's places in the base all in the cover, and what it
    rules out exactly its other places in the cover?"""
    d = lock.digit
    inside = [c for c in UNITS[lock.base] if s.cands[c] & BIT[d]]
    rest = [c for c in UNITS[lock.cover] if s.cands[c] & BIT[d] and c not in UNITS[lock.base]]
    return (
        len(inside) > 1
        and set(inside) <= set(UNITS[lock.cover])
        and (sorted(c for c, _ in lock.eliminations) == rest != [])
    )


def replays(
    start: Position, cell: int, digit: int, chain: list[Link], broken: Contradiction
) -> bool:
    """Does the chain hold: each forced digit a single when it comes, each lock locked, then
    the contradiction?"""
    s = start.copy()
    s.place(cell, digit)
    for move in chain:
        if isinstance(move, Lock):
            if not locked(s, move):
                return False
            s.apply((), move.eliminations)
            continue
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
    chain = list(found.chain)
    assert replays(start, cell, digit, chain, found.contradiction), (cell_name(cell), digit)
    for i in range(len(chain)):
        fewer = chain[:i] + chain[i + 1 :]
        assert not replays(start, cell, digit, fewer, found.contradiction), chain[i]
    return len(chain)


def test_a_wrong_digit_names_only_the_digits_its_contradiction_needs() -> None:
    puzzle = parse(EASY)
    assert check(puzzle, 46, 1) == 8  # r6c2 = 1 (it is 3)
    found = hint(puzzle, tuple(1 if c == 46 else 0 for c in range(81)))
    assert found.mistake is not None
    assert found.mistake.text == (
        "r6c2 can't be 1: with 1 there, eight digits are forced one after another (the chain "
        "below), and then column 7 would have no place left for 7."
    )


def test_the_engine_steps_made_first_give_the_shorter_reason() -> None:
    # r1c8 = 7 (it is 3) forces six digits before r7c9 has no digit left, and that was all the
    # hint said; two hidden singles of the position first, and one forced digit does it.
    puzzle = parse(EASY)
    found = refute(puzzle, 7, 7, HINT_BUDGET)
    assert [step.technique for step in found.first] == ["Hidden single", "Hidden single"]
    assert check(puzzle, 7, 7) == 1
    mistake = hint(puzzle, tuple(7 if c == 7 else 0 for c in range(81))).mistake
    assert mistake is not None and mistake.text == (
        "r1c8 can't be 7: once the two steps below are made (they hold whatever r1c8 holds), "
        "with 7 there, a digit is forced (the chain below), and then column 9 would have no "
        "place left for 6."
    )
    assert mistake.tally == "two steps made first, one forced digit"
    assert mistake.chain == (
        "Hidden single in box 1: place 6 in r2c2",
        "Hidden single in box 7: place 6 in r9c1",
        "r1c8 is 7 (your entry)",
        "r4c9 must be 7 (the only place for 7 in row 4)",
        "so column 9 would have no place left for 6",
    )


# Positions met in logical solves of magictour_top1465 puzzles (the number: its line there),
# the digits placed so far: the grid of correct digits the hint refutes a wrong entry in.
TOP_534 = "010050300000004170070601020287019000000000801461000000030080000000100000700000000"
TOP_185 = "630200400000000785700000200091500000000800040000700600200000300000012004000059100"
TOP_218 = "502000040000081000601000900000030700400500000000000090097000300000200060016000800"
TOP_338 = "720000000060020008008970040000080006300007020090030400000040007270003000000750910"
TOP_440 = "249065103030000200860000005020006000000200000010040820090500700054000001070003000"


def test_locked_candidates_in_the_digits_wake_show_what_singles_alone_cannot() -> None:
    # r1c6 = 2: the singles it forces run out with nothing broken, so the hint said "no short
    # chain of forced digits shows it". Two locked candidates it leaves take it to the end.
    grid = parse(TOP_534)
    assert check(grid, 5, 2) == 5
    mistake = hint(grid, tuple(2 if c == 5 else 0 for c in range(81))).mistake
    assert mistake is not None and mistake.text == (
        "r1c6 can't be 2: with 2 there, three digits are forced and six candidates are ruled out, "
        "one after another (the chain below), and then row 5 would have no place left for 7."
    )
    assert mistake.chain == (
        "r1c6 is 2 (your entry)",
        "r1c4 must be 7 (the only place for 7 in row 1)",
        "r2c4 must be 8 (the only place for 8 in box 2)",
        "r5c5, r6c5, r8c5 and r9c5 can't be 3 (in box 2, 3 can only go in column 5)",
        "r6c4 and r6c5 can't be 2 (in row 5, 2 can only go in box 5)",
        "r6c5 must be 7 (its only digit left)",
        "so row 5 would have no place left for 7",
    )
    assert mistake.forced == ((3, 7), (12, 8), (49, 7))  # the digits, drawn on the grid
    # What its locks rule out, and where they find their digit, are drawn too: without them
    # r6c5 "its only digit left" still showed the 2 and 3 the locks took.
    r2c5, r3c5, r5c4, r5c5, r6c4, r6c5, r8c5, r9c5 = 13, 22, 39, 40, 48, 49, 67, 76
    assert mistake.ruled == ((r5c5, 3), (r6c5, 3), (r8c5, 3), (r9c5, 3), (r6c4, 2), (r6c5, 2))
    assert mistake.locked == ((r2c5, 3), (r3c5, 3), (r5c4, 2), (r5c5, 2))
    assert (
        mistake.tally == "three forced digits, one pointing step, one claiming step"
    )  # box 2 points


def test_only_locked_candidates_the_entry_causes_are_made() -> None:
    # Any locked candidates of the position would do as well: the first the follower finds,
    # in box 4 and box 8, lie outside r9c8's wake and led to a chain of six steps.
    grid = parse(TOP_185)
    start = Position.from_grid(grid)
    found = refute(grid, 79, 6, HINT_BUDGET)  # r9c8 = 6 (it is 3)
    locks = [link for link in found.chain if isinstance(link, Lock)]
    assert len(found.chain) == 3 and len(locks) == 1
    for lock in locks:  # the entry took places of the lock's digit from its base
        gone = [c for c in UNITS[lock.base] if start.cands[c] & BIT[lock.digit]]
        assert len(gone) > len([c for c in gone if c in UNITS[lock.cover]])
    assert check(grid, 79, 6) == 3
    mistake = hint(grid, tuple(6 if c == 79 else 0 for c in range(81))).mistake
    assert mistake is not None and mistake.text == (
        "r9c8 can't be 6: with 6 there, r9c9 must be 2 (the only place for 2 in row 9), "
        "r7c2, r7c3, r8c1, r8c2 and r8c3 can't be 8 (in row 9, 8 can only go in box 7), "
        "r8c7 must be 8 (the only place for 8 in row 8), and then r4c7 would have no digit left."
    )


def test_the_engine_steps_tried_first_reach_past_the_fourth() -> None:
    # r1c7 = 1 breaks nothing by itself. The engine's first four steps were tried before it,
    # then the hint gave up; the chain needs its first and sixth (two pointings).
    grid = parse(TOP_218)
    found = refute(grid, 6, 1, HINT_BUDGET)
    assert [(step.technique, step.units) for step in found.first] == [
        ("Pointing", (18, 10)),
        ("Pointing", (24, 7)),
    ]
    assert check(grid, 6, 1) == 1


def test_the_engine_steps_made_first_are_patterns_never_a_search() -> None:
    # With every technique, r8c5 = 1 has a reason two steps shorter after a hidden pair, an
    # AIC and a claiming; a line "AIC: remove ..." shows nothing a player can check, and the
    # chain searches cost the most. A hidden pair first is what the hint gives.
    grid = parse(TOP_338)
    found = refute(grid, 67, 1, HINT_BUDGET)
    assert [step.technique for step in found.first] == ["Hidden pair"]
    assert check(grid, 67, 1) == 14


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


def test_no_step_made_first_rules_the_digit_out_of_its_cell() -> None:
    # r7c9 = 8: the engine's ninth step, a unique rectangle, removes 8 from r7c9. Made first,
    # it was said to hold "whatever r7c9 holds", and the chain then put the 8 there anyway.
    grid = parse(TOP_440)
    steps = solve_logically(grid, max_steps=9, budget=HINT_BUDGET).steps
    assert (62, 8) in steps[8].eliminations
    found = refute(grid, 62, 8, HINT_BUDGET)
    assert not any((62, 8) in step.eliminations for step in found.first)


def test_a_wrong_digit_lists_only_the_engine_steps_its_chain_needs() -> None:
    # r5c6 = 1 (it is 3) takes ten steps to a contradiction on its own (with locked
    # candidates), seven after the engine's fourth step, a hidden pair; the pointing, claiming
    # and naked pair before it were listed too.
    grid = parse(
        ".....42..8....9....64......34.7.5..957.94......6..35474.95..7.263.......7.54...16"
    )
    r5c6 = 41
    found = refute(grid, r5c6, 1, HINT_BUDGET)
    assert [step.technique for step in found.first] == ["Hidden pair"]
    assert found.contradiction is not None
    start = Position.from_grid(grid)
    (pair,) = found.first
    assert not replays(start, r5c6, 1, list(found.chain), found.contradiction)
    start.apply(pair.placements, pair.eliminations)
    assert replays(start, r5c6, 1, list(found.chain), found.contradiction)
    mistake = hint(grid, tuple(1 if c == r5c6 else 0 for c in range(81))).mistake
    assert mistake is not None and mistake.text.startswith(
        "r5c6 can't be 1: once the step below is made (it holds whatever r5c6 holds), "
    )
    assert mistake.chain[0].startswith("Hidden pair in ")
