"""The page's languages (issue 26): the first visit follows the browser's languages, the
language menu (home and game menu) changes every word on screen at once, the log included,
and nothing of the game or its save; the choice is kept for the next visit; <html lang>
follows it."""
from __future__ import annotations

import json

import pytest

from gameplay import new_game_from_home


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
