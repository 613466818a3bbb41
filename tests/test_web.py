"""Every route through Flask's test client: full pages, htmx fragments, good and bad input."""

from __future__ import annotations

import re
import urllib.parse
from dataclasses import replace

import pytest
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from puzzles import EASY, EASY_SOLUTION
from werkzeug.test import TestResponse

from webapp import play
from webapp.lab import lab_url
from webapp.sudoku import parse
from webapp.urlstate import GameState, Mode, Move, encode_cells, from_path

EASY_URL = GameState(parse(EASY)).url
HTMX = {"HX-Request": "true"}
CLASHING = EASY[:8] + "2" + EASY[9:]  # a second 2 in row 1 (r1c5 and r1c9)


def html(response: TestResponse) -> str:
    return response.get_data(as_text=True)


def cell_tag(page: str, cell: int) -> str:
    match = re.search(rf'<input id="c{cell}" [^>]*>', page)
    assert match, f"no input for cell {cell}"
    return match.group(0)


def classes(page: str, cell: int) -> set[str]:
    match = re.search(r'class="([^"]*)"', cell_tag(page, cell))
    assert match
    return set(match.group(1).split())


def play_form(puzzle: str = EASY, **cells: str) -> dict[str, str]:
    """The grid form as the page posts it in play mode (cells: c<index>=value)."""
    return {"v": "1", "state": GameState(parse(puzzle)).url, **cells}


def game(url: str) -> GameState:
    """The state a URL holds, without its undo history (what the tests compare)."""
    from dataclasses import replace

    return replace(from_path(url), history=(), future=())


# Pages


def test_home_is_an_empty_grid_in_enter_mode(client: FlaskClient) -> None:
    response = client.get("/")
    page = html(response)
    assert response.status_code == 200
    assert page.count('class="cell ') == 81
    assert page.count('inputmode="numeric"') == 81
    assert 'aria-label="row 3, column 5, empty"' in page
    assert "Start playing" in page and 'name="text"' in page
    assert 'action="/edit"' in page and 'method="post"' in page
    assert "X-Robots-Tag" not in response.headers


def test_state_page_shows_givens_locked_and_entries_editable(client: FlaskClient) -> None:
    entries = (4,) + (0,) * 80
    response = client.get(GameState(parse(EASY), entries).url)
    page = html(response)
    assert response.status_code == 200
    assert response.headers["X-Robots-Tag"] == "noindex, nofollow"
    given = cell_tag(page, 2)
    assert "readonly" in given and "name=" not in given
    assert 'aria-label="row 1, column 3, given 3"' in given
    assert 'name="c0"' in cell_tag(page, 0) and 'value="4"' in cell_tag(page, 0)
    assert classes(page, 0) >= {"cell", "entry"} and "given" in classes(page, 2)
    assert f'value="http://localhost{GameState(parse(EASY), entries).url}"' in page
    assert "33 of 81 filled" in page


def test_page_has_no_inline_script_or_style(client: FlaskClient) -> None:
    for url in ("/", EASY_URL + "?solve=1", "/p/v1/nonsense"):
        page = html(client.get(url))
        assert " style=" not in page and "<style" not in page
        assert not re.search(r"<script(?![^>]*\bsrc=)", page)
        assert '"includeIndicatorStyles": false' in page


def test_security_headers(client: FlaskClient) -> None:
    for url in ("/", "/p/v1/x", "/robots.txt"):
        headers = client.get(url).headers
        csp = headers["Content-Security-Policy"]
        assert "default-src 'self'" in csp and "unsafe-inline" not in csp
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert headers["X-Frame-Options"] == "DENY"


def test_conflicts_mark_both_cells_and_their_unit(client: FlaskClient) -> None:
    page = html(client.get(GameState(parse(CLASHING)).url))
    assert "clash" in classes(page, 4) and "clash" in classes(page, 8)
    assert "zone" in classes(page, 0)  # same row, not itself clashing
    assert "zone" not in classes(page, 9) and "clash" not in classes(page, 9)
    assert "2 appears 2 times in row 1 (r1c5, r1c9)" in page
    assert "1 clash" in page
    assert "row 1, column 9, given 2, clashes" in page


def test_complete_correct_grid_says_solved(client: FlaskClient) -> None:
    entries = tuple(0 if g else int(s) for g, s in zip(parse(EASY), EASY_SOLUTION, strict=True))
    page = html(client.get(GameState(parse(EASY), entries).url))
    win = 'data-win="Solved! Every row, column and box holds 1 to 9."'  # read out (app.js)
    code = GameState(parse(EASY)).puzzle_code
    line = f'id="status-line" {win} data-game="over" data-puzzle="{code}">Solved!</p>'
    assert f'<p class="status-line is-solved" {line}' in page  # over: lastgame.js forgets it
    assert "is-solved" in page
    last = play_form(**{f"c{i}": str(d) for i, d in enumerate(entries) if d and i})
    fragment = html(client.post("/edit", data={**last, "c0": "4"}, headers=HTMX))
    assert win in fragment  # read out by the page (app.js)


