"""The engine behind the learning pages: the technique catalog, walkthroughs, worked examples,
practise puzzles and the review of a game."""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import pytest
from puzzles import EASY, EASY_SOLUTION

from webapp.sudoku import (
    GameMove,
    next_step,
    parse,
    practise,
    review,
    solve,
    technique_by_slug,
    technique_entries,
    technique_for,
    walkthrough,
    worked_example,
)
from webapp.sudoku.board import candidates, to_line
from webapp.sudoku.generate import (
    GRADING_BUDGET,
    PROPAGATION_TOP,
    NotFound,
    filled_by_propagation,
    generate,
    shuffled,
)
from webapp.sudoku.grade import GRADE_BUDGET, SE_TECHNIQUES, grade
from webapp.sudoku.ratings import LEVELS, RATINGS
from webapp.sudoku.techniques.catalog import CATALOG, HINTS_ONLY, entry_for
from webapp.sudoku.techniques.examples import (
    EXAMPLES,
    NO_PENCIL_MARKS,
    PRACTISE,
    PRACTISE_BASES,
    Example,
)
from webapp.sudoku.techniques.multiple import multiple_forcing
from webapp.sudoku.techniques.position import Position
from webapp.sudoku.walkthrough import CELL_NUMBERS, find_technique

# From norvig_top95; needs trials (Nishio and dynamic forcing chains) to solve.
HARD = "6..3.2....5.....1..........7.26............543.........8.15........4.2........7.."
TWO_SOLUTIONS = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..6..82....26.95..8..2.3..9..5.1.3.."


# --- the catalog -----------------------------------------------------------------------


def test_every_rated_technique_is_explained_in_the_ratings_order() -> None:
    assert set(CATALOG) == set(RATINGS)
    assert [e.name for e in technique_entries()] == list(RATINGS)


def test_entries_are_written_out() -> None:
    for entry in technique_entries():
        assert entry.summary.endswith(".") and entry.spot.endswith(".")
        assert entry.explanation and all(p.endswith(".") for p in entry.explanation)
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", entry.slug), entry.slug
        assert technique_by_slug(entry.slug) is entry
        assert entry.level in ("Easy", "Medium", "Hard", "Expert", "Extreme")
    assert len({e.slug for e in technique_entries()}) == len(CATALOG)
    assert technique_by_slug("bug-plus-1") is CATALOG["BUG+1"]
    assert technique_by_slug("no-such-thing") is None


def test_step_names_find_their_entry() -> None:
    assert technique_for("Hidden single", 1.2) is CATALOG["Hidden single (box)"]
    assert technique_for("Hidden single", 1.5) is CATALOG["Hidden single (row or column)"]
    assert technique_for("Unit forcing chains", 8.3) is CATALOG["Cell or unit forcing chains"]
    assert technique_for("X-chain", 6.9) is CATALOG["X-chain"]
    assert entry_for("Dynamic cell forcing chains (+)", 9.2) is CATALOG["Dynamic forcing chain (+)"]
    assert technique_for("Dynamic unit forcing chains", 8.7) is CATALOG["Dynamic forcing chain"]
    assert technique_for("Nothing like it", 3.0) is None
    # Each step name belongs to one entry, but for the two hidden singles told apart by rating.
    owners: dict[str, list[str]] = {}
    for entry in technique_entries():
        for name in entry.step_names:
            owners.setdefault(name, []).append(entry.name)
    assert {n: o for n, o in owners.items() if len(o) > 1} == {
        "Hidden single": ["Hidden single (box)", "Hidden single (row or column)"]
    }


@pytest.mark.data
def test_every_step_of_real_solves_has_an_entry(
    puzzle_sample: Callable[[str, int], list[str]],
) -> None:
    names: set[str] = set()
    for filename, count in (("norvig_top95.txt", 40), ("magictour_top1465.txt", 20)):
        for line in puzzle_sample(filename, count):
            for moment in walkthrough(parse(line)).moments:
                step = moment.step
                assert technique_for(step.technique, step.rating) is not None, step.technique
                names.add(step.technique)
    assert len(names) > 15


# --- walkthroughs ----------------------------------------------------------------------


