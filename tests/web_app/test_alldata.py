"""All of the page's data in one file (web/shell/alldata.py): exported, deleted and imported back
to the same storage; a damaged, foreign, hostile or oversized file refused with nothing changed;
merged with what is kept here (kept once, conflicts counted); a full storage refused cleanly."""
import copy
import json
import random

import pytest

from tabletop import registry
from shell import alldata, records, storage
from shell.alldata import DataError
from shell.storage import DictBackend, Store

LANGS = ("en", "fr", "de")
STAMP = "2026-11-28T03:00:00+00:00"


def seats_for(names, bots=()):
    return [{"name": n, "type": "bot" if i in bots else "human",
             "level": "easy" if i in bots else None, "style": i} for i, n in enumerate(names)]


def played(game_id, seed, moves, names=("Ann", "Bea", "Cy")):
    """A game of `game_id` after `moves` random legal moves (None: to its end)."""
    info = registry.find(game_id)
    game = info.new_game(players=len(names), seed=seed, names=list(names))
    rng = random.Random(seed)
    k = 0
    while not game.is_over and (moves is None or k < moves):
        game.apply(rng.choice(game.legal_actions()))
        k += 1
    return game


def record(gid, game_id="machu-picchu", seed=1, moves=6, names=("Ann", "Bea", "Cy"), bots=(2,)):
    game = played(game_id, seed, moves, names)
    seats = seats_for(names, bots)
    return storage.make_record(gid, seats, game.to_save(), created=STAMP, updated=STAMP,
                               meta=storage.game_meta(game, seats), viewer=0, game=game_id,
                               reasons=[[2, "why"]], seen={"0": {"log": 3}})


def finished(gid, game_id="incan-gold", seed=3):
    game = played(game_id, seed, None)
    return records.result_of(gid, game_id, seats_for(("Ann", "Bea", "Cy"), (2,)), game,
                             started=STAMP, ended=f"2026-11-2{seed % 8}T03:00:00+00:00")


def filled() -> tuple[DictBackend, Store, records.Results]:
    """A browser's storage with saved games of both games (one over), finished games,
    preferences, a language, a form with seat names, the game last played and another site's key."""
    backend = DictBackend()
    store, results = Store(backend), records.Results(backend)
    store.put(record("mp1"))
    store.put(record("mp2", seed=2, moves=40, names=("Zoé", "<b>x</b>")))
    store.put(record("ig1", "incan-gold", seed=3, moves=None))
    for k, game_id in enumerate(("incan-gold", "machu-picchu", "incan-gold")):
        results.add(finished(f"r{k}", game_id, seed=k + 3))
    store.set_prefs({"reasons": True, "pace": "quick", "hints": False})
    backend.set(storage.LANG_KEY, "fr")
    store.set_form({"game": "incan-gold", "seats": seats_for(("Ann", "Rita", "Rand"), (1, 2)),
                    "options": {"diamant": True}, "seed": "42"})
    store.set_current("mp2")
    store.set_tips_seen("incan-gold", ["ig.guide.goal", "ig.guide.torch"])
    backend.set("other-site:key", "theirs")
    return backend, store, results


def state(store: Store, results: records.Results) -> dict:
    """What the page reads of its storage: every record validated, the settings."""
    backend = store.backend
    return {"saves": {i: store.get(i) for i in sorted(store.ids())},
            "results": {i: results.get(i) for i in sorted(results.ids())},
            "prefs": backend.get(storage.PREFS_KEY) and store.prefs(),
            "lang": backend.get(storage.LANG_KEY), "form": store.form(),
            "current": store.current(), "tips": store.tips_seen("incan-gold"),
            "keys": sorted(backend.keys())}


def import_text(text, store, results, ids=iter(f"new{k}" for k in range(100))):
    backup = alldata.read(text)
    plan = alldata.plan(backup, store, results, lambda: next(ids), LANGS)
    dropped = alldata.apply(plan, store, results)
    return plan, dropped


def test_export_delete_import_gives_the_same_storage():
    backend, store, results = filled()
    before = state(store, results)
    export = alldata.export_document(store, results, exported=STAMP)
    assert (export.saves, export.results, export.saves_left_out) == (3, 3, 0)
    text = export.text()
    doc = json.loads(text)
    assert (doc["app"], doc["kind"], doc["schema"]) == ("andes-games", "all-data", 1)
    assert alldata.file_name(STAMP) == "andes-games-data-2026-11-28.json"
    assert alldata.delete_everything(backend) == 3 + 3 + 5     # + prefs, lang, form, current, tips
    assert backend.data == {"other-site:key": "theirs"}        # another site's key stays
    plan, dropped = import_text(text, store, results)
    assert (plan.saves_added, plan.results_added, plan.settings_taken, dropped) == (3, 3, True, 0)
    assert plan.language == "fr"
    assert state(store, results) == before
    # the same file again: everything here already, nothing written
    again = dict(backend.data)
    plan, _ = import_text(text, store, results)
    assert (plan.saves_known, plan.results_known, plan.writes) == (3, 3, {})
    assert plan.settings_kept and not plan.settings_taken
    assert backend.data == again


