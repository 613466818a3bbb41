"""The learning pages through Flask's test client: the solve path, the technique library,
practise puzzles, the review of a game, and the links to them from the game."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from html import unescape

import pytest
from flask.testing import FlaskClient
from markupsafe import escape
from puzzles import COLOURING, EASY, EASY_SOLUTION
from werkzeug.test import TestResponse

from webapp.learn import bonus_reason, game_moves, review_url, source_text
from webapp.sudoku import (
    GameMove,
    hint,
    parse,
    practise,
    solve,
    technique_entries,
    walkthrough,
    worked_example,
)
from webapp.sudoku.grade import grade
from webapp.sudoku.techniques.catalog import CATALOG, entry_for
from webapp.sudoku.techniques.examples import EXAMPLES, PRACTISE
from webapp.urlstate import GameState, Move, encode_cells, from_path

CODE = encode_cells(parse(EASY))
PATH = f"/path/{CODE}"
TWO_SOLUTIONS = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..6..82....26.95..8..2.3..9..5.1.3.."


def html(response: TestResponse) -> str:
    return response.get_data(as_text=True)


def test_the_path_page_shows_step_one_and_every_step(client: FlaskClient) -> None:
    response = client.get(PATH)
    assert response.status_code == 200
    page = html(response)
    walk = walkthrough(parse(EASY))
    total = len(walk.moments)
    assert f"Step 1 of {total}" in page
    first = walk.moments[0].step
    assert f"{first.text}." in page
    assert page.count('<span class="n">') == total
    assert page.count('aria-current="step"') == 1
    for n in range(2, total + 1):
        assert f'href="{PATH}?step={n}#path-stage"' in page
    assert 'id="path-next"' in page and 'href="/path/' in page
    assert re.search(r'<span id="path-back" class="btn is-off" aria-disabled="true">', page)
    assert 'Hidden single (box)</a> <span class="count">\u00d7' in page
    assert response.headers["X-Robots-Tag"] == "noindex, nofollow"
    assert "max-age=86400" in response.headers["Cache-Control"]
    assert '<meta name="robots" content="noindex, nofollow">' in page


def test_a_step_shows_its_grid_and_move(client: FlaskClient) -> None:
    walk = walkthrough(parse(EASY))
    moment = walk.moments[9]
    page = html(client.get(f"{PATH}?step=10"))
    assert f"Step 10 of {len(walk.moments)}" in page
    (cell, digit), *_ = moment.step.placements
    name = f"r{cell // 9 + 1}c{cell % 9 + 1}"
    assert f"Place {digit} in {name}" in page
    cells = re.findall(r'<span class="learn-cell ([^"]*)">', page)
    assert len(cells) == 81
    assert "target" in cells[cell].split() and "empty" in cells[cell].split()
    filled = sum(1 for d in moment.grid if d)
    assert sum(1 for c in cells if "given" in c or "placed" in c) == filled
    assert page.count('class="on"') >= 1


def test_path_urls_are_canonical(client: FlaskClient) -> None:
    plain = client.get(f"/path/{EASY}")
    assert plain.status_code == 301 and plain.headers["Location"] == PATH
    first = client.get(f"{PATH}?step=1")
    assert first.status_code == 301 and first.headers["Location"] == PATH
    extra = client.get(f"{PATH}?step=3&utm=x")
    assert extra.status_code == 301 and extra.headers["Location"] == f"{PATH}?step=3"


@pytest.mark.parametrize(
    ("url", "message"),
    [
        (f"{PATH}?step=0", "the step (step=) must be a number from 1 to"),
        (f"{PATH}?step=999", "the step (step=) must be a number from 1 to"),
        (f"{PATH}?step=x", "the step (step=) must be a number from 1 to"),
        (f"{PATH}?step=%C2%B2", "the step (step=) must be a number from 1 to"),  # '²' was a 500
        (f"{PATH}?step=3&step=2", "step= appears 2 times in the link"),  # was a 301 to step 3
        ("/path/12x", "the puzzle describes 26 cells; a Sudoku has 81"),
        ("/path/12!4", "the puzzle has &#39;!&#39; at character 3"),
    ],
)
def test_bad_path_links_get_a_400(client: FlaskClient, url: str, message: str) -> None:
    response = client.get(url)
    assert response.status_code == 400
    assert message.lower() in html(response).lower()


def test_a_puzzle_without_one_solution_has_no_path(client: FlaskClient) -> None:
    page = html(client.get(f"/path/{encode_cells(parse(TWO_SOLUTIONS))}"))
    assert "There is no logical solve to show" in page and "more than one solution" in page
    clash = EASY[:8] + "2" + EASY[9:]
    page = html(client.get(f"/path/{encode_cells(parse(clash))}"))
    assert "Its givens break a rule" in page


TRIALS_NOTE = "This puzzle needs trials"


@pytest.mark.data
def test_a_path_says_when_it_needs_trials_and_shows_the_grade(
    client: FlaskClient, puzzle_sample: Callable[[str, int], list[str]]
) -> None:
    # The path solves with every technique the engine has; the level beside it is the grade,
    # which follows Sudoku Explainer's techniques. Each says what it found, whatever the other.
    seen = {True: 0, False: 0}
    for line in puzzle_sample("norvig_top95.txt", 95):
        walk = walkthrough(parse(line))
        if walk.solve.gave_up or seen[walk.solve.without_last_resort]:
            continue
        seen[walk.solve.without_last_resort] += 1
        page = html(client.get(f"/path/{encode_cells(parse(line))}"))
        assert (TRIALS_NOTE in page) == (not walk.solve.without_last_resort)
        level = grade(parse(line)).level
        assert f'class="level level-{level.lower()}"' in page, line
        if all(seen.values()):
            break
    assert all(seen.values()), seen


def test_the_game_links_to_its_path_and_its_level_too(client: FlaskClient) -> None:
    page = html(client.get(GameState(parse(EASY)).url))
    assert f'<a href="{PATH}">Show me how to solve it</a>' in page
    assert '<a href="/techniques">Solving techniques</a>' in page
    assert f'<a class="level-link" href="{PATH}"' in page
    assert (
        'aria-label="Easy: show me how to solve it"' in page
    )  # not "Easy", as the new-puzzle link
    assert '<a href="/techniques/hidden-single-box">Hidden single</a>' in page
    lazy = html(client.get(f"/difficulty/{CODE}"))
    assert f'href="{PATH}"' in lazy


def test_the_library_lists_every_technique(client: FlaskClient) -> None:
    response = client.get("/techniques")
    page = html(response)
    assert response.status_code == 200 and "X-Robots-Tag" not in response.headers
    for entry in technique_entries():
        assert f'href="/techniques/{entry.slug}">{entry.name.replace("+", "+")}</a>' in page
    assert page.index("Full house") < page.index("X-Wing") < page.index("Nested forcing chain")
    listed = re.findall(r'<span class="learn-rating">(\d+\.\d)</span>', page)
    assert len(listed) == len(technique_entries())
    assert [float(r) for r in listed] == sorted(float(r) for r in listed)  # easiest first


@pytest.mark.parametrize("entry", technique_entries(), ids=lambda e: e.slug)
def test_each_technique_has_its_page(client: FlaskClient, entry: object) -> None:
    name = CATALOG[entry.name].name  # type: ignore[attr-defined]
    slug = CATALOG[name].slug
    response = client.get(f"/techniques/{slug}")
    assert response.status_code == 200
    page = html(response)
    assert f"<h1>{name}</h1>" in page
    assert str(escape(CATALOG[name].summary)) in page
    assert f"Rated {CATALOG[name].rating:.1f}" in page
    if name == "Solution lookup":
        assert "A worked example" not in page and "/practise" not in page
        return
    assert "A worked example" in page
    if name in EXAMPLES:
        assert 'class="learn-grid"' in page and "No worked example yet" not in page
        shown = worked_example(name)
        assert shown is not None
        # Where the example is rated above the technique, the page says by how much and why.
        bonus = round(shown.moment.step.rating - CATALOG[name].rating, 1)
        reason = bonus_reason(shown.moment.step.technique, shown.moment.step.rating)
        assert (f"plus {bonus:.1f} {reason})" in page) == (bonus > 0)
        # A technique no solve took first is shown where it applies, and the page says so.
        assert ("which takes an easier step there" in page) == (not shown.easiest)
        assert (f"step {EXAMPLES[name].step} of its solve." in page) == shown.easiest
        # where it comes from in words: 'puzzle 1235 of Gordon Royle's puzzles with 17 givens'
        assert f"From {escape(source_text(shown.source.source))}, " in page
        assert ".txt" not in page and ".tsv" not in page
        # What the sentence leaves out is shown open under it: every chain whole, and a
        # colouring's colours, drawn on the grid in two (or four) colours and in the key.
        step = shown.moment.step
        assert ('<details class="hint-fold" open>' in page) == bool(step.chains or step.colours)
        for chain in step.chains:
            assert f"<li>{escape(chain.notation)}</li>" in page
        supposed = any("suppose " in chain.notation for chain in step.chains)
        assert (", after a semicolon: a trial of its own" in page) == supposed  # the key says why
        locked = any(node.by for chain in step.chains for node in chain.nodes)
        assert ("made by locked candidates there" in page) == locked
        drawn = set(re.findall(r'class="(hint-colour-\d)"', page))
        assert len(drawn) == len(step.colours)
        assert ("its colours (listed under its sentence)" in page) == bool(step.colours)
    else:
        assert 'class="learn-grid"' not in page and "No worked example yet" in page
    if CATALOG[name].graded and PRACTISE.get(name):
        assert f'href="/techniques/{slug}/practise"' in page
        copied = "a known puzzle with that hardest step, its rows, columns and digits shuffled"
        assert (copied in page) == bool(CATALOG[name].practise_bases)
    elif CATALOG[name].graded:  # too rare to make on request: no button that would fail
        assert "/practise" not in page and "the generator seldom makes" in page
    else:
        assert "/practise" not in page and "There are no practise puzzles" in page


def test_an_unknown_technique_is_a_404_with_a_way_back(client: FlaskClient) -> None:
    for url in ("/techniques/guessing", "/techniques/guessing/practise/1"):
        response = client.get(url)
        assert response.status_code == 404
        assert "no technique called &#39;guessing&#39;" in html(response)
        assert 'href="/techniques" rel="nofollow">See every technique</a>' in html(response)


def test_practise_makes_a_puzzle_whose_hardest_step_is_the_technique(
    client: FlaskClient,
) -> None:
    fresh = client.get("/techniques/xy-wing/practise")
    assert fresh.status_code == 303 and fresh.headers["Cache-Control"] == "no-store"
    location = fresh.headers["Location"]
    match = re.fullmatch(r"/techniques/xy-wing/practise/(\d+)", location)
    assert match
    made = practise("XY-Wing", int(match.group(1)))
    assert made.attempts == 1 and made.grade.hardest == "XY-Wing"
    page = html(client.get(location))
    assert "Practise: XY-Wing" in page
    assert f'href="{GameState(made.puzzle).url}">Play this puzzle</a>' in page
    assert f'href="/path/{encode_cells(made.puzzle)}">Show me how to solve it</a>' in page
    assert f"seed {made.seed}" in page


def test_a_source_is_said_as_the_puzzles_number_in_its_set() -> None:
    """A .tsv file's line 1 is its header: its line 2035 holds its puzzle 2034."""
    assert source_text("royle_17clue.txt, line 12") == (
        "puzzle 12 of Gordon Royle's puzzles with 17 givens"
    )
    assert source_text("se_rated_calibration.tsv, line 2035") == (
        "puzzle 2034 of a set of puzzles Sudoku Explainer has rated"
    )
    assert source_text("unknown.txt, line 3") == "unknown.txt, line 3"