def test_a_solved_grid_is_locked_until_an_undo(client: FlaskClient) -> None:
    """Once solved, the grid is read-only and the pad, Erase, Notes and the help on typing are
    gone (a tap could undo the win; the summary moves up); a post that changes a cell keeps it
    as it was; Undo still works, and the grid it brings back is open again."""
    entries = tuple(0 if g else int(s) for g, s in zip(parse(EASY), EASY_SOLUTION, strict=True))
    last = next(i for i, e in enumerate(entries) if e)
    before = GameState(parse(EASY), (*entries[:last], 0, *entries[last + 1 :]))
    solved = play.typed(before, replace(before, entries=entries))
    page = html(client.get(solved.url))
    assert "readonly" in cell_tag(page, last) and "name=" not in cell_tag(page, last)
    for tool in ('class="pad"', 'id="act-erase"', 'id="notes-mode"', "Pick a cell, then"):
        assert tool not in page
    assert not re.search(r'<button id="act-undo"[^>]*disabled', page)
    update = 'value="update">Update the grid</button></p></noscript>'  # without JavaScript
    assert update not in page
    changed = {f"c{i}": str(d) for i, d in enumerate(entries) if d}
    changed[f"c{last}"] = "0"
    post = {"v": "1", "state": solved.url, **changed}
    assert game(client.post("/edit", data=post).headers["Location"]) == game(solved.url)
    undone = client.post("/edit", data={**post, "action": "undo"}).headers["Location"]
    assert game(undone) == game(before.url)
    reopened = html(client.get(undone))
    assert f'name="c{last}"' in cell_tag(reopened, last)
    for tool in ('class="pad"', 'id="act-erase"', 'id="notes-mode"', "Pick a cell, then"):
        assert tool in reopened
    assert update in reopened


def test_a_finished_game_offers_what_comes_next_not_the_solution(client: FlaskClient) -> None:
    """Its summary offers a new puzzle and the review (the review was 1,500 px further down,
    no new puzzle was offered, and "Solve..." still was)."""
    entries = tuple(0 if g else int(s) for g, s in zip(parse(EASY), EASY_SOLUTION, strict=True))
    state = GameState(parse(EASY), entries)
    page = html(client.get(state.url))
    links = re.search(r'<p class="summary-links">(.*?)</p>', page, re.S)
    assert links and re.search(
        r'class="btn primary" href="/new/[a-z]+">New ([A-Z][a-z]+ )?puzzle', links[1]
    )
    assert f'href="/review/{state.url[3:]}">Look back at your game' in links[1]
    assert "Solve…" not in page


def test_paused_the_confirmations_are_plain_disabled_buttons(client: FlaskClient) -> None:
    """Paused, "Solve..." and "Clear..." opened onto disabled buttons."""
    page = html(client.get(GameState(parse(EASY), (4,) + (0,) * 80, paused=True).url))
    assert '<details class="confirm">' not in page
    assert '<button type="button" class="btn quiet" disabled>Solve…</button>' in page
    assert '<button type="button" class="btn quiet" disabled>Clear…</button>' in page


def test_notes_already_placed_around_their_cell_are_struck_out(client: FlaskClient) -> None:
    """A note of a digit its row, column or box already holds looked like any other note."""
    notes = (0b1100,) + (0,) * 80  # r1c1: 3 and 4; r1c3 holds the given 3
    page = html(client.get(GameState(parse(EASY), notes=notes).url))
    assert (
        'aria-label="row 1, column 1, notes 3 4, 3 already placed in its row, column or box"'
        in (cell_tag(page, 0))
    )
    places = re.search(
        r'<input id="c0" [^>]*>.*?<span class="notes"[^>]*>(.*?)</span>\n', page, re.S
    )
    assert places and '<span class="ruled-out">3</span><span>4</span>' in places[1]
    hint = html(client.get(GameState(parse(EASY), notes=notes, cell=0, hint=2).url))
    assert '<span class="ruled-out">3</span>' in hint  # kept under a hint's marks


# Solve


def test_solve_shows_solved_digits_apart(client: FlaskClient) -> None:
    entries = (4, 1) + (0,) * 79  # r1c1 right (4), r1c2 wrong (should be 8)
    page = html(client.get(GameState(parse(EASY), entries, solve=True).url))
    assert "Here is the puzzle&#39;s solution, the only one." in page
    code = GameState(parse(EASY)).puzzle_code
    line = f'id="status-line" data-game="over" data-puzzle="{code}">Solution: 47 shown · 1 clash'
    assert f'<p class="status-line" {line}</p>' in page  # over: lastgame.js forgets it
    assert classes(page, 3) >= {"solved"} and 'value="9"' in cell_tag(page, 3)
    assert "readonly" in cell_tag(page, 3) and "name=" not in cell_tag(page, 3)
    assert "entry" in classes(page, 0) and "wrong" not in classes(page, 0)
    assert classes(page, 1) >= {"entry", "wrong"}
    assert "1 of your entries differs from the solution: r1c2." in page
    assert "Hide solution" in page


def test_solve_with_clashing_givens_says_why(client: FlaskClient) -> None:
    page = html(client.get(GameState(parse(CLASHING), solve=True).url))
    assert "No solution. The givens clash: 2 appears 2 times in row 1 (r1c5, r1c9)." in page


def test_solve_without_a_visible_clash(client: FlaskClient) -> None:
    stuck = ".12345678" + "9" + "." * 71
    page = html(client.get(GameState(parse(stuck), solve=True).url))
    assert "No solution. Every way of filling the grid breaks a rule." in page


