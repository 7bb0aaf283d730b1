"""The page's main-thread tasks from a Chromium trace, each with its wall time AND the CPU time
its thread had in it, so that a long task is told apart: long by its work (CPU near its wall
time: a bot's decision or an import done in one piece, long on any machine) or long because the
machine is loaded (the thread waited for a CPU: little CPU in a long wall time). The Long Tasks
API gives the wall time alone, which on 2 cores at load 10-15 stretches a 30 ms slice of a
bot's thinking to 500 ms.

    tasktrace.start(browser, page)          # chromium only (playwright's tracing)
    ... play ...
    tasks = tasktrace.stop(browser)         # [Task(start_ms, wall_ms, cpu_ms, marks)]
    print(tasktrace.summary(tasks))         # longest task 264 ms (3 ms of CPU); most CPU ...

A task is a RunTask of the page's renderer main thread (CrRendererMain; of several, the one with
the most work); its CPU time is the trace's thread time (tdur), which matches the kernel's count
of the thread's time on a CPU (/proc/<pid>/schedstat). `marks` are the performance marks the
page set inside it (boot:*, later:*).
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field

CATEGORIES = ["toplevel", "blink.user_timing"]
TASK_EVENTS = ("ThreadControllerImpl::RunTask", "RunTask")
MAIN_THREAD = "CrRendererMain"


@dataclass
class Task:
    start_ms: float                   # trace clock (not performance.now())
    wall_ms: float
    cpu_ms: float
    marks: list[str] = field(default_factory=list)


def start(browser, page) -> None:
    """Begin tracing `page`'s renderer (Chromium)."""
    browser.start_tracing(page=page, categories=CATEGORIES)


def stop(browser, min_ms: float = 0.0) -> list[Task]:
    """End tracing: the page's main-thread tasks of at least `min_ms` of wall time."""
    return tasks(json.loads(browser.stop_tracing()), min_ms)


def tasks(trace: dict, min_ms: float = 0.0) -> list[Task]:
    """The main-thread tasks of `trace` (Chromium's JSON trace format) in time order."""
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    mains = {(e["pid"], e["tid"]) for e in events
             if e.get("name") == "thread_name" and e.get("args", {}).get("name") == MAIN_THREAD}
    runs: dict = {}
    for e in events:
        key = (e.get("pid"), e.get("tid"))
        if key in mains and e.get("ph") == "X" and e.get("name") in TASK_EVENTS:
            runs.setdefault(key, []).append(e)
    if not runs:
        return []
    main = max(runs, key=lambda k: sum(e.get("dur", 0) for e in runs[k]))
    marks = sorted((e["ts"], e["name"]) for e in events
                   if (e.get("pid"), e.get("tid")) == main and "user_timing" in e.get("cat", "")
                   and e.get("ph") in ("R", "I", "i", "n"))
    out = []
    for e in sorted(runs[main], key=lambda e: e["ts"]):
        if e.get("dur", 0) < min_ms * 1000:
            continue
        begin, end = e["ts"], e["ts"] + e.get("dur", 0)
        out.append(Task(begin / 1000, e.get("dur", 0) / 1000, e.get("tdur", 0) / 1000,
                        [name for ts, name in marks if begin <= ts <= end]))
    return out


def summary(found: list[Task]) -> str:
    """The longest task with its CPU time, and the task with the most CPU time."""
    if not found:
        return "no main-thread task traced"
    longest = max(found, key=lambda t: t.wall_ms)
    busiest = max(found, key=lambda t: t.cpu_ms)
    return (f"longest task {longest.wall_ms:.0f} ms ({longest.cpu_ms:.0f} ms of CPU); most CPU in "
            f"one task {busiest.cpu_ms:.0f} ms ({busiest.wall_ms:.0f} ms long)")
