"""The JSON API (/api/v1/...): the engine's answers for programs, under the site's budgets.

Every endpoint takes its parameters either in the query string (GET, cacheable: budgets are
in nodes, so the same request gives the same answer on every worker and run) or as a JSON
object (POST, for long pasted grids and notes), with the same names and the same answer. Bad
input gets a 4xx and one error shape everywhere, /api/ paths that do not exist included:

    {"error": {"status": 400, "code": "bad_puzzle", "field": "puzzle",
               "message": "unexpected 'x' at row 2, column 5"}}

The OpenAPI 3.1 document (api_doc.py) is served at /api/v1/openapi.json; the parameters are
in api_params.py and the JSON shapes of the answers in api_json.py.
"""

from __future__ import annotations

import functools
import json
from collections import Counter
from collections.abc import Callable
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from flask import Blueprint, Flask, Response, current_app, request
from flask_limiter import RateLimitExceeded
from werkzeug.exceptions import HTTPException, default_exceptions
from werkzeug.http import HTTP_STATUS_CODES

from . import api_json
from .api_params import (
    ALGORITHM,
    CELL,
    ENTRIES,
    LEVEL,
    LIMIT,
    NOTES,
    PUZZLE,
    SEED,
    SYMMETRIC,
    ApiError,
    Json,
    Param,
    check_position,
    check_utf8,
    field_of,
    json_type,
    nodes,
    read,
    shown,
    split_query,
)
from .enginepool import Busy
from .enginepool import current as engine
from .limits import refused
from .sudoku import (
    GRADE_BUDGET,
    HINT_BUDGET,
    WEB_BUDGET,
    Budget,
    Generated,
    NotFound,
    Verdict,
    candidates,
    cell_name,
    conflicts,
    count_solutions,
    generate,
    grade,
    hint,
    new_seed,
    next_step,
    symmetric_by_default,
    to_line,
    to_pretty,
)
from .urlstate import GameState
from .views import SEED_ATTEMPTS

bp = Blueprint("api", __name__, url_prefix="/api/v1")

PREFIX = "/api/v1"
CACHE = "public, max-age=86400"  # a GET's answer depends on its URL alone
# Browsers on other sites may call the API: it is public, read-only and keyed by nothing but
# the request (no cookies, no credentials), so "*" lets them read exactly what curl can.
CORS = {"Access-Control-Allow-Origin": "*", "Access-Control-Expose-Headers": "Retry-After"}
PREFLIGHT = {
    "Access-Control-Allow-Methods": "GET, POST",
    "Access-Control-Allow-Headers": "Content-Type",
    "Access-Control-Max-Age": "86400",
}
MAX_BUDGET = WEB_BUDGET.nodes or 0  # the page's solve budget is the API's most
MAX_HINT = HINT_BUDGET.nodes or 0
MAX_GRADE = GRADE_BUDGET.nodes or 0


@dataclass(frozen=True)
class Endpoint:
    """One endpoint of the API: what the OpenAPI document says of it."""

    name: str
    summary: str
    description: str
    params: tuple[Param, ...]
    errors: tuple[int, ...] = ()  # statuses besides 200, 400, 404, 405, 408, 413, 415, 429, 500


ENDPOINTS: dict[str, Endpoint] = {}
# The endpoints that search (api.<name>), with the kind of per-client limit each should count
# against (as the pages': engine work, ratings, new puzzles). parse, check, the index and the
# document do no search.
COSTLY = {
    "solve": "engine",
    "count": "engine",
    "hint": "engine",
    "step": "engine",
    "grade": "grade",
    "generate": "new",
}

SLOW_KINDS = ("grade", "new")  # they run in the slow engine processes, as the pages' do

Compute = Callable[[dict[str, Any]], Json]


def always(values: dict[str, Any]) -> bool:
    """Every answer is the same for every caller: budgets are in nodes."""
    return True


