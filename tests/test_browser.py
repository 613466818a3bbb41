"""End to end in Debian's Chromium (Playwright) against the real app served by gunicorn
(the fixtures live in conftest.py)."""

from __future__ import annotations

import re

import pytest
from puzzles import EASY

from webapp.sudoku import parse
from webapp.urlstate import GameState

pytest.importorskip("playwright")
from conftest import BROWSER_TESTS, DESKTOP, new_context, shoot
from playwright.sync_api import Browser, Page, expect
from test_browser_game import until

EASY_PATH = "/p/v1/b3a2a6b9b3a5b1b18a64d81a29b7g8b67a82d26a95b8b2a3b9b5a1a3b"
PHONE = {"width": 375, "height": 812}


def with_entries(entries: dict[int, int], solve: bool = False) -> str:
    """The URL of EASY with the player's entries {cell: digit}."""
    grid = tuple(entries.get(i, 0) for i in range(81))
    return GameState(parse(EASY), grid, solve=solve).url


PLAYING = {0: 4, 1: 8, 3: 9, 10: 6, 11: 7, 19: 5, 40: 6, 41: 4, 70: 7}  # r8c8 is wrong

pytestmark = BROWSER_TESTS


def cell(page: Page, index: int):  # -> Locator
    return page.locator(f"#c{index}")


def values(page: Page) -> list[str]:
    return page.eval_on_selector_all("#grid .cell", "cells => cells.map(c => c.value)")


def type_in(page: Page, index: int, key: str) -> None:
    cell(page, index).focus()
    page.keyboard.press(key)


# With JavaScript (htmx)


def test_clashing_digit_marks_both_cells_and_updates_the_url(page: Page) -> None:
    page.goto(EASY_PATH)
    type_in(page, 0, "2")  # r1c5 holds a given 2
    expect(cell(page, 0)).to_have_class(re.compile(r"\bclash\b"))
    expect(cell(page, 4)).to_have_class(re.compile(r"\bclash\b"))
    expect(cell(page, 1)).to_have_class(re.compile(r"\bzone\b"))
    expect(page.locator(".status-line")).to_contain_text("1 clash")
    expect(page.locator(".panel")).to_contain_text("2 appears 2 times in row 1 (r1c1, r1c5)")
    expect(page).to_have_url(re.compile(r"\?e=2zzzb&(t=\d+&)?h=\w{3}$"))
    expect(cell(page, 0)).to_be_focused()
    shoot(page, "typed-clash-1280")


def test_keyboard_moves_types_and_clears(page: Page) -> None:
    page.goto(EASY_PATH)
    cell(page, 0).focus()
    page.keyboard.press("ArrowRight")
    expect(cell(page, 1)).to_be_focused()
    page.keyboard.press("ArrowDown")
    expect(cell(page, 10)).to_be_focused()
    page.keyboard.press("6")
    expect(page).to_have_url(re.compile(r"e=j6"))
    expect(cell(page, 10)).to_have_value("6")
    expect(cell(page, 10)).to_be_focused()
    page.keyboard.press("x")  # ignored
    page.keyboard.press("7")  # replaces
    expect(page).to_have_url(re.compile(r"e=j7"))
    page.keyboard.press("Backspace")
    expect(page).to_have_url(re.compile(EASY_PATH + r"\?(t=\d+&)?h=\w+$"))
    expect(cell(page, 10)).to_have_value("")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")  # stays on the top row
    expect(cell(page, 0)).to_be_focused()
    cell(page, 2).focus()  # a given cannot change
    page.keyboard.press("5")
    expect(cell(page, 2)).to_have_value("3")


def test_grid_is_one_tab_stop(page: Page) -> None:
    page.goto(EASY_PATH)
    cell(page, 40).focus()
    page.keyboard.press("Tab")  # out of the grid, to the pad's first digit
    expect(page.locator(".pad .key").first).to_be_focused()
    page.keyboard.press("Tab")
    expect(page.locator(".pad .key").nth(1)).to_be_focused()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Shift+Tab")
    expect(cell(page, 40)).to_be_focused()


