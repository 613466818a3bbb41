"""The OpenAPI 3.1 document of the JSON API, built from the same tables the code reads (the
endpoints in api.py, the parameters in api_params.py), so the two cannot drift apart.

Every object schema lists all its fields as required and allows no others: the tests validate
real answers against these schemas, so a field added, dropped or renamed fails them.
"""

from __future__ import annotations

import copy
from functools import cache

from .api import COSTLY, ENDPOINTS, PREFIX, Endpoint
from .api_params import MAX_COUNT, Json, Param
from .sudoku import ALGORITHMS, LEVEL_NAMES

REF = "#/components/schemas/"


def ref(name: str) -> Json:
    return {"$ref": REF + name}


def obj(properties: Json, description: str = "") -> Json:
    """An object with exactly these fields, all present."""
    schema: Json = {
        "type": "object",
        "required": list(properties),
        "additionalProperties": False,
        "properties": properties,
    }
    if description:
        schema["description"] = description
    return schema


def nullable(schema: Json) -> Json:
    return {"anyOf": [schema, {"type": "null"}]}


def array(items: Json, description: str = "") -> Json:
    schema: Json = {"type": "array", "items": items}
    if description:
        schema["description"] = description
    return schema


TEXT = {"type": "string"}
FLAG = {"type": "boolean"}
COUNT = {"type": "integer", "minimum": 0}
LEVEL = {"type": "string", "enum": [name.lower() for name in LEVEL_NAMES]}
BUDGET = obj({"nodes": {"type": "integer", "minimum": 1}}, "The node budget the answer used.")

SCHEMAS: Json = {
    "Line": {
        "type": "string",
        "pattern": "^[1-9.]{81}$",
        "description": "A grid as one line: 81 cells row by row, '.' for an empty cell.",
    },
    "Solution": {
        "type": "string",
        "pattern": "^[1-9]{81}$",
        "description": "A full grid as one line of 81 digits.",
    },
    "Cell": {"type": "string", "pattern": "^r[1-9]c[1-9]$", "description": "A cell: r4c6."},
    "Unit": {
        "type": "string",
        "pattern": "^(row|column|box) [1-9]$",
        "description": "A row, column or box, numbered from 1: 'row 3', 'box 9'.",
    },
    "Candidate": obj(
        {"cell": ref("Cell"), "digit": {"type": "integer", "minimum": 1, "maximum": 9}},
        "A digit in a cell.",
    ),
    "Conflict": obj(
        {
            "digit": {"type": "integer", "minimum": 1, "maximum": 9},
            "unit": ref("Unit"),
            "cells": array(ref("Cell")),
            "text": TEXT,
        },
        "A digit that stands more than once in a unit.",
    ),
    "Stats": obj(
        {
            "algorithm": {"type": "string", "enum": list(ALGORITHMS)},
            "nodes": COUNT,
            "guesses": COUNT,
            "backtracks": COUNT,
        },
        "The work a search did, in units that are the same on every machine.",
    ),
    "Step": obj(
        {
            "technique": TEXT,
            "rating": {"type": "number", "minimum": 0},
            "placements": array(ref("Candidate"), "Digits the step places."),
            "eliminations": array(ref("Candidate"), "Candidates the step removes."),
            "cells": array(ref("Cell"), "The cells of the pattern."),
            "candidates": array(ref("Candidate"), "The candidates of the pattern."),
            "units": array(ref("Unit"), "The units the step works in."),
            "text": {"type": "string", "description": "Why, in one sentence."},
            "last_resort": {
                "type": "boolean",
                "description": "Found by trial, or read from the solution, not by a pattern.",
            },
        },
        "One logical step, rated on Sudoku Explainer's scale.",
    ),
    "Mistake": obj(
        {
            "cell": ref("Cell"),
            "digit": {
                "type": "integer",
                "minimum": 1,
                "maximum": 9,
                "description": "The wrong entry, or for notes the digit they leave out.",
            },
            "kind": {"type": "string", "enum": ["entry", "notes"]},
            "text": TEXT,
            "cells": array(ref("Cell"), "The cells that show why (the mistake's cell first)."),
            "forced": array(ref("Candidate"), "The digits the wrong entry would force."),
        },
        "A wrong entry, or notes that leave out the digit the cell needs.",
    ),
    "Grade": obj(
        {
            "rating": {"type": "number", "minimum": 0},
            "level": LEVEL,
            "hardest": {"type": "string", "description": "The hardest step's technique."},
            "at_least": {
                "type": "boolean",
                "description": "The budget ran out: the puzzle is at least this hard.",
            },
            "steps": COUNT,
            "techniques": array(
                obj({"technique": TEXT, "steps": COUNT}), "Techniques used, most used first."
            ),
            "without_last_resort": {
                "type": "boolean",
                "description": "Solved without trials or the solution's help.",
            },
        },
        "A difficulty rating on Sudoku Explainer's scale, and the level it falls in.",
    ),
    "Budget": BUDGET,
    "Error": obj(
        {
            "error": obj(
                {
                    "status": {"type": "integer", "minimum": 400, "maximum": 599},
                    "code": {
                        "type": "string",
                        "pattern": "^[a-z_]+$",
                        "description": "What kind of error, for programs: bad_puzzle, "
                        "bad_value, missing_parameter, unknown_parameter, repeated_parameter, "
                        "bad_json, bad_request, not_found, method_not_allowed, too_large, "
                        "unsupported_media_type, no_solution, multiple_solutions, "
                        "budget_exhausted, no_puzzle, rate_limited, request_timeout, "
                        "not_ready, busy, internal_error.",
                    },
                    "message": {
                        "type": "string",
                        "minLength": 1,
                        "description": "What is wrong and where, for people.",
                    },
                    "field": {
                        "type": ["string", "null"],
                        "description": "The parameter at fault; null for the request as a whole.",
                    },
                }
            )
        },
        "Every error of the API has this shape.",
    ),
}

