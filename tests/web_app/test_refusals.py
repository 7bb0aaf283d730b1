"""Refusals in the page's language (issue 26): a save that cannot be read (imported, or stored
and damaged) and an action the rules refuse are worded from the catalogues, with their
parameters, never as the English message of the exception inside a French or German sentence."""
from __future__ import annotations

import json

import pytest

import incan_gold
import machu_picchu
from shell import i18n, storage
from shell.refusals import DAMAGED, NOT_NOW, refusal_text

GOOD = machu_picchu.new_game(players=2, seed=3).to_save()


def changed(**fields) -> dict:
    save = dict(GOOD)
    for key, value in fields.items():
        if value is None:
            save.pop(key)
        else:
            save[key] = value
    return save


# (what is wrong, the save, the catalogue id it is refused with)
BAD_SAVES = [
    ("not JSON", "{nope", "shell.save.not_json"),
    ("not an object", "[1, 2]", "shell.save.not_json"),
    ("another game's", changed(format="incan-gold-save", game="incan-gold"), "shell.save.other_game"),
    ("a later format", changed(format_version=9), "shell.save.version"),
    ("no rules version", changed(rules_version=None), "shell.save.no_rules"),
    ("other rules", changed(rules_version="7.0"), "shell.save.rules"),
    ("no seed", changed(seed=None), "shell.save.seed"),
    ("no options", changed(options=None), "shell.save.options"),
    ("bad options", changed(options={"players": 9}), "shell.save.options"),
    ("no actions", changed(actions=None), "shell.save.actions"),
    ("too many actions", changed(actions=["stay 0"] * 100_000), "shell.save.too_long"),
    ("an illegal action", changed(actions=["fly to the moon"]), "shell.save.illegal_action"),
    ("an action not text", changed(actions=[7]), "shell.save.action_not_text"),
]


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_every_refused_save_is_worded_in_the_language_with_no_english(lang):
    words = i18n.use_language(lang)
    try:
        for what, save, msg_id in BAD_SAVES:
            with pytest.raises(machu_picchu.SaveError) as refused:
                machu_picchu.load_game(save)
            assert refused.value.msg_id == msg_id, what
            text = str(refusal_text(refused.value))
            assert text == words.t(msg_id, refused.value.params) != f"[{msg_id}]", what
            assert str(refused.value) not in text, what
        # Incan Gold's saves go through the same envelope
        with pytest.raises(incan_gold.SaveError) as refused:
            incan_gold.load_game(incan_gold.new_game(players=3, seed=1).to_save() | {"format_version": 5})
        assert refused.value.msg_id == "shell.save.version"
        assert "5" in str(refusal_text(refused.value))
        # the page's own record around a save: an import of a file that is no saved game
        for text, msg_id in (("{", "shell.save.not_json"), (json.dumps({"kind": "x"}), "shell.save.not_ours"),
                             (json.dumps({"format": "other-save", "actions": []}), "shell.save.unknown_game")):
            with pytest.raises(storage.RecordError) as refused:
                storage.parse_record_text(text, lambda: "g1")
            assert refused.value.msg_id == msg_id
        # an action the rules refuse, and an error with no id: worded by their kind
        game = machu_picchu.new_game(players=2, seed=3)
        with pytest.raises(machu_picchu.IllegalAction) as refused:
            game.apply("stay 0")
        assert str(refusal_text(refused.value, NOT_NOW)) == words.t(NOT_NOW)
        assert str(refusal_text(KeyError("seats"))) == words.t(DAMAGED)
    finally:
        i18n.use_language("en")
