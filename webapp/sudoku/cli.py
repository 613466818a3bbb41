"""Command line: `python -m webapp.sudoku solve|count|grade|generate ...` (see README)."""

from __future__ import annotations

import argparse
import io
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, nullcontext
from typing import TextIO

from .algorithms import ALGORITHMS, DEFAULT
from .board import Grid, PuzzleFormatError, parse, puzzle_texts, to_line
from .generate import LEVEL_NAMES, SEED_LIMIT, generate, level_name, new_seed
from .grade import grade
from .search import Budget
from .solver import MAX_LIMIT, Outcome, Verdict, count_solutions

DESCRIPTION = """\
Solve, count, grade and generate Sudoku puzzles. solve, count and grade read the puzzles of
FILE (or stdin) in order and print one line for each.
"""
EPILOG = """\
exit status: 0 when every puzzle had exactly one solution (solve, count) or was graded
(grade); 1 otherwise; 2 for a usage error, a file it can't read or output it can't write;
130 when interrupted (Ctrl-C); 141 when the output's reader stops early (`... | head`).
"""
CHECK_BUDGET = Budget(seconds=60.0)  # for the uniqueness check before grading
GRADE_SECONDS = 5.0  # the default time budget of `grade`
GENERATE_HELP = f"""\
Print new puzzles, one line each: the 81 cells ('.' for empty), a tab, the seed that made
it, a tab, then the rating, level and hardest technique as `grade` prints them. The same
level, seed and layout give the same puzzle on any machine. Seeds are 0 to {SEED_LIMIT - 1}.
From a seed that makes no puzzle at the level, the next seeds are tried: the seed printed is
the one that made it. With --seed N the first puzzle comes from N on and each next one from
the seed after the last one printed; without it, each starts from a random seed.
"""
SOLVE_HELP = """\
Print one line per puzzle: its 81-digit solution when it has exactly one, else 'no solution:
<reason>', 'multiple solutions: <reason>', 'gave up: <reason>' when the budget ran out first,
or 'invalid: <reason>' for a line that is not a puzzle.
"""
COUNT_HELP = """\
Print how many solutions each puzzle has, one line each: the number, or N+ when --limit
stopped the count. When the budget runs out first: 'N+ (the budget ran out)' once two or more
are found (there may be more), else 'gave up: N found before the budget ran out'.
"""
FILE_HELP = (
    "puzzle file, '-' for stdin: 81-character lines (a line's first tab-separated column, so "
    "generate's output reads back) or 9-line grids"
)


def _budget(args: argparse.Namespace) -> Budget:
    return Budget(nodes=args.nodes, seconds=args.seconds or None)


def _seconds(text: str) -> float:
    """An argparse type: a number of seconds, 0 or more."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value < float("inf"):
        raise argparse.ArgumentTypeError(f"must be a number of seconds, 0 or more, not {text!r}")
    return value


def _whole(low: int, high: int | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number from `low` (up to `high`, if given)."""
    allowed = f"of at least {low}" if high is None else f"from {low} to {high}"

    def whole(text: str) -> int:
        digits = text.isascii() and text.isdigit() and len(text) <= 18
        value = int(text) if digits else low - 1
        if value < low or (high is not None and value > high):
            shown = text if len(text) <= 20 else text[:20] + "..."
            raise argparse.ArgumentTypeError(f"must be a whole number {allowed}, not {shown!r}")
        return value

    return whole


def _open(path: str) -> AbstractContextManager[TextIO]:
    """The puzzle file, or stdin for '-' (left open after), read alike: UTF-8, a byte-order
    mark skipped, a byte that is not UTF-8 kept as a lone surrogate for `_read` to name."""
    if path != "-":
        if not path:
            raise FileNotFoundError(2, "No such file or directory", "''")
        return open(path, encoding="utf-8-sig", errors="surrogateescape")
    if isinstance(sys.stdin, io.TextIOWrapper):
        sys.stdin.reconfigure(encoding="utf-8-sig", errors="surrogateescape")
    return nullcontext(sys.stdin)


