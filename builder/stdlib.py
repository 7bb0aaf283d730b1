"""Pyodide's standard library, trimmed to what the page imports, with a few modules as bytecode."""
from __future__ import annotations

import hashlib
import io
import json
import re
import shutil
import subprocess
import zipfile
from pathlib import Path

from .appzip import APP_ARCHIVE, APP_MODULE_NAMES_PY, app_source_files, compile_for_pyodide
from .layout import NODE_MODULES, PYODIDE_HOME, PYODIDE_VERSION, ROOT, BuildError

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
STDLIB_HOME = "/lib/python314.zip"  # where Pyodide's Python finds python_stdlib.zip

# Pyodide's standard library is Python source, compiled at each import. These travel as bytecode
# too, in the trimmed zip: html/entities.py (a 2231-entry dict literal, imported by `html`), whose
# compiling took the snapshot's heap break from 24.96 to 26.8 MiB for a moment (its peak); and
# what the page imports after ready (the snapshot's build lists any other: later_compiled), where
# compiling argparse (for the bots' training module) made one task of 0.3-0.6 s. +0.1 MB in all.
# (Every module of the zip as bytecode: 1.3 MiB more headroom, but +2.2 MB of zip.)
STDLIB_PRECOMPILED = ("html/entities.py", "argparse.py", "gettext.py")
SNAPSHOT_STDLIB = ("asyncio", "datetime", "secrets", "zipfile")   # the page imports them before it is ready


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
    texts += [text.decode("utf-8") for n, text in app_source_files().items() if n.endswith(".py")]
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
