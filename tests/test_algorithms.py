"""Every solving algorithm: correct answers, honest counts, budgets that hold, and agreement."""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import cache

import pytest
from puzzles import EASY, EASY_SOLUTION

from webapp.sudoku.algorithms import ALGORITHMS, DEFAULT, propagate, sat
from webapp.sudoku.board import Grid, conflicts, is_solution_of, parse
from webapp.sudoku.search import UNLIMITED, Budget, Search

NAMES = list(ALGORITHMS)

# EASY_SOLUTION with a deadly rectangle emptied: r1c2/r1c7/r2c2/r2c7 hold 8 and 5 either way.
DEADLY = "4.3921.579.7345.21251876493548132976729564138136798245372689514814253769695417382"
DEADLY_CELLS = (1, 6, 10, 15)
HARD = ".......12........3..23..4....18....5.6..7.8.......9.....85.....9...4.5..47...6..."


def with_given(puzzle: str, cell: int, digit: int) -> str:
    return puzzle[:cell] + str(digit) + puzzle[cell + 1 :]


# EASY with one more given that clashes in exactly one kind of unit (0 row, 1 column, 2 box).
CLASHES = {
    "row": (with_given(EASY, 8, 2), 0),  # a second 2 in row 1
    "column": (with_given(EASY, 72, 9), 1),  # a second 9 in column 1
    "box": (with_given(EASY, 18, 3), 2),  # a second 3 in box 1
}
# No clash, but r1c1 has no digit left: its row holds 1-8 and its column a 9.
STUCK = ".12345678" + "9" + "." * 71


def run(name: str, puzzle: str, limit: int = 2, budget: Budget = UNLIMITED) -> Search:
    return ALGORITHMS[name](parse(puzzle), limit, budget)


def assert_honest(result: Search, puzzle: Grid) -> None:
    """Every solution reported is valid, keeps the givens and is reported once."""
    assert all(is_solution_of(s, puzzle) for s in result.solutions)
    assert len(set(result.solutions)) == len(result.solutions)
    assert result.backtracks <= result.guesses


def test_registry_order_and_default() -> None:
    assert NAMES == ["propagate", "backtrack", "mrv", "dlx", "sat"]
    assert DEFAULT == "propagate"


@pytest.mark.parametrize("name", NAMES)
def test_easy_puzzle_has_its_one_solution(name: str) -> None:
    result = run(name, EASY)
    assert result.complete
    assert result.solutions == [parse(EASY_SOLUTION)]
    assert is_solution_of(result.solutions[0], parse(EASY))
    assert result.nodes >= 1


@pytest.mark.parametrize("name", NAMES)
def test_limit_one_stops_at_the_first_solution(name: str) -> None:
    result = run(name, EASY, limit=1)
    assert result.complete
    assert result.solutions == [parse(EASY_SOLUTION)]


