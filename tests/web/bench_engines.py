"""Boot times of the page in WebKit and Firefox, each against bare Pyodide in the same engine
(run by `python3 build.py bench` after the Chromium benchmark, bench.py; alone:
`.venv/bin/python tests/web/bench_engines.py [--runs N] [--browsers webkit,firefox]`).

Per run and engine, in a fresh browser (empty caches, no service worker):
  cold   first visit of the game page
  warm   reload: HTTP cache + the service worker (once it controls the page), which holds the
         memory snapshot the page then starts from (html[data-boot-snapshot], recorded)
and the same two loads of bench_loads.py's bare-Pyodide page (bare.html: `loadPyodide()` and one
`runPython`, no PyScript, no game) served from another port, so from an empty cache too. Each
figure is the page's own performance.now() when body[data-app-ready] was set (ms since its
navigation started); the ratio is the game's over bare Pyodide's of the same run and kind (the
median over runs), against bench_report.py's goals (RATIO_GOALS: cold <= 0.7, warm <= 0.5).

Results are printed and written to bench-results/bench-engines-YYYYmmdd-HHMMSS.json.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_loads import BARE_PAGE, make_floor_site  # noqa: E402
from bench_report import RATIO_GOALS  # noqa: E402
from engines import (READY_TIMEOUT_S, FirefoxPage, WebKitPage, Xvfb, build)  # noqa: E402
from webharness import ROOT, ensure_dist  # noqa: E402

RESULTS = ROOT / "bench-results"
KINDS = ("cold", "warm")
READY_MS = "Number(document.body.getAttribute('data-app-ready-ms'))"
SW_CONTROLS = "navigator.serviceWorker && navigator.serviceWorker.controller !== null"
SNAPSHOT_STATE = "document.documentElement.getAttribute('data-boot-snapshot')"


def loads(page, url: str, *, service_worker: bool) -> dict:
    """Cold then warm boot of `url` in `page`: {kind: ready ms}."""
    result = {}
    for kind in KINDS:
        if kind == "cold":
            page.goto(url)
        else:
            if service_worker:
                page.wait(SW_CONTROLS, READY_TIMEOUT_S)
            page.reload()
        page.wait_ready()
        result[kind] = page.evaluate(READY_MS)
        if service_worker:       # the game page: did it start from its memory snapshot?
            result[f"{kind}_snapshot"] = page.evaluate(SNAPSHOT_STATE)
    return result


def one_run(open_page, dist: Path, floor: Path) -> dict:
    """The game page and the bare page, cold and warm, in one fresh browser."""
    page = open_page()
    game_server = build.StaticServer(dist).start()
    bare_server = build.StaticServer(floor).start()
    try:
        result = {"version": page.version,
                  "game": loads(page, game_server.url, service_worker=True),
                  "bare": loads(page, bare_server.url + BARE_PAGE, service_worker=False)}
        result["errors"] = page.errors()
        return result
    finally:
        page.close()
        game_server.stop()
        bare_server.stop()


def summarise(runs: list[dict]) -> dict:
    summary = {}
    for page in ("game", "bare"):
        for kind in KINDS:
            values = [r[page][kind] for r in runs]
            summary[f"{page}_{kind}"] = {"median": statistics.median(values), "min": min(values),
                                         "max": max(values), "values": values}
    for kind in KINDS:     # per run (the same machine state), then the median over runs
        summary[f"ratio_{kind}"] = statistics.median(
            round(r["game"][kind] / r["bare"][kind], 2) for r in runs)
    return summary


def print_report(name: str, version: str, summary: dict, runs: int) -> None:
    cell = lambda s: f"{s['median']:>7.0f} [{s['min']:.0f}-{s['max']:.0f}]"  # noqa: E731
    print(f"\n{name} {version}: ready ms since navigation start ({runs} run{'s' * (runs > 1)}, "
          "median [min-max])")
    print(f"  {'':6} {'game':>22} {'bare Pyodide':>22} {'game / bare':>12} {'goal':>6}")
    for kind in KINDS:
        goal = RATIO_GOALS[kind][1]
        ratio = summary["ratio_" + kind]
        print(f"  {kind:6} {cell(summary['game_' + kind]):>22} {cell(summary['bare_' + kind]):>22} "
              f"{ratio:>11.2f}x {'<=':>3}{goal:.1f} {'met' if ratio <= goal else 'NOT met'}")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="cold/warm sequences per engine (default 3)")
    parser.add_argument("--browsers", default="webkit,firefox", help="comma-separated: webkit, firefox")
    parser.add_argument("--json", type=Path, help="results file (default bench-results/bench-engines-TIME.json)")
    opts, _unknown = parser.parse_known_args(argv)     # bench.py's own options are not ours
    wanted = [b.strip() for b in opts.browsers.split(",") if b.strip()]

    workdir = Path(tempfile.mkdtemp(prefix="mp-bench-engines-"))
    dist = ensure_dist(snapshot_to=workdir / "dist")
    floor = make_floor_site(dist, workdir / "floor")
    loadavg = " ".join(f"{x:.2f}" for x in os.getloadavg())   # other processes skew timings
    print(f"load average before: {loadavg}", flush=True)
    xvfb = Xvfb() if "webkit" in wanted else None
    openers = {"webkit": ("WebKit", lambda: WebKitPage(xvfb.display)),
               "firefox": ("Firefox", FirefoxPage)}
    report, problems = {"loadavg": loadavg}, []
    try:
        for key in wanted:
            name, open_page = openers[key]
            runs = []
            for i in range(opts.runs):
                run = one_run(open_page, dist, floor)
                runs.append(run)
                problems += [f"{name}: {e}" for e in run["errors"]]
                if run["game"]["warm_snapshot"] != "restored":
                    problems.append(f"{name}: the warm start did not restore the memory snapshot "
                                    f"({run['game']['warm_snapshot']})")
                print(f"  {name} run {i + 1}/{opts.runs}: game cold {run['game']['cold']} ms "
                      f"(snapshot: {run['game']['cold_snapshot']}), warm {run['game']['warm']} ms "
                      f"(snapshot: {run['game']['warm_snapshot']}); bare cold {run['bare']['cold']} ms, "
                      f"warm {run['bare']['warm']} ms", flush=True)
            report[key] = {"version": runs[0]["version"], "summary": summarise(runs), "runs": runs}
    finally:
        if xvfb:
            xvfb.stop()
        shutil.rmtree(workdir, ignore_errors=True)

    for key in wanted:
        print_report(openers[key][0], report[key]["version"], report[key]["summary"], opts.runs)
    print("  bare Pyodide: loadPyodide() and one runPython, no PyScript (the engine's floor)")
    for problem in problems:
        print(f"  problem: {problem}")
    out = opts.json or RESULTS / time.strftime("bench-engines-%Y%m%d-%H%M%S.json")
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(report, indent=1) + "\n")
    print(f"\nresults written to {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
