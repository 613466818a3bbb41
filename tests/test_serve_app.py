"""What the app does to be safe on the internet, through the test client: digits of any script,
the Host header, the budget of /new/<level>, a busy engine, the health check, the settings."""

from __future__ import annotations

import gc
import io
import os
import re
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import pytest
from fakes import busy_engine, never_made
from flask.testing import FlaskClient
from puzzles import EASY

from webapp import create_app, hint_panel, limits, page_rating, play
from webapp.__main__ import main as serve_main
from webapp.__main__ import unanswered_note
from webapp.enginepool import Busy, EnginePool
from webapp.guard import BodyGuard
from webapp.remembered import Remembered
from webapp.seedpool import KNOWN_SEEDS
from webapp.settings import SettingsError, from_env
from webapp.sudoku import Generated, generate, parse
from webapp.urlstate import GameState, encode_cells, from_path

CODE = encode_cells(parse(EASY))
FIRST_EMPTY = EASY.index(".")
HARD = "..2...7...1.....6.5......18....37.......49.....41.23....3.2.9...8.....5.6.......2"


def post_cell(client: FlaskClient, text: str) -> tuple[int, str, str]:
    form = {"v": "1", "state": GameState(parse(EASY)).url, f"c{FIRST_EMPTY}": text}
    response = client.post("/edit", data=form)
    return response.status_code, response.headers.get("Location", ""), response.get_data(True)


@pytest.mark.parametrize(
    ("typed", "digit"), [("٣", 3), ("\uff13", 3), ("३", 3), ("²", 2), ("①", 1), (" \uff17 ", 7)]
)
def test_digits_of_any_script_typed_in_a_cell_are_digits(
    client: FlaskClient, typed: str, digit: int
) -> None:
    """They gave a whole-page 400 (full-width, Arabic-Indic) or a 500 (superscript)."""
    status, location, _ = post_cell(client, typed)
    entries = [0] * 81
    entries[FIRST_EMPTY] = digit
    assert status == 303
    assert from_path(location).entries == tuple(entries)


def test_digits_of_any_script_make_notes(client: FlaskClient) -> None:
    status, location, _ = post_cell(client, "١٣")
    notes = [0] * 81
    notes[FIRST_EMPTY] = 0b101
    assert status == 303 and from_path(location).notes == tuple(notes)


@pytest.mark.parametrize("typed", ["x²", "½", "\u066b"])
def test_other_text_marks_only_that_cell(client: FlaskClient, typed: str) -> None:
    status, _, page = post_cell(client, typed)
    assert status == 422
    assert re.search(rf'<input id="c{FIRST_EMPTY}" [^>]*class="[^"]*\bbad\b', page)


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("hint=%C2%B2", "the hint level (hint=) must be a number from 1 to 3"),
        ("hint=%D9%A3", "the hint level (hint=) must be a number from 1 to 3"),
        ("g=hard-%E2%91%A0", "the puzzle&#39;s seed (g=) must be a level and a number"),
        ("g=hard-%EF%BC%91", "the puzzle&#39;s seed (g=) must be a level and a number"),
    ],
)
def test_unicode_digits_in_the_link_get_a_400_not_a_500(
    client: FlaskClient, query: str, message: str
) -> None:
    for response in (
        client.get(f"/p/v1/{CODE}?{query}"),
        client.post("/edit", data={"v": "1", "state": f"/p/v1/{CODE}?{query}"}),
    ):
        assert response.status_code == 400
        assert message.lower() in response.get_data(as_text=True).lower()


# The Host header


def test_an_untrusted_host_gets_a_400_and_is_not_repeated(client: FlaskClient) -> None:
    """Without PUBLIC_ORIGIN the share link is built on the Host header: only trusted ones."""
    response = client.get(GameState(parse(EASY)).url, headers={"Host": "evil.example"})
    assert response.status_code == 400
    assert 'href="http://evil.example' not in response.get_data(as_text=True)
    assert client.get("/healthz", headers={"Host": "10.1.2.3:8000"}).status_code == 200
    for host in ("localhost", "127.0.0.1:8000", "[::1]:8000"):
        assert client.get("/", headers={"Host": host}).status_code == 200


