#!/usr/bin/env python3
"""Build, serve, test and benchmark the browser game (stdlib only, host python3 >= 3.11).

    python3 build.py build                  assemble dist/ (the static site)
    python3 build.py serve [--port N]       build, then serve dist/ on 127.0.0.1
    python3 build.py test [pytest args]     set everything up, build, run pytest
    python3 build.py bench [--bots|--search|--incan-gold|--engine]  browser load/click benchmark in
                                            Chromium, then load times in WebKit and Firefox
                                            (--browsers chromium,webkit,firefox chooses; --bots:
                                            hard bots in the page; --search: the hard bot's
                                            search speed, host and page; --incan-gold: Incan
                                            Gold's pace against its goals; --engine: the engine;
                                            --network MBPS: Chromium's loads on an emulated
                                            network of MBPS Mbit/s, 40 ms latency)
    python3 build.py clean [--all]          remove build outputs (--all: also .venv, node_modules)

dist/ layout (every URL in it is relative, so it works under any sub-path):

    index.html main.py manifest.webmanifest icons/ ...   copied from web/ (not its Python
                                                         packages' modules nor catalogues)
    app.zip                                              generated: every package of src/
                                                         (tabletop, the games), the page's
                                                         shell/ kit/ games/ with their
                                                         catalogues (<package>/locales/)
    pyscript.json                                        generated: interpreter + files
    vendor/pyscript/  vendor/pyodide/                    from web/node_modules (exact pins)
    sw.js                                                generated from web/sw.js.in
    .nojekyll
"""
from __future__ import annotations

import argparse
import ast
import base64
import errno
import fnmatch
import functools
import gzip
import hashlib
import html.parser
import io
import json
import os
from urllib.parse import urlsplit
import re
import shutil
import subprocess
import sys
import threading
import time
import zipfile
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

# --- layout --------------------------------------------------------------------
ROOT = Path(__file__).resolve().parent
WEB = ROOT / "web"
NODE_MODULES = WEB / "node_modules"
SRC = ROOT / "src"
PACKAGE_NAME = "machu_picchu"      # the first game (its rules must be present to build)
PACKAGE_SRC = SRC / PACKAGE_NAME
# The page's own Python packages, with the data their Python reads (the message catalogues of
# the shell and of each game, <package>/locales/): they travel in app.zip beside every package
# of src/, not as loose files of dist/.
WEB_PACKAGES = ("shell", "kit", "games")
APP_SUFFIXES = (".py", ".json")
PACKAGE_ONLY = (".py", ".md", ".json")   # files of web's packages that stay out of dist/ itself
DIST = ROOT / "dist"
VENV = ROOT / ".venv"
VENV_PYTHON = VENV / "bin" / "python"
BENCH_SCRIPT = ROOT / "tests" / "web" / "bench.py"
BOTS_BENCH_SCRIPT = ROOT / "tests" / "web" / "bench_bots.py"
SEARCH_BENCH_SCRIPT = ROOT / "tests" / "web" / "bench_search.py"
ENGINES_BENCH_SCRIPT = ROOT / "tests" / "web" / "bench_engines.py"   # WebKit and Firefox
INCAN_GOLD_BENCH_SCRIPT = ROOT / "tests" / "web" / "bench_incan_gold.py"   # Incan Gold's pace
BENCH_BROWSERS = ("chromium", "webkit", "firefox")
CLEAN_PATHS = ["dist", "build", "tests/web/screenshots", "bench-results", ".pytest_cache"]
CLEAN_ALL_PATHS = CLEAN_PATHS + [".venv", "web/node_modules"]

# --- pinned front-end runtime (must match web/package.json exactly) -------------
PYSCRIPT_VERSION = "0.7.31"
PYODIDE_VERSION = "314.0.7"
NPM_PINS = {"@pyscript/core": PYSCRIPT_VERSION, "pyodide": PYODIDE_VERSION}
NPM_STAMP = NODE_MODULES / ".machu-picchu-lock.sha256"
PYODIDE_FILES = [
    "pyodide.mjs",        # ES-module loader (PyScript import()s it)
    "pyodide.asm.mjs",    # emscripten glue (314.x: .asm.mjs, not .asm.js)
    "pyodide.asm.wasm",   # the interpreter
    "python_stdlib.zip",  # the standard library
    "pyodide-lock.json",  # package index, fetched at every boot
]
# The standard library, trimmed to what the page imports: python_stdlib.zip keeps each top-level
# module or package that a probe (Pyodide in Node, STDLIB_PROBE_JS) finds in sys.modules after
# importing every module of app.zip and every stdlib name that app.zip, main.py and the Python
# inside PyScript's and Pyodide's JS import (a textual scan, also inside functions); of the text
# codecs, those the probe loaded and STDLIB_CODECS_KEPT. A module imported later, lazily, that
# the trim left out is not an error: the boot module installs a finder that fetches the full
# zip (STDLIB_FULL, precached by the service worker) the first time one is missing, and says
# so on the console ("stdlib fallback").
STDLIB_ARCHIVE = "python_stdlib.zip"
STDLIB_FULL = "python_stdlib-full.zip"
STDLIB_CACHE = ROOT / "build" / "stdlib"
# Imported lazily inside the stdlib (no probe sees them): a browser test that meets one fails
# with the name (tests/web/conftest.py's watch), which then goes here.
STDLIB_KEEP = ("_strptime",)
STDLIB_CODECS_KEPT = {
    "__init__", "aliases", "ascii", "latin_1", "utf_8", "utf_8_sig", "utf_16", "utf_16_be",
    "utf_16_le", "utf_32", "utf_32_be", "utf_32_le", "cp437", "idna", "punycode",
    "raw_unicode_escape", "unicode_escape", "charmap"}
IMPORT_RE = re.compile(r"(?:^|\\n|\n|;|[\"'`])[ \t]*(?:from|import)[ \t]+([A-Za-z_][\w.]*)")
# Python run by both Node scripts below: `names`, every module of app.zip unpacked at %(home)s.
APP_MODULE_NAMES_PY = r"""names = []
for folder, _dirs, files in os.walk("%(home)s"):
    for f in files:
        if f.endswith(".py"):
            name = os.path.relpath(os.path.join(folder, f), "%(home)s")[:-3].replace("/", ".")
            names.append(name[:-len(".__init__")] if name.endswith(".__init__") else name)
"""
STDLIB_PROBE_JS = r"""
import { loadPyodide } from "%(loader)s";
import { readFileSync } from "node:fs";
const py = await loadPyodide({ indexURL: "%(index)s" });
py.unpackArchive(new Uint8Array(readFileSync(%(archive)s)), "zip", { extractDir: "%(home)s" });
const report = py.runPython(`
import importlib, json, os, sys
%(app_names)sfor name in sorted(names) + %(roots)s:
    try:
        importlib.import_module(name)
    except BaseException:
        pass
json.dumps(sorted(sys.modules))
`);
process.stdout.write(report);
"""
PYSCRIPT_SUFFIXES = (".js", ".css")
PYSCRIPT_SKIP = {"service-worker.js"}  # 1-byte stub, we ship our own sw.js

# --- what goes into dist/ ----------------------------------------------------------
WEB_EXCLUDE = {"node_modules", "package.json", "package-lock.json", "sw.js.in",
               "__pycache__", ".DS_Store"}
