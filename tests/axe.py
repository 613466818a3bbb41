"""axe-core in a Playwright page: node_modules/axe-core/axe.min.js lists the violations.

The site's Content-Security-Policy forbids inline scripts, so the page must come from a browser
context made with bypass_csp=True (conftest's `new_context(..., bypass_csp=True)`, or
`axe=True`, which also loads axe-core into each of its pages). Use it in any browser test:

    context = new_context(browser, server, bypass_csp=True)
    page = context.new_page()
    page.goto("/lab")
    assert not violations(page), report(violations(page))
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.sync_api import Page

AXE = Path(__file__).resolve().parent.parent / "node_modules" / "axe-core" / "axe.min.js"
STANDARDS = ("wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice")


def violations(
    page: Page, selector: str | None = None, tags: tuple[str, ...] = STANDARDS
) -> list[dict[str, Any]]:
    """axe-core's violations on the page as it stands (or inside `selector`), for `tags`."""
    if not AXE.is_file():
        raise FileNotFoundError(f"{AXE} is missing: run ./dev test (or npm ci) first")
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found: list[dict[str, Any]] = page.evaluate(
        """async ([selector, tags]) => {
            const result = await axe.run(selector || document, {
                runOnly: {type: "tag", values: tags},
                resultTypes: ["violations"],
            });
            return result.violations;
        }""",
        [selector, list(tags)],
    )
    return found


def report(found: list[dict[str, Any]]) -> str:
    """The violations, one line per rule with the first few elements it flags."""
    lines = []
    for v in found:
        targets = ", ".join(str(node["target"]) for node in v["nodes"][:3])
        lines.append(f"{v['id']} ({v['impact']}): {v['help']} [{targets}]")
    return "\n".join(lines)
