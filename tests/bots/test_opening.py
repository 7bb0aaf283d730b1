"""The start player's second turn: entering the Corn Terraces while everyone owns a farmer feeds
every rival 3 corn, and waiting brings one's own farmers' corn anyway (whoever enters, all the
farmers make corn): medium counts only what it alone gets (the bonus) and what the rivals gain."""

from __future__ import annotations

import random

from machu_picchu import data as D
from machu_picchu.bots import make_bot
from machu_picchu.bots.medium import credit_pending

from engine.support import begin, everyone_at, set_goods, set_incas


def opening(players: int = 4, farmers: int = 1):
    """The start player's second turn as the bots reach it: everyone set up a farmer and two
    shepherds at the Watchman's Hut (the start player `farmers` farmers), nobody has corn, no
    district has been entered today."""
    game = begin(players, start=0, place="shepherd")
    for seat in range(players):
        set_incas(game, seat, farmer=farmers if seat == 0 else 1, shepherd=2)
        set_goods(game, seat, cloth=1)
    everyone_at(game, "hut")
    assert all(game.bonus[d] for d in range(5)) and game.tiles_today == 0
    return game


def test_the_start_player_does_not_feed_its_rivals_the_corn_terraces():
    """Three farmers make their 9 corn whoever enters: the bonus alone (3 corn) does not pay for
    the 3 corn each rival gets (the bot counted its own farmers' corn as the move's gain)."""
    game = opening(farmers=3)
    choices = {make_bot("medium", seed=seed).choose(game, 0).action.text for seed in range(4)}
    assert "move corn" not in choices, choices


def test_pending_production_is_credited_to_every_seat():
    """Districts nobody entered today count as used: each farmer as having made its 3 corn,
    each shepherd as having made a llama for a corn while corn lasts; an entered district gives
    nothing more."""
    game = opening(3)
    game.goods[1][D.CORN] = 1
    c = game.clone()
    credit_pending(c)
    assert c.goods[0] == [1, 2, 0, 0, 1] and c.goods[1] == [2, 2, 0, 0, 1]
    game.bonus[D.D_LLAMA] = 0
    c = game.clone()
    credit_pending(c)
    assert c.goods[0] == [3, 0, 0, 0, 1] and c.goods[1] == [4, 0, 0, 0, 1]
    assert game.goods[0] == [0, 0, 0, 0, 1]     # the game itself is untouched
