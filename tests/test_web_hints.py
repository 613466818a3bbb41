"""Hints and notes through the web: the four levels, the move, notes in URLs and forms."""

from __future__ import annotations

import re
from dataclasses import replace
from html import unescape

import pytest
from flask.testing import FlaskClient
from puzzles import COLOURING, EASY, X_CHAIN
from test_wrong_entry import TOP_534
from werkzeug.test import TestResponse

from webapp import hint_panel
from webapp.sudoku import Step, cell_name, hint, parse, solve
from webapp.sudoku.hint import HINT_BUDGET
from webapp.sudoku.logic import solve_logically
from webapp.sudoku.techniques.position import Position
from webapp.sudoku.techniques.step import Chain, Node
from webapp.sudoku.wrong_entry import refute
from webapp.urlstate import GameState, from_path

HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
PUZZLE = parse(HARD)
SOLUTION = solve(PUZZLE).solution
HTMX = {"HX-Request": "true"}
NONE = (0,) * 81


def bit(digit: int) -> int:
    """A digit as a candidate mask (bit d-1 for digit d)."""
    return 1 << (digit - 1)


def html(response: TestResponse) -> str:
    return response.get_data(as_text=True)


def form(hint: str = "0", **fields: str) -> dict[str, str]:
    """The grid form of PUZZLE showing hint level `hint` about the form's cell."""
    cell = fields.get("cell")
    shown = GameState(PUZZLE, cell=int(cell[1]) * 9 + int(cell[3]) - 10 if cell else None)
    return {"v": "1", "state": replace(shown, hint=int(hint)).url, **fields}


def game(url: str) -> GameState:
    """The state a URL holds, without its undo history and counts (what the tests compare)."""
    return replace(from_path(url), history=(), future=(), hints=0)


def panel_html(page: str) -> str:
    match = re.search(r'<section id="hint".*?</section>', page, re.S)
    assert match, "no hint panel"
    return match.group(0)


def folded(page: str) -> dict[str, list[str]]:
    """The hint panel's folded lists: summary -> lines."""
    found = re.findall(
        r'<details class="hint-fold">\s*<summary>([^<]*)</summary>(.*?)</details>',
        panel_html(page),
        re.S,
    )
    return {
        unescape(summary): [unescape(x) for x in re.findall(r"<li>([^<]*)</li>", body)]
        for summary, body in found
    }


def levels(page: str) -> list[str]:
    return re.findall(r'<span class="hint-what">([^<]*)</span>', panel_html(page))


def test_play_page_offers_a_hint_for_any_cell_or_one(client: FlaskClient) -> None:
    panel = panel_html(html(client.get(GameState(PUZZLE).url)))
    options = re.findall(r"<option[^>]*>([^<]*)</option>", panel)
    assert options[0] == "any cell" and "r1c2" in options and "r1c1" not in options  # r1c1 given
    assert 'value="hint"' in panel and levels(html(client.get(GameState(PUZZLE).url))) == []


def test_enter_mode_has_no_hint_panel(client: FlaskClient) -> None:
    page = html(client.get("/"))
    assert 'id="hint"' not in page


def test_hint_levels_one_click_at_a_time(client: FlaskClient) -> None:
    first = client.post("/edit", data=form(cell="r1c3", action="hint"), headers=HTMX)
    assert first.headers["HX-Replace-Url"] == GameState(PUZZLE, cell=2, hint=1, hints=1).url
    page = html(first)
    assert levels(page) == ["Where to look"]
    assert "Not yet: r1c3 can be filled after two steps. Start at box 7." in panel_html(page)
    assert "Show more" in page
    zone = {int(c) for c in re.findall(r'<input id="c(\d+)" class="[^"]*\bhint-zone\b', page)}
    assert zone == {
        r * 9 + c for r in (6, 7, 8) for c in (0, 1, 2)
    }  # box 7, where it says to start
    assert "<details" not in panel_html(page)

    second = html(
        client.post("/edit", data=form(cell="r1c3", hint="1", action="hint-more"), headers=HTMX)
    )
    assert levels(second) == ["Where to look", "Technique"]
    assert "Hidden single in box 7" in second and "hint-zone" in second

    third = html(
        client.post("/edit", data=form(cell="r1c3", hint="2", action="hint-more"), headers=HTMX)
    )
    assert levels(third) == ["Where to look", "Technique", "Why"]
    assert "3 can only go in r8c3 within box 7" in third
    assert '<span class="hint-on">3</span>' in third  # the candidate drawn in r8c3
    assert "Place 3 in r8c3" in third and "Show more" not in third
    folds = folded(third)
    assert list(folds) == ["The way to r1c3"]
    assert folds["The way to r1c3"] == [
        "Hidden single in box 7: place 3 in r8c3",
        "Pointing in box 7 and column 2: remove 7 from r1c2, r5c2 and r6c2",
        "Then r1c3 can be filled: Hidden single in row 1",
    ]


