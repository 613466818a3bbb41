"""The URL codec: round trips, one canonical URL per state, and precise messages for bad input."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st
from puzzles import EASY

from webapp import play
from webapp.sudoku import parse
from webapp.urlstate import (
    BLANK,
    KEYS,
    MAX_HISTORY,
    MAX_SECONDS,
    GameState,
    Mode,
    Move,
    StateError,
    decode_cells,
    decode_moves,
    decode_notes,
    encode_cells,
    encode_moves,
    encode_notes,
    from_form,
    from_path,
    from_url,
    trim_history,
)

grids = st.lists(st.integers(0, 9), min_size=81, max_size=81).map(tuple)
sparse_grids = st.lists(
    st.sampled_from([0] * 8 + list(range(1, 10))), min_size=81, max_size=81
).map(tuple)


@st.composite
def moves(draw: st.DrawFn, puzzle: tuple[int, ...]) -> Move:
    """A move over cells the puzzle leaves empty: each with an empty, digit or notes content."""
    free = [c for c in range(81) if not puzzle[c]] or [0]
    cells = draw(st.lists(st.sampled_from(free), min_size=1, max_size=6, unique=True))
    contents = st.integers(0, 520)
    return Move(tuple((c, draw(contents)) for c in cells), draw(st.booleans()))


@st.composite
def states(draw: st.DrawFn) -> GameState:
    """Any state a URL can hold: every field, the history included (in enter mode, without
    what only play shows)."""
    puzzle = draw(sparse_grids)
    mode = draw(st.sampled_from(list(Mode)))
    raw = draw(sparse_grids)
    entries = tuple(0 if g and mode is Mode.PLAY else e for g, e in zip(puzzle, raw, strict=True))
    masks = draw(note_masks)
    notes = tuple(
        0 if e or (g and mode is Mode.PLAY) else m
        for g, e, m in zip(puzzle, entries, masks, strict=True)
    )
    on_cells = puzzle if mode is Mode.PLAY else BLANK
    if not any(c == 0 for c in on_cells):
        on_cells = BLANK
    history = tuple(draw(st.lists(moves(on_cells), max_size=8)))
    future = tuple(draw(st.lists(moves(on_cells), max_size=4)))
    playing = mode is Mode.PLAY  # a hint, a check, a digit highlighted, a pause: play only
    level = draw(st.integers(0, 3)) if playing else 0
    return GameState(
        puzzle,
        entries,
        mode,
        draw(st.booleans()),
        notes,
        draw(st.integers(0, 80)) if level else None,
        level,
        draw(st.sampled_from(["", "hard-1234", "easy-0"])),
        notes_mode=draw(st.booleans()),
        digit=draw(st.integers(0, 9)) if playing else 0,
        checked=draw(st.booleans()) and playing,
        checks=draw(st.integers(0, 9999)),
        hints=draw(st.integers(0, 9999)),
        mistakes=draw(st.booleans()),
        timer=draw(st.booleans()),
        paused=draw(st.booleans()) and playing,
        seconds=draw(st.integers(0, MAX_SECONDS)),
        history=history,
        future=future,
    )


def query_args(url: str) -> tuple[str, str, dict[str, list[str]]]:
    """Split a canonical state URL into (version, puzzle, args) as the route sees them."""
    path, _, query = url.partition("?")
    _, _, version, puzzle = path.split("/")
    args: dict[str, list[str]] = {}
    for pair in filter(None, query.split("&")):
        key, _, value = pair.partition("=")
        args.setdefault(key, []).append(value)
    return version, puzzle, args


def test_encoding_examples() -> None:
    assert encode_cells(BLANK) == "zzzc"
    assert encode_cells((5,) + (0,) * 79 + (9,)) == "5zzza9"
    assert encode_cells(parse(EASY)) == "b3a2a6b9b3a5b1b18a64d81a29b7g8b67a82d26a95b8b2a3b9b5a1a3b"


@given(grids)
def test_cells_round_trip(grid: tuple[int, ...]) -> None:
    text = encode_cells(grid)
    assert decode_cells(text, "the puzzle") == grid
    assert len(text) <= 81
    assert text.isalnum() and text.isascii()


def test_plain_81_characters_decode() -> None:
    assert decode_cells(EASY, "the puzzle") == parse(EASY)
    assert decode_cells(EASY.replace(".", "0"), "the puzzle") == parse(EASY)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("12x", "describes 26 cells; a Sudoku has 81"),
        ("5" * 80, "describes 80 cells"),
        ("5" * 82, "runs past 81 cells at character 82"),
        ("zzzd", "runs past 81 cells at character 4"),
        ("zzz!", "has '!' at character 4"),
        ("zzzC", "has 'C' at character 4"),
        ("", "describes 0 cells"),
        ("1" * 500, "is 500 characters long"),
    ],
)
def test_bad_cells_say_what_and_where(text: str, message: str) -> None:
    with pytest.raises(StateError, match=message):
        decode_cells(text, "the puzzle")


@given(states())
def test_state_url_round_trip(state: GameState) -> None:
    url = state.url
    assert from_path(url) == state
    if url == "/":
        assert state == GameState(mode=Mode.ENTER)
        return
    assert from_url(*query_args(url)) == state
    assert len(url) <= 6 + 81 + 3 + 81 + 4 + 162 + 200 + 2 * 3 * 8 * 6


@given(states())
def test_challenge_url_is_the_puzzle_from_the_start_with_its_seed(state: GameState) -> None:
    assert state.challenge_url == GameState(state.puzzle, origin=state.origin).url


@given(states())
def test_share_url_is_the_state_without_its_history_or_the_sharers_view(
    state: GameState,
) -> None:
    """It kept an open hint, the solution shown, a pause: the friend landed on them."""
    shared = from_path(state.share_url)
    assert shared == replace(
        state,
        history=(),
        future=(),
        solve=False,
        cell=None,
        hint=0,
        digit=0,
        checked=False,
        paused=False,
    )
    assert not {"h", "r"} & set(query_args(state.share_url)[2]) if state.share_url != "/" else True


@given(st.lists(moves(BLANK), max_size=30))
def test_moves_round_trip(made: list[Move]) -> None:
    text = encode_moves(made)
    assert decode_moves(text, "h") == tuple(made)
    assert len(text) == sum(m.size for m in made)
    assert all(ch.isalnum() or ch in "-_~" for ch in text)


def test_moves_encoding_examples() -> None:
    # r1c2 (cell 1) back to empty: (1 * 521 + 0) * 2 = 1042 = 16 * 64 + 18 -> "0", "G", "I"
    assert encode_moves([Move(((1, 0),))]) == "0GI"
    # a hint's move of two cells: a digit 4 in r1c1, notes {1, 2} (9 + 3) in r9c9
    assert encode_moves([Move(((0, 4), (80, 12)), hint=True)]) == "~009" + "KMu"
    assert decode_moves("~009KMu", "h") == (Move(((0, 4), (80, 12)), True),)


def test_history_is_trimmed_from_the_oldest_move() -> None:
    made = tuple(Move(((c, 0),)) for c in range(81)) * 6  # 486 moves of 3 characters
    kept = trim_history(made)
    assert len(encode_moves(kept)) <= MAX_HISTORY and kept == made[-len(kept) :]
    assert len(kept) == MAX_HISTORY // 3


def test_canonical_urls() -> None:
    puzzle = parse(EASY)
    entries = (0, 4) + (0,) * 79
    assert GameState(mode=Mode.ENTER).url == "/"
    path = "/p/v1/b3a2a6b9b3a5b1b18a64d81a29b7g8b67a82d26a95b8b2a3b9b5a1a3b"
    assert GameState(puzzle).url == path
    assert GameState(puzzle, entries, solve=True).url.endswith("?e=a4zzza&solve=1")
    assert GameState(puzzle, mode=Mode.ENTER).url.endswith("?mode=enter")
    assert GameState(BLANK).url == "/p/v1/zzzc"


def test_from_url_defaults_and_unknown_keys() -> None:
    state = from_url("v1", EASY, {"utm_source": ["x"], "solve": ["0"], "mode": ["play"]})
    assert state == GameState(parse(EASY))


@pytest.mark.parametrize(
    ("version", "args", "message"),
    [
        ("v2", {}, "format 'v2', but this site reads 'v1' links"),
        ("v1", {"e": ["1"]}, r"the entries field \(e=\) describes 1 cell;"),
        ("v1", {"e": ["a", "b"]}, "e= appears 2 times"),
        ("v1", {"solve": ["yes"]}, "solve= must be 1"),
        ("v1", {"mode": ["edit"]}, "mode= must be 'play' or 'enter'"),
        ("v1", {"e": ["b2" + "zzz"]}, r"put a 2 in r1c3, which already holds the given 3"),
        ("v1", {"t": ["12s"]}, r"the time played \(t=\) must be a number from 0 to"),
        ("v1", {"t": ["\u00b2"]}, r"the time played \(t=\) must be a number"),
        ("v1", {"hint": ["\u00b2"]}, r"the hint level \(hint=\) must be a number from 1 to 3"),
        ("v1", {"g": ["hard-\u2460"]}, r"the puzzle's seed \(g=\) must be a level and a number"),
        ("v1", {"d": ["10"]}, r"the digit highlighted \(d=\) must be a number from 0 to 9"),
        ("v1", {"checks": ["-1"]}, r"the checks used \(checks=\) must be a number"),
        ("v1", {"hints": ["x"]}, r"the hints used \(hints=\) must be a number"),
        ("v1", {"notes": ["on"]}, "notes= must be 1"),
        ("v1", {"pause": ["2"]}, "pause= must be 1"),
        ("v1", {"timer": ["off"]}, "timer= must be 0 to hide the clock"),
        ("v1", {"h": ["00"]}, r"the history \(h=\) has '00' at character 1"),
        ("v1", {"r": ["0!0"]}, r"the history \(r=\) has '0!0' at character 1"),
        ("v1", {"h": ["001"]}, r"the history \(h=\) ends in the middle of a move"),
        ("v1", {"h": ["~"]}, r"the history \(h=\) ends in the middle of a move"),
        ("v1", {"h": ["___"]}, r"the history \(h=\) names cell 252 at character 1"),
        ("v1", {"h": ["0Wa"]}, r"the history \(h=\) changes r1c3, which holds a given"),
        ("v1", {"h": ["0" * 1300]}, r"the history \(h=\) is 1300 characters long"),
        ("v1", {"h": ["0GI" * 233], "r": ["0GI" * 233]}, r"at most 1200 characters together"),
    ],
)
def test_bad_urls_say_what(version: str, args: dict[str, list[str]], message: str) -> None:
    with pytest.raises(StateError, match=message):
        from_url(version, EASY, args)


def test_enter_mode_keeps_entries_and_notes_even_under_givens() -> None:
    """Editing the givens keeps the player's work aside, even where a given now stands."""
    entries = (0, 0, 1) + (0,) * 78  # r1c3 holds the given 3 in EASY
    notes = (0, 0, 0, 0, 0b11) + (0,) * 76  # r1c5 holds the given 2
    state = GameState(parse(EASY), entries, Mode.ENTER, notes=notes)
    assert from_url(*query_args(state.url)) == state
    with pytest.raises(StateError, match="put a 1 in r1c3, which already holds the given 3"):
        GameState(parse(EASY), entries)


