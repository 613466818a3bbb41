"""Command line: `python -m webapp.sudoku solve|count|bench ...` (see README)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from typing import TextIO

from .algorithms import ALGORITHMS, DEFAULT
from .board import PuzzleFormatError, parse, to_line
from .search import Budget
from .solver import Verdict, count_solutions


def _puzzle_lines(stream: TextIO) -> Iterator[str]:
    """The non-blank lines of the input, one puzzle each."""
    for line in stream:
        line = line.rstrip("\r\n")
        if line.strip():
            yield line


def _budget(args: argparse.Namespace) -> Budget:
    return Budget(nodes=args.nodes, seconds=args.seconds)


def _open(path: str) -> TextIO:
    return sys.stdin if path == "-" else open(path, encoding="utf-8")


def cmd_solve(args: argparse.Namespace, out: TextIO) -> int:
    """One line per puzzle: the solution if it is the only one, else what is wrong."""
    all_unique = True
    with _open(args.file) as stream:
        for line in _puzzle_lines(stream):
            try:
                grid = parse(line)
            except PuzzleFormatError as error:
                print(f"invalid: {error}", file=out)
                all_unique = False
                continue
            outcome = count_solutions(grid, 2, algorithm=args.algorithm, budget=_budget(args))
            if outcome.verdict is Verdict.UNIQUE:
                print(to_line(outcome.solutions[0], "0"), file=out)
            else:
                print(f"{outcome.verdict}: {outcome.reason}", file=out)
                all_unique = False
    return 0 if all_unique else 1


def cmd_count(args: argparse.Namespace, out: TextIO) -> int:
    """One line per puzzle: how many solutions, '2+' style when the limit was reached."""
    all_unique = True
    with _open(args.file) as stream:
        for line in _puzzle_lines(stream):
            try:
                grid = parse(line)
            except PuzzleFormatError as error:
                print(f"invalid: {error}", file=out)
                all_unique = False
                continue
            outcome = count_solutions(
                grid, args.limit, algorithm=args.algorithm, budget=_budget(args)
            )
            found = len(outcome.solutions)
            if outcome.verdict is Verdict.GAVE_UP:
                print(f"gave up: {found} found before the budget ran out", file=out)
            elif found >= args.limit:
                print(f"{found}+", file=out)
            else:
                print(found, file=out)
            all_unique &= outcome.verdict is Verdict.UNIQUE
    return 0 if all_unique else 1


def cmd_bench(args: argparse.Namespace, out: TextIO) -> int:
    from .benchmark import main as bench_main

    return bench_main(args.bench_args, out)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m webapp.sudoku", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    for name, handler, summary in (
        ("solve", cmd_solve, "print each puzzle's solution, or why there is none"),
        ("count", cmd_count, "print how many solutions each puzzle has (up to --limit)"),
    ):
        sub = commands.add_parser(name, help=summary, description=summary)
        sub.add_argument("file", nargs="?", default="-", help="puzzle file, '-' for stdin")
        sub.add_argument("--algorithm", choices=list(ALGORITHMS), default=DEFAULT)
        sub.add_argument("--nodes", type=int, default=None, help="node budget per puzzle")
        sub.add_argument(
            "--seconds", type=float, default=60.0, help="time budget per puzzle (default 60)"
        )
        if name == "count":
            sub.add_argument("--limit", type=int, default=2, help="stop counting here (2)")
        sub.set_defaults(handler=handler)
    bench = commands.add_parser(
        "bench", help="benchmark the algorithms and peers", add_help=False
    )
    bench.add_argument("bench_args", nargs=argparse.REMAINDER)
    bench.set_defaults(handler=cmd_bench)
    return parser


def main(argv: list[str] | None = None, out: TextIO | None = None) -> int:
    args = build_parser().parse_args(argv)
    if getattr(args, "limit", 2) < 1:
        build_parser().error("--limit must be at least 1")
    try:
        return args.handler(args, out or sys.stdout)
    except FileNotFoundError as error:
        print(f"error: no such file: {error.filename}", file=sys.stderr)
        return 2
