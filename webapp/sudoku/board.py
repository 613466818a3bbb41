"""The board vocabulary: cells, units, peers and the bit tables built on them once; parsing,
formatting, conflicts and candidates.

A grid is a tuple of 81 ints, row by row, 0 for an empty cell and 1-9 for a digit. Cells are
numbered 0..80 (``cell = 9 * row + column``, both from 0). A candidate set is a 9-bit mask:
bit ``d - 1`` stands for digit ``d``. Rows, columns and boxes are *units*, numbered 0..26
(rows 0-8, columns 9-17, boxes 18-26); users see them numbered from 1 ("row 3", "box 5").

A set of cells is often a *bitboard*: an 81-bit int, bit c for cell c, so that "which cells of
this unit still hold a 5?" is one `&`. That is what makes the techniques fast in pure Python.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

Grid = tuple[int, ...]

ALL = 0x1FF  # every digit is a candidate
DIGITS = range(1, 10)
CELLS = range(81)

ROW_OF = tuple(c // 9 for c in CELLS)
COL_OF = tuple(c % 9 for c in CELLS)
BOX_OF = tuple((c // 27) * 3 + (c % 9) // 3 for c in CELLS)

ROWS = tuple(tuple(9 * r + c for c in range(9)) for r in range(9))
COLS = tuple(tuple(9 * r + c for r in range(9)) for c in range(9))
BOXES = tuple(
    tuple(27 * (b // 3) + 3 * (b % 3) + 9 * r + c for r in range(3) for c in range(3))
    for b in range(9)
)
UNITS = ROWS + COLS + BOXES
UNITS_OF = tuple((ROW_OF[c], 9 + COL_OF[c], 18 + BOX_OF[c]) for c in CELLS)
PEERS = tuple(tuple(sorted({p for u in UNITS_OF[c] for p in UNITS[u]} - {c})) for c in CELLS)

# Digit masks.
BIT = tuple(1 << (d - 1) if d else 0 for d in range(10))  # BIT[d] for digit d, BIT[0] == 0
POPCOUNT = tuple(bin(m).count("1") for m in range(512))
DIGITS_OF = tuple(tuple(d for d in DIGITS if m & BIT[d]) for m in range(512))

# Bitboards.
ALL_CELLS = (1 << 81) - 1
CELL_BB = tuple(1 << c for c in CELLS)
UNIT_BB = tuple(sum(1 << c for c in unit) for unit in UNITS)
ROW_BB = UNIT_BB[:9]
COL_BB = UNIT_BB[9:18]
BOX_BB = UNIT_BB[18:]
PEER_BB = tuple(sum(1 << p for p in PEERS[c]) for c in CELLS)


def set_bits(x: int) -> list[int]:
    """The indices of the set bits of x, lowest first: the cells of a bitboard (or the members
    of any set kept as an int)."""
    out = []
    while x:
        low = x & -x
        out.append(low.bit_length() - 1)
        x ^= low
    return out


def seen_by_all(bb: int) -> int:
    """The cells that see every cell of a bitboard (none of those included)."""
    out = ALL_CELLS
    while bb:
        low = bb & -bb
        out &= PEER_BB[low.bit_length() - 1]
        bb ^= low
    return out


def first_cell(bb: int) -> int:
    """The lowest cell of a non-empty bitboard."""
    return (bb & -bb).bit_length() - 1


def is_single(bb: int) -> bool:
    """True if the bitboard holds exactly one cell."""
    return bb != 0 and not bb & (bb - 1)


_SHARED: dict[tuple[int, int], tuple[int, ...]] = {}


def shared_units(a: int, b: int) -> tuple[int, ...]:
    """The units (0..26) that hold both cells a and b (none for cells that do not see each
    other)."""
    key = (a, b) if a < b else (b, a)
    found = _SHARED.get(key)
    if found is None:
        found = tuple(u for u in UNITS_OF[a] if u in UNITS_OF[b])
        _SHARED[key] = found
    return found


def used_digits(grid: Sequence[int]) -> tuple[list[int], list[int], list[int]] | None:
    """The digits each row, column and box holds, as 9-bit masks; None if a digit repeats."""
    rows, cols, boxes = [0] * 9, [0] * 9, [0] * 9
    for cell, digit in enumerate(grid):
        if digit:
            r, c, b, bit = ROW_OF[cell], COL_OF[cell], BOX_OF[cell], BIT[digit]
            if (rows[r] | cols[c] | boxes[b]) & bit:
                return None
            rows[r] |= bit
            cols[c] |= bit
            boxes[b] |= bit
    return rows, cols, boxes


CELL_VALUES = frozenset(range(10))  # 0 for empty, or a digit
MASK_VALUES = frozenset(range(512))
EMPTY_CHARS = frozenset(".0-_ ")
MAX_INPUT = 4000  # characters; anything longer is not a Sudoku someone pasted


class PuzzleFormatError(ValueError):
    """Raised when text cannot be read as a puzzle; the message says what and where."""


def check_grid(grid: object, what: str = "grid") -> Grid:
    """`grid` as a Grid, or TypeError / ValueError saying what is wrong and where: a grid is a
    sequence of 81 ints, 0 for an empty cell and 1-9 for a digit."""
    return _check_cells(grid, what, CELL_VALUES, "0 (empty) or a digit from 1 to 9")


def check_masks(masks: object, what: str = "notes") -> tuple[int, ...]:
    """`masks` as a tuple of 81 candidate masks (ints 0-511), or TypeError / ValueError."""
    return _check_cells(masks, what, MASK_VALUES, "a candidate mask from 0 to 511")


def _check_cells(cells: object, what: str, allowed: frozenset[int], holds: str) -> Grid:
    if isinstance(cells, (str, bytes)) or not isinstance(cells, Sequence):
        hint = " (parse() reads text)" if isinstance(cells, str) else ""
        raise TypeError(f"{what} must be a sequence of 81 ints, not {type(cells).__name__}{hint}")
    values = tuple(cells)
    if len(values) != 81:
        raise ValueError(f"{what} must have 81 cells, not {len(values)}")
    if set(map(type, values)) != {int} or not allowed.issuperset(values):
        for cell, value in enumerate(values):
            if type(value) is not int:
                raise TypeError(f"{what}: {cell_name(cell)} holds {value!r}, not an int ({holds})")
            if value not in allowed:
                raise ValueError(f"{what}: {cell_name(cell)} holds {value}; it must be {holds}")
    return values


def check_cell(cell: object, what: str = "cell") -> int:
    """`cell` if it is a cell number 0-80, else TypeError / ValueError."""
    if isinstance(cell, bool) or not isinstance(cell, int):
        raise TypeError(f"{what} must be a cell number from 0 to 80, not {cell!r}")
    if not 0 <= cell < 81:
        raise ValueError(f"{what} must be a cell number from 0 to 80, not {cell}")
    return cell


def unit_name(unit: int) -> str:
    """Name a unit for people: 'row 3', 'column 5' or 'box 9' (numbered from 1)."""
    if isinstance(unit, bool) or not isinstance(unit, int) or not 0 <= unit < 27:
        raise ValueError(f"a unit is numbered from 0 to 26, not {unit!r}")
    kind = ("row", "column", "box")[unit // 9]
    return f"{kind} {unit % 9 + 1}"


def a_digit(digit: int) -> str:
    """The digit with its article: 'a 7', 'an 8'."""
    if isinstance(digit, bool) or not isinstance(digit, int) or not 1 <= digit <= 9:
        raise ValueError(f"a digit is from 1 to 9, not {digit!r}")
    return f"{'an' if digit == 8 else 'a'} {digit}"


def cell_name(cell: int) -> str:
    """Name a cell in the usual r#c# notation, numbered from 1: 'r4c6'."""
    if isinstance(cell, bool) or not isinstance(cell, int) or not 0 <= cell < 81:
        raise ValueError(f"a cell is numbered from 0 to 80, not {cell!r}")
    return f"r{ROW_OF[cell] + 1}c{COL_OF[cell] + 1}"