def test_solve_then_reload_then_hide(page: Page) -> None:
    page.goto(EASY_PATH)
    type_in(page, 0, "4")
    expect(page).to_have_url(re.compile(r"\?e=4"))
    page.locator("summary", has_text="Solve").click()  # Solve asks first
    page.locator("#act-solve").click()
    expect(page).to_have_url(re.compile(r"solve=1&"))
    expect(page.locator(".panel")).to_contain_text("Here is the puzzle's solution, the only one.")
    expect(cell(page, 1)).to_have_class(re.compile(r"\bsolved\b"))
    expect(cell(page, 1)).to_have_value("8")
    expect(cell(page, 0)).to_have_class(re.compile(r"\bentry\b"))
    shoot(page, "solved-1280")
    shown = values(page)
    page.reload()
    assert values(page) == shown
    expect(cell(page, 1)).to_have_class(re.compile(r"\bsolved\b"))
    page.locator("#act-solve").click()  # Hide (Back leaves the game: test_browser_history)
    expect(page).to_have_url(re.compile(r"\?e=4zzzb&(t=\d+&)?h="))
    expect(cell(page, 1)).to_have_value("")
    expect(cell(page, 0)).to_have_value("4")


def test_many_solutions_and_no_solution_are_said_plainly(page: Page) -> None:
    page.goto("/p/v1/zzzc?solve=1")
    expect(page.locator(".panel")).to_contain_text("more than one solution")
    assert page.locator(".cell.differs").count() >= 2
    shoot(page, "multiple-1280")
    page.goto("/p/v1/b3a2a6a29b3a5b1b18a64d81a29b7g8b67a82d26a95b8b2a3b9b5a1a3b?solve=1")
    expect(page.locator(".panel")).to_contain_text(
        "No solution. The givens clash: 2 appears 2 times in row 1 (r1c5, r1c9)."
    )


def test_a_link_that_could_not_be_copied_is_not_said_to_be(page: Page) -> None:
    """With the clipboard refused and the old copy command failing, the button still said
    'Copied!' and a screen reader heard 'Link copied.'"""
    page.add_init_script(
        """navigator.clipboard.writeText = () => Promise.reject(new Error('denied'));
        document.execCommand = () => false;"""
    )
    page.goto(EASY_PATH)
    page.locator("#copy-link").click()
    expect(page.locator("#copy-link")).to_have_text("Selected: copy it")
    expect(page.locator("#announce")).to_have_text(re.compile("could not be copied"))
    field = page.locator("#share-url")  # selected whole, to copy by hand
    assert field.evaluate("f => f.selectionEnd - f.selectionStart") == len(field.input_value())


def test_copied_link_opens_the_same_state_elsewhere(
    page: Page, browser: Browser, server: str
) -> None:
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto(EASY_PATH)
    type_in(page, 0, "4")
    type_in(page, 80, "9")
    expect(page).to_have_url(re.compile(r"e=4zzza9&"))
    page.locator("#copy-link").click()
    expect(page.locator("#copy-link")).to_have_text("Copied!")
    link = page.evaluate("navigator.clipboard.readText()")
    assert link == page.locator("#share-url").input_value()
    assert page.url.startswith(link + "&h=")  # the shared link leaves the undo history out
    other = new_context(browser, server)
    try:
        fresh = other.new_page()
        fresh.goto(link)
        assert values(fresh) == values(page)
        expect(cell(fresh, 80)).to_have_class(re.compile(r"\bentry\b"))
    finally:
        other.close()


def test_enter_a_puzzle_then_play_it(page: Page) -> None:
    page.goto("/")
    expect(page.locator(".mode")).to_contain_text("Type in a puzzle")
    type_in(page, 0, "5")
    expect(page).to_have_url(re.compile(r"/p/v1/5zzzb\?mode=enter$"))
    page.keyboard.press("ArrowRight")
    page.keyboard.press("3")
    expect(page).to_have_url(re.compile(r"/p/v1/53zzza\?mode=enter$"))
    page.locator("#act-main").click()  # two givens: not a proper puzzle, so it asks
    expect(page.locator("#problem")).to_contain_text("more than one solution")
    page.locator("#act-anyway").click()
    expect(page).to_have_url(re.compile(r"/p/v1/53zzza$"))
    expect(cell(page, 0)).to_have_attribute("readonly", "")
    expect(cell(page, 0)).to_have_class(re.compile(r"\bgiven\b"))


