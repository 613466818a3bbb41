"""The search behind the technique library's worked examples (bench/examples.py)."""

from __future__ import annotations

import pytest

from bench import examples as search
from webapp.sudoku import parse, worked_example
from webapp.sudoku.board import candidates
from webapp.sudoku.techniques.catalog import CATALOG
from webapp.sudoku.techniques.examples import (
    EXAMPLES,
    NO_PENCIL_MARKS,
    PRACTISE,
    PRACTISE_BASES,
    Base,
    Example,
)
from webapp.sudoku.walkthrough import CELL_NUMBERS, Moment, find_technique

# norvig_easy50 line 7: the hidden single (box) example was once its step 28, a 7 in r3c4
# that only a pointing at step 11 had left single in box 2.
LINE_7 = ".43.8.25.6.............1.949....4.7....6.8....1.2....382.5.............5.34.9.71."


def test_a_technique_that_needs_no_pencil_marks_is_shown_on_the_placed_digits_alone() -> None:
    found: dict[str, Example] = {}
    for _, name, example, _ in search.examples_in(("set", 7, LINE_7)):
        found.setdefault(name, example)  # each technique's best first
    for name in NO_PENCIL_MARKS & set(found):
        assert found[name].removed == "", name
    assert set(found) >= NO_PENCIL_MARKS  # looked for directly where the solve takes another
    assert found["Hidden single (box)"].step == 1  # the earliest step
    assert found["Claiming"].removed  # the others are shown wherever they are best


def test_only_with_keep_seeds_searches_those_examples_alone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fresh = Example("fresh", "", 1, "", "")
    monkeypatch.setattr(search, "find_examples", lambda jobs, scale: dict.fromkeys(EXAMPLES, fresh))
    monkeypatch.setattr(search, "find_direct_examples", lambda jobs, scale, wanted: {})
    monkeypatch.setattr(
        search.sys, "argv", ["examples.py", "--keep-seeds", "--only", "Naked single"]
    )
    written: list[dict[str, Example]] = []

    def write(
        examples: dict[str, Example],
        seeds: dict[str, tuple[int, ...]],
        bases: dict[str, tuple[Base, ...]],
    ) -> str:
        written.append(examples)
        return ""

    monkeypatch.setattr(search, "write", write)
    assert search.main() == 0
    assert written == [{**EXAMPLES, "Naked single": fresh}]


def test_the_stored_data_is_written_back_as_it_is() -> None:
    """What --write makes of the stored examples, seeds and known puzzles is the file itself
    (ruff format aside), so a run that finds nothing new changes nothing."""
    text = search.write(EXAMPLES, PRACTISE, PRACTISE_BASES)
    space: dict[str, object] = {"__name__": "written", "__package__": "webapp.sudoku.techniques"}
    exec(compile(text, str(search.TARGET), "exec"), space)
    assert space["EXAMPLES"] == EXAMPLES
    assert space["PRACTISE"] == PRACTISE and space["PRACTISE_BASES"] == PRACTISE_BASES


def test_the_grouped_aic_example_has_a_group() -> None:
    """Its page teaches group nodes; its example ran through an almost locked set alone."""
    found = worked_example("Grouped AIC")
    assert found is not None and search._ungrouped(found.moment.step) == 0


# Two examples the library once showed, whose moves an easier step makes at their position.
# The aligned pair exclusion removed 9 from r8c2, as the claiming of 9 in column 1 (box 7)
# does; the multi-colouring removed 8 from r2c7 along 8r2c4 = 8r1c6 - 8r5c6 = 8r5c3 - 8r9c3 =
# 8r9c7, an X-chain rated a tenth lower.
MADE_BY_EASIER = {
    "Aligned pair exclusion": Example(
        "norvig_top95.txt, line 2",
        "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
        5,
        "52...6.........7.131.......1..4..8..6......5...........418.........3..28.387.....",
        "9r2c1 2r6c1 7r6c1 9r6c1",
    ),
    "Multi-colouring": Example(
        "royle_17clue.txt, line 819",
        ".................1..2..3.4......52...1.....6.7..........3.8.5....52.....4..1....7",
        34,
        "..15...72..7..2.515.2713.4.....7521.21.3..76575..214.31.3.8.52...523.1..42.15..37",
        "6r1c6 6r2c4 4r4c2 9r4c3 8r6c3 6r7c4",
    ),
}


def _moment(name: str, example: Example) -> Moment:
    """The step of technique `name` at an example's position."""
    grid = parse(example.grid)
    cands = [0 if d else mask for d, mask in zip(grid, candidates(grid), strict=True)]
    for text in example.removed.split():
        cands[CELL_NUMBERS[text[1:]]] &= ~(1 << (int(text[0]) - 1))
    step = find_technique(grid, cands, CATALOG[name], puzzle=parse(example.puzzle))
    assert step is not None
    return Moment(step, grid, tuple(cands))


@pytest.mark.parametrize(
    ("name", "easier"), [("Aligned pair exclusion", "Claiming"), ("Multi-colouring", "X-chain")]
)
def test_an_easier_step_that_makes_an_examples_moves_is_found(name: str, easier: str) -> None:
    example = MADE_BY_EASIER[name]
    moment = _moment(name, example)
    found = search.made_by_easier(moment, parse(example.puzzle))
    assert found is not None and found.technique == easier
    assert set(moment.step.eliminations) <= set(found.eliminations)
    assert found.rating < moment.step.rating and not found.last_resort


@pytest.mark.parametrize("name", list(EXAMPLES))
def test_no_easier_step_makes_an_examples_moves(name: str) -> None:
    """A technique is shown where its step does what no easier one does (MADE_BY_EASIER were
    stored once)."""
    found = worked_example(name)
    assert found is not None
    assert search.made_by_easier(found.moment, parse(EXAMPLES[name].puzzle)) is None


@pytest.mark.parametrize("name", ["Aligned pair exclusion", "BUG type 3"])
def test_an_example_is_its_solves_own_step_where_a_solve_takes_it_first(name: str) -> None:
    """The aligned pair exclusion and BUG type 3 examples were shown where the solve took an
    easier step first (a pointing, a Swordfish); the calibration set's solves take them
    first (BUG type 4 is still shown where it applies: no solve searched takes it first; nor
    multi-colouring, since a colouring waits for the chains rated lower: its solve takes a
    6.7 X-chain there)."""
    found = worked_example(name)
    assert found is not None and found.easiest


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_an_example_marks_only_candidates_its_cells_hold(name: str) -> None:
    """A marked candidate a cell lacks is drawn as an empty dot: BUG type 3 marked both extra
    digits in both cells (a 5 in r9c6, which has none), naked triples and quads every digit of
    the set in every cell of it."""
    found = worked_example(name)
    assert found is not None
    cands = found.moment.cands
    missing = [(c, d) for c, d in found.moment.step.candidates if not cands[c] >> (d - 1) & 1]
    assert not missing, missing
