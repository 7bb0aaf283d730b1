"""The Incatrail (trail.py): moving a scout, rewards passed, summits."""

from __future__ import annotations

import pytest

from machu_picchu.trail import TrailMove, advance_scout


def test_rulebook_example_12_plus_15():
    """12 + 15: summit, on to 7; the Stable (13) and the Granary (7) are both reached."""
    assert advance_scout(12, 15) == TrailMove(7, 1, 1, 1)


def test_rulebook_example_18_plus_5():
    """18 + 5: summit, on to 3; no reward field reached."""
    assert advance_scout(18, 5) == TrailMove(3, 0, 0, 1)


@pytest.mark.parametrize("start, steps, expected", [
    (0, 0, (0, 0, 0, 0)),
    (1, 5, (6, 0, 0, 0)),
    (1, 6, (7, 1, 0, 0)),     # reaching the Granary counts
    (7, 5, (12, 0, 0, 0)),    # leaving it does not count again
    (6, 7, (13, 1, 1, 0)),
    (13, 6, (19, 0, 0, 0)),
    (19, 1, (0, 0, 0, 1)),    # exactly on the summit: back to 0
    (5, 40, (5, 2, 2, 2)),    # two summits in one advance; every pass counts
    (0, 60, (0, 3, 3, 3)),
    (10, 3, (13, 0, 1, 0)),
])
def test_advance(start, steps, expected):
    """Every reach or pass of 7 and 13 counts; 20 is a summit and the scout goes on from 0."""
    assert advance_scout(start, steps) == TrailMove(*expected)


def test_positions_stay_on_the_trail():
    """From any field and any step count the scout ends on 0-19, summits = laps."""
    for start in range(20):
        for steps in range(0, 70):
            move = advance_scout(start, steps)
            assert 0 <= move.position < 20
            assert move.summits == (start + steps) // 20
            assert move.position == (start + steps) % 20
            assert move.granaries == sum(1 for x in range(start + 1, start + steps + 1) if x % 20 == 7)
            assert move.stables == sum(1 for x in range(start + 1, start + steps + 1) if x % 20 == 13)
