"""Web benchmark: server time and bytes of an edit, the first page's weight, the length of a
long game's URL, and a short load test against the served site.

    python bench/web.py [--edits 3000] [--duration 5] [--concurrency 4] [--workers 2] [--new 20]
                        [--no-server]

Part 1 calls the WSGI app directly with htmx edit requests (no network, no HTTP server) and times
each from the call to the last byte of the rendered, compressed response: that is the server
time of an edit, which must stay under 10 ms at p99. Each edit comes from a game in progress
(entries, notes, an undo history of up to 60 moves, a digit highlighted, mistakes shown as they
are made) and adds one move. It also counts the compressed bytes of each edit response (target:
at most 4 KB), the first page with every asset it loads (at most 40 KB), and the length of the
state URL of a 60-move game with notes and undo history (aim: under 1,000 characters).
Then the site is served as the README serves it (`python -m webapp`) on a free loopback port:
part 2 asks for new puzzles at each level as a browser does (the link, the redirect, the page),
one click a second, against a p95 target of 300 ms; part 3 lets a few client processes post
edits as fast as they can for a bounded time and prints requests/second and the latency the
clients saw. Clients and server share the machine's cores.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import socket
import statistics
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from http.client import HTTPConnection
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import re  # noqa: E402
from dataclasses import replace  # noqa: E402

from flask import Flask  # noqa: E402
from werkzeug.test import EnvironBuilder  # noqa: E402

from bench.data import missing, read_puzzles  # noqa: E402
from webapp import create_app, play  # noqa: E402
from webapp.sudoku import CELLS, DIGITS_OF, parse, solve  # noqa: E402
from webapp.urlstate import GameState  # noqa: E402

DATA = "kaggle_sample.txt"
SOLVED = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
FALLBACK = [
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
]
HTMX = {"HX-Request": "true"}
BROWSER = {"Accept-Encoding": "gzip, deflate, br, zstd"}  # what Chromium sends


def puzzles(count: int = 200) -> list[str]:
    """Puzzles to edit: a sample of kaggle_sample.txt from the data folder ($SUDOKU_DATA or
    ../shared/data) when it is there, else three built-in ones."""
    if missing(DATA):
        return FALLBACK
    lines = read_puzzles(DATA)
    return random.Random(1).sample(lines, min(count, len(lines)))


def played(puzzle: str, moves: int, rng: random.Random) -> GameState:
    """A game after `moves` moves as a player makes them: candidates filled in once, then
    digits placed (mostly right, some wrong) and notes taken out, a few undone and redone."""
    grid = parse(puzzle)
    answer = solve(grid).solution or grid
    state = GameState(grid, mistakes=True, digit=rng.randint(1, 9))
    for n in range(moves):
        free = [c for c in CELLS if not state.grid[c]]
        if not free:
            break
        cell = rng.choice(free)
        roll = rng.random()
        if n == 3:
            after = play.fill_candidates(state)
        elif roll < 0.1 and state.history:
            after = play.undo(state)
        elif roll < 0.15 and state.future:
            after = play.redo(state)
        elif roll < 0.5 and state.notes[cell]:  # a note taken out
            mask = state.notes[cell]
            low = mask & -mask
            after = play.typed(
                state, state.with_contents([(cell, 9 + mask - low if mask - low else 0)])
            )
        else:  # a digit: right nine times in ten
            digit = answer[cell] if rng.random() < 0.9 else rng.randint(1, 9)
            after = play.typed(state, state.with_contents([(cell, digit)]))
        state = replace(after, seconds=state.seconds + rng.randint(3, 40))
    return state


def grid_form(state: GameState, typed: dict[int, str] | None = None, action: str = "") -> str:
    """The grid form as the page posts it for `state`, a game in play (urlencoded): every
    editable cell and its notes, `typed` written into some cells, the button (`action`)."""
    form = {"v": "1", "state": state.url, "ts": str(int(time.time()) - 5)}
    form["notes"] = "1" if state.notes_mode else "0"
    for cell in CELLS:
        if not state.puzzle[cell]:  # a game in play: the givens have no field
            entry = state.entries[cell]
            form[f"c{cell}"] = str(entry) if entry else ""
            if state.notes[cell]:
                form[f"n{cell}"] = "".join(str(d) for d in DIGITS_OF[state.notes[cell]])
    form.update({f"c{cell}": text for cell, text in (typed or {}).items()})
    if action:
        form["action"] = action
    return urllib.parse.urlencode(form)


def one_digit(game: GameState, rng: random.Random) -> dict[int, str]:
    """A digit typed into an empty cell of `game` (over an entry when none is empty)."""
    free = [c for c in CELLS if not game.grid[c]] or [c for c in CELLS if game.entries[c]]
    return {rng.choice(free): str(rng.randint(1, 9))}


def edit_form(puzzle: str, rng: random.Random) -> str:
    """The grid form of a game in progress (0-60 moves) with one more digit typed."""
    state = played(puzzle, rng.randint(0, 60), rng)
    return grid_form(state, one_digit(state, rng))


def percentile(samples: list[float], p: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def serve_once(
    app: Flask, form: str, encoding: str = BROWSER["Accept-Encoding"]
) -> tuple[float, str, int]:
    """Run one htmx edit (its urlencoded form) through the WSGI app: (milliseconds, status
    line, bytes sent)."""
    headers = {**HTMX, "Accept-Encoding": encoding}
    environ = EnvironBuilder(
        path="/edit",
        method="POST",
        data=form,
        content_type="application/x-www-form-urlencoded",
        headers=headers,
    ).get_environ()
    status: list[str] = []
    started = time.perf_counter()
    body = b"".join(app(environ, lambda s, headers, exc_info=None: status.append(s)))
    elapsed = (time.perf_counter() - started) * 1000
    assert body
    return elapsed, status[0], len(body)


def time_edits(count: int) -> None:
    app = create_app({"SEED_POOL": 0})  # no background generation while timing
    rng = random.Random(7)
    pool = puzzles()
    forms = [edit_form(rng.choice(pool), rng) for _ in range(count)]
    # a full grid with clashes in a row, a column and a box
    worst = grid_form(GameState(parse(SOLVED[:-1] + ".")), {80: "1"})
    for form in forms[:50]:  # warm up: templates compiled, caches filled
        serve_once(app, form)
    timings, sizes = [], []
    for form in [*forms, *[worst] * 50]:
        elapsed, status, size = serve_once(app, form)
        assert status.startswith("200"), status
        timings.append(elapsed)
        sizes.append(size)
    p99 = percentile(timings, 99)
    print(f"edit (htmx POST /edit through the WSGI app, brotli, {len(timings)} requests):")
    print(
        f"  p50 {statistics.median(timings):.2f} ms   p99 {p99:.2f} ms   "
        f"max {max(timings):.2f} ms   -> {'OK' if p99 < 10 else 'OVER'} (target p99 < 10 ms)"
    )
    gzipped = [serve_once(app, form, "gzip")[2] for form in forms[:200]]
    print(
        f"  bytes per edit response: brotli median {statistics.median(sizes):.0f}, "
        f"max {max(sizes)}; gzip median {statistics.median(gzipped):.0f}, max {max(gzipped)}"
        f"   -> {'OK' if max(sizes) <= 4096 else 'OVER'} (target at most 4 KB as browsers get it:"
        " brotli; gzip, for clients without it, for comparison)"
    )


def first_page() -> None:
    """The bytes a first visit fetches: the page and every asset it names, compressed as
    Chromium asks (Accept-Encoding: gzip, deflate, br, zstd)."""
    client = create_app({"SEED_POOL": 0}).test_client()
    for name, url in (("home", "/"), ("a game", GameState(parse(FALLBACK[1])).url)):
        page = client.get(url, headers=BROWSER)
        total = len(page.data)
        parts = [f"page {len(page.data)}"]
        html = client.get(url).get_data(as_text=True)
        for asset in re.findall(r'(?:href|src)="(/static/[^"]+)"', html):
            response = client.get(asset, headers=BROWSER)
            body = response.get_data()
            assert response.status_code == 200, asset
            assert "immutable" in response.headers["Cache-Control"], asset
            total += len(body)
            parts.append(f"{asset.split('/')[-1].split('?')[0]} {len(body)}")
        verdict = "OK" if total <= 40 * 1024 else "OVER"
        print(f"first page ({name}): {total} bytes on the wire -> {verdict} (at most 40 KB)")
        print("  " + ", ".join(parts))


def long_game_url(moves: int = 60) -> None:
    """The state URL of a game after `moves` moves with notes and undo history, and the
    shorter link "Copy link" gives (without the history)."""
    rng = random.Random(60)
    lengths = []
    for puzzle in puzzles(20):
        state = played(puzzle, moves, rng)
        lengths.append((len(state.url), len(state.share_url), len(state.history)))
    full = [f for f, _, _ in lengths]
    shared = [s for _, s, _ in lengths]
    print(f"state URL of a {moves}-move game with notes and undo history ({len(lengths)} games):")
    print(
        f"  median {statistics.median(full):.0f}, max {max(full)} characters "
        f"-> {'OK' if max(full) < 1000 else 'OVER'} (aim under 1,000); "
        f"the link without history: median {statistics.median(shared):.0f}, max {max(shared)}"
    )


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def hammer(port: int, seconds: float, seed: int, results: multiprocessing.Queue) -> None:
    """One client: post edits until the time is up; report latencies and failures."""
    rng = random.Random(seed)
    pool = puzzles(50)
    bodies = [edit_form(rng.choice(pool), rng) for _ in range(50)]
    headers = {**HTMX, "Content-Type": "application/x-www-form-urlencoded"}
    latencies: list[float] = []
    failures = 0
    began = time.monotonic()  # the bodies above are made before the clock starts
    deadline = began + seconds
    while time.monotonic() < deadline:
        body = rng.choice(bodies)
        started = time.perf_counter()
        try:
            connection = HTTPConnection("127.0.0.1", port, timeout=10)
            connection.request("POST", "/edit", body=body, headers=headers)
            response = connection.getresponse()
            response.read()
            connection.close()
            ok = response.status == 200
        except OSError:
            ok = False
        if ok:
            latencies.append((time.perf_counter() - started) * 1000)
        else:
            failures += 1
    results.put((latencies, failures, time.monotonic() - began))


@contextmanager
def served(workers: int) -> Iterator[int]:
    """The site as the README serves it (`python -m webapp`: gunicorn with gevent workers and
    engine processes) on a free loopback port (yields the port). One benchmark client is not
    a player: the per-client limits are raised so that they measure the work, not the limit."""
    port = free_port()
    command = [sys.executable, "-m", "webapp", "--workers", str(workers), "--port", str(port)]
    quick = dict.fromkeys(("LIMIT_ENGINE", "LIMIT_GRADE", "LIMIT_NEW"), "100000 per minute")
    server = subprocess.Popen(
        command,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, **quick, "ACCESS_LOG": ""},
    )
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/robots.txt", timeout=1).close()
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    sys.exit("python -m webapp did not start")
                time.sleep(0.1)
        yield port
    finally:
        server.terminate()
        server.wait(timeout=10)


def load_test(port: int, seconds: float, concurrency: int, workers: int) -> None:
    results: multiprocessing.Queue = multiprocessing.Queue()
    clients = [
        multiprocessing.Process(target=hammer, args=(port, seconds, seed, results))
        for seed in range(concurrency)
    ]
    for client in clients:
        client.start()
    gathered = [results.get(timeout=seconds + 60) for _ in clients]
    for client in clients:
        client.join()
    elapsed = max(spent for _, _, spent in gathered)
    latencies = [ms for batch, _, _ in gathered for ms in batch]
    failures = sum(f for _, f, _ in gathered)
    print(
        f"load (python -m webapp, {workers} workers, {concurrency} clients, {seconds:g} s, "
        f"new connection per request):"
    )
    if not latencies:
        print(f"  no successful requests ({failures} failures)")
        return
    print(
        f"  {len(latencies) / elapsed:.0f} req/s   client p50 {statistics.median(latencies):.1f} ms"
        f"   p99 {percentile(latencies, 99):.1f} ms   failures {failures}"
    )


def new_puzzles(port: int, count: int, pause: float) -> None:
    """'New <level> puzzle' as a browser does it: GET /new/<level>, follow the redirect to the
    page, read it; one click every `pause` seconds (the pool refills in between)."""
    time.sleep(10)  # let the workers' pools fill first, as they do on a server that has run
    print(f"new puzzle (GET /new/<level> + redirect + page, {count} per level, one per {pause} s):")
    for level in ("easy", "medium", "hard", "expert", "extreme"):
        timings = []
        for _ in range(count):
            started = time.perf_counter()
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/new/{level}") as response:
                body = response.read()
            timings.append((time.perf_counter() - started) * 1000)
            assert f"level-{level}".encode() in body
            time.sleep(pause)
        p95 = percentile(timings, 95)
        print(
            f"  {level:8} p50 {statistics.median(timings):6.1f} ms   p95 {p95:6.1f} ms   "
            f"max {max(timings):6.1f} ms   -> {'OK' if p95 <= 300 else 'OVER'} (p95 <= 300 ms)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--edits", type=int, default=3000, help="edits to time in-process")
    parser.add_argument("--duration", type=float, default=5.0, help="seconds of load (max 60)")
    parser.add_argument("--concurrency", type=int, default=4, help="client processes")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers")
    parser.add_argument("--new", type=int, default=20, help="new puzzles asked for per level")
    parser.add_argument("--no-server", action="store_true", help="skip the gunicorn parts")
    args = parser.parse_args()
    time_edits(args.edits)
    first_page()
    long_game_url()
    if args.no_server:
        return
    with served(args.workers) as port:
        new_puzzles(port, args.new, pause=1.0)
        load_test(port, min(args.duration, 60.0), args.concurrency, args.workers)


if __name__ == "__main__":
    main()
