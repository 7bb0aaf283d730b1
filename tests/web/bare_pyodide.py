"""The benchmarks' yardstick in every engine: a page that only starts bare Pyodide (the
game's vendored copy) and runs one line of Python: no PyScript, no game, no service worker.

It marks itself as the game page does: body[data-app-ready] and data-app-ready-ms (the page's
performance.now(), ms since its navigation started) once that line has run.
"""
from __future__ import annotations

import shutil
from pathlib import Path

BARE_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare Pyodide</title>
<link rel="icon" href="data:,">
<script type="module">
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";
const pyodide = await loadPyodide();
pyodide.runPython("import sys; sys.version");
document.body.setAttribute("data-app-ready-ms", String(Math.round(performance.now())));
document.body.setAttribute("data-app-ready", "1");
</script></head><body><p>bare Pyodide</p></body></html>
"""


def make_bare_site(dist: Path, target: Path) -> Path:
    """target/ with index.html (the bare page) and dist/'s vendor/pyodide/."""
    shutil.copytree(dist / "vendor" / "pyodide", target / "vendor" / "pyodide")
    (target / "index.html").write_text(BARE_HTML)
    return target
