"""Benchmark of the hard bot in the browser: one person against three hard bots, played to the end
in headless chromium through the page (pace "instant", the app's own bot time budget).

Prints the hard bots' decision times in the page (n, median, p95, max, decisions over 2 s, the
single-legal-action decisions apart) and the longest main-thread task while a bot thinks, with,
from a Chromium trace of the game (tasktrace.py), the most CPU time one main-thread task had (long
by its work) and the longest task's CPU time (the rest of its wall time it waited for a CPU: the
machine's load); writes bench-results/bench-bots-YYYYmmdd-HHMMSS.json.

    .venv/bin/python tests/web/bench_bots.py [--games 1]

A decision lasts from the render that sets body[data-thinking] to a seat to the next render with
it empty. The instrumentation (WATCH_BOTS) and the game loop are shared with
tests/web/test_bots_browser.py, which asserts behaviour but no timing.
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
import tasktrace  # noqa: E402
from gameplay import Player, mp, new_game_from_home  # noqa: E402
from webharness import ROOT, Watch, build, ensure_dist, launch_chromium, wait_ready  # noqa: E402

RESULTS = ROOT / "bench-results"
HUMAN = ("Solo", "human")
HARD_BOTS = [("Hard A", "bot:hard"), ("Hard B", "bot:hard"), ("Hard C", "bot:hard")]
STEP_TIMEOUT_MS = 300_000      # longest wait for the person's next decision (three bots think)
SLOW_DECISION_MS = 2000
# A decision taken in one slice gives the page's probe no turn at all (its message is queued
# behind the bot's own continuation); each further slice gives it one. A searched turn decision
# (1 s of thinking in slices of BOT_SLICE) with at least this many was sliced. Measured with load
# average 10 on 2 cores: median 12, and 1 turn decision in 73 under 3 (hence the tenth allowed).
SLICED_YIELDS = 3
MAX_TASK_WHILE_THINKING_MS = 200   # the goal: no main-thread task this long while a bot thinks
GAME_KEY_PREFIX = "machu-picchu:game:"

# Installed before any page script: window.__mpBots collects
#   decisions  [{seat, start, ms, yields}]: each bot decision, data-thinking set to a seat ->
#              cleared; `yields` counts the times the main thread was free meanwhile (a message
#              posted to itself, re-posted on arrival while the decision lasts, runs once at every
#              yield of the page: a bot thinking in slices yields between slices, whatever the
#              machine's load)
#   longTasks  [[start, duration]]: every main-thread task over 50 ms
#   hands      [{actions, title, cards}]: #hand at each change, with the saved game's action count
WATCH_BOTS = """
(() => {
  const watch = (window.__mpBots = { decisions: [], longTasks: [], hands: [] });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) watch.longTasks.push([e.startTime, e.duration]);
  }).observe({ type: "longtask", buffered: true });

  let current = null;   // the bot decision in progress: {seat, start, yields}
  const channel = new MessageChannel();
  let pinging = false;
  channel.port1.onmessage = () => {
    if (!current) { pinging = false; return; }
    current.yields += 1;
    channel.port2.postMessage(0);
  };
  const onThinking = (records) => {
    const now = performance.now();
    records.forEach((record, i) => {
      // what this change set: the next change's old value, or the attribute as it is now
      const value = i + 1 < records.length ? records[i + 1].oldValue
                                           : document.body.getAttribute("data-thinking");
      if (current && value !== String(current.seat)) {
        watch.decisions.push({ seat: current.seat, start: current.start, ms: now - current.start,
                               yields: current.yields });
        current = null;
      }
      if (value && !current) {
        current = { seat: Number(value), start: now, yields: 0 };
        if (!pinging) { pinging = true; channel.port2.postMessage(0); }
      }
    });
  };

  const savedActions = () => {
    const key = Object.keys(localStorage).find((k) => k.startsWith("%(prefix)s"));
    return key ? JSON.parse(localStorage.getItem(key)).save.actions.length : -1;
  };
  const onHand = (hand) => () => watch.hands.push({
    actions: savedActions(),
    title: (hand.querySelector("h3") || { textContent: "" }).textContent,
    cards: Array.from(hand.querySelectorAll("figcaption"), (e) => e.textContent),
  });

  document.addEventListener("DOMContentLoaded", () => {
    new MutationObserver(onThinking).observe(document.body, {
      attributes: true, attributeFilter: ["data-thinking"], attributeOldValue: true });
    const hand = document.getElementById("hand");
    new MutationObserver(onHand(hand)).observe(hand, {
      childList: true, subtree: true, characterData: true });
  });
})();
""" % {"prefix": GAME_KEY_PREFIX}


# --- playing ------------------------------------------------------------------------------
def play_to_end(page, human: int = 0, timeout: int = STEP_TIMEOUT_MS) -> int:
    """Take the person's decisions (the click body[data-bench-target] names) until the end
    screen; returns the number of clicks."""
    me = Player(page)
    clicks = 0
    while True:
        page.wait_for_selector(f'body[data-over], body[data-decision][data-viewer="{human}"]',
                               state="attached", timeout=timeout)
        if page.get_attribute("body", "data-over"):
            return clicks
        assert page.get_attribute("body", "data-hidden") is None, "a hide screen with one person"
        me.click(page.get_attribute("body", "data-bench-target"))
        clicks += 1


def saved_record(page) -> dict:
    """The game's record as the page saved it in localStorage."""
    text = page.evaluate(f"""() => localStorage.getItem(
        Object.keys(localStorage).find((k) => k.startsWith("{GAME_KEY_PREFIX}")))""")
    return json.loads(text)


