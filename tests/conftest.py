"""Shared fixtures: puzzle samples from ../shared/data, and the Flask app with its test client."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from flask import Flask
from flask.testing import FlaskClient

from bench.data import missing, read_puzzles
from webapp import create_app


@pytest.fixture
def puzzle_sample() -> Callable[[str, int], list[str]]:
    """A function (filename, count) -> up to count puzzles from the data folder ($SUDOKU_DATA
    or ../shared/data), chosen with a fixed seed so runs repeat; skips the test, saying why,
    when the folder or file is missing."""

    def sample(filename: str, count: int) -> list[str]:
        if reason := missing(filename):
            pytest.skip(reason)
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
