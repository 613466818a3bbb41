"""The solver lab in Chromium against gunicorn: from a game into the lab, stepping, dead ends,
reload, shared links, play/pause, the keyboard; without JavaScript; phone and desktop widths,
screenshots, and axe-core (fixtures in conftest.py, axe in axe.py)."""

from __future__ import annotations

import re
from itertools import pairwise

import pytest
from puzzles import EASY

from webapp.lab import EXAMPLES, NODES, lab_url
from webapp.sudoku import parse, trace
from webapp.urlstate import encode_cells

pytest.importorskip("playwright")
from axe import report, violations
from conftest import BROWSER_TESTS, DESKTOP, PHONE, Held, new_context, shoot
from playwright.sync_api import Browser, Page, Route, expect
from test_browser_game import heard, listen, until
from test_browser_history import forward_while_back_loads

pytestmark = BROWSER_TESTS

EASY_CODE = encode_cells(parse(EASY))
TOP95, ANTI, TWO, NONE = (example.puzzle for example in EXAMPLES[1:])
TOP95_CODE = encode_cells(parse(TOP95))


def title(page: Page):  # -> Locator
    return page.locator("#lab-step-title")


def step_url(code: str, algorithm: str, step: int) -> re.Pattern[str]:
    return re.compile(re.escape(lab_url(code, algorithm, step)) + "$")


def test_at_the_end_of_a_run_focus_goes_to_the_way_back(page: Page) -> None:
    """Last (or Forward onto the last step) turns the control into plain text, which can't
    hold focus: it went to the page's body."""
    run = trace(parse(EASY), "backtrack", nodes=NODES)
    page.goto(lab_url(EASY_CODE, "backtrack", run.nodes - 1))
    page.locator("#lab-next").focus()
    page.keyboard.press("Enter")
    expect(title(page)).to_have_text(f"Step {run.nodes} of {run.nodes}")
    expect(page.locator("#lab-back")).to_be_focused()


@pytest.mark.parametrize("width", [375, 1280])
def test_open_the_lab_from_a_game_step_and_jump_to_a_dead_end(page: Page, width: int) -> None:
    page.set_viewport_size(PHONE if width == 375 else DESKTOP)
    run = trace(parse(EASY), "backtrack", nodes=NODES)
    dead = run.dead_ends[0]
    page.goto(f"/p/v1/{EASY_CODE}")
    page.get_by_role("link", name="How would a computer solve this?").click()
    expect(page).to_have_url(re.compile(f"/lab/{EASY_CODE}$"))
    expect(page.locator(".lab-table tbody tr")).to_have_count(5)
    page.get_by_role("link", name="Step through Backtracking").click()
    expect(page).to_have_url(step_url(EASY_CODE, "backtrack", 1))
    expect(title(page)).to_have_text(f"Step 1 of {run.nodes}")
    page.locator("#lab-next").click()
    expect(page).to_have_url(step_url(EASY_CODE, "backtrack", 2))
    expect(title(page)).to_have_text(f"Step 2 of {run.nodes}")
    expect(page.locator("#lab-next")).to_be_focused()  # focus stays on the control used
    expect(page.locator("#announce")).to_have_text(f"Step 2 of {run.nodes}")
    page.locator("#lab-dead").click()
    expect(page).to_have_url(step_url(EASY_CODE, "backtrack", dead))
    expect(title(page)).to_have_text(f"Step {dead} of {run.nodes}")
    expect(page.locator(".lab-here")).to_contain_text("Dead end.")
    expect(page.locator(".lab-cell.focus.dead")).to_have_count(1)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    shoot(page, f"lab-dead-end-{width}")
    page.reload()
    expect(title(page)).to_have_text(f"Step {dead} of {run.nodes}")
    page.go_back()
    expect(page).to_have_url(step_url(EASY_CODE, "backtrack", 2))
    expect(title(page)).to_have_text(f"Step 2 of {run.nodes}")


def grid_text(page: Page) -> list[str]:
    return page.locator(".lab-cell").all_inner_texts()


