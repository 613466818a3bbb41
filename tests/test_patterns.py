"""The pattern techniques added for SE-true ratings, each on a real position.

Every position below was met in a logical solve of a puzzle of the shared data sets (the
file and line are given) and is written as the grid at that point and the candidates of each
cell (". " for a filled cell). Each test checks the step the technique finds there: what it
removes or places, its rating, that none of it contradicts the puzzle's solution, and that its
sentence names the pattern.
"""

from __future__ import annotations

from typing import NamedTuple

import pytest

from webapp.sudoku.board import BIT, parse
from webapp.sudoku.grade import SE_TECHNIQUES, grade
from webapp.sudoku.logic import SEARCHES, TECHNIQUES, solve_logically
from webapp.sudoku.solver import count_solutions
from webapp.sudoku.techniques import (
    exclusion,
    intersections,
    single_digit,
    subsets,
    uniqueness,
    wings,
)
from webapp.sudoku.techniques.position import Position
from webapp.sudoku.techniques.step import Step


class Fixture(NamedTuple):
    """A position: the grid, each cell's candidates, and the puzzle's givens if the grid holds
    digits found since (they matter to avoidable rectangles)."""

    grid: str
    cands: str
    puzzle: str | None = None

    def position(self) -> Position:
        notes = [0 if c == "." else sum(BIT[int(d)] for d in c) for c in self.cands.split()]
        assert len(notes) == 81
        puzzle = parse(self.puzzle) if self.puzzle else None
        return Position.from_grid(parse(self.grid), notes, puzzle)

    def solution(self) -> tuple[int, ...]:
        found = count_solutions(parse(self.puzzle or self.grid)).solution
        assert found is not None
        return found


# Empty rectangle: magictour_top1465.txt line 1, before step 17.
EMPTY_RECTANGLE = Fixture(
    "4...3.......6..8..........1....5..9..8....6...7.2........1927..5.3....4.9.7.4....",
    (
        ". 569 1268 5789 . 15789 259 2567 25679 1237 359 12 . 127 14579 . 2357 234579 23678 "
        "3569 268 45789 278 45789 23459 23567 . 1236 346 1246 378 . 13678 23 . 2378 123 . 59 "
        "3479 17 13479 . 12357 23457 136 . 59 . 168 134689 345 1358 3458 68 46 468 . . . . 35 "
        "35 . 12 . 78 678 678 129 . 29 . 12 . 35 . 35 12 68 68"
    ),
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
)

# An XY-Wing (4.2) beside an empty rectangle (4.3): magictour_top1465.txt line 232, before
# step 69 (the solve took the empty rectangle, tried first).
XY_WING_AND_EMPTY_RECTANGLE = Fixture(
    "9..7..3..65..29.17..7.....93..6947..469257.3.5721389461..4..6..74.96..8...6..3..4",
    (
        ". 128 148 . 14 56 . 256 258 . . 34 38 . . 48 . . 28 13 . 358 148 156 245 26 . . 18 18 "
        ". . . . 25 25 . . . . . . 18 . 18 . . . . . . . . . . 2389 358 . 78 25 . 79 235 . . 35 "
        ". . 125 125 . 1235 28 29 . 58 178 . 125 79 ."
    ),
    "9..7..3...5..2..1...7.....93..6..7...6..5..3...2..8..61..4..6...4..6..8...6..3..4",
)

# W-Wing: magictour_top1465.txt line 1, before step 50.
W_WING = Fixture(
    "46..3..27...6..8.........61..4.5.29..8....6...7.2...1.8461927..513...942927345186",
    (
        ". . 18 59 . 18 5 . . 1237 359 12 . 127 149 . 35 3459 237 359 28 459 278 4789 345 . . "
        "16 3 . 78 . 16 . . 38 123 . 59 49 17 13479 . 7 35 36 . 59 . 68 3689 345 . 3458 . . . "
        ". . . . 35 35 . . . 78 678 678 . . . . . . . . . . . ."
    ),
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
)

