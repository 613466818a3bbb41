"""Load benchmark: the site as the README serves it (`./dev serve`), on loopback.

    .venv/bin/python bench/load.py [mix|attack|slow|all] [--seconds S] [--clients N]

- mix: N players (default 50), each from its own loopback address, play for S seconds
  (default 60), pausing --think seconds on average (1) between requests: edits (htmx),
  hints, solves, page loads, new puzzles, the stylesheet. Each plays games in progress (up
  to 60 moves: notes, digits, some wrong, undos) and posts the whole grid form, as the page
  does. Then, in the same run, the same clients play as fast as answers come, and then ask
  for the trivial endpoint (/healthz) alone, S/3 seconds each: the site's capacity for the
  mix against the trivial endpoint's. Prints requests/s, p50/p99 per route, errors, and the
  memory of the server's processes before and after; for the capacity, also the server's CPU
  per request of the two phases, which moves less than their rates when something else
  shares the machine. Targets: edit, hint and solve p99 at most 25 ms; the mix's requests/s
  at least half the trivial endpoint's; no errors.
- attack: 8 clients hammer the costliest routes (new Extreme puzzles, ratings of hard puzzles
  relabelled so that no cache helps, hints on hard positions, the lab's side by side) for S
  seconds while one player edits and one client loads a trivial page (the home page and
  /healthz), each once every 20 ms. Target: the player's edits and the trivial page p99
  under 150 ms.
- slow: 500 connections, half idle and half trickling a header a byte a second (each opened
  again when the server closes it), held for S seconds (2 minutes for the issue's figure)
  while one client loads the home page every 50 ms. Target: p99 under 100 ms, no error.

Clients and server share the machine's cores; figures are for comparison on one machine.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.client import (  # noqa: E402
    Connection,
    Record,
    address,
    cpu_seconds,
    free_port,
    memory,
    percentile,
    served,
    settle,
    table,
)
from bench.data import missing, read_puzzles  # noqa: E402
from bench.web import grid_form, one_digit, played  # noqa: E402
from webapp.sudoku import parse  # noqa: E402
from webapp.urlstate import GameState, encode_cells  # noqa: E402

HTMX = {"HX-Request": "true", "Content-Type": "application/x-www-form-urlencoded"}
FALLBACK_EASY = [
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
    "2...8.3...6..7..84.3.5..2.9...1.54.8.........4.27.6...3.1..7.4.72..4..6...4.1...3",
]
FALLBACK_HARD = [
    "..2...7...1.....6.5......18....37.......49.....41.23....3.2.9...8.....5.6.......2",
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
]
LEVELS = ("easy", "medium", "hard", "expert", "extreme")
GAMES = 12  # games in progress per client
MIX = (("edit", 60), ("page", 14), ("hint", 10), ("solve", 5), ("static", 8), ("new", 3))


def puzzle_set(name: str, fallback: list[str], count: int) -> list[str]:
    if missing(name):
        return fallback
    found = read_puzzles(name)
    return random.Random(name).sample(found, min(count, len(found)))


def relabelled(puzzle: str, rng: random.Random) -> str:
    """The same puzzle with its digits renamed: a new URL, the same difficulty."""
    digits = list("123456789")
    rng.shuffle(digits)
    return "".join(digits[int(ch) - 1] if ch in "123456789" else "." for ch in puzzle)


async def timed(
    record: Record, route: str, conn: Connection, method: str, target: str, **kw: object
) -> int:
    start = time.perf_counter()
    try:
        reply = await conn.request(method, target, **kw)  # type: ignore[arg-type]
    except (OSError, TimeoutError, ConnectionError):
        record.fail(route)
        return 0
    record.add(route, time.perf_counter() - start, reply.status)
    return reply.status


def games(puzzles: list[str], count: int, seed: int) -> list[GameState]:
    """Games in progress as players have them (0-60 moves: candidates noted, digits placed,
    some wrong, a few undone), made before the clock starts."""
    rng = random.Random(seed)
    return [played(rng.choice(puzzles), rng.randint(0, 60), rng) for _ in range(count)]


async def player(
    n: int, port: int, until: float, games: list[GameState], record: Record, think: float = 0
) -> None:
    """One client playing its games in progress: mostly edits (one digit typed into the whole
    grid form, as the page posts it), sometimes the rest; between two requests it thinks for
    `think` seconds on average (0: as fast as answers come)."""
    rng = random.Random(n)
    conn = Connection(port, address(n))
    routes, weights = zip(*MIX, strict=True)
    if think:  # players arrive one by one, as they do (not all in the same millisecond)
        await asyncio.sleep(rng.expovariate(1 / think))
    await timed(record, "page", conn, "GET", games[0].url)
    while time.monotonic() < until:
        route = rng.choices(routes, weights)[0]
        game = rng.choice(games)
        if route == "edit":
            body = grid_form(game, one_digit(game, rng)).encode()
            await timed(record, route, conn, "POST", "/edit", body=body, headers=HTMX)
        elif route in ("hint", "solve"):
            body = grid_form(game, action=route).encode()
            await timed(record, route, conn, "POST", "/edit", body=body, headers=HTMX)
        elif route == "page":
            await timed(record, route, conn, "GET", game.url)
        elif route == "static":
            await timed(record, route, conn, "GET", "/static/app.css")
        else:
            await timed(record, route, conn, "GET", f"/new/{rng.choice(LEVELS[:4])}")
        if think:
            await asyncio.sleep(rng.expovariate(1 / think))
    await conn.close()


async def trivial(n: int, port: int, until: float, record: Record, path: str, pause: float) -> None:
    conn = Connection(port, address(n))
    route = "trivial " + path
    while time.monotonic() < until:
        await timed(record, route, conn, "GET", path)
        if pause:
            await asyncio.sleep(pause)
    await conn.close()


def report(title: str, record: Record, seconds: float) -> None:
    print(
        f"\n{title}: {record.count()} requests in {seconds:.0f} s, "
        f"{record.count() / seconds:.0f} requests/s"
    )
    for line in table(record, seconds):
        print("  " + line)
    errors = sum(
        n for counts in record.statuses.values() for code, n in counts.items() if code >= 400
    )
    print(f"  errors (4xx/5xx): {errors}; connections failed: {sum(record.failures.values())}")


async def run_mix(
    server: int, port: int, clients: int, seconds: float, think: float
) -> tuple[float, float]:
    """Players (with `think` s between requests) for `seconds`, then the same clients as fast
    as they can, then the trivial endpoint alone: each a third of `seconds`, each once the
    server is quiet (what the phase before queued is done, the seed pools refilled)."""
    puzzles = puzzle_set("kaggle_sample.txt", FALLBACK_EASY, 500)
    played_by = [games(puzzles, GAMES, n) for n in range(clients)]
    record = Record()
    until = time.monotonic() + seconds
    await asyncio.gather(
        *(player(n, port, until, played_by[n], record, think) for n in range(clients))
    )
    report(f"mix, {clients} players thinking {think:g} s on average", record, seconds)
    for route in ("edit", "hint", "solve"):
        p99 = percentile(record.times.get(route, []), 99) * 1000
        print(f"  {route} p99 {p99:.1f} ms (target at most 25 ms)")
    short = max(5.0, seconds / 3)
    print(f"\n(server quiet after {settle(server):.0f} s)")
    flat = Record()
    until = time.monotonic() + short
    spent = cpu_seconds(server)
    await asyncio.gather(*(player(n, port, until, played_by[n], flat) for n in range(clients)))
    mix_cpu = (cpu_seconds(server) - spent) / max(flat.count(), 1)
    report(f"mix, {clients} clients as fast as answers come", flat, short)
    print(f"\n(server quiet after {settle(server):.0f} s)")
    alone = Record()
    until = time.monotonic() + short
    spent = cpu_seconds(server)
    await asyncio.gather(*(trivial(n, port, until, alone, "/healthz", 0) for n in range(clients)))
    trivial_cpu = (cpu_seconds(server) - spent) / max(alone.count(), 1)
    report(f"trivial endpoint alone, {clients} clients as fast as answers come", alone, short)
    mix_rate, trivial_rate = flat.count() / short, alone.count() / short
    print(
        f"\nthe mix's throughput is {mix_rate / trivial_rate:.2f} of the trivial endpoint's "
        "(target: at least 0.5)"
    )
    # The rates move with whatever else the machine runs; the server's CPU per request does not.
    print(
        f"server CPU per request (workers, engine processes, Redis): the mix "
        f"{mix_cpu * 1000:.2f} ms, /healthz {trivial_cpu * 1000:.2f} ms: "
        f"{trivial_cpu / mix_cpu:.2f} by CPU"
    )
    return mix_rate, trivial_rate


async def attacker(n: int, port: int, until: float, hard: list[str], record: Record) -> None:
    """Hammer the costliest routes, one after another, as fast as answers come."""
    rng = random.Random(1000 + n)
    conn = Connection(port, address(100 + n))
    kinds = ("new extreme", "rating", "hint hard", "lab")
    while time.monotonic() < until:
        kind = rng.choice(kinds)
        puzzle = relabelled(rng.choice(hard), rng)
        code = encode_cells(parse(puzzle))
        if kind == "new extreme":
            status = await timed(record, "attack " + kind, conn, "GET", "/new/extreme")
        elif kind == "rating":
            status = await timed(record, "attack " + kind, conn, "GET", f"/difficulty/{code}")
        elif kind == "hint hard":
            body = grid_form(GameState(parse(puzzle)), action="hint").encode()
            status = await timed(
                record, "attack " + kind, conn, "POST", "/edit", body=body, headers=HTMX
            )
        else:
            status = await timed(record, "attack " + kind, conn, "GET", f"/lab/{code}")
        if status == 0:
            conn = Connection(port, address(100 + n))


async def run_attack(port: int, seconds: float) -> None:
    hard = puzzle_set("forum_hardest_1106.txt", FALLBACK_HARD, 300)
    easy = puzzle_set("kaggle_sample.txt", FALLBACK_EASY, 50)
    record = Record()
    until = time.monotonic() + seconds

    async def one_player() -> None:
        rng = random.Random(7)
        conn = Connection(port, address(50))
        game = games(easy, 1, 7)[0]
        while time.monotonic() < until:
            body = grid_form(game, one_digit(game, rng)).encode()
            await timed(record, "player edit", conn, "POST", "/edit", body=body, headers=HTMX)
            await asyncio.sleep(0.02)

    await asyncio.gather(
        one_player(),
        trivial(51, port, until, record, "/", 0.02),
        trivial(52, port, until, record, "/healthz", 0.02),
        *(attacker(n, port, until, hard, record) for n in range(8)),
    )
    report("attack: 8 clients on the costliest routes, one player, trivial pages", record, seconds)
    for route in ("player edit", "trivial /", "trivial /healthz"):
        p99 = percentile(record.times.get(route, []), 99) * 1000
        print(f"  {route} p99 {p99:.1f} ms (target under 150 ms)")


async def slow_client(n: int, port: int, until: float, trickle: bool, opened: list[int]) -> None:
    """Hold a connection open, idle or sending a header byte a second; reopen when closed."""
    while time.monotonic() < until:
        try:
            reader, writer = await asyncio.open_connection(
                "127.0.0.1", port, local_addr=(address(200 + n), 0)
            )
        except OSError:
            await asyncio.sleep(0.5)
            continue
        opened[0] += 1
        try:
            if trickle:
                writer.write(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            while time.monotonic() < until and not reader.at_eof():
                if trickle:
                    writer.write(b"a")
                    await writer.drain()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(reader.read(1024), 1)
        except OSError:
            pass
        finally:
            writer.close()


async def run_slow(port: int, seconds: float, held: int) -> None:
    record = Record()
    opened = [0]
    until = time.monotonic() + seconds
    slow = [slow_client(n, port, until, n % 2 == 1, opened) for n in range(held)]
    await asyncio.sleep(0)
    await asyncio.gather(*slow, trivial(0, port, until, record, "/", 0.05))
    report(f"slow: {held} idle or trickling connections held", record, seconds)
    p99 = percentile(record.times.get("trivial /", []), 99) * 1000
    print(f"  connections opened (the server closes idle and trickling ones): {opened[0]}")
    print(f"  trivial page p99 {p99:.1f} ms (target under 100 ms)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "scenario", nargs="?", default="all", choices=("mix", "attack", "slow", "all")
    )
    parser.add_argument("--seconds", type=float, default=0, help="per scenario (60, 60, 120)")
    parser.add_argument("--clients", type=int, default=50, help="clients of the mix")
    parser.add_argument("--held", type=int, default=500, help="slow connections held")
    parser.add_argument("--think", type=float, default=1.0, help="mix: players' mean pause (s)")
    args = parser.parse_args()
    port = free_port()
    scenarios = ("mix", "attack", "slow") if args.scenario == "all" else (args.scenario,)
    with served(port) as server:
        before = memory(server)
        print(f"server on 127.0.0.1:{port}; memory before (MB): {before}")
        for scenario in scenarios:
            if scenario == "mix":
                asyncio.run(run_mix(server, port, args.clients, args.seconds or 60, args.think))
            elif scenario == "attack":
                asyncio.run(run_attack(port, args.seconds or 60))
            else:
                asyncio.run(run_slow(port, args.seconds or 120, args.held))
        print(f"\nmemory after (MB): {memory(server)}")


if __name__ == "__main__":
    main()