def endpoint(
    name: str,
    params: tuple[Param, ...],
    summary: str,
    *,
    cached: Callable[[dict[str, Any]], bool] = always,
    errors: tuple[int, ...] = (),
    ready: Callable[[dict[str, Any]], Json | None] | None = None,
) -> Callable[[Compute], Compute]:
    """Register `/api/v1/<name>` for GET and POST, as the endpoint `api.<name>`: read
    `params`; answer with `ready` (cheap work in the worker) if it has an answer, else with
    the decorated function (engine work, see `run`); answer JSON.

    The decorated function stays as it is (a module-level function, so it can be sent to an
    engine process by name); the view is named after it, so each view has its own name (a
    limiter such as Flask-Limiter tells routes apart by it)."""

    def register(compute: Compute) -> Compute:
        @functools.wraps(compute)
        def view() -> Response:
            values = read(params, _given(), query=request.method != "POST")
            body = ready(values) if ready else None
            if body is None:
                body = run(compute, values, slow=COSTLY.get(name) in SLOW_KINDS)
            get = request.method != "POST"
            return _answer(body, CACHE if get and cached(values) else None)

        bp.add_url_rule(f"/{name}", name, view, methods=["GET", "POST"])
        doc = (compute.__doc__ or "").strip()
        ENDPOINTS[name] = Endpoint(name, summary, doc, params, errors)
        return compute

    return register


def run(compute: Compute, values: dict[str, Any], *, slow: bool = False) -> Json:
    """The engine work of an endpoint, in the app's engine processes (webapp.enginepool:
    the slow ones for ratings and new puzzles), so `compute`, `values`, the answer and any
    ApiError are plain picklable data."""
    answer: Json = engine("slow" if slow else "quick").run(compute, values)
    return answer


def _given() -> dict[str, object]:
    """The request's parameters: the query of a GET, the JSON object of a POST."""
    if request.method != "POST":
        check_utf8(request.query_string)
        return split_query(list(request.args.lists()))
    if request.args:
        key = next(iter(request.args))
        raise ApiError(
            400,
            "unknown_parameter",
            "a POST takes its parameters in the JSON body, not in the query string",
            field_of(key),
        )
    if request.mimetype != "application/json":
        raise ApiError(
            415,
            "unsupported_media_type",
            "send the parameters as a JSON object with Content-Type: application/json "
            f"(or use GET with a query string), not {request.mimetype or 'no content type'}",
        )
    data = request.get_data(cache=False)
    if not data.strip():
        raise ApiError(
            400, "bad_json", 'the body is empty; send a JSON object like {"puzzle": "..."}'
        )
    try:
        body = json.loads(data, object_pairs_hook=_once_each, parse_int=_json_int)
    except (ValueError, RecursionError) as error:  # JSONDecodeError, bad UTF-8, deep nesting
        where = (
            f" ({error.msg}, line {error.lineno}, column {error.colno})"
            if isinstance(error, json.JSONDecodeError)
            else ""
        )
        raise ApiError(400, "bad_json", f"the body is not valid JSON{where}") from None
    if not isinstance(body, _Object):
        raise ApiError(
            400,
            "bad_json",
            f'the body must be a JSON object like {{"puzzle": "..."}}, not {json_type(body)}',
        )
    _check_repeats(body)
    return body


class _Object(dict[str, object]):
    """A JSON object as read, with the first key it gave more than once and how often."""

    repeated: tuple[str, int] | None = None


def _once_each(pairs: list[tuple[str, object]]) -> _Object:
    """A JSON object, noting a repeated key (refused by `_check_repeats`, as in a query, rather
    than the last one winning unseen)."""
    found = _Object(pairs)
    if len(found) < len(pairs):
        found.repeated = Counter(k for k, _ in pairs).most_common(1)[0]
    return found


