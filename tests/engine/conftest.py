"""Fixtures for the engine tests; the helpers themselves live in support.py."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

import machu_picchu as mp

from .support import POLICIES, begin, random_game


@pytest.fixture
def blue_yellow_red() -> mp.Game:
    """3 players named Blue, Yellow, Red (seats 0, 1, 2); Blue starts; everyone placed a
    farmer; it is Blue's first turn."""
    return begin(3, start=0)


@pytest.fixture(scope="session")
def sample_games() -> dict[tuple[str, int, int, bool], SimpleNamespace]:
    """Seeded random games played once per session, keyed by (policy, players, seed, learning):
    2 to 5 players with each policy, and a few learning-variant games. Each holds the action
    list (`history`) and the end reason; tests replay them to check things at every step."""
    keys = [(policy, players, seed, False)
            for policy in POLICIES for players in (2, 3, 4, 5) for seed in (1, 2)]
    keys += [("builder", 3, 7, True), ("uniform", 5, 7, True)]
    out = {}
    for key in keys:
        policy, players, seed, learning = key
        game = random_game(players, seed, POLICIES[policy], learning=learning)
        out[key] = SimpleNamespace(history=list(game.history), reason=game.end_reason)
    return out