def test_the_export_leaves_out_what_cannot_be_read_and_reads_back_whole():
    backend, store, results = filled()
    backend.set(storage.GAME_PREFIX + "torn", '{"kind": "machu-picchu-web-game", "ver')
    tampered = record("tampered")
    tampered["save"]["actions"].append("buy nothing at all")       # the engine refuses it
    store.put(tampered)
    backend.set(records.RESULT_PREFIX + "torn", "[1, 2")
    export = alldata.export_document(store, results, exported=STAMP)
    assert (export.saves, export.saves_left_out, export.results, export.results_left_out) == (3, 2, 3, 1)
    assert len(alldata.read(export.text()).saves) == 3


def rebuilt(change):
    """The export of `filled()` with `change(doc)` applied, as text."""
    _backend, store, results = filled()
    doc = json.loads(alldata.export_document(store, results, exported=STAMP).text())
    change(doc)
    return json.dumps(doc)


def _set(path, value):
    def change(doc):
        target = doc
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return change


ONE_SAVE = json.dumps(record("solo"))
REFUSED = {
    "empty": ("", "shell.data.error.not_json"),
    "not JSON": ("{not json", "shell.data.error.not_json"),
    "cut short": (rebuilt(lambda d: None)[:-40], "shell.data.error.not_json"),
    "nested deep": ("[" * 100_000 + "]" * 100_000, "shell.data.error.not_json"),
    "deep in a save": (rebuilt(lambda d: d["saves"][0].update(x=json.loads("[" * 30 + "]" * 30))),
                       "shell.data.error.not_json"),
    "too large": (" " * (alldata.MAX_FILE_CHARS + 1), "shell.data.error.too_large"),
    "a list": ("[1, 2, 3]", "shell.data.error.foreign"),
    "foreign JSON": ('{"name": "my notes", "items": []}', "shell.data.error.foreign"),
    "another app": (rebuilt(_set(["app"], "other-games")), "shell.data.error.foreign"),
    "one saved game": (ONE_SAVE, "shell.data.error.one_save"),
    "the statistics' file": (records.Results(DictBackend()).export_text(),
                             "shell.data.error.results_file"),
    "a newer schema": (rebuilt(_set(["schema"], 2)), "shell.data.error.newer"),
    "no schema": (rebuilt(_set(["schema"], "1")), "shell.data.error.structure"),
    "saves not a list": (rebuilt(_set(["saves"], {"mp1": {}})), "shell.data.error.structure"),
    "no settings": (rebuilt(lambda d: d.pop("settings")), "shell.data.error.structure"),
    "too many saves": (rebuilt(_set(["saves"], [0] * (alldata.MAX_SAVES + 1))),
                       "shell.data.error.too_many_saves"),
    "too many results": (rebuilt(_set(["results"], [0] * (records.MAX_RESULTS + 1))),
                         "shell.data.error.too_many_results"),
    "a save of another page": (rebuilt(_set(["saves", 1, "kind"], "x")), "shell.data.error.save"),
    "a save of an unknown game": (rebuilt(_set(["saves", 0, "game"], "chess")), "shell.data.error.save"),
    "a save's names changed": (rebuilt(_set(["saves", 0, "seats", 0, "name"], "Eve")),
                               "shell.data.error.save"),
    "an illegal move": (rebuilt(lambda d: d["saves"][2]["save"]["actions"].insert(0, "camp camp")),
                        "shell.data.error.save"),
    "a script for a move": (rebuilt(lambda d: d["saves"][0]["save"]["actions"].append(
        "<script>alert(1)</script>")), "shell.data.error.save"),
    "a damaged result": (rebuilt(_set(["results", 1, "players"], "everyone")), "shell.data.error.result"),
    "nine players in a result": (rebuilt(lambda d: d["results"][0]["players"].extend(
        [d["results"][0]["players"][0]] * 6)), "shell.data.error.result"),
    "two saves, one id": (rebuilt(lambda d: d["saves"].append(copy.deepcopy(d["saves"][0]))),
                          "shell.data.error.duplicate"),
    "two results, one id": (rebuilt(lambda d: d["results"].append(copy.deepcopy(d["results"][0]))),
                            "shell.data.error.duplicate"),
    "prefs not an object": (rebuilt(_set(["settings", "prefs"], ["pace"])), "shell.data.error.settings"),
    "a form of no game": (rebuilt(_set(["settings", "form", "game"], "chess")), "shell.data.error.settings"),
    "a form's seats": (rebuilt(_set(["settings", "form", "seats"], "<img src=x onerror=alert(1)>")),
                       "shell.data.error.settings"),
    "a language that is no code": (rebuilt(_set(["settings", "language"], "<svg onload=x>")),
                                   "shell.data.error.settings"),
    "a current game that is a path": (rebuilt(_set(["settings", "current"], "../../x")),
                                      "shell.data.error.settings"),
    "tips that are no list": (rebuilt(_set(["settings", "tips_seen", "incan-gold"], "all")),
                              "shell.data.error.settings"),
}


