"""Shared fixtures: puzzle samples from ../shared/data, the Flask app with its test client, and
for browser tests the app under gunicorn and Debian's Chromium driven by Playwright.

Set CHROMIUM to use another Chromium binary. Screenshots go to artifacts/screenshots/.
"""

from __future__ import annotations

import contextlib
import faulthandler
import gc
import os
import random
import socket
import subprocess
import sys
import threading
import time
import traceback
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from axe import AXE
from flask import Flask
from flask.testing import FlaskClient

from bench.data import missing, read_puzzles
from webapp import create_app

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page, Route


HANG_REPORT_AFTER = 55  # seconds: before a limit ends the test (300 s; the skip-link test's 60)
_REPORT_FD = pytest.StashKey[int]()


def pytest_configure(config: pytest.Config) -> None:
    config.stash[_REPORT_FD] = os.dup(2)  # the run's own stderr, before tests capture it


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Iterator[object]:
    """A test still running after HANG_REPORT_AFTER seconds prints where it waits (under
    xdist pytest-timeout's report is lost with the worker it ends)."""
    fd = item.config.stash[_REPORT_FD]
    timer = threading.Timer(HANG_REPORT_AFTER, _report_hang, (fd, item.nodeid))
    timer.daemon = True
    timer.start()
    try:
        return (yield)
    finally:
        timer.cancel()


def _report_hang(fd: int, nodeid: str) -> None:
    """Every thread's stack, and every suspended greenlet's: a Playwright call of a test waits
    in one, which a thread's stack does not show."""
    with os.fdopen(os.dup(fd), "w") as out:
        out.write(f"\n{nodeid} still running after {HANG_REPORT_AFTER} s:\n")
        out.flush()
        faulthandler.dump_traceback(out)
        greenlet = sys.modules.get("greenlet")
        for suspended in gc.get_objects() if greenlet else ():
            if isinstance(suspended, greenlet.greenlet) and suspended.gr_frame is not None:
                out.write("Greenlet (most recent call last):\n")
                traceback.print_stack(suspended.gr_frame, file=out)


@pytest.fixture
def puzzle_sample() -> Callable[[str, int], list[str]]:
    """A function (filename, count) -> up to count puzzles from the data folder ($SUDOKU_DATA
    or ../shared/data), chosen with a fixed seed so runs repeat; skips the test, saying why,
    when the folder or file is missing."""

    def sample(filename: str, count: int) -> list[str]:
        if reason := missing(filename):
            pytest.skip(reason)
        puzzles = read_puzzles(filename)
        if len(puzzles) <= count:
            return puzzles
        return random.Random(f"{filename}:{count}").sample(puzzles, count)

    return sample


@pytest.fixture
def app() -> Flask:
    """A fresh app in testing mode, making new puzzles on demand (no background pool)."""
    return create_app({"TESTING": True, "SEED_POOL": 0})


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """A test client for the app."""
    return app.test_client()


@pytest.fixture
def engine_jobs(monkeypatch: pytest.MonkeyPatch) -> list[Callable[..., object]]:
    """The functions handed to the engine (EnginePool.run) during the test, in order; they
    still run."""
    from webapp.enginepool import EnginePool

    asked: list[Callable[..., object]] = []
    real = EnginePool.run

    def counted(pool: EnginePool, fn: Callable[..., object], *args: object) -> object:
        asked.append(fn)
        return real(pool, fn, *args)

    monkeypatch.setattr(EnginePool, "run", counted)
    return asked


