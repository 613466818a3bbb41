"""`create_app`: the Flask app, its settings, error pages and security headers.

Templates and static files live at the top of a checkout (`templates/`, `static/`); the wheel
carries them inside the package (`webapp/templates`, `webapp/static`), put there by the build
hook in setup.py. The app serves whichever copy is there.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import Flask, Response

from . import errors, lab, learn, views
from .htmx import add_vary
from .seedpool import SeedPool

PACKAGE = Path(__file__).resolve().parent


def _folder(name: str) -> Path:
    """The installed copy inside the package, else the checkout's top-level folder."""
    installed = PACKAGE / name
    return installed if installed.is_dir() else PACKAGE.parent / name


TEMPLATES = _folder("templates")
STATIC = _folder("static")

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


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """Build the app; `config` overrides settings (tests pass {"TESTING": True})."""
    app = Flask("webapp", template_folder=TEMPLATES, static_folder=STATIC)
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

    app.url_map.converters.update(views.CONVERTERS)
    app.register_blueprint(views.bp)
    app.register_blueprint(lab.bp)
    app.register_blueprint(learn.bp)
    errors.register(app)
    app.after_request(add_vary)
    app.after_request(_secure)
    return app


def _secure(response: Response) -> Response:
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    return response
