"""The solver's verdicts and reasons, its argument checks, and the puzzle sets in ../shared/data
judged through count_solutions."""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

import pytest
from puzzles import EASY as EASY_LINE
from puzzles import EASY_SOLUTION as EASY_SOLUTION_LINE

from webapp.sudoku.algorithms import ALGORITHMS, DEFAULT
from webapp.sudoku.board import (
    CELLS,
    DIGITS_OF,
    Grid,
    candidates,
    cell_name,
    conflicts,
    is_solution_of,
    parse,
)
from webapp.sudoku.search import CHECK_CLOCK_EVERY, Budget
from webapp.sudoku.solver import (
    WEB_BUDGET,
    Outcome,
    Verdict,
    count_solutions,
    solve,
    unknown_algorithm,
)

NAMES = list(ALGORITHMS)
EMPTY: Grid = (0,) * 81

EASY = parse(EASY_LINE)
EASY_SOLUTION = parse(EASY_SOLUTION_LINE)
# Needs a real search: hundreds of nodes with propagate, about a million with backtrack.
HARD = parse(".......12........3..23..4....18....5.6..7.8.......9.....85.....9...4.5..47...6...")
# No two givens clash, yet r1c1 has no digit left: its row holds 1-8 and its column a 9.
STUCK = parse(".12345678" + "9" + "." * 71)


def blank(grid: Grid, cells: tuple[int, ...]) -> Grid:
    """grid with the given cells emptied."""
    return tuple(0 if c in cells else d for c, d in enumerate(grid))


def with_given(grid: Grid, cell: int, digit: int) -> Grid:
    return (*grid[:cell], digit, *grid[cell + 1 :])


