"""The report of `build.py bench` (bench.py): the boot's goals, each run's ratios to bare Pyodide,
the summary over runs and its printed report."""
from __future__ import annotations

import statistics

from bench_loads import WARM_SAMPLES
from webharness import ROOT

RESULTS = ROOT / "bench-results"
METRICS = ("skeleton_ms", "board_ms", "ready_ms", "wall_ms")
# Goals of issue 23 (the boot's ruling): ready as a ratio of bare Pyodide's start in the same
# run and engine (offline against bare's warm start, which has no offline mode; on the emulated
# network, cold against NETWORK_COLD_GOAL), the longest task, a whole first visit's bytes.
RATIO_GOALS = {"cold": ("cold", 0.7), "warm": ("warm", 0.5), "offline": ("warm", 0.5)}
NETWORK_COLD_GOAL = 1.2
LONGEST_TASK_GOAL_MS = 200
FIRST_VISIT_GZIP_GOAL = 16e6
CLICK_P95_GOAL_MS = 100


def percentile(values: list[float], pct: float) -> float:
    """Nearest-rank percentile."""
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * pct // 100))
    return ordered[int(rank) - 1]


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