def test_a_cell_not_fillable_yet_offers_the_easiest_move_anywhere(client: FlaskClient) -> None:
    lead = html(client.post("/edit", data=form(cell="r1c3", action="hint"), headers=HTMX))
    assert "Not yet: r1c3" in panel_html(lead) and 'value="hint-any"' in panel_html(lead)
    posted = client.post("/edit", data=form(cell="r1c3", hint="1", action="hint-any"), headers=HTMX)
    assert posted.headers["HX-Replace-Url"] == GameState(PUZZLE, hint=1, hints=1).url
    anywhere = panel_html(html(posted))
    assert "Hint for any cell" in anywhere and 'value="hint-any"' not in anywhere
    assert levels(html(posted)) == ["Where to look"]
    # a cell the next step fills: its hint is that step, nothing easier to offer
    step = hint(PUZZLE, PUZZLE, NONE, None).step
    assert step is not None and step.placements
    filled = cell_name(step.placements[0][0])
    direct = html(client.post("/edit", data=form(cell=filled, action="hint"), headers=HTMX))
    assert f"Hint for {filled}" in direct and 'value="hint-any"' not in panel_html(direct)


def test_more_for_a_hint_typing_closed_goes_on_from_the_hint_read(client: FlaskClient) -> None:
    """Show more posted with `hinted`, the state whose hint the player read (app.js sends it
    when typing closed the hint before the tap was posted): the next level if the grid as
    typed has the same step, else the new hint's first level."""
    read = replace(GameState(PUZZLE, cell=2), hint=1).url  # r1c3's hint: 3 in r8c3 first
    other = replace(GameState(parse(EASY), cell=2), hint=1).url
    r1c4 = str(SOLUTION[3])
    # r1c4 is not in the step (the same step), 3 in r8c3 is the step's own move (another one)
    cases = (("c3", r1c4, read, 2), ("c65", "3", read, 1), ("c3", r1c4, other, 1))
    for field, digit, hinted, shown in cases:
        data = form(cell="r1c3", action="hint-more", hinted=hinted, **{field: digit})
        response = client.post("/edit", data=data, headers=HTMX)
        assert len(levels(html(response))) == shown, (field, hinted == read)
    bad = form(cell="r1c3", action="hint-more", hinted="/p/v1/nonsense")
    assert client.post("/edit", data=bad, headers=HTMX).status_code == 400


def test_the_fourth_click_makes_the_move(client: FlaskClient) -> None:
    data = form(cell="r1c3", hint="3", action="hint-apply")
    moved = client.post("/edit", data=data, headers=HTMX)
    entries = [0] * 81
    entries[65] = 3  # r8c3
    expected = GameState(PUZZLE, tuple(entries))
    assert game(moved.headers["HX-Replace-Url"]) == expected
    location = client.post("/edit", data=data).headers["Location"]  # without JS
    assert game(location) == expected
    assert from_path(location).history[-1].hint  # the review can tell a hint's move


