"""Replay (replay.py): one position per action, each the game as it stood then."""

from __future__ import annotations

import json

import pytest

import machu_picchu as mp
from machu_picchu.replay import step_lines

from .support import all_views


def views_json(game: mp.Game) -> str:
    return json.dumps(all_views(game), sort_keys=True)


@pytest.mark.parametrize("key", [("uniform", 2, 1, False), ("builder", 3, 7, True),
                                 ("pilgrim", 5, 2, False)])
def test_each_position_is_the_game_after_that_many_actions(sample_games, key):
    history = sample_games[key].history
    players, seed, learning = key[1], key[2], key[3]
    game = mp.new_game(players, seed, learning=learning)
    for text in history:
        game.apply(text)
    before = views_json(game)
    steps = mp.positions(game)
    assert len(steps) == len(history) + 1
    assert views_json(game) == before, "replaying touched the game itself"
    assert steps[-1].is_over and views_json(steps[-1]) == before
    assert views_json(steps[0]) == views_json(mp.new_game(players, seed, learning=learning))
    for k in range(0, len(history) + 1, 37):      # every 37th position, against a fresh load
        save = game.to_save()
        save["actions"] = history[:k]
        assert views_json(steps[k]) == views_json(mp.load_game(save)), k
        assert steps[k].history == history[:k]


def test_positions_are_independent_copies():
    game = mp.new_game(3, 5)
    for _ in range(6):
        game.apply(game.legal_actions()[-1])
    steps = mp.positions(game)
    third = views_json(steps[3])
    steps[2].apply(steps[2].legal_actions()[0])       # playing on from one copy ...
    steps[-1].apply(steps[-1].legal_actions()[0])
    assert views_json(steps[3]) == third               # ... changes no other one
    assert len(game.history) == 6


def test_step_lines_are_the_public_lines_each_action_added():
    game = mp.new_game(2, 3, names=["Ann", "Bea"])
    while game.prompt[0] == "setup":
        game.apply(game.legal_actions()[0])
    steps = mp.positions(game)
    assert step_lines(steps[0], steps[1]) == [steps[1].log[-1]]
    assert "sets up a first Inca" in step_lines(steps[0], steps[1])[0]
    joined = [line for a, b in zip(steps, steps[1:]) for line in step_lines(a, b)]
    assert steps[0].log + joined == game.log
    assert not any(line.startswith("You ") for line in joined), "a private line in the replay"


def test_a_search_copy_cannot_be_replayed():
    with pytest.raises(ValueError, match="no history"):
        mp.positions(mp.new_game(2, 1).fast_clone())
