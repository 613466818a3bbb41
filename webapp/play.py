"""What the game's buttons do to a state: typing, undo and redo, the notes helpers, Check,
the timer, and starting play from typed-in givens.

Plain Python (no Flask): each function takes a GameState and returns the next one. Every change
to the player's cells is recorded as one undoable move (`record`), so undo and redo work the
same for typing, hints, "Fill in candidates" and "Clear my entries".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from .enginepool import EnginePool
from .remembered import Remembered
from .sudoku import (
    CELLS,
    PEERS,
    WEB_BUDGET,
    Grid,
    Outcome,
    Verdict,
    candidates,
    cell_name,
    conflicts,
    count_solutions,
)
from .urlstate import BLANK, MAX_SECONDS, NO_NOTES, GameState, Mode, Move, trim_history

IDLE_LIMIT = 600  # seconds between two moves counted at most: a tab left open adds no hours


REMEMBERED = 256  # puzzles whose solving a process remembers
_outcomes: Remembered[Grid, Outcome] = Remembered(REMEMBERED)


def outcome(puzzle: Grid) -> Outcome:
    """What the solver finds in `puzzle` (up to two solutions, within the web's node budget,
    so every worker agrees), remembered."""
    return _outcomes.answer(puzzle, count_solutions, puzzle, 2, budget=WEB_BUDGET)


def solve_in(engine: EnginePool, puzzle: Grid) -> None:
    """Have the engine solve `puzzle` if this process does not remember it solved: then
    showing the solution or marking wrong entries is quick work, done here."""
    _outcomes.answer(puzzle, engine.run, outcome, puzzle)


def solution(puzzle: Grid) -> Grid | None:
    """The puzzle's solution when it has exactly one, else None."""
    found = outcome(puzzle)
    return found.solution if found.verdict is Verdict.UNIQUE else None


def wrong_entries(state: GameState) -> list[int]:
    """The cells whose entry differs from the solution (none when there is no one solution)."""
    solved = solution(state.puzzle)
    if solved is None or state.mode is not Mode.PLAY:
        return []
    return [c for c in CELLS if state.entries[c] and state.entries[c] != solved[c]]


def is_solved(state: GameState) -> bool:
    """Every cell holds a digit and no rule is broken."""
    return state.mode is Mode.PLAY and all(state.grid) and not conflicts(state.grid)


def record(before: GameState, after: GameState, hint: bool = False) -> GameState:
    """`after`, with the cells that changed since `before` added to the history as one move
    (the redo list is dropped, as in every editor); no change, no move."""
    changes = tuple((c, before.content(c)) for c in CELLS if before.content(c) != after.content(c))
    if not changes:
        return after
    history = trim_history((*before.history, Move(changes, hint)))
    return replace(after, history=history, future=(), checked=False)


def typed(before: GameState, after: GameState, order: Sequence[int] = ()) -> GameState:
    """What the player typed since the page was made, one move per cell typed in (taps that
    reach the server in one post, on a slow network, stay apart for Undo), in `order` (the
    order they were typed, as the page knows it; other cells after, in reading order). A
    digit newly placed takes itself out of the notes of its row, column and box, in its move."""
    if after.mode is not Mode.PLAY:
        return after
    notes = list(after.notes)
    for c in CELLS:
        digit = after.entries[c]
        if digit and digit != before.entries[c]:
            for p in PEERS[c]:
                notes[p] &= ~(1 << (digit - 1))
    target = replace(after, notes=tuple(notes))
    pairs = zip(before.entries, after.entries, before.notes, after.notes, strict=True)
    touched = [c for c, (e0, e1, n0, n1) in enumerate(pairs) if e0 != e1 or n0 != n1]
    if len(touched) < 2:  # one tap (the usual post): its move is everything that changed
        return record(before, target)
    if order:
        place = {cell: n for n, cell in enumerate(order)}
        touched.sort(key=lambda c: place.get(c, len(order) + c))
    state, taken = before, set(touched)
    for c in touched:
        cells = [c]
        if target.entries[c] and target.entries[c] != before.entries[c]:  # the notes it clears
            cells += [p for p in PEERS[c] if p not in taken and notes[p] != before.notes[p]]
            taken.update(cells)
        state = record(state, state.with_contents((p, target.content(p)) for p in cells))
    return replace(target, history=state.history, future=state.future, checked=state.checked)


def _swap(state: GameState, move: Move) -> tuple[GameState, Move]:
    """Put the move's contents in place; returns the state and the move that puts them back."""
    back = Move(tuple((c, state.content(c)) for c, _ in move.changes), move.hint)
    return state.with_contents(move.changes), back


def undo(state: GameState) -> GameState:
    """Take back the last move (it can be redone); not while the solution is shown, which
    hides what it would change."""
    if not state.history or state.solve:
        return state
    state, back = _swap(state, state.history[-1])
    return replace(
        state, history=state.history[:-1], future=(back, *state.future), checked=False, hint=0
    )


def redo(state: GameState) -> GameState:
    """Make again the move undone last (not while the solution is shown, as `undo`)."""
    if not state.future or state.solve:
        return state
    state, back = _swap(state, state.future[0])
    return replace(
        state, history=(*state.history, back), future=state.future[1:], checked=False, hint=0
    )


