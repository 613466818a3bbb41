"""Benchmark of the puzzle generator and the warm seed pool; prints Markdown tables.

    .venv/bin/python bench/generate.py              # 50 seeds per level (about 2 minutes)
    .venv/bin/python bench/generate.py --quick      # 10 seeds per level
    .venv/bin/python bench/generate.py --seeds 100 --base 1   # seeds repeatable from --base

1. generate(): for each level, milliseconds per puzzle from fresh seeds (p50, p95, max), the
   seeds tried (attempts) and the clues, every result checked: one solution, 180-degree
   symmetric when made so (every level but Extreme), graded at the level asked for (with the
   generator's budget and with the web's, which the page shows); then the time to make it
   again from the seed it reports (what opening a seed link costs), which must take a single
   attempt. Times are wall-clock; CPU time is printed too, as a shared machine inflates the
   wall-clock figures.
2. The pool: time to fill it, then take() of Hard puzzles while the background thread refills
   it, at a steady pace and in a burst, with how many takes found the pool empty.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from webapp.seedpool import SeedPool
from webapp.sudoku.generate import (
    GRADING_BUDGET,
    LEVEL_NAMES,
    SEED_LIMIT,
    Generated,
    generate,
    has_one_solution,
    new_seed,
)
from webapp.sudoku.grade import GRADE_BUDGET, grade


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def faults(made: Generated) -> list[str]:
    """What is wrong with a generated puzzle (nothing, normally)."""
    found = []
    if not has_one_solution(made.puzzle):
        found.append("not unique")
    if made.symmetric and any(bool(made.puzzle[c]) != bool(made.puzzle[80 - c]) for c in range(81)):
        found.append("not symmetric")
    if grade(made.puzzle, budget=GRADING_BUDGET).level != made.level:
        found.append("graded at another level")
    shown = grade(made.puzzle, budget=GRADE_BUDGET)
    if shown.level != made.level or shown.gave_up:
        found.append("the web's grading budget gives another level")
    return found


def bench_levels(seeds: Callable[[], int], count: int) -> None:
    """From fresh seeds, then again from the seed each reports (what a seed link does)."""
    print(
        "| level | n | p50 ms | p95 ms | max ms | CPU p50 | p95 | attempts mean | p95 | max | "
        "clues | slowest seed | faults | from its seed p50 | p95 | max |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for level in LEVEL_NAMES:
        times, cpu, again, attempts, clues, bad = [], [], [], [], [], 0
        slowest = (0.0, 0)
        for _ in range(count):
            seed = seeds()
            started, started_cpu = time.perf_counter(), time.process_time()
            made = generate(level, seed)
            took = time.perf_counter() - started
            cpu.append(time.process_time() - started_cpu)
            times.append(took)
            slowest = max(slowest, (took, seed))
            attempts.append(made.attempts)
            clues.append(sum(1 for d in made.puzzle if d))
            bad += bool(faults(made))
            started = time.perf_counter()
            rebuilt = generate(level, made.seed)
            again.append(time.perf_counter() - started)
            bad += rebuilt.puzzle != made.puzzle or rebuilt.attempts != 1
        print(
            f"| {level} | {count} | {1000 * statistics.median(times):.0f} | "
            f"{1000 * pct(times, 0.95):.0f} | {1000 * max(times):.0f} | "
            f"{1000 * statistics.median(cpu):.0f} | {1000 * pct(cpu, 0.95):.0f} | "
            f"{statistics.mean(attempts):.1f} | {pct(attempts, 0.95)} | {max(attempts)} | "
            f"{statistics.mean(clues):.1f} | {slowest[1]} | {bad} | "
            f"{1000 * statistics.median(again):.0f} | {1000 * pct(again, 0.95):.0f} | "
            f"{1000 * max(again):.0f} |",
            flush=True,
        )


class CountingMaker:
    """generate() that counts the calls made on the caller's thread (the pool was empty)."""

    def __init__(self) -> None:
        self.on_caller = 0
        self.caller = threading.current_thread()

    def __call__(self, level: str, seed: int) -> Generated:
        if threading.current_thread() is self.caller:
            self.on_caller += 1
        return generate(level, seed)


def bench_pool(takes: int, pause: float) -> None:
    maker = CountingMaker()
    pool = SeedPool(make=maker)
    started = time.perf_counter()
    pool.start()
    pool.wait_full()
    print(f"\nPool of {pool.size} per level filled in {time.perf_counter() - started:.1f} s.\n")
    print("| take('Hard') | n | pause s | p50 ms | p95 ms | max ms | pool empty |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name, gap in (("steady", pause), ("burst", 0.0)):
        pool.wait_full()
        before = maker.on_caller
        times = []
        for _ in range(takes):
            begun = time.perf_counter()
            pool.take("Hard")
            times.append(time.perf_counter() - begun)
            time.sleep(gap)
        print(
            f"| {name} | {takes} | {gap} | {1000 * statistics.median(times):.2f} | "
            f"{1000 * pct(times, 0.95):.2f} | {1000 * max(times):.1f} | "
            f"{maker.on_caller - before} |",
            flush=True,
        )
    pool.stop()


def seed_source(base: int | None) -> Callable[[], int]:
    """Fresh random seeds, or a repeatable series drawn from Random(base)."""
    if base is None:
        return new_seed
    rng = random.Random(base)
    return lambda: rng.randrange(SEED_LIMIT)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=50, help="seeds per level (50)")
    parser.add_argument("--base", type=int, default=None, help="draw seeds from Random(base)")
    parser.add_argument("--quick", action="store_true", help="10 seeds per level, 10 takes")
    parser.add_argument("--pause", type=float, default=0.3, help="seconds between steady takes")
    args = parser.parse_args()
    count = 10 if args.quick else args.seeds
    bench_levels(seed_source(args.base), count)
    bench_pool(10 if args.quick else 30, args.pause)
    return 0


if __name__ == "__main__":
    sys.exit(main())