PYSCRIPT_CONFIG = "pyscript.json"
# PyScript loads Pyodide through our own module (web/boot/pyodide-boot.mjs): the vendored
# loadPyodide, restored from the memory snapshot when the service worker holds one.
INTERPRETER_URL = "./boot/pyodide-boot.mjs"
PYODIDE_LOADER_URL = "./vendor/pyodide/pyodide.mjs"   # the plain loader (the bench's floor page)
BOOT_MODULE = "boot/pyodide-boot.mjs"
BOOT_PLACEHOLDERS = ("__SNAPSHOT_NAME__", "__APP_HASH__", "__STDLIB_FULL__",
                     "__STDLIB_DROPPED__", "__APP_ARCHIVE__")
# A first visit downloads the build's memory snapshot (SNAPSHOT_NAME); where the network is to
# be spared, or when the download fails, a Web Worker makes the same snapshot from the files the
# start fetches anyway (see SNAPSHOT_PY).
SNAPSHOT_WORKER = "boot/snapshot-worker.mjs"
SNAPSHOT_WORKER_PLACEHOLDERS = ("__SNAPSHOT_PY__", "__APP_HOME__", "__APP_ARCHIVE__")
# The Python the page imports (rules package + page views) travels as ONE zip that the boot
# module unpacks into the Pyodide cwd (on sys.path): one request instead of one per module.
APP_ARCHIVE = "app.zip"
ZIP_DATE = (1980, 1, 1, 0, 0, 0)  # fixed timestamps: the same sources give the same bytes
# Bytecode for those modules, compiled at build time by the vendored Pyodide itself (in Node),
# so the page does not compile ~10k lines of Python at every boot. "Unchecked-hash" .pyc files
# (PEP 552) are used as they are, whatever the unpacked sources' dates.
PYODIDE_CACHE_TAG = "cpython-314"
PYODIDE_HOME = "/home/pyodide"      # the page's cwd, where app.zip is unpacked
PYC_CACHE = ROOT / "build" / "pyc"  # compiled bytecode, keyed by sources + runtime version
STDLIB_HOME = "/lib/python314.zip"  # where Pyodide's Python finds python_stdlib.zip
# Pyodide's standard library is Python source, compiled at each import. These travel as bytecode
# too, in the trimmed zip: html/entities.py (a 2231-entry dict literal, imported by `html`), whose
# compiling took the snapshot's heap break from 24.96 to 26.8 MiB for a moment (its peak); and
# what the page imports after ready (the snapshot's build lists any other: later_compiled), where
# compiling argparse (for the bots' training module) made one task of 0.3-0.6 s. +0.1 MB in all.
# (Every module of the zip as bytecode: 1.3 MiB more headroom, but +2.2 MB of zip.)
STDLIB_PRECOMPILED = ("html/entities.py", "argparse.py", "gettext.py")
# The bytecode holds no docstrings (DOCSTRIP_PY, an AST pass: optimize=2 would drop the asserts
# too, which the engine relies on): they cost heap in the memory snapshot and nothing reads them.
DOCSTRIP_PY = r"""
import ast
def strip_docstrings(tree):
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            first = node.body[0] if node.body else None
            if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                    and isinstance(first.value.value, str)):
                node.body = node.body[1:] or [ast.copy_location(ast.Pass(), first)]
    return tree
"""
PYC_COMPILER_JS = r"""
import { loadPyodide } from "%(loader)s";
import { readFileSync } from "node:fs";
const { sources, home, strip, checked } = JSON.parse(readFileSync(0, "utf8"));
const py = await loadPyodide({ indexURL: "%(index)s" });
py.globals.set("sources", py.toPy(sources));
py.globals.set("home", home);
py.globals.set("strip", strip);
py.globals.set("checked", checked);
const out = py.runPython(`
import base64, importlib.util, json
from importlib._bootstrap_external import _code_to_hash_pyc
%(docstrip)s
compiled = {}
for name, text in sources.items():
    tree = ast.parse(text, home + "/" + name)
    code = compile(strip_docstrings(tree) if strip else tree, home + "/" + name, "exec",
                   dont_inherit=True, optimize=0)
    data = _code_to_hash_pyc(code, importlib.util.source_hash(text.encode("utf-8")), checked=checked)
    compiled[name] = base64.b64encode(data).decode()
json.dumps(compiled)
`);
process.stdout.write(out);
"""
# The memory snapshot: Pyodide in Node after importing the modules of app.zip that the first
# screen needs (all but SNAPSHOT_SKIP and the later modules; the page's shell.app needs PyScript),
# saved whole (pyodide.makeMemorySnapshot) and gzipped. A later start restores it instead of
# initialising CPython and importing the game.
# Its heap must stay within Pyodide's initial 30 MiB: a larger one fails to restore on
# 314.0.x (pyodide issue 6254), so the build refuses it, and reports the headroom left (the
# limit minus the heap's break, _sbrk(0), once the modules are imported).
SNAPSHOT_NAME = "snapshot.bin.gz"
SNAPSHOT_CACHE = ROOT / "build" / "snapshot"
SNAPSHOT_MAX_HEAP = 30 * 1024 * 1024
# Room kept under that limit for what comes next (other languages' catalogues, new features):
# the build says when the headroom is below it, and tests/test_build.py fails.
SNAPSHOT_HEADROOM_GOAL = 4 * 1024 * 1024
SNAPSHOT_SKIP = ("__main__", "cli", "tournament", "training")   # command-line only
SNAPSHOT_STDLIB = ("asyncio", "datetime", "secrets")   # the page imports them before it is ready
# Modules left out of the snapshot (each game's `GameInfo.later_modules`, fnmatch patterns, read
# from the registry: `snapshot_later`): neither the home screen nor a saved game opened at start
# needs them. web/shell/later.py imports them once the page is ready, one a main-thread task in
# idle time (sooner on demand). Measured in Node (heap in use after import, with what each pulls
# in): Machu Picchu's bots 0.66 MiB (heuristics and its tables, training's argparse, the
# strategists, the search), Incan Gold's 0.07, Machu Picchu's help 0.06; the rest of the page
# (both engines, the shell, both games' views) 1.5. A module that the snapshot's own modules
# import stays in it (the build lists it as kept: machu_picchu.bots.base, which the game's
# registry entry imports).
# What the snapshot holds, made the same way at build time in Node and on a first visit in
# a Web Worker (web/boot/snapshot-worker.mjs): the app's modules but the left-out ones, the
# home screen's boards, the build's hash (sys._app_snapshot) and what to import after ready.
SNAPSHOT_PY = r"""import gc, importlib, json, os, sys
%(app_names)sskipped = {}
later = %(later)s
for name in sorted(set(names) - set(later)) + %(stdlib)s:
    if name.rsplit(".", 1)[-1] in %(skip)s:
        continue
    try:
        importlib.import_module(name)
    except ImportError as error:
        skipped[name] = str(error)
previews = importlib.import_module("shell.games").warm_previews()   # the home screen's boards
sys._app_snapshot = "%(app_hash)s"
sys._app_later = [name for name in later if name not in sys.modules]
gc.collect()
json.dumps({"modules": len(sys.modules), "skipped": skipped, "later": sys._app_later,
            "kept": [name for name in later if name in sys.modules], "previews": previews})
"""
SNAPSHOT_JS = r"""
import { loadPyodide } from "%(loader)s";
import { readFileSync, writeFileSync } from "node:fs";
const py = await loadPyodide({ indexURL: "%(index)s", _makeSnapshot: true });
py.unpackArchive(new Uint8Array(readFileSync(%(archive)s)), "zip", { extractDir: "%(home)s" });
const brk = () => py._module._sbrk(0) >>> 0;
const report = py.runPython(%(snapshot_py)s);
const heap = py._module.HEAP8.length, used = brk();
writeFileSync(%(target)s, py.makeMemorySnapshot());
// then what the page imports after ready: the heap it takes, and the stdlib modules among
// it that Python would compile from source (not in STDLIB_PRECOMPILED)
const compiled = py.runPython(`
import importlib, json, sys
before = set(sys.modules)
for name in sys._app_later:
    importlib.import_module(name)
json.dumps(sorted(name for name in set(sys.modules) - before
                  if (getattr(sys.modules[name], "__file__", None) or "").startswith("%(stdlib_home)s/")
                  and sys.modules[name].__file__.endswith(".py")))
`);
process.stdout.write(JSON.stringify({ ...JSON.parse(report), heap, brk: used, later_cost: brk() - used,
                                      later_compiled: JSON.parse(compiled) }));
"""
SW_TEMPLATE = WEB / "sw.js.in"
SW_NAME = "sw.js"
SW_CACHE_PREFIX = "machu-picchu-"
SW_PLACEHOLDERS = ("__CACHE_PREFIX__", "__CACHE_NAME__", "__ASSETS__", "__SNAPSHOT_NAME__")
NOT_PRECACHED = {SW_NAME, ".nojekyll"}   # the SW itself; a GitHub Pages marker

