"""The hint panel: the engine's hint for a state, what each level shows, and the move it makes.

Levels, each one click further: 1 where to look (or the mistake), 2 the technique and its unit,
3 the pattern highlighted on the grid with its sentence; the fourth click makes the move.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from .sudoku import HINT_BUDGET, Hint, candidates, cell_name, hint
from .urlstate import State


def for_state(state: State) -> Hint:
    """The hint for the position on screen, about the selected cell (or anywhere)."""
    return hint(
        state.puzzle,
        state.entries,
        state.notes,
        state.cell,
        budget=HINT_BUDGET,  # nodes only: the same hint on every worker
    )


@dataclass(frozen=True)
class Panel:
    """What the hint panel and the grid show at one level."""

    title: str
    lines: tuple[tuple[str, str], ...]  # (what, text), one per level shown
    tone: str  # info, bad (a mistake) or warn (no hint possible)
    more: bool  # another level can be shown
    move: str  # the label of the button that makes the move, '' if there is none
    marks: dict[int, str] = field(default_factory=dict)  # cell -> classes
    notes: dict[int, dict[int, str]] = field(default_factory=dict)  # cell -> digit -> class
    shown: dict[int, int] = field(default_factory=dict)  # cell -> candidates to draw


def panel(state: State, found: Hint) -> Panel:
    """The panel for `found` at the state's hint level."""
    level = state.hint
    where = cell_name(found.target) if found.target is not None else "any cell"
    title = f"Hint for {where}"
    marks: dict[int, str] = {}
    if found.target is not None:
        marks[found.target] = "hint-target"
    if found.problem:
        return Panel(title, (("", found.problem),), "warn", False, "", marks)
    if found.mistake:
        mistake = found.mistake
        for c in mistake.cells[1:]:
            _mark(marks, c, "hint-cell")
        _mark(marks, mistake.cell, "hint-wrong")
        forced = {c: {d: "hint-on"} for c, d in mistake.forced}  # drawn as lone candidates
        shown = {c: 1 << (d - 1) for c, d in mistake.forced}
        lines = (("", mistake.text),)
        return Panel("Check this first", lines, "bad", False, found.move, marks, forced, shown)
    step = found.step
    assert step is not None
    lines = [("Where to look", found.look)]
    if level >= 2:
        lines.append(("Technique", found.technique))
        for c in step.unit_cells:
            _mark(marks, c, "hint-zone")
    notes: dict[int, dict[int, str]] = {}
    shown: dict[int, int] = {}
    if level >= 3:
        lines.append(("Why", step.text + "."))
        cands = candidates(state.grid, state.notes)
        for c in step.cells:
            _mark(marks, c, "hint-cell")
        on = [*step.candidates, *step.placements]
        for cell, digit in on:
            notes.setdefault(cell, {})[digit] = "hint-on"
        for cell, digit in step.eliminations:
            notes.setdefault(cell, {})[digit] = "hint-off"
        for cell in notes:
            if not state.grid[cell]:
                shown[cell] = cands[cell] | sum(1 << (d - 1) for d in notes[cell])
    return Panel(title, tuple(lines), "info", level < 3, found.move, marks, notes, shown)


def _mark(marks: dict[int, str], cell: int, name: str) -> None:
    marks[cell] = f"{marks[cell]} {name}" if cell in marks else name


def apply(state: State, found: Hint) -> State:
    """The state after the hint's move: a mistake cleared, or the step's digits placed and its
    candidates taken out of the notes. The hint panel closes."""
    entries = list(state.entries)
    notes = list(state.notes)
    if found.mistake:
        if found.mistake.kind == "entry":
            entries[found.mistake.cell] = 0
        else:
            notes[found.mistake.cell] = 0
    elif found.step:
        cands = candidates(state.grid, state.notes)
        for cell, digit in found.step.eliminations:
            notes[cell] = (notes[cell] or cands[cell]) & ~(1 << (digit - 1))
        for cell, digit in found.step.placements:
            entries[cell] = digit
            notes[cell] = 0
    return replace(state, entries=tuple(entries), notes=tuple(notes), hint=0)
