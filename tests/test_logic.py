"""The logic engine: each technique on a position built to need it, notes, and a replay proof.

Most positions are pencil-mark positions: an empty grid whose candidates are set by hand, with
every cell holding all nine digits except where a test removes some. That leaves exactly the
pattern under test.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from puzzles import EASY

from webapp.sudoku.board import ALL, BIT, parse
from webapp.sudoku.logic import next_step, solve_logically
from webapp.sudoku.ratings import chain_rating, length_bonus
from webapp.sudoku.search import UNLIMITED, Budget
from webapp.sudoku.solver import count_solutions
from webapp.sudoku.techniques import (
    chains,
    fish,
    forcing,
    intersections,
    single_digit,
    singles,
    subsets,
    uniqueness,
    wings,
)
from webapp.sudoku.techniques.position import Position

# From norvig_top95; needs trials (dynamic forcing chains) to solve.
HARD = "..8.9.1...6.5...2......6....3.1.7.5.........9..4...3...5....2...7...3.8.2..7....4"


def rc(row: int, col: int) -> int:
    """Cell index from 1-based row and column."""
    return 9 * (row - 1) + col - 1


def mask(*digits: int) -> int:
    return sum(BIT[d] for d in digits)


def pencil() -> list[int]:
    """81 candidate masks, all digits everywhere (filled in by the tests)."""
    return [ALL] * 81


def drop(cands: list[int], cells: list[int], *digits: int) -> None:
    for c in cells:
        cands[c] &= ~mask(*digits)


def state(cands: list[int]) -> Position:
    return Position([0] * 81, cands)


def row_cells(r: int) -> list[int]:
    return [rc(r, c) for c in range(1, 10)]


def col_cells(c: int) -> list[int]:
    return [rc(r, c) for r in range(1, 10)]


def box_cells(b: int) -> list[int]:
    r0, c0 = 3 * ((b - 1) // 3) + 1, 3 * ((b - 1) % 3) + 1
    return [rc(r0 + i, c0 + j) for i in range(3) for j in range(3)]


# --- singles -------------------------------------------------------------------------------


def test_full_house() -> None:
    grid = list(parse(EASY))
    grid[:9] = [4, 8, 3, 9, 2, 1, 6, 5, 0]
    step = singles.full_house(Position.from_grid(grid))
    assert step is not None
    assert step.placements == ((rc(1, 9), 7),)
    assert step.rating == 1.0
    assert "r1c9" in step.text and "row 1" in step.text


def test_hidden_single_in_box() -> None:
    cands = pencil()
    drop(cands, [c for c in box_cells(1) if c != rc(2, 2)], 5)
    step = singles.hidden_single_box(state(cands))
    assert step is not None
    assert step.placements == ((rc(2, 2), 5),)
    assert step.rating == 1.2
    assert step.units == (18,)
    assert "5 can only go in r2c2 within box 1" in step.text


def test_hidden_single_in_row() -> None:
    cands = pencil()
    drop(cands, [c for c in row_cells(4) if c != rc(4, 6)], 7)
    assert singles.hidden_single_box(state(cands)) is None
    step = singles.hidden_single_line(state(cands))
    assert step is not None
    assert step.placements == ((rc(4, 6), 7),)
    assert step.rating == 1.5
    assert "r4c6" in step.text and "row 4" in step.text


def test_naked_single() -> None:
    cands = pencil()
    cands[rc(5, 5)] = mask(8)
    step = singles.naked_single(state(cands))
    assert step is not None
    assert step.placements == ((rc(5, 5), 8),)
    assert step.rating == 2.3
    assert "r5c5 can only hold 8" in step.text


# --- locked candidates ---------------------------------------------------------------------


def test_pointing() -> None:
    cands = pencil()
    drop(cands, [rc(2, c) for c in (1, 2, 3)] + [rc(3, c) for c in (1, 2, 3)], 4)
    step = intersections.pointing(state(cands))
    assert step is not None
    assert set(step.eliminations) == {(rc(1, c), 4) for c in range(4, 10)}
    assert step.rating == 2.6
    assert "box 1" in step.text and "row 1" in step.text


def test_claiming() -> None:
    cands = pencil()
    drop(cands, [rc(1, c) for c in range(4, 10)], 4)
    # No box has its 4s in one line, so only claiming applies.
    assert intersections.pointing(state(cands)) is None
    step = intersections.claiming(state(cands))
    assert step is not None
    assert set(step.eliminations) == {(rc(r, c), 4) for r in (2, 3) for c in (1, 2, 3)}
    assert step.rating == 2.8


def test_direct_pointing_places_the_single_it_leaves() -> None:
    cands = pencil()
    drop(cands, [rc(2, c) for c in (1, 2, 3)] + [rc(3, c) for c in (1, 2, 3)], 4)
    # In box 2, 4 fits only in r1c5 and r2c5; pointing from box 1 removes r1c5.
    drop(cands, [c for c in box_cells(2) if c not in (rc(1, 5), rc(2, 5))], 4)
    step = intersections.direct_pointing(state(cands))
    assert step is not None
    assert step.placements == ((rc(2, 5), 4),)
    assert (rc(1, 5), 4) in step.eliminations
    assert step.rating == 1.7


# --- subsets -------------------------------------------------------------------------------


def test_naked_pair() -> None:
    cands = pencil()
    cands[rc(1, 1)] = cands[rc(1, 5)] = mask(1, 2)
    step = subsets.naked_pair(state(cands))
    assert step is not None
    assert set(step.eliminations) == {
        (c, d) for c in row_cells(1) if c not in (rc(1, 1), rc(1, 5)) for d in (1, 2)
    }
    assert step.rating == 3.0
    assert "r1c1 and r1c5" in step.text


def test_naked_triple() -> None:
    cands = pencil()
    cands[rc(1, 1)], cands[rc(1, 4)], cands[rc(1, 7)] = mask(1, 2), mask(2, 3), mask(1, 3)
    step = subsets.naked_triple(state(cands))
    assert step is not None
    assert set(step.eliminations) == {
        (c, d) for c in row_cells(1) if c not in (rc(1, 1), rc(1, 4), rc(1, 7)) for d in (1, 2, 3)
    }
    assert step.rating == 3.6


def test_naked_quad() -> None:
    cands = pencil()
    quad = [rc(1, 1), rc(1, 3), rc(1, 5), rc(1, 7)]
    for c, m in zip(quad, (mask(1, 2), mask(2, 3), mask(3, 4), mask(1, 4)), strict=True):
        cands[c] = m
    step = subsets.naked_quad(state(cands))
    assert step is not None
    assert {c for c, _ in step.eliminations} == set(row_cells(1)) - set(quad)
    assert step.rating == 5.0


def test_hidden_pair() -> None:
    cands = pencil()
    drop(cands, [c for c in row_cells(3) if c not in (rc(3, 2), rc(3, 8))], 6, 9)
    step = subsets.hidden_pair(state(cands))
    assert step is not None
    assert set(step.eliminations) == {
        (c, d) for c in (rc(3, 2), rc(3, 8)) for d in (1, 2, 3, 4, 5, 7, 8)
    }
    assert step.rating == 3.4
    # "In row 3, 6 and 9 can only go" read as rows 3, 6 and 9
    assert "In row 3, the digits 6 and 9 can only go in r3c2 and r3c8" in step.text


def test_hidden_triple() -> None:
    cands = pencil()
    trio = [rc(3, 2), rc(3, 5), rc(3, 8)]
    drop(cands, [c for c in row_cells(3) if c not in trio], 4, 6, 9)
    step = subsets.hidden_triple(state(cands))
    assert step is not None
    assert set(step.eliminations) == {(c, d) for c in trio for d in (1, 2, 3, 5, 7, 8)}
    assert step.rating == 4.0


def test_hidden_quad() -> None:
    cands = pencil()
    quad = [rc(3, 1), rc(3, 4), rc(3, 6), rc(3, 9)]
    drop(cands, [c for c in row_cells(3) if c not in quad], 2, 4, 6, 8)
    step = subsets.hidden_quad(state(cands))
    assert step is not None
    assert set(step.eliminations) == {(c, d) for c in quad for d in (1, 3, 5, 7, 9)}
    assert step.rating == 5.4


# --- fish ----------------------------------------------------------------------------------


def _fish_cands(rows: list[int], cols: list[int], digit: int) -> list[int]:
    cands = pencil()
    for r in rows:
        drop(cands, [rc(r, c) for c in range(1, 10) if c not in cols], digit)
    return cands


@pytest.mark.parametrize(
    ("technique", "rows", "cols", "name", "rating"),
    [
        (fish.x_wing, [2, 7], [3, 8], "X-Wing", 3.2),
        (fish.swordfish, [1, 5, 9], [2, 4, 6], "Swordfish", 3.8),
        (fish.jellyfish, [1, 3, 5, 8], [1, 4, 7, 9], "Jellyfish", 5.2),
    ],
)
def test_fish(technique, rows, cols, name, rating) -> None:
    step = technique(state(_fish_cands(rows, cols, 5)))
    assert step is not None
    assert step.technique == name and step.rating == rating
    assert set(step.eliminations) == {
        (rc(r, c), 5) for r in range(1, 10) if r not in rows for c in cols
    }
    assert f"rows {', '.join(map(str, rows[:-1]))}" in step.text
    # counts in words: "those 2 rows put their 2s in 2 different columns" mixed them with digits
    count = ("two", "three", "four")[len(rows) - 2]
    assert ", the digit 5 can only go in columns" in step.text
    assert f"those {count} rows put their 5s in {count} different columns" in step.text


# --- wings ---------------------------------------------------------------------------------


def test_xy_wing() -> None:
    cands = pencil()
    cands[rc(1, 1)], cands[rc(1, 5)], cands[rc(5, 1)] = mask(1, 2), mask(1, 3), mask(2, 3)
    step = wings.xy_wing(state(cands))
    assert step is not None
    assert step.eliminations == ((rc(5, 5), 3),)
    assert step.rating == 4.2
    assert "r1c1" in step.text and "r1c5" in step.text and "r5c1" in step.text


def test_xyz_wing() -> None:
    cands = pencil()
    cands[rc(1, 1)], cands[rc(1, 2)], cands[rc(2, 1)] = mask(1, 2, 3), mask(1, 3), mask(2, 3)
    step = wings.xyz_wing(state(cands))
    assert step is not None
    assert set(step.eliminations) == {
        (c, 3) for c in box_cells(1) if c not in (rc(1, 1), rc(1, 2), rc(2, 1))
    }
    assert step.rating == 4.4


def test_w_wing() -> None:
    cands = pencil()
    cands[rc(1, 1)] = cands[rc(5, 5)] = mask(1, 2)
    drop(cands, [rc(9, c) for c in range(1, 10) if c not in (1, 5)], 1)
    step = wings.w_wing(state(cands))
    assert step is not None
    assert set(step.eliminations) == {(rc(1, 5), 2), (rc(5, 1), 2)}
    assert step.rating == 4.4
    assert "r9c1 or r9c5" in step.text


# --- single-digit patterns -----------------------------------------------------------------


def test_skyscraper() -> None:
    cands = pencil()
    drop(cands, [c for c in col_cells(1) if c not in (rc(1, 1), rc(5, 1))], 6)
    drop(cands, [c for c in col_cells(4) if c not in (rc(2, 4), rc(5, 4))], 6)
    step = single_digit.turbot(state(cands))
    assert step is not None
    assert step.technique == "Skyscraper" and step.rating == 4.0
    assert set(step.eliminations) == {(rc(1, 5), 6), (rc(1, 6), 6), (rc(2, 2), 6), (rc(2, 3), 6)}


def test_two_string_kite() -> None:
    cands = pencil()
    drop(cands, [c for c in row_cells(1) if c not in (rc(1, 2), rc(1, 7))], 3)
    drop(cands, [c for c in col_cells(1) if c not in (rc(3, 1), rc(8, 1))], 3)
    step = single_digit.turbot(state(cands))
    assert step is not None
    assert step.technique == "2-String Kite" and step.rating == 4.1
    assert step.eliminations == ((rc(8, 7), 3),)


def _colour_chain() -> list[int]:
    """Strong links on 7: r1c1-r1c5 (row 1), r1c5-r6c5 (column 5), r6c5-r4c6 (box 5)."""
    cands = pencil()
    drop(cands, [c for c in row_cells(1) if c not in (rc(1, 1), rc(1, 5))], 7)
    drop(cands, [c for c in col_cells(5) if c not in (rc(1, 5), rc(6, 5))], 7)
    drop(cands, [c for c in box_cells(5) if c not in (rc(6, 5), rc(4, 6))], 7)
    return cands


def test_simple_colouring_trap() -> None:
    step = single_digit.simple_colouring(state(_colour_chain()))
    assert step is not None
    assert step.technique == "Simple colouring"
    assert set(step.eliminations) == {(rc(4, 1), 7)}
    assert "r4c1" in step.text


def test_simple_colouring_wrap() -> None:
    cands = pencil()
    links = [(rc(1, 1), rc(1, 5)), (rc(1, 5), rc(5, 5)), (rc(5, 5), rc(5, 2)), (rc(5, 2), rc(2, 2))]
    for unit in (row_cells(1), col_cells(5), row_cells(5), col_cells(2)):
        keep = {c for a, b in links for c in (a, b) if c in unit}
        drop(cands, [c for c in unit if c not in keep], 7)
    step = single_digit.simple_colouring(state(cands))
    assert step is not None
    assert set(step.eliminations) == {(rc(1, 1), 7), (rc(5, 5), 7), (rc(2, 2), 7)}
    assert "same colour" in step.text


def test_x_chain() -> None:
    step = chains.x_chain(state(_colour_chain()))
    assert step is not None
    assert step.technique == "X-chain"
    assert set(step.eliminations) == {(rc(4, 1), 7)}
    assert step.rating == chain_rating(6.6, 4)
    assert "7r1c1" in step.text and "7r4c6" in step.text


def test_xy_chain() -> None:
    cands = pencil()
    ring = {rc(1, 1): (1, 2), rc(1, 5): (2, 3), rc(5, 5): (3, 4), rc(5, 9): (4, 1)}
    for c, ds in ring.items():
        cands[c] = mask(*ds)
    assert wings.xy_wing(state(cands)) is None
    step = chains.xy_chain(state(cands))
    assert step is not None
    assert step.technique == "XY-chain"
    assert set(step.eliminations) == {(rc(1, 9), 1), (rc(5, 1), 1)}
    assert step.rating == 7.2  # 8 nodes: 7.0 + 0.2
    assert set(step.cells) == set(ring)


def test_chain_rating_ladder() -> None:
    assert [length_bonus(n) for n in (4, 5, 6, 8, 12, 16, 24, 32)] == [
        0.0,
        0.1,
        0.1,
        0.2,
        0.3,
        0.4,
        0.5,
        0.6,
    ]


# --- uniqueness ----------------------------------------------------------------------------


def test_unique_rectangle_type_1() -> None:
    cands = pencil()
    corners = [rc(1, 1), rc(1, 2), rc(4, 1), rc(4, 2)]
    for c in corners[:3]:
        cands[c] = mask(5, 6)
    cands[corners[3]] = mask(5, 6, 7)
    step = uniqueness.unique_rectangle(state(cands))
    assert step is not None
    assert step.technique == "Unique rectangle type 1" and step.rating == 4.5
    assert set(step.eliminations) == {(rc(4, 2), 5), (rc(4, 2), 6)}
    # the other corners' part of the reason was left out
    assert step.text.endswith("; r1c1, r1c2 and r4c1 hold only 5 and 6, so r4c2 cannot hold 5 or 6")


def test_bug_plus_one() -> None:
    solution = parse(
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
    )
    shift = {d: d % 9 + 1 for d in range(1, 10)}  # every digit to the next: a second solution
    cands = [mask(d, shift[d]) for d in solution]
    p = rc(5, 5)
    extra = next(d for d in range(1, 10) if not cands[p] & BIT[d])
    cands[p] |= BIT[extra]
    step = uniqueness.bug(state(cands))
    assert step is not None
    assert step.placements == ((p, extra),)
    assert step.rating == 5.6


# --- last resort ---------------------------------------------------------------------------


def test_trials_agree_with_the_solution() -> None:
    grid = parse(HARD)
    solution = count_solutions(grid).solution
    run = solve_logically(grid, solution=solution, budget=UNLIMITED)
    assert run.solved and not run.without_last_resort
    trial_steps = [s for s in run.steps if s.last_resort]
    assert trial_steps and all(s.technique != "Solution lookup" for s in trial_steps)
    for s in run.steps:
        assert all(solution[c] == d for c, d in s.placements)
        assert all(solution[c] != d for c, d in s.eliminations)


def test_nishio_and_dynamic_on_a_hard_position() -> None:
    grid = parse(HARD)
    solution = count_solutions(grid).solution
    s = Position.from_grid(grid)
    for step in solve_logically(grid, solution=solution, budget=UNLIMITED).steps:
        if step.last_resort:
            break
        s.apply(step.placements, step.eliminations)
    for found in (forcing.nishio(s), forcing.dynamic_forcing(s)):
        if found is not None:
            assert found.last_resort and found.rating >= 7.5
            assert all(solution[c] != d for c, d in found.eliminations)
            assert all(solution[c] == d for c, d in found.placements)


def test_out_of_time_falls_back_to_the_solution() -> None:
    grid = parse(HARD)
    step = next_step(grid, budget=Budget(nodes=1))
    assert step is not None
    solution = count_solutions(grid).solution
    if step.technique == "Solution lookup":
        assert step.last_resort
        ((cell, digit),) = step.placements
        assert solution[cell] == digit


# --- the public entry points ---------------------------------------------------------------


def test_next_step_prefers_the_easiest() -> None:
    step = next_step(parse(EASY))
    assert step is not None
    assert step.technique in ("Full house", "Hidden single")


def test_notes_are_the_candidate_state() -> None:
    grid = parse(EASY)
    # Notes in r1c1 leave only 4 (the cell's solution), making it a naked single the grid alone
    # does not show; every other cell has no notes (mask 0), so keeps its full candidates.
    notes = [0] * 81
    notes[rc(1, 1)] = mask(4)
    s = Position.from_grid(grid, notes)
    assert s.cands[rc(1, 1)] == mask(4)
    assert singles.naked_single(s).placements == ((rc(1, 1), 4),)
    # Notes cannot bring back a digit a peer holds: r1c1 sees the 3 in r1c3.
    notes[rc(1, 1)] = mask(3, 4)
    assert Position.from_grid(grid, notes).cands[rc(1, 1)] == mask(4)


def test_broken_position_gives_no_step() -> None:
    grid = list(parse(EASY))
    grid[0] = 3  # clashes with the 3 in r1c3
    assert next_step(grid) is None


def test_easy_puzzle_solves_without_last_resort() -> None:
    run = solve_logically(parse(EASY))
    assert run.solved and run.without_last_resort and not run.gave_up
    assert max(s.rating for s in run.steps) <= 2.3


# --- proof: replay logical solves against the known solutions -------------------------------


@pytest.mark.data
@pytest.mark.parametrize(
    ("name", "count"),
    [
        ("norvig_easy50.txt", 49),
        ("norvig_top95.txt", 95),
        ("magictour_top1465.txt", 60),
        ("kaggle_sample.txt", 200),
        ("forum_hardest_1106.txt", 10),
    ],
)
def test_replay_never_contradicts_the_solution(
    name: str, count: int, puzzle_sample: Callable[[str, int], list[str]]
) -> None:
    wrong = []
    for line in puzzle_sample(name, count):
        grid = parse(line)
        solution = count_solutions(grid).solution
        run = solve_logically(grid, solution=solution, budget=Budget(nodes=1_000_000))
        assert run.solved, line
        s = Position.from_grid(grid)
        for step in run.steps:
            for cell, digit in step.placements:
                if solution[cell] != digit or s.grid[cell] not in (0, digit):
                    wrong.append((line, step.technique, step.text))
            for cell, digit in step.eliminations:
                if solution[cell] == digit:
                    wrong.append((line, step.technique, step.text))
            s.apply(step.placements, step.eliminations)
        assert s.to_grid() == solution
    assert wrong == []
