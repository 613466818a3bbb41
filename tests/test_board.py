"""The board vocabulary: parsing every accepted spelling, every error message, formatting,
conflicts, candidates and the solution check."""

from __future__ import annotations

import pytest
from puzzles import EASY, EASY_SOLUTION

from webapp.sudoku.board import (
    ALL,
    BIT,
    BOXES,
    CELLS,
    COLS,
    DIGITS_OF,
    MAX_INPUT,
    PEERS,
    ROWS,
    UNITS,
    UNITS_OF,
    Conflict,
    Grid,
    PuzzleFormatError,
    a_digit,
    candidates,
    cell_name,
    conflicts,
    is_solution_of,
    parse,
    to_line,
    to_pretty,
    unit_name,
)


def clashing_cells(grid: Grid) -> frozenset[int]:
    """The cells that take part in any conflict."""
    return frozenset(c for conflict in conflicts(grid) for c in conflict.cells)


EASY_GRID: Grid = tuple(0 if ch == "." else int(ch) for ch in EASY)
SOLVED: Grid = tuple(int(ch) for ch in EASY_SOLUTION)
EASY_ROWS = [EASY[9 * r : 9 * r + 9] for r in range(9)]


def boxed_row(row: str, empty: str = ".") -> str:
    """One row drawn as '. . 3 | . 2 . | 6 . .'."""
    cells = [empty if ch == "." else ch for ch in row]
    return " | ".join(" ".join(cells[i : i + 3]) for i in (0, 3, 6))


def error_of(text: str) -> str:
    """The message parse raises for text (fails the test if it parses)."""
    with pytest.raises(PuzzleFormatError) as caught:
        parse(text)
    return str(caught.value)


def with_cell(line: str, index: int, ch: str) -> str:
    return line[:index] + ch + line[index + 1 :]


# --- parsing: what is accepted --------------------------------------------------------------


def test_a_line_of_81_characters() -> None:
    grid = parse(EASY)
    assert len(grid) == 81
    assert grid == EASY_GRID
    assert grid[:9] == (0, 0, 3, 0, 2, 0, 6, 0, 0)
    assert grid[80] == 0 and grid[78] == 3


@pytest.mark.parametrize("empty", [".", "0", "-", "_", " "], ids=repr)
def test_every_spelling_of_an_empty_cell_on_one_line(empty: str) -> None:
    line = EASY.replace(".", empty)
    assert len(line) == 81
    assert parse(line) == EASY_GRID


def test_mixed_empty_spellings_on_one_line() -> None:
    spellings = ".0-_ "
    line = "".join(spellings[i % 5] if ch == "." else ch for i, ch in enumerate(EASY))
    assert parse(line) == EASY_GRID


def test_a_solved_grid_parses_to_its_digits() -> None:
    assert parse(EASY_SOLUTION) == SOLVED


@pytest.mark.parametrize(
    "text",
    [
        EASY + "\n",
        EASY + "\r\n",
        "\n\n" + EASY + "\n\n",
        EASY + " ",  # a trailing space beyond 81 characters is a separator, not a cell
        " " + EASY,
        "|".join(EASY[i : i + 27] for i in (0, 27, 54)),
        "|".join(EASY[i : i + 3] for i in range(0, 81, 3)),
        " ".join(EASY),
        EASY[:40] + "\t" + EASY[40:],
    ],
    ids=[
        "newline",
        "crlf",
        "blank-lines-around",
        "trailing-space",
        "leading-space",
        "bars-between-bands",
        "bars-between-boxes",
        "spaces-between-cells",
        "tab",
    ],
)
def test_one_line_with_separators_and_line_ends(text: str) -> None:
    assert parse(text) == EASY_GRID


def pretty_by_hand() -> str:
    """The grid as to_pretty draws it, built independently of to_pretty."""
    lines: list[str] = []
    for r, row in enumerate(EASY_ROWS):
        if r in (3, 6):
            lines.append("------+-------+------")
        lines.append(boxed_row(row))
    return "\n".join(lines)


def pretty_with_plus_border() -> str:
    """A grid drawn like many programs print it, with '+-------+' rules all around."""
    rule = "+-------+-------+-------+"
    lines = [rule]
    for r, row in enumerate(EASY_ROWS):
        lines.append("| " + boxed_row(row) + " |")
        if r in (2, 5, 8):
            lines.append(rule)
    return "\n".join(lines)


