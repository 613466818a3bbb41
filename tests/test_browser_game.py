"""The game as players use it, in Debian's Chromium (fixtures in conftest.py): the grid stays
put, fits a phone with its pad and hint, keeps the player's work, undo and redo, highlights,
notes helpers, Check, the clock, the finished game, print, and axe-core on every kind of page.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from dataclasses import replace
from urllib.parse import urlsplit

import pytest
from puzzles import EASY, EASY_SOLUTION

from webapp import play
from webapp.sudoku import PEERS, parse
from webapp.urlstate import GameState, Mode, from_path

pytest.importorskip("playwright")
from axe import report, violations
from conftest import BROWSER_TESTS, DESKTOP, PHONE, Held, new_context, shoot
from playwright.sync_api import Browser, Locator, Page, Route, expect

pytestmark = BROWSER_TESTS

PHONES = [PHONE, {"width": 390, "height": 844}, {"width": 412, "height": 915}]
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
EASY_GAME = GameState(parse(EASY))
HARD_GAME = GameState(parse(HARD))


@pytest.fixture
def phone(browser: Browser, server: str) -> Iterator[Page]:
    """A phone's touch screen; its pages take injected scripts (axe-core)."""
    context = new_context(browser, server, viewport=PHONE, bypass_csp=True, touch=True)
    yield context.new_page()
    context.close()


def cell(page: Page, index: int) -> Locator:
    return page.locator(f"#c{index}")


def place(page: Page, index: int) -> Locator:
    """The cell's box, which holds its highlights."""
    return page.locator(f".box:has(> #c{index})")


def shown(page: Page) -> GameState:
    """The state in the address bar."""
    parts = urlsplit(page.url)
    return from_path(parts.path + ("?" + parts.query if parts.query else ""))


def until(page: Page, check, what: str) -> None:  # check: () -> bool
    """Wait (up to 10 s: a busy machine runs the suite on every core) until `check()` holds;
    wait_for_function would need eval, which the page's Content-Security-Policy refuses."""
    for _ in range(200):
        if check():
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"timed out waiting for {what}")


def wait_for_move(page: Page, count: int) -> None:
    """Wait until the address bar's history holds `count` moves."""
    until(page, lambda: len(shown(page).history) == count, f"{count} moves in the URL")


def focused(page: Page) -> str:
    return page.evaluate("document.activeElement.id || document.activeElement.tagName")


def assert_no_axe_violations(page: Page, name: str) -> None:
    found = violations(page)
    assert not found, f"{name}: {report(found)}"


# Broken today (issue 10): each of these failed before its fix


@pytest.mark.parametrize("viewport", [*PHONES, {"width": 1366, "height": 768}])
def test_typing_from_a_scrolled_page_keeps_the_grid_where_it_was(
    browser: Browser, server: str, viewport: dict[str, int]
) -> None:
    """Scroll anchoring used to jump the page after each swap, the grid off-screen."""
    phone = viewport["width"] < 500
    context = new_context(browser, server, viewport=viewport, touch=phone)
    try:
        page = context.new_page()
        page.goto(EASY_GAME.url)
        page.mouse.wheel(0, 140)
        until(page, lambda: page.evaluate("window.scrollY") >= 100, "the page to scroll")
        target = cell(page, 37 if phone else 10)  # a cell in view after the scroll
        target.click()
        before = page.locator("#grid").bounding_box()
        scrolled = page.evaluate("window.scrollY")
        assert before and scrolled >= 100
        page.keyboard.press("6")
        expect(target).to_have_class(re.compile(r"\bentry\b"))
        wait_for_move(page, 1)
        after = page.locator("#grid").bounding_box()
        assert after and abs(after["y"] - before["y"]) < 1, (before, after)
        assert page.evaluate("window.scrollY") == scrolled
    finally:
        context.close()


def test_phone_fits_grid_pad_status_and_hint_on_one_screen(phone: Page) -> None:
    page = phone
    page.goto(HARD_GAME.url)
    cell(page, 1).click()
    page.locator("#act-hint").click()
    expect(page.locator("#hint .hint-level")).to_have_count(1)
    for level in (2, 3):
        page.locator("#act-hint-more").click()
        expect(page.locator("#hint .hint-level")).to_have_count(level)
        page.evaluate("window.scrollTo(0, 0)")
        shoot(page, f"phone-hint-level{level}-375")
        for what in ("#grid", ".pad", ".tools", "#status-line", "#hint .hint-level >> nth=-1"):
            box = page.locator(what).bounding_box()
            assert box and box["y"] >= 0 and box["y"] + box["height"] <= 740, (level, what, box)
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    shoot(page, "phone-hint-level2-375")


def test_on_a_phone_an_earlier_hint_level_opens_when_tapped(phone: Page) -> None:
    """Earlier levels take one line each on a phone; one cut short could not be read."""
    page = phone
    page.goto(HARD_GAME.url)
    cell(page, 1).click()
    page.locator("#act-hint").click()
    page.locator("#act-hint-more").click()
    first = page.locator("#hint .hint-text").first
    expect(first).to_have_attribute("aria-expanded", "false")
    assert first.evaluate("el => el.scrollWidth > el.clientWidth")  # "Not yet: r1c2 ... 5."
    line = first.bounding_box()
    first.click()
    expect(first).to_have_attribute("aria-expanded", "true")
    assert first.evaluate("el => el.scrollWidth <= el.clientWidth")
    opened = first.bounding_box()
    assert line and opened and opened["height"] > line["height"]
    first.focus()
    page.keyboard.press("Enter")
    expect(first).to_have_attribute("aria-expanded", "false")


def test_a_phone_on_its_side_shows_the_grid_and_the_pad_together(phone: Page) -> None:
    """At 740 x 375 the grid was 500 px tall and the pad under it: a scroll for every move."""
    page = phone
    page.set_viewport_size({"width": 740, "height": 375})
    page.goto(HARD_GAME.url)
    for what in ("#grid", ".pad", ".tools", "#status-line"):
        box = page.locator(what).bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= 375, (what, box)
    assert page.evaluate("document.documentElement.scrollWidth") <= 740
    shoot(page, "phone-landscape-740")


def in_view(page: Page, what: str, height: int) -> None:
    box = page.locator(what).bounding_box()
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= height, (what, box)


def test_a_phone_on_its_side_reads_a_hint_beside_the_whole_grid(phone: Page) -> None:
    """At 740 x 375 the hint opened under the grid: its text and the grid it talks about were
    never on the screen together. The grid now stays in view beside the panel."""
    page = phone
    page.set_viewport_size({"width": 740, "height": 375})
    page.goto(HARD_GAME.url)
    page.locator("#act-hint").evaluate("button => button.scrollIntoView({block: 'end'})")
    page.locator("#act-hint").tap()
    expect(page.locator("#act-hint-more")).to_be_visible()
    for what in ("#grid", "#hint .hint-level", "#act-hint-more"):
        in_view(page, what, 375)
    page.locator("#act-hint-more").tap()
    page.locator("#act-hint-more").tap()
    expect(page.locator("#act-hint-apply")).to_be_visible()
    for what in ("#grid", "#act-hint-apply"):
        in_view(page, what, 375)
    shoot(page, "phone-landscape-740-hint")
    found = violations(page)  # the form lays nothing out here (display: contents)
    assert not found, report(found)
    page.locator("#act-hint-apply").tap()
    expect(page.locator("#hint .hint-level")).to_have_count(0)
    in_view(page, "#grid", 375)
    assert page.evaluate("document.documentElement.scrollWidth") <= 740


def test_a_phone_on_its_side_offers_new_puzzles_beside_the_grid(phone: Page) -> None:
    """Entering a puzzle, New puzzle (outside the form) sits in the column beside the grid."""
    page = phone
    page.set_viewport_size({"width": 740, "height": 375})
    page.goto("/")
    grid = page.locator("#grid").bounding_box()
    offer = page.locator("nav.new").bounding_box()
    assert grid and offer and offer["x"] >= grid["x"] + grid["width"], (grid, offer)
    assert offer["y"] < 375  # on the first screen


def test_edit_the_givens_keeps_entries_and_notes(page: Page) -> None:
    entries = (4, 8) + (0,) * 79
    notes = (0, 0, 0, 0b1000000) + (0,) * 77  # a 7 noted in r1c4
    page.goto(GameState(parse(EASY), entries, notes=notes).url)
    page.locator("#act-mode").click()
    expect(page.locator(".mode")).to_contain_text("Type in a puzzle")
    expect(page.locator(".panel")).to_contain_text("Your 2 entries and notes in 1 cell are kept")
    cell(page, 1).focus()  # a given where the player had an 8: shown, then dropped
    page.keyboard.press("8")
    expect(page.locator(".panel")).to_contain_text("r1c2 (your 8)")
    page.locator("#act-main").click()
    expect(page.locator(".mode")).to_contain_text("Fill every empty cell")
    expect(cell(page, 0)).to_have_value("4")
    expect(cell(page, 0)).to_have_class(re.compile(r"\bentry\b"))
    expect(cell(page, 1)).to_have_class(re.compile(r"\bgiven\b"))
    expect(page.locator("#c3 ~ .notes")).to_have_text("7")
    state = shown(page)
    assert state.entries[0] == 4 and state.entries[1] == 0 and state.puzzle[1] == 8