def test_solve_with_many_solutions_marks_differing_cells(client: FlaskClient) -> None:
    page = html(client.get(GameState(solve=True).url))
    assert "more than one solution" in page
    assert "differs" in page and page.count("can differ") >= 2


def test_solve_that_runs_out_of_budget_says_so(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    from webapp import play
    from webapp.remembered import Remembered
    from webapp.sudoku import Budget

    monkeypatch.setattr(play, "WEB_BUDGET", Budget(nodes=1))
    monkeypatch.setattr(play, "_outcomes", Remembered(8))
    hard = ".......12........3..23..4....18....5.6..7.8.......9.....85.....9...4.5..47...6..."
    page = html(client.get(GameState(parse(hard), solve=True).url))
    assert "The solver stopped: the budget ran out before a solution was found." in page


# Redirects into our URL format


@pytest.mark.parametrize(
    "url",
    [
        "/" + EASY,
        "/" + EASY.replace(".", "0"),
        "/" + EASY.replace(".", "-"),
        "/" + EASY.replace(".", "_"),
        "/?bd=" + EASY.replace(".", "0"),
        "/?s=" + EASY,
        "/play/?s=" + EASY,
        "/play?s=" + EASY,
        "/p/v1/" + EASY,
        EASY_URL + "?mode=play&solve=0&utm_source=friend",
    ],
)
def test_other_spellings_redirect_to_ours(client: FlaskClient, url: str) -> None:
    response = client.get(url)
    assert response.status_code == 301
    assert response.headers["Location"] == EASY_URL


@pytest.mark.parametrize("glued", [")", ".", ").", "%22", ",", "!", "]"])
def test_punctuation_a_message_glued_to_a_link_is_dropped(client: FlaskClient, glued: str) -> None:
    """A link in a chat message ("see ...t=1234).") got a 400 whose offer lost the clock, and
    a puzzle's link (…a4f.) lost the puzzle."""
    game = replace(GameState(parse(EASY)), entries=(0, 2) + (0,) * 79, seconds=1234)
    for link in (game.url, GameState(parse(EASY)).url, "/new/easy/42", "/learn"):
        response = client.get(link + glued)
        assert response.status_code == 302, (link, response.status_code)
        assert response.headers["Location"] == link
    assert client.post(game.url + glued).status_code != 302  # forms are not redirected
    assert client.get(game.url + glued, headers={"HX-Request": "true"}).status_code == 400
    assert client.get(game.url + "x").status_code == 400  # nothing glued: still the 400


@pytest.mark.parametrize("between", ["", "%20", "https://sudoku.example", "%20http://x.example"])
def test_a_link_pasted_twice_is_the_link_once(client: FlaskClient, between: str) -> None:
    """A game's link pasted twice in a row got a 400 whose offer was the bare puzzle: the
    player's digits, moves and clock were lost. So did the lab's."""
    game = GameState(parse(EASY), (4,) + (0,) * 80, seconds=75, history=(Move(((0, 0),)),))
    lab = lab_url(encode_cells(parse(EASY)), "mrv", 3)
    for link in (game.url, GameState(parse(EASY)).url, lab):
        response = client.get(link + between + link)
        assert response.status_code == 302, (link, response.status_code)
        assert response.headers["Location"] == link


@pytest.mark.parametrize("typed", ["%0D", "%0A", "%20", "%C3%A9", "%5C"])
def test_a_glued_links_redirect_keeps_its_path_encoded(client: FlaskClient, typed: str) -> None:
    """A line break in a link's path, with punctuation glued to its end, was put decoded in
    the redirect's Location: the server refused to send that header (500)."""
    for link in (f"/p/v1/{typed}?e=", f"/lab/{typed}"):
        response = client.get(link + ")")
        assert response.status_code == 302, (link, response.status_code)
        assert response.headers["Location"] == link


def test_a_glued_link_is_never_redirected_to_another_site(client: FlaskClient) -> None:
    for link in ("//evil.example).", "///evil.example.", "/\\evil.example)"):
        response = client.get(link)
        assert not response.headers.get("Location", "/").startswith(("//", "/\\")), link


@pytest.mark.parametrize("key", ["pause=1", "hint=1", "cell=r1c1&hint=2", "check=1", "d=5"])
def test_what_only_play_shows_is_dropped_from_an_enter_mode_link(
    client: FlaskClient, key: str
) -> None:
    """mode=enter&pause=1 showed a paused grid whose Resume answered 400 (play only)."""
    entering = GameState(parse(EASY), mode=Mode.ENTER)
    response = client.get(f"{entering.url}&{key}")
    assert response.status_code == 301 and response.headers["Location"] == entering.url
    playing = GameState(parse(EASY))
    assert client.get(f"{playing.url}?{key}").status_code == 200  # in play they stand


def test_canonical_url_keeps_query_order(client: FlaskClient) -> None:
    state = GameState(parse(EASY), (4,) + (0,) * 80, solve=True)
    path, query = state.url.split("?")
    swapped = "&".join(reversed(query.split("&")))
    response = client.get(f"{path}?{swapped}")
    assert response.status_code == 301 and response.headers["Location"] == state.url


def test_a_link_whose_equals_signs_were_escaped_keeps_the_game(client: FlaskClient) -> None:
    """'e%3D...' (a mail program's escaping) was an unknown key, dropped by the redirect."""
    state = GameState(parse(EASY), (4,) + (0,) * 80, seconds=75)
    response = client.get(state.url.replace("=", "%3D"))
    assert response.status_code == 301 and response.headers["Location"] == state.url


# Bad URLs: a 400 page in the site's style that says what is wrong


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("/p/v1/123", "The puzzle describes 3 cells; a Sudoku has 81."),
        ("/p/v1/zz!zc", "The puzzle has &#39;!&#39; at character 3"),
        ("/p/v9/zzzc", "this site reads &#39;v1&#39; links"),
        ("/p/v1/zzzc?e=5", "The entries field (e=) describes 1 cell;"),
        ("/p/v1/zzzc?solve=please", "solve= must be 1"),
        ("/p/v1/zzzc?mode=x", "mode= must be &#39;play&#39; or &#39;enter&#39;"),
        ("/p/v1/zzzc?e=a&e=b", "e= appears 2 times"),
        ("/p/v1/" + "1" * 300, "is 300 characters long"),
        ("/" + "1" * 80, "in the address can&#39;t be read: expected 81 cells, found 80"),
        ("/?bd=12x", "The puzzle in bd= can&#39;t be read: unexpected &#39;x&#39;"),
        ("/?s=1&s=2", "s= appears 2 times in the link"),
        ("/play/?s=" + "5" * 90, "The puzzle in s= can&#39;t be read"),
        ("/p/v1/%3Cscript%3E", "&lt;"),
    ],
)
def test_bad_urls_get_a_helpful_400(client: FlaskClient, url: str, message: str) -> None:
    response = client.get(url)
    page = html(response)
    assert response.status_code == 400
    assert message in page
    assert "Start a fresh grid" in page and 'href="/"' in page
    assert "<script>" not in page


