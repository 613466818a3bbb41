"""The lab's step views are true: a traced search is the real search, node for node.

The real algorithms count through `count_solutions`; under `Budget(nodes=k)` they stop at the
k+1-th node and report what they had counted by then. A traced run capped at k nodes must report
the same counts and the same solutions for every k, which it can only do by visiting the same
nodes in the same order and making the same guesses and backtracks between them.
"""

from __future__ import annotations

import re
from functools import cache

import pytest
from puzzles import EASY, EASY_SOLUTION

from webapp.sudoku import (
    TRACEABLE,
    Budget,
    Frame,
    Grid,
    Trace,
    conflicts,
    count_solutions,
    is_solution_of,
    parse,
    trace,
)
from webapp.sudoku.algorithms import sat
from webapp.sudoku.board import BOXES, COLS, ROWS

TOP95 = "1....6.8..64..........4...7....9.6...7.4..5..5...7.1...5....32.3....8...4........"
ANTI = "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9"
TWO = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..6..82....26.95..8..2.3..9..5.1.3.."
NONE = "1....7.9..3..2...8..96..5....53..9...1..8...26....4.7.3......1..4......7..7...3.."
CLASH = "11" + "." * 79
STUCK = ".12345678" + "9" + "." * 71  # r1c1 has no digit left, though nothing clashes
EMPTY = "." * 81
PUZZLES = [EASY, TOP95, ANTI, TWO, NONE, CLASH, STUCK, EMPTY]
CAP = 3000  # enough to finish most runs here, small enough to replay often
NODES_ALL = 20_000  # the lab's budget


@cache
def traced(puzzle: str, algorithm: str, nodes: int = CAP, step: int = 0, limit: int = 2) -> Trace:
    return trace(parse(puzzle), algorithm, nodes=nodes, step=step, limit=limit)


def frame(puzzle: str, algorithm: str, step: int, nodes: int = CAP) -> Frame:
    result = traced(puzzle, algorithm, nodes, step)
    assert result.frame is not None
    return result.frame


def counts(result: Trace) -> tuple[int, int, int, tuple[Grid, ...], bool]:
    return result.nodes, result.guesses, result.backtracks, result.solutions, result.complete


def real(puzzle: str, algorithm: str, nodes: int, limit: int = 2) -> tuple[object, ...]:
    budget = Budget(nodes=nodes)
    outcome = count_solutions(parse(puzzle), limit, algorithm=algorithm, budget=budget)
    stats = outcome.stats
    complete = outcome.verdict.value != "gave up"
    return stats.nodes, stats.guesses, stats.backtracks, outcome.solutions, complete


@pytest.mark.parametrize("algorithm", TRACEABLE)
@pytest.mark.parametrize("puzzle", PUZZLES)
def test_a_whole_run_counts_what_count_solutions_counts(puzzle: str, algorithm: str) -> None:
    result = traced(puzzle, algorithm)
    assert counts(result) == real(puzzle, algorithm, CAP)
    assert len(result.depths) == result.nodes
    verdict = count_solutions(parse(puzzle), 2, algorithm=algorithm, budget=Budget(nodes=CAP))
    assert result.verdict == verdict.verdict


@pytest.mark.parametrize("algorithm", ["backtrack", "mrv", "propagate", "dlx"])
@pytest.mark.parametrize("puzzle", [TOP95, TWO, NONE])
def test_replaying_k_nodes_reproduces_the_real_counts_at_every_k(
    puzzle: str, algorithm: str
) -> None:
    """Node for node: the counts after k nodes, for every k up to 150 and every 37th beyond."""
    whole = traced(puzzle, algorithm)
    ks = sorted({*range(1, min(whole.nodes, 150) + 1), *range(151, whole.nodes + 1, 37)})
    for k in ks:
        part = trace(parse(puzzle), algorithm, nodes=k)
        assert counts(part) == real(puzzle, algorithm, k), f"step {k}"
        assert part.depths == whole.depths[:k]
        assert part.solved_at == tuple(s for s in whole.solved_at if s <= k)


@pytest.mark.parametrize("limit", [1, 2])
@pytest.mark.parametrize("algorithm", TRACEABLE)
def test_limits_are_honoured_like_count_solutions(algorithm: str, limit: int) -> None:
    result = trace(parse(TWO), algorithm, nodes=CAP, limit=limit)
    assert counts(result) == real(TWO, algorithm, CAP, limit)
    assert len(result.solutions) == limit


def grid_is_consistent(shown: Frame, puzzle: Grid) -> None:
    assert all(shown.grid[c] == d for c, d in enumerate(puzzle) if d), "a given changed"
    assert not conflicts(shown.grid), "a digit placed twice in a unit"
    assert len(shown.path) == shown.depth
    for cell, digit in shown.path:
        assert not puzzle[cell] and shown.grid[cell] == digit
    for cell in shown.filled:
        assert shown.grid[cell] and not puzzle[cell]
        assert cell not in {c for c, _ in shown.path[-1:]}
    for cell, digit in shown.options:
        assert not shown.grid[cell] and 1 <= digit <= 9


