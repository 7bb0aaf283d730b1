"""The shell's words all come from its catalogue (web/shell/locales/en/shell.json): every id the
shell's modules ask for exists, every entry is asked for, and the page's language is chosen."""
from __future__ import annotations

import ast
import json
import string
from pathlib import Path

import tabletop
from shell import i18n, screens

SHELL = Path(i18n.__file__).resolve().parent
# The shared engine package names the shell's ids of the saves' refusals (tabletop.errors.Worded)
TABLETOP = Path(tabletop.__file__).resolve().parent
KIT = SHELL.parent / "kit"          # the kit's words (kit.words) name the shell's "and", "nobody"
CATALOGUE = json.loads((i18n.LOCALES / "en" / "shell.json").read_text(encoding="utf-8"))


def _ids_in_shell() -> tuple[set[str], set[str]]:
    """(ids asked for by name, prefixes of ids built in f-strings) in web/shell/*.py: the first
    argument of every call of `t`, and every string constant that names a catalogue entry (in
    src/tabletop/ too: the ids its errors carry; and web/kit/: the words' "and" and "nobody")."""
    exact, prefixes = set(), set()
    for path in sorted([*TABLETOP.glob("*.py"), *KIT.glob("*.py")]):
        exact.update(node.value for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                     if isinstance(node, ast.Constant) and isinstance(node.value, str)
                     and node.value in CATALOGUE)
    for path in sorted(SHELL.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in CATALOGUE:
                exact.add(node.value)
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "t" and node.args):
                continue
            arg = node.args[0]
            if isinstance(arg, ast.IfExp) and all(isinstance(a, ast.Constant) for a in (arg.body, arg.orelse)):
                exact.update((arg.body.value, arg.orelse.value))
            elif isinstance(arg, ast.Constant):
                exact.add(arg.value)
            elif isinstance(arg, ast.JoinedStr) and isinstance(arg.values[0], ast.Constant):
                prefixes.add(arg.values[0].value)
            elif path.name == "games.py" and isinstance(arg, ast.Name):
                pass        # a game's ids (BLURB, ...): see test_ids_built_from_data_cover_the_data
            elif path.name == "mydata.py" and isinstance(arg, ast.Attribute) and arg.attr == "msg_id":
                pass        # a refusal's id: alldata.py's constants (test_alldata checks them)
            else:
                raise AssertionError(f"{path.name}:{arg.lineno}: an id the test cannot read")
    return exact, prefixes


def test_every_id_the_shell_asks_for_is_in_the_catalogue_and_every_entry_is_asked_for():
    exact, prefixes = _ids_in_shell()
    assert len(exact) > 100 and prefixes
    assert sorted(exact - set(CATALOGUE)) == []
    for prefix in prefixes:
        assert any(k.startswith(prefix) for k in CATALOGUE), prefix
    counted = {spec for entry in CATALOGUE.values()        # "{saves:shell.data.n.saves}"
               for text in (entry.values() if isinstance(entry, dict) else [entry])
               for _, _, spec, _ in string.Formatter().parse(text) if spec in CATALOGUE}
    unused = [k for k in CATALOGUE if k not in exact | counted
              and not any(k.startswith(p) for p in prefixes)]
    assert unused == []


def test_ids_built_from_data_cover_the_data():
    from kit.seats import SEAT_STYLES
    from shell import games, storage
    from tabletop import registry
    for style in SEAT_STYLES:
        assert f"shell.colour.{style['name'].lower()}" in CATALOGUE
        assert f"shell.shape.{style['shape']}" in CATALOGUE
    for pace in storage.PACES:
        assert f"shell.pace.{pace}" in CATALOGUE
    everything = i18n.load_catalogue("en")
    for info in registry.games():
        for level in info.bot_levels:
            assert f"shell.level.{level}" in CATALOGUE, (info.id, level)
        form, card = games.form_game(info), games.card(info)     # the game's home words
        for text in (card["blurb"], form["bot_note"], *(w for o in form["options"] for w in o[1:])):
            assert text and not text.startswith("["), (info.id, text)
        views = games.views(info)
        ids = [views.blurb, views.bot_note, *(i for pair in views.option_labels.values() for i in pair)]
        assert all(i in everything for i in ids), info.id
        assert set(views.option_labels) == {o.key for o in info.options}


def test_the_screens_speak_the_chosen_language(tmp_path):
    shell = tmp_path / i18n.SHELL_CATALOGUE
    (shell / "en").mkdir(parents=True)
    (shell / "xx").mkdir()
    (shell / "en" / "shell.json").write_text(json.dumps(CATALOGUE))
    (shell / "xx" / "shell.json").write_text(json.dumps({"shell.hint.ask": "Indice ?"}))
    try:
        i18n.use_language("xx", tmp_path)
        html = screens.hint_html("medium", None, ["x"])
        assert "Indice ?" in html and "What would the medium bot do here?" in html   # English under it
    finally:
        i18n.use_language()
    assert "Hint?" in screens.hint_html("medium", None, ["x"])


def test_the_language_is_the_first_wanted_that_has_a_catalogue():
    have = ["en", "fr", "pt-BR"]
    assert i18n.choose_language(["de-AT", "fr-CA", "en"], have) == "fr"
    assert i18n.choose_language(["pt-br"], have) == "pt-BR"
    assert i18n.choose_language(["", None, "de"], have) == "en"
    assert i18n.choose_language([], have) == "en"
    assert "en" in i18n.languages()


def test_no_module_asks_for_words_at_import():
    """Words asked for at import would stay in the language of the build's memory snapshot
    (English), whatever the page chose: the page's modules word themselves when they draw."""
    at_import = []
    for path in sorted(i18n.WEB.glob("*/**/*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                continue
            for call in ast.walk(node):
                if isinstance(call, ast.Call) and "t" in (getattr(call.func, "id", None),
                                                          getattr(call.func, "attr", None)):
                    at_import.append(f"{path.relative_to(i18n.WEB)}:{call.lineno}")
    assert at_import == []


def test_the_static_skeleton_introduces_every_registered_game_from_its_own_catalogue():
    """index.html's words are written by the build (skeleton.site_texts): each registered game
    by its name and its catalogue's "<prefix>home.intro.html", none named in the shell's."""
    from shell import skeleton
    from tabletop import registry
    texts = skeleton.site_texts()
    for info in registry.games():
        assert f"<b>{info.name}</b>" in texts["intro"] and info.name in texts["description"]
        assert f"{info.catalogue_prefix}home.intro.html" in i18n.load_catalogue("en")
    assert not [k for k in CATALOGUE if k.startswith("shell.static.intro_") and k != "shell.static.intro_title"
                and k != "shell.static.intro_note" and k != "shell.static.intro_label"]


def test_no_shell_word_names_a_game():
    """A game's names are its own catalogue's ("<prefix>name", "<prefix>short_name"): the shell's
    catalogue, in every language, names no registered game, so that a game added to the
    registry adds no shell id."""
    from shell import games
    for lang in i18n.languages():
        words = i18n.use_language(lang)
        shell_words = json.dumps(json.loads((i18n.LOCALES / lang / "shell.json").read_text(encoding="utf-8")),
                                 ensure_ascii=False)
        for info in games.available():
            for name in {info.name, games.game_name(info), games.game_name(info, short=True)}:
                assert name not in shell_words, (lang, name)
            assert f"{info.catalogue_prefix}name" in words.catalogue, (lang, info.id)
    i18n.use_language()