def test_links_use_the_public_origin_whatever_the_host(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PUBLIC_ORIGIN", "https://sudoku.example/")
    client = create_app({"TESTING": True, "SEED_POOL": 0}).test_client()
    evil = {"Host": "evil.example"}
    made = client.get("/new/easy/12", headers=evil)
    url = made.headers["Location"]
    assert made.status_code == 303 and url.startswith("/p/v1/") and url.endswith("g=easy-12")
    page = client.get(url, headers=evil).get_data(as_text=True)
    assert f'value="https://sudoku.example{url}"' in page
    assert 'href="https://sudoku.example/new/easy/12"' in page
    assert "evil.example" not in page
    merged = client.get("/new//easy/12", headers=evil)  # werkzeug builds it on the Host
    assert merged.status_code == 308 and merged.headers["Location"] == "/new/easy/12"


def test_trusted_hosts_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRUSTED_HOSTS", "sudoku.example, www.sudoku.example")
    client = create_app({"TESTING": True, "SEED_POOL": 0}).test_client()
    assert client.get("/", headers={"Host": "www.sudoku.example"}).status_code == 200
    assert client.get("/", headers={"Host": "localhost"}).status_code == 400


# Budgets


def test_new_puzzle_with_an_empty_pool_has_a_budget(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """It tried up to 5,000 fresh seeds (seconds for Extreme): now NEW_ATTEMPTS fresh ones,
    then a known seed; if even that fails (a generator that changed), a clear 503 page."""
    real = page_rating.generate

    def known_only(level: str, seed: int, **kwargs: Any) -> Generated:
        if seed not in KNOWN_SEEDS["Extreme"]:
            return never_made(level, seed)  # type: ignore[return-value]
        return real(level, seed, **kwargs)

    monkeypatch.setattr(page_rating, "generate", known_only)  # no fresh seed makes one
    made = client.get("/new/extreme")
    assert made.status_code == 303
    assert int(made.headers["Location"].rsplit("-", 1)[1]) in KNOWN_SEEDS["Extreme"]
    monkeypatch.setitem(KNOWN_SEEDS, "Extreme", (1,))
    response = client.get("/new/extreme")
    page = response.get_data(as_text=True)
    assert response.status_code == 503 and response.headers["Retry-After"] == "5"
    assert "No Extreme puzzle is ready just now" in page and 'href="/new/extreme"' in page


@pytest.mark.parametrize("level", sorted(KNOWN_SEEDS))
def test_the_known_seeds_make_their_level_at_once(level: str) -> None:
    for seed in KNOWN_SEEDS[level]:
        assert generate(level, seed, max_attempts=1).level == level


def test_a_busy_engine_gets_a_503_page(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    busy_engine(monkeypatch)
    response = client.get(GameState(parse(EASY), solve=True).url)
    assert response.status_code == 503 and response.headers["Retry-After"] == "2"
    assert "The puzzle engine is busy" in response.get_data(as_text=True)
    assert client.get(GameState(parse(EASY)).url).status_code == 200  # pages need no engine


def test_a_worker_solves_a_puzzle_once_for_every_page_that_needs_its_solution(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch, engine_jobs: list[object]
) -> None:
    """Showing the solution, a Check and mistakes marked as they are made each sent the
    whole board to the engine to be laid out, on every page and edit."""
    monkeypatch.setattr(play, "_outcomes", Remembered(8))
    asked = engine_jobs
    puzzle = parse(EASY)
    assert "the only one" in client.get(GameState(puzzle, solve=True).url).get_data(as_text=True)
    assert asked == [play.outcome]
    entries = tuple(0 if d else 1 for d in puzzle)  # mostly wrong entries
    shown = client.get(GameState(puzzle, entries, mistakes=True).url).get_data(as_text=True)
    assert "entry 1, wrong" in shown  # marked
    client.get(GameState(puzzle, solve=True).url)
    assert asked == [play.outcome]  # once for the three pages


def test_the_engine_pool_runs_elsewhere_at_a_lower_priority() -> None:
    pool = EnginePool(1, queue=1)
    try:
        assert pool.run(os.getpid) != os.getpid()
        assert pool.run(os.nice, 0) >= os.nice(0) + 3
        assert pool.run(gc.get_freeze_count) > 1000  # start-up left out of collections
        first = pool.submit(sum, range(10**7))
        with pytest.raises(Busy):
            pool.submit(sum, range(10))
        assert first.result() == sum(range(10**7))
        assert pool.waiting == 0
    finally:
        pool.stop()


def test_an_engine_process_that_dies_gives_the_busy_page_and_a_new_one_starts() -> None:
    app = create_app({"TESTING": True, "SEED_POOL": 0, "ENGINE_PROCESSES": 1})
    client = app.test_client()
    pool: EnginePool = app.extensions["engine.quick"]
    try:
        assert pool.run(os.getpid) != os.getpid()
        with pytest.raises(BrokenProcessPool):
            pool.run(os._exit, 1)  # what a process killed under a job looks like
        response = client.get(GameState(parse(EASY), hint=1).url)
        assert response.status_code == 200  # the next job starts a new engine process
    finally:
        for kind in ("quick", "slow"):
            app.extensions[f"engine.{kind}"].stop()


def test_a_page_does_not_wait_for_a_rating_the_engine_has_not_finished() -> None:
    """The page comes without the rating when the engine process has not answered within
    RATING_WAIT, with a placeholder that loads it; the rating then comes from the engine."""
    app = create_app({"TESTING": True, "SEED_POOL": 0, "ENGINE_PROCESSES": 1, "RATING_WAIT": 0})
    client = app.test_client()
    page_rating._known.clear()
    try:
        page = client.get(GameState(parse(HARD)).url).get_data(as_text=True)
        shown = '<span class="level level-extreme">Extreme</span>'
        assert "Rating the puzzle" in page and shown not in page
        line = client.get("/difficulty/" + encode_cells(parse(HARD))).get_data(as_text=True)
        assert shown in line
    finally:
        for kind in ("quick", "slow"):
            app.extensions[f"engine.{kind}"].stop()


def test_a_request_whose_engine_process_died_gets_a_503(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    def died(*args: object, **kwargs: object) -> object:
        raise BrokenProcessPool("a child process terminated abruptly")

    monkeypatch.setattr(EnginePool, "run", died)
    hint_panel._found.clear()  # a hint this worker remembers asks no engine
    response = client.get(GameState(parse(EASY), hint=1).url)
    assert response.status_code == 503 and response.headers["Retry-After"] == "2"


def test_ratings_are_the_same_in_every_worker(client: FlaskClient) -> None:
    """A rating is worked out with node budgets only: a fresh worker (an empty cache) gives
    the same line, which is what makes it safe to cache for a day."""
    url = "/difficulty/" + encode_cells(parse(HARD))
    page_rating._known.clear()
    first = client.get(url)
    page_rating._known.clear()
    again = client.get(url)
    assert first.get_data() == again.get_data() and b"Extreme" in first.get_data()
    assert first.headers["Cache-Control"] == "public, max-age=86400"


# Health and settings


def test_health(client: FlaskClient) -> None:
    response = client.get("/healthz")
    assert (response.status_code, response.get_data(as_text=True)) == (200, "ok\n")
    assert response.headers["Cache-Control"] == "no-store"


def test_without_its_storage_the_site_serves_and_health_says_so(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Redis down: limits count per worker meanwhile (not a 500 on every limited route)."""
    monkeypatch.setenv("LIMITER_STORAGE", "redis://127.0.0.1:9/0")
    # Flask-Limiter keeps "the storage is down" on its one Limiter, which every app of this
    # process shares: put it back as it was afterwards, or the next tests' limits count now
    # in its fallback and now in their own storage.
    monkeypatch.setattr(limits.limiter, "_storage_dead", limits.limiter._storage_dead)
    config = {"TESTING": True, "SEED_POOL": 0, "RATELIMIT_ENABLED": True}
    config["LIMITS"] = {"engine": "9 per minute", "grade": "9 per minute", "new": "2 per minute"}
    client = create_app(config).test_client()
    response = client.get("/healthz")
    text = response.get_data(as_text=True)
    assert response.status_code == 200 and text.startswith("ok, but the limits' storage")
    assert [client.get(f"/new/easy/{n}").status_code for n in range(3)] == [303, 303, 429]


def test_settings_from_the_environment() -> None:
    chosen = from_env(
        {
            "PORT": "9000",
            "WORKERS": "4",
            "PUBLIC_ORIGIN": "https://sudoku.example/",
            "LIMITER_STORAGE": "redis://cache:6379",
            "LIMIT_NEW": "3 per minute",
            "PROXIES": "1",
        }
    )
    assert (chosen.port, chosen.workers, chosen.proxies) == (9000, 4, 1)
    assert chosen.public_origin == "https://sudoku.example"
    shouted = from_env({"PUBLIC_ORIGIN": "HTTPS://Sudoku.Example:8443"}).public_origin
    assert shouted == "https://sudoku.example:8443"  # as browsers write it
    assert from_env({"PUBLIC_ORIGIN": "http://[::1]:8000"}).public_origin == "http://[::1]:8000"
    assert dict(chosen.limits)["new"] == "3 per minute"
    assert chosen.limiter_storage == "redis://cache:6379"
    assert [from_env({"HOST": h}).host for h in ("0.0.0.0", "[::1]", "localhost")] == [
        "0.0.0.0",
        "[::1]",
        "localhost",
    ]
    ipv6 = from_env({"HOST": "::", "TRUSTED_HOSTS": "a.example, [::1]"})
    assert ipv6.bind_host == "[::]" and ipv6.trusted_hosts == ("a.example", "[::1]")
    defaults = from_env({})
    assert (defaults.host, defaults.port, defaults.limiter_storage) == (
        "127.0.0.1",
        8000,
        "memory://",
    )


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({"PORT": "eighty"}, "PORT must be a whole number, not 'eighty'"),
        ({"WORKERS": "0"}, "WORKERS must be from 1 to 64, not 0"),
        ({"PUBLIC_ORIGIN": "sudoku.example"}, "PUBLIC_ORIGIN must look like https://"),
        ({"PUBLIC_ORIGIN": "https://a.example/x"}, "PUBLIC_ORIGIN must look like https://"),
        ({"LIMIT_ENGINE": "lots"}, "LIMIT_ENGINE must be limits such as"),
        ({"LIMITER_STORAGE": "sqlite:///x"}, "LIMITER_STORAGE must be memory://"),
        ({"BODY_TIMEOUT": "nan"}, "BODY_TIMEOUT must be from 1 to 600"),
        # accepted before, and then broke the site (links, every request, every costly one)
        ({"PUBLIC_ORIGIN": "https://sudoku.example#x"}, "PUBLIC_ORIGIN must look like https://"),
        ({"PUBLIC_ORIGIN": "https://me@sudoku.example"}, "PUBLIC_ORIGIN must look like"),
        ({"PUBLIC_ORIGIN": "https://sudoku.example:99999"}, "PUBLIC_ORIGIN must look like"),
        ({"PUBLIC_ORIGIN": "https://sudoku.example?"}, "PUBLIC_ORIGIN must look like"),
        ({"HOST": "127.0.0.1:9000"}, "HOST must be an address such as 127.0.0.1"),
        ({"ACCESS_LOG": "/no/such/dir/x.log"}, "ACCESS_LOG must be '-', empty or a file that"),
        ({"HOST": "999.1.1.1"}, "HOST must be an address such as 127.0.0.1"),
        ({"HOST": "a host"}, "HOST must be an address such as 127.0.0.1"),
        ({"PUBLIC_ORIGIN": "https://sudoku example"}, "PUBLIC_ORIGIN must look like"),
        ({"PUBLIC_ORIGIN": "https://sudoku.example:"}, "PUBLIC_ORIGIN must look like"),
        ({"PUBLIC_ORIGIN": "https://sudoku.example\\x"}, "PUBLIC_ORIGIN must look like"),
        ({"TRUSTED_HOSTS": "sudoku.example:9113"}, "TRUSTED_HOSTS must be host names such as"),
        ({"LIMIT_ENGINE": "0 per minute"}, "LIMIT_ENGINE must be limits such as"),
        ({"LIMIT_GRADE": "1 per 0 seconds"}, "LIMIT_GRADE must be limits such as"),
        ({"LIMITER_STORAGE": "memcached://m:11211"}, "LIMITER_STORAGE must be memory://"),
    ],
)
def test_bad_settings_say_which_and_why(env: dict[str, str], message: str) -> None:
    with pytest.raises(SettingsError, match=re.escape(message)):
        from_env(env)


def test_a_seed_that_does_not_make_the_puzzle_is_dropped(client: FlaskClient) -> None:
    """g= claimed any seed for any puzzle, and the page linked to that seed as its maker."""
    seed = generate("hard", 1).seed
    made = client.get(f"/new/hard/{seed}").headers["Location"]
    assert made.endswith(f"?g=hard-{seed}")
    assert client.get(made).status_code == 200
    false = GameState(parse(EASY), origin=f"hard-{seed}").url
    response = client.get(false)
    assert (
        response.status_code == 301 and response.headers["Location"] == GameState(parse(EASY)).url
    )
    form = {"v": "1", "state": false, f"c{FIRST_EMPTY}": "1"}
    assert "g=" not in client.post("/edit", data=form).headers["Location"]


def test_a_seed_is_checked_in_a_worker_that_did_not_make_it(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    from webapp import seedcheck

    made = client.get("/new/easy/7").headers["Location"]
    monkeypatch.setattr(seedcheck, "_made", Remembered(8))  # another worker
    page = client.get(made).get_data(as_text=True)
    assert "/new/easy/" in page and "makes this puzzle again" in page


def test_a_puzzle_with_its_digits_renamed_shares_the_rating(client: FlaskClient) -> None:
    """Renaming the digits made a new URL, and a new grading for whoever asked (an attacker's
    cheapest way to make work): now every renamed copy shows the same rating, worked out once."""
    swap = str.maketrans("123456789", "918273645")
    copy = HARD.translate(swap)
    page_rating._known.clear()
    first = client.get("/difficulty/" + encode_cells(parse(HARD))).get_data(as_text=True)
    assert page_rating.known(parse(copy)) is not None  # no new grading for the copy
    again = client.get("/difficulty/" + encode_cells(parse(copy))).get_data(as_text=True)
    assert encode_cells(parse(copy)) in again  # its own solve path, the same rating
    assert first.replace(encode_cells(parse(HARD)), "") == again.replace(
        encode_cells(parse(copy)), ""
    )
    assert "Extreme" in first
    assert page_rating.renamed(parse(copy)) == page_rating.renamed(parse(HARD))


class _OpenStream:
    """A request body on a socket the server does not end at Content-Length (as Werkzeug's
    development server): reading past the body would wait for the client."""

    def __init__(self, body: bytes) -> None:
        self.body = io.BytesIO(body)

    def read(self, size: int = -1) -> bytes:
        piece = self.body.read(size)
        if not piece:
            raise AssertionError("read past the request's Content-Length")
        return piece


def test_the_body_guard_reads_no_further_than_the_declared_length() -> None:
    seen: list[bytes] = []

    def app(environ: dict[str, Any], start_response: Any) -> list[bytes]:
        seen.append(environ["wsgi.input"].read())
        return []

    body = b"v=1&action=update"
    environ = {"CONTENT_LENGTH": str(len(body)), "wsgi.input": _OpenStream(body)}
    BodyGuard(app, limit=1000, seconds=5)(environ, lambda *a: None)
    assert seen == [body]
    assert "webapp.body_problem" not in environ


def test_a_bad_option_is_named_as_it_was_typed(monkeypatch: pytest.MonkeyPatch) -> None:
    """`python -m webapp --port abc` said "PORT must be a whole number": no PORT was set."""
    monkeypatch.delenv("PORT", raising=False)
    with pytest.raises(SystemExit) as stopped:
        serve_main(["--port", "abc"])
    assert (
        str(stopped.value.code)
        == "python -m webapp: --port (PORT) must be a whole number, not 'abc'"
    )
    monkeypatch.setenv("WORKERS", "0")
    with pytest.raises(SystemExit) as stopped:
        serve_main([])
    assert str(stopped.value.code).startswith("python -m webapp: WORKERS must be from 1 to 64")


@pytest.mark.parametrize(
    ("env", "noted"),
    [
        ({}, False),
        ({"HOST": "::1"}, False),
        ({"HOST": "localhost"}, False),
        ({"HOST": "0.0.0.0"}, True),
        ({"HOST": "::"}, True),
        ({"HOST": "0.0.0.0", "PUBLIC_ORIGIN": "https://sudoku.example"}, False),
        ({"HOST": "0.0.0.0", "TRUSTED_HOSTS": "sudoku.lan"}, False),
    ],
)
def test_a_server_for_other_machines_that_answers_none_says_so(
    env: dict[str, str], noted: bool
) -> None:
    """HOST=0.0.0.0 alone served every other machine a 400 page, and /healthz said ok."""
    note = unanswered_note(from_env(env))
    assert (note is not None) == noted
    if note:
        assert "PUBLIC_ORIGIN" in note and "400" in note
