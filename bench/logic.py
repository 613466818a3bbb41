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
   candidates given as the player's notes (the hard case: no easy singles). Then what the
   hints say, on positions of kaggle_sample (everyday puzzles) and magictour_top1465 solves:
   for a selected cell, can it be filled now, how many steps lead to it (and what the hint
   said before: a step elsewhere whenever no single filled the cell); for a wrong entry, how
   long the chain that shows it is, before (every single followed, 40 at most) and now.
3. Calibration: grade() against Sudoku Explainer on se_rated_calibration.tsv, per source and
   overall: Spearman rank correlation, mean absolute error, mean difference, how often both
   name the same level, and which levels SE's and ours are when they differ; and by SE band, how
   often the hints' logic (every technique) finishes without a trial or forcing chain.
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
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.data import missing, read_puzzles, read_rows
from bench.stats import mean_absolute_error, spearman
from webapp.sudoku.board import Grid, parse
from webapp.sudoku.grade import GRADE_BUDGET, grade, level_of
from webapp.sudoku.hint import HINT_BUDGET, hint
from webapp.sudoku.lead import target_single
from webapp.sudoku.logic import SEARCHES, TECHNIQUES, solve_logically
from webapp.sudoku.ratings import LEVELS
from webapp.sudoku.search import Budget
from webapp.sudoku.solver import count_solutions
from webapp.sudoku.techniques.contradiction import follow
from webapp.sudoku.techniques.position import Position
from webapp.sudoku.techniques.step import Step
from webapp.sudoku.wrong_entry import refute

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
    cpu: dict[str, list[float]] = {"a selected cell": [], "anywhere": []}
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
                started, used = time.perf_counter(), time.process_time()
                found = hint(
                    puzzle,
                    entries,
                    tuple(s.cands),
                    target,
                    budget=HINT_BUDGET,
                )
                latencies[kind].append(time.perf_counter() - started)
                cpu[kind].append(time.process_time() - used)
                assert found.step is not None, line
                kinds[found.step.technique] += 1
                fallbacks += found.step.technique == "Solution lookup"
            s.apply(step.placements, step.eliminations)
    print(f"## Hints: {positions} positions from {len(lines)} magictour_top1465 logical solves\n")
    print(
        "`webapp.sudoku.hint.hint` as the web calls it (HINT_BUDGET, "
        f"{HINT_BUDGET.nodes:,} nodes): the player's notes are the solve's candidates.\n"
    )
    print("| asked about | p50 | p90 | p99 | max | mean | CPU p50 | CPU p99 | CPU max |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for kind, times in latencies.items():
        ms = [1000 * t for t in times]
        used = [1000 * t for t in cpu[kind]]
        print(
            f"| {kind} | {pct(ms, 0.5):.1f} ms | {pct(ms, 0.9):.1f} ms | {pct(ms, 0.99):.1f} ms "
            f"| {max(ms):.1f} ms | {statistics.mean(ms):.1f} ms | {pct(used, 0.5):.1f} ms "
            f"| {pct(used, 0.99):.1f} ms | {max(used):.1f} ms |"
        )
    print(
        f"\nSteps read from the solution (the budget ran out, or nothing else found): {fallbacks}\n"
    )
    print("Hints by technique: " + ", ".join(f"{k} {v}" for k, v in kinds.most_common()))
    print()
    hint_quality(quick)


SINGLES = ("Full house", "Hidden single", "Naked single")


def spread(values: list[int]) -> str:
    """'p50 / p90 / max' of counts, or '-'."""
    if not values:
        return "-"
    return f"{pct(values, 0.5)} / {pct(values, 0.9)} / {max(values)}"


def share(part: int, whole: int) -> str:
    return f"{part} ({100 * part / whole:.0f}%)" if whole else "0"


def table(header: str, rows: list[list[str]]) -> None:
    """A Markdown table: the first column left-aligned, the others right-aligned."""
    print(f"| {header} |")
    print("|---|" + "---:|" * header.count("|"))
    for row in rows:
        print("| " + " | ".join(row) + " |")
    print()


def hint_quality(quick: bool) -> None:
    """What the hints say on positions of logical solves (every third position): about a random
    empty cell, about the cell the next step fills when that step is not a single, and about
    a wrong digit typed in a random empty cell."""
    sets = {
        "kaggle_sample.txt": (False, 10 if quick else 150),
        "magictour_top1465.txt": (True, 5 if quick else 60),
    }
    rng = random.Random(5)
    cells: dict[str, Counter[str]] = {}
    leads: dict[str, list[int]] = {}
    direct: Counter[str] = Counter()
    wrong: dict[str, Counter[str]] = {}
    chains: dict[str, dict[str, list[int]]] = {}
    cpu: dict[str, list[float]] = {}
    for name, (with_notes, count) in sets.items():
        cells[name], leads[name], wrong[name], cpu[name] = Counter(), [], Counter(), []
        chains[name] = {"before": [], "after": []}
        for line in load(name, count, seed=4):
            puzzle = parse(line)
            solution = count_solutions(puzzle).solution
            run = solve_logically(puzzle, solution=solution, budget=SOLVE_BUDGET)
            s = Position.from_grid(puzzle)
            for i, step in enumerate(run.steps):
                if i % 3 == 0:
                    _ask(
                        rng, puzzle, solution, s, step, with_notes, cells[name], leads[name], direct
                    )
                    _wrong(rng, puzzle, solution, s, wrong[name], chains[name], cpu[name])
                s.apply(step.placements, step.eliminations)
    print("### A selected cell: can it be filled now, or how far is it\n")
    print(
        "A random empty cell of every third position (kaggle without notes, magictour with the "
        "solve's candidates as notes). Before: the hint gave a step elsewhere whenever no single "
        "filled the cell.\n"
    )
    rows = []
    for name, c in cells.items():
        n = c["asked"]
        shares = [share(c[k], n) for k in ("now", "shortest", "found", "none")]
        rows.append([name, str(n), *shares, spread(leads[name]), share(c["elsewhere before"], n)])
    table(
        "set | asked | filled now | led to, shortest | led to, found | no way found "
        "| steps to it (p50 / p90 / max) | before: a step elsewhere",
        rows,
    )
    print(
        f"\nThe cell the next step fills by a technique other than a single (direct pointing, "
        f'direct hidden pair ..., BUG+1, forcing chains): level 1 said "Yes, it can be filled now" '
        f'in {direct["yes"]} of {direct["asked"]} (before: "Not yet" in all of them).\n'
    )
    print("### Why your entry is wrong\n")
    print(
        "A wrong candidate typed in a random empty cell of every third position. Chain: the "
        "steps the explanation shows. Before: every single followed (the position's own "
        "singles too), 40 at most; now: the engine's steps made first, if any, then what the "
        "digit causes (singles, locked candidates in its wake), cut to the steps the "
        'contradiction needs. "Forced anyway": a named digit is a single of the position '
        "without the wrong digit. Hint CPU: the whole hint call for the wrong entry.\n"
    )
    rows = []
    for name, w in wrong.items():
        n = w["entries"]
        counts = [
            share(w[k], n) for k in ("no reason before", "no reason", "anyway before", "anyway")
        ]
        lengths = [spread(chains[name]["before"]), spread(chains[name]["after"])]
        used = f"{pct(cpu[name], 0.99):.1f} ms" if cpu[name] else "-"
        row = [name, str(n), share(w["clash"], n), share(w["at once"], n), *lengths, *counts]
        rows.append([*row, used])
    table(
        "set | wrong entries | a clash | contradiction at once | chain, before (p50 / p90 / max) "
        "| chain, now | no reason, before | no reason, now | naming forced-anyway digits, "
        "before | now | hint CPU p99",
        rows,
    )


def _ask(
    rng: random.Random,
    puzzle: tuple[int, ...],
    solution: tuple[int, ...],
    s: Position,
    step: object,
    with_notes: bool,
    c: Counter[str],
    lengths: list[int],
    direct: Counter[str],
) -> None:
    """Ask about a random empty cell, and about the cell a non-single next step fills."""
    entries = tuple(0 if puzzle[x] else s.grid[x] for x in range(81))
    notes = tuple(s.cands) if with_notes else None
    here = Position.from_grid(s.grid, notes)
    target = rng.choice([x for x in range(81) if not s.grid[x]])
    found = hint(puzzle, entries, notes, target, budget=HINT_BUDGET)
    c["asked"] += 1
    c["elsewhere before"] += target_single(here, target) is None
    if found.direct:
        c["now"] += 1
    elif found.lead:
        c["shortest" if found.shortest else "found"] += 1
        lengths.append(len(found.lead))
    else:
        c["none"] += 1
    placements = getattr(step, "placements", ())
    if with_notes and placements and getattr(step, "technique", "") not in SINGLES:
        cell = placements[0][0]
        found = hint(puzzle, entries, notes, cell, budget=HINT_BUDGET)
        direct["asked"] += 1
        direct["yes"] += found.look.startswith("Yes")


def _wrong(
    rng: random.Random,
    puzzle: tuple[int, ...],
    solution: tuple[int, ...],
    s: Position,
    w: Counter[str],
    chains: dict[str, list[int]],
    cpu: list[float],
) -> None:
    """Type a wrong candidate in a random empty cell and see what the hint says about it."""
    cell = rng.choice([x for x in range(81) if not s.grid[x]])
    digits = [d for d in range(1, 10) if s.cands[cell] >> (d - 1) & 1 and d != solution[cell]]
    if not digits:
        return
    digit = rng.choice(digits)
    entries = [0 if puzzle[x] else s.grid[x] for x in range(81)]
    entries[cell] = digit
    used = time.process_time()
    mistake = hint(puzzle, tuple(entries), budget=HINT_BUDGET).mistake
    cpu.append(1000 * (time.process_time() - used))
    assert mistake is not None and mistake.cell == cell
    w["entries"] += 1
    if "already has" in mistake.text:
        w["clash"] += 1
        return
    correct = Position.from_grid(s.grid)
    anyway = {
        (x, d)
        for x in range(81)
        if (single := target_single(correct, x))
        for _, d in single.placements
    }
    old = follow(correct, cell, digit, caused_only=False, limit=40)
    if old.contradiction is None:
        w["no reason before"] += 1
    else:
        chains["before"].append(len(old.forced))
        w["anyway before"] += any((m.cell, m.digit) in anyway for m in old.forced)
    if "no short chain" in mistake.text:
        w["no reason"] += 1
        return
    found = refute(s.to_grid(), cell, digit, HINT_BUDGET)  # what the hint showed, step by step
    steps = len(found.first) + len(found.chain)
    w["at once"] += not steps
    chains["after"].append(steps)
    w["anyway"] += any(x in anyway for x in mistake.forced)


class Calibrated(NamedTuple):
    source: str
    se: float
    ours: float
    seconds: float
    gave_up: bool
    trial: bool  # the logical solve with every technique (what hints use) needs a trial
    forcing: bool  # ... or any forcing chain


FORCING = ("forcing chain", "Nishio")


def calibrate_one(row: list[str]) -> Calibrated:
    puzzle, se, source = row
    g = grade(parse(puzzle))
    steps = solve_logically(parse(puzzle)).steps
    trial = any(step.last_resort for step in steps)
    forcing = any(any(f in step.technique for f in FORCING) for step in steps)
    return Calibrated(source, float(se), g.rating, g.seconds, g.gave_up, trial, forcing)


TARGETS = "Spearman >= 0.97 overall and >= 0.9 per source of 50+ puzzles, MAE <= 0.25, level >= 95%"


def _agreement(rs: list[Calibrated]) -> tuple[float, float, float, float]:
    """Spearman, mean absolute error, mean of ours - SE, and the share of equal levels."""
    se = [r.se for r in rs]
    ours = [r.ours for r in rs]
    same = sum(level_of(a) == level_of(b) for a, b in zip(se, ours, strict=True))
    bias = sum(b - a for a, b in zip(se, ours, strict=True)) / len(rs)
    return spearman(se, ours), mean_absolute_error(se, ours), bias, same / len(rs)


def calibration(quick: bool, jobs: int) -> None:
    rows = read_rows("se_rated_calibration.tsv")
    if quick:
        rows = rows[::10]
    started = time.perf_counter()
    with Pool(jobs) as pool:
        results = pool.map(calibrate_one, rows, chunksize=4)
    elapsed = time.perf_counter() - started
    by_source: dict[str, list[Calibrated]] = defaultdict(list)
    for r in results:
        by_source[r.source].append(r)
    print(
        f"## Calibration: grade() against Sudoku Explainer, {len(results)} puzzles "
        f"in {elapsed:.0f} s\n"
    )
    print(f"Targets: {TARGETS}.\n")
    print(
        "| source | puzzles | SE range | Spearman | MAE | ours - SE | same level "
        "| grade p50 | grade p99 | max | gave up |"
    )
    print("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for source in sorted(by_source):
        rs = by_source[source]
        rho, mae, bias, level = _agreement(rs)
        times = [r.seconds for r in rs]
        print(
            f"| {source} | {len(rs)} | {min(r.se for r in rs)}-{max(r.se for r in rs)} "
            f"| {rho:.3f} | {mae:.3f} | {bias:+.2f} | {100 * level:.1f}% "
            f"| {1000 * pct(times, 0.5):.0f} ms | {1000 * pct(times, 0.99):.0f} ms "
            f"| {1000 * max(times):.0f} ms | {sum(r.gave_up for r in rs)} |"
        )
    rho, mae, bias, level = _agreement(results)
    print(
        f"| **overall** | {len(results)} | | **{rho:.3f}** | **{mae:.3f}** | {bias:+.2f} "
        f"| **{100 * level:.1f}%** | | | | |\n"
    )
    print("By SE rating band:\n")
    print("| SE band | puzzles | our mean | MAE | our min-max |")
    print("|---|---:|---:|---:|---|")
    bands: dict[int, list[Calibrated]] = defaultdict(list)
    for r in results:
        bands[int(r.se)].append(r)
    for band in sorted(bands):
        rs = bands[band]
        ours = [r.ours for r in rs]
        print(
            f"| {band}.0-{band}.9 | {len(rs)} | {statistics.mean(ours):.2f} "
            f"| {mean_absolute_error([r.se for r in rs], ours):.2f} | {min(ours)}-{max(ours)} |"
        )
    names = [name for _, name in LEVELS]
    pairs = Counter((level_of(r.se), level_of(r.ours)) for r in results)
    print(
        "\nHow often the hints' logic (every technique) finishes without a trial, and without"
        " any forcing chain, by SE rating (before issue 13: 1.4% without either from 7.5 to"
        " 8.4):\n"
    )
    print("| SE band | puzzles | no trial | no forcing chain |")
    print("|---|---:|---:|---:|")
    for low, high in ((0.0, 4.4), (4.5, 7.4), (7.5, 8.4), (8.5, 12.0)):
        rs = [r for r in results if low <= r.se <= high + 0.05]
        free = sum(not r.trial for r in rs)
        plain = sum(not r.forcing for r in rs)
        print(f"| {low}-{high} | {len(rs)} | {share(free, len(rs))} | {share(plain, len(rs))} |")
    print("\nLevels, SE's (rows) against ours (columns):\n")
    print("| SE \\ ours | " + " | ".join(names) + " |")
    print("|---|" + "---:|" * len(names))
    for theirs in names:
        print(f"| {theirs} | " + " | ".join(str(pairs[(theirs, o)]) for o in names) + " |")
    print()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small samples")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--only", choices=("proof", "grades", "hints", "calibration"))
    args = parser.parse_args()
    if reason := missing():
        sys.exit(reason)
    if args.only in (None, "proof"):
        proof(args.quick, args.jobs)
    if args.only == "grades":  # the proof ends with them too
        grades(args.quick, args.jobs)
    if args.only in (None, "hints"):
        hints(args.quick)
    if args.only in (None, "calibration"):
        calibration(args.quick, args.jobs)


if __name__ == "__main__":
    main()
