"""Difficulty grading: levels, the summary line, budgets, agreement with Sudoku Explainer."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from webapp.sudoku.board import parse
from webapp.sudoku.grade import LEVELS, grade, level_of, spearman

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"
needs_data = pytest.mark.skipif(not DATA.exists(), reason=f"puzzle data not found at {DATA}")

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
HARD = "6..3.2....5.....1..........7.26............543.........8.15........4.2........7.."


@pytest.mark.parametrize(
    ("rating", "level"),
    [
        (1.0, "Easy"),
        (1.5, "Easy"),
        (1.7, "Medium"),
        (2.5, "Medium"),
        (2.6, "Hard"),
        (4.4, "Hard"),
        (4.5, "Expert"),
        (7.4, "Expert"),
        (7.5, "Extreme"),
        (11.2, "Extreme"),
    ],
)
def test_levels(rating: float, level: str) -> None:
    assert level_of(rating) == level


def test_levels_are_in_order() -> None:
    tops = [top for top, _ in LEVELS]
    assert tops == sorted(tops)
    assert [name for _, name in LEVELS] == ["Easy", "Medium", "Hard", "Expert", "Extreme"]


def test_easy_puzzle() -> None:
    g = grade(parse(EASY))
    assert g.rating <= 2.3 and g.level in ("Easy", "Medium")
    assert g.without_last_resort and not g.gave_up
    assert sum(n for _, n in g.counts) == g.steps
    assert dict(g.counts)[g.hardest] >= 1
    assert g.line() == f"{g.rating:.1f} {g.level} {g.hardest}"


def test_hard_puzzle_needs_trials() -> None:
    g = grade(parse(HARD), seconds=None)
    assert g.level == "Extreme" and g.rating >= 7.5
    assert not g.without_last_resort
    assert "forcing chain" in g.hardest.lower()
    number, level, technique = g.line().split(" ", 2)
    assert float(number) == g.rating and level == g.level and technique == g.hardest


def test_budget_gives_up_and_says_so() -> None:
    g = grade(parse(HARD), seconds=0.0)
    assert g.gave_up
    assert "budget ran out" in g.line()
    assert g.line().startswith(f"{g.rating:.1f} {g.level} ")


def test_not_a_proper_puzzle() -> None:
    with pytest.raises(ValueError, match="cannot grade"):
        grade((0,) * 81)
    clash = list(parse(EASY))
    clash[0] = 3  # the 3 in r1c3 is in the same row
    with pytest.raises(ValueError, match="cannot grade"):
        grade(clash)


def test_spearman() -> None:
    assert spearman([1, 2, 3, 4], [10, 20, 30, 40]) == pytest.approx(1.0)
    assert spearman([1, 2, 3, 4], [4, 3, 2, 1]) == pytest.approx(-1.0)
    # Ties share the average rank: ranks (1.5, 1.5, 3) against (1, 2, 3).
    assert spearman([5, 5, 9], [1, 2, 3]) == pytest.approx(0.8660254, abs=1e-6)
    with pytest.raises(ValueError):
        spearman([1], [1])


@needs_data
@pytest.mark.data
def test_agrees_with_sudoku_explainer_on_a_sample() -> None:
    """Spearman >= 0.9 against SE on a sample up to SE 9 (the full study is bench/logic.py)."""
    rows = [
        line.split("\t")
        for line in (DATA / "se_rated_calibration.tsv").read_text().splitlines()[1:]
    ]
    rows = [r for r in rows if r[2] in ("cb_rand", "cb_strat", "sx_split")]
    sample = random.Random(3).sample(rows, 150)
    ours = [grade(parse(p), seconds=2.0).rating for p, _, _ in sample]
    theirs = [float(se) for _, se, _ in sample]
    assert spearman(ours, theirs) >= 0.9
