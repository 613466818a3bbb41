"""The grid's cells drawn in Python: every value escaped, the notes posted back and drawn."""

from __future__ import annotations

from webapp.grid_html import draw, grid_cells
from webapp.present import Cell

HOSTILE = '"><script>'


def test_every_value_of_a_cell_is_escaped() -> None:
    cell = Cell(HOSTILE, HOSTILE, HOSTILE, HOSTILE, HOSTILE, HOSTILE, ((HOSTILE, HOSTILE),))
    html = draw(cell)
    assert "<script>" not in html
    # id, class, value, label, name, the notes, a note's mark and its digit
    assert html.count("&#34;&gt;&lt;script&gt;") == 8


def test_a_cell_with_notes_posts_them_back_and_draws_them() -> None:
    marks = (("1", ""), ("", ""), ("3", "hint-keep"))
    html = draw(Cell("c3", "", "c3", "row 1, column 4", "empty", "13", marks))
    assert '<input type="hidden" name="n3" value="13">' in html
    assert '<span>1</span><span></span><span class="hint-keep">3</span>' in html
    assert ' name="c3">' in html and "readonly" not in html


def test_a_cell_without_a_name_is_read_only() -> None:
    editable = grid_cells([Cell("c0", "5", "c0", "row 1, column 1, entry 5", "entry")])
    fixed = grid_cells([Cell("c0", "5", None, "row 1, column 1, given 5", "given")])
    assert ' name="c0"' in editable and "readonly" not in editable
    assert "name=" not in fixed and fixed.endswith("readonly>\n</div>")
