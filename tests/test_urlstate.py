"""The URL codec: round trips, one canonical URL per state, and precise messages for bad input."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from puzzles import EASY

from webapp.sudoku import parse
from webapp.urlstate import (
    BLANK,
    GameState,
    Mode,
    StateError,
    decode_cells,
    decode_notes,
    encode_cells,
    encode_notes,
    from_form,
    from_url,
)

grids = st.lists(st.integers(0, 9), min_size=81, max_size=81).map(tuple)
sparse_grids = st.lists(
    st.sampled_from([0] * 8 + list(range(1, 10))), min_size=81, max_size=81
).map(tuple)


@st.composite
def states(draw: st.DrawFn) -> GameState:
    puzzle = draw(sparse_grids)
    mode = draw(st.sampled_from(list(Mode)))
    entries = BLANK
    if mode is Mode.PLAY:
        raw = draw(sparse_grids)
        entries = tuple(0 if g else e for g, e in zip(puzzle, raw, strict=True))
    return GameState(puzzle, entries, mode, draw(st.booleans()))


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
    if url == "/":
        assert state == GameState(mode=Mode.ENTER)
        return
    assert from_url(*query_args(url)) == state
    assert len(url) <= 6 + 81 + 3 + 81 + 20


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
        ("v1", {"e": ["1zzzb"], "mode": ["enter"]}, "entries .* belong to play mode"),
    ],
)
def test_bad_urls_say_what(version: str, args: dict[str, list[str]], message: str) -> None:
    with pytest.raises(StateError, match=message):
        from_url(version, EASY, args)


def test_bad_entries_offer_the_puzzle_alone() -> None:
    with pytest.raises(StateError) as caught:
        from_url("v1", EASY, {"e": ["b2" + "zzz"]})
    assert caught.value.fallback == GameState(parse(EASY)).url


def form(**fields: str) -> dict[str, list[str]]:
    return {key: [value] for key, value in fields.items()}


def test_form_in_play_mode_reads_entries() -> None:
    posted = from_form(form(v="1", mode="play", p=encode_cells(parse(EASY)), c0="4", c1=" 8 "))
    assert posted.bad == {}
    assert posted.state.entries[:3] == (4, 8, 0)
    assert posted.state.puzzle == parse(EASY)


def test_form_in_enter_mode_reads_givens() -> None:
    posted = from_form(form(v="1", mode="enter", c80="7", c3="0", c4=".", solve="1"))
    assert posted.state == GameState((0,) * 80 + (7,), mode=Mode.ENTER, solve=True)


def test_form_reports_non_digits_per_cell() -> None:
    posted = from_form(form(v="1", mode="enter", c5="x", c6="12", c7="5"))
    assert posted.bad == {5: "x", 6: "12"}
    assert posted.state.puzzle[7] == 5


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"mode": "play"}, "v=1"),
        ({"v": "2", "mode": "play"}, "v=1"),
        ({"v": "1", "mode": "play"}, r"missing the puzzle \(p\)"),
        ({"v": "1", "mode": "play", "p": "zz"}, r"the puzzle \(p\) describes 52 cells"),
        ({"v": "1", "mode": "sideways"}, "mode= must be"),
        ({"v": "1", "mode": "play", "p": EASY, "c2": "5"}, "r1c3 holds a given"),
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
