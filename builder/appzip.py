"""app.zip: the page's Python (every package of src/, the page's own packages with their
catalogues) and its bytecode, compiled by the vendored Pyodide in Node."""
from __future__ import annotations

import base64
import hashlib
import io
import json
import shutil
import subprocess
import zipfile
from pathlib import Path

from .layout import NODE_MODULES, PYODIDE_HOME, PYODIDE_VERSION, ROOT, SRC, WEB, BuildError

# The page's own Python packages, with the data their Python reads (the message catalogues of
# the shell and of each game, <package>/locales/): they travel in app.zip beside every package
# of src/, not as loose files of dist/.
WEB_PACKAGES = ("shell", "kit", "games")
APP_SUFFIXES = (".py", ".json")

# The Python the page imports (rules package + page views) travels as ONE zip: one request
# instead of one per module. The page imports it where it lies (zipimport: app.zip on sys.path,
# at APP_ZIP_PATH), so that no start unpacks its hundreds of members; only the data its Python
# reads as files (the catalogues) and PyScript's bytecode are written out (APP_MOUNT_PY).
APP_ARCHIVE = "app.zip"
APP_ZIP_PATH = f"{PYODIDE_HOME}/{APP_ARCHIVE}"
APP_DATA_SUFFIXES = (".json",)
ZIP_DATE = (1980, 1, 1, 0, 0, 0)  # fixed timestamps: the same sources give the same bytes

# Bytecode for those modules, compiled at build time by the vendored Pyodide itself (in Node),
# so the page does not compile ~10k lines of Python at every boot: each module's .pyc beside its
# source in app.zip (app_pyc_member), where zipimport looks for it. "Unchecked-hash" .pyc files
# (PEP 552) are used as they are.
PYODIDE_CACHE_TAG = "cpython-314"
PYC_CACHE = ROOT / "build" / "pyc"  # compiled bytecode, keyed by sources + runtime version

# Python that makes app.zip, written at APP_ZIP_PATH, importable (the page's boot module, the
# snapshot's build in Node and the first visit's snapshot worker run it): mount_app puts app.zip
# first on sys.path, its data files written out beside it (the catalogues: shell/i18n.py reads
# them there), and with `pyscript` true, PyScript's bytecode (.pyscript/__pycache__/, see
# pyscript_sources) into pyscript/__pycache__/ of the cwd, where PyScript writes its package;
# app_rests is the finder first on sys.meta_path that waits for the rests of the split archives
# (builder/split.py; web/boot/pyodide-boot.mjs says how). The snapshot's build runs it in
# Python's __main__, so a restored page finds both defined there (compiling this source after
# a restore took 50-130 ms of a main-thread task).
APP_MOUNT_PY = r"""
import os, sys, zipfile
def mount_app(path, pyscript):
    if path not in sys.path:
        sys.path.insert(0, path)
    home = os.path.dirname(path)
    with zipfile.ZipFile(path) as archive:
        for name in archive.namelist():
            if name.startswith(".pyscript/"):
                if not pyscript:
                    continue
                target = os.path.join(home, name[1:])
            elif name.endswith(%(data)r):
                target = os.path.join(home, name)
            else:
                continue
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with open(target, "wb") as out:
                out.write(archive.read(name))

import zipimport
class RestArchives:
    def __init__(self):
        self.waiting = {}          # archive's path -> (where its rest begins, the rest's URL)
    def wait_for(self, archive, at, url):
        self.waiting[archive] = (at, url)
    def find_spec(self, name, path=None, target=None):
        base = name.replace(".", "/")
        for archive, (at, url) in list(self.waiting.items()):
            files = zipimport._zip_directory_cache.get(archive) or {}
            for member in (base + ".pyc", base + ".py", base + "/__init__.pyc", base + "/__init__.py"):
                entry = files.get(member)
                if entry is not None and entry[4] >= at:
                    self.fetch_now(archive, name)
                    break
        return None
    def fetch_now(self, archive, name):
        import js
        at, url = self.waiting[archive]
        request = js.XMLHttpRequest.new()
        request.open("GET", url, False)
        # a synchronous request has no binary type: bytes arrive as U+F700 + byte
        request.overrideMimeType("text/plain; charset=x-user-defined")
        request.send()
        if request.status != 200:
            raise ImportError(f"{name}: {url}: HTTP {request.status}")
        text = request.responseText
        self.arrive(archive, text.translate({0xF700 + b: b for b in range(256)}).encode("latin-1"))
        js.console.warn(f"rest fetched at once: {url} for {name}")
    def arrive(self, archive, rest):
        if archive not in self.waiting:
            return
        at, _url = self.waiting.pop(archive)
        with open(archive, "r+b") as f:
            f.seek(at)
            f.write(rest if isinstance(rest, bytes) else rest.to_bytes())
            f.truncate()
        # read again at the next import: the whole directory even if something (an
        # importlib.invalidate_caches) had read the first part's alone meanwhile
        zipimport._zip_directory_cache.pop(archive, None)
def app_rests():
    found = next((f for f in sys.meta_path if type(f).__name__ == "RestArchives"), None)
    if found is None:
        found = RestArchives()
        sys.meta_path.insert(0, found)
    return found
""" % {"data": APP_DATA_SUFFIXES}