# --- serving ---------------------------------------------------------------------------
HOST = "127.0.0.1"
DEFAULT_PORT = 8000
SUBPATH = "/machu-picchu/"       # dist/ is served at / and at this sub-path
MIME_TYPES = {
    ".html": "text/html",
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".css": "text/css",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".py": "text/x-python",
}

# --- test environment ----------------------------------------------------------------
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
ENGINE_BENCH_ARGS = ["simulate", "--players", "4", "--games", "200", "--seed", "1"]


class BuildError(RuntimeError):
    """A build step failed in a way the user can fix (message says how)."""


# ===================================================================================
# small helpers
# ===================================================================================
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


# ===================================================================================
# pure functions (unit-tested in tests/test_build.py)
# ===================================================================================
def python_files(folder: Path, suffixes: tuple[str, ...] = (".py",)) -> list[str]:
    """Sorted posix paths (relative to folder) of every file below it with one of `suffixes`
    (.py by default), no __pycache__."""
    if not folder.is_dir():
        return []
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*")
                  if p.suffix in suffixes and "__pycache__" not in p.parts and p.is_file())


def app_trees(src: Path = SRC, web: Path = WEB) -> dict[str, Path]:
    """The folders packed into app.zip, by their name there (= the name the page imports):
    every package of src/ (the shared core and each game), then the page's own folders."""
    trees = {p.name: p for p in sorted(src.iterdir()) if (p / "__init__.py").is_file()}
    for name in WEB_PACKAGES:
        if (web / name).is_dir():
            trees[name] = web / name
    return trees


def archive_members(files: dict[str, list[str]]) -> list[str]:
    """Paths inside app.zip, as the page imports them: {"tabletop": ["errors.py"]} ->
    ["tabletop/errors.py"], in a stable order (sorted)."""
    return sorted(f"{top}/{rel}" for top, rels in files.items() for rel in rels)


def write_zip(target: Path, members: dict[str, bytes]) -> None:
    """A deterministic zip (sorted names, fixed dates and modes, deflate -9)."""
    with zipfile.ZipFile(target, "w") as archive:
        for name in sorted(members):
            info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, members[name], compresslevel=9)


def pyc_member(source_member: str) -> str:
    """'machu_picchu/game.py' -> 'machu_picchu/__pycache__/game.cpython-314.pyc'."""
    folder, _, name = source_member.rpartition("/")
    pyc = f"__pycache__/{name[:-3]}.{PYODIDE_CACHE_TAG}.pyc"
    return f"{folder}/{pyc}" if folder else pyc


def pyscript_config(base: dict | None = None) -> dict:
    """The page's pyscript.json: the interpreter, our boot module (which also unpacks app.zip
    into the cwd, in slices, rather than PyScript's "files" in one long task). Keys already
    in `base` (an optional web/pyscript.json) are kept; the interpreter is always ours.
    """
    config = dict(base or {})
    config["interpreter"] = INTERPRETER_URL
    return config


def precache_list(files: list[str]) -> list[str]:
    """The SW precache list: the app shell "./" plus every dist file but the SW itself."""
    return ["./"] + [f"./{f}" for f in sorted(files) if f not in NOT_PRECACHED]


def cache_name(dist: Path, assets: list[str]) -> str:
    """Content-hash cache name: changes whenever any precached file (or the list) changes."""
    digest = hashlib.sha256()
    for asset in assets:
        digest.update(asset.encode() + b"\0")
        path = dist / asset[2:]
        if asset != "./" and path.is_file():
            digest.update(path.read_bytes())
    return SW_CACHE_PREFIX + digest.hexdigest()[:16]


def check_sw_template(template: str) -> None:
    """Each placeholder must occur exactly once and never inside a // comment."""
    for name in SW_PLACEHOLDERS:
        if template.count(name) != 1:
            raise BuildError(f"{SW_TEMPLATE.name}: {name} must occur exactly once")
    for line in template.splitlines():
        comment = line.find("//")
        if comment >= 0 and any(name in line[comment:] for name in SW_PLACEHOLDERS):
            raise BuildError(f"{SW_TEMPLATE.name}: placeholder inside a comment: {line.strip()}")


def render_sw(template: str, cache: str, assets: list[str]) -> str:
    """Fill the service-worker template with its cache name and precache list."""
    check_sw_template(template)
    return (template
            .replace("__CACHE_PREFIX__", SW_CACHE_PREFIX)
            .replace("__CACHE_NAME__", cache)
            .replace("__SNAPSHOT_NAME__", SNAPSHOT_NAME)
            .replace("__ASSETS__", json.dumps(assets, indent=2)))


class _UrlCollector(html.parser.HTMLParser):
    """Collects the URL-valued attributes of an HTML document."""

    URL_ATTRIBUTES = {"src", "href", "config", "action", "poster", "data", "manifest"}

    def __init__(self):
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if value is None:
                continue
            if name in self.URL_ATTRIBUTES:
                self.urls.append(value.strip())
            elif name == "srcset":
                self.urls += [part.split()[0] for part in value.split(",") if part.strip()]


def html_urls(text: str) -> list[str]:
    """Every URL referenced by src/href/config/... attributes (and CSS url()) in HTML."""
    parser = _UrlCollector()
    parser.feed(text)
    return parser.urls + css_urls(text)


def css_urls(text: str) -> list[str]:
    """Every url(...) in CSS text."""
    return [m.strip("'\" ") for m in re.findall(r"url\(([^)]*)\)", text)]


def is_relative_url(url: str) -> bool:
    """True for URLs that stay inside the app folder: './x', '../x', 'x', '#frag', data:.

    Rejects '/abs', '//host', and any 'scheme:' URL (http:, https:, ...), which would
    break under a GitHub Pages sub-path or leave the origin.
    """
    if url.startswith("data:") or url.startswith("#"):
        return True
    if url.startswith("/") or url.startswith("\\"):
        return False
    return re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", url) is None


