"""The days panel (web/games/machu_picchu/days.py): today, the moons' corn, the moon tiles on the
board and those taken."""
from __future__ import annotations

import pytest

from machu_picchu import data as D
from games.machu_picchu import days

from mp_fixtures import all_views, classes, find, local, parse, seats_for


@pytest.mark.parametrize("view", all_views())
def test_time(view):
    root = parse(days.time_svg(view, seats_for(view)))
    tiles = [e.get("data-tile") for e in find(root, "data-tile")]
    assert sorted(tiles) == sorted(view["moon_tiles"])
    for e in find(root, "data-tile"):
        assert local(e[0].tag) == "title" and e[0].text
    now = [e for e in root.iter() if "mp-day-now" in classes(e)]
    assert len(now) == 1 and now[0].get("data-day") == str(view["day"])
    moons = find(root, "data-moon")
    assert [int(e.get("data-moon")) for e in moons] == list(range(1, D.LAST_DAY))
    assert sorted(view["time_track_corn"]) == [int(e.get("data-moon")) for e in moons
                                               if e.get("data-corn") == "1"]
    taken = {e.get("data-taken") for e in find(root, "data-taken")}
    assert taken == set(D.MOON_IDS) - set(view["moon_tiles"])