def test_a_practise_puzzle_copied_from_a_known_one_says_which(client: FlaskClient) -> None:
    """The deepest chains' practise puzzles are shuffled copies of known puzzles."""
    entry = CATALOG["Nested forcing chain"]
    seed = entry.practise_seeds[0]
    made = practise(entry.name, seed)
    page = html(client.get(f"/techniques/{entry.slug}/practise/{seed}"))
    said = f"Made from {source_text(made.source)}, its rows, columns and digits"
    assert said in unescape(page) and f"seed {seed}" in page
    assert f'href="{GameState(made.puzzle).url}">Play this puzzle</a>' in page


@pytest.mark.parametrize("name", ["Pointing", "X-Wing", "XY-Wing", "Empty rectangle", "AIC"])
def test_practise_can_start_at_the_techniques_step(client: FlaskClient, name: str) -> None:
    """The link opens the game with the easier steps made (the solution's digits) and every
    candidate left noted (the solution's among them): its hint is the technique's step."""
    seed = PRACTISE[name][0]
    page = html(client.get(f"/techniques/{CATALOG[name].slug}/practise/{seed}"))
    link = re.search(r'<a href="([^"]+)">start at the ([^<]+) step</a>', page)
    assert link and link.group(2) == name, page
    state = from_path(unescape(link.group(1)))
    solution = solve(state.puzzle).solution
    assert solution is not None and any(state.entries)
    for cell, (given, entry, notes) in enumerate(
        zip(state.puzzle, state.entries, state.notes, strict=True)
    ):
        digit = solution[cell]
        assert given or entry in (0, digit)
        assert given or entry or notes & (1 << (digit - 1)), cell
    found = hint(state.puzzle, state.entries, state.notes, None).step
    assert found is not None
    named = entry_for(found.technique, found.rating)
    assert named is not None and named.name == name
    assert client.get(unescape(link.group(1))).status_code == 200


