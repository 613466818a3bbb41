"""The learning pages in Chromium against gunicorn: from a game to its solve path and through
it (buttons, arrow keys, links without JavaScript), the technique library to a practise
puzzle and into play, and a game's review; phone and desktop widths, screenshots (in
artifacts/screenshots/) and axe-core (fixtures in conftest.py, axe in axe.py)."""

from __future__ import annotations

import re

import pytest
from puzzles import EASY, EASY_SOLUTION

from webapp.learn import review_url
from webapp.sudoku import parse, walkthrough
from webapp.urlstate import GameState, encode_cells

pytest.importorskip("playwright")
from axe import report, violations
from conftest import BROWSER_TESTS, DESKTOP, PHONE, Held, new_context, shoot
from playwright.sync_api import Browser, Locator, Page, expect
from test_browser_history import forward_while_back_loads
from test_learn_web import game

pytestmark = BROWSER_TESTS

CODE = encode_cells(parse(EASY))
STEPS = len(walkthrough(parse(EASY)).moments)
# From norvig_top95: needs chains and trials, so its path shows candidates being removed.
TOP95 = "6..3.2....5.....1..........7.26............543.........8.15........4.2........7.."
TOP95_CODE = encode_cells(parse(TOP95))


def title(page: Page):  # -> Locator
    return page.locator(".learn-step-title")


def fits(page: Page, width: int) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= width


@pytest.mark.parametrize("width", [375, 1280])
def test_from_a_game_through_its_solve_path(page: Page, width: int) -> None:
    page.set_viewport_size(PHONE if width == 375 else DESKTOP)
    page.goto(GameState(parse(EASY)).url)
    page.get_by_role("link", name="Show me how to solve it", exact=True).click()
    expect(page).to_have_url(re.compile(f"/path/{CODE}$"))
    expect(title(page)).to_have_text(f"Step 1 of {STEPS}")
    keys = page.locator(".learn-keys")  # the keyboard's help: where there is a keyboard
    if width > 819:
        expect(keys).to_be_visible()
    else:
        expect(keys).to_be_hidden()
    page.locator("#path-next").click()
    expect(page).to_have_url(re.compile(rf"/path/{CODE}\?step=2#path-stage$"))
    expect(title(page)).to_have_text(f"Step 2 of {STEPS}")
    expect(title(page)).to_be_focused()  # read out once: not also put in #announce
    expect(page.locator("#announce")).to_have_text("")
    page.keyboard.press("ArrowRight")
    expect(page).to_have_url(re.compile(r"\?step=3#path-stage$"))
    expect(title(page)).to_have_text(f"Step 3 of {STEPS}")
    page.locator("#path-last").click()
    expect(title(page)).to_have_text(f"Step {STEPS} of {STEPS}")
    expect(page.locator("#path-next")).to_have_attribute("aria-disabled", "true")
    page.keyboard.press("ArrowLeft")
    expect(title(page)).to_have_text(f"Step {STEPS - 1} of {STEPS}")
    page.keyboard.press("Home")
    expect(title(page)).to_have_text(f"Step 1 of {STEPS}")
    page.keyboard.press("End")
    expect(title(page)).to_have_text(f"Step {STEPS} of {STEPS}")
    page.keyboard.press("ArrowLeft")
    expect(title(page)).to_have_text(f"Step {STEPS - 1} of {STEPS}")
    page.locator(".learn-steps a").nth(9).click()
    expect(title(page)).to_have_text(f"Step 10 of {STEPS}")
    expect(page.locator('.learn-steps a[aria-current="step"] .n')).to_have_text("10")
    fits(page, width)
    shoot(page, f"learn-path-{width}")
    page.go_back()
    expect(title(page)).to_have_text(f"Step {STEPS - 1} of {STEPS}")
    page.reload()
    expect(title(page)).to_have_text(f"Step {STEPS - 1} of {STEPS}")


def test_the_difficulty_label_opens_the_path(page: Page) -> None:
    page.goto(GameState(parse(EASY)).url)
    page.locator("a.level-link").click()
    expect(page).to_have_url(re.compile(f"/path/{CODE}$"))


@pytest.mark.parametrize("width", [375, 1280])
def test_without_javascript_every_step_is_a_link(nojs_page: Page, width: int) -> None:
    page = nojs_page
    page.set_viewport_size(PHONE if width == 375 else DESKTOP)
    page.goto(f"/path/{CODE}")
    page.locator("#path-next").click()
    expect(page).to_have_url(re.compile(r"\?step=2#path-stage$"))
    expect(title(page)).to_have_text(f"Step 2 of {STEPS}")
    page.locator(".learn-steps a").nth(19).click()
    expect(page).to_have_url(re.compile(r"\?step=20#path-stage$"))
    expect(title(page)).to_have_text(f"Step 20 of {STEPS}")
    expect(page.locator(".learn-keys")).to_be_hidden()  # the keys need JavaScript
    fits(page, width)
    shoot(page, f"learn-path-{width}-nojs")


