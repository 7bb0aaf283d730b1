"""The page's languages (issue 26): the first visit follows the browser's languages, the
language menu (home and game menu) changes every word on screen at once, the log included,
and nothing of the game or its save; the choice is kept for the next visit; <html lang>
follows it."""
from __future__ import annotations

import json

import pytest

from gameplay import new_game_from_home
from webharness import wait_ready


@pytest.fixture
def context(browser):
    """A browser whose languages are French, then English."""
    ctx = browser.new_context(locale="fr-FR")
    yield ctx
    ctx.close()


def saved_game(page) -> dict:
    """The game on screen as stored (its record, less the time it was saved)."""
    record = json.loads(page.evaluate(
        "localStorage.getItem('machu-picchu:game:' + localStorage.getItem('machu-picchu:current'))"))
    record.pop("saved", None)
    record.pop("updated", None)
    record.pop("rev", None)       # a write counter (opening a game writes it again)
    return record


def switch(page, lang: str, where: str = "#home") -> float:
    """Choose `lang` in the language menu under `where`; the main-thread time of the redraw."""
    took = page.evaluate("""([sel, lang]) => {
        const el = document.querySelector(sel + ' select[data-field="lang"]');
        const start = performance.now();
        el.value = lang;
        el.dispatchEvent(new Event('change', {bubbles: true}));
        return performance.now() - start; }""", [where, lang])
    page.wait_for_selector(f'html[lang="{lang}"]', state="attached")
    return took


def test_the_language_follows_the_browser_then_the_menu_and_changes_no_game(app):
    page = app.open()
    page.wait_for_selector('body[data-screen="home"][data-board-shown]', state="attached")
    assert page.evaluate("document.documentElement.lang") == "fr"
    assert page.locator("#home .games-block h2").inner_text() == "Choisissez un jeu"
    took_home = switch(page, "de")
    assert page.get_attribute('link[rel="manifest"]', "href") == "./manifest.de.webmanifest"
    assert page.locator("#home .games-block h2").inner_text() == "Wähle ein Spiel"
    new_game_from_home(page, [("Ann", "human"), ("Robo", "bot:easy")], seed=5, pace="instant")
    page.wait_for_selector('body[data-decision][data-viewer="0"]', state="attached", timeout=60_000)
    before = saved_game(page)
    decision = page.get_attribute("body", "data-decision")
    log_de = page.locator("#log").inner_text()
    page.click('#nav [data-act="menu"]')
    page.wait_for_selector("#overlay .dialog", state="visible")
    assert page.locator("#overlay h2").inner_text() == "Menü"
    took_game = switch(page, "en", "#overlay")
    assert page.get_attribute('link[rel="manifest"]', "href") == "./manifest.webmanifest"
    assert page.locator("#overlay h2").inner_text() == "Menu"
    assert page.locator('#overlay [data-act="home"]').inner_text() == "Back to the home screen"
    log_en = page.locator("#log").inner_text()
    assert log_en != log_de and "begins on day" in log_en and "begins on day" not in log_de
    assert saved_game(page) == before and page.get_attribute("body", "data-decision") == decision
    print(f"language switch: {took_home:.0f} ms at home, {took_game:.0f} ms in a game")
    page.reload()
    page.wait_for_selector('body[data-screen="game"][data-decision]', state="attached", timeout=60_000)
    assert page.evaluate("document.documentElement.lang") == "en"      # the choice is kept
    assert saved_game(page) == before


def test_the_page_before_python_speaks_the_language_too(context, page, server):
    """Before Python starts, boot.js words the loading note, the footer, a slow start and its
    Retry in the browser's language (French here), and <html lang> says it."""
    context.add_init_script("window.__mpBootSlowMs = 1")      # a start slower than its patience
    page.goto(server.url, wait_until="commit")
    page.wait_for_selector("html[data-boot-slow]", state="attached", timeout=60_000)
    assert page.evaluate("document.documentElement.lang") == "fr"
    assert "Toujours en cours de démarrage" in page.locator("#loading").inner_text()
    assert page.locator("#boot-retry").inner_text() == "Réessayer"
    page.wait_for_selector("body[data-app-ready]", state="attached", timeout=120_000)
    assert page.locator("#intro h2").inner_text() == "Deux jeux des Andes"
    assert "fonctionne hors ligne" in page.locator("#status").inner_text()