def non_relative_urls(text: str) -> list[str]:
    """The URLs of an HTML document that are not relative (should be empty)."""
    return [u for u in html_urls(text) if not is_relative_url(u)]


def read_npm_pins(package_json: Path) -> dict:
    """The dependencies of web/package.json."""
    return json.loads(package_json.read_text()).get("dependencies", {})


def dev_requirements(pyproject: Path) -> list[str]:
    """The pinned dev dependencies listed in pyproject.toml ([project.optional-dependencies] dev)."""
    import tomllib
    data = tomllib.loads(pyproject.read_text())
    return list(data["project"]["optional-dependencies"]["dev"])


# ===================================================================================
# npm (vendored PyScript + Pyodide)
# ===================================================================================
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


# ===================================================================================
# build
# ===================================================================================
def copy_web(dist: Path) -> None:
    """Copy web/ sources into dist/ (no node_modules, package files, SW template; of the page's
    Python packages only what the browser fetches itself, such as a game's stylesheet: their
    modules and catalogues travel in app.zip)."""
    def ignore(folder: str, names: list[str]) -> list[str]:
        here = Path(folder)
        in_package = here != WEB and here.relative_to(WEB).parts[0] in WEB_PACKAGES
        return [n for n in names
                if n in WEB_EXCLUDE
                or (in_package and (here / n).is_file() and Path(n).suffix in PACKAGE_ONLY)]
    shutil.copytree(WEB, dist, ignore=ignore)


# The loading page is a first visit's home, drawn at build time by the page's own Python
# (web/shell/home.py): index.html's <!--first-screen:REGION--> marks are replaced by each region's
# markup, inert until the live page draws over it, so nothing moves when the page becomes ready.
FIRST_SCREEN_MARK = re.compile(r"<!--first-screen:([a-z]+)-->")
FIRST_SCREEN_PY = "import json, shell.home; print(json.dumps(shell.home.first_visit()))"


def write_first_screen(dist: Path) -> None:
    """Put the home of a first visit into dist/index.html where its marks are."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(WEB)])}
    done = subprocess.run([sys.executable, "-c", FIRST_SCREEN_PY], env=env, cwd=ROOT,
                          capture_output=True, text=True)
    if done.returncode:
        raise BuildError("the first screen could not be drawn:\n" + done.stderr[-2000:])
    regions = json.loads(done.stdout)
    page = dist / "index.html"
    html = page.read_text(encoding="utf-8")
    wanted = set(FIRST_SCREEN_MARK.findall(html))
    if not wanted or wanted - set(regions):
        raise BuildError(f"index.html's first-screen marks {sorted(wanted)} against {sorted(regions)}")
    html = FIRST_SCREEN_MARK.sub(
        lambda m: f'<div class="first-screen" inert>{regions[m.group(1)]}</div>', html)
    page.write_text(html, encoding="utf-8")


def compile_for_pyodide(sources: dict[str, bytes], home: str = PYODIDE_HOME, strip: bool = True,
                        cache: str = "app", checked: bool = False) -> dict[str, bytes]:
    """Bytecode of each source, compiled by the vendored Pyodide in Node: {member: .pyc bytes},
    named as found at `home`/member, without docstrings if `strip` (DOCSTRIP_PY); "checked"
    hash-based .pyc files if `checked` (Python compares them with the source it finds, and
    compiles that source when it differs), else used as they are.

    Cached in build/pyc/ under `cache` and a hash of the sources and the Pyodide version, so a
    rebuild with unchanged Python skips the few seconds Node needs to boot Pyodide.
    """
    digest = hashlib.sha256(PYODIDE_VERSION.encode() + PYC_COMPILER_JS.encode() + DOCSTRIP_PY.encode()
                            + f"{home}\0{strip}\0{checked}".encode())
    for name in sorted(sources):
        digest.update(name.encode() + b"\0" + sources[name] + b"\0")
    cached = PYC_CACHE / f"{cache}-{digest.hexdigest()[:24]}.json"
    if cached.is_file():
        encoded = json.loads(cached.read_text())
    else:
        if shutil.which("node") is None:
            raise BuildError("node not found: install Node.js 20 (it compiles the page's Python)")
        pyodide_dir = NODE_MODULES / "pyodide"
        script = PYC_COMPILER_JS % {"loader": (pyodide_dir / "pyodide.mjs").as_uri(),
                                    "index": f"{pyodide_dir.as_posix()}/", "docstrip": DOCSTRIP_PY}
        payload = json.dumps({"home": home, "strip": strip, "checked": checked,
                              "sources": {name: text.decode("utf-8") for name, text in sources.items()}})
        result = subprocess.run(["node", "--input-type=module", "-e", script], input=payload,
                                capture_output=True, text=True)
        if result.returncode != 0:
            raise BuildError(f"compiling Python with Pyodide failed:\n{result.stderr[-3000:]}")
        encoded = json.loads(result.stdout)
        PYC_CACHE.mkdir(parents=True, exist_ok=True)
        for old in PYC_CACHE.glob(f"{cache}-*.json"):
            old.unlink()
        cached.write_text(json.dumps(encoded))
    return {name: base64.b64decode(encoded[name]) for name in sources}


def precompile_stdlib(dist: Path) -> int:
    """Add to the trimmed python_stdlib.zip the bytecode of the STDLIB_PRECOMPILED modules
    (X.pyc beside X.py: zipimport prefers it); return the bytes it added."""
    path = dist / "vendor" / "pyodide" / STDLIB_ARCHIVE
    before = path.stat().st_size
    with zipfile.ZipFile(path) as archive:
        infos = archive.infolist()
        data = {info.filename: archive.read(info) for info in infos}
    sources = {n: b for n, b in data.items() if n in STDLIB_PRECOMPILED}
    compiled = compile_for_pyodide(sources, home=STDLIB_HOME, strip=False, cache="stdlib")
    with zipfile.ZipFile(path, "w") as archive:
        for info in infos:
            archive.writestr(info, data[info.filename], compresslevel=9)
            if info.filename in compiled:
                pyc = zipfile.ZipInfo(info.filename + "c", date_time=info.date_time)
                pyc.compress_type, pyc.external_attr = zipfile.ZIP_DEFLATED, info.external_attr
                archive.writestr(pyc, compiled[info.filename], compresslevel=9)
    return path.stat().st_size - before


def write_app_archive(dist: Path) -> list[str]:
    """Pack every package of src/, the page's packages and its locales, with the Pyodide
    bytecode of each module, into dist/app.zip; return the source members."""
    trees = app_trees()
    members = archive_members({top: python_files(folder, APP_SUFFIXES)
                               for top, folder in trees.items()})
    sources = {m: (trees[m.split("/", 1)[0]] / m.split("/", 1)[1]).read_bytes() for m in members}
    compiled = compile_for_pyodide({m: b for m, b in sources.items() if m.endswith(".py")})
    pyscript = compile_for_pyodide(pyscript_sources(), strip=False, cache="pyscript", checked=True)
    write_zip(dist / APP_ARCHIVE, {**sources, **{pyc_member(n): b for n, b in compiled.items()},
                                   **{"." + pyc_member(n): b for n, b in pyscript.items()}})
    return members


# PyScript writes its own Python package (pyscript/*.py, from strings in its JavaScript) into
# the page's cwd at every start and imports it: compiling it there was ~50 ms of the start's
# longest task. app.zip brings its bytecode (checked against the sources PyScript writes), as
# .pyscript/__pycache__/: the boot module moves it to pyscript/ once unpacked. (A pyscript/
# folder in app.zip would be a namespace package to the build's snapshot, which would then hold
# an empty `pyscript` module instead of PyScript's.)
PYSCRIPT_SOURCES_JS = r"""
import pyscript from "%(module)s";
const files = {};
const walk = (base, tree) => {
  for (const [name, value] of Object.entries(tree)) {
    if (typeof value === "string") files[base + name] = value;
    else walk(base + name + "/", value);
  }
};
walk("", pyscript);
process.stdout.write(JSON.stringify(files));
"""


def pyscript_sources() -> dict[str, bytes]:
    """{"pyscript/….py": source} of the Python package PyScript writes at start (only .py)."""
    module = NODE_MODULES / "@pyscript" / "core" / "src" / "stdlib" / "pyscript.js"
    result = subprocess.run(["node", "--input-type=module", "-e",
                             PYSCRIPT_SOURCES_JS % {"module": module.as_uri()}],
                            capture_output=True, text=True)
    if result.returncode != 0:
        raise BuildError(f"reading PyScript's Python package failed:\n{result.stderr[-2000:]}")
    files = json.loads(result.stdout)
    return {name: text.encode("utf-8") for name, text in files.items() if name.endswith(".py")}


def app_sources(archive: bytes) -> dict[str, tuple[str, bool]]:
    """{module name: (source text, is a package)} of app.zip's Python sources."""
    with zipfile.ZipFile(io.BytesIO(archive)) as app:
        return {member[:-3].replace("/", ".").removesuffix(".__init__"):
                (app.read(member).decode("utf-8"), member.endswith("/__init__.py"))
                for member in app.namelist() if member.endswith(".py")}


