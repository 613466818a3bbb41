"""Difficulty grading on Sudoku Explainer's scale, the way Sudoku Explainer grades.

The rating is that of the hardest step of a logical solve that takes the easiest step each
time from the techniques SE grades with (SE_TECHNIQUES: classic SE's, and the patterns its
successor SukakuExplainer added), tried in SE's order (its searches by their easiest rating:
Nishio before the cell and unit forcing chains). The engine's other techniques help hints but
are left out here, so a puzzle is rated as SE would rate it. The levels and every technique's
rating are in ratings.py: Easy (up to 1.5: singles in boxes and lines), Medium (up to 2.5:
naked singles and the "direct" techniques), Hard (up to 4.4: locked candidates, subsets, basic fish,
turbot fish, XY- and XYZ-Wing), Expert (up to 7.4: uniqueness, quads, BUG, bent wings,
chains) and Extreme (forcing chains and trials).

Grading has a budget (nodes, and perhaps seconds: see search.py). When it runs out, the solve
finishes with cheap steps and the solution, the rating counts only the steps found before, and
`gave_up` is set: the rating is then a lower bound. With a node-only budget, as the default
GRADE_BUDGET, the grade is the same on every machine and run. If even nested trials find
nothing, the steps read from the solution count at the "Solution lookup" rating (11.0).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from .board import Grid, check_grid, is_solution_of
from .logic import solve_logically
from .ratings import LEVELS
from .search import Budget, check_budget
from .solver import Verdict, count_solutions

# The techniques Sudoku Explainer grades with (rows of logic.TECHNIQUES and SEARCHES): classic
# SE's, and the patterns its successor Sukaku Explainer added (turbot fish, empty rectangle,
# WXYZ- and VWXYZ-Wing). The engine's other techniques (W-Wing, ...) help hints but not the
# grade: SE finds what they find later, as chains, and rates it as such.
SE_TECHNIQUES = frozenset(
    {
        "Full house",
        "Hidden single (box)",
        "Hidden single (row or column)",
        "Direct pointing",
        "Direct claiming",
        "Direct hidden pair",
        "Naked single",
        "Direct hidden triple",
        "Pointing",
        "Claiming",
        "Naked pair",
        "X-Wing",
        "Hidden pair",
        "Naked triple",
        "Swordfish",
        "Hidden triple",
        "Skyscraper, 2-String Kite, Turbot fish",
        "Empty rectangle",
        "XY-Wing",
        "XYZ-Wing",
        "Unique rectangle",
        "Naked quad",
        "Jellyfish",
        "Hidden quad",
        "WXYZ-Wing",
        "BUG",
        "VWXYZ-Wing",
        "Aligned pair exclusion",
        "Simple colouring",
        "X-chain, XY-chain, AIC",
        "Nishio forcing chain",
        "Cell or unit forcing chains",
        "Dynamic forcing chain",
        "Dynamic forcing chain (+)",
        "Nested forcing chain",
    }
)

# What the web may spend on grading one puzzle (nodes): the hardest puzzles found stay under
# about a second of CPU here; past it the rating is "at least", the same on every worker.
GRADE_BUDGET = Budget(nodes=120_000)


def level_of(rating: float) -> str:
    """The level name for a rating."""
    return next(name for top, name in LEVELS if rating <= top + 1e-9)


@dataclass(frozen=True)
class Grade:
    """How hard a puzzle is, and what its logical solve used."""

    rating: float
    level: str
    hardest: str  # the technique of the highest-rated step
    counts: tuple[tuple[str, int], ...]  # technique -> steps, most used first
    steps: int  # steps in the logical solve
    without_last_resort: bool  # solved with no trial and no digit read from the solution
    gave_up: bool  # the budget ran out: the rating is a lower bound
    seconds: float  # the time the logical solve took

    def line(self) -> str:
        """One line: the rating, the level, the hardest technique (and a note if it gave up)."""
        text = f"{self.rating:.1f} {self.level} {self.hardest}"
        return text + " (budget ran out: at least this hard)" if self.gave_up else text


def grade(
    grid: Sequence[int],
    *,
    budget: Budget = GRADE_BUDGET,
    solution: Grid | None = None,
) -> Grade:
    """Grade a puzzle with exactly one solution within `budget`, which also bounds the solve
    that checks the puzzle when `solution` is not given. ValueError for a puzzle without one
    solution, one whose check ran out of budget first, or a wrong `solution`."""
    puzzle = check_grid(grid)
    check_budget(budget)
    if solution is None:
        outcome = count_solutions(puzzle, budget=budget)
        if outcome.verdict is not Verdict.UNIQUE:
            raise ValueError(f"cannot grade: {outcome.verdict} ({outcome.reason})")
        solution = outcome.solution
    elif not is_solution_of(check_grid(solution, "solution"), puzzle):
        raise ValueError(
            "solution is not a solution of the puzzle (a full grid that keeps its givens)"
        )
    result = solve_logically(
        puzzle, budget=budget, solution=solution, batch=True, only=SE_TECHNIQUES
    )
    rating = 0.0
    hardest = "none"
    for step in result.steps:
        if step.technique == "Solution lookup" and result.gave_up:
            continue  # read because the budget ran out: it says nothing of the puzzle
        if step.rating > rating:
            rating, hardest = step.rating, step.technique
    counts = Counter(step.technique for step in result.steps)
    return Grade(
        rating=round(rating, 1),
        level=level_of(rating),
        hardest=hardest,
        counts=tuple(counts.most_common()),
        steps=len(result.steps),
        without_last_resort=result.without_last_resort,
        gave_up=result.gave_up,
        seconds=result.seconds,
    )
