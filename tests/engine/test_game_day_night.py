"""The end of a day, the night, and day 9 (game.py)."""

from __future__ import annotations

import pytest

import machu_picchu as mp
from machu_picchu import data as D

from .support import (DIST, TILE, begin, everyone_at, goods, legal, pass_turn, play, put_prince,
                      set_goods, set_incas)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_third_moon_tile_ends_the_day(players):
    """Whoever takes the 3rd tile takes the Sun tile; each other player has exactly one more
    turn; the last of them gets the day's corn from the time track at the end of that turn."""
    game = begin(players, start=0)
    everyone_at(game)
    day = game.day
    game.apply("stay trail2")
    game.apply("stay trail3")
    if players == 2:
        pass_turn(game)                          # seat 0 moves: the 3rd tile falls to seat 1
        sun = 1
    else:
        sun = 2
    assert game.to_move == sun
    game.apply("stay corn")
    assert game.sun_holder == sun and game.tiles_today == 3
    assert game.view(None)["sun_tile"] == sun
    last = (sun - 1) % players
    assert game.time_corn >> day & 1                       # put there at set-up
    turns = []
    while game.day == day:
        assert game.prompt[0] in ("turn", "claim")
        if game.prompt[0] == "claim":
            game.apply("claim nothing")
            continue
        turns.append(seat := game.to_move)
        corn = game.goods[seat][D.CORN]
        game.apply(next(a for a in game.legal_actions() if a.kind == "stay"))
        if seat == last:                                   # the night has begun
            assert game.goods[seat][D.CORN] == corn + 1
            assert not game.time_corn >> day & 1
        else:
            assert game.goods[seat][D.CORN] == corn and game.time_corn >> day & 1
    assert turns == [(sun + k) % players for k in range(1, players)]
    assert game.day == day + 1 and game.prompt == ("turn", sun)


@pytest.fixture
def evening():
    """Day 2, 3 players (Blue, Yellow, Red); everyone on the Plaza. Blue has no corn and an Inca
    at the Sun Clock; Yellow's scout is on 5; some bonus spaces are empty or full."""
    game = begin(3, start=0)
    everyone_at(game)
    set_goods(game, 0, corn=0, llama=1)
    set_incas(game, 0, farmer=1, sunclock=1)
    game.trail[1] = 5
    game.bonus[DIST["llama"]] = 0
    game.bonus[DIST["coca"]] = 2
    game.bonus[DIST["sun"]] = 1
    return game


def test_rulebook_end_of_day_and_night(evening):
    """The night, in order from the Sun-tile holder: moon tiles return and pay (a goods tile for
    1 corn, which the 3-corn tile's corn may pay); Incas at the Sun Clock return with 3
    different goods and 3 steps each; one bonus unit everywhere, at most 2; the next day starts
    with the Sun-tile holder."""
    game = evening
    assert game.day == 2
    game.apply("stay corn")                        # Blue
    game.apply("stay llama")                       # Yellow
    game.apply("stay coca")                        # Red: 3rd tile, Sun tile
    assert game.sun_holder == 2
    game.apply("stay pottery")                     # Blue's last turn
    yellow_corn = goods(game, 1)["corn"]
    game.apply("stay trail3")                      # Yellow's last turn: the time track's corn
    # night, moon tiles, from Red
    assert game.prompt == ("claim", 2, 1 << D.COCA)
    assert legal(game) == ["claim nothing", "claim coca"]
    game.apply("claim coca")
    assert goods(game, 2)["coca"] == 2 and goods(game, 2)["corn"] == 2
    # Blue had no corn: the 3-corn tile pays for the pottery tile
    assert game.prompt == ("claim", 0, 1 << D.POTTERY)
    assert goods(game, 0)["corn"] == 3
    game.apply("claim pottery")
    assert goods(game, 0)["corn"] == 2 and goods(game, 0)["pottery"] == 1
    # Yellow declines the llama; the 3 steps reach the Granary
    assert game.prompt == ("claim", 1, 1 << D.LLAMA)
    assert goods(game, 1)["corn"] == yellow_corn + 1
    game.apply("claim nothing")
    assert game.trail[1] == 8 and goods(game, 1)["llama"] == 1
    # Sun Clock: Blue's Inca returns with 3 different goods and 3 steps
    assert game.prompt == ("take", 0)
    assert goods(game, 1)["corn"] == yellow_corn + 1 + 3   # Granary paid after the moon step
    assert game.sunclock[0] == 0 and game.supply[0] == 10 - 1
    assert len(legal(game)) == 10
    trail = game.trail[0]
    game.apply("take corn+coca+cloth")
    assert goods(game, 0) == {"corn": 5, "llama": 1, "coca": 1, "pottery": 1, "cloth": 1}
    assert game.trail[0] == trail + 3
    # bonus units and the new day
    assert game.bonus[DIST["llama"]] == 1 and game.bonus[DIST["coca"]] == 2
    assert game.bonus[DIST["sun"]] == 2 and game.bonus[DIST["corn"]] == 2
    assert game.day == 3 and game.prompt == ("turn", 2)
    assert game.held_tiles == [0, 0, 0] and game.board_tiles == (1 << 7) - 1
    assert game.tiles_today == 0 and game.sun_holder is None and game.final_turns == 0
    assert game.view(None)["time_track_corn"] == [3, 4, 5, 6, 7, 8]


