"""Where the puzzle sets are, and how to read them: one place for the tests and the benchmarks.

The folder is `$SUDOKU_DATA` when that is set, else `../shared/data` beside the checkout. Each
set is a text file with one puzzle per line (81 characters, '.' for empty); a `.tsv` file has the
puzzle in its first column and may start with a header. A clone without the folder still runs:
`missing()` says why the data-driven tests skip.
"""

from __future__ import annotations

import os
from pathlib import Path

ENV = "SUDOKU_DATA"
CHECKOUT = Path(__file__).resolve().parents[1]


def data_dir() -> Path:
    """The puzzle folder: $SUDOKU_DATA, else ../shared/data beside the checkout."""
    chosen = os.environ.get(ENV)
    return Path(chosen) if chosen else CHECKOUT.parent / "shared" / "data"


def data_path(name: str) -> Path:
    """The path of one data file, e.g. data_path('norvig_top95.txt')."""
    return data_dir() / name


def missing(name: str | None = None) -> str | None:
    """Why the folder (or the file `name` in it) cannot be read, or None when it can."""
    folder = data_dir()
    if not folder.is_dir():
        return f"no puzzle data folder at {folder} (set {ENV} to point at one)"
    if name is not None and not (folder / name).is_file():
        return f"no puzzle file {folder / name}"
    return None


def read_rows(name: str | Path) -> list[list[str]]:
    """The tab-separated rows of a data file whose first column is an 81-character puzzle
    (a header, blank lines and '#' comments are left out)."""
    path = name if isinstance(name, Path) else data_path(name)
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        row = line.split("\t")
        first = row[0].strip()
        if len(first) == 81 and not first.startswith("#"):
            rows.append([first, *row[1:]])
    return rows


def read_puzzles(name: str | Path) -> list[str]:
    """The puzzles of a data file, one 81-character line each, in file order."""
    return [row[0] for row in read_rows(name)]
