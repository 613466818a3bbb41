"""The JSON API (/api/v1): each endpoint's answers against the engine's own, each kind of bad
input, budgets running out, and the headers (content type, caching, CORS). Every answer the
`api` fixture gets is also checked against the OpenAPI document (tests/api_doc_check.py)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

import pytest
from api_doc_check import ApiClient, check_error
from fakes import never_made
from flask import Flask
from flask.testing import FlaskClient
from puzzles import EASY, EASY_SOLUTION
from werkzeug.exceptions import TooManyRequests

import webapp.api
import webapp.guard
from webapp import create_app
from webapp.api_json import VERDICTS
from webapp.api_page import sections
from webapp.guard import TooSlow
from webapp.lab import EXAMPLES
from webapp.sudoku import (
    ALGORITHMS,
    GRADE_BUDGET,
    HINT_BUDGET,
    WEB_BUDGET,
    Budget,
    Generated,
    Grid,
    candidates,
    cell_name,
    conflicts,
    count_solutions,
    generate,
    grade,
    hint,
    next_step,
    parse,
    solve_logically,
    to_line,
    to_pretty,
    unit_name,
)
from webapp.urlstate import GameState

TOP95 = EXAMPLES[1].puzzle  # unique; backtracking gives up on it within 20,000 nodes
DEFEATS_BACKTRACKING = EXAMPLES[2].puzzle  # 69 million nodes of cell-order backtracking
TWO_SOLUTIONS = EXAMPLES[3].puzzle
NO_SOLUTION = EXAMPLES[4].puzzle  # no clash, yet no grid fits
README = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
CHAINS = "6..3.2....5.....1..........7.26............543.........8.15........4.2........7.."
CLASH = "33" + EASY[2:]  # two 3s in row 1


@pytest.fixture
def api(client: FlaskClient) -> ApiClient:
    return ApiClient(client)


def line(text: str) -> str:
    return to_line(parse(text))


def digits(mask: int) -> str:
    return "".join(str(d) for d in range(1, 10) if mask >> (d - 1) & 1)


def notes_of(masks: tuple[int, ...] | list[int]) -> dict[str, str]:
    return {cell_name(c): digits(m) for c, m in enumerate(masks) if m}


def chain_position() -> tuple[str, dict[str, str]]:
    """A position of CHAINS whose next step is a chain: the grid and the candidates left (as
    notes) after the logical solve's steps before its first chain."""
    grid = list(parse(CHAINS))
    masks = candidates(grid)
    for step in solve_logically(tuple(grid)).steps:
        if "chain" in step.technique.lower():
            break
        for cell, digit in step.placements:
            grid[cell] = digit
        masks = candidates(grid, [0 if grid[c] else masks[c] for c in range(81)])
        for cell, digit in step.eliminations:
            masks[cell] &= ~(1 << (digit - 1))
    notes = [0 if grid[c] else masks[c] for c in range(81)]
    return to_line(tuple(grid)), notes_of(notes)


# Reading puzzles and positions


def test_parse_reads_every_format_the_engine_reads(api: ApiClient) -> None:
    zeros = EASY.replace(".", "0")
    for text in (EASY, zeros, EASY.replace(".", "-"), to_pretty(parse(EASY)), f"\n{EASY}\n"):
        body = api.both("parse", {"puzzle": text})
        assert body["puzzle"] == EASY
        assert body["givens"] == sum(ch != "." for ch in EASY)
        assert body["pretty"] == to_pretty(parse(EASY))
        assert body["conflicts"] == []
        assert body["url"] == GameState(parse(EASY)).url
    assert api.client.get(body["url"]).status_code == 200


def test_parse_names_the_clash_among_givens(api: ApiClient) -> None:
    body = api.both("parse", {"puzzle": CLASH})
    assert [c.describe() for c in conflicts(parse(CLASH))] == [
        "3 appears 3 times in row 1 (r1c1, r1c2, r1c3)",
        "3 appears 3 times in box 1 (r1c1, r1c2, r1c3)",
    ]
    assert body["conflicts"] == [
        {"digit": 3, "unit": unit, "cells": ["r1c1", "r1c2", "r1c3"], "text": text}
        for unit, text in (
            ("row 1", "3 appears 3 times in row 1 (r1c1, r1c2, r1c3)"),
            ("box 1", "3 appears 3 times in box 1 (r1c1, r1c2, r1c3)"),
        )
    ]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (EASY[:4] + "x" + EASY[5:], "unexpected 'x' at row 1, column 5"),
        (EASY[:13] + "x" + EASY[14:], "unexpected 'x' at row 2, column 5"),
        (EASY[:80], "expected 81 cells, found 80"),
        ("   ", "the puzzle is empty: enter or paste 81 cells"),
        ("1" * 5000, "the input is 5000 characters long; a puzzle needs 81"),
        ("\n".join([EASY[:9]] * 8), "found 8 rows, expected 9"),
    ],
)
def test_a_puzzle_that_cant_be_read_says_what_and_where(
    api: ApiClient, text: str, message: str
) -> None:
    assert check_error(api.get("parse", {"puzzle": text}), 400, "bad_puzzle", "puzzle") == message
    assert check_error(api.post("solve", {"puzzle": text}), 400, "bad_puzzle", "puzzle") == message