@pytest.mark.parametrize(
    ("givens", "says", "anyway"),
    [
        ("", "The grid is empty", False),
        ("55", "The givens break a rule: 5 appears 2 times in row 1", True),
        ("123", "more than one solution", True),
    ],
)
def test_start_playing_says_what_is_wrong(page: Page, givens: str, says: str, anyway: bool) -> None:
    page.goto("/")
    for i, digit in enumerate(givens):
        cell(page, i).focus()
        page.keyboard.press(digit)
    if givens:
        expect(page).to_have_url(re.compile(rf"/p/v1/{givens}"))
    page.locator("#act-main").click()
    expect(page.locator("#problem")).to_contain_text(says)
    expect(page.locator("#problem").get_by_role("link", name="New easy puzzle")).to_be_visible()
    expect(page.locator("#act-anyway")).to_have_count(1 if anyway else 0)
    assert page.evaluate("document.activeElement.tagName") != "BODY"
    expect(page.locator(".mode")).to_contain_text("Type in a puzzle")


def test_on_a_phone_what_stops_play_is_scrolled_into_view(phone: Page) -> None:
    page = phone
    page.goto("/")
    cell(page, 0).tap()
    page.keyboard.press("1")
    expect(page).to_have_url(re.compile(r"/p/v1/1"))
    page.locator("#act-main").click()
    expect(page.locator("#problem")).to_contain_text("With 1 given this puzzle has more")
    expect(page.locator("#problem")).to_be_in_viewport(ratio=0.95)


def test_home_offers_new_puzzles_before_typing_one_in(page: Page) -> None:
    page.goto("/")
    new = page.locator(".new").first.bounding_box()
    grid = page.locator("#grid").bounding_box()
    assert new and grid and new["y"] < grid["y"]


def test_focus_stays_on_the_grid_or_the_new_content(page: Page) -> None:
    page.goto("/")
    page.locator("#paste-text").fill(HARD)
    page.get_by_role("button", name="Open puzzle").click()
    expect(page.locator(".mode")).to_contain_text("Fill every empty cell")

    cell(page, 2).click()  # r1c3: its hint starts by placing 3 in r8c3
    page.locator("#act-hint").click()
    expect(page.locator("#hint .hint-level")).to_have_count(1)
    page.locator("#act-hint-more").click()
    expect(page.locator("#hint .hint-level")).to_have_count(2)
    page.locator("#act-hint-more").click()  # the last level: the button goes
    expect(page.locator("#hint .hint-level")).to_have_count(3)
    expect(page.locator("#act-hint-apply")).to_be_focused()
    page.locator("#act-hint-apply").click()
    expect(cell(page, 65)).to_have_value("3")
    expect(cell(page, 65)).to_be_focused()  # the cell the move was in (it went to r1c3)
    page.locator("#act-mode").click()
    expect(page.locator(".mode")).to_contain_text("Type in a puzzle")
    until(page, lambda: focused(page) != "BODY", "focus")
    assert re.fullmatch(r"c\d+", focused(page)), focused(page)
    page.locator("#act-main").click()
    expect(page.locator(".mode")).to_contain_text("Fill every empty cell")
    until(page, lambda: focused(page) != "BODY", "focus")
    assert re.fullmatch(r"c\d+", focused(page)), focused(page)


def heard(page: Page) -> list[str]:
    """What #announce has said since `listen(page)`, in order."""
    return page.evaluate("window.heard")


def listen(page: Page) -> None:
    page.evaluate(
        """window.heard = [];
        const region = document.getElementById('announce');
        new MutationObserver(() => { if (region.textContent) heard.push(region.textContent); })
            .observe(region, {childList: true, characterData: true, subtree: true});"""
    )


def test_a_screen_reader_hears_what_changed(page: Page) -> None:
    """The broken rules were said again after every action, and Undo, Check or a hint's
    level said nothing: each answer now tells what it changed, once."""
    page.goto(EASY_GAME.url)
    listen(page)
    cell(page, 0).click()
    page.keyboard.press("3")  # r1c3 holds a 3
    until(page, lambda: len(heard(page)) == 1, "the clash told")
    assert "3 appears 2 times in row 1" in heard(page)[0]
    cell(page, 1).click()
    page.keyboard.press(EASY_SOLUTION[1])
    wait_for_move(page, 2)
    page.wait_for_timeout(300)
    assert len(heard(page)) == 1  # the same clash is not told again
    cell(page, 0).click()
    page.keyboard.press("Delete")
    until(page, lambda: len(heard(page)) == 2, "the clash gone told")
    assert heard(page)[1] == "No rule is broken now."
    page.keyboard.press("Control+z")
    until(page, lambda: len(heard(page)) == 3, "the undo told")
    assert heard(page)[2].startswith("Undone: row 1, column 1, entry 3")
    assert "3 appears 2 times in row 1" in heard(page)[2]
    page.locator("#act-check").click()
    until(page, lambda: len(heard(page)) == 4, "the check told")
    assert heard(page)[3].startswith("Check: 1 entry is wrong")
    page.locator("#act-hint").click()
    until(page, lambda: len(heard(page)) == 5, "the hint told")
    assert heard(page)[4] == page.locator(".hint-text").last.inner_text()  # r1c1's 3 is wrong


def test_a_screen_reader_hears_a_wrong_entry_pause_and_resume(page: Page) -> None:
    """With mistakes shown, a wrong digit turned its cell red and added ", wrong" to its name,
    which a screen reader does not read again: nothing was said. Pause and Resume only
    renamed their button."""
    page.goto(replace(EASY_GAME, mistakes=True).url)
    listen(page)
    givens = parse(EASY)
    seen = {givens[peer] for peer in PEERS[1]}  # r1c2's row, column and box: no clash
    wrong = next(str(d) for d in range(1, 10) if d not in seen and str(d) != EASY_SOLUTION[1])
    cell(page, 1).click()
    page.keyboard.press(wrong)
    until(page, lambda: len(heard(page)) == 1, "the wrong entry told")
    assert heard(page)[0] == f"row 1, column 2, entry {wrong}, wrong.", heard(page)
    page.keyboard.press(EASY_SOLUTION[1])  # right: nothing to tell
    wait_for_move(page, 2)
    page.locator("#act-pause").click()
    until(page, lambda: len(heard(page)) == 2, "the pause told")
    assert heard(page)[1] == "Paused: the clock is stopped and the grid hidden."
    page.locator("#act-pause").click()
    until(page, lambda: len(heard(page)) == 3, "the resume told")
    assert heard(page)[2] == "Resumed."


def test_a_screen_reader_hears_a_game_begin_and_end(page: Page) -> None:
    """A pasted puzzle, or typed-in givens started, changed the page with nothing said: the
    player heard only the name of the control the focus landed on."""
    page.goto("/")
    listen(page)
    page.locator("#paste-text").fill(EASY)
    page.locator("#paste-open").click()
    until(page, lambda: len(heard(page)) == 1, "the game told")
    filled = 81 - EASY.count(".")
    assert heard(page)[0] == f"Play: Fill every empty cell. {filled} of 81 filled.", heard(page)
    page.locator("#act-mode").click()
    until(page, lambda: len(heard(page)) == 2, "the editing told")
    assert heard(page)[1].startswith("Enter: Type in a puzzle."), heard(page)
    page.locator("#act-main").click()
    until(page, lambda: len(heard(page)) == 3, "the game told again")
    assert heard(page)[2] == heard(page)[0]


def test_the_skip_link_lands_in_the_grid(page: Page) -> None:
    """It went to the page's main part: on the home page the next Tab reached Today's puzzle,
    the grid seven Tabs further. The heading read 'Play Fill every empty cell' as one phrase."""
    for url in ("/", EASY_GAME.url):
        page.goto(url)
        page.keyboard.press("Tab")
        expect(page.locator(".skip")).to_be_focused()
        page.keyboard.press("Enter")
        page.keyboard.press("Tab")
        assert re.fullmatch(r"c\d+", focused(page)), (url, focused(page))
    heading = page.locator("h1.mode").evaluate("h => h.textContent.replace(/\\s+/g, ' ')")
    assert heading.strip() == "Play: Fill every empty cell"


def test_in_forced_colours_clashes_and_the_selection_still_show(page: Page) -> None:
    """Forced colours drop backgrounds and shadows, which were every mark on the grid: a
    clash looked like any cell, and the selection vanished."""
    page.emulate_media(forced_colors="active")
    page.goto(EASY_GAME.url)
    cell(page, 0).click()
    page.keyboard.press("3")  # r1c3 holds a 3
    expect(cell(page, 0)).to_have_class(re.compile(r"\bclash\b"))
    cell(page, 1).click()

    def style(index: int, name: str) -> str:
        return cell(page, index).evaluate(f"el => getComputedStyle(el)['{name}']")

    assert style(0, "outlineStyle") == "dashed"
    assert style(2, "outlineStyle") == "dashed"  # the given 3 it clashes with
    assert style(80, "outlineStyle") == "none"
    page.locator("#c1").blur()
    page.locator("body").click(position={"x": 1, "y": 1})
    assert style(1, "backgroundColor") != style(80, "backgroundColor")  # still selected


def test_in_forced_colours_a_hints_givens_are_marked_like_its_other_cells(page: Page) -> None:
    """The theme's rule for a given in a hint's cells outranked the forced-colours one: in dark
    high contrast it stayed olive under black digits (2:1), where the other cells are Mark."""
    page.emulate_media(forced_colors="active", color_scheme="dark")
    page.goto(replace(EASY_GAME, hint=3).url)
    givens = page.locator(".cell.given.hint-cell")
    expect(givens.first).to_be_visible()

    def colours(where: str) -> list[str]:
        return page.locator(where).first.evaluate(
            "el => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color]"
        )

    assert colours(".cell.given.hint-cell") == colours(".cell.hint-cell:not(.given)")


