"""Per-client limits on the costly routes (Flask-Limiter): who counts as one client, which
requests count, what a client over its limit sees, and counts shared by every worker."""

from __future__ import annotations

import logging
import shutil
import socket
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fakes import busy_engine
from flask import Flask
from flask.testing import FlaskClient
from puzzles import EASY

from webapp import create_app, limits
from webapp.sudoku import parse
from webapp.urlstate import GameState, encode_cells

CODE = encode_cells(parse(EASY))
HTMX = {"HX-Request": "true"}
LIMITED = {
    "TESTING": True,
    "SEED_POOL": 0,
    "RATELIMIT_ENABLED": True,
    "LIMITS": {"engine": "3 per minute", "grade": "2 per minute", "new": "2 per minute"},
}


def limited_app(**config: object) -> Flask:
    return create_app({**LIMITED, **config})


def from_(address: str) -> dict[str, str]:
    return {"REMOTE_ADDR": address}


@pytest.fixture
def limited() -> FlaskClient:
    return limited_app().test_client()


def test_a_client_over_its_limit_gets_a_429_page(limited: FlaskClient) -> None:
    for seed in (1, 2):
        allowed = limited.get(f"/new/easy/{seed}")
        assert allowed.status_code == 303 and "X-RateLimit-Remaining" in allowed.headers
        assert "Retry-After" not in allowed.headers  # no "wait" on an answer that was given
    refused = limited.get("/new/easy/3")
    page = refused.get_data(as_text=True)
    assert refused.status_code == 429
    assert "Too many new puzzles asked for from your address: 2 a minute." in page
    assert int(refused.headers["Retry-After"]) >= 1
    assert refused.headers["X-RateLimit-Limit"] == "2"
    assert refused.headers["X-RateLimit-Remaining"] == "0"
    assert "<title>" in page and "Try again in" in page  # the site's own error page
    other = limited.get("/new/easy/3", environ_base=from_("10.0.0.2"))
    assert other.status_code == 303  # another client is not held back


def test_one_allowance_for_hints_solves_and_the_lab_wherever_they_are_asked(
    limited: FlaskClient,
) -> None:
    form = {"v": "1", "state": GameState(parse(EASY)).url, "action": "hint"}
    assert limited.post("/edit", data=form).status_code == 303
    assert limited.get(GameState(parse(EASY), solve=True).url).status_code == 200
    assert limited.get(f"/lab/{CODE}?algo=mrv&step=2").status_code == 200
    assert limited.get(GameState(parse(EASY), hint=1).url).status_code == 429
    assert limited.post("/edit", data=form).status_code == 429
    api = limited.get("/api/v1/hint", query_string={"puzzle": EASY})
    assert api.status_code == 429 and api.get_json()["error"]["code"] == "rate_limited"
    assert limited.get("/api/v1/check", query_string={"puzzle": EASY}).status_code == 200


def test_edits_and_pages_that_need_no_engine_are_never_limited(limited: FlaskClient) -> None:
    for n in range(30):
        form = {"v": "1", "state": GameState(parse(EASY)).url, "c1": str(n % 9 + 1)}
        assert limited.post("/edit", data=form).status_code == 303
        assert limited.get(GameState(parse(EASY)).url).status_code == 200
        assert limited.get("/").status_code == 200


def test_an_edit_of_a_grid_showing_a_hint_or_the_solution_counts(limited: FlaskClient) -> None:
    """The hint is worked out again for the grid as typed, and the solution for its puzzle:
    engine work, whichever button posted the form (here the pad's digit, which keeps both)."""
    puzzle = parse(EASY)
    empty = [c for c in range(81) if not puzzle[c]]
    for n, shown in enumerate(({"hint": 1}, {"solve": True}, {"hint": 2})):
        form = {"v": "1", "state": GameState(puzzle, **shown).url, f"c{empty[n]}": "5"}
        form["action"] = "digit-3"
        assert limited.post("/edit", data=form, headers=HTMX).status_code == 200
    form[f"c{empty[3]}"] = "6"
    assert limited.post("/edit", data=form, headers=HTMX).status_code == 429
    plain = {"v": "1", "state": GameState(puzzle).url, f"c{empty[4]}": "7", "action": "digit-3"}
    assert limited.post("/edit", data=plain, headers=HTMX).status_code == 200  # nothing shown


