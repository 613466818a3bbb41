"""Benchmark of the logic engine and the grader; prints Markdown tables.

    .venv/bin/python bench/logic.py            # everything (about 10 minutes on 2 cores)
    .venv/bin/python bench/logic.py --quick    # small samples, for a smoke run

1. Proof: replays the logical solve of every puzzle of several sets (10,000+ puzzles) against
   the solution from the solver and counts wrong steps (a placement that is not the
   solution's digit, or an elimination of it); reports, per set, how many finish without a
   trial (no Nishio, dynamic or nested forcing chain, no solution lookup) and without any
   forcing chain at all, and solve times. Then every technique, each asked on its own at
   every position of the solves of a sample of the hardest sets (so that techniques the
   easiest-first order seldom reaches are checked too), with its chains checked for order;
   and grade() as the web calls it (GRADE_BUDGET) on magictour_top1465.
2. Hints: latency of the web's hint call on every position of logical solves of
   magictour_top1465 puzzles, about a random cell and about anywhere, with the solve's
   candidates given as the player's notes (the hard case: no easy singles).
3. Calibration: Spearman correlation of grade() with Sudoku Explainer on
   se_rated_calibration.tsv, per source and overall.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections import Counter, defaultdict
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.data import missing, read_puzzles, read_rows
from bench.stats import spearman
from webapp.sudoku.board import Grid, parse
from webapp.sudoku.grade import GRADE_BUDGET, grade
from webapp.sudoku.hint import HINT_BUDGET, hint
from webapp.sudoku.logic import SEARCHES, TECHNIQUES, solve_logically
from webapp.sudoku.search import Budget
from webapp.sudoku.solver import count_solutions
from webapp.sudoku.techniques.position import Position
from webapp.sudoku.techniques.step import Step

PROOF_SETS = {  # file: how many puzzles (None: all)
    "norvig_easy50.txt": None,
    "norvig_top95.txt": None,
    "norvig_hardest.txt": None,
    "named_hardest.txt": None,
    "kaggle_sample.txt": None,
    "magictour_top1465.txt": None,
    "forum_hardest_1106.txt": None,
    "norvig_sudoku10k.txt": 2000,
}
SOLVE_BUDGET = Budget(nodes=2_000_000)  # a whole solve; nodes, so the proof repeats exactly
EACH_SETS = {"magictour_top1465.txt": 600, "forum_hardest_1106.txt": 150, "norvig_top95.txt": 95}
SEARCH_BUDGET = Budget(nodes=200_000)  # one search asked on its own, at one position
TRIALS = ("Nishio forcing chain", "Dynamic", "Nested forcing chain", "Solution lookup")


def load(name: str, count: int | None, seed: int = 1) -> list[str]:
    lines = read_puzzles(name)
    if count is not None and count < len(lines):
        lines = random.Random(seed).sample(lines, count)
    return lines


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def replay(job: tuple[str, str]) -> dict:
    """Solve one puzzle logically and check every step against the solution."""
    name, line = job
    grid = parse(line)
    solution = count_solutions(grid).solution
    run = solve_logically(grid, solution=solution, budget=SOLVE_BUDGET)
    wrong = 0
    for step in run.steps:
        wrong += sum(solution[c] != d for c, d in step.placements)
        wrong += sum(solution[c] == d for c, d in step.eliminations)
    return {
        "set": name,
        "wrong": wrong,
        "solved": run.grid == solution,
        "no_trial": run.grid == solution and not any(trial(s.technique) for s in run.steps),
        "clean": run.without_last_resort
        and not any(s.chains and "forcing" in s.technique for s in run.steps),
        "lookup": any(s.technique == "Solution lookup" for s in run.steps),
        "gave_up": run.gave_up,
        "steps": len(run.steps),
        "seconds": run.seconds,
        "techniques": Counter(s.technique for s in run.steps),
    }


def trial(technique: str) -> bool:
    """True for the trials: Nishio, dynamic and nested forcing chains, the solution lookup."""
    return technique.startswith(TRIALS)


def wrong_in(step: Step, solution: Grid) -> int:
    """Placements that are not the solution's digit, and eliminations of it."""
    return sum(solution[c] != d for c, d in step.placements) + sum(
        solution[c] == d for c, d in step.eliminations
    )


def chain_faults(step: Step) -> int:
    """Chains whose nodes follow from a node not before them, or that are empty."""
    faults = 0
    for chain in step.chains:
        faults += not chain.nodes
        faults += sum(any(j >= i for j in node.after) for i, node in enumerate(chain.nodes))
    return faults


