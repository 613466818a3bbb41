"""`/healthz` for load balancers and monitors: cheap, never limited, never cached.

It answers 200 "ok" when this worker can serve pages. If the per-client limits' shared storage
(Redis) cannot be reached, the site still serves (each worker counts limits on its own
meanwhile) and the answer, still 200, says so for monitors: a load balancer should not take
every machine out because their shared Redis is down. It does no engine work, so it stays
fast while the engine is busy.
"""

from __future__ import annotations

from flask import Blueprint, Response

from . import limits

bp = Blueprint("health", __name__)


@bp.get("/healthz")
@limits.limiter.exempt
def health() -> Response:
    problem = limits.storage_problem()
    text = f"ok, but {problem}: limits are counted per worker\n" if problem else "ok\n"
    response = Response(text, 200, mimetype="text/plain")
    response.headers["Cache-Control"] = "no-store"
    return response
