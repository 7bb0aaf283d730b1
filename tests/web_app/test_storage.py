import json

import pytest

import machu_picchu as mp
from shell import saves, storage
from shell.storage import DictBackend, RecordError, Store


def record_for(game, seats, gid="g1"):
    return storage.make_record(gid, seats, game.to_save(), created="2026-01-01T00:00:00+00:00",
                               updated="2026-01-02T00:00:00+00:00",
                               meta=storage.game_meta(game, seats), viewer=0, reasons=[[1, "why"]],
                               seen={"0": {"log": 3, "princes": [-1, 4]}})


@pytest.fixture
def game():
    g = mp.new_game(players=2, seed=4, names=["Ann", "Bob"])
    for _ in range(5):
        g.apply(g.legal_actions()[0])
    return g


@pytest.fixture
def seats():
    return [{"name": "Ann", "type": "human", "level": None, "style": 0},
            {"name": "Bob", "type": "bot", "level": "hard", "style": 3}]


def test_record_round_trip_through_the_store(game, seats):
    store = Store(DictBackend())
    store.put(record_for(game, seats))
    rec = store.get("g1")
    assert rec["seats"] == seats and rec["reasons"] == [[1, "why"]]
    assert rec["seen"] == {"0": {"log": 3, "princes": [-1, 4]}}
    assert mp.load_game(rec["save"]).view(None) == game.view(None)
    store.set_current("g1")
    assert store.current() == "g1"
    assert [r["id"] for r in store.listing()] == ["g1"]
    store.delete("g1")
    assert store.current() is None and store.listing() == []


@pytest.mark.parametrize("change, message", [
    (lambda r: r.update(kind="other"), "not a saved game"),
    (lambda r: r.update(version=2), "unknown saved-game version"),
    (lambda r: r.update(id="../evil"), "no valid id"),
    (lambda r: r.update(save=[]), "holds no game"),
    (lambda r: r["seats"].append(dict(r["seats"][1], style=4)), "2 players but 3 seats"),
    (lambda r: r["seats"][1].update(style=0), "share a colour"),
    (lambda r: r["seats"][1].update(level="godlike"), "unknown bot level"),
    (lambda r: r["seats"][0].update(name="Eve"), "names do not match"),
    (lambda r: r.update(viewer=1), "viewer"),
    (lambda r: r.update(reasons=[["x", 1]]), "notes"),
    (lambda r: r.update(rev=-1), "revision"),
    (lambda r: r.update(rev=True), "revision"),
    (lambda r: r.update(rev="3"), "revision"),
    (lambda r: r.update(seen=[]), "last saw"),
    (lambda r: r.update(seen={"1": {"log": 3, "princes": [0, 0]}}), "last saw"),     # a bot's
    (lambda r: r.update(seen={"2": {"log": 3, "princes": [0, 0]}}), "last saw"),     # no seat 2
    (lambda r: r.update(seen={"0": {"log": -2, "princes": [0, 0]}}), "last saw"),
    (lambda r: r.update(seen={"0": {"log": True, "princes": [0, 0]}}), "last saw"),
    (lambda r: r.update(seen={"0": {"log": 3, "princes": [0] * 17}}), "last saw"),
    (lambda r: r.update(seen={"0": {"log": 3, "princes": [0, "1"]}}), "last saw"),
    (lambda r: r.update(seen={"0": {"log": {"deep": [1]}}}), "last saw"),
    (lambda r: r.update(seen={"0": {f"k{i}": 1 for i in range(9)}}), "last saw"),
    (lambda r: r.update(game="chess"), "a game this page does not have"),
    (lambda r: r.update(game=["machu-picchu"]), "a game this page does not have"),
    (lambda r: r["seats"][1].update(style=8), "unknown colour"),
    (lambda r: r.update(reasons=[[1, ["why", {"x": "y" * 700}]]]), "notes"),
])
def test_damaged_wrappers_are_refused(game, seats, change, message):
    rec = json.loads(json.dumps(record_for(game, seats)))
    change(rec)
    with pytest.raises(RecordError, match=message):
        storage.validate_record(rec)


def test_listing_shows_damaged_records_without_touching_the_others(game, seats):
    backend = DictBackend()
    store = Store(backend)
    store.put(record_for(game, seats, "good"))
    backend.set(storage.GAME_PREFIX + "bad", "{not json")
    backend.set("other-app:key", "x")
    before = dict(backend.data)
    listing = {r["id"]: r for r in store.listing()}
    assert set(listing) == {"good", "bad"}
    assert "error" in listing["bad"] and "meta" in listing["good"]
    assert backend.data == before


def test_tampered_actions_pass_the_wrapper_but_not_the_engine(game, seats):
    rec = record_for(game, seats)
    rec["save"]["actions"].append("buy pottery")
    clean = storage.validate_record(rec)
    with pytest.raises(mp.SaveError):
        mp.load_game(clean["save"])


def test_import_text(game, seats):
    text = json.dumps(record_for(game, seats))
    assert storage.parse_record_text(text, lambda: "new")["id"] == "g1"
    bare = storage.parse_record_text(json.dumps(game.to_save()), lambda: "new")
    assert bare["id"] == "new" and [s["type"] for s in bare["seats"]] == ["human", "human"]
    for bad in ("", "{", "[]", '{"kind": "machu-picchu-web-game"}', "x" * (storage.MAX_IMPORT_BYTES + 1)):
        with pytest.raises(RecordError):
            storage.parse_record_text(bad, lambda: "new")