def test_the_lab_side_by_side_counts_five(limited: FlaskClient) -> None:
    """Five algorithms at once: over an allowance of 3 at once."""
    assert limited.get(f"/lab/{CODE}").status_code == 429


def test_a_lab_link_that_only_redirects_costs_nothing(limited: FlaskClient) -> None:
    """Another spelling of a lab page redirects to it without running anything: it used to
    cost the whole side by side, and following the redirect cost it again."""
    for _ in range(5):
        assert limited.get(f"/lab/{EASY}").status_code == 301  # the 81 characters
        assert limited.get(f"/lab/{CODE}?algo=mrv&step=1").status_code == 301
    assert limited.get(f"/lab/{CODE}?algo=mrv").status_code == 200


def test_a_known_rating_is_free_and_a_new_one_counts(limited: FlaskClient) -> None:
    from webapp import page_rating

    page_rating._known.clear()
    assert limited.get(GameState(parse(EASY)).url).status_code == 200  # rates it: 1 of 2
    for _ in range(5):
        assert limited.get(f"/difficulty/{CODE}").status_code == 200  # known: free
    other = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    assert limited.get(f"/difficulty/{encode_cells(parse(other))}").status_code == 200
    third = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
    assert limited.get(f"/difficulty/{encode_cells(parse(third))}").status_code == 429
    page_rating._known.clear()
    page = limited.get(GameState(parse(third)).url)
    assert page.status_code == 200 and "Rating the puzzle" in page.get_data(as_text=True)


def test_ipv6_clients_count_per_64() -> None:
    app = limited_app()
    keys = {}
    for address in ("2001:db8:1:2::1", "2001:db8:1:2:ffff::9", "2001:db8:1:3::1", "10.0.0.7"):
        with app.test_request_context(environ_base=from_(address)):
            keys[address] = limits.client_key()
    assert keys["2001:db8:1:2::1"] == keys["2001:db8:1:2:ffff::9"] == "2001:db8:1:2::/64"
    assert keys["2001:db8:1:3::1"] != keys["2001:db8:1:2::1"]
    assert keys["10.0.0.7"] == "10.0.0.7"


def test_behind_a_trusted_proxy_the_forwarded_address_counts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("PROXIES", "1")
    client = limited_app().test_client()
    proxy = from_("10.0.0.1")
    for n in (1, 2):
        headers = {"X-Forwarded-For": "203.0.113.5"}
        assert client.get(f"/new/easy/{n}", headers=headers, environ_base=proxy).status_code == 303
    headers = {"X-Forwarded-For": "203.0.113.5"}
    assert client.get("/new/easy/3", headers=headers, environ_base=proxy).status_code == 429
    headers = {"X-Forwarded-For": "203.0.113.6"}
    assert client.get("/new/easy/3", headers=headers, environ_base=proxy).status_code == 303


def test_without_proxies_a_forwarded_address_is_ignored(limited: FlaskClient) -> None:
    for n in (1, 2, 3):
        headers = {"X-Forwarded-For": f"203.0.113.{n}"}
        response = limited.get(f"/new/easy/{n}", headers=headers)
    assert response.status_code == 429


def test_decorating_a_blueprint_limits_all_its_routes() -> None:
    """What the JSON API does: one line where the blueprint is registered."""
    from flask import Blueprint

    bp = Blueprint("extra", __name__)

    @bp.get("/extra/<n>")
    def extra(n: str) -> str:
        return n

    limits.costly("new")(bp)
    app = limited_app()
    app.register_blueprint(bp)
    client = app.test_client()
    assert [client.get(f"/extra/{n}").status_code for n in range(3)] == [200, 200, 429]
    assert client.get("/new/easy/1").status_code == 429  # the same allowance as /new


def test_unknown_kind_of_limit() -> None:
    with pytest.raises(ValueError, match="unknown kind of limit 'lots'"):
        limits.costly("lots")


