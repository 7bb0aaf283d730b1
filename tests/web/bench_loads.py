"""The page's loads in the browser for `build.py bench` (bench.py): the scripts that record a
start's milestones, the yardstick pages (PyScript's floor and bare Pyodide), a cold, warm and
offline run in one context, warm reloads interleaved with bare Pyodide's, a player's later visits,
and the network's emulation."""
from __future__ import annotations

import gzip
import json
import shutil
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit

from webharness import CHROMIUM_ARGS, Watch, build, wait_ready, wait_service_worker

# Records performance.now() of the page's milestones (installed before any page script).
MARKS_SCRIPT = """
(() => {
  const marks = (window.__mpMarks = { longTasks: [] });
  const now = () => performance.now();
  try {                 // the Long Tasks API (Chromium): every main-thread task over 50 ms
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) marks.longTasks.push([e.startTime, e.duration]);
    }).observe({ type: "longtask", buffered: true });
  } catch (error) { marks.longTasks = null; }
  const attrs = () => {
    const body = document.body;
    if (!body) return;
    if (marks.boardShown === undefined && body.hasAttribute("data-board-shown")) marks.boardShown = now();
    if (marks.appReady === undefined && body.hasAttribute("data-app-ready")) marks.appReady = now();
  };
  new MutationObserver(attrs).observe(document, { subtree: true, childList: true, attributes: true });
  const frame = () => {
    attrs();
    if (marks.boardVisible === undefined) {
      const board = document.getElementById("board");
      if (board && board.getClientRects().length && getComputedStyle(board).visibility !== "hidden")
        marks.boardVisible = now();
    }
    if (marks.appReady === undefined || marks.boardVisible === undefined) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();
"""

MPBENCH_SCRIPT = """
async (n) => {
  if (typeof window.mpBench !== "function") return null;
  let result = await window.mpBench(n);
  if (result && typeof result.toJs === "function") result = result.toJs();
  return Array.from(result, Number);
}
"""


def gzip_size(path: Path) -> int:
    return len(gzip.compress(path.read_bytes(), 9))


def payload(dist: Path, files: list[str]) -> dict:
    """Raw and gzip -9 bytes of the given dist files."""
    return {"files": len(files),
            "raw": sum((dist / f).stat().st_size for f in files),
            "gzip9": sum(gzip_size(dist / f) for f in files)}


def dist_path(url: str, app_url: str) -> str | None:
    """The dist file a request URL maps to (None if outside the app)."""
    if not url.startswith(app_url):
        return None
    rel = urlsplit(url).path[len(urlsplit(app_url).path):]
    return rel or "index.html"


FLOOR_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>runtime floor</title>
<link rel="stylesheet" href="./vendor/pyscript/core.css">
<script type="module" src="./vendor/pyscript/core.js"></script></head>
<body><script type="py" src="./main.py" config="./pyscript.json"></script></body></html>
"""
FLOOR_MAIN = """from pyscript import document, window
document.body.setAttribute("data-app-ready-ms", str(round(window.performance.now())))
document.body.setAttribute("data-app-ready", "1")
"""


# Bare Pyodide, the yardstick of the goals: loadPyodide() and one runPython, no PyScript.
BARE_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare Pyodide</title><link rel="icon" href="data:,">
<script type="module">
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";
const pyodide = await loadPyodide({ indexURL: "./vendor/pyodide/" });
pyodide.runPython("import sys; sys.version");
document.body.setAttribute("data-app-ready-ms", String(Math.round(performance.now())));
document.body.setAttribute("data-app-ready", "1");
</script></head><body></body></html>
"""
BARE_PAGE = "bare.html"