def top_level_imports(name: str, source: str, package: bool, known: set[str]) -> set[str]:
    """The modules of `known` that module `name` imports as it runs (its import statements
    outside functions and classes), with the packages they and it sit in."""
    here = name if package else name.rpartition(".")[0]
    parts = name.split(".")
    found = {".".join(parts[:i]) for i in range(1, len(parts))} & known
    body = list(ast.parse(source).body)
    while body:
        node = body.pop()
        if isinstance(node, (ast.If, ast.Try, ast.With)):
            body += [s for field in ("body", "orelse", "finalbody") for s in getattr(node, field, [])]
            body += [s for handler in getattr(node, "handlers", []) for s in handler.body]
            continue
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = here.split(".")[:len(here.split(".")) - node.level + 1]
                base = ".".join(parts + ([node.module] if node.module else []))
            targets = [base] + [f"{base}.{alias.name}" for alias in node.names]
        else:
            continue
        for target in targets:
            parts = target.split(".")
            found |= {".".join(parts[:i]) for i in range(1, len(parts) + 1)} & known
    return found - {name}


def registry_games() -> list:
    """The registered games (`tabletop.registry`, imported from src/): what the build generates
    for each game comes from its entry."""
    if str(SRC) not in sys.path:
        sys.path.insert(0, str(SRC))
    from tabletop import registry
    return registry.games()


def snapshot_later() -> tuple[str, ...]:
    """The patterns of the modules left out of the snapshot: every game's `later_modules`."""
    return tuple(p for info in registry_games() for p in info.later_modules)


def later_modules(sources: dict[str, tuple[str, bool]], patterns=None) -> list[str]:
    """The modules of app.zip (app_sources) that `patterns` (default: `snapshot_later()`) leave
    out of the snapshot, each after the ones among them it imports (so that the page imports
    one module a task)."""
    patterns = snapshot_later() if patterns is None else patterns
    later = [n for n in sorted(sources) if any(fnmatch.fnmatchcase(n, p) for p in patterns)
             and n.rsplit(".", 1)[-1] not in SNAPSHOT_SKIP]    # command-line only: never imported
    known = set(sources)
    ordered: list[str] = []

    def visit(name: str, seen: tuple[str, ...] = ()) -> None:
        if name in ordered or name in seen:
            return
        for dep in sorted(top_level_imports(name, *sources[name], known) & set(later)):
            visit(dep, seen + (name,))
        ordered.append(name)
    for name in later:
        visit(name)
    return ordered


def check_snapshot_heap(report: dict) -> None:
    """A heap over SNAPSHOT_MAX_HEAP does not restore: stop the build and name the fix."""
    if report["heap"] > SNAPSHOT_MAX_HEAP or report["brk"] > SNAPSHOT_MAX_HEAP:
        raise BuildError(
            f"the memory snapshot's heap is {max(report['heap'], report['brk']):,} bytes, over the "
            f"{SNAPSHOT_MAX_HEAP:,} Pyodide {PYODIDE_VERSION} can restore (pyodide issue 6254): "
            "leave more modules out of it (a game's GameInfo.later_modules: those the first "
            "screen does not need), or import less at the top of the modules it holds")


def make_snapshot(dist: Path, stdlib_dropped: list[str]) -> dict:
    """Write dist/snapshot.bin.gz (see SNAPSHOT_NAME) and fill in the boot module; return what
    the snapshot holds. Cached in build/snapshot/ under a hash of app.zip, the Pyodide version
    and the script, so a rebuild with unchanged Python reuses it."""
    archive = (dist / APP_ARCHIVE).read_bytes()
    app_hash = hashlib.sha256(archive).hexdigest()[:16]
    pyodide_dir = dist / "vendor" / "pyodide"     # the trimmed stdlib: its zipimport state is saved
    stdlib = (pyodide_dir / STDLIB_ARCHIVE).read_bytes()
    snapshot_py = SNAPSHOT_PY % {
        "app_names": APP_MODULE_NAMES_PY % {"home": PYODIDE_HOME}, "app_hash": app_hash,
        "later": json.dumps(later_modules(app_sources(archive))),
        "stdlib": json.dumps(list(SNAPSHOT_STDLIB)), "skip": json.dumps(list(SNAPSHOT_SKIP))}
    write_snapshot_worker(dist, snapshot_py)
    key = hashlib.sha256(PYODIDE_VERSION.encode() + archive + stdlib + SNAPSHOT_JS.encode()
                         + snapshot_py.encode()).hexdigest()[:24]
    cached, report_file = SNAPSHOT_CACHE / f"{key}.bin.gz", SNAPSHOT_CACHE / f"{key}.json"
    if not (cached.is_file() and report_file.is_file()):
        if shutil.which("node") is None:
            raise BuildError("node not found: install Node.js 20 (it makes the memory snapshot)")
        raw = dist / "snapshot.bin"
        script = SNAPSHOT_JS % {
            "loader": (pyodide_dir / "pyodide.mjs").as_uri(), "index": f"{pyodide_dir.as_posix()}/",
            "archive": json.dumps(str(dist / APP_ARCHIVE)), "target": json.dumps(str(raw)),
            "home": PYODIDE_HOME, "snapshot_py": json.dumps(snapshot_py), "stdlib_home": STDLIB_HOME}
        result = subprocess.run(["node", "--input-type=module", "-e", script],
                                capture_output=True, text=True)
        if result.returncode != 0:
            raise BuildError(f"making the memory snapshot with Pyodide failed:\n{result.stderr[-3000:]}")
        report = json.loads(result.stdout)
        check_snapshot_heap(report)
        SNAPSHOT_CACHE.mkdir(parents=True, exist_ok=True)
        for old in SNAPSHOT_CACHE.glob("*"):
            old.unlink()
        cached.write_bytes(gzip.compress(raw.read_bytes(), 9, mtime=0))
        raw.unlink()
        report_file.write_text(json.dumps(report))
    shutil.copyfile(cached, dist / SNAPSHOT_NAME)
    boot = dist / BOOT_MODULE
    text = boot.read_text()
    values = (SNAPSHOT_NAME, app_hash, STDLIB_FULL, json.dumps(stdlib_dropped), APP_ARCHIVE)
    for name, value in zip(BOOT_PLACEHOLDERS, values):
        if text.count(name) != 1:
            raise BuildError(f"web/{BOOT_MODULE}: {name} must occur exactly once")
        text = text.replace(name, value)
    boot.write_text(text)
    return json.loads(report_file.read_text())


