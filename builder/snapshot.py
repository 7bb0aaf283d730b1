"""The start-up memory snapshot of Pyodide (made in Node at build time; on a first visit by a
Web Worker from the same script), and the modules left out of it for after start."""
from __future__ import annotations

import ast
import fnmatch
import hashlib
import json
import shutil
import subprocess
import sys
from pathlib import Path

from .appzip import APP_ARCHIVE, APP_DATA_SUFFIXES, APP_MOUNT_PY, APP_ZIP_PATH, WEB_PACKAGES, app_sources
from .compress import zstd
from .layout import PYODIDE_VERSION, ROOT, SRC, BuildError
from .split import read_whole, rest_name, split_archive
from .stdlib import SNAPSHOT_STDLIB, STDLIB_ARCHIVE, STDLIB_FULL, STDLIB_HOME, STDLIB_KEEP

BOOT_MODULE = "boot/pyodide-boot.mjs"
BOOT_PLACEHOLDERS = ("__SNAPSHOT_NAME__", "__APP_HASH__", "__STDLIB_FULL__",
                     "__STDLIB_DROPPED__", "__APP_ARCHIVE__", "__APP_ZIP_PATH__", "__APP_MOUNT_PY__",
                     "__REST_SUFFIX__")

# A first visit downloads the build's memory snapshot (SNAPSHOT_NAME); where the network is to
# be spared, or when the download fails, a Web Worker makes the same snapshot from the files the
# start fetches anyway (see SNAPSHOT_PY).
SNAPSHOT_WORKER = "boot/snapshot-worker.mjs"
SNAPSHOT_WORKER_PLACEHOLDERS = ("__SNAPSHOT_PY__", "__APP_ZIP_PATH__", "__APP_ARCHIVE__",
                                "__REST_SUFFIX__")

# The memory snapshot: Pyodide in Node after importing the modules of app.zip that the first
# screen needs (all but SNAPSHOT_SKIP and the later modules; the page's shell.app and
# shell.page need PyScript), saved whole (pyodide.makeMemorySnapshot) and packed in Zstandard
# (compress.py: 4.8 MB where gzip -9 made 6.3). A later
# start restores it instead of initialising CPython and importing the game.
# Its heap must stay within Pyodide's initial 30 MiB: a larger one fails to restore on
# 314.0.x (pyodide issue 6254), so the build refuses it, and reports the headroom left (the
# limit minus the heap's break, _sbrk(0), once the modules are imported).
SNAPSHOT_NAME = "snapshot.bin.zst"
SNAPSHOT_CACHE = ROOT / "build" / "snapshot"
SNAPSHOT_MAX_HEAP = 30 * 1024 * 1024

