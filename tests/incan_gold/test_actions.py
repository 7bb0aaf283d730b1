"""actions.py: the two interned, immutable actions and their text form."""

from __future__ import annotations

import copy
import pickle

import pytest

import incan_gold as ig
from incan_gold.actions import ALL_ACTIONS, Action


def test_two_actions_with_a_stable_text():
    assert [str(a) for a in ALL_ACTIONS] == ["torch", "camp"]
    assert ig.TORCH.index == 0 and ig.CAMP.index == 1


@pytest.mark.parametrize("text, action", [("torch", ig.TORCH), ("  CAMP ", ig.CAMP),
                                          ("Torch\n", ig.TORCH)])
def test_parse_forgives_case_and_spaces(text, action):
    assert ig.parse_action(text) is action


def test_parse_returns_the_interned_objects():
    assert ig.parse_action(ig.TORCH) is ig.TORCH
    assert pickle.loads(pickle.dumps(ig.CAMP)) is ig.CAMP
    assert copy.deepcopy(ig.CAMP) is ig.CAMP and copy.copy(ig.TORCH) is ig.TORCH


def test_actions_are_immutable():
    with pytest.raises(AttributeError):
        ig.TORCH.text = "camp"
    with pytest.raises(AttributeError):
        del ig.CAMP.index
    assert str(ig.TORCH) == "torch"


@pytest.mark.parametrize("value", ["", "run", "torch camp", "t", None, 0, 1.5, b"torch",
                                   ["torch"], {"camp": 1}])
def test_anything_else_is_no_action(value):
    with pytest.raises(ig.InvalidAction):
        ig.parse_action(value)


def test_a_forged_action_object_is_refused():
    forged = Action("camp", 1)
    with pytest.raises(ig.InvalidAction, match="forged"):
        ig.parse_action(forged)
    bare = Action.__new__(Action)
    with pytest.raises(ig.InvalidAction):
        ig.parse_action(bare)
