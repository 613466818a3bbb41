"""New puzzles and difficulty through the web: levels, seed links, ratings shown or loaded."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, timedelta
from itertools import pairwise

import pytest
from fakes import never_made
from flask import Flask
from flask.testing import FlaskClient
from puzzles import EASY_SOLUTION

from webapp import page_rating, seedcheck
from webapp.remembered import Remembered
from webapp.sudoku import SEED_LIMIT, Generated, generate, grade, parse
from webapp.urlstate import GameState, encode_cells
from webapp.views import daily_day, daily_puzzle

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
    assert f"hardest step: {made.grade.hardest}" in page and "Techniques behind the rating" in page


def test_a_seed_that_misses_moves_to_the_seed_that_hits(client: FlaskClient) -> None:
    seed = next(s for s in range(1, 100) if generate("hard", s).seed != s)  # a seed that misses
    hit = generate("hard", seed).seed
    assert client.get(f"/new/hard/{seed}").headers["Location"].endswith(f"?g=hard-{hit}")


@pytest.mark.parametrize(
    ("url", "message", "offer"),
    [
        ("/new/impossible", "unknown level &#39;impossible&#39;; choose one of Easy, Medium", ""),
        (
            "/new/extreme/217",
            "no Extreme puzzle comes from the seeds 217 to 316",
            '<a class="btn" href="/new/extreme" rel="nofollow">A new Extreme puzzle</a>',
        ),
        (
            f"/new/easy/{SEED_LIMIT}",
            f"seeds go from 0 to {SEED_LIMIT - 1}",
            '<a class="btn" href="/new/easy" rel="nofollow">A new Easy puzzle</a>',
        ),
        (
            "/new/easy/42/12345678",
            "must be 1 to 9 in some order",
            '<a class="btn" href="/new/easy/42" rel="nofollow">The puzzle of seed 42</a>',
        ),
    ],
)
def test_bad_new_links_get_a_400_with_a_way_on(
    client: FlaskClient, url: str, message: str, offer: str
) -> None:
    response = client.get(url)
    page = response.get_data(as_text=True)
    assert response.status_code == 400
    assert message.lower() in page.lower() and offer in page


def test_every_page_offers_new_puzzles(client: FlaskClient) -> None:
    page = client.get("/").get_data(as_text=True)
    for level in ("easy", "medium", "hard", "expert", "extreme"):
        assert f'href="/new/{level}"' in page


def test_the_daily_puzzle_is_the_days_seed_link_for_everyone(client: FlaskClient) -> None:
    before = datetime.now(UTC).date()
    first = client.get("/daily")
    second = client.get("/daily", environ_base={"REMOTE_ADDR": "10.0.0.9"})  # someone else
    after = datetime.now(UTC).date()
    assert first.headers["Cache-Control"] == "no-store"
    assert first.headers["Location"] == second.headers["Location"] or before != after
    level, seed = daily_puzzle(after)
    state, page = opened(client, "/daily")
    assert state.origin.startswith(f"{level.lower()}-")
    assert 0 <= int(state.origin.split("-")[1]) - seed < 100  # one of the day's seeds
    assert ">Today's puzzle</a>" in page and 'href="/daily"' in page
    assert daily_day(state.origin) == after  # the page knows the day's puzzle (record.js)


@pytest.mark.parametrize(
    ("origin", "why"),
    [
        ("easy-739948000", "2026-11-28 is a Saturday: its puzzle is Expert"),
        ("expert-739948100", "past the day's SEED_ATTEMPTS seeds"),
        ("expert-739948000-213456789", "a copy with its digits renamed"),
        ("expert-999", "no day"),
        ("expert-9999999999", "past the last date"),
        ("", "not a generated puzzle"),
    ],
)
def test_only_a_days_own_seeds_make_its_puzzle(origin: str, why: str) -> None:
    assert daily_day(origin) is None, why


def test_every_days_puzzle_names_its_day() -> None:
    for k in range(400):
        day = date(2026, 1, 1) + timedelta(days=k)
        level, seed = daily_puzzle(day)
        assert daily_day(f"{level.lower()}-{seed}") == day
        assert daily_day(f"{level.lower()}-{seed + 99}") == day


def test_daily_puzzles_are_easier_early_in_the_week_and_never_repeat() -> None:
    monday = date(2026, 11, 23)
    week = [daily_puzzle(monday + timedelta(days=k)) for k in range(7)]
    assert [level for level, _ in week] == [
        "Easy",
        "Medium",
        "Medium",
        "Hard",
        "Hard",
        "Expert",
        "Expert",
    ]
    seeds = sorted(daily_puzzle(monday + timedelta(days=k))[1] for k in range(800))
    assert all(b - a >= 1000 for a, b in pairwise(seeds))  # no two days share a seed
    assert all(0 <= seed < SEED_LIMIT for seed in seeds)


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


def test_a_puzzle_without_exactly_one_solution_says_so_in_place_of_a_rating(
    client: FlaskClient,
) -> None:
    """A link can open in play what Start playing would have warned about."""
    # EASY_SOLUTION with r1c2, r1c7, r2c2, r2c7 emptied: they take 8 and 6 either way round.
    deadly = "".join("." if i in (1, 6, 10, 15) else ch for i, ch in enumerate(EASY_SOLUTION))
    stuck = ".12345678" + "9" + "." * 71  # no clash, but r1c1 has no digit left
    for puzzle, says in (
        ("." * 81, "This puzzle has more than one solution"),
        (deadly, "This puzzle has more than one solution"),
        (stuck, "This puzzle has no solution"),
    ):
        page_rating._known.clear()
        lazy = client.get(f"/difficulty/{encode_cells(parse(puzzle))}").get_data(as_text=True)
        assert f'<p class="msg msg-warn">{says}' in lazy
        page = client.get(GameState(parse(puzzle)).url).get_data(as_text=True)  # now known
        assert says in page and "Sudoku Explainer scale" not in page


def test_a_games_title_and_preview_name_its_level(client: FlaskClient) -> None:
    """Tabs and link previews (og: tags) say what the link holds; the home page keeps its own."""
    page = client.get("/new/medium/42", follow_redirects=True).get_data(as_text=True)
    made = generate("medium", 42)
    givens = sum(1 for d in made.puzzle if d)
    title = "Medium Sudoku: play it in your browser"
    assert f"<title>{title}</title>" in page
    assert f'<meta property="og:title" content="{title}">' in page
    described = f"A medium Sudoku with {givens} givens ({made.grade.rating:.1f} on the Sudoku"
    assert f'<meta name="description" content="{described}' in page
    assert f'<meta property="og:description" content="{described}' in page
    home = client.get("/").get_data(as_text=True)
    assert "<title>Sudoku: play, solve and share</title>" in home
    assert '<meta property="og:description" content="Type or paste a Sudoku' in home


class EmptyPool:
    """A pool with nothing ready, whose last puzzle of every level was `made`."""

    def __init__(self, made: Generated) -> None:
        self.made = made

    def ready(self, level: str) -> Generated | None:
        return None

    def recent(self, level: str) -> Generated | None:
        return self.made if level == self.made.level else None


def test_an_empty_pool_hands_out_renamed_copies_without_generating(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """/new/<level> with its pool empty generated on the spot (seconds for Extreme, a queue
    under a burst of clicks): now it renames the digits of the level's last puzzle."""
    made = page_rating.generated("Hard", 1)
    app.extensions["seedpool"] = EmptyPool(made)
    client = app.test_client()
    monkeypatch.setattr(page_rating, "generate", never_made)  # no generating from here on
    seen = set()
    for _ in range(3):
        location = client.get("/new/hard").headers["Location"]
        match = re.fullmatch(r"/p/v1/([^?]+)\?g=hard-(\d+)-(\d{9})", location)
        assert match, location
        names = match.group(3)
        assert int(match.group(2)) == made.seed and sorted(names) == list("123456789")
        copy = seedcheck.rename(made.puzzle, names)
        assert location == GameState(copy, origin=f"hard-{made.seed}-{names}").url
        assert [names[d - 1] if d else "0" for d in made.puzzle] == [str(d) for d in copy]
        assert copy != made.puzzle
        page = client.get(location).get_data(as_text=True)
        assert f"{made.grade.rating:.1f} on the Sudoku Explainer scale" in page  # known: no wait
        assert f"/new/hard/{made.seed}/{names}</a> makes this puzzle again" in page
        seen.add(location)
    assert len(seen) == 3
    monkeypatch.undo()
    again = client.get(f"/new/hard/{made.seed}/{names}")  # the seed link, as another would
    assert again.headers["Location"] == location


