"""Refusals in the page's language (issue 26): a save that cannot be read (imported, or stored
and damaged) and an action the rules refuse are worded from the catalogues, with their
parameters, never as the English message of the exception inside a French or German sentence."""
from __future__ import annotations

import json

import pytest

import incan_gold
import machu_picchu
from shell import i18n, storage
from shell.refusals import DAMAGED, NOT_NOW, isolated_params, refusal_text

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
            assert text == words.t(msg_id, isolated_params(refused.value.params)) != f"[{msg_id}]", what
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


def _refused_actions(seed: int):
    """Every refusal met when trying, at each decision of a random 3-player Machu Picchu game,
    the texts of every kind of action that are not legal there: (text, IllegalAction)."""
    import random
    from machu_picchu import data as D
    texts = ["done", "produce 9", "sacrifice 5", "offer nothing", "hire nobody", "acquire nothing",
             "sunclock nobody", "take corn+llama+coca", "claim nothing", "place farmer", "adjust -llama"]
    texts += [f"{k} {d}" for k in ("move", "travel") for d in D.DISTRICTS]
    texts += [f"stay {t}" for t in D.MOON_IDS] + [f"{k} {g}" for k in ("buy", "sell") for g in D.GOODS]
    game, rng = machu_picchu.new_game(players=3, seed=seed), random.Random(seed)
    while not game.over:
        legal = {str(a) for a in game.legal_actions()}
        for text in texts:
            if text not in legal:
                try:
                    game.apply(text)
                except machu_picchu.InvalidAction:
                    pass
                except machu_picchu.IllegalAction as exc:
                    yield text, exc
        game.apply(rng.choice(game.legal_actions()))


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_machu_picchus_rules_say_their_own_reason_in_the_language(lang):
    """Each rule's refusal carries its mp.refusal.* id and parameters (a district, a good, counts)
    and the page words that reason, not the generic "the rules do not allow that now", whether
    the page refuses a move (the toast) or a save's move (the import's sentence says why)."""
    words = i18n.use_language(lang)
    try:
        seen = {}
        for text, exc in _refused_actions(seed=1):
            assert exc.msg_id and exc.msg_id.startswith("mp.refusal."), (text, str(exc))
            said = str(refusal_text(exc, NOT_NOW))
            assert said == words.t(exc.msg_id, isolated_params(exc.params)) and "[" not in said, (text, said)
            assert said != words.t(NOT_NOW) and str(exc) not in said, (text, said)
            seen.setdefault(exc.msg_id, said)
        assert {"mp.refusal." + k for k in ("wrong_kind", "adjacent", "not_adjacent", "no_llama",
                                            "same_district", "tile_gone", "first_turn_stay",
                                            "buy", "sell", "adjust")} <= set(seen), sorted(seen)
        district = words.t("mp.district.plaza")
        assert any(district in s for s in seen.values()) or any(
            words.t(f"mp.district.{d}.to") in s for d in ("plaza", "corn", "sun", "hut") for s in seen.values())
        # a save whose second move the rules refuse: the import's sentence gives the rule's reason
        with pytest.raises(machu_picchu.SaveError) as refused:
            machu_picchu.load_game(changed(actions=["move plaza"]))
        reason = refused.value.params["why"]
        assert reason[0] == "mp.refusal.wrong_kind"
        said = str(refusal_text(refused.value))
        assert said == words.t("shell.save.illegal_action_why",
                               {**isolated_params({k: v for k, v in refused.value.params.items() if k != "why"}),
                                "why": words.t(reason[0], isolated_params(reason[1]))})
        assert words.t("mp.refusal.expect.setup") in said and "[" not in said
    finally:
        i18n.use_language("en")


