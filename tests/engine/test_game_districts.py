"""Watchman's Hut, Royal Palace, the Houses of Priests and Virgins, the Sun Clock (game.py)."""

from __future__ import annotations

import pytest

import machu_picchu as mp
from machu_picchu import data as D

from .support import ROW, begin, goods, legal, put_prince, set_goods, set_incas


def test_rulebook_royal_palace_example():
    """Red enters the Royal Palace and sets up a Coca Planter (pottery + cloth) and a Weaver
    (coca + pottery); a Potter too only if Red could pay for it."""
    game = begin(3, start=2)
    set_goods(game, 2, corn=3, coca=1, pottery=2, cloth=1)
    put_prince(game, 2, "plaza")
    game.apply("move palace")
    assert game.prompt == ("hire", 2, D.D_PALACE)
    assert "hire planter+weaver" in legal(game)
    assert "hire planter+potter+weaver" not in legal(game)
    supply = game.supply[2]
    game.apply("hire planter+weaver")
    assert goods(game, 2) == {"corn": 3, "llama": 0, "coca": 0, "pottery": 0, "cloth": 0}
    assert game.incas[2][D.D_COCA] == 1 and game.incas[2][D.D_CLOTH] == 1
    assert game.supply[2] == supply - 2
    assert game.prompt == ("turn", 0)


def test_royal_palace_all_three_when_affordable():
    """With 2 of each of coca, pottery and cloth, all three Palace Incas can be set up."""
    game = begin(2, start=0)
    set_goods(game, 0, coca=2, pottery=2, cloth=2)
    put_prince(game, 0, "plaza")
    game.apply("move palace")
    assert legal(game) == ["hire nobody", "hire planter", "hire potter", "hire planter+potter",
                           "hire weaver", "hire planter+weaver", "hire potter+weaver",
                           "hire planter+potter+weaver"]
    game.apply("hire planter+potter+weaver")
    assert game.goods[0] == [0, 0, 0, 0, 0]
    assert game.incas[0][2:] == [1, 1, 1]


def test_watchmans_hut():
    """The Hut sets up Farmers (llama + pottery) and Shepherds (3 corn + coca), one of each."""
    game = begin(2, start=0, place="potter")
    set_goods(game, 0, corn=6, llama=2, coca=2, pottery=2)
    put_prince(game, 0, "corn")
    game.apply("move hut")
    assert legal(game) == ["hire nobody", "hire farmer", "hire shepherd", "hire farmer+shepherd"]
    for bad in ("hire potter", "hire farmer+weaver"):
        with pytest.raises(mp.IllegalAction, match="at most one per production district"):
            game.apply(bad)
    game.apply("hire farmer+shepherd")
    assert goods(game, 0) == {"corn": 3, "llama": 1, "coca": 1, "pottery": 1, "cloth": 0}
    assert game.incas[0][:2] == [1, 1]


def test_hire_is_limited_by_the_supply():
    """Without Incas in supply nothing can be set up; with one, only one."""
    game = begin(2, start=0)
    set_goods(game, 0, coca=5, pottery=5, cloth=5)
    set_incas(game, 0, farmer=11)
    put_prince(game, 0, "plaza")
    game.apply("move palace")
    assert legal(game) == ["hire nobody", "hire planter", "hire potter", "hire weaver"]
    game.apply("hire potter")
    assert game.supply[0] == 0
    set_incas(game, 1, farmer=12)
    set_goods(game, 1, coca=5, pottery=5, cloth=5)
    put_prince(game, 1, "virgins")
    game.apply("move palace")            # nothing possible: the decision is skipped
    assert game.prompt == ("turn", 0)


def test_rulebook_house_of_priests_example():
    """Yellow takes the leftmost Puma priest for 2 cloth, 1 pottery and 1 coca; the visible
    Puma value drops from 6 to 5."""
    game = begin(3, start=1)
    game.rows_taken[ROW["puma"]] = 3
    set_goods(game, 1, corn=2, coca=1, pottery=1, cloth=2)
    put_prince(game, 1, "plaza")
    assert game.row_value(ROW["puma"]) == 6
    game.apply("move priests")
    assert game.prompt == ("acquire", 1, D.D_PRIESTS)
    assert legal(game) == ["acquire nothing", "acquire puma"]  # condor needs 2 pottery
    game.apply("acquire puma")
    assert goods(game, 1) == {"corn": 2, "llama": 0, "coca": 0, "pottery": 0, "cloth": 0}
    assert game.owned[1] == [0, 1, 0]
    assert game.rows_taken[ROW["puma"]] == 4
    assert game.row_value(ROW["puma"]) == 5
    assert game.view(None)["rows"]["puma"]["steps"] == 5


def test_one_card_per_visit_and_the_right_house():
    """One card per visit; Virgins only at the House of Virgins, priests at the House of Priests."""
    game = begin(2, start=0)
    set_goods(game, 0, coca=9, pottery=9, cloth=9)
    put_prince(game, 0, "plaza")
    game.apply("move virgins")
    assert legal(game) == ["acquire nothing", "acquire virgin"]
    with pytest.raises(mp.IllegalAction):
        game.apply("acquire puma")
    game.apply("acquire virgin")
    assert game.owned[0] == [0, 0, 1] and game.prompt == ("turn", 1)
    assert goods(game, 0) == {"corn": 0, "llama": 0, "coca": 7, "pottery": 8, "cloth": 8}


def test_an_empty_row_sells_nothing():
    """When a row is gone, only the other row of the house is offered."""
    game = begin(2, start=0)
    game.rows_taken[ROW["condor"]] = 4
    set_goods(game, 0, coca=9, pottery=9, cloth=9)
    put_prince(game, 0, "plaza")
    game.apply("move priests")
    assert legal(game) == ["acquire nothing", "acquire puma"]
    assert game.view(None)["rows"]["condor"]["next_cost"] is None


def test_sun_clock_sends_one_own_inca():
    """The Sun Clock takes one of the player's own Incas from a production district."""
    game = begin(2, start=0)
    set_incas(game, 0, farmer=1, weaver=2)
    set_incas(game, 1, potter=3)
    put_prince(game, 0, "plaza")
    game.apply("move sunclock")
    assert legal(game) == ["sunclock nobody", "sunclock farmer", "sunclock weaver"]
    with pytest.raises(mp.IllegalAction, match="own"):
        game.apply("sunclock potter")
    game.apply("sunclock weaver")
    assert game.incas[0] == [1, 0, 0, 0, 1] and game.sunclock[0] == 1
    assert game.view(None)["districts"]["sunclock"]["incas"] == [1, 0]
    assert game.prompt == ("turn", 1)


def test_sun_clock_without_incas_asks_nothing():
    """A player with no Inca on the board is not asked."""
    game = begin(2, start=0)
    set_incas(game, 0)
    game.apply("move sunclock")
    assert game.prompt == ("turn", 1)