def test_check_gives_conflicts_and_candidates(api: ApiClient) -> None:
    entries = ["."] * 81
    entries[0] = "4"  # r1c1: right (the solution's 4)
    entries[1] = "3"  # r1c2: clashes with the given 3 in r1c3
    notes = {"r1c4": "9", "r1c6": "1234"}  # r1c4 may hold 4 or 9, r1c6 1 or 7 (4 is entered)
    body = api.both("check", {"puzzle": EASY, "entries": "".join(entries), "notes": notes})
    grid = tuple(int(d) if d != "." else 0 for d in body["grid"])
    masks = [0] * 81
    masks[3], masks[5] = 0b100000000, 0b1111
    want = candidates(grid, masks)
    assert body["puzzle"] == EASY
    assert grid == tuple(
        max(a, b) for a, b in zip(parse(EASY), parse("".join(entries)), strict=True)
    )
    assert body["conflicts"] == [
        {
            "digit": c.digit,
            "unit": unit_name(c.unit),
            "cells": [cell_name(x) for x in c.cells],
            "text": c.describe(),
        }
        for c in conflicts(grid)
    ]
    assert [(c["unit"], c["cells"]) for c in body["conflicts"]] == [
        ("row 1", ["r1c2", "r1c3"]),
        ("box 1", ["r1c2", "r1c3"]),
    ]
    assert body["candidates"] == {cell_name(c): digits(want[c]) for c in range(81) if not grid[c]}
    assert body["candidates"]["r1c4"] == "9" and body["candidates"]["r1c6"] == "1"
    assert body["filled"] == sum(1 for d in grid if d)
    assert not body["complete"] and not body["solved"]


def test_check_knows_a_solved_grid(api: ApiClient) -> None:
    body = api.both("check", {"puzzle": EASY, "entries": _entries_for(EASY, EASY_SOLUTION)})
    assert body["complete"] and body["solved"] and body["candidates"] == {}
    assert body["grid"] == EASY_SOLUTION


def _entries_for(puzzle: str, solution: str) -> str:
    """The solution's digits in the cells the puzzle leaves empty."""
    return "".join("." if p != "." else s for p, s in zip(puzzle, solution, strict=True))


@pytest.mark.parametrize(
    ("params", "field", "message"),
    [
        ({"entries": "..5" + "." * 78}, "entries", "entries put a 5 in r1c3, which holds"),
        ({"entries": "x" * 81}, "entries", "entries: unexpected 'x' at row 1, column 1"),
        ({"notes": {"r1c3": "12"}}, "notes", "notes are in r1c3, which holds a 3"),
        ({"notes": {"r10c1": "12"}}, "notes", "notes: 'r10c1' is not a cell"),
        ({"notes": {"R1C4": "12"}}, "notes", "notes: 'R1C4' is not a cell"),
        ({"notes": {"r1c4": "102"}}, "notes", "notes: r1c4 has '102'; notes are a string"),
        ({"notes": {"r1c4": 12}}, "notes", "notes: r1c4 has 12; notes are a string"),
        ({"notes": {"r1c4": None}}, "notes", "notes: r1c4 has null; notes are a string"),
        ({"notes": ["r1c4"]}, "notes", "notes must map cells to digits"),
        (
            {"notes": "r1c4=19"},
            "notes",
            'notes must map cells to digits, like {"r1c3": "137"}, not a string',
        ),
    ],
)
def test_a_position_that_cant_be_read_says_what_and_where(
    api: ApiClient, params: dict[str, Any], field: str, message: str
) -> None:
    for name in ("check", "hint", "step"):
        error = check_error(api.post(name, {"puzzle": EASY, **params}), 400, "bad_value", field)
        assert error.startswith(message), error


def test_notes_in_a_query_are_written_deep_object_style(api: ApiClient) -> None:
    good = api.get("check", f"puzzle={EASY}&notes[r1c4]=79")
    assert good.get_json()["candidates"]["r1c4"] == "9"
    error = check_error(api.get("check", f"puzzle={EASY}&notes=r1c4:79"), 400, "bad_value", "notes")
    assert "notes[r1c3]=137" in error
    error = check_error(
        api.get("check", f"puzzle={EASY}&notes[r1c4]=7&notes[r1c4]=9"),
        400,
        "repeated_parameter",
        "notes",
    )
    assert error == "'notes[r1c4]' appears 2 times in the query; give it once"


# Solving and counting


@pytest.mark.parametrize("algorithm", list(ALGORITHMS))
@pytest.mark.parametrize("puzzle", [EASY, TOP95, TWO_SOLUTIONS, NO_SOLUTION, CLASH, README])
def test_solve_agrees_with_the_engine(api: ApiClient, algorithm: str, puzzle: str) -> None:
    body = api.both("solve", {"puzzle": puzzle, "algorithm": algorithm})
    found = count_solutions(parse(puzzle), 2, algorithm=algorithm, budget=WEB_BUDGET)
    assert body["verdict"] == VERDICTS[found.verdict]
    assert body["reason"] == found.reason
    assert body["solutions"] == [to_line(s) for s in found.solutions]
    assert body["solution"] == (
        to_line(found.solutions[0]) if body["verdict"] == "unique" else None
    )
    assert body["differing"] == [cell_name(c) for c in found.differing]
    stats = found.stats
    assert body["stats"] == {
        "algorithm": algorithm,
        "nodes": stats.nodes,
        "guesses": stats.guesses,
        "backtracks": stats.backtracks,
    }
    assert body["budget"] == {"nodes": WEB_BUDGET.nodes}


def test_solve_says_what_it_found(api: ApiClient) -> None:
    easy = api.get("solve", {"puzzle": EASY}).get_json()
    assert (easy["verdict"], easy["solution"]) == ("unique", EASY_SOLUTION)
    two = api.get("solve", {"puzzle": TWO_SOLUTIONS}).get_json()
    assert two["verdict"] == "multiple" and two["solution"] is None
    assert len(two["solutions"]) == 2 and two["differing"]
    assert all(
        two["solutions"][0][c] != two["solutions"][1][c]
        for c in (9 * (int(n[1]) - 1) + int(n[3]) - 1 for n in two["differing"])
    )
    none = api.get("solve", {"puzzle": NO_SOLUTION}).get_json()
    assert none["verdict"] == "no_solution" and none["solutions"] == []
    clash = api.get("solve", {"puzzle": CLASH}).get_json()
    assert clash["verdict"] == "no_solution"
    assert clash["reason"] == "the givens clash: 3 appears 3 times in row 1 (r1c1, r1c2, r1c3)"


