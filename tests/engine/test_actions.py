"""Actions (actions.py): interned immutable values, text forms and parse_action."""

from __future__ import annotations

import pickle

import pytest

import machu_picchu as mp
from machu_picchu import actions as A


def test_every_text_parses_back_to_the_same_object():
    """Each action exists once; parse_action(str(a)) is a itself."""
    texts = [a.text for a in A.ALL_ACTIONS]
    assert len(texts) == len(set(texts))
    for a in A.ALL_ACTIONS:
        assert mp.parse_action(a.text) is a
        assert str(a) == a.text and repr(a) == f"Action({a.text!r})"
        assert mp.parse_action(a) is a


def test_action_count():
    """The closed set of actions: place 5, move 15, travel 15, stay 7, produce 0-12,
    sacrifice 0-6, offer 32, hire 32, acquire 4, adjust 8, buy 4, sell 4, done, sunclock 6,
    take 10, claim 16, return 28 + 378."""
    expected = 5 + 15 + 15 + 7 + 13 + 7 + 32 + 32 + 4 + 8 + 4 + 4 + 1 + 6 + 10 + 16 + 28 + 378
    assert len(A.ALL_ACTIONS) == expected


def test_actions_are_immutable_hashable_and_picklable():
    """Setting an attribute fails; equal texts hash alike; pickling keeps the identity."""
    a = mp.parse_action("move plaza")
    with pytest.raises(AttributeError):
        a.kind = "travel"
    with pytest.raises(AttributeError):
        a.new_field = 1
    assert {a: 1}[mp.parse_action("move plaza")] == 1
    assert pickle.loads(pickle.dumps(a)) is a
    assert a != "move plaza" and a != mp.parse_action("travel plaza")


@pytest.mark.parametrize("text, canonical", [
    ("  MOVE   Plaza ", "move plaza"),
    ("offer cloth+llama+corn", "offer corn+llama+cloth"),
    ("hire weaver+planter", "hire planter+weaver"),
    ("take cloth+corn+coca", "take corn+coca+cloth"),
    ("claim cloth+llama", "claim llama+cloth"),
    ("return sun-coca corn-puma", "return corn-puma coca-sun"),
    ("return puma-corn", "return corn-puma"),
    ("adjust -Coca", "adjust -coca"),
    ("acquire nothing", "acquire nothing"),
])
def test_text_forms_are_forgiving(text, canonical):
    """Case, spacing, the order of '+' lists and of returned cards do not matter."""
    assert mp.parse_action(text).text == canonical


def test_kinds_and_arguments():
    """Arguments are indices / bit masks in the data's order."""
    assert mp.parse_action("place weaver").arg == 4
    assert mp.parse_action("stay trail3").arg == 6
    assert mp.parse_action("offer corn+cloth").arg == 0b10001
    assert mp.parse_action("hire farmer+shepherd").arg == 0b11
    assert mp.parse_action("acquire virgin").arg == 2
    assert mp.parse_action("acquire nothing").arg == -1
    assert mp.parse_action("adjust +llama").arg == (1, 1)
    assert mp.parse_action("adjust -cloth").arg == (4, -1)
    assert mp.parse_action("sunclock nobody").arg == -1
    assert mp.parse_action("return corn-llama corn-coca").arg == (0, 1)
    assert mp.parse_action("produce 12").arg == 12


@pytest.mark.parametrize("text", [
    "", "   ", "fly plaza", "move", "move the plaza", "move atlantis", "travel plaza now",
    "produce 13", "produce -1", "produce one", "sacrifice 7", "offer gold", "offer corn+gold",
    "hire farmer+farmer+wizard", "take corn+llama", "take corn+corn+llama", "take nothing",
    "claim corn", "claim trail2", "adjust coca", "adjust +corn", "buy corn", "sell corn",
    "return", "return corn-corn", "return corn-llama corn-llama", "return a-b c-d e-f",
    "sunclock king", "acquire king", "place prince", "done done", "stay moon",
    "\x00", "move plaza\nmove hut", "é" * 1000,
])
def test_garbage_is_not_an_action(text):
    """A text that is no action raises InvalidAction, which is an IllegalAction."""
    with pytest.raises(mp.InvalidAction):
        mp.parse_action(text)
    assert issubclass(mp.InvalidAction, mp.IllegalAction)
    assert issubclass(mp.IllegalAction, ValueError)


@pytest.mark.parametrize("value", [None, 3, 2.5, b"move plaza", ["move", "plaza"], object()])
def test_non_text_is_not_an_action(value):
    """Only text (or an Action) is parsed."""
    with pytest.raises(mp.InvalidAction):
        mp.parse_action(value)


def test_return_actions_cover_every_set_of_one_or_two_cards():
    """One `return` per card and per pair of cards, each listing its cards in deck order."""
    singles = [a for a in A.RETURN.values() if len(a.arg) == 1]
    pairs = [a for a in A.RETURN.values() if len(a.arg) == 2]
    assert len(singles) == 28 and len(pairs) == 28 * 27 // 2
    assert all(a.arg[0] < a.arg[1] for a in pairs)


def test_take_actions_are_the_sets_of_3_different_goods():
    """The Sun Clock pays 3 different goods: C(5, 3) = 10 choices."""
    assert len(A.TAKE) == 10
    assert all(bin(m).count("1") == 3 for m in A.TAKE)
