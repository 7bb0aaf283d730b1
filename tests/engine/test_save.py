"""Saves (save.py): seed + options + actions; load replays and validates; undo replays less."""

from __future__ import annotations

import copy
import json
import re

import pytest

import machu_picchu as mp
from machu_picchu import data as D
from machu_picchu import save as S

from .support import POLICIES, all_views, begin, play, random_game, set_goods


def views_json(game: mp.Game) -> str:
    return json.dumps(all_views(game), sort_keys=True)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_save_load_identical_views_at_every_step(sample_games, players):
    """At every step of a random game, loading its save gives the very same view for every
    seat and the public, the same legal actions and the same save."""
    key = ("uniform", players, 1, False)
    game = mp.new_game(players, 1)
    for text in sample_games[key].history + [None]:
        save = game.to_save()
        loaded = mp.load_game(json.loads(json.dumps(save)))
        assert views_json(loaded) == views_json(game)
        assert loaded.legal_actions() == game.legal_actions()
        assert loaded.to_save() == save
        if text is not None:
            game.apply(text)
    assert game.is_over


@pytest.mark.parametrize("key", [("builder", 3, 1, False), ("pilgrim", 5, 2, False),
                                 ("builder", 3, 7, True)])
def test_save_load_along_long_games(sample_games, key):
    """Along long games (rescue endings, the learning variant), every 60th step and the end."""
    policy, players, seed, learning = key
    game = mp.new_game(players, seed, learning=learning)
    history = sample_games[key].history
    for i, text in enumerate(history):
        if i % 60 == 0:
            assert views_json(mp.load_game(S.dumps(game))) == views_json(game)
        game.apply(text)
    loaded = mp.load_game(S.dumps(game))
    assert loaded.is_over and loaded.result() == game.result()
    assert views_json(loaded) == views_json(game)


def test_save_contents():
    """A save is a JSON-able dict: format, versions, seed, options, action texts."""
    game = mp.new_game(3, 42, names=["A", "B", "C"], learning=True)
    game.apply(game.legal_actions()[0])
    save = game.to_save()
    assert save == {
        "game": "machu-picchu", "format": "machu-picchu-save", "format_version": mp.FORMAT_VERSION,
        "rules_version": mp.RULES_VERSION, "seed": 42,
        "options": {"players": 3, "learning": True, "names": ["A", "B", "C"]},
        "actions": [game.history[0]],
    }
    assert json.loads(S.dumps(game)) == save
    assert mp.load_game(S.dumps(game).encode()).to_save() == save


def good_save():
    game = random_game(3, 5, POLICIES["uniform"])
    return game.to_save()


def tampered(change):
    save = copy.deepcopy(good_save())
    change(save)
    return save


def _set(path, value):
    def change(save):
        target = save
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return change


def _delete(key):
    def change(save):
        del save[key]
    return change


BAD_SAVES = {
    "not JSON": "{not json",
    "truncated JSON": '{"format": "machu-picchu-save", "actions": [',
    "invalid UTF-8": b"\xff\xfe\x00",
    "deeply nested JSON": "[" * 100_000 + "]" * 100_000,
    "a list": "[]",
    "a number": "12",
    "null": "null",
}
BAD_CHANGES = {
    "wrong format": _set(["format"], "chess-save"),
    "no format": _delete("format"),
    "newer format version": _set(["format_version"], 2),
    "format version as text": _set(["format_version"], "1"),
    "format version as bool": _set(["format_version"], True),
    "format version as float": _set(["format_version"], 1.0),
    "other rules version": _set(["rules_version"], "0.9"),
    "rules version as number": _set(["rules_version"], 1.0),
    "no rules version": _delete("rules_version"),
    "no seed": _delete("seed"),
    "negative seed": _set(["seed"], -1),
    "huge seed": _set(["seed"], 2**63),
    "huger seed": _set(["seed"], 10**400),
    "seed as text": _set(["seed"], "5"),
    "seed as float": _set(["seed"], 5.0),
    "seed as bool": _set(["seed"], True),
    "no options": _delete("options"),
    "options as list": _set(["options"], [3]),
    "1 player": _set(["options", "players"], 1),
    "6 players": _set(["options", "players"], 6),
    "players as text": _set(["options", "players"], "3"),
    "players as bool": _set(["options", "players"], True),
    "learning as text": _set(["options", "learning"], "no"),
    "learning as number": _set(["options", "learning"], 2),
    "names of the wrong length": _set(["options", "names"], ["a", "b"]),
    "names as text": _set(["options", "names"], "abc"),
    "a name not text": _set(["options", "names"], ["a", "b", 3]),
    "an empty name": _set(["options", "names"], ["a", "b", " "]),
    "no actions": _delete("actions"),
    "actions as text": _set(["actions"], "move plaza"),
    "an action not text": _set(["actions", 0], 7),
    "an action that is no action": _set(["actions", 0], "fly away"),
    "a tampered action": _set(["actions", 3], "move plaza"),
    "too many actions": _set(["actions"], ["move plaza"] * (S.MAX_ACTIONS + 1)),
    "an action after the end": lambda save: save["actions"].append("move plaza"),
}


@pytest.mark.parametrize("text", BAD_SAVES.values(), ids=BAD_SAVES.keys())
def test_bad_save_text_raises_save_error(text):
    """Corrupt text raises SaveError (a ValueError), never anything else."""
    with pytest.raises(mp.SaveError):
        mp.load_game(text)


