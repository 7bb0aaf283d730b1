"""The home of several games: a card per game of the build, the new-game form following the
chosen game, and saved games of the page as it was before it held several games still opening."""
from __future__ import annotations

import io
import json
import zipfile

from playwright.sync_api import expect
from tabletop import registry

from webharness import Watch, build, wait_ready

# A record exactly as the one-game page stored it (no "game" field; its summary had "day"):
# Ann against a medium bot, six actions in, the bot to decide.
OLD_RECORD = {
    "kind": "machu-picchu-web-game", "version": 1, "id": "gold0001",
    "created": "2026-11-20T10:00:00+00:00", "updated": "2026-11-20T10:05:00+00:00",
    "seats": [{"name": "Ann", "type": "human", "level": None, "style": 0},
              {"name": "Bot 2", "type": "bot", "level": "medium", "style": 1}],
    "viewer": 0, "reasons": [[5, "takes the corn terraces first"]],
    "seen": {"0": {"log": 13, "princes": [0, 0]}},
    "meta": {"day": 1, "names": ["Ann", "Bot 2"], "over": False, "to_move": "Bot 2",
             "actions": 6, "winners": [], "humans": 1},
    "save": {"format": "machu-picchu-save", "format_version": 1, "rules_version": "1.0",
             "seed": 5, "options": {"players": 2, "learning": False, "names": ["Ann", "Bot 2"]},
             "actions": ["place farmer", "place farmer", "move corn", "move corn",
                         "move llama", "move llama"]},
}


def games_in_build(dist) -> list[str]:
    """The registered games whose rules the build carries, in the home's order (the registry's
    table: id -> package). app.zip is split (its rest comes after ready) and holds bytecode."""
    with zipfile.ZipFile(io.BytesIO(build.read_whole(dist / build.APP_ARCHIVE))) as archive:
        names = set(archive.namelist())
    return [gid for gid, pkg in registry.GAME_MODULES.items() if f"{pkg}/__init__.pyc" in names]


def test_an_old_machu_picchu_save_opens_and_is_saved_again_with_its_game(app):
    page = app.open()
    page.evaluate("""(rec) => { localStorage.clear();
        localStorage.setItem('machu-picchu:game:' + rec.id, JSON.stringify(rec)); }""", OLD_RECORD)
    page.reload()
    wait_ready(page)
    save = page.locator('#home li.save[data-id="gold0001"]')
    expect(save).to_contain_text("The Princes of Machu Picchu")
    expect(save).to_contain_text("Day 1 · Bot 2 to decide")
    save.locator('[data-act="continue"]').click()
    page.wait_for_selector('body[data-screen="game"][data-game="machu-picchu"]', state="attached")
    expect(page.locator("#players")).to_contain_text("Ann")
    # the bot plays on from where the old page left it, and the record now names its game
    page.wait_for_function("""() => {
        const rec = JSON.parse(localStorage.getItem('machu-picchu:game:gold0001'));
        return rec.game === 'machu-picchu' && rec.save.actions.length > 6; }""")
    rec = page.evaluate("JSON.parse(localStorage.getItem('machu-picchu:game:gold0001'))")
    assert rec["save"]["actions"][:6] == OLD_RECORD["save"]["actions"]
    assert rec["seats"] == OLD_RECORD["seats"] and rec["reasons"][0] == OLD_RECORD["reasons"][0]


def test_the_home_has_a_card_per_game_and_the_form_follows_the_choice(app, dist, shot):
    page = app.open()
    page.wait_for_selector('body[data-screen="home"]', state="attached")
    ids = games_in_build(dist)
    cards = page.locator('#home [data-act="choose-game"]')
    expect(cards).to_have_count(len(ids))
    assert [cards.nth(i).get_attribute("data-v") for i in range(len(ids))] == ids
    expect(cards.first).to_have_attribute("aria-pressed", "true")
    expect(cards.first).to_contain_text("2–5 players")
    counts = page.locator('#home select[data-field="players"] option')
    assert [counts.nth(i).get_attribute("value") for i in range(counts.count())] == ["2", "3", "4", "5"]
    expect(page.locator('#home input[data-field="learning"]')).to_have_count(1)
    if "incan-gold" in ids:
        page.click('#home [data-act="choose-game"][data-v="incan-gold"]')
        page.wait_for_selector('body[data-home-game="incan-gold"]', state="attached")
        expect(cards.nth(ids.index("incan-gold"))).to_contain_text("3–8 players")
        counts = page.locator('#home select[data-field="players"] option')
        assert [counts.nth(i).get_attribute("value") for i in range(counts.count())] == \
            [str(n) for n in range(3, 9)]
        expect(page.locator('#home input[data-field="diamant"]')).to_have_count(1)
        expect(page.locator('#home input[data-field="learning"]')).to_have_count(0)
        page.select_option('#home select[data-field="players"]', "8")
        expect(page.locator("#home li.seat-row")).to_have_count(8)
        # its own picture where Machu Picchu's map shows (no map of the other game behind its form)
        expect(page.locator("#board svg.ig-preview")).to_be_visible()
        expect(page.locator("#board .mp-map")).to_have_count(0)
        shot(page, "home-incan-gold")
        page.click('#home [data-act="choose-game"][data-v="machu-picchu"]')
        expect(page.locator("#home li.seat-row")).to_have_count(5)     # within 2-5 again


