"""Fuzz benchmark: many malformed, hostile or odd requests to every route of the site as the
README serves it (`./dev serve`), on loopback; counts the status codes seen. No 5xx allowed.

    .venv/bin/python bench/fuzz.py [--requests 100000] [--connections 32] [--seed 1]

Requests come from `fuzzed(rng)`: every route (pages, the grid form with every action, the
lab, the difficulty line, new puzzles, solve paths, technique pages and practise, game
reviews, static files, robots.txt, /healthz, the JSON API under /api/v1), with values
that are right, nearly right or wrong (digits of other scripts, percent escapes, control
characters, very long values, repeated keys), odd methods and headers, and bodies that are
random bytes, wrong content types, or chunked (sometimes malformed). Clients rotate over
many loopback addresses, so that per-client limits (429) do not hide the routes behind them.
The tests run the same generator through the test client (tests/test_fuzz.py).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import time
import urllib.parse
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.client import Connection, address, free_port, memory, served  # noqa: E402

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
HARD = "..2...7...1.....6.5......18....37.......49.....41.23....3.2.9...8.....5.6.......2"
CODES = ("b3a2a6b9a3a5b1b18a64d81a29b7g8b67a82d26a95b8b2a3b9b5a1a3b", "zzzc", "9" * 81)
LEVELS = ("easy", "medium", "hard", "expert", "extreme", "Easy", "EXTREME", "x", "")
ALGOS = ("backtrack", "mrv", "propagate", "dlx", "sat", "", "bogus")
ACTIONS = ("", "update", "solve", "hide", "play", "play-anyway", "enter", "clear", "hint")
ACTIONS += ("hint-more", "hint-close", "hint-apply", "undo", "redo", "rewind", "check", "fill")
ACTIONS += ("notes", "pause", "resume", "digit-5", "digit-0", "bogus")
ODD = (
    "",
    "0",
    "-1",
    "1" * 400,
    "²",
    "٣",
    "\uff15",
    "①",
    "%00",
    "\x00",
    "\r\n",
    "<script>",
    "'\"",
    "../..",
    "r4c6",
    "r0c0",
    "r10c1",
    "a" * 2000,
    "🙂",
    "\ud7ff",
    "1.5",
    "1e9",
    "NaN",
)
API = ("solve", "count", "hint", "grade", "generate", "step", "openapi.json", "parse")
SLUGS = ("hidden-single-box", "x-wing", "bug-plus-1", "als-xz", "w-wing", "nishio-forcing-chain")


@dataclass
class Fuzzed:
    """One request: what to send."""

    method: str
    target: str
    headers: dict[str, str] = field(default_factory=dict)
    body: bytes = b""


def odd(rng: random.Random) -> str:
    """A value: often odd, sometimes random text, sometimes right."""
    roll = rng.random()
    if roll < 0.4:
        return rng.choice(ODD)
    if roll < 0.7:
        size = rng.choice((1, 2, 5, 20, 90, 300))
        return "".join(
            chr(rng.choice((rng.randint(32, 126), rng.randint(0, 0x2FFF)))) for _ in range(size)
        )
    return rng.choice((*CODES, "1", "2", "3", "hard-12", "easy-5", "play", "enter", EASY))


def puzzle_code(rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.4:
        return rng.choice(CODES)
    if roll < 0.6:
        grid = list(rng.choice((EASY, HARD)))
        for _ in range(rng.randint(1, 6)):
            grid[rng.randrange(81)] = rng.choice("123456789.0xa")
        return "".join(grid)
    return urllib.parse.quote(odd(rng), safe="")


def query(rng: random.Random, keys: tuple[str, ...]) -> str:
    pairs = []
    for _ in range(rng.randint(0, 5)):
        key = rng.choice((*keys, odd(rng)[:10]))
        pairs.append((key, odd(rng)))
    text = urllib.parse.urlencode(pairs)
    if rng.random() < 0.1:
        text += "&" + rng.choice(("%", "%zz", "=&=", "&&", "%C0%AF", "a=%ff%fe"))
    return text


def state_url(rng: random.Random) -> str:
    """A state URL as the grid form carries it: often right, sometimes bent or wrong."""
    roll = rng.random()
    if roll < 0.15:
        return "/"
    if roll < 0.9:
        keys = ("e", "n", "mode", "h", "r", "t", "hints", "checks", "d", "mistakes", "g")
        return f"/p/v1/{puzzle_code(rng)}?" + query(rng, keys)
    return odd(rng)


def form_body(rng: random.Random, mode: str) -> bytes:
    fields: list[tuple[str, str]] = []
    if rng.random() < 0.9:
        fields.append(("v", rng.choice(("1", "1", "2", ""))))
    if rng.random() < 0.9:
        fields.append(("state", state_url(rng) + ("&mode=" + mode if mode else "")))
    for _ in range(rng.randint(0, 12)):
        cell = rng.choice((rng.randrange(81), rng.randrange(-3, 200)))
        fields.append(
            (rng.choice(("c", "n")) + str(cell), rng.choice((str(rng.randint(0, 9)), odd(rng))))
        )
    for key in ("cell", "notes", "settings", "mistakes", "timer", "ts"):
        if rng.random() < 0.2:
            fields.append((key, rng.choice(("1", "0", "", str(rng.randrange(10**10)), odd(rng)))))
    if rng.random() < 0.7:
        fields.append(("action", rng.choice(ACTIONS)))
    if rng.random() < 0.05:
        fields += [("c1", "1")] * rng.randint(2, 300)  # repeated keys, many parts
    return urllib.parse.urlencode(fields).encode()


def chunked(body: bytes, rng: random.Random) -> bytes:
    """A chunked body: right, or broken in one of the ways a parser must survive."""
    good = f"{len(body):x}\r\n".encode() + body + b"\r\n0\r\n\r\n"
    return rng.choice(
        (
            good,
            b"zz\r\n" + body + b"\r\n0\r\n\r\n",
            f"{len(body) + 5:x}\r\n".encode() + body + b"\r\n0\r\n\r\n",
            f"{len(body):x};ext=1\r\n".encode() + body + b"\r\n0\r\n\r\n",
            good[:-4],
        )
    )


def fuzzed(rng: random.Random) -> Fuzzed:
    """One fuzzed request to some route of the site."""
    kind = rng.randrange(18)
    headers = {}
    if rng.random() < 0.4:
        headers["HX-Request"] = rng.choice(("true", "false", ""))
    if rng.random() < 0.05:
        headers["HX-History-Restore-Request"] = "true"
    if rng.random() < 0.05:
        headers[rng.choice(("Accept", "Accept-Encoding", "Cookie", "Range", "If-None-Match"))] = (
            odd(rng)[:50]
        )
    method = "GET"
    if rng.random() < 0.05:
        method = rng.choice(("PUT", "DELETE", "PATCH", "OPTIONS", "HEAD", "TRACE", "POST"))
    body = b""
    if kind == 0:
        target = "/?" + query(rng, ("bd", "s"))
    elif kind == 1:
        target = rng.choice(("/play", "/play/")) + "?" + query(rng, ("s",))
    elif kind in (2, 3):
        version = rng.choice(("v1", "v1", "v2", odd(rng)[:5]))
        keys = ("e", "n", "mode", "solve", "hint", "cell", "g")
        target = f"/p/{urllib.parse.quote(version, safe='')}/{puzzle_code(rng)}?" + query(rng, keys)
    elif kind == 4:
        target = "/" + rng.choice((EASY.replace(".", "0"), EASY, HARD, "1" * rng.randint(17, 200)))
    elif kind in (5, 6, 7):
        method = "POST" if rng.random() < 0.95 else method
        target = "/edit"
        body = form_body(rng, rng.choice(("play", "enter", "", odd(rng)[:8])))
        headers["Content-Type"] = "application/x-www-form-urlencoded"
    elif kind == 8:
        method = "POST"
        target = "/load"
        body = urllib.parse.urlencode(
            {"text": rng.choice((EASY, HARD, odd(rng), "1|2|3\n" * 9))}
        ).encode()
        headers["Content-Type"] = "application/x-www-form-urlencoded"
    elif kind == 9:
        level = urllib.parse.quote(rng.choice(LEVELS), safe="")
        seed = rng.choice(
            ("", "/1", "/12", f"/{rng.randrange(10**9)}", "/999999999999", "/-1", "/x")
        )
        target = f"/new/{level}{seed}"
    elif kind == 10:
        target = f"/difficulty/{puzzle_code(rng)}"
    elif kind == 11:
        algo = rng.choice(ALGOS)
        step = rng.choice(("", "1", "2", str(rng.randint(0, 30000)), odd(rng)[:8]))
        target = f"/lab/{puzzle_code(rng)}?" + urllib.parse.urlencode(
            [(k, v) for k, v in (("algo", algo), ("step", step)) if v or rng.random() < 0.3]
        )
    elif kind == 12:
        target = rng.choice(("/lab", "/lab/", "/lab?puzzle=" + urllib.parse.quote(odd(rng))))
    elif kind == 13:
        target = rng.choice(
            (
                "/robots.txt",
                "/healthz",
                "/static/app.css",
                "/static/app.js",
                "/static/vendor/htmx.min.js",
                "/static/../webapp/app.py",
                "/static/%2e%2e/setup.py",
                "/favicon.ico",
            )
        )
    elif kind == 14:
        endpoint = rng.choice(API)
        target = f"/api/v1/{endpoint}?" + query(
            rng, ("puzzle", "algorithm", "nodes", "limit", "level", "seed")
        )
        if rng.random() < 0.5:
            method = "POST"
            headers["Content-Type"] = rng.choice(
                ("application/json", "text/plain", "application/x-www-form-urlencoded")
            )
            body = rng.choice(
                (
                    b"{}",
                    b"[]",
                    b"{",
                    b'{"puzzle": 5}',
                    f'{{"puzzle": "{EASY}"}}'.encode(),
                    odd(rng).encode(),
                )
            )
    elif kind == 15:
        slug = rng.choice((*SLUGS, urllib.parse.quote(odd(rng)[:20], safe="")))
        seed = rng.choice(("", "/1", f"/{rng.randrange(10**9)}", "/-1", "/x", "/99999999999"))
        target = rng.choice(
            (
                "/techniques",
                f"/techniques/{slug}",
                f"/techniques/{slug}/practise{seed}",
                f"/path/{puzzle_code(rng)}?" + query(rng, ("step",)),
            )
        )
    elif kind == 16:
        version = rng.choice(("v1", "v1", "v2"))
        keys = ("e", "h", "at", "n", "t", "hints")
        target = f"/review/{version}/{puzzle_code(rng)}?" + query(rng, keys)
    else:
        target = "/" + urllib.parse.quote(odd(rng), safe="/%?=&")
    if body and rng.random() < 0.06:
        headers["Transfer-Encoding"] = "chunked"
        body = chunked(body, rng)
    elif rng.random() < 0.02:
        body = bytes(rng.randrange(256) for _ in range(rng.choice((1, 100, 5000, 20000))))
        method = "POST"
    headers = {name: _header_text(value) for name, value in headers.items()}
    return Fuzzed(method, target, headers, body)


def _header_text(value: str) -> str:
    """A header value a client can send: one line of Latin-1."""
    return (
        "".join(ch for ch in value if ch not in "\r\n\0")
        .encode("latin-1", "replace")
        .decode("latin-1")
    )


@dataclass
class Tally:
    statuses: Counter[int] = field(default_factory=Counter)
    no_answer: int = 0
    server_errors: list[Fuzzed] = field(default_factory=list)


async def client(n: int, port: int, requests: list[Fuzzed], tally: Tally) -> None:
    conn: Connection | None = None
    for i, request in enumerate(requests):
        if conn is None or i % 50 == 0:  # a new address now and then: limits are per client
            if conn is not None:
                await conn.close()
            conn = Connection(port, address((n * 997 + i // 50) % 5000))
        try:
            reply = await conn.request(
                request.method, request.target, request.body, request.headers
            )
        except (OSError, TimeoutError, ConnectionError, ValueError, asyncio.IncompleteReadError):
            tally.no_answer += 1
            await conn.close()
            conn = None
            continue
        tally.statuses[reply.status] += 1
        if reply.status >= 500 and not (reply.status == 503 and "retry-after" in reply.headers):
            tally.server_errors.append(request)
        if request.method == "HEAD" or reply.headers.get("connection") == "close":
            await conn.close()
            conn = None
    if conn is not None:
        await conn.close()


async def run(port: int, count: int, connections: int, seed: int) -> Tally:
    rng = random.Random(seed)
    requests = [fuzzed(rng) for _ in range(count)]
    tally = Tally()
    shares = [requests[n::connections] for n in range(connections)]
    await asyncio.gather(*(client(n, port, share, tally) for n, share in enumerate(shares)))
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=100_000)
    parser.add_argument("--connections", type=int, default=32)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    port = free_port()
    with served(port) as server:
        before = memory(server)
        start = time.monotonic()
        tally = asyncio.run(run(port, args.requests, args.connections, args.seed))
        seconds = time.monotonic() - start
        after = memory(server)
    sent = sum(tally.statuses.values()) + tally.no_answer
    print(f"{sent} fuzzed requests in {seconds:.0f} s ({sent / seconds:.0f}/s), seed {args.seed}")
    print(
        "status codes: " + ", ".join(f"{code}: {n}" for code, n in sorted(tally.statuses.items()))
    )
    print(f"closed without an answer (malformed on purpose): {tally.no_answer}")
    print(f"memory (MB) before {before}, after {after}")
    print(f"5xx other than the deliberate 503 with Retry-After: {len(tally.server_errors)}")
    for request in tally.server_errors[:10]:
        print(f"  {request.method} {request.target[:150]} {request.headers} {request.body[:150]!r}")
    sys.exit(1 if tally.server_errors else 0)


if __name__ == "__main__":
    main()
