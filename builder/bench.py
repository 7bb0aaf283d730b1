"""`build.py bench`: the browser benchmarks (tests/web/bench*.py) and the engine's."""
from __future__ import annotations

import os
import subprocess
import time

from .environment import ensure_venv, prepare_browser_run
from .layout import PACKAGE_NAME, ROOT, VENV_PYTHON, BuildError, step

BENCH_SCRIPT = ROOT / "tests" / "web" / "bench.py"
BOTS_BENCH_SCRIPT = ROOT / "tests" / "web" / "bench_bots.py"
SEARCH_BENCH_SCRIPT = ROOT / "tests" / "web" / "bench_search.py"
ENGINES_BENCH_SCRIPT = ROOT / "tests" / "web" / "bench_engines.py"   # WebKit and Firefox
INCAN_GOLD_BENCH_SCRIPT = ROOT / "tests" / "web" / "bench_incan_gold.py"   # Incan Gold's pace
BENCH_BROWSERS = ("chromium", "webkit", "firefox")
ENGINE_BENCH_ARGS = ["simulate", "--players", "4", "--games", "200", "--seed", "1"]


def cmd_bench(args: list[str]) -> int:
    """Browser benchmark: tests/web/bench.py in Chromium, then tests/web/bench_engines.py in WebKit
    and Firefox, each against bare Pyodide (`--browsers chromium,webkit,firefox` chooses); with --bots the hard bots' decision times in the
    page (tests/web/bench_bots.py); with --search the hard bot's search iterations per second
    on the host (CPU time) and in the page, how long a hint takes, and a decision's iterations per
    wall second alone and helped by the search workers (tests/web/bench_search.py);
    with --incan-gold Incan Gold's pace at the default speed, a person's choice to their next
    decision against its goals (tests/web/bench_incan_gold.py);
    with --engine the rules engine's simulate CLI."""
    if "--engine" in args:
        step("Python venv (.venv)")
        ensure_venv()
        step(f"engine benchmark: python -m {PACKAGE_NAME} {' '.join(ENGINE_BENCH_ARGS)}")
        env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
        start = time.perf_counter()
        code = subprocess.run([str(VENV_PYTHON), "-m", PACKAGE_NAME, *ENGINE_BENCH_ARGS],
                              cwd=ROOT, env=env).returncode
        print(f"   wall time {time.perf_counter() - start:.2f} s (exit {code})")
        return code
    script = BENCH_SCRIPT
    if "--bots" in args:
        args = [a for a in args if a != "--bots"]
        script = BOTS_BENCH_SCRIPT
    if "--incan-gold" in args:
        args = [a for a in args if a != "--incan-gold"]
        script = INCAN_GOLD_BENCH_SCRIPT
    if "--search" in args:
        args = [a for a in args if a != "--search"]
        script = SEARCH_BENCH_SCRIPT
        step("Python venv (.venv)")
        ensure_venv()
        step(f"the hard bot's search on the host: python -m {PACKAGE_NAME} bench --search")
        env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
        subprocess.run([str(VENV_PYTHON), "-m", PACKAGE_NAME, "bench", "--search"], cwd=ROOT,
                       env=env)
    args, browsers = bench_browsers(args)
    env = prepare_browser_run()
    if script != BENCH_SCRIPT or "--replay" in args:
        step({BENCH_SCRIPT: "replay in the browser", BOTS_BENCH_SCRIPT: "hard bots in the browser",
              SEARCH_BENCH_SCRIPT: "the hard bot's search in the browser",
              INCAN_GOLD_BENCH_SCRIPT: "Incan Gold's pace in the browser"}[script])
        return subprocess.run([str(VENV_PYTHON), str(script), *args], cwd=ROOT, env=env).returncode
    code = 0
    if "chromium" in browsers:
        step("browser benchmark (chromium)")
        code = subprocess.run([str(VENV_PYTHON), str(script), *args], cwd=ROOT, env=env).returncode
    others = [b for b in browsers if b != "chromium"]
    if others:
        step(f"the page in {' and '.join(others)}, each against bare Pyodide in the same engine")
        code = subprocess.run([str(VENV_PYTHON), str(ENGINES_BENCH_SCRIPT), *args,
                               "--browsers", ",".join(others)], cwd=ROOT, env=env).returncode or code
    return code


def bench_browsers(args: list[str]) -> tuple[list[str], list[str]]:
    """Take `--browsers a,b` out of bench's arguments: (the other arguments, the browsers;
    all of BENCH_BROWSERS by default)."""
    rest, browsers = [], list(BENCH_BROWSERS)
    items = iter(args)
    for arg in items:
        if arg == "--browsers" or arg.startswith("--browsers="):
            value = arg.partition("=")[2] or next(items, "")
            browsers = [b.strip() for b in value.split(",") if b.strip()]
            unknown = set(browsers) - set(BENCH_BROWSERS)
            if unknown or not browsers:
                raise BuildError(f"--browsers: choose among {', '.join(BENCH_BROWSERS)}")
        else:
            rest.append(arg)
    return rest, browsers