GRIDS = {
    "plain-rows": "\n".join(EASY_ROWS),
    "zero-rows": "\n".join(EASY_ROWS).replace(".", "0"),
    "pretty": pretty_by_hand(),
    "plus-border": pretty_with_plus_border(),
    "short-rule": "\n".join(
        [*EASY_ROWS[:3], "------+------", *EASY_ROWS[3:6], "------+------", *EASY_ROWS[6:]]
    ),
    "equals-rule": "\n".join([*EASY_ROWS[:3], "=" * 11, *EASY_ROWS[3:6], "=" * 11, *EASY_ROWS[6:]]),
    "long-dash-rule": "\n".join(
        [*EASY_ROWS[:3], "-" * 21, *EASY_ROWS[3:6], "-" * 21, *EASY_ROWS[6:]]
    ),
    "blank-lines-between-bands": "\n".join(
        [*EASY_ROWS[:3], "", *EASY_ROWS[3:6], "  ", *EASY_ROWS[6:]]
    ),
    "spaced-cells": "\n".join(" ".join(row) for row in EASY_ROWS),
    "bars-in-rows": "\n".join("|".join(row[i : i + 3] for i in (0, 3, 6)) for row in EASY_ROWS),
    "dash-empties-and-rules": "\n".join(
        [boxed_row(row, "-") for row in EASY_ROWS[:3]]
        + ["------+-------+------"]
        + [boxed_row(row, "_") for row in EASY_ROWS[3:]]
    ),
    "indented-with-trailing-spaces": "\n".join("   " + row + "  " for row in EASY_ROWS),
}


@pytest.mark.parametrize("name", GRIDS)
def test_pasted_grids(name: str) -> None:
    assert parse(GRIDS[name]) == EASY_GRID


@pytest.mark.parametrize("name", GRIDS)
def test_pasted_grids_with_crlf_and_surrounding_blank_lines(name: str) -> None:
    text = "\r\n\r\n" + GRIDS[name].replace("\n", "\r\n") + "\r\n\r\n"
    assert parse(text) == EASY_GRID


def test_a_row_of_nine_dashes_is_an_empty_row_not_a_rule() -> None:
    rows = ["-" * 9, *EASY_ROWS[1:]]
    assert parse("\n".join(rows)) == (0,) * 9 + EASY_GRID[9:]


def test_input_of_exactly_the_maximum_length_is_read() -> None:
    text = EASY + "\n" * (MAX_INPUT - 81)
    assert len(text) == MAX_INPUT
    assert parse(text) == EASY_GRID


# --- parsing: every error message -----------------------------------------------------------


def test_too_long_input() -> None:
    assert error_of(EASY + "\n" * (MAX_INPUT - 80)) == (
        f"the input is {MAX_INPUT + 1} characters long; a puzzle needs 81"
    )
    assert error_of("x" * 5000) == "the input is 5000 characters long; a puzzle needs 81"


@pytest.mark.parametrize("text", ["", "\n", "   ", "\r\n\r\n", " \n \t\n"], ids=repr)
def test_empty_input(text: str) -> None:
    assert error_of(text) == "the puzzle is empty: enter or paste 81 cells"


@pytest.mark.parametrize("length", [1, 9, 17, 80, 82, 160, 162])
def test_wrong_cell_count_on_one_line(length: int) -> None:
    line = (EASY * 2)[:length]
    assert error_of(line) == f"expected 81 cells, found {length}"


def test_wrong_cell_count_counts_cells_not_separators() -> None:
    line = "|".join(EASY[i : i + 9] for i in range(0, 72, 9))  # 8 rows of cells
    assert error_of(line) == "expected 81 cells, found 72"
    assert error_of(" ".join(EASY[:80])) == "expected 81 cells, found 80"


@pytest.mark.parametrize(
    ("index", "ch", "where"),
    [
        (0, "x", "row 1, column 1"),
        (13, "x", "row 2, column 5"),
        (40, "a", "row 5, column 5"),
        (80, "!", "row 9, column 9"),
        (44, "#", "row 5, column 9"),
    ],
)
def test_bad_character_on_one_line_names_its_row_and_column(
    index: int, ch: str, where: str
) -> None:
    assert error_of(with_cell(EASY, index, ch)) == f"unexpected {ch!r} at {where}"


def test_bad_character_is_reported_before_a_wrong_count() -> None:
    assert error_of("12345x") == "unexpected 'x' at row 1, column 6"
    assert error_of("not a sudoku") == "unexpected 'n' at row 1, column 1"
    assert error_of(EASY[:13] + "x" + EASY[13:]) == "unexpected 'x' at row 2, column 5"


