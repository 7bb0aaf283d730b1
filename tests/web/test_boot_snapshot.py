"""The memory snapshot's boots in the browser: a first visit restores the download and then the
cache, the interpreter compiles as it downloads, the snapshot worker's boots (a failed download,
a spared network, a worker that fails), the page kept responsive while it restores, a slow start
and its Retry, a snapshot that does not restore; and the boot module's expectations of this
build's snapshot."""
from __future__ import annotations

import hashlib
import struct
from urllib.parse import urlsplit

from playwright.sync_api import expect

from webharness import CHROMIUM_ARGS, Watch, build, unzstd, wait_ready, wait_service_worker


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


UNPACK_SLICE = 32 * 1024        # boot.js: packed bytes of the download unpacked per task


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
    no snapshot worker started (the download unpacked in slices, the page's tasks running
    between them), and app.zip, needed only after the restore, fetched once the snapshot's bytes
    are in (on a slow network its bytes then arrive while the restore runs, instead of delaying
    it); once the service worker holds it, each start restores it from there (asked
    for by boot.js before PyScript loads the boot module), and two restores deal two different
    new games: seeds and ids come from crypto, not from the restored `random`."""
    context.add_init_script(HEARTBEAT)
    workers = started_workers(page)
    page.goto(server.url)
    wait_ready(page)
    assert (snapshot_state(page), snapshot_source(page)) == ("restored", "download")
    assert [u for u in watch.page_requests if u.endswith(build.SNAPSHOT_NAME)] == [server.url + build.SNAPSHOT_NAME]
    assert not any(u.endswith(build.SNAPSHOT_WORKER) for u in watch.page_requests) and workers == []
    # unpacked as it arrived, a slice a task: the heartbeat ran between the slices
    at = page.evaluate("window.__boot.at")
    slices = (dist / build.SNAPSHOT_NAME).stat().st_size // UNPACK_SLICE
    assert at["boot:snapshot-unpacked"] - at["boot:snapshot-response"] >= slices, at
    snapshot_in, app_asked = page.evaluate("""(names) => names.map((name) => performance
        .getEntriesByName(new URL(name, location.href).href)[0])""", [build.SNAPSHOT_NAME, build.APP_ARCHIVE])
    assert app_asked["startTime"] >= snapshot_in["responseEnd"], (snapshot_in, app_asked)
    assert [u for u in watch.page_requests if u.endswith(build.APP_ARCHIVE)] == [server.url + build.APP_ARCHIVE]
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
    downloading it again, the memory snapshot and the wasm included; the wasm travels packed
    (2.9 MB where it is 9.6: a static host may send no HTTP compression), and its raw file is
    never sent (the service worker unpacks it). What the page downloads before it is ready
    (its resource timings: this server sends no HTTP compression) stays under
    FIRST_VISIT_BEFORE_READY. (A private context keeps no big file in its cache.)"""
    context = playwright_driver.chromium.launch_persistent_context(
        tmp_path / "profile", executable_path=str(build.CHROMIUM), args=CHROMIUM_ARGS)
    try:
        watch = Watch(context)
        page = context.new_page()
        page.goto(own_server.url)
        wait_ready(page)
        assert (snapshot_state(page), snapshot_source(page)) == ("restored", "download")
        before_ready = page.evaluate(BYTES_DOWNLOADED)
        wait_service_worker(page)
        assert watch.errors == [] and watch.foreign_requests() == []
    finally:
        context.close()
    raw_wasm = [(status, size) for path, status, size in own_server.served if path.endswith("/" + build.WASM_FILE)]
    assert raw_wasm == []
    for name in (build.SNAPSHOT_NAME, build.WASM_PACKED):
        sent = [(status, size) for path, status, size in own_server.served
                if path.endswith("/" + name) and status == 200]
        assert sent == [(200, (dist / name).stat().st_size)], (name, sent)
    bodies = [path for path, status, _ in own_server.served if status == 200]
    assert sorted(p for p in set(bodies) if bodies.count(p) > 1) == []
    total = sum(before_ready.values())
    assert total <= FIRST_VISIT_BEFORE_READY, sorted(before_ready.items(), key=lambda item: -item[1])
    print(f"first visit: {total / 1e6:.2f} MB downloaded before ready "
          f"(budget {FIRST_VISIT_BEFORE_READY / 1e6:.1f}), snapshot "
          f"{before_ready[build.SNAPSHOT_NAME] / 1e6:.2f}, wasm {before_ready[build.WASM_PACKED] / 1e6:.2f}")