def test_paste_a_puzzle(page: Page) -> None:
    page.goto("/")
    page.locator("#paste-text").fill("not a sudoku")
    page.get_by_role("button", name="Open puzzle").click()
    expect(page.locator("#paste-error")).to_contain_text("can't be read: unexpected 'n'")
    expect(page).to_have_url(re.compile(r"/$"))
    page.locator("#paste-text").fill(EASY)
    page.get_by_role("button", name="Open puzzle").click()
    expect(page).to_have_url(re.compile(EASY_PATH + "$"))
    expect(cell(page, 2)).to_have_class(re.compile(r"\bgiven\b"))


def test_bad_link_shows_a_400_page(page: Page) -> None:
    response = page.goto("/p/v1/12x45")
    assert response is not None and response.status == 400
    expect(page.locator("h1")).to_contain_text("can't be read")
    expect(page.locator(".error-what")).to_contain_text("The puzzle describes 28 cells")
    shoot(page, "error-400-1280")
    page.get_by_role("link", name="Start a fresh grid").click()
    expect(page.locator("#grid .cell")).to_have_count(81)


@pytest.mark.parametrize("width", [1280, 375])
def test_layout_and_screenshots(browser: Browser, server: str, width: int) -> None:
    viewport = DESKTOP if width == 1280 else PHONE
    context = new_context(browser, server, viewport=viewport)
    page = context.new_page()
    try:
        for name, url in [
            ("home", "/"),
            ("play", with_entries(PLAYING)),
            ("clash", with_entries({**PLAYING, 40: 8})),  # 8 twice in row 5 and in box 5
            ("solved", with_entries(PLAYING, solve=True)),
            ("multiple", "/p/v1/zzzc?solve=1"),
        ]:
            page.goto(url)
            width_used = page.evaluate("document.documentElement.scrollWidth")
            assert width_used <= width, f"{name}: horizontal scroll at {width}px"
            box = cell(page, 0).bounding_box()
            assert box and box["width"] >= 36 and box["height"] >= 36
            shoot(page, f"{name}-{width}")
    finally:
        context.close()


SHARE_SHEET = """navigator.share = data => {  // a phone's share sheet, as the page sees it
    window.sharedLinks = [...(window.sharedLinks || []), data.url];
    return Promise.resolve();
};"""


def test_where_the_browser_can_share_share_opens_its_sheet_with_the_link(
    browser: Browser, server: str
) -> None:
    context = new_context(browser, server, viewport=PHONE, touch=True)
    try:
        page = context.new_page()
        page.goto(EASY_PATH)
        expect(page.locator("#copy-link")).to_be_visible()
        expect(page.locator("#share-link")).to_be_hidden()  # this browser has no share sheet
        page.add_init_script(SHARE_SHEET)
        page.reload()
        page.locator("#share-link").click()
        until(page, lambda: page.evaluate("window.sharedLinks || []") != [], "the sheet")
        assert page.evaluate("window.sharedLinks") == [page.locator("#share-url").input_value()]
        shoot(page, "share-375")
    finally:
        context.close()


# Without JavaScript: the same form posts and full pages come back


def test_nojs_type_check_solve_reload_and_share(
    nojs_page: Page, browser: Browser, server: str
) -> None:
    page = nojs_page
    page.goto(EASY_PATH)
    expect(page.locator("#copy-link")).to_be_hidden()
    expect(page.locator("#share-url")).to_be_visible()
    cell(page, 0).fill("2")
    page.get_by_role("button", name="Update the grid").click()
    expect(page).to_have_url(re.compile(r"\?e=2zzzb&"))
    expect(cell(page, 0)).to_have_class(re.compile(r"\bclash\b"))
    expect(cell(page, 4)).to_have_class(re.compile(r"\bclash\b"))
    shoot(page, "nojs-clash-1280")
    cell(page, 0).fill("4")
    page.locator("summary", has_text="Solve").click()
    page.get_by_role("button", name="Show the solution").click()
    expect(page).to_have_url(re.compile(r"\?e=4zzzb&solve=1&"))
    expect(cell(page, 1)).to_have_class(re.compile(r"\bsolved\b"))
    page.reload()
    expect(cell(page, 1)).to_have_value("8")
    link = page.locator("#share-url").input_value()
    assert "solve=1" not in link  # a friend gets the game, not the solution shown here
    other = new_context(browser, server, js=False)
    try:
        fresh = other.new_page()
        fresh.goto(link)
        expect(cell(fresh, 0)).to_have_value("4")
        expect(cell(fresh, 1)).to_have_value("")
    finally:
        other.close()
    page.get_by_role("button", name="Hide solution").click()
    expect(page).to_have_url(re.compile(r"\?e=4zzzb&(t=\d+&)?h="))