@pytest.mark.parametrize("line", [EASY, HARD])
def test_a_walkthrough_replays_to_the_solution(line: str) -> None:
    puzzle = parse(line)
    walk = walkthrough(puzzle)
    assert walk.solve.solved and walk.moments
    first = walk.moments[0]
    assert first.grid == puzzle and list(first.cands) == Position.from_grid(puzzle).cands
    position = Position.from_grid(puzzle)
    for moment in walk.moments:
        assert moment.grid == position.to_grid() and list(moment.cands) == position.cands
        position.apply(moment.step.placements, moment.step.eliminations)
    assert position.to_grid() == walk.solve.grid
    if line == EASY:
        assert to_line(walk.solve.grid) == EASY_SOLUTION


# --- worked examples -------------------------------------------------------------------


def test_the_common_techniques_have_worked_examples() -> None:
    # The singles come up in any data set; rarer techniques may have none in the sets searched
    # (their pages say so: test_learn_web.py), but most of them have one.
    common = [e.name for e in technique_entries() if e.level == "Easy"]
    assert [name for name in common if name not in EXAMPLES] == []
    assert "Solution lookup" not in EXAMPLES
    assert len(EXAMPLES) >= 0.8 * (len(CATALOG) - 1)


@pytest.mark.parametrize("name", list(EXAMPLES))
def test_a_worked_example_shows_its_technique_where_its_puzzle_needs_it(name: str) -> None:
    example = EXAMPLES[name]
    found = worked_example(name)
    assert found is not None
    step = found.moment.step
    assert entry_for(step.technique, step.rating) is CATALOG[name]
    assert to_line(found.moment.grid) == example.grid
    # The stored position is that of the step's number in the puzzle's own solve, and the
    # step is the solve's own there, unless the example says the solve takes an easier one.
    walk = walkthrough(parse(example.puzzle))
    moment = walk.moments[example.step - 1]
    assert moment.grid == found.moment.grid and moment.cands == found.moment.cands
    assert (moment.step == step) == found.easiest
    if not found.easiest:  # the solve's step there is another technique's, an easier one
        assert entry_for(moment.step.technique, moment.step.rating) is not CATALOG[name]
        assert moment.step.rating < step.rating
    # Every move of the step is true of the puzzle's solution.
    solution = walk.solve.grid
    assert all(solution[c] == d for c, d in step.placements)
    assert all(solution[c] != d for c, d in step.eliminations)


@pytest.mark.parametrize("name", sorted(NO_PENCIL_MARKS))
def test_an_example_without_pencil_marks_holds_on_the_placed_digits_alone(name: str) -> None:
    """The page says the technique needs only a sweep of the placed digits, so the example's
    candidates are the grid's own: the hidden single (box) example once placed a 7 in box 2
    that only an earlier pointing had left single, and its puzzle was Hard."""
    assert CATALOG[name].rating <= RATINGS["Direct hidden triple"].rating
    found = worked_example(name)
    assert found is not None
    grid = found.moment.grid
    own = tuple(0 if digit else mask for digit, mask in zip(grid, candidates(grid), strict=True))
    assert found.moment.cands == own and EXAMPLES[name].removed == ""
    # And from a puzzle no harder than the technique's own level (an Easy one for a hidden
    # single), where such a technique is what a player needs.
    rating = grade(parse(EXAMPLES[name].puzzle), budget=GRADE_BUDGET).rating
    assert rating <= dict((level, top) for top, level in LEVELS)[CATALOG[name].level]


def test_a_digit_forcing_chain_is_looked_for_alone() -> None:
    # The engine's forcing chain search gives a cell or unit chain wherever one is as short as
    # the digit chains, so the library looks for a digit forcing chain with a search of its
    # own: at the positions of a hard solve it finds one where the solve's search gives
    # another, and every move of it is true.
    walk = walkthrough(parse(HARD))
    solution = walk.solve.grid
    shown = 0
    for moment in walk.moments[:12]:
        position = Position.from_grid(moment.grid, moment.cands, walk.puzzle)
        usual = multiple_forcing(position)
        step = find_technique(
            moment.grid, moment.cands, CATALOG["Digit forcing chains"], puzzle=walk.puzzle
        )
        assert step is not None and step.technique == "Digit forcing chains"
        assert all(solution[c] == d for c, d in step.placements)
        assert all(solution[c] != d for c, d in step.eliminations)
        shown += usual is not None and usual.technique != step.technique
    assert shown


