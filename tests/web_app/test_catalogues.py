"""The page's catalogues in every language it speaks (shell.i18n.LANGUAGE_NAMES): the same ids
as English's, each with the same placeholders (but OPTIONAL_FIELDS); plural entries with the forms CLDR gives that
language; no entry the code never asks for; no count glued to a plural noun outside a plural
entry ("{left} gems"); counts formatted as each language writes numbers."""
from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest

from shell import i18n
from tabletop.events import plural_category

ROOT = Path(__file__).resolve().parents[2]
LANGS = [lang for lang in i18n.LANGUAGE_NAMES if lang in i18n.languages()]
# The CLDR categories each language needs in a plural entry (integers only: counts)
CATEGORIES = {"en": {"one", "other"}, "fr": {"one", "other"}, "de": {"one", "other"}}
PLURAL_NOUNS = ("gems", "points", "cards", "steps", "llamas", "Incas", "players", "days", "kinds",
                "tiles", "stones", "farmers", "explorers", "artifacts", "games", "units", "moves",
                "turns", "districts", "goods", "priests", "Priests", "Virgins")
# Counts of players, two at least: no singular to fear in any of the three languages.
COUNTS_OF_PLAYERS = {"ig.game_start", "mp.ev.game_start", "mp.start.players", "mp.start.learning",
                     "shell.players_range"}
WORD_FIELDS = {"your", "seat", "district", "goods", "cards", "prof", "row", "icon"}   # no counts
# A pronoun English needs that another language may word its sentence without ("you": "du"
# and "er" take different verbs in German, "vous" and "il" in French).
OPTIONAL_FIELDS = {"you"}
PLURAL_KEYS = re.compile(r"^(zero|one|two|few|many|other|=\d+)$")


def texts(entry) -> list[str]:
    return list(entry.values()) if isinstance(entry, dict) else [entry]


def fields(entry) -> set[str]:
    return {name for text in texts(entry) for _, name, _, _ in string.Formatter().parse(text) if name}


def specs(entry) -> set[str]:
    return {spec for text in texts(entry) for _, _, spec, _ in string.Formatter().parse(text) if spec}


@pytest.fixture(scope="module")
def catalogues() -> dict[str, dict]:
    return {lang: i18n.load_catalogue(lang) for lang in LANGS}


def test_every_language_has_every_id_with_the_same_placeholders(catalogues):
    english = catalogues["en"]
    assert len(english) > 800
    for lang, catalogue in catalogues.items():
        assert sorted(set(english) - set(catalogue)) == [], f"{lang} lacks these"
        assert sorted(set(catalogue) - set(english)) == [], f"{lang} has these English has not"
        wrong = [k for k in english
                 if not fields(english[k]) - OPTIONAL_FIELDS <= fields(catalogue[k]) <= fields(english[k])]
        assert wrong == [], f"{lang}: placeholders differ from English's"


def test_every_template_reads_and_every_nested_entry_exists(catalogues):
    for lang, catalogue in catalogues.items():
        for key, entry in catalogue.items():
            for text in texts(entry):
                assert isinstance(text, str), (lang, key)
                list(string.Formatter().parse(text))          # raises on a broken template
            for spec in specs(entry):
                if "*" in spec:
                    assert any(k.startswith(spec.split("*")[0]) for k in catalogue), (lang, key, spec)
                else:
                    assert spec in catalogue and isinstance(catalogue[spec], dict), (lang, key, spec)


# French sets a space before ":" ";" "!" "?" "%" and inside « »: one that does not break, else a
# line may begin with the sign ("⚠" at one line's end, ": tirer" the next).
FRENCH_BREAKABLE = re.compile(r" [:;!?%»]|« ")


def test_french_signs_keep_their_word_on_the_same_line(catalogues):
    found = [(key, text) for key, entry in catalogues["fr"].items() for text in texts(entry)
             if FRENCH_BREAKABLE.search(re.sub(r"<[^>]*>", "", text))]
    assert found == [], f"{len(found)} French entries may break before a sign: {found[:5]}"


def test_plural_entries_have_their_languages_forms(catalogues):
    english = catalogues["en"]
    for lang, catalogue in catalogues.items():
        for key, entry in catalogue.items():
            if isinstance(english[key], dict):
                assert isinstance(entry, dict), f"{lang} {key}: English counts, so must this"
            if isinstance(entry, dict):
                assert all(PLURAL_KEYS.match(k) for k in entry), (lang, key)
                assert CATEGORIES[lang] <= set(entry), (lang, key, sorted(entry))


