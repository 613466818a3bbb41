"""Solver benchmark: every answer checked, our algorithms and the peers interleaved in one run.

For each data set, every solver gets an evenly spread sample of the same puzzle list (the slow
ones a smaller one), and the solvers take turns, each running the next twentieth of its sample,
so a change in machine load hits them alike. Each solver runs in a process of its own and is
timed there (ours through `count_solutions`). Every puzzle is counted to two solutions, as the
peers do, and every answer is checked. Printed as Markdown:

1. throughput per solver and data set: puzzles/s, median, p99 and max ms, guesses per puzzle;
2. the default engine against hodoku-py (pure Python and its C accelerator) on the same puzzles;
3. a plain solve against a count to two for the default engine, puzzle by puzzle;
4. the slowest puzzle of a whole data set (forum_hardest_1905_11plus) for the default engine.

With --write FILE the report also replaces the generated part of that file's "## Solver" section.

    ./dev bench                                   # every algorithm, peer and set
    ./dev bench --sizes hodoku-py=2000 --write BENCHMARKS.md   # and record it there
    .venv/bin/python bench/solver.py --sets magictour_top1465 --algorithms propagate --no-peers

`./dev bench` installs the [bench] extra (the peers) and runs this file; see --help.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import TextIO

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.data import data_dir, read_puzzles
from webapp.sudoku.algorithms import ALGORITHMS, DEFAULT
from webapp.sudoku.board import Grid, is_solution_of, parse, to_line
from webapp.sudoku.search import UNLIMITED, Budget
from webapp.sudoku.solver import Verdict, count_solutions, solve

UNIQUE_SETS = (
    "norvig_easy50",
    "norvig_top95",
    "norvig_hardest",
    "named_hardest",
    "magictour_top1465",
    "forum_hardest_1106",
    "forum_hardest_1905_11plus",
    "royle_17clue",
    "kaggle_sample",
    "norvig_sudoku10k",
)
EXPECTED = {"invalid": Verdict.NO_SOLUTION, "multi": Verdict.MULTIPLE}
EXPECTED["serg_benchmark_multi"] = Verdict.MULTIPLE
# How many puzzles of a set each solver gets by default: the slow ones get fewer.
SAMPLE = {"propagate": 2000, "dlx": 200, "sat": 200, "backtrack": 30, "mrv": 30}
PEER_SAMPLE = {"hodoku-py (C)": 2000, "hodoku-py": 500, "dlxsudoku": 30, "py-sudoku": 10}
SLOW_BUDGET = Budget(seconds=5.0)  # per puzzle, for the slow classic algorithms
PEER_SECONDS = 5.0  # per puzzle, for the peers (which have no budget of their own)
ENGINE_SECONDS = 60.0  # per puzzle, for ours: a safety net only, their budgets stop them first
TURNS = 20  # turns per solver and data set (see run_dataset)
MAX_CHECK_SET = "forum_hardest_1905_11plus"
MAX_MS = 50.0  # the default engine's limit for any one puzzle of MAX_CHECK_SET
BEGIN = "<!-- solver-bench:begin -->"
END = "<!-- solver-bench:end -->"

# A solver takes a puzzle and says what it found: verdict, solution if unique, guesses (-1: n/a),
# and the seconds the solving call took (timed where it runs).
Result = tuple[Verdict, Grid | None, int, float]


@dataclass
class Solver:
    name: str
    size: int | None  # puzzles per data set (None: all)
    run: Callable[[list[Grid]], list[Result]]


@dataclass
class Row:
    """The measurements of one solver on one data set."""

    dataset: str
    solver: str
    times: dict[int, float] = field(default_factory=dict)  # puzzle index -> seconds
    guesses: int = 0  # -1: the solver does not say
    wrong: int = 0
    gave_up: int = 0

    def cells(self) -> list[str]:
        times = sorted(self.times.values())
        n = len(times)
        p99 = times[min(n - 1, int(0.99 * n))]
        guesses = f"{self.guesses / n:.1f}" if self.guesses >= 0 else "n/a"
        return [
            self.dataset,
            self.solver,
            str(n),
            f"{n / sum(times):,.0f}",
            f"{1000 * statistics.median(times):.2f}",
            f"{1000 * p99:.2f}",
            f"{1000 * times[-1]:.1f}",
            guesses,
            str(self.wrong),
            str(self.gave_up),
        ]


HEADER = ["data set", "solver", "n", "puzzles/s", "median ms", "p99 ms", "max ms", "guesses"]
HEADER += ["wrong", "gave up"]


def table(header: list[str], rows: Iterable[list[str]]) -> list[str]:
    """Markdown table lines."""
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    return lines + ["| " + " | ".join(cells) + " |" for cells in rows]


def markdown(rows: Iterable[list[str]]) -> str:
    """The throughput table."""
    return "\n".join(table(HEADER, rows))


def spread(n: int, size: int | None) -> list[int]:
    """`size` indices spread evenly over range(n) (all of them when size is None or >= n)."""
    if size is None or size >= n:
        return list(range(n))
    return [int(i * n / size) for i in range(size)]


def sample(path: Path, size: int | None) -> list[Grid]:
    """Up to `size` puzzles spread evenly over the file (all of them when size is None)."""
    lines = read_puzzles(path)
    return [parse(lines[i]) for i in spread(len(lines), size)]


def check(expected: Verdict, verdict: Verdict, solution: Grid | None, puzzle: Grid) -> str:
    """'ok', 'gave up' or 'wrong'."""
    if verdict is Verdict.GAVE_UP:
        return "gave up"
    if verdict is not expected:
        return "wrong"
    if expected is Verdict.UNIQUE and (solution is None or not is_solution_of(solution, puzzle)):
        return "wrong"
    return "ok"


def engine(name: str) -> Callable[[Grid], Result]:
    """One of our algorithms, counting to two (the slow classic ones within SLOW_BUDGET)."""
    budget = UNLIMITED if name == DEFAULT else SLOW_BUDGET

    def run(puzzle: Grid) -> Result:
        started = time.perf_counter()
        outcome = count_solutions(puzzle, 2, algorithm=name, budget=budget)
        seconds = time.perf_counter() - started
        return outcome.verdict, outcome.solution, outcome.stats.guesses, seconds

    return run


# Peers: a function from the 81-character line to (number of solutions, 2 meaning two or more;
# the solution when there is exactly one, else "").
Peer = Callable[[str], tuple[int, str]]


def _peer_hodoku(accelerated: bool) -> Peer | None:
    try:
        from hodoku.generator import generator
    except ImportError:
        return None
    accel = generator._gen_accel if accelerated else None  # None: the pure-Python backtracker
    if accelerated and accel is None:
        return None
    solver = generator.SudokuGenerator()

    def run(line: str) -> tuple[int, str]:
        generator._gen_accel = accel
        solver.solve_string(line)
        count = solver.get_solution_count()
        return count, solver.get_solution_as_string() if count == 1 else ""

    return run


def hodoku_accelerator() -> str:
    """Whether hodoku-py's C accelerator loads, for the report."""
    try:
        from hodoku.generator import generator
    except ImportError:
        return "hodoku-py not installed"
    accel = generator._gen_accel
    if accel is None:
        return "hodoku-py installed, its C accelerator did not load"
    return f"hodoku-py C accelerator loaded ({Path(accel.__file__).name})"


