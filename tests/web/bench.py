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
server sends no HTTP compression, so each file travels raw, unless --http-gzip: then the servers
gzip what a host compressing on the fly (GitHub Pages) would (html, js, css, json, wasm, svg, py),
for the page and bare Pyodide alike. A tablet's first visit on its network, where the bytes a
start fetches count beside its CPU.

With --replay, instead: the replay of the longest kind of game the rules allow (built on the host
by tests/engine/long_game.py, stored in localStorage, opened in the page): click-to-render times
of opening it (from the menu of the running game: at its last step) and of its moves (one step
back, the start, one step on, the slider to the middle, the end), and how long the page takes to
replay the whole game ahead in the background (until every position is one jump away).

The page's loads are measured in bench_loads.py, summarised and printed against their goals by
bench_report.py; the replay is bench_replay.py.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench_loads  # noqa: E402
from bench_loads import (BARE_PAGE, NETWORK_RTT_MS, WARM_SAMPLES, floor_run, later_visits,  # noqa: E402
                         make_floor_site, one_run, payload, warm_samples)
from bench_replay import replay_main  # noqa: E402
from bench_report import RATIO_GOALS, RESULTS, print_report, spread, summarise  # noqa: E402
from webharness import CHROMIUM_ARGS, ROOT, build, ensure_dist, launch_chromium  # noqa: E402


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
    parser.add_argument("--http-gzip", action="store_true",
                        help="the servers send compressible files gzipped, as GitHub Pages does")
    parser.add_argument("--lang", metavar="LANG",
                        help="the browser's language for the page's runs (fr, de: the page speaks it "
                             "from its first paint); bare Pyodide's runs are the same in any")
    opts = parser.parse_args(argv)
    bench_loads.HTTP_GZIP = opts.http_gzip
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
    compression = "HTTP gzip as GitHub Pages" if opts.http_gzip else "no HTTP compression"
    summary["network"] = (f"{opts.network:g} Mbit/s down, {NETWORK_RTT_MS} ms latency, {compression}"
                          if opts.network else f"the local server, unthrottled, {compression}")
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