def test_bad_entries_offer_the_puzzle_alone() -> None:
    with pytest.raises(StateError) as caught:
        from_url("v1", EASY, {"e": ["b2" + "zzz"]})
    assert caught.value.fallback == GameState(parse(EASY)).url


@pytest.mark.parametrize(
    ("wrong", "left"),
    [
        ({"t": ["-1"]}, {}),  # one bad setting: the rest of the game stays
        ({"hint": ["4"]}, {}),
        ({"cell": ["r0c0"]}, {}),
        ({"mistakes": ["true"]}, {}),
        ({"g": ["mdium-42"]}, {}),
        ({"mode": ["Play"]}, {}),
        ({"t": ["5", "5"]}, {"t": ["5"]}),  # a link pasted twice: each key once
        ({"e": ["b2zzz"]}, {}),  # broken entries: the notes, clock and settings stay
    ],
)
def test_a_wrong_part_of_a_link_offers_the_rest_of_it(
    wrong: dict[str, list[str]], left: dict[str, list[str]]
) -> None:
    state = GameState(
        parse(EASY), (4,) + (0,) * 80, notes=(0, 0b101) + (0,) * 79, mistakes=True, seconds=75
    )
    args = {**query_args(state.url)[2], **wrong}
    with pytest.raises(StateError) as caught:
        from_url("v1", encode_cells(state.puzzle), args)
    kept = {**{k: v for k, v in args.items() if k not in wrong}, **left}
    assert caught.value.fallback == from_url("v1", encode_cells(state.puzzle), kept).url
    assert from_path(caught.value.fallback).notes == state.notes


