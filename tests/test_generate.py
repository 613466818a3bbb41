"""The generator: levels hit, one solution, symmetry, seeds that reproduce; the warm pool."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from dataclasses import replace
from pathlib import Path

import pytest

from webapp.seedpool import SeedPool
from webapp.sudoku.board import is_solution_of, parse, to_line
from webapp.sudoku.generate import (
    GRADING_BUDGET,
    LEVEL_NAMES,
    SEED_LIMIT,
    Generated,
    NotFound,
    generate,
    level_name,
    new_seed,
)
from webapp.sudoku.grade import LEVELS, Grade, grade
from webapp.sudoku.solver import Verdict, count_solutions

ROOT = Path(__file__).resolve().parents[1]

# Pinned outputs. If one changes, puzzles behind existing seed URLs changed too: that is only
# fine together with a bump of generate.VERSION (and then update these lines).
GOLDEN = [
    (
        "Easy",
        1,
        True,
        "4...7...9..8..643.7..83........5167....4.8....2476........89..5.793..2..8...2...1",
    ),
    (
        "Hard",
        4,
        True,
        "...68...2....1247.3...4.8...492....1.........8....169...8.2...6.1453....2...67...",
    ),
    (
        "Medium",
        3,
        False,
        "85..1.6.3.6...9..4..2.5............6.91...5......3.89.4.86.....9...4...........21",
    ),
]
# Seeds that make their level at the first attempt, to keep the suite fast (from a seed that
# does not, Extreme takes about 30 attempts, a quarter of a second or more).
SEEDS = {
    "Easy": (1, 2),
    "Medium": (5, 6),
    "Hard": (6, 10),
    "Expert": (6, 7),
    "Extreme": (2, 21),
}


def same_grade(a: Grade, b: Grade) -> bool:
    """Equal but for the time taken."""
    return replace(a, seconds=0.0) == replace(b, seconds=0.0)


def same(a: Generated, b: Generated) -> bool:
    """Equal but for the time grading took."""
    return replace(a, grade=replace(a.grade, seconds=0.0)) == replace(
        b, grade=replace(b.grade, seconds=0.0)
    )


def symmetric(grid: tuple[int, ...]) -> bool:
    return all(bool(grid[c]) == bool(grid[80 - c]) for c in range(81))


def check(made: Generated, level: str) -> None:
    """One solution, the one reported; rated at the level asked for, by grade() itself."""
    outcome = count_solutions(made.puzzle, 2)
    assert outcome.verdict is Verdict.UNIQUE
    assert outcome.solution == made.solution and is_solution_of(made.solution, made.puzzle)
    assert made.level == level and made.grade.level == level
    assert same_grade(grade(made.puzzle, budget=GRADING_BUDGET), made.grade)
    assert made.attempts >= 1


def test_levels_are_the_graders() -> None:
    assert tuple(name for _, name in LEVELS) == LEVEL_NAMES
    assert set(SEEDS) == set(LEVEL_NAMES)


@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_each_level_is_hit_with_one_solution_and_symmetry(level: str) -> None:
    laid_out = level != "Extreme"  # puzzles that need trials are laid out freely by default
    for seed in SEEDS[level]:
        made = generate(level, seed)
        check(made, level)
        assert made.seed == seed and made.attempts == 1 and made.symmetric is laid_out
        assert symmetric(made.puzzle) is laid_out


def test_without_symmetry() -> None:
    made = generate("hard", 1, symmetric=False)
    check(made, "Hard")
    assert not made.symmetric
    assert made.puzzle != generate("Hard", 1).puzzle


def test_same_seed_same_puzzle_and_case_does_not_matter() -> None:
    first = generate("Medium", 5)
    assert same(generate("Medium", 5), first) and same(generate("medium", 5), first)
    assert generate("Medium", 6).puzzle != first.puzzle


def test_a_seed_that_misses_moves_on_and_reports_the_seed_that_hit() -> None:
    made = generate("Medium", 1)  # seeds 1 to 4 make no Medium puzzle
    assert (made.seed, made.attempts) == (5, 5)
    again = generate("Medium", 5)
    assert again.attempts == 1 and same(again, replace(made, attempts=1))


def test_running_out_of_attempts_says_which_seeds_were_tried() -> None:
    with pytest.raises(NotFound, match=r"^no Extreme puzzle from seeds 3 to 7$"):
        generate("Extreme", 3, max_attempts=5)


@pytest.mark.parametrize(("level", "seed", "sym", "line"), GOLDEN)
def test_pinned_seeds(level: str, seed: int, sym: bool, line: str) -> None:
    assert to_line(generate(level, seed, symmetric=sym).puzzle) == line


def test_same_puzzle_in_a_fresh_process_with_another_hash_seed() -> None:
    code = (
        "from webapp.sudoku.generate import generate; from webapp.sudoku.board import to_line; "
        "print(*(to_line(generate(lv, s, symmetric=y).puzzle) for lv, s, y in "
        "[('Easy', 1, True), ('Hard', 4, True), ('Medium', 3, False)]))"
    )
    for hash_seed in ("1", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run(
            [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True
        )
        assert done.returncode == 0, done.stderr
        assert done.stdout.split() == [line for _, _, _, line in GOLDEN]


def test_unknown_level() -> None:
    message = "unknown level 'Impossible'; choose one of Easy, Medium, Hard, Expert, Extreme"
    with pytest.raises(ValueError, match=message):
        generate("Impossible", 1)
    with pytest.raises(ValueError, match="unknown level"):
        level_name("")
    assert level_name(" EXPERT ") == "Expert"


@pytest.mark.parametrize("seed", [-1, SEED_LIMIT])
def test_seed_out_of_range(seed: int) -> None:
    with pytest.raises(ValueError, match=f"seed must be between 0 and {SEED_LIMIT - 1}"):
        generate("Easy", seed)


def test_new_seed_range() -> None:
    seeds = {new_seed() for _ in range(50)}
    assert all(0 <= s < SEED_LIMIT for s in seeds) and len(seeds) > 1


# --- the pool, with a stand-in generator so that it runs in milliseconds ---------------------

STAND_IN = parse(GOLDEN[0][3])


class FakeMaker:
    """Records its calls; each makes a stand-in Generated (slowly, if asked)."""

    def __init__(self, pause: float = 0.0) -> None:
        self.calls: list[tuple[str, int, str]] = []
        self.pause = pause
        self.lock = threading.Lock()

    def __call__(self, level: str, seed: int) -> Generated:
        time.sleep(self.pause)
        with self.lock:
            self.calls.append((level, seed, threading.current_thread().name))
        rated = grade(STAND_IN, budget=GRADING_BUDGET)
        return Generated(STAND_IN, STAND_IN, level, seed, True, rated, 1)


def test_pool_fills_to_size_and_stops_there() -> None:
    maker = FakeMaker()
    pool = SeedPool(2, levels=("Easy", "Hard"), make=maker)
    pool.start()
    assert pool.wait_full(5)
    time.sleep(0.05)
    assert pool.counts() == {"Easy": 2, "Hard": 2}
    assert len(maker.calls) == 4  # and no more: the thread sleeps while full
    assert {name for _, _, name in maker.calls} == {"seedpool"}
    pool.stop(5)


def test_pool_take_serves_ready_then_refills() -> None:
    maker = FakeMaker()
    pool = SeedPool(2, levels=("Hard",), make=maker)
    pool.start()
    assert pool.wait_full(5)
    seeds = {seed for _, seed, _ in maker.calls}
    made = pool.take("hard")
    assert made.level == "Hard" and made.seed in seeds
    assert pool.wait_full(5)
    assert len(maker.calls) == 3
    pool.stop(5)


def test_pool_remembers_the_puzzle_it_made_last_after_handing_it_out() -> None:
    maker = FakeMaker()
    pool = SeedPool(1, levels=("Hard",), make=maker)
    assert pool.recent("hard") is None  # nothing made yet
    pool.start()
    assert pool.wait_full(5)
    first = pool.ready("hard")
    assert first is not None
    assert pool.wait_full(5)
    last = maker.calls[-1][1]
    taken = pool.ready("hard")
    assert taken is not None and taken.seed == last
    made = pool.recent("Hard")
    assert made is not None and made.seed in {seed for _, seed, _ in maker.calls[-2:]}
    pool.stop(5)


def test_pool_generates_on_the_spot_when_empty() -> None:
    maker = FakeMaker(pause=0.2)
    pool = SeedPool(1, levels=("Easy",), make=maker)
    made = pool.take("Easy")  # starts the thread, which is still busy with its first puzzle
    assert made.level == "Easy"
    assert threading.current_thread().name in {name for _, _, name in maker.calls}
    pool.stop(5)


def test_pool_take_from_many_threads() -> None:
    maker = FakeMaker()
    pool = SeedPool(3, levels=("Easy", "Medium"), make=maker)
    pool.start()
    assert pool.wait_full(5)
    taken: list[Generated] = []

    def client() -> None:
        for _ in range(5):
            taken.append(pool.take("Medium"))

    threads = [threading.Thread(target=client) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    assert len(taken) == 20 and all(made.level == "Medium" for made in taken)
    assert pool.wait_full(5)
    assert pool.counts() == {"Easy": 3, "Medium": 3}
    pool.stop(5)


def test_pool_rejects_unknown_level_and_bad_size() -> None:
    pool = SeedPool(1, levels=("Easy",), make=FakeMaker())
    with pytest.raises(ValueError, match="unknown level"):
        pool.take("Impossible")
    pool.stop(5)
    with pytest.raises(ValueError, match="size"):
        SeedPool(0)


def test_pooled_puzzle_is_reproduced_by_its_seed() -> None:
    pool = SeedPool(1, levels=("Easy",))
    made = pool.take("Easy")
    pool.stop(30)
    assert same(generate("Easy", made.seed), made)