# The answer of each endpoint.
RESULTS: dict[str, Json] = {
    "parse": obj(
        {
            "puzzle": ref("Line"),
            "givens": COUNT,
            "pretty": {"type": "string", "description": "The grid drawn with rule lines."},
            "conflicts": array(ref("Conflict"), "Givens that break a rule."),
            "url": {"type": "string", "pattern": "^/p/v1/", "description": "Its page."},
        }
    ),
    "check": obj(
        {
            "puzzle": ref("Line"),
            "grid": ref("Line"),
            "filled": COUNT,
            "complete": FLAG,
            "solved": {
                "type": "boolean",
                "description": "Full and breaks no rule: the puzzle's solution.",
            },
            "conflicts": array(ref("Conflict")),
            "candidates": {
                "type": "object",
                "description": "Each empty cell's candidates ('' for none left).",
                "propertyNames": {"pattern": "^r[1-9]c[1-9]$"},
                "additionalProperties": {"type": "string", "pattern": "^[1-9]{0,9}$"},
            },
        }
    ),
    "solve": obj(
        {
            "puzzle": ref("Line"),
            "verdict": {
                "type": "string",
                "enum": ["unique", "multiple", "no_solution", "gave_up"],
            },
            "reason": TEXT,
            "solution": nullable(ref("Solution")),
            "solutions": array(ref("Solution"), "The solutions found, at most two."),
            "differing": array(ref("Cell"), "Cells where the two solutions differ."),
            "stats": ref("Stats"),
            "budget": ref("Budget"),
        }
    ),
    "count": obj(
        {
            "puzzle": ref("Line"),
            "count": COUNT,
            "exact": {
                "type": "boolean",
                "description": "False when the limit or the budget stopped the count.",
            },
            "limit": {"type": "integer", "minimum": 1, "maximum": MAX_COUNT},
            "verdict": {
                "type": "string",
                "enum": ["unique", "solved", "multiple", "no_solution", "gave_up"],
            },
            "reason": TEXT,
            "stats": ref("Stats"),
            "budget": ref("Budget"),
        }
    ),
    "hint": obj(
        {
            "puzzle": ref("Line"),
            "cell": {
                **nullable(ref("Cell")),
                "description": "The cell asked about (null: none). One that already holds a "
                "digit gets a hint about anywhere, and `note` says so.",
            },
            "kind": {"type": "string", "enum": ["step", "mistake", "problem"]},
            "look": {"type": "string", "description": "Level 1: where to look (or the mistake)."},
            "technique": {"type": "string", "description": "Level 2: the technique and unit."},
            "move": {"type": "string", "description": "Level 4: the move ('' for none)."},
            "direct": {"type": "boolean", "description": "The step fills the cell."},
            "helps": {"type": "boolean", "description": "The step narrows the cell."},
            "after": {"type": "boolean", "description": "After it the cell is a single."},
            "note": TEXT,
            "step": nullable(ref("Step")),
            "mistake": nullable(ref("Mistake")),
            "budget": ref("Budget"),
        }
    ),
    "step": obj(
        {
            "puzzle": ref("Line"),
            "grid": ref("Line"),
            "step": nullable(ref("Step")),
            "reason": {"type": "string", "description": "Why there is no step ('' if there is)."},
            "budget": ref("Budget"),
        }
    ),
    "grade": obj({"puzzle": ref("Line"), **SCHEMAS["Grade"]["properties"], "budget": BUDGET}),
    "generate": obj(
        {
            "puzzle": ref("Line"),
            "solution": ref("Solution"),
            "level": LEVEL,
            "seed": {"type": "integer", "minimum": 0, "description": "The seed that made it."},
            "symmetric": FLAG,
            "grade": ref("Grade"),
            "url": {"type": "string", "pattern": "^/p/v1/", "description": "Its page."},
        }
    ),
}

