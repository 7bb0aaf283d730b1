"""The random bot: torch or camp at even odds."""

from __future__ import annotations

from tabletop.bots import Bot, Decision

from .reasons import reason


class RandomBot(Bot):
    """Torch or camp at even odds."""

    level = "random"

    def _think(self, game, seat, rng, thinker):
        legal = game.legal_actions()
        action = legal[rng.randrange(len(legal))]
        return Decision(action, reason("ig.reason_random", choice=action.text))
        yield  # a generator that finishes at its first step