def test_a_link_that_came_out_of_html_with_amp_between_its_parts_is_read() -> None:
    state = GameState(parse(EASY), (4,) + (0,) * 80, notes=(0, 0b101) + (0,) * 79, seconds=75)
    assert from_path(state.url.replace("&", "&amp;")) == state


def test_a_link_whose_equals_signs_were_escaped_is_read() -> None:
    """Some mail programs write '=' as '%3D': the key swallowed its value, and the player's
    digits, notes and clock were dropped without a word."""
    state = GameState(parse(EASY), (4,) + (0,) * 80, notes=(0, 0b101) + (0,) * 79, seconds=75)
    assert from_path(state.url.replace("=", "%3D")) == state
    assert from_path(state.url.replace("=", "%3d").replace("&", "&amp;")) == state


def test_keys_name_every_key_a_state_url_writes() -> None:
    """What `_mended` may leave out: every key of a state with everything set."""
    state = GameState(parse(EASY), (4,) + (0,) * 80, notes=(0, 0b101) + (0,) * 79)
    for cell, digit in ((3, 9), (5, 1)):
        state = play.typed(state, state.with_contents([(cell, digit)]))
    state = replace(
        play.undo(state),  # h= and r=
        solve=True,
        cell=3,
        hint=2,
        origin="easy-42",
        notes_mode=True,
        digit=4,
        checked=True,
        checks=1,
        hints=2,
        mistakes=True,
        timer=False,
        paused=True,
        seconds=75,
    )
    written = set(query_args(state.url)[2])
    assert written == set(KEYS) - {"mode"}
    assert "mode" in query_args(replace(state, mode=Mode.ENTER).url)[2]


