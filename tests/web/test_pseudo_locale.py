"""Every word the page shows comes from a message catalogue: the page in a pseudo-language
whose every entry is the English one wrapped in ⟦ ⟧ (built here from every catalogue's en/: the
shell's and each game's, written beside each in the page's files before main.py runs, chosen
by ?lang=), at the home screen, in a Machu
Picchu game and in an Incan Gold game with their menus and dialogs. A visible line with a word
outside the markers is a literal that a second language would miss (the static skeleton
of index.html included: Python rewords it)."""
from __future__ import annotations

import json
import re
import sys

from gameplay import ROOT, new_game_from_home

sys.path.insert(0, str(ROOT / "web"))
from shell import i18n  # noqa: E402

LANG = "qps"
WRAPPED = re.compile(r"⟦[^⟦⟧]*⟧")
NAMES = ("Ann", "Robo", "Bea")


def pseudo(entry, markup: bool = False):
    """The entry wrapped in ⟦ ⟧; an HTML template (the rules help, ids ending in ".html") has
    each run of text between its tags wrapped."""
    if isinstance(entry, dict):
        return {k: pseudo(v, markup) for k, v in entry.items()}
    if markup:
        return re.sub(r"(^|>)([^<]+)", lambda m: f"{m.group(1)}⟦{m.group(2)}⟧", entry)
    return f"⟦{entry}⟧"


def install_pseudo(page) -> None:
    """main.py, preceded by the writing of each pseudo catalogue next to its English one (the
    shell's and each game's folder, by id prefix: each owner's ids only)."""
    catalogue = {k: pseudo(v, k.endswith(".html")) for k, v in i18n.load_catalogue("en").items()}
    by_prefix = {prefix: {k: v for k, v in catalogue.items() if k.startswith(prefix)}
                 for _, prefix in i18n.catalogue_folders()}
    prelude = (
        "from shell import i18n as _i18n\n"
        f"_by_prefix = {json.dumps(by_prefix, ensure_ascii=False)!r}\n"
        "import json as _json\n"
        "for _folder, _prefix in _i18n.catalogue_folders():\n"
        f"    (_folder / {LANG!r}).mkdir(parents=True, exist_ok=True)\n"
        f"    (_folder / {LANG!r} / 'all.json').write_text(_json.dumps(_json.loads(_by_prefix)[_prefix]), encoding='utf-8')\n")

    def serve(route):
        body = route.fetch().text()
        route.fulfill(body=prelude + body, content_type="text/x-python")
    page.route("**/main.py", serve)





def literal_lines(page, game_names) -> list[str]:
    """The visible lines with a word outside the markers (numbers, player names, seat letters
    and the games' names, which are data, aside)."""
    out = []
    text = page.evaluate("document.body.innerText")
    for line in text.splitlines():
        rest = line
        while WRAPPED.search(rest):
            rest = WRAPPED.sub(" ", rest)
        for name in (*game_names, *NAMES, *i18n.LANGUAGE_NAMES.values()):
            rest = rest.replace(name, " ")
        if re.search(r"[^\W\d_]{2,}", rest):
            out.append(line.strip())
    return out


def check(page, where, game_names, found) -> None:
    lines = literal_lines(page, game_names)
    found.extend(f"{where}: {line}" for line in lines)


def open_overlay(page, act, where, game_names, found):
    page.click(f'#nav [data-act="{act}"]' if act != "delete" else '#home .save [data-act="delete"]')
    page.wait_for_selector("#overlay .dialog", state="visible")
    check(page, where, game_names, found)
    page.click('#overlay [data-act="close"]')
    page.wait_for_selector("#overlay .dialog", state="detached")


def test_every_visible_word_comes_from_a_catalogue(app):
    page = app.page
    install_pseudo(page)
    app.open(app.server.url + "?lang=" + LANG)
    page.wait_for_selector('body[data-screen="home"][data-board-shown]', state="attached")
    assert page.locator("#home .new-game h2").inner_text().startswith("⟦")
    game_names = [n.inner_text() for n in page.locator("#home .game-card .game-name").all()]
    found: list[str] = []
    check(page, "home", game_names, found)
    open_overlay(page, "help", "home rules", game_names, found)
    # Machu Picchu: the decision, a hint, the menu, the rules
    new_game_from_home(page, [("Ann", "human"), ("Robo", "bot:easy")], seed=5, pace="instant")
    page.wait_for_selector('body[data-decision][data-viewer="0"]', state="attached", timeout=60_000)
    check(page, "machu picchu", game_names, found)
    page.click('#controls [data-act="hint"]')
    page.wait_for_selector("#controls .hint.shown", state="attached", timeout=60_000)
    check(page, "machu picchu hint", game_names, found)
    open_overlay(page, "menu", "machu picchu menu", game_names, found)
    open_overlay(page, "help", "machu picchu rules", game_names, found)
    # Home with a saved game, its delete dialog; then Incan Gold
    page.click('#nav [data-act="home"]')
    page.wait_for_selector('body[data-screen="home"] #home .save', state="attached")
    check(page, "home with a save", game_names, found)
    open_overlay(page, "delete", "delete dialog", game_names, found)
    page.click('#home [data-act="choose-game"][data-v="incan-gold"]')
    page.wait_for_selector('body[data-home-game="incan-gold"]', state="attached")
    check(page, "home incan gold", game_names, found)
    new_game_from_home(page, [("Ann", "human"), ("Robo", "bot:easy"), ("Bea", "bot:random")])
    page.wait_for_selector('body[data-game="incan-gold"][data-decision][data-viewer="0"]',
                           state="attached", timeout=60_000)
    check(page, "incan gold", game_names, found)
    open_overlay(page, "menu", "incan gold menu", game_names, found)
    open_overlay(page, "help", "incan gold rules", game_names, found)
    assert found == [], "\n".join(found)
