"""Component data (data.py) against the reference: counts, costs, the map, the deck."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from machu_picchu import data as D

from .support import DIST, GOOD, PROF


def test_goods_and_districts():
    """5 goods; 15 districts: 5 production (district i makes good i), 4 temples, 6 others."""
    assert D.GOODS == ("corn", "llama", "coca", "pottery", "cloth")
    assert len(D.DISTRICTS) == 15 == len(set(D.DISTRICTS)) == len(D.DISTRICT_NAMES)
    assert [D.DISTRICTS[d] for d in D.PRODUCTION] == list(D.GOODS)
    assert [D.DISTRICTS[d] for d in D.TEMPLES] == ["condor", "puma", "sun", "main"]
    assert set(D.BONUS_DISTRICTS) == set(D.PRODUCTION) | set(D.TEMPLES)
    assert D.MAX_BONUS == 2
    assert D.CORN_PER_UNIT == 3


def test_adjacency_is_symmetric_with_26_edges():
    """The reconstructed map: symmetric, no loops, 26 edges, every district reachable."""
    edges = set()
    for d, neighbours in enumerate(D.ADJACENT):
        assert d not in neighbours
        for e in neighbours:
            assert d in D.ADJACENT[e], (D.DISTRICTS[d], D.DISTRICTS[e])
            edges.add(frozenset((d, e)))
    assert len(edges) == 26
    seen, todo = {0}, [0]
    while todo:
        for e in D.ADJACENT[todo.pop()]:
            if e not in seen:
                seen.add(e)
                todo.append(e)
    assert seen == set(range(15))


def test_adjacency_meets_the_known_constraints():
    """Neither house borders a temple or a production district; the Plaza is the hub."""
    for house in ("priests", "virgins"):
        for d in D.ADJACENT[DIST[house]]:
            assert d not in D.TEMPLES and d not in D.PRODUCTION
    plaza = D.ADJACENT[DIST["plaza"]]
    assert len(plaza) == max(len(a) for a in D.ADJACENT) == 8


def test_adjacency_table_matches_the_reference():
    """Spot checks of the reference's neighbour table."""
    names = D.ADJACENCY_NAMES
    assert set(names["corn"]) == {"hut", "llama", "sun"}
    assert set(names["coca"]) == {"puma", "cloth"}
    assert set(names["sunclock"]) == {"priests", "plaza", "main", "puma"}
    assert set(names["plaza"]) == {"llama", "palace", "virgins", "priests", "sunclock",
                                   "pottery", "cloth", "condor"}


def test_player_counts_incas_and_start_day():
    """Incas 12/10/9/8 and the time marker on day 1/2/3/3 for 2/3/4/5 players."""
    assert D.INCAS_PER_PLAYER == {2: 12, 3: 10, 4: 9, 5: 8}
    assert D.START_DAY == {2: 1, 3: 2, 4: 3, 5: 3}
    assert D.LEARNING_DAY_SHIFT == 2 and D.LAST_DAY == 9
    assert D.START_GOODS == (3, 1, 1, 1, 1)


def test_setup_costs():
    """Farmer llama+pottery, Shepherd 3 corn+coca (Hut); Planter pottery+cloth, Potter
    coca+cloth, Weaver coca+pottery (Palace)."""
    def cost(prof):
        return {D.GOODS[g]: k for g, k in D.SETUP_COST[PROF[prof]]}
    assert cost("farmer") == {"llama": 1, "pottery": 1}
    assert cost("shepherd") == {"corn": 3, "coca": 1}
    assert cost("planter") == {"pottery": 1, "cloth": 1}
    assert cost("potter") == {"coca": 1, "cloth": 1}
    assert cost("weaver") == {"coca": 1, "pottery": 1}
    assert [D.DISTRICTS[d] for d in D.SETUP_DISTRICT] == ["hut", "hut", "palace", "palace", "palace"]


