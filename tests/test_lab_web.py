"""The solver lab's pages through the Flask test client: URLs, redirects, counts, errors."""

from __future__ import annotations

import re
import urllib.parse

import pytest
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from puzzles import EASY

from webapp.lab import EXAMPLES, NODES, lab_url
from webapp.sudoku import PEERS, TRACEABLE, Budget, count_solutions, parse, trace
from webapp.sudoku.algorithms.sat import RULES
from webapp.urlstate import encode_cells

EASY_CODE = encode_cells(parse(EASY))
TOP95, ANTI, TWO, NONE = (example.puzzle for example in EXAMPLES[1:])
CLASH = "11" + "." * 79


def code(puzzle: str) -> str:
    return encode_cells(parse(puzzle))


def outcome(puzzle: str, algorithm: str):  # -> Outcome
    return count_solutions(parse(puzzle), 2, algorithm=algorithm, budget=Budget(nodes=NODES))


def step_title(html: str) -> str:
    found = re.search(r'<h2 id="lab-step-title">(.*?)</h2>', html, re.S)
    assert found, "no step title"
    return " ".join(re.sub(r"<[^>]+>", " ", found.group(1)).split())


def links(html: str) -> dict[str, str]:
    """The step controls that are links: id -> href."""
    found = re.findall(r'<a id="(lab-[a-z]+)" class="btn" href="([^"]+)"', html)
    return {name: href.replace("&amp;", "&") for name, href in found}


def error_text(html: str) -> str:
    found = re.search(r'class="error-what">([^<]*)<', html)
    assert found, "not the error page"
    return found.group(1).replace("&#39;", "'")


def test_front_page_lists_the_examples_and_a_paste_box(client: FlaskClient) -> None:
    response = client.get("/lab")
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    for example in EXAMPLES:
        assert f'href="/lab/{example.code}"' in html
    assert '<form class="lab-paste" method="get" action="/lab">' in html
    assert "X-Robots-Tag" not in response.headers  # the front page may be indexed
    assert "max-age" in response.headers["Cache-Control"]
    for name in ("Backtracking", "Dancing links", "SAT solver", "Worst case"):
        assert name in html


@pytest.mark.parametrize("algorithm", TRACEABLE)
def test_the_examples_are_what_they_say(algorithm: str) -> None:
    assert outcome(EASY, "propagate").stats.nodes == 1
    assert outcome(TOP95, "backtrack").verdict.value == "gave up"
    assert 1000 < outcome(TOP95, "mrv").stats.nodes < NODES
    assert 40 <= outcome(TOP95, "propagate").stats.nodes <= 60
    assert outcome(ANTI, "propagate").stats.nodes == 1
    assert outcome(ANTI, "backtrack").verdict.value == "gave up"
    assert outcome(TWO, algorithm).verdict.value == "multiple solutions"
    assert outcome(NONE, algorithm).verdict.value == "no solution"
    assert outcome(NONE, algorithm).stats.nodes >= 1  # found by search, not in the givens


def test_every_game_page_links_to_the_lab(client: FlaskClient) -> None:
    html = client.get(f"/p/v1/{EASY_CODE}").get_data(as_text=True)
    assert f'<a href="/lab/{EASY_CODE}">How would a computer solve this?</a>' in html
    assert '<a class="nav-link" href="/lab">Solver lab</a>' in html


