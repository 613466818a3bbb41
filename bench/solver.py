"""Solver benchmark: the same as `python -m webapp.sudoku bench` (see --help)."""

import sys

from webapp.sudoku.benchmark import main

if __name__ == "__main__":
    sys.exit(main())
