"""The random bot: a uniformly random legal action (for tests and as a floor)."""

from __future__ import annotations

from .base import Bot, Decision


class RandomBot(Bot):
    level = "random"

    def _think(self, game, seat, rng, thinker):
        legal = game.legal_actions()
        action = legal[rng.randrange(len(legal))]
        return Decision(action, f"picks {action} at random among {len(legal)} legal actions")
        yield  # a generator that finishes at the first step
