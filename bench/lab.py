"""Solver lab benchmark: server time (p50/p99 ms) of the step view at its largest step, and of
the side by side, through the WSGI app (no network, no HTTP server).

    python bench/lab.py [--repeat 30] [--scan N]

Part 1, for each algorithm: the lab example on which it runs longest (the hardest example for
it), at its last step, which is the largest step the lab allows on that puzzle (at most the
budget). Replaying a step means running the search again from the start, so this is the
slowest step view of the examples; the target is 100 ms at p99. Requests take turns across the
algorithms, so noise from other processes spreads evenly.

Part 2: the side by side (five real runs for the counts and times, five traced runs for the
maximum depth) of each example.

Part 3 (--scan N): the puzzle, among N from each shared data set, on which each algorithm runs
longest, and the step view at its last step: how far from the examples a user's puzzle can go.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from flask import Flask  # noqa: E402
from werkzeug.test import EnvironBuilder  # noqa: E402

from webapp import create_app  # noqa: E402
from webapp.lab import EXAMPLES, LIMIT, NODES, lab_url  # noqa: E402
from webapp.sudoku import TRACEABLE, Budget, count_solutions, parse  # noqa: E402
from webapp.urlstate import encode_cells  # noqa: E402

DATA = ROOT.parent / "shared" / "data"
SCANNED = ("magictour_top1465.txt", "forum_hardest_1106.txt", "invalid.txt", "multi.txt")


def percentile(samples: list[float], p: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def serve(app: Flask, url: str) -> float:
    """Milliseconds from the WSGI call to the last byte of the response (which must be 200)."""
    path, _, query = url.partition("?")
    environ = EnvironBuilder(path=path, query_string=query).get_environ()
    status: list[str] = []
    started = time.perf_counter()
    b"".join(app(environ, lambda s, headers, exc_info=None: status.append(s)))
    elapsed = (time.perf_counter() - started) * 1000
    if not status[0].startswith("200"):
        raise SystemExit(f"{url} answered {status[0]}")
    return elapsed


def nodes(puzzle: str, algorithm: str) -> int:
    budget = Budget(nodes=NODES)
    return count_solutions(parse(puzzle), LIMIT, algorithm=algorithm, budget=budget).stats.nodes


def hardest(puzzles: list[str], algorithm: str) -> tuple[str, int]:
    """The puzzle of `puzzles` on which the algorithm runs longest, and its node count."""
    return max(((p, nodes(p, algorithm)) for p in puzzles), key=lambda pair: pair[1])


def time_steps(app: Flask, cases: dict[str, tuple[str, int]], repeat: int, label: str) -> None:
    urls = {a: lab_url(encode_cells(parse(p)), a, n) for a, (p, n) in cases.items() if n}
    samples: dict[str, list[float]] = {a: [] for a in urls}
    for url in urls.values():
        serve(app, url)  # warm up
    for _ in range(repeat):
        for algorithm, url in urls.items():
            samples[algorithm].append(serve(app, url))
    print(f"step view at the last step, {label} ({repeat} requests each):")
    for algorithm, times in samples.items():
        p50, p99 = percentile(times, 50), percentile(times, 99)
        verdict = "OK" if p99 < 100 else "OVER"
        step = cases[algorithm][1]
        print(
            f"  {algorithm:10} step {step:>6,}   p50 {p50:6.1f} ms   p99 {p99:6.1f} ms"
            f"   -> {verdict} (target p99 < 100 ms)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=30, help="requests per page")
    parser.add_argument("--scan", type=int, default=0, help="puzzles per data set to scan")
    args = parser.parse_args()
    app = create_app({"TESTING": True, "SEED_POOL": 0})
    examples = [example.puzzle for example in EXAMPLES]

    cases = {a: hardest(examples, a) for a in TRACEABLE}
    time_steps(app, cases, args.repeat, "hardest example for each algorithm")

    print(f"side by side, each example ({args.repeat} requests each):")
    pages = {example.title: lab_url(example.code) for example in EXAMPLES}
    side: dict[str, list[float]] = {title: [] for title in pages}
    for url in pages.values():
        serve(app, url)
    for _ in range(args.repeat):
        for title, url in pages.items():
            side[title].append(serve(app, url))
    for title, times in side.items():
        p50, p99 = percentile(times, 50), percentile(times, 99)
        print(f"  {title:32} p50 {p50:6.1f} ms   p99 {p99:6.1f} ms")

    if args.scan:
        pool: list[str] = []
        for name in SCANNED:
            if not (DATA / name).is_file():
                print(f"  (skipped {name}: no {DATA / name})")
                continue
            lines = [line.strip() for line in (DATA / name).read_text().splitlines()]
            puzzles = [line for line in lines if len(line) == 81]
            pool += random.Random(name).sample(puzzles, min(args.scan, len(puzzles)))
        scanned = {a: hardest(pool, a) for a in TRACEABLE}
        label = f"longest run among {len(pool)} puzzles of {', '.join(SCANNED)}"
        time_steps(app, scanned, args.repeat, label)


if __name__ == "__main__":
    main()