# The loading page's words (and Python's once it drew over them).
WORDS_ON_SCREEN = """() => {
    const text = (sel) => { const el = document.querySelector(sel); return el ? el.textContent.trim() : null; };
    const attr = (sel, name) => { const el = document.querySelector(sel); return el ? el.getAttribute(name) : null; };
    return {lang: document.documentElement.lang, title: document.title,
        heading: text('.topbar h1 span'), intro: text('#intro'), games: text('#home .games-block h2'),
        start: text('#home [data-act="start"]'), nav: text('#nav'),
        board: attr('#board svg', 'aria-label'), home: attr('#home', 'aria-label'),
        description: attr('meta[name="description"]', 'content'),
        manifest: attr('link[rel="manifest"]', 'href'),
        loading: text('#loading'), status: text('#status')};
}"""
# What the first frame shows (a requestAnimationFrame asked for before any of the page's own
# scripts runs just before the first paint); window.__storedLang: a choice made before.
FIRST_FRAME = f"""
try {{ if (window.__storedLang && location.protocol === 'http:') localStorage.setItem('machu-picchu:lang', window.__storedLang); }} catch (e) {{}}
requestAnimationFrame(() => {{ window.__firstFrame = ({WORDS_ON_SCREEN})(); }});
"""
PYTHON_DRAWS = ("lang", "title", "heading", "intro", "games", "start", "nav", "board", "home",
                "description", "manifest")


@pytest.mark.parametrize("locale, stored, lang, size, words", [
    ("fr-FR", None, "fr", (768, 1024), ("Choisissez un jeu", "Chargement de Python…")),
    ("en-GB", "de", "de", (390, 844), ("Wähle ein Spiel", "Python wird geladen…")),
])
def test_the_first_paint_is_in_the_visitors_language_and_python_changes_no_word_of_it(
        browser, server, shot, locale, stored, lang, size, words):
    """A French browser, or an English one whose visitor chose German before: the loading
    page's first paint (the first visit's home drawn by the build, the title, heading, intro,
    regions' names, loading note and footer) is in that language, and Python, once
    started, draws the same words over it with no layout shift (index.html was English until
    Python started: a French visitor saw "Choose a game", then "Choisissez un jeu"). The page
    links the manifest of its language (its name, short name and description: what an
    installed app is called)."""
    from test_home import BOOT_CLS_GOAL, WATCH_BOOT_SHIFTS
    context = browser.new_context(locale=locale, viewport=dict(zip(("width", "height"), size)))
    try:
        context.add_init_script(f"window.__storedLang = {json.dumps(stored)};" + FIRST_FRAME
                                + WATCH_BOOT_SHIFTS)
        page = context.new_page()
        page.goto(server.url, wait_until="commit")
        first = page.wait_for_function("window.__firstFrame", timeout=60_000).json_value()
        shot(page, f"first-paint-{lang}-{size[0]}")
        assert first["lang"] == lang
        assert (first["games"], first["status"]) == words, first
        assert "Python" in first["loading"] and "Loading" not in first["loading"], first
        assert "Board games" not in first["description"], first
        manifest = page.evaluate("async (url) => (await fetch(url)).json()", first["manifest"])
        assert (manifest["lang"], manifest["name"], manifest["description"]) == (
            lang, first["heading"], first["description"])
        assert manifest["short_name"] != "Andes games" and len(manifest["short_name"]) <= 12
        wait_ready(page)
        page.wait_for_selector('body[data-screen="home"][data-board-shown]', state="attached")
        page.evaluate("() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)))")
        ready = page.evaluate(WORDS_ON_SCREEN)
        assert {k: first[k] for k in PYTHON_DRAWS} == {k: ready[k] for k in PYTHON_DRAWS}
        shifts = page.evaluate("window.__shifts")
        assert sum(value for _ms, value, _what in shifts) <= BOOT_CLS_GOAL, shifts
    finally:
        context.close()
