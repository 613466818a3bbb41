"""What the grid costs Chromium: Autofill's parses of the grid's form, and the main thread's
time a move takes on a phone's screen.

    python bench/browser.py [--taps 10] [--moves 10] [--phone-moves 40] [--slowdown 4]

Chrome's Autofill, in the browser process, parses a form's fields (the grid is a form of 81)
when it first sees the form and again whenever a field has changed since (a class, a select's
value). The site is served as the README serves it (`python -m webapp`) and a game opened in
Debian's Chromium (`$CHROMIUM`, else /usr/bin/chromium), as tests/conftest.py starts it; then
cells are tapped (selected), and moves made (a tap and a digit, a pause after the answer),
while Chromium traces its own tasks. Printed: Autofill's parses and the CPU they took, per tap
and per move. Then, at 375x740 with touch, the page's longest task for each move (a tap, a
digit, the answer swapped in and settled: the Long Tasks API), the median and the mean, as
the machine runs and with the CPU slowed down as a phone's (DevTools' CPU throttling). A
player's next tap waits for that task.
"""

from __future__ import annotations

import argparse
import json
import statistics
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
EMPTIES = [i for i, ch in enumerate(EASY) if ch == "."]  # the cells a move types into


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


# The longest task of the main thread, and how long the key's digit took to be painted (the
# Event Timing API: from the keydown to the next frame after its handlers, 8 ms steps; a key
# under 16 ms is not reported and counts as 16).
WATCH = """() => {
    window.longestTask = 0;
    window.keyPainted = 16;
    new PerformanceObserver((list) => list.getEntries().forEach((task) => {
        window.longestTask = Math.max(window.longestTask, task.duration);
    })).observe({type: 'longtask'});
    new PerformanceObserver((list) => list.getEntries().forEach((event) => {
        if (event.name !== 'keydown') return;
        window.keyPainted = Math.max(window.keyPainted, event.duration);
    })).observe({type: 'event', durationThreshold: 16});
}"""


def main_thread_per_move(
    browser: Browser, base: str, moves: int, slowdown: float
) -> list[tuple[float, float]]:
    """For each move on a phone's screen with the CPU slowed down `slowdown` times (ten moves
    in each of fresh games of EASY): the longest task of the page's main thread, and the time
    until the typed digit was painted (ms)."""
    context = browser.new_context(
        base_url=base, viewport={"width": 375, "height": 740}, has_touch=True
    )
    page = context.new_page()
    context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": slowdown})
    pause = int(PAUSE_MS * max(1.0, slowdown / 2))
    longest: list[tuple[float, float]] = []
    while len(longest) < moves:
        page.goto(GameState(parse(EASY)).url)
        page.evaluate(WATCH)
        for k, i in enumerate(EMPTIES[:10]):
            page.locator(f"#c{i}").click()
            page.wait_for_timeout(pause // 2)
            page.evaluate("() => { window.longestTask = 0; window.keyPainted = 16; }")
            with page.expect_response("**/edit"):
                page.keyboard.press(str(k % 9 + 1))
            page.wait_for_timeout(pause)
            longest.append(page.evaluate("() => [window.longestTask, window.keyPainted]"))
    context.close()
    return longest[:moves]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--taps", type=int, default=10, help="cells selected")
    parser.add_argument("--moves", type=int, default=10, help="digits typed")
    parser.add_argument("--phone-moves", type=int, default=40, help="moves timed on a phone")
    parser.add_argument("--slowdown", type=float, default=4, help="a phone's CPU: times slower")
    args = parser.parse_args()
    from conftest import CHROMIUM, CHROMIUM_ARGS  # the tests' browser (here, not when imported)

    with served(1) as port, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(base_url=f"http://127.0.0.1:{port}")
        page.goto(GameState(parse(EASY)).url)
        page.wait_for_load_state("networkidle")

        def tap() -> None:
            for n in range(args.taps):
                page.locator(f"#c{(n * 7) % 81}").click()

        def move() -> None:
            for i in EMPTIES[: args.moves]:
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
        for slowdown in (1.0, args.slowdown):
            timed = main_thread_per_move(
                browser, f"http://127.0.0.1:{port}", args.phone_moves, slowdown
            )
            for what, figures in zip(
                ("the longest task a move", "the digit painted after"),
                zip(*timed, strict=True),
                strict=True,
            ):
                print(
                    f"{len(timed)} moves at 375x740, CPU {slowdown:g}x slower: {what}"
                    f" {statistics.median(figures):.0f} ms median,"
                    f" {statistics.mean(figures):.0f} ms mean, {max(figures):.0f} ms at most"
                )
        browser.close()


if __name__ == "__main__":
    main()
