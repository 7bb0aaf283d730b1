"""Benchmark of the hard bot's search in the page (run by `python3 build.py bench --search`).

In headless chromium, through the page's hook `window.mpSearchBench(budget, hintBudget)` (the
page's own Python: Pyodide, main thread): the hard bot's ISMCTS iterations per second of thinking
at the six positions of `machu_picchu.bots.speed.positions()` (`budget` seconds each, the
one-step evaluation of the root moves included), and how long the medium bot and the hard bot
with `hintBudget` take to answer at those positions (what a hint would wait). Then through
`window.mpHelpedSearchBench(budget)`: a decision's iterations per wall second at those positions,
alone and helped by the search workers, and each worker's cost in memory (its Pyodide's wasm
memory once booted and after those searches, beside the page's own; and the renderer processes'
resident memory with the workers and after they are released, the whole of what they hold: their
threads live in the page's process). The same figures
on the host: `python -m machu_picchu bench --search` (CPU time).

    .venv/bin/python tests/web/bench_search.py [--budget 1.0] [--hint-budget 0.7]
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from webharness import ROOT, Watch, build, ensure_dist, launch_chromium, wait_ready  # noqa: E402

RESULTS = ROOT / "bench-results"


def renderers_rss(cdp) -> int:
    """The resident memory (MiB, /proc) of the browser's renderer processes, where a page's
    dedicated workers run as threads."""
    info = cdp.send("SystemInfo.getProcessInfo")["processInfo"]
    total = 0
    for proc in info:
        if proc["type"] != "renderer":
            continue
        try:
            status = Path(f"/proc/{proc['id']}/status").read_text()
        except OSError:             # gone meanwhile
            continue
        total += int(next(l.split()[1] for l in status.splitlines() if l.startswith("VmRSS:")))
    return total // 1024


def settled_rss(cdp, seconds: float = 10.0) -> int:
    """renderers_rss once it stops falling (terminated workers are torn down in the background)."""
    last, until = renderers_rss(cdp), time.monotonic() + seconds
    while time.monotonic() < until:
        time.sleep(1.0)
        now = renderers_rss(cdp)
        if now >= last:
            return now
        last = now
    return last


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--budget", type=float, default=1.0,
                        help="seconds of thinking per position (default 1.0)")
    parser.add_argument("--hint-budget", type=float, default=0.7,
                        help="the hard bot's time budget when it answers a hint (default 0.7)")
    opts = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright

    workdir = Path(tempfile.mkdtemp(prefix="mp-bench-search-"))
    dist = ensure_dist(snapshot_to=workdir / "dist")
    loadavg = " ".join(f"{x:.2f}" for x in os.getloadavg())
    server = build.StaticServer(dist).start()
    try:
        with sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            context = browser.new_context()
            watch = Watch(context)
            page = context.new_page()
            page.goto(server.url)
            wait_ready(page)
            out = json.loads(page.evaluate(
                f"() => window.mpSearchBench({opts.budget}, {opts.hint_budget})"))
            cdp = browser.new_browser_cdp_session()
            out["helped"] = json.loads(page.evaluate(
                f"async () => await window.mpHelpedSearchBench({opts.budget})"))
            out["rss_with_workers"] = renderers_rss(cdp)
            page.evaluate("() => window.mpReleaseSearchWorkers()")
            page.wait_for_selector('body[data-search-workers="released"]', state="attached")
            out["rss_released"] = settled_rss(cdp)
            problems = watch.errors + watch.foreign_requests()
            browser.close()
    finally:
        server.stop()
        shutil.rmtree(workdir, ignore_errors=True)

    s = out["search"]
    print(f"\nhard bot search in the page (load average before: {loadavg}): {s['iterations']} "
          f"iterations in {s['seconds']:.2f} s over {s['positions']} {s['players']}-player turn "
          f"decisions ({s['budget']} s each): {s['per_second']:.0f} iterations per second "
          f"(by position: {', '.join(map(str, s['by_position']))})")
    for level, a in out["answers"].items():
        budget = f", budget {a['budget']} s" if a["budget"] is not None else ""
        print(f"  a hint from {level}{budget}: median {a['median_ms']} ms, longest "
              f"{a['max_ms']} ms ({', '.join(map(str, a['ms']))} ms)")
    h = out["helped"]
    after = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"a decision's iterations per wall second ({h['budget']} s each, sliced, "
          f"{len(h['alone'])} positions; {os.cpu_count()} cores, load average before "
          f"{loadavg}, after {after}):")
    alone = ", ".join(str(r["games"]) for r in h["alone"])
    helped = ", ".join(f"{r['games']} ({r['helped']} by workers)" for r in h["helped"])
    ratio = h["helped_per_second"] / h["alone_per_second"] if h["alone_per_second"] else 0
    print(f"  main thread alone: {h['alone_per_second']:.0f} ({alone} iterations)")
    print(f"  helped by {h['workers']} worker(s): {h['helped_per_second']:.0f} ({helped} "
          f"iterations): x{ratio:.2f}")
    print(f"  wasm memory of each worker's Pyodide: {', '.join(map(str, h['heap_boot']))} MiB once "
          f"booted, {', '.join(map(str, h['heap_after']))} MiB after these searches (the page's own: "
          f"{h['heap_page']} MiB)")
    freed = out["rss_with_workers"] - out["rss_released"]
    print(f"  the renderer processes' resident memory: {out['rss_with_workers']} MiB with the "
          f"workers, {out['rss_released']} MiB once released: {freed} MiB, "
          f"{freed / h['workers']:.0f} MiB a worker" if h["workers"] else "")
    out["loadavg_after"] = after
    for problem in problems:
        print(f"  problem: {problem}")
    out["loadavg"] = loadavg
    path = RESULTS / time.strftime("bench-search-%Y%m%d-%H%M%S.json")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(out, indent=1) + "\n")
    print(f"results written to {path.relative_to(ROOT)}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
