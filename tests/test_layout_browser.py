"""The play page, the solve path and a game's review sized to the screen, in Chromium (fixtures
in conftest.py): big grids on big screens that still fit the screen's height, the same phone
layouts, fingertip-sized controls and links on every page of a touch screen, and no keyboard
help where there is no keyboard."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from puzzles import EASY, EASY_SOLUTION

from webapp.lab import lab_url
from webapp.sudoku import parse
from webapp.urlstate import GameState, encode_cells

pytest.importorskip("playwright")
from axe import report, violations
from conftest import BROWSER_TESTS, new_context, shoot
from playwright.sync_api import Browser, BrowserContext, Page, expect
from test_learn_browser import review_link

pytestmark = BROWSER_TESTS

HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
# a few notes, so that their size can be measured
NOTES = tuple(0b110101101 if i in (2, 3, 12) else 0 for i in range(81))
GAME = GameState(parse(HARD), notes=NOTES).url
HINTED = GameState(parse(HARD), cell=1, hint=3).url  # r1c2's hint, its way folded under it
PATH = f"/path/{encode_cells(parse(EASY))}?step=12"
# From norvig_top95: its path needs trials, which a note above the grid says
TRIALS = "6.2.5.........3.4..........43...8....1....2........7..5..27...........81...6....."
TRIALS_PATH = f"/path/{encode_cells(parse(TRIALS))}?step=5"
REVIEW = review_link()

DESKTOPS = [(1280, 900), (1366, 768), (1920, 1080), (2560, 1440)]
TABLETS = [(1024, 1366), (834, 1194), (1366, 1024)]


def context(browser: Browser, server: str, size: tuple[int, int], touch: bool, dark: bool = False):
    """A desktop (mouse) or a touch screen of that size; axe-core may be injected."""
    viewport = {"width": size[0], "height": size[1]}
    return new_context(browser, server, viewport=viewport, bypass_csp=True, dark=dark, touch=touch)


@pytest.fixture
def contexts(browser: Browser, server: str) -> Iterator[list[BrowserContext]]:
    """Contexts a test opens (with `context`), closed after it."""
    opened: list[BrowserContext] = []
    yield opened
    for each in opened:
        each.close()


def open_page(
    contexts: list[BrowserContext], browser: Browser, server: str, size, touch, url, dark=False
) -> Page:
    made = context(browser, server, size, touch, dark)
    contexts.append(made)
    page = made.new_page()
    page.goto(url)
    return page


def box(page: Page, selector: str) -> dict[str, float]:
    found = page.locator(selector).first.bounding_box()
    assert found, selector
    return found


def bottom(page: Page, selector: str) -> float:
    found = box(page, selector)
    return found["y"] + found["height"]


def font_px(page: Page, selector: str) -> float:
    return float(page.eval_on_selector(selector, "e => parseFloat(getComputedStyle(e).fontSize)"))


def assert_fits_sideways(page: Page, width: int) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= width


@pytest.mark.parametrize("size", DESKTOPS, ids=lambda s: f"{s[0]}x{s[1]}")
def test_on_a_desktop_the_grid_is_as_tall_as_the_screen_allows(
    browser: Browser, server: str, contexts: list[BrowserContext], size: tuple[int, int]
) -> None:
    """The grid was 500 px on every screen: at 1920 x 1080 most of the screen stood empty."""
    width, height = size
    page = open_page(contexts, browser, server, size, False, GAME)
    grid = box(page, "#grid")
    for what in ("#grid", ".pad", ".tools"):  # played without scrolling
        assert bottom(page, what) <= height, (what, box(page, what))
    panel = box(page, ".panel")
    assert panel["x"] >= grid["x"] + grid["width"] + 24 and panel["width"] >= 360  # beside it
    if height >= 1000:
        assert grid["width"] > 700, grid
    elif height >= 900:
        assert grid["width"] > 600, grid
    assert_fits_sideways(page, width)
    shoot(page, f"layout-play-{width}x{height}")


def test_digits_and_notes_scale_with_the_cell(
    browser: Browser, server: str, contexts: list[BrowserContext]
) -> None:
    """A big grid with the small digits of a 500 px one looked empty."""
    ratios, cells = [], []
    for size in [(1280, 900), (1920, 1080), (2560, 1440)]:
        page = open_page(contexts, browser, server, size, False, GAME)
        cells.append(box(page, "#c0")["height"])
        ratios.append((font_px(page, "#c0") / cells[-1], font_px(page, "#c2 ~ .notes") / cells[-1]))
    assert cells[-1] > 1.2 * cells[0], cells  # cells of different sizes
    digit, note = ratios[0]
    assert digit > 0.45 and note > 0.2, ratios
    for other_digit, other_note in ratios[1:]:
        assert abs(other_digit - digit) < 0.05 and abs(other_note - note) < 0.03, ratios


@pytest.mark.parametrize("size", [(1280, 900), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_without_javascript_update_the_grid_is_on_the_first_screen(
    browser: Browser, server: str, size: tuple[int, int]
) -> None:
    """The grid left room for the pad and tools alone: at 1280 x 900 the button that sends a
    move without JavaScript stood below the screen."""
    viewport = {"width": size[0], "height": size[1]}
    made = new_context(browser, server, js=False, viewport=viewport)
    try:
        page = made.new_page()
        page.goto(GAME)
        assert box(page, "#grid")["width"] > 500
        assert bottom(page, ".nojs-check button") <= size[1]
    finally:
        made.close()


def test_zoomed_in_the_grid_stays_big_enough_to_read(
    browser: Browser, server: str, contexts: list[BrowserContext]
) -> None:
    """At 200% zoom a 1920 x 1080 screen is 960 x 540 CSS px: the grid shrank to 300 px to
    keep the pad in view (600 device px, notes smaller than at 100%); it keeps 360 px, the
    page scrolls instead."""
    page = open_page(contexts, browser, server, (960, 540), False, GAME)
    assert box(page, "#grid")["width"] >= 360
    assert box(page, ".panel")["x"] > box(page, "#grid")["x"] + 360  # still beside it
    assert_fits_sideways(page, 960)


@pytest.mark.parametrize("size", [(320, 256), (427, 300), (560, 450), (640, 450)])
def test_zoomed_far_in_the_page_reflows_into_one_column(
    browser: Browser, server: str, contexts: list[BrowserContext], size: tuple[int, int]
) -> None:
    """At 400% zoom (1280 x 1024 is 320 x 256 CSS px; WCAG's reflow) a short, wide window got
    the phone-on-its-side layout: sideways scrolling, Pause off the screen, the status line
    0 px wide. It is one column there, scrolled down."""
    page = open_page(contexts, browser, server, size, False, HINTED)
    assert_fits_sideways(page, size[0])
    assert box(page, "#status-line")["width"] > 100
    assert box(page, "#act-pause")["x"] + box(page, "#act-pause")["width"] <= size[0]
    assert box(page, "#hint")["y"] > bottom(page, "#grid")  # under the grid


# WCAG 1.4.12: text spaced out this far must lose nothing
TEXT_SPACING = (
    "* { line-height: 1.5 !important; letter-spacing: 0.12em !important;"
    " word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }"
)


@pytest.mark.parametrize("size", [(360, 740), (1280, 900)])
def test_spaced_out_text_keeps_the_bar_above_the_grid_whole(
    browser: Browser, server: str, contexts: list[BrowserContext], size: tuple[int, int]
) -> None:
    """The bar over the grid had a fixed height: with WCAG's text spacing its status and clock
    grew out of it, and on a phone Pause rose over the header's Solver lab link."""
    page = open_page(contexts, browser, server, size, size[0] < 500, GAME)
    page.add_style_tag(content=TEXT_SPACING)
    assert box(page, "#act-pause")["y"] >= bottom(page, ".top")
    assert box(page, "#grid")["y"] >= bottom(page, ".bar")
    for part in ("#status-line", ".clock-box"):
        assert bottom(page, part) <= bottom(page, ".bar"), part


# How far the farthest note's letters stand out of their cell, in px (below 0: inside it)
NOTES_OUT = """() => Math.max(...[...document.querySelectorAll('#grid .notes > *')].map((note) => {
    const cell = note.closest('.box').querySelector('.cell').getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(note);  // the letters' boxes, whatever the line height
    return Math.max(...[...range.getClientRects()].map((r) => Math.max(
        r.bottom - cell.bottom, cell.top - r.top, r.right - cell.right, cell.left - r.left)));
}))"""


@pytest.mark.parametrize("size", [(360, 740), (740, 360)])
def test_spaced_out_text_keeps_the_notes_in_their_cells(
    browser: Browser, server: str, contexts: list[BrowserContext], size: tuple[int, int]
) -> None:
    """With WCAG's text spacing, a cell's third row of notes stood 5-7 px out of its bottom,
    over the cell below: the rows grew to the taller lines."""
    page = open_page(contexts, browser, server, size, True, GAME)
    assert page.locator("#grid .notes").count() == 3
    assert page.evaluate(NOTES_OUT) < 0
    page.add_style_tag(content=TEXT_SPACING)
    assert page.evaluate(NOTES_OUT) < 0


@pytest.mark.parametrize("size", TABLETS, ids=lambda s: f"{s[0]}x{s[1]}")
def test_on_a_tablet_the_grid_fills_the_screen(
    browser: Browser, server: str, contexts: list[BrowserContext], size: tuple[int, int]
) -> None:
    """An iPad Pro upright (1024 x 1366) showed a 500 px grid beside the panel, half its left
    column empty; upright, the grid now takes the width, the pad, tools and hint under it."""
    width, height = size
    page = open_page(contexts, browser, server, size, True, GAME)
    grid = box(page, "#grid")
    assert grid["width"] > 700, grid
    below = ("#grid", ".pad", ".tools", "#hint") if height > width else ("#grid", ".tools")
    for what in below:
        assert bottom(page, what) <= height, (what, box(page, what))
    assert_fits_sideways(page, width)
    shoot(page, f"layout-play-{width}x{height}-touch")


@pytest.mark.parametrize("size", [(768, 1024), (834, 1194), (1024, 1366), (900, 1100)])
def test_upright_an_open_hint_shows_its_newest_level_with_the_grid(
    browser: Browser, server: str, contexts: list[BrowserContext], size: tuple[int, int]
) -> None:
    """Upright, the grid left room under the pad and tools for the hint's button alone: Show
    more put each new level below the screen (r1c2's third at 1,105 px of an iPad's 1,024,
    1,291 of an 11-inch iPad Pro's 1,194), and above 820 px the earlier levels kept their
    full height and labels, unlike a phone's one line each."""
    width, height = size
    page = open_page(contexts, browser, server, size, width < 900, HINTED)
    expect(page.locator("#hint .hint-level")).to_have_count(3)
    for what in ("#grid", ".pad", ".tools", "#hint .hint-level >> nth=-1"):
        assert bottom(page, what) <= height, (what, box(page, what))
    assert box(page, "#hint .hint-level >> nth=0")["height"] < 30  # one line
    assert box(page, "#grid")["width"] > 540  # still bigger than the 500 px of before
    assert_fits_sideways(page, width)


@pytest.mark.parametrize(
    ("size", "grid_width"), [((375, 740), 359), ((390, 844), 374), ((740, 375), 315)]
)
def test_a_phones_grid_is_as_before(
    browser: Browser, server: str, contexts: list[BrowserContext], size, grid_width: int
) -> None:
    """Phones keep their grid (the screen's width upright, its height on its side) and digits."""
    page = open_page(contexts, browser, server, size, True, GAME)
    assert box(page, "#grid")["width"] == pytest.approx(grid_width, abs=1)
    cell_font = min(max(20.0, 0.056 * size[0]), 29.6)  # clamp(1.25rem, 5.6vw, 1.85rem)
    assert font_px(page, "#c0") == pytest.approx(cell_font, abs=0.1)


@pytest.mark.parametrize("size", [(375, 740), (740, 375), (1280, 900), (2560, 1440)])
def test_three_lines_of_notes_fit_a_cell(
    browser: Browser, server: str, contexts: list[BrowserContext], size: tuple[int, int]
) -> None:
    """A phone on its side (35 px cells) drew 12.8 px notes: three lines spilt out of the cell."""
    page = open_page(contexts, browser, server, size, True, GAME)
    inside = box(page, "#c2 ~ .notes")["height"]  # the cell less its 2 px inset
    assert 3 * font_px(page, "#c2 ~ .notes") <= inside, (size, inside)


TOUCH_CONTROLS = (
    "#game button, #game summary, #game select, #game a.chip, #game a.level-link,"
    " #game .lab-link a, #game .learn-link a, #game label.setting"
)


@pytest.mark.parametrize("size", [(375, 740), (740, 375), (1024, 1366), (1366, 1024)])
def test_on_a_touch_screen_every_control_is_a_fingertip_tall(
    browser: Browser, server: str, contexts: list[BrowserContext], size: tuple[int, int]
) -> None:
    """Pause was 74 x 34-36 px, the tools 42, the hint's buttons and the level chips 40, the
    settings' boxes 32: at least 44 px on a touch screen (Apple's and WCAG's 2.5.5 size)."""
    page = open_page(contexts, browser, server, size, True, HINTED)
    page.locator("#settings summary").click()
    expect(page.locator("#hint .hint-fold summary")).to_be_visible()
    expect(page.locator("#difficulty .level-link")).to_be_visible()
    controls = page.locator(TOUCH_CONTROLS)
    measured = 0
    for i in range(controls.count()):
        control = controls.nth(i)
        if not control.is_visible():
            continue
        found = control.bounding_box()
        assert found and found["height"] >= 44, (control.evaluate("e => e.outerHTML"), found)
        measured += 1
    assert measured >= 25, measured  # pause, pad, tools, hint, actions, settings, links
    assert box(page, "#act-pause")["height"] >= 44


def test_on_a_phone_the_taller_controls_still_leave_the_hint_on_the_first_screen(
    browser: Browser, server: str, contexts: list[BrowserContext]
) -> None:
    """The bar (with Pause) and the hint's buttons grew by 18 px: the gaps gave it back."""
    page = open_page(contexts, browser, server, (375, 740), True, GameState(parse(HARD)).url)
    page.locator("#c1").click()
    page.locator("#act-hint").click()
    for level in (2, 3):
        page.locator("#act-hint-more").click()
        expect(page.locator("#hint .hint-level")).to_have_count(level)
    page.evaluate("window.scrollTo(0, 0)")
    for what in ("#grid", ".pad", ".tools", "#hint .hint-level >> nth=-1"):
        assert bottom(page, what) <= 740, (what, box(page, what))


def test_on_a_phone_a_hints_move_is_brought_on_screen_with_the_whole_grid(
    browser: Browser, server: str, contexts: list[BrowserContext]
) -> None:
    """The third level's move button sat just below a phone's screen (742-786 px of 740):
    the page now scrolls it up, as far as the grid stays whole on screen."""
    page = open_page(contexts, browser, server, (375, 740), True, GameState(parse(HARD)).url)
    page.locator("#act-hint").click()
    for level in (2, 3):
        page.locator("#act-hint-more").click()
        expect(page.locator("#hint .hint-level")).to_have_count(level)
    expect(page.locator("#act-hint-apply")).to_be_visible()
    page.wait_for_function(
        "document.querySelector('#act-hint-apply').getBoundingClientRect().bottom <= innerHeight"
    )
    assert box(page, "#grid")["y"] >= 0


def test_on_a_phone_a_question_opened_at_the_screens_foot_comes_into_view(
    browser: Browser, server: str, contexts: list[BrowserContext]
) -> None:
    """Solve… near the foot of the screen opened its question below it, off the screen."""
    page = open_page(contexts, browser, server, (375, 740), True, GameState(parse(HARD)).url)
    solve = page.locator("details.confirm summary", has_text="Solve")
    top = box(page, "details.confirm:has(#act-solve) summary")["y"]
    page.evaluate(f"window.scrollTo(0, {top} - 740 + 50)")  # the button at the screen's foot
    solve.click()
    expect(page.locator("#act-solve")).to_be_visible()
    page.wait_for_function(
        "document.querySelector('#act-solve').getBoundingClientRect().bottom <= innerHeight"
    )


def help_text(page: Page) -> str:
    return page.locator(".mode-help p").first.inner_text()


def test_keyboard_help_shows_only_where_there_is_a_keyboard(
    browser: Browser, server: str, contexts: list[BrowserContext]
) -> None:
    """A touch screen read "N or Notes switches digits to notes; Ctrl+Z undoes." """
    desktop = open_page(contexts, browser, server, (1280, 900), False, GAME)
    said = help_text(desktop)
    assert "Notes switches digits to notes." in said and "Ctrl+Z to undo." in said, said
    for size in [(375, 740), (1024, 1366)]:
        touch = open_page(contexts, browser, server, size, True, GAME)
        expect(touch.locator(".keys-help")).to_be_hidden()
        said = help_text(touch)
        assert "Ctrl" not in said and "keyboard" not in said, said
        assert said.rstrip().endswith("switches digits to notes."), said  # a whole sentence


@pytest.mark.parametrize("size", [(1280, 900), (1920, 1080), (2560, 1440), (1024, 1366)])
def test_the_solve_paths_grid_is_as_big_as_the_screen_allows(
    browser: Browser, server: str, contexts: list[BrowserContext], size: tuple[int, int]
) -> None:
    """The path's grid was 440 px on every screen; Back and Next stay in view under it."""
    width, height = size
    touch = height > width
    page = open_page(contexts, browser, server, size, touch, PATH)
    grid = box(page, ".learn-grid")
    assert bottom(page, "#path-next") <= height
    assert grid["width"] > (700 if height >= 1000 and not touch else 520), grid
    text = box(page, ".learn-text")
    assert text["x"] >= grid["x"] + grid["width"] and text["width"] >= 400  # beside it
    ratio = font_px(page, ".learn-cell.given") / grid["height"] * 9
    assert ratio > 0.5, ratio
    assert_fits_sideways(page, width)
    shoot(page, f"layout-path-{width}x{height}")
    page.goto(TRIALS_PATH)  # the note above the grid moves it down
    expect(page.locator(".learn-note")).to_contain_text("needs trials")
    assert bottom(page, "#path-next") <= height


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_resized_pages_have_no_axe_violation(
    browser: Browser, server: str, contexts: list[BrowserContext], dark: bool
) -> None:
    for (width, height), touch in [((1920, 1080), False), ((1024, 1366), True), ((375, 740), True)]:
        viewport = {"width": width, "height": height}
        contexts.append(
            new_context(browser, server, viewport=viewport, dark=dark, touch=touch, axe=True)
        )
        page = contexts[-1].new_page()
        for url in (GAME, PATH, REVIEW, "/techniques", "/"):
            page.goto(url)
            found = violations(page)
            assert not found, f"{url} at {width}x{height}: {report(found)}"


SOLVED = GameState(
    parse(EASY), tuple(parse(EASY_SOLUTION)[c] * (not d) for c, d in enumerate(parse(EASY)))
)
# One page of each kind, with the links that stand alone on it
EVERY_PAGE = {
    "home": "/",
    "game": GAME,
    "solved": SOLVED.url,
    "path": PATH,
    "library": "/techniques",
    "technique": "/techniques/x-wing",
    "practise": "/techniques/skyscraper/practise/1",
    "review": REVIEW,
    "lab": "/lab",
    "lab-puzzle": lab_url(encode_cells(parse(HARD))),
    "lab-step": lab_url(encode_cells(parse(HARD)), "propagate", 3),
    "api": "/api",
    "error": "/no/such/page",
}

# The height a tap lands on each visible control (a label's control: its label) that is not a
# link inside running text, where the text around it keeps its line: the points down the
# middle of it (60 px either side) that the browser hands to it. The grid's cells (the
# screen's width) and the skip link (for keyboards) are left out.
SMALL_TARGETS = """() => {
    const controls = 'a[href], button, summary, select, input:not([type=hidden]), textarea';
    const inText = (e) => {
        let block = e.parentElement;
        while (getComputedStyle(block).display === 'inline') block = block.parentElement;
        const copy = block.cloneNode(true);
        const notText = 'a, button, .count, .sr-only, [aria-hidden=true], [aria-current]';
        copy.querySelectorAll(notText).forEach(n => n.remove());
        return /[^\\s\u00b7\u203a\u2039|]/.test(copy.textContent);
    };
    const small = [];
    for (const control of document.querySelectorAll(controls)) {
        const e = control.closest('label') || control;
        if (control.matches('.cell, .skip') || !e.checkVisibility()) continue;
        if (control.matches('a') && inText(control)) continue;
        e.scrollIntoView({block: 'center'});
        const r = e.getBoundingClientRect();
        const x = r.left + r.width / 2;
        let hits = 0;
        for (let y = r.top - 60; y < r.bottom + 60; y++) {
            const hit = document.elementFromPoint(x, y);
            if (hit && e.contains(hit)) hits++;
        }
        if (hits < 44) small.push(`${hits} px: ${e.outerHTML.slice(0, 100)}`);
    }
    return small;
}"""


@pytest.mark.parametrize("size", [(375, 740), (1024, 1366)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_on_a_touch_screen_every_page_has_fingertip_links(
    browser: Browser, server: str, contexts: list[BrowserContext], size: tuple[int, int]
) -> None:
    """The header's links were 26-29 px tall on every page and the footer's a 16 px line,
    breadcrumbs 17, the solve path's technique pills 29 (their links 16), a finished game's
    links and the technique pager 24, the lab's tabs 40 and its "Step through" 17-22, the
    API's contents 19: at least 44 px on a touch screen, as the game's controls."""
    page = open_page(contexts, browser, server, size, True, "/")
    for name, url in EVERY_PAGE.items():
        page.goto(url)
        for fold in page.locator("details:not([open]) > summary").all():
            if fold.is_visible():
                fold.click()  # the links inside too
        small = page.evaluate(SMALL_TARGETS)
        assert not small, (name, small)
        for link in (".nav-link", ".foot-links a"):
            assert box(page, link)["height"] >= 44, (name, link)


def test_on_a_phone_no_line_of_the_footer_ends_with_a_separator(
    browser: Browser, server: str, contexts: list[BrowserContext]
) -> None:
    """At 375 px the footer's third link went to a line of its own and left its "·" at the
    end of the line before: each separator shown has its next link on its line."""
    page = open_page(contexts, browser, server, (375, 740), True, "/")
    links = [box(page, f".foot-links a >> nth={i}") for i in range(3)]
    assert len({link["y"] for link in links}) > 1  # two lines, or the test shows nothing
    for i in range(2):
        separator = page.locator(".foot-sep").nth(i).bounding_box()
        if separator and separator["width"]:
            middle = separator["y"] + separator["height"] / 2
            assert links[i + 1]["y"] <= middle <= links[i + 1]["y"] + links[i + 1]["height"]


@pytest.mark.parametrize("size", [(375, 740), (1024, 1366)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_on_a_touch_screen_a_cards_link_takes_the_whole_card(
    browser: Browser, server: str, contexts: list[BrowserContext], size: tuple[int, int]
) -> None:
    """The library's and the lab's cards showed a 19 px link over a line or more of text; a
    tap anywhere on the card opens it, and the cards keep their height."""
    mouse = open_page(contexts, browser, server, size, False, "/")
    page = open_page(contexts, browser, server, size, True, "/")
    for url, card in [("/techniques", ".learn-techniques li"), ("/lab", ".lab-example")]:
        mouse.goto(url)
        page.goto(url)
        assert box(page, card)["height"] == pytest.approx(box(mouse, card)["height"], abs=1)
        page.locator(f"{card} p").first.scroll_into_view_if_needed()
        text = box(page, f"{card} p")  # its description, not its link
        page.touchscreen.tap(text["x"] + 4, text["y"] + 4)
        expect(page).not_to_have_url(re.compile(f"{url}$"))


def test_on_a_desktop_the_header_and_footer_keep_their_size(
    browser: Browser, server: str, contexts: list[BrowserContext]
) -> None:
    """A mouse needs no fingertip's room: the header stays 59 px tall, its links 35."""
    page = open_page(contexts, browser, server, (1280, 900), False, "/techniques")
    assert box(page, ".top")["height"] < 60
    assert box(page, ".nav-link")["height"] < 36
    assert box(page, ".foot-links a")["height"] < 24  # a line of text


@pytest.mark.parametrize("size", [(1920, 1080), (2560, 1440), (1280, 900), (1024, 1366)])
def test_the_reviews_grid_is_as_big_as_the_screen_allows(
    browser: Browser, server: str, contexts: list[BrowserContext], size: tuple[int, int]
) -> None:
    """The review's grid was 440 px on every screen, the solve path's up to 880: it sizes as
    the path's, with its Back and Next still on the first screen under the summary."""
    width, height = size
    touch = height > width
    page = open_page(contexts, browser, server, size, touch, REVIEW)
    grid = box(page, ".learn-grid")
    assert bottom(page, "#review-next") <= height
    assert grid["width"] >= (440 if size == (1280, 900) else 530), grid
    text = box(page, ".learn-text")
    assert text["x"] >= grid["x"] + grid["width"] and text["width"] >= 400  # beside it
    assert_fits_sideways(page, width)
    shoot(page, f"layout-review-{width}x{height}")


@pytest.mark.parametrize(("size", "grid_width"), [((375, 740), 359), ((390, 844), 374)])
def test_a_phones_review_grid_is_as_before(
    browser: Browser, server: str, contexts: list[BrowserContext], size, grid_width: int
) -> None:
    page = open_page(contexts, browser, server, size, True, REVIEW)
    assert box(page, ".learn-grid")["width"] == pytest.approx(grid_width, abs=1)