def test_practise_of_a_first_step_has_nothing_to_skip(client: FlaskClient) -> None:
    seed = PRACTISE["Full house"][0]
    page = html(client.get(f"/techniques/full-house/practise/{seed}"))
    assert "Practise: Full house" in page and "start at the" not in page


def test_a_practise_seed_that_misses_moves_to_the_one_that_hits(client: FlaskClient) -> None:
    hit = PRACTISE["XY-Wing"][0]  # the first seed from 1 on that makes one
    response = client.get(f"/techniques/xy-wing/practise/{hit - 3}")
    assert response.status_code == 301
    assert response.headers["Location"] == f"/techniques/xy-wing/practise/{hit}"
    assert client.get(f"/techniques/xy-wing/practise/{hit}").status_code == 200


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("/techniques/solution-lookup/practise", "not something to practise"),
        ("/techniques/w-wing/practise", "no generated puzzle is graded by it"),
        ("/techniques/sue-de-coq/practise/1", "does not use it"),
        ("/techniques/x-wing/practise/1000000000", "seeds go from 0 to 999999999"),
    ],
)
def test_bad_practise_links_get_a_400(client: FlaskClient, url: str, message: str) -> None:
    response = client.get(url)
    assert response.status_code == 400 and message in html(response).lower()


def test_an_error_page_s_way_back_says_where_it_goes(client: FlaskClient) -> None:
    page = html(client.get("/techniques/w-wing/practise"))
    assert 'href="/techniques/w-wing" rel="nofollow">Back to W-Wing</a>' in page
    assert "without the part that" not in page


