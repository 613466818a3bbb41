"""The server as `python -m webapp` runs it (the README's serve command, under `./dev serve`):
slow and idle clients, bad bodies, the engine processes, the health check and the access log.

One server for the module, with one worker so that a client that could block a worker would
block the whole site, and short timeouts so the tests stay quick.
"""

from __future__ import annotations

import contextlib
import os
import re
import select
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import free_port
from puzzles import EASY

from webapp.sudoku import parse
from webapp.urlstate import GameState

ROOT = Path(__file__).resolve().parent.parent
HARDEST = "..2...7...1.....6.5......18....37.......49.....41.23....3.2.9...8.....5.6.......2"


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, int, Path]]:
    """`python -m webapp` with one worker and one engine process: (base URL, port, log)."""
    port = free_port()
    log_path = tmp_path_factory.mktemp("serve") / "server.log"
    quick = {"ENGINE_PROCESSES": "1", "HEADER_TIMEOUT": "2", "BODY_TIMEOUT": "1"}
    process = start_server(port, log_path, quick)
    try:
        yield f"http://127.0.0.1:{port}", port, log_path
    finally:
        process.terminate()
        process.wait(15)


def start_server(port: int, log_path: Path, settings: dict[str, str]) -> subprocess.Popen[bytes]:
    """`python -m webapp` with one worker and `settings`, in a session of its own (as a
    terminal starts it); back once it answers."""
    env = {**os.environ, "PORT": str(port), "WORKERS": "1", "LIMITER_STORAGE": "memory://"}
    with log_path.open("w") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "webapp"],
            cwd=ROOT,
            env={**env, **settings},
            stdout=log,
            stderr=log,
            start_new_session=True,
        )
    deadline = time.monotonic() + 30
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1):
                return process
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                pytest.fail(f"the server did not come up: {log_path.read_text()[-2000:]}")
            time.sleep(0.2)