@pytest.fixture
def redis_url(tmp_path: Path) -> Iterator[str]:
    """A private Redis on a unix socket, as `./dev serve` starts (`./dev test` installs it)."""
    server = shutil.which("redis-server")
    if server is None:
        pytest.skip("no redis-server (./dev test installs it with apt-get)")
    socket = tmp_path / "redis.sock"
    process = subprocess.Popen(
        [server, "--port", "0", "--unixsocket", str(socket), "--save", ""],
        stdout=subprocess.DEVNULL,
    )
    try:
        for _ in range(100):
            if socket.exists():
                break
            time.sleep(0.05)
        yield f"redis+unix://{socket}"
    finally:
        process.terminate()
        process.wait(10)


def test_workers_share_the_counts_in_redis(redis_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two apps stand for two worker processes: with Redis, a client's requests to either
    count against one allowance (with memory:// each would allow its own)."""
    monkeypatch.setenv("LIMITER_STORAGE", redis_url)
    first = limited_app().test_client()
    second = limited_app().test_client()
    assert first.get("/new/easy/1").status_code == 303
    assert second.get("/new/easy/2").status_code == 303
    assert first.get("/new/easy/3").status_code == 429
    assert second.get("/new/easy/3").status_code == 429
    assert first.get("/healthz").status_code == 200


def test_a_redis_that_never_answers_does_not_hang_the_site(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A Redis that takes connections and never answers held /healthz and every limited
    route for as long as the client waited; now it counts as down within the storage's
    timeout, the health check says so, and the limited routes count per worker meanwhile."""
    listener = socket.create_server(("127.0.0.1", 0))
    held: list[socket.socket] = []
    accepting = threading.Thread(
        target=lambda: held.extend(listener.accept()[0] for _ in range(20)), daemon=True
    )
    accepting.start()
    monkeypatch.setenv("LIMITER_STORAGE", f"redis://127.0.0.1:{listener.getsockname()[1]}")
    client = limited_app().test_client()
    try:
        started = time.monotonic()
        health = client.get("/healthz")
        assert health.status_code == 200 and "storage" in health.get_data(as_text=True)
        assert client.get("/new/easy/1").status_code == 303
        assert time.monotonic() - started < 10 * limits.STORAGE_TIMEOUT
    finally:
        listener.close()
        for conn in held:
            conn.close()


def test_a_storage_that_cannot_be_used_is_logged_at_start(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A wrong LIMITER_STORAGE (a port with nothing on it, a wrong password) started without a
    word: only /healthz said that every worker was counting on its own."""
    with socket.create_server(("127.0.0.1", 0)) as closed:
        port = closed.getsockname()[1]
    monkeypatch.setenv("LIMITER_STORAGE", f"redis://:s3cr@t@127.0.0.1:{port}/0")
    with caplog.at_level(logging.WARNING):
        limited_app()
    said = caplog.text
    assert f"(redis://***@127.0.0.1:{port}/0): limits are counted per worker" in said, said
    assert "s3cr" not in said and "t@127" not in said


def test_a_busy_503_says_when_to_come_back_not_when_the_allowance_renews(
    limited: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Flask-Limiter put its window's reset (up to a minute) in Retry-After over the busy
    page's 2 seconds: a client within its allowance was told to wait a minute."""
    busy_engine(monkeypatch)
    response = limited.get(GameState(parse(EASY), solve=True).url)
    assert response.status_code == 503 and response.headers["X-RateLimit-Remaining"] == "2"
    assert response.headers["Retry-After"] == "2"


def test_a_429_page_offers_the_same_address_again_and_says_what_is_safe(
    limited: FlaskClient,
) -> None:
    """A refused lab page links to itself ("Try again") and speaks of no grid; a refused
    game page says its grid is safe in the link."""
    lab = limited.get(f"/lab/{CODE}")
    assert lab.status_code == 429
    page = lab.get_data(as_text=True)
    assert f'href="/lab/{CODE}" rel="nofollow">Try again</a>' in page
    assert "grid" not in page.split('class="error-what">')[1].split("</p>")[0]
    game = GameState(parse(EASY), hint=1).url
    answers = [limited.get(game) for _ in range(40)]
    refused = next(r for r in answers if r.status_code == 429)
    text = refused.get_data(as_text=True)
    assert "your grid is safe in the link" in text
    assert ">Try again</a>" in text
