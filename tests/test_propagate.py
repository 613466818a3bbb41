"""The default solver's internals: the four views stay in step, branching picks what it says."""

from __future__ import annotations

import random

import pytest
from puzzles import EASY

from webapp.sudoku import lanes
from webapp.sudoku.algorithms import propagate as P
from webapp.sudoku.board import PEERS, Grid, parse
from webapp.sudoku.search import UNLIMITED

HARD = ".......12........3..23..4....18....5.6..7.8.......9.....85.....9...4.5..47...6..."
TOP95 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def lane(x: int, cell: int) -> int:
    """The candidates of a cell, as a 9-bit mask (bit d for digit d + 1)."""
    return x >> (9 * cell) & 0x1FF


def views_agree(x: int) -> bool:
    """Every candidate is present in all four views or in none."""
    return all(
        len({x >> pos & 1 for pos in lanes.positions(p // 9, p % 9)}) == 1 for p in range(729)
    )


def states(puzzle: str, limit: int = 2) -> list[lanes.LaneState]:
    """Every state the search branches on (propagated), collected by wrapping _branch_top."""
    seen: list[lanes.LaneState] = []
    start = P._start(parse(puzzle))
    assert start is not None

    def walk(state: lanes.LaneState) -> None:
        x, free, count, fresh = state
        seen.append(state)
        if count == 81:
            return
        top = P._branch_top(x)
        for digit in range(9):
            if lane(x, top // 9) >> digit & 1:
                p = top + digit
                child = lanes.propagate(
                    x & lanes.KEEP[p], free & lanes.UNPLACE[p], count + 1, fresh
                )
                if child[0] and len(seen) < 300:
                    walk(child)

    walk(start)
    return seen


@pytest.fixture(scope="module")
def hard_states() -> list[lanes.LaneState]:
    return states(HARD) + states(TOP95)


def test_the_views_stay_in_step(hard_states: list[lanes.LaneState]) -> None:
    for x, _, _, _ in hard_states[::10]:
        assert views_agree(x)


def test_placed_count_matches_the_free_mask(hard_states: list[lanes.LaneState]) -> None:
    for x, free, count, _ in hard_states:
        placed = sum(1 for c in range(81) if lane(x, c) & ~lane(free, c))
        assert placed == count


def test_propagation_leaves_no_single_unplaced(hard_states: list[lanes.LaneState]) -> None:
    for x, free, _, _ in hard_states:
        for c in range(81):
            assert lane(x, c), "a cell without candidates survived"
            if lane(x, c).bit_count() == 1:
                assert not lane(x, c) & lane(free, c), "a naked single was left unplaced"


def reference_score(x: int, cell: int) -> int:
    """The branching score, slowly: peers with 2 candidates count 2 per shared digit, 3 count 1."""
    mine = lane(x, cell)
    score = 0
    for q in PEERS[cell]:
        theirs = lane(x, q)
        weight = {2: 2, 3: 1}.get(theirs.bit_count(), 0)
        score += weight * (mine & theirs).bit_count()
    return score


def test_branching_takes_the_best_scored_cell_of_fewest_candidates(
    hard_states: list[lanes.LaneState],
) -> None:
    checked = 0
    for x, _, count, _ in hard_states:
        if count == 81:
            continue
        cell = P._branch_top(x) // 9
        open_cells = [c for c in range(81) if lane(x, c).bit_count() > 1]
        fewest = min(lane(x, c).bit_count() for c in open_cells)
        assert lane(x, cell).bit_count() == fewest or fewest > 3
        if fewest <= 3:
            ties = [c for c in open_cells if lane(x, c).bit_count() == fewest]
            best = max(reference_score(x, c) for c in ties)
            assert reference_score(x, cell) == best
            checked += 1
    assert checked > 20


def test_clashing_or_stuck_givens_fail_at_the_start() -> None:
    row_clash = EASY[:8] + "2" + EASY[9:]  # a second 2 in row 1
    assert P._start(parse(row_clash)) is None
    assert P._start(parse(".12345678" + "9" + "." * 71)) is None


def test_grid_reads_a_solved_state() -> None:
    found = P.search(parse(EASY), 1, UNLIMITED).solutions[0]
    state = P._start(found)
    assert state is not None and state[2] == 81
    assert P._grid(state[0]) == found


def test_random_solved_grids_read_back() -> None:
    rng = random.Random(7)
    for _ in range(20):
        puzzle: Grid = tuple(rng.choice([0, 0, 0, d]) for d in parse(EASY))
        for solution in P.search(puzzle, 2, UNLIMITED).solutions:
            assert all(puzzle[c] in (0, solution[c]) for c in range(81))
            state = P._start(solution)
            assert state is not None
            assert P._grid(state[0]) == solution
