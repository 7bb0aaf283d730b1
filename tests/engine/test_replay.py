"""Replay (replay.py): one position per action, each the game as it stood then."""

from __future__ import annotations

import json

import pytest

import machu_picchu as mp
from machu_picchu.events import PRIVATE_IDS, text
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
    assert "sets up a first Inca" in text(step_lines(steps[0], steps[1])[0])
    joined = [line for a, b in zip(steps, steps[1:]) for line in step_lines(a, b)]
    assert steps[0].log + joined == game.log
    assert not any(e[0] in PRIVATE_IDS for e in joined), "a private event in the replay"


def test_a_search_copy_cannot_be_replayed():
    with pytest.raises(ValueError, match="no history"):
        mp.positions(mp.new_game(2, 1).fast_clone())


def state(game: mp.Game) -> dict:
    """Every attribute of a game (its whole state and records), for exact comparison."""
    names = [k for cls in type(game).__mro__ for k in getattr(cls, "__slots__", ())]
    return ({k: getattr(game, k) for k in names if k not in ("_legal", "options")}
            | {"legal": game.legal_actions(), "save": game.to_save()})


def replayed(sample_games, key) -> mp.Game:
    players, seed, learning = key[1], key[2], key[3]
    game = mp.new_game(players, seed, learning=learning)
    for text in sample_games[key].history:
        game.apply(text)
    return game


def test_a_position_built_from_a_checkpoint_is_exactly_a_fresh_replay(sample_games):
    """Every attribute, records included (log, history, deciders, reveal mark): a position is
    never a lesser copy, whichever checkpoint it was played from."""
    game = replayed(sample_games, ("builder", 3, 7, True))
    steps = mp.positions(game)
    save = game.to_save()
    for k in list(range(0, 120)) + list(range(120, len(game.history) + 1, 13)):
        fresh = mp.load_game(dict(save, actions=save["actions"][:k]))
        assert state(steps[k]) == state(fresh), k
        seat = fresh.to_move
        if seat is not None:
            assert steps[k].undoable(seat) == fresh.undoable(seat)


def test_positions_are_lazy_and_the_step_records_need_no_position(sample_games):
    game = replayed(sample_games, ("pilgrim", 5, 2, False))
    steps = mp.positions(game)
    assert steps.done == 0                        # nothing played until asked
    assert state(steps[-1]) == state(game)        # the last position is a copy of the game ...
    assert steps.done == 0                        # ... taken without replaying
    lines = [steps.step_lines(k) for k in range(len(steps))]
    kinds = [steps.prompt_kind(k) for k in range(len(steps))]
    assert steps.done == len(game.history)
    assert lines[0] == steps[0].log
    assert [line for step in lines for line in step] == game.log
    assert [steps.decider(k) for k in range(1, len(steps))] == game.deciders
    for k in range(1, len(steps), 17):
        assert lines[k] == step_lines(steps[k - 1], steps[k])
        prompt = steps[k].prompt
        assert kinds[k] == (prompt[0] if prompt else None)


def test_positions_of_a_long_game_take_linear_memory():
    """The longest kind of game the rules allow: the checkpoints hold no log, so the replay's memory is a few
    times the game's own, not one log copy per action."""
    import sys

    from .long_game import long_game
    game = long_game(seed=2)
    steps = mp.positions(game)
    steps.extend(len(game.history))
    logs = [c._log for c in steps._checkpoints]
    assert logs == [None] * len(logs)
    assert len(steps._checkpoints) == len(game.history) // steps._every + 1
    assert sys.getsizeof(steps._marks) < 40 * len(game.history)
    assert steps[1234].log == mp.load_game(dict(game.to_save(), actions=game.history[:1234])).log