def _puzzles(path: str) -> Iterator[str]:
    """The puzzles of the file ('-': stdin) in order, each as `parse` reads it: a grid, or the
    first tab-separated column of a line (the puzzle of a line `generate` prints)."""
    with _open(path) as stream:
        for text in puzzle_texts(stream):
            yield text if "\n" in text else text.split("\t", 1)[0]


def _read(text: str) -> Grid:
    """The puzzle of `text` (PuzzleFormatError if it is none, or holds bytes that are not
    UTF-8: `_open` keeps those as lone surrogates)."""
    bad = next((ch for ch in text if "\udc80" <= ch <= "\udcff"), None)
    if bad is not None:
        raise PuzzleFormatError(f"not UTF-8 text (the byte 0x{ord(bad) - 0xDC00:02X})")
    return parse(text)


def _each_outcome(args: argparse.Namespace, out: TextIO, limit: int) -> Iterator[Outcome | None]:
    """Count the solutions of each puzzle of the input, in order; for a line that is not a
    puzzle print why and yield None."""
    for text in _puzzles(args.file):
        try:
            grid = _read(text)
        except PuzzleFormatError as error:
            print(f"invalid: {error}", file=out)
            yield None
            continue
        yield count_solutions(grid, limit, algorithm=args.algorithm, budget=_budget(args))


def cmd_solve(args: argparse.Namespace, out: TextIO) -> int:
    """One line per puzzle: the solution if it is the only one, else what is wrong."""
    all_unique = True
    for outcome in _each_outcome(args, out, 2):
        if outcome is not None and outcome.verdict is Verdict.UNIQUE:
            print(to_line(outcome.solutions[0]), file=out)
            continue
        if outcome is not None:
            print(f"{outcome.verdict}: {outcome.reason}", file=out)
        all_unique = False
    return 0 if all_unique else 1


def cmd_count(args: argparse.Namespace, out: TextIO) -> int:
    """One line per puzzle: how many solutions, or a lower bound (see COUNT_HELP)."""
    all_unique = True
    for outcome in _each_outcome(args, out, args.limit):
        if outcome is None:
            all_unique = False
            continue
        found = len(outcome.solutions)
        if outcome.verdict is Verdict.GAVE_UP:
            print(f"gave up: {found} found before the budget ran out", file=out)
        elif found >= args.limit:
            print(f"{found}+", file=out)
        elif not outcome.complete:  # the budget ran out after two or more: there may be more
            print(f"{found}+ (the budget ran out)", file=out)
        else:
            print(found, file=out)
        all_unique &= outcome.verdict is Verdict.UNIQUE
    return 0 if all_unique else 1


def _grade_line(text: str, budget: Budget) -> tuple[str, bool]:
    """The grade line of one puzzle, or why it cannot be graded; and whether it was graded."""
    try:
        grid = _read(text)
    except PuzzleFormatError as error:
        return f"invalid: {error}", False
    outcome = count_solutions(grid, 2, budget=CHECK_BUDGET)
    if outcome.verdict is not Verdict.UNIQUE:
        return f"{outcome.verdict}: {outcome.reason}", False
    return grade(grid, budget=budget, solution=outcome.solution).line(), True


def cmd_grade(args: argparse.Namespace, out: TextIO) -> int:
    """One line per puzzle: rating, level and hardest technique, or why it cannot be graded."""
    budget = Budget(nodes=args.nodes, seconds=args.seconds or None)
    all_graded = True
    for text in _puzzles(args.file):
        line, graded = _grade_line(text, budget)
        print(line, file=out)
        all_graded &= graded
    return 0 if all_graded else 1


def cmd_generate(args: argparse.Namespace, out: TextIO) -> int:
    """Print --count puzzles at --level (see GENERATE_HELP for the format)."""
    seed = args.seed
    for _ in range(args.count):
        start = new_seed() if args.seed is None else seed
        made = generate(args.level, start, symmetric=False if args.no_symmetry else None)
        print(f"{to_line(made.puzzle)}\t{made.seed}\t{made.grade.line()}", file=out, flush=True)
        seed = (made.seed + 1) % SEED_LIMIT
    return 0