def test_side_by_side_shows_what_count_solutions_counts(client: FlaskClient) -> None:
    response = client.get(f"/lab/{code(TOP95)}")
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert response.headers["X-Robots-Tag"] == "noindex, nofollow"
    assert '<meta name="robots" content="noindex, nofollow">' in html
    rows = re.findall(r"<tr>\s*<th scope=\"row\">(.*?)</tr>", html, re.S)
    assert len(rows) == len(TRACEABLE)
    for algorithm, row in zip(TRACEABLE, rows, strict=True):
        result = outcome(TOP95, algorithm)
        cells = re.findall(r'data-label="([^"]+)">([^<]*)<', row)
        figures = dict(cells)
        assert figures["Nodes"] == f"{result.stats.nodes:,}"
        run = trace(parse(TOP95), algorithm, nodes=NODES)
        if algorithm == "sat":  # MiniSat's guesses happen inside it
            assert figures["Guesses"] == figures["Backtracks"] == "\N{EN DASH}"
        else:  # only real choices: a digit tried where two or more were left
            assert figures["Guesses"] == f"{result.stats.guesses:,}" == f"{run.guesses:,}"
            assert figures["Backtracks"] == f"{result.stats.backtracks:,}"
        assert figures["Max depth"] == str(run.max_depth)
        assert f'href="{lab_url(code(TOP95), algorithm)}"' in row
    assert "gave up" in rows[0] and "solved" in rows[2]
    assert html.count('<rect class="chart-bar') == len(TRACEABLE)
    assert '<rect class="chart-bar gave-up"' in html  # backtracking ran out


def test_step_view_counts_and_controls(client: FlaskClient) -> None:
    run = trace(parse(TOP95), "mrv", nodes=NODES)
    step = 10
    response = client.get(lab_url(code(TOP95), "mrv", step))
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert step_title(html) == f"Step 10 of {run.nodes:,}"
    assert run.nodes == outcome(TOP95, "mrv").stats.nodes
    dead = next(s for s in run.dead_ends if s > step)
    assert links(html) == {
        "lab-first": lab_url(code(TOP95), "mrv"),
        "lab-back": lab_url(code(TOP95), "mrv", 9),
        "lab-next": lab_url(code(TOP95), "mrv", 11),
        "lab-last": lab_url(code(TOP95), "mrv", run.nodes),
        "lab-dead": lab_url(code(TOP95), "mrv", dead),
        "lab-solution": lab_url(code(TOP95), "mrv", run.solved_at[0]),
    }
    assert response.headers["X-Robots-Tag"] == "noindex, nofollow"
    assert "HX-Request" in response.headers["Vary"]
    # the depth chart: the run so far, the rest faint, and a marker at the step
    assert html.count('<path class="depth-line') == 2 and 'class="depth-marker"' in html
    last = client.get(lab_url(code(TOP95), "mrv", run.nodes)).get_data(as_text=True)
    assert last.count('<path class="depth-line') == 1


def test_first_and_last_steps_have_no_way_further(client: FlaskClient) -> None:
    first = client.get(lab_url(EASY_CODE, "dlx")).get_data(as_text=True)
    assert set(links(first)) == {"lab-next", "lab-last", "lab-solution"}
    assert 'id="lab-back" class="btn is-off" aria-disabled="true"' in first
    nodes = trace(parse(EASY), "dlx", nodes=NODES).nodes
    last = client.get(lab_url(EASY_CODE, "dlx", nodes)).get_data(as_text=True)
    assert set(links(last)) == {"lab-first", "lab-back"}
    assert "The search ends here: solved" in last


def test_a_dead_end_step_says_so_and_shows_the_three_units(client: FlaskClient) -> None:
    run = trace(parse(NONE), "backtrack", nodes=NODES)
    step = run.dead_ends[0]
    html = client.get(lab_url(code(NONE), "backtrack", step)).get_data(as_text=True)
    assert "Dead end." in html
    assert "Between them they hold every digit" in html
    assert html.count('<span class="used">') == sum(
        bin(mask).count("1")
        for mask in trace(parse(NONE), "backtrack", nodes=NODES, step=step).frame.clubs  # type: ignore[union-attr]
    )
    assert "lab-cell" in html and "focus dead" in html


def test_propagation_step_colours_its_placements(client: FlaskClient) -> None:
    step = 2  # step 1 shows what the givens force; look for a guess that forces more
    while not (run := trace(parse(TOP95), "propagate", nodes=NODES, step=step)).frame.filled:  # type: ignore[union-attr]
        step += 1
    assert run.frame is not None and step > 1
    html = client.get(lab_url(code(TOP95), "propagate", step)).get_data(as_text=True)
    assert html.count("lab-cell filled") == len(run.frame.filled)
    assert f"filled {len(run.frame.filled)} cell" in html


