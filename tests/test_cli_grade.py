"""The command line: `grade` and `generate`."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from webapp.sudoku.board import parse
from webapp.sudoku.cli import main
from webapp.sudoku.generate import LEVEL_NAMES, generate
from webapp.sudoku.grade import grade

EASY = ".25.86.714.9.5.....7..........83..46.4.....1.85..24..........8.....7.5.353.96.12."
HARD = "...68...2....1247.3...4.8...492....1.........8....169...8.2...6.1453....2...67..."
INVALID = "12345x"
MULTI = "." * 81
CLASH = "11" + "." * 79


def run(argv: list[str]) -> tuple[int, list[str]]:
    out = io.StringIO()
    code = main(argv, out)
    return code, out.getvalue().splitlines()


def write(tmp_path: Path, *lines: str) -> str:
    path = tmp_path / "puzzles.txt"
    path.write_text("\n".join(lines) + "\n")
    return str(path)


def test_grade_file_with_lines_it_cannot_grade(tmp_path: Path) -> None:
    code, lines = run(["grade", write(tmp_path, EASY, HARD, "", INVALID, MULTI, CLASH)])
    assert code == 1
    assert lines[0] == grade(parse(EASY)).line() == "1.5 Easy Hidden single"
    assert lines[1] == grade(parse(HARD)).line() == "4.2 Hard XY-Wing"
    assert lines[2] == "invalid: unexpected 'x' at row 1, column 6"
    assert lines[3].startswith("multiple solutions: two solutions differ in ")
    assert lines[4] == "no solution: the givens clash: 1 appears 2 times in row 1 (r1c1, r1c2)"
    assert len(lines) == 5


def test_grade_line_starts_with_the_rating_then_the_level(tmp_path: Path) -> None:
    code, lines = run(["grade", "--seconds", "0", write(tmp_path, EASY, HARD)])
    assert code == 0
    for line in lines:
        rating, level, technique = line.split(" ", 2)
        assert float(rating) > 0 and level in LEVEL_NAMES and technique


def test_grade_reads_stdin_and_generate_output(monkeypatch: pytest.MonkeyPatch) -> None:
    _, generated = run(["generate", "--level", "medium", "--seed", "3"])
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(generated) + "\n"))
    code, lines = run(["grade", "-", "--seconds", "2.5"])
    assert code == 0
    assert lines == [generated[0].split("\t")[2]]


def test_generate_output_parses_and_repeats() -> None:
    argv = ["generate", "--level", "Hard", "--seed", "3", "--count", "2"]
    code, lines = run(argv)
    assert code == 0 and len(lines) == 2
    seeds = [int(line.split("\t")[1]) for line in lines]
    first = generate("Hard", 3).seed
    assert seeds == [first, generate("Hard", first + 1).seed]  # the seeds from 3 on that hit
    for line, seed in zip(lines, seeds, strict=True):
        puzzle, _, rated = line.split("\t")
        made = generate("Hard", seed)
        assert made.attempts == 1
        assert parse(puzzle) == made.puzzle and len(puzzle) == 81
        assert rated == made.grade.line() and rated.split(" ")[1] == "Hard"
    assert run(argv) == (0, lines)
    assert run(["generate", "--level", "Hard", "--seed", "4"])[1][0].split("\t")[0] == HARD


def test_generate_without_seed_or_symmetry() -> None:
    code, lines = run(["generate", "--level", "easy", "--no-symmetry"])
    puzzle, seed_text, _ = lines[0].split("\t")
    assert code == 0
    assert parse(puzzle) == generate("Easy", int(seed_text), symmetric=False).puzzle


def test_generate_rejects_unknown_level_and_bad_seed(capsys: pytest.CaptureFixture) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["generate", "--level", "impossible"])
    assert exit_info.value.code == 2
    assert "unknown level 'impossible'; choose one of Easy" in capsys.readouterr().err
    for seed in ("-1", "1000000000", "1.5"):
        with pytest.raises(SystemExit) as exit_info:
            main(["generate", "--level", "Easy", "--seed", seed])
        assert exit_info.value.code == 2
        err = capsys.readouterr().err
        assert err.startswith("usage: python -m webapp.sudoku generate ")
        assert f"--seed: must be a whole number from 0 to 999999999, not '{seed}'" in err


def test_generate_count_must_not_be_negative(capsys: pytest.CaptureFixture) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["generate", "--level", "Easy", "--count", "-1"])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: python -m webapp.sudoku generate ")
    assert "--count: must be a whole number of at least 0, not '-1'" in err
    assert run(["generate", "--level", "Easy", "--count", "0"]) == (0, [])


def test_commands_reject_unknown_options(capsys: pytest.CaptureFixture) -> None:
    with pytest.raises(SystemExit):
        main(["grade", "--sets", "x"])
    assert "unrecognized arguments: --sets" in capsys.readouterr().err


def test_the_benchmark_is_not_a_command(capsys: pytest.CaptureFixture) -> None:
    """The solver benchmark lives in bench/solver.py (`./dev bench`), outside the engine."""
    with pytest.raises(SystemExit):
        main(["bench"])
    assert "invalid choice: 'bench'" in capsys.readouterr().err


def test_grade_with_a_node_budget_repeats_exactly(tmp_path: Path) -> None:
    top95 = "6..3.2....5.....1..........7.26............543.........8.15........4.2........7.."
    argv = ["grade", "--seconds", "0", "--nodes", "300", write(tmp_path, top95)]
    code, lines = run(argv)
    assert code == 0 and lines[0].endswith("(budget ran out: at least this hard)")
    assert run(argv) == (code, lines)