def test_the_next_levels_and_the_move_ask_the_engine_nothing(
    client: FlaskClient, engine_jobs: list[object]
) -> None:
    """Each level of a hint, and its move, searched for the same hint again (in the engine
    processes: up to a tenth of a second on hard positions); the worker now remembers it."""
    hint_panel._found.clear()
    asked = engine_jobs
    client.post("/edit", data=form(cell="r1c3", action="hint"), headers=HTMX)
    assert asked == [hint_panel.for_state]
    for level, shown in (("1", 2), ("2", 3)):
        more = form(cell="r1c3", hint=level, action="hint-more")
        assert len(levels(html(client.post("/edit", data=more, headers=HTMX)))) == shown
    moved = client.post("/edit", data=form(cell="r1c3", hint="3", action="hint-apply"))
    assert "e=" in moved.headers["Location"]
    assert asked == [hint_panel.for_state]  # the first search only
    other = form(cell="r1c4", action="hint")  # another cell: another hint, searched
    assert "Hint for r1c4" in html(client.post("/edit", data=other, headers=HTMX))
    assert asked == [hint_panel.for_state] * 2


def test_a_move_that_removes_candidates_only_removes(client: FlaskClient) -> None:
    """Applying a hint's eliminations takes them out of the notes that hold them and writes
    no notes into cells the player never noted."""
    from webapp import hint_panel
    from webapp.sudoku import candidates

    noted = GameState(PUZZLE)
    step = None
    for _ in range(30):  # place hinted digits until a step removes candidates
        found = hint_panel.for_state(noted)
        assert found.step is not None
        if found.step.eliminations:
            step = found.step
            break
        noted = hint_panel.apply(noted, found)
    assert step is not None, "no step with eliminations in the first 30"
    cands = candidates(noted.grid)
    first, *others = sorted({c for c, _ in step.eliminations})
    with_notes = list(noted.notes)
    with_notes[first] = cands[first]  # the player noted one of the cells, not the others
    state = replace(noted, notes=tuple(with_notes), hint=3)
    after = hint_panel.apply(state, hint_panel.for_state(state))
    for cell, digit in step.eliminations:
        assert not after.notes[cell] & bit(digit)
    assert after.notes[first] == cands[first] & ~sum(
        bit(d) for c, d in step.eliminations if c == first
    )
    assert all(after.notes[c] == 0 for c in others)


def test_a_wrong_entry_is_pointed_out_first_and_can_be_cleared(client: FlaskClient) -> None:
    wrong = SOLUTION[1] % 9 + 1
    data = form(c1=str(wrong), cell="r5c5", action="hint")
    page = html(client.post("/edit", data=data, headers=HTMX))
    panel = panel_html(page)
    assert "Check this first" in panel and f"r1c2 can&#39;t be {wrong}" in panel
    assert "hint-wrong" in page and "Clear r1c2" in panel
    shown = from_path(client.post("/edit", data=data).headers["Location"])
    cleared = client.post("/edit", data={**data, "state": shown.url, "action": "hint-apply"})
    assert game(cleared.headers["Location"]) == GameState(PUZZLE)


def test_editing_closes_the_hint(client: FlaskClient) -> None:
    response = client.post("/edit", data=form(cell="r1c2", hint="2", c2="5"), headers=HTMX)
    entries = [0] * 81
    entries[2] = 5
    assert game(response.headers["HX-Replace-Url"]) == GameState(PUZZLE, tuple(entries))
    assert levels(html(response)) == []


def test_a_hint_link_reloads_the_same_hint(client: FlaskClient) -> None:
    page = html(client.get(GameState(PUZZLE, cell=1, hint=3).url))
    assert levels(page) == ["Where to look", "Technique", "Why"]


def test_hints_need_play_mode(client: FlaskClient) -> None:
    data = {"v": "1", "state": "/", "c0": "5", "action": "hint"}
    response = client.post("/edit", data=data)
    assert response.status_code == 400
    assert "&#39;hint&#39; works in play mode" in html(response).lower()


def test_notes_round_trip_through_the_url_and_the_form(client: FlaskClient) -> None:
    notes = [0] * 81
    notes[1] = bit(1) | bit(6) | bit(9)
    state = GameState(PUZZLE, notes=tuple(notes))
    page = html(client.get(state.url))
    assert '<input type="hidden" name="n1" value="169">' in page
    assert 'aria-label="row 1, column 2, notes 1 6 9"' in page
    response = client.post("/edit", data=form(n1="169"))
    assert game(response.headers["Location"]) == state