def _where(row: int, col: int) -> str:
    return f"row {row + 1}, column {col + 1}"


def _read_cells(chars: str, row: int) -> list[int]:
    """Read the cell characters of one row; raise on anything that is not a cell."""
    cells = []
    for col, ch in enumerate(chars):
        if ch in EMPTY_CHARS:
            cells.append(0)
        elif "1" <= ch <= "9":
            cells.append(ord(ch) - 48)
        else:
            raise PuzzleFormatError(f"unexpected {ch!r} at {_where(row, col)}")
    return cells


def _first_bad(chars: str) -> int | None:
    """The index of the first character that is neither a digit nor an empty cell, if any."""
    return next(
        (i for i, ch in enumerate(chars) if ch not in EMPTY_CHARS and not "1" <= ch <= "9"),
        None,
    )


def _is_separator(line: str) -> bool:
    """A rule line such as '------+-------+------' or '=========' between bands of rows."""
    stripped = line.strip()
    if not stripped or set(stripped) - set("-+=|:*"):
        return False
    return "+" in stripped or "=" in stripped or stripped.count("-") != 9


def puzzle_texts(lines: Iterable[str]) -> Iterator[str]:
    """The puzzles in lines of text, each as `parse` reads it: a line of 81 cells, or nine
    lines of nine cells (a pasted grid; its rule lines and blank lines are left out; a short
    line after its first row is one of its rows, mistyped). A grid cut short is given as it
    is, for `parse` to say what is missing."""
    rows: list[str] = []
    for line in lines:
        line = line.rstrip("\r\n")
        if not line.strip() or _is_separator(line):
            continue
        if _is_row(line) or (rows and _is_short(line)):  # a grid's row, perhaps mistyped
            rows.append(line)
            if len(rows) == 9:
                yield "\n".join(rows)
                rows = []
            continue
        if rows:
            yield "\n".join(rows)
            rows = []
        yield line
    if rows:
        yield "\n".join(rows)