def _level(text: str) -> str:
    try:
        return level_name(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _add_grade(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    summary = "print each puzzle's rating, level and hardest technique, or why it has none"
    sub = commands.add_parser("grade", help=summary, description=summary)
    sub.add_argument("file", nargs="?", default="-", metavar="FILE", help=FILE_HELP)
    sub.add_argument(
        "--seconds",
        type=_seconds,
        default=GRADE_SECONDS,
        help=f"time budget per puzzle (default {GRADE_SECONDS:g}); 0 for none",
    )
    sub.add_argument(
        "--nodes",
        type=_whole(1),
        default=None,
        help="node budget per puzzle (default none); with --seconds 0 the grade is the same "
        "on every machine",
    )
    sub.set_defaults(handler=cmd_grade)


def _add_generate(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    summary = "print new puzzles at a level, each with exactly one solution"
    sub = commands.add_parser(
        "generate",
        help=summary,
        description=GENERATE_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub.add_argument(
        "--level", type=_level, required=True, help=", ".join(LEVEL_NAMES) + " (any case)"
    )
    sub.add_argument(
        "--seed", type=_whole(0, SEED_LIMIT - 1), help="the first seed (default: random)"
    )
    sub.add_argument("--count", type=_whole(0), default=1, help="how many puzzles (default 1)")
    sub.add_argument(
        "--no-symmetry",
        action="store_true",
        help="clues anywhere (by default 180-degree symmetric, but for Extreme)",
    )
    sub.set_defaults(handler=cmd_generate)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m webapp.sudoku",
        description=DESCRIPTION,
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands = parser.add_subparsers(dest="command", required=True)
    for name, handler, summary, description in (
        ("solve", cmd_solve, "print each puzzle's solution, or why there is none", SOLVE_HELP),
        (
            "count",
            cmd_count,
            "print how many solutions each puzzle has (up to --limit)",
            COUNT_HELP,
        ),
    ):
        sub = commands.add_parser(
            name,
            help=summary,
            description=description,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        sub.add_argument("file", nargs="?", default="-", metavar="FILE", help=FILE_HELP)
        sub.add_argument(
            "--algorithm", choices=list(ALGORITHMS), default=DEFAULT, help=f"the search ({DEFAULT})"
        )
        sub.add_argument(
            "--nodes", type=_whole(1), default=None, help="node budget per puzzle (none)"
        )
        sub.add_argument(
            "--seconds",
            type=_seconds,
            default=60.0,
            help="time budget per puzzle (default 60); 0 for none",
        )
        if name == "count":
            sub.add_argument(
                "--limit", type=_whole(1, MAX_LIMIT), default=2, help="stop counting here (2)"
            )
        sub.set_defaults(handler=handler)
    _add_grade(commands)
    _add_generate(commands)
    return parser


def main(argv: list[str] | None = None, out: TextIO | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    out = out or sys.stdout
    if out is None:  # started with its output closed (`>&-`)
        print("error: can't write the output: it is closed", file=sys.stderr)
        return 2
    try:
        handler: Callable[[argparse.Namespace, TextIO], int] = args.handler
        return handler(args, out)
    except FileNotFoundError as error:
        print(f"error: no such file: {error.filename}", file=sys.stderr)
    except KeyboardInterrupt:  # Ctrl-C: stop quietly, as Unix tools do
        return 130  # what a shell reports for a program ended by SIGINT (128 + 2)
    except BrokenPipeError:  # the reader stopped (`| head`): stop too, quietly, as Unix tools do
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no error at exit
        return 141  # what a shell reports for a program ended by SIGPIPE (128 + 13)
    except OSError as error:
        action = "read" if error.filename else "write the output"
        where = f" {error.filename}" if error.filename else ""
        print(f"error: can't {action}{where}: {error.strerror}", file=sys.stderr)
    return 2
