"""Web benchmark: server time of an edit (p50/p99 ms) and a short load test against gunicorn.

    python bench/web.py [--edits 3000] [--duration 5] [--concurrency 4] [--workers 2] [--new 20]
                        [--no-server]

Part 1 calls the WSGI app directly with htmx edit requests (no network, no HTTP server) and times
each from the call to the last byte of the rendered response: that is the server time of an edit,
which must stay under 10 ms at p99. Then the app is served with gunicorn on a free loopback port:
part 2 asks for new puzzles at each level as a browser does (the link, the redirect, the page),
one click a second, against a p95 target of 300 ms; part 3 lets a few client processes post
edits as fast as they can for a bounded time and prints requests/second and the latency the
clients saw. Clients and server share the machine's cores.
"""

from __future__ import annotations

import argparse
import multiprocessing
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

from flask import Flask  # noqa: E402
from werkzeug.test import EnvironBuilder  # noqa: E402

from webapp import create_app  # noqa: E402
from webapp.sudoku import parse  # noqa: E402
from webapp.urlstate import encode_cells  # noqa: E402

DATA = ROOT.parent / "shared" / "data" / "kaggle_sample.txt"
SOLVED = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
FALLBACK = [
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
]
HTMX = {"HX-Request": "true"}


def puzzles(count: int = 200) -> list[str]:
    """Puzzles to edit: a sample of kaggle_sample.txt when ../shared/data is there."""
    if DATA.is_file():
        lines = [line.strip() for line in DATA.read_text().splitlines() if len(line.strip()) == 81]
        return random.Random(1).sample(lines, min(count, len(lines)))
    return FALLBACK


def edit_form(puzzle: str, rng: random.Random) -> dict[str, str]:
    """A play-mode grid form: the puzzle plus 0-50 random entries (clashes included)."""
    grid = parse(puzzle)
    free = [i for i in range(81) if not grid[i]]
    form = {"v": "1", "mode": "play", "p": encode_cells(grid)}
    for cell in rng.sample(free, rng.randint(0, min(50, len(free)))):
        form[f"c{cell}"] = str(rng.randint(1, 9))
    return form


def percentile(samples: list[float], p: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def serve_once(app: Flask, form: dict[str, str]) -> tuple[float, str]:
    """Run one htmx edit through the WSGI app: (milliseconds, status line)."""
    environ = EnvironBuilder(path="/edit", method="POST", data=form, headers=HTMX).get_environ()
    status: list[str] = []
    started = time.perf_counter()
    body = b"".join(app(environ, lambda s, headers, exc_info=None: status.append(s)))
    elapsed = (time.perf_counter() - started) * 1000
    assert body
    return elapsed, status[0]


def time_edits(count: int) -> None:
    app = create_app({"SEED_POOL": 0})  # no background generation while timing
    rng = random.Random(7)
    pool = puzzles()
    forms = [edit_form(rng.choice(pool), rng) for _ in range(count)]
    worst = {"v": "1", "mode": "play", "p": encode_cells(parse(SOLVED[:-1] + "."))}
    worst |= {"c80": "1"}  # a full grid with clashes in a row, a column and a box
    for form in forms[:50]:  # warm up: templates compiled, caches filled
        serve_once(app, form)
    timings = []
    for form in [*forms, *[worst] * 50]:
        elapsed, status = serve_once(app, form)
        assert status.startswith("200"), status
        timings.append(elapsed)
    p99 = percentile(timings, 99)
    print(f"edit (htmx POST /edit through the WSGI app, {len(timings)} requests):")
    print(
        f"  p50 {statistics.median(timings):.2f} ms   p99 {p99:.2f} ms   "
        f"max {max(timings):.2f} ms   -> {'OK' if p99 < 10 else 'OVER'} (target p99 < 10 ms)"
    )


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def hammer(port: int, seconds: float, seed: int, results: multiprocessing.Queue) -> None:
    """One client: post edits until the time is up; report latencies and failures."""
    rng = random.Random(seed)
    pool = puzzles(50)
    bodies = [urllib.parse.urlencode(edit_form(rng.choice(pool), rng)) for _ in range(200)]
    headers = {**HTMX, "Content-Type": "application/x-www-form-urlencoded"}
    latencies: list[float] = []
    failures = 0
    deadline = time.monotonic() + seconds
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
    results.put((latencies, failures))


@contextmanager
def served(workers: int) -> Iterator[int]:
    """The app under gunicorn on a free loopback port (yields the port)."""
    port = free_port()
    command = [sys.executable, "-m", "gunicorn", "--workers", str(workers)]
    server = subprocess.Popen(
        [*command, "--bind", f"127.0.0.1:{port}", "webapp:create_app()"],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/robots.txt", timeout=1).close()
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    sys.exit("gunicorn did not start")
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
    started = time.perf_counter()
    for client in clients:
        client.start()
    gathered = [results.get(timeout=seconds + 60) for _ in clients]
    for client in clients:
        client.join()
    elapsed = time.perf_counter() - started
    latencies = [ms for batch, _ in gathered for ms in batch]
    failures = sum(f for _, f in gathered)
    print(
        f"load (gunicorn, {workers} workers, {concurrency} clients, {seconds:g} s, "
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
    if args.no_server:
        return
    with served(args.workers) as port:
        new_puzzles(port, args.new, pause=1.0)
        load_test(port, min(args.duration, 60.0), args.concurrency, args.workers)


if __name__ == "__main__":
    main()
