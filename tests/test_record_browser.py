"""'Your record in this browser' (static/record.js), in Chromium: the games won here, by
level, in a won game's summary and in a table under New puzzle; nothing of it on the server."""

from __future__ import annotations

import math
import urllib.request
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from urllib.parse import urlsplit

import pytest
from puzzles import EASY, EASY_SOLUTION

from webapp.present import clock
from webapp.sudoku import parse, solve
from webapp.urlstate import GameState, from_path

pytest.importorskip("playwright")
from axe import report, violations
from conftest import BROWSER_TESTS, PHONE, new_context, shoot
from playwright.sync_api import Browser, Page, expect

pytestmark = BROWSER_TESTS

MISSING = EASY.index(".")


def one_move_left(seconds: int) -> str:
    """The Easy puzzle with every empty cell filled but one, `seconds` into the game."""
    entries = tuple(
        0 if given != "." or index == MISSING else int(digit)
        for index, (given, digit) in enumerate(zip(EASY, EASY_SOLUTION, strict=True))
    )
    return GameState(parse(EASY), entries, seconds=seconds).url


def average(*seconds: int) -> str:
    """The mean time as the record shows it (rounded half up, as JavaScript rounds)."""
    return clock(math.floor(sum(seconds) / len(seconds) + 0.5))


START = GameState(parse(EASY)).url  # the Easy puzzle before its first move


def win(page: Page, seconds: int) -> int:
    """Begin the game, open it one move from the end and make that move: the seconds it was
    won in (`seconds` and the moment the move took)."""
    page.goto(START)
    expect(page.locator("#status-line")).to_have_attribute("data-start", "")
    page.goto(one_move_left(seconds))
    expect(page.locator("#difficulty .level")).to_have_text("Easy")
    page.locator(f"#c{MISSING}").click()
    page.keyboard.press(EASY_SOLUTION[MISSING])
    expect(page.locator("#summary")).to_contain_text("Solved!")
    return int(page.locator("#summary").get_attribute("data-seconds") or "")


def finish_uncounted(page: Page) -> None:
    """Make the game's last move and see it not counted: no record line in its summary, no
    record under New puzzle."""
    page.locator(f"#c{MISSING}").click()
    page.keyboard.press(EASY_SOLUTION[MISSING])
    expect(page.locator("#summary")).to_contain_text("Solved!")
    page.wait_for_timeout(500)  # time for the script to have counted it
    expect(page.locator("#summary-record")).to_be_hidden()
    page.goto("/")
    expect(page.locator("#record")).to_be_hidden()


def test_wins_are_counted_by_level_with_the_best_and_average_time(
    browser: Browser, server: str
) -> None:
    context = new_context(browser, server, viewport=PHONE, bypass_csp=True, touch=True)
    try:
        page = context.new_page()
        page.goto("/")
        expect(page.locator("#record")).to_be_hidden()  # nothing won yet
        first = win(page, 300)
        said = page.locator("#summary-record")
        expect(said).to_have_text("Your first Easy puzzle won in this browser.")
        page.reload()  # the same win is not counted twice
        expect(said).to_have_text("Your first Easy puzzle won in this browser.")
        second = win(page, 240)
        expect(said).to_have_text(
            f"A new best Easy time (it was {clock(first)}). "
            f"2 Easy puzzles won in this browser, in {average(first, second)} "
            "on average."
        )
        shoot(page, "record-summary-375")
        third = win(page, 420)
        mean = average(first, second, third)
        expect(said).to_have_text(
            f"Your best Easy time: {clock(second)}. "
            f"3 Easy puzzles won in this browser, in {mean} on average."
        )
        page.goto("/")
        record = page.locator("#record")
        expect(record).to_be_visible()
        record.locator("> summary").click()
        table = page.get_by_role("table", name="Games won in this browser, by level")
        rows = table.locator("tbody tr")  # a screen reader's table list names it
        expect(rows).to_have_count(1)
        expect(rows.first.locator("th, td")).to_have_text(["Easy", "3", clock(second), mean])
        found = violations(page)
        assert not found, report(found)
        shoot(page, "record-375")
        record.locator("summary", has_text="Forget this record").click()
        shoot(page, "record-forget-375")
        page.locator("#record-forget").click()
        expect(record).to_be_hidden()
        page.reload()
        expect(record).to_be_hidden()  # gone from the browser's storage too
    finally:
        context.close()


def test_a_finished_game_opened_by_its_link_is_not_a_win(browser: Browser, server: str) -> None:
    """Someone else's solved grid, opened from its address, is not counted as won here."""
    context = new_context(browser, server, bypass_csp=True)
    try:
        page = context.new_page()
        win(page, 300)
        finished = page.url
        expect(page.locator("#summary-record")).to_be_visible()  # the winner's own
        shoot(page, "record-summary-1280")
        other = new_context(browser, server)
        try:
            visitor = other.new_page()
            visitor.goto(START)  # begun in the visitor's browser too
            visitor.goto(finished)
            expect(visitor.locator("#summary")).to_contain_text("Solved!")
            visitor.wait_for_timeout(500)  # time for the script to have counted it
            expect(visitor.locator("#summary-record")).to_be_hidden()
            visitor.locator("#act-undo").click()  # nor its last move undone and made again
            expect(visitor.locator("#summary")).to_have_count(0)
            finish_uncounted(visitor)
        finally:
            other.close()
    finally:
        context.close()