@pytest.mark.parametrize("width", [375, 1280])
def test_from_the_library_to_a_practise_puzzle_in_play(page: Page, width: int) -> None:
    page.set_viewport_size(PHONE if width == 375 else DESKTOP)
    page.goto(GameState(parse(EASY)).url)
    page.get_by_role("link", name="Solving techniques").click()
    expect(page).to_have_url(re.compile("/techniques$"))
    page.get_by_role("link", name="X-Wing", exact=True).click()
    expect(page.locator("h1")).to_have_text("X-Wing")
    expect(page.locator(".learn-grid .on").first).to_be_visible()
    fits(page, width)
    shoot(page, f"learn-technique-{width}")
    page.get_by_role("link", name="Practise X-Wing").click()
    expect(page).to_have_url(re.compile(r"/techniques/x-wing/practise/\d+$"))
    expect(page.locator("h1")).to_have_text("Practise: X-Wing")
    fits(page, width)
    shoot(page, f"learn-practise-{width}")
    practise_url = page.url
    page.get_by_role("link", name="Play this puzzle").click()
    expect(page).to_have_url(re.compile(r"/p/v1/"))
    expect(page.locator("#grid")).to_be_visible()
    page.goto(practise_url)  # the same puzzle again from its link
    expect(page.locator("h1")).to_have_text("Practise: X-Wing")


def review_link() -> str:
    puzzle = parse(EASY)
    right = parse(EASY_SOLUTION)
    empty = [c for c in range(81) if not puzzle[c]]
    a, b = empty[3], empty[10]
    played = [(a, right[a] % 9 + 1, False), (b, right[b], True), (a, right[a], False)]
    played += [(c, right[c], False) for c in empty if c not in (a, b)]
    return review_url(game(EASY, played).url)


PAGES = [
    ("library", "/techniques"),
    ("technique-xy-chain", "/techniques/xy-chain"),
    ("technique-bug", "/techniques/bug-plus-1"),
    ("technique-colouring", "/techniques/simple-colouring"),
    ("technique-dynamic", "/techniques/dynamic-forcing-chain"),
    ("path-top95", f"/path/{TOP95_CODE}?step=12"),
    ("practise-skyscraper", "/techniques/skyscraper/practise"),
    ("review", review_link()),
    ("path-none", f"/path/{encode_cells(parse('11' + '.' * 79))}"),
]


@pytest.mark.parametrize("js", [True, False], ids=["js", "nojs"])
@pytest.mark.parametrize("width", [375, 1280])
def test_layout_screenshots_and_axe(browser: Browser, server: str, width: int, js: bool) -> None:
    """No sideways scroll, a screenshot of every kind of page, and no axe-core violation."""
    viewport = PHONE if width == 375 else DESKTOP
    context = new_context(browser, server, js=js, viewport=viewport, axe=js)
    try:
        page = context.new_page()
        for name, url in PAGES:
            page.goto(url)
            fits(page, width)
            shoot(page, f"learn-{name}-{width}{'' if js else '-nojs'}")
            if js:
                found = violations(page)
                assert not found, f"{name}: {report(found)}"
    finally:
        context.close()


def test_dark_mode_has_no_axe_violation(browser: Browser, server: str) -> None:
    """The dark colours keep every text readable (the current step once fell to 4.2:1)."""
    context = new_context(browser, server, dark=True, axe=True)
    try:
        page = context.new_page()
        for name, url in [*PAGES, ("game", GameState(parse(EASY), (4, 3) + (0,) * 79).url)]:
            page.goto(url)
            found = violations(page)
            assert not found, f"{name}: {report(found)}"
    finally:
        context.close()


def test_the_review_steps_through_its_points(page: Page) -> None:
    page.goto(review_link())
    expect(page.locator(".learn-step-title")).to_contain_text("Move 1: you wrote")
    page.locator("#review-next").click()
    expect(page.locator(".learn-step-title")).to_contain_text("Move 2: a hint placed")
    expect(page.locator(".learn-step-title")).to_be_focused()
    expect(page.locator(".learn-cell.played")).to_have_count(1)


def test_back_and_forward_while_a_step_loads_show_the_address_bars_step(page: Page) -> None:
    """Forward while the step before was still loading again after Back (its scripts not yet
    run) changed the address bar alone: step 3 stood under step 4's address."""
    scripts = Held(page, "**/vendor/htmx.min.js*")  # htmx, held when loaded again
    page.goto(f"/path/{CODE}?step=2")
    for step in (3, 4):
        page.locator("#path-next").click()
        expect(title(page)).to_have_text(f"Step {step} of {STEPS}")
    forward_while_back_loads(page, scripts)  # to step 3, then forward again
    expect(page).to_have_url(re.compile(rf"/path/{CODE}\?step=4#path-stage$"))
    expect(title(page)).to_have_text(f"Step 4 of {STEPS}")


