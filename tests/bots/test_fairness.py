"""Fair by construction: a bot's decision depends only on what its seat may see.

The hidden cards are varied by building a separate game (a twin), not through `determinize`: the
same options and actions, but every card the seat never saw swapped for another by a random
permutation, and another seed. So a bot that read the game's seed, another seat's hand, the deck
order or another seat's private log lines would decide differently in the twin; the bots do not.
"""

from __future__ import annotations

import random

import pytest

import machu_picchu as mp
from machu_picchu import data as D
from machu_picchu.actions import parse_action
from machu_picchu.bots import BOT_LEVELS, make_bot
from machu_picchu.game import Game

from .test_bots import play


def seen_cards(game: Game, seat: int) -> set[int]:
    """Every card `seat` has seen: those in its hand and those it put back."""
    seen = set(game.hands[seat])
    for text, who in zip(game.history, game.deciders):
        action = parse_action(text)
        if who == seat and action.kind == "return":
            seen.update(action.arg)
    return seen


def twin(game: Game, seat: int, rng: random.Random) -> Game:
    """A separate game, equal in all `seat` sees, whose hidden cards (every card `seat` never saw)
    are permuted at random from the very start, and whose seed differs."""
    unseen = sorted(set(range(D.DECK_SIZE)) - seen_cards(game, seat))
    shuffled = unseen[:]
    while shuffled == unseen:
        rng.shuffle(shuffled)
    perm = list(range(D.DECK_SIZE))
    for a, b in zip(unseen, shuffled):
        perm[a] = b
    g = Game.new(game.options, game.seed)
    g.hands = [[perm[c] for c in hand] for hand in g.hands]
    g.deck = [perm[c] for c in g.deck]
    known = [0] * D.DECK_SIZE
    for c in range(D.DECK_SIZE):
        known[perm[c]] = g.known[c]
    g.known = known
    g.seed = game.seed + 1
    for text in game.history:
        action = parse_action(text)
        if action.kind == "return":      # another seat's cards put back: their twins
            action = mp.actions.RETURN[tuple(sorted(perm[c] for c in action.arg))]
        g.apply(action)
    return g


def hidden(game: Game, seat: int) -> tuple:
    return ([h for q, h in enumerate(game.hands) if q != seat], game.deck,
            [line for line in game._log if line[0] not in (None, seat)], game.seed)


def position(kind: str, seed: int) -> Game:
    """A position where the seat to move faces a decision of `kind` with choices, after another
    seat has drawn cards at the summit (so that its log holds lines the seat to move must not
    see)."""
    def until(g):
        return (g.prompt[0] == kind and len(g.legal_actions()) > 1
                and any(line[0] not in (None, g.to_move) for line in g._log))
    game, _ = play(["easy"] * 4, seed, until=until)
    assert not game.is_over
    return game


def twins(kind: str, seed: int = 11) -> tuple[Game, Game, int]:
    game = position(kind, seed)
    seat = game.to_move
    other = twin(game, seat, random.Random(seed))
    assert other.view(seat) == game.view(seat)       # log included: nothing seen has changed
    assert other.legal_actions() == game.legal_actions()
    a, b = hidden(game, seat), hidden(other, seat)
    assert all(x != y for x, y in zip(a, b)), "the twin should differ in everything hidden"
    return game, other, seat


@pytest.mark.parametrize("level", BOT_LEVELS)
@pytest.mark.parametrize("kind", ["turn", "return"])
def test_same_decision_whatever_is_hidden(level, kind):
    game, other, seat = twins(kind)
    kw = {"iterations": 25} if level == "hard" else {}
    da = make_bot(level, seed=9, **kw).choose(game, seat)
    db = make_bot(level, seed=9, **kw).choose(other, seat)
    assert da == db


def test_redeal_carries_no_seed_or_foreign_log_lines():
    """A re-deal keeps the public log and the seat's own lines only, and a seed drawn from the
    bot's rng (not the game's, which reproduces the real shuffle); the same for twins."""
    game, other, seat = twins("return")
    for g in (game, other):
        d = g.determinize(seat, random.Random(5))
        assert all(who is None or who == seat for who, _id, _params in d._log)
        assert d.log_for(seat) == g.log_for(seat)
        assert d.seed == random.Random(5).randrange(2**31) and d.seed != g.seed
        assert d.history is None and d.deciders is None
    a = game.determinize(seat, random.Random(5))
    b = other.determinize(seat, random.Random(5))
    assert (a.hands, a.deck, a.known, a.drawn, a._log, a.seed) == \
        (b.hands, b.deck, b.known, b.drawn, b._log, b.seed)
    # Its own hand and what it has seen stay as they are; every card is somewhere.
    assert a.hands[seat] == game.hands[seat]
    assert sorted(a.deck + [c for h in a.hands for c in h]) == list(range(D.DECK_SIZE))