def write_snapshot_worker(dist: Path, snapshot_py: str) -> None:
    """Fill in the first visit's snapshot maker (SNAPSHOT_WORKER): the build's SNAPSHOT_PY,
    where the app is unpacked, and the app's archive."""
    worker = dist / SNAPSHOT_WORKER
    text = worker.read_text()
    values = (json.dumps(snapshot_py), PYODIDE_HOME, APP_ARCHIVE)
    for name, value in zip(SNAPSHOT_WORKER_PLACEHOLDERS, values):
        if text.count(name) != 1:
            raise BuildError(f"web/{SNAPSHOT_WORKER}: {name} must occur exactly once")
        text = text.replace(name, value)
    worker.write_text(text)


def snapshot_line(report: dict, gzip_bytes: int) -> str:
    """The build's line about the memory snapshot (its headroom: what the heap may still grow)."""
    headroom = SNAPSHOT_MAX_HEAP - report["brk"]
    kept = f" (kept, imported by the others: {', '.join(report['kept'])})" if report["kept"] else ""
    compiled = (f" (stdlib compiled from source then, add to STDLIB_PRECOMPILED: "
                f"{', '.join(report['later_compiled'])})" if report["later_compiled"] else "")
    short = " BELOW THE GOAL" if headroom < SNAPSHOT_HEADROOM_GOAL else ""
    return (f"memory snapshot: {report['modules']} modules imported, heap break "
            f"{report['brk'] / 2**20:.2f} MiB of {SNAPSHOT_MAX_HEAP / 2**20:.0f}: headroom "
            f"{headroom / 2**20:.2f} MiB (goal >= {SNAPSHOT_HEADROOM_GOAL / 2**20:.0f}{short}); "
            f"{gzip_bytes / 1e6:.2f} MB gzipped; "
            f"{report.get('previews', 0)} home-screen boards drawn; {len(report['later'])} "
            f"modules imported after ready (+{report['later_cost'] / 2**20:.2f} MiB){kept}{compiled}; not imported: "
            f"{', '.join(sorted(report['skipped'])) or 'none'}")


def write_pyscript_config(dist: Path) -> dict:
    """Generate dist/pyscript.json (merging web/pyscript.json if the UI provides one)."""
    base_file = WEB / PYSCRIPT_CONFIG
    base = json.loads(base_file.read_text()) if base_file.is_file() else None
    config = pyscript_config(base)
    (dist / PYSCRIPT_CONFIG).write_text(json.dumps(config, indent=2) + "\n")
    return config


def vendor_runtime(dist: Path) -> None:
    """Copy PyScript's dist (js/css, no maps) and the 5 Pyodide core files."""
    pyscript_dir = dist / "vendor" / "pyscript"
    pyscript_dir.mkdir(parents=True)
    for path in sorted((NODE_MODULES / "@pyscript" / "core" / "dist").iterdir()):
        if path.suffix in PYSCRIPT_SUFFIXES and path.name not in PYSCRIPT_SKIP:
            shutil.copy2(path, pyscript_dir / path.name)
    pyodide_dir = dist / "vendor" / "pyodide"
    pyodide_dir.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(NODE_MODULES / "pyodide" / name, pyodide_dir / name)


def imported_names(text: str) -> set[str]:
    """The top-level names of every `import x` / `from x import` in Python text (or in JS that
    carries Python in string literals, its newlines escaped)."""
    return {name.split(".")[0] for name in IMPORT_RE.findall(text)}


def stdlib_top(member: str) -> str:
    """'asyncio/events.py' -> 'asyncio'; 'json.py' -> 'json' (a stdlib zip member's module)."""
    return member.split("/")[0].removesuffix(".py")


def stdlib_kept(members: list[str], loaded: set[str]) -> list[str]:
    """The members of the stdlib zip that stay: those of a top-level module or package the
    probe loaded, except the text codecs nobody loaded nor listed in STDLIB_CODECS_KEPT."""
    tops = {name.split(".")[0] for name in loaded}
    codecs = {name.split(".")[1] for name in loaded if name.startswith("encodings.")} | STDLIB_CODECS_KEPT

    def kept(member: str) -> bool:
        parts = member.split("/")
        if parts[0] == "encodings" and len(parts) == 2 and parts[1].endswith(".py"):
            return parts[1][:-3] in codecs
        return stdlib_top(member) in tops
    return [m for m in members if kept(m)]


def probe_stdlib(dist: Path, stdlib: bytes) -> set[str]:
    """The modules Pyodide has loaded (sys.modules) after importing app.zip and every stdlib
    name the page's code imports (STDLIB_PROBE_JS). Cached in build/stdlib/."""
    texts = [(dist / "main.py").read_text()]
    with zipfile.ZipFile(dist / APP_ARCHIVE) as app:
        texts += [app.read(n).decode("utf-8") for n in app.namelist() if n.endswith(".py")]
    texts += [p.read_text() for p in sorted((dist / "vendor").rglob("*.*js"))]
    with zipfile.ZipFile(io.BytesIO(stdlib)) as archive:
        available = {stdlib_top(n) for n in archive.namelist()}
    roots = sorted(set().union(*map(imported_names, texts)) & available | set(SNAPSHOT_STDLIB) | set(STDLIB_KEEP))
    archive_bytes = (dist / APP_ARCHIVE).read_bytes()
    key = hashlib.sha256(PYODIDE_VERSION.encode() + archive_bytes + stdlib + json.dumps(roots).encode()
                         + STDLIB_PROBE_JS.encode() + APP_MODULE_NAMES_PY.encode()).hexdigest()[:24]
    cached = STDLIB_CACHE / f"{key}.json"
    if not cached.is_file():
        pyodide_dir = NODE_MODULES / "pyodide"
        script = STDLIB_PROBE_JS % {
            "loader": (pyodide_dir / "pyodide.mjs").as_uri(), "index": f"{pyodide_dir.as_posix()}/",
            "archive": json.dumps(str(dist / APP_ARCHIVE)), "home": PYODIDE_HOME,
            "roots": json.dumps(roots), "app_names": APP_MODULE_NAMES_PY % {"home": PYODIDE_HOME}}
        result = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True, text=True)
        if result.returncode != 0:
            raise BuildError(f"probing the standard library with Pyodide failed:\n{result.stderr[-3000:]}")
        STDLIB_CACHE.mkdir(parents=True, exist_ok=True)
        for old in STDLIB_CACHE.glob("*.json"):
            old.unlink()
        cached.write_text(json.dumps({"roots": roots, "loaded": json.loads(result.stdout)}))
    report = json.loads(cached.read_text())
    return set(report["loaded"]) | set(report["roots"])