def form(**fields: str) -> dict[str, list[str]]:
    return {key: [value] for key, value in fields.items()}


EASY_STATE = GameState(parse(EASY))
ENTER_SOLVE = GameState(mode=Mode.ENTER, solve=True).url


def test_form_in_play_mode_reads_entries() -> None:
    posted = from_form(form(v="1", state=EASY_STATE.url, c0="4", c1=" 8 ", ts="1700000000"))
    assert posted.bad == {}
    assert posted.state.entries[:3] == (4, 8, 0)
    assert posted.state.puzzle == parse(EASY)
    assert posted.previous == EASY_STATE and posted.shown_at == 1_700_000_000


def test_form_in_enter_mode_reads_givens() -> None:
    posted = from_form(form(v="1", state=ENTER_SOLVE, c80="7", c3="0", c4="."))
    assert posted.state == GameState((0,) * 80 + (7,), mode=Mode.ENTER, solve=True)


def test_form_reports_non_digits_per_cell() -> None:
    posted = from_form(form(v="1", state="/", c5="x", c6="12", c7="5"))
    assert posted.bad == {5: "x", 6: "12"}
    assert posted.state.puzzle[7] == 5


def test_form_notes_mode_one_new_digit_is_a_note() -> None:
    """Without JavaScript, in notes mode a digit typed into an empty cell is a note; a digit
    the cell already held stays an entry; 0 clears a cell and its notes."""
    shown = GameState(parse(EASY), (4,) + (0,) * 80, notes=(0, 0b1) + (0,) * 79)
    posted = from_form(form(v="1", state=shown.url, notes="1", c0="4", c1="0", c3="7", n1="1"))
    assert posted.state.notes_mode
    assert posted.state.entries[0] == 4 and posted.state.notes[3] == 1 << 6
    assert posted.state.notes[1] == 0 and posted.state.entries[3] == 0


