"""The market panel (web/games/machu_picchu/market.py): its columns show the view's units and
prices."""
from __future__ import annotations

import pytest

from games.machu_picchu import market

from mp_fixtures import all_views, classes, find, parse, text_of


@pytest.mark.parametrize("view", all_views())
def test_market(view):
    root = parse(market.market_svg(view))
    cols = find(root, "data-good")
    assert [c.get("data-good") for c in cols] == ["llama", "coca", "pottery", "cloth"]
    for c in cols:
        m = view["market"][c.get("data-good")]
        assert int(c.get("data-units")) == m["units"]
        assert sum(1 for r in c.iter() if "mp-field-full" in classes(r)) == min(m["units"], 4)
        assert f"buy {m['buy']}" in text_of(c) and f"sell {m['sell']}" in text_of(c)