INDEX = obj(
    {
        "version": TEXT,
        "openapi": TEXT,
        "endpoints": array(
            obj({"path": TEXT, "methods": array(TEXT), "summary": TEXT}),
        ),
    }
)

ERRORS = {
    400: "The request can't be read: a parameter is missing, unknown, repeated or wrong.",
    408: "The body did not arrive in time.",
    413: "The body is larger than the server takes.",
    415: "A POST whose body is not JSON.",
    422: "The puzzle is read, but this can't be done with it (see the code).",
    429: "Too many requests from this client; wait as Retry-After says.",
    500: "The server hit an error (the message gives no details); try again in a moment.",
    503: "The engine is busy, or no puzzle could be made in time; try again as Retry-After says.",
}
RETRY = {
    "Retry-After": {
        "description": "Seconds to wait (on a 429, when the limiter says).",
        "schema": {"type": "string", "pattern": "^[0-9]+$"},
    }
}


def _headers(cacheable: bool) -> Json:
    return {
        "Cache-Control": {
            "description": "public, max-age=86400 for an answer that may be cached (a GET, "
            "not of a random puzzle), else no-store"
            if cacheable
            else "no-store",
            "schema": {"type": "string"},
            "required": True,
        },
        "Access-Control-Allow-Origin": {"schema": {"const": "*"}, "required": True},
    }


def _json(schema: Json, description: str, headers: Json) -> Json:
    return {
        "description": description,
        "headers": headers,
        "content": {"application/json": {"schema": schema}},
    }


def _error(status: int) -> Json:
    headers = _headers(False)
    if status in (429, 503):
        headers.update(copy.deepcopy(RETRY))
        headers["Retry-After"]["required"] = status == 503
    return _json(ref("Error"), ERRORS[status], headers)


def _query(param: Param) -> Json:
    spec: Json = {
        "name": param.name,
        "in": "query",
        "required": param.required,
        "description": param.description,
        "schema": param.schema,
        **param.extra,
    }
    if param.example is not None:
        spec["example"] = param.example
    return spec


