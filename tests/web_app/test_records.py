"""Finished games kept for the statistics (web/shell/records.py): written once per game, bounded,
damaged records listed and never counted, two tabs, export/import, delete."""
import json
import random

import pytest

from tabletop import registry
from shell import records, storage
from shell.storage import DictBackend

SEATS3 = [{"name": "Ann", "type": "human", "level": None, "style": 0},
          {"name": "Bot 2", "type": "bot", "level": "random", "style": 1},
          {"name": "Bot 3", "type": "bot", "level": "hard", "style": 2}]


def finished(game_id: str, seed: int = 1):
    """A game played to its end by random moves on the host."""
    info = registry.find(game_id)
    game = info.new_game(players=3, seed=seed, names=[s["name"] for s in SEATS3])
    rng = random.Random(seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return game


def result(gid="g1", ended="2026-11-28T01:00:00+00:00", game="incan-gold", scores=(10, 5, 3),
           won=(True, False, False), ending="rounds"):
    players = [{"name": s["name"], "type": s["type"], "level": s["level"], "score": sc, "won": w}
               for s, sc, w in zip(SEATS3, scores, won)]
    return {"kind": records.RESULT_KIND, "version": 1, "id": gid, "game": game, "ended": ended,
            "started": "", "players": players, "ending": ending, "rounds": 5, "actions": 30,
            "minutes": None}


@pytest.mark.parametrize("game_id", ["machu-picchu", "incan-gold"])
def test_a_finished_game_is_recorded_from_the_engines_result(game_id):
    game = finished(game_id)
    rec = records.result_of("g1", game_id, SEATS3, game, started="2026-11-28T01:00:00+00:00",
                            ended="2026-11-28T01:12:20+00:00")
    res = game.result()
    assert rec["ending"] == res["reason"]          # read from the engine, never guessed
    assert rec["ending"] in ({"priests", "cards", "conquest"} if game_id == "machu-picchu" else {"rounds"})
    assert [p["score"] for p in rec["players"]] == [s["final"] for s in res["seats"]]
    assert [i for i, p in enumerate(rec["players"]) if p["won"]] == res["winners"]
    assert [(p["type"], p["level"]) for p in rec["players"]] == [("human", None), ("bot", "random"), ("bot", "hard")]
    assert rec["actions"] == len(game.history) and rec["minutes"] == 12
    view = game.view(None)
    assert rec["rounds"] == (view["round"] if game_id == "incan-gold" else view["day"])
    assert records.validate_result(json.loads(json.dumps(rec))) == rec


def test_each_game_is_written_once_whatever_shows_its_end_again():
    backend = DictBackend()
    tab_a, tab_b = records.Results(backend), records.Results(backend)
    assert tab_a.add(result("g1")) is True
    written = dict(backend.data)
    assert tab_a.add(result("g1", ended="2026-11-28T02:00:00+00:00")) is False   # shown again
    assert tab_b.add(result("g1", ended="2026-11-28T03:00:00+00:00")) is False   # another tab
    assert backend.data == written
    assert [r["id"] for r in tab_b.listing()] == ["g1"]


def test_two_tabs_finishing_games_at_once_both_keep_their_result():
    backend = DictBackend()
    tab_a, tab_b = records.Results(backend), records.Results(backend)
    seen_a = tab_a.listing()                       # both tabs read before either writes
    seen_b = tab_b.listing()
    assert seen_a == seen_b == []
    tab_a.add(result("ga"))
    tab_b.add(result("gb", ended="2026-11-28T01:00:01+00:00"))
    assert [r["id"] for r in tab_a.listing()] == ["gb", "ga"]


def test_a_damaged_record_is_listed_as_damaged_and_hides_nothing():
    backend = DictBackend()
    kept = records.Results(backend)
    kept.add(result("g1"))
    backend.set(records.RESULT_PREFIX + "bad", '{"kind": "tabletop-finished-game", "version": 1, "id": "bad"')
    backend.set(records.RESULT_PREFIX + "deep", "[" * 5000 + "]" * 5000)
    backend.set(records.RESULT_PREFIX + "g2", json.dumps(dict(result("g2"), players="Ann")))
    backend.set(records.RESULT_PREFIX + "g3", json.dumps(result("other")))    # id does not match
    listing = kept.listing()
    assert [r["id"] for r in listing if "error" not in r] == ["g1"]
    assert sorted(r["id"] for r in listing if "error" in r) == ["bad", "deep", "g2", "g3"]
    kept.delete("bad")
    assert "bad" not in kept.ids()


def test_the_oldest_are_dropped_past_the_cap_damaged_first():
    backend = DictBackend()
    kept = records.Results(backend, cap=3)
    backend.set(records.RESULT_PREFIX + "bad", "not json")
    for k in range(4):
        kept.add(result(f"g{k}", ended=f"2026-11-2{k}T00:00:00+00:00"))
    assert sorted(kept.ids()) == ["g1", "g2", "g3"]


def test_export_and_import_every_finished_game():
    source = records.Results(DictBackend())
    for k in range(3):
        source.add(result(f"g{k}", ended=f"2026-11-2{k}T00:00:00+00:00"))
    source.backend.set(records.RESULT_PREFIX + "bad", "{")
    text = source.export_text()
    target = records.Results(DictBackend())
    target.add(result("g1"))
    assert target.import_text(text) == (2, 1)          # g1 kept already; the damaged one not exported
    assert sorted(target.ids()) == ["g0", "g1", "g2"]
    assert target.import_text(text) == (0, 3)
    with pytest.raises(storage.RecordError):
        target.import_text('{"kind": "machu-picchu-web-game"}')
    with pytest.raises(storage.RecordError):
        target.import_text("[" * 10000)


def test_delete_one_and_all():
    kept = records.Results(DictBackend())
    for k in range(3):
        kept.add(result(f"g{k}"))
    kept.delete("g1")
    assert sorted(kept.ids()) == ["g0", "g2"]
    kept.backend.set(storage.GAME_PREFIX + "g0", "a saved game stays")
    assert kept.delete_all() == 2 and kept.ids() == []
    assert storage.GAME_PREFIX + "g0" in kept.backend.data


def test_one_games_finished_games_are_forgotten_alone():
    kept = records.Results(DictBackend())
    kept.add(result("ig1"))
    kept.add(result("ig2", game="incan-gold"))
    kept.add(result("mp1", game="machu-picchu", ending="priests"))
    kept.backend.set(records.RESULT_PREFIX + "torn", "{")
    kept.backend.set(storage.GAME_PREFIX + "ig1", "a saved game stays")
    assert kept.delete_game("incan-gold") == 2
    assert sorted(kept.ids()) == ["mp1", "torn"]        # the other game's, and the damaged one
    assert storage.GAME_PREFIX + "ig1" in kept.backend.data


def test_hostile_fields_are_refused_or_cleaned():
    bad_level = result("g1")
    bad_level["players"][1]["level"] = "<script>"
    with pytest.raises(storage.RecordError):
        records.validate_result(bad_level)
    odd = dict(result("g1"), ending="<b>", rounds=-1, actions="many", minutes=10 ** 9)
    clean = records.validate_result(odd)
    assert (clean["ending"], clean["rounds"], clean["actions"], clean["minutes"]) == (None, None, None, None)


class OneReadBackend(DictBackend):
    """A backend that reads every key of a prefix at once (as the page's localStorage does)."""

    def __init__(self):
        super().__init__()
        self.reads = 0

    def items(self, prefix):
        self.reads += 1
        return [(k, v) for k, v in self.data.items() if k.startswith(prefix)]

    def get(self, key):
        self.reads += 1
        return super().get(key)


def test_a_backend_that_reads_at_once_gives_the_same_listing_in_one_read():
    plain, fast = records.Results(DictBackend()), records.Results(OneReadBackend())
    for kept in (plain, fast):
        for k in range(5):
            kept.add(result(f"g{k}", ended=f"2026-11-2{k}T00:00:00+00:00"))
        kept.backend.set(records.RESULT_PREFIX + "bad", "{")
    fast.backend.reads = 0
    assert fast.listing() == plain.listing()
    assert fast.backend.reads == 1


class JoinedBackend(OneReadBackend):
    """A backend that joins every record of a prefix into one JSON list, as the page's does."""

    def joined(self, prefix, longest):
        self.reads += 1
        found = [(k, v) for k, v in self.data.items() if k.startswith(prefix)]
        return (json.dumps([k for k, _ in found]),
                "[" + ",".join(v if len(v) <= longest else "null" for _, v in found) + "]")


@pytest.mark.parametrize("bad", [None, "{", "1,2", '0],[0', "[" * 3000 + "]" * 3000, "x" * 5000,
                                 json.dumps(result("other"))])
def test_records_joined_in_one_read_give_the_same_listing_whatever_is_damaged(bad):
    plain, fast = records.Results(DictBackend()), records.Results(JoinedBackend())
    for kept in (plain, fast):
        for k in range(5):
            kept.add(result(f"g{k}", ended=f"2026-11-2{k}T00:00:00+00:00"))
        if bad is not None:
            kept.backend.set(records.RESULT_PREFIX + "bad", bad)
    fast.backend.reads = 0
    assert fast.listing() == plain.listing()
    assert fast.backend.reads == (1 if bad is None else 2)


def test_a_guided_game_is_kept_marked_guided_and_an_old_record_reads_as_not_guided():
    """A guided first game ("Learn to play") ends like any other: its record is kept (listed,
    exported, deletable) and says it was guided; the page marks it from the save's guide
    run (saves.Saves.remember_finished: the table's GuideRun, guided or the tips of an ordinary game); a record kept before the mark reads as not guided; a
    mark that is not true or false is damage."""
    from types import SimpleNamespace
    from shell.saves import Saves
    game = finished("incan-gold")
    store = records.Results(DictBackend())
    for gid, guide in (("g1", SimpleNamespace(guided=True)), ("g2", SimpleNamespace(guided=False)),
                       ("g3", None)):
        table = SimpleNamespace(game=game, rec={"id": gid, "created": "2026-11-28T01:00:00+00:00"},
                                info=registry.find("incan-gold"), seats=SEATS3, guide=guide)
        Saves(SimpleNamespace(table=table), None, None, None, None, store=None, sync=None,
              results=store, reread_stats=print, leave_replay=print).remember_finished()
    assert {r["id"]: r.get("guided", False) for r in store.listing()} == {"g1": True, "g2": False, "g3": False}
    back = records.Results(DictBackend())
    assert back.import_text(store.export_text()) == (3, 0)
    assert {r["id"]: r.get("guided", False) for r in back.listing()} == {"g1": True, "g2": False, "g3": False}
    old = result("old")
    assert "guided" not in old and records.validate_result(old) == old      # read as it was kept
    with pytest.raises(storage.RecordError):
        records.validate_result(dict(old, guided="yes"))