@pytest.mark.parametrize("name", list(REFUSED))
def test_a_damaged_foreign_hostile_or_oversized_file_changes_nothing(name):
    text, msg_id = REFUSED[name]
    backend, store, results = filled()
    before = dict(backend.data)
    with pytest.raises(DataError) as caught:
        import_text(text, store, results)
    assert caught.value.msg_id == msg_id
    assert backend.data == before


def test_a_refusal_names_the_entry_and_is_short():
    text = rebuilt(_set(["saves", 1, "seats", 2, "level"], "<script>" * 1000))
    with pytest.raises(DataError) as caught:
        alldata.read(text)
    assert caught.value.params == {"n": 2} and len(caught.value.detail) <= 300


def test_hostile_names_are_kept_as_text():
    """Names with markup in them are valid names: kept as they are (the page escapes them)."""
    backend, store, results = filled()
    text = alldata.export_document(store, results, exported=STAMP).text()
    alldata.delete_everything(backend)
    import_text(text, store, results)
    assert [s["name"] for s in store.get("mp2")["seats"]] == ["Zoé", "<b>x</b>"]


def test_an_import_merges_with_what_is_kept_here():
    _backend, store, results = filled()
    text = alldata.export_document(store, results, exported=STAMP).text()
    # another browser: mp1 here further along, mp2 another game under the same id, ig1 absent;
    # one finished game the same, one with other contents; its own preferences and language
    backend = DictBackend()
    here, kept = Store(backend), records.Results(backend)
    here.put(record("mp1", moves=12))
    here.put(record("mp2", seed=9, moves=3))
    here.put(record("own", "incan-gold", seed=5, moves=4))
    kept.add(finished("r0", "incan-gold", seed=3))
    kept.add(dict(finished("r1", "machu-picchu", seed=4), ended="2020-01-01T00:00:00+00:00"))
    here.set_prefs({"reasons": False, "pace": "slow", "hints": True})
    backend.set(storage.LANG_KEY, "de")
    mine = {k: v for k, v in backend.data.items()}
    plan, dropped = import_text(text, here, kept, iter(["copy1"]))
    assert (plan.saves_added, plan.saves_known, plan.saves_copied) == (1, 1, 1)
    assert (plan.results_added, plan.results_known, plan.results_differ) == (1, 1, 1)
    assert plan.settings_kept and not plan.settings_taken and plan.language is None
    assert dropped == 0
    # nothing kept here was written over; the file's mp2 sits beside it as a copy
    assert all(backend.data[k] == v for k, v in mine.items())
    assert sorted(here.ids()) == ["copy1", "ig1", "mp1", "mp2", "own"]
    copied = here.get("copy1")
    assert copied["copy_of"] == "mp2" and copied["save"] == store.get("mp2")["save"]
    assert {r["id"]: r.get("copy") for r in here.listing()}["copy1"] is True
    assert sorted(kept.ids()) == ["r0", "r1", "r2"]
    assert backend.get(storage.FORM_KEY) is not None          # none was kept here: the file's
    assert here.current() == "mp2"
    # the same file once more: the copy is known, nothing is written
    again = dict(backend.data)
    plan, _ = import_text(text, here, kept, iter(["copy2"]))
    assert (plan.saves_known, plan.saves_copied, plan.writes) == (3, 0, {})
    assert backend.data == again


def test_a_file_further_along_than_the_game_here_is_added_beside_it():
    _backend, store, results = filled()
    text = alldata.export_document(store, results, exported=STAMP).text()
    backend = DictBackend()
    here = Store(backend)
    here.put(record("mp1", moves=2))            # the file's mp1 (6 moves) goes further
    plan, _ = import_text(text, here, records.Results(backend), iter(["copy1"]))
    assert plan.saves_copied == 1 and here.get("mp1") == record("mp1", moves=2) | {
        "meta": here.get("mp1")["meta"]}
    assert here.get("copy1")["copy_of"] == "mp1"