# From the first paint: every layout shift of the page (a buffered PerformanceObserver set up
# before the page's own scripts), with what moved, as window.__shifts [[ms, value, sources]].
WATCH_BOOT_SHIFTS = """
window.__shifts = [];
new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
        if (e.hadRecentInput) continue;
        window.__shifts.push([Math.round(e.startTime), Math.round(e.value * 1000) / 1000,
            e.sources.map((s) => ((s.node && (s.node.id || s.node.nodeName)) || '?') + ' y '
                + Math.round(s.previousRect.y) + ' -> ' + Math.round(s.currentRect.y)).join(', ')]);
    }
}).observe({ type: 'layout-shift', buffered: true });
"""
BOOT_SIZES = ((768, 1024), (1024, 768), (390, 844), (1366, 768), (1280, 800))
BOOT_CLS_GOAL = 0.1


def test_the_loading_page_is_the_home_nothing_moves_when_it_becomes_ready(browser, server):
    """What shows while Python starts is the home as it will be drawn, in the same places (at
    768 x 1024 the placeholder board at 537 px dropped to 1491 px under the home's form, a
    layout shift of 0.886): from the first paint until the home is ready and its board shown,
    a layout shift of at most 0.1 at each size. A first visit (no stored form) at the first
    size; the others reload the page at their size."""
    context = browser.new_context(viewport=dict(zip(("width", "height"), BOOT_SIZES[0])))
    watch = Watch(context)
    context.add_init_script(WATCH_BOOT_SHIFTS)
    page = context.new_page()
    found = []
    try:
        for k, (width, height) in enumerate(BOOT_SIZES):
            page.set_viewport_size({"width": width, "height": height})
            if k == 0:
                page.goto(server.url)
            else:
                page.reload()
            wait_ready(page)
            page.wait_for_selector('body[data-screen="home"][data-board-shown]', state="attached")
            page.evaluate("() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)))")
            shifts = page.evaluate("window.__shifts")
            total = sum(value for _ms, value, _what in shifts)
            print(f"\n[{width}x{height}] layout shift from the first paint to ready: {total:.3f}")
            if total > BOOT_CLS_GOAL:
                found.append(f"{width}x{height}: layout shift {total:.3f}: {shifts[:6]}")
        assert found == [], "\n".join(found)
        assert watch.errors == [] and watch.foreign_requests() == []
    finally:
        context.close()


# The loading page's board as first laid out (at DOMContentLoaded, the stylesheets applied):
# its box and whether Machu Picchu's city shows in it, as window.__loadingBoard.
WATCH_LOADING_BOARD = """
document.addEventListener('DOMContentLoaded', () => {
    const board = document.getElementById('board'), r = board.getBoundingClientRect();
    const city = board.querySelector('.first-screen svg.mp-map');
    window.__loadingBoard = {box: [r.x, r.y, r.width, r.height].map(Math.round),
        city: !!city && city.getBoundingClientRect().height > 0};
});
"""