def test_solve_budget_runs_out_the_same_way_every_time(api: ApiClient) -> None:
    """Cell-order backtracking needs 69 million nodes on this one: the web budget stops it."""
    answers = [
        api.get("solve", {"puzzle": DEFEATS_BACKTRACKING, "algorithm": "backtrack"}).get_json()
        for _ in range(2)
    ]
    assert answers[0] == answers[1]
    body = answers[0]
    assert body["verdict"] == "gave_up" and body["solution"] is None
    assert body["reason"] == "the budget ran out before a solution was found"
    assert body["stats"]["nodes"] == WEB_BUDGET.nodes
    small = api.both("solve", {"puzzle": TOP95, "nodes": 10})
    assert small["verdict"] == "gave_up" and small["stats"]["nodes"] == 10
    assert small["budget"] == {"nodes": 10}


def test_count_agrees_with_the_engine(api: ApiClient) -> None:
    for puzzle, limit in ((EASY, 2), (TWO_SOLUTIONS, 2), (TWO_SOLUTIONS, 3), (NO_SOLUTION, 5)):
        body = api.both("count", {"puzzle": puzzle, "limit": limit})
        found = count_solutions(parse(puzzle), limit, budget=WEB_BUDGET)
        assert body["count"] == len(found.solutions)
        assert body["verdict"] == VERDICTS[found.verdict] and body["reason"] == found.reason
        assert body["limit"] == limit and body["stats"]["nodes"] == found.stats.nodes
    assert api.get("count", {"puzzle": TWO_SOLUTIONS, "limit": 3}).get_json()["exact"]
    assert not api.get("count", {"puzzle": TWO_SOLUTIONS}).get_json()["exact"]  # 2 = the limit
    sparse = "1" + "." * 80
    many = api.both("count", {"puzzle": sparse, "limit": 1000})
    assert (many["count"], many["exact"], many["verdict"]) == (1000, False, "multiple")
    cut = api.both("count", {"puzzle": sparse, "limit": 1000, "nodes": 1000})  # 2,025 needed
    assert cut["verdict"] == "multiple" and not cut["exact"] and 2 <= cut["count"] < 1000
    starved = api.both("count", {"puzzle": sparse, "nodes": 1})
    assert (starved["verdict"], starved["count"], starved["exact"]) == ("gave_up", 0, False)
    one = api.get("count", {"puzzle": EASY, "limit": 1}).get_json()
    assert (one["count"], one["verdict"], one["exact"]) == (1, "solved", False)


@pytest.mark.parametrize(
    ("name", "params", "field", "message"),
    [
        ("solve", {"algorithm": "quantum"}, "algorithm", "algorithm must be one of propagate, "),
        ("solve", {"nodes": 0}, "nodes", "nodes must be a whole number from 1 to 20,000, not '0'"),
        ("solve", {"nodes": 20_001}, "nodes", "nodes must be a whole number from 1 to 20,000"),
        ("solve", {"nodes": "²"}, "nodes", "nodes must be a whole number from 1 to 20,000"),
        ("solve", {"nodes": "-5"}, "nodes", "nodes must be a whole number"),
        ("count", {"limit": 1001}, "limit", "limit must be a whole number from 1 to 1,000"),
        ("count", {"limit": "2.0"}, "limit", "limit must be a whole number from 1 to 1,000"),
        ("hint", {"cell": "r0c1"}, "cell", "cell must name a cell like r4c6"),
        ("hint", {"nodes": 20_001}, "nodes", "nodes must be a whole number from 1 to 20,000"),
        ("grade", {"nodes": 120_001}, "nodes", "nodes must be a whole number from 1 to 120,000"),
    ],
)
def test_a_bad_value_in_a_query_says_which_and_why(
    api: ApiClient, name: str, params: dict[str, Any], field: str, message: str
) -> None:
    error = check_error(api.get(name, {"puzzle": EASY, **params}), 400, "bad_value", field)
    assert error.startswith(message), error


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (True, "nodes must be a whole number from 1 to 20,000, not true"),
        (10.5, "nodes must be a whole number from 1 to 20,000, not 10.5"),
        (1e300, "nodes must be a whole number from 1 to 20,000, not 1e+300"),
        ("10", "nodes must be a whole number from 1 to 20,000, not '10'"),
        ([10], "nodes must be a whole number from 1 to 20,000, not [10]"),
    ],
)
def test_json_numbers_are_json_numbers(api: ApiClient, value: object, message: str) -> None:
    error = check_error(
        api.post("solve", {"puzzle": EASY, "nodes": value}), 400, "bad_value", "nodes"
    )
    assert error == message


def test_a_whole_number_written_with_a_fraction_is_a_whole_number(api: ApiClient) -> None:
    """JSON Schema (so the OpenAPI document) counts 10.0 as an integer: it is taken as 10."""
    for nodes in (10, 10.0):
        answer = api.post("solve", {"puzzle": EASY, "nodes": nodes})
        assert answer.status_code == 200 and answer.get_json()["budget"] == {"nodes": 10}
    made = api.post("generate", {"level": "easy", "seed": 1234.0}).get_json()
    assert made == api.post("generate", {"level": "easy", "seed": 1234}).get_json()


def test_a_json_number_too_long_for_an_int_is_a_bad_value(api: ApiClient) -> None:
    """Python reads at most 4,300 digits into an int: a longer JSON number is still valid
    JSON, and a value out of range."""
    for sign, shown in (("", "Infinity"), ("-", "-Infinity")):
        data = f'{{"puzzle": "{EASY}", "nodes": {sign}{"9" * 5000}}}'
        response = api.post("solve", data=data, content_type="application/json")
        assert check_error(response, 400, "bad_value", "nodes") == (
            f"nodes must be a whole number from 1 to 20,000, not {shown}"
        )
    data = f'{{"puzzle": {"9" * 5000}}}'
    response = api.post("solve", data=data, content_type="application/json")
    assert check_error(response, 400, "bad_value", "puzzle") == (
        "puzzle must be a string, not a number"
    )


def test_a_json_puzzle_is_a_string(api: ApiClient) -> None:
    error = check_error(
        api.post("solve", {"puzzle": list(parse(EASY))}), 400, "bad_value", "puzzle"
    )
    assert error == "puzzle must be a string, not an array"


# Hints and steps


