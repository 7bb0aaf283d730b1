"""tasktrace reads a Chromium trace as the page's main-thread tasks, each with its wall time and
its CPU time (a synthetic trace: no browser)."""
from __future__ import annotations

import tasktrace


def event(name, pid, tid, ts, dur=None, tdur=None, ph="X", cat="toplevel", thread=None):
    e = {"name": name, "pid": pid, "tid": tid, "ts": ts, "ph": ph, "cat": cat,
         "args": {"name": thread} if thread else {}}
    if dur is not None:
        e["dur"] = dur
    if tdur is not None:
        e["tdur"] = tdur
    return e


def test_the_page_main_thread_tasks_with_wall_and_cpu_time_and_their_marks():
    trace = {"traceEvents": [
        event("thread_name", 1, 1, 0, ph="M", cat="__metadata", thread="CrRendererMain"),
        event("thread_name", 2, 2, 0, ph="M", cat="__metadata", thread="CrRendererMain"),
        event("thread_name", 1, 7, 0, ph="M", cat="__metadata", thread="Compositor"),
        # the page: a slice that waited for a CPU (500 ms long, 30 ms of CPU), a short task
        event("ThreadControllerImpl::RunTask", 1, 1, 1_000_000, dur=500_000, tdur=30_000),
        event("later:x", 1, 1, 1_200_000, ph="R", cat="blink.user_timing"),
        event("ThreadControllerImpl::RunTask", 1, 1, 2_000_000, dur=20_000, tdur=19_000),
        # another renderer with less work, and another thread of the page: not the page
        event("ThreadControllerImpl::RunTask", 2, 2, 1_000_000, dur=100_000, tdur=100_000),
        event("ThreadControllerImpl::RunTask", 1, 7, 1_000_000, dur=900_000, tdur=900_000),
    ]}
    found = tasktrace.tasks(trace)
    assert [(t.start_ms, t.wall_ms, t.cpu_ms, t.marks) for t in found] == [
        (1000.0, 500.0, 30.0, ["later:x"]), (2000.0, 20.0, 19.0, [])]
    assert [t.wall_ms for t in tasktrace.tasks(trace, min_ms=50)] == [500.0]
    assert tasktrace.summary(found) == ("longest task 500 ms (30 ms of CPU); most CPU in one task "
                                        "30 ms (500 ms long)")
    assert tasktrace.summary([]) == "no main-thread task traced"
