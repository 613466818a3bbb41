"""Puzzles the tests share, each defined once (import them: `from puzzles import EASY`)."""

from __future__ import annotations

# Grid 01 of Project Euler problem 96, the first example of Norvig's essay: singles solve it.
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
EASY_SOLUTION = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"

# From norvig_top95 (lines 1 and 9): the 24th step of the first's logical solve is a simple
# colouring, the 17th of the second's an X-chain (the hint panel tests draw them).
COLOURING = ".4.5.....8...9..3..76.2.....146..........9..7.....36....1..4.5..6......3..71..2.."
X_CHAIN = "6.2.5.........3.4..........43...8....1....2........7..5..27...........81...6....."