def test_hint_is_the_sites_hint(api: ApiClient) -> None:
    """No entries, a selected cell, a wrong entry, notes without the cell's digit: each answer
    carries the engine's hint for the same position, every level at once."""
    wrong = list(_entries_for(EASY, EASY_SOLUTION))
    cases: list[tuple[dict[str, Any], str]] = [
        ({}, "step"),
        ({"cell": "r5c5"}, "step"),
        ({"cell": "r1c3"}, "step"),  # a given: a hint about anywhere, about the cell asked
        ({"entries": "." + "4" + "." * 79}, "mistake"),  # r1c2 is 8 in the solution
        ({"notes": {"r1c1": "12"}}, "mistake"),  # r1c1 needs a 4
        ({"entries": "".join(wrong)}, "problem"),  # full and right: nothing left to find
    ]
    for params, kind in cases:
        body = api.both("hint", {"puzzle": EASY, **params})
        entries = parse(params["entries"]) if "entries" in params else (0,) * 81
        masks = [0] * 81
        for name, noted in params.get("notes", {}).items():
            masks[9 * (int(name[1]) - 1) + int(name[3]) - 1] = int(
                sum(1 << (int(d) - 1) for d in noted)
            )
        target = params.get("cell")
        cell = None if target is None else 9 * (int(target[1]) - 1) + int(target[3]) - 1
        found = hint(parse(EASY), entries, masks, cell, budget=HINT_BUDGET)
        assert body["kind"] == kind
        assert body["cell"] == target
        assert (body["look"], body["technique"], body["move"]) == (
            found.look,
            found.technique,
            found.move,
        )
        assert (body["direct"], body["helps"], body["after"], body["note"]) == (
            found.direct,
            found.helps,
            found.after,
            found.note,
        )
        if found.step:
            step = body["step"]
            assert step["technique"] == found.step.technique
            assert step["rating"] == found.step.rating and step["text"] == found.step.text
            assert step["placements"] == [
                {"cell": cell_name(c), "digit": d} for c, d in found.step.placements
            ]
            assert step["eliminations"] == [
                {"cell": cell_name(c), "digit": d} for c, d in found.step.eliminations
            ]
            assert step["cells"] == [cell_name(c) for c in found.step.cells]
        else:
            assert body["step"] is None
        if found.mistake:
            mistake = body["mistake"]
            assert mistake["cell"] == cell_name(found.mistake.cell)
            assert (mistake["digit"], mistake["kind"], mistake["text"]) == (
                found.mistake.digit,
                found.mistake.kind,
                found.mistake.text,
            )
            assert mistake["cells"] == [cell_name(c) for c in found.mistake.cells]
        else:
            assert body["mistake"] is None
    assert (
        api.get("hint", {"puzzle": EASY, "entries": "." + "4" + "." * 79}).get_json()["move"]
        == "Clear r1c2"
    )


def test_the_api_pages_hint_example_is_about_its_cell(api: ApiClient) -> None:
    """The /api page's "Try it" link for /hint asks about a cell its puzzle leaves empty, so
    the hint is about that cell (a filled one gets a hint about anywhere)."""
    example = next(s.example for s in sections() if s.name == "hint")
    query = parse_qs(example.split("?", 1)[1])
    body = api.get("hint", example.split("?", 1)[1]).get_json()
    cell = query["cell"][0]
    assert parse(query["puzzle"][0])[9 * (int(cell[1]) - 1) + int(cell[3]) - 1] == 0
    assert body["cell"] == cell and body["kind"] == "step" and body["note"] == ""
    assert body["look"].startswith(f"Not yet: {cell} can be filled after two steps.")


def test_hint_on_a_puzzle_without_one_solution_is_a_problem(api: ApiClient) -> None:
    for puzzle in (TWO_SOLUTIONS, NO_SOLUTION, CLASH):
        body = api.both("hint", {"puzzle": puzzle})
        assert body["kind"] == "problem" and body["step"] is None and body["mistake"] is None
        assert body["look"] == hint(parse(puzzle), (0,) * 81, budget=HINT_BUDGET).look


def test_hint_and_step_budgets_run_out_the_same_way_every_time(api: ApiClient) -> None:
    """The chain the position needs is found within the budget; with 30 nodes the solve still
    fits but the chain search does not, so the step is read from the solution; with 5 even
    the solve runs out."""
    grid, notes = chain_position()
    masks = [0] * 81
    for name, noted in notes.items():
        masks[9 * (int(name[1]) - 1) + int(name[3]) - 1] = sum(1 << (int(d) - 1) for d in noted)
    whole = api.both("step", {"puzzle": grid, "notes": notes})
    assert "chain" in whole["step"]["technique"].lower() and not whole["step"]["last_resort"]
    found = next_step(parse(grid), masks, budget=HINT_BUDGET)
    assert found is not None and whole["step"]["technique"] == found.technique
    cut = [api.both("step", {"puzzle": grid, "notes": notes, "nodes": 30}) for _ in range(2)]
    assert cut[0] == cut[1]
    assert cut[0]["step"]["technique"] == "Solution lookup" and cut[0]["step"]["last_resort"]
    out = api.both("step", {"puzzle": grid, "notes": notes, "nodes": 5})
    assert out["step"] is None
    assert out["reason"] == "the budget ran out before the position's solution was found"
    hinted = api.both("hint", {"puzzle": grid, "notes": notes, "nodes": 30})
    assert hinted["step"]["technique"] == "Solution lookup"
    starved = api.both("hint", {"puzzle": grid, "notes": notes, "nodes": 5})
    assert starved["kind"] == "problem" and "ran out of its budget" in starved["look"]