@pytest.mark.parametrize("where", CLASHES)
@pytest.mark.parametrize("name", NAMES)
def test_clashing_givens_have_no_solution(name: str, where: str) -> None:
    puzzle, kind = CLASHES[where]
    assert [clash.unit // 9 for clash in conflicts(parse(puzzle))] == [kind]
    result = run(name, puzzle)
    assert result.solutions == []
    assert result.complete


@pytest.mark.parametrize("name", NAMES)
def test_dead_end_without_a_clash_has_no_solution(name: str) -> None:
    result = run(name, STUCK, budget=Budget(nodes=100_000))
    assert result.solutions == []
    assert result.complete


@pytest.mark.parametrize("budget", [UNLIMITED, Budget(nodes=1000)], ids=["unlimited", "nodes"])
@pytest.mark.parametrize("name", NAMES)
def test_deadly_pattern_has_exactly_two_solutions(name: str, budget: Budget) -> None:
    puzzle = parse(DEADLY)
    result = ALGORITHMS[name](puzzle, 3, budget)
    assert result.complete
    assert len(result.solutions) == 2
    assert_honest(result, puzzle)
    first, second = result.solutions
    assert tuple(c for c in range(81) if first[c] != second[c]) == DEADLY_CELLS


@pytest.mark.parametrize("name", NAMES)
def test_empty_grid_gives_two_distinct_solutions(name: str) -> None:
    puzzle = (0,) * 81
    result = ALGORITHMS[name](puzzle, 2, UNLIMITED)
    assert len(result.solutions) == 2
    assert_honest(result, puzzle)


@pytest.mark.parametrize("name", NAMES)
def test_tiny_budget_gives_up_without_a_wrong_answer(name: str) -> None:
    puzzle = parse(HARD)
    result = ALGORITHMS[name](puzzle, 2, Budget(nodes=3))
    assert not result.complete
    assert result.nodes <= 3
    assert_honest(result, puzzle)


@pytest.mark.parametrize("name", NAMES)
def test_spent_time_budget_never_gives_a_wrong_answer(name: str) -> None:
    puzzle = parse(HARD)
    result = ALGORITHMS[name](puzzle, 2, Budget(nodes=100_000, seconds=0.0))
    assert_honest(result, puzzle)
    if name == "sat":  # it looks at the clock before every solver call
        assert not result.complete


@pytest.mark.parametrize("name", ["backtrack", "mrv", "dlx"])
def test_guesses_and_backtracks_are_counted(name: str) -> None:
    result = run(name, HARD, budget=Budget(nodes=5000))
    assert result.guesses > 0
    assert result.backtracks > 0


@pytest.mark.parametrize("name", ["mrv", "dlx", "propagate"])
def test_a_forced_digit_is_not_a_guess(name: str) -> None:
    """EASY falls to singles: the searches that pick the most constrained cell or column never
    choose, so they make no guess (MRV and dancing links counted 49)."""
    result = run(name, EASY)
    assert result.nodes > 0 and result.guesses == result.backtracks == 0


def test_sat_without_pysat_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pysat.solvers", None)  # makes the import fail
    with pytest.raises(RuntimeError, match=r"pip install python-sat"):
        sat.search(parse(EASY), 1, UNLIMITED)


def test_sat_variable_numbering() -> None:
    assert sat.var(0, 1) == 1
    assert sat.var(80, 9) == 729
    row, col, digit = 4, 7, 3
    assert sat.var(9 * row + col, digit) == 81 * row + 9 * col + digit


# Data-driven: every algorithm agrees with propagate on samples of the puzzle sets.

ONE_SOLUTION_FILES = [
    "norvig_easy50.txt",
    "norvig_top95.txt",
    "norvig_hardest.txt",
    "named_hardest.txt",
    "magictour_top1465.txt",
    "forum_hardest_1106.txt",
    "forum_hardest_1905_11plus.txt",
    "royle_17clue.txt",
    "kaggle_sample.txt",
    "norvig_sudoku10k.txt",
    "se_rated_calibration.tsv",
]


@cache
def reference(line: str) -> tuple[Grid, ...]:
    """Up to two solutions found by propagate, which must search to the end."""
    result = propagate.search(parse(line), 2, UNLIMITED)
    assert result.complete
    return tuple(result.solutions)


HEAD_START = 27  # cells of the solution given to plain backtracking on the hard sets


def plan(name: str, filename: str) -> tuple[int, Budget, bool]:
    """How many puzzles of a file to try, within what budget, and whether each must finish.

    Outside the easy set, mrv gets a small sample and a node budget: it may run out on hard
    puzzles (those are skipped), but must never give a wrong answer; plain backtracking gets
    each puzzle with its first three rows filled in from the solution (see `head_start`),
    which it finishes in a few thousand nodes.
    """
    if name in ("dlx", "sat"):
        return (24 if name == "dlx" else 40), Budget(nodes=2_000_000), True
    if filename == "norvig_easy50.txt":
        return 20, Budget(nodes=2_000_000), True
    if name == "backtrack":
        return 4, Budget(nodes=50_000), True
    return 6, Budget(nodes=20_000), False


def head_start(line: str) -> str:
    """The puzzle with its first HEAD_START cells taken from its (one) solution: the same
    solution, a search plain backtracking can finish (it fills cells in reading order, so
    the hard part of a hard puzzle is its first rows)."""
    (solution,) = reference(line)
    return "".join(str(solution[c]) if c < HEAD_START else line[c] for c in range(81))


@pytest.mark.data
@pytest.mark.parametrize("filename", ONE_SOLUTION_FILES)
@pytest.mark.parametrize("name", [n for n in NAMES if n != "propagate"])
def test_agrees_with_propagate_on_one_solution_sets(
    name: str, filename: str, puzzle_sample: Callable[[str, int], list[str]]
) -> None:
    count, budget, must_finish = plan(name, filename)
    finished = 0
    for line in puzzle_sample(filename, count):
        expected = reference(line)
        assert len(expected) == 1, f"{filename} should hold one-solution puzzles: {line}"
        if name == "backtrack" and filename != "norvig_easy50.txt":
            line = head_start(line)
        result = run(name, line, budget=budget)
        assert_honest(result, parse(line))
        if result.complete:
            assert tuple(result.solutions) == expected, line
            finished += 1
        else:
            assert not must_finish, f"{name} ran out of budget on {line}"
            assert set(result.solutions) <= set(expected), line
    if not finished:
        pytest.skip(f"{name} ran out of budget on every puzzle sampled from {filename}")


@pytest.mark.data
@pytest.mark.parametrize("filename", ["invalid.txt", "multi.txt"])
@pytest.mark.parametrize("name", [n for n in NAMES if n != "propagate"])
def test_agrees_with_propagate_on_no_and_many_solution_sets(
    name: str, filename: str, puzzle_sample: Callable[[str, int], list[str]]
) -> None:
    slow = name in ("backtrack", "mrv")
    budget = Budget(nodes=20_000 if slow else 2_000_000)
    for line in puzzle_sample(filename, 40):
        result = run(name, line, budget=budget)
        assert_honest(result, parse(line))
        assert result.complete or slow, f"{name} ran out of budget on {line}"
        if result.complete:
            assert len(result.solutions) == len(reference(line)), line
