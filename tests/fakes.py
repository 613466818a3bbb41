"""Stand-ins the tests share for engine outcomes that real inputs make too rarely to test."""

from __future__ import annotations

from webapp.sudoku import NotFound


def never_made(level: str, seed: int, **kwargs: object) -> object:
    """A generator that finds nothing (as a rare level, with few seeds to try, may)."""
    raise NotFound(f"no {level} puzzle from the seeds tried")
