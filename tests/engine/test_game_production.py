"""Production districts: the bonus and every Inca there producing (game.py, _enter/produce)."""

from __future__ import annotations

import pytest

import machu_picchu as mp
from machu_picchu import data as D

from .support import DIST, begin, goods, legal, put_prince, set_goods, set_incas


@pytest.fixture
def coca_example():
    """Rulebook: Blue enters the coca plantation, which holds 2 coca. Blue and Yellow have a
    coca planter there, Red has two; everyone has corn."""
    game = begin(3, start=0)
    set_incas(game, 0, planter=1)
    set_incas(game, 1, planter=1)
    set_incas(game, 2, planter=2)
    for seat in range(3):
        set_goods(game, seat, corn=4)
    game.bonus[DIST["coca"]] = 2
    put_prince(game, 0, "puma")
    return game


def test_rulebook_production_example(coca_example):
    """Blue takes the 2 bonus coca; then, in seat order from Blue, Blue pays 1 corn for 1 coca,
    Yellow 1 corn for 1 coca, Red 2 corn for 2 coca."""
    game = coca_example
    game.apply("move coca")
    assert goods(game, 0)["coca"] == 2
    assert game.bonus[DIST["coca"]] == 0
    assert game.prompt == ("produce", 0, D.D_COCA)
    assert legal(game) == ["produce 0", "produce 1"]
    game.apply("produce 1")
    assert game.prompt == ("produce", 1, D.D_COCA)
    game.apply("produce 1")
    assert game.prompt == ("produce", 2, D.D_COCA)
    assert legal(game) == ["produce 0", "produce 1", "produce 2"]
    game.apply("produce 2")
    assert [goods(game, s)["coca"] for s in range(3)] == [3, 1, 2]
    assert [goods(game, s)["corn"] for s in range(3)] == [3, 3, 2]
    assert game.prompt == ("turn", 1)


def test_production_order_starts_with_the_active_player():
    """Seat order from the active player: Red (seat 2) enters, then Blue, then Yellow."""
    game = begin(3, start=2)
    for seat in range(3):
        set_incas(game, seat, weaver=1)
    put_prince(game, 2, "plaza")
    game.apply("move cloth")
    seen = []
    while game.prompt[0] == "produce":
        seen.append(game.to_move)
        game.apply("produce 1")
    assert seen == [2, 0, 1]


def test_incas_cannot_be_forced_to_produce(coca_example):
    """An owner chooses how many of its Incas produce, none included."""
    game = coca_example
    game.apply("move coca")
    game.apply("produce 0")
    game.apply("produce 0")
    game.apply("produce 1")
    assert [goods(game, s)["coca"] for s in range(3)] == [2, 0, 1]
    assert [goods(game, s)["corn"] for s in range(3)] == [4, 4, 3]


def test_production_is_limited_by_corn(coca_example):
    """Each producing Inca costs 1 corn; with 1 corn Red's 2 planters make at most 1 coca;
    a player with no corn is not asked."""
    game = coca_example
    set_goods(game, 2, corn=1)
    set_goods(game, 1, corn=0)
    game.apply("move coca")
    game.apply("produce 1")
    assert game.prompt == ("produce", 2, D.D_COCA)
    assert legal(game) == ["produce 0", "produce 1"]
    with pytest.raises(mp.IllegalAction, match="1 corn"):
        game.apply("produce 2")


def test_no_bonus_no_production(coca_example):
    """Without a bonus the Incas have worked today: entering does nothing."""
    game = coca_example
    game.bonus[DIST["coca"]] = 0
    before = [g[:] for g in game.goods]
    game.apply("move coca")
    assert game.goods == before
    assert game.prompt == ("turn", 1)


def test_the_bonus_goes_to_the_entering_player_without_incas():
    """A bonus is taken by whoever enters, with or without Incas there; nobody produces."""
    game = begin(2, start=0, place="farmer")
    put_prince(game, 0, "plaza")
    game.apply("move pottery")
    assert goods(game, 0)["pottery"] == 2
    assert game.prompt == ("turn", 1)


def test_farmers_make_3_corn_each_for_free():
    """Corn Terraces: the bonus (2 units = 6 corn) to the entering player, then every farmer of
    every player makes 3 corn without paying and without being asked."""
    game = begin(3, start=0, place="potter")
    set_incas(game, 0, farmer=2)
    set_incas(game, 2, farmer=1)
    set_goods(game, 1, corn=0)
    game.bonus[DIST["corn"]] = 2
    put_prince(game, 1, "hut")
    put_prince(game, 0, "hut")
    game.apply("move corn")
    assert [goods(game, s)["corn"] for s in range(3)] == [3 + 6 + 6, 0, 3 + 3]
    assert game.prompt == ("turn", 1)


@pytest.mark.parametrize("district, good", [("llama", "llama"), ("pottery", "pottery"),
                                            ("cloth", "cloth")])
def test_other_production_districts(district, good):
    """Shepherds, potters and weavers make 1 of their good for 1 corn each."""
    game = begin(2, start=0, place="farmer")
    prof = D.PROFESSIONS[DIST[district]]
    set_incas(game, 0, **{prof: 3})
    set_goods(game, 0, corn=5)
    put_prince(game, 0, "plaza" if district != "llama" else "corn")
    game.apply(f"move {district}")
    assert legal(game) == ["produce 0", "produce 1", "produce 2", "produce 3"]
    game.apply("produce 3")
    assert goods(game, 0)[good] == 1 + 3
    assert goods(game, 0)["corn"] == 2


def test_production_once_a_day(coca_example):
    """The next visit the same day finds no bonus: no production."""
    game = coca_example
    game.apply("move coca")
    game.apply("produce 1")
    game.apply("produce 1")
    game.apply("produce 2")
    put_prince(game, 1, "cloth")
    game.apply("move coca")
    assert game.prompt == ("turn", 2)
