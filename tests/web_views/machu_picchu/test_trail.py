"""The Incatrail panel (web/games/machu_picchu/trail.py): every step, and every scout where the
view has it."""
from __future__ import annotations

import pytest

from machu_picchu import data as D
from games.machu_picchu import trail

from mp_fixtures import all_views, classes, parse, seats_for


@pytest.mark.parametrize("view", all_views())
def test_trail(view):
    root = parse(trail.trail_svg(view, seats_for(view)))
    steps = [int(e.get("data-step")) for e in root.iter() if "mp-step" in classes(e)]
    assert steps == list(range(D.TRAIL_SUMMIT + 1))
    scouts = {int(e.get("data-seat")): int(e.get("data-step"))
              for e in root.iter() if "mp-scout" in classes(e)}
    assert scouts == {s: p["trail"] for s, p in enumerate(view["players"])}