def test_several_digits_typed_in_a_cell_are_notes(client: FlaskClient) -> None:
    notes = [0] * 81
    notes[1] = bit(2) | bit(7)
    response = client.post("/edit", data=form(c1="72"))
    assert game(response.headers["Location"]) == GameState(PUZZLE, notes=tuple(notes))


def test_an_entry_replaces_the_notes_of_its_cell(client: FlaskClient) -> None:
    entries = [0] * 81
    entries[1] = 6
    response = client.post("/edit", data=form(c1="6", n1="169"))
    assert game(response.headers["Location"]) == GameState(PUZZLE, tuple(entries))


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("n=zz", "the notes field (n=) has &#39;zz&#39; at character 1"),
        ("n=A", "the notes field (n=) describes 1 cells"),
        ("n=01" + "Z" * 4, "runs past 81 cells"),
        ("cell=r0c1", "the selected cell (cell=) must name a cell like r4c6"),
        ("hint=4", "the hint level (hint=) must be a number from 1 to 3, not &#39;4&#39;"),
        ("g=hardest-1", "seed (g=) must be a level and a number like hard-1234"),
    ],
)
def test_bad_notes_cell_hint_and_seed_get_a_400(
    client: FlaskClient, query: str, message: str
) -> None:
    response = client.get(f"{GameState(PUZZLE).url}?{query}")
    assert response.status_code == 400
    assert message in html(response).lower()


def test_notes_in_a_filled_cell_are_refused_with_a_way_out(client: FlaskClient) -> None:
    on_the_given = "01" + "Z" * 3 + "B"  # a note 1 in r1c1 (the given 4), then 80 cells without
    response = client.get(f"{GameState(PUZZLE).url}?n={on_the_given}")
    assert response.status_code == 400
    page = html(response)
    assert "the notes (n=) are in r1c1, which already holds a 4" in page.lower()
    assert f'href="{GameState(PUZZLE).url}"' in page


# What level 3 and a mistake fold under the sentence, and draw on the grid


def before_step(line: str, technique: str) -> tuple[GameState, Step]:
    """The state (entries and notes) just before the first step of `technique` in the
    puzzle's logical solve, with the hint about anywhere at level 3, and that step."""
    puzzle = parse(line)
    s = Position.from_grid(puzzle)
    for step in solve_logically(puzzle).steps:
        if step.technique == technique:
            entries = tuple(0 if puzzle[c] else s.grid[c] for c in range(81))
            return GameState(puzzle, entries, notes=tuple(s.cands), hint=3), step
        s.apply(step.placements, step.eliminations)
    raise AssertionError(f"no {technique} in the solve")


def test_simple_colouring_draws_its_two_colours_apart(client: FlaskClient) -> None:
    state, step = before_step(COLOURING, "Simple colouring")
    page = html(client.get(state.url))
    assert "Colouring the cells joined by strong links" in panel_html(page)
    first, second = step.colours
    assert len(first) + len(second) == len(step.candidates) and first and second
    assert page.count('class="hint-colour-1"') == len(first)
    assert page.count('class="hint-colour-2"') == len(second)
    colours = folded(page)["The colours"]
    assert colours[0] == "Filled blue: " + ", ".join(f"{d} in {cell_name(c)}" for c, d in first)
    assert colours[1].startswith("Ringed orange: ")


def test_a_chain_is_shown_whole_and_folded(client: FlaskClient) -> None:
    state, step = before_step(X_CHAIN, "X-chain")
    page = html(client.get(state.url))
    (chain,) = folded(page)["The whole chain"]
    assert chain == step.chains[0].notation and "…" not in chain and "..." not in chain
    nodes = chain.split(" → ")
    assert len(nodes) == len(step.chains[0].nodes) and nodes[-1].endswith(
        f"={step.chains[0].nodes[-1].digit}"
    )
    for cell in step.cells:
        assert re.search(rf'id="c{cell}"[^>]*class="[^"]*hint-cell', page) or re.search(
            rf'class="[^"]*hint-cell[^"]*"[^>]*id="c{cell}"', page
        )
    assert '<ol class="hint-fold-lines is-notation">' in page
    (key,) = re.findall(r'<p class="hint-fold-key">([^<]*)</p>', page)
    on = next(n for n in step.chains[0].nodes if n.on and len(n.cells) == 1)
    assert f"{on.text}: {cell_name(on.cells[0])} is {on.digit}." in unescape(key)
    # an X-chain has no numbered links, almost locked sets, trials or locked candidates
    for sign in ("[from", "ALS", "suppose", "pointing", "claiming"):
        assert sign not in key