def test_a_screen_reader_hears_no_echo_of_what_was_typed(page: Page) -> None:
    """A digit typed while Undo's answer was on its way was told as undone, a digit typed over
    its cell's notes was told back, and clashes ran together ("(r1c3, r1c6)3 appears")."""
    page.goto(typed_in((0, 4), (3, 9)).url)
    listen(page)
    slow_network(page, 1000)
    page.locator("#act-undo").click()
    cell(page, 80).click()
    page.keyboard.press("2")
    until(page, lambda: shown(page).entries[80] == 2, "the digit in the URL")
    until(page, lambda: bool(heard(page)), "the undo told")
    assert heard(page)[0] == "Undone: row 1, column 4, empty.", heard(page)
    slow_network(page, 0)
    cell(page, 1).click()
    for key in ("n", "3", "n", "3"):  # notes, then a 3 over them: r1c3 holds a 3
        page.keyboard.press(key)
    until(page, lambda: shown(page).entries[1] == 3, "the digit in the URL")
    until(page, lambda: "appears 2 times in box 1" in " ".join(heard(page)), "the clash told")
    page.wait_for_timeout(300)  # anything said after it would be heard by now
    told = " ".join(heard(page)[1:])
    assert "row 1, column 2" not in told and "Notes on. Notes off." in " ".join(heard(page))
    assert "in row 1 (r1c2, r1c3); 3 appears 2 times in box 1" in told


def test_with_javascript_the_help_says_what_typing_does(page: Page, nojs_page: Page) -> None:
    page.goto(HARD_GAME.url)
    help_text = page.locator(".mode-help")
    expect(help_text).not_to_contain_text("Type several digits", use_inner_text=True)
    expect(help_text).to_contain_text("Notes switches digits to notes", use_inner_text=True)
    nojs_page.goto(HARD_GAME.url)
    expect(nojs_page.locator(".mode-help")).to_contain_text(
        "Type several digits into a cell", use_inner_text=True
    )
    expect(nojs_page.locator(".mode-help")).not_to_contain_text("Notes", use_inner_text=True)


def test_hint_for_follows_the_selected_cell(page: Page) -> None:
    page.goto(HARD_GAME.url)
    cell(page, 1).click()
    expect(page.locator("#hint-cell")).to_have_value("r1c2")
    cell(page, 0).click()  # a given: no hint of its own
    expect(page.locator("#hint-cell")).to_have_value("")
    cell(page, 12).click()
    expect(page.locator("#hint-cell")).to_have_value("r2c4")
    expect(page.locator("#hint-cell")).to_be_hidden()  # set by the script: not a Tab stop


def test_a_wrong_entry_hint_marks_the_cell_left_without_a_digit(page: Page) -> None:
    """r8c2 = 8 forces digits until r7c1 has no digit left: r7c1 is marked."""
    page.goto(HARD_GAME.url)
    cell(page, 64).click()
    page.keyboard.press("8")
    wait_for_move(page, 1)
    page.locator("#act-hint").click()
    expect(page.locator("#hint .hint-text")).to_contain_text("r7c1 would have no digit left")
    expect(cell(page, 54)).to_have_class(re.compile(r"\bhint-broken\b"))
    expect(cell(page, 64)).to_have_class(re.compile(r"\bhint-wrong\b"))
    shoot(page, "hint-mistake-broken-1280")


def test_a_link_too_long_gets_the_sites_own_page(page: Page) -> None:
    response = page.goto(EASY_GAME.url + "?x=" + "a" * 5000)
    assert response is not None and response.status == 414
    expect(page.locator(".error-what")).to_contain_text("characters long")
    page.get_by_role("link", name="Start a fresh grid").click()
    expect(page.locator("#grid .cell")).to_have_count(81)


def test_the_top_rows_keys_type_their_digits_on_every_layout(page: Page) -> None:
    """On AZERTY the top row types & é " ' ( - è _ ç à without Shift, and those keys typed
    nothing: a French player had to hold Shift for every digit. A key's place (its code)
    says which digit it is; its sign is not typed."""
    empty = EASY.index(".")
    page.goto(EASY_GAME.url)
    cell(page, empty).focus()
    cell(page, empty).dispatch_event("keydown", {"key": "é", "code": "Digit2", "bubbles": True})
    expect(cell(page, empty)).to_have_value("2")
    until(page, lambda: shown(page).entries[empty] == 2, "the digit in the URL")
    cell(page, empty).dispatch_event("keydown", {"key": "à", "code": "Digit0", "bubbles": True})
    expect(cell(page, empty)).to_have_value("")
    until(page, lambda: shown(page).entries[empty] == 0, "the cell cleared in the URL")
    cell(page, empty).dispatch_event("keydown", {"key": "q", "code": "KeyA", "bubbles": True})
    expect(cell(page, empty)).to_have_value("")  # a letter is no digit, wherever it is
    page.keyboard.press("Shift+Digit3")  # a US keyboard's '#' names the 3 as well
    expect(cell(page, empty)).to_have_value("3")


def test_h_asks_for_a_hint_about_the_cell_and_keeps_the_grid_focused(page: Page) -> None:
    page.goto(EASY_GAME.url)
    cell(page, 5).click()  # r1c6
    page.keyboard.press("h")
    expect(page.locator("#hint-title")).to_have_text("Hint for r1c6")
    expect(cell(page, 5)).to_be_focused()
    page.keyboard.press("ArrowRight")  # the keys still move in the grid
    expect(cell(page, 6)).to_be_focused()
    assert shown(page).entries == GameState(parse(EASY)).entries  # nothing typed


# Undo and redo


def test_undo_and_redo_with_buttons_and_keys_survive_a_reload(page: Page) -> None:
    page.goto(HARD_GAME.url)
    cell(page, 1).click()
    page.keyboard.press("1")
    wait_for_move(page, 1)
    page.keyboard.press("n")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("2")  # a note in r1c3
    expect(page.locator("#c2 ~ .notes")).to_have_text("2")
    wait_for_move(page, 2)
    page.reload()
    page.locator("#act-undo").click()
    expect(page.locator("#c2 ~ .notes")).to_have_count(0)
    cell(page, 40).click()
    page.keyboard.press("Control+z")
    expect(cell(page, 1)).to_have_value("")
    expect(page.locator("#act-undo")).to_be_disabled()
    page.keyboard.press("Control+y")
    expect(cell(page, 1)).to_have_value("1")
    page.keyboard.press("Control+Shift+Z")
    expect(page.locator("#c2 ~ .notes")).to_have_text("2")
    expect(page.locator("#act-redo")).to_be_disabled()
    page.reload()
    expect(cell(page, 1)).to_have_value("1")
    assert len(shown(page).history) == 2 and not shown(page).future


def test_rewind_to_the_last_correct_position(page: Page) -> None:
    page.goto(EASY_GAME.url)
    right = EASY_SOLUTION[0]
    wrong = str(int(EASY_SOLUTION[1]) % 9 + 1)
    cell(page, 0).click()
    page.keyboard.press(right)
    wait_for_move(page, 1)
    page.keyboard.press("ArrowRight")
    page.keyboard.press(wrong)
    wait_for_move(page, 2)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.press(EASY_SOLUTION[3])
    wait_for_move(page, 3)
    page.locator("#act-rewind").click()
    expect(cell(page, 1)).to_have_value("")
    expect(cell(page, 3)).to_have_value("")
    expect(cell(page, 0)).to_have_value(right)
    expect(page.locator("#act-redo")).to_be_enabled()
    assert shown(page).checks == 1


def test_nojs_undo_redo_check_and_fill_candidates(nojs_page: Page) -> None:
    page = nojs_page
    page.goto(EASY_GAME.url)
    wrong = str(int(EASY_SOLUTION[1]) % 9 + 1)
    cell(page, 1).fill(wrong)
    page.get_by_role("button", name="Update the grid").click()
    expect(cell(page, 1)).to_have_value(wrong)
    page.get_by_role("button", name="Check", exact=True).click()
    expect(cell(page, 1)).to_have_class(re.compile(r"\bwrong\b"))
    expect(page.locator(".status")).to_contain_text("1 entry is wrong")
    page.get_by_role("button", name="Undo").click()
    expect(cell(page, 1)).to_have_value("")
    page.get_by_role("button", name="Redo").click()
    expect(cell(page, 1)).to_have_value(wrong)
    page.get_by_role("button", name="Undo").click()
    page.get_by_role("button", name="Fill in candidates").click()
    expect(page.locator("#c0 ~ .notes")).to_have_text(re.compile(r"^\d+$"))
    assert shown(page).notes[0] and shown(page).notes[80]
    cell(page, 0).fill("0")  # 0 clears one cell's notes without JavaScript
    page.get_by_role("button", name="Update the grid").click()
    expect(page.locator("#c0 ~ .notes")).to_have_count(0)
    assert shown(page).notes[80]
    page.get_by_role("button", name="Notes", exact=True).click()  # the pad's notes switch
    expect(page.locator("#notes-mode")).to_have_attribute("aria-pressed", "true")
    cell(page, 0).fill("7")
    page.get_by_role("button", name="Update the grid").click()
    expect(page.locator("#c0 ~ .notes")).to_have_text("7")
    page.locator(".pad .key[data-digit='7']").click()  # without JS: highlights the 7s
    expect(page.locator("#c0 ~ .notes .same")).to_have_text("7")
    shoot(page, "nojs-notes-pad-1280")