def test_dancing_links_and_sat_speak_their_own_terms(client: FlaskClient) -> None:
    run = trace(parse(TOP95), "dlx", nodes=NODES, step=3)
    assert run.frame is not None
    html = client.get(lab_url(code(TOP95), "dlx", 3)).get_data(as_text=True)
    size = run.frame.column_size
    said = "met only by" if size == 1 else f"met by {size} candidate"
    assert f"<strong>{run.frame.column}</strong>, {said}" in html
    sat = client.get(lab_url(code(TWO), "sat", 2)).get_data(as_text=True)
    clauses = len(RULES) + sum(1 for d in parse(TWO) if d) + 1
    assert f"on a formula of 729 variables and {clauses:,} clauses, 1 of them added" in sat
    stats = dict(trace(parse(TWO), "sat", nodes=NODES, step=2).frame.sat.stats)  # type: ignore[union-attr]
    assert f"<dt>Decisions</dt><dd>{stats['decisions']:,}</dd>" in sat


def test_htmx_gets_the_step_fragment(client: FlaskClient) -> None:
    url = lab_url(code(TOP95), "propagate", 5)
    response = client.get(url, headers={"HX-Request": "true"})
    html = response.get_data(as_text=True)
    title, rest = html.split("\n", 1)  # the page's new title first, which htmx puts in place
    assert title == "<title>Constraint propagation, step 5: Solver lab</title>"
    assert rest.lstrip().startswith('<section id="lab-step"')
    assert "<html" not in html
    assert step_title(html).startswith("Step 5 of")


@pytest.mark.parametrize(
    ("asked", "canonical"),
    [
        (f"/lab/{EASY}", f"/lab/{EASY_CODE}"),
        (f"/lab/{EASY_CODE}?algo=mrv&step=1", f"/lab/{EASY_CODE}?algo=mrv"),
        (f"/lab/{EASY_CODE}?step=3&algo=mrv", f"/lab/{EASY_CODE}?algo=mrv&step=3"),
        (f"/lab/{EASY_CODE}?algo=mrv&step=003", f"/lab/{EASY_CODE}?algo=mrv&step=3"),
        (f"/lab/{EASY_CODE}?utm_source=x", f"/lab/{EASY_CODE}"),
        (f"/lab/{EASY_CODE}?algo=", f"/lab/{EASY_CODE}"),
        ("/lab/", "/lab"),
        ("/lab?ref=1", "/lab"),
    ],
)
def test_other_spellings_redirect_to_the_canonical_url(
    client: FlaskClient, asked: str, canonical: str
) -> None:
    response = client.get(asked)
    assert response.status_code == 301
    assert response.headers["Location"] == canonical


def test_the_paste_box_opens_the_puzzle(client: FlaskClient) -> None:
    response = client.get("/lab", query_string={"puzzle": EASY})
    assert response.status_code == 303
    assert response.headers["Location"] == f"/lab/{EASY_CODE}"


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("/lab/12!45", "The puzzle has '!' at character 3"),
        (f"/lab/{EASY_CODE}?algo=quantum", "The algorithm (algo=) must be one of backtrack"),
        (f"/lab/{EASY_CODE}?step=4", "A step (step=) needs an algorithm (algo=)"),
        (f"/lab/{EASY_CODE}?algo=mrv&step=0", "must be a number from 1 to 20,000, not '0'"),
        (f"/lab/{EASY_CODE}?algo=mrv&step=x", "must be a number from 1 to 20,000, not 'x'"),
        (f"/lab/{EASY_CODE}?algo=mrv&step=20001", "not '20001'"),
        (f"/lab/{EASY_CODE}?algo=mrv&step={'9' * 5000}", "not '99999999999999999999'"),
        (f"/lab/{EASY_CODE}?algo=mrv&step=\u0663", "not '\u0663'"),
        (f"/lab/{EASY_CODE}?algo=mrv&algo=dlx", "algo= appears 2 times in the link"),
        ("/lab?puzzle=1&puzzle=2", "puzzle= appears 2 times in the link"),
        (f"/lab/{EASY_CODE}?algo=mrv&step=51", "This search has 50 steps, so there is no step 51"),
        (f"/lab/{code(CLASH)}?algo=mrv&step=2", "This search takes no step, so there is no step 2"),
    ],
)
def test_bad_links_get_the_400_page(client: FlaskClient, url: str, message: str) -> None:
    response = client.get(url)
    assert response.status_code == 400
    assert message in error_text(response.get_data(as_text=True))


