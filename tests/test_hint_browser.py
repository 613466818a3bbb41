"""The hint panel's content in Chromium: folded chains and ways that open without JavaScript,
colouring's two colours drawn apart, a wrong entry's chain, where it breaks and what its
locked candidates rule out; axe-core finds nothing at either width. Screenshots go to
artifacts/screenshots/ (hint-*)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace

import pytest
from puzzles import COLOURING, EASY, X_CHAIN

from webapp.play import fill_candidates
from webapp.sudoku import parse
from webapp.sudoku.techniques.step import NUMBER_WORDS
from webapp.urlstate import GameState

pytest.importorskip("playwright")
from axe import report, violations
from conftest import BROWSER_TESTS, DESKTOP, PHONE, new_context, shoot
from playwright.sync_api import Browser, Page, expect
from test_web_hints import before_step
from test_wrong_entry import TOP_185

pytestmark = BROWSER_TESTS

SIZES = {"375": PHONE, "1280": DESKTOP}
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


@contextmanager
def opened(browser: Browser, server: str, size: str, js: bool = True) -> Iterator[Page]:
    """A page at that width (axe-core may be injected), closed afterwards."""
    context = new_context(browser, server, js=js, viewport=SIZES[size], bypass_csp=True)
    try:
        yield context.new_page()
    finally:
        context.close()


def fold(page: Page, summary: str):  # -> Locator
    return page.locator("#hint details.hint-fold", has=page.locator("summary", has_text=summary))


def check_page(page: Page, size: str, name: str, axe: bool = True) -> None:
    """No sideways scroll, no axe-core violation (it needs JavaScript); a screenshot."""
    assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["width"]
    if axe:
        found = violations(page)
        assert not found, report(found)
    shoot(page, f"{name}-{size}")


@pytest.mark.parametrize("size", SIZES)
def test_the_way_to_a_cell_unfolds_without_javascript(
    browser: Browser, server: str, size: str
) -> None:
    url = GameState(parse(HARD), cell=1, hint=3).url  # r1c2: several steps away
    for js in (False, True):
        with opened(browser, server, size, js=js) as page:
            page.goto(url)
            expect(page.locator("#hint")).to_contain_text("Not yet: r1c2 can be filled")
            way = fold(page, "The way to r1c2")
            expect(way.locator("li").first).to_be_hidden()  # folded
            way.locator("summary").click()
            expect(way.locator("li").first).to_be_visible()
            expect(way.locator("li").last).to_contain_text("Then r1c2 can be filled")
            text = page.locator("#hint").inner_text()
            count = re.search(r"(?:after|within) (\w+) steps", text)  # 'four', or 12
            assert count is not None, text
            said = count.group(1)
            steps = int(said) if said.isdigit() else NUMBER_WORDS.index(said)
            expect(way.locator("li")).to_have_count(steps + 1)
            check_page(page, size, f"hint-way-{'js' if js else 'nojs'}", axe=js)


@pytest.mark.parametrize("js", [True, False], ids=["js", "nojs"])
def test_a_lead_offers_the_easiest_move_anywhere(browser: Browser, server: str, js: bool) -> None:
    """With JavaScript a hint is about the selected cell: the panel of a cell that cannot be
    filled yet offers the easiest move anywhere, without first tapping a given."""
    with opened(browser, server, "375", js=js) as page:
        page.goto(GameState(parse(HARD)).url)
        if js:
            page.locator("#c1").click()  # r1c2, several steps away
        else:
            page.locator("#hint-cell").select_option("r1c2")
        page.locator("#act-hint").click()
        expect(page.locator("#hint")).to_contain_text("Not yet: r1c2 can be filled")
        page.locator("#act-hint-any").click()
        expect(page.locator("#hint-title")).to_have_text("Hint for any cell")
        expect(page.locator("#act-hint-any")).to_have_count(0)
        expect(page.locator("#hint .hint-level")).to_have_count(1)
        if js:
            expect(page.locator("#act-hint-more")).to_be_focused()
        check_page(page, "375", f"hint-anywhere-{'js' if js else 'nojs'}", axe=js)


@pytest.mark.parametrize("size", SIZES)
def test_simple_colouring_shows_two_colours(browser: Browser, server: str, size: str) -> None:
    state, step = before_step(COLOURING, "Simple colouring")
    with opened(browser, server, size) as page:
        page.goto(state.url)
        first = page.locator(".notes .hint-colour-1")
        second = page.locator(".notes .hint-colour-2")
        expect(first).to_have_count(len(step.colours[0]))
        expect(second).to_have_count(len(step.colours[1]))
        look = "el => [getComputedStyle(el).backgroundColor, getComputedStyle(el).boxShadow]"
        filled, ringed = first.first.evaluate(look), second.first.evaluate(look)
        assert filled != ringed  # drawn apart: a filled disc and a ring of another colour
        assert ringed[1] != "none" and filled[0] != "rgba(0, 0, 0, 0)"
        colours = fold(page, "The colours")
        colours.locator("summary").click()
        expect(colours.locator("li").first).to_contain_text("Filled blue: ")
        check_page(page, size, "hint-colouring")


@pytest.mark.parametrize("size", SIZES)
def test_a_chain_is_shown_whole(browser: Browser, server: str, size: str) -> None:
    state, step = before_step(X_CHAIN, "X-chain")
    with opened(browser, server, size) as page:
        page.goto(state.url)
        chain = fold(page, "The whole chain")
        chain.locator("summary").click()
        expect(chain.locator("li")).to_have_text(step.chains[0].notation)
        expect(page.locator(".cell.hint-cell")).to_have_count(len(set(step.cells)))
        check_page(page, size, "hint-chain")


@pytest.mark.parametrize("size", SIZES)
def test_a_wrong_entry_shows_its_chain_and_where_it_breaks(
    browser: Browser, server: str, size: str
) -> None:
    entries = [0] * 81
    entries[46] = 1  # r6c2 is 3 in EASY: a 1 forces eight digits, then column 7 has no 7 left
    with opened(browser, server, size) as page:
        page.goto(GameState(parse(EASY), tuple(entries)).url)
        page.locator("#act-hint").click()
        expect(page.locator("#hint")).to_contain_text("r6c2 can't be 1")
        expect(page.locator("#c46")).to_have_class(re.compile(r"\bhint-wrong\b"))
        expect(page.locator("#c69")).to_have_class(re.compile(r"\bhint-broken\b"))  # r8c7
        expect(page.locator(".notes .hint-on")).to_have_count(8)
        chain = fold(page, "The whole chain")
        chain.locator("summary").click()
        expect(chain.locator("li").last).to_have_text("so column 7 would have no place left for 7")
        check_page(page, size, "hint-wrong-chain")


@pytest.mark.parametrize("size", SIZES)
def test_a_wrong_entrys_locked_candidates_are_drawn(
    browser: Browser, server: str, size: str
) -> None:
    """r9c8 = 6 (TOP_185): then 8 in row 9 can only go in box 7, so r8c7 is the only place for
    8 in row 8. The 8s that lock rules out in r8c1-r8c3 are struck out (they were drawn as
    possible), the places it finds in r9c1-r9c3 drawn in bold."""
    entries = tuple(6 if c == 79 else 0 for c in range(81))
    state = replace(fill_candidates(GameState(parse(TOP_185), entries)), hint=1)  # all noted
    for js in (False, True):
        with opened(browser, server, size, js=js) as page:
            page.goto(state.url)
            expect(page.locator("#hint")).to_contain_text("can't be 8 (in row 9")
            for cell in (63, 64, 65, 55, 56):  # r8c1-r8c3, r7c2, r7c3
                expect(page.locator(f"#c{cell} ~ .notes .hint-off")).to_have_text("8")
            for cell in (72, 73, 74):  # r9c1-r9c3
                expect(page.locator(f"#c{cell} ~ .notes .hint-lock")).to_have_text("8")
            expect(page.locator("#c69 ~ .notes .hint-on")).to_have_text("8")  # r8c7
            check_page(page, size, f"hint-wrong-lock-{'js' if js else 'nojs'}", axe=js)


def test_a_given_the_hint_rests_on_keeps_the_hints_colour_in_the_selected_box(
    browser: Browser, server: str
) -> None:
    """r1c1 selected, its hint's step rests on the given in r3c3 (box 1): that given is drawn
    in the hint's colour like the step's other cells, not in the selected box's grey."""
    with opened(browser, server, "375") as page:
        page.goto(GameState(parse(EASY), cell=0, hint=3).url)
        page.locator(".cell").nth(0).click()
        given = page.locator(".hl-unit > .cell.given.hint-cell")
        expect(given).to_have_count(1)  # r3c3, in the selected cell's box
        backgrounds = page.locator(".cell.hint-cell").evaluate_all(
            "cells => cells.map(c => getComputedStyle(c).backgroundColor)"
        )
        assert len(backgrounds) > 1 and len(set(backgrounds)) == 1, backgrounds