def replay(record: dict):
    """Yield (game, action) for every action of the saved game, the game as it stood before."""
    save = record["save"]
    game = mp.load_game({**save, "actions": []})
    for action in save["actions"]:
        yield game, action
        game.apply(action)


def bot_decisions(record: dict, measured: list[dict]) -> list[dict]:
    """The bots' decisions, in order, from the saved game (replayed here), each with its seat,
    kind, number of legal actions, reason and the page's measured duration."""
    bots = {i for i, seat in enumerate(record["seats"]) if seat["type"] == "bot"}
    facts = [{"seat": game.to_move, "kind": game.prompt[0], "legal": len(game.legal_actions()),
              "action": action}
             for game, action in replay(record) if game.to_move in bots]
    reasons = [text for _line, text in record["reasons"]]
    assert len(facts) == len(measured) == len(reasons), (len(facts), len(measured), len(reasons))
    for fact, timing, reason in zip(facts, measured, reasons):
        assert fact["seat"] == timing["seat"], (fact, timing)
        fact.update(start=timing["start"], ms=timing["ms"], yields=timing["yields"], reason=reason)
    return facts


def long_tasks_while_thinking(decisions: list[dict], long_tasks: list) -> list[dict]:
    """The main-thread long tasks that overlap a bot decision: duration, when (ms after the
    decision began) and that decision's seat, kind, legal actions and duration."""
    out = []
    for start, duration in long_tasks:
        for d in decisions:
            if start < d["start"] + d["ms"] and start + duration > d["start"]:
                out.append({"ms": round(duration), "at": round(start - d["start"]),
                            **{k: d[k] for k in ("seat", "kind", "legal")},
                            "decision_ms": round(d["ms"])})
                break
    return out


def traced_tasks(traced: list) -> dict:
    """From the game's Chromium trace (tasktrace): the longest main-thread task and the one with
    the most CPU time, each {wall_ms, cpu_ms}, and the tasks of MAX_TASK_WHILE_THINKING_MS of CPU
    or more (long by their work on any machine; a task long by its wall time alone waited for a
    CPU: the machine's load)."""
    def task(t):
        return {"wall_ms": round(t.wall_ms), "cpu_ms": round(t.cpu_ms)}
    if not traced:
        return {}
    return {"longest": task(max(traced, key=lambda t: t.wall_ms)),
            "most_cpu": task(max(traced, key=lambda t: t.cpu_ms)),
            "cpu_over_goal": sum(t.cpu_ms >= MAX_TASK_WHILE_THINKING_MS for t in traced)}


# --- one benchmark game -----------------------------------------------------------------
def one_game(browser, server, seed: int) -> dict:
    """Play one game in a fresh context; the raw measurements."""
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    try:
        watch = Watch(context)
        page = context.new_page()
        page.add_init_script(WATCH_BOTS)
        page.goto(server.url)
        wait_ready(page)
        page.wait_for_selector('body[data-screen="home"]', state="attached")
        started = time.perf_counter()
        tasktrace.start(browser, page)
        new_game_from_home(page, [HUMAN, *HARD_BOTS], seed=seed, pace="instant")
        clicks = play_to_end(page)
        wall = time.perf_counter() - started
        traced = tasktrace.stop(browser)
        watched = page.evaluate("window.__mpBots")
        decisions = bot_decisions(saved_record(page), watched["decisions"])
        errors = watch.errors + [f"python: {t}" for t in page.locator(".py-error").all_inner_texts()]
        return {"seed": seed, "wall_s": round(wall, 1), "human_clicks": clicks,
                "decisions": decisions,
                "long_tasks_while_thinking": long_tasks_while_thinking(decisions,
                                                                       watched["longTasks"]),
                "traced": traced_tasks(traced),
                "errors": errors, "foreign_requests": watch.foreign_requests()}
    finally:
        context.close()


# --- report -------------------------------------------------------------------------------
def percentile(values: list[float], pct: float) -> float:
    """Nearest-rank percentile."""
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * pct // 100))
    return ordered[int(rank) - 1]


def stats(values: list[float]) -> dict:
    if not values:
        return {"n": 0}
    return {"n": len(values), "median_ms": round(statistics.median(values)),
            "p95_ms": round(percentile(values, 95)), "max_ms": round(max(values))}


def yield_counts(decisions: list[dict]) -> dict:
    """How often the main thread was free during each searched decision: n, median, min."""
    counts = [d["yields"] for d in decisions if d["legal"] > 1]
    if not counts:
        return {"n": 0}
    return {"n": len(counts), "median": statistics.median(counts), "min": min(counts)}