def test_the_chain_key_explains_each_sign_used_by_an_example_from_the_chains() -> None:
    """Every sign of the notation the chains use, with their own cells and digits."""
    chain = Chain(
        (
            Node((0,), 5, True),
            Node((1, 2), 5, False, (0,)),
            Node((9, 10, 11), 3, True, (1,)),
            Node((20,), 7, False, (0, 2), by="pointing in box 1"),
            Node((30,), 4, True, (), als=(30, 31)),
            Node((40, 49), 8, True, (4,)),
        )
    )
    key = hint_panel.notation_key((chain,))
    assert chain.notation.startswith("(1)\u00a0r1c1=5 → (2)\u00a0r1c23≠5")
    assert "r1c1=5: r1c1 is 5." in key and "r3c3≠7: r3c3 is not 7." in key
    assert "r2c123=3: 3 is in r2c1, r2c2 or r2c3 (a group of cells)." in key
    assert "r1c23≠5: 5 is in neither r1c2 nor r1c3." in key
    assert "[from\u00a01,\u00a03]: follows from the links numbered (1) and (3)." in key
    assert "[pointing in box 1]: made by locked candidates there" in key
    assert "(ALS r4c45): the link runs through an almost locked set, 2 cells that hold 3" in key
    assert "suppose r4c4=4, after a semicolon: a trial of its own" in key
    plain = hint_panel.notation_key((Chain((Node((0,), 5, False), Node((8,), 5, True, (0,)))),))
    assert plain == "r1c9=5: r1c9 is 5. r1c1≠5: r1c1 is not 5. → then."


def test_a_wrong_entry_shows_its_chain_on_the_grid(client: FlaskClient) -> None:
    puzzle = parse(EASY)
    entries = [0] * 81
    entries[46] = 1  # r6c2 is 3: a 1 there forces eight digits, then column 7 has no 7 left
    page = html(client.get(GameState(puzzle, tuple(entries), hint=1).url))
    panel = panel_html(page)
    assert "r6c2 can&#39;t be 1: with 1 there, eight digits are forced one after another" in panel
    assert "column 7 would have no place left for 7" in panel
    (chain,) = folded(page).values()
    assert chain[0] == "r6c2 is 1 (your entry)"
    assert chain[-1] == "so column 7 would have no place left for 7"
    assert len(chain) == 10
    found = hint(puzzle, tuple(entries))
    assert found.mistake is not None and len(found.mistake.forced) == 8
    assert page.count('class="hint-on"') == 8  # each forced digit, alone in its cell
    assert "hint-broken" in page  # column 7's open cells, its last 7s struck out
    assert page.count('class="hint-off"') == len(found.mistake.dead) >= 2


def test_a_wrong_entrys_locked_candidates_are_drawn_and_counted(client: FlaskClient) -> None:
    # r1c6 = 2 (TOP_534): 3 forced digits, a pointing (box 2's 3s in column 5) and a claiming
    # (row 5's 2s in box 5) to row 5 left without a 7. r6c5 is forced as "its only digit
    # left" by the 3 and 2 the locks rule out: they are struck out there, not left as possible.
    state = GameState(parse(TOP_534), tuple(2 if c == 5 else 0 for c in range(81)), hint=1)
    drawn = hint_panel.panel(state, hint_panel.for_state(state))
    r2c5, r3c5, r5c4, r6c4, r6c5, r8c5 = 13, 22, 39, 48, 49, 67
    assert drawn.notes[r6c5] == {7: "hint-on", 3: "hint-off", 2: "hint-off"}
    assert drawn.notes[r6c4] == {2: "hint-off"} and drawn.notes[r8c5] == {3: "hint-off"}
    assert drawn.notes[r2c5] == drawn.notes[r3c5] == {3: "hint-lock"}  # box 2's 3s
    assert drawn.notes[r5c4] == {2: "hint-lock", 7: "hint-off"}  # a 2 of row 5, its 7 gone
    assert drawn.shown[r6c5] == bit(2) | bit(3) | bit(7) and drawn.shown[r2c5] == bit(3)
    page = html(client.get(state.url))
    (summary,) = folded(page)
    assert summary == "The whole chain: three forced digits, one pointing step, one claiming step"
    assert page.count('class="hint-lock"') == 4 and page.count('class="hint-off"') == 9


