"""The command line: `python -m webapp.sudoku solve|count [FILE|-]`, in-process through
cli.main and once or twice as a real subprocess."""

from __future__ import annotations

import io
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from puzzles import EASY, EASY_SOLUTION

from webapp.sudoku.algorithms import ALGORITHMS
from webapp.sudoku.board import is_solution_of, parse, to_line
from webapp.sudoku.cli import main
from webapp.sudoku.grade import grade
from webapp.sudoku.search import Budget
from webapp.sudoku.solver import Verdict, count_solutions

ROOT = Path(__file__).resolve().parents[1]

HARD = ".......12........3..23..4....18....5.6..7.8.......9.....85.....9...4.5..47...6..."
CLASH = EASY[:8] + "2" + EASY[9:]  # a second 2 in row 1
STUCK = ".12345678" + "9" + "." * 71  # no clash, but r1c1 has no digit left
# EASY_SOLUTION with r1c2, r1c7, r2c2, r2c7 emptied: they take 8 and 6 either way round.
DEADLY = "".join("." if i in (1, 6, 10, 15) else ch for i, ch in enumerate(EASY_SOLUTION))
EMPTY = "." * 81


def run(argv: list[str]) -> tuple[int, list[str]]:
    """Call cli.main and return its exit code and output lines."""
    out = io.StringIO()
    code = main(argv, out)
    return code, out.getvalue().splitlines()


def write(tmp_path: Path, *lines: str, name: str = "puzzles.txt") -> str:
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def expected_verdict_line(line: str) -> str:
    """What `solve` prints for a puzzle without exactly one solution, from the solver itself."""
    outcome = count_solutions(parse(line))
    return f"{outcome.verdict}: {outcome.reason}"


def use_stdin(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))


# --- solve ----------------------------------------------------------------------------------


def test_solve_prints_one_line_per_puzzle_in_order(tmp_path: Path) -> None:
    path = write(tmp_path, EASY, CLASH, "", STUCK, DEADLY, "   ", "12345x", EASY.replace(".", "0"))
    code, lines = run(["solve", path])
    assert lines == [
        EASY_SOLUTION,
        "no solution: the givens clash: 2 appears 2 times in row 1 (r1c5, r1c9)",
        "no solution: every way of filling the grid breaks a rule",
        expected_verdict_line(DEADLY),
        "invalid: unexpected 'x' at row 1, column 6",
        EASY_SOLUTION,
    ]
    assert lines[3].startswith("multiple solutions: two solutions differ in 4 cells (r1c2, ")
    assert code == 1


def pretty(puzzle: str) -> list[str]:
    """`puzzle` as a grid of nine rows with '|' between boxes and rule lines between bands."""
    rule = "+-------+-------+-------+"
    lines = [rule]
    for row in range(9):
        cells = puzzle[row * 9 : row * 9 + 9]
        lines.append("| " + " | ".join(" ".join(cells[b : b + 3]) for b in (0, 3, 6)) + " |")
        if row % 3 == 2:
            lines.append(rule)
    return lines


def test_grids_written_over_nine_lines_are_read_too(tmp_path: Path) -> None:
    """A pasted grid (rule lines, blank lines between bands, '-' or '0' for empty) is one
    puzzle, between or among 81-character lines; a grid cut short says how many rows it has."""
    plain = [EASY[row * 9 : row * 9 + 9].replace(".", "-") for row in range(9)]
    path = write(
        tmp_path, *pretty(EASY), HARD, *plain[:3], "", *plain[3:], *plain[:4], EASY, *pretty(HARD)
    )
    code, lines = run(["solve", path])
    hard = count_solutions(parse(HARD)).solutions[0]
    hard_line = "".join(map(str, hard))
    assert lines == [
        EASY_SOLUTION,
        hard_line,
        EASY_SOLUTION,
        "invalid: found 4 rows, expected 9",
        EASY_SOLUTION,
        hard_line,
    ]
    assert code == 1
    code, lines = run(["grade", write(tmp_path, *pretty(EASY), name="grid.txt")])
    assert code == 0 and lines == [grade(parse(EASY)).line()]


def test_solve_exits_0_when_every_puzzle_has_exactly_one_solution(tmp_path: Path) -> None:
    puzzles = [EASY, HARD, EASY.replace(".", "0"), EASY_SOLUTION]
    code, lines = run(["solve", write(tmp_path, *puzzles)])
    assert code == 0
    assert len(lines) == len(puzzles)
    for puzzle, line in zip(puzzles, lines, strict=True):
        assert len(line) == 81 and line.isdigit()
        assert is_solution_of(parse(line), parse(puzzle))
    assert lines[0] == EASY_SOLUTION