def test_a_game_whose_solution_was_shown_is_not_a_win(browser: Browser, server: str) -> None:
    """Solve… then Hide solution, then the grid finished: it counted as won (in a second)."""
    context = new_context(browser, server)
    try:
        page = context.new_page()
        page.goto(START)
        page.goto(one_move_left(300))
        page.locator("details.confirm summary", has_text="Solve").click()
        page.locator("#act-solve").click()
        expect(page.locator("#act-solve")).to_have_text("Hide solution")
        page.locator("#act-solve").click()
        expect(page.locator("#status-line")).to_have_attribute("data-game", "on")
        page.reload()  # not forgotten with the page
        finish_uncounted(page)
    finally:
        context.close()


def test_someones_game_in_progress_finished_here_is_not_a_win(
    browser: Browser, server: str
) -> None:
    """A friend's link to their game in progress, finished here, counted as won here in
    their time (the clock in the link is theirs). Only a game begun here counts."""
    context = new_context(browser, server)
    try:
        page = context.new_page()
        page.goto(one_move_left(300))
        expect(page.locator("#status-line")).not_to_have_attribute("data-start", "")
        finish_uncounted(page)
        win(page, 300)  # begun here, then played on from that link: a win
        expect(page.locator("#summary-record")).to_be_visible()
    finally:
        context.close()


def test_a_game_won_again_after_an_undo_counts_once(browser: Browser, server: str) -> None:
    context = new_context(browser, server)
    try:
        page = context.new_page()
        won = str(win(page, 300))
        page.reload()  # a won game shown again, then undone, is no new win either
        page.locator("#act-undo").click()
        expect(page.locator("#summary")).to_have_count(0)
        page.wait_for_timeout(1500)  # won again a second later: a win of its own otherwise
        page.locator(f"#c{MISSING}").click()
        page.keyboard.press(EASY_SOLUTION[MISSING])
        expect(page.locator("#summary")).to_contain_text("Solved!")
        assert page.locator("#summary").get_attribute("data-seconds") != won
        page.goto("/")
        page.locator("#record > summary").click()
        expect(page.locator("#record-rows td").first).to_have_text("1")
    finally:
        context.close()


def todays_game_one_move_left(server: str) -> tuple[GameState, int, str]:
    """Today's puzzle (/daily, as the server makes it) with every empty cell filled but
    one: the game, that cell and its digit."""
    with urllib.request.urlopen(server + "/daily") as answer:  # follows the redirect
        start = from_path(urlsplit(answer.url).path + "?" + urlsplit(answer.url).query)
    solution = solve(start.puzzle).solution
    assert solution is not None
    empty = [index for index, given in enumerate(start.puzzle) if not given]
    entries = tuple(
        0 if given or i == empty[0] else solution[i] for i, given in enumerate(start.puzzle)
    )
    return replace(start, entries=entries, seconds=600), empty[0], str(solution[empty[0]])


def test_todays_puzzle_won_on_its_day_counts_the_days_in_a_row(
    browser: Browser, server: str
) -> None:
    game, missing, digit = todays_game_one_move_left(server)
    context = new_context(browser, server, bypass_csp=True)
    try:
        page = context.new_page()
        page.goto("/")
        earlier = [  # today's puzzle won on each of the two days before
            {"id": f"before-{back}", "level": "Easy", "seconds": 500, "daily": day}
            for back, day in enumerate(
                (datetime.now(UTC).date() - timedelta(days=k)).isoformat() for k in (1, 2)
            )
        ]
        page.evaluate(
            "wins => localStorage.setItem('sudoku-record', JSON.stringify(wins))", earlier
        )
        page.goto("/")
        expect(page.get_by_role("link", name="Today's puzzle", exact=True)).to_be_visible()
        page.goto(GameState(game.puzzle, origin=game.origin).url)  # begun here
        expect(page.locator("#status-line")).to_have_attribute("data-start", "")
        page.goto(game.url)
        expect(page.locator("#difficulty .level")).to_be_visible()
        page.locator(f"#c{missing}").click()
        page.keyboard.press(digit)
        expect(page.locator("#summary-record")).to_contain_text(
            "Days in a row you won today's puzzle: 3."
        )
        page.goto("/")
        expect(page.get_by_role("link", name="Today's puzzle, won today")).to_be_visible()
        page.locator("#record > summary").click()
        expect(page.locator("#record-daily")).to_have_text(
            "Days in a row you won today's puzzle: 3 now, 3 at most."
        )
        found = violations(page)
        assert not found, report(found)
        shoot(page, "record-daily-1280")
    finally:
        context.close()