def test_a_returning_players_game_resumes_and_nothing_moves_when_it_comes(browser, server):
    """A returning player whose game was on screen: the page resumes it at start, and the
    loading page is laid out as that game's screen, so that nothing moves when the game comes
    (drawn as the home, at 768 x 1024 the board dropped from under the home's form: a layout
    shift of 0.96; at the other sizes the status line pushed the page down, 0.17-0.26). Each
    size reloads the page, a Machu Picchu game then an Incan Gold one. The loading page shows
    the board where the game's comes, on a phone too (it showed none there), and for Incan Gold
    its own board without Machu Picchu's city (it showed the city), as tall as the game's (Incan
    Gold's frame was 384 px tall where its board is 389-495). A player who went home finds the
    home after a reload (the game came back), and a game on screen comes back."""
    from gameplay import new_game_from_home, start_incan_gold_from_home
    sizes = ((768, 1024), (1024, 768), (390, 844), (1366, 768))
    context = browser.new_context(viewport=dict(zip(("width", "height"), sizes[0])))
    watch = Watch(context)
    context.add_init_script(WATCH_BOOT_SHIFTS)
    context.add_init_script(WATCH_LOADING_BOARD)
    page = context.new_page()
    found = []

    def reload_each_size(game):
        for width, height in sizes:
            page.set_viewport_size({"width": width, "height": height})
            page.reload()
            wait_ready(page)
            page.wait_for_selector(f'body[data-screen="game"][data-game="{game}"][data-board-shown]',
                                   state="attached")
            page.evaluate("() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)))")
            shifts = page.evaluate("window.__shifts")
            total = sum(value for _ms, value, _what in shifts)
            print(f"\n[{game} {width}x{height}] a resumed game: layout shift from the first paint to ready: {total:.3f}")
            where = f"{game} {width}x{height}"
            if total > BOOT_CLS_GOAL:
                found.append(f"{where}: layout shift {total:.3f}: {shifts[:6]}")
            loading = page.evaluate("window.__loadingBoard")
            ready = page.evaluate("""() => { const r = document.getElementById('board').getBoundingClientRect();
                return [r.x, r.y, r.width, r.height].map(Math.round); }""")
            if loading["box"][3] == 0:
                found.append(f"{where}: the loading page shows no board")
            elif any(abs(a - b) > 1 for a, b in zip(loading["box"], ready)):     # its height too
                found.append(f"{where}: the loading page's board at {loading['box']}, the game's at {ready}")
            if loading["city"] != (game == "machu-picchu"):
                found.append(f"{where}: the loading page shows Machu Picchu's city: {loading['city']}")

    try:
        page.goto(server.url)
        wait_ready(page)
        page.wait_for_selector('body[data-screen="home"][data-board-shown]', state="attached")
        new_game_from_home(page, [("Ann", "human"), ("Bea", "bot:random")], seed=3)
        reload_each_size("machu-picchu")
        # The player goes home: a reload shows the home they were on (its loading page laid
        # out as the home), not the game again; the game is still the last played.
        page.locator('[data-act="home"]:visible').first.click()
        page.wait_for_selector('body[data-screen="home"][data-board-shown]', state="attached")
        page.reload()
        wait_ready(page)
        page.wait_for_selector('body[data-app-ready][data-screen]', state="attached")
        assert page.evaluate("document.body.dataset.screen") == "home", "a reload after Home reopened the game"
        assert page.evaluate("document.documentElement.dataset.bootScreen || ''") == ""
        expect(page.locator('#home li.save .flag')).to_have_count(1)
        page.wait_for_selector('body[data-board-shown]', state="attached")
        start_incan_gold_from_home(page, [("Ann", "human"), ("Bea", "bot:random"), ("Cy", "bot:random")],
                                   seed=3)
        reload_each_size("incan-gold")
        assert found == [], "\n".join(found)
        assert watch.errors == [] and watch.foreign_requests() == []
    finally:
        context.close()


LANDSCAPE = {"width": 1024, "height": 768}
# Where the start button is, the page unscrolled, and each seat row's height and whether its
# controls (colour, name, person or bot) stand on one line.
START_AND_ROWS = """() => {
    const start = document.querySelector('#home [data-act="start"]').getBoundingClientRect();
    const rows = Array.from(document.querySelectorAll('#home li.seat-row')).map((li) => {
        const tops = Array.from(li.querySelectorAll('input, select')).map((el) => Math.round(el.getBoundingClientRect().top));
        return [li.dataset.seat, Math.round(li.getBoundingClientRect().height), Math.max(...tops) - Math.min(...tops)];
    });
    return {start: [Math.round(start.top), Math.round(start.bottom)], height: innerHeight, rows};
}"""


def test_the_start_button_is_on_the_first_screen_with_five_seats(app, shot):
    """1024x768, either game with 5 seats: the start button on the first screen with the page
    unscrolled, each seat one line (its colour, name and kind side by side); with Incan Gold
    chosen, its picture fills the room Machu Picchu's map takes (the left of the page)."""
    app.page.set_viewport_size(LANDSCAPE)
    page = app.open()
    page.wait_for_selector('body[data-screen="home"][data-board-shown]', state="attached")
    for game in ("machu-picchu", "incan-gold"):
        page.click(f'#home [data-act="choose-game"][data-v="{game}"]')
        page.wait_for_selector(f'body[data-home-game="{game}"]', state="attached")
        page.select_option('#home select[data-field="players"]', "5")
        page.select_option('#home select[data-field="type"][data-seat="4"]', "bot:easy")
        page.evaluate("window.scrollTo(0, 0)")
        seen = page.evaluate(START_AND_ROWS)
        assert seen["start"][1] <= seen["height"], f"{game}: the start button at {seen['start']}, below the fold"
        assert len(seen["rows"]) == 5
        for seat, height, spread in seen["rows"]:
            assert spread <= 2 and height <= 60, f"{game}: seat {seat} on more than one line: {seen['rows']}"
        shot(page, f"home-{game}-5-seats")
    board = page.locator("#board").bounding_box()
    picture = page.locator("#board svg.ig-preview").bounding_box()
    assert board["x"] < 50 and board["width"] >= 0.5 * LANDSCAPE["width"], board
    assert picture["height"] >= 0.8 * board["height"] and picture["width"] >= 0.9 * board["width"], (picture, board)