def test_a_step_link_opens_the_same_step_elsewhere(
    page: Page, browser: Browser, server: str
) -> None:
    page.goto(lab_url(TOP95_CODE, "propagate"))
    for step in (2, 3, 4):  # each click once the step before it has landed
        page.locator("#lab-next").click()
        expect(page).to_have_url(step_url(TOP95_CODE, "propagate", step))
    shown, heading = grid_text(page), title(page).inner_text()
    other = new_context(browser, server, js=False)
    try:
        fresh = other.new_page()
        fresh.goto(page.url)
        assert grid_text(fresh) == shown
        expect(title(fresh)).to_have_text(heading)
    finally:
        other.close()


def settled(page: Page, quiet: int = 800) -> str:
    """The page's URL once it has not changed for `quiet` milliseconds (within 10 s)."""
    url = page.url
    for _ in range(10_000 // quiet):
        page.wait_for_timeout(quiet)
        if page.url == url:
            return url
        url = page.url
    raise AssertionError(f"the URL still changes: {url}")


def test_play_pause_and_stop_at_the_end(page: Page) -> None:
    page.goto(lab_url(TOP95_CODE, "propagate"))
    play = page.locator("#lab-play")
    expect(play).to_be_visible()
    page.locator("#lab-speed").select_option("5")
    play.click()
    expect(play).to_have_attribute("aria-pressed", "true")
    expect(play).to_have_text("Pause")
    expect(page).to_have_url(re.compile(r"step=([5-9]|\d\d+)$"))
    play.click()
    expect(play).to_have_text("Play")
    at_pause = int(page.url.rsplit("=", 1)[1])
    paused = settled(page)  # a step already asked for may still arrive, then nothing more
    step = int(paused.rsplit("=", 1)[1])
    assert at_pause <= step <= at_pause + 1
    expect(title(page)).to_contain_text(f"Step {step} of")
    page.wait_for_timeout(500)
    assert page.url == paused
    last = trace(parse(EASY), "mrv", nodes=NODES).nodes
    page.goto(lab_url(EASY_CODE, "mrv", last - 3))
    page.locator("#lab-speed").select_option("5")
    page.locator("#lab-play").click()
    expect(page).to_have_url(step_url(EASY_CODE, "mrv", last))
    expect(page.locator("#lab-play")).to_have_text("Play")  # stopped by itself
    expect(page.locator(".lab-here")).to_contain_text("The search ends here")


def test_playing_past_the_allowance_waits_and_goes_on(page: Page) -> None:
    """A 429 while playing replaced the lab with the error page; now playback waits as long
    as the answer's Retry-After says and asks for the step again."""
    refused = []

    def first_time_too_many(route) -> None:  # route: playwright Route
        if "step=4" in route.request.url and not refused:
            refused.append(route.request.url)
            headers = {"Retry-After": "1", "HX-Retarget": "#main", "HX-Reswap": "innerHTML"}
            route.fulfill(status=429, headers=headers, body="<h1>Too many requests</h1>")
        else:
            route.continue_()

    page.route("**/lab/**", first_time_too_many)
    page.goto(lab_url(TOP95_CODE, "propagate", 2))
    page.locator("#lab-speed").select_option("5")
    page.locator("#lab-play").click()
    expect(page).to_have_url(re.compile(r"step=[5-9]$"))
    assert refused
    expect(page.locator("#lab-play")).to_have_text("Pause")
    page.locator("#lab-play").click()
    expect(page.get_by_text("Too many requests")).to_have_count(0)


def test_the_step_playing_stops_on_is_told_once(page: Page) -> None:
    """Paused between two steps, or at the end of the run, a screen reader heard nothing:
    only steps that came while not playing were told."""
    run = trace(parse(TOP95), "propagate", nodes=NODES)
    page.goto(lab_url(TOP95_CODE, "propagate"))
    listen(page)
    page.locator("#lab-speed").select_option("1")  # a second between steps: paused between
    page.locator("#lab-play").click()
    expect(page).to_have_url(step_url(TOP95_CODE, "propagate", 2))
    page.locator("#lab-play").click()
    expect(page.locator("#announce")).to_have_text(f"Step 2 of {run.nodes}")
    assert settled(page) == page.url and heard(page) == [f"Step 2 of {run.nodes}"]
    page.goto(lab_url(TOP95_CODE, "propagate", run.nodes - 2))
    listen(page)
    page.locator("#lab-speed").select_option("5")
    page.locator("#lab-play").click()
    expect(page.locator("#lab-play")).to_have_text("Play")  # stopped by itself at the end
    expect(page.locator("#announce")).to_have_text(f"Step {run.nodes} of {run.nodes}")
    assert heard(page) == [f"Step {run.nodes} of {run.nodes}"]


def test_pausing_with_a_step_on_its_way_tells_that_step_alone(page: Page) -> None:
    """The step that comes after Pause is told when it comes, and the one left not also."""
    held = []

    def third_step_held(route: Route) -> None:
        if "step=3" in route.request.url:
            held.append(route)
        else:
            route.continue_()

    page.route("**/lab/**", third_step_held)
    page.goto(lab_url(TOP95_CODE, "propagate", 2))
    listen(page)
    page.locator("#lab-play").click()
    until(page, lambda: bool(held), "the third step asked for")
    page.locator("#lab-play").click()
    held[0].continue_()
    expect(title(page)).to_contain_text("Step 3 of")
    settled(page)
    assert heard(page) == [title(page).inner_text()]


def test_pausing_while_playing_waits_after_a_429_tells_the_step_shown(page: Page) -> None:
    """A refused step left the lab 'loading' until the next step came: Pause then told
    nothing (and the arrow keys did nothing)."""

    def refused(route: Route) -> None:
        if "step=3" in route.request.url:
            route.fulfill(status=429, headers={"Retry-After": "30"}, body="Too many requests")
        else:
            route.continue_()

    page.route("**/lab/**", refused)
    page.goto(lab_url(TOP95_CODE, "propagate", 2))
    listen(page)
    with page.expect_response(lambda response: response.status == 429):
        page.locator("#lab-play").click()
    page.locator("#lab-play").click()
    expect(page.locator("#announce")).to_have_text(re.compile(r"^Step 2 of "))
    page.keyboard.press("ArrowLeft")
    expect(title(page)).to_contain_text("Step 1 of")


def next_refused_once(page: Page) -> list[str]:
    """Open step 5 of TOP95's propagation and press Next, whose step 6 is refused (429, wait
    30 seconds) the first time; returns the URLs of step 6 asked for, then and later."""
    asked: list[str] = []

    def refused_once(route: Route) -> None:
        if "step=6" in route.request.url:
            asked.append(route.request.url)
            if len(asked) == 1:  # as the server answers htmx: its error page, for <main>
                headers = {"Retry-After": "30", "HX-Retarget": "#main", "HX-Reswap": "innerHTML"}
                route.fulfill(status=429, headers=headers, body="<h1>Too many requests</h1>")
                return
        route.continue_()

    page.route("**/lab/**", refused_once)
    page.goto(lab_url(TOP95_CODE, "propagate", 5))
    listen(page)
    with page.expect_response(lambda response: response.status == 429):
        page.locator("#lab-next").click()
    return asked


def test_stepping_past_the_allowance_keeps_the_lab_and_says_how_long_to_wait(
    page: Page,
) -> None:
    """A step asked for by a button or key and refused (429) put the error page in place of
    the lab. Now the lab stays on its step and says how long to wait; an arrow key pressed
    meanwhile asks for nothing (held, it would ask many times a second), and once the wait
    is over (the page's clock is moved on) it steps on."""
    page.clock.install()
    asked = next_refused_once(page)
    wait = page.locator("#lab-wait")
    expect(wait).to_have_text("Too many steps: wait 30 seconds.")
    expect(page.locator("#announce")).to_have_text(wait.inner_text())
    page.keyboard.press("ArrowRight")
    page.wait_for_timeout(300)  # time for a request to show itself
    assert len(asked) == 1
    expect(title(page)).to_contain_text("Step 5 of")
    expect(page).to_have_url(step_url(TOP95_CODE, "propagate", 5))
    expect(page.get_by_text("Too many requests")).to_have_count(0)
    for width, viewport in ((375, PHONE), (1280, DESKTOP)):
        page.set_viewport_size(viewport)
        shoot(page, f"lab-step-wait-{width}")
    page.clock.fast_forward(30_000)
    expect(wait).to_have_count(0)
    page.keyboard.press("ArrowRight")
    expect(title(page)).to_contain_text("Step 6 of")
    expect(page).to_have_url(step_url(TOP95_CODE, "propagate", 6))


@pytest.mark.parametrize("width", [375, 1280])
def test_the_wait_after_a_429_covers_no_part_of_the_grid(
    browser: Browser, server: str, width: int
) -> None:
    """The wait was the game's toast, fixed at the foot of the window: on a phone it hid the
    grid's lower rows for as long as it showed. Then it came under the step's controls and
    moved the grid down while it showed: now it has a line of its own there, and the grid
    stays put when it goes. axe-core checks the page with it showing."""
    viewport = PHONE if width == 375 else DESKTOP
    context = new_context(browser, server, viewport=viewport, bypass_csp=True)
    try:
        page = context.new_page()
        page.clock.install()
        next_refused_once(page)
        wait = page.locator("#lab-wait")
        expect(wait).to_be_visible()
        note, grid = wait.bounding_box(), page.locator(".lab-grid").bounding_box()
        assert note and grid
        assert note["height"] < 40  # one line
        apart = (
            note["y"] + note["height"] <= grid["y"]
            or grid["y"] + grid["height"] <= note["y"]
            or note["x"] + note["width"] <= grid["x"]
            or grid["x"] + grid["width"] <= note["x"]
        )
        assert apart, f"the wait {note} covers the grid {grid}"
        found = violations(page)
        assert not found, report(found)
        page.clock.fast_forward(30_000)
        expect(wait).to_have_count(0)
        assert page.locator(".lab-grid").bounding_box() == grid
    finally:
        context.close()


def in_view(page: Page, selector: str, height: int) -> bool:
    box = page.locator(selector).bounding_box()
    return bool(box) and box["y"] >= 0 and box["y"] + box["height"] <= height


def test_on_a_phone_playing_brings_the_whole_grid_into_view(browser: Browser, server: str) -> None:
    """On a phone Play stood above the step's controls and the grid mostly under the
    screen's foot: the search played where nobody could watch it. Play now scrolls the
    least that shows the grid whole, Pause still in view; at once where the reader asked
    for less motion. Each part has a page of its own (a new address, no scroll to restore),
    and the check of the instant scroll is made while the first step is held back."""
    context = new_context(browser, server, viewport=PHONE)
    try:
        page = context.new_page()
        page.goto(lab_url(TOP95_CODE, "propagate"))
        assert not in_view(page, ".lab-grid", PHONE["height"])
        page.locator("#lab-speed").select_option("1")
        page.locator("#lab-play").click()
        until(page, lambda: in_view(page, ".lab-grid", PHONE["height"]), "the grid in view")
        assert in_view(page, "#lab-play", PHONE["height"])
        page.locator("#lab-play").click()
        expect(page.locator("#lab-play")).to_have_text("Play")

        still = context.new_page()
        still.emulate_media(reduced_motion="reduce")
        steps = Held(still, "**/lab/*step=*")
        still.goto(lab_url(TOP95_CODE, "propagate"))
        steps.hold()
        still.locator("#lab-speed").select_option("1")
        moved = still.evaluate("document.getElementById('lab-play').click() || scrollY")
        assert moved > 0  # no glide: scrolled before the click's handler returned
        until(still, lambda: in_view(still, ".lab-grid", PHONE["height"]), "the grid in view")
        until(still, lambda: len(steps.held) == 1, "the first step asked for")
        steps.held[0].continue_()
        expect(still.locator("#lab-step-title")).to_contain_text("Step 2")
        until(still, lambda: in_view(still, ".lab-grid", PHONE["height"]), "the grid in view")
        still.locator("#lab-play").click()
        expect(still.locator("#lab-play")).to_have_text("Play")
    finally:
        context.close()


def test_on_a_phone_the_options_can_be_read(page: Page) -> None:
    """The digits left to try in a cell were 8 px on a phone, and made their row of the grid
    taller than the others."""
    page.set_viewport_size(PHONE)
    page.goto(lab_url(TOP95_CODE, "propagate", 5))
    options = page.locator(".lab-options span").first
    size = options.evaluate("el => getComputedStyle(el).fontSize")
    assert float(size.removesuffix("px")) >= 11
    heights = page.locator(".lab-cell").evaluate_all(
        "cells => cells.map(c => c.getBoundingClientRect().height)"
    )
    assert max(heights) - min(heights) < 1
    grid = page.locator(".lab-grid").bounding_box()
    assert grid and grid["x"] >= 0 and grid["x"] + grid["width"] <= PHONE["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_back_and_forward_while_a_step_loads_show_the_address_bars_step(page: Page) -> None:
    """Forward while the step before was still loading again after Back (its scripts not yet
    run) changed the address bar alone: step 5 stood under step 6's address."""
    scripts = Held(page, "**/vendor/htmx.min.js*")  # htmx, held when loaded again
    page.goto(lab_url(TOP95_CODE, "propagate", 4))
    for step in (5, 6):
        page.locator("#lab-next").click()
        expect(title(page)).to_contain_text(f"Step {step} of")
    forward_while_back_loads(page, scripts)  # to step 5, then forward again
    expect(page).to_have_url(step_url(TOP95_CODE, "propagate", 6))
    expect(title(page)).to_contain_text("Step 6 of")


def test_in_forced_colours_the_key_still_tells_the_marks_apart(page: Page) -> None:
    """Forced colours turned every swatch of the key into the same plain box."""
    page.emulate_media(forced_colors="active")
    page.goto(lab_url(TOP95_CODE, "propagate", 4))
    looks = [
        page.locator(f".lab-key .{kind}").evaluate(
            "el => { const s = getComputedStyle(el); return [s.backgroundColor,"
            " s.borderTopStyle, s.borderTopWidth, s.outlineStyle].join(); }"
        )
        for kind in ("k-given", "k-guess", "k-filled", "k-placed", "k-focus")
    ]
    assert len(set(looks)) == 5, looks


def test_the_side_by_side_never_widens_a_tablets_page(page: Page) -> None:
    """At 768 px the table's screen-reader labels, placed against the page, made it 931 px
    wide (the table scrolls in its own box)."""
    page.set_viewport_size({"width": 768, "height": 1024})
    page.goto(f"/lab/{TOP95_CODE}")
    expect(page.locator(".lab-table")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 768


def test_arrow_keys_step_back_and_forth_home_and_end_go_to_the_ends(page: Page) -> None:
    """The keys each link names (aria-keyshortcuts) move the lab as that link does."""
    page.goto(lab_url(TOP95_CODE, "dlx", 5))
    keys = page.eval_on_selector_all(
        ".lab-nav a", "links => links.map(a => [a.id, a.getAttribute('aria-keyshortcuts')])"
    )
    assert dict(keys) == {
        "lab-first": "Home",
        "lab-back": "ArrowLeft",
        "lab-next": "ArrowRight",
        "lab-last": "End",
        "lab-dead": None,
        "lab-solution": None,
    }
    page.keyboard.press("ArrowRight")
    expect(page).to_have_url(step_url(TOP95_CODE, "dlx", 6))
    expect(title(page)).to_contain_text("Step 6 of")
    expect(page).to_have_title(re.compile(r"^Dancing links, step 6: Solver lab$"))
    page.keyboard.press("ArrowLeft")
    expect(page).to_have_url(step_url(TOP95_CODE, "dlx", 5))
    page.keyboard.press("ArrowLeft")
    expect(page).to_have_url(step_url(TOP95_CODE, "dlx", 4))
    expect(page.locator(".lab-here")).to_contain_text("It takes the first constraint it meets")
    page.keyboard.press("End")
    last = trace(parse(TOP95), "dlx", nodes=NODES).nodes
    expect(title(page)).to_have_text(f"Step {last:,} of {last:,}")
    page.keyboard.press("Home")
    expect(page).to_have_url(step_url(TOP95_CODE, "dlx", 1))


@pytest.mark.parametrize("width", [375, 1280])
def test_without_javascript_every_control_is_a_link(nojs_page: Page, width: int) -> None:
    page = nojs_page
    page.set_viewport_size(PHONE if width == 375 else DESKTOP)
    run = trace(parse(NONE), "mrv", nodes=NODES)
    code = encode_cells(parse(NONE))
    page.goto(lab_url(code, "mrv"))
    expect(page.locator("#lab-play")).to_be_hidden()
    page.get_by_role("link", name="Forward").click()
    expect(page).to_have_url(step_url(code, "mrv", 2))
    page.get_by_role("link", name="Next dead end").click()
    dead = run.dead_ends[0] if run.dead_ends[0] > 2 else run.dead_ends[1]
    expect(page).to_have_url(step_url(code, "mrv", dead))
    page.get_by_role("link", name="Last").click()
    expect(title(page)).to_have_text(f"Step {run.nodes} of {run.nodes}")
    expect(page.locator(".lab-here")).to_contain_text("The search ends here: no solution")
    page.locator("#lab-step-input").fill("7")
    page.get_by_role("button", name="Go").click()
    expect(page).to_have_url(step_url(code, "mrv", 7))
    shoot(page, f"lab-nojs-step-{width}")
    response = page.goto(lab_url(code, "mrv", run.nodes + 1))
    assert response is not None and response.status == 400
    expect(page.locator(".error-what")).to_contain_text(f"This search has {run.nodes} steps")
    page.get_by_role("link", name="Open the puzzle without the part that's wrong").click()
    expect(page).to_have_url(step_url(code, "mrv", run.nodes))


PAGES = [
    ("home", "/lab"),
    ("side-by-side", lab_url(TOP95_CODE)),
    ("backtrack", lab_url(TOP95_CODE, "backtrack", 200)),
    ("mrv", lab_url(encode_cells(parse(ANTI)), "mrv", NODES)),
    ("propagate", lab_url(TOP95_CODE, "propagate", 12)),
    ("dlx", lab_url(TOP95_CODE, "dlx", 40)),
    ("sat", lab_url(encode_cells(parse(TWO)), "sat", 2)),
    ("no-step", lab_url(encode_cells(parse("11" + "." * 79)), "dlx")),
    ("error", lab_url(TOP95_CODE, "mrv", NODES)),
]


@pytest.mark.parametrize("js", [True, False], ids=["js", "nojs"])
@pytest.mark.parametrize("width", [375, 1280])
def test_layout_screenshots_and_axe(browser: Browser, server: str, width: int, js: bool) -> None:
    """No sideways scroll, a screenshot of every kind of lab page, and no axe-core violation."""
    viewport = PHONE if width == 375 else DESKTOP
    context = new_context(browser, server, js=js, viewport=viewport, axe=js)
    try:
        page = context.new_page()
        for name, url in PAGES:
            page.goto(url)
            assert page.evaluate("document.documentElement.scrollWidth") <= width, name
            shoot(page, f"lab-{name}-{width}{'' if js else '-nojs'}")
            boxes = [bar.bounding_box() for bar in page.locator(".lab-chart rect").all()]
            for upper, lower in pairwise(boxes):  # the chart's bars stand apart
                assert upper and lower and upper["y"] + upper["height"] < lower["y"], name
            if js:
                found = violations(page)
                assert not found, f"{name}: {report(found)}"
    finally:
        context.close()


@pytest.mark.parametrize("js", [True, False], ids=["js", "nojs"])
def test_a_mistyped_paste_comes_back_with_the_text_kept(
    browser: Browser, server: str, js: bool
) -> None:
    """The lab page again, the text still in the box and the problem said next to it (it was
    a bare 400 page with the text lost); fixed, the same box opens the puzzle."""
    context = new_context(browser, server, js=js, viewport=PHONE, bypass_csp=js)
    try:
        page = context.new_page()
        page.goto("/lab")
        box = page.get_by_label("A puzzle: 81 characters")
        mistyped = EASY[:40] + "x" + EASY[41:]
        box.fill(mistyped)
        with page.expect_response(re.compile(r"/lab\?puzzle=")) as answer:
            page.get_by_role("button", name="Open in the lab").click()
        assert answer.value.status == 400
        expect(page.locator("#lab-puzzle-problem")).to_have_text(
            "That puzzle can't be read (unexpected 'x' at row 5, column 5). "
            "Fix it below and try again."
        )
        expect(box).to_have_value(mistyped)
        expect(box).to_have_attribute("aria-invalid", "true")
        expect(box).to_be_focused()
        shoot(page, f"lab-paste-problem-375{'' if js else '-nojs'}")
        if js:
            found = violations(page)
            assert not found, report(found)
        box.fill(EASY)
        page.get_by_role("button", name="Open in the lab").click()
        expect(page).to_have_url(re.compile(f"/lab/{EASY_CODE}$"))
    finally:
        context.close()
