"""Where things are, the pinned runtime, and the small helpers every job of the build uses."""
from __future__ import annotations

import hashlib
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent   # the repository (build.py beside this package)
WEB = ROOT / "web"
NODE_MODULES = WEB / "node_modules"
SRC = ROOT / "src"
PACKAGE_NAME = "machu_picchu"      # the first game (its rules must be present to build)
PACKAGE_SRC = SRC / PACKAGE_NAME
DIST = ROOT / "dist"
VENV = ROOT / ".venv"
VENV_PYTHON = VENV / "bin" / "python"
# The pinned front-end runtime (must match web/package.json exactly).
PYSCRIPT_VERSION = "0.7.31"
PYODIDE_VERSION = "314.0.7"
FZSTD_VERSION = "0.1.1"   # the Zstandard decoder of what a first visit downloads (compress.py)
NPM_PINS = {"@pyscript/core": PYSCRIPT_VERSION, "pyodide": PYODIDE_VERSION, "fzstd": FZSTD_VERSION}
PYODIDE_FILES = [
    "pyodide.mjs",        # ES-module loader (PyScript import()s it)
    "pyodide.asm.mjs",    # emscripten glue (314.x: .asm.mjs, not .asm.js)
    "pyodide.asm.wasm",   # the interpreter
    "python_stdlib.zip",  # the standard library
    "pyodide-lock.json",  # package index, fetched at every boot
]
PYODIDE_HOME = "/home/pyodide"      # the page's cwd, where app.zip is unpacked
# The interpreter travels packed too (9.6 MB raw, 2.9 in Zstandard, 3.5 gzipped: a static host
# may send no HTTP compression, GitHub Pages sends gzip): a first visit downloads WASM_PACKED and
# compiles it as it unpacks (boot.js); the service worker precaches it and unpacks the raw wasm
# beside it for later starts (sw.js.in).
WASM_FILE = "vendor/pyodide/pyodide.asm.wasm"
WASM_PACKED = WASM_FILE + ".zst"
# The decoder (fzstd's browser build, which sets self.fzstd), vendored beside its licence.
FZSTD_FILES = {"umd/index.js": "vendor/fzstd/fzstd.js", "LICENSE": "vendor/fzstd/LICENSE"}
FZSTD_SCRIPT = FZSTD_FILES["umd/index.js"]


class BuildError(RuntimeError):
    """A build step failed in a way the user can fix (message says how)."""


def step(title: str) -> None:
    """Print a clear step heading."""
    print(f"\n==> {title}", flush=True)


def run(cmd: list, **kwargs) -> subprocess.CompletedProcess:
    """Run a command (echoed), raising on failure."""
    print("   $ " + " ".join(str(c) for c in cmd), flush=True)
    return subprocess.run([str(c) for c in cmd], check=True, **kwargs)


def sha256_file(path: Path) -> str:
    """Hex sha256 of a file's bytes."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def dist_files(dist: Path) -> list[str]:
    """Every file of dist/ as a sorted posix path relative to dist/."""
    return sorted(p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file())
