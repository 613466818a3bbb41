"""Hints about a cell or anywhere: mistakes first, a single for the cell if there is one, the
easiest step otherwise, and every level's text; computed from the position as submitted."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from puzzles import EASY as EASY_LINE

from webapp.sudoku.board import BIT, DIGITS_OF, UNITS, Grid, a_digit, cell_name, parse
from webapp.sudoku.hint import HINT_BUDGET, Hint, hint, look_at, look_cells
from webapp.sudoku.lead import fill_now, target_single
from webapp.sudoku.logic import next_step, solve_logically
from webapp.sudoku.search import UNLIMITED, Budget
from webapp.sudoku.solver import solve
from webapp.sudoku.techniques.position import Position
from webapp.sudoku.techniques.step import Step, in_words, removals_text

BUDGET = Budget(nodes=200_000)
EASY = parse(EASY_LINE)
HARD = parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
NONE: Grid = (0,) * 81
# From norvig_top95: its logical solve needs trials (Nishio, dynamic forcing chains).
TRIAL_PUZZLE = "..8.9.1...6.5...2......6....3.1.7.5.........9..4...3...5....2...7...3.8.2..7....4"


def solution_of(puzzle: Grid) -> Grid:
    found = solve(puzzle).solution
    assert found is not None
    return found


def with_entry(entries: Grid, cell: int, digit: int) -> Grid:
    return (*entries[:cell], digit, *entries[cell + 1 :])


def ask(puzzle: Grid, entries: Grid = NONE, notes: Grid | None = None, target=None) -> Hint:
    return hint(puzzle, entries, notes, target, budget=BUDGET)


def test_a_moves_removals_name_each_cell_once_per_group_of_digits() -> None:
    r4c3, r1c2, r1c3, r5c5 = 29, 1, 2, 40
    # It said "2 from r4c3, 9 from r4c3".
    assert removals_text([(r4c3, 9), (r4c3, 2)]) == "2 and 9 from r4c3"
    assert removals_text([(r1c3, 5), (r1c2, 5), (r5c5, 7)]) == "5 from r1c2 and r1c3, 7 from r5c5"
    mixed = [(r1c2, 5), (r1c3, 5), (r1c2, 7), (r1c3, 7), (r4c3, 1)]
    assert removals_text(mixed) == "1 from r4c3, 5 and 7 from r1c2 and r1c3"


def test_anywhere_gives_the_easiest_step() -> None:
    found = ask(EASY)
    expected = next_step(EASY)
    assert found.step == expected
    assert found.look == f"Look at {look_at(expected)}."
    assert found.technique.startswith(expected.technique)


def test_a_cell_that_can_be_filled_now_gets_its_single() -> None:
    s = Position.from_grid(EASY)
    singles = [c for c in range(81) if not EASY[c] and len(DIGITS_OF[s.cands[c]]) == 1]
    target = singles[-1]  # a naked single that is not the first step anywhere
    found = ask(EASY, target=target)
    assert found.direct
    assert found.step.placements == ((target, solution_of(EASY)[target]),)
    assert found.look.startswith(f"Yes, {cell_name(target)} can be filled now. Look at ")


def made(s: Position, *steps: Step) -> Position:
    after = s.copy()
    for step in steps:
        after.apply(step.placements, step.eliminations)
    return after


def fillable(s: Position, target: int, solution: Grid) -> bool:
    """Can one step fill `target`: a single, or a direct technique (as the hint finds them)?"""
    return fill_now(s, target, solution) is not None


def one_move_later(s: Position) -> list[Position]:
    """The positions after each single or locked candidate of `s` (all of them)."""
    out = []
    for cell in range(81):
        if (single := target_single(s, cell)) is not None:
            out.append(made(s, single))
    for box in range(18, 27):
        for line in range(18):
            shared = set(UNITS[box]) & set(UNITS[line])
            for d in range(1, 10) if shared else ():
                in_box = {c for c in UNITS[box] if s.cands[c] & BIT[d]}
                in_line = {c for c in UNITS[line] if s.cands[c] & BIT[d]}
                for inside, other in ((in_box, in_line), (in_line, in_box)):
                    if inside and inside <= shared and other - shared:
                        after = s.copy()
                        for c in other - shared:
                            after.eliminate(c, d)
                        out.append(after)
    return out


@pytest.mark.parametrize("puzzle", [EASY, HARD], ids=["easy", "hard"])
def test_every_cell_is_filled_now_or_led_to(puzzle: Grid) -> None:
    """A cell that can't be filled now gets the steps after which it can: each valid, then one
    step fills it; after the first, it is one step nearer; no shorter sequence exists."""
    s = Position.from_grid(puzzle)
    solution = solution_of(puzzle)
    counts = set()
    for target in range(81):
        if puzzle[target]:
            continue
        found = ask(puzzle, target=target)
        step = found.step
        assert step is not None
        assert all(solution[c] == d for c, d in step.placements)
        assert all(solution[c] != d for c, d in step.eliminations)
        if found.direct:
            assert (target, solution[target]) in step.placements
            counts.add(0)
            continue
        assert found.lead and found.lead[0] == step, cell_name(target)
        counts.add(len(found.lead))
        after = made(s, *found.lead)
        assert found.fill is not None and (target, solution[target]) in found.fill.placements
        assert fill_now(after, target, solution) == found.fill
        if len(found.lead) <= 3:  # short ones are proved shortest within the budget
            assert found.shortest
        assert found.after == (len(found.lead) == 1)
        if found.shortest:  # after the first step, it is one step nearer
            nearer = made(s, step)
            again = hint(nearer.to_grid(), NONE, tuple(nearer.cands), target, budget=BUDGET)
            assert again.direct if len(found.lead) == 1 else len(again.lead) == len(found.lead) - 1
        if len(found.lead) == 2:  # not one move: no single or locked candidate does it alone
            assert not any(fillable(p, target, solution) for p in one_move_later(s))
    assert 0 in counts and len(counts) >= 3


def test_a_lead_says_how_many_steps_and_where_to_start() -> None:
    found = ask(HARD, target=1)
    steps = len(found.lead)
    assert steps >= 3 and found.step == found.lead[0]
    where = look_at(found.step)
    count = f"{'after' if found.shortest else 'within'} {in_words(steps)} steps"
    assert found.look == f"Not yet: r1c2 can be filled {count}. Start at {where}."
    assert found.technique.startswith(found.step.technique) and where in found.technique
    assert len(found.way) == steps + 1
    assert found.way[0] == f"{found.technique}: {found.move[0].lower()}{found.move[1:]}"
    assert found.way[-1].startswith("Then r1c2 can be filled: Naked single")


@pytest.mark.parametrize(
    ("line", "target", "fewest", "before", "said"),
    [
        (
            "382716945.7..85....1..42.7879.56.8...4.2...3..2.1...5..3.6295172..4.1.8.1..8.....",
            47,
            8,
            11,
            8,
        ),
        (
            "63.2..4........7857.....2...915........8...4....7..6..2.....3......12..4....591..",
            8,
            5,
            10,
            6,
        ),
    ],
    ids=["r6c3", "r1c9"],
)
def test_a_lead_the_search_cannot_prove_shortest_is_still_the_fewest(
    line: str, target: int, fewest: int, before: int, said: int
) -> None:
    """Positions of magictour_top1465 solves where the search for a shorter sequence runs out
    of nodes, so the sequence worked back from the closure stands. Worked back wave by wave it
    had `before` steps; costed cheapest first it has the fewest (a search of 3 million
    positions finds no shorter one). r1c9's fewest take a pointing, and six singles do, so
    those are the lead (`said`: within MARGIN of the fewest, see lead.py)."""
    grid = parse(line)
    found = hint(grid, NONE, None, target, budget=HINT_BUDGET)
    assert not found.shortest and fewest <= len(found.lead) == said < before
    if said > fewest:
        assert {step.technique for step in found.lead} <= {"Hidden single", "Naked single"}
    name = cell_name(target)
    assert found.look.startswith(f"Not yet: {name} can be filled within {in_words(said)} steps. ")
    after = made(Position.from_grid(grid), *found.lead)
    assert found.fill == fill_now(after, target, solution_of(grid)) is not None


def test_a_cell_the_engines_steps_leave_a_single_is_led_to_by_them() -> None:
    """r1c6 of a top1465 position, the solve's candidates as notes: no single or locked
    candidate leads to it, and after the engine's steps it is a single with nothing left to
    work back (the lead stopped there with an error once)."""
    puzzle = parse(
        "35.6.......4.......2..7.89......5....7..1..2....4......36.9..1.......5.......7.82"
    )
    entries = tuple({18: 6, 20: 1, 30: 7, 71: 9}.get(c, 0) for c in range(81))
    notes = (
        *(0, 0, 448, 0, 138, 387, 11, 72, 9, 448, 384, 0, 386, 150, 259, 39, 116, 53, 0, 0),
        *(0, 20, 0, 12, 0, 0, 28, 395, 425, 390, 0, 166, 0, 301, 12, 173, 152, 0, 148, 384),
        *(0, 420, 300, 0, 188, 387, 417, 406, 0, 166, 422, 357, 48, 245, 146, 0, 0, 146, 0),
        *(130, 72, 0, 72, 195, 129, 66, 131, 40, 44, 0, 36, 0, 281, 265, 272, 21, 52, 0, 36),
        *(0, 0),
    )
    r1c6 = 5
    found = hint(puzzle, entries, notes, r1c6, budget=HINT_BUDGET)
    assert found.lead and not found.shortest
    assert found.look.startswith(
        f"Not yet: r1c6 can be filled within {in_words(len(found.lead))} steps."
    )
    grid = tuple(g or e for g, e in zip(puzzle, entries, strict=True))
    after = made(Position.from_grid(grid, notes), *found.lead)
    assert found.fill == fill_now(after, r1c6, solution_of(puzzle)) is not None


def test_a_lead_keeps_only_the_engine_steps_the_cell_needs() -> None:
    """r4c8 of a top1465 position, the solve's candidates as notes: singles and locked
    candidates alone never fill it; the engine's easiest steps do (a hidden single, a full
    house, then the hidden pair the cell needs). The two singles were listed too, though the
    cell does without them: the lead was 4 steps where 2 do."""
    puzzle = parse(
        ".....42..8....9....64......3..7.5..957.........6..3.4...95..7.2.3.......7..4...16"
    )
    placed = {0: 1, 23: 1, 28: 4, 31: 2, 39: 9, 40: 4, 41: 6, 43: 2, 51: 5, 53: 7, 54: 4}
    placed |= {55: 1, 58: 6, 59: 8, 61: 3, 63: 6, 65: 2, 66: 1, 67: 9, 68: 7, 73: 8, 74: 5}
    placed |= {76: 3, 77: 2, 78: 9}
    entries = tuple(placed.get(c, 0) for c in range(81))
    notes = (
        *(0, 272, 68, 164, 208, 0, 0, 496, 148, 0, 18, 68, 38, 80, 0, 45, 112, 29, 258, 0),
        *(0, 134, 208, 0, 132, 464, 148, 0, 0, 129, 0, 0, 0, 161, 160, 0, 0, 0, 129, 0),
        *(0, 0, 133, 0, 133, 258, 258, 0, 128, 129, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
        *(0, 0, 0, 0, 0, 0, 0, 0, 0, 136, 144, 152, 0, 0, 0, 0, 0, 0, 0, 0),
        0,
    )
    r4c8 = 34
    found = hint(puzzle, entries, notes, r4c8, budget=HINT_BUDGET)
    assert [step.technique for step in found.lead] == ["Hidden pair", "Hidden single"]
    assert found.look.startswith("Not yet: r4c8 can be filled within two steps. Start at row 2.")
    grid = tuple(g or e for g, e in zip(puzzle, entries, strict=True))
    after = made(Position.from_grid(grid, notes), *found.lead)
    assert found.fill == fill_now(after, r4c8, solution_of(puzzle)) is not None


R3C1_NOTES = (  # the solve's candidates in a top1465 position
    *(0, 262, 322, 100, 0, 0, 112, 114, 114, 78, 0, 202, 101, 39, 99, 0, 227, 234, 74, 138),
    *(0, 65, 275, 339, 0, 195, 202, 264, 297, 265, 0, 0, 0, 0, 416, 416, 0, 299, 0, 41),
    *(35, 43, 121, 368, 368, 90, 11, 91, 0, 0, 11, 9, 36, 36, 278, 390, 402, 228, 308, 368),
    *(240, 0, 0, 0, 0, 409, 141, 277, 281, 144, 278, 278, 284, 397, 409, 0, 309, 377, 240, 372),
    372,
)


@pytest.mark.parametrize(
    ("line", "notes", "target", "steps"),
    [
        (
            ".5.29..78.2.5649139.1....25...629734.927...61.67.1..92..9..824.2.4.563..8..9.21.7",
            None,
            55,
            1,
        ),
        (
            "1...48....5....9....6...3.....5732..8.3.........98...........4167..........2.....",
            R3C1_NOTES,
            18,
            7,
        ),
    ],
    ids=["r7c2", "r3c1"],
)
def test_a_lead_may_end_with_a_direct_hidden_pair(
    line: str, notes: Grid | None, target: int, steps: int
) -> None:
    """Positions of a kaggle and a top1465 solve where a direct hidden pair fills the cell
    sooner than a single or a direct pointing or claiming does: the search for the fewest
    steps stopped only at those, and said r7c2 can be filled after 2 steps (1 does) and r3c1
    within 19 (its nodes ran out; 7 do)."""
    grid = parse(line)
    found = hint(grid, NONE, notes, target, budget=HINT_BUDGET)
    assert found.shortest and len(found.lead) == steps
    assert found.look.startswith(f"Not yet: {cell_name(target)} ")
    after = made(Position.from_grid(grid, notes), *found.lead)
    assert found.fill == fill_now(after, target, solution_of(grid)) is not None
    assert found.fill.technique == "Direct hidden pair"


def test_a_filled_cell_gets_help_elsewhere() -> None:
    given = next(c for c in range(81) if EASY[c])
    found = ask(EASY, target=given)
    assert found.target is None and found.step == next_step(EASY)
    assert found.look.startswith(
        f"{cell_name(given)} already holds {a_digit(int(EASY[given]))}, which"
    )


def test_a_clashing_entry_is_named_with_the_cell_it_clashes_with() -> None:
    # r1c1 is empty in EASY and row 1 holds a 3 at r1c3
    found = ask(EASY, with_entry(NONE, 0, 3))
    assert found.mistake is not None and found.step is None
    assert found.mistake.cell == 0 and found.mistake.kind == "entry"
    assert found.mistake.text == "r1c1 can't be 3: row 1 already has a 3 in r1c3."
    assert found.look == found.mistake.text
    assert found.mistake.cells == (0, 2)


def test_a_wrong_entry_without_a_clash_says_what_it_forces() -> None:
    solution = solution_of(EASY)
    s = Position.from_grid(EASY)
    cell, digit = next(
        (c, d) for c in range(81) if not EASY[c] for d in DIGITS_OF[s.cands[c]] if d != solution[c]
    )
    found = ask(EASY, with_entry(NONE, cell, digit))
    assert found.mistake is not None
    assert found.mistake.text.startswith(f"{cell_name(cell)} can't be {digit}: ")
    assert "already has" not in found.mistake.text
    assert f"with {digit} there" in found.mistake.text


def test_the_selected_cells_mistake_comes_first() -> None:
    solution = solution_of(EASY)
    empty = [c for c in range(81) if not EASY[c]]
    entries = NONE
    for c in empty[:3]:
        entries = with_entry(entries, c, solution[c] % 9 + 1)
    found = ask(EASY, entries, target=empty[2])
    assert found.mistake is not None and found.mistake.cell == empty[2]
    assert ask(EASY, entries).mistake.cell == empty[0]


def test_a_wrong_entry_comes_before_the_selected_cells_notes() -> None:
    solution = solution_of(EASY)
    empty = [c for c in range(81) if not EASY[c]]
    entries = with_entry(NONE, empty[0], solution[empty[0]] % 9 + 1)
    notes = [0] * 81
    notes[empty[1]] = 0x1FF & ~BIT[solution[empty[1]]]
    found = ask(EASY, entries, tuple(notes), target=empty[1])
    assert (found.mistake.cell, found.mistake.kind) == (empty[0], "entry")
    alone = ask(EASY, NONE, tuple(notes), target=empty[1])
    assert (alone.mistake.cell, alone.mistake.kind) == (empty[1], "notes")


def test_notes_that_leave_out_the_answer_are_a_mistake() -> None:
    solution = solution_of(EASY)
    cell = next(c for c in range(81) if not EASY[c])
    notes = [0] * 81
    notes[cell] = 0x1FF & ~BIT[solution[cell]]
    found = ask(EASY, notes=tuple(notes))
    assert found.mistake is not None
    assert (found.mistake.cell, found.mistake.kind) == (cell, "notes")
    assert str(solution[cell]) not in found.mistake.text  # it does not give the answer away


def test_notes_are_the_candidates_the_hint_works_from() -> None:
    # Notes that narrow a cell to its answer make it a naked single there and then.
    solution = solution_of(HARD)
    target = next(c for c in range(81) if not HARD[c])
    assert not ask(HARD, target=target).direct
    notes = [0] * 81
    notes[target] = BIT[solution[target]]
    found = ask(HARD, notes=tuple(notes), target=target)
    assert found.direct and found.step.placements == ((target, solution[target]),)


@pytest.mark.parametrize(
    ("puzzle", "problem"),
    [
        ("12" + "." * 79, "more than one solution"),
        ("11" + "." * 79, "givens break a rule"),
    ],
)
def test_no_hint_for_a_puzzle_without_one_solution(puzzle: str, problem: str) -> None:
    found = ask(parse(puzzle))
    assert problem in found.problem and found.step is None and found.mistake is None
    assert found.look == found.problem


def test_a_clash_is_named_even_when_the_puzzle_has_many_solutions() -> None:
    found = ask(parse("1" + "." * 80), with_entry(NONE, 1, 1))
    assert found.mistake is not None
    assert found.mistake.text == "r1c2 can't be 1: row 1 already has a 1 in r1c1."


def test_a_full_correct_grid_has_nothing_left() -> None:
    solution = solution_of(EASY)
    entries = tuple(0 if g else d for g, d in zip(EASY, solution, strict=True))
    assert "nothing left" in ask(EASY, entries).problem


@pytest.mark.data
def test_hints_along_logical_solves_never_contradict_the_solution(
    puzzle_sample: Callable[[str, int], list[str]],
) -> None:
    """Positions from real solves, with some correct entries typed and a random cell asked."""
    rng = random.Random(4)
    for line in puzzle_sample("magictour_top1465.txt", 6):
        puzzle = parse(line)
        solution = solution_of(puzzle)
        run = solve_logically(puzzle, solution=solution)
        for step in run.steps[:: max(1, len(run.steps) // 8)]:
            s = Position.from_grid(puzzle)
            for earlier in run.steps[: run.steps.index(step)]:
                s.apply(earlier.placements, earlier.eliminations)
            entries = tuple(0 if puzzle[c] else s.grid[c] for c in range(81))
            target = rng.choice([c for c in range(81) if not s.grid[c]])
            found = ask(puzzle, entries, tuple(s.cands), target)
            assert found.mistake is None and found.problem == ""
            assert found.step is not None
            assert all(solution[c] == d for c, d in found.step.placements)
            assert all(solution[c] != d for c, d in found.step.eliminations)


def test_a_node_budget_gives_the_same_hint_every_time() -> None:
    """At a position that needs a trial, a small node budget (enough for the solve, 17 nodes,
    not for the search) reads the step from the solution, a large one finds the trial: each
    the same on every run."""
    puzzle = parse(TRIAL_PUZZLE)
    solution = solution_of(puzzle)
    s = Position.from_grid(puzzle)
    for step in solve_logically(puzzle, solution=solution, budget=UNLIMITED).steps:
        if step.last_resort:
            break
        s.apply(step.placements, step.eliminations)
    entries = tuple(0 if puzzle[c] else s.grid[c] for c in range(81))
    for nodes, technique in ((50, "Solution lookup"), (200_000, step.technique)):
        found = {
            hint(puzzle, entries, tuple(s.cands), budget=Budget(nodes=nodes)).step for _ in range(3)
        }
        assert len(found) == 1 and found.pop().technique == technique  # type: ignore[union-attr]


def test_a_solve_that_runs_out_of_budget_says_so() -> None:
    found = hint(parse(TRIAL_PUZZLE), NONE, budget=Budget(nodes=5))  # the solve needs 17
    assert found.step is None and found.mistake is None
    assert (
        found.problem == "The solver ran out of its budget on this puzzle, so no hint can be given."
    )


@pytest.mark.parametrize("nodes", [25, 300, 20_000])
def test_the_way_to_a_cell_is_the_same_every_time_within_any_budget(nodes: int) -> None:
    """The lead is searched within the hint's node budget: the same answer on every run, and
    whatever the budget allows, the steps it gives work."""
    solution = solution_of(HARD)
    found = {hint(HARD, NONE, None, 1, budget=Budget(nodes=nodes)) for _ in range(3)}
    assert len(found) == 1
    (answer,) = found
    if answer.lead:
        after = made(Position.from_grid(HARD), *answer.lead)
        assert answer.fill == fill_now(after, 1, solution) is not None
    else:
        assert answer.problem or "no short way" in answer.look


def test_a_digit_with_one_place_in_a_box_is_a_single_not_a_pointing() -> None:
    # 9 has one place in box 6, r5c8; placing it leaves r3c7 the only 9 of box 3. That is a
    # hidden single first, not a "direct pointing" with r5c8 "all in column 8" filling r3c7 now.
    # (The 9 of r8c9, the only place in column 9, leaves r3c7 the only 9 of column 7: one
    # hidden single as well, which the lead may give instead.)
    grid = parse(
        "54..7.6.2.6....745.7.465..362983157.438.5.2.1715249368.9.5...26.86....5.15..9..37"
    )
    found = ask(grid, target=24)
    assert not found.direct
    assert found.look.startswith("Not yet: r3c7 needs one step first.")
    assert found.step.technique == "Hidden single"
    assert found.step.placements in (((43, 9),), ((71, 9),))


def test_a_wrong_entry_forcing_one_digit_after_steps_says_so_in_the_singular() -> None:
    # It said "a digit is forced one after another".
    puzzle = parse(
        ".6.15..3...5.634..713.945.6...3126.8....4.1..1..679.....1486.59..6.2.8...4..31.6."
    )
    found = ask(puzzle, with_entry(NONE, 37, 3))  # r5c2 = 3
    assert found.mistake is not None and len(found.mistake.forced) == 1
    assert "with 3 there, a digit is forced (the chain below), and then" in found.mistake.text


def test_where_to_look_is_not_the_cell_a_step_fills() -> None:
    # BUG+1 fills r6c7; level 1 said "Look at r6c7" (and, asked about r6c7, "Yes, r6c7 can be
    # filled now. Look at r6c7.").
    puzzle = parse(
        ".347.681976..8.234.893....569.437.28327815946.48692..3472.683.185317...29162.3.87"
    )
    found = ask(puzzle)
    assert found.step.technique == "BUG+1" and found.step.placements == ((51, 5),)
    assert found.look == "Look at the whole grid."
    assert look_cells(found.step) == ()
    assert ask(puzzle, target=51).look == "Yes, r6c7 can be filled now. Look at the whole grid."
