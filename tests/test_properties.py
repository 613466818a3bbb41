"""Hypothesis properties of the engine on puzzles cut from many valid grids.

Grids come from one known solution by the moves that keep a Sudoku valid: relabelling the
digits, permuting the bands and the rows within each band, the stacks and the columns within
each stack, and transposing. Puzzles blank a random subset of a grid's cells, so each has at
least one solution (the grid), and often more; some get one given changed, so they may have
none.
"""

from __future__ import annotations

from hypothesis import event, given, settings
from hypothesis import strategies as st
from puzzles import EASY_SOLUTION

from webapp.sudoku.algorithms import ALGORITHMS, propagate
from webapp.sudoku.board import (
    BIT,
    CELLS,
    PEERS,
    Grid,
    candidates,
    conflicts,
    is_solution_of,
    parse,
    to_line,
    to_pretty,
)
from webapp.sudoku.search import UNLIMITED, Budget, Search
from webapp.sudoku.solver import Verdict, count_solutions


def clashing_cells(grid: Grid) -> frozenset[int]:
    """The cells that take part in any conflict."""
    return frozenset(c for conflict in conflicts(grid) for c in conflict.cells)


SEED = parse(EASY_SOLUTION)  # a valid grid to transform
EMPTY: Grid = (0,) * 81
SLOW = {"backtrack": Budget(nodes=20_000), "mrv": Budget(nodes=20_000)}  # may run out


def line_order() -> st.SearchStrategy[list[int]]:
    """An order of nine rows (or columns) that keeps each band (stack) together."""
    return st.tuples(
        st.permutations(range(3)),
        st.permutations(range(3)),
        st.permutations(range(3)),
        st.permutations(range(3)),
    ).map(lambda p: [3 * p[0][band] + p[1 + band][i] for band in range(3) for i in range(3)])


@st.composite
def solutions(draw: st.DrawFn) -> Grid:
    """A valid complete grid: SEED relabelled, its lines shuffled, perhaps transposed."""
    digits = draw(st.permutations(range(1, 10)))
    rows, cols = draw(line_order()), draw(line_order())
    grid = [digits[SEED[9 * r + c] - 1] for r in rows for c in cols]
    if draw(st.booleans()):
        grid = [grid[9 * c + r] for r in range(9) for c in range(9)]
    return tuple(grid)


@st.composite
def puzzles(draw: st.DrawFn) -> tuple[Grid, Grid]:
    """(solution, puzzle): the solution with a random number of random cells blanked."""
    solution = draw(solutions())
    order = draw(st.permutations(range(81)))
    blanks = set(order[: draw(st.integers(0, 81))])
    return solution, tuple(0 if c in blanks else d for c, d in enumerate(solution))


@st.composite
def maybe_broken(draw: st.DrawFn) -> Grid:
    """A puzzle as above, half the time with one given changed to another digit."""
    _, puzzle = draw(puzzles())
    givens = [c for c in CELLS if puzzle[c]]
    if givens and draw(st.booleans()):
        cell = draw(st.sampled_from(givens))
        digit = draw(st.integers(1, 9).filter(lambda d: d != puzzle[cell]))
        puzzle = (*puzzle[:cell], digit, *puzzle[cell + 1 :])
    return puzzle


@st.composite
def minimal_puzzles(draw: st.DrawFn) -> tuple[Grid, Grid]:
    """(solution, puzzle): a puzzle with one solution from which no given can be removed,
    made by emptying the cells of a solution in a random order while propagate still finds
    exactly one solution. These are the hard cases the random cuts above rarely give."""
    solution = draw(solutions())
    puzzle = list(solution)
    for cell in draw(st.permutations(range(81))):
        puzzle[cell] = 0
        if len(propagate.search(tuple(puzzle), 2, UNLIMITED).solutions) > 1:
            puzzle[cell] = solution[cell]
    return solution, tuple(puzzle)


def any_puzzle() -> st.SearchStrategy[Grid]:
    """A random cut (perhaps with a wrong given) or a minimal one-solution puzzle."""
    return st.one_of(maybe_broken(), minimal_puzzles().map(lambda case: case[1]))


def honest(result: Search, puzzle: Grid) -> None:
    """Every solution reported is complete, valid and keeps the givens, and none repeats."""
    assert all(is_solution_of(s, puzzle) for s in result.solutions)
    assert len(set(result.solutions)) == len(result.solutions)


# --- the generators themselves --------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(solutions())
def test_generated_grids_are_valid(solution: Grid) -> None:
    assert is_solution_of(solution, EMPTY)
    assert conflicts(solution) == []


# --- board: round trips, conflicts, candidates ----------------------------------------------


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 9), min_size=81, max_size=81).map(tuple))
def test_any_grid_survives_formatting_and_parsing(grid: Grid) -> None:
    assert parse(to_line(grid)) == grid
    assert parse(to_line(grid, "0")) == grid
    assert parse(to_pretty(grid)) == grid
    if any(grid):  # 81 spaces read as an empty input
        assert parse(to_line(grid).replace(".", " ")) == grid


