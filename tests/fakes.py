"""Stand-ins the tests share for engine outcomes that real inputs make too rarely to test."""

from __future__ import annotations

import pytest

from webapp import play
from webapp.enginepool import Busy, EnginePool
from webapp.remembered import Remembered
from webapp.sudoku import NotFound


def never_made(level: str, seed: int, **kwargs: object) -> object:
    """A generator that finds nothing (as a rare level, with few seeds to try, may)."""
    raise NotFound(f"no {level} puzzle from the seeds tried")


def busy_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every engine call answers Busy (too many jobs waiting), in a worker that has not
    solved any puzzle yet."""

    def busy(*args: object, **kwargs: object) -> object:
        raise Busy("8 engine jobs are waiting")

    monkeypatch.setattr(EnginePool, "run", busy)
    monkeypatch.setattr(play, "_outcomes", Remembered(8))
