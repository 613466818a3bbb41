"""The grid's 81 inputs as HTML. Each cell is drawn by the template partials/cell.html once per
worker and then remembered: from one request to the next most cells are the same (givens,
empty cells, entries), and drawing 81 cells was most of an edit's template work."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from flask import current_app
from markupsafe import Markup

from .present import Cell
from .remembered import Remembered

REMEMBERED = 8000  # cells per worker: about 10 MB at most (a cell with notes and its HTML)
_drawn: Remembered[tuple[Cell, bool], Markup] = Remembered(REMEMBERED)


def grid_cells(cells: Iterable[Cell], paused: bool) -> Markup:
    """The inputs of `cells` in order; read-only when the game is `paused`."""
    template = current_app.jinja_env.get_template("partials/cell.html")
    macro = template.module.cell  # type: ignore[attr-defined]
    parts = [_drawn.answer((cell, paused), _draw, macro, cell, paused) for cell in cells]
    return Markup("".join(parts))  # each part is the template's escaped output


def _draw(macro: Callable[..., str], cell: Cell, paused: bool) -> Markup:
    return Markup(macro(*cell, paused))
