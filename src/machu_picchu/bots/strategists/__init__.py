"""Rule-based strategists: one page of rules per way of playing Machu Picchu, no search.

They are opponents for measurement and for variety at the table, not the bots' brains: each
decides from `game.view(seat)` alone (see `base.Strategist.decide`), so none can read what its
seat does not see.

    priests   production early, then Priests and Virgins matching my cards, llama sacrifices
    gold      climbs the Incatrail (stones, offerings, moon tiles), keeps the cards with most gold
    llamas    shepherds, llamas and sacrifices; travels with llamas
    economy   many Incas, production sold at the market
    builder   Incas early, production every day, goods turned into Priests and Virgins
"""

from __future__ import annotations

from .. import STYLES
from .base import Strategist
from .builder import Builder
from .economy import ProductionEconomy
from .gold import GoldAndConquest
from .llamas import LlamasAndTrail
from .priests import PriestsAndVirgins

# name -> class, in the order the tournament and the page list them
STRATEGISTS: dict[str, type[Strategist]] = {
    cls.style: cls for cls in (PriestsAndVirgins, GoldAndConquest, LlamasAndTrail,
                               ProductionEconomy, Builder)
}
assert tuple(STRATEGISTS) == tuple(STYLES), "bots.STYLES names the strategists, in order"

__all__ = ["STRATEGISTS", "Strategist"]
