"""dist/, assembled: web/'s files, the first screen, app.zip, the vendored runtime, the trimmed
standard library, the snapshot and the service worker (`build`)."""
from __future__ import annotations

import html.parser
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from .appzip import APP_ARCHIVE, WEB_PACKAGES, write_app_archive
from .compress import zstd
from .layout import (DIST, FZSTD_FILES, NODE_MODULES, PACKAGE_SRC, PYODIDE_FILES, ROOT, WASM_FILE,
                     WASM_PACKED, WEB, BuildError, dist_files, sha256_file)
from .pins import ensure_npm
from .serviceworker import SW_NAME, write_service_worker
from .snapshot import SNAPSHOT_NAME, make_snapshot, snapshot_line, split_archives
from .stdlib import STDLIB_FULL, precompile_stdlib, trim_stdlib

PACKAGE_ONLY = (".py", ".md", ".json")   # files of web's packages that stay out of dist/ itself
WEB_EXCLUDE = {"node_modules", "package.json", "package-lock.json", "sw.js.in",
               "__pycache__", ".DS_Store"}
PYSCRIPT_CONFIG = "pyscript.json"

# PyScript loads Pyodide through our own module (web/boot/pyodide-boot.mjs): the vendored
# loadPyodide, restored from the memory snapshot when the service worker holds one.
INTERPRETER_URL = "./boot/pyodide-boot.mjs"
PYODIDE_LOADER_URL = "./vendor/pyodide/pyodide.mjs"   # the plain loader (the bench's floor page)
PYSCRIPT_SUFFIXES = (".js", ".css")
PYSCRIPT_SKIP = {"service-worker.js"}  # 1-byte stub, we ship our own sw.js


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
# The static skeleton's words (<!--site:NAME--> marks in index.html and the manifest): English,
# each game's from the registry (web/shell/skeleton.py site_texts); Python rewords them in the
# page's language once it starts.
SITE_MARK = re.compile(r"<!--site:([a-z_]+)-->")
SITE_FILES = ("index.html", "manifest.webmanifest")
# Where index.html takes the other languages' first paint: one JSON table per language
# (<script type="application/json" id="first-paint-LANG">), read only in that language.
FIRST_PAINT_MARK = "<!--first-paint:tables-->"
FIRST_LANG = "en"        # the language written in index.html itself
# Every game's own stylesheet (its GameViews.css) is linked where index.html holds this mark.
GAME_STYLES_MARK = "<!--game-styles-->"
FIRST_SCREEN_PY = """
import json
from shell import games, home, i18n, skeleton
drawn = {}
for lang in i18n.languages():
    i18n.use_language(lang)
    i18n.forget_words()
    names = {g.id: games.game_name(g) for g in games.available()}
    regions = home.first_visit()
    drawn[lang] = {"regions": regions, "site": skeleton.site_texts(names),
                   "paint": skeleton.first_paint(names, regions)}
drawn["styles"] = skeleton.stylesheet_links()
drawn["first_game"] = games.available()[0].id
print(json.dumps(drawn))
"""


def write_first_screen(dist: Path) -> None:
    """Put the home of a first visit into dist/index.html where its marks are, the games'
    stylesheets where theirs is, and the skeleton's words where theirs are (`write_site_texts`),
    in English; each other language's into its first-paint table (`first_paint_tables`)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(WEB)])}
    done = subprocess.run([sys.executable, "-c", FIRST_SCREEN_PY], env=env, cwd=ROOT,
                          capture_output=True, text=True)
    if done.returncode:
        raise BuildError("the first screen could not be drawn:\n" + done.stderr[-2000:])
    drawn = json.loads(done.stdout)
    styles = drawn.pop("styles")
    first_game = drawn.pop("first_game")
    regions = drawn[FIRST_LANG]["regions"]
    write_manifests(dist, {lang: d["site"] for lang, d in drawn.items() if lang != FIRST_LANG})
    write_site_texts(dist, drawn[FIRST_LANG]["site"])
    page = dist / "index.html"
    html = page.read_text(encoding="utf-8")
    wanted = set(FIRST_SCREEN_MARK.findall(html))
    if not wanted or wanted - set(regions):
        raise BuildError(f"index.html's first-screen marks {sorted(wanted)} against {sorted(regions)}")
    if html.count(FIRST_PAINT_MARK) != 1:
        raise BuildError(f"index.html needs one {FIRST_PAINT_MARK}")
    html = FIRST_SCREEN_MARK.sub(
        lambda m: f'<div class="first-screen" inert>{regions[m.group(1)]}</div>', html)
    html = html.replace(FIRST_PAINT_MARK, first_paint_tables(
        {lang: d["paint"] for lang, d in drawn.items() if lang != FIRST_LANG}))
    if html.count(GAME_STYLES_MARK) != 1:
        raise BuildError(f"index.html needs one {GAME_STYLES_MARK}")
    html = html.replace(GAME_STYLES_MARK, styles.rstrip())
    # whose board the first screen draws: boot.js hides it when another game resumes at start
    if html.count('<html lang="en">') != 1:
        raise BuildError('index.html needs one <html lang="en">')
    html = html.replace('<html lang="en">', f'<html lang="en" data-first-game="{first_game}">')
    page.write_text(html, encoding="utf-8")


def first_paint_tables(paints: dict[str, dict]) -> str:
    """Each language's first paint as a JSON data block that cannot end its <script> early
    ("</" and "<!--" escaped)."""
    def block(lang: str, paint: dict) -> str:
        data = json.dumps(paint, ensure_ascii=False, separators=(",", ":"))
        data = data.replace("</", "<\\/").replace("<!--", "\\u003c!--")
        return f'<script type="application/json" id="first-paint-{lang}">{data}</script>'
    return "\n".join(block(lang, paint) for lang, paint in sorted(paints.items()))


def write_site_texts(dist: Path, texts: dict[str, str]) -> None:
    """Fill the <!--site:NAME--> marks of SITE_FILES: escaped HTML in a page, plain text in
    JSON (the manifest)."""
    for name in SITE_FILES:
        path = dist / name
        path.write_text(site_marks_filled(path, texts), encoding="utf-8")


def write_manifests(dist: Path, texts: dict[str, dict[str, str]]) -> None:
    """The manifest of each language but English (texts: language -> its skeleton's words,
    whose "manifest" names the file the page links in that language; see
    web/shell/skeleton.py manifest_url), beside English's, from the same template."""
    template = dist / "manifest.webmanifest"
    for lang, words in texts.items():
        target = (dist / words["manifest"]).resolve()
        if target.parent != dist.resolve() or not target.name.endswith(".webmanifest"):
            raise BuildError(f"the manifest of {lang} would be written at {words['manifest']}")
        target.write_text(site_marks_filled(template, words), encoding="utf-8")