def each_technique(line: str) -> dict:
    """Every technique and search, asked on its own at every position of one logical solve
    past the singles: how often it finds a step, and how many of those are wrong."""
    grid = parse(line)
    solution = count_solutions(grid).solution
    run = solve_logically(grid, solution=solution, budget=SOLVE_BUDGET)
    s = Position.from_grid(grid)
    found: Counter[str] = Counter()
    wrong: Counter[str] = Counter()
    faults = 0
    for step in run.steps:
        if step.rating > 2.3:
            results = [technique(s) for _, technique in TECHNIQUES]
            results += [search(s, SEARCH_BUDGET.start()) for _, search in SEARCHES]
            for result in results:
                if result is not None:
                    found[result.technique] += 1
                    wrong[result.technique] += wrong_in(result, solution)
                    faults += chain_faults(result)
        s.apply(step.placements, step.eliminations)
    return {"found": found, "wrong": wrong, "faults": faults}


def grade_time(line: str) -> float:
    """grade() as the web calls it (GRADE_BUDGET), in seconds of CPU."""
    grid = parse(line)
    solution = count_solutions(grid).solution
    started = time.process_time()
    grade(grid, budget=GRADE_BUDGET, solution=solution)
    return time.process_time() - started


def proof(quick: bool, jobs: int) -> None:
    work = []
    for name, count in PROOF_SETS.items():
        if quick:
            count = min(count or 10**9, 40)
        work += [(name, line) for line in load(name, count)]
    started = time.perf_counter()
    with Pool(jobs) as pool:
        results = pool.map(replay, work, chunksize=8)
    elapsed = time.perf_counter() - started
    by_set: dict[str, list[dict]] = defaultdict(list)
    for r in results:
        by_set[r["set"]].append(r)
    print(f"## Proof: {len(results)} puzzles replayed in {elapsed:.0f} s ({jobs} processes)\n")
    print(
        "| set | puzzles | wrong steps | solved | no trial | no forcing chain | solution lookups "
        "| gave up | solve p50 | solve p99 | max |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for name, rs in by_set.items():
        times = [r["seconds"] for r in rs]
        print(
            f"| {name} | {len(rs)} | {sum(r['wrong'] for r in rs)} "
            f"| {sum(r['solved'] for r in rs)} "
            f"| {100 * sum(r['no_trial'] for r in rs) / len(rs):.1f}% "
            f"| {100 * sum(r['clean'] for r in rs) / len(rs):.1f}% "
            f"| {sum(r['lookup'] for r in rs)} | {sum(r['gave_up'] for r in rs)} "
            f"| {1000 * pct(times, 0.5):.0f} ms | {1000 * pct(times, 0.99):.0f} ms "
            f"| {1000 * max(times):.0f} ms |"
        )
    total_wrong = sum(r["wrong"] for r in results)
    print(f"\nWrong steps in total: **{total_wrong}**\n")
    used = Counter()
    for r in results:
        used.update(r["techniques"])
    print(
        "Steps by technique over all sets: " + ", ".join(f"{k} {v}" for k, v in used.most_common())
    )
    print()
    each(quick, jobs)
    grades(quick, jobs)


def each(quick: bool, jobs: int) -> None:
    """Every technique on its own at every position past the singles of a sample of solves."""
    work = []
    for name, count in EACH_SETS.items():
        work += load(name, 10 if quick else count, seed=4)
    started = time.perf_counter()
    with Pool(jobs) as pool:
        results = pool.map(each_technique, work, chunksize=4)
    elapsed = time.perf_counter() - started
    found: Counter[str] = Counter()
    wrong: Counter[str] = Counter()
    for r in results:
        found.update(r["found"])
        wrong.update(r["wrong"])
    faults = sum(r["faults"] for r in results)
    sets = ", ".join(f"{min(n, 10) if quick else n} of {name}" for name, n in EACH_SETS.items())
    print(f"### Every technique at every position ({sets}; {elapsed:.0f} s)\n")
    print(
        "Each pattern technique and each search (searches with "
        f"{SEARCH_BUDGET.nodes:,} nodes each), asked on its own at every position past the "
        "singles of these logical solves; a search gives its easiest step.\n"
    )
    print("| technique | steps found | wrong |")
    print("|---|---:|---:|")
    for technique, n in sorted(found.items(), key=lambda kv: -kv[1]):
        print(f"| {technique} | {n} | {wrong[technique]} |")
    print(f"\nWrong in total: **{sum(wrong.values())}**; chains out of order: **{faults}**\n")


def grades(quick: bool, jobs: int) -> None:
    """grade() as the web calls it on magictour_top1465: CPU time per puzzle."""
    lines = load("magictour_top1465.txt", 60 if quick else None)
    with Pool(jobs) as pool:
        times = pool.map(grade_time, lines, chunksize=8)
    ms = [1000 * t for t in times]
    print(f"### grade() on magictour_top1465 ({len(ms)} puzzles, GRADE_BUDGET, CPU time)\n")
    print("| p50 | p90 | p99 | max | over 1 s |")
    print("|---:|---:|---:|---:|---:|")
    print(
        f"| {pct(ms, 0.5):.0f} ms | {pct(ms, 0.9):.0f} ms | {pct(ms, 0.99):.0f} ms "
        f"| {max(ms):.0f} ms | {sum(m > 1000 for m in ms)} |\n"
    )


def hints(quick: bool) -> None:
    """The web's hint call (mistake check, solve, step) on positions of logical solves, asked
    once about a random empty cell and once about anywhere, with the solve's candidates given
    as the player's notes (the hard case: no easy singles left)."""
    lines = load("magictour_top1465.txt", 15 if quick else 150, seed=2)
    rng = random.Random(3)
    latencies: dict[str, list[float]] = {"a selected cell": [], "anywhere": []}
    kinds: Counter[str] = Counter()
    fallbacks = positions = 0
    for line in lines:
        puzzle = parse(line)
        solution = count_solutions(puzzle).solution
        run = solve_logically(puzzle, solution=solution, budget=SOLVE_BUDGET)
        s = Position.from_grid(puzzle)
        for step in run.steps:
            entries = tuple(0 if puzzle[c] else s.grid[c] for c in range(81))
            empty = [c for c in range(81) if not s.grid[c]]
            positions += 1
            for kind, target in (("a selected cell", rng.choice(empty)), ("anywhere", None)):
                started = time.perf_counter()
                found = hint(
                    puzzle,
                    entries,
                    tuple(s.cands),
                    target,
                    budget=HINT_BUDGET,
                )
                latencies[kind].append(time.perf_counter() - started)
                assert found.step is not None, line
                kinds[found.step.technique] += 1
                fallbacks += found.step.technique == "Solution lookup"
            s.apply(step.placements, step.eliminations)
    print(f"## Hints: {positions} positions from {len(lines)} magictour_top1465 logical solves\n")
    print(
        "`webapp.sudoku.hint.hint` as the web calls it (HINT_BUDGET, "
        f"{HINT_BUDGET.nodes:,} nodes): the player's notes are the solve's candidates.\n"
    )
    print("| asked about | p50 | p90 | p99 | max | mean |")
    print("|---|---:|---:|---:|---:|---:|")
    for kind, times in latencies.items():
        ms = [1000 * t for t in times]
        print(
            f"| {kind} | {pct(ms, 0.5):.1f} ms | {pct(ms, 0.9):.1f} ms | {pct(ms, 0.99):.1f} ms "
            f"| {max(ms):.1f} ms | {statistics.mean(ms):.1f} ms |"
        )
    print(
        f"\nSteps read from the solution (the budget ran out, or nothing else found): {fallbacks}\n"
    )
    print("Hints by technique: " + ", ".join(f"{k} {v}" for k, v in kinds.most_common()))
    print()


def calibrate_one(row: list[str]) -> tuple[str, float, float, float, bool, str]:
    puzzle, se, source = row
    g = grade(parse(puzzle))
    return source, float(se), g.rating, g.seconds, g.gave_up, g.hardest


def calibration(quick: bool, jobs: int) -> None:
    rows = read_rows("se_rated_calibration.tsv")
    if quick:
        rows = rows[::10]
    started = time.perf_counter()
    with Pool(jobs) as pool:
        results = pool.map(calibrate_one, rows, chunksize=4)
    elapsed = time.perf_counter() - started
    by_source: dict[str, list[tuple]] = defaultdict(list)
    for r in results:
        by_source[r[0]].append(r)
    print(
        f"## Calibration: grade() against Sudoku Explainer, {len(results)} puzzles "
        f"in {elapsed:.0f} s\n"
    )
    print("| source | puzzles | SE range | Spearman | grade p50 | grade p99 | max | gave up |")
    print("|---|---:|---|---:|---:|---:|---:|---:|")
    for source in sorted(by_source):
        rs = by_source[source]
        se = [r[1] for r in rs]
        times = [r[3] for r in rs]
        print(
            f"| {source} | {len(rs)} | {min(se)}-{max(se)} "
            f"| {spearman(se, [r[2] for r in rs]):.3f} "
            f"| {1000 * pct(times, 0.5):.0f} ms | {1000 * pct(times, 0.99):.0f} ms "
            f"| {1000 * max(times):.0f} ms | {sum(r[4] for r in rs)} |"
        )
    overall = spearman([r[1] for r in results], [r[2] for r in results])
    print(f"| **overall** | {len(results)} | | **{overall:.3f}** | | | | |\n")
    print("Mean of our rating by SE rating band:\n")
    print("| SE band | puzzles | our mean | our min-max |")
    print("|---|---:|---:|---|")
    bands: dict[int, list[float]] = defaultdict(list)
    for r in results:
        bands[int(r[1])].append(r[2])
    for band in sorted(bands):
        ours = bands[band]
        print(
            f"| {band}.0-{band}.9 | {len(ours)} | {statistics.mean(ours):.2f} "
            f"| {min(ours)}-{max(ours)} |"
        )
    print()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small samples")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--only", choices=("proof", "hints", "calibration"))
    args = parser.parse_args()
    if reason := missing():
        sys.exit(reason)
    if args.only in (None, "proof"):
        proof(args.quick, args.jobs)
    if args.only in (None, "hints"):
        hints(args.quick)
    if args.only in (None, "calibration"):
        calibration(args.quick, args.jobs)


if __name__ == "__main__":
    main()