def _check_repeats(body: _Object) -> None:
    """400 for a key given twice in the body or in one of its objects (such as notes), named
    as the parameter it is in."""
    for name, where in [(None, body), *body.items()]:
        if isinstance(where, _Object) and where.repeated:
            key, count = where.repeated
            place = shown(name) if name else "the body"
            raise ApiError(
                400,
                "repeated_parameter",
                f"{shown(key)} appears {count} times in {place}; give it once",
                field_of(name or key),
            )


def _json_int(text: str) -> int | float:
    """A JSON integer; past Python's limit on the digits of an int (4,300), a float (infinite):
    still a number, which no parameter takes, rather than a body that can't be read."""
    try:
        return int(text)
    except ValueError:
        return float(text)


def _answer(body: Json, cache: str | None, status: int = 200) -> Response:
    response = Response(json.dumps(body, ensure_ascii=False), status, mimetype="application/json")
    response.headers["Cache-Control"] = cache or "no-store"
    return response


# The endpoints


@bp.get("/")
def index() -> Response:
    """The API's front door: where the document is and what each endpoint does."""
    body = {
        "version": "v1",
        "openapi": f"{PREFIX}/openapi.json",
        "endpoints": [
            {"path": f"{PREFIX}/{e.name}", "methods": ["GET", "POST"], "summary": e.summary}
            for e in ENDPOINTS.values()
        ],
    }
    return _answer(body, CACHE)


@bp.get("/openapi.json")
def openapi() -> Response:
    """The OpenAPI 3.1 document that describes every endpoint."""
    from .api_doc import document  # built on first use: the pages never need it

    return _answer(document(), CACHE)


@endpoint("parse", (PUZZLE,), "Read a puzzle in any format")
def parse_puzzle(values: dict[str, Any]) -> Json:
    """Read a puzzle written in any format the engine reads and give it back as one line and as
    a grid, with its givens counted, the rule clashes among them, and its page on the site."""
    grid = values["puzzle"]
    return {
        "puzzle": to_line(grid),
        "givens": sum(1 for d in grid if d),
        "pretty": to_pretty(grid),
        "conflicts": [api_json.conflict(c) for c in conflicts(grid)],
        "url": GameState(grid).url,
    }


@endpoint("check", (PUZZLE, ENTRIES, NOTES), "Conflicts and candidates of a position")
def check(values: dict[str, Any]) -> Json:
    """The position (givens, the player's entries and notes) without any search: the digits
    that clash, each empty cell's candidates (the digits no peer holds, narrowed by its notes),
    and whether the grid is full and breaks no rule, which makes it the puzzle's solution."""
    puzzle, entries, notes = _position(values)
    grid = tuple(g or e for g, e in zip(puzzle, entries, strict=True))
    masks = candidates(grid, notes)
    clashes = conflicts(grid)
    complete = all(grid)
    return {
        "puzzle": to_line(puzzle),
        "grid": to_line(grid),
        "filled": sum(1 for d in grid if d),
        "complete": complete,
        "solved": complete and not clashes,
        "conflicts": [api_json.conflict(c) for c in clashes],
        "candidates": {
            name: "".join(str(d) for d in range(1, 10) if masks[c] >> (d - 1) & 1)
            for c, name in enumerate(api_json.cells(range(81)))
            if not grid[c]
        },
    }


@endpoint("solve", (PUZZLE, ALGORITHM, nodes(MAX_BUDGET)), "Solve a puzzle")
def solve(values: dict[str, Any]) -> Json:
    """Look for two solutions within the node budget: the verdict says whether the puzzle has
    exactly one (`solution` is then set), none, several (`solutions` holds two and `differing`
    the cells where they differ), or whether the budget ran out first."""
    budget = Budget(nodes=values["nodes"])
    found = count_solutions(values["puzzle"], 2, algorithm=values["algorithm"], budget=budget)
    return {
        "puzzle": to_line(values["puzzle"]),
        **api_json.outcome(found),
        "budget": {"nodes": values["nodes"]},
    }