# WXYZ-Wing: magictour_top1465.txt line 1, before step 1.
WXYZ_WING = Fixture(
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    (
        ". 12569 1256789 5789 . 15789 259 2567 25679 1237 12359 12579 . 12479 14579 . 2357 "
        "234579 23678 23569 256789 45789 24789 45789 23459 23567 . 1236 12346 1246 3478 . "
        "134678 1234 . 23478 123 . 12459 3479 1479 13479 . 12357 23457 136 . 14569 . 14689 "
        "134689 1345 1358 3458 68 46 468 . 4689 . . 3568 35689 . 126 . 789 6789 6789 129 . "
        "2689 . 1246 124678 34578 4678 345678 1235 123568 23568"
    ),
)

VWXYZ_WING = WXYZ_WING  # the same position

ALIGNED_PAIR_EXCLUSION = WXYZ_WING  # the same position

# Unique rectangle type 1: magictour_top1465.txt line 1, before step 13.
UNIQUE_RECTANGLE_TYPE_1 = Fixture(
    "4...3.......6..8..........1....5..9..8....6...7.2........1927..5.3....4.9.7.4....",
    (
        ". 569 1268 5789 . 15789 259 2567 25679 1237 359 12 . 127 14579 . 2357 234579 23678 "
        "3569 268 45789 278 45789 23459 23567 . 1236 346 1246 3478 . 134678 1234 . 23478 123 "
        ". 12459 3479 17 13479 . 12357 23457 136 . 14569 . 168 134689 1345 1358 3458 68 46 "
        "468 . . . . 35 35 . 12 . 78 678 678 129 . 29 . 12 . 35 . 35 12 1268 268"
    ),
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
)

# Unique rectangle type 2: magictour_top1465.txt line 2, before step 64.
UNIQUE_RECTANGLE_TYPE_2 = Fixture(
    "7.8...3..9342516..5..738.4..47.9..263.9.8.......1.7.93.9.6..7.4.8..7.5...7.8.....",
    (
        ". 12 . 49 46 469 . 15 125 . . . . . . . 78 78 . 126 126 . . . 29 . 129 18 . . 35 . "
        "35 18 . . . 126 . 4 . 246 14 157 157 268 5 256 . 246 . 48 . . 12 . 35 . 12 35 . 38 . "
        "1246 . 1236 349 . 2349 . 136 129 1246 . 12356 . 124 23459 29 136 129"
    ),
    "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
)

# Unique rectangle type 3: magictour_top1465.txt line 4, before step 20.
UNIQUE_RECTANGLE_TYPE_3 = Fixture(
    "3.7.4...........918.95.....4.....7.....16.......25.....7....38..9.4..5...2.6.....",
    (
        ". 16 . 89 . 12689 268 256 2568 256 456 2456 378 378 368 468 . . . 146 . . 12 126 246 "
        "37 37 . 56 1256 389 389 389 . 1256 2569 2579 38 25 . . 47 289 2345 234589 1679 38 16 "
        ". . 47 1689 1346 34689 156 . 1456 9 129 1259 . . 269 16 . 38 . 12378 1238 . 1267 267 "
        "15 . 38 . 13789 13589 19 147 479"
    ),
    "3.7.4...........918........4.....7.....16.......25..........38..9....5...2.6.....",
)

# Unique rectangle type 4: magictour_top1465.txt line 2, before step 90.
UNIQUE_RECTANGLE_TYPE_4 = Fixture(
    "728946315934251678516738.4.147.9.826369482157852167493.9.61.784.8..7.5...7.82....",
    (
        ". . . . . . . . . . . . . . . . . . . . . . . . 29 . 29 . . . 35 . 35 . . . . . . . "
        ". . . . . . . . . . . . . . 2 . 35 . . 35 . . . 246 . 13 3 . 349 . 36 129 46 . 135 . "
        ". 3459 9 36 19"
    ),
    "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
)