@pytest.mark.parametrize(
    "puzzle",
    [CLASH, STUCK, DEADLY, EMPTY, "12345x"],
    ids=["clash", "stuck", "deadly", "empty", "bad"],
)
def test_solve_exits_1_when_one_puzzle_is_not_unique(tmp_path: Path, puzzle: str) -> None:
    code, lines = run(["solve", write(tmp_path, EASY, puzzle, EASY)])
    assert code == 1
    assert lines[0] == lines[2] == EASY_SOLUTION
    assert lines[1].startswith(("no solution: ", "multiple solutions: ", "invalid: "))


def test_an_empty_file_prints_nothing(tmp_path: Path) -> None:
    assert run(["solve", write(tmp_path, "", "  ")]) == (0, [])


def test_crlf_and_trailing_spaces_in_a_file(tmp_path: Path) -> None:
    path = tmp_path / "windows.txt"
    path.write_bytes(f"{EASY}  \r\n\r\n{CLASH}\r\n".encode())
    code, lines = run(["solve", str(path)])
    assert lines == [EASY_SOLUTION, expected_verdict_line(CLASH)]
    assert code == 1


@pytest.mark.parametrize("name", list(ALGORITHMS))
def test_solve_with_each_algorithm(tmp_path: Path, name: str) -> None:
    path = write(tmp_path, EASY, STUCK, DEADLY)
    code, lines = run(["solve", path, "--algorithm", name])
    assert lines == [
        EASY_SOLUTION,
        "no solution: every way of filling the grid breaks a rule",
        expected_verdict_line(DEADLY),  # two solutions only, so the same cells whoever finds them
    ]
    assert code == 1


def test_unknown_algorithm_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        run(["solve", write(tmp_path, EASY), "--algorithm", "nope"])
    assert caught.value.code == 2
    assert "invalid choice: 'nope'" in capsys.readouterr().err


def test_solve_reads_stdin_by_default_and_for_a_dash(monkeypatch: pytest.MonkeyPatch) -> None:
    for argv in (["solve"], ["solve", "-"]):
        use_stdin(monkeypatch, f"{EASY}\n\n{STUCK}\n")
        assert run(argv) == (1, [EASY_SOLUTION, expected_verdict_line(STUCK)])
    use_stdin(monkeypatch, EASY)  # no newline at the end
    assert run(["solve", "-"]) == (0, [EASY_SOLUTION])


def test_a_missing_file_gives_exit_2_and_a_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "nowhere.txt"
    for command in ("solve", "count"):
        assert run([command, str(missing)]) == (2, [])
        assert capsys.readouterr().err == f"error: no such file: {missing}\n"


def test_a_tiny_node_budget_gives_up(tmp_path: Path) -> None:
    code, lines = run(["solve", write(tmp_path, HARD, EASY), "--nodes", "1"])
    assert lines[0] == "gave up: the budget ran out before a solution was found"
    assert code == 1


def test_a_spent_budget_gives_up_without_a_wrong_answer(tmp_path: Path) -> None:
    path = write(tmp_path, HARD)
    code, lines = run(["solve", path, "--algorithm", "backtrack", "--nodes", "300"])
    assert lines == ["gave up: the budget ran out before a solution was found"]
    assert code == 1


def test_a_generous_budget_still_solves(tmp_path: Path) -> None:
    path = write(tmp_path, HARD)
    code, lines = run(["solve", path, "--nodes", "1000000", "--seconds", "30"])
    assert code == 0
    assert is_solution_of(parse(lines[0]), parse(HARD))


# --- count ----------------------------------------------------------------------------------


def test_count_prints_how_many_solutions(tmp_path: Path) -> None:
    path = write(tmp_path, EASY, STUCK, CLASH, DEADLY, EMPTY, "12345x")
    code, lines = run(["count", path])
    assert lines == ["1", "0", "0", "2+", "2+", "invalid: unexpected 'x' at row 1, column 6"]
    assert code == 1


def test_count_with_a_higher_limit(tmp_path: Path) -> None:
    code, lines = run(["count", write(tmp_path, EASY, DEADLY, EMPTY), "--limit", "3"])
    assert lines == ["1", "2", "3+"]  # the deadly pattern has exactly two
    assert code == 1