@endpoint("count", (PUZZLE, LIMIT, ALGORITHM, nodes(MAX_BUDGET)), "Count solutions")
def count(values: dict[str, Any]) -> Json:
    """Count the solutions up to `limit` within the node budget. `exact` is false when the
    count stopped at the limit or the budget ran out: there may be more. The verdict is
    "multiple" once two solutions are found, even if the budget ran out after."""
    budget = Budget(nodes=values["nodes"])
    limit = values["limit"]
    found = count_solutions(values["puzzle"], limit, algorithm=values["algorithm"], budget=budget)
    summary = api_json.outcome(found)
    number = len(found.solutions)
    return {
        "puzzle": to_line(values["puzzle"]),
        "count": number,
        "exact": number < limit and found.complete,  # neither the limit nor the budget cut it
        "limit": limit,
        "verdict": summary["verdict"],
        "reason": summary["reason"],
        "stats": summary["stats"],
        "budget": {"nodes": values["nodes"]},
    }


@endpoint("hint", (PUZZLE, ENTRIES, NOTES, CELL, nodes(MAX_HINT)), "A hint about one cell")
def hint_for(values: dict[str, Any]) -> Json:
    """The hint the site gives for the position, about `cell` (or anywhere), with every level
    at once: `look` says where to look (or names a mistake), `technique` the technique and its
    unit, `step.text` why, `move` what to do. Mistakes come first: a wrong entry (with the
    reason) or notes that leave out the cell's digit. A `cell` that already holds a digit
    gets a hint about anywhere, and `note` says so. `kind` is "problem" when no hint can be
    given (no single solution, a full grid, or the budget ran out)."""
    puzzle, entries, notes = _position(values)
    cell = values["cell"]
    budget = Budget(nodes=values["nodes"])
    found = hint(puzzle, entries, notes, cell, budget=budget)
    return {
        "puzzle": to_line(puzzle),
        "cell": None if cell is None else cell_name(cell),
        **api_json.hint(found),
        "budget": {"nodes": values["nodes"]},
    }


@endpoint("step", (PUZZLE, ENTRIES, NOTES, nodes(MAX_HINT)), "The next logical step")
def step(values: dict[str, Any]) -> Json:
    """The easiest logical step of the position, as the grader would take it: its technique,
    rating (on Sudoku Explainer's scale), the digits it places and the candidates it removes.
    Notes, when given, are the candidates it starts from; entries and notes are taken as they
    are (/hint checks them against the solution). The node budget bounds the solve that checks
    the position has one solution and then the search for a step; past it the step is read
    from the solution (`last_resort`). `step` is null, and `reason` says why, for a full grid,
    clashing digits, a position without exactly one solution, or notes that leave no
    candidate."""
    puzzle, entries, notes = _position(values)
    grid = tuple(g or e for g, e in zip(puzzle, entries, strict=True))
    budget = Budget(nodes=values["nodes"])
    found = None
    clashes = conflicts(grid)
    if clashes:
        reason = f"the digits clash: {clashes[0].describe()}"
    elif all(grid):
        reason = "the grid is full: there is nothing left to find"
    else:
        outcome = count_solutions(grid, 2, budget=budget)
        reason = NO_STEP.get(outcome.verdict, "")
        if outcome.verdict is Verdict.NO_SOLUTION and any(entries):
            reason += ": an entry is wrong (/hint says which)"
        if outcome.verdict is Verdict.UNIQUE:
            found = next_step(grid, notes, budget=budget, solution=outcome.solution)
            if found is None:
                reason = "the notes leave a cell or a unit without a candidate"
    return {
        "puzzle": to_line(puzzle),
        "grid": to_line(grid),
        "step": api_json.step(found) if found else None,
        "reason": reason,
        "budget": {"nodes": values["nodes"]},
    }


NO_STEP = {
    Verdict.NO_SOLUTION: "the position has no solution",
    Verdict.MULTIPLE: "the position has more than one solution, so no step follows for sure",
    Verdict.GAVE_UP: "the budget ran out before the position's solution was found",
}


