"""The Sudoku web app. `webapp.sudoku` is the engine; `webapp.app` builds the Flask app.

This file imports nothing, so `import webapp.sudoku` (or its command line) loads no Flask.
`create_app` is here for `gunicorn 'webapp:create_app()'` and `flask --app webapp`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from flask import Flask


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """Build the Flask app (see `webapp.app.create_app`); Flask is imported only now."""
    from .app import create_app as build

    return build(config)
