"""What a district gives a player today: the districts a Prince could enter that would give
that player nothing (a bonus already taken, no temple stone left, nobody to set up, no card
to pay for, nothing to trade, no Inca for the Sun Clock), each with the reason as a short code.

Computed from the rules' own state, for the page (a district that gives nothing looks different
and says why; a move there asks first) and for anyone else who wants it. Only public facts are
read: goods, Incas, supply, bonuses and rows are open on the table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import data as D
from .market import buy_price

if TYPE_CHECKING:
    from .game import Game

# Why a district gives nothing today (the page's words for each live in its catalogue).
NO_BONUS = "no-bonus"            # a production district whose bonus was taken today
NO_STONE = "no-stone"            # a temple whose stones were taken today
NO_SUPPLY = "no-supply"          # Hut or Palace: no Inca left in supply
CANNOT_HIRE = "cannot-hire"      # Hut or Palace: no Inca set up there can be paid for
NO_CARD = "no-card"              # Priests or Virgins: the rows sold there are empty
CANNOT_ACQUIRE = "cannot-acquire"   # Priests or Virgins: no next card can be paid for
NO_TRADE = "no-trade"            # Central Plaza: nothing to sell and no corn to buy
NO_INCA = "no-inca"              # Sun Clock: no Inca in a production district
REASONS = (NO_BONUS, NO_STONE, NO_SUPPLY, CANNOT_HIRE, NO_CARD, CANNOT_ACQUIRE, NO_TRADE, NO_INCA)


def _why_idle(game: "Game", seat: int, d: int, goods: list[int]) -> str | None:
    """The reason district `d` gives `seat` nothing, arriving with `goods`; None if it gives."""
    if d < 5:
        return None if game.bonus[d] else NO_BONUS
    if d in D.TEMPLES:
        return None if game.bonus[d] else NO_STONE
    if d in (D.D_HUT, D.D_PALACE):
        if not game.supply[seat]:
            return NO_SUPPLY
        for prof in range(5):
            if D.SETUP_DISTRICT[prof] == d and all(
                    goods[g] >= count for g, count in D.SETUP_COST[prof]):
                return None
        return CANNOT_HIRE
    if d in (D.D_PRIESTS, D.D_VIRGINS):
        rows = [r for r in range(3) if D.ROW_HOUSE[r] == d]
        costs = [game.next_card_cost(r) for r in rows]
        if all(c is None for c in costs):
            return NO_CARD
        if any(c is not None and all(goods[g] >= c[g] for g in range(5)) for c in costs):
            return None
        return CANNOT_ACQUIRE
    if d == D.D_PLAZA:
        for g in D.MARKET_GOODS:
            if goods[g] > 0 or goods[D.CORN] >= buy_price(game.market[g]):
                return None
        return NO_TRADE
    if d == D.D_SUNCLOCK:
        return None if any(game.incas[seat]) else NO_INCA
    return None


def idle_districts(game: "Game", seat: int) -> dict[str, str]:
    """District id -> reason, for every district that would give `seat` nothing if its Prince
    went there now (travelling there costs a llama first: the goods are counted after it)."""
    here = game.prince[seat]
    out: dict[str, str] = {}
    for d in range(len(D.DISTRICTS)):
        goods = list(game.goods[seat])
        if here >= 0 and d != here and d not in D.ADJACENT[here]:
            goods[D.LLAMA] -= 1
        why = _why_idle(game, seat, d, goods)
        if why is not None:
            out[D.DISTRICTS[d]] = why
    return out
