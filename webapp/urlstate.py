"""The URL codec: the game on screen (puzzle, entries, notes, mode, solution shown, hint) <->
a short, versioned URL and back, and the grid form read into the same state.

Format v1 (documented in the README)::

    /p/v1/<puzzle>?e=<entries>&n=<notes>&mode=enter&solve=1&cell=r4c6&hint=2&g=hard-1234

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

Every state has exactly one canonical URL (`GameState.url`); the web layer redirects other spellings
to it. Anything that cannot be read raises `StateError`, whose message says what and where.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property

from .sudoku import LEVEL_NAMES, Grid, cell_name

VERSION = "v1"
BLANK: Grid = (0,) * 81
RUN_LETTERS = "abcdefghijklmnopqrstuvwxyz"  # a run of 1..26 empty cells
NOTE_RUNS = RUN_LETTERS.upper()  # a run of 1..26 cells without notes
BASE32 = "0123456789abcdefghijklmnopqrstuv"  # two of these spell one cell's notes mask
MAX_FIELD = 200  # characters in one URL or form value; an honest one is at most 162
HINT_LEVELS = 3  # levels shown in the panel; the fourth makes the move
CELL_NAMES = {cell_name(c): c for c in range(81)}
LEVEL_SLUGS = tuple(name.lower() for name in LEVEL_NAMES)
NO_NOTES: Grid = (0,) * 81


class StateError(ValueError):
    """A URL or form that does not describe a state; the message says what is wrong and where.

    `fallback` is a URL worth offering instead (for example the puzzle without bad entries).
    """

    def __init__(self, message: str, fallback: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.fallback = fallback


class Mode(StrEnum):
    PLAY = "play"  # givens locked, the player's entries editable
    ENTER = "enter"  # every cell editable: the digits typed are the puzzle's givens


@dataclass(frozen=True)
class GameState:
    """What one URL holds. Construction validates: entries only in cells the puzzle leaves empty."""

    puzzle: Grid = BLANK
    entries: Grid = BLANK
    mode: Mode = Mode.PLAY
    solve: bool = False
    notes: Grid = NO_NOTES  # candidate masks, 0 for a cell without notes
    cell: int | None = None  # the cell selected for a hint
    hint: int = 0  # the hint level shown, 0 for none
    origin: str = ""  # "<level>-<seed>" for a generated puzzle

    def __post_init__(self) -> None:
        for name, grid in (("puzzle", self.puzzle), ("entries", self.entries)):
            if len(grid) != 81 or any(not 0 <= d <= 9 for d in grid):
                raise StateError(f"the {name} must be 81 cells holding 0-9")
        if len(self.notes) != 81 or any(not 0 <= m < 512 for m in self.notes):
            raise StateError("the notes must be 81 masks of 9 bits")
        for cell, (given, entry) in enumerate(zip(self.puzzle, self.entries, strict=True)):
            if given and entry:
                raise StateError(
                    f"the entries (e=) put a {entry} in {cell_name(cell)}, "
                    f"which already holds the given {given}",
                    fallback=self.plain_url,
                )
            if self.notes[cell] and (given or entry):
                raise StateError(
                    f"the notes (n=) are in {cell_name(cell)}, which already holds a "
                    f"{given or entry}",
                    fallback=self.plain_url,
                )
        if self.mode is Mode.ENTER and (any(self.entries) or any(self.notes)):
            raise StateError(
                "entries (e=) and notes (n=) belong to play mode, "
                "but this link is in enter mode (mode=enter)",
                fallback=self.plain_url,
            )
        if not 0 <= self.hint <= HINT_LEVELS:
            raise StateError(f"the hint level must be from 1 to {HINT_LEVELS}, not {self.hint}")
        if self.cell is not None and not 0 <= self.cell < 81:
            raise StateError("the selected cell must be one of the 81")

    @property
    def plain_url(self) -> str:
        """The URL of the puzzle alone (offered when the player's part of a link is wrong)."""
        return GameState(self.puzzle, mode=self.mode, origin=self.origin).url

    @property
    def grid(self) -> Grid:
        """The puzzle with the player's entries written in."""
        return tuple(g or e for g, e in zip(self.puzzle, self.entries, strict=True))

    @cached_property
    def url(self) -> str:
        """The canonical URL path (and query) of this state."""
        if self.mode is Mode.ENTER and not self.solve and not any(self.puzzle):
            return "/"
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
        path = f"/p/{VERSION}/{encode_cells(self.puzzle)}"
        return path + ("?" + "&".join(query) if query else "")


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


def _single(args: Mapping[str, Sequence[str]], key: str) -> str | None:
    """The one value of a query key, None when absent; a repeated key is an error."""
    values = args.get(key) or []
    if len(values) > 1:
        raise StateError(f"{key}= appears {len(values)} times in the link; give it once")
    return values[0] if values else None


def _read_flag(args: Mapping[str, Sequence[str]], key: str) -> bool:
    value = _single(args, key)
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


def _read_hint(value: str | None) -> int:
    if value in (None, ""):
        return 0
    if value.isascii() and value.isdigit() and 1 <= int(value) <= HINT_LEVELS:
        return int(value)
    raise StateError(
        f"the hint level (hint=) must be a number from 1 to {HINT_LEVELS}, not {value[:20]!r}"
    )


def _read_origin(value: str | None) -> str:
    """`g=<level>-<seed>`: what a generated puzzle came from."""
    if value in (None, ""):
        return ""
    level, _, seed = value.partition("-")
    if level not in LEVEL_SLUGS or not (seed.isascii() and seed.isdigit()) or len(seed) > 10:
        raise StateError(
            f"the puzzle's seed (g=) must be a level and a number like hard-1234, "
            f"not {value[:20]!r}; "
            f"the levels are {', '.join(LEVEL_SLUGS)}"
        )
    return f"{level}-{int(seed)}"


def _read_selected(value: str | None, what: str) -> int | None:
    return read_cell(value, what) if value else None


def from_url(version: str, puzzle: str, args: Mapping[str, Sequence[str]]) -> GameState:
    """Read the state in `/p/<version>/<puzzle>?<args>`; args maps each key to all its values."""
    if version != VERSION:
        raise StateError(
            f"this link uses format {version[:20]!r}, but this site reads {VERSION!r} links"
        )
    grid = decode_cells(puzzle, "the puzzle")
    mode = _read_mode(_single(args, "mode"))
    fallback = GameState(grid, mode=mode).url
    try:
        entries_text = _single(args, "e")
        entries = decode_cells(entries_text, "the entries field (e=)") if entries_text else BLANK
        notes_text = _single(args, "n")
        notes = decode_notes(notes_text) if notes_text else NO_NOTES
    except StateError as err:
        raise StateError(err.message, fallback) from None
    return GameState(
        grid,
        entries,
        mode,
        _read_flag(args, "solve"),
        notes,
        _read_selected(_single(args, "cell"), "the selected cell (cell=)"),
        _read_hint(_single(args, "hint")),
        _read_origin(_single(args, "g")),
    )


@dataclass(frozen=True)
class FormInput:
    """A posted grid: the state it describes, and the cells whose text was not a digit."""

    state: GameState
    bad: dict[int, str]  # cell -> the text typed there (shown back, never stored)


def typed(text: str) -> str:
    """What was typed into a cell, with digits of any script as ASCII: full-width and
    superscript digits (by NFKC), Arabic-Indic or Devanagari ones (decimal digits)."""
    text = unicodedata.normalize("NFKC", text.strip())[:20]
    return "".join(str(unicodedata.decimal(ch)) if ch.isdecimal() else ch for ch in text)


def _notes_text(text: str) -> int:
    """The mask of a cell's notes written as digits ('137'), 0 if the text is not that."""
    if not text or not (text.isascii() and text.isdigit()) or "0" in text or len(text) > 9:
        return 0
    mask = 0
    for ch in text:
        mask |= 1 << (ord(ch) - 49)
    return mask


def from_form(form: Mapping[str, Sequence[str]]) -> FormInput:
    """Read the grid form: v=1, mode, p (the puzzle, in play mode), solve, g, cell, hint, the
    cells c0..c80 and their notes n0..n80.

    In enter mode the cells are the puzzle's givens; in play mode they are the entries, and cells
    holding a given have no field. Several digits typed into one cell in play are its notes
    (so notes work without JavaScript); notes of a cell that holds a digit are dropped. Text in
    a cell that is neither is reported in `bad` (and read as empty); a form that is malformed
    as a whole raises StateError.
    """
    version = _single(form, "v")
    if version != VERSION.removeprefix("v"):
        raise StateError(f"the form must say v=1, not {(version or '')[:20]!r}")
    mode = _read_mode(_single(form, "mode"))
    puzzle = BLANK
    if mode is Mode.PLAY:
        text = _single(form, "p")
        if text is None:
            raise StateError("the form is missing the puzzle (p)")
        puzzle = decode_cells(text, "the puzzle (p)")
    cells = [0] * 81
    notes = [0] * 81
    bad: dict[int, str] = {}
    for cell in range(81):
        value = _single(form, f"c{cell}")
        if value is None:
            continue
        if puzzle[cell]:
            raise StateError(f"{cell_name(cell)} holds a given, which can't be changed in play")
        text = typed(value)
        if len(text) == 1 and "1" <= text <= "9":
            cells[cell] = ord(text) - 48
        elif mode is Mode.PLAY and _notes_text(text):
            notes[cell] = _notes_text(text)
        elif text not in ("", "0", "."):
            bad[cell] = value.strip()[:8]
    if mode is Mode.PLAY:
        for cell in range(81):
            value = _single(form, f"n{cell}")
            if value and not cells[cell] and not puzzle[cell]:
                notes[cell] = notes[cell] or _notes_text(typed(value))
    solve = _read_flag(form, "solve")
    selected = _read_selected(_single(form, "cell"), "the selected cell")
    hint = _read_hint(_single(form, "hint"))
    origin = _read_origin(_single(form, "g"))
    if mode is Mode.ENTER:
        grid = tuple(cells)
        state = GameState(grid, mode=mode, solve=solve, cell=selected, hint=hint, origin=origin)
    else:
        state = GameState(puzzle, tuple(cells), mode, solve, tuple(notes), selected, hint, origin)
    return FormInput(state, bad)