@pytest.mark.parametrize("algorithm", ["backtrack", "mrv", "propagate", "dlx"])
@pytest.mark.parametrize("puzzle", [TOP95, TWO, NONE])
def test_every_step_shows_a_consistent_grid(puzzle: str, algorithm: str) -> None:
    grid = parse(puzzle)
    whole = traced(puzzle, algorithm)
    for step in range(1, min(whole.nodes, 120) + 1):
        shown = frame(puzzle, algorithm, step)
        assert shown.step == step
        assert shown.depth == whole.depths[step - 1]
        grid_is_consistent(shown, grid)
        row, col, box = shown.clubs
        if algorithm in ("backtrack", "mrv") and shown.cell is not None:
            # the three clubs: the digits tried are exactly those no unit of the cell uses
            allowed = 0x1FF & ~(row | col | box)
            digits = [d for _, d in shown.options]
            assert digits == [d for d in range(1, 10) if allowed >> d - 1 & 1]
        if algorithm == "propagate" and shown.cell is not None:
            # propagation leaves at least two candidates, each allowed by the three clubs
            assert len(shown.options) >= 2
            assert all(not (row | col | box) >> d - 1 & 1 for _, d in shown.options)
        if algorithm == "dlx" and not shown.solution:
            assert shown.column_size == len(shown.options)
            assert shown.column


@pytest.mark.parametrize("algorithm", ["backtrack", "mrv", "dlx"])
def test_a_dead_end_is_a_node_with_nothing_left_to_try(algorithm: str) -> None:
    whole = traced(NONE, algorithm)
    assert whole.dead_ends
    for step in range(1, min(whole.nodes, 200) + 1):
        shown = frame(NONE, algorithm, step)
        assert (step in whole.dead_ends) == shown.dead_end, f"step {step}"


def test_propagation_dead_ends_are_digits_it_rules_out_at_once() -> None:
    whole = traced(TOP95, "propagate")
    assert whole.dead_ends
    for step in range(1, whole.nodes + 1):
        after = traced(TOP95, "propagate", CAP, step).after
        failed = [t for t in after if t.failed]
        assert (step in whole.dead_ends) == bool(failed), f"step {step}"
        if step < whole.nodes and after:
            assert not after[-1].failed  # the last try opens the next step
            nxt = frame(TOP95, "propagate", step + 1)
            assert nxt.path[-1] == (after[-1].cell, after[-1].digit)


@pytest.mark.parametrize("algorithm", TRACEABLE)
def test_the_last_step_of_a_solved_run_is_the_solution(algorithm: str) -> None:
    result = trace(parse(EASY), algorithm, nodes=CAP, limit=1)
    last = trace(parse(EASY), algorithm, nodes=CAP, step=result.nodes, limit=1).frame
    assert last is not None and last.solution
    assert last.grid == parse(EASY_SOLUTION)
    assert result.solved_at == (result.nodes,)


@pytest.mark.parametrize("algorithm", TRACEABLE)
def test_the_steps_that_find_solutions_show_them(algorithm: str) -> None:
    result = traced(TWO, algorithm)
    assert len(result.solutions) == 2
    for step, solution in zip(result.solved_at, result.solutions, strict=True):
        shown = frame(TWO, algorithm, step)
        assert shown.solution and shown.grid == solution
        assert is_solution_of(solution, parse(TWO))


def test_tries_after_a_step_lead_to_the_next_step() -> None:
    """Backtracking: after a dead end the search backs up and its next try opens the next step."""
    whole = traced(NONE, "backtrack")
    step = whole.dead_ends[0]
    after = traced(NONE, "backtrack", CAP, step).after
    assert len(after) == 1 and not after[0].failed
    nxt = frame(NONE, "backtrack", step + 1)
    assert nxt.path[-1] == (after[0].cell, after[0].digit)
    assert nxt.depth == after[0].depth + 1


def test_sat_steps_are_solver_calls_on_a_growing_formula() -> None:
    givens = sum(1 for d in parse(TWO) if d)
    result = traced(TWO, "sat")
    assert result.nodes == 2 and result.guesses == result.backtracks == 0
    first, second = frame(TWO, "sat", 1).sat, frame(TWO, "sat", 2).sat
    assert first is not None and second is not None
    assert first.variables == 729
    assert first.clauses == len(sat.RULES) + givens and first.blocking == 0
    assert second.clauses == first.clauses + 1 and second.blocking == 1
    assert first.answer == second.answer == "solution"
    counts = [dict(call.stats) for call in (first, second)]
    assert set(counts[0]) == {"decisions", "conflicts", "propagations", "restarts"}
    assert all(counts[0][name] <= counts[1][name] for name in counts[0])  # counts so far
    assert counts[0]["propagations"] > 0
    unique = traced(EASY, "sat")
    last = frame(EASY, "sat", unique.nodes).sat
    assert last is not None and last.answer == "unsatisfiable"


