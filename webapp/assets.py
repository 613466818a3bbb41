"""Static files that browsers keep for a year: every `url_for('static', ...)` carries the file's
content hash (`?v=<hash>`), and a request that names the current hash is answered with a
one-year immutable cache; any other (an old hash, none) must be checked again (`no-cache`).

A changed file gets a new hash, so a new release never meets a stale copy.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path
from typing import Any

from flask import Flask, Response, current_app, request

YEAR = 365 * 24 * 3600
IMMUTABLE = f"public, max-age={YEAR}, immutable"


@lru_cache(maxsize=64)
def _digest(folder: str, filename: str) -> str:
    """The first 10 hex digits of the SHA-256 of a file in `folder` ('' for a file that is not
    there, or a name that climbs out of the folder)."""
    if ".." in Path(filename).parts:
        return ""
    try:
        return hashlib.sha256((Path(folder) / filename).read_bytes()).hexdigest()[:10]
    except OSError:
        return ""


def fingerprint(filename: str) -> str:
    """The hash of a file in the app's static folder (worked out once per name: a page names
    a few static files)."""
    folder = current_app.static_folder
    return _digest(folder, filename) if folder is not None else ""


def _add_hash(endpoint: str, values: dict[str, Any]) -> None:
    """url_for('static', filename=...) -> /static/<file>?v=<hash>."""
    wanted = endpoint == "static" and "filename" in values and "v" not in values
    if wanted and (digest := fingerprint(values["filename"])):
        values["v"] = digest


def _cache_static(response: Response) -> Response:
    """A year for a request with the current hash; otherwise ask again each time."""
    if request.endpoint != "static" or response.status_code != 200:
        return response
    filename = (request.view_args or {}).get("filename", "")
    current = request.args.get("v") == fingerprint(filename) != ""
    response.headers["Cache-Control"] = IMMUTABLE if current else "no-cache"
    return response


def register(app: Flask) -> None:
    """Hash every static URL the app builds, and cache what names the current hash."""
    app.url_defaults(_add_hash)
    app.after_request(_cache_static)
