"""The built site boots in the browser: under a sub-path with no foreign request, every module
from build-time bytecode, the stdlib trim's fallback, the words of an unsupported browser, a failed
boot's Retry, a tap while starting, the skeleton without JavaScript, and offline through the
service worker. The memory snapshot's boots are in test_boot_snapshot.py, the static checks of
dist/ in test_site_files.py."""
from __future__ import annotations

import io
import json
import zipfile
import zlib
from urllib.parse import urlsplit

from playwright.sync_api import expect

from webharness import build, screenshot, wait_ready, wait_service_worker

PYODIDE_PYTHON = "3.14"          # CPython inside Pyodide 314.x


def module_name(path: str) -> str:
    """'machu_picchu/sub/mod.py' -> 'machu_picchu.sub.mod' ('__init__.py' -> the package)."""
    parts = path[:-3].split("/")
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


# --- booting in the browser -----------------------------------------------------------
def test_boots_under_subpath_without_errors_or_foreign_requests(app, watch):
    page = app.open()
    expect(page.locator("#board")).to_be_visible()
    screenshot(page, "boot")

    assert watch.foreign_requests() == []
    paths = {urlsplit(url).path for url in watch.requests if url.startswith("http")}
    assert paths and all(p.startswith(build.SUBPATH) for p in paths), paths
    assert f"{build.SUBPATH}{build.WASM_PACKED}" in paths   # the vendored interpreter, packed
    assert watch.failed == [] and watch.http_errors == []
    # every preload hint matches how its file is fetched: nothing is fetched twice, none unused
    # (the icon is fetched as the favicon and as the header's image: no hint of ours)
    fetched = [u for u in watch.page_requests if "/vendor/" in u or "/boot/" in u
               or u.endswith((build.APP_ARCHIVE, build.PYSCRIPT_CONFIG, build.SNAPSHOT_NAME))]
    assert len(fetched) > 10 and sorted(u for u in set(fetched) if fetched.count(u) > 1) == []
    assert [text for kind, text in watch.console if "preload" in text] == []


def test_every_module_imports_in_pyodide_from_build_time_bytecode(dist, page, server, watch):
    """Replace main.py with a probe importing every module app.zip brings (package and ui):
    each imports, from app.zip itself (zipimport: no start unpacks it) and from the bytecode the
    build compiled (the page compiles no source: a Pyodide whose bytecode format differs from
    the build's would make it do so, silently)."""
    assert "files" not in json.loads((dist / build.PYSCRIPT_CONFIG).read_text())   # the boot module writes it, whole
    with zipfile.ZipFile(io.BytesIO(build.read_whole(dist / build.APP_ARCHIVE))) as archive:
        names = archive.namelist()
    modules = [module_name(n[:-1]) for n in names if n.endswith(".pyc") and not n.startswith(".")
               and not n.endswith("__main__.pyc")]
    assert build.PACKAGE_NAME in modules and "shell.app" in modules
    assert [n for n in names if n.endswith(".py")] == []      # bytecode only
    probe = f"""
import importlib, importlib.machinery, json, sys, traceback, zipimport
from pyscript import document, window
await window.__mpBoot.fetchRest()   # the rest of app.zip, which the page fetches after ready
compiled_here = []
source_to_code = importlib.machinery.SourceFileLoader.source_to_code
def spy(self, data, path, *args, **kwargs):
    compiled_here.append(path)
    return source_to_code(self, data, path, *args, **kwargs)
importlib.machinery.SourceFileLoader.source_to_code = spy
compile_source = zipimport._compile_source
def zip_spy(pathname, source):     # (the stdlib's zip is source: only app.zip's count)
    if pathname.startswith({build.APP_ZIP_PATH!r} + "/"):
        compiled_here.append(pathname)
    return compile_source(pathname, source)
zipimport._compile_source = zip_spy
failed = {{}}
outside = []
for name in {modules!r}:
    try:
        module = importlib.import_module(name)
        if not module.__file__.startswith({build.APP_ZIP_PATH!r} + "/"):
            outside.append(module.__file__)
    except BaseException:
        failed[name] = traceback.format_exc()
document.body.setAttribute("data-outside", json.dumps(outside))
document.body.setAttribute("data-probe", json.dumps(failed))
document.body.setAttribute("data-compiled", json.dumps(compiled_here))
document.body.setAttribute("data-python", "%d.%d" % sys.version_info[:2])
import os, pyscript, zlib
here = "pyscript/__pycache__/"
document.body.setAttribute("data-pyscript", json.dumps([pyscript.__file__, {{
    n: zlib.crc32(open(here + n, "rb").read()) for n in os.listdir(here)}}]))
document.body.setAttribute("data-app-ready", "1")
"""
    page.route("**/main.py", lambda route: route.fulfill(body=probe, content_type="text/x-python"))
    page.goto(server.url)
    wait_ready(page)
    assert json.loads(page.get_attribute("body", "data-probe")) == {}
    assert json.loads(page.get_attribute("body", "data-outside")) == []
    assert json.loads(page.get_attribute("body", "data-compiled")) == []
    assert page.get_attribute("body", "data-python") == PYODIDE_PYTHON
    # PyScript's own package ran from the bytecode app.zip brought: a .pyc that did not match
    # the source PyScript wrote would have been compiled again and rewritten
    with zipfile.ZipFile(dist / build.APP_ARCHIVE) as archive:
        shipped = {n.rsplit("/", 1)[1]: zlib.crc32(archive.read(n))
                   for n in archive.namelist() if n.startswith(".pyscript/__pycache__/")}
    origin, found = json.loads(page.get_attribute("body", "data-pyscript"))
    assert origin.endswith("/pyscript/__init__.py")
    assert len(shipped) >= 10 and found == shipped