@settings(max_examples=100, deadline=None)
@given(puzzles())
def test_candidates_keep_the_solution_digit(case: tuple[Grid, Grid]) -> None:
    solution, puzzle = case
    masks = candidates(puzzle)
    for c in CELLS:
        assert masks[c] & BIT[solution[c]]
        if puzzle[c]:
            assert masks[c] == BIT[puzzle[c]]


@settings(max_examples=100, deadline=None)
@given(puzzles(), st.data())
def test_a_copied_peer_digit_is_a_conflict(case: tuple[Grid, Grid], data: st.DataObject) -> None:
    _, puzzle = case
    assert conflicts(puzzle) == []
    cell = data.draw(st.sampled_from(CELLS))
    peer = data.draw(st.sampled_from([p for p in PEERS[cell] if puzzle[p]] or [None]))
    if peer is None:
        return
    broken = (*puzzle[:cell], puzzle[peer], *puzzle[cell + 1 :])
    assert {cell, peer} <= clashing_cells(broken)
    assert any(cell in k.cells and peer in k.cells for k in conflicts(broken))
    assert not is_solution_of(broken, EMPTY)


# --- solving --------------------------------------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(puzzles())
def test_solver_finds_the_grid_the_puzzle_was_cut_from(case: tuple[Grid, Grid]) -> None:
    """A puzzle cut from a grid has that grid as a solution: never 'no solution'; if the
    solver says the solution is unique, it is that grid; whatever it returns is valid."""
    solution, puzzle = case
    outcome = count_solutions(puzzle)
    assert outcome.verdict in (Verdict.UNIQUE, Verdict.MULTIPLE)
    assert all(is_solution_of(s, puzzle) for s in outcome.solutions)
    if outcome.verdict is Verdict.UNIQUE:
        assert outcome.solutions == (solution,)
    else:
        assert len(set(outcome.solutions)) == 2
        assert outcome.differing
    found = count_solutions(puzzle, 1)
    assert found.verdict is Verdict.SOLVED
    assert is_solution_of(found.solutions[0], puzzle)


@settings(max_examples=30, deadline=None)
@given(minimal_puzzles())
def test_minimal_puzzles_are_solved_back_to_their_grid(case: tuple[Grid, Grid]) -> None:
    """Every algorithm that completes finds exactly the grid the puzzle was made from."""
    solution, puzzle = case
    assert sum(1 for d in puzzle if d) < 40
    for name, search in ALGORITHMS.items():
        result = search(puzzle, 2, SLOW.get(name, UNLIMITED))
        honest(result, puzzle)
        assert result.complete or name in SLOW, name
        if result.complete:
            assert result.solutions == [solution], name


@settings(max_examples=100, deadline=None)
@given(any_puzzle())
def test_algorithms_agree_on_the_count(puzzle: Grid) -> None:
    """Every algorithm returns only real solutions and, when it completes, the same number
    (capped at 2) as propagate; backtrack and mrv may run out of nodes and are then skipped."""
    reference = propagate.search(puzzle, 2, UNLIMITED)
    assert reference.complete
    event(f"{len(reference.solutions)} solutions")
    honest(reference, puzzle)
    for name, search in ALGORITHMS.items():
        result = search(puzzle, 2, SLOW.get(name, UNLIMITED))
        honest(result, puzzle)
        if not result.complete:
            assert name in SLOW, f"{name} gave up without a budget"
            continue
        assert len(result.solutions) == len(reference.solutions), name
        if len(reference.solutions) == 1:
            assert result.solutions == reference.solutions, name


@settings(max_examples=100, deadline=None)
@given(any_puzzle(), st.integers(1, 300), st.sampled_from(list(ALGORITHMS)))
def test_node_budget_is_honoured(puzzle: Grid, nodes: int, name: str) -> None:
    """A budget of N nodes: at most N are used; a search that ran out says so, has found
    fewer solutions than asked for, and all of them real."""
    result = ALGORITHMS[name](puzzle, 2, Budget(nodes=nodes))
    event("ran out" if not result.complete else "completed")
    honest(result, puzzle)
    assert result.nodes <= nodes  # a search that wants more is stopped before node N + 1
    if not result.complete:
        assert len(result.solutions) < 2
    else:
        truth = propagate.search(puzzle, 2, UNLIMITED)
        assert len(result.solutions) == len(truth.solutions)


@settings(max_examples=100, deadline=None)
@given(any_puzzle(), st.integers(1, 300), st.sampled_from(list(ALGORITHMS)))
def test_solver_verdict_under_a_budget_is_never_wrong(puzzle: Grid, nodes: int, name: str) -> None:
    """Through count_solutions: 'gave up' holds at most one real solution; any other verdict
    matches the unlimited count."""
    outcome = count_solutions(puzzle, algorithm=name, budget=Budget(nodes=nodes))
    event(str(outcome.verdict))
    assert all(is_solution_of(s, puzzle) for s in outcome.solutions)
    assert outcome.stats.nodes <= nodes
    truth = len(propagate.search(puzzle, 2, UNLIMITED).solutions)
    expected = {0: Verdict.NO_SOLUTION, 1: Verdict.UNIQUE, 2: Verdict.MULTIPLE}[truth]
    if outcome.verdict is Verdict.GAVE_UP:
        assert len(outcome.solutions) <= 1
        assert expected is not Verdict.NO_SOLUTION or not outcome.solutions
    else:
        assert outcome.verdict is expected