def _is_row(line: str) -> bool:
    """A line of nine cells, with or without '|' and spaces between them."""
    chars = [ch for ch in line if ch not in "|+ \t"]
    return len(chars) == 9 and all(ch in EMPTY_CHARS or "1" <= ch <= "9" for ch in chars)


def _is_short(line: str) -> bool:
    """A line too short for a puzzle of its own (at most two rows' worth of characters):
    inside a grid, a row with a typo in it."""
    return len([ch for ch in line if ch not in "|+ \t"]) <= 18


def parse(text: str) -> Grid:
    """Read a puzzle from an 81-character line or a pasted grid.

    Empty cells may be written '.', '0', '-', '_' or (on a single line) a space. A pasted grid
    may use '|' and spaces between cells and rule lines like '------+-------+------' between
    bands. Raises PuzzleFormatError naming what is wrong and where (TypeError if `text` is
    not a str).
    """
    if not isinstance(text, str):
        raise TypeError(f"parse() reads a str, not {type(text).__name__}")
    if len(text) > MAX_INPUT:
        raise PuzzleFormatError(f"the input is {len(text)} characters long; a puzzle needs 81")
    lines = [line.rstrip("\r") for line in text.strip("\r\n").split("\n")]
    lines = [line for line in lines if line.strip()]
    if not lines:
        raise PuzzleFormatError("the puzzle is empty: enter or paste 81 cells")
    if len(lines) == 1:
        return _parse_line(lines[0])
    return _parse_rows(lines)


def _parse_line(line: str) -> Grid:
    if len(line) != 81 or "|" in line:
        line = "".join(ch for ch in line if ch not in "|+ \t")
    if len(line) != 81:
        index = _first_bad(line)
        if index is not None:
            bad = line[index]
            if index < 81:
                raise PuzzleFormatError(f"unexpected {bad!r} at {_where(index // 9, index % 9)}")
            raise PuzzleFormatError(f"unexpected {bad!r} after {index} cells")
        raise PuzzleFormatError(f"expected 81 cells, found {len(line)}")
    cells: list[int] = []
    for row in range(9):
        cells += _read_cells(line[9 * row : 9 * row + 9], row)
    return tuple(cells)


