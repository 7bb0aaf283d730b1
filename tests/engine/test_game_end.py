"""The three ends: all 15 Priests/Virgins, the deck exhausted, the Spanish conquest (game.py)."""

from __future__ import annotations

import pytest

import machu_picchu as mp
from machu_picchu import data as D
from machu_picchu.events import text as words

from .support import (TILE, begin, everyone_at, goods, pass_turn, play, put_prince,
                      set_deck_size, set_goods, set_incas)


def last_card_position(players=3):
    """14 of the 15 cards are taken (one Virgin left); Blue can pay for it."""
    game = begin(players, start=0)
    game.rows_taken[:] = [4, 5, 5]
    game.owned[1] = [4, 5, 5]
    set_goods(game, 0, corn=1, coca=2, pottery=1, cloth=1)
    put_prince(game, 0, "plaza")
    return game


def test_the_15th_priest_card_ends_the_game_after_that_turn():
    """Taking the last Priest/Virgin: the game ends once that turn is over."""
    game = last_card_position()
    game.apply("move virgins")
    assert not game.is_over and game.prompt == ("acquire", 0, D.D_VIRGINS)
    game.apply("acquire virgin")
    assert game.is_over and game.end_reason == "priests"
    assert game.view(None)["priests_left"] == 0
    result = game.result()
    assert result["reason"] == "priests"
    assert all(s["multiplier"] == 1 for s in result["seats"])


def test_the_15th_card_on_the_last_turn_of_the_day():
    """Yellow takes the last card on the day's last turn: the time track's corn is paid and
    the game ends; no night follows."""
    game = last_card_position()
    everyone_at(game)
    day = game.day
    play(game, "stay trail2", "stay trail3", "stay corn")  # Red takes the Sun tile
    pass_turn(game)                                        # Blue's last turn
    corn = goods(game, 1)["corn"]
    set_goods(game, 1, corn=corn, coca=2, pottery=1, cloth=1)
    game.apply("move virgins")                             # Yellow, the day's last turn
    game.apply("acquire virgin")
    assert game.is_over and game.end_reason == "priests"
    assert goods(game, 1)["corn"] == corn + 1
    assert game.day == day and game.held_tiles[2] == 1 << TILE["corn"]


def test_priests_end_beats_the_conquest_on_day_9():
    """The 15th card taken in a final turn of day 9: Machu Picchu is rescued, no multipliers."""
    game = last_card_position()
    everyone_at(game)
    game.day = 9
    play(game, "stay trail2", "stay trail3", "stay corn")
    pass_turn(game)
    set_goods(game, 1, coca=2, pottery=1, cloth=1)
    game.apply("move virgins")
    game.apply("acquire virgin")
    assert game.end_reason == "priests"
    assert all(s["multiplier"] == 1 for s in game.result()["seats"])


def test_deck_exhausted_during_the_night():
    """The deck runs out in the moon-tile step of a night: that step finishes (a later summit
    gives 3 VP), its rewards are paid, and the game ends before the Sun Clock step."""
    game = begin(2, start=0)
    everyone_at(game)
    set_deck_size(game, 1, dump_seat=1)
    set_incas(game, 0, farmer=1, sunclock=1)
    game.trail[:] = [18, 12]
    play(game, "stay trail3", "stay trail2", "stay corn")   # seat 0 takes the Sun tile
    pass_turn(game)                                         # seat 1's last turn: night
    assert game.is_over and game.end_reason == "cards"
    assert game.deck == [] and len(game.hands[0]) == 2
    assert game.trail == [1, 14] and game.summit_vp == [0, 0]
    assert goods(game, 1)["llama"] == 2                     # the Stable paid at night
    assert game.sunclock[0] == 1                            # the Sun Clock step never came

    game = begin(2, start=0)
    everyone_at(game)
    set_deck_size(game, 1, dump_seat=1)
    game.trail[:] = [18, 19]
    play(game, "stay trail3", "stay trail2", "stay corn")
    pass_turn(game)
    assert game.is_over and game.summit_vp == [0, 3] and game.trail == [1, 1]


def test_result_only_once_over():
    """result() is refused while the game goes on."""
    game = begin(2)
    with pytest.raises(mp.IllegalAction, match="not over"):
        game.result()


def test_finished_game_refuses_every_action():
    """Once over: no one to move, no legal action, apply refuses."""
    game = last_card_position()
    play(game, "move virgins", "acquire virgin")
    assert game.to_move is None and game.prompt is None and game.legal_actions() == []
    for text in ("move plaza", "done", "acquire nothing"):
        with pytest.raises(mp.IllegalAction, match="over"):
            game.apply(text)
    assert words(game.log[-2]).startswith("All 15 Priests and Virgins are taken")
