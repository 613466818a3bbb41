"""Solving algorithms side by side, each behind the same `search(grid, limit, budget)` call."""

from __future__ import annotations

from ..search import Algorithm
from . import backtrack, dlx, mrv, propagate, sat

ALGORITHMS: dict[str, Algorithm] = {
    "propagate": propagate.search,
    "backtrack": backtrack.search,
    "mrv": mrv.search,
    "dlx": dlx.search,
    "sat": sat.search,
}
DEFAULT = "propagate"
