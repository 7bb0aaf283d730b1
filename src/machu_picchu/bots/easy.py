"""The easy bot: a simple plan, no look-ahead beyond the next move.

It values each district by what entering it would bring now (bonus goods, production, temple
stones and sacrifices, an affordable Inca or Priest, a market trade toward the next Priest) and
picks the best; smaller decisions follow plain rules (produce all you can, sacrifice every llama
your priests allow, keep the cards that score most with what you own).
"""

from __future__ import annotations

from .base import Bot, Decision
from .policy import decide
from .values import Ctx
from .reasons import explain


class EasyBot(Bot):
    level = "easy"
    look = 0.0  # the easy plan does not look at the move after next

    def _think(self, game, seat, rng, thinker):
        g = game.determinize(seat, rng)
        ctx = Ctx(g, seat)
        action = decide(g, ctx=ctx, look=self.look)
        return Decision(action, explain(g, seat, action))
        yield
