"""The engine's public functions refuse bad arguments with a TypeError or ValueError that says
what is wrong, and every default budget is finite."""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable
from fractions import Fraction

import pytest
from puzzles import EASY

import webapp.sudoku as engine
from webapp.sudoku import (
    Budget,
    GameMove,
    Verdict,
    a_digit,
    candidates,
    cell_name,
    conflicts,
    count_solutions,
    generate,
    grade,
    hint,
    look_cells,
    next_step,
    parse,
    practise,
    review,
    solve,
    solve_logically,
    to_line,
    trace,
    unit_name,
    worked_example,
)

GRID = parse(EASY)
EMPTY = (0,) * 81


@pytest.mark.parametrize(
    "function", [count_solutions, solve, next_step, solve_logically, hint, grade]
)
def test_every_default_budget_is_finite_and_deterministic(function: object) -> None:
    default = inspect.signature(function).parameters["budget"].default  # type: ignore[arg-type]
    assert isinstance(default, Budget)
    assert default.nodes is not None and default.deterministic


def test_web_budgets_are_node_only() -> None:
    for budget in (engine.WEB_BUDGET, engine.HINT_BUDGET, engine.GRADE_BUDGET):
        assert budget.nodes is not None and budget.seconds is None


@pytest.mark.parametrize(
    ("nodes", "seconds", "error", "message"),
    [
        (None, float("nan"), ValueError, "a time budget must be 0 seconds or more, not nan"),
        (None, float("inf"), ValueError, "a time budget must be 0 seconds or more, not inf"),
        (None, -1.0, ValueError, "a time budget must be 0 seconds or more, not -1.0"),
        (None, "1", TypeError, "a time budget must be a number of seconds, not '1'"),
        (None, Fraction(1, 2), TypeError, "a time budget must be a number of seconds"),
        (None, True, TypeError, "a time budget must be a number of seconds, not True"),
        (1.5, None, TypeError, "a node budget must be a whole number, not 1.5"),
        ("10", None, TypeError, "a node budget must be a whole number, not '10'"),
        (True, None, TypeError, "a node budget must be a whole number, not True"),
        (0, None, ValueError, "a node budget must be at least 1, not 0"),
    ],
)
def test_budget_refuses_what_is_not_a_limit(
    nodes: object, seconds: object, error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=f"^{message}"):
        Budget(nodes=nodes, seconds=seconds)  # type: ignore[arg-type]


def test_a_huge_limit_is_refused_and_a_large_one_stays_within_its_budget() -> None:
    with pytest.raises(ValueError, match=r"^limit must be at most 10,000, not 1,000,000,000$"):
        count_solutions(EMPTY, 10**9)
    with pytest.raises(TypeError, match=r"^limit must be a whole number, not 2.0$"):
        count_solutions(EMPTY, 2.0)  # type: ignore[arg-type]
    outcome = count_solutions(EMPTY, 10_000, budget=Budget(nodes=500))
    assert outcome.verdict is Verdict.GAVE_UP or outcome.verdict is Verdict.MULTIPLE
    assert outcome.stats.nodes <= 500 and len(outcome.solutions) <= 500


@pytest.mark.parametrize(
    ("grid", "error", "message"),
    [
        ((0,) * 80, ValueError, "grid must have 81 cells, not 80"),
        ((10,) + (0,) * 80, ValueError, "grid: r1c1 holds 10; it must be 0 .empty. or a digit"),
        ((0,) * 80 + (-1,), ValueError, "grid: r9c9 holds -1"),
        ((0,) * 40 + (1.0,) + (0,) * 40, TypeError, "grid: r5c5 holds 1.0, not an int"),
        (EASY, TypeError, r"grid must be a sequence of 81 ints, not str \(parse\(\) reads text\)"),
        (None, TypeError, "grid must be a sequence of 81 ints, not NoneType"),
    ],
)
def test_a_malformed_grid_gets_no_verdict(
    grid: object, error: type[Exception], message: str
) -> None:
    for call in (count_solutions, solve, next_step, solve_logically, grade, conflicts, to_line):
        with pytest.raises(error, match=f"^{message}"):
            call(grid)  # type: ignore[operator]


def test_hint_checks_each_argument() -> None:
    with pytest.raises(ValueError, match=r"^entries must have 81 cells, not 3$"):
        hint(GRID, (0, 0, 0))
    with pytest.raises(ValueError, match=r"^notes: r1c1 holds 512; it must be a candidate mask"):
        hint(GRID, EMPTY, (512,) + (0,) * 80)
    with pytest.raises(ValueError, match=r"^target must be a cell number from 0 to 80, not 81$"):
        hint(GRID, EMPTY, None, 81)
    with pytest.raises(TypeError, match=r"^target must be a cell number from 0 to 80, not '1'$"):
        hint(GRID, EMPTY, None, "1")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^budget must be a Budget, not float$"):
        hint(GRID, EMPTY, budget=0.5)  # type: ignore[arg-type]


def test_the_logic_engine_checks_its_arguments() -> None:
    with pytest.raises(ValueError, match=r"^cands must have 81 cells, not 2$"):
        next_step(GRID, (1, 2))
    with pytest.raises(ValueError, match=r"^max_steps must be at least 1, not 0$"):
        solve_logically(GRID, max_steps=0)
    with pytest.raises(TypeError, match=r"^budget must be a Budget, not dict$"):
        grade(GRID, budget={"nodes": 5})  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^solution must have 81 cells, not 80$"):
        grade(GRID, solution=(1,) * 80)
    with pytest.raises(ValueError, match=r"^notes must have 81 cells, not 1$"):
        candidates(GRID, (0,))


