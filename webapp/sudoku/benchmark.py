"""Solver benchmark: every answer validated, figures per algorithm and data set, peers alongside.

Each run solves a sample of each puzzle file with uniqueness checked (a count to two, as the
peers do), validates every answer, and prints a Markdown table: puzzles/s, median, p99 and max
milliseconds, guesses per puzzle. Peers from the `[bench]` extra are measured in the same run
where installed. Run `python -m webapp.sudoku bench --help` for the options.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from .algorithms import ALGORITHMS, DEFAULT
from .board import Grid, is_solution_of, parse, to_line
from .search import Budget
from .solver import Verdict, count_solutions, solve

DEFAULT_DATA = Path("../shared/data")
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
PEER_SAMPLE = {"hodoku-py (C)": 2000, "hodoku-py": 200, "dlxsudoku": 30, "py-sudoku": 10}
SLOW_BUDGET = Budget(seconds=5.0)  # per puzzle, for the slow classic algorithms


@dataclass
class Row:
    dataset: str
    solver: str
    puzzles: int
    seconds: float
    times: list[float]
    guesses: int
    wrong: int
    gave_up: int

    def cells(self) -> list[str]:
        times = sorted(self.times)
        p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
        guesses = f"{self.guesses / self.puzzles:.1f}" if self.guesses >= 0 else "n/a"
        return [
            self.dataset,
            self.solver,
            str(self.puzzles),
            f"{self.puzzles / self.seconds:,.0f}",
            f"{1000 * statistics.median(times):.2f}",
            f"{1000 * p99:.2f}",
            f"{1000 * times[-1]:.1f}",
            guesses,
            str(self.wrong),
            str(self.gave_up),
        ]


HEADER = ["data set", "solver", "n", "puzzles/s", "median ms", "p99 ms", "max ms", "guesses"]
HEADER += ["wrong", "gave up"]


def sample(path: Path, size: int | None) -> list[Grid]:
    """Up to `size` puzzles spread evenly over the file (all of them when size is None)."""
    lines = [line for line in path.read_text().split("\n") if line.strip()]
    if size is not None and size < len(lines):
        step = len(lines) / size
        lines = [lines[int(i * step)] for i in range(size)]
    return [parse(line.split("\t")[0]) for line in lines]


def _check(expected: Verdict, verdict: Verdict, solution: Grid | None, puzzle: Grid) -> str:
    """'ok', 'gave up' or 'wrong'."""
    if verdict is Verdict.GAVE_UP:
        return "gave up"
    if verdict is not expected:
        return "wrong"
    if expected is Verdict.UNIQUE and (solution is None or not is_solution_of(solution, puzzle)):
        return "wrong"
    return "ok"


def run_engine(dataset: str, puzzles: list[Grid], algorithm: str) -> Row:
    expected = EXPECTED.get(dataset, Verdict.UNIQUE)
    budget = Budget() if algorithm == DEFAULT else SLOW_BUDGET
    row = Row(dataset, algorithm, len(puzzles), 0.0, [], 0, 0, 0)
    for puzzle in puzzles:
        started = time.perf_counter()
        outcome = count_solutions(puzzle, 2, algorithm=algorithm, budget=budget)
        row.times.append(time.perf_counter() - started)
        row.guesses += outcome.stats.guesses
        result = _check(expected, outcome.verdict, outcome.solution, puzzle)
        row.wrong += result == "wrong"
        row.gave_up += result == "gave up"
    row.seconds = sum(row.times)
    return row


def _peer_hodoku(accelerated: bool) -> Callable[[str], tuple[int, str]] | None:
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


def _peer_dlxsudoku() -> Callable[[str], tuple[int, str]] | None:
    try:
        from dlxsudoku import Sudoku
        from dlxsudoku.exceptions import SudokuHasMultipleSolutionsError
    except ImportError:
        return None

    def run(line: str) -> tuple[int, str]:
        sudoku = Sudoku(line.replace(".", "0"))
        try:
            sudoku.solve()
        except SudokuHasMultipleSolutionsError:
            return 2, ""
        return 1, sudoku.to_oneliner()

    return run


def _peer_py_sudoku() -> Callable[[str], tuple[int, str]] | None:
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
        solved = puzzle.solve()
        return 1, "".join(str(d) for row in solved.board for d in row)

    return run


def peers() -> dict[str, Callable[[str], tuple[int, str]]]:
    """The peers that are installed, by display name (the C one before the pure one)."""
    found = {
        "hodoku-py (C)": _peer_hodoku(True),
        "hodoku-py": _peer_hodoku(False),
        "dlxsudoku": _peer_dlxsudoku(),
        "py-sudoku": _peer_py_sudoku(),
    }
    return {name: run for name, run in found.items() if run is not None}


def run_peer(dataset: str, puzzles: list[Grid], name: str, peer: Callable) -> Row:
    expected = EXPECTED.get(dataset, Verdict.UNIQUE)
    row = Row(dataset, name, len(puzzles), 0.0, [], -1, 0, 0)
    for puzzle in puzzles:
        line = to_line(puzzle)
        started = time.perf_counter()
        count, answer = peer(line)
        row.times.append(time.perf_counter() - started)
        verdict = {0: Verdict.NO_SOLUTION, 1: Verdict.UNIQUE}.get(count, Verdict.MULTIPLE)
        solution = tuple(int(ch) for ch in answer) if answer else None
        row.wrong += _check(expected, verdict, solution, puzzle) != "ok"
    row.seconds = sum(row.times)
    return row


def solve_vs_count(puzzles: list[Grid]) -> tuple[float, float]:
    """Seconds for a plain solve and for a count to two, over the same puzzles."""
    started = time.perf_counter()
    for puzzle in puzzles:
        solve(puzzle)
    middle = time.perf_counter()
    for puzzle in puzzles:
        count_solutions(puzzle, 2)
    return middle - started, time.perf_counter() - middle


def markdown(rows: Iterable[list[str]]) -> str:
    lines = ["| " + " | ".join(HEADER) + " |", "|" + "---|" * len(HEADER)]
    lines += ["| " + " | ".join(cells) + " |" for cells in rows]
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m webapp.sudoku bench", description=__doc__)
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="puzzle folder")
    parser.add_argument("--sets", default=",".join((*UNIQUE_SETS, "invalid", "multi")))
    parser.add_argument("--algorithms", default=",".join(ALGORITHMS))
    parser.add_argument("--sample", type=int, default=None, help="puzzles per set, all solvers")
    parser.add_argument("--full", action="store_true", help="whole sets for the default solver")
    parser.add_argument("--no-peers", action="store_true", help="skip the peer solvers")
    return parser


def main(argv: list[str] | None = None, out: TextIO | None = None) -> int:
    import sys

    out = out or sys.stdout
    args = build_parser().parse_args(argv)
    if not args.data.is_dir():
        print(f"no data folder at {args.data}: pass --data", file=sys.stderr)
        return 2
    algorithms = [name for name in args.algorithms.split(",") if name]
    others = {} if args.no_peers else peers()
    rows: list[Row] = []
    print(markdown([]), file=out, flush=True)
    for dataset in args.sets.split(","):
        path = args.data / f"{dataset}.txt"
        for name in algorithms + list(others):
            size = args.sample or SAMPLE.get(name) or PEER_SAMPLE[name]
            if name == DEFAULT and args.full:
                size = None
            puzzles = sample(path, size)
            if name in ALGORITHMS:
                row = run_engine(dataset, puzzles, name)
            else:
                row = run_peer(dataset, puzzles, name, others[name])
            rows.append(row)
            print("| " + " | ".join(row.cells()) + " |", file=out, flush=True)
    wrong = sum(row.wrong for row in rows)
    print(f"\nwrong answers: {wrong}", file=out)
    print("\nA plain solve against a count to two (default solver, same puzzles):", file=out)
    for dataset in args.sets.split(","):
        if dataset in EXPECTED:
            continue
        puzzles = sample(args.data / f"{dataset}.txt", args.sample or 500)
        solve_s, count_s = solve_vs_count(puzzles)
        print(f"- {dataset}: solve {solve_s:.2f} s, count {count_s:.2f} s, "
              f"ratio {count_s / solve_s:.2f}", file=out, flush=True)
    return 1 if wrong else 0
