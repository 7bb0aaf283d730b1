"""The page in French and in German (issue 26), walked as a player of that language meets it:
the home, the rules, a Machu Picchu game (a decision, a hint, the menu, the rules), an Incan Gold
game (a decision, the menu, the rules, its replay), the pass screen of two people on one device,
the end screens of both games, Machu Picchu's replay, every other kind of Machu Picchu's
decisions, the dialog of a game changed in another tab, and an import refused. At every stop, at 1024x768,
768x1024 and 390x844: no visible line reads as English (proper names aside), no text spills out
of or is cut in its box (the top bar's facts whole or left out), the page does not scroll
sideways; a screenshot at the
first and last size (tests/web/screenshots/lang-<lang>-<stop>-<size>.png)."""
from __future__ import annotations

import json
import re

import pytest

import machu_picchu as mp

from gameplay import ROOT, cut_facts, new_game_from_home, overflowing_regions, start_incan_gold_from_home

SIZES = {"1024x768": {"width": 1024, "height": 768}, "768x1024": {"width": 768, "height": 1024},
         "390x844": {"width": 390, "height": 844}}
NAMES = ("Ann", "Robo", "Bea", "Rand A", "Rand B", "Rand C")
# Names that are the same in every language: the games, the languages, the runtime, the page's
# own marks ("OK"), the seats' letters.
PROPER = ("Machu Picchu", "Incan Gold", "Diamant", "English", "Français", "Deutsch", "Python",
          "OK", "Inca", "Incas")
# Words that French and German never use, and English sentences always do (not "start",
# "will", "menu", "options": German or French words too).
ENGLISH = re.compile(r"\b(the|and|of|your|you|with|is|are|from|this|that|what|which|would|"
                     r"there|their|here|not|nothing|none|it|its|each|every|more|back|take|takes|"
                     r"card|cards|gems|day|round|turn|choose|player|players|game|games|"
                     r"home|rules|how|play|new|saved|hint|undo)\b", re.I)
# Boxes whose text must fit: every control and line of words (tables that scroll sideways in
# their .table-wrap, and SVG, aside).
BOXES = ("button, label, h1, h2, h3, summary, .game-card, .status-text, .question, p, li, dt, dd, "
         "th:not(.table-wrap *), td:not(.table-wrap *), small, b")


# The status line (one or two lines of a fixed height) holds its whole text.
STATUS_CUT = """() => { const el = document.getElementById('turn-status');
    return !!el && !!el.offsetParent && el.innerText.trim() !== ''
        && (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1); }"""


def english_lines(page, extra_names=()) -> list[str]:
    text = page.evaluate("document.body.innerText")
    out = []
    for line in text.splitlines():
        rest = line
        for name in (*NAMES, *PROPER, *extra_names):
            rest = rest.replace(name, " ")
        if ENGLISH.search(rest):
            out.append(line.strip())
    return out


def spilled(page) -> list[str]:
    """Visible boxes whose text is wider than the box (spilling out or cut); a box of one pixel,
    clipped, holds words for a screen reader only and is not seen."""
    return page.evaluate("""(sel) => [...document.querySelectorAll(sel)].filter(el => {
            if (!el.offsetParent || el.closest('svg, .table-wrap')) return false;
            const r = el.getBoundingClientRect();
            if (r.width <= 1 || r.height <= 1) return false;     // none, or for a screen reader only
            return el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0 && el.innerText.trim(); })
        .map(el => el.tagName.toLowerCase() + '.' + [...el.classList].join('.') + ': '
             + el.innerText.slice(0, 60))""", BOXES)


def check(page, lang, stop, found, shot):
    for size_name, size in SIZES.items():
        page.set_viewport_size(size)
        page.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        found += [f"{stop} {size_name}: English: {line}" for line in english_lines(page)]
        found += [f"{stop} {size_name}: spills: {box}" for box in spilled(page)]
        found += [f"{stop} {size_name}: region wider than its box: {r}" for r in overflowing_regions(page)
                  if r != "#board"]         # the map pans sideways on a phone, by design
        found += [f"{stop} {size_name}: a fact of the top bar is cut: {f}" for f in cut_facts(page)]
        if page.evaluate(STATUS_CUT):
            found.append(f"{stop} {size_name}: the status line is cut: {page.inner_text('#turn-status')}")
        if not page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"):
            found.append(f"{stop} {size_name}: the page scrolls sideways")
        if size_name != "768x1024":         # two pictures a stop keep the walk quick
            shot(page, f"lang-{lang}-{stop}-{size_name}")
    page.set_viewport_size(SIZES["1024x768"])


