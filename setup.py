"""Build hook: the wheel carries templates/ and static/, htmx included, inside `webapp/`.

Everything else about the build is in pyproject.toml. A checkout serves its top-level
templates/ and static/ (an editable install changes nothing there). A wheel has no checkout
around it, so `build_py` copies both folders into the package as `webapp/templates` and
`webapp/static`, and puts htmx in `webapp/static/vendor/`. htmx comes from the npm registry,
pinned by package-lock.json: the hook copies it from node_modules/, running `npm ci` first when
node_modules/ lacks the locked version, so building a wheel needs Node.js and npm. An sdist
carries templates/, static/ and the npm files, so a wheel built from it is the same.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.command.sdist import sdist

ROOT = Path(__file__).resolve().parent
FOLDERS = ("templates", "static")
NPM_FILES = ("package.json", "package-lock.json")
HTMX = Path("node_modules", "htmx.org")


def locked_htmx_version() -> str:
    lock = json.loads((ROOT / "package-lock.json").read_text())
    return str(lock["packages"][HTMX.as_posix()]["version"])


def htmx_file() -> Path:
    """htmx.min.js at the version package-lock.json pins, installed with `npm ci` if needed."""
    wanted = locked_htmx_version()
    manifest = ROOT / HTMX / "package.json"
    if not manifest.is_file() or json.loads(manifest.read_text())["version"] != wanted:
        npm = shutil.which("npm")
        if npm is None:
            raise SystemExit(
                f"building the wheel needs htmx {wanted} from the npm registry: "
                "install Node.js with npm (or run `npm ci` here first)"
            )
        subprocess.run(
            [npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=ROOT, check=True
        )
    return ROOT / HTMX / "dist" / "htmx.min.js"


class BuildPy(build_py):
    """build_py, then templates/ and static/ (with htmx) copied into the built package."""

    def run(self) -> None:
        package = Path(self.build_lib, "webapp")
        if not self.editable_mode:  # nothing stale (a renamed module) from an earlier build
            shutil.rmtree(package, ignore_errors=True)
        super().run()
        if self.editable_mode:  # the checkout's own folders are served
            return
        for name in FOLDERS:
            shutil.copytree(ROOT / name, package / name, ignore=shutil.ignore_patterns("vendor"))
        vendor = package / "static" / "vendor"
        vendor.mkdir()
        shutil.copy2(htmx_file(), vendor / "htmx.min.js")


class Sdist(sdist):
    """The sdist also holds templates/, static/ (without the generated vendor/) and the npm
    files, so a wheel built from it gets the same assets."""

    def make_release_tree(self, base_dir: str, files: list[str]) -> None:
        extra = [*NPM_FILES, "setup.py"]
        for name in FOLDERS:
            extra += [
                str(path.relative_to(ROOT))
                for path in sorted((ROOT / name).rglob("*"))
                if path.is_file() and "vendor" not in path.relative_to(ROOT).parts
            ]
        super().make_release_tree(base_dir, sorted(set(files) | set(extra)))


setup(cmdclass={"build_py": BuildPy, "sdist": Sdist})
