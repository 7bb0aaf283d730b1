"""Hostile input on Incan Gold's public API: whatever a player types, a page passes or a file holds
is refused with the package's own exception (the rule in tabletop/errors.py), a short message,
and the game exactly as it was; nothing else escapes (no IndexError, TypeError, RecursionError).
"""

from __future__ import annotations

import json
import random

import pytest

import incan_gold as ig
from incan_gold import data as D
from incan_gold.actions import Action
from tabletop import errors

MAX_MESSAGE = errors.MAX_MESSAGE
MEGABYTE = "x" * 1_000_000


def observed(game: ig.Game) -> str:
    """Everything anyone can observe of the game, as text."""
    return json.dumps([game.to_save(), game.view(None), [game.view(s) for s in range(game.n)],
                       [a.text for a in game.legal_actions()], game.to_move,
                       [game.log_for(s) for s in range(game.n)]], sort_keys=True)


def refused(call, exc_type: type[Exception], game: ig.Game | None = None) -> str:
    """`call()` raises exactly `exc_type` with a short, non-empty message; `game` is unchanged."""
    before = observed(game) if game is not None else None
    with pytest.raises(Exception) as info:
        call()
    assert type(info.value) is exc_type, f"{type(info.value).__name__}: {info.value}"
    message = str(info.value)
    assert 0 < len(message) <= MAX_MESSAGE, len(message)
    if game is not None:
        assert observed(game) == before
    return message


@pytest.fixture
def game() -> ig.Game:
    """A 5-player game in its first round, two seats having chosen."""
    game = ig.new_game(5, seed=3)
    game.apply("torch")
    game.apply("camp")
    return game


@pytest.fixture(scope="module")
def finished() -> ig.Game:
    game = ig.new_game(4, seed=5)
    rng = random.Random(5)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return game


def garbage_texts() -> list[str]:
    rng = random.Random(10)
    texts = [rng.randbytes(rng.randrange(1, 40)).decode("latin-1") for _ in range(100)]
    texts += ["", " ", "torch camp", "torchcamp", "TORCH!", "camp\x00", "to rch", "\u202etorch",
              "t\u00f6rch", "1", "0", "null", "[\"torch\"]", MEGABYTE, "torch" * 200_000]
    return texts


def test_garbage_texts_are_no_action(game):
    for text in garbage_texts():
        message = refused(lambda: game.apply(text), ig.InvalidAction, game)
        assert text[:100] not in message or len(text) < 40


@pytest.mark.parametrize("value", [None, 0, 1, True, 1.5, b"torch", bytearray(b"camp"),
                                   ["torch"], ("camp",), {"torch": 1}, object(), ig.Game,
                                   Action, print])
def test_other_types_are_no_action(game, value):
    refused(lambda: game.apply(value), ig.InvalidAction, game)


def test_forged_action_objects_are_refused(game):
    refused(lambda: game.apply(Action("torch", 0)), ig.InvalidAction, game)
    refused(lambda: game.apply(Action("camp", 5)), ig.InvalidAction, game)
    refused(lambda: game.apply(Action.__new__(Action)), ig.InvalidAction, game)

    class Sneaky(Action):
        __slots__ = ()

    sneaky = Sneaky("torch", 0)
    refused(lambda: game.apply(sneaky), ig.InvalidAction, game)


def test_a_text_subclass_cannot_change_how_it_is_read(game):
    class Weird(str):
        def strip(self, *args):
            raise RuntimeError("called")

        def lower(self):
            return "torch"

        def __str__(self):
            return "camp"

    before = game.to_move
    game.apply(Weird("TORCH "))               # read as its characters: " torch"
    assert game.history[-1] == "torch" and game.to_move != before
    refused(lambda: game.apply(Weird("nothing")), ig.InvalidAction, game)


def test_no_action_after_the_end(finished):
    refused(lambda: finished.apply("torch"), ig.IllegalAction, finished)
    refused(lambda: finished.apply(ig.CAMP), ig.IllegalAction, finished)


@pytest.mark.parametrize("seat", [-1, 5, 99, True, False, "0", 1.0, [0], 2**70])
def test_bad_seats_are_refused(game, seat):
    refused(lambda: game.view(seat), ValueError, game)
    refused(lambda: game.log_for(seat), ValueError, game)
    refused(lambda: game.undoable(seat), ValueError, game)
    refused(lambda: game.determinize(seat, random.Random(1)), ValueError, game)
    refused(lambda: game.seats_from(seat), ValueError, game)


@pytest.mark.parametrize("rng", [None, 1, "seed", random])
def test_determinize_needs_a_generator(game, rng):
    refused(lambda: game.determinize(0, rng), ValueError, game)


@pytest.mark.parametrize("count", [-1, 3, True, "1", 1.0, None, 2**70])
def test_bad_undo_counts_are_refused(game, count):
    refused(lambda: game.undo(count), ig.IllegalAction, game)


