"""The JSON API's parameters: one table of them, read the same way from a query string (GET)
or a JSON body (POST), each with its JSON Schema for the OpenAPI document.

Every mistake raises `ApiError` with a message that says what is wrong and where; nothing
here touches the solver. No Flask: `read` takes the parameters already split from the request.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import unquote_to_bytes

from .sudoku import (
    ALGORITHMS,
    DEFAULT_ALGORITHM,
    LEVEL_NAMES,
    SEED_LIMIT,
    Grid,
    PuzzleFormatError,
    a_digit,
    cell_name,
    level_name,
    parse,
    to_pretty,
)

Json = dict[str, Any]
MAX_COUNT = 1_000  # solutions /count may look for: a count, not a list, but each is kept
CELL_NAMES = {cell_name(c): c for c in range(81)}
LEVEL_SLUGS = tuple(name.lower() for name in LEVEL_NAMES)
NOTE_DIGITS = re.compile(r"[1-9]{0,9}")
WHOLE = re.compile(r"[0-9]{1,10}")  # ASCII digits only: str.isdigit() takes '²' too
SHOWN = 20  # characters of a bad value quoted back in a message


class ApiError(Exception):
    """An answer other than success: HTTP status, a stable code, a message for people, and the
    parameter it is about (None when it is about the request as a whole)."""

    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        field: str | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.field = field
        self.headers = dict(headers or {})

    def __reduce__(self) -> tuple[type[ApiError], tuple[object, ...]]:
        """Picklable with all its fields (an engine process may raise it)."""
        return ApiError, (self.status, self.code, self.message, self.field, self.headers)


def bad(name: str, message: str) -> ApiError:
    """400 bad_value about parameter `name`."""
    return ApiError(400, "bad_value", message, name)


def shown(value: object) -> str:
    """A value quoted back in a message, cut short."""
    if not isinstance(value, str):  # a JSON value: written as JSON writes it
        text = json.dumps(value)
        return text[:SHOWN] + ("..." if len(text) > SHOWN else "")
    return repr(value[:SHOWN] + ("..." if len(value) > SHOWN else ""))


def field_of(name: str) -> str:
    """A parameter's name as an error's `field`: cut short, and with what UTF-8 can't carry
    (a lone surrogate, from a JSON escape such as \\ud800) written as that escape."""
    return name[:SHOWN].encode("utf-8", "backslashreplace").decode("utf-8")


Reader = Callable[[str, object, bool], Any]  # (name, raw value, from the query) -> value


@dataclass(frozen=True)
class Param:
    """One parameter: its name, its JSON Schema (the query form is that value as text), what
    it means, how to read it, and its default when left out (None: required or no default)."""

    name: str
    schema: Json
    description: str
    read: Reader
    required: bool = False
    default: Any = None
    example: Any = None
    extra: Json = field(default_factory=dict)  # more OpenAPI parameter fields (style ...)


# Readers


def _text(name: str, value: object) -> str:
    if not isinstance(value, str):
        raise bad(name, f"{name} must be a string, not {json_type(value)}")
    return value


def json_type(value: object) -> str:
    """What a JSON value is, in words: 'a string', 'an array', 'null' ..."""
    names = {bool: "true or false", int: "a number", float: "a number", list: "an array"}
    names |= {str: "a string", dict: "an object"}
    return "null" if value is None else names.get(type(value), "a value of another kind")


def read_puzzle(name: str, value: object, query: bool) -> Grid:
    """Any format the engine reads: an 81-character line, or a grid with | and rule lines."""
    try:
        return parse(_text(name, value))
    except PuzzleFormatError as error:
        raise ApiError(400, "bad_puzzle", str(error), name) from None


def read_entries(name: str, value: object, query: bool) -> Grid:
    """The player's digits, written as a puzzle is (checked against the puzzle later)."""
    try:
        return parse(_text(name, value))
    except PuzzleFormatError as error:
        raise bad(name, f"{name}: {error}") from None


def read_cell(name: str, value: object, query: bool) -> int:
    text = _text(name, value)
    cell = CELL_NAMES.get(text)
    if cell is None:
        raise bad(
            name, f"{name} must name a cell like r4c6 (rows and columns 1-9), not {shown(text)}"
        )
    return cell