# Browser tests

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "artifacts" / "screenshots"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
PLAYWRIGHT_DISABLED_FEATURES = [  # playwright-core's chromiumSwitches.ts
    "AvoidUnnecessaryBeforeUnloadCheckSync",
    "DestroyProfileOnBrowserClose",
    "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable",
    "LensOverlay",
    "MediaRouter",
    "PaintHolding",
    "ThirdPartyStoragePartitioning",
    "AvoidCorsURLLoaderRestartOnRedirect",
    "OptimizationHints",
    "NetworkTimeServiceQuerying",
    "AimEnabled",
    "PreconnectToSearch",
]
OMNIBOX_POPUPS = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup"]
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # Headless Chromium gives each context's window two omnibox popups, web pages of its own
    # (chrome://omnibox-popup.top-chrome) in a renderer no test sees: turned off, a context
    # that loads two pages costs 40% less CPU, and the whole suite on two cores took 758 s
    # instead of 959 s. Chromium reads only the last --disable-features, so this one repeats
    # the Linux part of Playwright's own (1.65) before the popups.
    "--disable-features=" + ",".join(PLAYWRIGHT_DISABLED_FEATURES + OMNIBOX_POPUPS),
]

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 375, "height": 740}
# What every browser test module sets as its `pytestmark`.
# A real browser on a machine whose every core runs tests now and then misses a beat (a route
# or offline switch not yet in force for the next request, a page swapped under DevTools): a
# browser test that fails runs once more, and the run's summary counts it as rerun.
BROWSER_TESTS = [
    pytest.mark.browser,
    pytest.mark.flaky(reruns=1),
    pytest.mark.skipif(
        not os.access(CHROMIUM, os.X_OK),
        reason=f"no Chromium at {CHROMIUM}: apt-get install chromium, or set CHROMIUM",
    ),
]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app under gunicorn on a free loopback port; yields its base URL."""
    if not (ROOT / "static" / "vendor" / "htmx.min.js").is_file():
        pytest.skip("static/vendor/htmx.min.js is missing: run ./dev test (or npm ci) first")
    port = free_port()
    log = (tmp_path_factory.mktemp("gunicorn") / "gunicorn.log").open("w")
    command = [sys.executable, "-m", "gunicorn", "--workers", "2", "--bind", f"127.0.0.1:{port}"]
    command += ["--limit-request-line", "8190"]  # as python -m webapp serves
    # Every browser test is one client clicking faster than a person; test_limits checks
    # the limits themselves. No warm pool of new puzzles: it kept both workers generating
    # (Extreme puzzles take seconds) while the tests ran, on the cores they need; "New
    # puzzle" then makes each on demand, as with an empty pool (the pool has tests of its own).
    quick = dict.fromkeys(("LIMIT_ENGINE", "LIMIT_GRADE", "LIMIT_NEW"), "1000 per minute")
    process = subprocess.Popen(
        [*command, "webapp:create_app({'SEED_POOL': 0})"],
        cwd=ROOT,
        stdout=log,
        stderr=subprocess.STDOUT,
        env={**os.environ, **quick},
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                with urllib.request.urlopen(base + "/robots.txt", timeout=1) as response:
                    if response.status == 200:
                        break
            except OSError:
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"gunicorn did not come up on {base} (log: {log.name})")
            time.sleep(0.1)
        yield base
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
        log.close()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


def new_context(
    browser: Browser,
    server: str,
    js: bool = True,
    viewport: dict[str, int] = DESKTOP,
    bypass_csp: bool = False,
    dark: bool = False,
    touch: bool = False,
    axe: bool = False,
) -> BrowserContext:
    """A browser context on the server; bypass_csp=True lets tests inject scripts (axe-core),
    dark=True asks for the dark colour scheme, touch=True makes it a touch screen (a phone's
    or tablet's coarse pointer), axe=True loads axe-core into each of its pages before their
    own scripts (for a context that checks many pages: a check on a page without it injects
    it, a quarter of a second more)."""
    context = browser.new_context(
        base_url=server,
        java_script_enabled=js,
        viewport=viewport,
        bypass_csp=bypass_csp or axe,
        color_scheme="dark" if dark else "light",
        has_touch=touch,
        is_mobile=touch,
    )
    context.set_default_timeout(5000)
    if axe and AXE.is_file():
        context.add_init_script(path=str(AXE))
    return context


class Held:
    """A page's requests to `pattern`, routed from before it loads (a route added to a page
    already loaded missed a request once in a full run): after `hold(n)` the next n wait in
    `held`, answered by the test; the others go through."""

    def __init__(self, page: Page, pattern: str) -> None:
        self.held: list[Route] = []
        self.holding = 0
        page.route(pattern, self._route)

    def hold(self, requests: int = 1) -> None:
        self.holding = requests

    def _route(self, route: Route) -> None:
        if self.holding:
            self.holding -= 1
            self.held.append(route)
        else:
            route.continue_()


def is_error(kind: str, text: str) -> bool:
    """A console message that means trouble. Not: a 4xx page's "Failed to load resource", nor
    htmx reporting a request it dropped because a newer edit replaced it (hx-sync replace)."""
    benign = text.startswith("Failed to load resource") or text in (
        "htmx:sendAbort",
        "htmx:afterRequest",
    )
    return kind == "error" and not benign


def _settle(page: Page) -> None:
    """Wait for a navigation the test left going (Back with wait_until="commit") to load:
    Chromium can acknowledge closing a page whose navigation is committing and never close
    it (microsoft/playwright#42366), and context.close() then waits for ever."""
    from playwright.sync_api import Error

    with contextlib.suppress(Error):  # closed, crashed, or still loading: close it anyway
        page.wait_for_load_state()


@pytest.fixture
def page(browser: Browser, server: str) -> Iterator[Page]:
    context = new_context(browser, server)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: errors.append(m.text) if is_error(m.type, m.text) else None)
    yield page
    _settle(page)
    context.close()
    assert not errors, f"errors in the page: {errors}"


@pytest.fixture
def nojs_page(browser: Browser, server: str) -> Iterator[Page]:
    context = new_context(browser, server, js=False)
    yield context.new_page()
    context.close()


def shoot(page: Page, name: str) -> None:
    """Save a full-page screenshot. caret="initial": hiding the caret would inject a style,
    which the page's Content-Security-Policy refuses (and reports as an error). Headless
    Chromium now and then answers "Unable to capture screenshot" when the machine is busy (a
    known transient failure of its capture); the picture is for people, so it tries again."""
    from playwright.sync_api import Error

    SHOTS.mkdir(parents=True, exist_ok=True)
    for attempt in range(3):
        try:
            page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True, caret="initial")
            return
        except Error as err:
            if "Unable to capture screenshot" not in str(err) or attempt == 2:
                raise
            page.wait_for_timeout(500)
