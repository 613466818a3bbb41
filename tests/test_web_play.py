"""The game's buttons on plain states (webapp/play.py): every change is one undoable move, undo
and redo are exact inverses, the notes helpers, Check and rewind, the clock, starting play."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st
from puzzles import EASY, EASY_SOLUTION

from webapp import play
from webapp.sudoku import PEERS, parse
from webapp.urlstate import GameState, Mode, from_path

PUZZLE = parse(EASY)
SOLUTION = tuple(int(ch) for ch in EASY_SOLUTION)
FREE = [c for c in range(81) if not PUZZLE[c]]

contents = st.one_of(st.just(0), st.integers(1, 9), st.integers(10, 520))
typed_at_once = st.lists(st.tuples(st.sampled_from(FREE), contents), min_size=1, max_size=4)
edits = st.lists(typed_at_once, min_size=1, max_size=12)
few_edits = st.lists(typed_at_once, min_size=1, max_size=3)  # a history kept whole in the URL


def played(moves: list[list[tuple[int, int]]]) -> list[GameState]:
    """The states after each typed move, from the fresh puzzle."""
    states = [GameState(PUZZLE)]
    for move in moves:
        before = states[-1]
        states.append(play.typed(before, before.with_contents(dict(move).items())))
    return states


def board(state: GameState) -> tuple[tuple[int, ...], tuple[int, ...]]:
    return state.entries, state.notes


def cells_typed(before: GameState, after: GameState, move: list[tuple[int, int]]) -> set[int]:
    """The cells a typed move changed (each is a move of its own): typed with new content,
    and not left as they were (a note that a digit placed beside it took out again)."""
    typed = before.with_contents(dict(move).items())
    return {
        c
        for c in dict(move)
        if typed.content(c) != before.content(c) and after.content(c) != before.content(c)
    }


@given(few_edits)
def test_undo_walks_back_through_every_state_and_redo_forward(moves) -> None:
    states = played(moves)
    counts = [len(cells_typed(b, a, m)) for b, a, m in zip(states, states[1:], moves, strict=False)]
    state = states[-1]
    assert from_path(state.url) == state  # the history survives the URL
    for earlier, count in reversed(list(zip(states, counts, strict=False))):
        for _ in range(count):
            state = play.undo(state)
        assert board(state) == board(earlier)
    assert not state.history
    for later, count in zip(states[1:], counts, strict=True):
        for _ in range(count):
            state = play.redo(state)
        assert board(state) == board(later)
    assert not state.future


@given(few_edits)
def test_each_cell_typed_is_one_step_back(moves) -> None:
    """Cells that reach the server in one post (quick taps on a slow network) are still undone
    one at a time: each undo takes back one typed cell (and the notes its digit cleared)."""
    states = played(moves)
    last, before = states[-1], states[-2]
    changed = cells_typed(before, last, moves[-1])
    assert len(last.history) - len(before.history) == len(changed)
    state = last
    for _ in changed:
        undone = play.undo(state)
        assert len({c for c in changed if undone.content(c) != state.content(c)}) == 1
        state = undone
    assert board(state) == board(before)


def test_a_placed_digit_leaves_its_peers_notes() -> None:
    cell = FREE[0]
    digit = SOLUTION[cell]
    noted = play.fill_candidates(GameState(PUZZLE))
    peers_with = [p for p in PEERS[cell] if noted.notes[p] >> (digit - 1) & 1]
    assert peers_with
    after = play.typed(noted, noted.with_contents([(cell, digit)]))
    assert all(not after.notes[p] >> (digit - 1) & 1 for p in PEERS[cell])
    assert board(play.undo(after)) == board(noted)  # the notes come back in one undo


def test_fill_candidates_keeps_the_players_notes_and_is_one_move() -> None:
    mine = GameState(PUZZLE).with_contents([(FREE[0], 9 + 0b1)])
    filled = play.fill_candidates(mine)
    assert filled.notes[FREE[0]] == 0b1
    assert all(filled.notes[c] for c in FREE[1:])
    assert len(filled.history) == 1 and board(play.undo(filled)) == board(mine)


def test_check_and_rewind() -> None:
    wrong = SOLUTION[FREE[1]] % 9 + 1
    state = GameState(PUZZLE)
    for cell, digit in ((FREE[0], SOLUTION[FREE[0]]), (FREE[1], wrong), (FREE[2], 0)):
        if digit:
            state = play.typed(state, state.with_contents([(cell, digit)]))
    assert play.wrong_entries(state) == [FREE[1]]
    checked = play.check(state)
    assert checked.checked and checked.checks == 1
    rewound = play.rewind(state)
    assert rewound.entries[FREE[0]] == SOLUTION[FREE[0]] and not rewound.entries[FREE[1]]
    assert rewound.future and rewound.checks == 1


def test_the_clock_counts_between_moves_at_most_ten_minutes() -> None:
    state = GameState(PUZZLE, seconds=100)
    assert play.advance_clock(state, state, 1000, 1030).seconds == 130
    assert play.advance_clock(state, state, 1000, 1000 + 3600).seconds == 100 + play.IDLE_LIMIT
    paused = replace(state, paused=True)
    assert play.advance_clock(paused, paused, 1000, 1030).seconds == 100
    assert play.advance_clock(state, state, None, 1030).seconds == 100


def test_start_problems() -> None:
    assert play.start_problem((0,) * 81).anyway is False  # type: ignore[union-attr]
    clash = play.start_problem((5, 5) + (0,) * 79)
    assert clash and clash.anyway and "5 appears 2 times in row 1" in clash.text
    few = play.start_problem((1, 2, 3) + (0,) * 78)
    assert few and "more than one solution" in few.text
    assert play.start_problem(PUZZLE) is None


def test_starting_play_drops_only_what_sits_on_a_new_given() -> None:
    a, b = FREE[0], FREE[1]
    game = GameState(PUZZLE).with_contents([(a, 4)])
    game = play.typed(GameState(PUZZLE), game)
    game = play.typed(game, game.with_contents([(b, 9 + 0b11)]))
    editing = play.edit_givens(game)
    assert editing.mode is Mode.ENTER and editing.entries[a] == 4
    puzzle = list(PUZZLE)
    puzzle[a] = 7  # a given where the player had a 4
    started = play.start(replace(editing, puzzle=tuple(puzzle)))
    assert started.mode is Mode.PLAY and started.entries[a] == 0 and started.notes[b] == 0b11
    assert all(c != a for m in started.history for c, _ in m.changes)
    assert play.dropped_on_givens(replace(editing, puzzle=tuple(puzzle))) == [
        f"r{a // 9 + 1}c{a % 9 + 1} (your 4)"
    ]