def test_past_the_last_step_offers_the_last_step(client: FlaskClient) -> None:
    html = client.get(f"/lab/{EASY_CODE}?algo=mrv&step=51").get_data(as_text=True)
    assert f'href="{lab_url(EASY_CODE, "mrv", 50)}"'.replace("&", "&amp;") in html


def test_a_search_without_steps_says_why(client: FlaskClient) -> None:
    clash = client.get(lab_url(code(CLASH), "dlx")).get_data(as_text=True)
    assert "This search takes no step" in clash
    assert "The givens clash (1 appears 2 times in row 1" in clash
    side = client.get(lab_url(code(CLASH))).get_data(as_text=True)
    assert "found the contradiction before its search began" in side


def test_robots_keep_crawlers_off_lab_states(client: FlaskClient) -> None:
    lines = client.get("/robots.txt").get_data(as_text=True).splitlines()
    assert "Disallow: /lab/" in lines
    assert "Allow: /lab$" in lines


FIXTURE_CHECK = HealthCheck.function_scoped_fixture  # the client holds no state between calls


@settings(max_examples=120, deadline=None, suppress_health_check=[FIXTURE_CHECK])
@given(
    puzzle=st.one_of(st.just(EASY_CODE), st.text(min_size=1, max_size=90)).filter(
        lambda s: "/" not in s
    ),
    algo=st.one_of(st.sampled_from(TRACEABLE), st.text(max_size=12)),
    step=st.one_of(st.integers(-5, NODES + 5).map(str), st.text(max_size=12)),
    keys=st.sampled_from(["algo", "step", "both", "puzzle"]),
)
def test_fuzzed_lab_links_never_fail(
    client: FlaskClient, puzzle: str, algo: str, step: str, keys: str
) -> None:
    query = {"algo": {"algo": algo}, "step": {"step": step}, "both": {"algo": algo, "step": step}}
    if keys == "puzzle":
        url = "/lab?" + urllib.parse.urlencode({"puzzle": puzzle})
    else:
        url = f"/lab/{urllib.parse.quote(puzzle)}?{urllib.parse.urlencode(query[keys])}"
    assert client.get(url).status_code in (200, 301, 302, 303, 400, 404)


def _digits_left(grid: tuple[int, ...], cell: int) -> int:
    """How many digits the cell's row, column and box still allow."""
    seen = {grid[p] for p in PEERS[cell]}
    return len(set(range(1, 10)) - seen)


@pytest.mark.parametrize("puzzle", [ANTI, NONE], ids=["anti", "none"])
def test_what_mrv_says_it_chose_is_true_of_the_grid(client: FlaskClient, puzzle: str) -> None:
    """'the fewest digits left' only where no empty cell has fewer; a single digit is said to
    stop the scan (a cell with none may still wait further on)."""
    grid = parse(puzzle)
    checked = 0
    for step in range(2, 60, 3):  # every third step: each page costs a lab run
        frame = trace(grid, "mrv", nodes=NODES, step=step).frame
        if frame is None or frame.cell is None:
            break
        page = client.get(lab_url(code(puzzle), "mrv", step)).get_data(as_text=True)
        left = [_digits_left(frame.grid, c) for c in range(81) if not frame.grid[c]]
        if "has the fewest digits left" in page:
            assert min(left) == len(frame.options), step
            checked += 1
        else:
            assert len(frame.options) <= 1, step
        if len(frame.options) == 1:  # one digit is not 'to try': it is all there is
            assert "That leaves only a" in page and "to try" not in page, step
    assert checked


