"""A finished game looked back on: where the player used a hint or made a mistake, next to the
simplest step the engine saw at that point.

A game is the puzzle and its moves in order, each a cell and what it held after the move (0
empty, 1-9 a digit; notes count as empty), marked when a hint made it. For every move that a
hint made, and every digit written that is not the solution's, the review gives the position
before the move and the easiest step the engine finds there, from the givens and the player's
correct digits (wrong digits lead nowhere, and notes are the player's own business).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from .board import Grid, check_grid
from .hint import HINT_BUDGET
from .logic import next_step
from .search import Budget, check_budget
from .solver import Verdict, count_solutions
from .techniques.position import Position
from .walkthrough import Moment

MAX_MOVES = 2000  # moves a review reads
MAX_POINTS = 40  # points a review works out (each costs a step search within the budget)


@dataclass(frozen=True)
class GameMove:
    """One move: `cell` holds `digit` after it (0: empty, or notes only); `hint`: a hint
    made it."""

    cell: int
    digit: int
    hint: bool = False

    def __post_init__(self) -> None:
        for name, value, high in (("cell", self.cell, 80), ("digit", self.digit, 9)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"a move's {name} must be a whole number, not {value!r}")
            if not 0 <= value <= high:
                raise ValueError(f"a move's {name} must be from 0 to {high}, not {value}")
        if not isinstance(self.hint, bool):
            raise TypeError(f"a move's hint must be True or False, not {self.hint!r}")


@dataclass(frozen=True)
class Point:
    """A move worth looking back on, and what the engine saw just before it."""

    number: int  # the move's number in the game, from 1
    move: GameMove
    right: int  # the solution's digit in the move's cell
    wrong: bool  # the move wrote a digit that is not the solution's
    fixed: int | None  # the later move that cleared or corrected it (not another wrong digit)
    grid: Grid  # the player's grid before the move (givens and entries, wrong ones too)
    wrong_cells: tuple[int, ...]  # cells of `grid` whose entry is not the solution's
    seen: Moment | None  # the easiest step from the givens and correct entries, if any


@dataclass(frozen=True)
class Review:
    """The points of a game (at most MAX_POINTS), or why there are none to show."""

    points: tuple[Point, ...]
    moves: int  # moves read
    hints: int  # moves a hint made
    mistakes: int  # wrong digits written
    more: int  # points past MAX_POINTS, not worked out
    problem: str = ""  # why the game can't be reviewed ('' if it can)


def review(
    puzzle: Sequence[int],
    moves: Sequence[GameMove],
    *,
    start: Sequence[int] | None = None,
    budget: Budget = HINT_BUDGET,
) -> Review:
    """The review of a game of `puzzle` played with `moves` from the entries `start` (None:
    none; a link may keep only the last moves of a game). Each point's step is found within
    `budget` (nodes only: the same review on every machine)."""
    givens = check_grid(puzzle, "puzzle")
    first = check_grid(start, "start") if start is not None else (0,) * 81
    check_budget(budget)
    if isinstance(moves, (str, bytes)) or not isinstance(moves, Sequence):
        raise TypeError(f"moves must be a sequence of GameMove, not {type(moves).__name__}")
    moves = list(moves)[:MAX_MOVES]
    for move in moves:
        if not isinstance(move, GameMove):
            raise TypeError(f"moves must be GameMove(cell, digit) items, not {move!r}")
    for move in moves:
        if givens[move.cell]:
            return Review((), len(moves), 0, 0, 0, "a move changes a given")
    if any(g and e for g, e in zip(givens, first, strict=True)):
        return Review((), len(moves), 0, 0, 0, "the starting entries cover a given")
    outcome = count_solutions(givens, 2, budget=budget)
    if outcome.verdict is not Verdict.UNIQUE or outcome.solution is None:
        return Review((), len(moves), 0, 0, 0, _why_not(outcome.verdict))
    solution = outcome.solution
    grid = [g or e for g, e in zip(givens, first, strict=True)]
    points: list[Point] = []
    hints = mistakes = more = 0
    open_mistakes: dict[int, list[int]] = {}  # cell -> indexes in points of its mistakes
    seen: dict[Grid, Moment | None] = {}
    for number, move in enumerate(moves, 1):
        wrong = bool(move.digit) and move.digit != solution[move.cell]
        if move.cell in open_mistakes and not wrong and move.digit != grid[move.cell]:
            for index in open_mistakes.pop(move.cell):
                points[index] = _fixed(points[index], number)
        hints += move.hint
        mistakes += wrong
        if move.hint or wrong:
            if len(points) < MAX_POINTS:
                before = tuple(grid)
                correct = tuple(d if d == solution[c] else 0 for c, d in enumerate(before))
                if correct not in seen:
                    seen[correct] = _easiest(correct, solution, budget)
                mistaken = tuple(c for c, d in enumerate(before) if d and d != solution[c])
                point = Point(
                    number,
                    move,
                    solution[move.cell],
                    wrong,
                    None,
                    before,
                    mistaken,
                    seen[correct],
                )
                if wrong:
                    open_mistakes.setdefault(move.cell, []).append(len(points))
                points.append(point)
            else:
                more += 1
        grid[move.cell] = move.digit
    return Review(tuple(points), len(moves), hints, mistakes, more)


def _fixed(point: Point, number: int) -> Point:
    return replace(point, fixed=number)


def _easiest(grid: Grid, solution: Grid, budget: Budget) -> Moment | None:
    """The easiest step at a position (the grid's own candidates), with that position."""
    step = next_step(grid, budget=budget, solution=solution)
    if step is None:
        return None
    return Moment(step, grid, tuple(Position.from_grid(grid).cands))


def _why_not(verdict: Verdict) -> str:
    if verdict is Verdict.MULTIPLE:
        return "the puzzle has more than one solution, so no step is certain"
    if verdict is Verdict.NO_SOLUTION:
        return "the puzzle has no solution"
    return "the solver ran out of its budget on this puzzle"
