"""Turns: the first placement, moving, travelling, staying (game.py)."""

from __future__ import annotations

import pytest

import machu_picchu as mp
from machu_picchu import data as D

from .support import (DIST, TILE, begin, everyone_at, goods, legal, pass_turn, put_prince,
                      set_goods)


def test_first_turn_places_the_prince_anywhere(blue_yellow_red):
    """First turn: the Prince goes on any district, free; no travel and no staying."""
    game = blue_yellow_red
    assert legal(game) == [f"move {d}" for d in D.DISTRICTS]
    with pytest.raises(mp.IllegalAction):
        game.apply("stay corn")
    with pytest.raises(mp.IllegalAction):
        game.apply("travel plaza")
    game.apply("move sunclock")          # not adjacent to anything in particular
    assert game.prince[0] == DIST["sunclock"]
    assert game.goods[0] == [3, 1, 1, 1, 1]


def test_first_turn_triggers_the_district_action(blue_yellow_red):
    """The placed Prince acts at once: on the Plaza, the market opens."""
    game = blue_yellow_red
    game.apply("move plaza")
    assert game.prompt == ("market", 0)


def test_every_player_places_on_a_first_turn_in_seat_order(blue_yellow_red):
    """The others follow clockwise, each placing anywhere."""
    game = blue_yellow_red
    for seat, district in ((0, "hut"), (1, "hut"), (2, "coca")):
        assert game.prompt == ("turn", seat)
        assert len(legal(game)) == 15
        game.apply(f"move {district}")
        while game.prompt[0] != "turn":
            game.apply(game.legal_actions()[0])
    assert game.prompt == ("turn", 0)
    assert [D.DISTRICTS[d] for d in game.prince] == ["hut", "hut", "coca"]


def test_later_turns_move_adjacent_travel_elsewhere_or_stay(blue_yellow_red):
    """Adjacent districts are free; any other district costs 1 llama; or stay for a moon tile."""
    game = blue_yellow_red
    put_prince(game, 0, "corn")
    moves = {a.arg for a in game.legal_actions() if a.kind == "move"}
    travels = {a.arg for a in game.legal_actions() if a.kind == "travel"}
    stays = {a.arg for a in game.legal_actions() if a.kind == "stay"}
    assert moves == set(D.ADJACENT[DIST["corn"]]) == {DIST["hut"], DIST["llama"], DIST["sun"]}
    assert travels == set(range(15)) - moves - {DIST["corn"]}
    assert stays == set(range(7))
    game.apply("travel plaza")
    assert game.goods[0][D.LLAMA] == 0
    assert game.prince[0] == DIST["plaza"] and game.prompt == ("market", 0)


def test_travel_needs_a_llama(blue_yellow_red):
    """Without a llama only adjacent moves and stays are possible."""
    game = blue_yellow_red
    put_prince(game, 0, "corn")
    set_goods(game, 0, corn=9, coca=2)
    kinds = {a.kind for a in game.legal_actions()}
    assert kinds == {"move", "stay"}
    with pytest.raises(mp.IllegalAction, match="llama"):
        game.apply("travel plaza")


def test_adjacent_districts_cannot_be_travelled_to(blue_yellow_red):
    """Moving next door is free: 'travel' there is refused (it would waste a llama)."""
    game = blue_yellow_red
    put_prince(game, 0, "corn")
    with pytest.raises(mp.IllegalAction, match="adjacent"):
        game.apply("travel hut")
    with pytest.raises(mp.IllegalAction, match="not adjacent"):
        game.apply("move plaza")


def test_never_the_same_district_twice_in_a_row(blue_yellow_red):
    """A district cannot be used on two turns in a row, not even by paying a llama."""
    game = blue_yellow_red
    put_prince(game, 0, "plaza")
    for text in ("move plaza", "travel plaza"):
        with pytest.raises(mp.IllegalAction, match="two turns in a row"):
            game.apply(text)


def test_staying_takes_the_chosen_tile_and_triggers_nothing(blue_yellow_red):
    """Staying takes any moon tile still on the board; the district's action does not happen."""
    game = blue_yellow_red
    put_prince(game, 0, "coca")
    game.bonus[DIST["coca"]] = 2
    game.incas[0][D.D_COCA] = 1
    game.apply("stay cloth")
    assert game.held_tiles[0] == 1 << TILE["cloth"]
    assert "cloth" not in game.view(None)["moon_tiles"]
    assert game.bonus[DIST["coca"]] == 2
    assert goods(game, 0) == {"corn": 3, "llama": 1, "coca": 1, "pottery": 1, "cloth": 1}
    assert game.prompt == ("turn", 1)
    assert game.prince[0] == DIST["coca"]


def test_a_taken_tile_cannot_be_taken_again(blue_yellow_red):
    """Only tiles still on the board can be taken."""
    game = blue_yellow_red
    for seat in range(3):
        put_prince(game, seat, "plaza")
    game.apply("stay trail3")
    assert "stay trail3" not in legal(game)
    with pytest.raises(mp.IllegalAction, match="no longer on the board"):
        game.apply("stay trail3")


def test_after_staying_the_district_still_cannot_be_reentered():
    """A stay does not use the district, but the Prince is still there: it must move away."""
    game = begin(2, start=0)
    put_prince(game, 0, "plaza")
    put_prince(game, 1, "hut")
    game.apply("stay llama")
    game.apply("stay coca")
    assert "move plaza" not in legal(game) and "travel plaza" not in legal(game)
    assert "move palace" in legal(game)


def test_turns_pass_clockwise():
    """After a turn the next seat clockwise has the turn, from the start player on."""
    game = begin(4, start=2)
    everyone_at(game)
    order = []
    for _ in range(8):
        order.append(game.to_move)
        pass_turn(game)
    assert order == [2, 3, 0, 1, 2, 3, 0, 1]
    assert game.view(None)["active"] == 2


def test_legal_actions_returns_a_fresh_list(blue_yellow_red):
    """Changing the list legal_actions() returned changes nothing in the game nor in a clone."""
    game = blue_yellow_red
    clone = game.clone()
    game.legal_actions().clear()
    clone.legal_actions().reverse()
    everywhere = [f"move {d}" for d in D.DISTRICTS]
    assert legal(game) == legal(clone) == everywhere
    game.apply("move plaza")
    assert game.prompt == ("market", 0)
