"""The OpenAPI document: a valid OpenAPI 3.1 document, served by the app, and true: every
response it documents (each endpoint, each method, each status) is produced by a real request
here and matches its schema, and every field that may be null is seen both null and set."""

from __future__ import annotations

from typing import Any

import pytest
from api_doc_check import DOC, ApiClient
from fakes import never_made
from flask import Flask
from openapi_spec_validator import validate as validate_openapi
from puzzles import EASY
from werkzeug.exceptions import TooManyRequests

import webapp.api
import webapp.guard
from webapp.api_doc import document
from webapp.enginepool import Busy
from webapp.guard import TooSlow
from webapp.lab import EXAMPLES

TWO_SOLUTIONS = EXAMPLES[3].puzzle

# A request that succeeds, for each endpoint.
VALID: dict[str, dict[str, Any]] = {
    "parse": {"puzzle": EASY},
    "check": {"puzzle": EASY, "entries": "4" + "." * 80, "notes": {"r1c2": "58"}},
    "solve": {"puzzle": EASY, "algorithm": "dlx"},
    "count": {"puzzle": TWO_SOLUTIONS, "limit": 3},
    "hint": {"puzzle": EASY, "cell": "r1c1"},
    "step": {"puzzle": EASY},
    "grade": {"puzzle": EASY, "nodes": 1000},
    "generate": {"level": "easy", "seed": 3},
}
# More answers, so that every field that may be null is seen null and set.
VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("solve", {"puzzle": TWO_SOLUTIONS}),  # solution: null
    ("hint", {"puzzle": EASY, "entries": ".4" + "." * 79}),  # a mistake, no step
    ("hint", {"puzzle": EASY}),  # cell: null
    ("step", {"puzzle": TWO_SOLUTIONS}),  # step: null
]
UNPROCESSABLE = {"grade": {"puzzle": TWO_SOLUTIONS}}


def test_the_document_is_valid_openapi_3_1(client: Any) -> None:
    served = client.get("/api/v1/openapi.json")
    assert served.status_code == 200 and served.mimetype == "application/json"
    assert served.get_json() == document()
    assert served.get_json()["openapi"].startswith("3.1")
    validate_openapi(served.get_json())


def test_the_document_describes_every_endpoint_and_parameter() -> None:
    paths = DOC["paths"]
    for name, endpoint in webapp.api.ENDPOINTS.items():
        get, post = paths[f"/api/v1/{name}"]["get"], paths[f"/api/v1/{name}"]["post"]
        assert [p["name"] for p in get["parameters"]] == [p.name for p in endpoint.params]
        body = post["requestBody"]["content"]["application/json"]["schema"]
        assert list(body["properties"]) == [p.name for p in endpoint.params]
        assert all(p["description"] for p in get["parameters"])
        assert get["description"] and get["summary"]
    assert set(paths) == {f"/api/v1/{n}" for n in webapp.api.ENDPOINTS} | {
        "/api/v1/",
        "/api/v1/openapi.json",
    }


def _documented() -> set[tuple[str, str, int]]:
    return {
        (path, method, int(status))
        for path, item in DOC["paths"].items()
        for method, operation in item.items()
        for status in operation["responses"]
    }


def _nullable_fields() -> set[tuple[str, str]]:
    """(answer schema, field) for every field of an answer that may be null."""
    found = set()
    for name, schema in DOC["components"]["schemas"].items():
        for field, spec in schema.get("properties", {}).items():
            if name.endswith("Answer") and {"type": "null"} in spec.get("anyOf", []):
                found.add((name, field))
    return found


def test_every_documented_response_is_real(
    app: Flask, api: ApiClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    nulls: dict[tuple[str, str], set[bool]] = {}
    limiting = []  # a stand-in rate limiter, switched on at the end
    breaking = []  # a fault in the server, switched on near the end

    def limited() -> None:
        if limiting:
            raise TooManyRequests("1 per 1 second", retry_after=1)
        if breaking:
            raise RuntimeError("a bug")

    def too_slow(stream: Any, most: int) -> bytes:
        raise TooSlow

    app.before_request(limited)

    def note(name: str, body: dict[str, Any]) -> None:
        for key, value in body.items():
            nulls.setdefault((name.capitalize() + "Answer", key), set()).add(value is None)

    for path in ("/api/v1/", "/api/v1/openapi.json"):
        api._checked(api.client.get(path), path, "get")
    for name in webapp.api.ENDPOINTS:
        note(name, api.both(name, VALID[name]))  # 200, GET and POST
        api.get(name)  # 400: the puzzle (or the level) is missing
        api.post(name, {})
        api.post(name, {**VALID[name], "pad": "x" * 20_000})  # 413
        api.post(name, data="{}", content_type="text/plain")  # 415
        if name in UNPROCESSABLE:  # 422
            api.get(name, UNPROCESSABLE[name])
            api.post(name, UNPROCESSABLE[name])
    for name, params in VARIANTS:
        note(name, api.both(name, params))

    monkeypatch.setattr(webapp.api, "generate", never_made)  # no seed makes a puzzle
    api.get("generate", {"level": "extreme", "seed": 0})  # 422
    api.post("generate", {"level": "extreme", "seed": 0})
    api.get("generate", {"level": "extreme"})  # 503
    api.post("generate", {"level": "extreme"})

    class BusyEngine:
        def run(self, fn: Any, *args: Any) -> Any:
            raise Busy("64 jobs are waiting")

    for kind in ("quick", "slow"):
        monkeypatch.setitem(app.extensions, f"engine.{kind}", BusyEngine())
    for name in webapp.api.COSTLY:  # 503: too much engine work is waiting
        api.get(name, VALID[name])
        api.post(name, VALID[name])

    with monkeypatch.context() as slow:
        slow.setattr(webapp.guard, "_read", too_slow)
        for name in webapp.api.ENDPOINTS:  # 408: the body did not arrive in time
            api.post(name, VALID[name])

    app.config["PROPAGATE_EXCEPTIONS"] = False  # a fault is answered, as in production
    breaking.append(True)
    for path in ("/api/v1/", "/api/v1/openapi.json"):  # 500
        api._checked(api.client.get(path), path, "get")
    for name in webapp.api.ENDPOINTS:
        api.get(name, VALID[name])
        api.post(name, VALID[name])
    breaking.clear()

    limiting.append(True)
    for name in webapp.api.ENDPOINTS:  # 429
        api.get(name, VALID[name])
        api.post(name, VALID[name])

    assert api.seen == _documented()
    assert {("SolveAnswer", "solution"), ("HintAnswer", "step")} <= _nullable_fields()
    for field in _nullable_fields():
        assert nulls[field] == {True, False}, f"{field} not seen both null and set"


@pytest.fixture
def api(client: Any) -> ApiClient:
    return ApiClient(client)