def site_marks_filled(path: Path, texts: dict[str, str]) -> str:
    """A file's text with its <!--site:NAME--> marks filled (escaped HTML in a page, plain
    text in JSON)."""
    text = path.read_text(encoding="utf-8")
    unknown = set(SITE_MARK.findall(text)) - set(texts)
    if unknown:
        raise BuildError(f"{path.name}: no words for the marks {sorted(unknown)} ({sorted(texts)})")
    if path.name.endswith(".html"):
        return SITE_MARK.sub(lambda m: texts[m.group(1)], text)
    return SITE_MARK.sub(lambda m: json.dumps(html.unescape(texts[m.group(1)]),
                                              ensure_ascii=False)[1:-1], text)


def pyscript_config(base: dict | None = None) -> dict:
    """The page's pyscript.json: the interpreter, our boot module (which also unpacks app.zip
    into the cwd, in slices, rather than PyScript's "files" in one long task). Keys already
    in `base` (an optional web/pyscript.json) are kept; the interpreter is always ours.
    """
    config = dict(base or {})
    config["interpreter"] = INTERPRETER_URL
    return config


def write_pyscript_config(dist: Path) -> dict:
    """Generate dist/pyscript.json (merging web/pyscript.json if the UI provides one)."""
    base_file = WEB / PYSCRIPT_CONFIG
    base = json.loads(base_file.read_text()) if base_file.is_file() else None
    config = pyscript_config(base)
    (dist / PYSCRIPT_CONFIG).write_text(json.dumps(config, indent=2) + "\n")
    return config


def vendor_runtime(dist: Path) -> None:
    """Copy PyScript's dist (js/css, no maps), the 5 Pyodide core files and fzstd's browser
    build with its licence (FZSTD_FILES)."""
    pyscript_dir = dist / "vendor" / "pyscript"
    pyscript_dir.mkdir(parents=True)
    for path in sorted((NODE_MODULES / "@pyscript" / "core" / "dist").iterdir()):
        if path.suffix in PYSCRIPT_SUFFIXES and path.name not in PYSCRIPT_SKIP:
            shutil.copy2(path, pyscript_dir / path.name)
    pyodide_dir = dist / "vendor" / "pyodide"
    pyodide_dir.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(NODE_MODULES / "pyodide" / name, pyodide_dir / name)
    for source, target in FZSTD_FILES.items():
        (dist / target).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(NODE_MODULES / "fzstd" / source, dist / target)


WASM_CACHE = ROOT / "build" / "wasm"     # the packed interpreter, by its raw bytes' hash


def pack_wasm(dist: Path) -> int:
    """Write dist's WASM_PACKED (the vendored wasm in Zstandard, compress.py: 3.5 s, so kept in
    WASM_CACHE by content); its size."""
    raw = dist / WASM_FILE
    cached = WASM_CACHE / f"{sha256_file(raw)[:16]}.wasm.zst"
    if not cached.is_file():
        WASM_CACHE.mkdir(parents=True, exist_ok=True)
        for old in WASM_CACHE.glob("*"):
            old.unlink()
        part = cached.with_name(f"{cached.name}.{os.getpid()}")   # builds may run at once
        part.write_bytes(zstd(raw.read_bytes()))
        part.replace(cached)
    shutil.copy2(cached, dist / WASM_PACKED)
    return (dist / WASM_PACKED).stat().st_size


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
    pack_wasm(tmp)
    trimmed = trim_stdlib(tmp)
    stdlib_pyc = precompile_stdlib(tmp)
    split = split_archives(tmp)          # what the start reads, and the rest, after ready
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
    print("   before ready, of the split archives: " + "; ".join(
        f"{name} {part['first'] / 1e6:.2f} MB ({part['members_first']} of {part['members']} members), "
        f"{part['rest'] / 1e6:.2f} MB after" for name, part in split.items()))
    return summary
