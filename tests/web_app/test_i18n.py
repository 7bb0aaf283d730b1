"""The page's words (web/shell/i18n.py): templates, plurals, names isolated and escaped."""
from __future__ import annotations

import json

from shell import i18n
from shell.i18n import Words

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
    (tmp_path / "en").mkdir()
    (tmp_path / "en" / "a.json").write_text(json.dumps({"x": "1", "y": "2"}))
    (tmp_path / "en" / "b.json").write_text(json.dumps({"y": "3", "z": "4"}))
    assert i18n.load_catalogue("en", tmp_path) == {"x": "1", "y": "2", "z": "4"}
    assert i18n.load_catalogue("xx", tmp_path) == {}


def test_shipped_catalogues_define_each_id_once():
    seen: dict[str, str] = {}
    for path in sorted((i18n.LOCALES / "en").glob("*.json")):
        for key in json.loads(path.read_text(encoding="utf-8")):
            assert key not in seen, f"{key} is in {seen.get(key)} and {path.name}"
            seen[key] = path.name
    assert "shell.and" in seen and "shell.nobody" in seen
