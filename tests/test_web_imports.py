"""The layers stay apart: the engine and its command line load nothing of the web."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest
from puzzles import EASY, EASY_SOLUTION

ROOT = Path(__file__).resolve().parent.parent
WEB = ("flask", "werkzeug", "jinja2", "gunicorn", "webapp.app", "webapp.views")


def imported(args: list[str], stdin: str = "") -> tuple[set[str], str]:
    """The modules a fresh interpreter imports running `python -X importtime ARGS`, and its
    output (importtime lists every module on stderr, so this sees what the command loaded)."""
    run = subprocess.run(
        [sys.executable, "-X", "importtime", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    lines = [line for line in run.stderr.splitlines() if line.startswith("import time:")]
    names = {line.rsplit("|", 1)[1].strip() for line in lines[1:]}  # the first is the heading
    return names, run.stdout


def loads_web(modules: set[str]) -> set[str]:
    return {m for m in modules if m.split(".")[0] in WEB or m in WEB}


def test_importing_the_engine_loads_no_flask() -> None:
    modules, _ = imported(["-c", "import webapp.sudoku, webapp.sudoku.board"])
    assert "webapp.sudoku.board" in modules  # the measurement sees the engine
    assert not loads_web(modules)


@pytest.mark.parametrize("command", ["solve", "grade"])
def test_the_engine_command_line_loads_no_flask(command: str) -> None:
    modules, out = imported(["-m", "webapp.sudoku", command, "-"], stdin=EASY + "\n")
    assert "webapp.sudoku.cli" in modules or "webapp.sudoku.__main__" in modules
    if command == "solve":
        assert out.split() == [EASY_SOLUTION]
    else:
        assert "Easy" in out
    assert not loads_web(modules)


def test_the_app_still_builds_from_the_package() -> None:
    """`gunicorn 'webapp:create_app()'` and `flask --app webapp` find the factory here."""
    build = "import webapp; print(type(webapp.create_app({'SEED_POOL': 0})).__name__)"
    modules, out = imported(["-c", build])
    assert out.strip() == "Flask"
    assert {"flask", "webapp.app", "webapp.views"} <= modules


def test_the_web_uses_only_the_engines_public_face() -> None:
    """Web modules import `webapp.sudoku` (its __init__), never a module behind it."""
    reached = []
    for path in sorted((ROOT / "webapp").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom):
                name = "." * node.level + (node.module or "")
                if name.startswith((".sudoku.", "webapp.sudoku.")):
                    reached.append(f"{path.name}: from {name} import ...")
            elif isinstance(node, ast.Import):
                reached += [
                    f"{path.name}: import {a.name}" for a in node.names if "sudoku." in a.name
                ]
    assert reached == []
    assert "from .sudoku import" in (ROOT / "webapp" / "views.py").read_text()  # the scan sees
