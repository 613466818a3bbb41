"""Solver benchmark, the same as `python -m webapp.sudoku bench` (see --help).

.venv/bin/python bench/solver.py                        # every algorithm, peer and set
.venv/bin/python bench/solver.py --write BENCHMARKS.md  # and record it there
.venv/bin/python bench/solver.py --sets magictour_top1465 --algorithms propagate
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from webapp.sudoku.benchmark import main

if __name__ == "__main__":
    sys.exit(main())