def raw(port: int, data: bytes, timeout: float = 5) -> bytes:
    """Send raw bytes, read the answer until the server closes or `timeout` passes."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as conn:
        conn.sendall(data)
        chunks = []
        try:
            while chunk := conn.recv(65536):
                chunks.append(chunk)
                if b"\r\n\r\n" in b"".join(chunks) and b"Connection: close" not in data:
                    break
        except TimeoutError:
            pass
    return b"".join(chunks)


def get(base: str, path: str, timeout: float = 10) -> tuple[int, str]:
    """Status and text of a GET; a server that does not answer in `timeout` s fails the test
    (blocked sync workers answered only after their 30 s worker timeout)."""
    with urllib.request.urlopen(base + path, timeout=timeout) as answer:
        return answer.status, answer.read().decode()


def test_idle_and_trickling_clients_do_not_block_the_site(served: tuple[str, int, Path]) -> None:
    """With sync workers, two idle connections blocked both workers until their 30 s timeout:
    here 40 idle and 40 trickling connections hold one worker, and pages still come at once."""
    base, port, _ = served
    held = []
    try:
        for n in range(80):
            conn = socket.create_connection(("127.0.0.1", port), timeout=5)
            if n % 2:
                conn.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            held.append(conn)
        for path in ("/healthz", "/", GameState(parse(EASY)).url):
            assert get(base, path)[0] == 200
    finally:
        for conn in held:
            conn.close()


def test_a_head_that_never_ends_is_cut_off(served: tuple[str, int, Path]) -> None:
    """HEADER_TIMEOUT (2 s here): a client trickling its head is disconnected."""
    _, port, _ = served
    with socket.create_connection(("127.0.0.1", port), timeout=10) as conn:
        conn.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        start = time.monotonic()
        closed = False
        while not closed and time.monotonic() - start < 15:
            time.sleep(0.3)
            try:
                conn.sendall(b"X-Slow: 1\r\n")
                closed = bool(select.select([conn], [], [], 0)[0]) and conn.recv(100) == b""
            except OSError:
                closed = True
        assert closed and time.monotonic() - start < 12  # not held for as long as it trickles


def test_a_trickled_body_gets_408(served: tuple[str, int, Path]) -> None:
    """BODY_TIMEOUT (1 s here): a body that does not come in time is answered 408."""
    _, port, _ = served
    with socket.create_connection(("127.0.0.1", port), timeout=10) as conn:
        head = (
            b"POST /edit HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n"
            b"Content-Type: application/x-www-form-urlencoded\r\n\r\nv=1"
        )
        conn.sendall(head)
        answer = conn.recv(65536)  # within the socket's 10 s
        assert answer.startswith(b"HTTP/1.1 408"), answer[:200]


def test_a_malformed_chunked_body_gets_400_not_500(served: tuple[str, int, Path]) -> None:
    _, port, _ = served
    request = (
        b"POST /edit HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n"
        b"Content-Type: application/x-www-form-urlencoded\r\nConnection: close\r\n\r\n"
        b"zz\r\nv=1\r\n0\r\n\r\n"
    )
    answer = raw(port, request)
    assert answer.startswith(b"HTTP/1.1 400"), answer[:300]
    assert b"body is malformed" in answer


def test_a_good_chunked_body_is_read(served: tuple[str, int, Path]) -> None:
    _, port, _ = served
    body = b"v=1&state=%2F&c0=5"
    request = (
        b"POST /edit HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n"
        b"Content-Type: application/x-www-form-urlencoded\r\nConnection: close\r\n\r\n"
        + f"{len(body):x}\r\n".encode()
        + body
        + b"\r\n0\r\n\r\n"
    )
    answer = raw(port, request)
    assert answer.startswith(b"HTTP/1.1 303"), answer[:300]
    assert b"Location: /p/v1/5" in answer


def test_engine_work_runs_in_engine_processes(served: tuple[str, int, Path]) -> None:
    """A hint, a solution and a lab page come from the engine processes, and say what the
    engine says in the worker (the test client's app runs it in place)."""
    from webapp import create_app

    base, _, _ = served
    local = create_app({"TESTING": True, "SEED_POOL": 0}).test_client()
    for state in (
        GameState(parse(EASY), hint=3),
        GameState(parse(EASY), solve=True),
    ):
        status, served_page = get(base, state.url)
        here = local.get(state.url).get_data(as_text=True)
        assert status == 200
        assert _board(served_page) == _board(here) != ""
    children = subprocess.run(
        ["pgrep", "-f", "multiprocessing.spawn"], capture_output=True, text=True
    ).stdout.split()
    assert children, "no engine process runs"


def _board(page: str) -> str:
    """The grid form of a game page: digits, solved cells and the hint's marks, without the
    time the page was made (the clock's `ts`, which two requests a second apart differ in)."""
    found = re.search(r'<form id="board".*?</form>', page, re.S)
    return re.sub(r'name="ts" value="\d+"', 'name="ts"', found.group(0)) if found else ""


def test_health_and_access_log(served: tuple[str, int, Path]) -> None:
    base, _, log = served
    status, body = get(base, "/healthz")
    assert (status, body) == (200, "ok\n")
    when = r"\[\d\d/\w{3}/\d{4}:\d\d:\d\d:\d\d [+-]\d{4}\]"  # [27/Nov/2026:14:55:01 +0000]
    line = re.compile(r"127\.0\.0\.1 " + when + r' "GET /healthz HTTP/1\.1" 200 3 \d+ms')
    deadline = time.monotonic() + 10  # the worker writes its log line after the answer
    while not line.search(log.read_text()) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert line.search(log.read_text())


ORPHAN = """
import os, sys, time
from webapp.enginepool import EnginePool
pool = EnginePool(1)
print(pool.run(os.getpid), flush=True)
time.sleep(60)
"""


def running(pid: int) -> bool:
    """Whether process `pid` is alive (an ended one nobody has reaped yet is a zombie)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return False
    return "\nState:\tZ" not in status


def test_engine_processes_end_when_their_worker_is_killed() -> None:
    """gunicorn kills a worker that outlives its graceful timeout; its engine processes used
    to run on, orphaned (170 MB and the puzzle-maker's CPU for every stop of a busy site)."""
    worker = subprocess.Popen(
        [sys.executable, "-c", ORPHAN], cwd=ROOT, stdout=subprocess.PIPE, text=True
    )
    try:
        assert worker.stdout is not None
        engine = int(worker.stdout.readline())
        assert running(engine)
        worker.kill()
        worker.wait(5)
        deadline = time.monotonic() + 10
        while running(engine) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not running(engine)
    finally:
        worker.kill()


WORKER_LOAD = """
import gc
from webapp.__main__ import Server
Server({}, {"SEED_POOL": 0}).load()
print(gc.get_freeze_count())
"""


def test_a_worker_leaves_its_start_up_out_of_garbage_collections() -> None:
    """A full collection walked every module, table and template of the worker: 50-60 ms
    in which none of its connections got an answer (the slowest hints and edits)."""
    loaded = subprocess.run(
        [sys.executable, "-c", WORKER_LOAD], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert int(loaded.stdout) > 10_000


def test_ctrl_c_answers_the_requests_in_flight_before_it_stops(tmp_path: Path) -> None:
    """The README said Ctrl+C stops gracefully: gunicorn's INT dropped a request whose body
    was on its way (connection reset), and each worker printed a SystemExit traceback."""
    port, log_path = free_port(), tmp_path / "server.log"
    process = start_server(port, log_path, {})
    try:
        body = b"text=" + EASY.encode()
        head = (
            "POST /load HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
            "Content-Type: application/x-www-form-urlencoded\r\n"
            f"Content-Length: {len(body)}\r\n\r\n"
        )
        with socket.create_connection(("127.0.0.1", port), timeout=10) as conn:
            conn.sendall(head.encode() + body[:20])
            time.sleep(0.3)
            os.killpg(process.pid, signal.SIGINT)  # Ctrl+C: every process of the terminal's
            time.sleep(0.3)
            conn.sendall(body[20:])
            answer = conn.makefile("rb").read()
        assert answer.startswith(b"HTTP/1.1 303"), answer[:200]
        assert process.wait(30) == 0
        assert "Traceback" not in log_path.read_text(), log_path.read_text()[-3000:]
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)


def dev_serve(port: int, log_path: Path, settings: dict[str, str]) -> subprocess.Popen[bytes]:
    """`./dev serve` with one worker and `settings` (without LIMITER_STORAGE: its own Redis),
    back once it answers."""
    env = {k: v for k, v in os.environ.items() if k != "LIMITER_STORAGE"}
    with log_path.open("w") as log:
        script = subprocess.Popen(
            ["./dev", "serve"],
            cwd=ROOT,
            env={**env, "PORT": str(port), "WORKERS": "1", **settings},
            stdout=log,
            stderr=log,
            start_new_session=True,
        )
    deadline = time.monotonic() + 120  # a fresh checkout sets itself up first
    while True:
        try:
            get(f"http://127.0.0.1:{port}", "/healthz", timeout=1)
            return script
        except OSError:
            assert script.poll() is None and time.monotonic() < deadline, log_path.read_text()
            time.sleep(0.3)


def test_dev_serve_stops_its_server_when_told_to(tmp_path: Path) -> None:
    """A supervisor's TERM for `./dev serve` used to end the script and leave the server it
    started running (orphaned, on the port); now the script passes it on and ends after it."""
    port = free_port()
    script = dev_serve(port, tmp_path / "serve.log", {"LIMITER_STORAGE": "memory://"})
    try:
        script.terminate()
        assert script.wait(30) == 0
        with pytest.raises(OSError):
            get(f"http://127.0.0.1:{port}", "/healthz", timeout=1)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(script.pid, signal.SIGKILL)  # whatever is left of it


def test_dev_serve_started_again_or_twice_keeps_its_own_redis(tmp_path: Path) -> None:
    """Two `./dev serve` shared one socket path: the second's Redis replaced the first's, and
    stopping either left the other counting limits per worker (as did a quick restart, when
    the old Redis removed the socket the new one had just made)."""
    if not shutil.which("redis-server"):
        pytest.skip("no redis-server (./dev test installs it with apt-get)")
    ports = free_port(), free_port()
    scripts = [dev_serve(port, tmp_path / f"{port}.log", {}) for port in ports]
    try:
        scripts[1].terminate()
        assert scripts[1].wait(30) == 0
        scripts[1] = dev_serve(ports[1], tmp_path / "again.log", {})  # at once, on the same port
        for port in ports:
            assert get(f"http://127.0.0.1:{port}", "/healthz")[1] == "ok\n"
        scripts[1].terminate()
        assert scripts[1].wait(30) == 0
        assert get(f"http://127.0.0.1:{ports[0]}", "/healthz")[1] == "ok\n"
    finally:
        for script in scripts:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(script.pid, signal.SIGTERM)
            with contextlib.suppress(subprocess.TimeoutExpired):
                script.wait(30)
    assert not list((ROOT / ".run").glob(f"redis-{scripts[0].pid}.*"))  # its files went with it