def test_clashing_givens_and_propagation_contradictions_take_no_node() -> None:
    for algorithm in TRACEABLE:
        if algorithm != "sat":
            assert traced(CLASH, algorithm).nodes == 0
    assert traced(STUCK, "propagate").nodes == 0
    assert traced(STUCK, "backtrack").nodes == 1
    shown = frame(STUCK, "backtrack", 1)
    assert shown.cell == 0 and shown.dead_end
    assert shown.clubs == (0b011111111, 0b100000000, 0b100000011)  # 1-8; 9; 1, 2 and 9


def test_a_budget_cut_run_gives_up_at_the_cap() -> None:
    result = trace(parse(ANTI), "backtrack", nodes=500, step=500)
    assert not result.complete and result.verdict.value == "gave up"
    assert result.nodes == 500 and result.frame is not None and result.frame.step == 500
    assert counts(result) == real(ANTI, "backtrack", 500)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"algorithm": "quantum", "nodes": 10}, "unknown algorithm 'quantum'"),
        ({"algorithm": "mrv", "nodes": 0}, "at least 1"),
        ({"algorithm": "mrv", "nodes": 10, "step": 11}, "from 1 to 10"),
        ({"algorithm": "mrv", "nodes": 10, "limit": 0}, "at least 1"),
    ],
)
def test_bad_arguments_are_named(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        trace(parse(EASY), **kwargs)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="81 cells"):
        trace((0,) * 80, "mrv", nodes=10)


@pytest.mark.parametrize("algorithm", ["backtrack", "mrv", "propagate", "dlx"])
@pytest.mark.parametrize("puzzle", [EASY, TOP95, TWO, NONE])
def test_guesses_are_real_choices_alike_for_every_algorithm(puzzle: str, algorithm: str) -> None:
    """A guess is a digit tried where two or more were left; a backtrack is a guess whose
    branch held no new solution (MRV and dancing links counted forced digits as guesses, and
    propagation only the guesses that failed at once as backtracks)."""
    result = trace(parse(puzzle), algorithm, nodes=NODES_ALL)
    assert 0 <= result.backtracks <= result.guesses
    if not result.complete:  # backtracking on TOP95 runs out of budget
        return
    if puzzle == NONE:  # no solution: every guess is given up
        assert result.backtracks == result.guesses > 0
    kept = 0  # guesses not given up: the real choices on the paths to the solutions
    for step in result.solved_at:
        shown = trace(parse(puzzle), algorithm, nodes=NODES_ALL, step=step).frame
        assert shown is not None and len(shown.widths) == shown.depth
        kept += sum(1 for width in shown.widths if width > 1)
    if puzzle != TWO:  # two solutions share the choices above where their paths part
        assert result.guesses - result.backtracks == kept
    if puzzle == EASY and algorithm != "backtrack":  # singles only: nothing to choose
        assert result.guesses == result.backtracks == 0


def test_a_failed_propagation_names_the_cell_or_unit_it_empties() -> None:
    after = traced(TOP95, "propagate", CAP, 4).after
    failed = [t for t in after if t.failed]
    assert failed[0].why == (
        "propagation places 21 digits, then a 3 has no place left in row 4"
    )  # r7c1 = 7
    for step in range(1, traced(TOP95, "propagate").nodes + 1):
        shown = frame(TOP95, "propagate", step)
        for t in traced(TOP95, "propagate", CAP, step).after:
            if not t.failed:
                continue
            named = re.search(
                r"(r\d)(c\d) has no candidate|an? (\d) has no place left in (\w+) (\d)", t.why
            )
            assert named, t.why
            if named.group(1):  # an empty cell: not one the search had filled
                cell = 9 * (int(named.group(1)[1]) - 1) + int(named.group(2)[1]) - 1
                assert not shown.grid[cell] and cell != t.cell
            else:  # a digit without a place: not one the unit already held
                digit, kind, number = int(named.group(3)), named.group(4), int(named.group(5))
                unit = {"row": ROWS, "column": COLS, "box": BOXES}[kind][number - 1]
                assert digit not in {shown.grid[c] for c in unit}


def test_a_sat_call_after_a_unique_solution_does_no_work_because_its_cells_are_fixed() -> None:
    """The second call on a puzzle with one solution adds nothing to MiniSat's counts: every
    cell of the solution is already fixed before the search (checked here with PySAT)."""
    second = frame(TOP95, "sat", 2).sat
    assert second is not None and second.answer == "unsatisfiable"
    assert all(value == 0 for _, value in second.spent)
    first = frame(TOP95, "sat", 1).sat
    assert first is not None and dict(first.spent)["decisions"] > 0
    solver = sat.new_solver(sat.formula(parse(TOP95)))
    try:
        assert solver.solve()
        chosen = [v for v in solver.get_model() if v > 0]
        # a literal fixed before any decision implies nothing more when assumed
        assert all(solver.propagate(assumptions=[v])[1] == [] for v in chosen)
    finally:
        solver.delete()
    two = frame(TWO, "sat", 2).sat
    assert two is not None and dict(two.spent)["decisions"] > 0  # a second solution: work
