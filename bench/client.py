"""What the load and fuzz benchmarks share: the server as the README starts it, a small
asyncio HTTP/1.1 client (keep-alive, one connection per simulated client, each from its own
loopback address so that per-client limits see separate clients), the memory of the server's
processes, and percentiles.

Loopback only: every address used is in 127.0.0.0/8, on this machine.
"""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def served(port: int, env: dict[str, str] | None = None, log: Path | None = None) -> Iterator[int]:
    """`./dev serve --port PORT` (the README's command: Redis, gunicorn, engine processes) in a
    session of its own; yields its process id, and stops the whole session at the end."""
    out = log.open("w") if log else subprocess.DEVNULL
    process = subprocess.Popen(
        [str(ROOT / "dev"), "serve", "--port", str(port)],
        cwd=ROOT,
        env={**os.environ, "ACCESS_LOG": "", **(env or {})},
        stdout=out,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 300  # the first run installs what it needs
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2):
                    break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    sys.exit(f"the server did not start (exit {process.poll()})")
                time.sleep(0.3)
        time.sleep(2)  # let the seed pools fill a little
        yield process.pid
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)


def descendants(pid: int) -> list[int]:
    """Every process below `pid` (the server's master, workers and engine processes, Redis)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(parent, []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def memory(pid: int) -> dict[str, int]:
    """Resident memory (MB) of the server's processes by kind, summed: workers, engine, other."""
    kinds: dict[str, int] = {}
    for child in descendants(pid):
        try:
            status = Path(f"/proc/{child}/status").read_text()
            command = Path(f"/proc/{child}/cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        rss = next(
            (int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS")), 0
        )
        if "multiprocessing" in command:
            kind = "engine processes"
        elif "webapp" in command:
            kind = "gunicorn (master and workers)"
        elif "redis" in command:
            kind = "redis"
        else:
            continue
        kinds[kind] = kinds.get(kind, 0) + rss // 1024
    return kinds


def cpu_seconds(pid: int) -> float:
    """CPU time (user and system) used so far by the server's processes, together."""
    total = 0
    for child in (pid, *descendants(pid)):
        try:
            fields = Path(f"/proc/{child}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def settle(pid: int, idle: float = 0.05, longest: float = 60.0) -> float:
    """Wait until the server's processes together use under `idle` of a core over a second
    (work queued by the last phase done, seed pools refilled), at most `longest` seconds;
    returns the seconds waited. Phases that compare rates start from the same quiet state."""
    start = time.monotonic()
    before = cpu_seconds(pid)
    while time.monotonic() - start < longest:
        time.sleep(1)
        now = cpu_seconds(pid)
        if now - before < idle:
            break
        before = now
    return time.monotonic() - start


def address(n: int) -> str:
    """The loopback address of simulated client n (127.0.x.y, never 127.0.0.1)."""
    return f"127.0.{1 + n // 250}.{1 + n % 250}"


@dataclass
class Reply:
    status: int
    headers: dict[str, str]
    body: bytes


class Connection:
    """One keep-alive HTTP/1.1 connection from one loopback address."""

    def __init__(self, port: int, source: str) -> None:
        self.port = port
        self.source = source
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(
        self,
        method: str,
        target: str,
        body: bytes = b"",
        headers: dict[str, str] | None = None,
        timeout: float = 30,
    ) -> Reply:
        return await asyncio.wait_for(self._request(method, target, body, headers or {}), timeout)

    async def _request(
        self, method: str, target: str, body: bytes, headers: dict[str, str]
    ) -> Reply:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(
                "127.0.0.1", self.port, local_addr=(self.source, 0)
            )
        assert self.reader is not None
        lines = [f"{method} {target} HTTP/1.1", f"Host: 127.0.0.1:{self.port}"]
        lines += [f"{name}: {value}" for name, value in headers.items()]
        if (body or method == "POST") and "Transfer-Encoding" not in headers:
            lines.append(f"Content-Length: {len(body)}")
        head = "\r\n".join(lines) + "\r\n\r\n"
        self.writer.write(head.encode("latin-1", "replace") + body)
        try:
            head = await self.reader.readuntil(b"\r\n\r\n")
        except (asyncio.IncompleteReadError, ConnectionError):
            await self.close()
            raise ConnectionError("the server closed the connection") from None
        status_line, *header_lines = head.decode("latin-1").split("\r\n")
        status = int(status_line.split()[1])
        got = {}
        for line in header_lines:
            if ":" in line:
                name, _, value = line.partition(":")
                got[name.strip().lower()] = value.strip()
        if method == "HEAD" or status in (204, 304) or status < 200:
            data = b""  # no body, whatever the headers say
        elif got.get("transfer-encoding", "").lower() == "chunked":
            data = await self._chunked()
        else:
            data = await self.reader.readexactly(int(got.get("content-length", "0")))
        if got.get("connection", "").lower() == "close":
            await self.close()
        return Reply(status, got, data)

    async def _chunked(self) -> bytes:
        assert self.reader is not None
        parts = []
        while True:
            size = int((await self.reader.readuntil(b"\r\n")).split(b";")[0], 16)
            if size == 0:
                await self.reader.readuntil(b"\r\n")
                return b"".join(parts)
            parts.append(await self.reader.readexactly(size))
            await self.reader.readexactly(2)

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            self.writer = None


@dataclass
class Record:
    """Latencies (seconds) and status codes per route."""

    times: dict[str, list[float]] = field(default_factory=dict)
    statuses: dict[str, dict[int, int]] = field(default_factory=dict)
    failures: dict[str, int] = field(default_factory=dict)

    def add(self, route: str, seconds: float, status: int) -> None:
        self.times.setdefault(route, []).append(seconds)
        counts = self.statuses.setdefault(route, {})
        counts[status] = counts.get(status, 0) + 1

    def fail(self, route: str) -> None:
        self.failures[route] = self.failures.get(route, 0) + 1

    def count(self) -> int:
        return sum(len(t) for t in self.times.values())


def percentile(samples: list[float], p: float) -> float:
    ordered = sorted(samples)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def table(record: Record, seconds: float) -> list[str]:
    """One line per route: requests, requests/s, p50, p99, max (ms), status codes."""
    lines = [
        f"{'route':<16} {'requests':>8} {'req/s':>7} {'p50 ms':>7} {'p99 ms':>7} "
        f"{'max ms':>7}  statuses"
    ]
    for route in sorted(record.times):
        times = record.times[route]
        statuses = " ".join(f"{code}:{n}" for code, n in sorted(record.statuses[route].items()))
        failed = record.failures.get(route, 0)
        lines.append(
            f"{route:<16} {len(times):>8} {len(times) / seconds:>7.1f} "
            f"{percentile(times, 50) * 1000:>7.1f} {percentile(times, 99) * 1000:>7.1f} "
            f"{max(times) * 1000:>7.1f}  {statuses}" + (f" failed:{failed}" if failed else "")
        )
    return lines