def make_floor_site(dist: Path, target: Path) -> Path:
    """The yardsticks, with the game's vendored runtime: index.html, PyScript with an empty
    program (the floor of any page on this stack), and bare.html, Pyodide alone (loadPyodide
    and one runPython). Any engine's driver can load them (served at the same sub-path)."""
    shutil.copytree(dist / "vendor", target / "vendor")
    stdlib = target / "vendor" / "pyodide" / build.STDLIB_ARCHIVE   # bare Pyodide: the stock stdlib
    stdlib.with_name(build.STDLIB_FULL).replace(stdlib)
    (target / "index.html").write_text(FLOOR_HTML)
    (target / "main.py").write_text(FLOOR_MAIN)
    (target / build.PYSCRIPT_CONFIG).write_text(json.dumps({"interpreter": build.PYODIDE_LOADER_URL}))
    (target / BARE_PAGE).write_text(BARE_HTML)
    return target


NETWORK_RTT_MS = 40

# bench --http-gzip: the servers gzip what a host compressing on the fly (GitHub Pages) would,
# for the page and the yardsticks alike
HTTP_GZIP = False


def serve(root: Path):
    """A started server of `root`, compressing as HTTP_GZIP says."""
    return build.StaticServer(root, gzip=HTTP_GZIP).start()


def emulate_network(context, page, mbps: float | None) -> None:
    """Slow `page`'s network (and its workers') to `mbps` down, NETWORK_RTT_MS latency."""
    if mbps:
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", {
            "offline": False, "latency": NETWORK_RTT_MS, "downloadThroughput": mbps * 1e6 / 8,
            "uploadThroughput": mbps * 1e6 / 8})


def load(page, action, url=None) -> dict:
    """Navigate (goto/reload), wait for readiness, return the page's milestone times."""
    start = time.perf_counter()
    if action == "goto":
        page.goto(url)
    else:
        page.reload()
    wait_ready(page)
    wall = (time.perf_counter() - start) * 1000
    page.wait_for_function("window.__mpMarks && window.__mpMarks.boardVisible !== undefined")
    page.wait_for_function("window.__mpMarks.boardShown !== undefined")
    marks = page.evaluate("window.__mpMarks")
    return {"skeleton_ms": round(marks["boardVisible"]), "board_ms": round(marks["boardShown"]),
            "ready_ms": round(marks["appReady"]), "wall_ms": round(wall),
            "longest_task_ms": longest_task(marks["longTasks"], marks["boardVisible"], marks["appReady"]),
            "snapshot": page.get_attribute("html", "data-boot-snapshot")}


def longest_task(tasks: list | None, skeleton: float, ready: float) -> float | None:
    """The longest main-thread task (Long Tasks API: those over 50 ms) that runs after the
    skeleton is drawn and before the page is ready; 0 if none did, None without the API."""
    if tasks is None:
        return None
    during = [duration for start, duration in tasks if start + duration > skeleton and start < ready]
    return round(max(during, default=0))


def floor_run(new_context, floor: Path, page_name: str = "", network: float | None = None) -> dict:
    """Cold and warm (HTTP cache) boots of a yardstick page ("": PyScript's floor; BARE_PAGE)."""
    server = serve(floor)
    context = new_context(service_workers="block")
    try:
        page = context.new_page()
        emulate_network(context, page, network)
        result = {}
        for kind, navigate in (("cold", lambda: page.goto(server.url + page_name)), ("warm", page.reload)):
            navigate()
            wait_ready(page)
            result[kind] = {"ready_ms": int(page.get_attribute("body", "data-app-ready-ms"))}
        return result
    finally:
        context.close()
        server.stop()


WARM_SAMPLES = 5     # warm reloads of bare Pyodide and of the page per run, interleaved