# Python run by the stdlib probe (app.zip unpacked at %(home)s): `names`, every module in it.
APP_MODULE_NAMES_PY = r"""names = []
for folder, _dirs, files in os.walk("%(home)s"):
    for f in files:
        if f.endswith(".pyc"):
            name = os.path.relpath(os.path.join(folder, f), "%(home)s")[:-4].replace("/", ".")
            names.append(name[:-len(".__init__")] if name.endswith(".__init__") else name)
"""

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


def app_pyc_member(source_member: str) -> str:
    """'machu_picchu/game.py' -> 'machu_picchu/game.pyc' (zipimport's place for its bytecode)."""
    return source_member[:-3] + ".pyc"


def pyc_member(source_member: str) -> str:
    """'machu_picchu/game.py' -> 'machu_picchu/__pycache__/game.cpython-314.pyc'."""
    folder, _, name = source_member.rpartition("/")
    pyc = f"__pycache__/{name[:-3]}.{PYODIDE_CACHE_TAG}.pyc"
    return f"{folder}/{pyc}" if folder else pyc


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


def app_source_files() -> dict[str, bytes]:
    """{member: bytes} of the page's Python and catalogues (every package of src/, the page's
    packages), as app.zip names them."""
    trees = app_trees()
    members = archive_members({top: python_files(folder, APP_SUFFIXES)
                               for top, folder in trees.items()})
    return {m: (trees[m.split("/", 1)[0]] / m.split("/", 1)[1]).read_bytes() for m in members}


def write_app_archive(dist: Path) -> list[str]:
    """Pack the bytecode of every module of src/'s packages and the page's, and their
    catalogues, into dist/app.zip; return the source members (modules and catalogues).

    Bytecode only: the sources stay out (0.4 MB gzip of a first visit). The page imports the
    bytecode as it is (unchecked .pyc), and a traceback, which the page writes only to the
    console, names each frame's file and line (APP_ZIP_PATH/shell/app.py: web/shell/app.py of
    the build's commit) without quoting the line."""
    sources = app_source_files()
    compiled = compile_for_pyodide({m: b for m, b in sources.items() if m.endswith(".py")},
                                   home=APP_ZIP_PATH)
    pyscript = compile_for_pyodide(pyscript_sources(), strip=False, cache="pyscript", checked=True)
    data = {m: b for m, b in sources.items() if m.endswith(APP_DATA_SUFFIXES)}
    write_zip(dist / APP_ARCHIVE, {**data, **{app_pyc_member(n): b for n, b in compiled.items()},
                                   **{"." + pyc_member(n): b for n, b in pyscript.items()}})
    return sorted(sources)


# PyScript writes its own Python package (pyscript/*.py, from strings in its JavaScript) into
# the page's cwd at every start and imports it: compiling it there was ~50 ms of the start's
# longest task. app.zip brings its bytecode (checked against the sources PyScript writes), as
# .pyscript/__pycache__/: the boot module writes it to pyscript/__pycache__/ (APP_MOUNT_PY). (A pyscript/
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


def app_sources() -> dict[str, tuple[str, bool]]:
    """{module name: (source text, is a package)} of the modules app.zip brings as bytecode."""
    return {member[:-3].replace("/", ".").removesuffix(".__init__"):
            (text.decode("utf-8"), member.endswith("/__init__.py"))
            for member, text in app_source_files().items() if member.endswith(".py")}