# The bytes of each file the page asked for before it was ready (its resource timings' bodies,
# by path below the page), and the budget of a first visit's before it is ready, with no HTTP
# compression (issue 23: on a 10 Mbit/s network a first visit within 1.2x bare Pyodide's):
# 14.32 MB with the snapshot and the wasm gzipped (2d8bcb0), 12.19 in Zstandard (e8b4747),
# 9.73 with only the first parts of app.zip and the stdlib before ready (805136c).
BYTES_DOWNLOADED = """() => {
  const base = new URL(".", location.href).href, sizes = {};
  const ready = Number(document.body.dataset.appReadyMs);      // main.py: when it became ready
  sizes[""] = performance.getEntriesByType("navigation")[0].encodedBodySize;
  for (const entry of performance.getEntriesByType("resource")) {
    if (entry.startTime > ready) continue;                       // asked for after ready
    const name = entry.name.startsWith(base) ? entry.name.slice(base.length) : entry.name;
    sizes[name] = (sizes[name] || 0) + entry.encodedBodySize;
  }
  return sizes;
}"""
FIRST_VISIT_BEFORE_READY = 10_200_000


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
    on a first visit (packed in Zstandard, unpacked as it arrives: a stream of no URL,
    html[data-boot-wasm-from] = packed, the raw wasm never fetched) and on a start from the
    service worker (the raw wasm it unpacked, and the engine's code cache)."""
    context.add_init_script(WASM_CALLS)
    wasm, packed = server.url + build.WASM_FILE, server.url + build.WASM_PACKED
    big = 1_000_000             # the interpreter (9+ MB), not the loader's tiny helper module
    for start, url, fetched, source in (("first visit", "", packed, "packed"),
                                        ("service worker", "pyodide.asm.wasm", wasm, "plain")):
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
        assert calls == [["compileStreaming", url], ["instantiate", "the streamed module"]], (start, calls)
        assert page.get_attribute("html", "data-boot-wasm") == "compiled", start
        assert page.get_attribute("html", "data-boot-wasm-from") == source, start
        assert [u for u in watch.page_requests[asked:] if u in (wasm, packed)] == [fetched], start
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
        junk = build.zstd(b"no snapshot" * 1000)
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
    url = server.url + build.SNAPSHOT_NAME.removesuffix(".zst")
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
    assert f'var SNAPSHOT_FILE = "{build.SNAPSHOT_NAME.removesuffix(".zst")}";' in text
    assert f'var SNAPSHOT_WORKER = "./{build.SNAPSHOT_WORKER}";' in text
    assert f'var SNAPSHOT_DOWNLOAD = "./{build.SNAPSHOT_NAME}";' in text


def test_a_snapshot_that_does_not_restore_is_deleted_and_the_page_boots_plain(context, page, server, watch):
    page.goto(server.url)
    wait_ready(page)
    wait_service_worker(page)
    url = server.url + build.SNAPSHOT_NAME.removesuffix(".zst")   # unpacked by the service worker
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


def test_boot_module_expects_this_builds_snapshot(dist):
    """dist/boot/pyodide-boot.mjs names the snapshot and this build's app.zip (whole: its first
    part and its rest); the snapshot is a Pyodide memory snapshot (its magic number) packed in
    Zstandard that the vendored fzstd unpacks, and that the service worker precaches."""
    text = (dist / build.BOOT_MODULE).read_text()
    for placeholder in build.BOOT_PLACEHOLDERS:
        assert placeholder not in text
    app_hash = hashlib.sha256(build.read_whole(dist / build.APP_ARCHIVE)).hexdigest()[:16]
    assert f'const APP_HASH = "{app_hash}";' in text
    assert f'"../{build.SNAPSHOT_NAME}"' in text
    worker = (dist / build.SNAPSHOT_WORKER).read_text()     # a first visit's maker of the same
    for placeholder in build.SNAPSHOT_WORKER_PLACEHOLDERS:
        assert placeholder not in worker
    assert f'sys._app_snapshot = \\"{app_hash}\\"' in worker
    snapshot = unzstd(dist, build.SNAPSHOT_NAME)
    assert struct.unpack("<I", snapshot[:4])[0] == 1886286592    # Pyodide's snapshot magic
    # the wasm too, to the very bytes of the vendored one; each one Zstandard frame whose window
    # (what a streaming decoder keeps, and fzstd moves at every block) is 8 MiB
    assert unzstd(dist, build.WASM_PACKED) == (dist / build.WASM_FILE).read_bytes()
    for name in (build.SNAPSHOT_NAME, build.WASM_PACKED):
        head = (dist / name).read_bytes()[:6]
        assert head[:4] == build.ZSTD_MAGIC and not head[4] & 0x20, name    # no single segment
        exponent, mantissa = 10 + (head[5] >> 3), head[5] & 7
        assert (1 << exponent) + (1 << exponent) // 8 * mantissa == 2 ** build.ZSTD_WINDOW_LOG, name
    assert f'"./{build.SNAPSHOT_NAME}"' in (dist / build.SW_NAME).read_text()