def test_bad_entries_offer_the_puzzle_without_them(client: FlaskClient) -> None:
    page = html(client.get(EASY_URL + "?e=b2zzz"))
    assert "put a 2 in r1c3, which already holds the given 3" in page
    assert f'href="{EASY_URL}" rel="nofollow"' in page


def test_unknown_pages_get_a_404_in_site_style(client: FlaskClient) -> None:
    response = client.get("/favicon.ico")
    assert response.status_code == 404
    assert "There is no page here" in html(response) and "Start a fresh grid" in html(response)


def test_wrong_method_is_405_and_says_what_is_allowed(client: FlaskClient) -> None:
    allowed = {"/edit": {"POST", "OPTIONS"}, "/load": {"POST", "OPTIONS"}}
    for response, allow in (
        (client.get("/edit"), allowed["/edit"]),
        (client.get("/load", headers=HTMX), allowed["/load"]),
        (client.post("/"), {"GET", "HEAD", "OPTIONS"}),
    ):
        assert response.status_code == 405
        assert "isn&#39;t accepted at" in html(response)
        assert set(response.allow) == allow


def test_every_answer_chosen_by_hx_request_says_so_in_vary(client: FlaskClient) -> None:
    """Pages, fragments, redirects and error pages differ with HX-Request: caches must know."""
    for headers in ({}, HTMX):
        for response in (
            client.get("/", headers=headers),
            client.get(EASY_URL, headers=headers),
            client.post("/edit", data=play_form(c0="4"), headers=headers),
            client.post("/load", data={"text": "12345x"}, headers=headers),
            client.get("/p/v1/123", headers=headers),  # 400
            client.get("/no/such/page", headers=headers),  # 404
            client.post("/", headers=headers),  # 405
        ):
            assert {"HX-Request", "HX-History-Restore-Request"} <= set(response.vary), (
                response.status_code,
                headers,
            )
    assert "HX-Request" not in client.get("/robots.txt").vary  # the same for everyone


# The grid form: htmx fragments and post/redirect/get


def test_edit_without_js_redirects_303_to_the_state(client: FlaskClient) -> None:
    response = client.post("/edit", data=play_form(c0="4"))
    assert response.status_code == 303
    assert game(response.headers["Location"]) == GameState(parse(EASY), (4,) + (0,) * 80)


def test_edit_with_htmx_returns_the_fragment_and_replaces_the_url(client: FlaskClient) -> None:
    response = client.post("/edit", data=play_form(c0="2"), headers=HTMX)
    page = html(response)
    assert response.status_code == 200
    assert game(response.headers["HX-Replace-Url"]) == GameState(parse(EASY), (2,) + (0,) * 80)
    assert "<html" not in page and "<main" not in page
    assert page.count('class="cell ') == 81
    assert "clash" in classes(page, 0) and "clash" in classes(page, 4)  # 2 twice in row 1
    assert '<div class="msg msg-bad" data-kind="clashes">' in page
    assert "2 appears 2 times in row 1 (r1c1, r1c5)" in page


