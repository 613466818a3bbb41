"""`/healthz` for load balancers and monitors: cheap, never limited, never cached.

It answers 200 "ok" when this worker can serve pages; 503 when what the site needs is not
there: the per-client limits' storage (shared by every worker and machine) cannot be reached.
It does no engine work, so it stays fast while the engine is busy.
"""

from __future__ import annotations

from flask import Blueprint, Response

from . import limits

bp = Blueprint("health", __name__)


@bp.get("/healthz")
@limits.limiter.exempt
def health() -> Response:
    problem = limits.storage_problem()
    response = Response(
        f"unavailable: {problem}\n" if problem else "ok\n",
        503 if problem else 200,
        mimetype="text/plain",
    )
    response.headers["Cache-Control"] = "no-store"
    return response
