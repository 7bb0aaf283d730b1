"""Browser benchmark of the built site (run by `python3 build.py bench`, in the venv).

Per run, in one fresh headless chromium context on a server of its own:
  cold     first visit: empty caches, no service worker
  warm     reload: HTTP cache + service worker, server up
  offline  reload with the server stopped: service worker only
and a player's later visits (without --network): three visits, each in a new browser process on
one profile on disk (a reload in one context keeps the renderer's memory caches, which a later
visit has not), the page's and bare Pyodide's, visits 2 and 3 as a ratio of bare's (goal as warm)
each timed (page's performance.now(), from navigation start) to
  skeleton #board visible (the static board drawn before Python runs; checked per animation
           frame, i.e. when it can first be painted)
  board    body[data-board-shown] set: the live board painted by Python
  ready    body[data-app-ready] set (Python finished booting the UI)
and, as the yardstick for those figures, the runtime floor: the same vendored PyScript and
Pyodide booting a page whose main.py only sets data-app-ready (cold, then warm from the HTTP
cache), measured in the same runs. Ready minus floor is what the game itself costs.
The yardstick of the boot's goals (issues 14 and 23) is bare Pyodide (bare.html: loadPyodide() and one runPython,
no PyScript), cold and warm in the same runs: ready is reported as a ratio of it (warm and
offline against bare warm), with the longest main-thread task from the skeleton to ready
(Long Tasks API) and whether the start restored the memory snapshot (html[data-boot-snapshot]).
A single sample of bare's warm start swung 3-8 s between runs under load, so each run also takes
WARM_SAMPLES warm reloads of bare Pyodide and of the page, interleaved (bare, page, bare, ...:
the same machine state for both), and the warm and offline ratios of the run are against the
median of bare's, the warm one the median of the page's over it;
plus payload bytes (all of dist/, what the cold boot fetched, and the whole first visit with
the service worker's precache, as the server sent it; raw and gzip -9), and
click-to-update latency if the page exposes `window.mpBench`:

    window.mpBench(n) -> Promise<number[]>   (performs n UI clicks, returns ms per click)

Results are printed and written to bench-results/bench-YYYYmmdd-HHMMSS.json.

For other engines' drivers: make_floor_site(dist, folder) writes the yardstick pages (bare.html,
and PyScript's floor as index.html) beside a copy of the runtime; MARKS_SCRIPT, installed before
any page script, records the milestones and long tasks in window.__mpMarks, and longest_task()
reads them; the game page says html[data-boot-snapshot] = none | restored | failed.

With --network MBPS, every page of the runs (the game's and the yardsticks') goes through
Chromium's network emulation (DevTools' Network.emulateNetworkConditions, which also slows the
page's Web Workers): MBPS megabits per second down, NETWORK_RTT_MS of latency; build.py's
server sends no HTTP compression, so each file travels raw. A tablet's first visit on its
network, where the bytes a start fetches count beside its CPU.

With --replay, instead: the replay of the longest kind of game the rules allow (built on the host
by tests/engine/long_game.py, stored in localStorage, opened in the page): click-to-render times
of opening it (from the menu of the running game: at its last step) and of its moves (one step
back, the start, one step on, the slider to the middle, the end), and how long the page takes to
replay the whole game ahead in the background (until every position is one jump away).
"""
from __future__ import annotations

import argparse
import gzip
import json
import os
import statistics
import shutil
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent))
from webharness import (CHROMIUM_ARGS, ROOT, Watch, build, ensure_dist, launch_chromium,  # noqa: E402
                        wait_ready, wait_service_worker)

RESULTS = ROOT / "bench-results"

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


# --- helpers ------------------------------------------------------------------------------
def percentile(values: list[float], pct: float) -> float:
    """Nearest-rank percentile."""
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * pct // 100))
    return ordered[int(rank) - 1]


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
    server = build.StaticServer(floor).start()
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
    servers = {"bare": build.StaticServer(floor).start(), "page": build.StaticServer(dist).start()}
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
    server = build.StaticServer(dist).start()
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
        # file it already holds; this private context keeps no big file: test_boot checks that).
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
    server = build.StaticServer(site).start()
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


