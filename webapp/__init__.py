"""The Sudoku web app: `create_app` builds the Flask application (the engine lives in `sudoku`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import Flask, Response, render_template, request
from werkzeug.exceptions import HTTPException, InternalServerError

from .seedpool import SeedPool
from .urlstate import StateError

ROOT = Path(__file__).resolve().parent.parent

SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'; "
        "object-src 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
}

ERROR_TITLES = {
    400: "This link or form can't be read",
    404: "There is no page here",
    405: "That isn't something this page does",
    413: "That is far more than a Sudoku",
    500: "Something broke on our side",
}


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """Build the app; `config` overrides settings (tests pass {"TESTING": True})."""
    app = Flask(
        __name__,
        template_folder=str(ROOT / "templates"),
        static_folder=str(ROOT / "static"),
    )
    app.config.update(
        MAX_CONTENT_LENGTH=16 * 1024,  # the grid form is under 2 KB; a pasted puzzle under 4 KB
        MAX_FORM_PARTS=200,  # 81 cells, 81 notes and a few more
        TEMPLATES_AUTO_RELOAD=False,
        SEED_POOL=3,  # ready puzzles per level for "New puzzle"; 0: make each on demand
    )
    if config:
        app.config.update(config)
    if app.config["SEED_POOL"]:
        app.extensions["seedpool"] = SeedPool(app.config["SEED_POOL"])
        app.extensions["seedpool"].start()

    from . import lab, views

    app.url_map.converters.update(views.CONVERTERS)
    app.register_blueprint(views.bp)
    app.register_blueprint(lab.bp)
    app.register_error_handler(StateError, _bad_state)
    app.register_error_handler(HTTPException, _http_error)
    app.after_request(_secure)
    return app


def _secure(response: Response) -> Response:
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    return response


def _error_page(code: int, message: str, fallback: str | None = None) -> Response:
    """The error page in the site's style; an htmx request gets it swapped into <main>."""
    context = {
        "code": code,
        "title": ERROR_TITLES.get(code, "That didn't work"),
        "message": message,
        "fallback": fallback,
    }
    from .views import is_htmx

    htmx = is_htmx()
    template = "partials/error.html" if htmx else "error.html"
    response = Response(render_template(template, **context), code)
    if htmx:
        response.headers["HX-Retarget"] = "#main"
        response.headers["HX-Reswap"] = "innerHTML"
    response.headers["X-Robots-Tag"] = "noindex, nofollow"
    return response


def _bad_state(error: StateError) -> Response:
    message = error.message[0].upper() + error.message[1:] + "."
    return _error_page(400, message, error.fallback)


def _http_error(error: HTTPException) -> Response:
    code = error.code or 500
    if isinstance(error, InternalServerError) or code >= 500:
        message = "The server hit an error. Your grid is safe in the link: try again in a moment."
        return _error_page(500, message)
    if code == 404:
        message = f"Nothing lives at {request.path[:100]}. Start a fresh grid instead."
    elif code == 405:
        message = f"{request.method} isn't accepted at {request.path[:100]}."
    elif code == 413:
        message = "The request is too large: a puzzle and its entries fit in a few hundred bytes."
    else:
        message = error.description or "The request can't be handled."
    return _error_page(code, message)