def test_bad_character_after_81_cells_is_named_not_counted_as_a_cell() -> None:
    """A comment after the puzzle used to give 'expected 81 cells, found 87', though the
    puzzle had exactly 81 cells and the trouble was the '#'."""
    assert error_of(EASY + "  # easy one") == "unexpected '#' after 81 cells"
    assert error_of(EASY + "12x") == "unexpected 'x' after 83 cells"


def test_bad_character_in_a_row_of_a_pasted_grid() -> None:
    rows = list(EASY_ROWS)
    rows[1] = with_cell(rows[1], 4, "x")
    assert error_of("\n".join(rows)) == "unexpected 'x' at row 2, column 5"
    rows[1] = boxed_row(EASY_ROWS[1]).replace("5", "?")
    assert error_of("\n".join(rows)) == "unexpected '?' at row 2, column 6"


def test_bad_character_in_a_short_or_long_row_names_its_column() -> None:
    rows = list(EASY_ROWS)
    rows[1] = "9..3x"
    assert error_of("\n".join(rows)) == "unexpected 'x' at row 2, column 5"
    rows[1] = EASY_ROWS[1][:4] + "x" + EASY_ROWS[1][5:] + "1"
    assert error_of("\n".join(rows)) == "unexpected 'x' at row 2, column 5"


def test_bad_character_after_the_nine_cells_of_a_row() -> None:
    rows = list(EASY_ROWS)
    rows[2] = EASY_ROWS[2] + " x"
    assert error_of("\n".join(rows)) == "unexpected 'x' in row 3 after 9 cells"


@pytest.mark.parametrize("count", [2, 3, 8, 10, 12])
def test_wrong_row_count(count: int) -> None:
    rows = (EASY_ROWS * 2)[:count]
    assert error_of("\n".join(rows)) == f"found {count} rows, expected 9"


def test_several_puzzles_one_a_line_are_named_as_puzzles() -> None:
    """Two pasted puzzles read "found 2 rows, expected 9"."""
    assert error_of(f"{EASY}\n{EASY}") == "found 2 puzzles (lines of 81 cells); give one at a time"
    spaced = " | ".join(EASY[i : i + 27] for i in (0, 27, 54))
    assert error_of(f"{spaced}\n\n{EASY}\n{EASY}").startswith("found 3 puzzles")


def test_rule_lines_and_blank_lines_do_not_count_as_rows() -> None:
    text = "\n".join([*EASY_ROWS[:3], "------+-------+------", "", *EASY_ROWS[3:8]])
    assert error_of(text) == "found 8 rows, expected 9"


@pytest.mark.parametrize(("row", "cells"), [(0, 8), (2, 10), (8, 1), (4, 18)])
def test_row_with_the_wrong_number_of_cells(row: int, cells: int) -> None:
    rows = list(EASY_ROWS)
    rows[row] = (EASY_ROWS[row] * 2)[:cells]
    assert error_of("\n".join(rows)) == f"row {row + 1} has {cells} cells, expected 9"


def test_row_with_ten_cells_in_a_pretty_grid() -> None:
    lines = GRIDS["pretty"].split("\n")
    lines[2] += " 1"  # the third row gets a tenth cell
    assert error_of("\n".join(lines)) == "row 3 has 10 cells, expected 9"


def test_spaces_are_separators_in_a_pasted_grid() -> None:
    """Only a single line may use a space for an empty cell; in a grid it separates cells."""
    rows = [row.replace(".", " ") for row in EASY_ROWS]
    assert error_of("\n".join(rows)) == "row 1 has 3 cells, expected 9"


def test_errors_are_value_errors() -> None:
    with pytest.raises(ValueError, match="expected 81 cells"):
        parse("123")


# --- formatting and round trips -------------------------------------------------------------


def test_to_line() -> None:
    assert to_line(EASY_GRID) == EASY
    assert to_line(EASY_GRID, "0") == EASY.replace(".", "0")
    assert to_line(SOLVED) == EASY_SOLUTION
    assert to_line((0,) * 81) == "." * 81


@pytest.mark.parametrize("empty", [".", "0", "-", "_", " "], ids=repr)
def test_to_line_of_parse_normalises_empty_cells(empty: str) -> None:
    line = EASY.replace(".", empty)
    assert to_line(parse(line)) == EASY
    assert to_line(parse(line), empty) == line


