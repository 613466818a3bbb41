"""`python -m webapp.sudoku`: the engine's command line."""

import sys

from .cli import main

sys.exit(main())
