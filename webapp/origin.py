"""Which origin the site's absolute links name, never taken from a client's word alone.

The share link and the seed link are absolute URLs. They are built on PUBLIC_ORIGIN when it is
set (https://sudoku.example). Without it, the Host header is used only when it names a host
the site trusts (TRUSTED_HOSTS, by default the loopback names, for a server on this machine):
a request for any other host gets a 400 page rather than links to a host an attacker chose.
Redirects are relative (`Location: /p/v1/...`), which browsers resolve against the address
they asked for.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Response, abort, current_app, request


def origin() -> str:
    """The origin of the site's absolute links: PUBLIC_ORIGIN, else the trusted Host."""
    public: str = current_app.config["PUBLIC_ORIGIN"]
    return public or request.host_url.rstrip("/")


def check_host() -> None:
    """Before each request: without PUBLIC_ORIGIN, a Host the site does not trust is a 400."""
    if current_app.config["PUBLIC_ORIGIN"] or request.path == "/healthz":
        return
    host = request.host.lower()
    name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
    if name not in current_app.config["ALLOWED_HOSTS"]:
        abort(
            400,
            f"This server does not answer for the host {host[:60]!r}. Its operator sets "
            "PUBLIC_ORIGIN (or TRUSTED_HOSTS) to the site's own address.",
        )


def relative_location(response: Response) -> Response:
    """After each request: a Location on this very host becomes a path (werkzeug builds some,
    such as the redirect that merges slashes, from the Host header)."""
    location = response.headers.get("Location")
    if location and "://" in location:
        parts = urlsplit(location)
        if parts.netloc.lower() == request.host.lower():
            path = "/" + parts.path.lstrip("/")  # never "//host": that names another site
            response.headers["Location"] = path + (f"?{parts.query}" if parts.query else "")
    return response
