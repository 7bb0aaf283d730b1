"""The bots that decide by a rule of thumb on the step's numbers (policy.py): easy, medium and the
fixed rules players publish. Each reads a re-dealt copy (`game.determinize`), never the game."""

from __future__ import annotations

from tabletop.bots import Bot, Decision

from ..actions import CAMP, TORCH
from . import policy
from .reasons import explain
from .table import read


class EasyBot(Bot):
    """A mark of gems in hand, drawn anew at each decision; leaves early among many hazards."""

    level = "easy"

    def _think(self, game, seat, rng, thinker):
        t = read(game.determinize(seat, rng))
        leave, why = policy.easy(t, seat, rng.random(), rng.random())
        return Decision(CAMP if leave else TORCH, explain("easy", leave, why))
        yield


class MediumBot(Bot):
    """Bust odds from the cards left against what there is to gain (policy.medium)."""

    level = "medium"

    def _think(self, game, seat, rng, thinker):
        t = read(game.determinize(seat, rng))
        leave, why = policy.medium(t, seat, rng.random())
        return Decision(CAMP if leave else TORCH, explain("medium", leave, why))
        yield


class RuleBot(Bot):
    """A fixed rule that players publish: always the same choice in the same spot."""

    level = "rule"
    rule = staticmethod(policy.after_cards)

    def _think(self, game, seat, rng, thinker):
        t = read(game.determinize(seat, rng))
        leave, why = self.rule(t, seat)
        return Decision(CAMP if leave else TORCH, explain("rule", leave, why))
        yield


class AfterFiveCards(RuleBot):
    level = "cards5"
    rule = staticmethod(policy.after_cards)


class AfterTwoHazards(RuleBot):
    level = "hazards2"
    rule = staticmethod(policy.after_hazard_kinds)


class WithTenGems(RuleBot):
    level = "gems10"
    rule = staticmethod(policy.with_gems)
