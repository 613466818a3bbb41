"""Reading a request's body before the app sees it: whole, within a size and a time limit.

A form post is a few kilobytes. `BodyGuard` (WSGI middleware) reads the body into memory
first, at most one byte past the app's size limit and within `seconds`, so that a client
trickling its body never holds a view, and the app reads it from memory. A body that can't be
read (a malformed chunked encoding, a connection cut short) or that is too slow is not the
app's error: the guard notes it in the environ and `refuse` answers 400 or 408 with the
site's error page. A body over the limit goes on with one byte too many, so Flask answers 413.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable
from contextlib import AbstractContextManager, nullcontext
from typing import Any

from flask import abort, request

WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]
PROBLEM = "webapp.body_problem"  # environ key: (status, message) when the body was refused


class TooSlow(Exception):
    """The body did not arrive in time."""


def _deadline(seconds: float) -> AbstractContextManager[object]:
    """A time limit on blocking reads when the server runs on gevent, else none (a threaded
    or sync server has its own socket timeouts)."""
    try:
        from gevent import Timeout
        from gevent.monkey import is_module_patched
    except ImportError:
        return nullcontext()
    if not is_module_patched("socket"):
        return nullcontext()
    timeout: AbstractContextManager[object] = Timeout(seconds, TooSlow)
    return timeout


class BodyGuard:
    """WSGI middleware: read the body whole (up to `limit` + 1 bytes) within `seconds`."""

    def __init__(self, app: WSGIApp, limit: int, seconds: float) -> None:
        self.app = app
        self.limit = limit
        self.seconds = seconds

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        chunked = "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower()
        length = environ.get("CONTENT_LENGTH", "")
        if chunked or (length and length != "0"):
            self._buffer(environ, chunked)
        return self.app(environ, start_response)

    def _most(self, environ: dict[str, Any], chunked: bool) -> int:
        """How much to read: one byte past the limit, and never past a declared length (a
        server that does not end the stream there, as Werkzeug's, would block on more)."""
        if not chunked:
            try:
                return min(self.limit + 1, int(environ["CONTENT_LENGTH"]))
            except ValueError:
                pass
        return self.limit + 1

    def _buffer(self, environ: dict[str, Any], chunked: bool) -> None:
        stream = environ["wsgi.input"]
        try:
            with _deadline(self.seconds):
                body = _read(stream, self._most(environ, chunked))
        except TooSlow:
            late = f"The request's body did not arrive within {self.seconds:g} seconds."
            environ[PROBLEM] = (408, late)
            body = b""
        except Exception:  # the server's parser: a malformed chunk, a body cut short
            environ[PROBLEM] = (400, "The request's body is malformed (its length or chunks).")
            body = b""
        environ["wsgi.input"] = io.BytesIO(body)
        environ["CONTENT_LENGTH"] = str(len(body))
        if chunked:
            del environ["HTTP_TRANSFER_ENCODING"]
            environ.pop("wsgi.input_terminated", None)


def _read(stream: Any, most: int) -> bytes:
    """Up to `most` bytes of `stream`, in pieces (a chunked body may come in many)."""
    parts: list[bytes] = []
    left = most
    while left > 0:
        piece = stream.read(min(left, 65536))
        if not piece:
            break
        parts.append(piece)
        left -= len(piece)
    return b"".join(parts)


def refuse() -> None:
    """Before each request: a body the guard refused gets its 400 or 408 page."""
    problem = request.environ.get(PROBLEM)
    if problem:
        abort(*problem)