def test_a_module_the_stdlib_trim_left_out_still_imports(dist, page, server, watch):
    """python_stdlib.zip holds only what the page loads; a module it left out (zoneinfo here)
    or a text codec still imports, from the full zip fetched then (and said on the console)."""
    whole = build.read_whole(dist / "vendor" / "pyodide" / build.STDLIB_ARCHIVE)
    with zipfile.ZipFile(io.BytesIO(whole)) as trimmed:
        names = trimmed.namelist()
    assert "zoneinfo/__init__.py" not in names and "encodings/cp1252.py" not in names
    assert "asyncio/__init__.py" in names and "json/__init__.py" in names
    probe = """
from pyscript import document
import zoneinfo
document.body.setAttribute("data-probe", zoneinfo.__name__ + " " + "é".encode("cp1252").hex())
document.body.setAttribute("data-app-ready", "1")
"""
    page.route("**/main.py", lambda route: route.fulfill(body=probe, content_type="text/x-python"))
    page.goto(server.url)
    wait_ready(page)
    assert page.get_attribute("body", "data-probe") == "zoneinfo e9"
    fallbacks = [text for _kind, text in watch.console if "stdlib fallback" in text]
    assert [t.split()[2] for t in fallbacks] == ["zoneinfo", "encodings.cp1252"]
    assert sum(u.endswith(build.STDLIB_FULL) for u in watch.page_requests) == 1
    watch.console.clear()                 # the fallbacks were wanted here


def test_unsupported_browser_is_told_in_words_and_fetches_no_runtime(page, server, watch):
    """A browser that lacks a feature the runtime needs (here: class static blocks, which
    Safari has only from 16.4) gets the minimum versions in words at once, and PyScript and
    Pyodide are never fetched."""
    page.add_init_script("""
      const RealFunction = Function;
      window.Function = function (...args) {
        if (String(args[args.length - 1]).includes("static {")) throw new SyntaxError("Unexpected token '{'");
        return RealFunction(...args);
      };
    """)
    page.goto(server.url)
    expect(page.locator("html[data-boot-failed=unsupported]")).to_be_attached(timeout=5000)
    note = page.locator("#loading")
    expect(note).to_be_visible()
    expect(note).to_contain_text("Safari 16.4")
    expect(note).to_contain_text("class static blocks")
    assert page.locator("#boot-retry").count() == 0
    screenshot(page, "boot-unsupported")
    runtime = (".js", ".mjs", ".wasm", ".zip", "pyodide-lock.json")
    assert not [u for u in watch.requests if "/vendor/" in u and u.endswith(runtime)]


def test_failed_boot_says_so_with_a_retry_that_works(page, server, watch):
    """A file that fails to load (app.zip here) stops the boot with words and a Retry button;
    Retry, once the file loads again, boots the game."""
    page.route("**/app.zip", lambda route: route.abort())
    page.goto(server.url)
    expect(page.locator("html[data-boot-failed=error]")).to_be_attached(timeout=60_000)
    expect(page.locator("#loading")).to_contain_text("could not start")
    screenshot(page, "boot-failed")
    page.unroute("**/app.zip")
    watch.clear()
    with page.expect_navigation():
        page.click("#boot-retry")
    wait_ready(page)
    assert page.get_attribute("html", "data-boot-failed") is None


def test_a_tap_while_starting_is_answered(page, server):
    """A tap while the runtime downloads gets "Starting…" (and the boot then goes on)."""
    held = []
    page.route("**/pyodide.asm.wasm*", lambda route: held.append(route))   # the boot waits
    with page.expect_request(lambda request: "/pyodide.asm.wasm" in request.url):
        page.goto(server.url)
    page.click("#home button.primary", force=True)   # aria-disabled: a tap still lands
    expect(page.locator("#loading")).to_contain_text("Starting")
    expect(page.locator("#loading .spinner")).to_be_visible()
    assert page.get_attribute("body", "data-app-ready") is None
    for route in held:
        route.continue_()
    page.unroute("**/pyodide.asm.wasm*")
    wait_ready(page)


def test_skeleton_is_visible_before_python(browser, server):
    """With JavaScript off, Python never starts: the static skeleton must still show."""
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(server.url)
        for selector in ("header", "#board", ".loading-note"):
            expect(page.locator(selector).first).to_be_visible()
        assert page.get_attribute("body", "data-app-ready") is None
        screenshot(page, "skeleton")
    finally:
        context.close()


def test_boots_offline_with_server_stopped(context, page, own_server, watch):
    page.goto(own_server.url)
    wait_ready(page)
    wait_service_worker(page)
    own_server.stop()                              # nothing is served any more
    page.reload()
    wait_ready(page)
    expect(page.locator("#board")).to_be_visible()
    second = context.new_page()                    # a new tab boots offline too
    second.goto(own_server.url)
    wait_ready(second)
    second.close()


def test_boots_offline_with_context_offline(context, page, server, watch):
    page.goto(server.url)
    wait_ready(page)
    wait_service_worker(page)
    context.set_offline(True)
    page.reload()
    wait_ready(page)
    expect(page.locator("#board")).to_be_visible()
