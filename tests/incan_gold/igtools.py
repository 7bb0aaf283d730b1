"""Helpers for the Incan Gold tests: rigged decks, random games, a fixed-policy generator."""

from __future__ import annotations

import random
from typing import Iterable

import incan_gold as ig
from incan_gold import data as D
from incan_gold.game import Game
from incan_gold.options import Options
from incan_gold.shuffle import below, seed_state

# Card numbers by what they are, for rigged decks.
T = {}            # treasure value -> first card with that value (values are unique but 5, 7, 11)
for _card, _gems in enumerate(D.TREASURE_GEMS):
    T.setdefault(_gems, []).append(_card)
H = {name: [D.FIRST_HAZARD + 3 * k + c for c in range(3)] for k, name in enumerate(D.HAZARDS)}
A = [D.artifact_card(r) for r in range(1, 6)]


def treasure(gems: int, copy: int = 0) -> int:
    return T[gems][copy]


def hazard(name: str, copy: int = 0) -> int:
    return H[name][copy]


class Rigged(Game):
    """A game whose draws follow `script` (a list of cards, shared by the copies); once the
    script runs out it draws at random as usual."""

    __slots__ = ("script",)

    def _draw(self) -> int:
        script = type(self).SCRIPT
        if script:
            card = script.pop(0)
            self.deck.remove(card)   # ValueError if the script draws a card not in the deck
            return card
        return Game._draw(self)


def rigged(players: int, cards: Iterable[int], *, start: int = 0, diamant: bool = False,
           open_tents: bool = False) -> Game:
    """A new game whose first draws are `cards` (the first of them turned with no choice),
    with `start` as the start player (a seed is picked for that)."""
    cls = type("RiggedGame", (Rigged,), {"SCRIPT": list(cards), "__slots__": ()})
    seed = next(s for s in range(10_000) if below(seed_state(s), players)[1] == start)
    game = cls.new(Options(players, diamant, open_tents), seed)
    # (a round may already be over: a hazard, then its twin, as the first two cards)
    assert game.start_player == (start + len(game.rounds_done)) % players
    return game


def script(game: Game, cards: Iterable[int]) -> None:
    """Let the next draws of a rigged game be `cards`."""
    type(game).SCRIPT[:] = list(cards)


def choose_all(game: Game, camps: Iterable[int] = ()) -> None:
    """Every seat of the current step chooses: camp for the seats in `camps`, torch otherwise."""
    camps = set(camps)
    step, rnd = game.step, game.round
    while not game.is_over and game.step == step and game.round == rnd:
        game.apply("camp" if game.to_move in camps else "torch")


def random_game(players: int, seed: int, **options) -> Game:
    """A game played at random (seeded) to its end."""
    game = ig.new_game(players, seed, **options)
    rng = random.Random(seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return game


def random_walk(players: int, seed: int, camp_odds: float = 0.3, **options):
    """Yield the game before every action of a seeded random game, then once over."""
    game = ig.new_game(players, seed, **options)
    rng = random.Random(seed * 31 + players)
    while not game.is_over:
        yield game
        game.apply("camp" if rng.random() < camp_odds else "torch")
    yield game
