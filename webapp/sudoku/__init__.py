"""The Sudoku engine: pure Python, no web framework; a library and a command line.

Its public face is what this module exports (the README's "Python API"); the web app uses
only these names. The modules behind it may change. Every function checks its arguments and
raises TypeError or ValueError saying what is wrong.

    >>> from webapp.sudoku import count_solutions, grade, parse, to_pretty
    >>> grid = parse("4.....8.5.3..........7......2.....6.....8.4.."
    ...              "....1.......6.3.7.5..2.....1.4......")
    >>> outcome = count_solutions(grid)
    >>> print(outcome.verdict, "-", outcome.reason)
    unique - exactly one solution
    >>> print(to_pretty(outcome.solution)[:21])
    4 1 7 | 3 6 9 | 8 2 5
    >>> grade(grid).line()
    '2.6 Hard Pointing'

Grids: a grid is a tuple of 81 ints, row by row, 0 for an empty cell. Cells are numbered
0-80 (`cell_name(10)` is 'r2c2'), units 0-26: rows, columns, then boxes (`unit_name`);
`listed` joins names as the engine's sentences do ('r1c2, r3c4 and box 5').
A candidate set is a 9-bit mask, bit d-1 for digit d (`DIGITS_OF[mask]` lists its digits).
`parse` reads an 81-character line or a pasted grid (PuzzleFormatError says what is wrong
and where); `to_line` and `to_pretty` write a grid out; `conflicts` lists repeated digits
(`Conflict.describe()` in words); `candidates` says what each cell may hold.

Solving: `solve(grid)` finds a solution; `count_solutions(grid, limit)` tells no solution,
exactly one and more apart. Both return an `Outcome` (`verdict`, `reason`, `solutions`,
`solution`, `differing`, `stats`); `algorithm=` is one of ALGORITHMS (propagate, backtrack,
mrv, dlx, sat).

Budgets: `Budget(nodes=..., seconds=...)` bounds every search (solvers, logic, hints,
grading); a node budget gives the same answer on every machine. Running out gives
Verdict.GAVE_UP, a step read from the solution or an "at least" grade, never a hang. Every
default budget is a finite node count; WEB_BUDGET, HINT_BUDGET and GRADE_BUDGET are the web's.

Solving as a person would: `next_step(grid)` is the easiest `Step` (technique, rating,
placements, eliminations, text); `solve_logically` takes every step; `walkthrough(puzzle)`
gives each with its position; `hint(puzzle, entries, notes, target)` what to tell a player.

Grading and making puzzles: `grade(grid)` rates a puzzle on Sudoku Explainer's scale
(`Grade.line()`); LEVEL_NAMES are the levels. `generate(level, seed)` makes the same puzzle
on every machine (`new_seed()` picks a seed); `practise(technique, seed)` one whose hardest
step is that technique.

Techniques: `technique_entries()` lists them easiest first (`name`, `rating`, `level`,
`summary`); `worked_example(name)` shows one on a real puzzle.

Also: `trace` replays a search node by node (the solver lab); `review` looks back on a game.
Command line: `python -m webapp.sudoku solve|count|grade|generate --help`.
"""

from .algorithms import ALGORITHMS
from .algorithms import DEFAULT as DEFAULT_ALGORITHM
from .board import (
    BOX_OF,
    CELLS,
    COL_OF,
    DIGITS,
    DIGITS_OF,
    PEERS,
    ROW_OF,
    UNITS,
    UNITS_OF,
    Conflict,
    Grid,
    PuzzleFormatError,
    a_digit,
    candidates,
    cell_name,
    conflicts,
    is_solution_of,
    parse,
    to_line,
    to_pretty,
    unit_name,
)
from .generate import (
    LEVEL_NAMES,
    SEED_LIMIT,
    Generated,
    NotFound,
    generate,
    level_name,
    new_seed,
    practise,
    symmetric_by_default,
)
from .grade import GRADE_BUDGET, Grade, grade
from .hint import HINT_BUDGET, Hint, Mistake, hint, look_cells
from .logic import LogicalSolve, next_step, solve_logically
from .ratings import LEVELS
from .review import GameMove, Point, Review, review
from .search import Budget
from .solver import WEB_BUDGET, Outcome, Stats, Verdict, count_solutions, solve
from .techniques.catalog import Entry as TechniqueEntry
from .techniques.catalog import by_slug as technique_by_slug
from .techniques.catalog import entries as technique_entries
from .techniques.catalog import entry_for as technique_for
from .techniques.step import Chain, Step, cells_text, listed
from .traced import TRACEABLE, Frame, SatCall, Trace, Try, trace
from .walkthrough import Moment, Walkthrough, WorkedExample, walkthrough, worked_example

__all__ = [
    "ALGORITHMS",
    "BOX_OF",
    "CELLS",
    "COL_OF",
    "DEFAULT_ALGORITHM",
    "DIGITS",
    "DIGITS_OF",
    "GRADE_BUDGET",
    "HINT_BUDGET",
    "LEVELS",
    "LEVEL_NAMES",
    "PEERS",
    "ROW_OF",
    "SEED_LIMIT",
    "TRACEABLE",
    "UNITS",
    "UNITS_OF",
    "WEB_BUDGET",
    "Budget",
    "Chain",
    "Conflict",
    "Frame",
    "GameMove",
    "Generated",
    "Grade",
    "Grid",
    "Hint",
    "LogicalSolve",
    "Mistake",
    "Moment",
    "NotFound",
    "Outcome",
    "Point",
    "PuzzleFormatError",
    "Review",
    "SatCall",
    "Stats",
    "Step",
    "TechniqueEntry",
    "Trace",
    "Try",
    "Verdict",
    "Walkthrough",
    "WorkedExample",
    "a_digit",
    "candidates",
    "cell_name",
    "cells_text",
    "conflicts",
    "count_solutions",
    "generate",
    "grade",
    "hint",
    "is_solution_of",
    "level_name",
    "listed",
    "look_cells",
    "new_seed",
    "next_step",
    "parse",
    "practise",
    "review",
    "solve",
    "solve_logically",
    "symmetric_by_default",
    "technique_by_slug",
    "technique_entries",
    "technique_for",
    "to_line",
    "to_pretty",
    "trace",
    "unit_name",
    "walkthrough",
    "worked_example",
]