# --- report -------------------------------------------------------------------------------
METRICS = ("skeleton_ms", "board_ms", "ready_ms", "wall_ms")
# Goals of issue 23 (the boot's ruling): ready as a ratio of bare Pyodide's start in the same
# run and engine (offline against bare's warm start, which has no offline mode; on the emulated
# network, cold against NETWORK_COLD_GOAL), the longest task, a whole first visit's bytes.
RATIO_GOALS = {"cold": ("cold", 0.7), "warm": ("warm", 0.5), "offline": ("warm", 0.5)}
NETWORK_COLD_GOAL = 1.2
LONGEST_TASK_GOAL_MS = 200
FIRST_VISIT_GZIP_GOAL = 16e6
CLICK_P95_GOAL_MS = 100


def spread(values: list[float]) -> dict:
    return {"median": statistics.median(values), "min": min(values), "max": max(values),
            "values": values}


def run_ratio(run: dict, kind: str, bare: str) -> float:
    """The page's `kind` start over bare Pyodide's `bare` start in one run: warm ones as the
    medians of the run's interleaved warm samples (warm_samples), where it has them."""
    samples = run.get("warm_samples")
    ours = (statistics.median(samples["page"]) if samples and kind == "warm"
            else run[kind]["ready_ms"])
    theirs = (statistics.median(samples["bare"]) if samples and bare == "warm"
              else run["bare"][bare]["ready_ms"])
    return ours / theirs


def summarise(runs: list[dict]) -> dict:
    summary = {}
    for kind in ("cold", "warm", "offline"):
        summary[kind] = {metric: spread([r[kind][metric] for r in runs]) for metric in METRICS}
    for kind in ("cold", "warm"):
        summary[f"floor_{kind}"] = {"ready_ms": spread([r["floor"][kind]["ready_ms"] for r in runs])}
        summary[f"bare_{kind}"] = {"ready_ms": spread([r["bare"][kind]["ready_ms"] for r in runs])}
    if all("warm_samples" in r for r in runs):
        summary["warm_samples"] = {who: spread([statistics.median(r["warm_samples"][who]) for r in runs])
                                   for who in ("page", "bare")}
    for kind, (bare, _goal) in RATIO_GOALS.items():
        # per run (the same machine state), then the median over runs
        summary[kind]["ratio_to_bare"] = spread([round(run_ratio(r, kind, bare), 2) for r in runs])
        tasks = [r[kind]["longest_task_ms"] for r in runs]
        summary[kind]["longest_task_ms"] = spread(tasks) if None not in tasks else None
        summary[kind]["snapshot"] = sorted({str(r[kind]["snapshot"]) for r in runs})
    latencies = [ms for r in runs if r["clicks"] for ms in r["clicks"]]
    summary["clicks"] = ({"n": len(latencies), "median_ms": round(statistics.median(latencies), 1),
                          "p95_ms": round(percentile(latencies, 95), 1)} if latencies else None)
    return summary


