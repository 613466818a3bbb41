"""`create_app`: the Flask app, its settings, error pages and security headers.

Templates and static files live at the top of a checkout (`templates/`, `static/`); the wheel
carries them inside the package (`webapp/templates`, `webapp/static`), put there by the build
hook in setup.py. The app serves whichever copy is there.
"""

from __future__ import annotations

from concurrent.futures.process import BrokenProcessPool
from functools import partial
from pathlib import Path
from typing import Any

from flask import Flask, Response, current_app
from flask_compress import Compress
from werkzeug.middleware.proxy_fix import ProxyFix

from . import (
    api,
    assets,
    errors,
    grid_html,
    guard,
    health,
    lab,
    learn,
    limits,
    origin,
    page_rating,
    views,
)
from .enginepool import Busy, EnginePool
from .htmx import add_vary
from .seedpool import SeedPool
from .settings import from_env

PACKAGE = Path(__file__).resolve().parent
SLOW_NICE = 6  # the slow engine processes give way to the quick ones, and both to the workers
FILLER_NICE = 15  # the seed pool's process gives way to all


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
    """Build the app; `config` overrides settings (tests pass {"TESTING": True}).

    The operator's settings come from the environment (webapp.settings). Engine work runs in
    the worker unless ENGINE_PROCESSES is set: `python -m webapp` sets it (see enginepool)."""
    settings = from_env()
    app = Flask("webapp", template_folder=TEMPLATES, static_folder=STATIC)
    app.config.update(
        MAX_CONTENT_LENGTH=16 * 1024,  # the grid form is under 2 KB; a pasted puzzle under 4 KB
        MAX_FORM_PARTS=200,  # 81 cells, 81 notes and a few more
        TEMPLATES_AUTO_RELOAD=False,
        SEED_POOL=3,  # ready puzzles per level for "New puzzle"; 0: make each on demand
        COMPRESS_ALGORITHM=["br", "gzip"],  # Flask-Compress: brotli where the browser takes it
        COMPRESS_BR_LEVEL=5,  # a long game's edit: 3.7 KB instead of 4.1 (+0.07 ms)
        # Static files are streamed: zstd or brotli, and gzip for clients that take neither
        # (Flask-Compress leaves gzip out of streaming by default: they got none)
        COMPRESS_ALGORITHM_STREAMING=["zstd", "br", "gzip"],
        PUBLIC_ORIGIN=settings.public_origin,
        ALLOWED_HOSTS=settings.allowed_hosts,
        LIMITS=dict(settings.limits),
        LIMITER_STORAGE=settings.limiter_storage,
        ENGINE_PROCESSES=0,
        ENGINE_QUEUE=settings.engine_queue,
        BODY_TIMEOUT=settings.body_timeout,
        RATING_WAIT=0.1,  # seconds a page waits for a rating before loading it afterwards
    )
    if config:
        app.config.update(config)
    app.config.setdefault("RATELIMIT_ENABLED", not app.testing)  # tests of limits turn them on
    processes = app.config["ENGINE_PROCESSES"]
    queue = app.config["ENGINE_QUEUE"]
    app.extensions["engine.quick"] = EnginePool(processes, queue)
    app.extensions["engine.slow"] = EnginePool(processes, queue, nice=SLOW_NICE)
    for kind in ("quick", "slow"):
        app.extensions[f"engine.{kind}"].start()
    if app.config["SEED_POOL"]:
        # New puzzles are made in the background, in a process of their own that gives way
        # to everything else: a player waiting for a rating never waits for the pool.
        filler = EnginePool(min(processes, 1), queue, nice=FILLER_NICE)
        make = partial(filler.run, page_rating.generated) if processes else page_rating.generated
        app.extensions["seedpool"] = SeedPool(app.config["SEED_POOL"], make=make)
        app.extensions["seedpool"].start()

    app.wsgi_app = guard.BodyGuard(  # type: ignore[method-assign]
        app.wsgi_app, app.config["MAX_CONTENT_LENGTH"], app.config["BODY_TIMEOUT"]
    )
    if settings.proxies:  # behind N trusted proxies: the client's address and scheme are theirs
        n = settings.proxies
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=n, x_proto=n)  # type: ignore[method-assign]
    app.url_map.converters.update(views.CONVERTERS)
    app.register_blueprint(views.bp)
    app.register_blueprint(lab.bp)
    app.register_blueprint(health.bp)
    api.register(app)
    app.register_blueprint(learn.bp)
    errors.register(app)
    app.add_template_global(grid_html.grid_cells)
    assets.register(app)  # static URLs carry a content hash; those are cached for a year
    Compress(app)
    app.register_error_handler(Busy, _busy)
    app.register_error_handler(BrokenProcessPool, _engine_lost)
    limits.init_app(app)
    for name, kind in api.COSTLY.items():  # the API's searches count as the pages' do
        endpoint = f"{api.bp.name}.{name}"
        view = app.view_functions[endpoint]
        app.view_functions[endpoint] = limits.costly(kind)(view)  # type: ignore[assignment]
    app.before_request(guard.refuse)
    app.before_request(origin.check_host)
    app.after_request(add_vary)
    app.after_request(origin.relative_location)
    app.after_request(_secure)
    return app


def compile_templates(app: Flask) -> None:
    """Compile every template now: a server's worker does it before its first request rather
    than while its first players wait (tens of milliseconds)."""
    for name in app.jinja_env.list_templates():
        app.jinja_env.get_template(name)


def _engine_lost(error: BrokenProcessPool) -> Response:
    """An engine process died under a job (killed, out of memory): the pool starts anew, and
    the request that was waiting gets the busy page, not a 500."""
    current_app.logger.warning("an engine process died; starting anew: %s", error)
    return _busy(Busy(str(error)))


def _busy(error: Busy) -> Response:
    """503 while the engine has too much waiting in this worker: come back in a moment."""
    message = "The puzzle engine is busy right now. Your grid is safe in the link: try again."
    response = errors.error_page(503, message)
    response.headers["Retry-After"] = "2"
    return response


def _secure(response: Response) -> Response:
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    return response