def test_fragment_is_the_partial_the_full_page_includes(client: FlaskClient) -> None:
    """A fragment that changes the page's parts (here: Solve) is the page's game part,
    character for character (the page first, so the puzzle's rating is known to both; the
    time each was made left out)."""
    client.get(GameState(parse(EASY)).url)
    response = client.post("/edit", data=play_form(c0="2", action="solve"), headers=HTMX)
    page = html(client.get(response.headers["HX-Replace-Url"]))
    fragment = html(response)
    whole = re.search(r'<div id="game" class="game">(.*)</div></main>', page, re.S)
    assert whole, "no game part in the page"
    title, _, fragment = fragment.partition("</title>")  # htmx puts it in the tab
    assert title == "<title>Easy Sudoku: play it in your browser"
    assert len(fragment) > 15_000 and 'class="difficulty-line"' in fragment

    def timeless(text: str) -> str:
        return re.sub(r'name="ts" value="\d+"', 'name="ts" value=""', text)

    assert timeless(fragment) == timeless(whole.group(1))


def test_an_edit_leaves_out_what_it_cannot_change(client: FlaskClient) -> None:
    """Typing sends the grid, the pad, the status, the hint, the actions and the link, not
    the help, the rating, the settings, the new puzzles or the paste box: the page keeps its
    own copy of those (hx-preserve)."""
    fragment = html(client.post("/edit", data=play_form(c0="2"), headers=HTMX))
    for name in ("about", "more"):
        assert f'<div id="{name}" class="{name}" hx-preserve="true"></div>' in fragment
    assert 'id="difficulty"' not in fragment and 'id="paste"' not in fragment
    assert 'id="grid"' in fragment and 'id="share-url"' in fragment
    assert "<title>" not in fragment  # the same puzzle: the tab's title stands
    page = html(client.get(EASY_URL))
    assert '<div id="about" class="about">' in page and 'id="paste"' in page
    assert "hx-preserve" not in page


@pytest.mark.parametrize(
    ("action", "header", "expected"),
    [
        ("solve", "HX-Replace-Url", GameState(parse(EASY), (4,) + (0,) * 80, solve=True)),
        ("clear", "HX-Replace-Url", GameState(parse(EASY))),
        ("enter", "HX-Push-Url", GameState(parse(EASY), (4,) + (0,) * 80, mode=Mode.ENTER)),
        ("update", "HX-Replace-Url", GameState(parse(EASY), (4,) + (0,) * 80)),
    ],
)
def test_actions(client: FlaskClient, action: str, header: str, expected: GameState) -> None:
    data = play_form(c0="4", action=action)
    assert game(client.post("/edit", data=data).headers["Location"]) == expected
    assert game(client.post("/edit", data=data, headers=HTMX).headers[header]) == expected


def test_undo_tapped_again_before_the_answer_counts_each_tap(client: FlaskClient) -> None:
    """On a slow network each tap's post replaces the one on its way, so the page sends how
    many taps the last post stands for: Undo, Redo (and More) that many times."""
    state = GameState(parse(EASY))
    for cell, digit in ((0, 4), (1, 8), (3, 9), (5, 1)):
        state = play.typed(state, state.with_contents([(cell, digit)]))
    data = {"v": "1", "state": state.url, **{f"c{c}": str(state.entries[c]) for c in (0, 1, 3, 5)}}
    three = from_path(
        client.post("/edit", data={**data, "action": "undo", "times": "3"}).headers["Location"]
    )
    assert [three.entries[c] for c in (0, 1, 3, 5)] == [4, 0, 0, 0]
    assert len(three.history) == 1 and len(three.future) == 3
    again = {"v": "1", "state": three.url, "c0": "4", "action": "redo", "times": "50"}
    redone = from_path(client.post("/edit", data=again).headers["Location"])
    assert redone.entries == state.entries and not redone.future  # no more than there is


def test_undo_and_redo_wait_while_the_solution_is_shown(client: FlaskClient) -> None:
    """Undo under the shown solution took back notes and candidates it hid: nothing changed on
    screen while the moves went. Now both buttons are off, and a post of either is a no-op."""
    state = GameState(parse(EASY))
    for cell, digit in ((0, 4), (1, 8)):
        state = play.typed(state, state.with_contents([(cell, digit)]))
    state = replace(play.undo(state), solve=True)
    page = html(client.get(state.url))
    assert re.search(r'id="act-undo"[^>]* disabled', page), page
    assert re.search(r'id="act-redo"[^>]* disabled', page), page
    data = {"v": "1", "state": state.url, "c0": "4"}
    for action in ("undo", "redo"):
        after = client.post("/edit", data={**data, "action": action}).headers["Location"]
        assert from_path(after) == state
    shown = html(client.get(replace(state, solve=False).url))
    assert not re.search(r'id="act-undo"[^>]* disabled', shown)


def test_cells_typed_in_one_post_are_undone_in_the_order_they_were_typed(
    client: FlaskClient,
) -> None:
    """Three taps that reach the server in one post are three moves, taken back last tap
    first when the page says the order (they were taken back in reading order)."""
    data = {"v": "1", "state": EASY_URL, "c0": "4", "c10": "6", "c40": "6", "order": "40,10,0"}
    posted = from_path(client.post("/edit", data=data).headers["Location"])
    undone = from_path(
        client.post(
            "/edit",
            data={
                "v": "1",
                "state": posted.url,
                "c0": "4",
                "c10": "6",
                "c40": "6",
                "action": "undo",
            },
        ).headers["Location"]
    )
    assert [undone.entries[c] for c in (0, 10, 40)] == [0, 6, 6]
    bad = client.post("/edit", data={**data, "order": "40,99"})
    assert bad.status_code == 400 and "Order must list cells 0 to 80" in html(bad)