def print_report(summary: dict, sizes: dict, runs: int, network: float | None = None) -> None:
    mb = lambda n: f"{n / 1e6:6.2f} MB"  # noqa: E731
    print(f"\nload times ({runs} run{'s' * (runs > 1)}, median [min-max], ms since navigation start; "
          f"load average before: {summary['loadavg']}; network: {summary['network']})")
    cell = lambda s: f"{s['median']:>6.0f} [{s['min']:.0f}-{s['max']:.0f}]"  # noqa: E731
    print(f"  {'':14} {'skeleton':>18} {'live board':>18} {'ready':>18} {'wall (goto->ready)':>20}")
    for kind in ("cold", "warm", "offline"):
        row = summary[kind]
        print(f"  {kind:14} " + " ".join(f"{cell(row[m]):>18}" for m in METRICS[:3])
              + f" {cell(row['wall_ms']):>20}")
    for kind in ("cold", "warm"):
        print(f"  {'floor ' + kind:14} {'':>18} {'':>18} {cell(summary['floor_' + kind]['ready_ms']):>18}")
    for kind in ("cold", "warm"):
        print(f"  {'bare ' + kind:14} {'':>18} {'':>18} {cell(summary['bare_' + kind]['ready_ms']):>18}")
    if "warm_samples" in summary:
        for who in ("page", "bare"):
            print(f"  {'warm x' + str(WARM_SAMPLES) + ' ' + who:14} {'':>18} {'':>18} "
                  f"{cell(summary['warm_samples'][who]):>18}   (a run's median of {WARM_SAMPLES} interleaved reloads)")
    print("  skeleton: the static board before Python; live board: body[data-board-shown];\n"
          "  floor: PyScript with an empty main.py; bare: Pyodide alone (loadPyodide + one runPython)")
    print("\nready / bare Pyodide's start of the same run (median [min-max]; warm and offline against the "
          f"median of the run's {WARM_SAMPLES} interleaved warm reloads of bare, warm the median of the page's); "
          "longest main-thread task from skeleton to ready")
    for kind, (bare, goal) in RATIO_GOALS.items():
        if network and kind == "cold":
            goal = NETWORK_COLD_GOAL
        row = summary[kind]
        ratio, task = row["ratio_to_bare"], row["longest_task_ms"]
        task_text = (f"{task['median']:>5.0f} ms [{task['min']:.0f}-{task['max']:.0f}] (goal <= {LONGEST_TASK_GOAL_MS})"
                     if task else "n/a")
        print(f"  {kind:8} {ratio['median']:.2f}x [{ratio['min']:.2f}-{ratio['max']:.2f}] of bare {bare} "
              f"(goal <= {goal}x)   longest task {task_text}   snapshot: {', '.join(row['snapshot'])}")
    print("\npayload")
    for name, size in sizes.items():
        print(f"  {name:24} {size['files']:3} files  raw {mb(size['raw'])}  gzip -9 {mb(size['gzip9'])}")
    if summary.get("visit_sent_raw"):
        print(f"  {'bodies sent, first visit':24}       raw {mb(summary['visit_sent_raw'])}  (as the server sent "
              "them, raw: a private context's precache downloads the big files again)")
    visit = sizes.get("first visit in all")
    if visit:
        print(f"  ('first visit in all': the start and the service worker's precache after it; goal at most "
              f"{FIRST_VISIT_GZIP_GOAL / 1e6:.0f} MB gzip: {'met' if visit['gzip9'] <= FIRST_VISIT_GZIP_GOAL else 'NOT met'})")
    clicks = summary["clicks"]
    if clicks:
        print(f"\nclick-to-update latency: median {clicks['median_ms']} ms, "
              f"p95 {clicks['p95_ms']} ms (n={clicks['n']}; goal p95 <= {CLICK_P95_GOAL_MS} ms)")
    else:
        print("\nclick-to-update latency: unavailable (the page exposes no window.mpBench)")


# --- replay of a long game ----------------------------------------------------------------
# Clicks (or moves the slider to `value`) and resolves with the ms until the page's re-render.
TIMED_CLICK = """
async ([selector, value]) => {
  const body = document.body;
  const before = Number(body.dataset.renderCount || 0);
  const target = document.querySelector(selector);
  if (!target) throw new Error("nothing to click: " + selector);
  const start = performance.now();
  if (value === null) {
    target.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, view: window }));
  } else {
    target.value = String(value);
    target.dispatchEvent(new Event("change", { bubbles: true }));
  }
  while (Number(body.dataset.renderCount || 0) === before) await new Promise((r) => setTimeout(r, 0));
  return window.mpLastRenderEnd - start;
}
"""
REPLAY_MOVES = (("prev", '#controls [data-act="replay-go"][data-v="prev"]', None),
                ("first", '#controls [data-act="replay-go"][data-v="first"]', None),
                ("next", '#controls [data-act="replay-go"][data-v="next"]', None),
                ("slider to the middle", '#controls input[data-field="replay-step"]', "middle"),
                ("last", '#controls [data-act="replay-go"][data-v="last"]', None))


def long_record(seed: int) -> tuple[str, int]:
    """A running game one action short of its end, as the page stores it: (JSON, actions)."""
    sys.path.insert(0, str(ROOT / "tests"))
    sys.path.insert(0, str(ROOT / "web"))
    sys.path.insert(0, str(ROOT / "src"))
    from engine.long_game import long_game
    from shell import storage
    full = long_game(seed=seed)
    import machu_picchu as mp
    game = mp.load_game(dict(full.to_save(), actions=full.history[:-1]))
    seats = [{"name": n, "type": "human", "level": None, "style": i} for i, n in enumerate(game.names)]
    record = storage.make_record("long", seats, game.to_save(), created="", updated="",
                                 meta=storage.game_meta(game, seats))
    return json.dumps(record), len(game.history)


