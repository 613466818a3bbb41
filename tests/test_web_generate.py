"""New puzzles and difficulty through the web: levels, seed links, ratings shown or loaded."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from webapp import page_rating
from webapp.sudoku import SEED_LIMIT, generate, grade, parse
from webapp.urlstate import GameState, encode_cells

HTMX = {"HX-Request": "true"}
HARD_6 = "...68...2....1247.3...4.8...492....1.........8....169...8.2...6.1453....2...67..."


def opened(client: FlaskClient, url: str) -> tuple[GameState, str]:
    """Follow a /new link: the state it redirects to, and the page there."""
    response = client.get(url)
    assert response.status_code == 303
    location = response.headers["Location"]
    match = re.fullmatch(r"/p/v1/([^?]+)\?g=(\w+)-(\d+)", location)
    assert match, location
    level, seed = match.group(2), int(match.group(3))
    made = generate(level, seed)
    state = GameState(made.puzzle, origin=f"{level}-{seed}")
    assert state.url == location and made.attempts == 1
    page = client.get(location)
    assert page.status_code == 200
    return state, page.get_data(as_text=True)


@pytest.mark.parametrize("level", ["easy", "medium", "hard", "expert"])
def test_new_puzzle_at_each_level(client: FlaskClient, level: str) -> None:
    state, page = opened(client, f"/new/{level}")
    rated = grade(state.puzzle)
    assert rated.level.lower() == level
    assert f'<span class="level level-{level}">{rated.level}</span>' in page
    assert f"http://localhost/new/{level}/{state.origin.split('-')[1]}" in page  # the seed link


def test_a_seed_link_gives_its_puzzle(client: FlaskClient) -> None:
    made = generate("hard", 1)
    state, page = opened(client, f"/new/hard/{made.seed}")
    assert state.puzzle == made.puzzle and state.origin == f"hard-{made.seed}"
    assert f"hardest step: {made.grade.hardest}" in page and "Techniques this puzzle needs" in page


def test_a_seed_that_misses_moves_to_the_seed_that_hits(client: FlaskClient) -> None:
    seed = next(s for s in range(1, 100) if generate("hard", s).seed != s)  # a seed that misses
    hit = generate("hard", seed).seed
    assert client.get(f"/new/hard/{seed}").headers["Location"].endswith(f"?g=hard-{hit}")


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("/new/impossible", "unknown level &#39;impossible&#39;; choose one of Easy, Medium"),
        ("/new/extreme/217", "no Extreme puzzle comes from the seeds 217 to 316"),
        (f"/new/easy/{SEED_LIMIT}", f"seeds go from 0 to {SEED_LIMIT - 1}"),
    ],
)
def test_bad_new_links_get_a_400(client: FlaskClient, url: str, message: str) -> None:
    response = client.get(url)
    assert response.status_code == 400
    assert message.lower() in response.get_data(as_text=True).lower()


def test_every_page_offers_new_puzzles(client: FlaskClient) -> None:
    page = client.get("/").get_data(as_text=True)
    for level in ("easy", "medium", "hard", "expert", "extreme"):
        assert f'href="/new/{level}"' in page


def test_a_fragment_loads_a_rating_it_does_not_have(client: FlaskClient) -> None:
    """A pasted puzzle opens as a fragment; its rating comes after it (an edit's fragment never
    needs one: it keeps the page's own)."""
    puzzle = parse(HARD_6)
    form = {"text": HARD_6}
    page_rating._known.clear()
    page = client.post("/load", data=form, headers=HTMX).get_data(as_text=True)
    lazy = f'hx-get="/difficulty/{encode_cells(puzzle)}" hx-trigger="load"'
    assert lazy in page and "Rating the puzzle" in page
    loaded = client.get(f"/difficulty/{encode_cells(puzzle)}")
    assert loaded.headers["Cache-Control"] == "public, max-age=86400"
    assert '<span class="level level-hard">Hard</span>' in loaded.get_data(as_text=True)
    again = client.post("/load", data=form, headers=HTMX).get_data(as_text=True)
    assert lazy not in again and '<span class="level level-hard">Hard</span>' in again


def test_no_rating_without_exactly_one_solution(client: FlaskClient) -> None:
    page = client.get("/p/v1/zzzc").get_data(as_text=True)
    assert 'id="difficulty"' not in page
