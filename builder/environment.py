"""The set-up of `build.py test` and `bench`: the .venv with the pinned test tools, the npm
packages, Debian's browsers (apt-get), then dist/."""
from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path

from .layout import (DIST, PYODIDE_VERSION, PYSCRIPT_VERSION, ROOT, VENV, VENV_PYTHON, BuildError,
                     run, step)
from .pins import dev_requirements, ensure_npm
from .site import build

CHROMIUM = Path("/usr/bin/chromium")
XVFB = Path("/usr/bin/Xvfb")                       # a display for WebKitGTK (no headless mode)
WEBKIT_DRIVER = Path("/usr/bin/WebKitWebDriver")   # drives WebKitGTK's MiniBrowser (selenium)
FIREFOX = Path("/usr/bin/firefox-esr")             # driven by puppeteer-core over WebDriver BiDi

# An older WebKit (WPE 2.38, which says it is Safari 16.0): the page must tell it, in words,
# that it is too old. WPEWebDriver drives cog, WPE's small browser.
OLD_WEBKIT_DRIVER = Path("/usr/bin/WPEWebDriver")
OLD_WEBKIT_BROWSER = Path("/usr/bin/cog")

# The browsers the tests and benchmarks drive: Debian's package for each, and the file that
# shows it is installed. Chromium, WebKit (Safari's engine) and Gecko: every engine a tablet has.
BROWSER_PACKAGES = {
    "chromium": CHROMIUM,
    "xvfb": XVFB,
    "webkit2gtk-driver": WEBKIT_DRIVER,
    "firefox-esr": FIREFOX,
    "wpewebkit-driver": OLD_WEBKIT_DRIVER,
    "cog": OLD_WEBKIT_BROWSER,
}
APT_PACKAGES = list(BROWSER_PACKAGES)
APT_OPTIONS = ["-q", "-o", "DPkg::Lock::Timeout=600"]   # wait for another apt/dpkg to finish
VENV_STAMP = VENV / ".machu-picchu-dev-deps.json"
BUILT_ENV = "MACHU_PICCHU_DIST_BUILT"   # set by `test`/`bench`: conftest skips rebuilding


def ensure_venv() -> None:
    """Create .venv and install the pinned dev dependencies (skipped when already done)."""
    requirements = dev_requirements(ROOT / "pyproject.toml")
    wanted = {"python": sys.version.split()[0], "requirements": requirements}
    if not VENV_PYTHON.exists():
        run([sys.executable, "-m", "venv", VENV])
    elif VENV_STAMP.is_file() and json.loads(VENV_STAMP.read_text()) == wanted:
        print(f"   .venv is up to date ({', '.join(requirements)})")
        return
    run([VENV_PYTHON, "-m", "pip", "install", "--disable-pip-version-check", "-q", *requirements])
    VENV_STAMP.write_text(json.dumps(wanted) + "\n")


def missing_browser_packages(packages: dict[str, Path] = BROWSER_PACKAGES) -> list[str]:
    """The Debian packages of `packages` whose file is not on this machine."""
    return [name for name, path in packages.items() if not path.exists()]


def ensure_browsers() -> None:
    """Install with apt-get the Debian packages of BROWSER_PACKAGES that are missing
    (chromium, xvfb, webkit2gtk-driver, firefox-esr, wpewebkit-driver, cog)."""
    missing = missing_browser_packages()
    if not missing:
        print("   installed: " + ", ".join(f"{name} ({path})" for name, path in BROWSER_PACKAGES.items()))
        return
    if shutil.which("apt-get") is None:
        raise BuildError(f"{', '.join(missing)} missing and apt-get not available: install them by hand")
    prefix = []
    if os.geteuid() != 0:
        if shutil.which("sudo") is None:
            raise BuildError(f"missing: run `apt-get install -y {' '.join(missing)}` as root")
        prefix = ["sudo", "-n"]
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    run(prefix + ["apt-get", *APT_OPTIONS, "update"], env=env)
    run(prefix + ["apt-get", *APT_OPTIONS, "install", "-y", *missing], env=env)
    still = missing_browser_packages()
    if still:
        raise BuildError("apt-get install did not provide "
                         + ", ".join(str(BROWSER_PACKAGES[name]) for name in still))


def prepare_browser_run() -> dict:
    """venv + npm + browsers + dist/; returns the environment for the child process."""
    step("Python venv (.venv) with pinned dev dependencies")
    ensure_venv()
    step(f"npm packages in web/ (@pyscript/core {PYSCRIPT_VERSION}, pyodide {PYODIDE_VERSION})")
    ensure_npm()
    step("Debian browsers: " + ", ".join(BROWSER_PACKAGES))
    ensure_browsers()
    step("build dist/")
    build(npm=False)
    return {**os.environ, BUILT_ENV: str(DIST)}
