"""The URL codec: everything on screen (puzzle, entries, mood, solve) <-> a short, versioned URL.

Format v1 (documented in the README)::

    /p/v1/<puzzle>?e=<entries>&mode=enter&solve=1

``<puzzle>`` and ``<entries>`` each describe all 81 cells, row by row, in a run-length form:
``1``-``9`` is a digit in one cell, ``a``-``z`` a run of 1-26 empty cells (``a`` = 1, ``z`` = 26),
and ``.`` or ``0`` one empty cell (accepted, so a plain 81-character puzzle also reads).
Entries may only stand in cells the puzzle leaves empty. Every query key is optional and left out
when it has its default: no entries, ``mode=play``, no solution shown. Unknown keys are ignored
(links pick up tracking tags), so later versions can add notes, a selected cell or a seed.

Every state has exactly one canonical URL (`State.url`); the web layer redirects other spellings
to it. Anything that cannot be read raises `StateError`, whose message says what and where.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from functools import cached_property

from .sudoku.board import Grid, cell_name

VERSION = "v1"
BLANK: Grid = (0,) * 81
RUN_LETTERS = "abcdefghijklmnopqrstuvwxyz"  # a run of 1..26 empty cells
MAX_FIELD = 200  # characters in one URL or form value; an honest one is at most 81


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
class State:
    """What one URL holds. Construction validates: entries only in cells the puzzle leaves empty."""

    puzzle: Grid = BLANK
    entries: Grid = BLANK
    mode: Mode = Mode.PLAY
    solve: bool = False

    def __post_init__(self) -> None:
        for name, grid in (("puzzle", self.puzzle), ("entries", self.entries)):
            if len(grid) != 81 or any(not 0 <= d <= 9 for d in grid):
                raise StateError(f"the {name} must be 81 cells holding 0-9")
        for cell, (given, entry) in enumerate(zip(self.puzzle, self.entries, strict=True)):
            if given and entry:
                raise StateError(
                    f"the entries (e=) put a {entry} in {cell_name(cell)}, "
                    f"which already holds the given {given}",
                    fallback=replace(self, entries=BLANK).url,
                )
        if self.mode is Mode.ENTER and any(self.entries):
            raise StateError(
                "entries (e=) belong to play mode, but this link is in enter mode (mode=enter)",
                fallback=replace(self, entries=BLANK).url,
            )

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
        if self.mode is not Mode.PLAY:
            query.append(f"mode={self.mode}")
        if self.solve:
            query.append("solve=1")
        path = f"/p/{VERSION}/{encode_cells(self.puzzle)}"
        return path + ("?" + "&".join(query) if query else "")


def encode_cells(grid: Grid) -> str:
    """Digits as themselves, each run of empty cells as one letter per (at most) 26 cells."""
    out: list[str] = []
    run = 0
    for d in (*grid, None):  # None flushes the final run
        if d == 0:
            run += 1
            continue
        while run:
            step = min(run, 26)
            out.append(RUN_LETTERS[step - 1])
            run -= step
        if d is not None:
            out.append(str(d))
    return "".join(out)


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


def from_url(version: str, puzzle: str, args: Mapping[str, Sequence[str]]) -> State:
    """Read the state in `/p/<version>/<puzzle>?<args>`; args maps each key to all its values."""
    if version != VERSION:
        raise StateError(
            f"this link uses format {version[:20]!r}, but this site reads {VERSION!r} links"
        )
    grid = decode_cells(puzzle, "the puzzle")
    mode = _read_mode(_single(args, "mode"))
    solve = _read_flag(args, "solve")
    entries_text = _single(args, "e")
    if entries_text:
        try:
            entries = decode_cells(entries_text, "the entries field (e=)")
        except StateError as err:
            raise StateError(err.message, State(grid, mode=mode).url) from None
    else:
        entries = BLANK
    return State(grid, entries, mode, solve)


@dataclass(frozen=True)
class FormInput:
    """A posted grid: the state it describes, and the cells whose text was not a digit."""

    state: State
    bad: dict[int, str]  # cell -> the text typed there (shown back, never stored)


def from_form(form: Mapping[str, Sequence[str]]) -> FormInput:
    """Read the grid form: v=1, mode, p (the puzzle, in play mode), solve, and cells c0..c80.

    In enter mode the cells are the puzzle's givens; in play mode they are the entries, and cells
    holding a given have no field. Text in a cell that is not a digit is reported in `bad`
    (and read as empty); a form that is malformed as a whole raises StateError.
    """
    version = _single(form, "v")
    if version != VERSION.removeprefix("v"):
        raise StateError(f"the form must say v=1, not {(version or '')[:20]!r}")
    mode = _read_mode(_single(form, "mode"))
    solve = _read_flag(form, "solve")
    puzzle = BLANK
    if mode is Mode.PLAY:
        text = _single(form, "p")
        if text is None:
            raise StateError("the form is missing the puzzle (p)")
        puzzle = decode_cells(text, "the puzzle (p)")
    cells = [0] * 81
    bad: dict[int, str] = {}
    for cell in range(81):
        value = _single(form, f"c{cell}")
        if value is None:
            continue
        if puzzle[cell]:
            raise StateError(f"{cell_name(cell)} holds a given, which can't be changed in play")
        text = value.strip()
        if len(text) == 1 and "1" <= text <= "9":
            cells[cell] = ord(text) - 48
        elif text not in ("", "0", "."):
            bad[cell] = text[:8]
    grid = tuple(cells)
    if mode is Mode.ENTER:
        return FormInput(State(grid, mode=mode, solve=solve), bad)
    return FormInput(State(puzzle, grid, mode, solve), bad)