def test_to_pretty_layout() -> None:
    lines = to_pretty(EASY_GRID).split("\n")
    assert len(lines) == 11
    assert lines[0] == ". . 3 | . 2 . | 6 . ."
    assert lines[3] == lines[7] == "------+-------+------"
    assert lines[10] == ". . 5 | . 1 . | 3 . ."
    assert all(len(line) == 21 for line in lines)


@pytest.mark.parametrize("grid", [EASY_GRID, SOLVED, (0,) * 81], ids=["easy", "solved", "empty"])
def test_to_pretty_parses_back(grid: Grid) -> None:
    assert parse(to_pretty(grid)) == grid
    assert parse(to_line(grid)) == grid
    assert parse(to_line(grid, "0")) == grid


# --- units, names, peers --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("unit", "name"),
    [
        (0, "row 1"),
        (8, "row 9"),
        (9, "column 1"),
        (13, "column 5"),
        (17, "column 9"),
        (18, "box 1"),
        (22, "box 5"),
        (26, "box 9"),
    ],
)
def test_unit_name(unit: int, name: str) -> None:
    assert unit_name(unit) == name


@pytest.mark.parametrize(
    ("cell", "name"), [(0, "r1c1"), (8, "r1c9"), (9, "r2c1"), (32, "r4c6"), (80, "r9c9")]
)
def test_cell_name(cell: int, name: str) -> None:
    assert cell_name(cell) == name


def test_units_and_peers_have_the_sudoku_shape() -> None:
    assert len(UNITS) == 27
    assert all(len(set(unit)) == 9 for unit in UNITS)
    for group in (ROWS, COLS, BOXES):  # each kind of unit covers the grid once
        assert sorted(c for unit in group for c in unit) == list(CELLS)
    assert BOXES[4] == (30, 31, 32, 39, 40, 41, 48, 49, 50)
    for c in CELLS:
        assert all(c in UNITS[u] for u in UNITS_OF[c])
        assert len(PEERS[c]) == 20
        assert c not in PEERS[c]
        assert set(PEERS[c]) == {p for u in UNITS_OF[c] for p in UNITS[u]} - {c}
    assert unit_name(UNITS_OF[32][0]) == "row 4"
    assert unit_name(UNITS_OF[32][1]) == "column 6"
    assert unit_name(UNITS_OF[32][2]) == "box 5"


# --- conflicts ------------------------------------------------------------------------------


def grid_with(**cells: int) -> Grid:
    """An otherwise empty grid with digits at cells named like r1c1=5."""
    grid = [0] * 81
    for name, digit in cells.items():
        row, col = int(name[1]), int(name[3])
        grid[9 * (row - 1) + col - 1] = digit
    return tuple(grid)


def test_no_conflicts_in_a_puzzle_or_its_solution() -> None:
    assert conflicts(EASY_GRID) == []
    assert conflicts(SOLVED) == []
    assert conflicts((0,) * 81) == []
    assert clashing_cells(EASY_GRID) == frozenset()


def test_conflict_in_a_row() -> None:
    grid = grid_with(r1c1=5, r1c9=5)
    assert conflicts(grid) == [Conflict(5, 0, (0, 8))]
    assert conflicts(grid)[0].describe() == "5 appears 2 times in row 1 (r1c1, r1c9)"


def test_conflict_in_a_column_three_times() -> None:
    grid = grid_with(r1c4=7, r5c4=7, r9c4=7)
    assert conflicts(grid) == [Conflict(7, 12, (3, 39, 75))]
    assert conflicts(grid)[0].describe() == "7 appears 3 times in column 4 (r1c4, r5c4, r9c4)"


def test_conflict_in_a_box() -> None:
    grid = grid_with(r4c4=2, r6c6=2)
    assert conflicts(grid) == [Conflict(2, 22, (30, 50))]
    assert conflicts(grid)[0].describe() == "2 appears 2 times in box 5 (r4c4, r6c6)"


def test_a_pair_in_a_row_and_a_box_is_two_conflicts_in_unit_order() -> None:
    grid = grid_with(r2c1=9, r2c3=9, r8c8=4, r8c2=4, r1c1=3, r9c1=3)
    assert [(c.digit, unit_name(c.unit), c.cells) for c in conflicts(grid)] == [
        (9, "row 2", (9, 11)),
        (4, "row 8", (64, 70)),
        (3, "column 1", (0, 72)),
        (9, "box 1", (9, 11)),
    ]
    assert clashing_cells(grid) == frozenset({0, 9, 11, 64, 70, 72})


