"""Stored records and imported files are untrusted: each is read within bounds and on its own.

A damaged, tampered or hostile record is listed as broken (to delete or export as it is); the
others open as before; nothing is ever parsed without a size and nesting bound."""
import json

import pytest

import machu_picchu as mp
from shell import saves, storage
from shell.storage import DictBackend, RecordError, Store


SEATS = [{"name": "Ann", "type": "human", "level": None, "style": 0},
         {"name": "Bob", "type": "bot", "level": "hard", "style": 3}]


def good_record(gid="good", actions=4):
    g = mp.new_game(players=2, seed=4, names=["Ann", "Bob"])
    for _ in range(actions):
        g.apply(g.legal_actions()[0])
    seats = [dict(s) for s in SEATS]
    return storage.make_record(gid, seats, g.to_save(), created="c", updated="2026-01-02",
                               meta=storage.game_meta(g, seats))


def nested(depth):
    return "[" * depth + "]" * depth


def with_meta(meta):
    rec = good_record("tampered")
    rec["meta"] = meta
    return json.dumps(rec)


HOSTILE = {
    "not-json": "{not json",
    "deep-list": nested(10_000),
    "deep-in-record": json.dumps(good_record("deep-in-record"))[:-1] + ',"x":' + nested(5_000) + "}",
    "deep-objects": '{"a":' * 3_000 + "1" + "}" * 3_000,
    "empty": "",
    "null": "null",
    "number": "1e999",
    "array": "[1, 2]",
    "huge": '"' + "x" * (storage.MAX_RECORD_CHARS + 10) + '"',
    "seen-unicode-digit": json.dumps(dict(good_record("seen-unicode-digit"),
                                          seen={"²": {"log": 1, "princes": [0, 0]}})),
    "wrong-id": json.dumps(good_record("somebody-else")),
}


@pytest.fixture
def store():
    backend = DictBackend()
    s = Store(backend)
    s.put(good_record("good"))
    for key, text in HOSTILE.items():
        backend.set(storage.GAME_PREFIX + key, text)
    return s


def test_every_hostile_record_is_listed_as_broken_and_the_good_one_opens(store):
    listing = {r["id"]: r for r in store.listing()}
    assert set(listing) == set(HOSTILE) | {"good"}
    for key in HOSTILE:
        assert "error" in listing[key], key
        assert len(listing[key]["error"]) <= 300
    assert listing["good"]["meta"]["names"] == ["Ann", "Bob"]
    rec = store.get("good")
    assert len(mp.load_game(rec["save"]).history) == 4


def test_deeply_nested_records_are_refused_before_parsing(store, monkeypatch):
    """json.loads never sees a document deeper than the bound (on Pyodide it would kill Python)."""
    seen = []
    real = json.loads
    monkeypatch.setattr(json, "loads", lambda text, *a, **k: seen.append(len(text)) or real(text, *a, **k))
    for key in ("deep-list", "deep-in-record", "deep-objects", "huge"):
        with pytest.raises(RecordError, match="nested too deeply|too large"):
            store.get(key)
    assert seen == []


def test_a_broken_record_can_be_exported_as_it_is_and_deleted(store):
    assert store.get_text("deep-list") == nested(10_000)
    store.delete("deep-list")
    assert "deep-list" not in {r["id"] for r in store.listing()}
    assert saves.damaged_export_name("../x y<>") == "machu-picchu-damaged-xy.json"


@pytest.mark.parametrize("meta", [
    None, [], "text", 7,
    {"winners": 5, "over": True},
    {"winners": [1, None, {"a": 1}, "Ann"], "over": True},
    {"names": [1, 2], "day": "3", "to_move": ["x"], "actions": -1, "humans": True},
    {"names": ["A" * 10_000, "B"], "to_move": "C" * 10_000, "day": 10 ** 9},
    {},
])
def test_any_summary_renders_and_the_game_still_opens(meta):
    from shell import screens
    store = Store(DictBackend())
    store.backend.set(storage.GAME_PREFIX + "tampered", with_meta(meta))
    (entry,) = store.listing()
    assert "error" not in entry
    clean = entry["meta"]
    assert all(isinstance(w, str) and len(w) <= storage.MAX_NAME for w in clean["winners"])
    assert all(isinstance(n, str) and len(n) <= storage.MAX_NAME for n in clean["names"])
    assert clean["to_move"] is None or len(clean["to_move"]) <= storage.MAX_NAME
    assert clean["day"] == "?" or 0 <= clean["day"] <= 999
    assert clean["stage"] == storage.clean_stage(clean["stage"]) and len(clean["stage"]) <= 40
    html = screens.saves_html(store.listing(), {"machu-picchu": "The Princes of Machu Picchu"},
                              dates={})
    assert 'data-act="continue" data-v="tampered"' in html
    assert mp.load_game(store.get("tampered")["save"]).history


def test_a_nested_bracket_import_is_refused_with_a_short_message():
    text = nested(10_000)      # 20 KB: far below the size limit, far over the nesting limit
    with pytest.raises(RecordError, match="nested too deeply") as info:
        storage.parse_record_text(text, lambda: "new")
    assert len(str(info.value)) < 200


def test_an_import_message_never_repeats_a_long_input():
    rec = good_record("g1")
    rec["seats"][1]["level"] = "x" * 1_900_000
    with pytest.raises(RecordError) as info:
        storage.parse_record_text(json.dumps(rec), lambda: "new")
    assert len(str(info.value)) < 200
    rec = good_record("g1")
    rec["version"] = "v" * 1_000_000
    with pytest.raises(RecordError) as info:
        storage.parse_record_text(json.dumps(rec), lambda: "new")
    assert len(str(info.value)) < 200


def test_prefs_too_deep_or_too_large_fall_back_to_the_defaults():
    backend = DictBackend()
    store = Store(backend)
    for text in (nested(10_000), '{"pace": "' + "x" * 100_000 + '"}'):
        backend.set(storage.PREFS_KEY, text)
        assert store.prefs() == storage.DEFAULT_PREFS


def test_records_carry_a_revision_and_old_records_without_one_read_as_zero():
    store = Store(DictBackend())
    rec = good_record("g1")
    del rec["rev"]
    store.put(rec)
    assert store.get("g1")["rev"] == 0 and store.revision("g1") == 0
    assert store.put_checked(good_record("g1"), 0) == 1
    assert store.get("g1")["rev"] == 1
    with pytest.raises(storage.RevisionConflict):
        store.put_checked(good_record("g1"), 0)
    assert store.revision("g1") == 1
    assert store.revision("missing") is None


def test_the_saves_list_says_plainly_what_a_damaged_summary_lacks():
    from shell import screens
    store = Store(DictBackend())
    for gid, meta in (("a", {"over": True, "winners": 5}), ("b", {"day": "x", "to_move": None})):
        rec = good_record(gid)
        rec["meta"] = meta
        store.backend.set(storage.GAME_PREFIX + gid, json.dumps(rec))
    html = screens.saves_html(store.listing(), {}, dates={})
    assert "Finished · saved" in html and "<small>saved" in html and "won" not in html and "Day ?" not in html and "None" not in html
