"""The URL codec: the game on screen (puzzle, entries, notes, mode, solution shown, hint, undo
history, timer, settings) <-> a short, versioned URL and back, and the grid form read into the
same state.

Format v1 (documented in the README)::

    /p/v1/<puzzle>?e=<entries>&n=<notes>&mode=enter&solve=1&cell=r4c6&hint=2&g=hard-1234
        &notes=1&d=5&check=1&checks=2&hints=3&mistakes=1&timer=0&pause=1&t=754&h=<moves>&r=<moves>

``<puzzle>`` and ``<entries>`` each describe all 81 cells, row by row, in a run-length form:
``1``-``9`` is a digit in one cell, ``a``-``z`` a run of 1-26 empty cells (``a`` = 1, ``z`` = 26),
and ``.`` or ``0`` one empty cell (accepted, so a plain 81-character puzzle also reads).
Entries may only stand in cells the puzzle leaves empty. ``<notes>`` are the player's pencil
marks, also all 81 cells in order: ``A``-``Z`` is a run of 1-26 cells without notes, and two
characters of ``0``-``9a-v`` (base 32, high digit first) are one cell's digits as a 9-bit mask
(bit d-1 for digit d). Notes may only stand in cells that hold no digit. ``hint`` is the hint
level shown (1-3) and ``cell`` the cell it is about (kept only while a hint is shown), ``g``
the level and seed the puzzle was generated from. Every query key is optional and left out
when it has its default: no entries or notes, ``mode=play``, no solution shown, no hint, no
seed. Unknown keys are ignored (links pick up tracking tags).

The play keys: ``notes=1`` notes mode, ``d`` the digit highlighted (the pad without
JavaScript), ``check=1`` wrong entries marked by the last Check, ``checks`` and ``hints`` how many
were used, ``mistakes=1`` wrong entries shown as they are made, ``timer=0`` the clock hidden,
``pause=1`` the game paused, ``t`` seconds played. ``h`` is the undo history (oldest move first)
and ``r`` the moves undone (the next to redo first): each move is one or more cell changes of
three characters of ``0-9A-Za-z-_`` (base 64), a number ``(cell * 521 + content) * 2 + more``
where content 0 is an empty cell, 1-9 a digit and 10-520 notes (9 + mask), and ``more`` says
the next change belongs to the same move; a move made by a hint starts with ``~``. A change holds
what the cell had before the move (in ``h``) or after it (in ``r``), so undo and redo swap it
with the cell's content. In enter mode (editing the givens) the player's entries, notes and
history are kept aside as they were, even where a given now stands; starting play again drops
only what sits on a given. What only play shows (``hint``, ``cell``, ``check``, ``d``, ``pause``)
is dropped from an enter-mode link.

Every state has exactly one canonical URL (`GameState.url`); the web layer redirects other spellings
to it. Anything that cannot be read raises `StateError`, whose message says what and where.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from functools import cached_property
from operator import add, mul
from typing import Any, NamedTuple
from urllib.parse import parse_qs, urlsplit

from .remembered import Remembered
from .sudoku import LEVEL_NAMES, Grid, a_digit, cell_name, conflicts

VERSION = "v1"
BLANK: Grid = (0,) * 81
RUN_LETTERS = "abcdefghijklmnopqrstuvwxyz"  # a run of 1..26 empty cells
NOTE_RUNS = RUN_LETTERS.upper()  # a run of 1..26 cells without notes
BASE32 = "0123456789abcdefghijklmnopqrstuv"  # two of these spell one cell's notes mask
BASE64 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_"  # history changes
SIXES = {ch: n for n, ch in enumerate(BASE64)}  # each character's six bits
HINT_MARK = "~"  # starts a move a hint made
MAX_FIELD = 200  # characters in one URL or form value; an honest one is at most 162
MAX_HISTORY = 1200  # characters of h= and r= together: older moves are dropped past it
MAX_COUNT = 9999  # checks and hints used
MAX_SECONDS = 100 * 3600 - 1  # the timer stops at 99:59:59
CONTENTS = 521  # what a cell can hold: empty, a digit (1-9), or notes (10-520: 9 + mask)
HINT_LEVELS = 3  # levels shown in the panel; the fourth makes the move
CELL_NAMES = {cell_name(c): c for c in range(81)}
FIELD_NUMBERS = {str(c): c for c in range(81)}  # the number in a field name: c17 -> 17
LEVEL_SLUGS = tuple(name.lower() for name in LEVEL_NAMES)
IDENTITY_NAMES = "123456789"  # g=<level>-<seed>-<names>: each digit's new name, in order
NO_NOTES: Grid = (0,) * 81
DIGIT_VALUES = frozenset(range(10))


FIX = "Open the puzzle without the part that's wrong"  # the usual fallback's link


class StateError(ValueError):
    """A URL or form that does not describe a state; the message says what is wrong and where.

    `fallback` is a URL worth offering instead (for example the puzzle without bad entries),
    and `offer` the words of its link.
    """

    def __init__(self, message: str, fallback: str | None = None, offer: str = FIX) -> None:
        super().__init__(message)
        self.message = message
        self.fallback = fallback
        self.offer = offer


class Mode(StrEnum):
    PLAY = "play"  # givens locked, the player's entries editable
    ENTER = "enter"  # every cell editable: the digits typed are the puzzle's givens


class Move(NamedTuple):
    """One undoable move: the cells it changed, each with the content to put back (0 empty,
    1-9 a digit, 9 + mask for notes); `hint` marks a move a hint made."""

    changes: tuple[tuple[int, int], ...]
    hint: bool = False

    @property
    def size(self) -> int:
        """Characters in the URL."""
        return 3 * len(self.changes) + self.hint


# What a state shows only to the player looking at it: a shared link leaves it out.
SHARER_VIEW: dict[str, Any] = {
    "solve": False,
    "cell": None,
    "hint": 0,
    "digit": 0,
    "checked": False,
    "paused": False,
}


@dataclass(frozen=True)
class GameState:
    """What one URL holds. Construction validates: entries only in cells the puzzle leaves
    empty (in play), notes only in cells without a digit, counts and times in range."""

    puzzle: Grid = BLANK
    entries: Grid = BLANK
    mode: Mode = Mode.PLAY
    solve: bool = False
    notes: Grid = NO_NOTES  # candidate masks, 0 for a cell without notes
    cell: int | None = None  # the cell selected for a hint
    hint: int = 0  # the hint level shown, 0 for none
    origin: str = ""  # "<level>-<seed>[-<names>]" for a generated puzzle (seedcheck)
    notes_mode: bool = False  # digits typed become notes
    digit: int = 0  # the digit highlighted by the pad without JavaScript, 0 for none
    checked: bool = False  # the last Check's marks are shown
    checks: int = 0  # Checks used
    hints: int = 0  # hints asked for
    mistakes: bool = False  # wrong entries are marked as they are made
    timer: bool = True  # the clock is shown
    paused: bool = False
    seconds: int = 0  # time played
    history: tuple[Move, ...] = ()  # moves to undo, oldest first
    future: tuple[Move, ...] = ()  # moves undone, the next to redo first

    def __post_init__(self) -> None:
        for name, grid in (("puzzle", self.puzzle), ("entries", self.entries)):
            if len(grid) != 81 or not DIGIT_VALUES.issuperset(grid):
                raise StateError(f"the {name} must be 81 cells holding 0-9")
        if len(self.notes) != 81 or min(self.notes) < 0 or max(self.notes) >= 512:
            raise StateError("the notes must be 81 masks of 9 bits")
        playing = self.mode is Mode.PLAY
        covered = map(add, self.puzzle, self.entries) if playing else self.entries
        if (playing and any(map(mul, self.puzzle, self.entries))) or any(
            map(mul, self.notes, covered)
        ):
            self._name_overlap(playing)
        if not 0 <= self.hint <= HINT_LEVELS:
            raise StateError(f"the hint level must be from 1 to {HINT_LEVELS}, not {self.hint}")
        if self.cell is not None and not 0 <= self.cell < 81:
            raise StateError("the selected cell must be one of the 81")
        if not 0 <= self.digit <= 9:
            raise StateError(f"the digit highlighted must be from 1 to 9, not {self.digit}")
        if not (0 <= self.checks <= MAX_COUNT and 0 <= self.hints <= MAX_COUNT):
            raise StateError(f"checks and hints used must be from 0 to {MAX_COUNT}")
        if not 0 <= self.seconds <= MAX_SECONDS:
            raise StateError(f"the time played must be from 0 to {MAX_SECONDS} seconds")
        if self.history or self.future:
            givens = self.puzzle if playing else BLANK
            if problem := _history_problem(self.history, self.future, givens):
                fallback = self.plain_url if "given" in problem else None
                raise StateError(problem, fallback)

    def _name_overlap(self, playing: bool) -> None:
        """Raise StateError naming the first cell where an entry covers a given (in play) or
        notes sit on a digit."""
        for cell, (given, entry, mask) in enumerate(
            zip(self.puzzle, self.entries, self.notes, strict=True)
        ):
            if given and entry and playing:
                raise StateError(
                    f"the entries (e=) put {a_digit(entry)} in {cell_name(cell)}, "
                    f"which already holds the given {given}",
                    fallback=self.plain_url,
                )
            if mask and (entry or (given and playing)):
                raise StateError(
                    f"the notes (n=) are in {cell_name(cell)}, which already holds a "
                    f"{entry or given}",
                    fallback=self.plain_url,
                )

    @property
    def plain_url(self) -> str:
        """The URL of the puzzle alone (offered when the player's part of a link is wrong)."""
        return GameState(self.puzzle, mode=self.mode, origin=self.origin).url

    @cached_property
    def grid(self) -> Grid:
        """The puzzle with the player's entries written in (in play)."""
        if self.mode is Mode.ENTER:
            return self.puzzle
        return tuple(g or e for g, e in zip(self.puzzle, self.entries, strict=True))

    @property
    def finished(self) -> bool:
        """In play, every cell is filled and no rule is broken: the grid is locked (the page
        draws it read-only and a form keeps its entries) until an Undo or a Clear."""
        return self.mode is Mode.PLAY and all(self.grid) and not conflicts(self.grid)

    def content(self, cell: int) -> int:
        """What the player has in `cell`: 0 nothing, 1-9 a digit, 9 + mask notes."""
        return self.entries[cell] or (9 + self.notes[cell] if self.notes[cell] else 0)

    def with_contents(self, changes: Iterable[tuple[int, int]]) -> GameState:
        """This state with the player's content of some cells set (see `content`)."""
        entries, notes = list(self.entries), list(self.notes)
        for cell, content in changes:
            entries[cell] = content if content <= 9 else 0
            notes[cell] = content - 9 if content > 9 else 0
        return replace(self, entries=tuple(entries), notes=tuple(notes))

    @property
    def at_start(self) -> bool:
        """No digit, note, move, hint, Check or second played yet: the game as it begins."""
        return not (
            any(self.entries)
            or any(self.notes)
            or self.history
            or self.future
            or self.hints
            or self.checks
            or self.seconds
        )

    @cached_property
    def url(self) -> str:
        """The canonical URL path (and query) of this state."""
        moves = []
        if self.history:
            moves.append("h=" + encode_moves(self.history))
        if self.future:
            moves.append("r=" + encode_moves(self.future))
        return self._url((*self._settings, *moves))

    @cached_property
    def share_url(self) -> str:
        """The short link "Copy link" gives: the grid, entries, notes, clock and settings,
        without the undo history or what the sharer was looking at (an open hint, the
        solution, a pause, Check's marks, a pad digit's highlights)."""
        return replace(self, history=(), future=(), **SHARER_VIEW).url

    @cached_property
    def challenge_url(self) -> str:
        """The URL of the puzzle from the start, in play, with its seed: a challenge's link."""
        return self._url((f"g={self.origin}",) if self.origin else ())

    @cached_property
    def puzzle_code(self) -> str:
        """The puzzle as the URL's path writes it."""
        return encode_cells(self.puzzle)

    @cached_property
    def _settings(self) -> tuple[str, ...]:
        """The query's fields but the undo history, in the canonical order."""
        query = []
        if any(self.entries):
            query.append("e=" + encode_cells(self.entries))
        if any(self.notes):
            query.append("n=" + encode_notes(self.notes))
        if self.mode is not Mode.PLAY:
            query.append(f"mode={self.mode}")
        if self.solve:
            query.append("solve=1")
        if self.cell is not None and self.hint:
            query.append(f"cell={cell_name(self.cell)}")
        if self.hint:
            query.append(f"hint={self.hint}")
        if self.origin:
            query.append(f"g={self.origin}")
        flags = (
            ("notes", self.notes_mode),
            ("check", self.checked),
            ("mistakes", self.mistakes),
            ("pause", self.paused),
        )
        query += [f"{key}=1" for key, on in flags if on]
        if not self.timer:
            query.append("timer=0")
        counts = (("d", self.digit), ("checks", self.checks), ("hints", self.hints))
        query += [f"{key}={n}" for key, n in counts if n]
        if self.seconds:
            query.append(f"t={self.seconds}")
        return tuple(query)

    def _url(self, query: tuple[str, ...]) -> str:
        if query == ("mode=enter",) and not any(self.puzzle):
            return "/"  # the fresh grid
        path = f"/p/{VERSION}/{self.puzzle_code}"
        return path + ("?" + "&".join(query) if query else "")


_checked: Remembered[tuple[tuple[Move, ...], tuple[Move, ...], Grid], str] = Remembered(512)


def _history_problem(history: tuple[Move, ...], future: tuple[Move, ...], givens: Grid) -> str:
    """What is wrong with the undo history ('' for nothing); remembered, as each request
    makes several states with the same history."""
    return _checked.answer((history, future, givens), _moves_problem, history, future, givens)


def _moves_problem(history: tuple[Move, ...], future: tuple[Move, ...], givens: Grid) -> str:
    """What is wrong with the first wrong move of the history (h=) or the redo list (r=)."""
    for field, moves in (("h", history), ("r", future)):
        for move in moves:
            if problem := _move_problem(move, givens):
                return f"the history ({field}=) {problem}"
    return ""


def _move_problem(move: Move, givens: Grid) -> str:
    """What is wrong with a move ('' for nothing): it must change at least one cell, each once,
    none holding a given, to a content a cell can hold."""
    if not move.changes:
        return "has a move that changes no cell"
    cells = set()
    for cell, content in move.changes:
        if not (0 <= cell < 81 and 0 <= content < CONTENTS):
            return "has a change that is not a cell's content"
        if givens[cell]:
            return f"changes {cell_name(cell)}, which holds a given"
        cells.add(cell)
    if len(cells) < len(move.changes):
        return "has a move that changes a cell twice"
    return ""


def trim_history(moves: tuple[Move, ...], room: int = MAX_HISTORY) -> tuple[Move, ...]:
    """The newest moves that fit in `room` characters (the oldest are dropped)."""
    kept: list[Move] = []
    for move in reversed(moves):
        room -= move.size
        if room < 0:
            break
        kept.append(move)
    return tuple(reversed(kept))


def encode_moves(moves: Sequence[Move]) -> str:
    """Each move as its changes, three base-64 characters each (see the module docstring)."""
    out: list[str] = []
    for move in moves:
        if move.hint:
            out.append(HINT_MARK)
        last = len(move.changes) - 1
        for i, (cell, content) in enumerate(move.changes):
            n = (cell * CONTENTS + content) * 2 + (i < last)
            out.append(BASE64[n >> 12] + BASE64[n >> 6 & 63] + BASE64[n & 63])
    return "".join(out)


def decode_moves(text: str, key: str) -> tuple[Move, ...]:
    """Read moves written by `encode_moves`; `key` names the field in messages."""
    what = f"the history ({key}=)"
    if len(text) > MAX_HISTORY:
        raise StateError(f"{what} is {len(text)} characters long; it can be at most {MAX_HISTORY}")
    moves: list[Move] = []
    changes: list[tuple[int, int]] = []
    hinted = False
    position = 0
    while position < len(text):
        if text[position] == HINT_MARK and not changes:
            hinted = True
            position += 1
            continue
        chunk = text[position : position + 3]
        try:
            n = SIXES[chunk[0]] << 12 | SIXES[chunk[1]] << 6 | SIXES[chunk[2]]
        except (KeyError, IndexError):
            raise StateError(
                f"{what} has {chunk!r} at character {position + 1}; each change is three of "
                "0-9, A-Z, a-z, '-' and '_'"
            ) from None
        cell, content = divmod(n >> 1, CONTENTS)
        if cell > 80:
            raise StateError(f"{what} names cell {cell + 1} at character {position + 1}")
        changes.append((cell, content))
        position += 3
        if not n & 1:
            moves.append(Move(tuple(changes), hinted))
            changes, hinted = [], False
    if changes or hinted:
        raise StateError(f"{what} ends in the middle of a move")
    return tuple(moves)


def _runs(values: Grid, letters: str, spell: Callable[[int], str]) -> str:
    """Each non-zero value spelled by `spell`, each run of zeros as one of `letters` per (at
    most) 26 zeros (the first letter is a run of one)."""
    out: list[str] = []
    run = 0
    for value in (*values, None):  # None flushes the final run
        if value == 0:
            run += 1
            continue
        while run:
            step = min(run, 26)
            out.append(letters[step - 1])
            run -= step
        if value is not None:
            out.append(spell(value))
    return "".join(out)


def encode_cells(grid: Grid) -> str:
    """Digits as themselves, each run of empty cells as one letter per (at most) 26 cells."""
    return _runs(grid, RUN_LETTERS, str)


def decode_cells(text: str, what: str) -> Grid:
    """Read 81 cells written by `encode_cells` (or plainly, with '.' or '0' for empty cells).

    `what` names the field in messages, e.g. "the puzzle" or "the entries field (e=)".
    """
    if len(text) > MAX_FIELD:
        raise StateError(f"{what} is {len(text)} characters long; it can be at most 81")
    cells: list[int] = []
    for position, ch in enumerate(text, 1):
        if "1" <= ch <= "9":
            cells.append(ord(ch) - 48)
        elif ch in ".0":
            cells.append(0)
        elif ch in RUN_LETTERS:
            cells += [0] * (RUN_LETTERS.index(ch) + 1)
        else:
            raise StateError(
                f"{what} has {ch!r} at character {position}; "
                "use 1-9 for digits and '.', '0' or a-z for empty cells"
            )
        if len(cells) > 81:
            raise StateError(
                f"{what} runs past 81 cells at character {position}; a Sudoku has 81 cells"
            )
    if len(cells) < 81:
        count = f"{len(cells)} cell{'' if len(cells) == 1 else 's'}"
        raise StateError(f"{what} describes {count}; a Sudoku has 81")
    return tuple(cells)


def encode_notes(notes: Grid) -> str:
    """Each run of cells without notes as one capital per (at most) 26 cells, each cell with
    notes as its mask in two base-32 characters."""
    return _runs(notes, NOTE_RUNS, lambda mask: BASE32[mask >> 5] + BASE32[mask & 31])


def decode_notes(text: str) -> Grid:
    """Read 81 cells of notes written by `encode_notes`."""
    what = "the notes field (n=)"
    if len(text) > MAX_FIELD:
        raise StateError(f"{what} is {len(text)} characters long; it can be at most 162")
    masks: list[int] = []
    position = 0
    while position < len(text):
        ch = text[position]
        if ch in NOTE_RUNS:
            masks += [0] * (NOTE_RUNS.index(ch) + 1)
            position += 1
        else:
            pair = text[position : position + 2]
            if len(pair) < 2 or any(c not in BASE32 for c in pair):
                raise StateError(
                    f"{what} has {pair!r} at character {position + 1}; use A-Z for cells "
                    "without notes and two of 0-9, a-v for a cell's notes"
                )
            mask = BASE32.index(pair[0]) * 32 + BASE32.index(pair[1])
            if not 0 < mask < 512:
                raise StateError(f"{what} has {pair!r} at character {position + 1}: no digits")
            masks.append(mask)
            position += 2
        if len(masks) > 81:
            raise StateError(f"{what} runs past 81 cells at character {position}")
    if len(masks) < 81:
        raise StateError(f"{what} describes {len(masks)} cells; a Sudoku has 81")
    return tuple(masks)


def read_cell(text: str, what: str) -> int:
    """A cell written 'r4c6' (rows and columns 1-9)."""
    cell = CELL_NAMES.get(text.lower())
    if cell is None:
        raise StateError(
            f"{what} must name a cell like r4c6 (rows and columns 1-9), not {text[:20]!r}"
        )
    return cell


def single(args: Mapping[str, Sequence[str]], key: str, where: str = "link") -> str | None:
    """The one value of a key of a query (or, `where` = "form", a form), None when absent; a
    repeated key is an error."""
    values = args.get(key) or []
    if len(values) > 1:
        raise StateError(f"{key}= appears {len(values)} times in the {where}; give it once")
    return values[0] if values else None


def _read_flag(args: Mapping[str, Sequence[str]], key: str, where: str = "link") -> bool:
    value = single(args, key, where)
    if value in (None, "", "0"):
        return False
    if value == "1":
        return True
    raise StateError(f"{key}= must be 1 (or left out), not {value[:20]!r}")


def _read_mode(value: str | None) -> Mode:
    if value in (None, ""):
        return Mode.PLAY
    try:
        return Mode(value)
    except ValueError:
        raise StateError(f"mode= must be 'play' or 'enter', not {value[:20]!r}") from None


def _number(value: str | None, what: str, low: int, high: int) -> int:
    """A whole number from `low` to `high` written in ASCII digits (absent: 0)."""
    if value in (None, ""):
        return 0
    if value.isascii() and value.isdigit() and low <= int(value) <= high:
        return int(value)
    raise StateError(f"{what} must be a number from {low} to {high}, not {value[:20]!r}")


def _read_hint(value: str | None) -> int:
    return _number(value, "the hint level (hint=)", 1, HINT_LEVELS)


def _read_origin(value: str | None) -> str:
    """`g=<level>-<seed>`, or `g=<level>-<seed>-<names>` for a copy with its digits renamed
    (`names`: a permutation of 123456789): what a generated puzzle came from."""
    if value in (None, ""):
        return ""
    level, _, rest = value.partition("-")
    seed, _, names = rest.partition("-")
    if level not in LEVEL_SLUGS or not (seed.isascii() and seed.isdigit()) or len(seed) > 10:
        raise StateError(
            f"the puzzle's seed (g=) must be a level and a number like hard-1234, "
            f"not {value[:20]!r}; "
            f"the levels are {', '.join(LEVEL_SLUGS)}"
        )
    names = read_names(names, "in g=")
    return f"{level}-{int(seed)}-{names}" if names else f"{level}-{int(seed)}"


def read_names(value: str, where: str) -> str:
    """New names for the digits (`value`: 1 to 9 in some order, digit d named by the d-th), as
    a seed link or g= gives them; '' for none or the names they have. StateError, saying
    `where`, for anything else."""
    if value and sorted(value) != list(IDENTITY_NAMES):
        raise StateError(
            f"the digits' new names {where} must be 1 to 9 in some order, like 918273645, "
            f"not {value[:12]!r}"
        )
    return "" if value == IDENTITY_NAMES else value


def _read_selected(value: str | None, what: str) -> int | None:
    return read_cell(value, what) if value else None


def _read_timer(value: str | None) -> bool:
    if value in (None, "", "1"):
        return True
    if value == "0":
        return False
    raise StateError(f"timer= must be 0 to hide the clock (or left out), not {value[:20]!r}")


KEYS: tuple[str, ...] = ("e", "n", "h", "r", "mode", "solve", "cell", "hint", "g", "notes")
KEYS += ("d", "check", "checks", "hints", "mistakes", "timer", "pause", "t")  # all a URL reads


def from_url(version: str, puzzle: str, args: Mapping[str, Sequence[str]]) -> GameState:
    """Read the state in `/p/<version>/<puzzle>?<args>`; args maps each key to all its values.
    A StateError offers the state without the part that's wrong, where one can be read."""
    args = _unescaped(args)
    try:
        return _read_url(version, puzzle, args)
    except StateError as err:
        mended = _mended(version, puzzle, args)
        raise StateError(err.message, mended or err.fallback, err.offer) from None


def _unescaped(args: Mapping[str, Sequence[str]]) -> Mapping[str, Sequence[str]]:
    """The query as written before a program escaped it: '&amp;' (a link copied out of HTML)
    leaves 'amp;' before a key, and '=' written '%3D' (by some mail programs) leaves a key
    holding '=' with no value."""
    if not any(key.startswith("amp;") or "=" in key for key in args):
        return args
    unescaped: dict[str, list[str]] = {}
    for key, values in args.items():
        key = key.removeprefix("amp;")
        if "=" in key and not any(values):
            key, value = key.split("=", 1)
            values = [value] * len(values)
        unescaped.setdefault(key, []).extend(values)
    return unescaped


def _mended(version: str, puzzle: str, args: Mapping[str, Sequence[str]]) -> str | None:
    """The URL of the state a wrong link describes without its wrong part: each repeated key
    once (a link pasted twice), else without one key; None when neither can be read."""
    repeated = {key: values[:1] for key, values in args.items() if len(values) > 1}
    tries = [{**args, **repeated}] if repeated else []
    tries += [{k: v for k, v in args.items() if k != key} for key in KEYS if key in args]
    for attempt in tries:
        try:
            return _read_url(version, puzzle, attempt).url
        except StateError:
            continue
    return None


def _read_url(version: str, puzzle: str, args: Mapping[str, Sequence[str]]) -> GameState:
    if version != VERSION:
        raise StateError(
            f"this link uses format {version[:20]!r}, but this site reads {VERSION!r} links"
        )
    grid = decode_cells(puzzle, "the puzzle")
    mode = _read_mode(single(args, "mode"))
    try:
        entries_text = single(args, "e")
        entries = decode_cells(entries_text, "the entries field (e=)") if entries_text else BLANK
        notes_text = single(args, "n")
        notes = decode_notes(notes_text) if notes_text else NO_NOTES
        history = decode_moves(single(args, "h") or "", "h")
        future = decode_moves(single(args, "r") or "", "r")
    except StateError as err:
        raise StateError(err.message, GameState(grid, mode=mode).url) from None
    if sum(m.size for m in (*history, *future)) > MAX_HISTORY:
        raise StateError(
            f"the history (h= and r=) can be at most {MAX_HISTORY} characters together",
            GameState(grid, mode=mode).url,
        )
    state = GameState(
        grid,
        entries,
        mode,
        _read_flag(args, "solve"),
        notes,
        _read_selected(single(args, "cell"), "the selected cell (cell=)"),
        _read_hint(single(args, "hint")),
        _read_origin(single(args, "g")),
        notes_mode=_read_flag(args, "notes"),
        digit=_number(single(args, "d"), "the digit highlighted (d=)", 0, 9),
        checked=_read_flag(args, "check"),
        checks=_number(single(args, "checks"), "the checks used (checks=)", 0, MAX_COUNT),
        hints=_number(single(args, "hints"), "the hints used (hints=)", 0, MAX_COUNT),
        mistakes=_read_flag(args, "mistakes"),
        timer=_read_timer(single(args, "timer")),
        paused=_read_flag(args, "pause"),
        seconds=_number(single(args, "t"), "the time played (t=)", 0, MAX_SECONDS),
        history=history,
        future=future,
    )
    if mode is Mode.PLAY:
        return state
    # What only play shows (Edit the givens clears it): in enter mode a link's hint, check,
    # highlighted digit or pause would be a page no button leads back from.
    return replace(state, hint=0, cell=None, checked=False, digit=0, paused=False)


def from_path(url: str) -> GameState:
    """The state of a state URL as this site writes it ('/' or '/p/v1/...?...')."""
    if len(url) > 4 * MAX_HISTORY:
        raise StateError(f"the state is {len(url)} characters long; it can't be ours")
    parts = urlsplit(url)
    if parts.path == "/" and not parts.query:
        return GameState(mode=Mode.ENTER)
    segments = parts.path.split("/")
    if len(segments) != 4 or segments[:2] != ["", "p"]:
        raise StateError(f"the state must be a link like /p/v1/<puzzle>, not {url[:30]!r}")
    args = parse_qs(parts.query, keep_blank_values=True)
    return from_url(segments[2], segments[3], args)


@dataclass(frozen=True)
class FormInput:
    """A posted grid: the state the page showed, the state with what was typed since, the
    cells whose text was not a digit, and when the page was made (for the timer)."""

    previous: GameState
    state: GameState
    bad: dict[int, str]  # cell -> the text typed there (shown back, never stored)
    shown_at: int | None = None  # the server's clock (whole seconds) when the page was made
    order: tuple[int, ...] = ()  # the cells typed into, in the order they were (when known)


def typed(text: str) -> str:
    """What was typed into a cell, with digits of any script as ASCII: full-width and
    superscript digits (by NFKC), Arabic-Indic or Devanagari ones (decimal digits)."""
    if text.isascii():
        return text.strip()[:20]
    text = unicodedata.normalize("NFKC", text.strip())[:20]
    return "".join(str(unicodedata.decimal(ch)) if ch.isdecimal() else ch for ch in text)


def _notes_text(text: str) -> int:
    """The mask of a cell's notes written as digits ('137'), 0 if the text is not that."""
    if not text or not text.isascii() or not text.isdigit() or "0" in text or len(text) > 9:
        return 0
    mask = 0
    for ch in text:
        mask |= 1 << (ord(ch) - 49)
    return mask


def _cell_fields(form: Mapping[str, Sequence[str]], prefix: str) -> list[tuple[int, str]]:
    """(cell, value) of the form's fields <prefix>0 to <prefix>80, in cell order."""
    found = []
    for key in form:
        if key[:1] == prefix and (cell := FIELD_NUMBERS.get(key[1:])) is not None:
            value = single(form, key, "form")
            if value is not None:
                found.append((cell, value))
    return sorted(found)


def from_form(form: Mapping[str, Sequence[str]]) -> FormInput:
    """Read the grid form: v=1, state (the URL of the state the page showed), the cells
    c0..c80 and their notes n0..n80, cell (the hint's cell), ts (when the page was made), and
    the settings (mistakes, timer) when `settings` says they are in the form.

    In enter mode the cells are the puzzle's givens (the player's entries and notes stay as they
    were); in play they are the entries, and cells holding a given have no field; a paused or
    finished game keeps its entries and notes, whatever the form says. Several digits typed
    into one cell in play are its notes (so notes work without JavaScript), as is one new
    digit in notes mode; 0 clears a cell and its notes. Text in a cell that is none of these
    is reported in `bad` (and read as empty); a form malformed as a whole raises StateError.
    """
    version = single(form, "v", "form")
    if version != VERSION.removeprefix("v"):
        raise StateError(f"the form must say v=1, not {(version or '')[:20]!r}")
    shown = single(form, "state", "form")
    if shown is None:
        raise StateError("the form is missing the state it was made from (state)")
    previous = from_path(shown)
    playing = previous.mode is Mode.PLAY
    notes_mode = _read_flag(form, "notes", "form") if "notes" in form else previous.notes_mode
    # The page's script posts notes in the n fields, so its digits are entries whatever the
    # mode (switched, perhaps, after they were typed); without it one new digit is a note.
    digit_is_note = notes_mode and single(form, "js", "form") != "1"
    cells = [0] * 81
    notes = [0] * 81
    bad: dict[int, str] = {}
    for cell, value in _cell_fields(form, "c"):
        if playing and previous.puzzle[cell]:
            raise StateError(f"{cell_name(cell)} holds a given, which can't be changed in play")
        text = typed(value)
        if len(text) == 1 and "1" <= text <= "9":
            digit = ord(text) - 48
            if playing and digit_is_note and digit != previous.entries[cell]:
                notes[cell] = _notes_text(text)
            else:
                cells[cell] = digit
        elif playing and _notes_text(text):
            notes[cell] = _notes_text(text)
        elif text == "0":
            notes[cell] = -1  # cleared, whatever its notes field says
        elif text not in ("", "."):
            bad[cell] = value.strip()[:8]
    if playing:
        for cell, value in _cell_fields(form, "n"):
            if value and not cells[cell] and not previous.puzzle[cell] and not notes[cell]:
                notes[cell] = _notes_text(typed(value))
    notes = [max(mask, 0) for mask in notes]
    selected = _read_selected(single(form, "cell", "form"), "the selected cell")
    changes: dict[str, Any] = {"cell": selected, "notes_mode": notes_mode}
    if single(form, "settings", "form"):
        changes.update(
            mistakes=_read_flag(form, "mistakes", "form"), timer=_read_flag(form, "timer", "form")
        )
    if playing and (previous.paused or previous.finished):  # the grid is hidden, or locked
        bad = {}
    elif playing:
        changes.update(entries=tuple(cells), notes=tuple(notes))
    else:
        changes.update(puzzle=tuple(cells))
    state = replace(previous, **changes)
    stamp = single(form, "ts", "form")
    shown_at = (
        int(stamp) if stamp and stamp.isascii() and stamp.isdigit() and len(stamp) < 12 else None
    )
    return FormInput(previous, state, bad, shown_at, _read_order(single(form, "order", "form")))


def _read_order(text: str | None) -> tuple[int, ...]:
    """`order`: the cells typed into since the page was made, in the order they were, as
    the page's script sends them when there are several ('40,10,0')."""
    if not text:
        return ()
    parts = text.split(",")
    if len(parts) > 81 or not all(p.isascii() and p.isdigit() and int(p) < 81 for p in parts):
        raise StateError(f"order must list cells 0 to 80, comma-separated, not {text[:20]!r}")
    return tuple(int(p) for p in parts)
