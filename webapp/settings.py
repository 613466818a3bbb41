"""Settings from the environment: one place that reads them, checks them and says what is wrong.

Every setting has a default that is safe on the open internet; the README's "Settings" table
lists them. `from_env()` reads them all; the server (`python -m webapp`) uses the serving
ones, `create_app` the rest.
"""

from __future__ import annotations

import ipaddress
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass

# Per-client limits on the routes that make the engine work (Flask-Limiter's notation; several
# limits separated by ';' all apply). Generous for a person, tight for a script: one address
# may be many players (a school behind one router, a carrier's shared addresses), and the
# engine processes' queue, not these, is what keeps the site up.
DEFAULT_LIMITS = {
    "engine": "300 per minute; 30 per 5 seconds",  # hints, solves, lab steps: bounded by nodes
    "grade": "20 per minute; 5 per 5 seconds",  # a rating worked out anew (up to ~1 s of CPU)
    "new": "20 per minute; 5 per 5 seconds",  # a new or seeded puzzle (may generate)
}
LOOPBACK_HOSTS = ("localhost", "127.0.0.1", "[::1]", "::1")


class SettingsError(ValueError):
    """A setting from the environment that can't be used; the message names it."""


@dataclass(frozen=True)
class Settings:
    """Everything an operator may set; see the README's "Settings" table."""

    host: str = "127.0.0.1"  # HOST: the address to bind
    port: int = 8000  # PORT
    workers: int = 2  # WORKERS: server processes, each serving many connections (gevent)
    connections: int = 1000  # CONNECTIONS: open connections one worker serves at once
    header_timeout: float = 10.0  # HEADER_TIMEOUT: seconds to send a request's head (keep-alive)
    body_timeout: float = 10.0  # BODY_TIMEOUT: seconds to send a request's body
    engine_processes: int = 1  # ENGINE_PROCESSES: engine processes per worker (0: in the worker)
    engine_queue: int = 64  # ENGINE_QUEUE: engine jobs a worker lets wait before answering 503
    public_origin: str = ""  # PUBLIC_ORIGIN: e.g. https://sudoku.example, for absolute links
    trusted_hosts: tuple[str, ...] = ()  # TRUSTED_HOSTS: Host names answered without an origin
    proxies: int = 0  # PROXIES: trusted proxies in front that set X-Forwarded-For/-Proto
    limiter_storage: str = "memory://"  # LIMITER_STORAGE: where the per-client counts live
    limits: tuple[tuple[str, str], ...] = tuple(DEFAULT_LIMITS.items())  # LIMIT_ENGINE ...
    access_log: str = "-"  # ACCESS_LOG: a file, or - for standard output, or empty for none

    @property
    def bind_host(self) -> str:
        """HOST as an address to bind and print: an IPv6 address in brackets ([::])."""
        plain = ":" in self.host and not self.host.startswith("[")
        return f"[{self.host}]" if plain else self.host

    @property
    def allowed_hosts(self) -> tuple[str, ...]:
        """The Host names the site answers when it has no public origin to build links on."""
        return self.trusted_hosts or LOOPBACK_HOSTS


def _number(env: Mapping[str, str], name: str, default: float, low: float, high: float) -> float:
    text = env.get(name, "").strip()
    if not text:
        return default
    try:
        value = float(text)
    except ValueError:
        raise SettingsError(f"{name} must be a number, not {text[:40]!r}") from None
    if not low <= value <= high:
        raise SettingsError(f"{name} must be from {low:g} to {high:g}, not {text[:40]}")
    return value


def _whole(env: Mapping[str, str], name: str, default: int, low: int, high: int) -> int:
    text = env.get(name, "").strip()
    if text and not re.fullmatch(r"[0-9]+", text):
        raise SettingsError(f"{name} must be a whole number, not {text[:40]!r}")
    return int(_number(env, name, default, low, high))


ORIGIN = re.compile(r"(https?)://([a-z0-9.-]+|\[[0-9a-f:.]+\])(?::([0-9]{1,5}))?", re.IGNORECASE)


def _origin(text: str) -> str:
    """`scheme://host[:port]` with nothing before the host or after it (in lower case), or
    SettingsError."""
    text = text.strip().rstrip("/")
    if not text:
        return ""
    found = ORIGIN.fullmatch(text)
    if not found or not 0 < int(found[3] or 1) < 65536:
        raise SettingsError(
            "PUBLIC_ORIGIN must look like https://sudoku.example or http://host:8080 (a host "
            f"name or [IPv6 address], no user, path, query or fragment), not {text[:60]!r}"
        )
    scheme, host, port = found.groups()
    return f"{scheme.lower()}://{host.lower()}" + (f":{port}" if port else "")


