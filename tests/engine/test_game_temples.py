"""Temples: temple stones, llama sacrifices by priests and virgins, the Main Temple (game.py)."""

from __future__ import annotations

import pytest

import machu_picchu as mp

from .support import DIST, ROW, begin, goods, legal, put_prince, set_goods, set_owned


@pytest.fixture
def sun_example():
    """Rulebook, Temple of the Sun: 3 Virgins acquired (7 visible); the temple holds 2 stones.
    Blue has no Virgin; Yellow 1 Virgin and 1 llama; Red 2 Virgins and 1 llama."""
    game = begin(3, start=0)
    game.rows_taken[ROW["virgin"]] = 3
    set_owned(game, 1, virgin=1)
    set_owned(game, 2, virgin=2)
    game.trail[:] = [0, 0, 0]
    game.bonus[DIST["sun"]] = 2
    put_prince(game, 0, "corn")
    return game


def test_rulebook_temple_of_the_sun_example(sun_example):
    """Blue takes 2 stones: 6 steps, no Virgin so no sacrifice; Yellow sacrifices 1 llama for
    7 steps; Red has 2 Virgins but 1 llama: at most 7 steps."""
    game = sun_example
    assert game.row_value(ROW["virgin"]) == 7
    game.apply("move sun")
    assert game.trail[0] == 6
    assert game.bonus[DIST["sun"]] == 0
    assert game.prompt == ("sacrifice", 1, ROW["virgin"])
    assert legal(game) == ["sacrifice 0", "sacrifice 1"]
    game.apply("sacrifice 1")
    assert game.trail[1] == 7 and goods(game, 1)["llama"] == 0
    assert game.prompt == ("sacrifice", 2, ROW["virgin"])
    assert legal(game) == ["sacrifice 0", "sacrifice 1"]
    with pytest.raises(mp.IllegalAction, match="llama"):
        game.apply("sacrifice 2")
    game.apply("sacrifice 1")
    assert game.trail[2] == 7
    assert game.prompt == ("turn", 1)


def test_temple_of_the_sun_with_more_llamas(sun_example):
    """Had Red owned more llamas, Red could have sacrificed 2 for 14 steps."""
    game = sun_example
    set_goods(game, 2, llama=3)
    game.apply("move sun")
    game.apply("sacrifice 0")
    assert legal(game) == ["sacrifice 0", "sacrifice 1", "sacrifice 2"]
    game.apply("sacrifice 2")
    assert game.trail[2] == 14
    assert goods(game, 2)["llama"] == 3 - 2 + 1  # + the Stable's llama at the end of the turn


def test_the_bank_gets_the_llamas_and_the_value_is_read_at_sacrifice(sun_example):
    """The step value is the row's lowest visible number when the sacrifice happens."""
    game = sun_example
    game.rows_taken[ROW["virgin"]] = 5
    game.apply("move sun")
    game.apply("sacrifice 1")
    assert game.trail[1] == 5


@pytest.mark.parametrize("temple, row, value", [("condor", "condor", 8), ("puma", "puma", 9)])
def test_priest_temples(temple, row, value):
    """Condor and Puma priests sacrifice in their own temple only, for their row's value."""
    game = begin(2, start=0)
    game.trail[:] = [0, 0]
    set_owned(game, 0, condor=1, puma=1, virgin=1)
    set_goods(game, 0, llama=5)
    put_prince(game, 0, "plaza" if temple == "condor" else "sunclock")
    game.apply(f"move {temple}")
    assert game.trail[0] == 3
    assert game.prompt == ("sacrifice", 0, ROW[row])
    assert legal(game) == ["sacrifice 0", "sacrifice 1"]
    game.apply("sacrifice 1")
    assert game.trail[0] == 3 + value


def test_no_stone_no_sacrifice(sun_example):
    """Sacrifices happen only if there was at least one temple stone."""
    game = sun_example
    game.bonus[DIST["sun"]] = 0
    game.apply("move sun")
    assert game.trail == [0, 0, 0]
    assert game.prompt == ("turn", 1)


def test_rulebook_main_temple_example():
    """Main Temple: cloth + llama + 3 corn are 3 different goods: 6 steps."""
    game = begin(2, start=0)
    game.trail[:] = [0, 0]
    game.bonus[DIST["main"]] = 1
    put_prince(game, 0, "sun")
    game.apply("move main")
    assert game.trail[0] == 3
    assert game.prompt == ("offer", 0)
    game.apply("offer cloth+llama+corn")
    assert game.trail[0] == 3 + 6
    assert goods(game, 0) == {"corn": 0, "llama": 0, "coca": 1, "pottery": 1, "cloth": 0}
    assert game.prompt == ("offer", 1)


def test_main_temple_offers_different_goods_only():
    """At most one of each good (corn as 3), only goods one has; anyone may offer, priests or not."""
    game = begin(2, start=0)
    game.bonus[DIST["main"]] = 2
    set_goods(game, 1, corn=2, llama=1)
    put_prince(game, 0, "sun")
    game.apply("move main")
    game.apply("offer corn+llama+coca+pottery+cloth")
    assert game.prompt == ("offer", 1)
    assert legal(game) == ["offer nothing", "offer llama"]
    for bad in ("offer corn", "offer coca", "offer llama+cloth"):
        with pytest.raises(mp.IllegalAction):
            game.apply(bad)
    game.apply("offer llama")
    assert game.trail[1] == 2 + 2  # the second seat's scout started on 2


def test_every_player_is_asked_in_seat_order_from_the_active_player():
    """Sacrifices go round in seat order starting with the player whose turn it is."""
    game = begin(4, start=2)
    for seat in range(4):
        set_owned(game, seat, puma=1)
    game.rows_taken[ROW["puma"]] = 4
    put_prince(game, 2, "main")
    game.apply("move puma")
    seen = []
    while game.prompt[0] == "sacrifice":
        seen.append(game.to_move)
        game.apply("sacrifice 1")
    assert seen == [2, 3, 0, 1]


def test_stone_steps_come_before_the_sacrifices():
    """The entering player's stones move its scout before anyone sacrifices."""
    game = begin(2, start=0)
    game.trail[:] = [0, 0]
    set_owned(game, 0, virgin=1)
    game.bonus[DIST["sun"]] = 1
    put_prince(game, 0, "corn")
    game.apply("move sun")
    assert game.prompt == ("sacrifice", 0, ROW["virgin"]) and game.trail[0] == 3


def test_temples_once_a_day(sun_example):
    """Once the stones are taken, the temple is quiet until a night adds a stone."""
    game = sun_example
    game.apply("move sun")
    game.apply("sacrifice 0")
    game.apply("sacrifice 0")
    put_prince(game, 1, "corn")
    game.apply("move sun")
    assert game.prompt == ("turn", 2)
    assert game.trail[1] == 0
