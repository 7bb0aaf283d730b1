"""tabletop.history: the save envelope, read defensively, and the one replay."""

from __future__ import annotations

import json

import pytest

from tabletop import errors, history

ARGS = dict(game_id="toy", title="a Toy", save_format="toy-save", format_version=2,
            rules_version="3.1", readable_rules=frozenset({"3.0", "3.1"}), max_actions=5)


def envelope(**changes):
    save = history.envelope("toy", "toy-save", 2, "3.1", 7, {"players": 2}, ["a", "b"])
    save.update(changes)
    return save


def refused(save, match: str) -> str:
    with pytest.raises(errors.SaveError) as info:
        history.read_envelope(save, **ARGS)
    message = str(info.value)
    assert match in message and len(message) <= errors.MAX_MESSAGE, message
    return message


def test_an_envelope_reads_back():
    save = envelope()
    assert save["game"] == "toy"
    assert history.read_envelope(save, **ARGS) == (7, {"players": 2}, ["a", "b"])
    assert history.read_envelope(json.dumps(save), **ARGS)[0] == 7
    assert history.read_envelope(json.dumps(save).encode(), **ARGS)[0] == 7


def test_a_save_without_a_game_id_is_read_by_its_format():
    save = envelope()
    del save["game"]
    assert history.read_envelope(save, **ARGS)[2] == ["a", "b"]
    refused(envelope(game="other"), "this is not a Toy save")
    refused(envelope(format="other"), "this is not a Toy save")


def test_rules_versions_are_named_plainly():
    assert history.read_envelope(envelope(rules_version="3.0"), **ARGS)
    message = refused(envelope(rules_version="2.9"), 'made under rules version "2.9"')
    assert 'this game plays rules version "3.1"' in message
    assert refused(envelope(rules_version=3.1), "version") == (
        "the save's rules version is 3.1 (a number), not a version name; "
        'this game plays rules version "3.1"')
    refused(envelope(rules_version=None), "is null")
    refused(envelope(rules_version=[3]), "is a list")
    save = envelope()
    del save["rules_version"]
    refused(save, "has no rules version")
    refused(envelope(rules_version="9" * 100_000), "rules version")


@pytest.mark.parametrize("change, match", [
    (dict(format_version=3), "format version"),
    (dict(format_version=True), "format version"),
    (dict(seed=-1), "seed"),
    (dict(seed=2**63), "seed"),
    (dict(seed="7"), "seed"),
    (dict(options=[1]), "options"),
    (dict(actions="ab"), "action list"),
    (dict(actions=["a"] * 6), "too long (6 actions; a game of these rules has at most 5)"),
])
def test_bad_fields_are_refused(change, match):
    refused(envelope(**change), match)


def test_bad_text_is_refused_briefly():
    refused("{", "not valid JSON")
    refused(b"\xff", "not valid JSON")
    refused("[" * 10_000 + "]" * 10_000, "nested too deeply")
    refused('"' + "x" * (history.MAX_SAVE_CHARS + 1) + '"', "too large")
    refused("[]", "not a JSON object")
    refused(12, "not a JSON object")


class Counter:
    """A toy game: actions are 'inc' or 'dec'; going below zero is illegal."""

    def __init__(self):
        self.value = 0

    def apply(self, text):
        if text not in ("inc", "dec") or (text == "dec" and self.value == 0):
            raise errors.IllegalAction(f"{errors.quote(text)} is not legal now")
        self.value += 1 if text == "inc" else -1

    def clone(self):
        c = Counter()
        c.value = self.value
        return c


def test_replay_plays_forward_once_and_names_the_bad_action():
    seen = []
    game = history.replay(Counter, ["inc", "inc", "dec"], after=lambda g, t: seen.append(g.value))
    assert game.value == 1 and seen == [1, 2, 1]
    with pytest.raises(errors.SaveError, match=r"action 3 \('dec'\) is not legal"):
        history.replay(Counter, ["inc", "dec", "dec"])
    with pytest.raises(ValueError, match="action 1 is not text"):
        history.replay(Counter, [7], error=ValueError)
    with pytest.raises(errors.SaveError) as info:
        history.replay(Counter, ["x" * 1_000_000])
    assert len(str(info.value)) <= errors.MAX_MESSAGE


def test_check_seed():
    assert history.check_seed(5) == 5
    assert 0 <= history.check_seed(None) < 2**31
    for bad in (-1, 2**63, True, "5", 5.0):
        with pytest.raises(ValueError):
            history.check_seed(bad)
