"""Invariants over many seeded random games for 3-8 players, checked after every action."""

from __future__ import annotations

import json
import random

import pytest

import incan_gold as ig
from incan_gold import data as D

GAMES = [(players, seed, diamant) for players in range(3, 9) for seed in range(12)
         for diamant in sorted({False, seed % 4 == 3})]


def check(game: ig.Game) -> None:
    n = game.n
    # Gems: every gem paid out by a treasure card is in a tent, beside a tent, on the path, lost
    # with a bust, or went back to the bank from a path at a round's end.
    # (After the last round the path stays in view, but its gems are back in the bank.)
    on_path = 0 if game.is_over else sum(game.left)
    assert game.paid == (sum(game.tent) + sum(game.round_gems) + on_path
                         + game.lost + game.returned)
    assert min(game.tent + game.round_gems + game.left) >= 0
    # Cards: the 35 are all accounted for, each once: in the deck, on this round's path
    # (after the last round, its cards are back in the deck; an artifact card carried out
    # stays on the path, empty), out of the game (second hazards,
    # artifacts carried out or lost), or artifacts not shuffled in yet (or set aside: Diamant).
    artifacts_in = 0 if game.options.diamant else game.round
    taken = sum(len(a) for a in game.artifacts)
    path = [] if game.is_over else [  # an artifact card carried out stays on the path, empty
        c for i, c in enumerate(game.path)
        if D.CARD_KIND[c] != D.ARTIFACT or i in game.artifacts_here]
    cards = game.deck + path
    assert len(cards) == len(set(cards))
    assert (len(cards) + len(game.removed) + taken + game.artifacts_lost
            + D.ARTIFACTS - artifacts_in) == D.CARDS == 35
    # At most two of a hazard kind on a path, the second only as the round's last card.
    kinds = [D.CARD_HAZARD[c] for c in game.path if D.CARD_KIND[c] == D.HAZARD]
    assert all(kinds.count(k) <= 2 for k in kinds)
    # Artifact values follow their order out of the temple.
    values = sorted(v for a in game.artifacts for v in a)
    assert values == sorted(D.ARTIFACT_VALUES[:game.artifacts_out])
    assert game.artifacts_out == taken
    # Who is inside, who chooses.
    assert game.inside == sum(game.in_temple)
    if not game.is_over:
        assert 1 <= game.round <= D.ROUNDS
        assert game.to_move in game.order and all(game.in_temple[s] for s in game.order)
        assert set(game.order) == {s for s in range(n) if game.in_temple[s]}
        assert game.legal_actions() == [ig.TORCH, ig.CAMP]
    assert len(game.history) <= D.MAX_ACTIONS


@pytest.mark.parametrize("players, seed, diamant", GAMES)
def test_invariants_hold_after_every_action(players, seed, diamant):
    game = ig.new_game(players, seed, diamant=diamant)
    rng = random.Random(seed * 100 + players)
    camp_odds = rng.choice([0.1, 0.3, 0.5])
    while True:
        check(game)
        if game.is_over:
            break
        game.apply("camp" if rng.random() < camp_odds else "torch")
    assert [r.round for r in game.rounds_done] == [1, 2, 3, 4, 5]
    result = game.result()
    assert [row["final"] for row in result["seats"]] == [
        game.tent[s] + sum(game.artifacts[s]) for s in range(players)]
    json.dumps(game.view(None))


def test_the_games_are_varied():
    """The random games above bust, empty the temple, carry out artifacts and lose some."""
    ends, carried, lost = set(), 0, 0
    for players, seed, diamant in GAMES[:40]:
        game = ig.new_game(players, seed, diamant=diamant)
        rng = random.Random(seed)
        while not game.is_over:
            game.apply("camp" if rng.random() < 0.2 else "torch")
        ends |= {r.end for r in game.rounds_done}
        carried += game.artifacts_out
        lost += game.artifacts_lost
    assert ends == {ig.RoundEnd.BUST, ig.RoundEnd.ALL_LEFT} and carried and lost
