"""What the game templates show: a state (and the solver's verdict when it asks to solve)
turned into plain data.

No Flask here: `build` takes a GameState (and the hint panel, if one is open) and returns a
`Board`, which the grid, status, panel and hint templates read. Every word the page says about
the grid is decided here, so an htmx fragment and the full page cannot disagree. `build` runs
the solver only for a state that shows the solution, within the web budget.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from . import play
from .hint_panel import Panel
from .sudoku import (
    CELLS,
    COL_OF,
    DIGITS,
    DIGITS_OF,
    ROW_OF,
    UNITS,
    Conflict,
    Grid,
    Outcome,
    Verdict,
    candidates,
    cell_name,
    conflicts,
)
from .urlstate import BLANK, NO_NOTES, GameState, Mode

MAX_LISTED = 4  # conflicts (or cells) named in one message before "and N more"
WIN = "Solved! Every row, column and box holds 1 to 9."  # read out when the game is won


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
NAMES = tuple(cell_name(i) for i in range(81))  # "r1c1".."r9c9"
WHERE = tuple(f"row {ROW_OF[i] + 1}, column {COL_OF[i] + 1}" for i in range(81))


@dataclass(frozen=True)
class Message:
    """A message in the panel: `tone` is good, warn or bad; `items` a list under the text;
    `kind` "clashes" for the broken rules (the page's script tells when they change or go)."""

    tone: str
    text: str
    items: tuple[str, ...] = ()
    kind: str = ""


class Key(NamedTuple):
    """A digit of the pad: how many are still to place (0: done, greyed out)."""

    digit: int
    left: int
    picked: bool  # highlighted everywhere (the pad without JavaScript)


@dataclass(frozen=True)
class Summary:
    """What the finished game says: the time, the help used, and what a review would need."""

    time: str
    hints: int
    checks: int
    moves: int  # moves still in the undo history


@dataclass(frozen=True)
class Board:
    """Everything the game templates show for one state."""

    state: GameState
    cells: tuple[Cell, ...]
    status: str  # one short line under the grid
    win: str  # what a screen reader hears when the game is won ('' until then)
    messages: tuple[Message, ...] = field(default=())
    solved: bool = False  # the player's grid is complete and breaks no rule
    hint: Panel | None = None
    choices: tuple[tuple[str, bool], ...] = ()  # cells a hint can be asked about: (name, selected)
    pad: tuple[Key, ...] = ()
    clock: str = "0:00"  # the time played, as the timer shows it
    summary: Summary | None = None  # the finished game
    problem: play.Problem | None = None  # why typed-in givens did not start a game


def clock(seconds: int) -> str:
    """'4:05', or '1:02:03' past an hour."""
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"


def _note_marks(mask: int, marks: dict[int, str]) -> tuple[tuple[str, str], ...]:
    """The nine note places of a cell: the digit where noted, with the hint's class if any."""
    return tuple((str(d) if mask >> (d - 1) & 1 else "", marks.get(d, "")) for d in DIGITS)


NOTED = tuple("".join(str(d) for d in DIGITS_OF[m]) for m in range(512))  # mask -> "137"
NOTE_PLACES = ((), *(_note_marks(m, {}) for m in range(1, 512)))


def _holding(kind: str, editable: bool) -> tuple[tuple[Cell, ...], ...]:
    """Cell by cell and digit by digit (index 0 unused), the unmarked input of that kind."""
    return tuple(
        tuple(
            Cell(id_, str(d), id_ if editable else None, f"{where}, {kind} {d}", kind)
            for d in range(10)
        )
        for id_, where in zip(IDS, WHERE, strict=True)
    )


# The inputs drawn most often, made once: givens (read-only in play), entries, empty cells.
GIVENS_IN_PLAY = _holding("given", editable=False)
GIVENS_ENTERED = _holding("given", editable=True)
ENTRIES = _holding("entry", editable=True)
ENTRIES_SOLVED = _holding("entry", editable=False)  # a solved grid is locked
EMPTY = tuple(
    Cell(id_, "", id_, f"{where}, empty", "empty") for id_, where in zip(IDS, WHERE, strict=True)
)
PAUSED = tuple(  # the whole grid while the game is paused: nothing shown, nothing to edit
    Cell(id_, "", None, f"{where}, hidden while paused", "paused")
    for id_, where in zip(IDS, WHERE, strict=True)
)


@dataclass(frozen=True)
class Marks:
    """What is drawn on the grid besides the digits, cell by cell."""

    clash: set[int]  # cells that break a rule
    zone: set[int]  # cells of a unit where a rule is broken
    differs: set[int]  # cells where another solution has another digit
    wrong: set[int]  # entries a Check (or "show mistakes") marks wrong
    same: set[int]  # cells holding the digit the pad highlights, or noting it
    picked: int  # that digit, 0 for none
    bad: dict[int, str]  # cells whose text is not a digit -> that text
    hint: dict[int, str]  # cells the hint panel marks -> classes
    hint_notes: dict[int, dict[int, str]]  # cell -> digit -> class, for the hint's candidates
    hint_shown: dict[int, int]  # cell -> candidates the hint draws instead of the notes

    @property
    def cells(self) -> set[int]:
        """Every cell with a mark."""
        hinted = self.hint.keys() | self.hint_shown.keys()
        marked = self.clash | self.zone | self.differs | self.wrong | self.same
        return marked | self.bad.keys() | hinted


def build(
    state: GameState,
    bad: dict[int, str] | None = None,
    hint: Panel | None = None,
    problem: play.Problem | None = None,
) -> Board:
    """Lay out the grid for `state`; run the solver (within the web budget) if it asks to solve.

    `bad` holds cells whose typed text was not a digit: they are shown back and marked.
    `hint` is the hint panel to show, whose marks are drawn on the grid. `problem` says why
    typed-in givens did not start a game.
    """
    if state.paused and state.mode is Mode.PLAY:
        return _paused(state)
    bad = bad or {}
    found = conflicts(state.grid)
    outcome = play.outcome(state.puzzle) if state.solve else None
    shown = outcome.solution if outcome else None
    checking = state.checked or state.mistakes
    wrong = play.wrong_entries(state) if checking and not shown else []
    digit = state.digit
    marks = Marks(
        clash={c for conflict in found for c in conflict.cells},
        zone={c for conflict in found for c in UNITS[conflict.unit]},
        differs=set(outcome.differing) if outcome else set(),
        wrong=set(wrong),
        same={c for c in CELLS if digit and _holds(state, c, digit)},
        picked=digit,
        bad=bad,
        hint=hint.marks if hint else {},
        hint_notes=hint.notes if hint else {},
        hint_shown=hint.shown if hint else {},
    )
    solved = state.finished and not bad
    cells = _cells(state, shown, marks, solved)
    differ = [i for i in CELLS if shown and state.entries[i] and state.entries[i] != shown[i]]
    status = _status(state, found, shown, solved)
    messages = _messages(state, found, outcome, bad, differ)
    if state.checked and not shown:
        messages += (_check_message(state, wrong),)
    if state.mode is Mode.ENTER:
        messages += _kept_message(state)
    return Board(
        state,
        cells,
        status,
        WIN if solved else "",
        messages,
        solved,
        hint,
        _hint_choices(state),
        _pad(state),
        clock(state.seconds),
        _summary(state) if solved else None,
        problem,
    )


def _paused(state: GameState) -> Board:
    """A paused game: the clock stopped and the grid hidden, with no mark or message that
    would tell anything about it, until the player resumes."""
    return Board(
        state,
        PAUSED,
        "Paused",
        "",
        choices=_hint_choices(state),
        pad=_pad(state),
        clock=clock(state.seconds),
    )


def _holds(state: GameState, cell: int, digit: int) -> bool:
    """The cell holds the digit, or notes it."""
    return state.grid[cell] == digit or bool(state.notes[cell] >> (digit - 1) & 1)


def _pad(state: GameState) -> tuple[Key, ...]:
    """The pad's digits with how many of each are still to place."""
    if state.mode is not Mode.PLAY:
        return ()
    placed = [0] * 10
    for d in state.grid:
        placed[d] += 1
    return tuple(Key(d, max(9 - placed[d], 0), d == state.digit) for d in DIGITS)


def _summary(state: GameState) -> Summary:
    return Summary(clock(state.seconds), state.hints, state.checks, len(state.history))


def _check_message(state: GameState, wrong: list[int]) -> Message:
    """What a Check found, without naming any right digit."""
    if play.solution(state.puzzle) is None:
        return Message("warn", "Check needs a puzzle with exactly one solution.")
    if not wrong:
        filled = sum(1 for e in state.entries if e)
        if not filled:
            return Message("good", "Nothing to check yet: no entries.")
        if filled == 1:
            return Message("good", "Check: your one entry so far is right.")
        return Message("good", f"Check: all {filled} entries so far are right.")
    return Message(
        "bad",
        f"Check: {_plural(len(wrong), 'entry is', 'entries are')} wrong, marked on the grid.",
    )


def _kept_message(state: GameState) -> tuple[Message, ...]:
    """In enter mode: the player's entries and notes kept for when play starts again."""
    entries = sum(1 for e in state.entries if e)
    noted = sum(1 for m in state.notes if m)
    if not entries and not noted:
        return ()
    kept = " and ".join(
        part
        for part in (
            _plural(entries, "entry", "entries") if entries else "",
            f"notes in {_plural(noted, 'cell')}" if noted else "",
        )
        if part
    )
    verb, them = ("is", "it") if entries == 1 and not noted else ("are", "them")
    text = f"Your {kept} {verb} kept: Start playing brings {them} back."
    dropped = play.dropped_on_givens(state)
    if dropped:
        text += " These sit where a given now stands and will go:"
    return (Message("warn", text, tuple(dropped[: MAX_LISTED * 2])),)


def _cells(state: GameState, shown: Grid | None, marks: Marks, solved: bool) -> tuple[Cell, ...]:
    """The 81 inputs: each cell's digit, whether it is editable (not once solved), its label
    and its marks."""
    playing = state.mode is Mode.PLAY
    marked = marks.cells
    givens = GIVENS_IN_PLAY if playing else GIVENS_ENTERED
    held = ENTRIES_SOLVED if solved else ENTRIES
    cells: list[Cell] = []
    entries, notes = (state.entries, state.notes) if playing else (BLANK, NO_NOTES)  # kept aside
    free = candidates(state.grid) if any(notes) else []  # what each noted cell can still be
    for i, given, entry, mask in zip(CELLS, state.puzzle, entries, notes, strict=True):
        out = 0  # noted digits already placed around the cell
        if given:
            cell = givens[i][given]
        elif entry:
            cell = held[i][entry]
        elif shown:
            where, digit = WHERE[i], shown[i]
            cell = Cell(IDS[i], str(digit), None, f"{where}, solved {digit}", "solved", NOTED[mask])
        elif mask:
            noted = NOTED[mask]
            label = f"{WHERE[i]}, notes {' '.join(noted)}"
            cell = Cell(IDS[i], "", IDS[i], label, "empty", noted, NOTE_PLACES[mask])
            if out := mask & ~free[i]:
                cell = _ruled_out_notes(cell, mask, out)
        else:
            cell = EMPTY[i]
        right = shown[i] if shown and entry and shown[i] != entry else 0
        if right or i in marked:
            cell = _marked_cell(cell, i, mask, marks, right, out)
        cells.append(cell)
    return tuple(cells)


def _ruled_out_notes(cell: Cell, mask: int, out: int) -> Cell:
    """A cell whose notes hold digits (`out`) already placed in its row, column or box: they
    are struck out, as a clash is marked."""
    digits = " and ".join(NOTED[out])
    label = f"{cell.label}, {digits} already placed in its row, column or box"
    return cell._replace(label=label, marks=_note_marks(mask, _ruled_out_marks(out)))


def _ruled_out_marks(out: int) -> dict[int, str]:
    return dict.fromkeys(DIGITS_OF[out], "ruled-out")


def _marked_cell(cell: Cell, i: int, mask: int, marks: Marks, right: int, out: int) -> Cell:
    """A cell with its marks: a wrong entry (`right` is the solution's digit, else 0), text that
    is not a digit, a clash or its zone, a cell that can differ, the hint's classes, its notes
    already placed around it (`out`)."""
    kind, value, label = cell.classes, cell.value, cell.label
    classes: list[str] = []
    if right:
        classes.append("wrong")
        label += f", differs from the solution's {right}"
    elif i in marks.wrong:
        classes.append("wrong")
        label += ", wrong"
    notes = _ruled_out_marks(out)
    if i in marks.same and value == str(marks.picked):
        classes.append("same")
    elif i in marks.same:
        notes[marks.picked] = f"same {notes.get(marks.picked, '')}".rstrip()
    notes.update(marks.hint_notes.get(i, {}))  # the hint's marks come first
    if i in marks.bad:
        kind, value = "empty", marks.bad[i]
        classes.append("bad")
        label = f"{WHERE[i]}, {marks.bad[i]!r} is not a digit"
    if i in marks.clash:
        classes.append("clash")
        label += ", clashes"
    elif i in marks.zone:
        classes.append("zone")
    if i in marks.differs:
        classes.append("differs")
        label += ", can differ"
    if i in marks.hint:
        classes.append(marks.hint[i])
    draw = marks.hint_shown.get(i, mask) if kind == "empty" else 0
    drawn = _note_marks(draw, notes) if draw else ()
    return cell._replace(value=value, label=label, classes=" ".join([kind, *classes]), marks=drawn)


def _status(state: GameState, found: list[Conflict], shown: Grid | None, solved: bool) -> str:
    """The one line above the grid: how far the grid is, and how many clashes."""
    filled = sum(1 for d in state.grid if d)
    if state.mode is Mode.ENTER:
        status = f"{_plural(filled, 'given')} entered"
    elif solved:
        status = "Solved!"
    elif shown:
        status = f"Solution: {81 - filled} shown"  # short: one line beside the clock on a phone
    else:
        status = f"{filled} of 81 filled"
    if found:
        status += f" · {_plural(len(found), 'clash', 'clashes')}"
    return status


def _messages(
    state: GameState,
    found: list[Conflict],
    outcome: Outcome | None,
    bad: dict[int, str],
    wrong: list[int],
) -> tuple[Message, ...]:
    """The panel's messages: text that is not a digit, broken rules, the solver's verdict."""
    messages: list[Message] = []
    if bad:
        items = tuple(f"{cell_name(c)}: {t!r} is not a digit from 1 to 9" for c, t in bad.items())
        messages.append(Message("bad", "Only digits 1 to 9 go in a cell.", items))
    if found:
        messages.append(_conflict_message(found))
    if outcome:
        messages.append(_solve_message(outcome, state))
        if note := _wrong_entries_message(wrong, outcome.verdict):
            messages.append(note)
    return tuple(messages)


def _names(cells: list[int] | tuple[int, ...]) -> str:
    shown = ", ".join(cell_name(c) for c in cells[:MAX_LISTED])
    return shown + (f" and {len(cells) - MAX_LISTED} more" if len(cells) > MAX_LISTED else "")


def _plural(n: int, word: str, words: str | None = None) -> str:
    return f"{n} {word if n == 1 else words or word + 's'}"


def _solve_message(outcome: Outcome, state: GameState) -> Message:
    """Say plainly what the solver found."""
    verdict = outcome.verdict
    if verdict is Verdict.NO_SOLUTION:
        reason = outcome.reason[0].upper() + outcome.reason[1:]
        return Message("bad", f"No solution. {reason}.")
    if verdict is Verdict.GAVE_UP:
        text = f"The solver stopped: {outcome.reason}."
        if outcome.solution:
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
    return Message("bad", f"{_plural(len(found), 'rule')} broken:", tuple(items), "clashes")


def _hint_choices(state: GameState) -> tuple[tuple[str, bool], ...]:
    """The cells a hint can be asked about in play (the empty ones): (name, selected)."""
    if state.mode is not Mode.PLAY:
        return ()
    return tuple((NAMES[c], c == state.cell) for c in CELLS if not state.puzzle[c])
