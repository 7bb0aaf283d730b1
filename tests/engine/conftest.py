"""Fixtures for the engine tests; the helpers themselves live in support.py."""

from __future__ import annotations

import pytest

import machu_picchu as mp

from .support import POLICIES, begin, random_game


@pytest.fixture
def blue_yellow_red() -> mp.Game:
    """3 players named Blue, Yellow, Red (seats 0, 1, 2); Blue starts; everyone placed a
    farmer; it is Blue's first turn."""
    return begin(3, start=0)


@pytest.fixture(scope="session")
def sample_games() -> dict[tuple[str, int, int], list[str]]:
    """Action lists of seeded random games, keyed by (policy, players, seed): 2 to 5 players,
    each policy. Tests replay them to check things at every step."""
    out = {}
    for policy in POLICIES:
        for players in (2, 3, 4, 5):
            for seed in (1, 2):
                game = random_game(players, seed, POLICIES[policy])
                out[policy, players, seed] = list(game.history)
    return out
