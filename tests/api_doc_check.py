"""Check real answers of the JSON API against the OpenAPI document the app serves.

`ApiClient` wraps Flask's test client: every answer it gets must be a documented status of the
operation, with the documented content type and required headers, and a body valid under the
documented schema (jsonschema, Draft 2020-12, which OpenAPI 3.1 uses). The schemas list every
field as required and allow no others, so this checks every documented field, and only those.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from flask.testing import FlaskClient
from jsonschema import Draft202012Validator
from werkzeug.test import TestResponse

from webapp.api_doc import document

DOC = document()
ERROR = {"$ref": "#/components/schemas/Error"}


def validate(schema: dict[str, Any], value: object) -> None:
    """Validate `value` against a schema of the document (its $refs resolve in the document)."""
    Draft202012Validator({**schema, "components": DOC["components"]}).validate(value)


def documented(path: str, method: str, status: int) -> dict[str, Any]:
    """The documented response of an operation for a status (KeyError: not documented)."""
    operation = DOC["paths"][path][method.lower()]
    return operation["responses"][str(status)]  # type: ignore[no-any-return]


def check(response: TestResponse, path: str, method: str) -> Any:
    """Check an answer against the document; return its JSON body."""
    spec = documented(path, method, response.status_code)
    content = spec["content"]
    assert response.mimetype in content, (response.mimetype, list(content))
    for name, header in spec.get("headers", {}).items():
        if header.get("required"):
            assert name in response.headers, f"{name} missing from {path} {response.status}"
        if name in response.headers:
            validate(header["schema"], response.headers[name])
    body = response.get_json()
    validate(content[response.mimetype]["schema"], body)
    return body


def check_error(response: TestResponse, status: int, code: str, field: str | None = None) -> str:
    """An error answer in the API's one shape, whatever the path; returns its message."""
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.mimetype == "application/json"
    body = response.get_json()
    validate(ERROR, body)
    error = body["error"]
    assert (error["status"], error["code"], error["field"]) == (status, code, field), error
    assert response.headers["Cache-Control"] == "no-store"
    assert response.headers["Access-Control-Allow-Origin"] == "*"
    return str(error["message"])


class ApiClient:
    """GET and POST an endpoint; every answer is checked against the document."""

    def __init__(self, client: FlaskClient) -> None:
        self.client = client
        self.seen: set[tuple[str, str, int]] = set()

    def get(self, name: str, query: str | dict[str, Any] = "", **headers: str) -> TestResponse:
        path = f"/api/v1/{name}"
        text = query if isinstance(query, str) else urlencode(query)
        response = self.client.get(path + ("?" + text if text else ""), headers=headers)
        return self._checked(response, path, "get")

    def post(self, name: str, body: object = None, **kwargs: Any) -> TestResponse:
        path = f"/api/v1/{name}"
        if body is not None:
            kwargs["json"] = body
        response = self.client.post(path, **kwargs)
        return self._checked(response, path, "post")

    def both(self, name: str, params: dict[str, Any]) -> Any:
        """GET with `params` as a query and POST them as JSON: the same answer; its body."""
        query = {k: _query_value(v) for k, v in params.items() if k != "notes"}
        for cell, digits in (params.get("notes") or {}).items():
            query[f"notes[{cell}]"] = digits
        got = self.get(name, query)
        posted = self.post(name, params)
        assert got.status_code == posted.status_code
        assert got.get_json() == posted.get_json()
        return got.get_json()

    def _checked(self, response: TestResponse, path: str, method: str) -> TestResponse:
        check(response, path, method)
        self.seen.add((path, method, response.status_code))
        return response


def _query_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