def _parse_rows(lines: list[str]) -> Grid:
    rows = [line for line in lines if not _is_separator(line)]
    whole = sum(len("".join(ch for ch in row if ch not in "|+ \t")) == 81 for row in rows)
    if whole > 1:
        raise PuzzleFormatError(f"found {whole} puzzles (lines of 81 cells); give one at a time")
    if len(rows) != 9:
        raise PuzzleFormatError(f"found {len(rows)} rows, expected 9")
    cells: list[int] = []
    for row, line in enumerate(rows):
        chars = "".join(ch for ch in line if ch not in "|+ \t")
        if len(chars) != 9:
            col = _first_bad(chars)
            if col is not None and col < 9:
                raise PuzzleFormatError(f"unexpected {chars[col]!r} at {_where(row, col)}")
            if col is not None:
                raise PuzzleFormatError(
                    f"unexpected {chars[col]!r} in row {row + 1} after {col} cells"
                )
            raise PuzzleFormatError(f"row {row + 1} has {len(chars)} cells, expected 9")
        cells += _read_cells(chars, row)
    return tuple(cells)


def to_line(grid: Sequence[int], empty: str = ".") -> str:
    """The 81-character form of a grid, `empty` (one character) for each empty cell."""
    grid = check_grid(grid)
    if not isinstance(empty, str) or len(empty) != 1 or "1" <= empty <= "9":
        raise ValueError(f"empty must be one character other than 1-9, not {empty!r}")
    return "".join(str(d) if d else empty for d in grid)


def to_pretty(grid: Sequence[int]) -> str:
    """A grid drawn with rule lines between boxes, for terminals and plain text."""
    grid = check_grid(grid)
    out = []
    for r in range(9):
        if r in (3, 6):
            out.append("------+-------+------")
        cells = [str(d) if d else "." for d in grid[9 * r : 9 * r + 9]]
        out.append(" | ".join(" ".join(cells[i : i + 3]) for i in (0, 3, 6)))
    return "\n".join(out)


@dataclass(frozen=True)
class Conflict:
    """A digit that stands more than once in one unit."""

    digit: int
    unit: int
    cells: tuple[int, ...]

    def describe(self) -> str:
        """The conflict for people: '5 appears 2 times in row 1 (r1c1, r1c4)'."""
        where = ", ".join(cell_name(c) for c in self.cells)
        return f"{self.digit} appears {len(self.cells)} times in {unit_name(self.unit)} ({where})"


def conflicts(grid: Sequence[int]) -> list[Conflict]:
    """Every digit repeated within a row, column or box, in unit order."""
    grid = check_grid(grid)
    found = []
    for u, unit in enumerate(UNITS):
        digits = [grid[c] for c in unit if grid[c]]
        if len(set(digits)) == len(digits):  # the common case: no repeat, nothing to collect
            continue
        seen: dict[int, list[int]] = {}
        for c in unit:
            if grid[c]:
                seen.setdefault(grid[c], []).append(c)
        found += [Conflict(d, u, tuple(cs)) for d, cs in sorted(seen.items()) if len(cs) > 1]
    return found


def candidates(grid: Sequence[int], notes: Sequence[int] | None = None) -> list[int]:
    """Candidate masks: for a filled cell its own digit, else the digits no peer holds.

    With `notes` (81 masks, 0 for a cell without notes), an empty cell that has notes keeps
    only the noted digits among those.
    """
    grid = check_grid(grid)
    if notes is not None:
        notes = check_masks(notes)
    masks = []
    for c in CELLS:
        if grid[c]:
            masks.append(BIT[grid[c]])
        else:
            used = 0
            for p in PEERS[c]:
                used |= BIT[grid[p]]
            allowed = ALL & ~used
            if notes is not None and notes[c]:
                allowed &= notes[c]
            masks.append(allowed)
    return masks


def is_solution_of(solution: Grid, puzzle: Grid) -> bool:
    """True if solution is complete, breaks no rule and keeps every given of puzzle (a
    malformed puzzle is a TypeError or ValueError; a malformed solution is simply not one)."""
    puzzle = check_grid(puzzle, "puzzle")
    if not isinstance(solution, Sequence) or isinstance(solution, (str, bytes)):
        return False
    if len(solution) != 81 or any(not 1 <= d <= 9 for d in solution):
        return False
    if any(g and g != s for g, s in zip(puzzle, solution, strict=True)):
        return False
    return all(len({solution[c] for c in unit}) == 9 for unit in UNITS)