def test_priest_and_virgin_cards():
    """6 Virgins, 5 Puma, 4 Condor priests; the confirmed Puma cost 2 cloth + pottery + coca;
    the step values fit the examples (3 Virgins taken -> 7, Puma 6 -> 5)."""
    assert D.ROW_SIZES == (4, 5, 6) and D.TOTAL_PRIEST_CARDS == 15
    puma = D.ROW_CARD_COSTS[D.R_PUMA][0]
    assert puma == (0, 0, 1, 1, 2)
    for row in range(3):
        for cost in D.ROW_CARD_COSTS[row]:
            assert sum(cost) == 4 and cost[GOOD["corn"]] == 0 and cost[GOOD["llama"]] == 0
    assert D.ROW_BASE_STEPS[D.R_VIRGIN] - 3 == 7
    assert D.ROW_BASE_STEPS[D.R_PUMA] - 3 == 6 and D.ROW_BASE_STEPS[D.R_PUMA] - 4 == 5
    assert [D.DISTRICTS[d] for d in D.ROW_TEMPLE] == ["condor", "puma", "sun"]
    assert [D.DISTRICTS[d] for d in D.ROW_HOUSE] == ["priests", "priests", "virgins"]


def test_market_data():
    """4 columns (llama, coca, pottery, cloth) of fields 6, 5, 4, 3; 2 units each at set-up;
    the bank sells at 6 and buys at 3."""
    assert [D.GOODS[g] for g in D.MARKET_GOODS] == ["llama", "coca", "pottery", "cloth"]
    assert D.MARKET_PRICES == (6, 5, 4, 3)
    assert D.MARKET_START_UNITS == 2
    assert (D.BANK_BUY_PRICE, D.BANK_SELL_PRICE) == (6, 3)


def test_moon_tiles():
    """7 tiles: 3 corn, one of each other good, 2 and 3 trail steps; the 3rd tile ends the day;
    the time track has corn after days 1-8."""
    assert D.MOON_IDS == ("corn", "llama", "coca", "pottery", "cloth", "trail2", "trail3")
    payouts = {t[0]: (t[1], t[2], t[3]) for t in D.MOON_TILES}
    assert payouts["corn"] == (3, None, 0)
    for g in ("llama", "coca", "pottery", "cloth"):
        assert payouts[g] == (0, GOOD[g], 0)
    assert payouts["trail2"] == (0, None, 2) and payouts["trail3"] == (0, None, 3)
    assert D.MOON_TILES_TO_END_DAY == 3 and D.MOON_CLAIM_COST_CORN == 1
    assert list(D.TIME_TRACK_CORN_DAYS) == list(range(1, 9))


def test_the_deck_is_every_pair_of_8_icons():
    """28 cards = the pairs of 2 different icons out of 8; each icon on 7 cards."""
    assert D.DECK_SIZE == 28 == len(set(D.CARDS))
    assert set(D.CARDS) == set(combinations(range(8), 2))
    icons = Counter(i for card in D.CARDS for i in card)
    assert set(icons.values()) == {7}
    assert len(set(D.CARD_NAMES)) == 28
    assert all(D.CARD_INDEX[n] == i for i, n in enumerate(D.CARD_NAMES))


def test_card_gold():
    """Gold 3 on two goods icons, 5 on a goods and a priest/virgin icon, 4 on two priest icons."""
    gold = dict(zip(D.CARD_NAMES, D.CARD_GOLD))
    assert gold["corn-llama"] == 3 and gold["coca-cloth"] == 3
    assert gold["corn-puma"] == 5 and gold["cloth-sun"] == 5
    assert gold["condor-puma"] == 4 and gold["puma-sun"] == 4
    assert Counter(D.CARD_GOLD) == {3: 10, 5: 15, 4: 3}


def test_trail_constants_and_bonus():
    """Granary 7 (3 corn), Stable 13 (1 llama), summit 20; final bonus 1 on 7-12, 2 on 13-19."""
    assert (D.GRANARY, D.GRANARY_CORN, D.STABLE, D.TRAIL_SUMMIT) == (7, 3, 13, 20)
    assert (D.SUMMIT_DRAW, D.SUMMIT_RETURN, D.SUMMIT_VP_WHEN_DECK_EMPTY) == (3, 2, 3)
    assert [D.trail_bonus(p) for p in range(20)] == [0] * 7 + [1] * 6 + [2] * 7
    assert D.CONQUEST_MULTIPLIERS == (3, 2)
    assert (D.STEPS_PER_STONE, D.MAIN_TEMPLE_STEPS, D.SUNCLOCK_GOODS, D.SUNCLOCK_STEPS) == (3, 2, 3, 3)