def test_nojs_enter_paste_and_bad_input(nojs_page: Page) -> None:
    page = nojs_page
    page.goto("/")
    cell(page, 0).fill("5")
    cell(page, 1).fill("3")
    page.get_by_role("button", name="Start playing").click()
    expect(page.locator("#problem")).to_contain_text("more than one solution")
    page.get_by_role("button", name="Play anyway").click()
    expect(page).to_have_url(re.compile(r"/p/v1/53zzza$"))
    expect(cell(page, 0)).to_have_attribute("readonly", "")
    page.goto("/")
    page.locator("#paste-text").fill("12345x")
    page.get_by_role("button", name="Open puzzle").click()
    expect(page.locator("#paste-error")).to_contain_text("unexpected 'x' at row 1, column 6")
    page.locator("#paste-text").fill(EASY)
    page.get_by_role("button", name="Open puzzle").click()
    expect(page).to_have_url(re.compile(EASY_PATH + "$"))


def test_nojs_enter_in_a_cell_updates_the_grid_and_never_pauses(nojs_page: Page) -> None:
    """Enter (a phone keyboard's Go) submits the form's first button: the grid's update, not
    the bar's Pause that comes before the grid."""
    page = nojs_page
    page.goto(EASY_PATH)
    cell(page, 0).fill("2")
    cell(page, 0).press("Enter")
    expect(page).to_have_url(re.compile(r"\?e=2zzzb&"))
    assert "pause=1" not in page.url
    expect(cell(page, 0)).to_have_class(re.compile(r"\bclash\b"))
    expect(page.get_by_role("button", name="Pause")).to_be_visible()


def test_nojs_phone_screenshot(browser: Browser, server: str) -> None:
    context = new_context(browser, server, js=False, viewport=PHONE)
    try:
        page = context.new_page()
        page.goto(EASY_PATH + "?e=2zzzb")
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
        shoot(page, "nojs-clash-375")
    finally:
        context.close()


# Hints and notes

HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
HARD_PATH = GameState(parse(HARD)).url


def hint_levels(page: Page):  # -> Locator
    return page.locator("#hint .hint-what")


@pytest.mark.parametrize("width", [1280, 375])
def test_hint_for_a_selected_cell_walks_four_levels(
    browser: Browser, server: str, width: int
) -> None:
    context = new_context(browser, server, viewport=DESKTOP if width == 1280 else PHONE)
    page = context.new_page()
    try:
        page.goto(HARD_PATH)
        cell(page, 2).click()  # r1c3
        expect(page.locator("#hint-cell")).to_have_value("r1c3")
        page.locator("#act-hint").click()
        expect(hint_levels(page)).to_have_text(["Where to look"])
        expect(page.locator("#hint")).to_contain_text("Not yet: r1c3 can be filled after two steps")
        expect(page).to_have_url(re.compile(r"cell=r1c3&hint=1&hints=1(&t=\d+)?$"))
        page.locator("#act-hint-more").click()
        expect(hint_levels(page)).to_have_text(["Where to look", "Technique"])
        expect(page.locator("#hint")).to_contain_text("Hidden single in box 7")
        expect(page.locator(".cell.hint-zone")).to_have_count(9)
        page.locator("#act-hint-more").click()
        expect(hint_levels(page)).to_have_text(["Where to look", "Technique", "Why"])
        expect(page.locator(".notes .hint-on")).to_have_text("3")  # the candidate, in r8c3
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        shoot(page, f"hint-level3-{width}")
        page.reload()  # the hint lives in the URL too
        expect(hint_levels(page)).to_have_count(3)
        page.locator("#act-hint-apply").click()
        expect(cell(page, 65)).to_have_value("3")
        expect(cell(page, 65)).to_have_class(re.compile(r"\bentry\b"))
        expect(hint_levels(page)).to_have_count(0)
        expect(page).to_have_url(re.compile(r"\?e=zzm3o&hints=1&(t=\d+&)?h=~"))
    finally:
        context.close()


