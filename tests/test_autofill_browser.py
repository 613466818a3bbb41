"""The grid and Chrome's Autofill. The grid is a form of 81 fields, and Autofill, in Chrome's
browser process, parses a form's fields again whenever one of them has changed since it last
looked (a class, a select's value, even one written back unchanged): about 50 ms of CPU each
time on this machine (bench/browser.py). Selecting cells must change no field; a move's answer
draws a new grid, a new form, which is parsed."""

from __future__ import annotations

import pytest
from puzzles import EASY

from webapp.present import NAMES

pytest.importorskip("playwright")
from conftest import BROWSER_TESTS
from playwright.sync_api import Page, expect
from test_browser_game import EASY_GAME, cell, wait_for_move

from bench.browser import autofill_parses

pytestmark = BROWSER_TESTS

EMPTIES = [i for i, ch in enumerate(EASY) if ch == "."]
GIVENS = [i for i, ch in enumerate(EASY) if ch != "."]


def test_selecting_cells_has_autofill_parse_nothing(page: Page) -> None:
    page.goto(EASY_GAME.url)
    page.wait_for_load_state("networkidle")
    browser = page.context.browser
    assert browser is not None

    def select() -> None:
        for i in [EMPTIES[0], GIVENS[0], EMPTIES[5], GIVENS[9], EMPTIES[20]]:
            cell(page, i).click()
        page.keyboard.press("ArrowDown")
        page.keyboard.press("ArrowRight")

    assert autofill_parses(browser, page, select)[0] == 0

    def move() -> None:
        for count, i in enumerate(EMPTIES[:3], start=1):
            cell(page, i).click()
            page.keyboard.press("5")
            wait_for_move(page, count)

    # each answer draws a new grid, a new form to Autofill (and shows the trace sees its work)
    assert autofill_parses(browser, page, move)[0] >= 1


def test_hint_for_is_written_only_when_the_selected_cell_changes(page: Page) -> None:
    """Each write to a select, even of the value it holds, has Autofill parse the form again:
    a move's answer names the cell in "Hint for" already, and focus coming back to that cell
    must not write it again."""
    page.add_init_script(WRITES_COUNTED)
    page.goto(EASY_GAME.url)
    for count, i in enumerate(EMPTIES[:3], start=1):
        cell(page, i).click()
        page.keyboard.press("5")
        wait_for_move(page, count)
        expect(page.locator("#hint-cell")).to_have_value(NAMES[i])
    assert page.evaluate("window.hintWrites") == 3  # one per newly selected cell


# Counts the writes to the hint select's value (the page's own script runs after this one).
WRITES_COUNTED = """
window.hintWrites = 0;
const value = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, "value");
Object.defineProperty(HTMLSelectElement.prototype, "value", {
  get() { return value.get.call(this); },
  set(v) { if (this.id === "hint-cell") window.hintWrites++; value.set.call(this, v); },
});
"""
