"""Is this an htmx request? Every response whose content depends on it says so (Vary)."""

from __future__ import annotations

from flask import Response, g, request

# The request headers `is_htmx` reads: a response that depends on them names them in Vary, so a
# cache never hands a fragment to a plain request or a full page to htmx.
HEADERS = ("HX-Request", "HX-History-Restore-Request")


def is_htmx() -> bool:
    """An htmx request that wants a fragment (history restores want the whole page)."""
    g.htmx_asked = True
    headers = request.headers
    return headers.get("HX-Request") == "true" and "HX-History-Restore-Request" not in headers


def add_vary(response: Response) -> Response:
    """After each request: if the response was chosen by `is_htmx`, add the headers to Vary."""
    if g.get("htmx_asked"):
        response.vary.update(HEADERS)
    return response
