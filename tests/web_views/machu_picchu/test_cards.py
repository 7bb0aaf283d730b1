"""Sacrifice cards (web/games/machu_picchu/cards.py): each card's face names its gold and what it
scores."""
from __future__ import annotations

import pytest

from machu_picchu import data as D
from games.machu_picchu import cards

from mp_fixtures import local, parse


def test_every_card_shows_its_gold_with_a_title():
    for name, gold in zip(D.CARD_NAMES, D.CARD_GOLD):
        for small in (False, True):
            root = parse(cards.card_svg(name, small=small))
            svg = root[0]
            assert svg.get("data-card") == name
            assert local(svg[0].tag) == "title" and f"Gold {gold}" in svg[0].text
            assert any(local(e.tag) == "text" and e.text == str(gold) for e in svg.iter())
    with pytest.raises(ValueError):
        cards.card_svg("corn-corn")
