"""What the templates show: a state (plus the solver's verdict when asked) turned into plain data.

No Flask here: `build` takes a GameState and returns a `Board` the grid, status and panel templates
read. Every word the page says about the grid is decided here, so the htmx fragments and the
full page cannot disagree.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from .hint_panel import Panel
from .sudoku import (
    CELLS,
    COL_OF,
    DIGITS,
    DIGITS_OF,
    ROW_OF,
    UNITS,
    WEB_BUDGET,
    Conflict,
    Outcome,
    Verdict,
    cell_name,
    conflicts,
    count_solutions,
)
from .urlstate import Mode, GameState

MAX_LISTED = 4  # conflicts (or cells) named in one message before "and N more"


class Cell(NamedTuple):
    """One input of the grid (a tuple, so the template can unpack it cheaply)."""

    id: str  # "c0".."c80", also the form field's name
    value: str  # the text the input shows
    name: str | None  # the form field when the player may edit it, else None (read-only)
    label: str  # for screen readers: "row 3, column 5, given 7"
    classes: str  # kind (given/entry/solved/empty) plus marks (clash, zone, wrong, differs, bad)
    notes: str = ""  # the player's notes as digits ("137"), posted back as n0..n80
    marks: tuple[tuple[str, str], ...] = ()  # the 9 note places drawn: (digit or "", class)


IDS = tuple(f"c{i}" for i in range(81))
WHERE = tuple(f"row {ROW_OF[i] + 1}, column {COL_OF[i] + 1}" for i in range(81))


@dataclass(frozen=True)
class Message:
    """A line in the panel: `tone` is info, good, warn or bad."""

    tone: str
    text: str
    items: tuple[str, ...] = ()


@dataclass(frozen=True)
class Board:
    """Everything the game templates show for one state."""

    state: GameState
    cells: tuple[Cell, ...]
    status: str  # one short line under the grid
    announce: str  # what a screen reader should hear after an edit ('' for nothing)
    messages: tuple[Message, ...] = field(default=())
    solved: bool = False  # the player's grid is complete and breaks no rule
    hint: Panel | None = None
    choices: tuple[tuple[str, bool], ...] = ()  # cells a hint can be asked about: (name, selected)


def _names(cells: list[int] | tuple[int, ...]) -> str:
    shown = ", ".join(cell_name(c) for c in cells[:MAX_LISTED])
    return shown + (f" and {len(cells) - MAX_LISTED} more" if len(cells) > MAX_LISTED else "")


def _plural(n: int, word: str, words: str | None = None) -> str:
    return f"{n} {word if n == 1 else words or word + 's'}"


def _solve_message(outcome: Outcome, state: GameState, shown: tuple[int, ...] | None) -> Message:
    """Say plainly what the solver found."""
    verdict = outcome.verdict
    if verdict is Verdict.NO_SOLUTION:
        reason = outcome.reason[0].upper() + outcome.reason[1:]
        return Message("bad", f"No solution. {reason}.")
    if verdict is Verdict.GAVE_UP:
        text = f"The solver stopped: {outcome.reason}."
        if shown:
            text = "Here is a solution, but the solver's time ran out before it could check "
            text += "that it is the only one."
        return Message("warn", text)
    if verdict is Verdict.MULTIPLE:
        n = len(outcome.differing)
        return Message(
            "warn",
            "This puzzle has more than one solution. Here is one; the "
            f"{_plural(n, 'outlined cell')} can hold other digits in another solution.",
        )
    what = "the puzzle's" if state.mode is Mode.PLAY else "this"
    return Message("good", f"Here is {what} solution, the only one.")


def _wrong_entries_message(wrong: list[int], verdict: Verdict | None) -> Message | None:
    if not wrong:
        return None
    other = "this solution" if verdict is Verdict.MULTIPLE else "the solution"
    verb = "differs" if len(wrong) == 1 else "differ"
    return Message("warn", f"{len(wrong)} of your entries {verb} from {other}: {_names(wrong)}.")


def _conflict_message(found: list[Conflict]) -> Message:
    items = [c.describe() for c in found[:MAX_LISTED]]
    if len(found) > MAX_LISTED:
        items.append(f"and {len(found) - MAX_LISTED} more")
    return Message("bad", f"{_plural(len(found), 'rule')} broken:", tuple(items))


def _note_marks(mask: int, marks: dict[int, str]) -> tuple[tuple[str, str], ...]:
    """The nine note places of a cell: the digit where noted, with the hint's class if any."""
    return tuple((str(d) if mask >> (d - 1) & 1 else "", marks.get(d, "")) for d in DIGITS)


