"""The hint panel: the engine's hint for a state, what each level shows, and the move it makes.

Levels, each one click further: 1 where to look (or the mistake), 2 the technique and its unit,
3 the pattern highlighted on the grid with its sentence; the fourth click makes the move. What
is too long for a sentence is folded under it (a <details>, open with a click, no script): a
wrong entry's whole chain, a chain technique's whole chain in compact notation, the colours of
a colouring, and the steps that lead to the selected cell.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from .enginepool import EnginePool
from .remembered import Remembered
from .sudoku import (
    HINT_BUDGET,
    PEERS,
    UNITS,
    Chain,
    Grid,
    Hint,
    Mistake,
    Step,
    candidates,
    cell_name,
    cells_text,
    hint,
    listed,
    look_cells,
)
from .urlstate import GameState

REMEMBERED = 256  # hints per worker
_found: Remembered[tuple[Grid, Grid, Grid, int | None], Hint] = Remembered(REMEMBERED)


def for_state(state: GameState) -> Hint:
    """The hint for the position on screen, about the selected cell (or anywhere)."""
    return hint(
        state.puzzle,
        state.entries,
        state.notes,
        state.cell,
        budget=HINT_BUDGET,  # nodes only: the same hint on every worker
    )


def found_for(state: GameState, engine: EnginePool) -> Hint:
    """`for_state`, worked out by the engine and remembered by the worker: the next levels of
    a hint, and its move, ask the engine nothing."""
    key = (state.puzzle, state.entries, state.notes, state.cell)
    return _found.answer(key, engine.run, for_state, state)


@dataclass(frozen=True)
class Fold:
    """A folded list under the panel's levels: its summary and its lines; for chains in
    compact notation (drawn in a fixed-width font), `key` says how to read them."""

    summary: str
    lines: tuple[str, ...]
    key: str = ""


# The colour classes of a colouring, each with the words that say how it is drawn.
COLOURS = (
    ("hint-colour-1", "filled blue"),
    ("hint-colour-2", "ringed orange"),
    ("hint-colour-3", "filled green"),
    ("hint-colour-4", "ringed purple"),
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
    folds: tuple[Fold, ...] = ()  # folded lists under the levels
    fill: bool = False  # the step removes candidates from cells without notes: offer to fill
    at: int | None = None  # the cell the move changes (the page focuses it after the move)
    anywhere: bool = False  # the selected cell is not filled by this step: offer the easiest one


def panel(state: GameState, found: Hint) -> Panel:
    """The panel for `found` at the state's hint level."""
    marks: dict[int, str] = {}
    if found.target is not None:
        marks[found.target] = "hint-target"
    if found.mistake:
        return _mistake_panel(found.mistake, found.move, marks)
    where = cell_name(found.target) if found.target is not None else "any cell"
    title = f"Hint for {where}"
    if found.problem or found.step is None:
        return Panel(title, (("", found.problem),), "warn", False, "", marks)
    return _step_panel(state, found, found.step, title, marks)


def _mistake_panel(mistake: Mistake, move: str, marks: dict[int, str]) -> Panel:
    """A wrong entry or notes, named with the reason: the digits it forces (and those the
    steps made first place) drawn alone in their cells, the candidates the patterns rest on
    (the steps made first, the places its locked candidates find their digit in) in bold,
    what they rule out and what the contradiction finds gone (a cell's last candidates, or a
    digit's last places in a unit) struck out."""
    for u in mistake.units:
        for c in UNITS[u]:
            _mark(marks, c, "hint-zone")
    for c in mistake.cells[1:]:
        _mark(marks, c, "hint-cell")
    _mark(marks, mistake.cell, "hint-wrong")
    notes: dict[int, dict[int, str]] = {}
    shown: dict[int, int] = {}
    for c, d in mistake.locked:
        notes.setdefault(c, {})[d] = "hint-lock"
    for c, d in (*mistake.made, *mistake.forced):
        notes.setdefault(c, {})[d] = "hint-on"
    for c, d in (*mistake.ruled, *mistake.dead):
        notes.setdefault(c, {})[d] = "hint-off"
    for c in mistake.broken:  # where the forced digits break a rule
        _mark(marks, c, "hint-broken")
    for c, digits in notes.items():
        shown[c] = sum(1 << (d - 1) for d in digits)
    folds: tuple[Fold, ...] = ()
    if mistake.chain:
        folds = (Fold(f"The whole chain: {mistake.tally}", mistake.chain),)
    lines = (("", mistake.text),)
    return Panel(
        "Check this first", lines, "bad", False, move, marks, notes, shown, folds, at=mistake.cell
    )


def _step_panel(
    state: GameState, found: Hint, step: Step, title: str, marks: dict[int, str]
) -> Panel:
    """The next step, one level more per click: where to look, the technique and its unit,
    then its cells and candidates on the grid with the reason."""
    level = state.hint
    lines = [("Where to look", found.look)]
    if level == 1:  # where the words say to look
        for c in look_cells(step, found.target if found.direct else None):
            _mark(marks, c, "hint-zone")
    if level >= 2:
        lines.append(("Technique", found.technique))
        for c in step.unit_cells:
            _mark(marks, c, "hint-zone")
    notes: dict[int, dict[int, str]] = {}
    shown: dict[int, int] = {}
    folds: list[Fold] = []
    if level >= 3:
        lines.append(("Why", step.text + "."))
        for c in step.cells:
            _mark(marks, c, "hint-cell")
        for cell, digit in [*step.candidates, *step.placements]:
            notes.setdefault(cell, {})[digit] = "hint-on"
        for k, group in enumerate(step.colours):
            for cell, digit in group:
                notes.setdefault(cell, {})[digit] = COLOURS[k % len(COLOURS)][0]
        for cell, digit in step.eliminations:
            notes.setdefault(cell, {})[digit] = "hint-off"
        cands = candidates(state.grid, state.notes)
        for cell in notes:
            if not state.grid[cell]:
                shown[cell] = cands[cell] | sum(1 << (d - 1) for d in notes[cell])
        folds = _step_folds(found, step)
    move = found.move if _changes(state, step) else ""  # nothing to remove: no button
    fill = level >= 3 and not move and bool(step.eliminations)  # else asking again repeats it
    changed = [*step.placements, *step.eliminations]
    return Panel(
        title,
        tuple(lines),
        "info",
        level < 3,
        move,
        marks,
        notes,
        shown,
        tuple(folds),
        fill,
        at=changed[0][0] if changed else None,
        anywhere=found.target is not None and not found.direct,
    )