# Room kept under that limit for what comes next (other languages' catalogues, new features):
# the build says when the headroom is below it, and tests/test_build.py fails.
SNAPSHOT_HEADROOM_GOAL = 4 * 1024 * 1024
SNAPSHOT_SKIP = ("__main__", "cli", "tournament", "training", "league")   # command-line only

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
# a Web Worker (web/boot/snapshot-worker.mjs), app.zip written at APP_ZIP_PATH first: app.zip
# on sys.path (APP_MOUNT_PY; zipimport's reading of its directory is kept in the snapshot), the
# app's modules but the left-out ones, the home screen's boards, the build's hash
# (sys._app_snapshot) and what to import after ready.
SNAPSHOT_PY = r"""import gc, importlib, json, os, sys
%(mount)s
mount_app(%(zip_path)r, False)
with zipfile.ZipFile(%(zip_path)r) as archive:
    names = [n[:-4].replace("/", ".").removesuffix(".__init__") for n in archive.namelist()
             if n.endswith(".pyc") and not n.startswith(".")]
skipped = {}
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
const py = await loadPyodide({ indexURL: "%(index)s", stdLibURL: %(stdlib)s, _makeSnapshot: true });
py.FS.writeFile("%(zip_path)s", new Uint8Array(readFileSync(%(archive)s)));
const brk = () => py._module._sbrk(0) >>> 0;
const report = py.runPython(%(snapshot_py)s);
const heap = py._module.HEAP8.length, used = brk();
const zeroed = zeroFreeMemory(py._module);
if (py._module.HEAP8.length !== heap || brk() !== used) throw new Error("zeroing grew the heap");
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
                                      later_compiled: JSON.parse(compiled), zeroed }));

// The heap's free memory, zeroed (what malloc freed still holds the old bytes: 3.4 MB of
// garbage in the snapshot, which compresses badly): every free chunk is taken with malloc,
// the footprint held where it is so that no chunk comes from new memory, filled with zeros and
// freed again (the allocator keeps its own words in a free chunk's first bytes only); and the
// unused part of the wasm stack (below the stack pointer, between calls). The bytes zeroed.
function zeroFreeMemory(m) {
  const end = m._emscripten_stack_get_end() >>> 0, current = m._emscripten_stack_get_current() >>> 0;
  m.HEAPU8.fill(0, end, current);
  const limit = m._malloc_footprint_limit() >>> 0;
  m._malloc_set_footprint_limit(m._malloc_footprint() >>> 0);
  const taken = [];
  let size = 1 << 24, zeroed = 0;
  try {
    while (size >= 16) {
      const block = m._malloc(size) >>> 0;
      if (!block) {
        size >>= 1;
        continue;
      }
      const usable = m._malloc_usable_size(block) >>> 0;
      m.HEAPU8.fill(0, block, block + usable);
      taken.push(block);
      zeroed += usable;
    }
  } finally {
    for (const block of taken) m._free(block);
    m._malloc_set_footprint_limit(limit);
  }
  return zeroed;
}
"""


def top_level_imports(name: str, source: str, package: bool, known: set[str],
                      anywhere: bool = False) -> set[str]:
    """The modules of `known` that module `name` imports as it runs (its import statements
    outside functions and classes; with `anywhere`, inside them too), with the packages they
    and it sit in."""
    here = name if package else name.rpartition(".")[0]
    parts = name.split(".")
    found = {".".join(parts[:i]) for i in range(1, len(parts))} & known
    tree = ast.parse(source)
    body = list(ast.walk(tree)) if anywhere else list(tree.body)
    while body:
        node = body.pop()
        if isinstance(node, (ast.If, ast.Try, ast.With)) and not anywhere:
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


# What a start reads of the two archives between the restore of the snapshot and ready, their
# first parts (builder/split.py; the rests come after ready): of app.zip, the catalogues (a page
# in French or German reads its language's, and English's under it), PyScript's bytecode, the
# modules the snapshot cannot hold (start_modules) and the later modules a screen or a click
# may import at once (views_imports); of the stdlib, nothing was measured
# (every module the start imports is in the snapshot's heap, tests/web/test_lean_start.py), so
# only the text codecs (a codec is looked up by name when first used) and STDLIB_KEEP, which the
# stdlib imports lazily. A module of a rest imported before it has arrived waits for it
# (pyodide-boot.mjs, RestArchives).
START_IMPORTS = "pyscript"   # what the snapshot's Python (in Node, in a worker) has not


def start_modules(sources: dict[str, tuple[str, bool]]) -> set[str]:
    """The modules of app.zip (app_sources) that the snapshot cannot hold and the start imports:
    those that import PyScript at their top, and those that import one of them there."""
    known = set(sources) | {START_IMPORTS}
    imports = {name: top_level_imports(name, *sources[name], known) for name in sources}
    found = {START_IMPORTS}
    while True:
        more = {name for name, names in imports.items() if names & found} - found
        if not more:
            return found - {START_IMPORTS}
        found |= more


def check_start_modules(report: dict, start: set[str]) -> None:
    """A module the snapshot could not import must be in app.zip's first part (the start
    imports it)."""
    missing = set(report["skipped"]) - start
    if missing:
        raise BuildError(f"the snapshot could not import {sorted(missing)}, which app.zip's first "
                         f"part does not hold (start_modules): {report['skipped']}")