class _BrowserError(Exception):
    """A browser's DOMException as Pyodide hands it: a name, and an English message."""

    def __init__(self, name: str, message: str) -> None:
        super().__init__(message)
        self.name = name


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_storage_records_and_data_refusals_are_worded_by_kind_not_in_english(lang):
    """The browser's English never reaches the page: a save the browser did not store is worded
    by its kind (full, refused), a damaged finished game and a refused statistics file by their
    ids, and the "Details:" line of a refused data import is the entry's own refusal in words or a
    bare name, never the check's English sentence."""
    from shell import alldata, mydata, records, stats_screen
    from shell.saves import storage_problem_text
    words = i18n.use_language(lang)
    try:
        refused = _BrowserError("SecurityError", "The operation is insecure.")
        said = storage_problem_text(refused)
        assert words.t("shell.storage.refused") in said and "insecure" not in said
        full = _BrowserError("QuotaExceededError", "Setting the value of 'x' exceeded the quota.")
        assert storage_problem_text(full) == words.t("shell.toast.storage_full")
        assert "exceeded" not in str(storage_problem_text(full))

        backend = storage.DictBackend()
        kept = records.Results(backend)
        backend.set(records.RESULT_PREFIX + "bad", '{"kind": "tabletop-finished-game"')
        backend.set(records.RESULT_PREFIX + "alien", json.dumps({"kind": "x", "id": "alien"}))
        damaged = {r["id"]: r for r in kept.listing() if "error" in r}
        html = stats_screen._damaged_html(list(damaged.values()))
        assert damaged["alien"]["why"][0] == "shell.result.not_ours"
        assert words.t("shell.result.not_ours") in html and words.t("shell.save.not_json") in html
        assert damaged["alien"]["error"] not in html and damaged["bad"]["error"] not in html
        for text, msg_id in (("[]", "shell.result.not_file"), ("x" * 20_000_000, "shell.result.file_too_large")):
            with pytest.raises(storage.RecordError) as caught:
                kept.import_text(text)
            assert caught.value.msg_id == msg_id and str(refusal_text(caught.value)) == words.t(msg_id)

        # a data file whose second saved game the rules refuse: the detail is the save's reason
        doc = json.loads(alldata.export_document(
            storage.Store(storage.DictBackend()), kept, exported="2026-11-28T00:00:00+00:00").text())
        doc["saves"] = [{"kind": "x"}]
        with pytest.raises(alldata.DataError) as caught:
            alldata.read(json.dumps(doc))
        detail = mydata.refusal_detail(caught.value)
        assert caught.value.detail and caught.value.detail not in str(mydata.refusal_html(caught.value))
        assert str(detail) == words.t("shell.save.not_ours") and str(detail) in mydata.refusal_html(caught.value)
        bug = alldata.DataError("shell.data.error.unknown", detail="KeyError")
        assert "KeyError" in mydata.refusal_html(bug)
        english = alldata.DataError("shell.data.error.settings", detail="the tips shown are damaged")
        assert "tips shown" not in mydata.refusal_html(english)
    finally:
        i18n.use_language("en")


def _seat(i: int, name: object = "", **fields) -> dict:
    return {"name": f"P{i + 1}" if name == "" else name, "type": "human", "level": None,
            "style": i, **fields}