def rewind(state: GameState) -> GameState:
    """Undo until no entry is wrong: back to the last correct position the history holds
    (every move stays redoable). Counts as a check, and shows its marks."""
    checked = replace(state, checks=state.checks + 1)
    rewound = checked
    while wrong_entries(rewound) and rewound.history:
        rewound = undo(rewound)
    if wrong_entries(rewound):  # the history does not reach back far enough
        return replace(checked, checked=True)
    return replace(rewound, checked=True)


def check(state: GameState) -> GameState:
    """Mark the wrong entries (the page says how many, never which digit is right)."""
    return replace(state, checked=True, checks=state.checks + 1, hint=0)


def fill_candidates(state: GameState) -> GameState:
    """Notes in every empty cell that has none: the digits no peer holds (the player's own
    notes are kept). One move, so it can be undone."""
    masks = candidates(state.grid)
    notes = tuple(
        mask or (0 if digit else cand)
        for mask, digit, cand in zip(state.notes, state.grid, masks, strict=True)
    )
    return record(state, replace(state, notes=notes, hint=0))


def clear(state: GameState) -> GameState:
    """Play: the player's entries and notes taken out (one move, so it can be undone).
    Enter: an empty grid of givens (the player's entries stay aside)."""
    if state.mode is Mode.ENTER:
        return replace(state, puzzle=BLANK, solve=False)
    return record(state, replace(state, entries=BLANK, notes=NO_NOTES, hint=0, solve=False))


def advance_clock(before: GameState, state: GameState, shown_at: int | None, now: int) -> GameState:
    """Add the time since the page showing `before` was made (at most IDLE_LIMIT) to the time
    played, unless that game was paused, solved, not in play, or showing the solution."""
    if shown_at is None or before.paused or before.solve or before.mode is not Mode.PLAY:
        return state
    if is_solved(before):
        return state
    spent = min(max(now - shown_at, 0), IDLE_LIMIT)
    seconds = min(state.seconds + spent, MAX_SECONDS)
    return replace(state, seconds=seconds) if seconds != state.seconds else state


def edit_givens(state: GameState) -> GameState:
    """Enter mode on the same puzzle; the player's entries, notes and history are kept aside
    for when play starts again."""
    return replace(
        state,
        mode=Mode.ENTER,
        solve=False,
        hint=0,
        cell=None,
        origin="",
        digit=0,
        checked=False,
        paused=False,
    )


@dataclass(frozen=True)
class Problem:
    """Why typed-in givens should not start a game yet, and whether "Play anyway" makes sense."""

    text: str
    anyway: bool


def start_problem(puzzle: Grid) -> Problem | None:
    """What is wrong with starting play on `puzzle`: no givens, clashing givens, or not exactly
    one solution (within the web's budget); None when it is a proper puzzle."""
    filled = sum(1 for d in puzzle if d)
    if not filled:
        return Problem("The grid is empty: type in the givens, paste a puzzle, or pick one.", False)
    found = conflicts(puzzle)
    if found:
        return Problem(f"The givens break a rule: {found[0].describe()}.", True)
    outcome = count_solutions(puzzle, 2, budget=WEB_BUDGET)
    if outcome.verdict is Verdict.MULTIPLE:
        return Problem(
            f"With {filled} given{'s' if filled != 1 else ''} this puzzle has more than one "
            "solution, so no single answer can be checked. Add givens, or play it anyway.",
            True,
        )
    if outcome.verdict is Verdict.NO_SOLUTION:
        return Problem(f"This puzzle has no solution: {outcome.reason}.", True)
    if outcome.verdict is Verdict.GAVE_UP:
        return Problem(
            "The solver could not tell in time whether this puzzle has one solution.", True
        )
    return None


def start(state: GameState) -> GameState:
    """Play the typed-in givens: the player's entries and notes come back, except where a
    given now stands (their moves leave the history too)."""
    puzzle = state.puzzle
    entries = tuple(0 if g else e for g, e in zip(puzzle, state.entries, strict=True))
    notes = tuple(0 if g else m for g, m in zip(puzzle, state.notes, strict=True))

    def kept(moves: tuple[Move, ...]) -> tuple[Move, ...]:
        out = (Move(tuple((c, x) for c, x in m.changes if not puzzle[c]), m.hint) for m in moves)
        return tuple(m for m in out if m.changes)

    return replace(
        state,
        mode=Mode.PLAY,
        entries=entries,
        notes=notes,
        history=kept(state.history),
        future=kept(state.future),
        solve=False,
    )


def dropped_on_givens(state: GameState) -> list[str]:
    """In enter mode: the player's entries and notes that sit where a given now stands, as
    'r1c1 (your 4)' (they are dropped when play starts)."""
    out = []
    for c in CELLS:
        if state.puzzle[c] and state.entries[c]:
            out.append(f"{cell_name(c)} (your {state.entries[c]})")
        elif state.puzzle[c] and state.notes[c]:
            out.append(f"{cell_name(c)} (your notes)")
    return out
