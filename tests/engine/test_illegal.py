"""Illegal input is refused with mp.IllegalAction and leaves the game exactly as it was:
garbage text, actions of the wrong kind, legal-looking actions at the wrong time, unaffordable
purchases, and every action of actions.ALL_ACTIONS that is not legal at many positions."""

from __future__ import annotations

import json
import random
import string

import pytest

import machu_picchu as mp
from machu_picchu import actions as A
from machu_picchu import data as D
from machu_picchu.game import Game

from .support import all_views, begin, legal, put_prince, set_goods

APPEND_ONLY = ("_log", "history", "deciders", "starts")   # only ever appended to


def fingerprint(game: mp.Game) -> str:
    """Every slot of the game state as text (the append-only lists by length and last item)."""
    out = []
    for slot in Game.__slots__:
        value = getattr(game, slot)
        if slot in APPEND_ONLY and value is not None:
            value = (len(value), value[-1:])
        out.append(value)
    return repr(out)


def full_state(game: mp.Game) -> str:
    """Everything anyone can observe: every view and the save."""
    return json.dumps([all_views(game), game.to_save()], sort_keys=True)


def refuse(game: mp.Game, action, before: str) -> None:
    """`action` must raise IllegalAction (with a message) and change nothing."""
    try:
        game.apply(action)
    except mp.IllegalAction as exc:
        assert str(exc)
    else:
        raise AssertionError(f"{action!r} was accepted")
    assert fingerprint(game) == before, f"{action!r} changed the game"


def sweep(game: mp.Game) -> int:
    """Try every action that is not legal now; return how many were tried."""
    allowed = set(game.legal_actions())
    observed = full_state(game)
    before = fingerprint(game)
    tried = 0
    for action in A.ALL_ACTIONS:
        if action not in allowed:
            refuse(game, action, before)
            tried += 1
    assert full_state(game) == observed
    return tried


def sweep_positions(sample_games, keys, per_kind=1):
    """Replay the sample games; sweep at the first `per_kind` prompts of every kind."""
    kinds_seen = set()
    positions = 0
    for key in keys:
        policy, players, seed, learning = key
        game = mp.new_game(players, seed, learning=learning)
        count: dict[str, int] = {}
        for text in sample_games[key].history:
            kind = game.prompt[0]
            if count.get(kind, 0) < per_kind:
                count[kind] = count.get(kind, 0) + 1
                kinds_seen.add(kind)
                assert sweep(game) == len(A.ALL_ACTIONS) - len(game.legal_actions())
                positions += 1
            game.apply(text)
        assert game.is_over
        assert sweep(game) == len(A.ALL_ACTIONS)      # a finished game refuses everything
    return kinds_seen, positions


def test_every_unlisted_action_is_refused(sample_games):
    """At the first prompt of every kind in 2-5 player games, every action not in
    legal_actions() is refused and nothing changes (views, save, internal state)."""
    keys = [k for k in sample_games if k[0] == "builder" and k[2] == 1]
    keys += [("uniform", 3, 1, False)]
    kinds, positions = sweep_positions(sample_games, keys)
    assert kinds == {"setup", "turn", "produce", "sacrifice", "offer", "hire", "acquire",
                     "market", "sunclock", "take", "return", "claim"}
    assert positions >= 45


def test_garbage_text_is_refused(blue_yellow_red):
    """Random text and random word salad from the action vocabulary are refused."""
    game = blue_yellow_red
    rng = random.Random(1)
    words = sorted({w for a in A.ALL_ACTIONS for w in a.text.replace("+", " ").split()})
    before = fingerprint(game)
    allowed = {a.text for a in game.legal_actions()}
    for _ in range(400):
        if rng.random() < 0.5:
            text = "".join(rng.choice(string.printable) for _ in range(rng.randrange(0, 30)))
        else:
            text = " ".join(rng.choice(words) for _ in range(rng.randrange(1, 4)))
        try:
            if mp.parse_action(text).text in allowed:
                continue
        except mp.InvalidAction:
            pass
        refuse(game, text, before)
    for value in (None, 7, 3.5, b"move plaza", ["move plaza"], {"move": "plaza"}):
        refuse(game, value, before)


def test_wrong_kind_and_wrong_time(blue_yellow_red):
    """Actions that answer another kind of decision, or would be legal at another moment."""
    game = blue_yellow_red
    before = fingerprint(game)
    for text in ("done", "produce 0", "sacrifice 0", "offer nothing", "hire nobody",
                 "acquire nothing", "sunclock nobody", "take corn+llama+coca",
                 "claim nothing", "place farmer", "buy llama", "adjust -llama",
                 f"return {D.CARD_NAMES[game.hands[0][0]]}"):
        with pytest.raises(mp.IllegalAction, match="must now take a turn"):
            game.apply(text)
        assert fingerprint(game) == before
    game.apply("move plaza")
    before = fingerprint(game)
    for text in ("move hut", "stay corn", "acquire puma", "hire farmer"):
        refuse(game, text, before)


def test_unaffordable_purchases_are_refused():
    """A card, an Inca or a market good one cannot pay for is refused, naming the rule."""
    game = begin(2, start=0)
    set_goods(game, 0, corn=4, coca=1, pottery=2, cloth=1)
    put_prince(game, 0, "plaza")
    game.apply("move priests")
    assert legal(game) == ["acquire nothing", "acquire condor"]
    before = fingerprint(game)
    with pytest.raises(mp.IllegalAction, match="printed cost"):
        game.apply("acquire puma")
    assert fingerprint(game) == before

    game = begin(2, start=0)
    set_goods(game, 0, corn=4, coca=1)
    put_prince(game, 0, "cloth")
    game.apply("move plaza")
    before = fingerprint(game)
    for text, rule in (("buy llama", "costs 5 corn"), ("sell llama", "no llama")):
        with pytest.raises(mp.IllegalAction, match=rule):
            game.apply(text)
        assert fingerprint(game) == before

    game = begin(2, start=0)
    set_goods(game, 0, corn=2, llama=1, coca=1, pottery=1)
    put_prince(game, 0, "corn")
    game.apply("move hut")
    assert legal(game) == ["hire nobody", "hire farmer"]
    before = fingerprint(game)
    for text in ("hire shepherd", "hire farmer+shepherd"):
        with pytest.raises(mp.IllegalAction, match="costs its two goods"):
            game.apply(text)
        assert fingerprint(game) == before


def test_refused_actions_leave_the_views_and_save_unchanged(sample_games):
    """At positions along a 5-player game, after a batch of refused actions every view (each
    seat and the public one) and the save are exactly as before."""
    key = ("builder", 5, 2, False)
    game = mp.new_game(5, 2)
    rng = random.Random(3)
    for i, text in enumerate(sample_games[key].history):
        if i % 97 == 0:
            observed = full_state(game)
            allowed = set(game.legal_actions())
            for action in rng.sample(A.ALL_ACTIONS, 60):
                if action not in allowed:
                    with pytest.raises(mp.IllegalAction):
                        game.apply(action)
            assert full_state(game) == observed
        game.apply(text)