def trim_stdlib(dist: Path) -> dict:
    """Keep the full stdlib zip as STDLIB_FULL and rewrite python_stdlib.zip with only what the
    page loads (stdlib_kept); return what left."""
    path = dist / "vendor" / "pyodide" / STDLIB_ARCHIVE
    full = path.read_bytes()
    shutil.copyfile(path, path.with_name(STDLIB_FULL))
    with zipfile.ZipFile(io.BytesIO(full)) as archive:
        infos = archive.infolist()
        data = {info.filename: archive.read(info) for info in infos}
    kept = set(stdlib_kept([i.filename for i in infos], probe_stdlib(dist, full)))
    with zipfile.ZipFile(path, "w") as archive:
        for info in infos:
            if info.filename in kept:
                archive.writestr(info, data[info.filename], compresslevel=9)
    dropped = sorted({stdlib_top(i.filename) for i in infos if i.filename not in kept} - {"encodings"})
    return {"dropped": dropped, "bytes_before": len(full), "bytes": path.stat().st_size}


def write_service_worker(dist: Path) -> tuple[str, list[str]]:
    """Generate dist/sw.js (must run last: it lists and hashes every other file)."""
    assets = precache_list(dist_files(dist))
    cache = cache_name(dist, assets)
    (dist / SW_NAME).write_text(render_sw(SW_TEMPLATE.read_text(), cache, assets))
    return cache, assets


def node_check(path: Path) -> None:
    """Syntax-check a JS file with `node --check` (skipped if node is missing)."""
    if shutil.which("node") is None:
        print(f"   (node not found: {path.name} not syntax-checked)")
        return
    result = subprocess.run(["node", "--check", str(path)], capture_output=True, text=True)
    if result.returncode != 0:
        raise BuildError(f"node --check {path} failed:\n{result.stderr}")


def swap_in(new: Path, target: Path) -> None:
    """Replace folder `target` by `new` with two renames (target is missing only briefly)."""
    old = target.with_name(f"{target.name}.old-{os.getpid()}")
    if target.exists():
        target.rename(old)
    new.rename(target)
    shutil.rmtree(old, ignore_errors=True)


def build(dist: Path = DIST, npm: bool = True) -> dict:
    """Assemble dist/ from web/, src/machu_picchu/ and web/node_modules; return a summary."""
    if npm:
        ensure_npm()
    if not (PACKAGE_SRC / "__init__.py").is_file():
        print(f"   warning: {PACKAGE_SRC.relative_to(ROOT)}/__init__.py missing: "
              "the page will boot without the rules package")
    tmp = dist.with_name(f"{dist.name}.tmp-{os.getpid()}")   # private: builds may run at once
    shutil.rmtree(tmp, ignore_errors=True)
    copy_web(tmp)
    write_first_screen(tmp)
    members = write_app_archive(tmp)
    write_pyscript_config(tmp)
    vendor_runtime(tmp)
    trimmed = trim_stdlib(tmp)
    stdlib_pyc = precompile_stdlib(tmp)
    snapshot = make_snapshot(tmp, trimmed["dropped"])   # with the very stdlib zip the page gets
    (tmp / ".nojekyll").write_text("")
    cache, assets = write_service_worker(tmp)
    node_check(tmp / SW_NAME)
    swap_in(tmp, dist)
    files = dist_files(dist)
    total = sum((dist / f).stat().st_size for f in files)
    summary = {"files": len(files), "bytes": total, "modules": len(members),
               "precached": len(assets), "cache": cache, "snapshot": snapshot}
    print(f"   built {dist}: {len(files)} files, {total / 1e6:.2f} MB, "
          f"{len(members)} Python modules in {APP_ARCHIVE}, {len(assets)} precached URLs, cache {cache}")
    print(f"   stdlib trimmed: {trimmed['bytes_before'] / 1e6:.2f} -> {trimmed['bytes'] / 1e6:.2f} MB (+{stdlib_pyc / 1e6:.2f} MB of bytecode) "
          f"({len(trimmed['dropped'])} modules and the codecs nothing loads left out; {STDLIB_FULL} "
          f"fetched only if one is imported)")
    print(f"   {snapshot_line(snapshot, (dist / SNAPSHOT_NAME).stat().st_size)}")
    return summary