def test_step_says_why_there_is_none(api: ApiClient) -> None:
    full = api.both("step", {"puzzle": EASY, "entries": _entries_for(EASY, EASY_SOLUTION)})
    assert full["step"] is None and full["reason"].startswith("the grid is full")
    clash = api.both("step", {"puzzle": CLASH})
    assert clash["reason"] == "the digits clash: 3 appears 3 times in row 1 (r1c1, r1c2, r1c3)"
    two = api.both("step", {"puzzle": TWO_SOLUTIONS})
    assert two["step"] is None and "more than one solution" in two["reason"]
    none = api.both("step", {"puzzle": NO_SOLUTION})
    assert none["reason"] == "the position has no solution"
    wrong = api.both("step", {"puzzle": EASY, "entries": "." + "4" + "." * 79})
    assert wrong["reason"] == "the position has no solution: an entry is wrong (/hint says which)"
    broken = api.both("step", {"puzzle": EASY, "notes": {"r1c1": "9"}})  # r1c1 can't be 9
    assert broken["step"] is None and "without a candidate" in broken["reason"]
    easy = api.both("step", {"puzzle": EASY})
    found = next_step(parse(EASY), budget=HINT_BUDGET)
    assert found is not None and easy["step"]["technique"] == found.technique
    assert easy["reason"] == "" and easy["grid"] == EASY


# Grading and generating


def test_grade_agrees_with_the_engine(api: ApiClient) -> None:
    for puzzle in (EASY, TOP95, CHAINS):
        body = api.both("grade", {"puzzle": puzzle})
        found = grade(parse(puzzle), budget=GRADE_BUDGET)
        assert (body["rating"], body["level"], body["hardest"]) == (
            found.rating,
            found.level.lower(),
            found.hardest,
        )
        assert body["techniques"] == [{"technique": t, "steps": n} for t, n in found.counts]
        assert body["steps"] == found.steps and body["at_least"] is False
        assert body["without_last_resort"] == found.without_last_resort
    assert api.get("grade", {"puzzle": CHAINS}).get_json()["level"] == "extreme"


def test_grade_budget_runs_out_the_same_way_every_time(api: ApiClient) -> None:
    cut = [api.both("grade", {"puzzle": CHAINS, "nodes": 300}) for _ in range(2)]
    assert cut[0] == cut[1] and cut[0]["at_least"]
    found = grade(parse(CHAINS), budget=Budget(nodes=300))
    assert cut[0]["rating"] == found.rating and found.gave_up
    assert cut[0]["budget"] == {"nodes": 300}


@pytest.mark.parametrize(
    ("puzzle", "code", "message"),
    [
        (TWO_SOLUTIONS, "multiple_solutions", "the puzzle can't be graded: two solutions differ"),
        (NO_SOLUTION, "no_solution", "the puzzle can't be graded: every way of filling"),
        (CLASH, "no_solution", "the puzzle can't be graded: the givens clash: 3 appears"),
    ],
)
def test_grade_needs_exactly_one_solution(
    api: ApiClient, puzzle: str, code: str, message: str
) -> None:
    error = check_error(api.get("grade", {"puzzle": puzzle}), 422, code, "puzzle")
    assert error.startswith(message)
    check_error(api.post("grade", {"puzzle": puzzle}), 422, code, "puzzle")


