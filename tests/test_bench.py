"""The benchmarks' shared parts: where the puzzle data is, the statistics, and the solver
benchmark run end to end on a tiny data set."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from puzzles import EASY

from bench import data, solver
from bench.stats import spearman

HARD = ".......12........3..23..4....18....5.6..7.8.......9.....85.....9...4.5..47...6..."


def test_the_data_folder_follows_sudoku_data(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SUDOKU_DATA", str(tmp_path))
    assert data.data_dir() == tmp_path
    assert data.missing() is None
    assert data.missing("tiny.txt") == f"no puzzle file {tmp_path / 'tiny.txt'}"
    (tmp_path / "tiny.tsv").write_text(f"puzzle\tse\n{EASY}\t1.2\n\n# a note\n{HARD}\t9.0\n")
    assert data.read_puzzles("tiny.tsv") == [EASY, HARD]
    assert data.read_rows("tiny.tsv") == [[EASY, "1.2"], [HARD, "9.0"]]


def test_without_sudoku_data_the_folder_is_beside_the_checkout(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SUDOKU_DATA", raising=False)
    assert data.data_dir() == Path(__file__).resolve().parents[1].parent / "shared" / "data"
    monkeypatch.setenv("SUDOKU_DATA", str(tmp_path / "nowhere"))
    reason = data.missing("norvig_top95.txt")
    assert reason is not None and reason.startswith(f"no puzzle data folder at {tmp_path}")


def test_spearman() -> None:
    assert spearman([1, 2, 3, 4], [10, 20, 30, 40]) == pytest.approx(1.0)
    assert spearman([1, 2, 3, 4], [4, 3, 2, 1]) == pytest.approx(-1.0)
    # Ties share the average rank: ranks (1.5, 1.5, 3) against (1, 2, 3).
    assert spearman([5, 5, 9], [1, 2, 3]) == pytest.approx(0.8660254, abs=1e-6)
    with pytest.raises(ValueError):
        spearman([1], [1])


def test_solver_benchmark_runs_on_a_tiny_set(tmp_path: Path) -> None:
    (tmp_path / "tiny.txt").write_text(EASY + "\n" + HARD + "\n")
    argv = ["--data", str(tmp_path), "--sets", "tiny", "--sample", "2", "--no-peers"]
    out = io.StringIO()
    code = solver.main([*argv, "--algorithms", "propagate"], out)
    lines = out.getvalue().splitlines()
    assert code == 0
    assert any(line.startswith("| tiny | propagate | 2 |") for line in lines)
    assert "wrong answers: 0" in lines


def test_solver_benchmark_reads_sudoku_data(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("SUDOKU_DATA", str(tmp_path / "nowhere"))
    assert solver.main(["--sets", "tiny", "--no-peers"], io.StringIO()) == 2
    assert f"no data folder at {tmp_path / 'nowhere'}" in capsys.readouterr().err