def _body(params: tuple[Param, ...]) -> Json:
    """The JSON object a POST sends: the same parameters; null stands for left out."""
    properties = {p.name: p.schema if p.required else nullable(p.schema) for p in params}
    example = {p.name: p.example for p in params if p.example is not None}
    schema: Json = {
        "type": "object",
        "additionalProperties": False,
        "required": [p.name for p in params if p.required],
        "properties": properties,
    }
    return {
        "required": True,
        "content": {"application/json": {"schema": schema, "example": example}},
    }


def _answer_name(name: str) -> str:
    return name.capitalize() + "Answer"


def _operation(endpoint: Endpoint, method: str) -> Json:
    get = method == "get"
    costly = (503,) if endpoint.name in COSTLY else ()
    statuses = sorted({400, 429, 500, *endpoint.errors, *costly, *(() if get else (408, 413, 415))})
    operation: Json = {
        "operationId": f"{method}_{endpoint.name}",
        "summary": endpoint.summary + ("" if get else " (JSON body)"),
        "description": " ".join(endpoint.description.split()),
        "responses": {
            "200": _json(ref(_answer_name(endpoint.name)), "The answer.", _headers(get)),
            **{str(status): _error(status) for status in statuses},
        },
    }
    if get:
        operation["parameters"] = [_query(p) for p in endpoint.params]
    else:
        operation["requestBody"] = _body(endpoint.params)
    return operation


DESCRIPTION = """\
Solve, count, grade, hint and generate Sudoku with the engine the site plays on.

Every endpoint takes its parameters in the query string (GET) or as a JSON object (POST, with
`Content-Type: application/json`): the same names, the same answer. A puzzle may be written in
any format the engine reads: an 81-character line ('.', '0', '-' or '_' for an empty cell) or
a grid of 9 lines with '|', spaces and rule lines. Cells are named like r4c6 (rows and columns
from 1); notes map cells to their digits, {"r1c3": "137"} (notes[r1c3]=137 in a query).

Every search runs under a budget counted in nodes (units of work that are the same on every
machine), so the same request gives the same answer on every server and every run: GET answers
carry `Cache-Control: public, max-age=86400` (a new random puzzle excepted). Each endpoint says
its budget; `nodes` asks for less.

Errors come with a 4xx or 5xx status and always the same shape: `{"error": {"status",
"code", "message", "field"}}`, where `message` says what is wrong and where and `field` names
the parameter at fault. Any origin may call the API from a browser (CORS `*`): it is public and
takes no credentials. Costly endpoints are rate limited per client (429 with Retry-After)."""


@cache
def _document() -> Json:
    paths: Json = {
        f"{PREFIX}/": {
            "get": {
                "operationId": "get_index",
                "summary": "The endpoints and where this document is",
                "responses": {
                    "200": _json(INDEX, "The index.", _headers(True)),
                    "500": _error(500),
                },
            }
        },
        f"{PREFIX}/openapi.json": {
            "get": {
                "operationId": "get_openapi",
                "summary": "This document",
                "responses": {
                    "200": _json(
                        {"type": "object", "required": ["openapi", "info", "paths"]},
                        "The OpenAPI 3.1 document.",
                        _headers(True),
                    ),
                    "500": _error(500),
                },
            }
        },
    }
    for endpoint in ENDPOINTS.values():
        paths[f"{PREFIX}/{endpoint.name}"] = {
            method: _operation(endpoint, method) for method in ("get", "post")
        }
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Sudoku API",
            "version": "1.0.0",
            "description": DESCRIPTION,
            "license": {"name": "MIT", "identifier": "MIT"},
        },
        "servers": [{"url": "/"}],
        "paths": paths,
        "components": {"schemas": {**SCHEMAS, **{_answer_name(n): s for n, s in RESULTS.items()}}},
    }


def document() -> Json:
    """The OpenAPI document (a fresh copy: callers may change it)."""
    return copy.deepcopy(_document())
