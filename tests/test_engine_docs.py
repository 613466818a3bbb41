"""`help(webapp.sudoku)` is the engine's manual: its example runs as written, and every public
name, and every public field helper of its classes, says what it is in its own words."""

from __future__ import annotations

import doctest
import inspect

import pytest

import webapp.sudoku as engine

PUBLIC = [getattr(engine, name) for name in engine.__all__]
CLASSES = [item for item in PUBLIC if inspect.isclass(item)]


def own_doc(item: object) -> str:
    """`item`'s docstring if it wrote one (not a dataclass's signature, nor one inherited)."""
    if inspect.isclass(item):
        doc = vars(item).get("__doc__") or ""
        return "" if doc.startswith(f"{item.__name__}(") else doc
    return getattr(item, "__doc__", None) or ""


def test_the_manuals_example_runs_as_written() -> None:
    result = doctest.testmod(engine, verbose=False)
    assert result.attempted >= 5
    assert result.failed == 0


@pytest.mark.parametrize(
    "name", [name for name in engine.__all__ if callable(getattr(engine, name))]
)
def test_every_public_class_and_function_has_its_own_docstring(name: str) -> None:
    assert own_doc(getattr(engine, name)).strip(), name


@pytest.mark.parametrize("cls", CLASSES, ids=lambda cls: cls.__name__)
def test_every_public_property_and_method_has_a_docstring(cls: type) -> None:
    missing = [
        name
        for name, value in vars(cls).items()
        if not name.startswith("_")
        and (isinstance(value, property) or inspect.isfunction(value))
        and not own_doc(value).strip()
    ]
    assert missing == [], f"{cls.__name__}: {missing}"