def _peer_dlxsudoku() -> Peer | None:
    try:
        from dlxsudoku import Sudoku
        from dlxsudoku.exceptions import (
            SudokuHasMultipleSolutionsError,
            SudokuHasNoSolutionError,
        )
    except ImportError:
        return None

    def run(line: str) -> tuple[int, str]:
        try:
            sudoku = Sudoku(line.replace(".", "0"))
            sudoku.solve()
        except SudokuHasNoSolutionError:
            return 0, ""
        except SudokuHasMultipleSolutionsError:
            return 2, ""
        return 1, sudoku.to_oneliner()

    return run


def _peer_py_sudoku() -> Peer | None:
    try:
        from sudoku import Sudoku
    except ImportError:
        return None

    def run(line: str) -> tuple[int, str]:
        cells = [int(ch) if ch != "." else None for ch in line]
        board = [cells[9 * r : 9 * r + 9] for r in range(9)]
        puzzle = Sudoku(3, 3, board=board)
        if puzzle.has_multiple_solutions():
            return 2, ""
        digits = [d for row in puzzle.solve().board for d in row]
        if None in digits:  # its way of saying there is no solution
            return 0, ""
        return 1, "".join(map(str, digits))

    return run


def peers() -> dict[str, Peer]:
    """The peers that are installed, by display name (the C one before the pure one)."""
    found = {
        "hodoku-py (C)": _peer_hodoku(True),
        "hodoku-py": _peer_hodoku(False),
        "dlxsudoku": _peer_dlxsudoku(),
        "py-sudoku": _peer_py_sudoku(),
    }
    return {name: run for name, run in found.items() if run is not None}