def test_robots_keep_crawlers_to_the_library(client: FlaskClient) -> None:
    text = html(client.get("/robots.txt"))
    for line in ("Disallow: /path/", "Disallow: /review/", "Disallow: /techniques/*/practise"):
        assert line in text
    assert "Allow: /techniques" in text


# --- the review ------------------------------------------------------------------------


def game(puzzle: str, played: list[tuple[int, int, bool]]) -> GameState:
    """The state of a game: each move (cell, digit or 0, made by a hint), in its history."""
    entries = [0] * 81
    history = []
    for cell, digit, hinted in played:
        history.append(Move(((cell, entries[cell]),), hinted))
        entries[cell] = digit
    return GameState(parse(puzzle), tuple(entries), history=tuple(history))


def test_the_games_moves_are_read_back_from_its_history() -> None:
    history = (Move(((0, 0),)), Move(((5, 3), (80, 9 + 0b101)), True))
    entries = [0] * 81
    entries[0], entries[5] = 4, 7
    start, moves = game_moves(tuple(entries), history)
    assert start[5] == 3 and start[0] == 0
    assert moves == [GameMove(0, 4), GameMove(5, 7, True)]


def test_a_finished_game_is_reviewed_point_by_point(client: FlaskClient) -> None:
    puzzle = parse(EASY)
    right = parse(EASY_SOLUTION)
    empty = [c for c in range(81) if not puzzle[c]]
    a, b = empty[0], empty[1]
    played = [(a, right[a] % 9 + 1, False), (a, right[a], False), (b, right[b], True)]
    played += [(c, right[c], False) for c in empty[2:]]
    asked = replace(game(EASY, played), hints=3)  # one hint placed a digit, two only told
    url = review_url(asked.url)
    response = client.get(url)
    assert response.status_code == 200, html(response)
    page = html(response)
    assert "Looking back at your game" in page
    name_a = f"r{a // 9 + 1}c{a % 9 + 1}"
    name_b = f"r{b // 9 + 1}c{b % 9 + 1}"
    assert f"Move 1: you wrote {right[a] % 9 + 1} in {name_a}" in page
    assert f"The solution has {right[a]} there." in page and "Fixed at move 2" in page
    assert f"A hint placed {right[b]} in {name_b}" in page
    assert "The simplest step the engine saw here" in page
    assert re.search(r"<dt>Hints asked for</dt><dd>3</dd>", page)
    assert re.search(r"<dt>Moves a hint made</dt><dd>1</dd>", page)
    assert re.search(r"<dt>Mistakes</dt><dd>1</dd>", page)
    second = html(client.get(url + "&at=2"))
    assert f"Move 3: a hint placed {right[b]} in {name_b}" in second
    assert response.headers["X-Robots-Tag"] == "noindex, nofollow"