def test_count_exits_0_when_every_puzzle_is_unique(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert run(["count", write(tmp_path, EASY, HARD)]) == (0, ["1", "1"])
    use_stdin(monkeypatch, EASY + "\n")
    assert run(["count"]) == (0, ["1"])


def test_count_with_limit_one_cannot_claim_uniqueness(tmp_path: Path) -> None:
    """With --limit 1 the search stops at the first solution: '1+', and not a clean exit."""
    assert run(["count", write(tmp_path, EASY), "--limit", "1"]) == (1, ["1+"])


def test_count_gives_up_on_a_tiny_budget(tmp_path: Path) -> None:
    code, lines = run(["count", write(tmp_path, HARD), "--nodes", "1"])
    assert lines == ["gave up: 0 found before the budget ran out"]
    assert code == 1


def test_count_cut_short_by_the_budget_after_two_says_there_may_be_more(tmp_path: Path) -> None:
    """The verdict stays 'multiple', but the number is a lower bound, as the API's exact: false
    says; with the budget to finish, the count reaches the limit."""
    puzzle = EASY_SOLUTION[:45] + "." * 36
    found = count_solutions(parse(puzzle), 1000, budget=Budget(nodes=20))
    assert found.verdict is Verdict.MULTIPLE and not found.complete
    path = write(tmp_path, puzzle)
    assert run(["count", path, "--nodes", "20", "--limit", "1000"]) == (
        1,
        [f"{len(found.solutions)}+ (the budget ran out)"],
    )
    assert run(["count", path, "--limit", "1000"]) == (1, ["1000+"])


@pytest.mark.parametrize("limit", ["0", "-3", "10001", "2.5"])
def test_count_limit_must_be_at_least_one_and_at_most_the_engines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], limit: str
) -> None:
    """The error is count's own: its usage line, then what --limit takes."""
    with pytest.raises(SystemExit) as caught:
        run(["count", write(tmp_path, EASY), "--limit", limit])
    assert caught.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: python -m webapp.sudoku count ")
    assert (
        f"count: error: argument --limit: must be a whole number from 1 to 10000, not '{limit}'"
        in err
    )


@pytest.mark.parametrize("seconds", ["nan", "inf", "-1", "soon"])
def test_a_time_budget_must_be_a_number_of_seconds(
    seconds: str, capsys: pytest.CaptureFixture[str]
) -> None:
    for command in ("solve", "grade"):
        with pytest.raises(SystemExit) as stopped:
            run([command, "--seconds", seconds, "-"])
        assert stopped.value.code == 2
        assert "must be a number of seconds, 0 or more" in capsys.readouterr().err


def test_every_command_reads_the_first_tab_column_of_a_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """generate's lines (puzzle, seed, grade) read back into solve, count and grade, as their
    help says."""
    _, made = run(["generate", "--level", "hard", "--seed", "1", "--count", "2"])
    path = write(tmp_path, *made)
    grids = [parse(line.split("\t")[0]) for line in made]
    solutions = [to_line(count_solutions(grid).solutions[0]) for grid in grids]
    assert run(["solve", path]) == (0, solutions)
    assert run(["count", path]) == (0, ["1", "1"])
    assert run(["grade", path]) == (0, [line.split("\t")[2] for line in made])
    for command in ("solve", "count", "grade"):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        assert "first tab-separated column" in " ".join(capsys.readouterr().out.split())


