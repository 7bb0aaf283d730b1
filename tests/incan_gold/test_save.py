"""save.py and the history built on it: saves, loads, positions, undo."""

from __future__ import annotations

import json

import pytest

import incan_gold as ig
from incan_gold import data as D

from igtools import random_game, random_walk


def test_the_save_envelope():
    game = ig.new_game(4, seed=9, diamant=True, names=["Ana", "Bo", "Cy", "Di"])
    game.apply("torch")
    save = game.to_save()
    assert save == {"game": "incan-gold", "format": "incan-gold-save", "format_version": 1,
                    "rules_version": D.RULES_VERSION, "seed": 9,
                    "options": {"players": 4, "diamant": True, "open_tents": False,
                                "names": ["Ana", "Bo", "Cy", "Di"]},
                    "actions": ["torch"]}
    json.dumps(save)


@pytest.mark.parametrize("players, seed", [(3, 1), (5, 2), (8, 3)])
def test_save_and_load_give_the_same_game_at_every_step(players, seed):
    for game in random_walk(players, seed, open_tents=seed == 2):
        loaded = ig.load_game(json.dumps(game.to_save()))
        for seat in [None, *range(players)]:
            assert loaded.view(seat) == game.view(seat)
        assert loaded.to_save() == game.to_save()


def test_a_finished_game_loads_finished():
    game = random_game(6, seed=4)
    loaded = ig.load_game(game.to_save())
    assert loaded.is_over and loaded.result() == game.result()


def test_a_search_copy_cannot_be_saved():
    game = ig.new_game(3, seed=1)
    with pytest.raises(ig.SaveError):
        game.fast_clone().to_save()
    with pytest.raises(ig.SaveError):
        game.determinize(0, __import__("random").Random(1)).to_save()


def test_positions_replay_the_game_step_by_step():
    game = random_game(5, seed=8)
    steps = ig.positions(game)
    assert len(steps) == len(game.history) + 1
    for i, position in enumerate(steps):
        assert position.history == game.history[:i]
    assert steps[-1].view(None) == game.view(None)
    steps[1].apply("camp")                   # the copies are independent
    assert steps[2].history == game.history[:2] and steps[0].history == []


def test_undoable_is_the_seats_own_last_unrevealed_choice():
    game = ig.new_game(3, seed=1)
    first = game.to_move
    assert game.undoable(first) == 0          # nothing chosen yet
    game.apply("camp")
    assert game.undoable(first) == 1
    second = game.to_move
    assert game.undoable(second) == 0
    back = game.undo(1)
    assert back.to_move == first and back.history == [] and game.history == ["camp"]
    game.apply("torch")
    game.apply("torch")                      # the last choice: revealed at once
    assert all(game.undoable(s) == 0 for s in range(3))


def test_undo_never_shows_another_seats_choice():
    game = ig.new_game(4, seed=2)
    game.apply("camp")
    game.apply("torch")
    seat = game.order[1]                     # the seat that chose last
    back = game.undo(game.undoable(seat))
    assert back.to_move == seat
    view = back.view(seat)
    assert view["my_choice"] is None and view["chosen"] == [back.order[0]]


@pytest.mark.parametrize("count", [-1, 2, True, "1", 1.0, None])
def test_undo_refuses_bad_counts(count):
    game = ig.new_game(3, seed=1)
    game.apply("torch")
    with pytest.raises(ig.IllegalAction):
        game.undo(count)
    assert game.history == ["torch"]
