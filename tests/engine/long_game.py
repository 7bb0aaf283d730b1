"""Long legal games for replay and save tests and the replay benchmark.

`long_game(seed=..)` plays legal actions chosen at random (seeded), steering for length the way a
player could: each turn goes to the market (the Central Plaza) when it can, else moves rather than
stays (until data.MAX_TURNS_PER_DAY closes the day); a market visit trades on (buying while corn
lasts, else selling) until it cannot; cards, sacrifices and offerings are declined so that the
deck and the rows last; production takes everything (more to trade). Every action is one of
`legal_actions()`: the result saves and loads like any game a person could play.

Under rules 1.1 (the limits of a day and of a market visit) such a game ends on day 9 after about
2,500 actions for 2 players: the longest games the rules let people play are of that size.
"""

from __future__ import annotations

import random
from typing import Optional

import machu_picchu as mp

CORN_TO_SPEND = 8      # a market visit buys while the trader has more corn than this


def _pick(game: mp.Game, legal: list) -> list:
    kind = game.prompt[0]
    if kind == "turn":
        return ([a for a in legal if a.text in ("move plaza", "travel plaza")]
                or [a for a in legal if a.kind != "stay"])
    if kind == "market":
        buys = [a for a in legal if a.kind == "buy"]
        sells = [a for a in legal if a.kind == "sell"]
        rich = game.goods[game.prompt[1]][0] > CORN_TO_SPEND
        return (buys if rich else sells) or sells or buys
    if kind in ("acquire", "sacrifice", "offer"):
        return legal[:1]                 # decline
    if kind == "produce":
        return legal[-1:]                # everything
    return []


def long_game(actions: Optional[int] = None, seed: int = 1, players: int = 2) -> mp.Game:
    """A game played for length: to its end, or stopped after `actions` actions."""
    rng = random.Random(seed)
    game = mp.new_game(players=players, seed=seed, names=[f"P{i + 1}" for i in range(players)])
    while not game.is_over and (actions is None or len(game.history) < actions):
        legal = game.legal_actions()
        pick = _pick(game, legal) or legal
        game.apply(pick[rng.randrange(len(pick))])
    return game
