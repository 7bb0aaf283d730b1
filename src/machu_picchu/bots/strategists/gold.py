"""Gold and conquest: climb the Incatrail with temple stones, offerings and moon tiles, keep the
cards with the most gold, and play for the Spanish conquest (most gold triples the points).

The rules:
- a step is worth more than to anyone else (each card brings its gold, and gold multiplies);
- enter temples for their stones, offer at the Main Temple whatever is not needed soon;
- stay for the Incatrail moon tiles (2 and 3 steps) before the others;
- a few Incas for the icons on my cards; a Priest only for its sacrifices; never take the last
  Priest/Virgin (that would end the game without a conquest);
- after a summit, keep the cards with the most gold, then those that score.
"""

from __future__ import annotations

from .base import MOON, Seen, Strategist


class GoldAndConquest(Strategist):
    style = "gold"
    first_inca = "farmer"
    gold_points = 2.8     # a step is worth more: every card brings its gold
    keep_gold = 2.0       # keep the cards with the most gold

    def moon_value(self, s: Seen, tile: str) -> float:
        v = super().moon_value(s, tile)
        return v * 1.4 if MOON[tile][3] else v

    def good_value(self, s: Seen, good: str) -> float:
        return super().good_value(s, good) * 0.8

    def focus(self, s: Seen) -> dict[str, float]:
        out = {}
        for temple in ("condor", "puma", "sun", "main"):   # temple stones: steps for everyone's gold
            out[temple] = 1.0 * s.view["districts"][temple]["bonus"]
        for temple, k in self.temple_sacrifices(s).items():
            out[temple] += 1.0 * k
        return out

    def may_take_last(self, s: Seen) -> bool:
        return False