def peer_solver(name: str) -> Callable[[Grid], Result]:
    """An installed peer as a solver, timed around its own call; an exception is giving up."""
    peer = peers()[name]

    def run(puzzle: Grid) -> Result:
        line = to_line(puzzle)
        started = time.perf_counter()
        try:
            count, answer = peer(line)
        except Exception:
            return Verdict.GAVE_UP, None, -1, time.perf_counter() - started
        seconds = time.perf_counter() - started
        verdict = {0: Verdict.NO_SOLUTION, 1: Verdict.UNIQUE}.get(count, Verdict.MULTIPLE)
        return verdict, tuple(int(ch) for ch in answer) if answer else None, -1, seconds

    return run


def _serve(name: str, conn: Connection, other_end: Connection, parent: int) -> None:
    """The loop of a solver's process: a list of puzzles in, one Result out per puzzle as soon
    as it is done, until the parent is gone."""
    other_end.close()
    run = engine(name) if name in ALGORITHMS else peer_solver(name)
    while True:
        while not conn.poll(1.0):
            if os.getppid() != parent:
                return
        try:
            puzzles = conn.recv()
        except EOFError:
            return
        for puzzle in puzzles:
            conn.send(run(puzzle))


class SolverProcess:
    """One solver in a process of its own, ours and the peers alike.

    Each solver gets its puzzles a slice at a time and solves them back to back, timed inside
    its own process around each solving call, so it runs warm (code and tables in the CPU
    caches) however the others run. A puzzle that takes more than `limit` seconds gets the
    process killed (a new one takes the rest of the slice) and counts under "gave up": the peers
    have no budget of their own, and hodoku-py's C code cannot be interrupted from Python (it
    does not finish line 33 of invalid.txt).
    """

    def __init__(self, name: str, limit: float) -> None:
        self.name = name
        self.limit = limit
        self.process: BaseProcess | None = None
        self.conn: Connection | None = None

    def _start(self) -> Connection:
        ours, theirs = multiprocessing.Pipe()
        self.process = multiprocessing.get_context("fork").Process(
            target=_serve, args=(self.name, theirs, ours, os.getpid()), daemon=True
        )
        self.process.start()
        theirs.close()
        self.conn = ours
        return ours

    def close(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.join()
        self.process = self.conn = None

    def __call__(self, puzzles: list[Grid]) -> list[Result]:
        results: list[Result] = []
        while len(results) < len(puzzles):
            conn = self.conn or self._start()
            conn.send(puzzles[len(results) :])
            for _ in puzzles[len(results) :]:
                if not conn.poll(self.limit):
                    self.close()
                    results.append((Verdict.GAVE_UP, None, -1, self.limit))
                    break
                results.append(conn.recv())
        return results


def run_dataset(dataset: str, path: Path, solvers: list[Solver], turns: int = TURNS) -> list[Row]:
    """Every solver on its share of the data set, taking `turns` turns each.

    In each turn every solver runs the next slice of its share: the solvers progress through
    the file side by side, so a change of machine load lands on all of them.
    """
    expected = EXPECTED.get(dataset, Verdict.UNIQUE)
    sizes = [solver.size for solver in solvers]
    lines = read_puzzles(path)
    puzzles = [parse(lines[i]) for i in spread(len(lines), None if None in sizes else max(sizes))]
    shares = [spread(len(puzzles), solver.size) for solver in solvers]
    rows = [Row(dataset, solver.name) for solver in solvers]
    for solver in solvers:  # warm up (imports, caches), untimed
        solver.run(puzzles[:1])
    for turn in range(turns):
        for solver, share, row in zip(solvers, shares, rows, strict=True):
            indices = share[len(share) * turn // turns : len(share) * (turn + 1) // turns]
            results = solver.run([puzzles[i] for i in indices])
            for index, (verdict, solution, guesses, seconds) in zip(indices, results, strict=True):
                row.times[index] = seconds
                if guesses < 0 or row.guesses < 0:
                    row.guesses = -1
                else:
                    row.guesses += guesses
                result = check(expected, verdict, solution, puzzles[index])
                row.wrong += result == "wrong"
                row.gave_up += result == "gave up"
    return rows


def against_peers(rows: list[Row]) -> list[list[str]]:
    """The default engine's throughput over each hodoku-py variant's, on the same puzzles of the
    one-solution sets."""
    out = []
    ours = {row.dataset: row for row in rows if row.solver == DEFAULT}
    for row in rows:
        if not row.solver.startswith("hodoku-py") or row.dataset not in ours:
            continue
        if row.dataset in EXPECTED:  # no- and many-solution sets: peers may give up there
            continue
        same = row.times.keys() & ours[row.dataset].times.keys()
        if not same:
            continue
        mine = sum(ours[row.dataset].times[i] for i in same)
        theirs = sum(row.times[i] for i in same)
        out.append(
            [
                row.dataset,
                row.solver,
                str(len(same)),
                f"{len(same) / mine:,.0f}",
                f"{len(same) / theirs:,.0f}",
                f"{theirs / mine:.1f}x",
            ]
        )
    return out


PEER_HEADER = ["data set", "peer", "n", f"{DEFAULT}/s", "peer/s", f"{DEFAULT} / peer"]


def solve_vs_count(puzzles: list[Grid], repeats: int = 3) -> tuple[float, float, int, int]:
    """Seconds for a plain solve and for a count to two over the same puzzles, and guesses.

    Each puzzle is solved and counted in turn `repeats` times; the best time of each is kept,
    so a burst of load on the machine does not land on one side only.
    """
    solve(puzzles[0])  # warm up
    solve_s = count_s = 0.0
    solve_g = count_g = 0
    for puzzle in puzzles:
        best_solve = best_count = float("inf")
        for _ in range(repeats):
            started = time.perf_counter()
            one = solve(puzzle)
            middle = time.perf_counter()
            two = count_solutions(puzzle, 2)
            ended = time.perf_counter()
            best_solve = min(best_solve, middle - started)
            best_count = min(best_count, ended - middle)
        solve_s += best_solve
        count_s += best_count
        solve_g += one.stats.guesses
        count_g += two.stats.guesses
    return solve_s, count_s, solve_g, count_g


RATIO_HEADER = ["data set", "n", "solve ms", "count ms", "count / solve", "guesses"]


@dataclass
class MaxCheck:
    dataset: str
    puzzles: int
    wrong: int
    median: float
    p99: float
    worst: float
    over: int  # puzzles above MAX_MS
    slowest: str  # the slowest puzzle's line
    retimed: float  # the slowest puzzles timed again, best of three: the largest of those


def max_check(dataset: str, path: Path, retime: int = 10) -> MaxCheck:
    """Count every puzzle of the file to two with the default engine; the slowest, re-timed."""
    lines = read_puzzles(path)
    expected = EXPECTED.get(dataset, Verdict.UNIQUE)
    times = []
    wrong = 0
    solve(parse(lines[0]))  # warm up
    for line in lines:
        puzzle = parse(line)
        started = time.perf_counter()
        outcome = count_solutions(puzzle, 2)
        times.append(time.perf_counter() - started)
        wrong += check(expected, outcome.verdict, outcome.solution, puzzle) != "ok"
    order = sorted(range(len(lines)), key=times.__getitem__, reverse=True)
    again = []
    for i in order[:retime]:
        puzzle = parse(lines[i])
        best = float("inf")
        for _ in range(3):
            started = time.perf_counter()
            count_solutions(puzzle, 2)
            best = min(best, time.perf_counter() - started)
        again.append(best)
    ranked = sorted(times)
    return MaxCheck(
        dataset,
        len(lines),
        wrong,
        1000 * statistics.median(ranked),
        1000 * ranked[min(len(ranked) - 1, int(0.99 * len(ranked)))],
        1000 * ranked[-1],
        sum(t * 1000 > MAX_MS for t in times),
        lines[order[0]],
        1000 * max(again),
    )


def machine() -> list[str]:
    """Date, machine, CPU, Python and load, as Markdown list items."""
    cpu = platform.processor() or "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    when = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    return [
        f"- Date: {when}",
        f"- Machine: {platform.machine()}, {cpu}, {os.cpu_count()} logical CPUs"
        f" ({platform.system()} {platform.release()})",
        f"- Python: {platform.python_implementation()} {platform.python_version()}",
        f"- {hodoku_accelerator()}",
    ]


def load() -> str:
    return " / ".join(f"{value:.2f}" for value in os.getloadavg())


def write_section(path: Path, block: list[str]) -> None:
    """Put `block` between the markers in the "## Solver" section of `path` (made if missing).

    Text outside the markers (other sections, notes in this one) is kept as it is.
    """
    text = path.read_text() if path.exists() else "# Benchmarks\n"
    generated = "\n".join([BEGIN, *block, END])
    if BEGIN in text and END in text:
        head, rest = text.split(BEGIN, 1)
        text = head + generated + rest.split(END, 1)[1]
    elif "\n## Solver\n" in text:
        head, rest = text.split("\n## Solver\n", 1)
        body, sep, tail = rest.partition("\n## ")
        text = f"{head}\n## Solver\n{body.rstrip()}\n\n{generated}\n{sep}{tail}"
    else:
        text = f"{text.rstrip()}\n\n## Solver\n\n{generated}\n"
    path.write_text(text)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="bench/solver.py",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--data",
        type=Path,
        default=None,
        help="puzzle folder (default: $SUDOKU_DATA or ../shared/data)",
    )
    parser.add_argument("--sets", default=",".join((*UNIQUE_SETS, "invalid", "multi")))
    parser.add_argument("--algorithms", default=",".join(ALGORITHMS))
    parser.add_argument("--sample", type=int, default=None, help="puzzles per set, all solvers")
    parser.add_argument(
        "--sizes",
        default="",
        help="puzzles per set for some solvers, e.g. 'hodoku-py=2000,dlx=500' (0: all)",
    )
    parser.add_argument("--full", action="store_true", help="whole sets for the default solver")
    parser.add_argument("--no-peers", action="store_true", help="skip the peer solvers")
    parser.add_argument(
        "--ratio-sample", type=int, default=500, help="puzzles per set for solve vs count (500)"
    )
    parser.add_argument(
        "--max-check",
        default=None,
        help=f"data set to time whole with the default engine (default: {MAX_CHECK_SET} when"
        " it is among --sets; 'none' to skip)",
    )
    parser.add_argument(
        "--write",
        type=Path,
        help="also write the report into this file's '## Solver' section, e.g. BENCHMARKS.md",
    )
    return parser


