"""Shared fixtures: puzzle samples from ../shared/data, and the Flask app with its test client."""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from webapp import create_app

DATA = Path(os.environ.get("SUDOKU_DATA", Path(__file__).resolve().parents[2] / "shared" / "data"))


def read_puzzles(filename: str) -> list[str]:
    """The puzzle lines of a data file (first column of a .tsv), without blanks or comments."""
    lines = (DATA / filename).read_text().splitlines()
    rows = (line.split("\t")[0].strip() for line in lines if line.strip())
    return [row for row in rows if not row.startswith("#") and len(row) == 81]


@pytest.fixture
def puzzle_sample() -> Callable[[str, int], list[str]]:
    """A function (filename, count) -> up to count puzzles from ../shared/data, chosen with a
    fixed seed so runs repeat; skips the test when the data folder or file is missing."""

    def sample(filename: str, count: int) -> list[str]:
        if not (DATA / filename).is_file():
            pytest.skip(f"no puzzle file {DATA / filename}")
        puzzles = read_puzzles(filename)
        if len(puzzles) <= count:
            return puzzles
        return random.Random(f"{filename}:{count}").sample(puzzles, count)

    return sample


@pytest.fixture
def app() -> Flask:
    """A fresh app in testing mode, making new puzzles on demand (no background pool)."""
    return create_app({"TESTING": True, "SEED_POOL": 0})


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """A test client for the app."""
    return app.test_client()
