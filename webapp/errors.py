"""Error pages in the site's style: what went wrong, in words, and a way back.

A plain request gets a full page; an htmx request the same section, swapped into <main>.
"""

from __future__ import annotations

import re
from urllib.parse import quote

from flask import Flask, Response, render_template, request
from werkzeug.exceptions import HTTPException

from .htmx import is_htmx
from .urlstate import FIX, StateError

TITLES = {
    400: "This link or form can't be read",
    404: "There is no page here",
    405: "That isn't something this page does",
    413: "That is far more than a Sudoku",
    500: "Something broke on our side",
}


def register(app: Flask) -> None:
    """Answer bad states and every HTTP error with an error page."""
    app.register_error_handler(StateError, bad_state)
    app.register_error_handler(HTTPException, http_error)


def error_page(code: int, message: str, fallback: str | None = None, offer: str = FIX) -> Response:
    """The error page; `fallback` is a URL worth offering besides a fresh grid, and `offer`
    what its link says."""
    context = {
        "code": code,
        "title": TITLES.get(code, "That didn't work"),
        "message": message,
        "fallback": fallback,
        "offer": offer,
    }
    htmx = is_htmx()
    template = "partials/error.html" if htmx else "error.html"
    response = Response(render_template(template, **context), code)
    if htmx:
        response.headers["HX-Retarget"] = "#main"
        response.headers["HX-Reswap"] = "innerHTML"
    response.headers["X-Robots-Tag"] = "noindex, nofollow"
    return response


# What a sentence or a chat message glues to the end of a link it holds ("...t=1234)."): the
# URL states never end with these (a query keeps quotes percent-encoded, a path decoded).
GLUED = re.compile(r"(?:[.,;:!)\]}\"']|%22|%27)+$")


# Between a link and the same link pasted again: a space, or nothing.
SPACES = re.compile(r"(?:%20|\+|\s)+$")


def first_link(address: str) -> str:
    """The first of two links pasted one after the other: cut where the second begins (its
    'http://' or 'https://', or its path's first segment again, as in '...t=75/p/v1/...')."""
    section = address.find("/", 1)  # the '/p/' of '/p/v1/...', the '/lab/' of '/lab/...'
    again = [address.find(s, 1) for s in ("http://", "https://", address[: section + 1])]
    cuts = [at for at in again if at > 0] if section > 0 else []
    return SPACES.sub("", address[: min(cuts)]) if cuts else address


def unglued() -> Response | None:
    """A page link that failed, with punctuation glued to its end or the link pasted again
    after it: a redirect to the link alone."""
    if request.method not in ("GET", "HEAD") or is_htmx():
        return None
    query = request.query_string.decode("latin-1")
    # The path as it came (a URL is ASCII: a line break or a space in it is encoded); never
    # //host, which a browser reads as another site
    path = quote(request.path.lstrip("/"), safe="/:@!$&'()*+,;=[]{}")
    address = "/" + path + (f"?{query}" if query else "")
    trimmed = GLUED.sub("", first_link(address))
    if trimmed == address:
        return None
    return Response(status=302, headers={"Location": trimmed.removesuffix("?")})


def bad_state(error: StateError) -> Response:
    """A URL or form that does not describe a state: 400, saying what and where (or a link
    with punctuation glued to its end: redirected to the link without it)."""
    fixed = unglued()
    if fixed:
        return fixed
    text = error.message
    # a key ("e= appears 2 times", "c1= ...") or a cell ("r1c3 holds ...") keeps its case
    keyed = re.match(r"[a-z]+\d*=|r\dc\d", text)
    message = (text if keyed else text[0].upper() + text[1:]) + "."
    return error_page(400, message, error.fallback, error.offer)


def http_error(error: HTTPException) -> Response:
    """404, 405, 413 and the rest (a 405 keeps its Allow header); 5xx never shows details."""
    code = error.code or 500
    if code >= 500:
        message = "The server hit an error. Your grid is safe in the link: try again in a moment."
        return error_page(500, message)
    fixed = unglued() if code in (400, 404) else None
    if fixed:
        return fixed
    if code == 404:
        message = f"Nothing lives at {request.path[:100]}. Start a fresh grid instead."
    elif code == 405:
        message = f"{request.method} isn't accepted at {request.path[:100]}."
    elif code == 413:
        message = "The request is too large: a puzzle and its entries fit in a few hundred bytes."
    else:
        message = error.description or "The request can't be handled."
    response = error_page(code, message)
    for name, value in error.get_headers():
        if name != "Content-Type":
            response.headers[name] = value  # e.g. Allow on a 405
    return response