def summarise(games: list[dict]) -> dict:
    decisions = [d for g in games for d in g["decisions"]]
    searched = [d["ms"] for d in decisions if d["legal"] > 1]
    single = [d["ms"] for d in decisions if d["legal"] == 1]
    tasks = [t["ms"] for g in games for t in g["long_tasks_while_thinking"]]
    return {
        "all": stats([d["ms"] for d in decisions]),
        "turn": stats([d["ms"] for d in decisions if d["kind"] == "turn" and d["legal"] > 1]),
        "other": stats([d["ms"] for d in decisions if d["kind"] != "turn" and d["legal"] > 1]),
        "single_legal": stats(single),
        "over_2s": sum(ms > SLOW_DECISION_MS for ms in searched + single),
        "longest_task_while_thinking_ms": round(max(tasks, default=0)),
        "long_tasks_while_thinking": len(tasks),
        "tasks_over_goal": sum(ms >= MAX_TASK_WHILE_THINKING_MS for ms in tasks),
        "traced_most_cpu": max((g["traced"]["most_cpu"] for g in games if g.get("traced")),
                               key=lambda t: t["cpu_ms"], default=None),
        "traced_longest": max((g["traced"]["longest"] for g in games if g.get("traced")),
                              key=lambda t: t["wall_ms"], default=None),
        "traced_cpu_over_goal": sum(g["traced"].get("cpu_over_goal", 0) for g in games if g.get("traced")),
        "yields_per_searched_decision": yield_counts(decisions),
        "wall_s": [g["wall_s"] for g in games],
    }


def print_report(summary: dict, games: int, loadavg: str) -> None:
    def row(label, s):
        if not s["n"]:
            return f"  {label:26} n=0"
        return (f"  {label:26} n={s['n']:<4} median {s['median_ms']:>5} ms  p95 {s['p95_ms']:>5} ms"
                f"  max {s['max_ms']:>5} ms")
    print(f"\nhard-bot decisions in the page ({games} game{'s' * (games > 1)} of 1 person vs 3 "
          f"hard bots, pace instant; load average before: {loadavg})")
    print(row("all decisions", summary["all"]))
    print(row("  searched: turns", summary["turn"]))
    print(row("  searched: other kinds", summary["other"]))
    print(row("  single legal action", summary["single_legal"]))
    print(f"  decisions over {SLOW_DECISION_MS / 1000:.0f} s: {summary['over_2s']}")
    print(f"  longest main-thread task while a bot thinks: "
          f"{summary['longest_task_while_thinking_ms']} ms "
          f"({summary['long_tasks_while_thinking']} tasks over 50 ms; goal: none of "
          f"{MAX_TASK_WHILE_THINKING_MS} ms or more, {summary['tasks_over_goal']} were)")
    busiest, longest = summary["traced_most_cpu"], summary["traced_longest"]
    if busiest and longest:
        print(f"  by its work (Chromium trace, the whole game): the most CPU time in one main-thread "
              f"task {busiest['cpu_ms']} ms ({busiest['wall_ms']} ms long), {summary['traced_cpu_over_goal']} "
              f"of {MAX_TASK_WHILE_THINKING_MS} ms of CPU or more; the longest task "
              f"{longest['wall_ms']} ms had {longest['cpu_ms']} ms of CPU (the rest: waiting for a CPU)")
    y = summary["yields_per_searched_decision"]
    if y["n"]:
        print(f"  times the main thread was free during a searched decision: median "
              f"{y['median']}, min {y['min']} (n={y['n']})")
    print(f"  wall time per game: {', '.join(f'{s:.0f} s' for s in summary['wall_s'])}")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1, help="games to play (default 1)")
    parser.add_argument("--seed", type=int, default=2024, help="seed of the first game")
    parser.add_argument("--json", type=Path, help="results file (default bench-results/bench-bots-TIME.json)")
    opts = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright

    workdir = Path(tempfile.mkdtemp(prefix="mp-bench-bots-"))
    dist = ensure_dist(snapshot_to=workdir / "dist")
    loadavg = " ".join(f"{x:.2f}" for x in os.getloadavg())   # other processes skew timings
    server = build.StaticServer(dist).start()
    games = []
    try:
        with sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            for i in range(opts.games):
                game = one_game(browser, server, opts.seed + i)
                games.append(game)
                print(f"  game {i + 1}/{opts.games}: {len(game['decisions'])} bot decisions, "
                      f"{game['wall_s']:.0f} s", flush=True)
            browser.close()
    finally:
        server.stop()
        shutil.rmtree(workdir, ignore_errors=True)

    summary = summarise(games)
    summary["loadavg"] = loadavg
    print_report(summary, opts.games, loadavg)
    problems = [p for g in games for p in g["errors"] + g["foreign_requests"]]
    for problem in problems:
        print(f"  problem: {problem}")
    out = opts.json or RESULTS / time.strftime("bench-bots-%Y%m%d-%H%M%S.json")
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"summary": summary, "games": games}, indent=1) + "\n")
    print(f"\nresults written to {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