# Highlights and the pad


def test_highlights_are_instant_and_need_no_request(page: Page) -> None:
    page.goto(EASY_GAME.url)
    expect(page.locator("#grid")).to_be_visible()
    page.wait_for_load_state("networkidle")
    posts: list[str] = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    cell(page, 2).click()  # r1c3 holds a given 3
    expect(place(page, 2)).to_have_class(re.compile(r"\bhl-sel\b"))
    expect(place(page, 8)).to_have_class(re.compile(r"\bhl-unit\b"))  # same row
    expect(place(page, 74)).to_have_class(re.compile(r"\bhl-unit\b"))  # same column
    expect(place(page, 20)).to_have_class(re.compile(r"\bhl-unit\b"))  # same box
    threes = [i for i, ch in enumerate(EASY) if ch == "3"]
    for i in threes:
        expect(place(page, i)).to_have_class(re.compile(r"\bhl-same\b"))
    expect(place(page, 40)).not_to_have_class(re.compile(r"\bhl-"))
    assert posts == []
    shoot(page, "highlights-1280")


def test_pad_cell_first_and_digit_first_with_counts(phone: Page) -> None:
    page = phone
    page.goto(EASY_GAME.url)
    key = page.locator(".pad .key[data-digit='4']")
    left = int(re.sub(r"\D", "", key.locator(".key-left").inner_text()))
    cell(page, 0).click()
    key.click()  # cell first
    expect(cell(page, 0)).to_have_value("4")
    expect(key).to_have_accessible_name(f"4, {left - 1} left")
    notes = page.locator("#notes-mode")
    expect(notes).to_have_accessible_name("Notes")  # "Notes off", and then "not pressed"
    cell(page, 2).click()  # a given: the next digit is picked for the cells tapped after
    page.locator(".pad .key[data-digit='9']").click()
    expect(page.locator(".pad .key[data-digit='9']")).to_have_attribute("aria-pressed", "true")
    cell(page, 3).click()
    expect(cell(page, 3)).to_have_value("9")
    wait_for_move(page, 2)  # else the next tap's post replaces this one's: one move for both
    cell(page, 13).click()
    expect(cell(page, 13)).to_have_value("9")
    wait_for_move(page, 3)
    assert page.locator("#grid .cell[inputmode='none']").count() == 81  # no system keyboard
    touch = cell(page, 0).evaluate("el => getComputedStyle(el).touchAction")
    assert touch == "manipulation"  # quick taps on cells don't zoom (as on the pad's keys)
    for fold in ("#settings summary", ".techniques summary", "#paste summary"):
        box = page.locator(fold).bounding_box()  # a finger's target (they were 21-24 px)
        assert box and box["height"] >= 40, (fold, box)
    shoot(page, "pad-digit-first-375")


def test_a_pad_keys_name_is_its_digit_and_how_many_are_left(page: Page) -> None:
    """As Chromium names them for a screen reader, e.g. "4, 6 left": the count's own line
    made it "4 , 6 left", a stray space that a braille display shows."""
    solution = parse(EASY_SOLUTION)
    ones = tuple(int(given == 0 and solution[c] == 1) for c, given in enumerate(parse(EASY)))
    page.goto(GameState(parse(EASY), ones).url)  # every 1 placed
    session = page.context.new_cdp_session(page)
    nodes = session.send("Accessibility.getFullAXTree")["nodes"]
    buttons = [n for n in nodes if n.get("role", {}).get("value") == "button"]
    names = [n["name"]["value"] for n in buttons if "left" in n.get("name", {}).get("value", "")]
    counts = [f"{d}, {9 - EASY.count(str(d))} left" for d in range(2, 10)]
    assert names == ["1, none left", *counts]


