"""tabletop.bots: the Wilson interval and the Thinker's slices (no game needed)."""

from __future__ import annotations

import itertools

import pytest

from tabletop.bots import Decision, Thinker, set_clock, wilson


def test_wilson_matches_the_published_interval():
    """8 wins in 10 games: the 95% Wilson interval is about [0.490, 0.943]."""
    lo, hi = wilson(8, 10)
    assert round(lo, 3) == 0.490 and round(hi, 3) == 0.943


def test_wilson_edges():
    assert wilson(0, 0) == (0.0, 1.0)
    lo, hi = wilson(0, 20)
    assert lo == 0.0 and 0 < hi < 0.2
    lo, hi = wilson(20, 20)
    assert 0.8 < lo < 1 and hi == 1.0
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(1 - hi)            # symmetric around one half
    assert wilson(5, 10)[1] - wilson(5, 10)[0] > wilson(50, 100)[1] - wilson(50, 100)[0]


def work(units: int):
    for _ in range(units):
        yield None
    return Decision("done", "counted")


def test_a_thinker_stops_each_slice_at_its_deadline():
    """With a tick clock (one tick per reading) a slice of 5 ticks runs at most 5 units."""
    ticks = itertools.count()
    previous = set_clock(lambda: float(next(ticks)))
    try:
        thinker = Thinker(work(23))
        while not thinker.step(5.0):
            pass
    finally:
        set_clock(previous)
    assert thinker.result == Decision("done", "counted")
    assert thinker.units == 24               # 23 yields and the return
    assert thinker.most_units == 5 and thinker.steps == 5
    assert thinker.step(5.0) and thinker.steps == 5     # done: no more work


def test_a_decided_thinker_does_no_work():
    thinker = Thinker(result=Decision("a", "only"))
    assert thinker.done and thinker.step(0.0) and thinker.units == 0
