"""Prices at the Central Plaza: a column of 4 fields priced 6, 5, 4, 3 from the top."""

from __future__ import annotations

from .data import BANK_BUY_PRICE, BANK_SELL_PRICE, MARKET_PRICES

COLUMN_SIZE = len(MARKET_PRICES)


def sell_price(units: int) -> int:
    """Corn paid for one unit sold to a column holding `units`: the highest uncovered field."""
    return MARKET_PRICES[units] if units < COLUMN_SIZE else BANK_SELL_PRICE


def buy_price(units: int) -> int:
    """Corn paid for one unit bought from a column holding `units`: its lowest unit's field."""
    return MARKET_PRICES[units - 1] if units > 0 else BANK_BUY_PRICE


def sell_total(units: int, count: int) -> int:
    """Corn for selling `count` units one after another into a column holding `units`."""
    return sum(sell_price(min(units + i, COLUMN_SIZE)) for i in range(count))


def buy_total(units: int, count: int) -> int:
    """Corn for buying `count` units one after another from a column holding `units`."""
    return sum(buy_price(max(units - i, 0)) for i in range(count))
