"""The grid's 81 inputs as HTML, drawn here rather than in a template: they are the one piece
of markup drawn thousands of times a second (a Jinja macro call per cell was most of an edit's
template work). Each cell is drawn once per worker and then remembered: from one request to the
next most cells are the same (givens, empty cells, entries). Every value is escaped."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from markupsafe import Markup, escape

from .present import Cell
from .remembered import Remembered

REMEMBERED = 8000  # cells per worker: about 10 MB at most (a cell with notes and its HTML)
_drawn: Remembered[Cell, str] = Remembered(REMEMBERED)


def grid_cells(cells: Iterable[Cell]) -> Markup:
    """The inputs of `cells` in order."""
    return Markup("".join([_drawn.answer(cell, draw, cell) for cell in cells]))


def draw(cell: Cell) -> str:
    """One cell: its input (named when the player may edit it, else read-only), the notes'
    hidden field that posts them back, and the nine note places drawn over the input."""
    at, value, name, label, classes, notes, marks = cell
    field = f' name="{escape(name)}"' if name else " readonly"
    html = (
        f'\n<div class="box">\n<input id="{escape(at)}" class="cell {escape(classes)}" '
        f'value="{escape(value)}" aria-label="{escape(label)}" inputmode="numeric" '
        f'maxlength="9" pattern="[0-9]{{1,9}}"{field}>'
    )
    if notes:
        html += f'<input type="hidden" name="n{escape(at[1:])}" value="{escape(notes)}">'
    if marks:
        places = "".join([_place(digit, mark) for digit, mark in marks])
        html += f'<span class="notes" aria-hidden="true">{places}</span>'
    return html + "\n</div>"


@lru_cache(maxsize=512)
def _place(digit: str, mark: str) -> str:
    """One of a cell's nine note places: its digit (or nothing) and its mark's class."""
    return (
        f'<span class="{escape(mark)}">{escape(digit)}</span>'
        if mark
        else f"<span>{escape(digit)}</span>"
    )