@pytest.mark.parametrize("change", BAD_CHANGES.values(), ids=BAD_CHANGES.keys())
def test_bad_save_fields_raise_save_error(change):
    """A save with a wrong, missing or tampered field raises SaveError, as a dict and as JSON."""
    save = tampered(change)
    with pytest.raises(mp.SaveError):
        mp.load_game(save)
    with pytest.raises(mp.SaveError):
        mp.load_game(json.dumps(save))


def test_learning_flag_must_be_a_bool():
    """A learning-variant save whose flag is "yes" or 1 (not true) is refused, not guessed."""
    game = mp.new_game(2, 4, learning=True)
    game.apply(game.legal_actions()[0])
    for value in ("yes", 1):
        save = game.to_save()
        save["options"]["learning"] = value
        with pytest.raises(mp.SaveError, match="learning"):
            mp.load_game(save)
    save = game.to_save()
    del save["options"]["learning"]                  # missing: the standard game
    with pytest.raises(mp.SaveError):
        mp.load_game(save)                            # whose first decision is a set-up


def test_good_save_loads():
    """The untampered save loads (so the failures above are about the tampering)."""
    save = good_save()
    assert mp.load_game(save).is_over
    assert mp.load_game(tampered(_delete("options")) | {"options": save["options"]}).is_over


def test_a_save_of_a_listed_earlier_rules_version_loads_and_is_saved_as_current():
    """After a rules change that keeps old action lists meaningful, the old version is listed as
    readable: its saves load (and are saved again under the current version); others are refused."""
    old = good_save()
    old["rules_version"] = "0.9"
    expected = f'made under rules version "0.9"; this game plays rules version "{mp.RULES_VERSION}"'
    with pytest.raises(mp.SaveError, match=re.escape(expected)):
        mp.load_game(old)
    game = mp.load_game(old, readable_rules=frozenset({"0.9", mp.RULES_VERSION}))
    assert game.is_over and game.history == old["actions"]
    assert game.to_save()["rules_version"] == mp.RULES_VERSION
    assert mp.RULES_VERSION in D.READABLE_RULES_VERSIONS     # the current version always reads


def test_search_clones_cannot_be_saved():
    """fast_clone keeps no history: saving it is refused."""
    game = mp.new_game(2, 1)
    with pytest.raises(mp.SaveError):
        game.fast_clone().to_save()
    assert game.clone().to_save() == game.to_save()


def test_undo_takes_back_own_trailing_decisions():
    """undoable(seat) counts the seat's own trailing decisions, never across another seat's;
    undo(k) is the game replayed without its last k actions."""
    game = begin(3, start=0)
    set_goods(game, 0, corn=10, coca=2)
    start = game.to_save()
    play(game, "move plaza", "adjust -llama", "sell coca")
    assert [game.undoable(s) for s in range(3)] == [3, 0, 0]
    back = game.undo(2)
    assert back.history == game.history[:-2] and back.prompt == ("market", 0)
    assert back.view(0)["prompt"]["adjusted"] is False
    assert game.undo(0).to_save() == game.to_save()
    assert game.undo(3).to_save() == start
    play(game, "done")                 # Yellow is to move: undo never hands the turn back
    assert [game.undoable(s) for s in range(3)] == [0, 0, 0]
    game.apply("move hut")
    assert game.undoable(1) == 1 and game.undoable(0) == 0
    for bad in (len(game.history) + 1, -1):
        with pytest.raises(mp.IllegalAction):
            game.undo(bad)


def test_undo_never_across_a_card_draw():
    """Once cards were drawn (a summit), the decisions before cannot be taken back."""
    game = random_game(3, 2, POLICIES["pilgrim"])
    live = mp.new_game(3, 2)
    for text in game.history:
        if live.prompt[0] == "return":
            assert live.undoable(live.to_move) == 0
            live.apply(text)
            assert live.undoable(live.deciders[-1]) <= 1
            break
        live.apply(text)
    else:
        raise AssertionError("no summit in this game")


def test_takeback_against_bots_takes_back_the_replies_too():
    """takeback(seat): the seat's last decision and every decision since (the bots' replies),
    so that the seat decides again; none once a card was drawn after it."""
    game = begin(3, start=0)
    play(game, "move plaza", "done")
    assert game.to_move == 1
    assert game.takeback(0) == 1
    mine = len(game.history)
    play(game, "move hut")
    replies = len(game.history) - mine
    assert replies >= 1 and game.to_move != 0
    assert game.takeback(0) == 1 + replies
    back = game.undo(game.takeback(0))
    assert back.to_move == 0 and back.prompt == ("market", 0)
    assert back.history[-1] == "move plaza" and len(back.history) == len(game.history) - 1 - replies
    assert back.takeback(0) == 1              # and the step before, one more tap
    with pytest.raises(ValueError):
        game.takeback(3)


def test_takeback_stops_at_a_card_draw():
    """Once a card was drawn after a seat's decision, takeback refuses (today's rule holds)."""
    game = random_game(3, 2, POLICIES["pilgrim"])
    live = mp.new_game(3, 2)
    drawn = False
    for text in game.history:
        seat = live.to_move
        live.apply(text)
        if live.reveal_mark == len(live.history):     # this action led to a card drawn
            drawn = True
            assert live.takeback(seat) == 0
            assert all(live.takeback(s) == 0 for s in range(3))
            break
        assert live.takeback(seat) == 1
    assert drawn