def test_finished_games_past_the_cap_drop_the_oldest():
    _backend, store, results = filled()
    text = alldata.export_document(store, results, exported=STAMP).text()
    backend = DictBackend()
    kept = records.Results(backend, cap=4)
    for k in range(3):
        kept.add(dict(finished(f"old{k}"), ended=f"2001-01-0{k + 1}T00:00:00+00:00"))
    plan, dropped = import_text(text, Store(backend), kept)
    assert plan.results_added == 3 and dropped == 2
    assert sorted(kept.ids()) == ["old2", "r0", "r1", "r2"]


class QuotaBackend(DictBackend):
    """localStorage with a quota: a write past `limit` characters raises as the browser does."""

    def __init__(self, limit):
        super().__init__()
        self.limit = limit

    def set(self, key, value):
        used = sum(len(k) + len(v) for k, v in self.data.items() if k != key)
        if used + len(key) + len(value) > self.limit:
            raise OSError("QuotaExceededError: the quota has been exceeded")
        super().set(key, value)


def test_a_file_that_would_not_fit_is_refused_before_anything_is_written():
    _backend, store, results = filled()
    text = alldata.export_document(store, results, exported=STAMP).text()
    backend = DictBackend()
    here, kept = Store(backend), records.Results(backend)
    here.put(record("big", moves=30))
    before = dict(backend.data)
    plan = alldata.plan(alldata.read(text), here, kept, lambda: "c", LANGS)
    with pytest.raises(DataError) as caught:
        alldata.apply(plan, here, kept, quota=alldata.stored_chars(backend) + plan.chars - 1)
    assert caught.value.msg_id == "shell.data.error.full" and caught.value.params["need"] == plan.chars
    assert backend.data == before


def test_a_write_the_browser_refuses_takes_back_every_key_written():
    _backend, store, results = filled()
    text = alldata.export_document(store, results, exported=STAMP).text()
    backend = QuotaBackend(limit=0)
    here, kept = Store(backend), records.Results(backend)
    backend.data["other-site:key"] = "x" * 10
    plan = alldata.plan(alldata.read(text), here, kept, lambda: "c", LANGS)
    backend.limit = 10 + 14 + plan.chars // 2            # full half way through the writes
    before = dict(backend.data)
    with pytest.raises(DataError) as caught:
        alldata.apply(plan, here, kept)            # the estimate lets it through
    assert caught.value.msg_id == "shell.data.error.full"
    assert backend.data == before


def test_delete_everything_leaves_the_page_empty_and_other_sites_keys():
    backend, store, results = filled()
    assert alldata.counts(store, results) == {"saves": 3, "results": 3}
    alldata.delete_everything(backend)
    assert alldata.counts(store, results) == {"saves": 0, "results": 0}
    assert store.prefs() == storage.DEFAULT_PREFS and store.form() is None
    assert store.current() is None and backend.get(storage.LANG_KEY) is None
    assert backend.data == {"other-site:key": "theirs"}


def test_every_refusal_is_worded_in_every_language():
    import re
    from pathlib import Path
    from shell import i18n
    ids = set(re.findall(r'"(shell\.data\.error\.[a-z_]+)"', Path(alldata.__file__).read_text()))
    assert len(ids) >= 14
    for lang in LANGS:
        catalogue = i18n.load_catalogue(lang)
        assert sorted(ids - set(catalogue)) == [], lang


class PageLikeBackend(DictBackend):
    """The page's backend: its size and its writes in one call, all or nothing (app.py's
    LocalStorageBackend does both in JavaScript); `refuse`: the browser's error, if any."""

    def __init__(self, refuse=None):
        super().__init__()
        self.refuse = refuse

    def size(self):
        return sum(len(k) + len(v) for k, v in self.data.items())

    def set_many(self, pairs):
        if self.refuse:
            return self.refuse
        for key, value in json.loads(pairs):
            self.data[key] = value if isinstance(value, str) else json.dumps(value)
        return None


@pytest.mark.parametrize("refuse, msg_id", [
    (None, None), ("QuotaExceededError: The quota has been exceeded.", "shell.data.error.full"),
    ("SecurityError: The operation is insecure.", "shell.data.error.write")])
def test_the_pages_one_call_writes_the_same_storage_or_is_refused_whole(refuse, msg_id):
    backend, store, results = filled()
    before = state(store, results)
    text = alldata.export_document(store, results, exported=STAMP).text()
    alldata.delete_everything(backend)
    page = PageLikeBackend(refuse)
    page.data = dict(backend.data)
    store, results = Store(page), records.Results(page)
    if msg_id is None:
        import_text(text, store, results)
        assert state(store, results) == before
    else:
        with pytest.raises(DataError) as caught:
            import_text(text, store, results)
        assert caught.value.msg_id == msg_id and page.data == backend.data