def read_notes(name: str, value: object, query: bool) -> tuple[int, ...]:
    """{"r1c3": "137", ...}: each cell's noted digits, as 81 masks (bit d-1 for digit d)."""
    if not isinstance(value, dict):
        raise bad(
            name,
            f'{name} must map cells to digits, like {{"r1c3": "137"}}, not {json_type(value)}',
        )
    masks = [0] * 81
    seen: set[int] = set()
    for key, digits in value.items():
        cell = CELL_NAMES.get(key)
        if cell is None:
            raise bad(name, f"{name}: {shown(key)} is not a cell; name cells like r4c6")
        if cell in seen:
            raise bad(name, f"{name} give {cell_name(cell)} twice")
        seen.add(cell)
        if not isinstance(digits, str) or not NOTE_DIGITS.fullmatch(digits):
            raise bad(
                name,
                f"{name}: {cell_name(cell)} has {shown(digits)}; "
                'notes are a string of digits 1-9, like "137"',
            )
        for ch in digits:
            masks[cell] |= 1 << (ord(ch) - 49)
    return tuple(masks)


def read_algorithm(name: str, value: object, query: bool) -> str:
    text = _text(name, value)
    if text not in ALGORITHMS:
        raise bad(name, f"{name} must be one of {', '.join(ALGORITHMS)}, not {shown(text)}")
    return text


def read_level(name: str, value: object, query: bool) -> str:
    text = _text(name, value)
    if text not in LEVEL_SLUGS:
        raise bad(
            name,
            f"{name} must be one of {', '.join(LEVEL_SLUGS)} (in lower case), not {shown(text)}",
        )
    return level_name(text)


def read_symmetric(name: str, value: object, query: bool) -> bool:
    if query and value in ("true", "false"):
        return value == "true"
    if not query and isinstance(value, bool):
        return value
    raise bad(name, f"{name} must be true or false, not {shown(value)}")


def whole(low: int, high: int) -> Reader:
    """A reader of a whole number from `low` to `high`."""

    def read(name: str, value: object, query: bool) -> int:
        number: int | None = None
        if query and isinstance(value, str) and WHOLE.fullmatch(value):
            number = int(value)
        elif not query and type(value) is int:
            number = value
        elif not query and type(value) is float and value.is_integer():
            number = int(value)  # 10.0: JSON Schema's integer (a number with no fraction)
        if number is None or not low <= number <= high:
            raise bad(
                name, f"{name} must be a whole number from {low:,} to {high:,}, not {shown(value)}"
            )
        return number

    return read


# The parameters


def _grid_schema(what: str) -> Json:
    return {
        "type": "string",
        "minLength": 1,
        "maxLength": 4000,
        "description": f"{what}: 81 cells row by row, 1-9 for a digit and '.', '0', '-' or '_' "
        "for an empty cell; or a grid of 9 lines, with '|', spaces and rule lines "
        "such as '------+-------+------' allowed.",
    }


EXAMPLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"

PUZZLE = Param(
    "puzzle",
    {**_grid_schema("The puzzle"), "examples": [EXAMPLE, to_pretty(parse(EXAMPLE))]},
    "The puzzle, in any format the engine reads.",
    read_puzzle,
    required=True,
    example=EXAMPLE,
)
ENTRIES = Param(
    "entries",
    _grid_schema(
        "The player's digits, written as a puzzle is; only in cells the puzzle leaves empty"
    ),
    "The player's digits (default: none), written as a puzzle is; only in cells the puzzle "
    "leaves empty. Wrong or clashing entries are allowed: a hint points them out.",
    read_entries,
)
NOTES = Param(
    "notes",
    {
        "type": "object",
        "propertyNames": {"type": "string", "pattern": "^r[1-9]c[1-9]$"},
        "additionalProperties": {"type": "string", "pattern": "^[1-9]{0,9}$"},
        "maxProperties": 81,
        "description": 'Each cell\'s pencil marks, e.g. {"r1c3": "137"}; only in cells that '
        "hold no digit.",
    },
    "The player's pencil marks (default: none): cell -> its noted digits. In a query string "
    "write notes[r1c3]=137 (OpenAPI's deepObject style).",
    read_notes,
    default=None,
    extra={"style": "deepObject", "explode": True},
)
CELL = Param(
    "cell",
    {"type": "string", "pattern": "^r[1-9]c[1-9]$", "description": "A cell, like r4c6."},
    "The cell the hint is about, like r4c6 (default: anywhere).",
    read_cell,
)
ALGORITHM = Param(
    "algorithm",
    {"type": "string", "enum": list(ALGORITHMS), "default": DEFAULT_ALGORITHM},
    "The search: propagate (constraint propagation), backtrack (cell order), mrv (fewest "
    "choices first), dlx (dancing links) or sat (MiniSat).",
    read_algorithm,
    default=DEFAULT_ALGORITHM,
)
LIMIT = Param(
    "limit",
    {"type": "integer", "minimum": 1, "maximum": MAX_COUNT, "default": 2},
    "Stop counting at this many solutions.",
    whole(1, MAX_COUNT),
    default=2,
)
LEVEL = Param(
    "level",
    {
        "type": "string",
        "enum": [name.lower() for name in LEVEL_NAMES],
        "description": "A level, in lower case.",
    },
    "The level of the new puzzle.",
    read_level,
    required=True,
    example="hard",
)
SEED = Param(
    "seed",
    {"type": "integer", "minimum": 0, "maximum": SEED_LIMIT - 1},
    "Make the puzzle from this seed on (the same puzzle on every machine; the answer names the "
    "seed that made it). Default: a fresh random seed.",
    whole(0, SEED_LIMIT - 1),
)
SYMMETRIC = Param(
    "symmetric",
    {"type": "boolean"},
    "Lay the clues out with 180-degree rotational symmetry. Default: as the site's puzzles, "
    "symmetric at every level but extreme (laid out freely, three times as many need trials).",
    read_symmetric,
)