def test_the_scripts_digits_are_entries_whatever_the_notes_mode(client: FlaskClient) -> None:
    """Without JavaScript one new digit typed in notes mode is a note; the script writes notes
    in the n fields, so its digits are entries even when notes mode was switched on after
    them, before the answer came (they became notes)."""
    data = {"v": "1", "state": EASY_URL, "notes": "1", "c0": "5"}
    plain = from_path(client.post("/edit", data=data).headers["Location"])
    scripted = from_path(client.post("/edit", data={**data, "js": "1"}).headers["Location"])
    assert (plain.entries[0], plain.notes[0]) == (0, 0b10000)
    assert (scripted.entries[0], scripted.notes[0]) == (5, 0) and scripted.notes_mode


def test_hide_solution(client: FlaskClient) -> None:
    data = {**play_form(action="hide"), "state": EASY_URL + "?solve=1"}
    assert client.post("/edit", data=data).headers["Location"] == EASY_URL


def test_enter_mode_then_start_playing(client: FlaskClient) -> None:
    cells = {f"c{i}": ch for i, ch in enumerate(EASY) if ch != "."}
    data = {"v": "1", "state": "/", **cells}
    first = client.post("/edit", data=data, headers=HTMX)
    assert first.headers["HX-Replace-Url"] == GameState(parse(EASY), mode=Mode.ENTER).url
    assert "32 givens entered" in html(first)
    response = client.post("/edit", data={**data, "action": "play"})
    assert response.headers["Location"] == EASY_URL
    cleared = client.post("/edit", data={**data, "action": "clear"})
    assert cleared.headers["Location"] == "/"


def test_non_digit_in_a_cell_is_a_422_with_the_cell_marked(client: FlaskClient) -> None:
    for headers in ({}, HTMX):
        response = client.post("/edit", data=play_form(c0="x", c1="8"), headers=headers)
        page = html(response)
        assert response.status_code == 422
        assert "HX-Replace-Url" not in response.headers
        assert "bad" in classes(page, 0) and 'value="x"' in cell_tag(page, 0)
        assert "r1c1: &#39;x&#39; is not a digit from 1 to 9" in page
        assert 'value="8"' in cell_tag(page, 1)


def test_typed_markup_is_escaped_each_time_the_cell_is_drawn(client: FlaskClient) -> None:
    """A cell's HTML is drawn once per worker and then reused: the reused copy is as escaped."""
    pages = [html(client.post("/edit", data=play_form(c0='"><b>'), headers=HTMX)) for _ in "12"]
    assert cell_tag(pages[0], 0) == cell_tag(pages[1], 0)
    assert 'value="&#34;&gt;&lt;b&gt;"' in cell_tag(pages[1], 0) and "<b>" not in pages[1]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"state": "/"}, "The form must say v=1"),
        ({"v": "1"}, "The form is missing the state it was made from (state)"),
        ({"v": "1", "state": "/p/v1/zz"}, "The puzzle describes 52 cells"),
        (play_form(c2="9"), "r1c3 holds a given"),
        (play_form(action="explode"), "The form asks for &#39;explode&#39;"),
        (play_form(action="check", times="2"), "Times goes with Undo, Redo or More, not with"),
        (play_form(action="undo", times="0"), "Times must be a whole number from 1 to 50, not"),
        (play_form(action="undo", times="51"), "Times must be a whole number from 1 to 50"),
        (play_form(action="undo", times="²"), "Times must be a whole number from 1 to 50"),
        ({**play_form(action="undo"), "times": ["2", "3"]}, "The form gives times more than"),
    ],
)
def test_malformed_forms_get_a_400(client: FlaskClient, data: dict[str, str], message: str) -> None:
    response = client.post("/edit", data=data)
    assert response.status_code == 400 and message in html(response)
    fragment = client.post("/edit", data=data, headers=HTMX)
    assert fragment.status_code == 400 and fragment.headers["HX-Retarget"] == "#main"
    assert message in html(fragment) and "<html" not in html(fragment)


def test_oversized_post_is_413_not_500(client: FlaskClient) -> None:
    response = client.post("/edit", data={"v": "1", "junk": "x" * 50_000})
    assert response.status_code == 413
    assert "That is far more than a Sudoku" in html(response)


# The paste box


def test_paste_any_format_opens_it_in_play(client: FlaskClient) -> None:
    pretty = "\n".join(
        " ".join(EASY[r * 9 + c] for c in range(9)).replace(".", "0") for r in range(9)
    )
    response = client.post("/load", data={"text": pretty})
    assert response.status_code == 303 and response.headers["Location"] == EASY_URL
    fragment = client.post("/load", data={"text": EASY}, headers=HTMX)
    assert fragment.headers["HX-Push-Url"] == EASY_URL
    assert fragment.headers["HX-Retarget"] == "#game"
    assert 'aria-label="row 1, column 3, given 3"' in html(fragment)


