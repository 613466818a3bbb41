"""Puzzles the tests share, each defined once (import them: `from puzzles import EASY`)."""

from __future__ import annotations

# Grid 01 of Project Euler problem 96, the first example of Norvig's essay: singles solve it.
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
EASY_SOLUTION = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"

# From norvig_sudoku10k (lines 1207 and 125): the first's logical solve takes a simple
# colouring, the second's an X-chain (the hint panel tests draw them).
COLOURING = "..1..........36....5....4.7.7.2.....4.....8.......1.3............3....6....47...2"
X_CHAIN = "...54.....8....2.....7......6..2.1..4..............7..7.2....4....3....5.....8.6."