@endpoint("grade", (PUZZLE, nodes(MAX_GRADE)), "Rate a puzzle's difficulty", errors=(422,))
def grade_puzzle(values: dict[str, Any]) -> Json:
    """Rate the puzzle on Sudoku Explainer's scale by the hardest step a logical solve needs
    (taking the easiest step each time), with its level and the techniques used. The puzzle
    must have exactly one solution (422 otherwise). When the node budget runs out the rating
    counts only the steps found before: `at_least` is then true."""
    puzzle = values["puzzle"]
    found = count_solutions(puzzle, 2, budget=WEB_BUDGET)
    if found.verdict is not Verdict.UNIQUE:
        code = {
            Verdict.NO_SOLUTION: "no_solution",
            Verdict.MULTIPLE: "multiple_solutions",
        }.get(found.verdict, "budget_exhausted")
        raise ApiError(422, code, f"the puzzle can't be graded: {found.reason}", "puzzle")
    rated = grade(puzzle, budget=Budget(nodes=values["nodes"]), solution=found.solution)
    return {
        "puzzle": to_line(puzzle),
        **api_json.grade(rated),
        "budget": {"nodes": values["nodes"]},
    }


def pooled(values: dict[str, Any]) -> Json | None:
    """A puzzle made ahead of time by the warm pool (symmetric ones, without a seed), if one
    is ready: no engine work."""
    pool = current_app.extensions.get("seedpool")
    level = values["level"]
    symmetric = values["symmetric"]
    default = symmetric is None or symmetric == symmetric_by_default(level)
    if values["seed"] is None and default and pool and pool.counts().get(level):
        made: Generated = pool.take(level)
        return _made(made)
    return None


@endpoint(
    "generate",
    (LEVEL, SEED, SYMMETRIC),
    "Make a new puzzle",
    cached=lambda values: values["seed"] is not None,  # a random seed: a new puzzle each time
    errors=(422, 503),
    ready=pooled,
)
def make_puzzle(values: dict[str, Any]) -> Json:
    """A new puzzle with exactly one solution at the level asked for. With a seed, the first
    of the seeds `seed`, `seed + 1`, ... that makes one (the answer names it, and the same
    level and seed give the same puzzle on every machine: such answers may be cached); 422
    when none of 100 seeds does. Without one, a puzzle made ahead of time when one is ready,
    else one made now from a random seed; 503 in the rare case that 100 seeds make none."""
    level, seed, symmetric = values["level"], values["seed"], values["symmetric"]
    start = new_seed() if seed is None else seed
    try:
        return _made(generate(level, start, symmetric=symmetric, max_attempts=SEED_ATTEMPTS))
    except NotFound:
        if seed is None:
            raise ApiError(
                503,
                "not_ready",
                f"no {level} puzzle is ready and {SEED_ATTEMPTS} fresh seeds made none; "
                "try again in a moment",
                headers={"Retry-After": "1"},
            ) from None
        raise ApiError(
            422,
            "no_puzzle",
            f"no {level} puzzle comes from the seeds {seed} to {seed + SEED_ATTEMPTS - 1}; "
            "try another seed",
            "seed",
        ) from None


def _made(made: Generated) -> Json:
    # the site's seed link (g=) makes the puzzles of the level's default layout
    site = made.symmetric == symmetric_by_default(made.level)
    origin = f"{made.level.lower()}-{made.seed}" if site else ""
    return {
        "puzzle": to_line(made.puzzle),
        "solution": to_line(made.solution),
        "level": made.level.lower(),
        "seed": made.seed,
        "symmetric": made.symmetric,
        "grade": api_json.grade(made.grade),
        "url": GameState(made.puzzle, origin=origin).url,
    }


def _position(values: dict[str, Any]) -> tuple[Any, Any, Any]:
    """Puzzle, entries (zeros when none) and notes (None when none), checked together."""
    puzzle = values["puzzle"]
    entries = values.get("entries") or (0,) * 81
    notes = values.get("notes")
    check_position(puzzle, entries, notes)
    return puzzle, entries, notes


