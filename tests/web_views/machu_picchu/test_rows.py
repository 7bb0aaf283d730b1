"""The Priests and Virgins panel (web/games/machu_picchu/rows.py): the cards left and the step
values, as the view says."""
from __future__ import annotations

import pytest

from machu_picchu import data as D
from games.machu_picchu.rows import rows_svg

from mp_fixtures import all_views, classes, find, parse, text_of


@pytest.mark.parametrize("view", all_views())
def test_rows(view):
    root = parse(rows_svg(view))
    rows = find(root, "data-row")
    assert [r.get("data-row") for r in rows] == list(D.ROWS)
    for r in rows:
        info = view["rows"][r.get("data-row")]
        assert int(r.get("data-left")) == info["left"]
        cards = [g for g in r.iter() if "mp-pcard" in classes(g)]
        assert len(cards) == info["left"]
        current = [g for g in r.iter() if "mp-current" in classes(g)]
        assert len(current) == 1 and text_of(current[0]) == str(info["steps"])