NOTED = tuple("".join(str(d) for d in DIGITS_OF[m]) for m in range(512))  # mask -> "137"
NOTE_PLACES = ((), *(_note_marks(m, {}) for m in range(1, 512)))


def build(state: GameState, bad: dict[int, str] | None = None, hint: Panel | None = None) -> Board:
    """Lay out the grid for `state`; run the solver (within the web budget) if it asks to solve.

    `bad` holds cells whose typed text was not a digit: they are shown back and marked.
    `hint` is the hint panel to show, whose marks are drawn on the grid.
    """
    bad = bad or {}
    grid = state.grid
    found = conflicts(grid)
    clash = {c for conflict in found for c in conflict.cells}
    zone = {c for conflict in found for c in UNITS[conflict.unit]}
    outcome = count_solutions(state.puzzle, budget=WEB_BUDGET) if state.solve else None
    shown = outcome.solution if outcome else None
    differs = set(outcome.differing) if outcome else set()
    playing = state.mode is Mode.PLAY

    cells: list[Cell] = []
    wrong: list[int] = []
    hint_marks = hint.marks if hint else {}
    hint_notes = hint.notes if hint else {}
    hint_shown = hint.shown if hint else {}
    marked = clash | zone | differs | bad.keys() | hint_marks.keys() | hint_shown.keys()
    for i, given, entry, mask, where, id_ in zip(
        CELLS, state.puzzle, state.entries, state.notes, WHERE, IDS, strict=True
    ):
        name: str | None = None
        noted = NOTED[mask]
        if given:
            kind, value, label = "given", str(given), f"{where}, given {given}"
            name = None if playing else id_
        elif entry:
            kind, value, label, name = "entry", str(entry), f"{where}, entry {entry}", id_
        elif shown:
            kind, value, label = "solved", str(shown[i]), f"{where}, solved {shown[i]}"
        elif mask:
            kind, value, name = "empty", "", id_
            label = f"{where}, notes {' '.join(noted)}"
        else:
            kind, value, label, name = "empty", "", f"{where}, empty", id_
        is_wrong = bool(shown and entry and shown[i] != entry)
        if not is_wrong and i not in marked:  # the common case, kept fast
            drawn = NOTE_PLACES[mask] if kind == "empty" else ()
            cells.append(Cell(id_, value, name, label, kind, noted, drawn))
            continue
        marks: list[str] = []
        if is_wrong:
            marks.append("wrong")
            wrong.append(i)
            label += f", differs from the solution's {shown[i]}"
        if i in bad:
            kind, value = "empty", bad[i]
            marks.append("bad")
            label = f"{where}, {bad[i]!r} is not a digit"
        if i in clash:
            marks.append("clash")
            label += ", clashes"
        elif i in zone:
            marks.append("zone")
        if i in differs:
            marks.append("differs")
            label += ", can differ"
        if i in hint_marks:
            marks.append(hint_marks[i])
        draw = hint_shown.get(i, mask) if kind == "empty" else 0
        drawn = _note_marks(draw, hint_notes.get(i, {})) if draw else ()
        cells.append(Cell(id_, value, name, label, " ".join([kind, *marks]), noted, drawn))

    messages: list[Message] = []
    if bad:
        items = tuple(f"{cell_name(c)}: {t!r} is not a digit from 1 to 9" for c, t in bad.items())
        messages.append(Message("bad", "Only digits 1 to 9 go in a cell.", items))
    if found:
        messages.append(_conflict_message(found))
    if outcome:
        messages.append(_solve_message(outcome, state, shown))
        if note := _wrong_entries_message(wrong, outcome.verdict):
            messages.append(note)

    filled = sum(1 for d in grid if d)
    solved = playing and filled == 81 and not found and not bad
    if not playing:
        status = f"{_plural(filled, 'given')} entered"
    elif solved:
        status = "Solved! Every row, column and box holds 1 to 9."
    elif shown:
        status = f"Solution shown: {81 - filled} digits filled in by the solver"
    else:
        status = f"{filled} of 81 cells filled"
    if found:
        status += f" · {_plural(len(found), 'clash', 'clashes')}"
    announce = ""
    if solved:
        announce = status
    elif found:
        announce = "; ".join(c.describe() for c in found[:MAX_LISTED])
    choices = tuple(
        (cell_name(c), c == state.cell) for c in CELLS if playing and not state.puzzle[c]
    )
    return Board(state, tuple(cells), status, announce, tuple(messages), solved, hint, choices)