def test_a_screen_reader_hears_only_the_digits_a_unit_holds(client: FlaskClient) -> None:
    """The nine digits are drawn, the free ones faded; a screen reader gets the used ones."""
    page = client.get(lab_url(code(TOP95), "backtrack", 5)).get_data(as_text=True)
    units = re.findall(
        r'<span class="lab-digits" aria-hidden="true">(.*?)</span><span class="sr-only">(.*?)<',
        page,
    )
    assert len(units) == 3  # the row, column and box of the cell
    for drawn, heard in units:
        used = re.findall(r'<span class="used">(\d)</span>', drawn)
        assert heard == (" ".join(used) or "no digit")


@pytest.mark.parametrize(("puzzle", "step"), [(TWO, 1), (TOP95, 1), (TOP95, 3), (TOP95, 4)])
def test_propagation_says_it_ruled_out_more_only_when_it_did(
    client: FlaskClient, puzzle: str, step: int
) -> None:
    """The step says propagation left fewer digits than the cell's three units alone leave
    only where that is so (it said it on every step)."""
    frame = trace(parse(puzzle), "propagate", nodes=NODES, step=step).frame
    assert frame is not None and frame.cell is not None
    held = {frame.grid[c] for c in PEERS[frame.cell]} - {0}
    narrowed = len(frame.options) < 9 - len(held)
    html = client.get(lab_url(code(puzzle), "propagate", step)).get_data(as_text=True)
    assert ("propagation has ruled out more" in html) is narrowed


def figures(html: str) -> dict[str, dict[str, str]]:
    """The side by side's table: algorithm name -> column -> figure."""
    rows = re.findall(r'<tr>\s*<th scope="row">([^<]*)</th>(.*?)</tr>', html, re.S)
    return {name: dict(re.findall(r'data-label="([^"]+)">([^<]*)<', row)) for name, row in rows}


def test_guesses_and_backtracks_mean_the_same_for_every_algorithm(client: FlaskClient) -> None:
    """Forced digits are not guesses (MRV and dancing links showed 49 on the easy puzzle), and
    every guess given up is a backtrack (propagation showed 4 guesses, 3 backtracks where all
    four failed); the table says what they mean, and that times vary."""
    easy = figures(client.get(lab_url(EASY_CODE)).get_data(as_text=True))
    for name in ("Fewest choices first (MRV)", "Dancing links", "Constraint propagation"):
        assert easy[name]["Guesses"] == easy[name]["Backtracks"] == "0", name
    html = client.get(lab_url(code(NONE))).get_data(as_text=True)
    for name, row in figures(html).items():
        if name != "SAT solver":
            assert row["Guesses"] == row["Backtracks"] != "0", name
    key = html.split('<div class="lab-table-key">', 1)[1].split("</div>", 1)[0]
    assert "digits tried where two or more were left" in key
    assert "wall-clock time on a shared server" in key
    assert "vary a little" not in html


def test_a_mistyped_paste_comes_back_with_the_text_and_the_problem(client: FlaskClient) -> None:
    pasted = "12x45 & <b>"
    response = client.get("/lab", query_string={"puzzle": pasted})
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    assert '<form class="lab-paste" method="get" action="/lab">' in html
    problem = re.search(r'<p id="lab-puzzle-problem" class="lab-problem">([^<]*)</p>', html)
    assert problem and "can&#39;t be read (unexpected &#39;x&#39; at row 1, column 3)" in problem[1]
    box = re.search(r"<textarea ([^>]*)>\n(.*?)</textarea>", html, re.S)
    assert box and box[2] == "12x45 &amp; &lt;b&gt;"
    assert 'aria-invalid="true" aria-describedby="lab-puzzle-problem"' in box[1]
    assert response.headers["X-Robots-Tag"] == "noindex, nofollow"
    fresh = client.get("/lab").get_data(as_text=True)
    assert "lab-puzzle-problem" not in fresh and "aria-invalid" not in fresh