# Unique rectangle type 6: magictour_top1465.txt line 7, before step 43.
UNIQUE_RECTANGLE_TYPE_6 = Fixture(
    ".4..1.2.......9.7..1..........43.6..8......5....28....7.5..8......6..39.9........",
    (
        "356 . 79 3578 . 36 . 368 35689 2356 2568 28 35 2456 . 145 . 136 2356 . 79 3578 24567 "
        "2346 589 3468 345689 125 59 12 . . 57 . 28 2789 . 2367 236 19 69 16 147 . 2347 46 "
        "5679 346 . . 1567 179 13 1379 . 236 . 139 249 . 14 1246 1246 14 28 1248 . 57 24 . . "
        "57 . 2368 23468 1357 2457 1234 1578 12468 125678"
    ),
    ".4..1.2.......9.7..1..........43.6..8......5....2.....7.5..8......6..3..9........",
)

# Hidden rectangle: magictour_top1465.txt line 1, before step 10.
HIDDEN_RECTANGLE = Fixture(
    "4...3.......6..8..........1....5..9..8....6...7.2........1927..5.3....4.9.7.4....",
    (
        ". 569 1268 5789 . 15789 259 2567 25679 1237 359 12 . 127 14579 . 2357 234579 23678 "
        "3569 268 45789 278 45789 23459 23567 . 1236 346 1246 3478 . 134678 1234 . 23478 123 "
        ". 12459 3479 17 13479 . 12357 23457 136 . 14569 . 168 134689 1345 1358 3458 68 46 "
        "468 . . . . 35 35 . 126 . 78 678 678 129 . 2689 . 126 . 35 . 35 12 1268 268"
    ),
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
)

# Unique loop type 1: magictour_top1465.txt line 7, before step 74.
UNIQUE_LOOP_TYPE_1 = Fixture(
    ".4..1.2....8..9.7..1..........4376..8..961.5....285...7.5.98....8.6..39.9.....81.",
    (
        "35 . 79 3578 . 36 . 368 3689 2356 256 . 35 24 . 145 . 136 236 . 79 3578 57 2346 59 "
        "346 34689 125 59 12 . . . . 28 289 . 27 23 . . . 47 . 234 46 679 346 . . . 179 3 139 "
        ". 36 . 13 . . 4 246 246 14 . 124 . 57 24 . . 57 . 236 246 57 24 234 . . 57"
    ),
    ".4..1.2.......9.7..1..........43.6..8......5....2.....7.5..8......6..3..9........",
)

# Unique loop type 2: magictour_top1465.txt line 39, before step 64.
UNIQUE_LOOP_TYPE_2 = Fixture(
    "857...4139.43185..3.1754....481.7.3.793486152.16.3.78468927134517..438..43.89...1",
    (
        ". . . 69 26 29 . . . . 26 . . . . . 267 67 . 26 . . . . 269 269 689 25 . . . 2 . 69 "
        ". 69 . . . . . . . . . 25 . . 59 . 259 . . . . . . . . . . . . . . 25 56 . . . 269 "
        "69 . . 25 . . 5 26 267 ."
    ),
    "......41.9..3.....3...5.....48..7..........52.1.......6..2....5.7....8......9....",
)

# Unique loop type 4: magictour_top1465.txt line 87, before step 55.
UNIQUE_LOOP_TYPE_4 = Fixture(
    "3674.19.8891.6.7.42457896.16541..873183576249972348516716.3.48.5286143974398.716.",
    (
        ". . . . 25 . . 25 . . . . 2 . 235 . 235 . . . . . . . . 3 . . . . . 29 2 . . . . . . "
        ". . . . . . . . . . . . . . . . . . 29 . 25 . . 25 . . . . . . . . . . . . . 25 . . "
        ". 25"
    ),
    "3..4.1....9....7...........6.41.........7.2.9......5......3..8.52..........8...6.",
)

# Unique loop type 3: forum_hardest_1106.txt line 180, before step 75.
UNIQUE_LOOP_TYPE_3 = Fixture(
    "123456.8.45678912378913256426.89.3513182.5...59.3618.26.5918.3.8.26.3.1593152...8",
    (
        ". . . . . . 79 . 79 . . . . . . . . . . . . . . . . . . . . 47 . . 47 . . . . . . . "
        "47 . 4679 9 679 . . 47 . . . . 47 . . 47 . . . . 247 . 7 . 47 . . 47 . 479 . . . . . "
        ". . 47 6 47 ."
    ),
    "1....6.8....7..1....9.....4.......5..18..5...5..36.8..6.5..8.3.8....3.1.....2....",
)

