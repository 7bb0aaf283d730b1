"""A production economy that sells at the market: many Incas in every production district,
production whenever it is worth its corn, surplus sold at the Central Plaza while prices are
high, the corn spent on what the next Inca or Priest lacks.

The rules:
- set up an Inca whenever one is affordable, favouring the professions on my cards;
- enter production districts where I have Incas (and the bonus);
- sell any good beyond one while its column pays 4 corn or more; buy what the goal lacks;
- Priests for their icons once the economy runs;
- keep the cards whose goods icons count my Incas.
"""

from __future__ import annotations

from .base import PROFESSION_GOOD, Seen, Strategist


class ProductionEconomy(Strategist):
    style = "economy"
    first_inca = "farmer"

    def inca_score(self, s: Seen, prof: str) -> float:
        v = super().inca_score(s, prof)
        return v + (0.9 if s.days_left > 2 else 0.2)

    def focus(self, s: Seen) -> dict[str, float]:
        out = {}
        for prof, n in s.incas.items():
            if n:
                out[PROFESSION_GOOD[prof]] = 0.6 * n    # my Incas at work
        out["hut"] = out["palace"] = 1.0 if s.days_left > 2 else 0.0
        return out

    def sell_bonus(self, s: Seen, good: str) -> float:
        return 0.35 if s.view["market"][good]["sell"] >= 4 else 0.0

    def keep(self, s: Seen, good: str) -> int:
        return self.goal_cost(s).get(good, 0) + (1 if s.days_left < 1 else 0)

    def good_value(self, s: Seen, good: str) -> float:
        v = super().good_value(s, good)
        return v * 1.15 if good == "corn" else v
