"""Per-client limits on the routes that make the engine work, with Flask-Limiter.

Three kinds of limit, each shared by every route that uses it (a client's hints and solves
count against one "engine" allowance, wherever they are asked for):

- ``engine``: hints, solves and the solver lab (each call bounded by a node budget);
- ``grade``: a difficulty rating worked out anew (up to a second of CPU; a known one is free);
- ``new``: a new or seeded puzzle (may generate).

To limit a route, decorate it (under the route decorator)::

    @bp.get("/api/v1/hint")
    @limits.costly("engine")
    def api_hint(): ...

or a whole blueprint, in one line where it is registered: ``limits.costly("engine")(api.bp)``.
``when=`` limits only the requests that do the costly work (``costly("engine", when=...)``).

The numbers come from the LIMIT_ENGINE, LIMIT_GRADE and LIMIT_NEW settings. The counts live
in LIMITER_STORAGE: ``memory://`` counts per worker process; Redis (what ``./dev serve`` starts,
and what several workers or machines must share) counts once for the whole site. While the
storage is unreachable, each worker counts in memory (and /healthz says so). A client is
its address (behind PROXIES trusted proxies, the address they forwarded); IPv6 clients are
counted per /64, the block one subscriber usually holds. A client over a limit gets a 429
page saying which limit and when to come back, with Retry-After.
"""

from __future__ import annotations

import ipaddress
import time
from collections.abc import Callable

from flask import Flask, Response, current_app, g, request
from flask_limiter import Limiter, RateLimitExceeded
from flask_limiter._limits import RouteLimit
from limits import RateLimitItem, parse_many

from .settings import masked

KINDS = {
    "engine": "hints, solutions and solver runs",
    "grade": "difficulty ratings",
    "new": "new puzzles",
}


def client_key() -> str:
    """Who is asking: the client's address, or its /64 for IPv6."""
    address = request.remote_addr or "unknown"
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is None:
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


limiter = Limiter(
    client_key,
    strategy="moving-window",  # no burst at the edge of a fixed window
    headers_enabled=True,  # X-RateLimit-* and Retry-After
    swallow_errors=True,  # a storage that fails is logged, and the site goes on:
    in_memory_fallback_enabled=True,  # counting per worker until the storage is back
)


STORAGE_TIMEOUT = 0.5  # seconds a Redis may take to connect or answer before it counts as down


def init_app(app: Flask) -> None:
    """Limit `app` with the storage and the numbers in its config (LIMITS, LIMITER_STORAGE)."""
    storage = app.config["LIMITER_STORAGE"]
    app.config.setdefault("RATELIMIT_STORAGE_URI", storage)
    if storage.startswith("redis"):  # a Redis that hangs must not hang the site with it
        waits = {"socket_timeout": STORAGE_TIMEOUT, "socket_connect_timeout": STORAGE_TIMEOUT}
        app.config.setdefault("RATELIMIT_STORAGE_OPTIONS", waits)
    app.after_request(_retry_after_only_when_refused)  # runs after the limiter's own hook
    limiter.init_app(app)
    app.after_request(_note_retry_after)  # runs before it
    app.register_error_handler(RateLimitExceeded, too_many)
    with app.app_context():
        problem = storage_problem()
    if problem:  # else only /healthz would say so
        where = masked(storage)
        app.logger.warning(
            "%s (%s): limits are counted per worker until it answers", problem, where
        )


def _note_retry_after(response: Response) -> Response:
    """Keep the Retry-After the answer was made with (a busy 503's), before the limiter's."""
    g.answered_retry_after = response.headers.get("Retry-After")
    return response


def _retry_after_only_when_refused(response: Response) -> Response:
    """Flask-Limiter sends Retry-After with every answer of a limited route, the time until
    the client's allowance renews; a client reads it as "wait", so it goes out only with a
    429, or with a 503 as the 503 was made (the engine is busy: the allowance has nothing to
    do with it). The X-RateLimit-* headers stay."""
    if response.status_code not in (429, 503):
        del response.headers["Retry-After"]
    elif response.status_code == 503 and g.get("answered_retry_after"):
        response.headers["Retry-After"] = g.answered_retry_after
    return response


def costly(
    kind: str, *, when: Callable[[], bool] | None = None, cost: int | Callable[[], int] = 1
) -> RouteLimit:
    """The per-client limit of `kind`, shared by every route (or blueprint) it decorates; with
    `when`, only requests for which it returns True count; each counts `cost` times."""
    if kind not in KINDS:
        raise ValueError(f"unknown kind of limit {kind!r}; choose one of {', '.join(KINDS)}")
    return limiter.shared_limit(
        lambda: str(current_app.config["LIMITS"][kind]),
        scope=kind,
        exempt_when=(lambda: not when()) if when else None,
        cost=cost,
    )


def spend(kind: str) -> bool:
    """Count one request of `kind` for this client, as a route decorated with `costly(kind)`
    does; False if that goes over the limit (for work a view starts only when allowed)."""
    if not limiter.enabled or not current_app.config.get("RATELIMIT_ENABLED", True):
        return True
    key = client_key()
    allowed = True
    try:
        for item in parse_many(str(current_app.config["LIMITS"][kind])):
            allowed = limiter.limiter.hit(item, key, kind) and allowed
    except Exception:  # the storage is down: the decorated routes count per worker meanwhile
        return True
    return allowed


def refused(error: RateLimitExceeded) -> tuple[str, str]:
    """What a client over its limit asked for too much of, and the limit, in words:
    ("new puzzles", "2 a minute")."""
    scope = error.limit.scope if error.limit is not None else ""
    what = KINDS.get(scope, "requests") if isinstance(scope, str) else "requests"
    allowed = _describe(error.limit.limit) if error.limit is not None else "a few"
    return what, allowed


def too_many(error: RateLimitExceeded) -> Response:
    """429: which limit, and when to come back (Flask-Limiter adds Retry-After)."""
    from .errors import error_page

    what, allowed = refused(error)
    current = limiter.current_limit
    retry = max(1, int(current.reset_at - time.time())) if current else 1
    wait = f"Try again in {retry} second{'s' if retry != 1 else ''}"
    if request.method != "GET":
        wait += ": go back, and your grid is as you left it"
    elif request.path.startswith("/p/"):
        wait += "; your grid is safe in the link"
    message = f"Too many {what} asked for from your address: {allowed}. {wait}."
    again = request.full_path.rstrip("?") if request.method == "GET" else None
    return error_page(429, message, again, "Try again")


def _describe(item: RateLimitItem) -> str:
    """'5 every 5 seconds', '20 a minute'."""
    unit = item.GRANULARITY.name
    if item.multiples == 1:
        return f"{item.amount} a {unit}"
    return f"{item.amount} every {item.multiples} {unit}s"


def storage_problem() -> str:
    """Why the limits' shared storage can't be used now ('' when it can, or limits are off);
    meanwhile each worker counts on its own."""
    if not limiter.enabled or not current_app.config.get("RATELIMIT_ENABLED", True):
        return ""
    try:
        healthy = limiter.storage.check()
    except Exception as err:  # a storage that is down can fail in many ways
        return f"the limits' storage failed: {type(err).__name__}"
    return "" if healthy else "the limits' storage does not answer"