def _host(text: str) -> str:
    """HOST: an IP address (IPv6 with or without brackets) or a host name, or SettingsError."""
    text = text.strip() or "127.0.0.1"
    try:
        ipaddress.ip_address(text.removeprefix("[").removesuffix("]"))
        return text
    except ValueError:
        pass
    if re.fullmatch(r"[a-z0-9-]+(\.[a-z0-9-]+)*", text, re.IGNORECASE) and not re.fullmatch(
        r"[0-9.]+", text
    ):
        return text
    raise SettingsError(
        "HOST must be an address such as 127.0.0.1, 0.0.0.0 or :: (or a host name), without a "
        f"port (that is PORT), not {text[:60]!r}"
    )


def _hosts(text: str) -> tuple[str, ...]:
    """TRUSTED_HOSTS: host names, comma-separated, without ports, or SettingsError."""
    hosts = tuple(h.strip().lower() for h in text.split(",") if h.strip())
    for host in hosts:
        if not re.fullmatch(r"[a-z0-9.-]+|\[[0-9a-f:.]+\]", host):
            raise SettingsError(
                "TRUSTED_HOSTS must be host names such as sudoku.example or [::1], "
                f"comma-separated, without a port or scheme, not {host[:60]!r}"
            )
    return hosts


def _limits(env: Mapping[str, str]) -> tuple[tuple[str, str], ...]:
    from limits import parse_many

    chosen = []
    for kind, default in DEFAULT_LIMITS.items():
        name = f"LIMIT_{kind.upper()}"
        text = env.get(name, "").strip() or default
        try:
            items = parse_many(text)
        except ValueError:
            items = []
        zero_period = re.search(r"(per|/)\s*0+\s*[a-z]", text.lower())  # read as 1 by limits
        if not items or zero_period or any(item.amount < 1 for item in items):
            raise SettingsError(
                f"{name} must be limits such as '20 per minute; 5 per 5 seconds' (numbers 1 "
                f"or more), not {text!r}"
            )
        chosen.append((kind, text))
    return tuple(chosen)


def masked(url: str) -> str:
    """A storage URL as it may be shown in logs: any user and password replaced by ***."""
    scheme, slashes, rest = url.partition("//")
    place, slash, path = rest.partition("/")
    if "@" in place:
        place = "***@" + place.rpartition("@")[2]
    return scheme + slashes + place + slash + path


def from_env(env: Mapping[str, str] | None = None) -> Settings:
    """The settings in `env` (default: os.environ), checked; SettingsError names a bad one."""
    env = os.environ if env is None else env
    storage = env.get("LIMITER_STORAGE", "").strip() or "memory://"
    if not re.match(r"^(memory|redis|redis\+unix|rediss)://", storage):  # what's installed
        raise SettingsError(
            "LIMITER_STORAGE must be memory://, redis://host:port, rediss://host:port or "
            f"redis+unix:///path, not {storage[:60]!r}"
        )
    return Settings(
        host=_host(env.get("HOST", "")),
        port=_whole(env, "PORT", 8000, 1, 65535),
        workers=_whole(env, "WORKERS", 2, 1, 64),
        connections=_whole(env, "CONNECTIONS", 1000, 10, 100_000),
        header_timeout=_number(env, "HEADER_TIMEOUT", 10.0, 1, 600),
        body_timeout=_number(env, "BODY_TIMEOUT", 10.0, 1, 600),
        engine_processes=_whole(env, "ENGINE_PROCESSES", 1, 0, 64),
        engine_queue=_whole(env, "ENGINE_QUEUE", 64, 1, 10_000),
        public_origin=_origin(env.get("PUBLIC_ORIGIN", "")),
        trusted_hosts=_hosts(env.get("TRUSTED_HOSTS", "")),
        proxies=_whole(env, "PROXIES", 0, 0, 10),
        limiter_storage=storage,
        limits=_limits(env),
        access_log=_log_file(env.get("ACCESS_LOG", "-").strip()),
    )


def _log_file(path: str) -> str:
    """ACCESS_LOG: '-' (standard output), '' (none) or a file it can append to, or
    SettingsError (gunicorn would stop with it only after saying it serves)."""
    if path in ("-", ""):
        return path
    try:
        with open(path, "a", encoding="utf-8"):
            pass
    except OSError as err:
        raise SettingsError(
            f"ACCESS_LOG must be '-', empty or a file that can be written, not {path[:60]!r} "
            f"({err.strerror})"
        ) from None
    return path