def swap_cycle(solution: Grid, length: int) -> tuple[int, ...] | None:
    """Cells of two rows of one band whose digits, over `length` columns in different stacks,
    are a cyclic shift of each other: emptied, they can be filled exactly two ways."""
    for r1, r2 in combinations(range(9), 2):
        if r1 // 3 != r2 // 3:
            continue
        for cols in combinations(range(9), length):
            if len({c // 3 for c in cols}) < length:
                continue
            top = [solution[9 * r1 + c] for c in cols]
            bottom = [solution[9 * r2 + c] for c in cols]
            if any(bottom == top[k:] + top[:k] for k in range(1, length)):
                return tuple(sorted([9 * r1 + c for c in cols] + [9 * r2 + c for c in cols]))
    return None


def assert_two_valid_solutions(outcome: Outcome, puzzle: Grid) -> None:
    """A MULTIPLE outcome: two distinct solutions that both keep the givens, differing where
    `differing` says, and a reason that names those cells."""
    assert outcome.verdict is Verdict.MULTIPLE
    first, second = outcome.solutions[:2]
    assert first != second
    assert is_solution_of(first, puzzle)
    assert is_solution_of(second, puzzle)
    differing = tuple(c for c in CELLS if first[c] != second[c])
    assert outcome.differing == differing
    names = ", ".join(cell_name(c) for c in differing[:6])
    more = ", ..." if len(differing) > 6 else ""
    assert outcome.reason == f"two solutions differ in {len(differing)} cells ({names}{more})"


# --- UNIQUE and SOLVED ----------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_unique(name: str) -> None:
    outcome = count_solutions(EASY, algorithm=name)
    assert outcome.verdict is Verdict.UNIQUE
    assert outcome.solutions == (EASY_SOLUTION,)
    assert outcome.solution == EASY_SOLUTION
    assert outcome.reason == "exactly one solution"
    assert outcome.differing == ()
    assert outcome.stats.algorithm == name
    assert outcome.stats.nodes >= 1
    assert outcome.stats.seconds >= 0


def test_default_algorithm_is_named_in_the_stats() -> None:
    assert count_solutions(EASY).stats.algorithm == DEFAULT


@pytest.mark.parametrize("name", NAMES)
def test_solve_finds_a_solution_without_asking_if_it_is_the_only_one(name: str) -> None:
    outcome = solve(EASY, algorithm=name)
    assert outcome.verdict is Verdict.SOLVED
    assert outcome.solutions == (EASY_SOLUTION,)
    assert outcome.reason == "found a solution"
    deadly = swap_cycle(EASY_SOLUTION, 2)
    assert deadly is not None
    many = solve(blank(EASY_SOLUTION, deadly), algorithm=name)
    assert many.verdict is Verdict.SOLVED
    assert len(many.solutions) == 1
    assert is_solution_of(many.solutions[0], blank(EASY_SOLUTION, deadly))


def test_a_full_valid_grid_is_its_own_unique_solution() -> None:
    outcome = count_solutions(EASY_SOLUTION)
    assert outcome.verdict is Verdict.UNIQUE
    assert outcome.solutions == (EASY_SOLUTION,)


# --- NO_SOLUTION ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_clashing_givens_give_the_clash_as_the_reason(name: str) -> None:
    puzzle = with_given(EASY, 8, 2)  # a second 2 in row 1, beside r1c5
    outcome = count_solutions(puzzle, algorithm=name)
    assert outcome.verdict is Verdict.NO_SOLUTION
    assert outcome.solutions == ()
    assert outcome.solution is None
    assert outcome.reason == "the givens clash: 2 appears 2 times in row 1 (r1c5, r1c9)"
    assert outcome.stats.nodes <= 1  # the clash ends the search at once (sat: its first call)


def test_the_first_clash_in_unit_order_is_the_reason() -> None:
    puzzle = with_given(with_given(EASY, 72, 9), 18, 3)  # 9 twice in column 1, 3 in box 1
    assert len(conflicts(puzzle)) == 2
    outcome = solve(puzzle)
    assert outcome.verdict is Verdict.NO_SOLUTION
    assert outcome.reason == "the givens clash: 9 appears 2 times in column 1 (r2c1, r9c1)"


@pytest.mark.parametrize("name", NAMES)
def test_no_solution_without_a_visible_clash(name: str) -> None:
    assert conflicts(STUCK) == []
    for outcome in (count_solutions(STUCK, algorithm=name), solve(STUCK, algorithm=name)):
        assert outcome.verdict is Verdict.NO_SOLUTION
        assert outcome.solutions == ()
        assert outcome.reason == "every way of filling the grid breaks a rule"


def test_a_wrong_given_that_breaks_no_rule_has_no_solution() -> None:
    """EASY (one solution) plus a given its peers allow but its solution does not hold."""
    masks = candidates(EASY)
    cell = next(c for c in CELLS if not EASY[c] and len(DIGITS_OF[masks[c]]) > 1)
    wrong = next(d for d in DIGITS_OF[masks[cell]] if d != EASY_SOLUTION[cell])
    puzzle = with_given(EASY, cell, wrong)
    assert conflicts(puzzle) == []
    outcome = count_solutions(puzzle)
    assert outcome.verdict is Verdict.NO_SOLUTION
    assert outcome.reason == "every way of filling the grid breaks a rule"


# --- MULTIPLE -------------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_deadly_rectangle_has_two_solutions_differing_in_its_four_cells(name: str) -> None:
    cells = swap_cycle(EASY_SOLUTION, 2)
    assert cells is not None
    puzzle = blank(EASY_SOLUTION, cells)
    outcome = count_solutions(puzzle, algorithm=name)
    assert_two_valid_solutions(outcome, puzzle)
    assert outcome.differing == cells
    assert EASY_SOLUTION in outcome.solutions
    names = ", ".join(cell_name(c) for c in cells)
    assert outcome.reason == f"two solutions differ in 4 cells ({names})"


def test_six_differing_cells_are_all_named() -> None:
    cells = swap_cycle(EASY_SOLUTION, 3)
    assert cells is not None
    puzzle = blank(EASY_SOLUTION, cells)
    outcome = count_solutions(puzzle, 3)  # room for a third: there is none
    assert len(outcome.solutions) == 2
    assert_two_valid_solutions(outcome, puzzle)
    assert outcome.differing == cells
    assert outcome.reason.endswith(f"({', '.join(cell_name(c) for c in cells)})")


@pytest.mark.parametrize("name", NAMES)
def test_more_than_six_differing_cells_end_in_an_ellipsis(name: str) -> None:
    """EASY's solution without its 1s and 2s: the 18 cells take 1 and 2 one way or the
    other (in this grid they form a single chain), so the two solutions differ in all 18."""
    cells = tuple(c for c in CELLS if EASY_SOLUTION[c] in (1, 2))
    puzzle = blank(EASY_SOLUTION, cells)
    outcome = count_solutions(puzzle, 3, algorithm=name)
    assert len(outcome.solutions) == 2
    assert_two_valid_solutions(outcome, puzzle)
    assert outcome.differing == cells
    shown = ", ".join(cell_name(c) for c in cells[:6])
    assert outcome.reason == f"two solutions differ in 18 cells ({shown}, ...)"


@pytest.mark.parametrize("name", NAMES)
def test_empty_grid_has_multiple_solutions(name: str) -> None:
    assert_two_valid_solutions(count_solutions(EMPTY, algorithm=name), EMPTY)


@pytest.mark.parametrize("limit", [3, 5])
def test_a_higher_limit_returns_that_many_distinct_solutions(limit: int) -> None:
    outcome = count_solutions(EMPTY, limit)
    assert outcome.verdict is Verdict.MULTIPLE
    assert len(set(outcome.solutions)) == limit
    assert all(is_solution_of(s, EMPTY) for s in outcome.solutions)
    assert_two_valid_solutions(outcome, EMPTY)


def test_differing_is_empty_with_fewer_than_two_solutions() -> None:
    assert count_solutions(EASY).differing == ()
    assert count_solutions(STUCK).differing == ()


# --- GAVE_UP: budgets hold and never give a wrong answer ------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_tiny_node_budget_gives_up(name: str) -> None:
    for outcome in (
        count_solutions(HARD, algorithm=name, budget=Budget(nodes=1)),
        solve(HARD, algorithm=name, budget=Budget(nodes=1)),
    ):
        assert outcome.verdict is Verdict.GAVE_UP
        assert outcome.solutions == ()
        assert outcome.reason == "the budget ran out before a solution was found"
        assert outcome.stats.nodes <= 1


# Not sat: its node budget also caps MiniSat's propagations per call (nodes * 1000), so a
# budget of 2 nodes is too small for the first call on HARD to finish.
@pytest.mark.parametrize("name", ["propagate", "mrv", "dlx"])
def test_budget_spent_after_the_first_solution(name: str) -> None:
    first = solve(HARD, algorithm=name, budget=Budget(nodes=500_000))
    whole = count_solutions(HARD, algorithm=name, budget=Budget(nodes=500_000))
    assert first.verdict is Verdict.SOLVED and whole.verdict is Verdict.UNIQUE
    assert whole.stats.nodes > first.stats.nodes
    outcome = count_solutions(HARD, algorithm=name, budget=Budget(nodes=first.stats.nodes + 1))
    assert outcome.verdict is Verdict.GAVE_UP
    assert outcome.solutions == whole.solutions
    assert outcome.reason == (
        "found a solution, but the budget ran out before checking it is the only one"
    )
    assert outcome.stats.nodes <= first.stats.nodes + 1


@pytest.mark.parametrize("name", NAMES)
def test_expired_time_budget_gives_up_or_answers_correctly(name: str) -> None:
    """The clock is read every CHECK_CLOCK_EVERY nodes (sat: before every call), so a search
    that needs more nodes than that must give up; a shorter one may finish, correctly."""
    probe = count_solutions(HARD, algorithm=name, budget=Budget(nodes=CHECK_CLOCK_EVERY + 1))
    long_search = name == "sat" or probe.verdict is Verdict.GAVE_UP
    outcome = count_solutions(HARD, algorithm=name, budget=Budget(seconds=0.0))
    if long_search:
        assert outcome.verdict is Verdict.GAVE_UP
        if name != "sat":
            assert outcome.stats.nodes <= CHECK_CLOCK_EVERY
    else:
        assert outcome.verdict is Verdict.UNIQUE
    assert all(is_solution_of(s, HARD) for s in outcome.solutions)
    assert len(outcome.solutions) <= 1


def test_web_budget_solves_a_hard_puzzle_and_stops_a_slow_algorithm() -> None:
    """Node-only, so the verdict is the same on every worker and run."""
    assert WEB_BUDGET.deterministic and WEB_BUDGET.nodes is not None
    assert count_solutions(HARD, budget=WEB_BUDGET).verdict is Verdict.UNIQUE
    outcome = count_solutions(HARD, algorithm="backtrack", budget=WEB_BUDGET)
    assert outcome.verdict is Verdict.GAVE_UP
    assert outcome.stats.nodes == WEB_BUDGET.nodes


@pytest.mark.parametrize("nodes", [0, -5])
def test_a_node_budget_below_one_is_refused(nodes: int) -> None:
    """Budget(nodes=0) must not mean "no limit"."""
    with pytest.raises(ValueError, match=f"^a node budget must be at least 1, not {nodes}$"):
        Budget(nodes=nodes)


# --- argument checks ------------------------------------------------------------------------


@pytest.mark.parametrize("limit", [0, -1, -100])
def test_limit_must_be_at_least_one(limit: int) -> None:
    with pytest.raises(ValueError, match=f"^limit must be at least 1, not {limit}$"):
        count_solutions(EASY, limit)


def test_unknown_algorithm() -> None:
    message = f"unknown algorithm 'nope'; choose one of {', '.join(ALGORITHMS)}"
    assert message.startswith("unknown algorithm 'nope'; choose one of propagate, ")
    assert unknown_algorithm("nope") == message
    with pytest.raises(ValueError) as caught:
        count_solutions(EASY, algorithm="nope")
    assert str(caught.value) == message
    with pytest.raises(ValueError, match="unknown algorithm 'Propagate'"):
        solve(EASY, algorithm="Propagate")
    with pytest.raises(ValueError, match="unknown algorithm"):  # checked before the givens
        count_solutions(with_given(EASY, 8, 2), algorithm="nope")


@pytest.mark.parametrize("name", NAMES)
def test_known_algorithms_are_accepted(name: str) -> None:
    assert unknown_algorithm(name) is None


# --- the puzzle sets ------------------------------------------------------------------------

ONE_SOLUTION_SAMPLES = {
    "norvig_easy50.txt": 49,
    "norvig_top95.txt": 95,
    "norvig_hardest.txt": 11,
    "named_hardest.txt": 12,
    "magictour_top1465.txt": 150,
    "forum_hardest_1106.txt": 100,
    "forum_hardest_1905_11plus.txt": 150,
    "royle_17clue.txt": 150,
    "kaggle_sample.txt": 150,
    "norvig_sudoku10k.txt": 150,
    "se_rated_calibration.tsv": 150,
}


@pytest.mark.data
@pytest.mark.parametrize("filename", ONE_SOLUTION_SAMPLES)
def test_one_solution_sets_solve_correctly(
    filename: str, puzzle_sample: Callable[[str, int], list[str]]
) -> None:
    lines = puzzle_sample(filename, ONE_SOLUTION_SAMPLES[filename])
    assert lines, f"no puzzles read from {filename}"
    for line in lines:
        puzzle = parse(line)
        outcome = count_solutions(puzzle)
        assert outcome.verdict is Verdict.UNIQUE, (line, outcome.reason)
        assert len(outcome.solutions) == 1
        assert is_solution_of(outcome.solutions[0], puzzle), line


@pytest.mark.data
def test_every_invalid_puzzle_has_no_solution(
    puzzle_sample: Callable[[str, int], list[str]],
) -> None:
    lines = puzzle_sample("invalid.txt", 1000)
    assert len(lines) >= 30
    with_clash = 0
    for line in lines:
        puzzle = parse(line)
        outcome = count_solutions(puzzle)
        assert outcome.verdict is Verdict.NO_SOLUTION, line
        assert outcome.solutions == ()
        clashes = conflicts(puzzle)
        if clashes:
            with_clash += 1
            assert outcome.reason == "the givens clash: " + clashes[0].describe()
        else:
            assert outcome.reason == "every way of filling the grid breaks a rule"
    assert 0 < with_clash < len(lines)  # the file holds both kinds


@pytest.mark.data
@pytest.mark.parametrize(
    ("filename", "count"), [("multi.txt", 1000), ("serg_benchmark_multi.txt", 200)]
)
def test_many_solution_sets_have_two_valid_distinct_solutions(
    filename: str, count: int, puzzle_sample: Callable[[str, int], list[str]]
) -> None:
    lines = puzzle_sample(filename, count)
    assert len(lines) >= 30
    for line in lines:
        puzzle = parse(line)
        assert_two_valid_solutions(count_solutions(puzzle), puzzle)


@pytest.mark.data
def test_multi_includes_the_empty_grid(puzzle_sample: Callable[[str, int], list[str]]) -> None:
    assert "." * 81 in puzzle_sample("multi.txt", 1000)
