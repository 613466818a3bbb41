"""/api: the JSON API explained for people, drawn from the same tables as the OpenAPI document
(each endpoint's summary, description and parameters), with a link that tries each one."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlencode

from flask import Blueprint, Response, make_response, render_template

from .api import ENDPOINTS, PREFIX
from .api_params import Json, Param

bp = Blueprint("api_page", __name__)


Text = tuple[tuple[str, bool], ...]  # (words, is code) in order: `x` in a docstring is code


def parts(text: str) -> Text:
    """Text whose `backticked` words are code, in pieces."""
    return tuple((piece, i % 2 == 1) for i, piece in enumerate(text.split("`")) if piece)


@dataclass(frozen=True)
class Row:
    """One parameter as the page lists it."""

    name: str
    kind: str  # its type and range, in words
    needed: str  # "required", or its default
    description: Text


@dataclass(frozen=True)
class Section:
    """One endpoint as the page shows it."""

    name: str
    path: str
    summary: str
    description: Text
    rows: tuple[Row, ...]
    example: str  # a GET URL that works (relative)


def kind(schema: Json) -> str:
    """A parameter's JSON type and range, in words."""
    if "enum" in schema:
        return " | ".join(str(v) for v in schema["enum"])
    text = {"string": "text", "integer": "whole number", "boolean": "true or false"}.get(
        schema.get("type", ""), "cell -> digits"
    )
    if "minimum" in schema and "maximum" in schema:
        text += f", {schema['minimum']:,} to {schema['maximum']:,}"
    return text


def row(param: Param) -> Row:
    default = param.default
    if param.required:
        needed = "required"
    elif default is None:
        needed = "optional"
    elif isinstance(default, bool):
        needed = f"default {str(default).lower()}"
    elif isinstance(default, int):
        needed = f"default {default:,}"
    else:
        needed = f"default {default}"
    return Row(param.name, kind(param.schema), needed, parts(param.description))


EXAMPLES: dict[str, dict[str, str]] = {  # beyond each parameter's own example
    "count": {"limit": "10"},
    "hint": {"cell": "r1c3"},  # an empty cell of the example, filled after two steps
    "generate": {"seed": "1234"},
}


def sections() -> list[Section]:
    found = []
    for endpoint in ENDPOINTS.values():
        query = {p.name: str(p.example) for p in endpoint.params if p.example is not None}
        query.update(EXAMPLES.get(endpoint.name, {}))
        path = f"{PREFIX}/{endpoint.name}"
        found.append(
            Section(
                endpoint.name,
                path,
                endpoint.summary,
                parts(" ".join(endpoint.description.split())),
                tuple(row(p) for p in endpoint.params),
                f"{path}?{urlencode(query, safe='.')}",
            )
        )
    return found


@bp.get("/api")
def page() -> Response:
    """The API's page for people."""
    response = make_response(render_template("api.html", sections=sections(), prefix=PREFIX))
    response.headers["Cache-Control"] = "public, max-age=86400"
    return response
