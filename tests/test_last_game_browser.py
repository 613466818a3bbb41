"""'Continue your game' on a blank grid (static/lastgame.js), in Chromium: the last game in
play in this browser, as it was left, until it is solved or its solution shown."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from puzzles import EASY

from webapp.sudoku import parse
from webapp.urlstate import GameState

pytest.importorskip("playwright")
from axe import report, violations
from conftest import BROWSER_TESTS, PHONE, new_context, shoot
from playwright.sync_api import Browser, Page, expect

pytestmark = BROWSER_TESTS

HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def address(page: Page) -> str:
    parts = urlsplit(page.url)
    return parts.path + (f"?{parts.query}" if parts.query else "")


def play_a_move(page: Page, puzzle: str) -> str:
    """Open `puzzle` in play, type a digit in its first empty cell: the game's address."""
    page.goto(GameState(parse(puzzle)).url)
    before = page.url
    page.locator(f"#c{puzzle.index('.')}").click()
    page.keyboard.press("2")
    expect(page.locator(f"#c{puzzle.index('.')}")).to_have_value("2")
    expect(page).not_to_have_url(before)  # the move is in the address
    return address(page)


def test_a_blank_grid_offers_the_last_game_as_it_was_left(browser: Browser, server: str) -> None:
    context = new_context(browser, server, viewport=PHONE, bypass_csp=True, touch=True)
    try:
        page = context.new_page()
        page.goto("/")
        expect(page.locator("#last-game")).to_be_hidden()  # nothing played yet
        left = play_a_move(page, HARD)
        page.goto("/")
        offer = page.locator("#last-game")
        expect(offer).to_be_visible()
        expect(page.locator("#last-game-link")).to_have_attribute("href", left)
        expect(page.locator("#last-game-what")).to_contain_text("18 of 81 filled")
        found = violations(page)
        assert not found, report(found)
        shoot(page, "last-game-375")
        page.locator("#last-game-link").click()
        expect(page.locator(f"#c{HARD.index('.')}")).to_have_value("2")
        assert address(page) == left
        # the game it offers is the one played last
        later = play_a_move(page, EASY)
        page.goto("/")
        expect(page.locator("#last-game-link")).to_have_attribute("href", later)
    finally:
        context.close()


def test_a_game_only_opened_does_not_replace_the_one_played(browser: Browser, server: str) -> None:
    """Opening a friend's link (or a new puzzle) and making no move there replaced the game
    kept: Continue lost the player's own game."""
    context = new_context(browser, server)
    try:
        page = context.new_page()
        mine = play_a_move(page, HARD)
        page.goto(GameState(parse(EASY)).url)  # a friend's link, looked at
        expect(page.locator("#status-line")).to_have_attribute("data-game", "on")
        page.goto("/new/easy/42")
        expect(page.locator("#difficulty .level")).to_have_text("Easy")
        page.goto("/")
        expect(page.locator("#last-game-link")).to_have_attribute("href", mine)
        played = play_a_move(page, EASY)  # a move there: now that is the game to continue
        page.goto("/")
        expect(page.locator("#last-game-link")).to_have_attribute("href", played)
    finally:
        context.close()


def test_a_game_whose_solution_was_shown_is_not_offered(browser: Browser, server: str) -> None:
    context = new_context(browser, server)
    try:
        page = context.new_page()
        play_a_move(page, HARD)
        page.locator("details.confirm summary", has_text="Solve").click()
        page.locator("#act-solve").click()
        expect(page.locator("#act-solve")).to_have_text("Hide solution")
        page.goto("/")
        expect(page.locator("#last-game")).to_be_hidden()
    finally:
        context.close()


def test_without_javascript_nothing_is_offered(browser: Browser, server: str) -> None:
    context = new_context(browser, server, js=False)
    try:
        page = context.new_page()
        page.goto(GameState(parse(HARD)).url)
        page.goto("/")
        expect(page.locator("#last-game")).to_be_hidden()
    finally:
        context.close()