def test_a_renamed_seed_is_checked_in_a_worker_that_did_not_make_it(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = generate("easy", 7)
    copy = seedcheck.rename(made.puzzle, "918273645")
    monkeypatch.setattr(seedcheck, "_made", Remembered(8))  # another worker
    page = client.get(GameState(copy, origin=f"easy-{made.seed}-918273645").url)
    assert f"/new/easy/{made.seed}/918273645</a> makes this puzzle again" in page.get_data(
        as_text=True
    )
    other = seedcheck.rename(made.puzzle, "918273654")  # not what those names make
    response = client.get(GameState(other, origin=f"easy-{made.seed}-918273645").url)
    assert response.status_code == 301 and "g=" not in response.headers["Location"]


@pytest.mark.parametrize("names", ["12345678", "1234567899", "112345678", "12345678a"])
def test_renamings_that_are_not_1_to_9_get_a_400(client: FlaskClient, names: str) -> None:
    page = client.get(f"/new/easy/7/{names}")
    assert page.status_code == 400 and "must be 1 to 9 in some order" in page.get_data(as_text=True)
    state = client.get(f"/p/v1/{encode_cells(parse(HARD_6))}?g=easy-7-{names}")
    assert state.status_code == 400 and "must be 1 to 9 in some order" in state.get_data(
        as_text=True
    )