def test_form_reads_settings_only_when_the_form_has_them() -> None:
    shown = GameState(parse(EASY), mistakes=True)
    assert from_form(form(v="1", state=shown.url)).state.mistakes
    posted = from_form(form(v="1", state=shown.url, settings="1", timer="1"))
    assert not posted.state.mistakes and posted.state.timer
    posted = from_form(form(v="1", state=shown.url, settings="1"))
    assert not posted.state.timer


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"state": "/"}, "v=1"),
        ({"v": "2", "state": "/"}, "v=1"),
        ({"v": "1"}, r"missing the state it was made from \(state\)"),
        ({"v": "1", "state": "/p/v1/zz"}, r"the puzzle describes 52 cells"),
        ({"v": "1", "state": "/elsewhere"}, "the state must be a link like /p/v1/<puzzle>"),
        ({"v": "1", "state": "/p/v1/zzzc?mode=sideways"}, "mode= must be"),
        ({"v": "1", "state": EASY_STATE.url, "c2": "5"}, "r1c3 holds a given"),
    ],
)
def test_malformed_forms_raise(fields: dict[str, str], message: str) -> None:
    with pytest.raises(StateError, match=message):
        from_form(form(**fields))


note_masks = st.lists(st.one_of(st.just(0), st.integers(1, 511)), min_size=81, max_size=81).map(
    tuple
)


@given(note_masks)
def test_notes_round_trip(notes: tuple[int, ...]) -> None:
    text = encode_notes(notes)
    assert decode_notes(text) == notes
    assert len(text) <= 162


def test_notes_encoding_examples() -> None:
    assert encode_notes((0,) * 81) == "ZZZC"
    one = (0b11,) + (0,) * 80  # 1 and 2 in r1c1
    assert encode_notes(one) == "03ZZZB"
    assert encode_notes((0,) * 80 + (511,)) == "ZZZBfv"


@given(sparse_grids, note_masks, st.integers(0, 80), st.integers(0, 3))
def test_state_with_notes_and_hint_round_trips(
    puzzle: tuple[int, ...], raw: tuple[int, ...], cell: int, level: int
) -> None:
    notes = tuple(0 if g else m for g, m in zip(puzzle, raw, strict=True))
    state = GameState(puzzle, notes=notes, cell=cell if level else None, hint=level)
    assert from_url(*query_args(state.url)) == state


EMPTY = EASY.index(".")  # a cell the puzzle leaves empty


@pytest.mark.parametrize(
    "change",
    [
        {"entries": tuple(4 if c == EMPTY else 0 for c in range(81))},
        {"notes": tuple(0b101 if c == EMPTY else 0 for c in range(81))},
        {"history": (Move(((EMPTY, 4),)),)},
        {"future": (Move(((EMPTY, 4),)),)},
        {"hints": 1},
        {"checks": 1},
        {"seconds": 1},
    ],
)
def test_a_game_is_at_its_start_until_the_player_does_anything(change: dict) -> None:
    """The record counts only games begun in the browser: shown before anything was done."""
    start = GameState(parse(EASY))
    assert start.at_start
    assert replace(start, mistakes=True, timer=False, paused=True).at_start  # settings alone
    assert not replace(start, **change).at_start