def test_an_import_knows_the_game_it_repeats_and_a_copy_says_so(game, seats):
    """Importing a game saved here already (same game, seats and moves) names it, under whatever
    id; another version of it does not, and once kept as a copy it is listed as one."""
    store = Store(DictBackend())
    store.put(record_for(game, seats))
    same = storage.parse_record_text(json.dumps(record_for(game, seats)), lambda: "new")
    assert store.same_game(same) == "g1"
    assert store.same_game(dict(same, id="other")) == "g1"
    game.apply(game.legal_actions()[0])
    later = storage.parse_record_text(json.dumps(record_for(game, seats)), lambda: "new")
    assert store.same_game(later) is None
    store.put(storage.make_record("g2", seats, later["save"], created="", updated="", meta={},
                                  copy_of="g1"))
    assert store.get("g2")["copy_of"] == "g1" and "copy_of" not in store.get("g1")
    assert {r["id"]: r["copy"] for r in store.listing()} == {"g1": False, "g2": True}
    bad = dict(record_for(game, seats), copy_of="<x>")
    assert "copy_of" not in storage.validate_record(bad)


def test_prefs_are_sanitised():
    backend = DictBackend()
    store = Store(backend)
    assert store.prefs() == storage.DEFAULT_PREFS
    backend.set(storage.PREFS_KEY, json.dumps({"reasons": True, "pace": "warp"}))
    assert store.prefs() == {"reasons": True, "pace": "normal", "hints": True, "tips": False}
    backend.set(storage.PREFS_KEY, json.dumps({"hints": False, "reasons": "yes"}))
    assert store.prefs() == {"reasons": False, "pace": "normal", "hints": False, "tips": False}
    backend.set(storage.PREFS_KEY, "garbage")
    assert store.prefs() == storage.DEFAULT_PREFS


def test_export_name_is_safe():
    name = saves.export_name("machu-picchu", ['<img src=x>', "Bo b/../"], "2026-05-01T10:00:00+00:00")
    assert name == "machu-picchu-imgsrcx-Bob-20260501.json"
    assert saves.export_name("../x y", [], "") == "xy-players-save.json"


def test_records_name_their_game_and_those_made_before_games_had_ids_are_machu_picchu(game, seats):
    rec = json.loads(json.dumps(record_for(game, seats)))
    assert rec["game"] == "machu-picchu"
    del rec["game"]                                   # a record of the one-game page
    clean = storage.validate_record(rec)
    assert clean["game"] == "machu-picchu" and clean["seats"] == seats
    store = Store(DictBackend())
    store.put(rec)
    assert [(r["id"], r["game"]) for r in store.listing()] == [("g1", "machu-picchu")]


def test_a_literal_record_of_the_one_game_page_still_reads():
    """A record as the page stored it before it held several games (no "game", day in meta)."""
    old = {"kind": "machu-picchu-web-game", "version": 1, "id": "gold1",
           "created": "2026-01-01T00:00:00+00:00", "updated": "2026-01-02T00:00:00+00:00",
           "seats": [{"name": "Ann", "type": "human", "level": None, "style": 0},
                     {"name": "Bot 2", "type": "bot", "level": "medium", "style": 1}],
           "viewer": 0, "reasons": [[3, "takes the corn"]],
           "seen": {"0": {"log": 2, "princes": [-1, -1]}},
           "meta": {"day": 1, "names": ["Ann", "Bot 2"], "over": False, "to_move": "Ann",
                    "actions": 0, "winners": [], "humans": 1},
           "save": {"format": "machu-picchu-save", "format_version": 1,
                    "rules_version": mp.RULES_VERSION, "seed": 5,
                    "options": {"players": 2, "names": ["Ann", "Bot 2"], "learning": False},
                    "actions": []}}
    clean = storage.validate_record(json.loads(json.dumps(old)))
    assert clean["game"] == "machu-picchu" and clean["meta"]["day"] == 1
    assert mp.load_game(clean["save"]).names == ["Ann", "Bot 2"]


def test_seat_counts_follow_the_game():
    class Info:
        min_players, max_players, bot_levels = 3, 8, ("easy",)
    eight = [{"name": f"P{i}", "type": "human", "level": None, "style": i} for i in range(8)]
    assert len(storage.validate_seats(eight, info=Info)) == 8
    with pytest.raises(RecordError, match="3 to 8 players"):
        storage.validate_seats(eight[:2], info=Info)
    with pytest.raises(RecordError, match="bot level"):
        storage.validate_seats(eight[:2] + [{"name": "B", "type": "bot", "level": "hard", "style": 2}],
                               info=Info)


def test_store_writes_raise_for_the_caller():
    class Full(DictBackend):
        def set(self, key, value):
            raise OSError("QuotaExceededError")
    with pytest.raises(OSError):
        Store(Full()).set_current("g1")


def test_a_record_without_marks_of_what_was_seen_still_loads(game, seats):
    """Records saved before the marks existed have no "seen": they load with none."""
    rec = json.loads(json.dumps(record_for(game, seats)))
    del rec["seen"]
    assert storage.validate_record(rec)["seen"] == {}