def test_the_lab_and_the_solve_path_link_to_each_other(client: FlaskClient) -> None:
    human = '<p class="lab-human"><a href="/path/{}">How a person solves it</a>'
    side = client.get(lab_url(EASY_CODE)).get_data(as_text=True)
    assert human.format(EASY_CODE) in side
    assert "never guesses where logic is enough" in side
    step = client.get(lab_url(EASY_CODE, "mrv", 3)).get_data(as_text=True)
    assert human.format(EASY_CODE) in step
    for puzzle in (TWO, NONE):  # no single solution: the solve path has nothing to show
        assert 'class="lab-human"' not in client.get(lab_url(code(puzzle))).get_data(as_text=True)
    path = client.get(f"/path/{EASY_CODE}").get_data(as_text=True)
    assert f'<a class="btn" href="/lab/{EASY_CODE}">How would a computer solve it?</a>' in path


def test_propagation_links_the_techniques_it_uses_to_the_library(client: FlaskClient) -> None:
    html = client.get(lab_url(code(TOP95), "propagate", 4)).get_data(as_text=True)
    for slug, label in [
        ("naked-single", "naked single"),
        ("hidden-single-box", "in a box"),
        ("hidden-single-row-or-column", "in a row or column"),
        ("pointing", "pointing"),
        ("claiming", "claiming"),
    ]:
        assert f'<a href="/techniques/{slug}">{label}</a>' in html
        assert client.get(f"/techniques/{slug}").status_code == 200


def test_a_failed_guess_says_what_it_empties(client: FlaskClient) -> None:
    html = client.get(lab_url(code(TOP95), "propagate", 4)).get_data(as_text=True)
    assert (
        "r7c1 = 7</span> fails at once: propagation places 21 digits, then a 3 has no place "
        "left in row 4. A dead end."
    ) in html


def test_going_back_over_forced_choices_says_they_were_forced(client: FlaskClient) -> None:
    """Dancing links at step 45 of TOP95 goes back from depth 44 to 16; the choices between
    had one candidate each (checked on the steps that made them)."""
    html = client.get(lab_url(code(TOP95), "dlx", 45)).get_data(as_text=True)
    assert (
        "Back at depth 16 (the choices at depths 17 to 43 were forced: one option each, "
        "nothing else to try), it tries"
    ) in html
    run = trace(parse(TOP95), "dlx", nodes=NODES)
    for depth in range(17, 44):  # the last step before 45 at each depth made that choice
        made = max(s for s in range(1, 45) if run.depths[s - 1] == depth)
        shown = trace(parse(TOP95), "dlx", nodes=NODES, step=made).frame
        assert shown is not None and shown.column_size == 1, depth
    mixed = client.get(lab_url(code(TOP95), "mrv", 57)).get_data(as_text=True)
    assert "(the choices at depths 20 to 46 had nothing left to try: 26 of them forced" in mixed


def test_a_sat_call_without_work_says_why(client: FlaskClient) -> None:
    said = "The counts have not moved since the call before: this call did no work."
    assert said in client.get(lab_url(code(TOP95), "sat", 2)).get_data(as_text=True)
    assert said not in client.get(lab_url(code(TWO), "sat", 2)).get_data(as_text=True)
    assert said not in client.get(lab_url(code(TOP95), "sat", 1)).get_data(as_text=True)


def test_the_backtracking_texts_puzzle_built_against_it_is_a_link_on_every_lab_page(
    client: FlaskClient,
) -> None:
    """It said "(the third example)", which only the front page lists."""
    front = client.get("/lab").get_data(as_text=True)
    listed = re.findall(r'class="lab-example-link" href="([^"]+)">([^<]+)<', front)
    target = dict((title, href) for href, title in listed)["One made to defeat backtracking"]
    code = urllib.parse.quote(EXAMPLES[0].code)
    for url in ("/lab", f"/lab/{code}", f"/lab/{code}?algo=backtrack&step=2"):
        page = client.get(url).get_data(as_text=True)
        assert "third example" not in page
        assert f'<a href="{target}">a puzzle built against it</a>' in page, url
