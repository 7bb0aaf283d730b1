"""The pinned tools: the npm packages the page vendors (PyScript, Pyodide) and the Python
test tools of pyproject.toml."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

from .layout import NODE_MODULES, NPM_PINS, NPM_STAMP, WEB, BuildError, run, sha256_file



def read_npm_pins(package_json: Path) -> dict:
    """The dependencies of web/package.json."""
    return json.loads(package_json.read_text()).get("dependencies", {})


def dev_requirements(pyproject: Path) -> list[str]:
    """The pinned dev dependencies listed in pyproject.toml ([project.optional-dependencies] dev)."""
    import tomllib
    data = tomllib.loads(pyproject.read_text())
    return list(data["project"]["optional-dependencies"]["dev"])


def npm_is_current() -> bool:
    """node_modules exists, was installed from the current lock file, and has the pins."""
    if not NPM_STAMP.is_file() or NPM_STAMP.read_text().strip() != sha256_file(WEB / "package-lock.json"):
        return False
    for name, version in NPM_PINS.items():
        manifest = NODE_MODULES / name / "package.json"
        if not manifest.is_file() or json.loads(manifest.read_text()).get("version") != version:
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
    NPM_STAMP.write_text(sha256_file(WEB / "package-lock.json") + "\n")
    if not npm_is_current():
        raise BuildError(f"npm ci did not install the pinned versions {NPM_PINS}")