def _changes(state: GameState, step: Step) -> bool:
    """Making the step changes the grid: it places a digit, or removes one from notes."""
    noted = any(state.notes[c] >> (d - 1) & 1 for c, d in step.eliminations)
    return bool(step.placements) or noted


def _step_folds(found: Hint, step: Step) -> list[Fold]:
    """What level 3 folds under its sentence: the whole chain, the colours, the way to the
    selected cell."""
    folds = step_folds(step)
    if found.way:
        assert found.target is not None
        folds.append(Fold(f"The way to {cell_name(found.target)}", found.way))
    return folds


def step_folds(step: Step) -> list[Fold]:
    """What a step's sentence leaves out, folded under it (here and on the learning pages):
    its whole chains in compact notation, and a colouring's colours."""
    folds = []
    if step.chains:
        summary = "The whole chain" if len(step.chains) == 1 else "The whole chains"
        lines = tuple(c.notation for c in step.chains)
        folds.append(Fold(summary, lines, key=notation_key(step.chains)))
    if step.colours:
        colours = [
            f"{COLOURS[k % len(COLOURS)][1].capitalize()}: "
            + ", ".join(f"{d} in {cell_name(c)}" for c, d in group)
            for k, group in enumerate(step.colours)
        ]
        folds.append(Fold("The colours", tuple(colours)))
    return folds


def notation_key(chains: tuple[Chain, ...]) -> str:
    """How to read `chains` in compact notation: each sign they use, and only those, shown
    by an example taken from them."""
    nodes = [node for chain in chains for node in chain.nodes]
    parts = []
    one_on = next((n for n in nodes if len(n.cells) == 1 and n.on), None)
    one_off = next((n for n in nodes if len(n.cells) == 1 and not n.on), None)
    if one_on:
        parts.append(f"{one_on.text}: {cell_name(one_on.cells[0])} is {one_on.digit}")
    if one_off:
        parts.append(f"{one_off.text}: {cell_name(one_off.cells[0])} is not {one_off.digit}")
    some_on = next((n for n in nodes if len(n.cells) > 1 and n.on), None)
    some_off = next((n for n in nodes if len(n.cells) > 1 and not n.on), None)
    if some_on:
        cells = listed(sorted(map(cell_name, some_on.cells)), "or")
        parts.append(f"{some_on.text}: {some_on.digit} is in {cells} (a group of cells)")
    if some_off:
        first, *rest = sorted(map(cell_name, some_off.cells))
        where = (
            f"neither {first} nor {rest[0]}"
            if len(rest) == 1
            else f"none of {listed([first, *rest])}"
        )
        parts.append(f"{some_off.text}: {some_off.digit} is in {where}")
    if len(nodes) > 1:
        parts.append("→ then")
    numbered = [
        n.after for c in chains for i, n in enumerate(c.nodes) if n.after not in ((), (i - 1,))
    ]
    if numbered:
        links = listed(f"({j + 1})" for j in numbered[0])
        which = "links" if len(numbered[0]) > 1 else "link"
        sources = ",\u00a0".join(str(j + 1) for j in numbered[0])
        parts.append(f"[from\u00a0{sources}]: follows from the {which} numbered {links}")
    if by := next((n.by for n in nodes if n.by), ""):
        parts.append(f"[{by}]: made by locked candidates there, not by a single")
    if als := next((n.als for n in nodes if n.als), ()):
        parts.append(
            f"(ALS {cells_text(als)}): the link runs through an almost locked set, "
            f"{len(als)} cells that hold {len(als) + 1} digits between them"
        )
    trials = [n for c in chains for i, n in enumerate(c.nodes) if i and not n.after]
    if trials:
        parts.append(
            f"suppose {trials[0].text}, after a semicolon: a trial of its own inside the "
            "chain, following from nothing before it"
        )
    return ". ".join(parts) + "."


def _mark(marks: dict[int, str], cell: int, name: str) -> None:
    marks[cell] = f"{marks[cell]} {name}" if cell in marks else name


def apply(state: GameState, found: Hint) -> GameState:
    """The state after the hint's move: a mistake cleared, or the step's digits placed and its
    candidates taken out of the notes that hold them (cells without notes stay without: the
    move never writes notes the player did not make). The hint panel closes."""
    entries = list(state.entries)
    notes = list(state.notes)
    if found.mistake:
        if found.mistake.kind == "entry":
            entries[found.mistake.cell] = 0
        else:
            notes[found.mistake.cell] = 0
    elif found.step:
        for cell, digit in found.step.eliminations:
            notes[cell] &= ~(1 << (digit - 1))
        for cell, digit in found.step.placements:
            entries[cell] = digit
            notes[cell] = 0
            for peer in PEERS[cell]:  # as when the player places it
                notes[peer] &= ~(1 << (digit - 1))
    return replace(state, entries=tuple(entries), notes=tuple(notes), hint=0)