def test_no_example_for_a_technique_without_data() -> None:
    missing = [e.name for e in technique_entries() if e.name not in EXAMPLES]
    assert "Solution lookup" in missing
    assert all(worked_example(name) is None for name in missing)


@pytest.mark.parametrize("name", list(EXAMPLES))
def test_only_the_hints_only_techniques_are_beyond_the_grader(name: str) -> None:
    # At its example's position, the grader's techniques (SE's) find the technique exactly
    # when the catalog says a grade can name it.
    found = worked_example(name)
    assert found is not None
    moment = found.moment
    puzzle = parse(EXAMPLES[name].puzzle)
    by_grader = find_technique(
        moment.grid, moment.cands, CATALOG[name], only=SE_TECHNIQUES, puzzle=puzzle
    )
    assert (by_grader is not None) == CATALOG[name].graded
    assert CATALOG[name].graded == (name not in HINTS_ONLY)


def test_hints_only_techniques_have_no_practise_seeds() -> None:
    assert not set(PRACTISE) & HINTS_ONLY
    assert all(CATALOG[name].practise_seeds == () for name in HINTS_ONLY)
    assert HINTS_ONLY.issubset(CATALOG)


@pytest.mark.parametrize("name", ["ALS-XZ", "ALS-XY-Wing", "ALS chain"])
def test_a_chain_through_almost_locked_sets_marks_every_cell_of_them(name: str) -> None:
    """The sentence names the sets (r236c4); the grid used to mark only the cells the chain's
    nodes sit in, so a set's other cells were named but not drawn."""
    step = worked_example(name).moment.step  # type: ignore[union-attr]
    sets = [node.als for chain in step.chains for node in chain.nodes if node.als]
    assert sets and set(sum(sets, ())) <= set(step.cells)


# --- practise puzzles ------------------------------------------------------------------


@pytest.mark.parametrize("name", list(PRACTISE))
def test_a_practise_seed_makes_its_technique_the_hardest_step_at_once(name: str) -> None:
    seed = PRACTISE[name][0]
    made = practise(name, seed)
    assert made.seed == seed and made.attempts == 1
    rated = made.grade
    assert entry_for(rated.hardest, rated.rating) is CATALOG[name]
    again = grade(made.puzzle, budget=GRADING_BUDGET)
    assert (again.rating, again.hardest, again.level) == (rated.rating, rated.hardest, made.level)
    # The solve path the page links to takes the technique too (its hardest step).
    path = walkthrough(made.puzzle, budget=GRADE_BUDGET)
    hardest = max((m.step for m in path.moments), key=lambda step: step.rating)
    assert entry_for(hardest.technique, hardest.rating) is CATALOG[name]


def test_practise_searches_on_from_the_seed_and_is_reproducible() -> None:
    made = practise("XY-Wing", 1)
    again = practise("XY-Wing", made.seed)
    assert again.puzzle == made.puzzle and again.attempts == 1
    assert made.grade.hardest == "XY-Wing"
    assert made.symmetric and made.level == made.grade.level == "Hard"


@pytest.mark.parametrize("name", list(PRACTISE_BASES))
def test_rare_techniques_are_practised_on_shuffled_copies_of_known_puzzles(name: str) -> None:
    """A generated puzzle almost never needs them: a seed picks a known puzzle and shuffles it."""
    made = [practise(name, seed) for seed in PRACTISE[name]]
    known = {base.source: parse(base.puzzle) for base in PRACTISE_BASES[name]}
    for copy in made:
        original = known[copy.source]
        assert copy.puzzle != original
        assert sorted(sum(1 for d in copy.puzzle if d == n) for n in range(1, 10)) == sorted(
            sum(1 for d in original if d == n) for n in range(1, 10)
        )  # the same givens, renamed
    assert len({copy.puzzle for copy in made}) == len(made)


def test_a_shuffled_copy_has_the_logic_of_its_original() -> None:
    """Rows in bands, bands, columns in stacks, stacks, the diagonal turn and the digits'
    names each keep what the rules allow: the copy's solution is the original's, shuffled."""
    puzzle = parse(HARD)
    solution = solve(puzzle).solutions[0]
    for seed in range(12):
        copy, copied_solution = shuffled((puzzle, solution), random.Random(seed))
        assert solve(copy).solutions == (copied_solution,)
        assert sum(map(bool, copy)) == sum(map(bool, puzzle))