def views_imports(sources: dict[str, tuple[str, bool]], later: list[str]) -> set[str]:
    """The later modules that the page's own packages (the shell, the kit, the games' views)
    import inside a function: a screen or a click may need one before the rests arrive (a
    game's help, what its turn prompt asks the rules), so it travels in app.zip's first part
    (its bytes only: the heap gets it when imported). The bots, which the rules packages
    import, and whatever the page asks of them (a bot's reasons), wait for the rests in the
    bots' turns and hints (shell/later.py rests_arrived): no `bots` package is listed. With
    what each imports at its top."""
    known, later = set(sources), set(later)
    found: set[str] = set()
    for name, (source, package) in sources.items():
        if name.split(".")[0] in WEB_PACKAGES:
            found |= top_level_imports(name, source, package, known, anywhere=True)
    found = {name for name in found & later if "bots" not in name.split(".")}
    while True:
        more = {dep for name in found for dep in top_level_imports(name, *sources[name], known)
                if dep in later} - found
        if not more:
            return found
        found |= more


def split_archives(dist: Path) -> dict:
    """Split app.zip and the trimmed stdlib each into what the start reads (START_IMPORTS'
    comment) and the rest (builder/split.py): their sizes."""
    sources = app_sources()
    start = start_modules(sources) | views_imports(sources, later_modules(sources))
    start = {name.replace(".", "/") for name in start}

    def app_first(member: str) -> bool:
        module = member.removesuffix(".pyc").removesuffix("/__init__")
        return member.endswith(APP_DATA_SUFFIXES) or member.startswith(".") or module in start

    def stdlib_first(member: str) -> bool:
        return member.startswith("encodings/") or member.split(".")[0] in STDLIB_KEEP
    return {"app": split_archive(dist / APP_ARCHIVE, app_first),
            "stdlib": split_archive(dist / "vendor" / "pyodide" / STDLIB_ARCHIVE, stdlib_first)}


def check_snapshot_heap(report: dict) -> None:
    """A heap over SNAPSHOT_MAX_HEAP does not restore: stop the build and name the fix."""
    if report["heap"] > SNAPSHOT_MAX_HEAP or report["brk"] > SNAPSHOT_MAX_HEAP:
        raise BuildError(
            f"the memory snapshot's heap is {max(report['heap'], report['brk']):,} bytes, over the "
            f"{SNAPSHOT_MAX_HEAP:,} Pyodide {PYODIDE_VERSION} can restore (pyodide issue 6254): "
            "leave more modules out of it (a game's GameInfo.later_modules: those the first "
            "screen does not need), or import less at the top of the modules it holds")


