"""The Central Plaza: trading with the market through real decisions (game.py)."""

from __future__ import annotations

import pytest

import machu_picchu as mp
from machu_picchu import data as D

from .support import begin, goods, legal, put_prince, set_goods


def at_plaza(market=None, corn=30, **have):
    """Blue on its way to the Plaza with `corn` and `have`; the market columns as given."""
    game = begin(2, start=0)
    set_goods(game, 0, corn=corn, **have)
    if market is not None:
        for g, units in market.items():
            game.market[D.GOOD_INDEX[g]] = units
    put_prince(game, 0, "cloth")
    game.apply("move plaza")
    assert game.prompt == ("market", 0)
    return game


@pytest.mark.parametrize("actions, corn_change, units_after", [
    (["sell coca"], +4, 3),
    (["sell coca", "sell coca"], +4 + 3, 4),
    (["buy coca"], -5, 1),
    (["buy coca", "buy coca"], -5 - 6, 0),
    (["buy coca", "buy coca", "buy coca"], -5 - 6 - 6, 0),   # then from the bank at 6
    (["sell coca"] * 4, +4 + 3 + 3 + 3, 4),                  # a full column: to the bank at 3
])
def test_rulebook_first_market_example(actions, corn_change, units_after):
    """A coca column with 2 units: sell 1 -> 4, sell 2 -> 7, buy 1 -> 5, buy 2 -> 11."""
    game = at_plaza({"coca": 2}, corn=20, coca=4)
    for a in actions:
        game.apply(a)
    assert goods(game, 0)["corn"] == 20 + corn_change
    assert game.market[D.COCA] == units_after
    game.apply("done")
    assert game.prompt == ("turn", 1)


def test_rulebook_second_market_example():
    """Remove a cloth, sell 2 cloth for 5 + 4, a coca (1 unit there) for 5, buy a llama (3
    units) for 4 and a pottery from the bank (empty column) for 6."""
    game = at_plaza({"llama": 3, "coca": 1, "pottery": 0, "cloth": 2}, corn=0, coca=1, cloth=2)
    steps = [("adjust -cloth", 0), ("sell cloth", 5), ("sell cloth", 9), ("sell coca", 14),
             ("buy llama", 10), ("buy pottery", 4)]
    for action, corn in steps:
        game.apply(action)
        assert goods(game, 0)["corn"] == corn, action
    game.apply("done")
    assert goods(game, 0) == {"corn": 4, "llama": 1, "coca": 0, "pottery": 1, "cloth": 0}
    assert [game.market[g] for g in D.MARKET_GOODS] == [2, 2, 0, 3]


def test_adjust_once_and_only_before_the_first_trade():
    """Remove or add one unit, free, before trading; never after a trade, never twice."""
    game = at_plaza()
    assert {"adjust -llama", "adjust +llama", "adjust -cloth", "adjust +cloth"} <= set(legal(game))
    game.apply("adjust +pottery")
    assert game.market[D.POTTERY] == 3 and goods(game, 0)["pottery"] == 0
    assert not [a for a in legal(game) if a.startswith("adjust")]
    with pytest.raises(mp.IllegalAction, match="before the first trade"):
        game.apply("adjust -llama")

    game = at_plaza(coca=1)
    game.apply("sell coca")
    assert not [a for a in legal(game) if a.startswith("adjust")]


def test_adjust_respects_the_column_bounds():
    """An empty column cannot lose a unit and a full one cannot gain one."""
    game = at_plaza({"llama": 0, "cloth": 4})
    assert "adjust -llama" not in legal(game) and "adjust +llama" in legal(game)
    assert "adjust +cloth" not in legal(game) and "adjust -cloth" in legal(game)


def test_a_good_is_either_bought_or_sold_in_one_visit():
    """Ruling: after selling coca the player cannot buy coca, and the reverse."""
    game = at_plaza(coca=2, llama=1)
    game.apply("sell coca")
    assert "buy coca" not in legal(game) and "sell coca" in legal(game)
    with pytest.raises(mp.IllegalAction, match="either bought or sold"):
        game.apply("buy coca")
    game.apply("buy llama")
    assert "sell llama" not in legal(game)
    with pytest.raises(mp.IllegalAction, match="either bought or sold"):
        game.apply("sell llama")
    game.apply("buy pottery")
    game.apply("done")
    assert game.prompt == ("turn", 1)


def test_trading_needs_goods_and_corn():
    """Only goods one has can be sold; a purchase needs its price in corn; corn is not traded."""
    game = at_plaza(corn=4)
    assert "sell coca" not in legal(game)
    assert "buy coca" not in legal(game)   # 5 corn
    with pytest.raises(mp.IllegalAction, match="costs 5 corn"):
        game.apply("buy coca")
    with pytest.raises(mp.IllegalAction, match="no coca"):
        game.apply("sell coca")
    with pytest.raises(mp.InvalidAction):
        game.apply("buy corn")


def test_a_new_visit_may_adjust_and_trade_again():
    """The once-per-visit limits reset on the next visit to the Plaza."""
    game = at_plaza(coca=1)
    game.apply("adjust -coca")
    game.apply("sell coca")
    game.apply("done")
    put_prince(game, 1, "cloth")
    set_goods(game, 1, corn=20)
    game.apply("move plaza")
    assert game.prompt == ("market", 1)
    assert "adjust -coca" in legal(game) and "buy coca" in legal(game)


def test_view_shows_market_prices():
    """The view gives each column's units and its current buy and sell price."""
    game = at_plaza({"llama": 0, "coca": 1, "pottery": 3, "cloth": 4})
    market = game.view(None)["market"]
    assert market["llama"] == {"units": 0, "buy": 6, "sell": 6}
    assert market["coca"] == {"units": 1, "buy": 6, "sell": 5}
    assert market["pottery"] == {"units": 3, "buy": 4, "sell": 3}
    assert market["cloth"] == {"units": 4, "buy": 3, "sell": 3}
    assert game.view(0)["prompt"] == {"kind": "market", "seat": 0, "active": 0,
                                      "district": "plaza", "adjusted": False, "traded": False,
                                      "bought": [], "sold": [], "trades": 0,
                                      "trades_left": D.MAX_TRADES_PER_VISIT}