def test_moon_tiles_without_corn_cannot_be_claimed(evening):
    """A goods tile costs 1 corn: a player with no corn (and no 3-corn tile) is not asked."""
    game = evening
    game.apply("stay llama")                       # Blue, 0 corn
    game.apply("stay trail2")
    game.apply("stay trail3")
    pass_turn(game)
    pass_turn(game)
    assert game.prompt == ("take", 0)              # straight to the Sun Clock step
    assert goods(game, 0)["llama"] == 1


def test_two_sun_clock_incas_pay_twice():
    """Each Inca at the Sun Clock pays its own 3 goods and 3 steps."""
    game = begin(2, start=0)
    everyone_at(game)
    set_incas(game, 1, sunclock=2)
    game.trail[1] = 0
    play(game, "stay trail2", "stay llama", "stay trail3")
    pass_turn(game)
    assert game.prompt == ("claim", 1, 1 << D.LLAMA)
    game.apply("claim nothing")
    takes = 0
    while game.prompt[0] == "take":
        game.apply("take llama+coca+pottery")
        takes += 1
    assert takes == 2 and game.trail[1] == 6
    assert game.supply[1] == 12 and game.sunclock[1] == 0


def test_day_9_moon_tile_pays_at_once():
    """Day 9: a tile pays when taken (a goods tile for 1 corn) and stays with the player."""
    game = begin(3, start=0)
    everyone_at(game)
    game.day = 9
    game.trail[:] = [0, 0, 0]
    game.apply("stay llama")
    assert game.prompt == ("claim", 0, 1 << D.LLAMA)
    game.apply("claim llama")
    assert goods(game, 0)["llama"] == 2 and goods(game, 0)["corn"] == 2
    assert game.held_tiles[0] == 1 << TILE["llama"]
    game.apply("stay trail3")
    assert game.trail[1] == 3
    corn = goods(game, 2)["corn"]
    game.apply("stay corn")
    assert goods(game, 2)["corn"] == corn + 3
    assert game.held_tiles == [1 << TILE["llama"], 1 << TILE["trail3"], 1 << TILE["corn"]]


def test_day_9_sun_clock_pays_at_once_and_the_inca_stays():
    """Day 9: an Inca sent to the Sun Clock pays 3 goods and 3 steps at once and stays there,
    scoring for no district."""
    game = begin(2, start=0, place="weaver")
    game.day = 9
    game.trail[:] = [0, 0]
    put_prince(game, 0, "plaza")
    set_goods(game, 0)
    game.hands[0] = [D.CARD_INDEX["coca-cloth"]]
    game.apply("move sunclock")
    game.apply("sunclock weaver")
    assert game.prompt == ("take", 0)
    game.apply("take llama+coca+cloth")
    assert goods(game, 0) == {"corn": 0, "llama": 1, "coca": 1, "pottery": 0, "cloth": 1}
    assert game.trail[0] == 3
    assert game.sunclock[0] == 1 and game.incas[0][D.D_CLOTH] == 0
    assert game.supply[0] == 11
    from machu_picchu.scoring import score
    assert score(game)["seats"][0]["vp_by_source"]["cloth"] == 0


def test_spanish_conquest_after_the_last_turn_of_day_9():
    """After the 3rd tile of day 9 the others take one final turn and the game ends: no night
    (tiles and Sun Clock Incas stay), multipliers applied."""
    game = begin(3, start=0)
    everyone_at(game)
    game.day = 9
    set_incas(game, 1, farmer=1, sunclock=1)
    game.apply("stay trail2")
    game.apply("stay trail3")
    game.apply("stay corn")                        # Red: the 3rd tile
    pass_turn(game)                                # Blue's final turn
    assert not game.is_over
    pass_turn(game)                                # Yellow's final turn
    assert game.is_over and game.end_reason == "conquest"
    assert game.day == 9 and game.sunclock[1] == 1
    assert game.held_tiles[2] == 1 << TILE["corn"]
    assert game.to_move is None and game.legal_actions() == [] and game.prompt is None
    with pytest.raises(mp.IllegalAction, match="over"):
        game.apply("move plaza")
    assert game.result()["reason"] == "conquest"


def test_the_day_never_passes_9():
    """Day 9 is followed by the end, never by day 10."""
    game = begin(2, start=0)
    everyone_at(game)
    game.day = 8
    while not game.is_over:
        stays = [a for a in game.legal_actions() if a.kind == "stay"]
        game.apply(stays[0] if stays else game.legal_actions()[0])
        assert game.day <= 9
    assert game.day == 9 and game.end_reason == "conquest"
