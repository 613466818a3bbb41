"""What the grid costs Chromium beyond the page: Autofill's parses of the grid's form.

    python bench/browser.py [--taps 10] [--moves 10]

Chrome's Autofill, in the browser process, parses a form's fields (the grid is a form of 81)
when it first sees the form and again whenever a field has changed since (a class, a select's
value). The site is served as the README serves it (`python -m webapp`) and a game opened in
Debian's Chromium (`$CHROMIUM`, else /usr/bin/chromium), as tests/conftest.py starts it; then
cells are tapped (selected), and moves made (a tap and a digit, a pause after the answer),
while Chromium traces its own tasks. Printed: Autofill's parses and the CPU they took, per tap
and per move.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from playwright.sync_api import Browser, Page, sync_playwright  # noqa: E402
from puzzles import EASY  # noqa: E402

from bench.web import served  # noqa: E402
from webapp.sudoku import parse  # noqa: E402
from webapp.urlstate import GameState  # noqa: E402

SETTLE_MS = 300  # Autofill parses on a thread pool, a moment after the page's change
PAUSE_MS = 400  # between a move's answer and the next tap: a quick player


def autofill_parses(browser: Browser, page: Page, act: Callable[[], None]) -> tuple[int, float]:
    """Autofill's parses of a form while `act` ran, and their CPU in ms (Chromium's trace)."""
    browser.start_tracing(categories=["toplevel"])
    try:
        act()
        page.wait_for_timeout(SETTLE_MS)
    finally:
        trace = json.loads(browser.stop_tracing())
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    parses = [
        event
        for event in events
        if event.get("name") == "ThreadPool_RunTask"
        and "autofill_manager" in event.get("args", {}).get("src_file", "")
    ]
    return len(parses), sum(event.get("tdur", 0) for event in parses) / 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--taps", type=int, default=10, help="cells selected")
    parser.add_argument("--moves", type=int, default=10, help="digits typed")
    args = parser.parse_args()
    from conftest import CHROMIUM, CHROMIUM_ARGS  # the tests' browser (here, not when imported)

    empties = [i for i, ch in enumerate(EASY) if ch == "."]
    with served(1) as port, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(base_url=f"http://127.0.0.1:{port}")
        page.goto(GameState(parse(EASY)).url)
        page.wait_for_load_state("networkidle")

        def tap() -> None:
            for n in range(args.taps):
                page.locator(f"#c{(n * 7) % 81}").click()

        def move() -> None:
            for i in empties[: args.moves]:
                page.locator(f"#c{i}").click()
                with page.expect_response("**/edit"):
                    page.keyboard.press("5")
                page.wait_for_timeout(PAUSE_MS)

        for name, act, count in (("tap", tap, args.taps), ("move", move, args.moves)):
            parses, cpu = autofill_parses(browser, page, act)
            print(
                f"{count} {name}s: {parses} Autofill parses, {cpu:.0f} ms of CPU"
                f" ({parses / count:.1f} and {cpu / count:.0f} ms a {name})"
            )
        browser.close()


if __name__ == "__main__":
    main()