def finished_game(package: str, game_id: str, players: int, seed: int) -> tuple[str, str]:
    """(key, record) of a finished game of random moves (`package`: machu_picchu or
    incan_gold), as the page stores it: its end screen opens at once from the saved games."""
    import importlib
    import json
    import random
    import sys
    sys.path.insert(0, str(ROOT / "web"))
    from shell import storage
    engine = importlib.import_module(package)
    names = [f"Rand {chr(65 + i)}" for i in range(players)]
    game, rng = engine.new_game(players=players, seed=seed, names=names), random.Random(seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    seats = [{"name": n, "type": "bot", "level": "random", "style": i} for i, n in enumerate(names)]
    record = storage.make_record(f"{game_id}-finished", seats, game.to_save(), created="2026-01-01T00:00:00Z",
                                 updated="2026-01-01T00:00:00Z", meta=storage.game_meta(game, seats),
                                 game=game_id)
    return storage.GAME_PREFIX + f"{game_id}-finished", json.dumps(record)


def open_saved(page, key: str, record: str, game_id: str) -> None:
    """Store `record` under `key`, then open it from the home's list of saved games."""
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, record])
    page.click('#nav [data-act="home"]')         # from a game: the home reads the list anew
    page.click(f'#home [data-act="continue"][data-v="{key.rsplit(":", 1)[-1]}"]')
    page.wait_for_selector(f'body[data-game="{game_id}"]', state="attached", timeout=60_000)


# Machu Picchu's decisions met in a game of random moves (seed, then the kinds in its order;
# acquire in another game): each opened from a stored record, the person deciding at once.
DECISIONS = {0: ("offer", "claim", "hire", "return", "market", "produce", "sunclock", "take"),
             2: ("acquire",)}


def machu_picchu_decisions() -> list[tuple[str, str, str]]:
    """(kind, key, record) of a 2-player game (Ann, a person; a random bot) stopped where Ann
    first decides each kind of DECISIONS."""
    import json
    import random
    import sys
    sys.path.insert(0, str(ROOT / "web"))
    import machu_picchu as mp
    from shell import storage
    seats = [{"name": "Ann", "type": "human", "level": None, "style": 0},
             {"name": "Robo", "type": "bot", "level": "random", "style": 1}]
    out = []
    for seed, kinds in DECISIONS.items():
        game, rng, left = mp.new_game(players=2, seed=seed, names=["Ann", "Robo"]), random.Random(seed), list(kinds)
        while left and not game.is_over:
            if game.to_move == 0 and game.prompt and game.prompt[0] == left[0]:
                kind = left.pop(0)
                record = storage.make_record(f"mp-{kind}", seats, game.to_save(), created="2026-01-01T00:00:00Z",
                                             updated="2026-01-01T00:00:00Z",
                                             meta=storage.game_meta(game, seats), game="machu-picchu")
                out.append((kind, storage.GAME_PREFIX + f"mp-{kind}", json.dumps(record)))
            game.apply(rng.choice(game.legal_actions()))
    assert [k for k, _, _ in out] == [k for kinds in DECISIONS.values() for k in kinds]
    return out


def other_tab_moves(page, action: str) -> None:
    """Another tab's move on the game on screen: its record stored with one more action (and
    a revision more), and the storage event the page then gets from the browser."""
    page.evaluate("""(action) => {
        const key = 'machu-picchu:game:' + localStorage.getItem('machu-picchu:current');
        const oldValue = localStorage.getItem(key), rec = JSON.parse(oldValue);
        rec.save.actions.push(action);
        rec.rev = (rec.rev || 0) + 1;
        const newValue = JSON.stringify(rec);
        localStorage.setItem(key, newValue);
        window.dispatchEvent(new StorageEvent('storage', {key, oldValue, newValue, storageArea: localStorage}));
    }""", action)
    page.wait_for_selector("#overlay .dialog.conflict", state="visible")


def refused_import() -> bytes:
    """A Machu Picchu save (the engine's own) whose second action the rules refuse."""
    game = mp.new_game(players=2, seed=1, names=["Ann", "Bea"])
    save = game.to_save()
    save["actions"] = [game.legal_actions()[0].text, "move 99"]
    return json.dumps(save).encode()


