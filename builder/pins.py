"""The pinned tools: the npm packages the page vendors (PyScript, Pyodide) and the Python
test tools of pyproject.toml."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

from .layout import NPM_PINS, WEB, BuildError, run



def read_npm_pins(package_json: Path) -> dict:
    """The dependencies of web/package.json."""
    return json.loads(package_json.read_text()).get("dependencies", {})


def dev_requirements(pyproject: Path) -> list[str]:
    """The pinned dependencies .venv holds: pyproject.toml's [project.optional-dependencies] dev
    (the test tools) and build (what the build runs there: builder/compress.py)."""
    import tomllib
    extras = tomllib.loads(pyproject.read_text())["project"]["optional-dependencies"]
    return list(extras["dev"]) + list(extras["build"])


def npm_is_current() -> bool:
    """node_modules holds every package of web/package-lock.json at its locked version (each
    one's package.json says it): then `npm ci`, which deletes node_modules and installs it anew,
    is not run (worktrees may share one node_modules)."""
    lock = json.loads((WEB / "package-lock.json").read_text())
    for path, entry in lock.get("packages", {}).items():
        if not path or "version" not in entry:     # the project itself; a link
            continue
        manifest = WEB / path / "package.json"
        if not manifest.is_file() or json.loads(manifest.read_text()).get("version") != entry["version"]:
            return False
    return True


def check_npm_pins() -> None:
    """web/package.json must pin exactly the versions build.py vendors."""
    pins = read_npm_pins(WEB / "package.json")
    if pins != NPM_PINS:
        raise BuildError(f"web/package.json dependencies {pins} != expected exact pins {NPM_PINS}")


def ensure_npm() -> None:
    """Run `npm ci` in web/ when node_modules is missing or stale."""
    check_npm_pins()
    if npm_is_current():
        print("   web/node_modules is up to date")
        return
    if shutil.which("npm") is None:
        raise BuildError("npm not found: install Node.js 20 (with npm)")
    run(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=WEB)
    if not npm_is_current():
        raise BuildError(f"npm ci did not install the pinned versions {NPM_PINS}")
