"""Incan Gold's bots, on the shared framework (`tabletop.bots`). For now every level plays at
random; the levels easy, medium and hard are written in their own modules."""

from __future__ import annotations

from typing import Optional

from tabletop.bots import Bot, Decision

BOT_LEVELS = ("random", "easy", "medium", "hard")

__all__ = ["BOT_LEVELS", "Bot", "Decision", "RandomBot", "make_bot"]


class RandomBot(Bot):
    """Torch or camp at even odds."""

    level = "random"

    def _think(self, game, seat, rng, thinker):
        legal = game.legal_actions()
        action = legal[rng.randrange(len(legal))]
        return Decision(action, ["reason_random", {"choice": action.text}])
        yield  # a generator that finishes at its first step


def make_bot(level: str, seed: Optional[int] = None, time_budget: Optional[float] = None,
             iterations: Optional[int] = None) -> Bot:
    """A bot of that level (ValueError for an unknown level)."""
    if level not in BOT_LEVELS:
        raise ValueError(f"unknown bot level; choose one of {', '.join(BOT_LEVELS)}")
    return RandomBot(seed=seed, time_budget=time_budget, iterations=iterations)