def test_practise_checks_its_arguments() -> None:
    with pytest.raises(ValueError, match="unknown technique 'Guessing'"):
        practise("Guessing", 1)
    with pytest.raises(ValueError, match="copies of known puzzles: their layout is theirs"):
        practise("Nested forcing chain", 1, symmetric=True)
    with pytest.raises(NotFound, match=r"^no Jellyfish puzzle from seeds 1 to 2$"):
        practise("Jellyfish", 1, max_attempts=2)


# --- what the generator grades ---------------------------------------------------------


@pytest.mark.data
def test_a_puzzle_propagation_solves_grades_no_higher_than_locked_candidates(
    puzzle_sample: Callable[[str, int], list[str]],
) -> None:
    checked = 0
    for line in puzzle_sample("kaggle_sample.txt", 150) + puzzle_sample("norvig_top95.txt", 30):
        puzzle = parse(line)
        if filled_by_propagation(puzzle) == 81:
            checked += 1
            assert grade(puzzle).rating <= PROPAGATION_TOP
    assert checked > 100


def test_generated_puzzles_need_what_propagation_cannot_do_from_expert_up() -> None:
    for level, seed in (("Expert", 6), ("Extreme", 2)):
        assert filled_by_propagation(generate(level, seed).puzzle) < 81


# --- the review of a game --------------------------------------------------------------


def test_a_review_lists_hints_and_mistakes_with_the_easiest_step_there() -> None:
    puzzle = parse(EASY)
    right = parse(EASY_SOLUTION)
    empty = [c for c in range(81) if not puzzle[c]]
    a, b, c = empty[0], empty[1], empty[2]
    wrong = right[a] % 9 + 1
    moves = [
        GameMove(b, right[b]),  # right
        GameMove(a, wrong),  # a mistake ...
        GameMove(a, 0),  # ... cleared at move 3
        GameMove(c, right[c], hint=True),  # a hint
        GameMove(a, right[a]),
    ]
    looked = review(puzzle, moves)
    assert (looked.moves, looked.hints, looked.mistakes, looked.more) == (5, 1, 1, 0)
    mistake, hinted = looked.points
    assert (mistake.number, mistake.wrong, mistake.fixed, mistake.right) == (2, True, 3, right[a])
    assert (hinted.number, hinted.wrong, hinted.move.hint) == (4, False, True)
    assert mistake.grid[b] == right[b] and not mistake.grid[a]
    assert hinted.grid[a] == 0 and hinted.wrong_cells == ()
    for point in looked.points:
        assert point.seen is not None
        grid = tuple(d if d == right[i] else 0 for i, d in enumerate(point.grid))
        assert point.seen.grid == grid
        assert point.seen.cands == tuple(
            candidates(grid)[i] if not grid[i] else 0 for i in range(81)
        )
        assert all(right[i] == d for i, d in point.seen.step.placements)


def test_a_review_keeps_wrong_entries_out_of_the_engine_position() -> None:
    puzzle = parse(EASY)
    right = parse(EASY_SOLUTION)
    a, b = [c for c in range(81) if not puzzle[c]][:2]
    looked = review(puzzle, [GameMove(a, right[a] % 9 + 1), GameMove(b, right[b] % 9 + 1)])
    first, second = looked.points
    assert first.fixed is None and second.wrong_cells == (a,)
    assert second.seen is not None and second.seen.grid[a] == 0


def test_a_mistake_written_over_with_another_wrong_digit_is_not_fixed_by_it() -> None:
    """1, then 3, then the right digit in one cell: both wrong digits are fixed at move 3."""
    puzzle = parse(EASY)
    right = parse(EASY_SOLUTION)
    a = next(c for c in range(81) if not puzzle[c])
    first, second = [d for d in range(1, 10) if d != right[a]][:2]
    moves = [GameMove(a, first), GameMove(a, second), GameMove(a, right[a])]
    looked = review(puzzle, moves)
    assert looked.mistakes == 2
    assert [(p.number, p.wrong, p.fixed) for p in looked.points] == [(1, True, 3), (2, True, 3)]
    cleared = review(puzzle, [*moves[:2], GameMove(a, 0)])
    assert [p.fixed for p in cleared.points] == [3, 3]
    assert [p.fixed for p in review(puzzle, moves[:2]).points] == [None, None]


