"""`python -m webapp [--host H] [--port N] [--workers W]`: serve the app with gunicorn.

Defaults: 127.0.0.1, port $PORT or 8000, 2 workers.
"""

from __future__ import annotations

import argparse
import os
from typing import Any

from gunicorn.app.base import BaseApplication

from . import create_app


class Server(BaseApplication):
    """Gunicorn driven from Python, with our options instead of its command line."""

    def __init__(self, options: dict[str, Any]) -> None:
        self.options = options
        super().__init__()

    def load_config(self) -> None:
        for key, value in self.options.items():
            self.cfg.set(key, value)

    def load(self) -> Any:
        return create_app()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m webapp", description=__doc__)
    parser.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    parser.add_argument(
        "--port", type=int, default=int(os.environ.get("PORT", 8000)), help="default $PORT or 8000"
    )
    parser.add_argument("--workers", type=int, default=2, help="worker processes (default 2)")
    args = parser.parse_args(argv)
    print(f"Serving Sudoku on http://{args.host}:{args.port}/", flush=True)
    Server(
        {
            "bind": f"{args.host}:{args.port}",
            "workers": args.workers,
            "accesslog": "-",
            "timeout": 30,
            "limit_request_line": 8190,  # gunicorn's most: longer links get the app's 414 page
        }
    ).run()


if __name__ == "__main__":
    main()