# ===================================================================================
# static server (also used by the browser tests and the benchmark)
# ===================================================================================
class DistRequestHandler(SimpleHTTPRequestHandler):
    """Serves a folder at / and at SUBPATH, with the MIME types Pyodide needs."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    subpath = SUBPATH
    verbose = False

    def translate_path(self, path):
        prefix = self.subpath.rstrip("/")
        if prefix and (path == prefix or path.startswith(prefix + "/") or path.startswith(prefix + "?")):
            path = path[len(prefix):] or "/"
        return super().translate_path(path)

    def log_message(self, format, *args):
        if self.verbose:
            super().log_message(format, *args)

    # What was sent, for the tests and the benchmark: (path, status, body bytes) per GET,
    # in the server's `served` list (None: not recorded, as by `build.py serve`).
    def send_response(self, code, message=None):
        self._status = code
        super().send_response(code, message)

    def copyfile(self, source, outputfile):
        try:
            size = os.fstat(source.fileno()).st_size - source.tell()
        except (AttributeError, OSError, io.UnsupportedOperation):   # a listing (BytesIO)
            size = len(source.getbuffer())
        super().copyfile(source, outputfile)
        self._sent += size

    def do_GET(self):
        self._status, self._sent = None, 0
        try:
            super().do_GET()
        finally:
            if self.server.served is not None:
                self.server.served.append((urlsplit(self.path).path, self._status, self._sent))


class _QuietServer(ThreadingHTTPServer):
    daemon_threads = True

    served: list[tuple[str, int | None, int]] | None = None

    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], ConnectionError):  # browser aborted a fetch
            super().handle_error(request, client_address)


class StaticServer:
    """A stoppable HTTP server for a folder on 127.0.0.1, running in a thread.

    `url` is the app URL under the sub-path (e.g. http://127.0.0.1:PORT/machu-picchu/).
    """

    def __init__(self, root: Path = DIST, port: int = 0, subpath: str = SUBPATH, verbose: bool = False,
                 record: bool = True):
        handler = type("Handler", (DistRequestHandler,), {"subpath": subpath, "verbose": verbose})
        self.httpd = _QuietServer((HOST, port), functools.partial(handler, directory=str(root)))
        self.port = self.httpd.server_address[1]
        # (path, status, body bytes) of every GET, in order; None unless `record` (a server
        # left running for days would keep a line per request)
        self.served = self.httpd.served = [] if record else None
        self.subpath = subpath
        self._thread: threading.Thread | None = None

    @property
    def root_url(self) -> str:
        return f"http://{HOST}:{self.port}/"

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.port}{self.subpath}"

    def start(self) -> "StaticServer":
        self._thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop serving and close the listening socket (new connections are refused)."""
        if self._thread is not None:
            self.httpd.shutdown()
            self._thread.join(5)
            self._thread = None
        self.httpd.server_close()

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()


def open_server(port: int, verbose: bool = False) -> StaticServer:
    """A server on `port`, or on a free port if that one is busy."""
    try:
        return StaticServer(DIST, port, verbose=verbose, record=False)
    except OSError as exc:
        if exc.errno != errno.EADDRINUSE:
            raise
        print(f"   port {port} is busy, using a free one")
        return StaticServer(DIST, 0, verbose=verbose, record=False)


# ===================================================================================
# environment set-up for test / bench
# ===================================================================================
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


# ===================================================================================
# commands
# ===================================================================================
def cmd_build(_args: list[str]) -> int:
    """Assemble dist/."""
    step("build dist/")
    build()
    return 0


def cmd_serve(args: list[str]) -> int:
    """Build, then serve dist/ on 127.0.0.1 (at / and at SUBPATH) until Ctrl+C."""
    parser = argparse.ArgumentParser(prog="build.py serve", description="Serve dist/ on 127.0.0.1.")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    parser.add_argument("--no-build", action="store_true", help="serve the existing dist/")
    parser.add_argument("--verbose", action="store_true", help="log every request")
    opts = parser.parse_args(args)
    if not opts.no_build:
        cmd_build([])
    server = open_server(opts.port, opts.verbose)
    step(f"serving {DIST.relative_to(ROOT)}/ (Ctrl+C to stop)")
    print(f"   {server.url}\n   {server.root_url}", flush=True)
    try:
        server.httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.httpd.server_close()
    return 0


def _has_test_path(args: list[str]) -> bool:
    """True if pytest args already name a test path (then `tests` is not added)."""
    return any(not a.startswith("-") and (Path(a.split("::")[0]).exists()) for a in args)


def cmd_test(args: list[str]) -> int:
    """Set everything up, build, run pytest (extra args passed through); pytest's exit code."""
    env = prepare_browser_run()
    step("pytest")
    cmd = [VENV_PYTHON, "-m", "pytest", *([] if _has_test_path(args) else ["tests"]), *args]
    print("   $ " + " ".join(str(c) for c in cmd), flush=True)
    return subprocess.run([str(c) for c in cmd], cwd=ROOT, env=env).returncode


def cmd_bench(args: list[str]) -> int:
    """Browser benchmark: tests/web/bench.py in Chromium, then tests/web/bench_engines.py in WebKit
    and Firefox, each against bare Pyodide (`--browsers chromium,webkit,firefox` chooses); with --bots the hard bots' decision times in the
    page (tests/web/bench_bots.py); with --search the hard bot's search iterations per second
    on the host (CPU time) and in the page, how long a hint takes, and a decision's iterations per
    wall second alone and helped by the search workers (tests/web/bench_search.py);
    with --incan-gold Incan Gold's pace at the default speed, a person's choice to their next
    decision against its goals (tests/web/bench_incan_gold.py);
    with --engine the rules engine's simulate CLI."""
    if "--engine" in args:
        step("Python venv (.venv)")
        ensure_venv()
        step(f"engine benchmark: python -m {PACKAGE_NAME} {' '.join(ENGINE_BENCH_ARGS)}")
        env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
        start = time.perf_counter()
        code = subprocess.run([str(VENV_PYTHON), "-m", PACKAGE_NAME, *ENGINE_BENCH_ARGS],
                              cwd=ROOT, env=env).returncode
        print(f"   wall time {time.perf_counter() - start:.2f} s (exit {code})")
        return code
    script = BENCH_SCRIPT
    if "--bots" in args:
        args = [a for a in args if a != "--bots"]
        script = BOTS_BENCH_SCRIPT
    if "--incan-gold" in args:
        args = [a for a in args if a != "--incan-gold"]
        script = INCAN_GOLD_BENCH_SCRIPT
    if "--search" in args:
        args = [a for a in args if a != "--search"]
        script = SEARCH_BENCH_SCRIPT
        step("Python venv (.venv)")
        ensure_venv()
        step(f"the hard bot's search on the host: python -m {PACKAGE_NAME} bench --search")
        env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
        subprocess.run([str(VENV_PYTHON), "-m", PACKAGE_NAME, "bench", "--search"], cwd=ROOT,
                       env=env)
    args, browsers = bench_browsers(args)
    env = prepare_browser_run()
    if script != BENCH_SCRIPT or "--replay" in args:
        step({BENCH_SCRIPT: "replay in the browser", BOTS_BENCH_SCRIPT: "hard bots in the browser",
              SEARCH_BENCH_SCRIPT: "the hard bot's search in the browser",
              INCAN_GOLD_BENCH_SCRIPT: "Incan Gold's pace in the browser"}[script])
        return subprocess.run([str(VENV_PYTHON), str(script), *args], cwd=ROOT, env=env).returncode
    code = 0
    if "chromium" in browsers:
        step("browser benchmark (chromium)")
        code = subprocess.run([str(VENV_PYTHON), str(script), *args], cwd=ROOT, env=env).returncode
    others = [b for b in browsers if b != "chromium"]
    if others:
        step(f"the page in {' and '.join(others)}, each against bare Pyodide in the same engine")
        code = subprocess.run([str(VENV_PYTHON), str(ENGINES_BENCH_SCRIPT), *args,
                               "--browsers", ",".join(others)], cwd=ROOT, env=env).returncode or code
    return code


def bench_browsers(args: list[str]) -> tuple[list[str], list[str]]:
    """Take `--browsers a,b` out of bench's arguments: (the other arguments, the browsers;
    all of BENCH_BROWSERS by default)."""
    rest, browsers = [], list(BENCH_BROWSERS)
    items = iter(args)
    for arg in items:
        if arg == "--browsers" or arg.startswith("--browsers="):
            value = arg.partition("=")[2] or next(items, "")
            browsers = [b.strip() for b in value.split(",") if b.strip()]
            unknown = set(browsers) - set(BENCH_BROWSERS)
            if unknown or not browsers:
                raise BuildError(f"--browsers: choose among {', '.join(BENCH_BROWSERS)}")
        else:
            rest.append(arg)
    return rest, browsers


def cmd_clean(args: list[str]) -> int:
    """Remove build outputs; --all also removes .venv and web/node_modules."""
    leftovers = [p.name for p in ROOT.glob("dist.*-*")]   # from interrupted builds
    for rel in (CLEAN_ALL_PATHS if "--all" in args else CLEAN_PATHS) + leftovers:
        path = ROOT / rel
        if path.exists():
            print(f"   removing {rel}")
            shutil.rmtree(path)
    return 0


COMMANDS = {"build": cmd_build, "serve": cmd_serve, "test": cmd_test, "bench": cmd_bench, "clean": cmd_clean}


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in COMMANDS:
        print(__doc__)
        return 0 if argv[:1] in (["-h"], ["--help"]) else 2
    try:
        return COMMANDS[argv[0]](argv[1:])
    except BuildError as exc:
        print(f"\nerror: {exc}", file=sys.stderr)
        return 1
    except subprocess.CalledProcessError as exc:
        print(f"\nerror: command failed with exit code {exc.returncode}: "
              f"{' '.join(str(c) for c in exc.cmd)}", file=sys.stderr)
        return exc.returncode or 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
