"""`pip install .` from a clean clone serves the whole site: pages, error pages and every asset.

The checkout's files (what a clone holds: no node_modules/, no static/vendor/, no build/) are
copied to a temporary folder; the wheel is built there (the build hook fetches htmx with
`npm ci`), installed into a fresh venv outside the checkout (dependencies from PyPI) and served
by `python -m webapp` under gunicorn.
"""

from __future__ import annotations

import fcntl
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from puzzles import EASY

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.install


def run(*args: str | Path, cwd: Path) -> str:
    done = subprocess.run(
        [str(a) for a in args], cwd=cwd, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, f"{args}: {done.stdout[-1500:]}{done.stderr[-1500:]}"
    return done.stdout


def clone(target: Path) -> None:
    """Copy what a clone of the checkout holds (tracked and new files, none that git ignores)."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout: can't tell which files a clone would hold")
    listed = run("git", "ls-files", "-z", "--cached", "--others", "--exclude-standard", cwd=ROOT)
    for name in sorted(set(listed.split("\0")) - {""}):
        source = ROOT / name
        if source.is_file():  # not deleted in the working tree
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def get(url: str) -> tuple[int, bytes, str]:
    """Status, body and content type of a GET (error statuses included)."""
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return response.status, response.read(), response.headers["Content-Type"]
    except urllib.error.HTTPError as err:
        return err.code, err.read(), err.headers["Content-Type"]


def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The venv with the wheel installed, built once per run: under xdist the first worker to
    ask builds it in the folder the workers share, the others wait for it (~20 s each)."""
    if shutil.which("npm") is None:
        pytest.skip("building the wheel needs npm (htmx comes from the npm registry)")
    base = tmp_path_factory.getbasetemp()
    folder = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "wheel-install"
    folder.mkdir(exist_ok=True)
    source, wheels, venv = folder / "clone", folder / "wheels", folder / "venv"
    with (folder / "lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # until the file closes
        if not (folder / "done").exists():
            for left in (source, wheels, venv):  # left by a worker whose build failed
                shutil.rmtree(left, ignore_errors=True)
            clone(source)
            python = Path(sys.executable)
            run(python, "-m", "pip", "wheel", "--no-deps", "-q", "-w", wheels, source, cwd=folder)
            (wheel,) = wheels.glob("*.whl")
            run(python, "-m", "venv", venv, cwd=folder)
            run(venv / "bin" / "python", "-m", "pip", "install", "-q", wheel, cwd=folder)
            (folder / "done").touch()
    return venv


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """The site served from a wheel installed in a fresh venv: (base URL, the venv)."""
    venv = built(tmp_path_factory)
    work = tmp_path_factory.mktemp("install")
    port = free_port()
    log = (work / "server.log").open("w")
    server = subprocess.Popen(
        [venv / "bin" / "python", "-m", "webapp", "--port", str(port), "--workers", "1"],
        cwd=work,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(200):
            try:
                urllib.request.urlopen(base + "/robots.txt", timeout=2).close()
                break
            except OSError:
                assert server.poll() is None, (work / "server.log").read_text()[-2000:]
                time.sleep(0.1)
        yield base, venv
    finally:
        server.terminate()
        server.wait(timeout=30)
        log.close()


def test_the_installed_app_serves_its_own_copy(installed: tuple[str, Path]) -> None:
    _, venv = installed
    code = "import webapp.app as a; print(a.TEMPLATES); print(a.STATIC)"
    folders = run(venv / "bin" / "python", "-c", code, cwd=venv).split()
    for folder in folders:
        assert Path(folder).is_relative_to(venv) and Path(folder).is_dir()


@pytest.mark.parametrize("path", ["/", "/p/v1/" + EASY])
def test_pages_and_every_asset_they_reference(installed: tuple[str, Path], path: str) -> None:
    base, _ = installed
    status, body, kind = get(base + path)
    page = body.decode()
    assert status == 200 and kind.startswith("text/html")
    assert page.count('class="cell ') == 81
    assets = set(re.findall(r'(?:src|href)="(/static/[^"?]+)', page))
    assert {"/static/app.css", "/static/app.js", "/static/vendor/htmx.min.js"} <= assets
    for asset in assets:
        status, content, _ = get(base + asset)
        assert status == 200 and content, asset
        checkout = ROOT / asset.removeprefix("/")
        if "vendor" not in asset:
            assert content == checkout.read_bytes(), asset
    status, htmx, kind = get(base + "/static/vendor/htmx.min.js")
    assert b"htmx" in htmx and len(htmx) > 10_000 and "javascript" in kind


def test_error_pages_render_too(installed: tuple[str, Path]) -> None:
    base, _ = installed
    status, body, _ = get(base + "/p/v1/123")
    assert status == 400 and "a Sudoku has 81" in body.decode()
    status, body, _ = get(base + "/no/such/page")
    assert status == 404 and "There is no page here" in body.decode()