def make_snapshot(dist: Path, stdlib_dropped: list[str]) -> dict:
    """Write dist/snapshot.bin.zst (see SNAPSHOT_NAME) and fill in the boot module; return what
    the snapshot holds. Cached in build/snapshot/ under a hash of app.zip, the Pyodide version
    and the script, so a rebuild with unchanged Python reuses it."""
    archive = read_whole(dist / APP_ARCHIVE)          # both archives whole (split_archives)
    app_hash = hashlib.sha256(archive).hexdigest()[:16]
    pyodide_dir = dist / "vendor" / "pyodide"     # the trimmed stdlib: its zipimport state is saved
    stdlib = read_whole(pyodide_dir / STDLIB_ARCHIVE)
    snapshot_py = SNAPSHOT_PY % {
        "mount": APP_MOUNT_PY, "zip_path": APP_ZIP_PATH, "app_hash": app_hash,
        "later": json.dumps(later_modules(app_sources())),
        "stdlib": json.dumps(list(SNAPSHOT_STDLIB)), "skip": json.dumps(list(SNAPSHOT_SKIP))}
    write_snapshot_worker(dist, snapshot_py)
    key = hashlib.sha256(PYODIDE_VERSION.encode() + archive + stdlib + SNAPSHOT_JS.encode()
                         + snapshot_py.encode()).hexdigest()[:24]
    cached, report_file = SNAPSHOT_CACHE / f"{key}.bin.zst", SNAPSHOT_CACHE / f"{key}.json"
    if not (cached.is_file() and report_file.is_file()):
        if shutil.which("node") is None:
            raise BuildError("node not found: install Node.js 20 (it makes the memory snapshot)")
        raw = dist / "snapshot.bin"
        whole_app, whole_stdlib = dist / "app.whole.zip", dist / "stdlib.whole.zip"
        whole_app.write_bytes(archive)
        whole_stdlib.write_bytes(stdlib)
        script = SNAPSHOT_JS % {
            "loader": (pyodide_dir / "pyodide.mjs").as_uri(), "index": f"{pyodide_dir.as_posix()}/",
            "archive": json.dumps(str(whole_app)), "stdlib": json.dumps(str(whole_stdlib)),
            "target": json.dumps(str(raw)), "zip_path": APP_ZIP_PATH,
            "snapshot_py": json.dumps(snapshot_py), "stdlib_home": STDLIB_HOME}
        result = subprocess.run(["node", "--input-type=module", "-e", script],
                                capture_output=True, text=True)
        whole_app.unlink()
        whole_stdlib.unlink()
        if result.returncode != 0:
            raise BuildError(f"making the memory snapshot with Pyodide failed:\n{result.stderr[-3000:]}")
        report = json.loads(result.stdout)
        check_snapshot_heap(report)
        check_start_modules(report, start_modules(app_sources()))
        SNAPSHOT_CACHE.mkdir(parents=True, exist_ok=True)
        for old in SNAPSHOT_CACHE.glob("*"):
            old.unlink()
        cached.write_bytes(zstd(raw.read_bytes()))
        raw.unlink()
        report_file.write_text(json.dumps(report))
    shutil.copyfile(cached, dist / SNAPSHOT_NAME)
    boot = dist / BOOT_MODULE
    text = boot.read_text()
    values = (SNAPSHOT_NAME, app_hash, STDLIB_FULL, json.dumps(stdlib_dropped), APP_ARCHIVE,
              APP_ZIP_PATH, json.dumps(APP_MOUNT_PY), rest_name(""))
    for name, value in zip(BOOT_PLACEHOLDERS, values):
        if text.count(name) != 1:
            raise BuildError(f"web/{BOOT_MODULE}: {name} must occur exactly once")
        text = text.replace(name, value)
    boot.write_text(text)
    return json.loads(report_file.read_text())


def write_snapshot_worker(dist: Path, snapshot_py: str) -> None:
    """Fill in the first visit's snapshot maker (SNAPSHOT_WORKER): the build's SNAPSHOT_PY,
    where app.zip is written, and the app's archive."""
    worker = dist / SNAPSHOT_WORKER
    text = worker.read_text()
    values = (json.dumps(snapshot_py), APP_ZIP_PATH, APP_ARCHIVE, rest_name(""))
    for name, value in zip(SNAPSHOT_WORKER_PLACEHOLDERS, values):
        if text.count(name) != 1:
            raise BuildError(f"web/{SNAPSHOT_WORKER}: {name} must occur exactly once")
        text = text.replace(name, value)
    worker.write_text(text)


def snapshot_line(report: dict, packed_bytes: int) -> str:
    """The build's line about the memory snapshot (its headroom: what the heap may still grow)."""
    headroom = SNAPSHOT_MAX_HEAP - report["brk"]
    kept = f" (kept, imported by the others: {', '.join(report['kept'])})" if report["kept"] else ""
    compiled = (f" (stdlib compiled from source then, add to STDLIB_PRECOMPILED: "
                f"{', '.join(report['later_compiled'])})" if report["later_compiled"] else "")
    short = " BELOW THE GOAL" if headroom < SNAPSHOT_HEADROOM_GOAL else ""
    return (f"memory snapshot: {report['modules']} modules imported, heap break "
            f"{report['brk'] / 2**20:.2f} MiB of {SNAPSHOT_MAX_HEAP / 2**20:.0f}: headroom "
            f"{headroom / 2**20:.2f} MiB (goal >= {SNAPSHOT_HEADROOM_GOAL / 2**20:.0f}{short}); "
            f"{packed_bytes / 1e6:.2f} MB packed; "
            f"{report.get('previews', 0)} home-screen boards drawn; {len(report['later'])} "
            f"modules imported after ready (+{report['later_cost'] / 2**20:.2f} MiB){kept}{compiled}; not imported: "
            f"{', '.join(sorted(report['skipped'])) or 'none'}")