@pytest.mark.parametrize(
    ("level", "seed", "error", "message"),
    [
        ("hard", 1.5, TypeError, "seed must be a whole number, not 1.5"),
        ("hard", True, TypeError, "seed must be a whole number, not True"),
        ("hard", "7", TypeError, "seed must be a whole number, not '7'"),
        (3, 1, TypeError, "a level is a name such as 'hard', not 3"),
        ("hard", -1, ValueError, "seed must be between 0 and 999999999, not -1"),
    ],
)
def test_generate_refuses_what_is_not_a_level_and_seed(
    level: object, seed: object, error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=f"^{message}$"):
        generate(level, seed)  # type: ignore[arg-type]


def test_generate_checks_its_options() -> None:
    with pytest.raises(ValueError, match=r"^max_attempts must be at least 1, not 0$"):
        generate("easy", 1, max_attempts=0)
    with pytest.raises(TypeError, match=r"^symmetric must be True, False or None, not 'no'$"):
        generate("easy", 1, symmetric="no")  # type: ignore[arg-type]


def test_names_and_text_check_their_arguments() -> None:
    with pytest.raises(ValueError, match=r"^a cell is numbered from 0 to 80, not 81$"):
        cell_name(81)
    with pytest.raises(ValueError, match=r"^a unit is numbered from 0 to 26, not 27$"):
        unit_name(27)
    with pytest.raises(TypeError, match=r"^parse.. reads a str, not bytes$"):
        parse(EASY.encode())  # type: ignore[arg-type]


def test_solve_logically_refuses_technique_names_it_does_not_have() -> None:
    """A misspelt name, or a name given as a bare str, would leave techniques out unseen."""
    with pytest.raises(
        TypeError, match=r"^only must be a collection of technique names, not 'X-Wing'$"
    ):
        solve_logically(GRID, only="X-Wing")
    with pytest.raises(ValueError, match=r"^only: no technique is called 'X-wing' \(the names"):
        solve_logically(GRID, only={"Naked single", "X-wing"})
    assert solve_logically(GRID, only={"Full house", "Hidden single (box)"}).steps


def test_technique_names_are_checked_and_say_where_to_find_them() -> None:
    for call in (worked_example, lambda name: practise(name, 1)):
        with pytest.raises(
            ValueError, match=r"^unknown technique 'XY-wing'; technique_entries\(\) lists them$"
        ):
            call("XY-wing")


@pytest.mark.parametrize("name", ["W-Wing", "Sue de Coq", "Solution lookup"])
def test_practise_refuses_at_once_a_technique_no_grade_names(name: str) -> None:
    """No seed makes one: it searched 5,000 seeds (half a minute) before saying so."""
    with pytest.raises(ValueError, match=f"^{name} cannot be practised: no grade names it"):
        practise(name, 1)


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: GameMove(4.5, 7), TypeError, "a move's cell must be a whole number, not 4.5"),
        (lambda: GameMove("4", 7), TypeError, "a move's cell must be a whole number, not '4'"),
        (lambda: GameMove(81, 1), ValueError, "a move's cell must be from 0 to 80, not 81"),
        (lambda: GameMove(4, 10), ValueError, "a move's digit must be from 0 to 9, not 10"),
        (
            lambda: GameMove(4, 7, "yes"),
            TypeError,
            "a move's hint must be True or False, not 'yes'",
        ),
        (
            lambda: review(GRID, None),
            TypeError,
            "moves must be a sequence of GameMove, not NoneType",
        ),
        (lambda: trace(GRID, "dlx", nodes=None), TypeError, "a node budget must be a whole number"),
        (
            lambda: trace(GRID, "dlx", nodes=100.0),
            TypeError,
            "a node budget must be a whole number",
        ),
        (
            lambda: trace(GRID, "dlx", nodes=9, limit=0),
            ValueError,
            "limit must be at least 1, not 0",
        ),
        (lambda: trace(GRID[:80], "dlx", nodes=9), ValueError, "grid must have 81 cells, not 80"),
        (lambda: look_cells(None), TypeError, "step must be a Step"),
        (lambda: a_digit(10), ValueError, "a digit is from 1 to 9, not 10"),
        (lambda: worked_example(5), TypeError, "a technique's name must be a str, not 5"),
        (lambda: practise(None, 1), TypeError, "a technique's name must be a str, not None"),
        (lambda: grade(GRID, solution=(1,) * 81), ValueError, "solution is not a solution of"),
    ],
)
def test_public_functions_say_what_is_wrong(
    call: Callable[[], object], error: type[Exception], message: str
) -> None:
    """Each raised an error of Python's own (or none: a bogus solution graded), naming
    nothing the caller had written."""
    with pytest.raises(error, match="^" + re.escape(message)):
        call()


def test_review_takes_game_moves_only() -> None:
    with pytest.raises(
        TypeError, match=r"^moves must be GameMove\(cell, digit\) items, not \(1, 7\)$"
    ):
        review(GRID, [GameMove(2, 1), (1, 7)])  # type: ignore[list-item]


@pytest.mark.parametrize("empty", ["", "..", 0, "5"])
def test_to_line_writes_an_empty_cell_as_one_character(empty: object) -> None:
    with pytest.raises(
        ValueError, match=f"^empty must be one character other than 1-9, not {empty!r}$"
    ):
        to_line(GRID, empty)  # type: ignore[arg-type]
    assert to_line(GRID, "0") == EASY.replace(".", "0")