def replay_run(browser, dist: Path, text: str) -> dict:
    server = build.StaticServer(dist).start()
    context = browser.new_context()
    try:
        watch = Watch(context)
        page = context.new_page()
        page.goto(server.url)
        wait_ready(page)
        page.evaluate("(t) => { localStorage.setItem('machu-picchu:game:long', t); "
                      "localStorage.setItem('machu-picchu:current', 'long'); }", text)
        page.reload()
        wait_ready(page)
        page.wait_for_selector('body[data-screen="game"]', state="attached")
        if page.locator('#hide [data-act="reveal"]').count():     # two people: pass the device
            page.click('#hide [data-act="reveal"]')
        page.click('#nav [data-act="menu"]')
        opened = page.evaluate("performance.now()")
        result = {"open": page.evaluate(TIMED_CLICK, ['#overlay [data-act="replay"]', None])}
        last = int(page.get_attribute("body", "data-replay-last"))
        for name, selector, value in REPLAY_MOVES:
            result[name] = page.evaluate(TIMED_CLICK, [selector, last // 2 if value else None])
        # the background replay: done when a jump to any step needs no replaying (poll the cursor)
        page.wait_for_function("document.body.dataset.replayWarm === '1'", timeout=600_000)
        result["ahead"] = page.evaluate("window.mpReplayWarmAt") - opened
        result["errors"] = watch.errors
        return result
    finally:
        context.close()
        server.stop()


def replay_main(opts) -> int:
    from playwright.sync_api import sync_playwright
    text, actions = long_record(opts.seed)
    workdir = Path(tempfile.mkdtemp(prefix="mp-bench-"))
    dist = ensure_dist(snapshot_to=workdir / "dist")
    loadavg = " ".join(f"{x:.2f}" for x in os.getloadavg())
    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        runs = [replay_run(browser, dist, text) for _ in range(opts.runs)]
        browser.close()
    shutil.rmtree(workdir, ignore_errors=True)
    names = ["open"] + [name for name, _s, _v in REPLAY_MOVES] + ["ahead"]
    print(f"\nreplay of a {actions:,}-action game ({len(text) / 1e3:.0f} kB record; {opts.runs} "
          f"run{'s' * (opts.runs > 1)}, median [min-max] ms, click to re-render; load average "
          f"before: {loadavg})")
    summary = {}
    for name in names:
        summary[name] = spread([round(r[name], 1) for r in runs])
        row = summary[name]
        label = "replayed ahead (background)" if name == "ahead" else name
        print(f"  {label:28} {row['median']:8.0f} [{row['min']:.0f}-{row['max']:.0f}]")
    problems = [e for r in runs for e in r["errors"]]
    for problem in problems:
        print(f"  problem: {problem}")
    out = opts.json or RESULTS / time.strftime("bench-replay-%Y%m%d-%H%M%S.json")
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"actions": actions, "summary": summary, "runs": runs}, indent=1) + "\n")
    print(f"\nresults written to {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out}")
    return 1 if problems else 0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--replay", action="store_true",
                        help="time the replay of a long game instead of the page's loads")
    parser.add_argument("--seed", type=int, default=4, help="--replay: the long game's seed")
    parser.add_argument("--runs", type=int, default=3, help="cold/warm/offline sequences (default 3)")
    parser.add_argument("--clicks", type=int, default=20, help="clicks per mpBench call (0: skip)")
    parser.add_argument("--json", type=Path, help="results file (default bench-results/bench-TIME.json)")
    parser.add_argument("--network", type=float, metavar="MBPS",
                        help=f"emulate a network of MBPS megabit/s down, {NETWORK_RTT_MS} ms latency")
    parser.add_argument("--lang", metavar="LANG",
                        help="the browser's language for the page's runs (fr, de: the page speaks it "
                             "from its first paint); bare Pyodide's runs are the same in any")
    opts = parser.parse_args(argv)
    if opts.replay:
        return replay_main(opts)

    from playwright.sync_api import sync_playwright

    workdir = Path(tempfile.mkdtemp(prefix="mp-bench-"))
    dist = ensure_dist(snapshot_to=workdir / "dist")
    floor = make_floor_site(dist, workdir / "floor")
    loadavg = " ".join(f"{x:.2f}" for x in os.getloadavg())   # other processes skew timings
    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        new_context = browser.new_context
        if opts.network:
            # a profile on disk, as a player's browser has: a private context's HTTP cache keeps
            # no big file, so the service worker's precache would download the start's files again
            new_context = lambda **options: playwright.chromium.launch_persistent_context(  # noqa: E731
                tempfile.mkdtemp(dir=workdir, prefix="profile-"), executable_path=str(build.CHROMIUM),
                args=CHROMIUM_ARGS, **options)
        results = []
        for i in range(opts.runs):
            result = one_run(new_context, dist, opts.clicks, opts.network, opts.lang)
            result["floor"] = floor_run(new_context, floor, network=opts.network)
            result["bare"] = floor_run(new_context, floor, BARE_PAGE, opts.network)
            result["warm_samples"] = warm_samples(new_context, dist, floor, network=opts.network,
                                                  lang=opts.lang)
            if not opts.network:      # a player's later visits (a profile on disk, a new browser)
                result["later"] = {"page": later_visits(playwright, dist, "", lang=opts.lang),
                                   "bare": later_visits(playwright, floor, BARE_PAGE)}
            results.append(result)
            print(f"  run {i + 1}/{opts.runs}: cold {result['cold']['ready_ms']} ms, "
                  f"warm {result['warm']['ready_ms']} ms, offline {result['offline']['ready_ms']} ms; "
                  f"bare cold {result['bare']['cold']['ready_ms']} ms, "
                  f"warm {result['bare']['warm']['ready_ms']} ms; "
                  f"floor cold {result['floor']['cold']['ready_ms']} ms, "
                  f"warm {result['floor']['warm']['ready_ms']} ms; "
                  f"warm x{WARM_SAMPLES} interleaved: bare {result['warm_samples']['bare']} ms, "
                  f"page {result['warm_samples']['page']} ms", flush=True)
        browser.close()
    sizes = {"dist/ (everything)": payload(dist, build.dist_files(dist)),
             "fetched at cold boot": payload(dist, results[0]["boot_files"]),
             "first visit in all": payload(dist, results[0]["visit_files"])}
    shutil.rmtree(workdir, ignore_errors=True)

    boot_files = results[0]["boot_files"]
    summary = summarise(results)
    summary["loadavg"] = loadavg
    summary["lang"] = sorted({r["lang"] for r in results})       # what the page spoke
    print(f"the page spoke: {', '.join(summary['lang'])}")
    summary["visit_sent_raw"] = results[0]["visit_sent_raw"]
    summary["network"] = (f"{opts.network:g} Mbit/s down, {NETWORK_RTT_MS} ms latency, no HTTP compression"
                          if opts.network else "the local server, unthrottled")
    print_report(summary, sizes, opts.runs, opts.network)
    if all("later" in r for r in results):
        later = [round(p / b, 2) for r in results
                 for p, b in zip(r["later"]["page"][1:], r["later"]["bare"][1:])]
        summary["later_ratio_to_bare"] = spread(later)
        print("\nlater visits (a profile on disk, a new browser process each; visits 2 and 3 of 3, "
              "each against bare Pyodide's same visit):")
        for r in results:
            print(f"  page {r['later']['page']} ms, bare {r['later']['bare']} ms")
        print(f"  later visit {statistics.median(later):.2f}x [{min(later):.2f}-{max(later):.2f}] of bare "
              f"(goal <= {RATIO_GOALS['warm'][1]}x, as warm)")

    problems = [e for r in results for e in r["errors"] + r["foreign_requests"]]
    for problem in problems:
        print(f"  problem: {problem}")
    out = opts.json or RESULTS / time.strftime("bench-%Y%m%d-%H%M%S.json")
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"summary": summary, "payload": sizes, "boot_files": boot_files,
                               "runs": results}, indent=1) + "\n")
    print(f"\nresults written to {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
