#!/usr/bin/env python3
"""Build, serve, test and benchmark the browser game (stdlib only, host python3 >= 3.11).

    python3 build.py build                  assemble dist/ (the static site)
    python3 build.py serve [--port N]       build, then serve dist/ on 127.0.0.1
    python3 build.py test [pytest args]     set everything up, build, run pytest
    python3 build.py bench [--bots|--search|--incan-gold|--engine]  browser load/click benchmark in
                                            Chromium, then load times in WebKit and Firefox
                                            (--browsers chromium,webkit,firefox chooses; --bots:
                                            hard bots in the page; --search: the hard bot's
                                            search speed, host and page; --incan-gold: Incan
                                            Gold's pace against its goals; --engine: the engine;
                                            --network MBPS: Chromium's loads on an emulated
                                            network of MBPS Mbit/s, 40 ms latency)
    python3 build.py clean [--all]          remove build outputs (--all: also .venv, node_modules)

dist/ layout (every URL in it is relative, so it works under any sub-path):

    index.html main.py manifest.webmanifest icons/ ...   copied from web/ (not its Python
                                                         packages' modules nor catalogues)
    app.zip                                              generated: every package of src/
                                                         (tabletop, the games), the page's
                                                         shell/ kit/ games/ with their
                                                         catalogues (<package>/locales/)
    pyscript.json                                        generated: interpreter + files
    vendor/pyscript/  vendor/pyodide/                    from web/node_modules (exact pins)
    sw.js                                                generated from web/sw.js.in
    .nojekyll

The jobs live in the package beside this file, a module each (builder/: layout, pins, appzip,
stdlib, compress, snapshot, serviceworker, site, server, environment, bench); this file is the
one entry point, with the commands.
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

# The jobs of the build, one module each (builder/, beside this file, which is importable also
# when this file is loaded by path, as the tests do): every public name is also build.<name>,
# for the tests and the benchmarks that import this file.
if str(Path(__file__).resolve().parent) not in sys.path:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
from builder.appzip import *          # noqa: F401,F403  app.zip and its bytecode
from builder.bench import *           # noqa: F401,F403  build.py bench
from builder.compress import *        # noqa: F401,F403  Zstandard for the snapshot and the wasm
from builder.environment import *     # noqa: F401,F403  .venv, npm, Debian's browsers
from builder.layout import *          # noqa: F401,F403  paths, pins, helpers
from builder.pins import *            # noqa: F401,F403  npm and Python pins
from builder.server import *          # noqa: F401,F403  the static server
from builder.serviceworker import *   # noqa: F401,F403  sw.js
from builder.site import *            # noqa: F401,F403  dist/ assembled
from builder.snapshot import *        # noqa: F401,F403  the memory snapshot, the later modules
from builder.split import *           # noqa: F401,F403  archives in two parts: the start's, the rest
from builder.stdlib import *          # noqa: F401,F403  the trimmed standard library
from builder.bench import cmd_bench
from builder.environment import prepare_browser_run
from builder.layout import DIST, ROOT, VENV_PYTHON, BuildError, step
from builder.server import DEFAULT_PORT, open_server
from builder.site import build

CLEAN_PATHS = ["dist", "build", "tests/web/screenshots", "bench-results", ".pytest_cache"]
CLEAN_ALL_PATHS = CLEAN_PATHS + [".venv", "web/node_modules"]


def cmd_build(_args: list[str]) -> int:
    """Assemble dist/."""
    step("build dist/")
    build()
    return 0


def cmd_serve(args: list[str]) -> int:
    """Build, then serve dist/ on 127.0.0.1 (at / and at SUBPATH) until Ctrl+C."""
    parser = argparse.ArgumentParser(prog="build.py serve", description="Serve dist/ on 127.0.0.1.")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    parser.add_argument("--no-build", action="store_true", help="serve the existing dist/")
    parser.add_argument("--verbose", action="store_true", help="log every request")
    opts = parser.parse_args(args)
    if not opts.no_build:
        cmd_build([])
    server = open_server(opts.port, opts.verbose)
    step(f"serving {DIST.relative_to(ROOT)}/ (Ctrl+C to stop)")
    print(f"   {server.url}\n   {server.root_url}", flush=True)
    try:
        server.httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.httpd.server_close()
    return 0


def _has_test_path(args: list[str]) -> bool:
    """True if pytest args already name a test path (then `tests` is not added)."""
    return any(not a.startswith("-") and (Path(a.split("::")[0]).exists()) for a in args)


def suite_workers(args: list[str], cores: int | None) -> list[str]:
    """pytest-xdist's options for the whole suite: one worker per core (at most 4), each test
    file on one worker (its module fixtures, browser and server, are built once). The browser
    tests, most of the suite's time, wait on one Chromium renderer each: two cores run two
    files at once. None when tests are named (a targeted run stays one readable process), when
    the args choose workers already, or on one core."""
    if _has_test_path(args) or any(a == "-n" or a.startswith(("-n", "--numprocesses")) for a in args):
        return []
    workers = min(cores or 1, 4)
    return ["-n", str(workers), "--dist", "loadfile"] if workers > 1 else []


def cmd_test(args: list[str]) -> int:
    """Set everything up, build, run pytest (extra args passed through); pytest's exit code."""
    env = prepare_browser_run()
    step("pytest")
    cmd = [VENV_PYTHON, "-m", "pytest", *([] if _has_test_path(args) else ["tests"]),
           *suite_workers(args, os.cpu_count()), *args]
    print("   $ " + " ".join(str(c) for c in cmd), flush=True)
    return subprocess.run([str(c) for c in cmd], cwd=ROOT, env=env).returncode


def cmd_clean(args: list[str]) -> int:
    """Remove build outputs; --all also removes .venv and web/node_modules."""
    leftovers = [p.name for p in ROOT.glob("dist.*-*")]   # from interrupted builds
    for rel in (CLEAN_ALL_PATHS if "--all" in args else CLEAN_PATHS) + leftovers:
        path = ROOT / rel
        if path.exists():
            print(f"   removing {rel}")
            shutil.rmtree(path)
    return 0


COMMANDS = {"build": cmd_build, "serve": cmd_serve, "test": cmd_test, "bench": cmd_bench, "clean": cmd_clean}


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in COMMANDS:
        print(__doc__)
        return 0 if argv[:1] in (["-h"], ["--help"]) else 2
    try:
        return COMMANDS[argv[0]](argv[1:])
    except BuildError as exc:
        print(f"\nerror: {exc}", file=sys.stderr)
        return 1
    except subprocess.CalledProcessError as exc:
        print(f"\nerror: command failed with exit code {exc.returncode}: "
              f"{' '.join(str(c) for c in exc.cmd)}", file=sys.stderr)
        return exc.returncode or 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
