"""Benchmark of the learning pages through the WSGI app (no network); prints Markdown tables.

    .venv/bin/python bench/learn.py            # 40 puzzles per set (a few minutes)
    .venv/bin/python bench/learn.py --quick    # 8 per set

1. Solve path: server time of /path/<puzzle> with nothing remembered (the walkthrough and the
   grade worked out), then of another step of the same puzzle (remembered), per data set.
2. Technique pages: each technique's page, its worked example worked out anew.
3. Practise: a fresh practise puzzle (/techniques/<name>/practise, then the page it opens)
   for a few techniques, and a stored seed's page.
4. Review: a finished game with hints and mistakes (/review/v1/...).
Every figure is server time in milliseconds (wall clock and CPU).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from flask.testing import FlaskClient

from bench.data import missing, read_puzzles
from webapp import create_app, learn, page_rating
from webapp.sudoku import parse, technique_entries
from webapp.sudoku.techniques.examples import PRACTISE
from webapp.urlstate import GameState, Move, encode_cells

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
SETS = ("norvig_easy50.txt", "norvig_top95.txt", "magictour_top1465.txt", "named_hardest.txt")
PRACTISED = ("Hidden single (box)", "Pointing", "XY-Wing", "X-chain", "Nishio forcing chain")


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def forget() -> None:
    """Drop what this worker remembers, so the next page works everything out."""
    learn._remembered.clear()
    learn._example.cache_clear()
    page_rating._known.clear()


def timed(get: Callable[[], object]) -> tuple[float, float]:
    started, cpu = time.perf_counter(), time.process_time()
    get()
    return 1000 * (time.perf_counter() - started), 1000 * (time.process_time() - cpu)


def row(name: str, wall: list[float], cpu: list[float]) -> str:
    return (
        f"| {name} | {len(wall)} | {statistics.median(wall):.0f} | {pct(wall, 0.95):.0f} | "
        f"{max(wall):.0f} | {statistics.median(cpu):.0f} | {pct(cpu, 0.95):.0f} | {max(cpu):.0f} |"
    )


HEADER = (
    "| page | n | p50 ms | p95 ms | max ms | CPU p50 | CPU p95 | CPU max |\n"
    "|---|---:|---:|---:|---:|---:|---:|---:|"
)


def ok_getter(client: FlaskClient, url: str) -> Callable[[], object]:
    """A function that gets `url` and checks it answers 200."""

    def get() -> object:
        response = client.get(url)
        assert response.status_code == 200, (url, response.status_code)
        return response

    return get


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=40, help="puzzles per set (40)")
    parser.add_argument("--quick", action="store_true", help="8 puzzles per set")
    args = parser.parse_args()
    count = 8 if args.quick else args.count
    client = create_app({"TESTING": True, "SEED_POOL": 0}).test_client()

    def ok(url: str) -> Callable[[], object]:
        return ok_getter(client, url)

    print("Solve path (/path/<puzzle>), nothing remembered, then another step:\n")
    print(HEADER)
    for name in SETS:
        if missing(name):
            print(f"| {name} | skipped: {missing(name)} |")
            continue
        lines = read_puzzles(name)
        sample = random.Random(f"{name}:{count}").sample(lines, min(count, len(lines)))
        cold: tuple[list[float], list[float]] = ([], [])
        warm: tuple[list[float], list[float]] = ([], [])
        for line in sample:
            code = encode_cells(parse(line))
            forget()
            for into, url in ((cold, f"/path/{code}"), (warm, f"/path/{code}?step=2")):
                wall, cpu = timed(ok(url))
                into[0].append(wall)
                into[1].append(cpu)
        print(row(f"{name}, first", *cold))
        print(row(f"{name}, another step", *warm), flush=True)

    print("\nTechnique pages, worked examples worked out anew:\n")
    print(HEADER)
    walls, cpus = [], []
    for entry in technique_entries():
        forget()
        wall, cpu = timed(ok(f"/techniques/{entry.slug}"))
        walls.append(wall)
        cpus.append(cpu)
    print(row("/techniques/<name>", walls, cpus))
    index = [timed(ok("/techniques")) for _ in range(5)]
    print(row("/techniques", [wall for wall, _ in index], [cpu for _, cpu in index]))

    print("\nPractise: a fresh puzzle (the redirect, then its page), and a stored seed's page:\n")
    print(HEADER)
    for name in PRACTISED:
        slug = next(e.slug for e in technique_entries() if e.name == name)
        fresh: tuple[list[float], list[float]] = ([], [])
        for _ in range(3 if args.quick else 8):
            forget()
            started, cpu = time.perf_counter(), time.process_time()
            location = client.get(f"/techniques/{slug}/practise").headers["Location"]
            ok(location)()
            fresh[0].append(1000 * (time.perf_counter() - started))
            fresh[1].append(1000 * (time.process_time() - cpu))
        print(row(f"{name}, fresh", *fresh))
        if PRACTISE.get(name):
            forget()
            wall, cpu = timed(ok(f"/techniques/{slug}/practise/{PRACTISE[name][0]}"))
            print(row(f"{name}, stored seed", [wall], [cpu]), flush=True)

    print("\nReview of a finished game with a mistake and a hint every ten moves:\n")
    print(HEADER)
    print(row("/review/v1/...", *review_times(client, 3 if args.quick else 10)))
    return 0


def review_times(client: FlaskClient, runs: int) -> tuple[list[float], list[float]]:
    """Server times of the review of a game of EASY: every empty cell filled in turn, a
    wrong digit first every tenth cell, a hint every tenth."""
    puzzle = parse(EASY)
    walk = learn.solved(puzzle).walk
    assert walk is not None
    right = walk.solve.grid
    history: list[Move] = []
    entries = [0] * 81
    for n, cell in enumerate(c for c in range(81) if not puzzle[c]):
        if n % 10 == 3:
            history.append(Move(((cell, entries[cell]),)))
            entries[cell] = right[cell] % 9 + 1
        history.append(Move(((cell, entries[cell]),), n % 10 == 7))
        entries[cell] = right[cell]
    state = GameState(puzzle, tuple(entries), history=tuple(history))
    get = ok_getter(client, learn.review_url(state.url))
    walls, cpus = [], []
    for _ in range(runs):
        wall, cpu = timed(get)
        walls.append(wall)
        cpus.append(cpu)
    return walls, cpus


if __name__ == "__main__":
    sys.exit(main())
