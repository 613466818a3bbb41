"""First, Back, Next and Last: the links through a page's numbered steps (the solve path, the
solve review, the solver lab), each named with the keys its page's script binds to it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Link:
    label: str
    href: str | None  # None: not available here (drawn disabled)
    id: str
    keys: str = ""  # aria-keyshortcuts
    rel: str = ""  # prev or next


def stepper(
    at: int, last: int, url: Callable[[int], str], name: str, forward: str = "Next"
) -> list[Link]:
    """First, Back, `forward` and Last from step `at` of 1 to `last` (ids `name`-first,
    -back, -next and -last), each to `url(n)`; None where one already is."""

    def to(target: int) -> str | None:
        return url(target) if 1 <= target <= last and target != at else None

    return [
        Link("First", to(1), f"{name}-first", "Home"),
        Link("Back", to(at - 1), f"{name}-back", "ArrowLeft", "prev"),
        Link(forward, to(at + 1), f"{name}-next", "ArrowRight", "next"),
        Link("Last", to(last), f"{name}-last", "End"),
    ]
