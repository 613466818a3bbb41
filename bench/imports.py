"""The project's import graph and what importing the engine costs.

    .venv/bin/python bench/imports.py [--runs 15] [--root .]

Arrows: one per pair of the project's modules (`webapp.*`) where the first imports the second,
read from the source with `ast` (imports inside functions count too; `from pkg import x`
points at the package when its `__init__` binds `x`, else at the submodule `pkg.x`). Cycles:
groups of modules that reach each other (strongly connected components of more than one
module). Then `python -X importtime -c "import webapp.sudoku.board"` in fresh interpreters:
the median cumulative time of that import, the modules it leaves in `sys.modules`, and
whether Flask is among them.
"""

from __future__ import annotations

import argparse
import ast
import statistics
import subprocess
import sys
from pathlib import Path

IMPORT = "webapp.sudoku.board"
ENGINE = "webapp.sudoku"


def modules(root: Path) -> dict[str, Path]:
    """The project's module names -> their files."""
    found = {}
    for path in sorted((root / "webapp").rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def bound_names(path: Path) -> set[str]:
    """The names a module binds at its top level (imports, definitions, assignments)."""
    names: set[str] = set()
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            names |= {(alias.asname or alias.name).split(".")[0] for alias in node.names}
        elif isinstance(node, ast.FunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    return names


def arrows(root: Path) -> dict[str, set[str]]:
    """Each module -> the project's modules it imports."""
    files = modules(root)
    bound = {name: bound_names(path) for name, path in files.items() if path.stem == "__init__"}
    graph: dict[str, set[str]] = {name: set() for name in files}
    for name, path in files.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text())):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*parent, *([node.module] if node.module else [])])
                targets = [  # a name the package binds is that, else a submodule
                    base
                    if alias.name in bound.get(base, ()) or f"{base}.{alias.name}" not in files
                    else f"{base}.{alias.name}"
                    for alias in node.names
                ]
            for target in targets:
                while target and target not in files:
                    target = target.rpartition(".")[0]
                if target and target != name:
                    graph[name].add(target)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in graph[node]:
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while (member := stack.pop()) != node:
                group.append(member)
            if group:
                found.append(sorted([*group, node]))

    for node in graph:
        if node not in index:
            visit(node)
    return found


def import_cost(root: Path, runs: int) -> tuple[float, int, bool]:
    """Median cumulative ms of `import IMPORT`, modules loaded, and whether Flask is one."""
    times = []
    code = f"import sys, {IMPORT}; print(len(sys.modules), 'flask' in sys.modules)"
    for _ in range(runs):
        run = subprocess.run(
            [sys.executable, "-X", "importtime", "-c", code],
            cwd=root,
            capture_output=True,
            text=True,
            check=True,
        )
        line = next(x for x in run.stderr.splitlines() if x.endswith(f"| {IMPORT}"))
        times.append(int(line.split("|")[1]) / 1000)
        count, flask = run.stdout.split()
    return statistics.median(times), int(count), flask == "True"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=15, help="fresh interpreters to time")
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parent.parent)
    args = parser.parse_args()
    graph = arrows(args.root)
    web = {name: targets for name, targets in graph.items() if not name.startswith(ENGINE)}
    into_engine = sorted({t for targets in web.values() for t in targets if t.startswith(ENGINE)})
    print(f"modules {len(graph)}, arrows {sum(map(len, graph.values()))}")
    print(f"web modules {len(web)}, their arrows {sum(map(len, web.values()))}, ", end="")
    print(f"into the engine: {', '.join(into_engine)}")
    print(f"cycles: {cycles(graph) or 'none'}")
    ms, count, flask = import_cost(args.root, args.runs)
    print(
        f"import {IMPORT}: {ms:.0f} ms cumulative (median of {args.runs}), "
        f"{count} modules in sys.modules, Flask {'loaded' if flask else 'not loaded'}"
    )


if __name__ == "__main__":
    main()
