"""The API's page for people (/api) in Chromium against gunicorn: phone and desktop widths,
light and dark, no sideways scroll, screenshots, axe-core, and every "Try it" link answers
JSON from the browser (fixtures in conftest.py, axe in axe.py)."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("playwright")
from axe import report, violations
from conftest import BROWSER_TESTS, DESKTOP, PHONE, new_context, shoot
from playwright.sync_api import Browser

from webapp.api import ENDPOINTS

pytestmark = BROWSER_TESTS


@pytest.mark.parametrize(("width", "scheme"), [(375, "light"), (1280, "dark")])
def test_the_api_page_reads_well_and_passes_axe(
    browser: Browser, server: str, width: int, scheme: str
) -> None:
    viewport = PHONE if width == 375 else DESKTOP
    context = new_context(browser, server, viewport=viewport, bypass_csp=True)
    try:
        page = context.new_page()
        page.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
        page.goto("/api")
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        assert page.locator("h1").inner_text() == "The Sudoku API"
        assert page.locator(".api-endpoint").count() == len(ENDPOINTS)
        shoot(page, f"api-page-{width}-{scheme}")
        found = violations(page)
        assert not found, report(found)
    finally:
        context.close()


def test_every_try_it_link_answers_json(browser: Browser, server: str) -> None:
    context = new_context(browser, server)
    try:
        page = context.new_page()
        page.goto("/api")
        links = page.locator(".api-try a")
        hrefs = [links.nth(i).get_attribute("href") for i in range(links.count())]
        assert len(hrefs) == len(ENDPOINTS)
        for href in hrefs:
            assert href is not None
            response = page.request.get(href)
            assert response.status == 200, href
            assert response.headers["content-type"] == "application/json"
            assert isinstance(json.loads(response.text()), dict)
    finally:
        context.close()