def test_no_count_is_glued_to_a_plural_noun_outside_a_plural_entry():
    """'{left} gems' read '1 gems': such a count is "n" of a plural entry, or words itself
    through one ('{left:ig.n.gem}')."""
    english = i18n.load_catalogue("en")
    glued = []
    for key, entry in english.items():
        forms = entry.values() if isinstance(entry, dict) else [entry]
        for text in forms:
            if key in COUNTS_OF_PLAYERS:
                continue
            for m in re.finditer(r"\{(\w+)\} (%s)\b(?!/)" % "|".join(PLURAL_NOUNS), text):
                if m.group(1) not in WORD_FIELDS and not (isinstance(entry, dict) and m.group(1) == "n"):
                    glued.append(f"{key}: {m.group(0)}")
    assert glued == []


def _code_strings() -> tuple[set[str], set[str]]:
    """Every string constant of the page's and the engines' Python, and every head of an id
    built in code (f"mp.district.{d}", "mp.n." + noun)."""
    consts, heads = set(), set()
    for base in ("web", "src"):
        for path in sorted((ROOT / base).rglob("*.py")):
            if "node_modules" in path.parts:
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Constant) and isinstance(node.value, str):
                    consts.add(node.value)
                elif isinstance(node, ast.JoinedStr) and node.values and isinstance(node.values[0], ast.Constant):
                    heads.add(node.values[0].value)
                elif (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add)
                      and isinstance(node.left, ast.Constant) and isinstance(node.left.value, str)):
                    heads.add(node.left.value)
    return consts, {h for h in heads if len(h) > 2}


# Entries the engine's own catalogue test requires though the page words them otherwise
# (tests/incan_gold/test_catalogue.py: words a page might need for actions and round ends).
ENGINE_LABELS = {"ig.action_torch", "ig.action_camp", "ig.kind_treasure", "ig.kind_artifact",
                 "ig.kind_hazard", "ig.end_all_left", "ig.end_bust"}


def test_no_catalogue_holds_an_id_nobody_asks_for():
    english = i18n.load_catalogue("en")
    consts, heads = _code_strings()
    nested = {spec for entry in english.values() for spec in specs(entry)}
    unused = [k for k in english
              if k not in consts and k not in nested and k not in ENGINE_LABELS
              and not any("*" in s and k.startswith(s.split("*")[0]) for s in nested)
              and not any(k.startswith(h) for h in heads)]
    assert unused == []


@pytest.mark.parametrize("lang,n,category", [
    ("en", 0, "other"), ("en", 1, "one"), ("en", 2, "other"),
    ("de", 0, "other"), ("de", 1, "one"), ("de", 21, "other"),
    ("fr", 0, "one"), ("fr", 1, "one"), ("fr", 2, "other"), ("fr", 1_000_000, "many"),
    ("fr-CA", 1, "one"), ("xx", 1, "other")])
def test_cldr_plural_categories(lang, n, category):
    assert plural_category(n, lang) == category


def test_counts_and_numbers_in_each_language():
    catalogue = {"gems": {"one": "{n} gem", "other": "{n} gems", "=0": "no gem"},
                 "left": "{left:gems} left, odds {odds} %", "hz": "a {h:hz.*}", "hz.fire": "fire"}
    fr = i18n.Words(catalogue, lang="fr")
    en = i18n.Words(catalogue, lang="en")
    assert en.t("left", {"left": 1, "odds": 7}) == "1 gem left, odds 7 %"
    assert en.t("left", {"left": 0, "odds": 7}) == "no gem left, odds 7 %"
    assert fr.t("gems", {"n": 1}) == "1 gem" and fr.t("gems", {"n": 0}) == "no gem"
    assert fr.t("gems", {"n": 1234}) == "1\u202f234 gems"
    assert i18n.Words(catalogue, lang="de").t("gems", {"n": 1234}) == "1.234 gems"
    assert en.t("gems", {"n": 1234}) == "1,234 gems"
    assert i18n.format_number(2.5, "fr") == "2,5" and i18n.format_number(2.5, "en") == "2.5"
    assert en.t("hz", {"h": "fire"}) == "a fire"
    assert en.t("left", {"odds": 1}) == "{left} left, odds 1 %"     # a missing field shows


def test_a_french_singular_says_its_count_since_french_counts_zero_in_it(catalogues):
    """French takes its "one" form for 0 as for 1 (plural_category): a "one" entry that writes
    the count as a 1 where "other" says {n} reads "1 partie" for none; it says {n}."""
    assert plural_category(0, "fr") == "one"
    one = re.compile(r"(?<![\d{])1(?!\d)")       # a 1 standing alone (not in {n} or 10)
    wrong = [msg_id for msg_id, entry in catalogues["fr"].items()
             if isinstance(entry, dict) and "{n}" in entry.get("other", "")
             and len(one.findall(entry.get("one", ""))) > len(one.findall(entry["other"]))]
    assert wrong == [], wrong
