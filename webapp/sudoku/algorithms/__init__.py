"""Solving algorithms side by side, each behind the same `search(grid, limit, budget)` call."""

from __future__ import annotations

from ..search import Algorithm
from . import propagate

ALGORITHMS: dict[str, Algorithm] = {
    "propagate": propagate.search,
}
DEFAULT = "propagate"