def test_conflicts_within_one_unit_are_ordered_by_digit() -> None:
    grid = grid_with(r1c1=8, r1c2=1, r1c5=8, r1c7=1)
    assert [(c.digit, c.unit) for c in conflicts(grid)] == [(1, 0), (8, 0)]


def test_conflicting_cells_of_a_solution_with_two_cells_swapped() -> None:
    grid = list(SOLVED)
    grid[0], grid[1] = grid[1], grid[0]  # the row stays whole; columns 1 and 2 break
    assert conflicts(SOLVED) == []
    found = conflicts(tuple(grid))
    assert {unit_name(c.unit) for c in found} == {"column 1", "column 2"}
    assert {0, 1} <= clashing_cells(tuple(grid))


# --- candidates -----------------------------------------------------------------------------


def test_candidates_of_the_first_cell_by_hand() -> None:
    # r1c1: row 1 holds 2 3 6, column 1 holds 7 8 9, box 1 holds 1 3 9: 4 and 5 are left.
    assert DIGITS_OF[candidates(EASY_GRID)[0]] == (4, 5)


def test_candidates_of_given_cells_are_their_digits() -> None:
    masks = candidates(EASY_GRID)
    assert len(masks) == 81
    for c in CELLS:
        if EASY_GRID[c]:
            assert masks[c] == BIT[EASY_GRID[c]]


def test_candidates_allow_the_solution_and_exclude_every_peer_digit() -> None:
    masks = candidates(EASY_GRID)
    for c in CELLS:
        if not EASY_GRID[c]:
            assert masks[c] & BIT[SOLVED[c]]
            assert all(not masks[c] & BIT[EASY_GRID[p]] for p in PEERS[c] if EASY_GRID[p])


def test_candidates_of_an_empty_grid_and_a_grid_missing_one_cell() -> None:
    assert candidates((0,) * 81) == [ALL] * 81
    for cell in (0, 40, 80):
        grid = (*SOLVED[:cell], 0, *SOLVED[cell + 1 :])
        assert candidates(grid)[cell] == BIT[SOLVED[cell]]


def test_a_cell_with_no_candidate_has_an_empty_mask() -> None:
    grid = parse(".12345678" + "9" + "." * 71)
    assert candidates(grid)[0] == 0


# --- is_solution_of -------------------------------------------------------------------------


def test_the_solution_is_a_solution() -> None:
    assert is_solution_of(SOLVED, EASY_GRID)
    assert is_solution_of(SOLVED, (0,) * 81)
    assert is_solution_of(SOLVED, SOLVED)


def test_a_valid_grid_that_changes_a_given_is_not_a_solution() -> None:
    relabelled = tuple(d % 9 + 1 for d in SOLVED)  # still valid, but every digit changed
    assert is_solution_of(relabelled, (0,) * 81)
    assert not is_solution_of(relabelled, EASY_GRID)


@pytest.mark.parametrize("cell", [0, 40, 80])
def test_an_incomplete_grid_is_not_a_solution(cell: int) -> None:
    grid = (*SOLVED[:cell], 0, *SOLVED[cell + 1 :])
    assert not is_solution_of(grid, (0,) * 81)


def test_a_grid_that_breaks_a_rule_is_not_a_solution() -> None:
    swapped = list(SOLVED)
    swapped[0], swapped[1] = swapped[1], swapped[0]  # rows and boxes still whole
    assert not is_solution_of(tuple(swapped), (0,) * 81)
    shifted = tuple(
        SOLVED[9 * r + (c + 1) % 9] if r == 0 else SOLVED[9 * r + c]
        for r in range(9)
        for c in range(9)
    )
    assert not is_solution_of(shifted, (0,) * 81)
    assert not is_solution_of((1,) * 81, (0,) * 81)


def test_a_grid_of_the_wrong_size_or_with_bad_values_is_not_a_solution() -> None:
    assert not is_solution_of(SOLVED[:80], (0,) * 81)
    assert not is_solution_of((*SOLVED, 1), (0,) * 81)
    assert not is_solution_of((10, *SOLVED[1:]), (0,) * 81)
    assert not is_solution_of((-1, *SOLVED[1:]), (0,) * 81)


def test_to_pretty_draws_what_people_paste() -> None:
    assert to_pretty(EASY_GRID) == pretty_by_hand()


def test_a_digit_takes_the_article_its_name_needs() -> None:
    assert [a_digit(d) for d in (1, 7, 8, 9)] == ["a 1", "a 7", "an 8", "a 9"]
