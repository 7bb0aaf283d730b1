"""The page's words (web/shell/i18n.py): templates, plurals, names isolated and escaped."""
from __future__ import annotations

import json

from shell import i18n
from shell.i18n import Words
from tabletop import catalogues, registry

CAT = {"hello": "Hello {seat}!", "split": {"one": "{n} gem for {who_seats}",
                                           "other": "{n} gems for {who_seats}"},
       "shell.and": "and", "broken": "x {0[1]} y"}


def test_template_fields_are_escaped_and_seats_named_in_bdi():
    w = Words(CAT, ["<b>Ann</b>", "Bea", "שרה"])
    assert w.t("hello", {"seat": 0}) == "Hello <bdi>&lt;b&gt;Ann&lt;/b&gt;</bdi>!"
    assert w.t("split", {"n": 1, "who_seats": [2]}) == "1 gem for <bdi>שרה</bdi>"
    assert w.t("split", {"n": 3, "who_seats": [0, 1, 2]}) == (
        "3 gems for <bdi>&lt;b&gt;Ann&lt;/b&gt;</bdi>, <bdi>Bea</bdi> and <bdi>שרה</bdi>")


def test_an_empty_list_of_seats_reads_nobody():
    w = Words({**CAT, "shell.nobody": "nobody"}, ["Ann"])
    assert w.t("split", {"n": 0, "who_seats": []}) == "0 gems for nobody"
    assert Words(CAT, ["Ann"]).t("split", {"n": 2, "who_seats": []}) == "2 gems for nobody"


def test_unknown_ids_missing_fields_and_broken_templates_never_raise():
    w = Words(CAT, ["Ann"])
    assert w.t("nope", {}) == "[nope]"
    assert w.t("<x>") == "[&lt;x&gt;]"
    assert w.t("hello", {}) == "Hello {seat}!"
    assert w.t("broken", {}) == "[broken]"
    assert w.t("hello", {"seat": 7}) == "Hello 7!"        # not a seat of this game: as text
    assert w.event(["hello", {"seat": 0}]) == "Hello <bdi>Ann</bdi>!"
    assert w.event("junk").startswith("[")


def test_catalogues_of_a_language_are_merged_and_every_file_is_valid_json(tmp_path):
    shell = tmp_path / i18n.SHELL_CATALOGUE / "en"
    shell.mkdir(parents=True)
    (shell / "a.json").write_text(json.dumps({"shell.x": "1", "shell.y": "2"}))
    (shell / "b.json").write_text(json.dumps({"shell.y": "3", "shell.z": "4"}))
    assert i18n.load_catalogue("en", tmp_path) == {"shell.x": "1", "shell.y": "2", "shell.z": "4"}
    assert i18n.load_catalogue("xx", tmp_path) == {}


def test_two_games_cannot_collide_on_an_id(tmp_path):
    """Each owner's ids start with its prefix (the shell's "shell.", a game's
    `GameInfo.catalogue_prefix`): an entry outside it is refused, so a game cannot redefine
    another's words or the shell's."""
    infos = registry.games()
    prefixes = [i18n.SHELL_PREFIX] + [g.catalogue_prefix for g in infos]
    assert all(p.endswith(".") and p.count(".") == 1 for p in prefixes)
    assert len(set(prefixes)) == len(prefixes) == len(infos) + 1
    mp, ig = (tmp_path / g.catalogue / "en" for g in infos[:2])
    for folder in (mp, ig, tmp_path / i18n.SHELL_CATALOGUE / "en"):
        folder.mkdir(parents=True)
    (mp / "a.json").write_text(json.dumps({"mp.x": "MP", "ig.x": "MP's", "shell.and": "MP's"}))
    (ig / "a.json").write_text(json.dumps({"ig.x": "IG", "mp.x": "IG's", "x": "bare"}))
    assert i18n.load_catalogue("en", tmp_path) == {"mp.x": "MP", "ig.x": "IG"}
    assert catalogues.read(ig.parent, "en", "ig.") == ({"ig.x": "IG"}, ["mp.x", "x"])


def test_shipped_catalogues_define_each_id_once_in_their_owners_prefix():
    seen: dict[str, str] = {}
    for folder, prefix in i18n.catalogue_folders():
        for lang in catalogues.languages(folder):
            assert catalogues.read(folder, lang, prefix)[1] == [], (folder, lang)
        for path in sorted((folder / "en").glob("*.json")):
            for key in json.loads(path.read_text(encoding="utf-8")):
                assert key not in seen, f"{key} is in {seen.get(key)} and {path}"
                seen[key] = str(path)
    assert "shell.and" in seen and "shell.nobody" in seen and "ig.reveal" in seen