def contrast(one: str, other: str) -> float:
    """WCAG's contrast ratio of two computed colours ('rgb(r, g, b)')."""

    def luminance(colour: str) -> float:
        channels = [int(part) / 255 for part in re.findall(r"\d+", colour)[:3]]
        linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    high, low = sorted((luminance(one), luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_a_digit_all_placed_is_greyed_yet_readable(phone: Page) -> None:
    """Its key was faded to 55%: 2.2:1 against the page, though a tap on it still picks it."""
    page = phone
    threes = tuple(
        3 if given == "." and digit == "3" else 0
        for given, digit in zip(EASY, EASY_SOLUTION, strict=True)
    )
    page.goto(GameState(parse(EASY), threes).url)
    done = page.locator(".pad .key[data-digit='3']")
    expect(done).to_have_class(re.compile(r"\bdone\b"))
    ink, paper, opacity = done.evaluate(
        "k => [getComputedStyle(k).color, getComputedStyle(k).backgroundColor,"
        " getComputedStyle(k).opacity]"
    )
    assert opacity == "1" and contrast(ink, paper) >= 4.5, (ink, paper, opacity)


def test_putting_a_picked_digit_back_selects_no_cell(phone: Page) -> None:
    """Digit first: 9, a cell, 9 again to stop, then 7: 7 is picked (it went into the last
    cell filled, over its 9)."""
    page = phone
    page.goto(EASY_GAME.url)
    page.locator(".pad .key[data-digit='9']").click()
    cell(page, 3).click()
    expect(cell(page, 3)).to_have_value("9")
    wait_for_move(page, 1)
    page.locator(".pad .key[data-digit='9']").click()
    page.locator(".pad .key[data-digit='7']").click()
    expect(page.locator(".pad .key[data-digit='7']")).to_have_attribute("aria-pressed", "true")
    expect(cell(page, 3)).to_have_value("9")


def test_tapping_the_selected_cell_again_lets_it_go(phone: Page) -> None:
    """r1c1, 4 on the pad, then r1c1 again: no cell is selected, so the next pad digit is
    picked (digit first) and goes into the cell tapped after it, not over r1c1's 4."""
    page = phone
    page.goto(EASY_GAME.url)
    cell(page, 0).click()
    page.locator(".pad .key[data-digit='4']").click()
    expect(cell(page, 0)).to_have_value("4")
    wait_for_move(page, 1)
    cell(page, 0).click()
    expect(place(page, 0)).not_to_have_class(re.compile(r"\bhl-sel\b"))
    expect(page.locator("#grid .hl-unit")).to_have_count(0)
    expect(page.locator("#hint-cell")).to_have_value("")  # a hint now: about any cell
    page.locator(".pad .key[data-digit='9']").click()
    expect(page.locator(".pad .key[data-digit='9']")).to_have_attribute("aria-pressed", "true")
    expect(cell(page, 0)).to_have_value("4")
    cell(page, 3).click()
    expect(cell(page, 3)).to_have_value("9")
    wait_for_move(page, 2)
    assert shown(page).entries[0] == 4


def test_closing_a_hint_selects_no_cell(phone: Page) -> None:
    """Hint and Close with no cell selected: focus went to r1c1, which selected it, and the
    next pad digit went there instead of being picked."""
    page = phone
    page.goto(EASY_GAME.url)
    page.locator("#act-hint").click()
    page.locator("#act-hint-close").click()
    expect(page.locator("#act-hint")).to_be_focused()
    page.locator(".pad .key[data-digit='2']").click()
    expect(page.locator(".pad .key[data-digit='2']")).to_have_attribute("aria-pressed", "true")
    expect(cell(page, 0)).to_have_value("")


def test_after_clear_my_entries_focus_is_on_the_selected_cell(page: Page) -> None:
    """The button goes back into its closed "Clear..." fold, where it can't take focus: focus
    fell to the page's body."""
    page.goto(EASY_GAME.url)
    cell(page, 0).click()
    page.keyboard.press("5")
    wait_for_move(page, 1)
    page.get_by_text("Clear…").click()
    page.locator("#act-clear").click()
    expect(cell(page, 0)).to_have_value("")
    expect(cell(page, 0)).to_be_focused()


def test_escape_on_the_hints_move_selects_no_cell(phone: Page) -> None:
    """Escape with focus on "Place ..." closes the hint; focus went to the move's cell, which
    selected it, and the next pad digit went there."""
    page = phone
    page.goto(EASY_GAME.url)
    show_whole_hint(page)
    page.locator("#act-hint-apply").focus()
    page.keyboard.press("Escape")
    expect(page.locator("#act-hint")).to_be_focused()
    page.locator(".pad .key[data-digit='6']").click()
    expect(page.locator(".pad .key[data-digit='6']")).to_have_attribute("aria-pressed", "true")


def test_erase_and_notes_with_no_cell_selected_select_none(phone: Page) -> None:
    """Erase with no cell selected erased r1c1, and Notes then selected it (the next pad
    digit went there)."""
    page = phone
    state = typed_in((0, 4))
    page.goto(state.url)
    page.locator("#act-erase").click()
    page.locator("#notes-mode").click()
    expect(page.locator("#notes-mode")).to_have_attribute("aria-pressed", "true")
    page.locator(".pad .key[data-digit='2']").click()
    expect(page.locator(".pad .key[data-digit='2']")).to_have_attribute("aria-pressed", "true")
    assert shown(page).entries[0] == 4


def test_escape_closes_a_question_then_the_hint(page: Page) -> None:
    page.goto(EASY_GAME.url)
    page.locator("#act-hint").click()
    expect(page.locator("#act-hint-close")).to_be_visible()
    page.get_by_text("Clear…").click()
    page.keyboard.press("Escape")
    expect(page.locator("details.confirm[open]")).to_have_count(0)
    expect(page.get_by_text("Clear…")).to_be_focused()
    page.keyboard.press("Escape")
    expect(page.locator("#act-hint-close")).to_have_count(0)
    page.get_by_text("Clear…").click()  # asked, then back to the grid: Escape pulled the
    cell(page, 1).click()  # focus out of it, onto the question's button
    page.keyboard.press("Escape")
    expect(page.locator("details.confirm[open]")).to_have_count(0)
    expect(cell(page, 1)).to_be_focused()
    page.locator("#notes-mode").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#notes-mode")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#notes-mode")).to_be_focused()  # its new state is heard


def test_a_pasted_puzzle_opens_at_the_top_and_a_bad_one_keeps_focus(phone: Page) -> None:
    """A bad paste sent focus to r1c1 at the top of the page, away from its error; a good
    one opened the new game scrolled down where the paste box had been."""
    page = phone
    page.goto(EASY_GAME.url)
    page.get_by_text("Open another puzzle").click()
    page.locator("#paste-text").fill("12345")
    page.locator("#paste-open").click()
    expect(page.locator("#paste-error")).to_contain_text("found 5")
    expect(page.locator("#paste-text")).to_be_focused()
    page.locator("#paste-text").fill(HARD)
    page.locator("#paste-open").click()
    until(page, lambda: shown(page).puzzle == parse(HARD), "the pasted puzzle in the URL")
    until(page, lambda: page.evaluate("window.scrollY") == 0, "the new game from its top")
    expect(page).not_to_have_title(re.compile("^Easy"))  # the tab's title said the old level


def test_an_error_page_swapped_in_takes_the_title_and_focus(page: Page) -> None:
    """A grid post the server can't read swapped its error page in under the game's title,
    with focus lost on the page's body."""
    page.goto(EASY_GAME.url)
    page.locator("input[name=state]").evaluate("el => el.value = '/p/v1/zzzz'")
    cell(page, 0).click()
    page.keyboard.press("4")
    expect(page.locator("#error-title")).to_be_focused()
    expect(page).to_have_title("This link or form can't be read: Sudoku")


def test_typing_in_a_puzzle_on_a_phone_opens_its_keyboard(phone: Page) -> None:
    """Only play has a pad; typing in givens (home, Edit the givens) needs the phone's own
    number keyboard, so there the cells keep inputmode=numeric."""
    page = phone
    page.goto("/")
    expect(page.locator(".pad")).to_have_count(0)
    assert page.locator("#grid .cell[inputmode='numeric']").count() == 81
    page.goto(EASY_GAME.url)
    assert page.locator("#grid .cell[inputmode='none']").count() == 81
    page.locator("#act-mode").click()
    expect(page.locator(".mode")).to_contain_text("Type in a puzzle")
    assert page.locator("#grid .cell[inputmode='numeric']").count() == 81
    page.locator("#act-main").click()
    expect(page.locator(".pad")).to_be_visible()
    assert page.locator("#grid .cell[inputmode='none']").count() == 81


def test_a_finished_digit_greys_out(page: Page) -> None:
    entries = tuple(
        int(s) if s == "1" and g == "." else 0 for g, s in zip(EASY, EASY_SOLUTION, strict=True)
    )
    page.goto(GameState(parse(EASY), entries).url)
    expect(page.locator(".pad .key[data-digit='1']")).to_have_class(re.compile(r"\bdone\b"))
    expect(page.locator(".pad .key[data-digit='2']")).not_to_have_class(re.compile(r"\bdone\b"))


# Notes helpers


def test_placing_a_digit_takes_it_out_of_its_peers_notes(page: Page) -> None:
    page.goto(HARD_GAME.url)
    page.locator("#act-fill").click()
    expect(page.locator("#c1 ~ .notes")).to_contain_text("1")
    assert shown(page).notes[1] & 1  # r1c2 may be 1
    cell(page, 2).click()
    page.keyboard.press("1")  # r1c3 = 1: no peer may note 1 now
    expect(cell(page, 2)).to_have_class(re.compile(r"\bentry\b"))
    wait_for_move(page, 2)
    state = shown(page)
    assert not state.notes[1] & 1 and not state.notes[19] & 1
    page.keyboard.press("Control+z")  # one move: the notes come back with the undo
    expect(cell(page, 2)).to_have_value("")
    expect(page.locator("#c1 ~ .notes")).to_contain_text("1")


def test_notes_mode_is_kept_across_a_reload(page: Page) -> None:
    page.goto(HARD_GAME.url)
    page.locator("#notes-mode").click()
    expect(page).to_have_url(re.compile(r"notes=1"))
    page.reload()
    expect(page.locator("#notes-mode")).to_have_attribute("aria-pressed", "true")
    cell(page, 1).click()
    page.keyboard.press("5")
    expect(page.locator("#c1 ~ .notes")).to_have_text("5")


def typed_in(*moves: tuple[int, int]) -> GameState:
    """EASY_GAME with each (cell, digit) typed in, a move each."""
    state = EASY_GAME
    for cell_index, digit in moves:
        state = play.typed(state, state.with_contents([(cell_index, digit)]))
    return state


def slow_network(page: Page, latency_ms: int) -> None:
    """Every request of `page` takes `latency_ms` more to answer (Chromium's throttling)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    conditions = {"offline": False, "latency": latency_ms}
    cdp.send(
        "Network.emulateNetworkConditions",
        {**conditions, "downloadThroughput": -1, "uploadThroughput": -1},
    )


def test_on_a_slow_network_each_tap_counts(page: Page) -> None:
    """Each post replaces the one on its way (hx-sync): Undo tapped three times before the
    first answer used to undo once, and a digit typed right after Undo dropped the undo."""
    state = typed_in((0, 4), (1, 8), (3, 9), (5, 1), (7, 5))
    page.goto(state.url)
    slow_network(page, 700)
    for _ in range(3):
        page.locator("#act-undo").click()
    wait_for_move(page, 2)
    assert [shown(page).entries[c] for c in (0, 1, 3, 5, 7)] == [4, 8, 0, 0, 0]
    page.locator("#act-undo").click()
    cell(page, 80).click()
    page.keyboard.press("2")  # before Undo's answer: done again on the grid it brings
    until(page, lambda: shown(page).entries[80] == 2, "the digit in the URL")
    assert [shown(page).entries[c] for c in (0, 1, 80)] == [4, 0, 2]
    assert len(shown(page).history) == 2
    expect(cell(page, 80)).to_have_value("2")
    expect(cell(page, 1)).to_have_value("")
    page.keyboard.press("Control+y")
    page.keyboard.press("Control+y")  # the digit's move ended what was left to redo
    page.wait_for_timeout(1600)
    assert len(shown(page).history) == 2 and not shown(page).future


def test_a_digit_then_notes_mode_before_the_answer_stays_a_digit(page: Page) -> None:
    page.goto(EASY_GAME.url)
    slow_network(page, 1000)
    cell(page, 0).click()
    page.keyboard.press("5")
    page.keyboard.press("n")
    until(page, lambda: shown(page).notes_mode, "notes mode in the URL")
    assert shown(page).entries[0] == 5 and shown(page).notes[0] == 0


def test_undo_taps_with_a_digit_between_them_keep_their_order(page: Page) -> None:
    """Undo, Undo, a digit, Undo: the third Undo takes back the digit (it was counted with
    the first two, and the digit typed again after them)."""
    state = typed_in((0, 4), (1, 8), (3, 9))
    page.goto(state.url)
    slow_network(page, 700)
    cell(page, 8).click()
    page.keyboard.press("Control+z")
    page.keyboard.press("Control+z")
    page.keyboard.press("9")
    page.keyboard.press("Control+z")
    page.wait_for_timeout(4000)
    until(page, lambda: shown(page).entries[8] == 0 and len(shown(page).history) == 1, "settled")
    assert [shown(page).entries[c] for c in (0, 1, 3, 8)] == [4, 0, 0, 0]


def test_a_held_tap_on_a_button_the_answer_disables_lets_the_rest_go(page: Page) -> None:
    """Undo (the only move), a digit, Rewind: Undo's answer disables Rewind, and the digit
    that waited behind it was shown but never sent."""
    state = play.typed(EASY_GAME, EASY_GAME.with_contents([(1, 8)]))
    page.goto(state.url)
    slow_network(page, 700)
    page.locator("#act-undo").click()
    cell(page, 0).click()
    page.keyboard.press("5")
    page.locator("#act-rewind").click()
    until(page, lambda: shown(page).entries[0] == 5, "the digit in the URL")
    assert shown(page).entries[1] == 0


def test_taps_in_one_post_are_undone_last_first(page: Page) -> None:
    """Three digits typed before the first answer reach the server in one post; Undo took
    back the last in reading order, not the last typed."""
    page.goto(EASY_GAME.url)
    slow_network(page, 1500)
    for index in (40, 10, 0):
        cell(page, index).click()
        page.keyboard.press("4")
    until(page, lambda: len(shown(page).history) == 3, "three moves in the URL")
    page.keyboard.press("Control+z")
    until(page, lambda: len(shown(page).future) == 1, "the undo in the URL")
    assert [shown(page).entries[c] for c in (0, 10, 40)] == [0, 4, 4]


def open_r1c1(page: Page, notes: bool) -> None:
    """The easy game, r1c1 selected, notes mode on if `notes`."""
    page.goto(EASY_GAME.url)
    cell(page, 0).click()
    if notes:
        page.keyboard.press("n")
        until(page, lambda: shown(page).notes_mode, "notes mode in the URL")


def type_357_held(page: Page, notes: bool, holding: int) -> list[Route]:
    """On the easy game (notes mode on if `notes`), the next `holding` edit posts held, 3, 5
    and 7 typed into r1c1, the first post on its way: the posts held (answered by the test)."""
    posts = Held(page, "**/edit")
    open_r1c1(page, notes)
    posts.hold(holding)
    for digit in "357":
        page.keyboard.press(digit)
        until(page, lambda: bool(posts.held), "the first post on its way")
    return posts.held


@pytest.mark.parametrize("notes", [False, True], ids=["digits", "notes"])
def test_each_digit_typed_in_one_cell_before_the_answer_is_a_move(page: Page, notes: bool) -> None:
    """3, 5 and 7 typed into one cell while the first post was on its way: each post
    replaced the one before with the cell as it then stood, one move, so Undo emptied it."""
    held = type_357_held(page, notes, 1)  # answered by the test; later edits go through
    if notes:
        expect(page.locator("#c0 ~ .notes")).to_have_text("357")  # drawn at once
        contents = [9 + 0b100, 9 + 0b10100, 9 + 0b1010100]
    else:
        expect(cell(page, 0)).to_have_value("7")
        contents = [3, 5, 7]
    held[0].continue_()
    wait_for_move(page, 3)
    assert shown(page).content(0) == contents[-1]
    for before in reversed([0, *contents[:-1]]):
        page.keyboard.press("Control+z")
        until(page, lambda b=before: shown(page).content(0) == b, f"{before} in r1c1 after Undo")


@pytest.mark.parametrize("notes", [False, True], ids=["digits", "notes"])
def test_a_cell_typed_again_shows_what_was_typed_last_while_it_waits(
    page: Page, notes: bool
) -> None:
    """3, 5 and 7 typed into one cell before the first answer: when it came, 5 went on its way
    and the cell showed 5 (its notes 35) until 5's answer, though 7 was typed last (and a 5
    typed then, the cell showing 5 already, was taken for no change and lost)."""
    held = type_357_held(page, notes, 2)  # 3's and 5's, answered one by one below
    held.pop().continue_()  # 3's answer: 5 goes
    until(page, lambda: bool(held), "the second post on its way")
    if notes:  # at once: within a second, before the page stops waiting (5 s)
        expect(page.locator("#c0 ~ .notes")).to_have_text("357", timeout=1000)
    else:
        expect(cell(page, 0)).to_have_value("7", timeout=1000)
    held.pop().continue_()
    wait_for_move(page, 3)
    contents = 9 + 0b1010100 if notes else 7
    until(page, lambda: shown(page).content(0) == contents, "r1c1 as typed last")


def test_redo_tapped_while_undo_waits_behind_a_cell_typed_again_is_kept(page: Page) -> None:
    """3 then 5 typed into one cell, then Undo and Redo, before the first answer: Undo waits
    (the 5 is a move of its own, sent after the 3), and Redo, still disabled as no undo had
    been sent, was dropped: the cell ended with 3 and a 5 to redo."""
    posts = Held(page, "**/edit")
    page.goto(EASY_GAME.url)
    cell(page, 0).click()
    posts.hold()
    held = posts.held
    page.keyboard.press("3")
    until(page, lambda: bool(held), "the first post on its way")
    for key in ("5", "Control+z", "Control+y"):
        page.keyboard.press(key)
    held[0].continue_()
    until(page, lambda: shown(page).content(0) == 5, "5 in r1c1 again, redone")
    assert len(shown(page).history) == 2 and not shown(page).future
    page.keyboard.press("Control+z")
    until(page, lambda: shown(page).content(0) == 3, "3 in r1c1 after Undo")


def test_undo_right_after_a_first_digit_on_a_slow_network(page: Page) -> None:
    """Undo was still disabled (no move yet on the page) until the digit's answer came."""
    page.goto(EASY_GAME.url)
    slow_network(page, 1500)
    cell(page, 0).click()
    page.keyboard.press("5")
    expect(page.locator("#act-undo")).to_be_enabled(timeout=500)
    page.locator("#act-undo").click()
    until(page, lambda: len(shown(page).future) == 1, "the undo in the URL")
    assert shown(page).entries[0] == 0 and not shown(page).history


def test_notes_mode_and_a_note_while_undo_is_on_its_way(page: Page) -> None:
    """N and a note typed before Undo's answer: both are done again on the grid it brings
    (notes mode was lost: the answer drew the mode the server knew)."""
    state = typed_in((0, 4), (3, 9))
    page.goto(state.url)
    slow_network(page, 700)
    cell(page, 1).click()
    page.locator("#act-undo").click()
    cell(page, 1).click()
    page.keyboard.press("n")
    page.keyboard.press("3")
    until(page, lambda: shown(page).notes[1] == 0b100, "the note in the URL")
    now = shown(page)
    assert now.notes_mode and now.entries[3] == 0 and now.entries[0] == 4
    assert len(now.history) == 2 and not now.future  # the note's move ended the redo
    expect(page.locator("#notes-mode")).to_have_attribute("aria-pressed", "true")


def test_a_note_typed_while_undo_is_on_its_way_is_switched_on_the_grid_it_brings(
    page: Page,
) -> None:
    """Note 3, then Undo and note 7 before Undo's answer: the cell has 7 alone (the held
    note was done again as the notes were when typed, 3 and 7, bringing back the undone 3)."""
    page.goto(typed_in((0, 4), (1, 9 + 0b100)).url)
    slow_network(page, 700)
    page.locator("#act-undo").click()
    cell(page, 1).click()
    page.keyboard.press("n")
    page.keyboard.press("7")
    until(page, lambda: shown(page).notes[1] not in (0, 0b100), "the new note in the URL")
    assert shown(page).notes[1] == 0b1000000 and shown(page).entries[0] == 4
    expect(page.locator("#c1 ~ .notes")).to_have_text("7")


def test_what_waits_for_a_buttons_answer_goes_ahead_if_it_never_comes(page: Page) -> None:
    """A digit typed while Undo's answer is on its way waits for it; an answer that never
    comes must not hold the digit for ever."""
    state = play.typed(EASY_GAME, EASY_GAME.with_contents([(0, 4)]))

    def undo_never_answered(route) -> None:  # route: playwright Route
        if b"action=undo" not in (route.request.post_data_buffer or b""):
            route.continue_()

    page.route("**/edit", undo_never_answered)
    page.goto(state.url)
    page.locator("#act-undo").click()
    cell(page, 1).click()
    page.keyboard.press("8")
    page.wait_for_timeout(1000)
    assert shown(page).entries[1] == 0  # still waiting for Undo's answer
    page.wait_for_timeout(3000)  # the page waits 5 s at most
    until(page, lambda: shown(page).entries[1] == 8, "the digit in the URL, Undo's answer given up")


def test_on_a_slow_network_notes_show_before_the_answer(page: Page) -> None:
    """A note is drawn when typed, and a digit typed over notes hides them, without waiting
    for the server's answer (which draws the same)."""
    page.goto(EASY_GAME.url)
    slow_network(page, 1500)
    cell(page, 0).click()
    page.keyboard.press("n")
    page.keyboard.press("3")
    page.keyboard.press("7")
    notes = page.locator("#c0 ~ .notes")
    assert notes.count() == 1 and notes.text_content() == "37"  # the answer is 1.5 s away
    until(page, lambda: shown(page).notes[0] == 0b1000100, "the notes in the URL")
    expect(notes).to_have_text("37")
    page.keyboard.press("n")
    page.keyboard.press("4")
    assert notes.count() == 0 or notes.text_content() == ""
    until(page, lambda: shown(page).entries[0] == 4, "the digit in the URL")
    expect(notes).to_have_count(0)
    expect(cell(page, 0)).to_have_value("4")


# Check, mistakes, the clock and the finished game


def test_a_digit_typed_offline_is_sent_when_typed_again(browser: Browser, server: str) -> None:
    """The post fails, the page says so and keeps the digit; typing it again, once back
    online, sends it (it was taken for no change and never sent). htmx logs the failed post
    as an error, so this page is not the `page` fixture, which allows none."""
    context = new_context(browser, server)
    try:
        page = context.new_page()
        page.goto(EASY_GAME.url)
        cell(page, 0).click()
        context.set_offline(True)
        page.keyboard.press("4")
        expect(page.locator("#offline")).to_be_visible()
        expect(cell(page, 0)).to_have_value("4")
        context.set_offline(False)
        page.keyboard.press("4")
        expect(page.locator("#offline")).to_be_hidden()
        until(page, lambda: shown(page).entries[0] == 4, "the digit in the URL")
    finally:
        context.close()


def test_offline_the_post_is_made_again_once_the_server_answers(
    browser: Browser, server: str
) -> None:
    """A digit and then Undo, typed while offline: nothing is lost; back online, the page
    makes the last post again by itself (Undo, with the digit in the grid it posts)."""
    context = new_context(browser, server)
    try:
        page = context.new_page()
        page.goto(EASY_GAME.url)
        cell(page, 0).click()
        page.keyboard.press("4")
        wait_for_move(page, 1)
        context.set_offline(True)
        cell(page, 1).click()
        page.keyboard.press("8")
        expect(page.locator("#offline")).to_be_visible()
        page.locator("#act-undo").click()
        expect(cell(page, 1)).to_have_value("8")
        context.set_offline(False)
        expect(page.locator("#offline")).to_be_hidden(timeout=10_000)
        until(page, lambda: len(shown(page).future) == 1, "the undo in the URL")
        assert shown(page).entries[:2] == (4, 0) and len(shown(page).history) == 1
    finally:
        context.close()


def test_offline_taps_after_a_failed_button_wait_for_it(browser: Browser, server: str) -> None:
    """Undo twice and a digit, offline: back online, both undos are made and then the digit
    (the page pressed Undo again on the grid as it stood, taking back the new digit, once)."""
    context = new_context(browser, server)
    try:
        page = context.new_page()
        page.goto(typed_in((0, 4), (3, 9), (5, 1)).url)
        context.set_offline(True)
        page.locator("#act-undo").click()
        expect(page.locator("#offline")).to_be_visible()
        page.locator("#act-undo").click()
        cell(page, 1).click()
        page.keyboard.press("8")
        context.set_offline(False)
        expect(page.locator("#offline")).to_be_hidden(timeout=10_000)
        until(page, lambda: shown(page).entries[1] == 8, "the digit in the URL")
        now = shown(page)
        assert [now.entries[c] for c in (0, 1, 3, 5)] == [4, 8, 0, 0]
        assert len(now.history) == 2 and not now.future
    finally:
        context.close()


@pytest.mark.parametrize("notes", [False, True], ids=["digits", "notes"])
def test_offline_each_digit_typed_in_one_cell_is_a_move(
    browser: Browser, server: str, notes: bool
) -> None:
    """3 in r1c1, 4 in r1c2, then 5 in r1c1, offline: back online the page posted the grid as
    it then stood, r1c1's two changes one move, so Undo emptied r1c1 instead of going back
    to 3."""
    context = new_context(browser, server)
    try:
        page = context.new_page()
        open_r1c1(page, notes)
        context.set_offline(True)
        page.keyboard.press("3")
        expect(page.locator("#offline")).to_be_visible()
        cell(page, 1).click()
        page.keyboard.press("4")
        cell(page, 0).click()
        page.keyboard.press("5")
        if notes:
            expect(page.locator("#c0 ~ .notes")).to_have_text("35")
            three, four, five = 9 + 0b100, 9 + 0b1000, 9 + 0b10100
        else:
            expect(cell(page, 0)).to_have_value("5")
            three, four, five = 3, 4, 5
        context.set_offline(False)
        until(page, lambda: shown(page).content(0) == five, "r1c1 as typed last in the URL")
        assert shown(page).content(1) == four and len(shown(page).history) == 3
        for before in ((three, four), (three, 0), (0, 0)):
            page.keyboard.press("Control+z")
            until(
                page,
                lambda b=before: (shown(page).content(0), shown(page).content(1)) == b,
                f"{before} in r1c1 and r1c2 after Undo",
            )
    finally:
        context.close()


def test_what_waits_for_a_post_made_again_goes_ahead_if_its_answer_never_comes(
    browser: Browser, server: str
) -> None:
    """3 typed into r1c1 and its post failed, then 5 typed into r1c1, which waits for that
    post made again: that post's answer never came, and the 5 waited for ever (behind a post
    on its way the page waits 5 s at most, but here only once something more was typed)."""
    context = new_context(browser, server)
    try:
        page = context.new_page()
        posts = Held(page, "**/edit")
        open_r1c1(page, notes=False)
        posts.hold(2)  # 3's post, failed below, and the same post made again, never answered
        page.keyboard.press("3")
        until(page, lambda: bool(posts.held), "3's post on its way")
        posts.held[0].fulfill(status=503, body="busy")
        expect(page.locator("#offline")).to_be_visible()
        page.keyboard.press("5")
        until(page, lambda: len(posts.held) == 2, "3's post made again")
        until(page, lambda: shown(page).content(0) == 5, "5 in r1c1, that post given up")
        expect(page.locator("#offline")).to_be_hidden()
    finally:
        context.close()


def show_whole_hint(page: Page) -> None:
    """Hint, then Show more up to its last level."""
    page.locator("#act-hint").click()
    shown_levels = 1
    expect(page.locator("#hint .hint-level")).to_have_count(shown_levels)
    while page.locator("#act-hint-more").count():
        page.locator("#act-hint-more").click()
        shown_levels += 1
        expect(page.locator("#hint .hint-level")).to_have_count(shown_levels)


def test_offline_a_hints_move_is_made_again_as_it_was_asked(browser: Browser, server: str) -> None:
    """The hint's move, made again once back online, took the cell picked after it for the
    hint's cell and was lost; a note typed after an Undo was undone in its place."""
    context = new_context(browser, server)
    try:
        page = context.new_page()
        page.goto(typed_in((0, 4), (1, 8), (3, 9)).url)
        show_whole_hint(page)
        target = int((page.locator("#act-hint-apply").get_attribute("data-cell") or "c-1")[1:])
        digit = int(EASY_SOLUTION[target])
        context.set_offline(True)
        page.locator("#act-hint-apply").click()
        expect(page.locator("#offline")).to_be_visible()
        cell(page, 79).click()
        page.keyboard.press("8")
        context.set_offline(False)
        until(page, lambda: shown(page).entries[79] == 8, "the digit in the URL")
        assert shown(page).entries[target] == digit
        context.set_offline(True)
        page.locator("#act-undo").click()
        expect(page.locator("#offline")).to_be_visible()
        cell(page, 70).click()
        for key in ("n", "5", "n"):
            page.keyboard.press(key)
        context.set_offline(False)
        until(page, lambda: shown(page).notes[70] == 0b10000, "the note in the URL")
        now = shown(page)
        assert now.entries[79] == 0 and now.entries[target] == digit  # Undo took back the 8
        assert not now.future and len(now.history) == 5
    finally:
        context.close()


@pytest.mark.parametrize(
    ("button", "at", "last", "level"),
    [
        ("#act-hint-apply", 0, "4", 0),
        ("#act-hint-more", 0, "4", 2),  # r1c1 is not in the hint's step: the same step
        ("#act-hint-more", 10, "6", 1),  # r2c2 gets the hint's digit: a step of its own
    ],
    ids=["apply", "more", "more-another-step"],
)
def test_a_hints_button_tapped_while_a_cell_typed_again_waits_is_kept(
    page: Page, button: str, at: int, last: str, level: int
) -> None:
    """5 then another digit typed into a cell, then the hint's button tapped, before the first
    answer: that answer closed the hint (typing does), and the button, waiting behind the
    second digit, was dropped. Now it is pressed with that digit, as when its post carries
    what was typed: the move of the hint for the grid as typed, or that hint shown, at the
    level asked for if it is the step on screen (it opened at its first level, a tap lost),
    else from its first level."""
    posts = Held(page, "**/edit")
    page.goto(EASY_GAME.url)
    if button == "#act-hint-apply":
        show_whole_hint(page)
    else:
        page.locator("#act-hint").click()
    cell(page, at).click()
    posts.hold()
    held = posts.held
    page.keyboard.press("5")
    until(page, lambda: bool(held), "the first post on its way")
    page.keyboard.press(last)
    page.locator(button).click()
    held[0].continue_()
    moves = 3 if button == "#act-hint-apply" else 2
    until(page, lambda: len(shown(page).history) == moves, f"{moves} moves in the URL")
    now = shown(page)
    assert [m.changes for m in now.history[:2]] == [((at, 0),), ((at, 5),)]
    assert now.content(at) == int(last)
    if button == "#act-hint-apply":
        assert now.history[2].hint and not now.hint
    else:
        assert now.hint == level
        expect(page.locator("#hint .hint-level")).to_have_count(level)


def test_offline_a_paste_says_to_try_again_and_the_message_goes(
    browser: Browser, server: str
) -> None:
    """Only the grid's posts are made again: a paste that failed showed "Trying again...",
    and the message stayed up for good."""
    context = new_context(browser, server)
    try:
        page = context.new_page()
        page.goto(EASY_GAME.url)
        page.get_by_text("Open another puzzle").click()
        page.locator("#paste-text").fill(HARD)
        context.set_offline(True)
        page.locator("#paste-open").click()
        expect(page.locator("#offline")).to_have_text(
            "Can't reach the server: try again in a moment."
        )
        context.set_offline(False)
        expect(page.locator("#offline")).to_be_hidden()
    finally:
        context.close()


def test_a_failed_post_is_not_made_again_on_a_puzzle_pasted_since(
    browser: Browser, server: str
) -> None:
    """A digit's post the server failed, then a puzzle pasted: making the post again (as it
    was, from the game before) would bring the game before back over the new one."""
    context = new_context(browser, server)
    try:
        page = context.new_page()
        failures = [1]

        def fail_once(route: Route) -> None:
            if failures:
                failures.pop()
                route.fulfill(status=503, body="busy")
            else:
                route.continue_()

        page.route("**/edit", fail_once)
        page.goto(EASY_GAME.url)
        cell(page, 0).click()
        page.keyboard.press("4")
        expect(page.locator("#offline")).to_be_visible()
        page.get_by_text("Open another puzzle").click()
        page.locator("#paste-text").fill(HARD)
        page.locator("#paste-open").click()
        until(page, lambda: shown(page).puzzle == HARD_GAME.puzzle, "the pasted puzzle")
        posts: list[str] = []
        page.on("request", lambda r: posts.append(r.url) if r.url.endswith("/edit") else None)
        context.set_offline(True)
        context.set_offline(False)  # back online: what waits to be made again is made now
        cell(page, 1).click()
        page.keyboard.press("5")
        until(page, lambda: shown(page).entries[1] == 5, "the digit in the URL")
        assert shown(page).puzzle == HARD_GAME.puzzle and len(posts) == 1
    finally:
        context.close()


def test_show_mistakes_as_they_are_made(page: Page) -> None:
    page.goto(EASY_GAME.url)
    page.locator("#settings summary").click()
    page.get_by_label("Show mistakes as I make them").check()
    expect(page).to_have_url(re.compile(r"mistakes=1"))
    cell(page, 1).click()
    page.keyboard.press(str(int(EASY_SOLUTION[1]) % 9 + 1))
    expect(cell(page, 1)).to_have_class(re.compile(r"\bwrong\b"))
    page.keyboard.press(EASY_SOLUTION[1])
    expect(cell(page, 1)).not_to_have_class(re.compile(r"\bwrong\b"))


def test_clock_ticks_pauses_and_hides(page: Page) -> None:
    page.goto(GameState(parse(EASY), seconds=65).url)
    expect(page.locator("#clock")).to_have_text(re.compile(r"^1:0[6-9]$"), timeout=4000)
    cell(page, 0).click()
    page.keyboard.press("4")
    expect(page).to_have_url(re.compile(r"e=4"))
    page.locator("#act-pause").click()
    expect(page.locator(".paused-cover")).to_be_visible()
    expect(cell(page, 0)).to_have_value("")  # the grid is hidden, givens and entries alike
    expect(cell(page, 2)).to_have_value("")
    expect(page.locator("#act-hint")).to_be_disabled()
    assert shown(page).paused and shown(page).seconds >= 65
    page.locator(".paused-cover button").click()
    expect(page.locator(".paused-cover")).to_have_count(0)
    expect(cell(page, 0)).to_have_value("4")  # resuming brings every entry back
    assert shown(page).entries[0] == 4
    page.locator("#settings summary").click()
    page.get_by_label("Show the timer").uncheck()
    expect(page.locator("#clock")).to_have_count(0)
    expect(page).to_have_url(re.compile(r"timer=0"))


def seen_as(page: Page, state: str) -> None:
    """Tell the page it is hidden or visible again, as a switch of tabs or a locked phone."""
    page.evaluate(
        """state => {
            Object.defineProperty(document, 'visibilityState', {value: state, configurable: true});
            document.dispatchEvent(new Event('visibilitychange'));
        }""",
        state,
    )


def test_the_clock_leaves_out_the_time_the_page_is_hidden(page: Page) -> None:
    """Another tab or a locked phone for a while counted as time played (up to ten minutes a
    move): the clock shown and the time the next move posts leave it out."""
    start = time.monotonic()
    page.goto(EASY_GAME.url)
    expect(page.locator("#clock")).to_have_text("0:00")
    seen_as(page, "hidden")
    in_view = time.monotonic() - start
    page.wait_for_timeout(6000)
    seen_as(page, "visible")
    back = time.monotonic()
    minutes, seconds = (page.locator("#clock").text_content() or "").split(":")
    assert int(minutes) * 60 + int(seconds) <= in_view + time.monotonic() - back + 1
    cell(page, 0).click()
    page.keyboard.press("4")
    expect(page).to_have_url(re.compile(r"e=4"))
    assert shown(page).seconds <= in_view + time.monotonic() - back + 1  # 6 s more if counted


def test_a_reload_keeps_the_time_since_the_last_move(page: Page) -> None:
    """The link holds the time of the last move: a reload started the clock there again, and
    the seconds played since were lost (1:09 shown, 1:05 after the reload)."""
    page.goto(GameState(parse(EASY), seconds=65).url)
    expect(page.locator("#clock")).to_have_text("1:08", timeout=5000)
    page.reload()
    minutes, seconds = (page.locator("#clock").text_content() or "").split(":")
    assert 68 <= int(minutes) * 60 + int(seconds) < 80  # 1:05 and a little before the fix
    cell(page, 0).click()
    page.keyboard.press("4")
    expect(page).to_have_url(re.compile(r"e=4"))
    assert shown(page).seconds >= 68  # the move counts them too
    page.goto(EASY_GAME.url)  # another address: nothing carried over
    expect(page.locator("#clock")).to_have_text("0:00")


def test_the_finished_game_sums_up_and_offers_a_challenge(page: Page) -> None:
    missing = EASY.index(".")
    entries = tuple(
        0 if g != "." or i == missing else int(s)
        for i, (g, s) in enumerate(zip(EASY, EASY_SOLUTION, strict=True))
    )
    page.goto(GameState(parse(EASY), entries, seconds=754, hints=2, checks=1).url)
    cell(page, missing).click()
    page.keyboard.press(EASY_SOLUTION[missing])
    expect(page.locator("#summary")).to_contain_text("Solved!")
    expect(page.locator("#summary")).to_contain_text("12:3")
    expect(page.locator("#summary dd").nth(1)).to_have_text("2")
    expect(page.locator("#summary dd").nth(2)).to_have_text("1")
    challenge = page.locator("#challenge-url").input_value()
    assert challenge.endswith(EASY_GAME.url)
    shoot(page, "solved-summary-1280")
    # The solved grid is locked: keys, Backspace and N change nothing; Undo opens it again.
    won = page.url
    other = next(i for i, e in enumerate(entries) if e)
    cell(page, other).click()
    expect(cell(page, other)).to_be_focused()
    for key in ("5" if EASY_SOLUTION[other] != "5" else "6", "Backspace", "n"):
        page.keyboard.press(key)
    expect(cell(page, other)).to_have_value(EASY_SOLUTION[other])
    expect(page.locator(".pad")).to_have_count(0)
    expect(page.locator("#notes-field")).to_have_value("0")
    assert page.url == won
    page.locator("#act-undo").click()
    expect(cell(page, missing)).to_have_value("")
    expect(cell(page, missing)).to_be_editable()
    expect(page.locator(".pad .key")).to_have_count(9)


# Print, screenshots and axe-core


def test_print_shows_the_grid_with_notes_and_the_link(browser: Browser, server: str) -> None:
    context = new_context(browser, server, bypass_csp=True)
    page = context.new_page()
    notes = (0, 0b101) + (0,) * 79
    page.goto(GameState(parse(EASY), notes=notes).url)
    page.emulate_media(media="print")
    expect(page.locator("#grid")).to_be_visible()
    expect(page.locator("#c1 ~ .notes")).to_have_text("13")
    for hidden in (".pad", ".tools", "#hint", ".actions", ".top"):
        expect(page.locator(hidden).first).to_be_hidden()
    assert_no_axe_violations(page, "print")
    shoot(page, "print-1280")
    context.close()


def middle_game() -> GameState:
    """A game with entries, a clash, notes and history: what axe and the screenshots see."""
    entries = [0] * 81
    entries[0], entries[1], entries[10] = 4, 2, 6  # r1c2 = 2 clashes with the given in r1c5
    notes = [0] * 81
    notes[3], notes[13] = 0b100000001, 0b011000000
    state = GameState(parse(EASY), tuple(entries), notes=tuple(notes), seconds=203)
    return state


@pytest.mark.parametrize(
    ("size", "js", "dark"),
    [
        (PHONE, True, False),
        (PHONE, True, True),
        (PHONE, False, False),
        (DESKTOP, True, False),
        (DESKTOP, True, True),
        (DESKTOP, False, False),
    ],
)
def test_screenshots_and_axe(browser: Browser, server: str, size, js: bool, dark: bool) -> None:
    """Every kind of game page: no axe-core violation, no sideways scroll, a screenshot."""
    width = size["width"]
    tag = f"{width}{'' if js else '-nojs'}{'-dark' if dark else ''}"
    phone = width < 500  # a touch screen
    context = new_context(browser, server, js=js, viewport=size, touch=phone, axe=js)
    try:
        page = context.new_page()
        page.emulate_media(color_scheme="dark" if dark else "light")
        solved = tuple(0 if g != "." else int(s) for g, s in zip(EASY, EASY_SOLUTION, strict=True))
        pages = [
            ("home", "/"),
            ("midgame", middle_game().url),
            ("hint1", GameState(parse(HARD), cell=1, hint=1).url),
            ("hint2", GameState(parse(HARD), cell=1, hint=2).url),
            ("hint3", GameState(parse(HARD), cell=1, hint=3).url),
            ("solved", GameState(parse(EASY), solved, seconds=600, hints=1).url),
            ("paused", GameState(parse(EASY), paused=True).url),
            ("enter-kept", GameState(parse(EASY), (4,) + (0,) * 80, Mode.ENTER).url),
        ]
        for name, url in pages:
            page.goto(url)
            if name == "midgame" and js:
                cell(page, 0).click()  # highlights drawn
            assert page.evaluate("document.documentElement.scrollWidth") <= width, name
            if js:  # axe-core runs in the page: it needs JavaScript
                assert_no_axe_violations(page, f"{name}-{tag}")
            shoot(page, f"game-{name}-{tag}")
    finally:
        context.close()
