"""The legal actions the engine lists from tables (offers, claims, cards put back) and the scout
moves it reads from a table are those the rules' plain definitions give, in the same order (the
bots take the first of equals, so the order is part of their play), at every such decision of
seeded random games."""

from __future__ import annotations

from itertools import product

import pytest

from machu_picchu import actions as A
from machu_picchu import data as D
from machu_picchu.tables import ADVANCES, MAX_STEPS
from machu_picchu.trail import advance_scout

from .support import POLICIES, random_game


def plain_legal(game) -> list | None:
    """The legal actions of an offer, claim or return decision by their definitions (None for
    other decisions)."""
    task = game.stack[-1]
    kind, seat = task[0], task[1]
    goods = game.goods[seat]
    if kind == "offer":
        have = sum(1 << g for g in range(5) if goods[g] >= (D.CORN_PER_UNIT if g == 0 else 1))
        return [A.OFFER[m] for m in range(32) if m & ~have == 0]
    if kind == "claim":
        return [a for m, a in A.CLAIM.items()
                if m & ~task[2] == 0 and bin(m).count("1") * D.MOON_CLAIM_COST_CORN <= goods[0]]
    if kind == "return":
        hand = game.hands[seat]
        if task[2] == 1:
            return [A.RETURN[(c,)] for c in hand]
        return [A.RETURN[(a, b)] for i, a in enumerate(hand) for b in hand[i + 1:]]
    return None


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (4, 3), (5, 4), (4, 5), (3, 6)])
def test_table_legal_actions_are_the_rules_subsets_in_order(players, seed):
    seen = {"offer": 0, "claim": 0, "return": 0}

    def check(game, _action):
        expected = plain_legal(game)
        if expected is not None:
            assert game.legal_actions() == expected
            seen[str(game.stack[-1][0])] += 1

    for name in ("builder", "pilgrim"):
        random_game(players, seed, POLICIES[name], on_step=check)
    assert seen["offer"] and seen["return"]


def test_scout_moves_are_advance_scout():
    for position, steps in product(range(D.TRAIL_SUMMIT), range(MAX_STEPS)):
        assert ADVANCES[position][steps] == tuple(advance_scout(position, steps))
