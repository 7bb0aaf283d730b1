"""Infrastructure tests of the built site: boot under a sub-path, offline boots through
the service worker, and static checks of dist/ (manifest, sw.js, URLs, MIME types)."""
from __future__ import annotations

import gzip
import hashlib
import json
import shutil
import struct
import subprocess
import urllib.request
import zipfile
import zlib
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from webharness import CHROMIUM_ARGS, Watch, build, screenshot, wait_ready, wait_service_worker

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
    assert f"{build.SUBPATH}vendor/pyodide/pyodide.asm.wasm" in paths   # the vendored interpreter
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
    with zipfile.ZipFile(dist / build.APP_ARCHIVE) as archive:
        names = archive.namelist()
    modules = [module_name(n) for n in names if n.endswith(".py") and not n.endswith("__main__.py")]
    assert build.PACKAGE_NAME in modules and "shell.app" in modules
    assert {build.app_pyc_member(n) for n in names if n.endswith(".py")} <= set(names)
    probe = f"""
import importlib, importlib.machinery, json, sys, traceback, zipimport
from pyscript import document
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
    with zipfile.ZipFile(dist / "vendor" / "pyodide" / build.STDLIB_ARCHIVE) as trimmed:
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
    page.route("**/pyodide.asm.wasm", lambda route: held.append(route))   # the boot waits
    with page.expect_request(lambda request: request.url.endswith("/pyodide.asm.wasm")):
        page.goto(server.url)
    page.click("#home button.primary", force=True)   # aria-disabled: a tap still lands
    expect(page.locator("#loading")).to_contain_text("Starting")
    expect(page.locator("#loading .spinner")).to_be_visible()
    assert page.get_attribute("body", "data-app-ready") is None
    for route in held:
        route.continue_()
    page.unroute("**/pyodide.asm.wasm")
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


# --- the memory snapshot ------------------------------------------------------------------------
# Every record's id and seed, from the page's localStorage.
SAVED_GAMES = """() => Object.keys(localStorage).filter((k) => k.startsWith("machu-picchu:game:"))
  .map((k) => { const r = JSON.parse(localStorage.getItem(k)); return [r.id, r.save.seed]; })"""
# Replaces the (unpacked) snapshot in the service worker's cache by one whose build id is wrong.
TAMPER_SNAPSHOT = """async (url) => {
  const raw = new Uint8Array(await (await caches.match(url)).arrayBuffer());
  raw[16] ^= 0xff;                                        // header bytes 16..47: Pyodide's build id
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    if (await cache.match(url)) await cache.put(url, new Response(raw));
  }
}"""


GUNZIP_SLICE = 256 * 1024       # boot.js: compressed bytes of the download gunzipped per task


def snapshot_state(page) -> str | None:
    return page.get_attribute("html", "data-boot-snapshot")


def snapshot_source(page) -> str | None:
    return page.get_attribute("html", "data-boot-snapshot-from")


def started_workers(page) -> list[str]:
    """The Web Workers `page` starts from now on (their scripts' paths), as a live list."""
    started: list[str] = []
    page.on("worker", lambda worker: started.append(urlsplit(worker.url).path))
    return started


def test_first_visit_restores_the_download_then_the_cache_with_fresh_seeds(dist, context, page, server, watch):
    """The first visit downloads the build's snapshot beside the runtime and restores it, with
    no snapshot worker started (the download gunzipped in slices, the page's tasks running
    between them); once the service worker holds it, each start restores it from there (asked
    for by boot.js before PyScript loads the boot module), and two restores deal two different
    new games: seeds and ids come from crypto, not from the restored `random`."""
    context.add_init_script(HEARTBEAT)
    workers = started_workers(page)
    page.goto(server.url)
    wait_ready(page)
    assert (snapshot_state(page), snapshot_source(page)) == ("restored", "download")
    assert [u for u in watch.page_requests if u.endswith(build.SNAPSHOT_NAME)] == [server.url + build.SNAPSHOT_NAME]
    assert not any(u.endswith(build.SNAPSHOT_WORKER) for u in watch.page_requests) and workers == []
    # gunzipped as it arrived, a slice a task: the heartbeat ran between the slices
    at = page.evaluate("window.__boot.at")
    slices = (dist / build.SNAPSHOT_NAME).stat().st_size // GUNZIP_SLICE
    assert at["boot:snapshot-gunzipped"] - at["boot:snapshot-response"] >= slices, at
    wait_service_worker(page)
    games = []
    for _ in range(2):
        page.evaluate("localStorage.removeItem('machu-picchu:current')")   # start on the home screen
        page.reload()
        wait_ready(page)
        assert (snapshot_state(page), snapshot_source(page)) == ("restored", "cache")
        # boot.js asks for the snapshot before PyScript loads the boot module (boot.cached)
        asked, boot_module = page.evaluate(
            "[window.__boot.snapshotAsked, performance.getEntriesByName('boot:pyodide')[0].startTime]")
        assert asked is not None and asked < boot_module, (asked, boot_module)
        page.click('#home [data-act="start"]')
        page.wait_for_selector('body[data-screen="game"]', state="attached")
        games.append(page.evaluate(SAVED_GAMES))
    first, both = games
    assert len(first) == 1 and len(both) == 2
    (id1, seed1), (id2, seed2) = both
    assert id1 != id2 and seed1 != seed2
    assert workers == []


def test_a_first_visit_downloads_each_file_once(dist, playwright_driver, tmp_path, own_server):
    """In a browser with a disk cache, a first visit sends each file's body once: the service
    worker's precache (after the start) revalidates what the start downloaded (304) instead of
    downloading it again, the memory snapshot and the wasm included. (A private context keeps
    no big file in its cache.)"""
    context = playwright_driver.chromium.launch_persistent_context(
        tmp_path / "profile", executable_path=str(build.CHROMIUM), args=CHROMIUM_ARGS)
    try:
        watch = Watch(context)
        page = context.new_page()
        page.goto(own_server.url)
        wait_ready(page)
        assert (snapshot_state(page), snapshot_source(page)) == ("restored", "download")
        wait_service_worker(page)
        assert watch.errors == [] and watch.foreign_requests() == []
    finally:
        context.close()
    for name in (build.SNAPSHOT_NAME, "vendor/pyodide/pyodide.asm.wasm"):
        sent = [(status, size) for path, status, size in own_server.served
                if path.endswith("/" + name) and status == 200]
        assert sent == [(200, (dist / name).stat().st_size)], (name, sent)
    bodies = [path for path, status, _ in own_server.served if status == 200]
    assert sorted(p for p in set(bodies) if bodies.count(p) > 1) == []


# Every compile and instantiation of a wasm module in the page, in order: [what, its url, or its
# size (0: a helper module)], and whether the interpreter was instantiated from the module
# compileStreaming made.
WASM_CALLS = """(() => {
  const calls = (window.__wasmCalls = []);
  const made = new WeakSet();
  const size = (bytes) => (bytes && bytes.byteLength) || 0;
  const wrap = (name, describe) => {
    const real = WebAssembly[name];
    WebAssembly[name] = (...args) => {
      calls.push([name, describe(args[0])]);
      return real.apply(WebAssembly, args);
    };
  };
  const url = (source) => Promise.resolve(source).then((response) => response.url);
  WebAssembly.compileStreaming = ((real) => (source, ...rest) => {
    const entry = ["compileStreaming", null];
    calls.push(entry);
    url(source).then((u) => { entry[1] = u.split("/").pop(); });
    return real.call(WebAssembly, source, ...rest).then((module) => (made.add(module), module));
  })(WebAssembly.compileStreaming);
  WebAssembly.instantiateStreaming = ((real) => (source, ...rest) => {
    const entry = ["instantiateStreaming", null];
    calls.push(entry);
    url(source).then((u) => { entry[1] = u.split("/").pop(); });
    return real.call(WebAssembly, source, ...rest);
  })(WebAssembly.instantiateStreaming);
  wrap("compile", size);
  const interpreter = (module) => WebAssembly.Module.exports(module).length > 1000;   // not a helper
  wrap("instantiate", (source) => !(source instanceof WebAssembly.Module) ? size(source)
    : made.has(source) ? "the streamed module" : interpreter(source) ? "another module" : 0);
})()"""


def test_the_interpreter_is_compiled_as_it_downloads_and_fetched_once(context, page, server, watch):
    """boot.js compiles the interpreter's wasm while it downloads (compileStreaming, started
    before PyScript loads) and the boot module instantiates that very module: no other compile
    of the wasm, no second fetch of it by Pyodide's loader, html[data-boot-wasm] = compiled; so
    on a first visit and on a start from the service worker (the engine's code cache)."""
    context.add_init_script(WASM_CALLS)
    wasm = server.url + "vendor/pyodide/pyodide.asm.wasm"
    big = 1_000_000             # the interpreter (9+ MB), not the loader's tiny helper module
    for start in ("first visit", "service worker"):
        if start == "first visit":
            asked = len(watch.page_requests)
            page.goto(server.url)
        else:
            wait_service_worker(page)
            asked = len(watch.page_requests)
            page.reload()
        wait_ready(page)
        assert snapshot_state(page) == "restored", start
        calls = [c for c in page.evaluate("window.__wasmCalls") if not isinstance(c[1], int) or c[1] > big]
        assert calls == [["compileStreaming", "pyodide.asm.wasm"], ["instantiate", "the streamed module"]], (start, calls)
        assert page.get_attribute("html", "data-boot-wasm") == "compiled", start
        assert [u for u in watch.page_requests[asked:] if u == wasm] == [wasm], start
        compiled, boot_module = page.evaluate(
            "['boot:wasm-compiled', 'boot:pyodide'].map((n) => performance.getEntriesByName(n)[0].startTime)")
        assert compiled > 0 and boot_module > 0
    assert watch.errors == []


# What the browser says of its connection (navigator.connection), for the next start only:
# set in sessionStorage as JSON under "test-connection".
CONNECTION = """(() => {
  if (location.protocol !== "http:") return;      // about:blank has no sessionStorage
  const said = sessionStorage.getItem("test-connection");
  if (!said) return;
  sessionStorage.removeItem("test-connection");
  Object.defineProperty(navigator, "connection", { value: JSON.parse(said), configurable: true });
})()"""


def test_a_first_visit_boots_through_the_worker_when_the_download_fails_or_the_network_is_spared(
        browser, server):
    """A first visit whose download of the snapshot fails (a 404, an aborted request, bytes that
    are no snapshot of this build) restores the snapshot a Web Worker makes, and plays; where
    the browser says data is to be saved or the connection is slow (saveData, effectiveType
    3g), the worker makes it without the snapshot being fetched. (No service worker here:
    every load is a first visit.)"""
    context = browser.new_context(service_workers="block")
    context.add_init_script(CONNECTION)
    snapshot = "**/" + build.SNAPSHOT_NAME
    try:
        watch = Watch(context)
        page = context.new_page()
        workers = started_workers(page)
        junk = gzip.compress(b"no snapshot" * 1000)
        cases = (("404", lambda route: route.fulfill(status=404, body="gone"), None),
                 ("aborted", lambda route: route.abort(), None),
                 ("saveData", None, {"saveData": True, "effectiveType": "4g"}),
                 ("3g", None, {"saveData": False, "effectiveType": "3g"}),
                 ("junk", lambda route: route.fulfill(status=200, body=junk), None))
        for case, handler, connection in cases:
            context.unroute(snapshot)
            if handler:
                context.route(snapshot, handler)
            if connection:
                page.evaluate("(c) => sessionStorage.setItem('test-connection', JSON.stringify(c))", connection)
            before, workers[:] = len(watch.page_requests), []
            if page.url.startswith("http"):
                page.reload()
            else:
                page.goto(server.url)
            wait_ready(page)
            assert (snapshot_state(page), snapshot_source(page)) == ("restored", "worker"), case
            assert workers == [build.SUBPATH + build.SNAPSHOT_WORKER], case
            asked = [u for u in watch.page_requests[before:] if u.endswith(build.SNAPSHOT_NAME)]
            assert len(asked) == (0 if connection else 1), (case, asked)
            if case == "404":
                page.click('#home [data-act="start"]')
                page.wait_for_selector('body[data-screen="game"]', state="attached")
                page.evaluate("localStorage.removeItem('machu-picchu:current')")
        warned = [text for kind, text in watch.console if kind == "warning"]
        assert sum("snapshot's download failed" in text for text in warned) == 2, warned
        assert any("(download) not restored" in text for text in warned), warned
        assert watch.http_errors == [f"404 {server.url}{build.SNAPSHOT_NAME}"]   # the one on purpose
        assert [u.split()[0] for u in watch.failed] == [server.url + build.SNAPSHOT_NAME]   # aborted
        assert [e for e in watch.errors if "status of 404" not in e and "ERR_FAILED" not in e] == []
    finally:
        context.close()


# A snapshot worker that posts bytes that are no memory snapshot.
JUNK_WORKER = "postMessage({ snapshot: new Uint8Array(4096).fill(7) });"


def test_a_first_visit_whose_worker_fails_boots_plain_and_plays(browser, server):
    """A first visit that sends the snapshot worker (data to be saved) and whose worker fails
    (its script missing, or bytes that are no snapshot) boots the plain way and plays; a broken
    snapshot is not tried again in the tab. (No service worker here: every load is a first
    visit.)"""
    context = browser.new_context(service_workers="block")
    context.add_init_script("Object.defineProperty(navigator, 'connection', { value: { saveData: true } })")
    worker = "**/" + build.SNAPSHOT_WORKER
    try:
        watch = Watch(context)
        page = context.new_page()
        context.route(worker, lambda route: route.fulfill(status=404, body="gone"))
        page.goto(server.url)
        wait_ready(page)
        assert (snapshot_state(page), snapshot_source(page)) == ("none", None)
        assert any("snapshot was not made" in text for kind, text in watch.console if kind == "warning")
        context.unroute(worker)
        context.route(worker, lambda route: route.fulfill(
            status=200, content_type="text/javascript", body=JUNK_WORKER))
        page.reload()
        wait_ready(page)
        assert (snapshot_state(page), snapshot_source(page)) == ("failed", "worker")
        assert any("not restored" in text for kind, text in watch.console if kind == "warning")
        page.reload()
        wait_ready(page)
        assert (snapshot_state(page), snapshot_source(page)) == ("none", None)   # not tried again
        page.click('#home [data-act="start"]')
        page.wait_for_selector('body[data-screen="game"]', state="attached")
        on_purpose = build.SNAPSHOT_WORKER      # the missing worker script, and only it
        assert [e for e in watch.http_errors + watch.failed if on_purpose not in e] == []
        assert [e for e in watch.errors if "status of 404" not in e] == []
        assert not any(u.endswith(build.SNAPSHOT_NAME) for u in watch.page_requests)
    finally:
        context.close()


# A heartbeat of tasks (a MessageChannel ping-pong: no timer clamping) counted at each
# performance mark of the boot, and every click's answer as the page showed it then. Set in
# sessionStorage for the next start only: "hold-boot" makes the wasm's instantiation wait for
# window.__boot.release(); "slow-boot" makes boot.js find the start slow at once.
HEARTBEAT = """(() => {
  const beats = (window.__boot = { n: 0, at: {}, taps: [], held: false });
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    beats.n++;
    if (!(document.body && document.body.hasAttribute("data-app-ready"))) channel.port2.postMessage(0);
  };
  channel.port2.postMessage(0);
  const mark = performance.mark.bind(performance);
  performance.mark = (name, ...rest) => { beats.at[name] = beats.n; return mark(name, ...rest); };
  addEventListener("click", () => {      // bubbling to window: after boot.js's capturing listener
    const note = document.getElementById("loading");
    beats.taps.push({ ready: document.body.hasAttribute("data-app-ready"), note: note ? note.textContent : "" });
  });
  if (self.caches) {                     // when the start first asks for the cached snapshot
    const match = caches.match.bind(caches);
    caches.match = (request, ...rest) => {
      if (String(request.url || request).endsWith("/snapshot.bin")) beats.snapshotAsked ??= performance.now();
      return match(request, ...rest);
    };
  }
  if (sessionStorage.getItem("slow-boot")) {
    sessionStorage.removeItem("slow-boot");
    window.__mpBootSlowMs = 1;
  }
  if (sessionStorage.getItem("hold-boot")) {
    sessionStorage.removeItem("hold-boot");
    const held = new Promise((resolve) => { beats.release = resolve; });
    const hold = (name, interpreter) => {      // the interpreter's instantiation, however made
      const instantiate = WebAssembly[name];
      WebAssembly[name] = async (...args) => {
        if (!interpreter(args[0])) return instantiate.apply(WebAssembly, args);
        beats.held = true;
        await held;
        return instantiate.apply(WebAssembly, args);
      };
    };
    hold("instantiateStreaming", () => true);
    hold("instantiate", (source) => source instanceof WebAssembly.Module);   // boot.js's compiled wasm
  }
})()"""
BOOT_STEPS = ("boot:snapshot-read", "boot:wasm-instantiated", "boot:module-ready", "boot:pyodide-ready",
              "boot:app-unpacked", "boot:app-made", "boot:app-started", "boot:app-attended")


def test_a_restored_boot_keeps_the_page_responsive(context, page, server, watch):
    """While a start restores the snapshot, the page's other tasks run between its steps (the
    heartbeat advances between reading the snapshot, instantiating the wasm, setting up the
    module and restoring Python), and a tap during it is answered with "Starting…"."""
    context.add_init_script(HEARTBEAT)
    page.goto(server.url)
    wait_ready(page)
    wait_service_worker(page)
    page.evaluate("localStorage.removeItem('machu-picchu:current'); sessionStorage.setItem('hold-boot', '1')")
    page.reload(wait_until="commit")
    page.wait_for_function("window.__boot && window.__boot.held")   # the snapshot read, the wasm held
    page.click("#home button.primary", force=True)   # the skeleton's (aria-disabled) button
    assert page.evaluate("window.__boot.taps.length") == 1
    page.evaluate("window.__boot.release()")
    wait_ready(page)
    assert snapshot_state(page) == "restored"
    boot = page.evaluate("window.__boot")
    beats = [boot["at"][step] for step in BOOT_STEPS]
    assert beats == sorted(set(beats)), dict(zip(BOOT_STEPS, beats))   # each step a task apart
    [tap] = boot["taps"]
    assert not tap["ready"] and "Starting" in tap["note"], tap


def test_a_slow_start_says_still_starting_and_goes_on_and_retry_boots_plain(context, page, server, watch):
    """A start that takes longer than boot.js's patience says "still starting…" (not a failure)
    and opens the game by itself; its Retry deletes the memory snapshot from the service
    worker's cache, and the page then boots the plain way and plays."""
    context.add_init_script(HEARTBEAT)
    page.goto(server.url)
    wait_ready(page)
    wait_service_worker(page)
    url = server.url + build.SNAPSHOT_NAME.removesuffix(".gz")
    in_cache = "async (url) => (await caches.match(url)) !== undefined"
    assert page.evaluate(in_cache, url)
    for retry in (False, True):
        page.evaluate("sessionStorage.setItem('hold-boot', '1'); sessionStorage.setItem('slow-boot', '1')")
        page.reload(wait_until="commit")
        page.wait_for_function("window.__boot && window.__boot.held")
        expect(page.locator("html[data-boot-slow]")).to_be_attached()
        expect(page.locator("#loading")).to_contain_text("Still starting")
        expect(page.locator("#boot-retry")).to_be_visible()
        assert page.get_attribute("html", "data-boot-failed") is None
        if not retry:
            page.evaluate("window.__boot.release()")
            wait_ready(page)                          # it went on and opened the game
            assert snapshot_state(page) == "restored"
            assert page.get_attribute("html", "data-boot-slow") is None
            continue
        with page.expect_navigation():
            page.click("#boot-retry")
        wait_ready(page)
        assert snapshot_state(page) == "none"       # Retry deleted the snapshot: a plain start
        assert not page.evaluate(in_cache, url)
    page.click('#home [data-act="start"]')
    page.wait_for_selector('body[data-screen="game"]', state="attached")
    assert watch.errors == []


def test_boot_guard_names_the_service_workers_snapshot(dist):
    """boot.js's Retry deletes the snapshot where the service worker keeps it: its cache
    prefix and file name are the build's."""
    text = (dist / "boot.js").read_text()
    assert f'var CACHE_PREFIX = "{build.SW_CACHE_PREFIX}";' in text
    assert f'var SNAPSHOT_FILE = "{build.SNAPSHOT_NAME.removesuffix(".gz")}";' in text
    assert f'var SNAPSHOT_WORKER = "./{build.SNAPSHOT_WORKER}";' in text
    assert f'var SNAPSHOT_DOWNLOAD = "./{build.SNAPSHOT_NAME}";' in text


def test_a_snapshot_that_does_not_restore_is_deleted_and_the_page_boots_plain(context, page, server, watch):
    page.goto(server.url)
    wait_ready(page)
    wait_service_worker(page)
    url = server.url + build.SNAPSHOT_NAME.removesuffix(".gz")   # unpacked by the service worker
    page.evaluate(TAMPER_SNAPSHOT, url)
    page.reload()
    wait_ready(page)
    assert snapshot_state(page) == "failed"
    assert page.evaluate("async (url) => (await caches.match(url)) === undefined", url)
    assert any("snapshot" in text for kind, text in watch.console if kind == "warning")
    page.click('#home [data-act="start"]')                 # the plain boot plays
    page.wait_for_selector('body[data-screen="game"]', state="attached")
    page.reload()
    wait_ready(page)
    assert snapshot_state(page) == "none"


# --- static checks of dist/ -----------------------------------------------------------------
def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def test_boot_module_expects_this_builds_snapshot(dist):
    """dist/boot/pyodide-boot.mjs names the snapshot and this build's app.zip; the snapshot is
    a gzipped Pyodide memory snapshot (its magic number) that the service worker precaches."""
    text = (dist / build.BOOT_MODULE).read_text()
    for placeholder in build.BOOT_PLACEHOLDERS:
        assert placeholder not in text
    app_hash = hashlib.sha256((dist / build.APP_ARCHIVE).read_bytes()).hexdigest()[:16]
    assert f'const APP_HASH = "{app_hash}";' in text
    assert f'"../{build.SNAPSHOT_NAME}"' in text
    worker = (dist / build.SNAPSHOT_WORKER).read_text()     # a first visit's maker of the same
    for placeholder in build.SNAPSHOT_WORKER_PLACEHOLDERS:
        assert placeholder not in worker
    assert f'sys._app_snapshot = \\"{app_hash}\\"' in worker
    with gzip.open(dist / build.SNAPSHOT_NAME) as snapshot:
        assert struct.unpack("<I", snapshot.read(4))[0] == 1886286592    # Pyodide's snapshot magic
    assert f'"./{build.SNAPSHOT_NAME}"' in (dist / build.SW_NAME).read_text()


def test_manifest_is_valid_and_its_icons_exist(dist):
    manifest = json.loads((dist / "manifest.webmanifest").read_text())
    assert manifest["name"] == "Machu Picchu & Incan Gold"
    assert manifest["short_name"] == "Andes games" and len(manifest["short_name"]) <= 12
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    assert manifest["display"] == "standalone"
    sizes = set()
    for icon in manifest["icons"]:
        assert build.is_relative_url(icon["src"]), icon
        path = dist / icon["src"]
        assert path.is_file(), icon
        if icon["type"] == "image/png":
            w, h = png_size(path.read_bytes())
            assert icon["sizes"] == f"{w}x{h}"
            sizes.add(w)
        else:
            assert icon["type"] == "image/svg+xml" and path.read_text().lstrip().startswith("<svg")
    assert {192, 512} <= sizes
    # each language's (linked by the page in that language): the same but its words
    others = {path.name: json.loads(path.read_text()) for path in dist.glob("manifest.*.webmanifest")}
    assert sorted(others) == ["manifest.de.webmanifest", "manifest.fr.webmanifest"]
    for name, other in others.items():
        assert other["lang"] == name.split(".")[1] and len(other["short_name"]) <= 12
        assert {k: v for k, v in other.items() if k not in ("name", "short_name", "description", "lang")} == \
            {k: v for k, v in manifest.items() if k not in ("name", "short_name", "description", "lang")}


def test_service_worker_is_valid_js_and_precaches_every_file(dist):
    sw = dist / build.SW_NAME
    if shutil.which("node"):
        subprocess.run(["node", "--check", str(sw)], check=True)
    text = sw.read_text()
    start = text.index("const ASSETS = ") + len("const ASSETS = ")
    assets, _ = json.JSONDecoder().raw_decode(text[start:])
    expected = {f"./{f}" for f in build.dist_files(dist)} - {f"./{n}" for n in build.NOT_PRECACHED}
    assert set(assets) == expected | {"./"}
    assert f'const CACHE = "{build.SW_CACHE_PREFIX}' in text
    for placeholder in build.SW_PLACEHOLDERS:
        assert placeholder not in text


# Runs dist/sw.js's fetch handler in Node against a fake Cache Storage that holds the app's
# start page and logs each match(): prints the log of a request for argv[3] as JSON.
SW_MATCHES = r"""
const fs = require("fs"), vm = require("vm");
const [source, base, url] = process.argv.slice(1);
const listeners = {}, log = [];
const cache = { match: async (request, options) => {
  const asked = new URL(request.url ?? request);
  log.push([asked.href, !!(options && options.ignoreSearch)]);
  const key = options && options.ignoreSearch ? asked.origin + asked.pathname : asked.href;
  return key === base + "index.html" ? { ok: true } : undefined;
} };
const self = { location: { href: base + "sw.js" }, addEventListener: (type, f) => { listeners[type] = f; } };
vm.runInNewContext(source, { self, caches: { open: async () => cache }, fetch: async () => ({ fetched: true }),
                             URL, Request: class {}, Response: class {}, console });
listeners.fetch({ request: { method: "GET", url, mode: "cors" },
                  respondWith: (answer) => answer.then((r) => console.log(JSON.stringify({ log, answered: !!r }))) });
"""


def test_the_service_worker_looks_a_url_up_as_precached_before_scanning_without_its_query(dist):
    """The service worker answers a precached URL by its key, one look-up: with ignoreSearch
    (which Chromium answers by scanning the cache's entries) at every request, each of a start's
    requests took it longer; a URL with a query is then looked up without it."""
    base = "https://example.org/app/"
    def matches(url):
        out = subprocess.run(["node", "-e", SW_MATCHES, (dist / build.SW_NAME).read_text(), base, url],
                             check=True, capture_output=True, text=True).stdout
        return json.loads(out)
    assert matches(base + "index.html") == {"log": [[base + "index.html", False]], "answered": True}
    assert matches(base + "index.html?hint-budget=0.05") == {
        "log": [[base + "index.html?hint-budget=0.05", False], [base + "index.html?hint-budget=0.05", True]],
        "answered": True}


def test_every_url_in_the_page_is_relative(dist):
    html = (dist / "index.html").read_text()
    assert build.non_relative_urls(html) == []
    urls = build.html_urls(html)
    for required in ("./boot.js", "./vendor/pyscript/core.css", "./main.py",
                     "./pyscript.json", "./manifest.webmanifest", "./style.css",
                     "./games/machu_picchu/machu-picchu.css", "./games/incan_gold/incan-gold.css"):
        assert required in urls
    for url in urls:                      # and every referenced local file exists
        if not url.startswith(("data:", "#")):
            assert (dist / urlsplit(url).path).exists(), url
    for css in [*dist.glob("*.css"), *dist.glob("games/*/*.css")]:
        assert [u for u in build.css_urls(css.read_text()) if not build.is_relative_url(u)] == []


def test_server_sends_the_mime_types_pyodide_needs(server):
    expected = {
        "vendor/pyodide/pyodide.asm.wasm": "application/wasm",
        "vendor/pyodide/pyodide.mjs": "text/javascript",
        "vendor/pyscript/core.js": "text/javascript",
        "manifest.webmanifest": "application/manifest+json",
        "": "text/html",
    }
    for path, mime in expected.items():
        request = urllib.request.Request(server.url + path, method="HEAD")
        with urllib.request.urlopen(request, timeout=10) as response:
            assert response.headers["Content-Type"].split(";")[0] == mime, path
    # the sub-path without its slash redirects to the app folder
    with urllib.request.urlopen(server.url.rstrip("/"), timeout=10) as response:
        assert response.url == server.url
