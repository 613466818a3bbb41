"""`python -m webapp [--host H] [--port N] [--workers W]`: serve the app with gunicorn.

Safe to expose as it is. Each worker process runs gevent: one event loop serves many
connections, so idle, slow or trickling clients cost a little memory each and never hold up
the others (sync workers would each be stuck on one of them). A request's head must arrive
within HEADER_TIMEOUT seconds and its body within BODY_TIMEOUT. The engine's costly work runs
in ENGINE_PROCESSES processes per worker at a lower priority (webapp.enginepool), so it never
freezes a worker's event loop. Settings come from the environment (webapp.settings; the
README lists them); the options here override HOST, PORT and WORKERS.
"""

from __future__ import annotations

import argparse
import ipaddress
import os
import resource
import signal
import sys
from typing import Any

from gunicorn.app.base import BaseApplication

from . import create_app
from .memory import freeze_startup
from .settings import Settings, SettingsError, from_env, masked


class Server(BaseApplication):
    """Gunicorn driven from Python, with our options instead of its command line."""

    def __init__(self, options: dict[str, Any], app_config: dict[str, Any]) -> None:
        self.options = options
        self.app_config = app_config
        super().__init__()

    def load_config(self) -> None:
        for key, value in self.options.items():
            if key in self.cfg.settings:  # a setting an older gunicorn lacks is left out
                self.cfg.set(key, value)

    def load(self) -> Any:
        from .app import compile_templates  # in the worker, after gevent's patching

        app = create_app(self.app_config)
        compile_templates(app)
        freeze_startup()
        return app


def gunicorn_options(settings: Settings) -> dict[str, Any]:
    """Gunicorn's settings for ours."""
    keepalive = max(1, round(settings.header_timeout))  # gevent: time for a head
    return {
        "bind": f"{settings.bind_host}:{settings.port}",
        "workers": settings.workers,
        "worker_class": "gevent",
        "worker_connections": settings.connections,
        "keepalive": keepalive,
        "timeout": 30,  # a worker whose loop is stuck this long is restarted
        # On a stop, a worker waits for its connections; an idle keep-alive one ends after
        # `keepalive`: more than that, so that workers end of themselves, engine processes too.
        "graceful_timeout": keepalive + 5,
        "limit_request_line": 8190,  # gunicorn's most: longer links get the app's 414 page
        "limit_request_fields": 50,
        "limit_request_field_size": 8190,
        "accesslog": settings.access_log or None,
        "access_log_format": '%(h)s %(t)s "%(r)s" %(s)s %(b)s %(M)sms "%(a)s"',
        "forwarded_allow_ips": "*" if settings.proxies else "127.0.0.1,::1",
        "proc_name": "sudoku",
        "control_socket_disable": True,  # no admin socket in the home folder
        "when_ready": _interrupt_as_term,
        "post_worker_init": _worker_leaves_interrupts,
    }


def _interrupt_as_term(arbiter: Any) -> None:
    """Ctrl+C (INT) stops the server as TERM does, gracefully: the requests in flight are
    answered (gunicorn's own INT stops at once)."""
    signal.signal(signal.SIGINT, lambda _, frame: arbiter.signal(signal.SIGTERM, frame))


def _worker_leaves_interrupts(worker: Any) -> None:
    """A terminal's Ctrl+C reaches every process of the server: a worker leaves it to the
    master, which stops the workers gracefully."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _more_open_files(wanted: int) -> None:
    """Let each worker hold `wanted` connections (the soft limit is often 1024)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))


def unanswered_note(settings: Settings) -> str | None:
    """A note for a server bound for other machines that would answer none of them: without
    PUBLIC_ORIGIN or TRUSTED_HOSTS only a Host such as localhost is answered (webapp.origin),
    and /healthz alone would say all is well."""
    if settings.public_origin or settings.trusted_hosts or settings.host == "localhost":
        return None
    try:
        if ipaddress.ip_address(settings.host.strip("[]")).is_loopback:
            return None
    except ValueError:
        pass  # a host name: other machines may reach it
    return (
        f"Note: HOST={settings.host} lets other machines connect, but without PUBLIC_ORIGIN "
        "(or TRUSTED_HOSTS) their requests get a 400 page: only localhost is answered"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m webapp", description=__doc__)
    parser.add_argument("--host", help="address to bind ($HOST, 127.0.0.1)")
    parser.add_argument("--port", help="port ($PORT, 8000)")
    parser.add_argument("--workers", help="server processes ($WORKERS, 2)")
    args = parser.parse_args(argv)
    options = {"HOST": args.host, "PORT": args.port, "WORKERS": args.workers}
    try:  # the options are checked as the settings they stand for
        settings = from_env({**os.environ, **{k: v for k, v in options.items() if v is not None}})
    except SettingsError as err:
        message = str(err)
        for name, value in options.items():  # a bad option is named as it was typed
            if value is not None and message.startswith(f"{name} "):
                message = f"--{name.lower()} ({name})" + message.removeprefix(name)
        sys.exit(f"python -m webapp: {message}")
    _more_open_files(settings.connections + 100)
    storage = masked(settings.limiter_storage)
    print(f"Serving Sudoku on http://{settings.bind_host}:{settings.port}/", flush=True)
    print(
        f"{settings.workers} workers (gevent, {settings.connections} connections each), "
        f"{settings.engine_processes} engine process(es) each; limits kept in {storage}",
        flush=True,
    )
    note = unanswered_note(settings)
    if note:
        print(note, flush=True)
    app_config = {"ENGINE_PROCESSES": settings.engine_processes}
    Server(gunicorn_options(settings), app_config).run()


if __name__ == "__main__":
    main()
