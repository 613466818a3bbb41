"""The engine's answers as JSON values: cells named like r4c6, units like "row 3", grids as
81-character lines. Every shape here is described in the OpenAPI document (api_doc.py)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .sudoku import (
    Conflict,
    Grade,
    Hint,
    Mistake,
    Outcome,
    Step,
    Verdict,
    cell_name,
    to_line,
    unit_name,
)

Json = dict[str, Any]

VERDICTS = {
    Verdict.UNIQUE: "unique",
    Verdict.SOLVED: "solved",
    Verdict.MULTIPLE: "multiple",
    Verdict.NO_SOLUTION: "no_solution",
    Verdict.GAVE_UP: "gave_up",
}


def cells(found: Iterable[int]) -> list[str]:
    return [cell_name(c) for c in found]


def candidates(found: Iterable[tuple[int, int]]) -> list[Json]:
    return [{"cell": cell_name(c), "digit": d} for c, d in found]


def conflict(found: Conflict) -> Json:
    return {
        "digit": found.digit,
        "unit": unit_name(found.unit),
        "cells": cells(found.cells),
        "text": found.describe(),
    }


def outcome(found: Outcome) -> Json:
    """What a search found: the verdict, why, the solutions and the work it took."""
    unique = found.verdict is Verdict.UNIQUE
    return {
        "verdict": VERDICTS[found.verdict],
        "reason": found.reason,
        "solution": to_line(found.solutions[0]) if unique else None,
        "solutions": [to_line(s) for s in found.solutions[:2]],
        "differing": cells(found.differing),
        "stats": {
            "algorithm": found.stats.algorithm,
            "nodes": found.stats.nodes,
            "guesses": found.stats.guesses,
            "backtracks": found.stats.backtracks,
        },
    }


def step(found: Step) -> Json:
    return {
        "technique": found.technique,
        "rating": found.rating,
        "placements": candidates(found.placements),
        "eliminations": candidates(found.eliminations),
        "cells": cells(found.cells),
        "candidates": candidates(found.candidates),
        "units": [unit_name(u) for u in found.units],
        "text": found.text,
        "last_resort": found.last_resort,
    }


def mistake(found: Mistake) -> Json:
    return {
        "cell": cell_name(found.cell),
        "digit": found.digit,
        "kind": found.kind,
        "text": found.text,
        "cells": cells(found.cells),
        "forced": candidates(found.forced),
    }


def hint(found: Hint) -> Json:
    """A hint with all its levels at once: where to look, the technique, the step (whose text
    says why) and the move."""
    kind = "mistake" if found.mistake else "step" if found.step else "problem"
    return {
        "kind": kind,
        "look": found.look,
        "technique": found.technique,
        "move": found.move,
        "direct": found.direct,
        "helps": found.helps,
        "after": found.after,
        "note": found.note,
        "step": step(found.step) if found.step else None,
        "mistake": mistake(found.mistake) if found.mistake else None,
    }


def grade(found: Grade) -> Json:
    return {
        "rating": found.rating,
        "level": found.level.lower(),
        "hardest": found.hardest,
        "at_least": found.gave_up,
        "steps": found.steps,
        "techniques": [{"technique": name, "steps": n} for name, n in found.counts],
        "without_last_resort": found.without_last_resort,
    }
