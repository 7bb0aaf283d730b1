"""The icon art (web/games/machu_picchu/icons.py): an inline icon is labelled, an unknown one is
refused."""
from __future__ import annotations

import pytest

from games.machu_picchu import icons

from mp_fixtures import local, parse


def test_inline_icons_are_labelled():
    for icon in ("corn", "llama", "coca", "pottery", "cloth", "condor", "puma", "sun", "gold",
                 "step"):
        root = parse(icons.goods_icon(icon, 24))
        assert root[0].get("width") == "24" and local(root[0][0].tag) == "title"
    with pytest.raises(ValueError):
        icons.goods_icon("gems")