def test_a_command_is_required(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        run([])
    assert caught.value.code == 2
    assert "required" in capsys.readouterr().err


def test_the_help_says_what_each_exit_status_means(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["--help"])
    assert caught.value.code == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "exit status: 0 when every puzzle had exactly one solution" in text
    assert "130 when interrupted (Ctrl-C); 141 when the output's reader stops early" in text
    assert "README" not in text  # a wheel has no README beside it


def test_solve_help_lists_the_lines_it_prints(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["solve", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    for start in ("no solution:", "multiple solutions:", "gave up:", "invalid:"):
        assert f"'{start} <reason>'" in text


def test_ctrl_c_stops_quietly_with_130(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("webapp.sudoku.cli.count_solutions", interrupted)
    try:
        assert run(["solve", write(tmp_path, EASY)]) == (130, [])
    except KeyboardInterrupt:  # caught here, or it would stop the whole test run
        pytest.fail("Ctrl-C ended the command line with a traceback")
    assert capsys.readouterr().err == ""


# --- a real process -------------------------------------------------------------------------


def run_module(*args: str, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "webapp.sudoku", *args],
        input=stdin,
        capture_output=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )


def test_module_solves_stdin() -> None:
    stdin = f"{EASY}\r\n\r\n{CLASH}\n{DEADLY}\nnot a sudoku\n".encode()
    result = run_module("solve", "-", stdin=stdin)
    assert result.stdout.decode().splitlines() == [
        EASY_SOLUTION,
        expected_verdict_line(CLASH),
        expected_verdict_line(DEADLY),
        "invalid: unexpected 'n' at row 1, column 1",
    ]
    assert result.stderr == b""
    assert result.returncode == 1


def test_module_exit_codes_0_and_2(tmp_path: Path) -> None:
    ok = run_module("solve", stdin=f"{EASY}\n{HARD}\n".encode())
    assert ok.returncode == 0
    assert ok.stdout.decode().splitlines()[0] == EASY_SOLUTION
    missing = run_module("count", str(tmp_path / "nowhere.txt"))
    assert missing.returncode == 2
    assert missing.stdout == b""
    assert missing.stderr.decode() == f"error: no such file: {tmp_path / 'nowhere.txt'}\n"


# --- known faults in cli.py (not this file's to fix) -----------------------------------------


def test_a_directory_gives_exit_2_and_a_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(["solve", str(tmp_path)]) == (2, [])
    assert capsys.readouterr().err.startswith("error: ")


def test_a_line_that_is_not_utf8_is_invalid_and_the_rest_is_read(tmp_path: Path) -> None:
    """A bad byte anywhere in a file's first 8 KB stopped the command before its first
    answer (exit 2), with the byte's place counted from the last chunk read; stdin gave
    another message. Now each input gives one line per puzzle, the bad one named."""
    data = b"\xef\xbb\xbf" + EASY.encode() + b"\ncaf\xe9\n" + HARD.encode() + b"\n"
    path = tmp_path / "latin1.txt"
    path.write_bytes(data)
    for result in (run_module("solve", str(path)), run_module("solve", stdin=data)):
        assert result.stdout.decode().splitlines() == [
            EASY_SOLUTION,
            "invalid: not UTF-8 text (the byte 0xE9)",
            "".join(map(str, count_solutions(parse(HARD)).solutions[0])),
        ]
        assert (result.returncode, result.stderr) == (1, b"")


def test_a_grid_with_a_mistyped_row_is_one_puzzle(tmp_path: Path) -> None:
    """It was cut in three: 'found 2 rows', the typo (named as in row 1), 'found 6 rows'."""
    mistyped = pretty(EASY)  # a rule line, then rows 1 to 3
    mistyped[3] = mistyped[3][:6] + "x" + mistyped[3][7:]  # row 3's third cell
    code, lines = run(["solve", write(tmp_path, *mistyped, EASY)])
    assert (code, lines) == (1, ["invalid: unexpected 'x' at row 3, column 3", EASY_SOLUTION])


def test_closed_output_and_an_empty_file_name_give_exit_2(tmp_path: Path) -> None:
    closed = subprocess.run(
        f"{shlex.quote(sys.executable)} -m webapp.sudoku solve {write(tmp_path, EASY)} >&-",
        shell=True,
        capture_output=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    assert closed.returncode == 2, closed
    assert closed.stderr == b"error: can't write the output: it is closed\n"
    nameless = run_module("solve", "")
    assert (nameless.returncode, nameless.stderr) == (2, b"error: no such file: ''\n")


def test_a_huge_number_is_named_short() -> None:
    result = run_module("solve", "--nodes", "9" * 5000, "-")
    assert result.returncode == 2
    assert "must be a whole number of at least 1, not '99999999999999999999...'" in (
        result.stderr.decode()
    )


def test_reading_stdin_leaves_it_open(monkeypatch: pytest.MonkeyPatch) -> None:
    use_stdin(monkeypatch, EASY + "\n")
    run(["solve", "-"])
    assert not sys.stdin.closed


@pytest.mark.parametrize("nodes", ["0", "-5", "x"])
def test_a_node_budget_below_one_is_a_usage_error(
    nodes: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        run(["solve", "--nodes", nodes, "-"])
    assert stopped.value.code == 2
    assert "must be a whole number of at least 1" in capsys.readouterr().err


def test_a_reader_that_stops_early_ends_it_quietly(tmp_path: Path) -> None:
    """`solve ... | head -1`: no traceback and no false 'can't read' once the pipe closes."""
    path = write(tmp_path, *[EASY] * 3000)  # far more output than a pipe buffers
    with subprocess.Popen(
        [sys.executable, "-m", "webapp.sudoku", "count", path],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
    ) as process:
        assert process.stdout is not None and process.stderr is not None
        assert process.stdout.readline() == b"1\n"
        process.stdout.close()
        assert process.wait(timeout=60) == 141
        assert process.stderr.read() == b""


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full on this system")
def test_output_that_cannot_be_written_is_said_so(tmp_path: Path) -> None:
    with open("/dev/full", "wb") as full:
        result = subprocess.run(
            [sys.executable, "-m", "webapp.sudoku", "count", write(tmp_path, EASY)],
            stdout=full,
            stderr=subprocess.PIPE,
            cwd=ROOT,
            timeout=60,
            check=False,
        )
    assert result.returncode == 2
    assert result.stderr.decode() == "error: can't write the output: No space left on device\n"