def test_a_reviews_key_names_a_wrong_entry_only_where_the_grid_shows_one(
    client: FlaskClient,
) -> None:
    """A wrong digit, then a hint while it stands: at the mistake the grid is the one before
    it (no wrong entry on it), at the hint the wrong digit is on the grid."""
    puzzle = parse(EASY)
    right = parse(EASY_SOLUTION)
    a, b = [c for c in range(81) if not puzzle[c]][:2]
    url = review_url(game(EASY, [(a, right[a] % 9 + 1, False), (b, right[b], True)]).url)
    key = "a wrong entry</li>"
    mistake, hinted = html(client.get(url)), html(client.get(url + "&at=2"))
    assert "the grid is as it was before it" in mistake
    assert key not in mistake and key in hinted


def test_a_clean_game_and_a_link_without_moves(client: FlaskClient) -> None:
    puzzle = parse(EASY)
    right = parse(EASY_SOLUTION)
    empty = [c for c in range(81) if not puzzle[c]]
    url = review_url(game(EASY, [(c, right[c], False) for c in empty]).url)
    assert "No hints and no mistakes" in html(client.get(url))
    assert "holds no moves" in html(client.get(review_url(GameState(puzzle).url)))


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("h=!!!0", "the history (h=) has &#39;!!!&#39; at character 1"),
        ("h=001", "the history (h=) ends in the middle of a move"),
        ("h=~", "the history (h=) ends in the middle of a move"),
        ("at=5", "the point (at=) must be a number from 1 to 1"),
        ("at=%D9%A3", "the point (at=) must be a number from 1 to 1"),  # Arabic-Indic 3
        ("at=1&at=1", "at= appears 2 times in the link"),
    ],
)
def test_bad_review_links_get_a_400(client: FlaskClient, query: str, message: str) -> None:
    response = client.get(f"/review/v1/{CODE}?{query}")
    assert response.status_code == 400 and message in html(response).lower()


def test_a_solved_game_links_to_its_review(client: FlaskClient) -> None:
    state = GameState(
        parse(EASY),
        tuple(d if not g else 0 for d, g in zip(parse(EASY_SOLUTION), parse(EASY), strict=True)),
    )
    page = html(client.get(state.url))
    assert f'<a href="{review_url(state.url)}">Look back at your game</a>' in page
    assert "Look back at your game" not in html(client.get(GameState(parse(EASY)).url))


def test_step_names_in_the_library_match_the_engine() -> None:
    for moment in walkthrough(parse(EASY)).moments:
        assert entry_for(moment.step.technique, moment.step.rating) is not None


def test_the_paths_counts_keep_box_and_line_hidden_singles_apart(client: FlaskClient) -> None:
    """Both were counted as "Hidden single", linked to the box's page."""
    walk = walkthrough(parse(COLOURING))
    page = html(client.get(f"/path/{encode_cells(parse(COLOURING))}"))
    counted = re.findall(
        r'<li><a href="/techniques/([^"]+)">[^<]+</a> <span class="count">\u00d7 (\d+)</span>', page
    )
    by_page = {slug: int(n) for slug, n in counted}
    ratings = [m.step.rating for m in walk.moments if m.step.technique == "Hidden single"]
    assert by_page["hidden-single-box"] == ratings.count(1.2) > 0
    assert by_page["hidden-single-row-or-column"] == ratings.count(1.5) > 0
    assert sum(by_page.values()) == len(walk.moments)  # each step once, on its own page


