"""Incan Gold's bots, on the shared framework (`tabletop.bots`).

    from incan_gold.bots import make_bot, BOT_LEVELS
    bot = make_bot("hard", seed=1, time_budget=1.0)
    decision = bot.choose(game, seat)      # Decision(action, reason); reason is [id, params]
    thinker = bot.start(game, seat)        # or in slices: thinker.step(0.04) until True

Levels: random; easy (a mark of gems in hand drawn anew each time); medium (bust odds against
what there is to gain, the path, the artifacts, the others inside, the standings); hard
(play-outs over re-dealt decks with the others modelled by medium). Styles for tournaments: the
fixed rules players publish (STYLES). Every bot reads the game only through `game.view(seat)`
and `game.determinize(seat, rng)`, so it never sees a choice before the reveal nor a hidden tent.
"""

from __future__ import annotations

from typing import Optional

from tabletop.bots import Bot, Decision, Thinker

BOT_LEVELS = ("random", "easy", "medium", "hard")
# Fixed rules players publish, playable as tournament seats: name -> what it does.
STYLES = {
    "cards5": "leave after 5 cards",
    "hazards2": "leave once two kinds of hazard are on the path",
    "gems10": "leave with 10 gems in hand",
}

__all__ = ["BOT_LEVELS", "Bot", "Decision", "STYLES", "Thinker", "make_bot"]


def make_bot(level: str, seed: Optional[int] = None, time_budget: Optional[float] = None,
             iterations: Optional[int] = None) -> Bot:
    """A bot of that level or style (ValueError for an unknown one). `seed` makes it repeatable;
    `time_budget` is the hard bot's thinking time per decision in seconds (default 1.0);
    `iterations` caps the hard bot's search (exactly repeatable). Other levels ignore both."""
    from . import hard, random_bot, simple
    from ..strategists import STRATEGISTS, ExpectedValueBot
    classes = {"random": random_bot.RandomBot, "easy": simple.EasyBot,
               "medium": simple.MediumBot, "hard": hard.HardBot,
               "cards5": simple.AfterFiveCards, "hazards2": simple.AfterTwoHazards,
               "gems10": simple.WithTenGems, "ev": ExpectedValueBot}
    cls = classes.get(level) if isinstance(level, str) else None
    if cls is None:
        raise ValueError("unknown bot level; choose one of "
                         + ", ".join(BOT_LEVELS + tuple(STYLES) + tuple(STRATEGISTS)))
    return cls(seed=seed, time_budget=time_budget, iterations=iterations)
