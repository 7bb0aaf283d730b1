"""The Incatrail: moving a scout and counting what it passes."""

from __future__ import annotations

from typing import NamedTuple

from .data import GRANARY, STABLE, TRAIL_SUMMIT


class TrailMove(NamedTuple):
    """Where a scout ends, and how often it reached the Granary, the Stable and the summit."""

    position: int
    granaries: int
    stables: int
    summits: int


def advance_scout(position: int, steps: int) -> TrailMove:
    """Move a scout `steps` fields on from `position` (0-19).

    Reaching or passing a reward field counts every time; reaching 20 is a summit, after which the
    scout goes on from 0 with the remaining steps (12 + 15 -> 7, 18 + 5 -> 3).
    """
    granaries = stables = summits = 0
    while steps > 0:
        to_summit = TRAIL_SUMMIT - position
        end = position + steps if steps < to_summit else TRAIL_SUMMIT
        if position < GRANARY <= end:
            granaries += 1
        if position < STABLE <= end:
            stables += 1
        if end == TRAIL_SUMMIT:
            summits += 1
            steps -= to_summit
            position = 0
        else:
            position, steps = end, 0
    return TrailMove(position, granaries, stables, summits)
