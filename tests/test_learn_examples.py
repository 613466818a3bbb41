"""The search behind the technique library's worked examples (bench/examples.py)."""

from __future__ import annotations

import pytest

from bench import examples as search
from webapp.sudoku import worked_example
from webapp.sudoku.techniques.examples import EXAMPLES, NO_PENCIL_MARKS, Example

# norvig_easy50 line 7: the hidden single (box) example was once its step 28, a 7 in r3c4
# that only a pointing at step 11 had left single in box 2.
LINE_7 = ".43.8.25.6.............1.949....4.7....6.8....1.2....382.5.............5.34.9.71."


def test_a_technique_that_needs_no_pencil_marks_is_shown_on_the_placed_digits_alone() -> None:
    found = {name: example for _, name, example in search.examples_in(("set", 7, LINE_7))}
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

    def write(examples: dict[str, Example], seeds: dict[str, tuple[int, ...]]) -> str:
        written.append(examples)
        return ""

    monkeypatch.setattr(search, "write", write)
    assert search.main() == 0
    assert written == [{**EXAMPLES, "Naked single": fresh}]


def test_the_grouped_aic_example_has_a_group() -> None:
    """Its page teaches group nodes; its example ran through an almost locked set alone."""
    found = worked_example("Grouped AIC")
    assert found is not None and search._ungrouped(found.moment.step) == 0
