"""`build.py bench --replay` (bench.py): the replay of a long game in the page, click to render,
and how long the page takes to replay it ahead in the background."""
from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

from bench_report import RESULTS, spread
from webharness import ROOT, Watch, build, ensure_dist, launch_chromium, wait_ready

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