def test_a_step_that_only_removes_unnoted_candidates_offers_to_fill_them(
    client: FlaskClient,
) -> None:
    """Without notes a claiming (say) has nothing to remove, so asking again would show it
    again: the panel offers Fill in candidates, which keeps it open with its move ready."""
    entries = list(NONE)
    for _ in range(81):  # the placements up to the first step that only removes candidates
        step = hint(PUZZLE, tuple(entries), NONE).step
        assert step is not None
        if not step.placements:
            break
        for cell, digit in step.placements:
            entries[cell] = digit
    assert step.eliminations and not step.placements
    state = GameState(PUZZLE, tuple(entries), hint=3)
    page = html(client.get(state.url))
    assert 'id="act-hint-fill"' in page and 'id="act-hint-apply"' not in page
    assert "have no notes yet" in page.split('class="hint-note"', 1)[1]
    form = {"v": "1", "state": state.url, "action": "hint-fill"}
    filled = from_path(client.post("/edit", data=form).headers["Location"])
    assert filled.hint == 3 and all(filled.notes[c] for c in range(81) if not filled.grid[c])
    page = html(client.get(filled.url))
    assert 'id="act-hint-apply"' in page and 'id="act-hint-fill"' not in page


def test_a_naked_single_asked_about_says_to_look_at_its_row_column_and_box() -> None:
    # It said "Look at row 5" and drew row 5 alone: the single needs its column and box too.
    state = GameState(parse(EASY), cell=41, hint=1)
    shown = hint_panel.panel(state, hint_panel.for_state(state))
    where = "Yes, r5c6 can be filled now. Look at row 5, column 6 and box 5."
    assert shown.lines == (("Where to look", where),)
    zone = {c for c, classes in shown.marks.items() if "hint-zone" in classes}
    assert zone == {
        c for c in range(81) if c // 9 == 4 or c % 9 == 5 or c in (30, 31, 32, 48, 49, 50)
    }


def test_a_wrong_entrys_steps_made_first_are_drawn() -> None:
    """The engine's steps made first were listed in the folded chain but not drawn: the
    digits they place are drawn with the forced ones, what they rule out struck out."""
    # r1c8 = 7 (it is 3): two hidden singles first (6 in r2c2 and r9c1), then one forced digit
    state = GameState(parse(EASY), tuple(7 if c == 7 else 0 for c in range(81)), hint=1)
    drawn = hint_panel.panel(state, hint_panel.for_state(state))
    r2c2, r9c1 = 10, 72
    assert drawn.notes[r2c2] == drawn.notes[r9c1] == {6: "hint-on"}
    assert drawn.marks[r2c2] == drawn.marks[r9c1] == "hint-cell"
    # r5c6 = 1: a hidden pair first, whose eliminations the chain needs
    grid = parse(
        ".....42..8....9....64......34.7.5..957.94......6..35474.95..7.263.......7.54...16"
    )
    state = GameState(grid, tuple(1 if c == 41 else 0 for c in range(81)), hint=1)
    found = hint_panel.for_state(state)
    assert found.mistake is not None and found.mistake.chain[0].startswith("Hidden pair in ")
    drawn = hint_panel.panel(state, found)
    (pair,) = refute(grid, 41, 1, HINT_BUDGET).first
    assert pair.eliminations and set(pair.eliminations) <= set(found.mistake.ruled)
    assert all(drawn.notes[c][d] == "hint-off" for c, d in pair.eliminations)
    assert pair.candidates and all(drawn.notes[c][d] == "hint-lock" for c, d in pair.candidates)
    assert all(drawn.marks[c] == "hint-cell" for c in pair.cells)