@pytest.mark.parametrize(
    ("pasted", "says"),
    [
        ("11" + "." * 79, "The givens break a rule: 1 appears 2 times in row 1"),
        ("." * 80 + "1", "more than one solution"),
        ("12345678" + "." * 9 + "9" + "." * 63, "This puzzle has no solution"),
    ],
    ids=["clash", "several", "none"],
)
def test_a_pasted_puzzle_that_cant_be_played_as_it_is_says_why_and_offers_anyway(
    client: FlaskClient, pasted: str, says: str
) -> None:
    """It opened in play at once, as the typed-in grid's Start playing does not."""
    entering = GameState(parse(pasted), mode=Mode.ENTER)
    for headers in ({}, HTMX):
        response = client.post("/load", data={"text": pasted}, headers=headers)
        page = html(response)
        assert response.status_code == 422, page
        assert says in page and 'value="play-anyway"' in page
        assert f'name="state" value="{entering.url}"' in page.replace("&amp;", "&")
    pushed = client.post("/load", data={"text": pasted}, headers=HTMX).headers["HX-Push-Url"]
    assert pushed == entering.url


def test_bad_paste_says_what_and_keeps_the_text(client: FlaskClient) -> None:
    for headers in ({}, HTMX):
        response = client.post("/load", data={"text": "12345x"}, headers=headers)
        page = html(response)
        assert response.status_code == 422
        assert "That puzzle can&#39;t be read: unexpected &#39;x&#39; at row 1, column 6." in page
        assert ">12345x</textarea>" in page
    assert client.post("/load", data={}).status_code == 422


# Crawlers


def test_state_links_are_nofollow_and_robots_keeps_crawlers_off(client: FlaskClient) -> None:
    page = html(client.get("/"))
    for link in re.findall(r'<a [^>]*href="/p/[^"]*"[^>]*>', page):
        assert 'rel="nofollow"' in link
    robots = client.get("/robots.txt")
    assert robots.mimetype == "text/plain"
    assert "Disallow: /p/" in html(robots) and "Disallow: /*?" in html(robots)


def test_history_restore_gets_the_full_page(client: FlaskClient) -> None:
    headers = {**HTMX, "HX-History-Restore-Request": "true"}
    page = html(client.get(EASY_URL, headers=headers))
    assert "<html" in page
    fragment = html(client.get(EASY_URL, headers=HTMX))
    assert "<html" not in fragment and 'id="grid"' in fragment


# Hostile input never gets a 500

URL_KEYS = ["e", "n", "mode", "solve", "hint", "cell", "g", "bd", "s", "x", "h", "r", "t", "d"]
URL_KEYS += ["checks", "hints", "notes", "check", "mistakes", "timer", "pause"]
FIXTURE_CHECK = HealthCheck.function_scoped_fixture  # the client holds no state between calls
FORM_FIELDS = ["v", "state", "action", "c0", "c2", "c80", "n0", "n80", "text", "ts"]
FORM_FIELDS += ["cell", "notes", "settings", "mistakes", "timer"]


@settings(max_examples=150, deadline=None, suppress_health_check=[FIXTURE_CHECK])
@given(
    puzzle=st.text(min_size=1, max_size=120).filter(lambda s: "/" not in s),
    key=st.sampled_from(URL_KEYS),
    value=st.text(max_size=120),
)
def test_fuzzed_urls_never_fail(client: FlaskClient, puzzle: str, key: str, value: str) -> None:
    query = urllib.parse.urlencode({key: value})
    quoted = urllib.parse.quote(puzzle)
    for url in (
        f"/p/v1/{quoted}?{query}",
        f"/?{query}",
        f"/play?{query}",
        f"/difficulty/{quoted}",
        f"/new/{quoted}",
    ):
        assert client.get(url).status_code in (200, 301, 302, 303, 400, 404)


@settings(max_examples=150, deadline=None, suppress_health_check=[FIXTURE_CHECK])
@given(
    fields=st.dictionaries(
        st.sampled_from(FORM_FIELDS),
        st.text(max_size=100),
    ),
    htmx=st.booleans(),
)
def test_fuzzed_forms_never_fail(client: FlaskClient, fields: dict[str, str], htmx: bool) -> None:
    headers = HTMX if htmx else {}
    for url in ("/edit", "/load"):
        status = client.post(url, data=fields, headers=headers).status_code
        assert status in (200, 303, 400, 422)


# Weight on the wire


def test_static_files_carry_their_hash_and_are_cached_for_a_year(client: FlaskClient) -> None:
    page = html(client.get("/"))
    assets = re.findall(r'(?:href|src)="(/static/[^"]+)"', page)
    assert len(assets) >= 4 and all(re.search(r"\?v=[0-9a-f]{10}$", a) for a in assets)
    for asset in assets:
        response = client.get(asset)
        assert response.status_code == 200
        assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    stale = assets[0].split("?")[0]
    assert client.get(stale).headers["Cache-Control"] == "no-cache"
    assert client.get(stale + "?v=0000000000").headers["Cache-Control"] == "no-cache"


def test_a_static_hash_is_of_the_folder_s_own_files(client: FlaskClient) -> None:
    from webapp.assets import fingerprint

    with client.application.test_request_context("/"):
        assert re.fullmatch(r"[0-9a-f]{10}", fingerprint("app.css"))
        assert fingerprint("../webapp/app.py") == fingerprint("missing.css") == ""