def test_hidden_choices_can_be_assumed_only_on_a_search_copy(game):
    refused(lambda: game.assume_choice(game.order[0], "camp"), ig.IllegalAction, game)
    copy = game.determinize(game.to_move, random.Random(2))
    refused(lambda: copy.assume_choice(game.to_move, "camp"), ig.IllegalAction)  # not chosen
    refused(lambda: copy.assume_choice(game.order[0], "dig"), ig.InvalidAction)
    copy.assume_choice(game.order[0], "camp")
    assert copy.choice[game.order[0]] == 1


def test_no_result_before_the_end(game):
    refused(game.result, ig.IllegalAction, game)


@pytest.mark.parametrize("kwargs", [
    {"players": 2}, {"players": 9}, {"players": "5"}, {"players": 5.0}, {"players": True},
    {"players": None}, {"players": 10**100},
    {"seed": -1}, {"seed": 2**63}, {"seed": "1"}, {"seed": 1.0}, {"seed": True},
    {"diamant": 1}, {"diamant": "yes"}, {"diamant": None}, {"open_tents": 0},
    {"names": ["a", "b"]}, {"names": ["a", "b", ""]}, {"names": ["a", "b", "   "]},
    {"names": ["a", "b", "c" * 41]}, {"names": ["a", "b", 3]}, {"names": "abc"},
    {"names": {"a": 1, "b": 2, "c": 3}}, {"names": ["a", "b", MEGABYTE]},
])
def test_bad_options_are_refused(kwargs):
    args = {"players": 3, "seed": 1, **kwargs}
    message = refused(lambda: ig.new_game(**args), ValueError)
    assert MEGABYTE[:100] not in message


# --- saves -----------------------------------------------------------------------------------
def good_save() -> dict:
    game = ig.new_game(4, seed=21, names=["A", "B", "C", "D"])
    rng = random.Random(21)
    for _ in range(12):
        game.apply(rng.choice(game.legal_actions()))
    return game.to_save()


@pytest.mark.parametrize("text", garbage_texts()[::7] + [
    "[" * 100_000, "{\"a\":" * 50_000, "[]", "null", "1", "\"save\"", "{}", "\xff\xfe",
    b"\xff\xfe\x00", b"{}", "{" + " " * 5_000_000 + "}",
])
def test_garbage_saves_are_refused(text):
    refused(lambda: ig.load_game(text), ig.SaveError)


def mutations() -> list:
    out = []

    def mutate(**changes):
        save = good_save()
        for key, value in changes.items():
            if value is KeyError:
                del save[key]
            else:
                save[key] = value
        out.append(save)

    mutate(game="machu-picchu")
    mutate(format="machu-picchu-save")
    mutate(format_version=2)
    mutate(format_version="1")
    mutate(format_version=True)
    mutate(rules_version="0")
    mutate(rules_version=1)
    mutate(rules_version=MEGABYTE)
    mutate(seed=-5)
    mutate(seed="21")
    mutate(seed=2**64)
    mutate(seed=KeyError)
    mutate(options=KeyError)
    mutate(options=[4])
    mutate(options={"players": 4, "cheat": True})
    mutate(options={"players": 9})
    mutate(options={"players": "4"})
    mutate(options={"players": 4, "diamant": "no"})
    mutate(options={"players": 4, "names": ["A"]})
    mutate(options={"players": 4, "names": ["A", "B", "C", MEGABYTE]})
    mutate(actions=KeyError)
    mutate(actions="torch")
    mutate(actions=["torch", 5])
    mutate(actions=["torch", None])
    mutate(actions=["torch", ["camp"]])
    mutate(actions=["torch", "dig"])
    mutate(actions=["torch"] * (D.MAX_ACTIONS + 1))
    mutate(actions=["torch", MEGABYTE])
    game = ig.load_game(good_save())
    rng = random.Random(1)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    over = game.to_save()
    over["actions"].append("camp")          # an action after the end
    out.append(over)
    return out


@pytest.mark.parametrize("save", mutations())
def test_mutated_saves_are_refused(save):
    message = refused(lambda: ig.load_game(save), ig.SaveError)
    refused(lambda: ig.load_game(json.dumps(save)), ig.SaveError)
    assert MEGABYTE[:100] not in message


def test_a_save_error_is_the_shared_kind():
    with pytest.raises(errors.SaveError):
        ig.load_game("{}")
    assert issubclass(ig.IllegalAction, errors.IllegalAction)
    assert issubclass(ig.InvalidAction, errors.InvalidAction)
    assert issubclass(ig.InvalidAction, ig.IllegalAction)


@pytest.mark.parametrize("value", [None, "game", 3, {"actions": []}])
def test_the_package_functions_want_a_game(value):
    refused(lambda: ig.positions(value), ValueError)
    refused(lambda: ig.game_stats(value), ValueError)


def test_a_search_copy_has_no_positions(game):
    copy = game.determinize(game.to_move, random.Random(3))
    refused(lambda: ig.positions(copy), ValueError)
    refused(lambda: copy.undo(1), ig.IllegalAction)