def test_on_a_phone_the_path_grid_stays_put_from_step_to_step(page: Page) -> None:
    """The step's text stood above the grid, so the grid and Next moved with its length (an
    Expert path's grid moved 150 px from one step to the next, Next off the screen)."""
    page.set_viewport_size(PHONE)
    page.goto(f"/path/{CODE}?step=3")
    sentence = page.locator(".learn-technique").locator("xpath=..")  # the step's first line

    def grid_below_title() -> float:
        grid, head = page.locator(".learn-grid").bounding_box(), title(page).bounding_box()
        assert grid and head
        return grid["y"] - head["y"]

    before = grid_below_title()
    sentence.evaluate("el => el.textContent = 'a much longer explanation '.repeat(12)")
    assert grid_below_title() == before
    nav = page.locator("#path-next").bounding_box()
    assert nav and nav["y"] + nav["height"] <= 740


def mark_px(page: Page) -> float:
    """The font size of the first candidate drawn in the page's grid, in CSS pixels."""
    size = page.locator(".learn-marks span").first.evaluate("el => getComputedStyle(el).fontSize")
    return float(size.removesuffix("px"))


@pytest.mark.parametrize(
    "url", ["/techniques/x-wing", "/techniques/simple-colouring", f"/path/{TOP95_CODE}?step=12"]
)
def test_on_a_phone_the_candidates_can_be_read(page: Page, url: str) -> None:
    """The candidates of a worked example's or a solve path's grid were 8 px on a phone."""
    page.set_viewport_size(PHONE)
    page.goto(url)
    assert mark_px(page) >= 11
    grid = page.locator(".learn-grid").bounding_box()
    assert grid and grid["x"] >= 0 and grid["x"] + grid["width"] <= PHONE["width"]
    fits(page, PHONE["width"])
    spill = page.locator(".learn-marks span:not([class])").evaluate_all(
        """marks => marks.filter(m => {
            const mark = m.getBoundingClientRect();
            const cell = m.closest('.learn-cell').getBoundingClientRect();
            return mark.top < cell.top - 0.5 || mark.bottom > cell.bottom + 0.5;
        }).length"""
    )
    assert spill == 0  # three lines of candidates fit every cell


@pytest.mark.parametrize("js", [True, False], ids=["js", "nojs"])
def test_on_a_phone_next_shows_the_grid_and_the_steps_words(
    browser: Browser, server: str, js: bool
) -> None:
    """Without JavaScript Next opened the page at its top, the step's words under the fold;
    with it, the colours' key stood between the grid and the words and pushed a longer
    step's move off the screen. Now Next lands on the step (its link's #path-stage), the
    grid whole and under it Back and Next, the step's words through its move, then the key."""
    context = new_context(browser, server, js=js, viewport=PHONE)
    try:
        page = context.new_page()
        page.goto(f"/path/{TOP95_CODE}?step=19")
        page.locator("#path-next").click()
        expect(title(page)).to_have_text(re.compile(r"^Step 20 of "))
        grid = page.locator(".learn-grid").bounding_box()
        move = page.locator(".learn-text .learn-move").bounding_box()
        key = page.locator(".learn-key").bounding_box()
        assert grid and move and key
        assert grid["y"] >= 0 and move["y"] + move["height"] <= PHONE["height"]
        assert key["y"] > move["y"]
        shoot(page, f"learn-path-next-375{'' if js else '-nojs'}")
    finally:
        context.close()


def test_in_forced_colours_a_patterns_candidates_and_colours_can_be_told(page: Page) -> None:
    """A pattern's cell passed its theme colours on to its candidates: grey notes and orange
    or purple colour digits on Mark (1.5-2.3:1), white rings on it, and colour 3's Mark disc
    on the Mark cell could not be seen at all."""
    page.emulate_media(forced_colors="active", color_scheme="dark")
    page.goto("/techniques/multi-colouring")
    cell = page.locator(".learn-cell.pattern").first

    def style(where: Locator, name: str) -> str:
        return where.evaluate(f"el => getComputedStyle(el).{name}")

    ink = style(cell, "color")  # MarkText
    plain = cell.locator(".learn-marks span:not([class])", has_text=re.compile(r"\d"))
    assert style(plain.first, "color") == ink
    ringed = page.locator(".learn-cell.pattern .hint-colour-2").first
    assert (style(ringed, "color"), style(ringed, "borderTopColor")) == (ink, ink)
    third = page.locator(".learn-cell.pattern .hint-colour-3").first
    assert style(third, "borderTopStyle") == "dotted"
