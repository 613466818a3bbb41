"""The Sudoku engine: pure Python, no web framework; a library and a command line.

Its public face is what this module exports (the README's "Python API"); the web app uses
only these names. The modules behind it may change.
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
from .techniques.step import Step
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
    "conflicts",
    "count_solutions",
    "generate",
    "grade",
    "hint",
    "is_solution_of",
    "level_name",
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