def test_grade_when_the_uniqueness_check_runs_out(
    api: ApiClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(webapp.api, "WEB_BUDGET", Budget(nodes=1))
    error = check_error(api.get("grade", {"puzzle": TOP95}), 422, "budget_exhausted", "puzzle")
    assert error == "the puzzle can't be graded: the budget ran out before a solution was found"


def test_generate_from_a_seed_is_the_engines_puzzle(api: ApiClient) -> None:
    body = api.both("generate", {"level": "hard", "seed": 5})
    made = generate("hard", 5, max_attempts=100)
    assert body["puzzle"] == to_line(made.puzzle) and body["solution"] == to_line(made.solution)
    assert (body["level"], body["seed"], body["symmetric"]) == ("hard", made.seed, True)
    assert body["grade"]["rating"] == made.grade.rating and body["grade"]["level"] == "hard"
    assert body["url"] == GameState(made.puzzle, origin=f"hard-{made.seed}").url
    assert api.client.get(body["url"]).status_code == 200
    free = api.both("generate", {"level": "easy", "seed": 7, "symmetric": False})
    assert free["symmetric"] is False and "g=" not in free["url"]
    assert free["puzzle"] == to_line(generate("easy", 7, symmetric=False).puzzle)


def test_generate_lays_out_each_level_as_the_site_does(api: ApiClient) -> None:
    """Extreme puzzles are laid out freely by default, on the site and here, so a seed makes
    the same puzzle in both and the answer's g= link is the site's; a symmetric one asked for
    is another puzzle, with no such link."""
    body = api.get("generate", {"level": "extreme", "seed": 5}).get_json()
    assert body["symmetric"] is False
    site = api.client.get(f"/new/extreme/{body['seed']}").headers["Location"]
    assert site == body["url"] and f"g=extreme-{body['seed']}" in site
    shaped = api.get("generate", {"level": "extreme", "seed": 5, "symmetric": "true"}).get_json()
    assert shaped["symmetric"] is True and "g=" not in shaped["url"]


def test_generate_without_a_seed_makes_a_new_puzzle(api: ApiClient) -> None:
    response = api.get("generate", {"level": "medium"})
    body = response.get_json()
    assert body["level"] == "medium" and body["grade"]["level"] == "medium"
    assert response.headers["Cache-Control"] == "no-store"
    again = generate("medium", body["seed"], max_attempts=1)  # its seed makes it in one go
    assert to_line(again.puzzle) == body["puzzle"]
    found = count_solutions(parse(body["puzzle"]), 2)
    assert found.verdict.value == "unique" and to_line(found.solutions[0]) == body["solution"]


def test_generate_takes_a_ready_puzzle_from_the_pool(app: Flask) -> None:
    made = generate("expert", 11)

    class Pool:
        def counts(self) -> dict[str, int]:
            return {"Expert": 1}

        def take(self, level: str) -> Generated:
            assert level == "Expert"
            return made

    app.extensions["seedpool"] = Pool()
    body = app.test_client().get("/api/v1/generate?level=expert").get_json()
    assert (body["puzzle"], body["seed"]) == (to_line(made.puzzle), made.seed)


def test_generate_says_when_no_seed_makes_a_puzzle(
    api: ApiClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(webapp.api, "generate", never_made)
    error = check_error(
        api.get("generate", {"level": "extreme", "seed": 0}), 422, "no_puzzle", "seed"
    )
    assert error == "no Extreme puzzle comes from the seeds 0 to 99; try another seed"


def test_generate_without_a_seed_that_finds_none_asks_to_retry(
    api: ApiClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(webapp.api, "generate", never_made)
    response = api.get("generate", {"level": "extreme"})
    error = check_error(response, 503, "not_ready")
    assert error.startswith("no Extreme puzzle is ready and 100 fresh seeds made none")
    assert response.headers["Retry-After"] == "1"


@pytest.mark.parametrize(
    ("params", "code", "field", "message"),
    [
        ({}, "missing_parameter", "level", "level is required"),
        (
            {"level": "Hard"},
            "bad_value",
            "level",
            "level must be one of easy, medium, hard, expert, extreme (in lower case), not 'Hard'",
        ),
        ({"level": "hard", "seed": "1e3"}, "bad_value", "seed", "seed must be a whole number"),
        (
            {"level": "hard", "seed": 10**9},
            "bad_value",
            "seed",
            "seed must be a whole number from 0 to 999,999,999",
        ),
        (
            {"level": "hard", "symmetric": "yes"},
            "bad_value",
            "symmetric",
            "symmetric must be true or false",
        ),
    ],
)
def test_generate_bad_values(
    api: ApiClient, params: dict[str, Any], code: str, field: str, message: str
) -> None:
    assert check_error(api.get("generate", params), 400, code, field).startswith(message)


# The request as a whole


@pytest.mark.parametrize("name", ["parse", "check", "solve", "count", "hint", "step", "grade"])
def test_the_puzzle_is_required(api: ApiClient, name: str) -> None:
    assert check_error(api.get(name), 400, "missing_parameter", "puzzle") == "puzzle is required"
    assert (
        check_error(api.post(name, {}), 400, "missing_parameter", "puzzle") == "puzzle is required"
    )


def test_unknown_and_repeated_parameters(api: ApiClient) -> None:
    error = check_error(
        api.get("solve", {"puzzle": EASY, "algoritm": "dlx"}), 400, "unknown_parameter", "algoritm"
    )
    assert (
        error == "'algoritm' is not a parameter here; the parameters are puzzle, algorithm, nodes"
    )
    check_error(api.post("solve", {"puzzle": EASY, "seed": 1}), 400, "unknown_parameter", "seed")
    error = check_error(
        api.get("solve", f"puzzle={EASY}&puzzle={EASY}"), 400, "repeated_parameter", "puzzle"
    )
    assert error == "'puzzle' appears 2 times in the query; give it once"


def test_a_cell_repeated_in_the_bodys_notes_is_named_as_notes(api: ApiClient) -> None:
    """A cell given twice in notes is an error about notes (as in a query), not about a
    parameter named after the cell."""
    body = f'{{"puzzle": "{EASY}", "notes": {{"r1c2": "1", "r1c2": "3"}}}}'
    response = api.post("check", data=body, content_type="application/json")
    error = check_error(response, 400, "repeated_parameter", "notes")
    assert error == "'r1c2' appears 2 times in 'notes'; give it once"


def test_a_query_value_that_is_not_utf8_is_said_so(api: ApiClient) -> None:
    """Bytes that are not UTF-8 (%ff) are named as such, not as the text '%FF' they would be
    read as; the text '%FF' itself (%25FF) and UTF-8 (%C3%A9) reach the parameter's reader."""
    utf8 = "; %-escape each character's UTF-8 bytes (é is %C3%A9)"
    error = check_error(api.get("parse", f"puzzle=%ff{EASY[1:]}"), 400, "bad_value", "puzzle")
    assert error == f"the value of 'puzzle' is not valid UTF-8{utf8}"
    query = f"puzzle={EASY}&notes[r1c2]=%e9"
    error = check_error(api.get("check", query), 400, "bad_value", "notes")
    assert error == f"the value of 'notes[r1c2]' is not valid UTF-8{utf8}"
    for escaped, text in (("%25FF", "%"), ("%C3%A9", "é")):
        response = api.get("parse", f"puzzle={escaped}{EASY[1:]}")
        assert check_error(response, 400, "bad_puzzle", "puzzle") == (
            f"unexpected '{text}' at row 1, column 1"
        )


def test_json_null_means_left_out(api: ApiClient) -> None:
    body = api.post("hint", {"puzzle": EASY, "cell": None, "entries": None, "notes": None})
    assert body.get_json() == api.get("hint", {"puzzle": EASY}).get_json()


@pytest.mark.parametrize(
    ("data", "content_type", "status", "code", "message"),
    [
        ("{}", "text/plain", 415, "unsupported_media_type", "send the parameters as a JSON object"),
        ("puzzle=1", "application/x-www-form-urlencoded", 415, "unsupported_media_type", "send"),
        ("", "application/json", 400, "bad_json", "the body is empty"),
        (
            '{"puzzle": ',
            "application/json",
            400,
            "bad_json",
            "the body is not valid JSON (Expecting value, line 1, column 12)",
        ),
        (
            "[1, 2]",
            "application/json",
            400,
            "bad_json",
            'the body must be a JSON object like {"puzzle": "..."}, not an array',
        ),
        ("[" * 10_000, "application/json", 400, "bad_json", "the body is not valid JSON"),
        (b"\xff\xfe{", "application/json", 400, "bad_json", "the body is not valid JSON"),
    ],
)
def test_a_post_body_that_cant_be_read(
    api: ApiClient, data: str | bytes, content_type: str, status: int, code: str, message: str
) -> None:
    response = api.post("solve", data=data, content_type=content_type)
    assert check_error(response, status, code).startswith(message)


def test_a_key_repeated_in_the_body_is_refused_as_in_a_query(api: ApiClient) -> None:
    data = f'{{"puzzle": "{EASY}", "puzzle": "{EASY}"}}'
    response = api.post("solve", data=data, content_type="application/json")
    error = check_error(response, 400, "repeated_parameter", "puzzle")
    assert error == "'puzzle' appears 2 times in the body; give it once"


def test_a_key_that_utf8_cant_carry_is_named_escaped(api: ApiClient) -> None:
    """A JSON key may be a lone surrogate (the escape \\ud800 in the body): the error names it
    as that escape, in the message and the field, rather than failing to encode it."""
    cases = [
        (f'{{"puzzle": "{EASY}", "\\ud800": 1}}', "unknown_parameter", "is not a parameter here"),
        ('{"\\ud800": 1, "\\ud800": 2}', "repeated_parameter", "appears 2 times in the body"),
    ]
    for data, code, message in cases:
        response = api.post("parse", data=data, content_type="application/json")
        assert check_error(response, 400, code, "\\ud800").startswith(f"'\\ud800' {message}")


def test_a_post_takes_no_query(api: ApiClient) -> None:
    response = api.client.post(f"/api/v1/solve?puzzle={EASY}", json={"puzzle": EASY})
    error = check_error(response, 400, "unknown_parameter", "puzzle")
    assert error == "a POST takes its parameters in the JSON body, not in the query string"


def test_a_body_too_large_is_413(api: ApiClient) -> None:
    response = api.post("solve", {"puzzle": EASY, "pad": "x" * 20_000})
    assert check_error(response, 413, "too_large") == (
        "the request is too large: a body may have at most 16,384 bytes"
    )


def test_a_body_too_slow_is_a_408_in_the_api_shape(
    api: ApiClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    def too_slow(stream: object, most: int) -> bytes:
        raise TooSlow

    monkeypatch.setattr(webapp.guard, "_read", too_slow)
    response = api.post("solve", {"puzzle": EASY})
    message = check_error(response, 408, "request_timeout")
    assert message == "the request's body did not arrive within 10 seconds"


def test_errors_of_api_paths_are_json_and_of_pages_html(client: FlaskClient) -> None:
    for path in ("/api/", "/api/v2/solve", "/api/v1/solver", "/api/v1/solve/", "/api/v1/docs"):
        message = check_error(client.get(path), 404, "not_found")
        assert message == f"there is no endpoint at {path}; GET /api/v1/ lists them"
    response = client.delete("/api/v1/solve")
    assert check_error(response, 405, "method_not_allowed").startswith(
        "DELETE isn't accepted at /api/v1/solve; use GET, HEAD, OPTIONS, POST"
    )
    assert set(response.headers["Allow"].split(", ")) == {"GET", "HEAD", "OPTIONS", "POST"}
    check_error(client.post("/api/v1/openapi.json"), 405, "method_not_allowed")
    page = client.get("/no/such/page")
    assert page.status_code == 404 and page.mimetype == "text/html"
    assert client.get("/api/v1").status_code == 308  # to /api/v1/


def test_a_rate_limiters_429_is_in_the_api_shape(app: Flask) -> None:
    """A limiter stops a request before its view (Flask-Limiter raises TooManyRequests in a
    before_request or a decorator) and the site has its own 429 page: the API's handler
    answers it in the API's shape, Retry-After kept."""

    def limited() -> None:
        raise TooManyRequests("2 per 1 second", retry_after=7)

    app.register_error_handler(429, lambda error: ("<p>Slow down</p>", 429))
    app.before_request(limited)
    assert app.test_client().get("/").get_data(as_text=True) == "<p>Slow down</p>"
    response = app.test_client().get(f"/api/v1/solve?puzzle={EASY}")
    message = check_error(response, 429, "rate_limited")
    assert message == "too many requests (2 per 1 second); wait a moment and try again"
    assert response.headers["Retry-After"] == "7"


def test_a_429_of_the_sites_limits_says_which_ran_out() -> None:
    """As the pages' 429 does: the allowance (hints and solves share one) and its size."""
    limits = {"engine": "1 per 5 seconds", "grade": "1 per minute", "new": "1 per minute"}
    app = create_app({"TESTING": True, "SEED_POOL": 0, "RATELIMIT_ENABLED": True, "LIMITS": limits})
    api = ApiClient(app.test_client())
    api.get("solve", {"puzzle": EASY})
    response = api.get("hint", {"puzzle": EASY})
    assert check_error(response, 429, "rate_limited") == (
        "too many hints, solutions and solver runs from this client (1 every 5 seconds); "
        "wait a moment and try again"
    )
    assert int(response.headers["Retry-After"]) >= 1
    api.post("generate", {"level": "easy", "seed": 1})
    response = api.post("generate", {"level": "easy", "seed": 2})
    assert check_error(response, 429, "rate_limited").startswith(
        "too many new puzzles from this client (1 a minute); "
    )


def test_an_unexpected_error_is_a_json_500_without_details(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("secret detail")

    monkeypatch.setattr(webapp.api, "count_solutions", broken)
    app = create_app({"SEED_POOL": 0, "RATELIMIT_ENABLED": False})  # not TESTING: errors answered
    response = app.test_client().get(f"/api/v1/solve?puzzle={EASY}")
    assert check_error(response, 500, "internal_error") == (
        "the server hit an error; try again in a moment"
    )
    assert b"secret" not in response.data


# Headers


def test_get_answers_may_be_cached_post_answers_not(api: ApiClient) -> None:
    get = api.get("solve", {"puzzle": EASY})
    assert get.headers["Cache-Control"] == "public, max-age=86400"
    assert get.content_type == "application/json"
    post = api.post("solve", {"puzzle": EASY})
    assert post.headers["Cache-Control"] == "no-store"
    assert api.get("generate", {"level": "easy", "seed": 1}).headers["Cache-Control"] == (
        "public, max-age=86400"
    )


def test_any_origin_may_call_the_api(api: ApiClient, client: FlaskClient) -> None:
    assert api.get("solve", {"puzzle": EASY}).headers["Access-Control-Allow-Origin"] == "*"
    preflight = client.options(
        "/api/v1/solve",
        headers={
            "Origin": "https://example.org",
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "content-type",
        },
    )
    assert preflight.status_code == 200
    assert preflight.headers["Access-Control-Allow-Origin"] == "*"
    assert "POST" in preflight.headers["Access-Control-Allow-Methods"]
    assert preflight.headers["Access-Control-Allow-Headers"] == "Content-Type"
    assert "Access-Control-Allow-Credentials" not in preflight.headers
    page = client.get("/")
    assert "Access-Control-Allow-Origin" not in page.headers  # the pages stay same-origin


def test_the_index_lists_every_endpoint(client: FlaskClient) -> None:
    body = client.get("/api/v1/").get_json()
    paths = [e["path"] for e in body["endpoints"]]
    assert paths == [f"/api/v1/{name}" for name in webapp.api.ENDPOINTS]
    assert {"solve", "count", "hint", "grade", "generate", "parse", "check", "step"} <= set(
        webapp.api.ENDPOINTS
    )
    assert client.get(body["openapi"]).status_code == 200


def test_robots_keep_crawlers_off_the_api_but_not_its_page(client: FlaskClient) -> None:
    rules = client.get("/robots.txt").get_data(as_text=True).splitlines()
    assert "Disallow: /api/" in rules and "Disallow: /api" not in rules


def test_the_api_page_shows_every_endpoint_and_parameter(client: FlaskClient) -> None:
    response = client.get("/api")
    assert response.status_code == 200 and response.mimetype == "text/html"
    html = response.get_data(as_text=True)
    for name, endpoint in webapp.api.ENDPOINTS.items():
        assert f'id="{name}"' in html and f"<code>/api/v1/{name}</code>" in html
        for param in endpoint.params:
            assert f"<code>{param.name}</code>" in html
    assert 'href="/api/v1/openapi.json"' in html


@pytest.mark.data
def test_solve_and_grade_agree_with_the_engine_on_a_sample(
    api: ApiClient, puzzle_sample: Callable[[str, int], list[str]]
) -> None:
    for puzzle in puzzle_sample("norvig_top95.txt", 5):
        grid: Grid = parse(puzzle)
        body = api.get("solve", {"puzzle": puzzle}).get_json()
        found = count_solutions(grid, 2, budget=WEB_BUDGET)
        assert body["solutions"] == [to_line(s) for s in found.solutions]
        rated = api.get("grade", {"puzzle": puzzle}).get_json()
        assert rated["rating"] == grade(grid, budget=GRADE_BUDGET).rating


def test_the_readmes_curl_examples_work(client: FlaskClient) -> None:
    """Each curl call of the README's API section answers as its comment says (200, or the
    error quoted under it)."""
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text()
    section = readme.split("## JSON API", 1)[1].split("\n## ", 1)[0]
    lines = section.split("```sh", 1)[1].split("```", 1)[0].splitlines()
    calls = 0
    for i, text in enumerate(lines):
        if not text.startswith("curl "):
            continue
        comment = _comment_after(lines, i)
        url = re.search(r"'http://127\.0\.0\.1:8000([^']*)'|http://127\.0\.0\.1:8000(\S*)", text)
        assert url is not None, text
        path = url.group(1) or url.group(2)
        if " -d " in text:
            data = text.split(" -d '", 1)[1].rsplit("'", 1)[0]
            response = client.post(path, data=data, content_type="application/json")
        else:
            response = client.get(path)
        calls += 1
        if '"error"' in comment:
            message = re.search(r'"message": "([^"]*)"', comment)
            assert message is not None
            assert response.status_code == 400
            assert response.get_json()["error"]["message"] == message.group(1)
        else:
            assert response.status_code == 200, (text, response.get_data(as_text=True))
            pairs = set(_pairs(response.get_json()))
            for key, value in re.findall(r'"(\w+)": ("[^".]*"|\d+)', comment):
                assert (key, value) in pairs, (text, key, value)
    assert calls >= 6


def _pairs(value: object) -> list[tuple[str, str]]:
    """Every (key, JSON value) of a JSON value, however deep."""
    found = []
    if isinstance(value, dict):
        for key, item in value.items():
            found.append((key, json.dumps(item)))
            found += _pairs(item)
    elif isinstance(value, list):
        for item in value:
            found += _pairs(item)
    return found


def _comment_after(lines: list[str], index: int) -> str:
    """The comment lines right after line `index`, joined."""
    found = []
    for text in lines[index + 1 :]:
        if not text.startswith("#"):
            break
        found.append(text.lstrip("#").strip())
    return " ".join(found)


def test_engine_work_can_run_in_another_process(client: FlaskClient) -> None:
    """The server runs each endpoint's engine work in engine processes (webapp.enginepool,
    ratings and new puzzles in the slow ones): the work, its parameters, its answers and its
    errors all cross a process boundary, and the answers are the same."""
    calls = [
        ("solve", {"puzzle": TWO_SOLUTIONS}),
        ("count", {"puzzle": EASY, "limit": 3}),
        ("hint", {"puzzle": EASY, "entries": ".4" + "." * 79, "notes": {"r1c1": "49"}}),
        ("step", {"puzzle": EASY}),
        ("grade", {"puzzle": TOP95}),
        ("grade", {"puzzle": TWO_SOLUTIONS}),  # a 422, raised in the other process
        ("generate", {"level": "easy", "seed": 2}),
        ("check", {"puzzle": EASY}),
    ]
    with ProcessPoolExecutor(1, mp_context=get_context("spawn")) as executor:
        used: list[tuple[str, str]] = []

        class Runner:
            def __init__(self, kind: str) -> None:
                self.kind = kind

            def run(self, fn: Callable[..., Any], *args: Any) -> Any:
                used.append((self.kind, fn.__name__))
                return executor.submit(fn, *args).result()

        app = create_app({"TESTING": True, "SEED_POOL": 0})
        app.extensions["engine.quick"] = Runner("quick")
        app.extensions["engine.slow"] = Runner("slow")
        elsewhere = app.test_client()
        for name, params in calls:
            here = client.post(f"/api/v1/{name}", json=params)
            there = elsewhere.post(f"/api/v1/{name}", json=params)
            assert (there.status_code, there.get_json()) == (here.status_code, here.get_json())
        assert len(used) == len(calls)
        assert {fn for kind, fn in used if kind == "slow"} == {"grade_puzzle", "make_puzzle"}
