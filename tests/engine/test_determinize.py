"""determinize(seat, rng): a copy in which everything hidden from `seat` is re-dealt."""

from __future__ import annotations

import random

import pytest

import machu_picchu as mp
from machu_picchu import data as D

from .support import POLICIES, random_game


def check(game: mp.Game, seat: int, rng: random.Random) -> bool:
    """Determinize for `seat`; check what must not change; say whether something hidden did."""
    before = game.clone()
    d = game.determinize(seat, rng)
    assert d.view(seat) == game.view(seat)          # log included
    assert d.view(None) == game.view(None)
    assert d.legal_actions() == game.legal_actions() or game.to_move != seat
    assert len(d.legal_actions()) == len(game.legal_actions())
    assert d.hands[seat] == game.hands[seat]
    assert [len(h) for h in d.hands] == [len(h) for h in game.hands]
    assert len(d.deck) == len(game.deck)
    assert sorted(d.deck + [c for h in d.hands for c in h]) == list(range(D.DECK_SIZE))
    for i, card in enumerate(game.deck):                  # cards it put back stay put
        if game.known[card] >> seat & 1:
            assert d.deck[i] == card
    if game.prompt and game.prompt[0] == "return":        # the drawn cards are in the hand
        assert set(d.drawn) <= set(d.hands[game.to_move])
    assert d.history is None
    with pytest.raises(mp.SaveError):
        d.to_save()
    assert game.view(None) == before.view(None) and game.hands == before.hands
    assert game.deck == before.deck                       # the original is untouched
    return d.hands != game.hands or d.deck != game.deck


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_determinize_keeps_what_the_seat_sees(sample_games, players):
    """At every 13th step of a long game, for every seat: the seat's view and the public view
    are unchanged, every count too; some re-deals do change hidden cards."""
    key = ("pilgrim", players, 1, False)
    game = mp.new_game(players, 1)
    rng = random.Random(players)
    changed = checked = 0
    for i, text in enumerate(sample_games[key].history):
        if i % 13 == 0:
            for seat in range(players):
                changed += check(game, seat, rng)
                checked += 1
        game.apply(text)
    assert changed > checked // 2


def test_determinized_games_play_on(sample_games):
    """A re-dealt copy is a consistent game: it can be played to its end."""
    key = ("builder", 4, 2, False)
    game = mp.new_game(4, 2)
    rng = random.Random(9)
    returns = 0
    for i, text in enumerate(sample_games[key].history):
        returns += game.prompt[0] == "return"
        if i % 400 == 75 or game.prompt[0] == "return" and returns % 6 == 1:
            d = game.determinize(game.to_move, rng)
            for _ in range(20_000):
                if d.is_over:
                    break
                d.apply(POLICIES["builder"](d, rng))
            assert d.is_over
            assert sorted(d.deck + [c for h in d.hands for c in h]) == list(range(D.DECK_SIZE))
        game.apply(text)


def test_determinize_a_finished_game_changes_nothing():
    """At the end every hand is public: nothing is left to re-deal."""
    game = random_game(3, 8, POLICIES["uniform"])
    for seat in range(3):
        d = game.determinize(seat, random.Random(seat))
        assert d.view(seat) == game.view(seat)
        assert d.hands == game.hands and d.result() == game.result()


def test_determinize_is_seeded():
    """The same rng seed gives the same re-deal."""
    game = random_game(3, 8, POLICIES["uniform"])
    game = mp.load_game({**game.to_save(), "actions": game.history[:30]})
    a = game.determinize(1, random.Random(5))
    b = game.determinize(1, random.Random(5))
    assert (a.hands, a.deck) == (b.hands, b.deck)


def test_determinize_depends_only_on_what_the_seat_sees(sample_games):
    """Two games that differ only in cards hidden from a seat give that seat the same re-deal
    for the same rng seed."""
    key = ("builder", 4, 2, False)
    game = mp.new_game(4, 2)
    for text in sample_games[key].history[:150]:
        game.apply(text)
    seat = 0
    other = game.determinize(seat, random.Random(1))      # same view, other hidden cards
    assert other.hands != game.hands or other.deck != game.deck
    a = game.determinize(seat, random.Random(5))
    b = other.determinize(seat, random.Random(5))
    assert a.hands == b.hands and a.deck == b.deck
