"""The project's ruling on how long a day and a market visit can last (data.MAX_TURNS_PER_DAY,
MAX_TRADES_PER_VISIT), and what it buys: every game ends, and every game saves and loads again.

Before the ruling, a 2-player game in which nobody stays never ended (issue 10: after 100,050
legal actions its save was refused by load_game)."""

from __future__ import annotations

import json

import pytest

import machu_picchu as mp
from machu_picchu import actions as A
from machu_picchu import data as D
from machu_picchu.cli import longest_game
from machu_picchu.stats import busiest
from tabletop import history

from .support import begin, everyone_at, legal, pass_turn, put_prince, set_goods


def test_after_the_day_s_last_turn_a_turn_can_only_stay():
    """Turns that never stay: the 101st turn of the day offers only moon tiles; the day then ends
    within a few turns, and the next day starts afresh."""
    game = begin(2, start=0)
    everyone_at(game, "plaza")
    day = game.day
    for _ in range(D.MAX_TURNS_PER_DAY):
        assert game.prompt[0] == "turn"
        assert any(not a.startswith("stay") for a in legal(game))
        pass_turn(game)
    assert game.view(None)["turns_today"] == D.MAX_TURNS_PER_DAY
    assert game.view(None)["prompt"]["stay_only"] is True
    assert legal(game) == [f"stay {t}" for t in D.MOON_IDS]
    with pytest.raises(mp.IllegalAction, match=f"{D.MAX_TURNS_PER_DAY} turns"):
        game.apply("move priests")
    extra = 0
    while game.day == day:
        assert all(a.startswith("stay") for a in legal(game)) or game.prompt[0] != "turn"
        if game.prompt[0] == "turn":
            extra += 1
        game.apply(game.legal_actions()[0])
    # At most three stays reach the Sun tile, then the other player has one last turn.
    assert 1 <= extra <= D.MOON_TILES_TO_END_DAY + game.n - 1
    assert game.view(None)["turns_today"] == 0
    assert not game.view(None)["prompt"]["stay_only"]


def test_the_limit_never_takes_a_first_turn_s_placement():
    """A first turn places the Prince (staying is impossible then): the limit counts from there."""
    game = begin(5, start=0)
    assert game.view(None)["prompt"]["first_turn"] and not game.view(None)["prompt"]["stay_only"]
    assert not any(a.startswith("stay") for a in legal(game))


def test_after_the_visit_s_last_trade_the_only_choice_is_done():
    """A rich player buys while it may; after MAX_TRADES_PER_VISIT trades only 'done' is left."""
    game = begin(2, start=0)
    put_prince(game, 0, "llama")
    set_goods(game, 0, corn=6 * D.MAX_TRADES_PER_VISIT, llama=1)
    game.apply("move plaza")
    for k in range(D.MAX_TRADES_PER_VISIT):
        assert "buy coca" in legal(game)
        game.apply("buy coca")
        assert game.view(None)["prompt"]["trades"] == k + 1
    assert legal(game) == ["done"]
    assert game.view(None)["prompt"]["trades_left"] == 0
    with pytest.raises(mp.IllegalAction, match="only choice left is 'done'"):
        game.apply("buy coca")
    game.apply("done")
    assert game.goods[0][D.COCA] == D.MAX_TRADES_PER_VISIT
    # Each visit counts afresh: the next player's visit may trade.
    game.apply("move plaza")
    assert game.prompt == ("market", 1)
    assert game.view(None)["prompt"]["trades"] == 0 and "sell coca" in legal(game)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_a_game_pushed_to_the_limits_ends_saves_and_loads_again(players):
    """Nobody stays until they must, every visit trades while it may: the game still ends on day
    9, within MAX_GAME_ACTIONS, and its save (well under the envelope's size) loads to the same
    game."""
    game = longest_game(players, seed=3)
    assert game.is_over and game.end_reason == "conquest"
    days = D.LAST_DAY - game.start_day + 1
    most = busiest(game)["turns_in_a_day"]
    assert D.MAX_TURNS_PER_DAY < most <= D.MAX_TURNS_PER_DAY + players + 2
    turns = sum(1 for text in game.history if text.split()[0] in ("move", "travel", "stay"))
    assert days * D.MAX_TURNS_PER_DAY <= turns <= days * (D.MAX_TURNS_PER_DAY + players + 2)
    assert len(game.history) <= D.max_game_actions(players) <= D.MAX_GAME_ACTIONS
    text = json.dumps(game.to_save(), separators=(",", ":"))
    assert len(text) < history.MAX_SAVE_CHARS
    loaded = mp.load_game(text)
    assert loaded.to_save() == game.to_save() and loaded.result() == game.result()


def test_the_longest_game_s_save_fits_the_envelope():
    """Even a game of MAX_GAME_ACTIONS actions of the longest text is under the save's size
    limit, and saves accept that many actions: whatever the rules allow saves and loads again."""
    from machu_picchu.save import MAX_ACTIONS
    longest_text = max(len(a.text) for a in A.ALL_ACTIONS)
    assert MAX_ACTIONS >= D.MAX_GAME_ACTIONS
    assert D.MAX_GAME_ACTIONS * (longest_text + 3) + 2_000 < history.MAX_SAVE_CHARS


def test_a_1_0_save_within_the_limits_still_loads():
    """Rules 1.1 only add the limits: a 1.0 save that stays within them replays the same game."""
    assert "1.0" in D.READABLE_RULES_VERSIONS
    game = longest_game(2, seed=4)
    save = dict(game.to_save(), rules_version="1.0")
    assert mp.load_game(save).to_save() == game.to_save()