# Each "Learn to play" on the home: its words' box, whether they are drawn (not clipped to a
# pixel, not cut), and whether its icon is a drawing (an emoji or a glyph is not on every device).
LEARN_SEEN = """() => Array.from(document.querySelectorAll('#home [data-act="learn"]')).map((b) => {
    const r = b.getBoundingClientRect();
    const word = b.querySelector('.learn-word');
    const w = word ? word.getBoundingClientRect() : null;
    const style = word ? getComputedStyle(word) : null;
    return {game: b.dataset.v, text: word ? word.textContent.trim() : '',
            box: [Math.round(r.left), Math.round(r.top), Math.round(r.right), Math.round(r.bottom)],
            word: w ? [Math.round(w.width), Math.round(w.height)] : null,
            shown: !!(style && style.visibility === 'visible' && style.clip !== 'rect(0px, 0px, 0px, 0px)'
                      && word.scrollWidth <= word.clientWidth + 1),
            svg: !!b.querySelector('svg'),
            hit: (() => { const e = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
                          return !!e && b.contains(e); })()};
})"""
LEARN_WORDS = {"en": "Learn to play", "fr": "Apprendre à jouer", "de": "Spielen lernen"}
FIRST_SEAT = {"en": "Player 1", "fr": "Joueur 1", "de": "Spieler 1"}
HOME_SIZES = ((1024, 768), (768, 1024), (390, 844), (1366, 768))


def test_learn_to_play_says_its_words_at_every_size_and_language(app, shot):
    """A newcomer sees the words "Learn to play" on the home (not only an icon whose name is
    read aloud), drawn with an SVG icon, at each size and in en, fr and de, for each game with a
    guide; at 1024x768 with five seats the start button stays on the first screen. The form's
    first seat, still named as given, is named in the language chosen (a guided game's person
    takes that name: "Player 1" in a French guided game before)."""
    page = app.open()
    page.wait_for_selector('body[data-screen="home"]', state="attached")
    for lang, words in LEARN_WORDS.items():
        page.evaluate("""(lang) => { const el = document.querySelector('#home select[data-field="lang"]');
            el.value = lang; el.dispatchEvent(new Event('change', {bubbles: true})); }""", lang)
        page.wait_for_selector(f'html[lang="{lang}"]', state="attached")
        # the seats' names as given follow the language (the guided game names its person so)
        assert page.input_value('#home input[data-field="name"][data-seat="0"]') == FIRST_SEAT[lang]
        for width, height in HOME_SIZES:
            page.set_viewport_size({"width": width, "height": height})
            page.evaluate("window.scrollTo(0, 0)")
            page.wait_for_function("() => document.querySelector('#home [data-act=\"learn\"]')")
            seen = page.evaluate(LEARN_SEEN)
            assert {s["game"] for s in seen} >= {"machu-picchu", "incan-gold"}, seen
            for s in seen:
                where = f"{lang} {width}x{height} {s['game']}"
                assert s["text"] == words and s["shown"] and s["word"][0] > 40, f"{where}: the words not shown: {s}"
                assert s["svg"], f"{where}: no drawn icon"
                assert s["box"][0] >= 0 and s["box"][2] <= width, f"{where}: out of the window {s['box']}"
                page.evaluate(f"window.scrollTo(0, {max(0, s['box'][1] - 100)})")
                assert page.evaluate(LEARN_SEEN)[seen.index(s)]["hit"], f"{where}: covered"
                page.evaluate("window.scrollTo(0, 0)")
            shot(page, f"home-learn-{lang}-{width}x{height}")
        page.set_viewport_size(LANDSCAPE)
        for game in ("machu-picchu", "incan-gold"):
            page.click(f'#home [data-act="choose-game"][data-v="{game}"]')
            page.wait_for_selector(f'body[data-home-game="{game}"]', state="attached")
            page.select_option('#home select[data-field="players"]', "5")
            page.evaluate("window.scrollTo(0, 0)")
            seen = page.evaluate(START_AND_ROWS)
            assert seen["start"][1] <= seen["height"], f"{lang} {game}: the start button at {seen['start']}, below the fold"
        shot(page, f"home-learn-{lang}-5-seats")
