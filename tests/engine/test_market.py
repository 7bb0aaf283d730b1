"""Market prices (market.py): a column of fields priced 6, 5, 4, 3 from the top."""

from __future__ import annotations

from machu_picchu.market import buy_price, buy_total, sell_price, sell_total


def test_rulebook_example_column_with_two_units():
    """Column with 2 units: sell 1 -> 4, sell 2 -> 4 + 3 = 7, buy 1 -> 5, buy 2 -> 5 + 6 = 11."""
    assert sell_total(2, 1) == 4
    assert sell_total(2, 2) == 7
    assert buy_total(2, 1) == 5
    assert buy_total(2, 2) == 11
    assert buy_total(2, 3) == 17  # "more from the bank for 6 each"


def test_rulebook_second_example_prices():
    """Cloth 2 units, 1 removed: sells for 5 then 4; coca (1 unit) sells for 5; llama (3 units)
    buys for 4; an empty column buys from the bank for 6."""
    assert sell_total(2 - 1, 2) == 5 + 4
    assert sell_price(1) == 5
    assert buy_price(3) == 4
    assert buy_price(0) == 6


def test_prices_per_column_height():
    """Sell on the highest uncovered field (a full column: bank at 3); buy the lowest unit."""
    assert [sell_price(u) for u in range(5)] == [6, 5, 4, 3, 3]
    assert [buy_price(u) for u in range(5)] == [6, 6, 5, 4, 3]
    assert sell_total(4, 3) == 9
    assert buy_total(0, 2) == 12


def test_buying_back_is_neutral():
    """Selling then buying back (or the reverse) is exactly neutral: why the ruling changes nothing."""
    for units in range(4):
        assert buy_price(units + 1) == sell_price(units)