# Errors, CORS and registration


def error_response(status: int, code: str, message: str, field: str | None = None) -> Response:
    """The one error shape of the API."""
    body = {"error": {"status": status, "code": code, "message": message, "field": field}}
    return _answer(body, None, status)


def _api_error(error: ApiError) -> Response:
    response = error_response(error.status, error.code, error.message, error.field)
    response.headers.update(error.headers)
    return response


HTTP_CODES = {
    400: "bad_request",
    404: "not_found",
    405: "method_not_allowed",
    408: "request_timeout",
    413: "too_large",
    415: "unsupported_media_type",
    429: "rate_limited",
    500: "internal_error",
}


def _http_error(error: HTTPException) -> Response:
    """Werkzeug's and Flask's errors (and a rate limiter's 429) in the API's error shape."""
    status = error.code or 500
    if status >= 500:
        status, message = 500, "the server hit an error; try again in a moment"
    elif status == 404:
        message = f"there is no endpoint at {request.path[:100]}; GET {PREFIX}/ lists them"
    elif status == 405:
        allowed = ", ".join(sorted(getattr(error, "valid_methods", None) or ()))
        message = f"{request.method} isn't accepted at {request.path[:100]}; use {allowed}"
    elif status == 408:
        seconds = current_app.config["BODY_TIMEOUT"]
        message = f"the request's body did not arrive within {seconds:g} seconds"
    elif status == 413:
        limit = current_app.config.get("MAX_CONTENT_LENGTH") or 0
        message = f"the request is too large: a body may have at most {limit:,} bytes"
    elif isinstance(error, RateLimitExceeded):  # the site's limits: say which ran out
        what, allowed = refused(error)
        message = f"too many {what} from this client ({allowed}); wait a moment and try again"
    elif status == 429:
        message = f"too many requests ({error.description}); wait a moment and try again"
    else:
        message = error.description or HTTP_STATUS_CODES.get(status, "error")
    code = HTTP_CODES.get(status) or HTTP_STATUS_CODES.get(status, "error").lower().replace(
        " ", "_"
    )
    response = error_response(status, code, message)
    for name, value in error.get_headers():
        if name != "Content-Type":
            response.headers[name] = value  # Allow on a 405, Retry-After on a 429
    return response


def _is_api() -> bool:
    return request.path == "/api" or request.path.startswith("/api/")


def _routing_error() -> Response | None:
    """Before any view: a /api/ path that matched no route (404) or not this method (405)
    answers in the API's shape, not with the site's error page."""
    error = request.routing_exception
    if isinstance(error, HTTPException) and (error.code or 0) >= 400 and _is_api():
        return _cors(_http_error(error))
    return None


def _cors(response: Response) -> Response:
    """Every API answer may be read by pages on other sites; preflights learn what to send."""
    response.headers.update(CORS)
    if request.method == "OPTIONS":
        response.headers.update(PREFLIGHT)
    return response


def _busy(error: Exception) -> Response:
    """503 while this worker's engine processes have too much waiting (or one died)."""
    message = "the puzzle engine is busy right now; try again in a moment"
    response = error_response(503, "busy", message)
    response.headers["Retry-After"] = "2"
    return response


bp.register_error_handler(ApiError, _api_error)
bp.register_error_handler(Busy, _busy)
bp.register_error_handler(BrokenProcessPool, _busy)
bp.register_error_handler(HTTPException, _http_error)
for _status in default_exceptions:  # before any app-wide handler of one status (a 429 page)
    bp.register_error_handler(_status, _http_error)
bp.after_request(_cors)
bp.before_app_request(_routing_error)


def register(app: Flask) -> None:
    """Add the API and its page for people (/api) to the app (one call in create_app)."""
    from . import api_page  # it reads the endpoints registered above

    app.register_blueprint(bp)
    app.register_blueprint(api_page.bp)