# Avoidable rectangle type 1: magictour_top1465.txt line 7, before step 90.
AVOIDABLE_RECTANGLE_TYPE_1 = Fixture(
    ".4..162....8.49.7..1...2.4....4376..8.3961.544.6285...7351984...826.439.964..381.",
    (
        "35 . 79 3578 . . . 38 389 2356 25 . 35 . . 15 . 136 36 . 79 3578 57 . 59 . 3689 125 "
        "59 1 . . . . 28 289 . 27 . . . . 7 . . . 79 . . . . 179 3 139 . . . . . . . 26 26 1 "
        ". . . 57 . . . 57 . . . 57 2 . . . 57"
    ),
    ".4..1.2.......9.7..1..........43.6..8......5....2.....7.5..8......6..3..9........",
)

# Avoidable rectangle type 2: magictour_top1465.txt line 274, before step 88.
AVOIDABLE_RECTANGLE_TYPE_2 = Fixture(
    "16.9..4.3..36415.949.8..6716...82.35...756.145...9..682.1.....6.4621...7.8.56.142",
    (
        ". . 258 . 27 57 . 28 . 78 27 . . . . . 28 . . . 25 . 23 35 . . . . 17 479 14 . . 79 "
        ". . 389 23 289 . . . 29 . . . 127 24 134 . 34 27 . . . 35 . 34 37 4789 38 59 . 39 . "
        ". . . 389 38 59 . 379 . 79 . . 39 . . ."
    ),
    ".6.........3..15...9.8...716....2.3....75...4....9...82.1.....6..6.......8.5...4.",
)

# BUG+1: magictour_top1465.txt line 65, before step 64.
BUG_PLUS_ONE = Fixture(
    "..34.567.5....734274..3...56.13.49879871...3443.789.612.4673.5..7..984......417..",
    (
        "18 129 . . 12 . . . 89 . 16 89 89 16 . . . . . . 26 89 . 26 18 19 . . 25 . . 25 . . "
        ". . . . . . 56 26 25 . . . . 25 . . . 25 . . . 19 . . . . 18 . 89 13 . 56 25 . . . "
        "12 36 38 56 89 25 . . . 29 36"
    ),
    "..3...67.5.....3...4.......6..3......8......4...7....12......5.....98.......41...",
)

# BUG type 2: magictour_top1465.txt line 77, before step 96.
BUG_TYPE_2 = Fixture(
    "7986354..12.974.83..3218..99725863...64123.973.1497..6.1.3529...3..4916...9.61.35",
    (
        ". . . . . . . 12 12 . . 56 . . . 56 . . 46 45 . . . . 67 57 . . . . . . . . 14 14 58 "
        ". . . . . 58 . . . 58 . . . . 28 25 . 68 . 67 . . . . 47 48 258 . 57 78 . . . . 28 "
        "24 48 . 78 . . 278 . ."
    ),
    "7.....4...2..7..8...3..8..9...5..3...6..2..9...1..7..6...3..9...3..4..6...9..1..5",
)

# BUG type 4: magictour_top1465.txt line 217, before step 63.
BUG_TYPE_4 = Fixture(
    ".2345...9456189273...2.3..42345..798..5938142.1.742365341.9..2.5.2..493..9732.4..",
    (
        "178 . . . . 67 68 18 . . . . . . . . . . 179 78 89 . 67 . 56 15 . . . . . 16 16 . . "
        ". 67 67 . . . . . . . 89 . 89 . . . . . . . . . 68 . 57 58 . 67 . 68 . 68 17 . . . "
        "17 68 . . . . 15 . 58 16"
    ),
    ".2..5...9..618..73............5....8...938....1.....6...1....2......4....973..4..",
)


