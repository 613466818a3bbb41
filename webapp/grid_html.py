"""The grid's 81 inputs as HTML. Each cell is drawn by the template partials/cell.html once per
worker and then remembered: from one request to the next most cells are the same (givens,
empty cells, entries), and drawing 81 cells was most of an edit's template work."""

from __future__ import annotations

from collections.abc import Iterable

from flask import current_app
from markupsafe import Markup

from .present import Cell
from .remembered import Remembered

REMEMBERED = 8000  # cells per worker: about 10 MB at most (a cell with notes and its HTML)
_drawn: Remembered[tuple[Cell, bool], Markup] = Remembered(REMEMBERED)


def grid_cells(cells: Iterable[Cell], paused: bool) -> Markup:
    """The inputs of `cells` in order; read-only when the game is `paused`."""
    template = current_app.jinja_env.get_template("partials/cell.html")
    parts: list[str] = []
    for cell in cells:
        key = (cell, paused)
        _, html = _drawn.get(key)
        if html is None:
            html = Markup(template.module.cell(*cell, paused))  # type: ignore[attr-defined]
            _drawn.put(key, html)
        parts.append(html)
    return Markup("".join(parts))  # each part is the template's escaped output