def test_a_review_starts_from_the_entries_a_link_kept() -> None:
    puzzle = parse(EASY)
    right = parse(EASY_SOLUTION)
    a, b = [c for c in range(81) if not puzzle[c]][:2]
    start = [0] * 81
    start[a] = right[a]
    looked = review(puzzle, [GameMove(b, right[b], hint=True)], start=start)
    assert looked.points[0].grid[a] == right[a]


def test_a_review_says_why_it_has_nothing() -> None:
    assert "more than one solution" in review(parse(TWO_SOLUTIONS), []).problem
    puzzle = parse(EASY)
    assert "changes a given" in review(puzzle, [GameMove(2, 3)]).problem
    assert review(puzzle, []).points == ()


@pytest.mark.parametrize("name", ["Avoidable rectangle type 1", "Avoidable rectangle type 2"])
def test_an_avoidable_rectangles_sentence_names_each_cells_own_digit(name: str) -> None:
    """ "r4c2, r4c7 and r6c7 ... hold 7, 1 and 1" where r4c2 held the 1 and r4c7 the 7 (the
    cells were put in reading order, the digits not); type 2 ended "cells that see both
    cannot"."""
    found = worked_example(name)
    assert found is not None
    step, grid = found.moment.step, found.moment.grid
    claims = re.findall(r"(r\d+c\d+(?:(?:, | and )r\d+c\d+)*) holds? (\d)(?: and (\d))?", step.text)
    assert claims, step.text
    for cells, first, second in claims:
        named = re.findall(r"r\d+c\d+", cells)
        digits = [int(first)] * len(named) if not second else [int(first), int(second)]
        placed = [grid[CELL_NUMBERS[c]] for c in named]
        assert all(p == d for p, d in zip(placed, digits, strict=False) if p), (cells, step.text)
    assert not step.text.endswith("cannot")


# norvig_top95 line 88 at step 33: its "ALS-XZ" ran between two sets sharing two cells
# (r2c4, r3c4), joined by two digits of one cell (1r3c4 - 2r3c4), not by a common digit.
OVERLAPPING = Example(
    "norvig_top95.txt, line 88",
    ".5.3.7.4.1.........3.......5.8.3.61....8..5.9.6..1........4...6...6927....2...9..",
    33,
    ".5.3.7.4.1.....3...3.......5.8.3.612...8..5.9.6..154......4..26...6927..6.2...9..",
    "4r2c2 9r2c2 9r2c3 2r2c4 5r2c4 5r2c8 7r2c8 8r2c8 8r2c9 4r3c1 9r3c1 9r3c3 4r3c4 5r3c4 8r3c5 "
    "6r3c6 8r3c6 1r3c7 5r3c8 7r3c8 8r3c8 1r3c9 8r3c9 4r5c3 7r5c3 7r6c4 7r6c9 1r7c2 1r7c3 "
    "7r7c4 1r7c6 4r8c3 5r8c9 7r9c2 5r9c5 8r9c8 5r9c9",
)


def _position(example: Example) -> tuple[list[int], list[int]]:
    grid = list(parse(example.grid))
    cands = [0 if d else m for d, m in zip(grid, candidates(grid), strict=True)]
    for text in example.removed.split():
        cands[CELL_NUMBERS[text[1:]]] &= ~(1 << (int(text[0]) - 1))
    return grid, cands


@pytest.mark.parametrize("name", ["ALS-XZ", "ALS-XY-Wing", "ALS chain"])
def test_an_als_chain_runs_through_sets_apart_joined_by_common_digits(name: str) -> None:
    """Its sets (almost locked sets or bivalue cells) share no cell, and each is joined to
    the next by one digit in cells apart; else it is a grouped AIC."""
    grid, cands = _position(OVERLAPPING)
    step = next_step(grid, cands, puzzle=parse(OVERLAPPING.puzzle))
    assert step is not None and step.technique == "Grouped AIC", step
    example = worked_example(name)
    assert example is not None
    nodes = example.moment.step.chains[0].nodes
    sets = [set(b.als or b.cells) for b in nodes[1::2]]
    assert all(not one & other for i, one in enumerate(sets) for other in sets[i + 1 :])
    for end, start in zip(nodes[1::2], nodes[2::2], strict=False):  # each weak link
        assert end.digit == start.digit and not set(end.cells) & set(start.cells)