def warm_samples(new_context, dist: Path, floor: Path, samples: int = WARM_SAMPLES,
                 network: float | None = None, lang: str | None = None) -> dict:
    """Warm reloads of bare Pyodide and of the page taken in turn (bare, page, bare, page ...),
    each in a context of its own opened once (the page's service worker installed first):
    {"bare": [ready ms], "page": [ready ms]}, so that both meet the same load."""
    servers = {"bare": serve(floor), "page": serve(dist)}
    contexts = {"bare": new_context(service_workers="block"),
                "page": new_context(**({"locale": lang} if lang else {}))}
    out = {"bare": [], "page": []}
    try:
        contexts["page"].add_init_script(MARKS_SCRIPT)
        pages = {name: context.new_page() for name, context in contexts.items()}
        for name, page in pages.items():
            emulate_network(contexts[name], page, network)
        pages["bare"].goto(servers["bare"].url + BARE_PAGE)
        wait_ready(pages["bare"])
        load(pages["page"], "goto", servers["page"].url)
        wait_service_worker(pages["page"])
        for _ in range(samples):
            pages["bare"].reload()
            wait_ready(pages["bare"])
            out["bare"].append(int(pages["bare"].get_attribute("body", "data-app-ready-ms")))
            out["page"].append(load(pages["page"], "reload")["ready_ms"])
        return out
    finally:
        for name in contexts:
            contexts[name].close()
            servers[name].stop()


def one_run(new_context, dist: Path, clicks: int, network: float | None = None,
            lang: str | None = None) -> dict:
    """Cold, warm and offline loads in one fresh context (a browser whose language is `lang`,
    if given); mpBench after the warm load."""
    server = serve(dist)
    context = new_context(**({"locale": lang} if lang else {}))
    try:
        context.add_init_script(MARKS_SCRIPT)
        watch = Watch(context)
        page = context.new_page()
        emulate_network(context, page, network)
        result = {"cold": load(page, "goto", server.url)}
        boot_files = sorted({p for p in (dist_path(u, server.url) for u in watch.page_requests) if p})
        result["boot_files"] = boot_files
        wait_service_worker(page)
        # The whole first visit, as the server saw it: the start's files and what the service
        # worker precached after it, each file once (a browser with a disk cache revalidates a
        # file it already holds; this private context keeps no big file: test_boot_snapshot checks that).
        prefix = urlsplit(server.url).path
        result["visit_files"] = sorted({path[len(prefix):] or "index.html" for path, status, _ in server.served
                                        if status == 200 and path.startswith(prefix)})
        # what the server really sent (a private context refetches the big files it keeps no
        # copy of; a profile on disk, --network, revalidates them)
        result["visit_sent_raw"] = sum(size for _path, status, size in server.served if status == 200)
        result["warm"] = load(page, "reload")
        result["lang"] = page.evaluate("document.documentElement.lang")    # the page's, as it spoke
        result["clicks"] = page.evaluate(MPBENCH_SCRIPT, clicks) if clicks else None
        server.stop()
        result["offline"] = load(page, "reload")
        result["errors"] = watch.errors
        result["foreign_requests"] = watch.foreign_requests()
        return result
    finally:
        context.close()
        server.stop()


def later_visits(playwright, site: Path, page_name: str, visits: int = 3,
                 lang: str | None = None) -> list[int]:
    """A player's later visits: one profile on disk, a new browser process per visit (no
    renderer's memory caches, as a reload in one context has). Ready ms of each visit, the first
    (a first visit) included; the page's service worker is installed during it."""
    profile = tempfile.mkdtemp(prefix="mp-profile-")
    server = serve(site)
    out = []
    try:
        for visit in range(visits):
            context = playwright.chromium.launch_persistent_context(
                profile, executable_path=str(build.CHROMIUM), args=CHROMIUM_ARGS,
                **({"locale": lang} if lang else {}))
            try:
                context.add_init_script(MARKS_SCRIPT)
                page = context.pages[0] if context.pages else context.new_page()
                if page_name:       # bare Pyodide: ready is its body[data-app-ready]
                    page.goto(server.url + page_name)
                    wait_ready(page)
                    page.wait_for_function("window.__mpMarks.appReady !== undefined")
                    out.append(round(page.evaluate("window.__mpMarks.appReady")))
                else:
                    out.append(load(page, "goto", server.url)["ready_ms"])
                    if visit == 0:
                        wait_service_worker(page)
            finally:
                context.close()
    finally:
        server.stop()
        shutil.rmtree(profile, ignore_errors=True)
    return out
