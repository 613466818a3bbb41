"""Worked examples and practise seeds for the technique library: data found by
`bench/examples.py --write`, which rewrites this file (run it again when techniques change).

EXAMPLES: for each technique (a RATINGS name), a position from a real puzzle where the
engine's easiest step is that technique: the puzzle and the step's number in its logical
solve, the grid then, and the candidates earlier steps had removed ('5r1c2' style).
PRACTISE: seeds from which generate.practise(technique, seed) makes a puzzle at once.
"""

from __future__ import annotations

from typing import NamedTuple


class Example(NamedTuple):
    source: str  # the data set (and line) the puzzle comes from
    puzzle: str  # the puzzle's givens, 81 characters
    step: int  # the step's number in the puzzle's logical solve, from 1
    grid: str  # the position: digits placed then, 81 characters
    removed: str  # candidates removed by the steps before, space-separated ('5r1c2 7r1c2')


EXAMPLES: dict[str, Example] = {}

PRACTISE: dict[str, tuple[int, ...]] = {}