def test_answers_are_compressed(client: FlaskClient) -> None:
    import gzip

    import brotli

    for encoding, unpack in (("br", brotli.decompress), ("gzip", gzip.decompress)):
        plain = client.post("/edit", data=play_form(c0="2"), headers=HTMX).get_data()
        packed = client.post(
            "/edit", data=play_form(c0="2"), headers={**HTMX, "Accept-Encoding": encoding}
        )
        assert packed.headers["Content-Encoding"] == encoding
        assert "Accept-Encoding" in packed.vary
        body = unpack(packed.get_data())
        assert len(packed.get_data()) < 4096 < len(body)
        same = re.sub(rb'name="ts" value="\d+"', b"", body)
        assert same == re.sub(rb'name="ts" value="\d+"', b"", plain)


def test_static_files_are_compressed_for_every_browser(client: FlaskClient) -> None:
    """A client taking gzip but neither brotli nor zstd got the stylesheet and scripts whole."""
    import gzip

    import brotli

    page = html(client.get("/"))
    assets = re.findall(r'(?:href|src)="(/static/[^"]+\.(?:css|js)\?v=\w+)"', page)
    assert len(assets) >= 4  # the stylesheet, htmx and our scripts
    for asset in assets:
        plain = client.get(asset).get_data()
        for encoding, unpack in (("br", brotli.decompress), ("gzip", gzip.decompress)):
            packed = client.get(asset, headers={"Accept-Encoding": encoding})
            assert packed.headers.get("Content-Encoding") == encoding, asset
            assert unpack(packed.get_data()) == plain


def test_a_link_far_too_long_gets_a_414_page(client: FlaskClient) -> None:
    response = client.get(EASY_URL + "?x=" + "a" * 5000)
    assert response.status_code == 414
    assert "This link is 5," in html(response) and "Start a fresh grid" in html(response)
    assert client.get(EASY_URL + "?x=" + "a" * 3000).status_code == 301  # long, but ours


def test_a_paused_grid_hides_the_game_and_resume_brings_it_back(client: FlaskClient) -> None:
    """While paused the page shows no digit, note, clash or message, and offers only Resume and
    the clock; the grid's fields are not posted, so Resume (or any other button) keeps every
    entry and note as it was."""
    state = GameState(
        parse(CLASHING), entries=(0, 4) + (0,) * 79, notes=(0, 0, 0, 0b101) + (0,) * 77
    )
    paused = replace(state, paused=True)
    page = html(client.get(paused.url))
    grid = page.split('id="grid"', 1)[1].split('class="pad"', 1)[0]
    assert 'value=""' in cell_tag(page, 1) and "name=" not in cell_tag(page, 1)
    assert 'value=""' in cell_tag(page, 8) and "given" not in cell_tag(page, 8)
    assert 'name="n3"' not in page and "clash" not in grid and 'class="msg' not in page
    assert "Paused" in page
    assert "entry 4" not in page and "notes 1 3" not in page
    for key in ("act-check", "act-fill", "act-hint", "act-undo"):
        assert re.search(rf'id="{key}"[^>]*disabled', page), key
    form = {"v": "1", "state": paused.url, "action": "resume"}
    resumed = from_path(client.post("/edit", data=form).headers["Location"])
    assert resumed == replace(state, seconds=resumed.seconds)
    form["action"] = "check"
    checked = from_path(client.post("/edit", data=form).headers["Location"])
    assert checked.entries == state.entries and checked.notes == state.notes


def test_every_page_links_to_the_techniques_the_lab_and_the_api(client: FlaskClient) -> None:
    for url in ("/", EASY_URL, "/techniques", "/lab", "/api"):
        page = html(client.get(url))
        for link in ("/techniques", "/lab", "/api"):
            assert f'<a href="{link}">' in page, (url, link)
        game = url in ("/", EASY_URL)  # only a grid has a grid to skip to, and its address
        assert ("Skip to the grid" in page) == game
        assert ("lives in the address bar" in page) == game
        assert "Copy link</strong>" not in page  # the footer named a button only JavaScript shows


def test_a_check_with_every_entry_right_says_so_in_good_grammar(client: FlaskClient) -> None:
    puzzle = parse(EASY)
    right = parse(EASY_SOLUTION)
    free = [c for c in range(81) if not puzzle[c]]
    said = []
    for count in (1, 2):
        entries = tuple(right[c] if c in free[:count] else 0 for c in range(81))
        page = html(client.get(GameState(puzzle, entries=entries, checked=True).url))
        said.append(re.search(r"Check: [^<]*", page).group(0))  # type: ignore[union-attr]
    assert said == [
        "Check: your one entry so far is right.",
        "Check: all 2 entries so far are right.",
    ]


def test_an_error_that_starts_with_a_cell_or_a_field_keeps_its_case(client: FlaskClient) -> None:
    """They read "R1c3 holds a given" and "C0= appears 2 times"."""
    state = GameState(parse(EASY))
    form = {"v": "1", "state": state.url}
    given = "r1c3 holds a given, which can&#39;t be changed in play."
    assert given in html(client.post("/edit", data={**form, "c2": "5"}))
    twice = html(client.post("/edit", data={**form, "c0": ["1", "2"]}))
    assert re.search(r"c0= appears 2 times in the form", twice), twice  # not "in the link"
