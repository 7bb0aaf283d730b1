"""Llamas and the Incatrail: shepherds and farmers make llamas and the corn they cost; Priests
(whichever row gives the most steps per llama) turn them into steps, cards and Stable llamas;
llamas pay for travel across the city.

The rules:
- first a shepherd, then more shepherds and a farmer or two (shepherds cost 3 corn and a coca);
- a Priest or Virgin of the row with the most steps per llama, as soon as I can pay;
- sacrifice every llama the priests can; buy llamas when they are cheap;
- travel with a llama when it reaches a better district;
- keep the cards with llama and priest icons.
"""

from __future__ import annotations

from .base import ROW_ICON, Seen, Strategist, card_icons


class LlamasAndTrail(Strategist):
    style = "llamas"
    first_inca = "shepherd"
    travel_cost = 0.4

    def inca_score(self, s: Seen, prof: str) -> float:
        v = super().inca_score(s, prof)
        if prof == "shepherd":
            v += 1.2
        elif prof == "farmer":
            v += 0.4
        return v

    def priest_score(self, s: Seen, row: str) -> float:
        steps = s.view["rows"][row]["steps"]
        return super().priest_score(s, row) + 0.15 * steps + 0.5 * s.icons[ROW_ICON[row]]

    def good_value(self, s: Seen, good: str) -> float:
        v = super().good_value(s, good)
        return v * 1.2 if good == "llama" else v

    def focus(self, s: Seen) -> dict[str, float]:
        out = {t: 2.0 * k for t, k in self.temple_sacrifices(s).items()}
        if self.affordable_rows(s):
            rows = self.affordable_rows(s)
            if "virgin" in rows:
                out["virgins"] = 2.5
            if "condor" in rows or "puma" in rows:
                out["priests"] = 2.5
        if s.incas["shepherd"]:
            out["llama"] = 0.5 * s.incas["shepherd"]
        return out

    def market_wants(self, s: Seen) -> dict[str, int]:
        priests = sum(s.priests.values())
        want = {"coca": 1} if s.me["supply"] and s.days_left > 2 else {}
        if priests and s.days_left > 0.3:
            want["llama"] = max(0, priests + 1 - s.goods["llama"])
        return want

    def keep(self, s: Seen, good: str) -> int:
        if good == "llama":     # one for each priest, one to travel
            return sum(s.priests.values()) + 1
        return super().keep(s, good)

    def card_score(self, s: Seen, card: str) -> float:
        a, b = card_icons(card)
        v = super().card_score(s, card)
        return v + sum(0.6 for i in (a, b) if i in ("llama", "condor", "puma", "sun"))