# A WXYZ-Wing rated 5.6 at step 61 of its solve: its set's largest cell has three candidates.
WXYZ_56 = ".4..1.2.......9.7..1..........43.6..8......5....2.....7.5..8......6..3..9........"


def test_a_rating_breakdown_gives_the_techniques_own_reason() -> None:
    """Every rating above its technique's base was put down to 'its length', wings too."""
    assert bonus_reason("X-chain", 6.7) == "for its length"
    assert bonus_reason("Dynamic forcing chain", 8.8) == "for its length"
    assert bonus_reason("WXYZ-Wing", 5.6) == "for how many candidates its set's largest cell has"
    assert bonus_reason("VWXYZ-Wing", 6.4) == bonus_reason("WXYZ-Wing", 5.6)
    assert bonus_reason("Unique rectangle type 3", 4.7) == "for the size of its set"
    assert bonus_reason("BUG type 3", 5.9) == "for the size of its set"
    assert bonus_reason("Unique loop type 3", 4.8) == "for its type and the loop's size"


def test_the_paths_wxyz_wing_is_not_rated_for_a_length(client: FlaskClient) -> None:
    page = html(client.get(f"/path/{encode_cells(parse(WXYZ_56))}?step=61"))
    assert "WXYZ-Wing</a>" in page and "rated 5.6" in page
    assert "(5.5, plus 0.1 for how many candidates its set&#39;s largest cell has)" in page
    assert "for its length" not in page


def test_previous_and_next_follow_the_librarys_order(client: FlaskClient) -> None:
    """The pages' links followed the catalog's order, where the library sorts by rating:
    Turbot fish -> Empty rectangle -> XY-Wing, ALS-XZ -> ALS-XY-Wing (7.4) -> ALS chain (7.3)."""
    library = html(client.get("/techniques"))
    order = re.findall(r'<li><a href="/techniques/([^"/]+)">', library)
    assert len(order) == len(CATALOG) and order.index("als-chain") < order.index("als-xy-wing")
    for at, slug in enumerate(order):
        page = html(client.get(f"/techniques/{slug}"))
        pager = page[page.index('class="learn-pager"') :]
        links = re.findall(r'<a href="/techniques/([^"]+)">', pager)
        expected = [order[at - 1]] if at else []
        expected += [order[at + 1]] if at + 1 < len(order) else []
        assert links == expected, slug


def test_a_hint_that_changed_notes_names_every_cell_it_changed(client: FlaskClient) -> None:
    """A hint that took 4 from both r7c8 and r7c9 was listed as 'A hint changed r7c8'."""
    puzzle = parse(EASY)
    x, y = [c for c in range(81) if not puzzle[c] and c // 9 == 6][:2]
    notes = [0] * 81
    notes[x], notes[y] = 0b1_0000_0011, 0b0_0100_0001
    history = (Move(((x, 9 + (notes[x] | 0b1000)), (y, 9 + (notes[y] | 0b1000))), True),)
    state = GameState(puzzle, (0,) * 81, notes=tuple(notes), hints=1, history=history)
    page = html(client.get(review_url(state.url)))
    name_x = f"r7c{x % 9 + 1}"
    name_y = f"r7c{y % 9 + 1}"
    assert f"Move 1: a hint changed {name_x} and {name_y}</h2>" in page


def test_every_hints_only_technique_is_tagged_not_in_sudoku_explainer(
    client: FlaskClient,
) -> None:
    """The W-Wing page said Sudoku Explainer does not use it but had no tag: its figure is
    SukakuExplainer's, so `se` is not None."""
    for entry in CATALOG.values():
        page = html(client.get(f"/techniques/{entry.slug}"))
        tagged = "(not in Sudoku Explainer)</span>" in page
        assert tagged == (entry.se is None or not entry.graded), entry.name
    assert "(not in Sudoku Explainer)" in html(client.get("/techniques/w-wing"))
