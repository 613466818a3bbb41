"""Deadlines for the expensive techniques (chains and trials)."""

from __future__ import annotations

import time


class OutOfTime(Exception):
    """Raised inside a search when its deadline has passed."""


def check(deadline: float | None) -> None:
    """Raise OutOfTime if the deadline (a time.perf_counter() value) has passed."""
    if deadline is not None and time.perf_counter() > deadline:
        raise OutOfTime