# (what is wrong, the seats, the catalogue id, its parameters): every refusal of validate_seats
BAD_SEATS = [
    ("no list", {"a": 1}, "shell.seats.missing", {}),
    ("too few", [_seat(0)], "shell.seats.count", {"n": 1, "low": 2, "high": 5}),
    ("too many", [_seat(i) for i in range(6)], "shell.seats.count", {"n": 6, "low": 2, "high": 5}),
    ("not a record", [_seat(0), "Bea"], "shell.seats.not_record", {"n": 2}),
    ("an empty name", [_seat(0), _seat(1, "   ")], "shell.seats.no_name", {"n": 2}),
    ("no name", [_seat(0, name=None), _seat(1)], "shell.seats.no_name", {"n": 1}),
    ("a long name", [_seat(0), _seat(1, "x" * 41)], "shell.seats.long_name", {"n": 2, "most": 40}),
    ("a type", [_seat(0, type="ghost"), _seat(1)], "shell.seats.type", {"n": 1}),
    ("a level", [_seat(0), _seat(1, type="bot", level="godlike")], "shell.seats.level", {"n": 2}),
    ("a colour", [_seat(0, style=99), _seat(1)], "shell.seats.colour", {"n": 1}),
    ("one colour twice", [_seat(0), _seat(1, style=0)], "shell.seats.same_colour", {"n": 2}),
]


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_every_refusal_of_the_seats_is_worded_in_the_language(lang):
    """validate_seats refuses each problem with its shell.seats.* id and parameters, worded in
    the page's language (never its English message): in the new-game form's sentence and in a
    saved game's refusal; two equal names (in any case, spaces around) only where asked (the
    form), since a stored game is read as it was made."""
    from tabletop.registry import get
    info = get("machu-picchu")
    words = i18n.use_language(lang)
    try:
        for what, seats, msg_id, params in BAD_SEATS:
            with pytest.raises(storage.RecordError) as refused:
                storage.validate_seats(seats, info=info)
            assert (refused.value.msg_id, refused.value.params) == (msg_id, params), what
            said = str(refusal_text(refused.value))
            assert said == words.t(msg_id, params) and "[" not in said, (what, said)
            assert str(refused.value) not in said and "seat" not in said, (what, said)
        with pytest.raises(storage.RecordError) as refused:
            storage.validate_seats([_seat(0), _seat(1)], 3, info=info)
        assert refused.value.msg_id == "shell.seats.count_save"
        assert str(refusal_text(refused.value)) == words.t("shell.seats.count_save", {"players": 3, "seats": 2})
        twins = [_seat(0, "Ann"), _seat(1, "Bea"), _seat(2, " ann ")]
        assert [s["name"] for s in storage.validate_seats(twins, info=info)] == ["Ann", "Bea", "ann"]
        with pytest.raises(storage.RecordError) as refused:
            storage.validate_seats(twins, info=info, distinct=True)
        assert (refused.value.msg_id, refused.value.params) == (
            "shell.seats.same_name", {"name": "ann", "first": 1, "n": 3})
        said = str(i18n.t("shell.form.seats_error", {"error": refusal_text(refused.value)}))
        assert "ann" in said and "1" in said and "3" in said and "seat" not in said
        assert said.startswith(str(words.t("shell.form.seats_error", {"error": ""})))
    finally:
        i18n.use_language("en")


def test_a_name_or_a_saves_text_in_a_refusal_is_isolated():
    """A right-to-left override typed in a player's name (or held by a save's move) stays inside
    it: the refusal's words isolate it (U+2068..U+2069), whether the rule's own refusal, the
    reason a save's move was refused for, or the undo's; numbers and choices are left as they are."""
    from shell.refusals import ILLEGAL_MOVE, worded
    hostile = "\u202eZed"
    said = str(worded("mp.refusal.produce", {"who": hostile, "corn": 1, "incas": 2}))
    assert "\u2068\u202eZed\u2069" in said and "\u2068" not in said.replace("\u2068\u202eZed\u2069", ""), said
    said = str(worded("mp.refusal.wrong_kind", {"who": "Ann", "expected": "setup"}))
    assert said == str(i18n.t("mp.refusal.wrong_kind", {"who": "\u2068Ann\u2069", "expected": "setup"}))
    said = str(worded(ILLEGAL_MOVE, {"n": 4, "action": "buy \u202eclay",
                                     "why": ["mp.refusal.no_llama", {"who": hostile}]}))
    assert "\u2068buy \u202eclay\u2069" in said and "\u2068\u202eZed\u2069" in said, said
    for msg_id in ("mp.refusal.undo_other", "ig.refusal.undo_other", "shell.seats.same_name"):
        said = str(worded(msg_id, {"name": hostile, "first": 1, "n": 2}))
        assert "\u2068\u202eZed\u2069" in said, (msg_id, said)