def nodes(maximum: int) -> Param:
    """The node budget parameter of an endpoint whose budget is `maximum` nodes."""
    return Param(
        "nodes",
        {"type": "integer", "minimum": 1, "maximum": maximum, "default": maximum},
        f"The node budget: units of search work, the same on every machine (at most and by "
        f"default {maximum:,}).",
        whole(1, maximum),
        default=maximum,
    )


def read(params: tuple[Param, ...], given: Mapping[str, object], query: bool) -> dict[str, Any]:
    """Read each parameter from `given` (name -> raw value; from the query string, or the
    JSON body); left out (or null in JSON) takes the default."""
    known = {param.name: param for param in params}
    for name in given:
        if name not in known:
            names = ", ".join(known) or "none"
            raise ApiError(
                400,
                "unknown_parameter",
                f"{shown(name)} is not a parameter here; the parameters are {names}",
                field_of(name),
            )
    values: dict[str, Any] = {}
    for param in params:
        raw = given.get(param.name)
        if raw is None:
            if param.required:
                raise ApiError(400, "missing_parameter", f"{param.name} is required", param.name)
            values[param.name] = param.default
        else:
            values[param.name] = param.read(param.name, raw, query)
    return values


def split_query(pairs: list[tuple[str, list[str]]]) -> dict[str, object]:
    """Query parameters by name, each given once; notes[r1c3]=137 items gathered into a dict."""
    given: dict[str, object] = {}
    notes: dict[str, str] = {}
    for key, values in pairs:
        if len(values) > 1:
            raise ApiError(
                400,
                "repeated_parameter",
                f"{shown(key)} appears {len(values)} times in the query; give it once",
                "notes" if key.startswith("notes[") else field_of(key),
            )
        if key.startswith("notes[") and key.endswith("]"):
            notes[key[6:-1]] = values[0]
        else:
            given[key] = values[0]
    if notes:
        if "notes" in given:
            raise bad("notes", "write notes as notes[r1c3]=137, one cell each")
        given["notes"] = notes
    elif "notes" in given:
        raise bad("notes", "in a query, write notes as notes[r1c3]=137, one cell each")
    return given


def check_utf8(query: bytes) -> None:
    """Every value of a raw query string is UTF-8 once its %-escapes are decoded. (The request's
    parameters hold other bytes as the text '%FF', which a reader would quote back as if sent.)
    """
    for pair in query.split(b"&"):
        name, _, value = pair.partition(b"=")
        try:
            unquote_to_bytes(value).decode("utf-8")
        except UnicodeDecodeError:
            key = unquote_to_bytes(name.replace(b"+", b" ")).decode("utf-8", "replace")
            raise bad(
                "notes" if key.startswith("notes[") else field_of(key),
                f"the value of {shown(key)} is not valid UTF-8; %-escape each character's "
                "UTF-8 bytes (é is %C3%A9)",
            ) from None


def check_position(puzzle: Grid, entries: Grid | None, notes: tuple[int, ...] | None) -> None:
    """Entries only where the puzzle has no given; notes only where no digit stands."""
    for cell in range(81):
        given = puzzle[cell]
        entry = entries[cell] if entries else 0
        if given and entry:
            raise bad(
                "entries",
                f"entries put {a_digit(entry)} in {cell_name(cell)}, which holds the given {given}",
            )
        if notes and notes[cell] and (given or entry):
            raise bad(
                "notes",
                f"notes are in {cell_name(cell)}, which holds {a_digit(given or entry)}; "
                "notes belong to empty cells",
            )
