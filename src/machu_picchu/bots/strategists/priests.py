"""Priests and Virgins: production early, then the Priests and Virgins that match the icons on
one's own sacrifice cards, and llama sacrifices to climb the Incatrail for more cards.

The rules (from the rulebook and the usual advice):
- the first days build production (coca, pottery, cloth: what every Priest and Virgin costs);
- then save for the Priest or Virgin whose icon is on my cards (a row without my icon still
  pays in steps while the row gives many steps per llama);
- keep llamas for my priests (buy them at the market), sacrifice every one I can;
- after a summit, keep the cards whose icons count my Priests, Virgins and Incas.
"""

from __future__ import annotations

from .base import ROW_ICON, Seen, Strategist, card_icons


class PriestsAndVirgins(Strategist):
    style = "priests"
    first_inca = "farmer"     # corn first: it pays for the rest of the production

    def inca_score(self, s: Seen, prof: str) -> float:
        v = super().inca_score(s, prof)
        if prof in ("planter", "potter", "weaver") and s.days_left > 3:
            v += 0.8          # production early: the goods every Priest and Virgin costs
        return v

    def priest_score(self, s: Seen, row: str) -> float:
        return super().priest_score(s, row) + 1.0 * s.icons[ROW_ICON[row]] + 0.6

    def card_score(self, s: Seen, card: str) -> float:
        a, b = card_icons(card)
        v = super().card_score(s, card)
        for icon in (a, b):
            if icon in ROW_ICON.values():
                v += 0.5 + 0.5 * self.potential(s, icon)
        return v

    def focus(self, s: Seen) -> dict[str, float]:
        out = {}
        for row in self.affordable_rows(s):      # a Priest or Virgin I can pay for: go
            house = "virgins" if row == "virgin" else "priests"
            out[house] = max(out.get(house, 0.0), 3.0 + s.icons[ROW_ICON[row]])
        for temple, k in self.temple_sacrifices(s).items():   # my priests and llamas: climb
            out[temple] = 1.5 * k
        return out

    def market_wants(self, s: Seen) -> dict[str, int]:
        priests = sum(s.priests.values())
        if priests and s.days_left > 0.3:
            return {"llama": max(0, min(priests, 3) - s.goods["llama"])}
        return {}