def overlay(page, act, lang, stop, found, shot):
    page.click(f'#nav [data-act="{act}"]')
    page.wait_for_selector("#overlay .dialog", state="visible")
    check(page, lang, stop, found, shot)
    page.click('#overlay [data-act="close"]')
    page.wait_for_selector("#overlay .dialog", state="detached")


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_every_screen_speaks_the_language_and_fits(browser, server, lang, shot):
    context = browser.new_context(locale=lang)
    try:
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.set_viewport_size(SIZES["1024x768"])
        page.goto(server.url)
        page.wait_for_selector("body[data-app-ready]", state="attached", timeout=120_000)
        page.wait_for_selector('body[data-screen="home"][data-board-shown]', state="attached")
        assert page.evaluate("document.documentElement.lang") == lang
        found: list[str] = []
        check(page, lang, "home", found, shot)
        overlay(page, "help", lang, "home-rules", found, shot)
        # Machu Picchu: a decision, a hint, the menu, the rules
        new_game_from_home(page, [("Ann", "human"), ("Robo", "bot:easy")], seed=5, pace="instant")
        page.wait_for_selector('body[data-decision][data-viewer="0"]', state="attached", timeout=60_000)
        page.click('#controls [data-act="hint"]')
        page.wait_for_selector("#controls .hint.shown", state="attached", timeout=60_000)
        check(page, lang, "mp-decision-hint", found, shot)
        overlay(page, "menu", lang, "mp-menu", found, shot)
        overlay(page, "help", lang, "mp-rules", found, shot)
        # Incan Gold: a decision, the menu, the rules
        page.click('#nav [data-act="home"]')
        page.wait_for_selector('body[data-screen="home"]', state="attached")
        start_incan_gold_from_home(page, [("Ann", "human"), ("Robo", "bot:easy"), ("Bea", "bot:random")], seed=4)
        page.wait_for_selector('body[data-game="incan-gold"][data-decision][data-viewer="0"]',
                               state="attached", timeout=60_000)
        check(page, lang, "ig-decision", found, shot)
        overlay(page, "menu", lang, "ig-menu", found, shot)
        overlay(page, "help", lang, "ig-rules", found, shot)
        # its replay, from the menu
        page.click('#nav [data-act="menu"]')
        page.wait_for_selector("#overlay .dialog", state="visible")
        page.click('#overlay [data-act="replay"]')
        page.wait_for_selector('body[data-screen="replay"]', state="attached")
        check(page, lang, "ig-replay", found, shot)
        # two people on one device: the pass screen
        page.click('#nav [data-act="home"]')
        page.wait_for_selector('body[data-screen="home"]', state="attached")
        start_incan_gold_from_home(page, [("Ann", "human"), ("Bea", "human"), ("Robo", "bot:random")], seed=6)
        page.wait_for_selector("#hide [data-act=\"reveal\"]", state="visible", timeout=60_000)
        check(page, lang, "ig-pass", found, shot)
        page.click('#hide [data-act="reveal"]')
        page.wait_for_selector("#hide [data-act=\"reveal\"]", state="detached")
        # the end screens of both games, from finished games stored as the page stores them
        # (random moves played here: the same game at every run)
        for game_id, package, players, seed in (("incan-gold", "incan_gold", 3, 2),
                                                 ("machu-picchu", "machu_picchu", 3, 11)):
            open_saved(page, *finished_game(package, game_id, players, seed), game_id)
            page.wait_for_selector("body[data-over] #end .score", state="attached", timeout=60_000)
            check(page, lang, "ig-end" if game_id == "incan-gold" else "mp-end", found, shot)
        # Machu Picchu's replay (of the game just ended), from the menu
        page.click('#nav [data-act="menu"]')
        page.wait_for_selector("#overlay .dialog", state="visible")
        page.click('#overlay [data-act="replay"]')
        page.wait_for_selector('body[data-screen="replay"]', state="attached")
        check(page, lang, "mp-replay", found, shot)
        # every other kind of Machu Picchu's decisions, each from a stored game
        for kind, key, record in machu_picchu_decisions():
            open_saved(page, key, record, "machu-picchu")
            page.wait_for_selector('body[data-decision][data-viewer="0"]', state="attached", timeout=60_000)
            check(page, lang, f"mp-{kind}", found, shot)
        # the last of them changed in another tab: the dialog, then "Not now"
        other_tab_moves(page, mp.load_game(json.loads(record)["save"]).legal_actions()[0].text)
        check(page, lang, "two-tabs", found, shot)
        page.click('#overlay [data-act="close"]')
        page.wait_for_selector("#overlay .dialog", state="detached")
        page.click('#nav [data-act="home"]')
        page.wait_for_selector('body[data-screen="home"] #home .save', state="attached")
        check(page, lang, "home-saves", found, shot)
        # an import refused: a save whose second move the rules do not allow
        page.set_input_files("#import-file", files=[{"name": "refused.json", "mimeType": "application/json",
                                                     "buffer": refused_import()}])
        page.wait_for_selector("#overlay .dialog.error", state="visible")
        check(page, lang, "import-refused", found, shot)
        assert "99" in page.locator("#overlay .dialog").inner_text()
        assert errors == []
        assert found == [], "\n".join(found)
    finally:
        context.close()