def _sizes(args: argparse.Namespace, names: list[str]) -> dict[str, int | None]:
    sizes: dict[str, int | None] = {}
    for name in names:
        sizes[name] = args.sample or SAMPLE.get(name) or PEER_SAMPLE.get(name)
    if args.full:
        sizes[DEFAULT] = None
    for item in filter(None, args.sizes.split(",")):
        name, _, value = item.rpartition("=")
        sizes[name] = int(value) or None
    return sizes


def main(argv: list[str] | None = None, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    args = build_parser().parse_args(argv)
    args.data = args.data or data_dir()
    if not args.data.is_dir():
        print(f"no data folder at {args.data}: pass --data", file=sys.stderr)
        return 2
    report: list[str] = []

    def emit(*lines: str) -> None:
        report.extend(lines)
        print("\n".join(lines), file=out, flush=True)

    algorithms = [name for name in args.algorithms.split(",") if name]
    others = {} if args.no_peers else peers()
    sizes = _sizes(args, algorithms + list(others))
    workers = [SolverProcess(name, ENGINE_SECONDS) for name in algorithms]
    workers += [SolverProcess(name, PEER_SECONDS) for name in others]
    solvers = [Solver(worker.name, sizes[worker.name], worker) for worker in workers]
    sets = [name for name in args.sets.split(",") if name]
    command = "bench/solver.py " + " ".join(sys.argv[1:] if argv is None else argv)
    emit(*machine(), f"- Load average (1, 5, 15 min) at the start: {load()}")
    emit(f"- Command: `{command.strip()}`", "")
    emit("### Throughput, counting to two solutions, every answer checked", "")
    rows: list[Row] = []
    print(markdown([]), file=out, flush=True)
    try:
        for dataset in sets:
            for row in run_dataset(dataset, args.data / f"{dataset}.txt", solvers):
                rows.append(row)
                print("| " + " | ".join(row.cells()) + " |", file=out, flush=True)
    finally:
        for worker in workers:
            worker.close()
    report.extend(table(HEADER, (row.cells() for row in rows)))
    wrong = sum(row.wrong for row in rows if row.solver in ALGORITHMS)
    emit("", f"wrong answers: {wrong}")
    peers_wrong = [row for row in rows if row.wrong and row.solver not in ALGORITHMS]
    slips = [f"{row.solver} {row.wrong} on {row.dataset}" for row in peers_wrong]
    if slips:
        emit("", "wrong answers of peers (not counted above): " + ", ".join(slips))

    if DEFAULT in algorithms:
        versus = against_peers(rows)
        if versus:
            emit("", f"### {DEFAULT} against hodoku-py, on the same puzzles", "")
            emit(*table(PEER_HEADER, versus))
        emit("", f"### A plain solve against a count to two ({DEFAULT}, same puzzles)", "")
        emit(*table(RATIO_HEADER, []))
        for dataset in sets:
            if dataset in EXPECTED:
                continue
            puzzles = sample(args.data / f"{dataset}.txt", args.ratio_sample)
            solve_s, count_s, solve_g, count_g = solve_vs_count(puzzles)
            n = len(puzzles)
            emit(
                *table(
                    RATIO_HEADER,
                    [
                        [
                            dataset,
                            str(n),
                            f"{1000 * solve_s / n:.3f}",
                            f"{1000 * count_s / n:.3f}",
                            f"{count_s / solve_s:.2f}",
                            f"{solve_g / n:.1f} / {count_g / n:.1f}",
                        ]
                    ],
                )[2:]
            )
        chosen = args.max_check or (MAX_CHECK_SET if MAX_CHECK_SET in sets else "none")
        path = args.data / f"{chosen}.txt"
        if chosen != "none" and path.is_file():
            found = max_check(chosen, path)
            wrong += found.wrong
            emit("", f"### Every puzzle of {chosen} ({DEFAULT}, count to two)", "")
            emit(
                f"- {found.puzzles:,} puzzles, {found.wrong} wrong; median {found.median:.2f} ms,"
                f" p99 {found.p99:.2f} ms, max {found.worst:.1f} ms;"
                f" {found.over} above {MAX_MS:.0f} ms",
                f"- slowest: `{found.slowest}`; the 10 slowest timed again (best of 3):"
                f" at most {found.retimed:.1f} ms",
            )
    emit("", f"- Load average (1, 5, 15 min) at the end: {load()}")
    if args.write:
        write_section(args.write, report)
        print(f"\nwrote the report into {args.write}", file=out)
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