def test_a_wrong_entry_is_named_before_any_help(page: Page) -> None:
    page.goto(HARD_PATH)
    type_in(page, 1, "6")  # r1c2 is 6 in no solution, and clashes with nothing
    expect(page).to_have_url(re.compile(r"\?e=a6"))
    cell(page, 10).focus()  # r2c2, a given: the hint is about any cell
    page.locator("#act-hint").click()
    expect(page.locator("#hint")).to_contain_text("Check this first")
    expect(page.locator("#hint")).to_contain_text("r1c2 can't be 6")
    expect(cell(page, 1)).to_have_class(re.compile(r"\bhint-wrong\b"))
    shoot(page, "hint-mistake-1280")
    page.locator("#act-hint-apply").click()
    expect(cell(page, 1)).to_have_value("")
    expect(page).to_have_url(re.compile(re.escape(HARD_PATH) + r"\?hints=1&(t=\d+&)?h="))


def test_notes_mode_writes_notes_that_survive_a_reload(page: Page) -> None:
    page.goto(HARD_PATH)
    cell(page, 1).focus()
    page.locator("#notes-mode").click()
    expect(page.locator("#notes-mode")).to_have_attribute("aria-pressed", "true")
    expect(cell(page, 1)).to_be_focused()
    page.keyboard.press("2")
    expect(page).to_have_url(re.compile(r"\?n=A02Z.*notes=1"))
    page.keyboard.press("9")
    page.keyboard.press("6")
    expect(page.locator("#c1 ~ .notes")).to_have_text("269")
    expect(page).to_have_url(re.compile(r"\?n=A92Z"))  # 2, 6, 9: mask 290, "92" in base 32
    page.keyboard.press("9")  # toggles 9 off
    expect(page.locator("#c1 ~ .notes")).to_have_text("26")
    page.keyboard.press("n")  # back to digits
    expect(page.locator("#notes-mode")).to_have_attribute("aria-pressed", "false")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("5")
    expect(page).to_have_url(re.compile(r"e=b5"))
    shown = page.url
    page.reload()
    expect(page.locator("#c1 ~ .notes")).to_have_text("26")
    assert page.url == shown
    expect(cell(page, 1)).to_have_attribute(
        "aria-label", "row 1, column 2, notes 2 6, 2 already placed in its row, column or box"
    )


def test_nojs_notes_and_hint(nojs_page: Page) -> None:
    page = nojs_page
    page.goto(HARD_PATH)
    cell(page, 1).fill("916")  # several digits: notes (r1c2 is 1)
    page.get_by_role("button", name="Update the grid").click()
    expect(page.locator("#c1 ~ .notes")).to_have_text("169")
    page.locator("#hint-cell").select_option("r6c2")
    page.get_by_role("button", name="Hint", exact=True).click()
    expect(page.locator("#hint")).to_contain_text("Yes, r6c2 can be filled now")
    page.get_by_role("button", name="Show more").click()
    page.get_by_role("button", name="Show more").click()
    expect(hint_levels(page)).to_have_count(3)
    shoot(page, "nojs-hint-1280")
    page.get_by_role("button", name="Place 4 in r6c2").click()
    expect(cell(page, 46)).to_have_value("4")
    expect(page.locator("#c1 ~ .notes")).to_have_text("169")


@pytest.mark.parametrize("level", ["Easy", "Medium", "Hard", "Expert", "Extreme"])
def test_new_puzzle_at_each_level(page: Page, level: str) -> None:
    page.goto("/")
    page.locator(".new").get_by_role("link", name=level, exact=True).click()
    expect(page).to_have_url(re.compile(rf"\?g={level.lower()}-\d+$"))
    expect(page.locator("#difficulty .level")).to_have_text(level)
    expect(page.locator(".seed a")).to_have_text(re.compile(rf"/new/{level.lower()}/\d+$"))
    assert page.locator("#grid .cell.given").count() >= 17
    if level == "Hard":
        shoot(page, "generated-hard-1280")
        seed_link = page.locator(".seed a").inner_text()
        shown = values(page)
        page.goto(seed_link)  # the seed makes the same puzzle again
        assert values(page) == shown


def test_the_test_browser_opens_no_page_of_its_own(browser: Browser, page: Page) -> None:
    """Beside the page a test opens, Chromium runs no page of its own (its omnibox popups
    took about 40% of every context's CPU: conftest's CHROMIUM_ARGS turn them off)."""
    page.goto("/robots.txt")
    session = browser.new_browser_cdp_session()
    try:
        targets = session.send("Target.getTargets")["targetInfos"]
    finally:
        session.detach()
    urls = [t["url"] for t in targets if t["type"] != "page"]
    assert urls == []