def check(step: Step | None, fixture: Fixture, technique: str, rating: float) -> Step:
    """The step is the technique's, rated as given, and true of the puzzle's solution."""
    assert step is not None
    assert step.technique == technique
    assert step.rating == rating
    solution = fixture.solution()
    assert all(solution[c] == d for c, d in step.placements)
    assert all(solution[c] != d for c, d in step.eliminations)
    assert step.placements or step.eliminations
    return step


def rc(row: int, col: int) -> int:
    return 9 * (row - 1) + col - 1


def box_cells(b: int) -> list[int]:
    r0, c0 = 3 * ((b - 1) // 3) + 1, 3 * ((b - 1) % 3) + 1
    return [rc(r0 + i, c0 + j) for i in range(3) for j in range(3)]


def test_empty_rectangle() -> None:
    step = check(
        single_digit.empty_rectangle(EMPTY_RECTANGLE.position()),
        EMPTY_RECTANGLE,
        "Empty rectangle",
        4.3,
    )
    assert step.eliminations == ((rc(6, 6), 4),)
    assert "box 2" in step.text and "r3c7 or r6c7" in step.text


def test_an_xy_wing_comes_before_an_empty_rectangle_rated_higher() -> None:
    """The empty rectangle (4.3) was tried before the XY-Wing (4.2) and taken first, in hints
    and in the grade."""
    fixture = XY_WING_AND_EMPTY_RECTANGLE
    er = single_digit.empty_rectangle(fixture.position())
    assert er is not None and er.rating == 4.3
    for only in (None, SE_TECHNIQUES):
        (step,) = solve_logically(
            parse(fixture.grid), fixture.position().cands, max_steps=1, only=only
        ).steps
        assert (step.technique, step.rating, step.eliminations) == (
            "XY-Wing",
            4.2,
            ((rc(7, 2), 2),),
        )


def test_w_wing() -> None:
    step = check(wings.w_wing(W_WING.position()), W_WING, "W-Wing", 4.4)
    assert step.eliminations == ((rc(2, 9), 5),)
    assert "r7c8 or r7c9" in step.text


def test_wxyz_wing() -> None:
    step = check(wings.wxyz_wing(WXYZ_WING.position()), WXYZ_WING, "WXYZ-Wing", 5.5)
    assert set(step.eliminations) == {
        (rc(2, 5), 9),
        (rc(3, 5), 9),
        (rc(5, 5), 9),
        (rc(6, 5), 9),
        (rc(7, 8), 6),
        (rc(7, 8), 8),
        (rc(7, 9), 6),
        (rc(7, 9), 8),
        (rc(7, 9), 9),
        (rc(8, 4), 9),
        (rc(8, 5), 9),
        (rc(8, 6), 9),
    }
    assert "r7c1, r7c3 and r7c5" in step.text and "r7c2" in step.text
    assert "left with three digits for three cells" in step.text  # counts apart from digits


def test_vwxyz_wing() -> None:
    step = check(wings.vwxyz_wing(VWXYZ_WING.position()), VWXYZ_WING, "VWXYZ-Wing", 6.3)
    assert set(step.eliminations) == {
        (rc(1, 2), 1),
        (rc(1, 2), 2),
        (rc(2, 2), 1),
        (rc(2, 2), 2),
        (rc(3, 2), 2),
        (rc(4, 2), 1),
        (rc(4, 2), 2),
        (rc(7, 5), 8),
        (rc(7, 8), 8),
        (rc(7, 9), 8),
        (rc(9, 3), 1),
        (rc(9, 3), 2),
        (rc(9, 3), 4),
        (rc(9, 3), 6),
        (rc(9, 3), 8),
    }
    assert "those five cells hold exactly five digits" in step.text


def test_aligned_pair_exclusion() -> None:
    fixture = ALIGNED_PAIR_EXCLUSION
    step = check(
        exclusion.aligned_pair_exclusion(fixture.position()),
        fixture,
        "Aligned pair exclusion",
        6.2,
    )
    assert step.eliminations == ((rc(7, 5), 6),)
    assert "r7c1 (6 or 8)" in step.text


@pytest.mark.parametrize(
    ("fixture", "technique", "rating", "removed"),
    [
        (UNIQUE_RECTANGLE_TYPE_1, "Unique rectangle type 1", 4.5, ((rc(8, 7), 1), (rc(8, 7), 2))),
        (
            UNIQUE_RECTANGLE_TYPE_2,
            "Unique rectangle type 2",
            4.5,
            ((rc(1, 9), 1), (rc(5, 9), 1), (rc(8, 9), 1)),
        ),
        (
            UNIQUE_RECTANGLE_TYPE_3,
            "Unique rectangle type 3",
            4.8,
            ((rc(8, 5), 1), (rc(8, 5), 2), (rc(9, 5), 1), (rc(9, 5), 9)),
        ),
        (UNIQUE_RECTANGLE_TYPE_4, "Unique rectangle type 4", 4.5, ((rc(9, 3), 3), (rc(9, 6), 3))),
        (UNIQUE_LOOP_TYPE_1, "Unique loop type 1", 4.6, ((rc(3, 4), 5), (rc(3, 4), 7))),
        (UNIQUE_LOOP_TYPE_2, "Unique loop type 2", 4.6, ((rc(2, 8), 2),)),
        (UNIQUE_LOOP_TYPE_4, "Unique loop type 4", 4.7, ((rc(2, 6), 2), (rc(2, 8), 2))),
        (UNIQUE_LOOP_TYPE_3, "Unique loop type 3", 5.1, ((rc(1, 7), 9),)),
    ],
)
def test_unique_rectangles_and_loops(
    fixture: Fixture, technique: str, rating: float, removed: tuple[tuple[int, int], ...]
) -> None:
    """Sudoku Explainer's types 1-4, on rectangles and on longer loops (rated higher)."""
    step = check(uniqueness.unique_rectangle(fixture.position()), fixture, technique, rating)
    assert set(step.eliminations) == set(removed)
    assert ("rectangle" if "rectangle" in technique else "loop") in step.text


def test_unique_rectangle_type_6() -> None:
    fixture = UNIQUE_RECTANGLE_TYPE_6
    step = check(
        uniqueness.unique_rectangle_type_6(fixture.position()),
        fixture,
        "Unique rectangle type 6",
        4.5,
    )
    assert set(step.eliminations) == {(rc(2, 2), 8), (rc(8, 3), 8)}


def test_hidden_rectangle() -> None:
    step = check(
        uniqueness.hidden_rectangle(HIDDEN_RECTANGLE.position()),
        HIDDEN_RECTANGLE,
        "Hidden rectangle",
        4.5,
    )
    assert step.eliminations == ((rc(8, 2), 2),)


@pytest.mark.parametrize(
    ("fixture", "technique", "removed"),
    [
        (AVOIDABLE_RECTANGLE_TYPE_1, "Avoidable rectangle type 1", ((rc(2, 2), 2),)),
        (AVOIDABLE_RECTANGLE_TYPE_2, "Avoidable rectangle type 2", ((rc(1, 3), 2), (rc(5, 3), 2))),
    ],
)
def test_avoidable_rectangles(
    fixture: Fixture, technique: str, removed: tuple[tuple[int, int], ...]
) -> None:
    step = check(uniqueness.avoidable_rectangle(fixture.position()), fixture, technique, 4.5)
    assert set(step.eliminations) == set(removed)
    assert "found, not given" in step.text


def test_avoidable_rectangles_need_to_know_the_givens() -> None:
    """Without the puzzle, every digit counts as given and no avoidable rectangle is found."""
    fixture = AVOIDABLE_RECTANGLE_TYPE_1._replace(puzzle=None)
    assert uniqueness.avoidable_rectangle(fixture.position()) is None


def test_bug_plus_one() -> None:
    step = check(uniqueness.bug(BUG_PLUS_ONE.position()), BUG_PLUS_ONE, "BUG+1", 5.6)
    assert step.placements == ((rc(1, 2), 1),)


def test_bug_type_2() -> None:
    step = check(uniqueness.bug(BUG_TYPE_2.position()), BUG_TYPE_2, "BUG type 2", 5.7)
    assert set(step.eliminations) == set(((rc(8, 9), 8), (rc(9, 2), 8)))


def test_bug_type_4() -> None:
    step = check(uniqueness.bug(BUG_TYPE_4.position()), BUG_TYPE_4, "BUG type 4", 5.7)
    assert set(step.eliminations) == set(((rc(1, 1), 7), (rc(3, 1), 9)))
    assert "only places for 1 in column 1" in step.text


# --- what the grade uses -------------------------------------------------------------------


def test_the_grade_uses_sudoku_explainers_techniques_only() -> None:
    """Every name the grade uses is a row of the tables; techniques SE lacks are not graded."""
    rows = {name for name, _ in TECHNIQUES} | {name for name, _ in SEARCHES}
    assert rows >= SE_TECHNIQUES
    for name in ("W-Wing", "Hidden rectangle", "Avoidable rectangle", "Unique rectangle type 6"):
        assert name in rows and name not in SE_TECHNIQUES


def test_a_w_wing_helps_a_hint_but_the_grade_rates_as_sudoku_explainer_does() -> None:
    """A puzzle of se_rated_calibration.tsv (sx_diab, rated 5.5 by SE): the easiest-first solve
    needs nothing harder than a W-Wing (4.4), which SE's set lacks; SE needs a WXYZ-Wing, and
    so does the grade, which agrees with SE."""
    puzzle = parse(
        "....2....2..9.6..4..53.87....2...4..6..4.7..1.4.2.5.8.9.......8..8.7.5..3.6...1.9"
    )
    friendly = solve_logically(puzzle)
    assert max(step.rating for step in friendly.steps) == 4.4
    assert "W-Wing" in {step.technique for step in friendly.steps}
    graded = grade(puzzle)
    assert "W-Wing" not in dict(graded.counts)
    assert (graded.rating, graded.hardest) == (5.5, "WXYZ-Wing")


# --- direct techniques, as Sudoku Explainer defines them ------------------------------------


def pencil_position(drops: dict[int, list[int]]) -> Position:
    """An empty grid with every digit everywhere, but digit d dropped from the cells listed
    for it."""
    cands = [0x1FF] * 81
    for digit, cells in drops.items():
        for c in cells:
            cands[c] &= ~BIT[digit]
    return Position([0] * 81, cands)


def test_direct_pointing_needs_its_single_in_another_box() -> None:
    """Box 1's 4s are all in row 1; pointing removes r1c5, which leaves r2c5 the only 4 of
    column 5, not of a box: SE calls that plain pointing (2.6), not direct pointing (1.7)."""
    box1_rows_2_3 = [rc(r, c) for r in (2, 3) for c in (1, 2, 3)]
    column5_rest = [rc(r, 5) for r in range(3, 10)]
    s = pencil_position({4: box1_rows_2_3 + column5_rest})
    assert intersections.direct_pointing(s) is None
    step = intersections.pointing(s)
    assert step is not None and step.rating == 2.6 and not step.placements
    # With box 2's other 4s gone too, the single is in a box: direct pointing.
    box2_rest = [c for c in box_cells(2) if c not in (rc(1, 5), rc(2, 5))]
    s = pencil_position({4: box1_rows_2_3 + column5_rest + box2_rest})
    step = intersections.direct_pointing(s)
    assert step is not None and step.rating == 1.7
    assert step.placements == ((rc(2, 5), 4),)


def test_direct_hidden_pair_needs_its_single_in_the_same_unit() -> None:
    """1 and 2 fit only r1c1 and r1c2 in row 1; removing the other digits there leaves 3 with
    one place in column 1 (r5c1), not in row 1: a hidden pair (3.4), not a direct one (2.0)."""
    row1_rest = [rc(1, c) for c in range(3, 10)]
    column1_rest = [rc(r, 1) for r in range(2, 10) if r != 5]
    s = pencil_position({1: row1_rest, 2: row1_rest, 3: column1_rest})
    assert subsets.direct_hidden_pair(s) is None
    step = subsets.hidden_pair(s)
    assert step is not None and step.rating == 3.4
    assert (rc(1, 1), 3) in step.eliminations
