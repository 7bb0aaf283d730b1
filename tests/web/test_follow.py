"""Following the play (issue 12): the decision comes into view with keyboard focus on its first
control whenever it becomes a person's; focus never falls to the page's body; in a hotseat game
a person's cards leave the page the moment their decision is done.

One browser context for the module (lean: the suite's time matters); every wait is on a marker
the page sets; the page's errors fail the module.
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from webharness import SCREENSHOTS, Watch, wait_ready, click_and_render
from test_game import new_game_from_home

PHONE = {"width": 390, "height": 844}
LANDSCAPE = {"width": 1024, "height": 768}

# Where focus is and whether the decision panel is on screen under the sticky header.
ATTENTION = """() => {
    const active = document.activeElement;
    const ctl = document.querySelector('#controls');
    const head = document.querySelector('.sticky-top').getBoundingClientRect().bottom;
    const box = document.querySelector('#controls .decision').getBoundingClientRect();
    return {
        body: active === null || active === document.body,
        inControls: ctl.contains(active), inBoard: document.querySelector('#board').contains(active),
        what: active ? active.outerHTML.slice(0, 80) : '',
        inView: box.top >= head - 1 && box.top < window.innerHeight - 40,
        top: box.top, head: head,
    };
}"""

# Records, at every render, whether a sacrifice card is in the DOM while nobody on screen decides
# or while a seat other than the one on screen decides.
WATCH_HANDS = """
    window.handLeaks = []; window.handRenders = 0;
    new MutationObserver(() => {
        const b = document.body.dataset;
        window.handRenders += 1;
        const cards = document.querySelectorAll('#hand figure.card, #hand .cards').length;
        const someoneElse = !b.viewer || b.viewer !== b.toMove || b.hidden !== undefined;
        if (cards && someoneElse && !b.over) window.handLeaks.push(
            {render: b.renderCount, viewer: b.viewer, toMove: b.toMove, hidden: b.hidden});
    }).observe(document.body, { attributes: true, attributeFilter: ['data-render-count'] });
"""


@pytest.fixture(scope="module")
def shared(browser, server):
    context = browser.new_context()
    watch = Watch(context)
    page = context.new_page()
    yield page, server
    assert watch.errors == [] and watch.foreign_requests() == []
    context.close()


def open_home(page, server, size):
    page.set_viewport_size(size)
    if page.url.startswith("http"):
        page.evaluate("localStorage.clear()")     # no game to resume: the home screen
    page.goto(server.url)
    wait_ready(page)
    page.wait_for_selector('body[data-screen="home"][data-board-shown]', state="attached")




@pytest.mark.parametrize("size", [PHONE, LANDSCAPE], ids=["390x844", "1024x768"])
def test_the_decision_comes_into_view_with_focus_and_focus_never_falls_to_the_page(shared, size):
    page, server = shared
    open_home(page, server, size)
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")   # the Start button is low
    new_game_from_home(page, [("Solo", "human"), ("Rand", "bot:random"), ("Rund", "bot:random")],
                       seed=4, pace="instant")
    decisions = 0
    while decisions < 10:
        page.wait_for_selector('body[data-decision][data-viewer="0"]', state="attached",
                               timeout=60_000)
        seen = page.evaluate(ATTENTION)
        assert seen["inView"], seen
        assert not seen["body"] and (seen["inControls"] or seen["inBoard"]), seen
        if page.get_attribute("body", "data-to-move") != "0":
            continue
        decisions += 1
        click_and_render(page, page.get_attribute("body", "data-bench-target"))
        assert not page.evaluate(ATTENTION.replace("#controls .decision", "#controls"))["body"]
    # a dialog opened from the menu gives focus back to the menu's button when it closes
    page.wait_for_selector('body[data-decision][data-to-move="0"]', state="attached")
    click_and_render(page, '#nav [data-act="menu"]')
    assert page.evaluate("document.querySelector('#overlay').contains(document.activeElement)")
    page.keyboard.press("Escape")
    page.wait_for_selector("body:not([data-overlay])", state="attached")
    assert page.evaluate("document.activeElement.dataset.act") == "menu"


def test_hotseat_cards_leave_the_page_when_the_decision_is_done(shared):
    page, server = shared
    open_home(page, server, LANDSCAPE)
    page.evaluate(WATCH_HANDS)
    new_game_from_home(page, [("Ann", "human"), ("Robo", "bot:random"), ("Bea", "human")],
                       seed=6, pace="instant")
    reveals = 0
    for _ in range(40):
        page.wait_for_function("document.body.dataset.benchTarget", timeout=60_000)
        target = page.get_attribute("body", "data-bench-target")
        if target.startswith("#hide"):
            reveals += 1
            assert page.locator("#hand figure.card").count() == 0
        click_and_render(page, target)
    assert reveals >= 4
    assert page.evaluate("window.handRenders") > 40
    assert page.evaluate("window.handLeaks") == []


def saved_actions(page) -> list:
    return page.evaluate("""() => { const id = localStorage.getItem('machu-picchu:current');
        return JSON.parse(localStorage.getItem('machu-picchu:game:' + id)).save.actions; }""")


def record_after_a_bots_card_draw(path):
    """A saved game (one person, one bot) in which the bot drew cards after the person's last
    decision, with the person to decide: a file to import."""
    import json
    import random
    import sys
    from gameplay import ROOT, mp
    sys.path.insert(0, str(ROOT / "web"))
    from shell import storage
    game = mp.new_game(players=2, seed=0, names=["Solo", "Bot"])
    rng = random.Random(0)
    while True:
        if game.to_move == 0 and 0 in game.deciders and game.prompt[0] == "turn":
            mine = max(i for i, s in enumerate(game.deciders) if s == 0)
            if game.reveal_mark > mine:
                break
        game.apply(rng.choice(game.legal_actions()))
    seats = [{"name": "Solo", "type": "human", "level": None, "style": 0},
             {"name": "Bot", "type": "bot", "level": "random", "style": 1}]
    rec = storage.make_record("drawn1", seats, game.to_save(), created="2026-01-01T00:00:00+00:00",
                              updated="2026-01-01T00:00:00+00:00",
                              meta=storage.game_meta(game, seats, "Day 2"), game="machu-picchu")
    path.write_text(json.dumps(rec))
    return game


def test_against_bots_a_decision_is_taken_back_with_the_bots_replies_not_after_a_draw(
        shared, tmp_path):
    page, server = shared
    open_home(page, server, LANDSCAPE)
    new_game_from_home(page, [("Solo", "human"), ("Rand", "bot:random"), ("Rund", "bot:random")],
                       seed=4, pace="instant")
    # my first turn places my Prince; the two bots answer; then I may take it all back
    mine = 'body[data-decision][data-to-move="0"]:not([data-thinking])'
    page.wait_for_selector(mine, state="attached")
    while page.get_attribute("body", "data-decision") != "turn":
        click_and_render(page, page.get_attribute("body", "data-bench-target"))
        page.wait_for_selector(mine, state="attached")
    # My turn, to my next one: the page waits on me at each of my decisions (nothing moves
    # then), so the walk is the same at every run. (Reading data-to-move after a click raced
    # the bots: at the instant pace they could have played and handed back before it was read,
    # and the walk went on through later turns and nights, 2 runs in 18.)
    while True:
        before = saved_actions(page)
        click_and_render(page, page.get_attribute("body", "data-bench-target"))
        page.wait_for_selector(mine, state="attached", timeout=60_000)
        if page.get_attribute("body", "data-decision") == "turn":
            break
    assert len(saved_actions(page)) > len(before) + 1    # the bots replied
    # what the bots did, in words beside the decision: who went where
    summary = page.locator("#follow")
    assert "Since your last turn" in summary.inner_text()
    # (the random bots' own choices vary from run to run: a move or travel goes "to the"
    # district, a stay "took the" moon tile; each bot's line says which)
    for seat, name in ((1, "Rand"), (2, "Rund")):
        line = summary.locator(f'li[data-seat="{seat}"]').first.inner_text()
        assert name in line and re.search(r"\b(to|took) the\b", line), line
    assert page.get_attribute("body", "data-undo") == "1"
    click_and_render(page, '#nav [data-act="undo"]')
    page.wait_for_selector(mine, state="attached")
    assert saved_actions(page) == before
    assert page.evaluate("document.querySelector('#controls').contains(document.activeElement)")
    # a card drawn by the bot since my last decision: no take-back (today's rule)
    game = record_after_a_bots_card_draw(tmp_path / "drawn.json")
    page.click('#nav [data-act="home"]')
    page.wait_for_selector('body[data-screen="home"]', state="attached")
    page.set_input_files("#import-file", str(tmp_path / "drawn.json"))
    page.wait_for_selector('body[data-screen="game"][data-decision="turn"][data-to-move="0"]',
                           state="attached")
    assert saved_actions(page) == game.history
    assert page.get_attribute("body", "data-undo") is None
    # the button looks disabled and says why, in its title and on a tap (the game's own rule)
    refused = page.locator('#nav [data-act="undo-why"][aria-disabled="true"]')
    why = ("Cannot undo: cards were drawn since your last decision, "
           "and a draw is never taken back.")
    assert refused.get_attribute("title") == why
    refused.click(force=True)     # aria-disabled: Playwright waits for "enabled"; a finger does not
    expect(page.locator("#toast")).to_contain_text(why)
    assert saved_actions(page) == game.history


def test_a_move_that_gives_nothing_today_looks_different_and_asks_first(shared):
    page, server = shared
    open_home(page, server, LANDSCAPE)
    new_game_from_home(page, [("Solo", "human"), ("Rand", "bot:random")], seed=12, pace="instant")
    mine = 'body[data-decision][data-to-move="0"]:not([data-thinking])'
    wasted = None
    for _ in range(80):
        page.wait_for_selector(mine, state="attached", timeout=60_000)
        chips = page.locator('#controls .chip.move.idle')
        if page.get_attribute("body", "data-decision") == "turn" and chips.count():
            wasted = chips.first.get_attribute("data-v")
            break
        click_and_render(page, page.get_attribute("body", "data-bench-target"))
    assert wasted, "no turn with a move that gives nothing"
    district = page.locator(f'#board [data-district="{wasted}"]')
    assert "mp-idle" in district.get_attribute("class")
    assert "Gives you nothing today" in district.locator(":scope > title").text_content()
    useful = page.locator('#board .district.mp-target:not(.mp-idle)')
    assert useful.count() > 0
    before = saved_actions(page)
    click_and_render(page, f'#board [data-district="{wasted}"]')
    confirm = page.locator('#controls .decision-turn [data-act="confirm"]')
    assert confirm.count() == 1 and "nothing today" in page.inner_text("#controls")
    assert saved_actions(page) == before                  # nothing happened yet
    assert page.evaluate("document.activeElement !== document.body")
    click_and_render(page, '#controls [data-act="cancel"]')
    assert confirm.count() == 0 and saved_actions(page) == before
    click_and_render(page, f'#controls .chip.move.idle[data-v="{wasted}"]')
    click_and_render(page, '#controls .decision-turn [data-act="confirm"]')
    assert saved_actions(page)[:len(before) + 1] == before + [f"move {wasted}"]


def play_mine(page, decisions: int) -> None:
    mine = 'body[data-decision][data-to-move="0"]:not([data-thinking])'
    for _ in range(decisions):
        page.wait_for_selector(mine, state="attached", timeout=60_000)
        click_and_render(page, page.get_attribute("body", "data-bench-target"))
    page.wait_for_selector(mine, state="attached", timeout=60_000)


def test_pieces_slide_at_the_chosen_pace_and_never_under_reduced_motion(shared):
    page, server = shared
    page.emulate_media(reduced_motion="no-preference")
    open_home(page, server, LANDSCAPE)
    new_game_from_home(page, [("Solo", "human"), ("Rand", "bot:random")], seed=21, pace="quick")
    play_mine(page, 6)
    slid = int(page.get_attribute("body", "data-moves-animated") or 0)
    assert slid > 0, "no piece slid"
    assert page.locator("#board [data-move-key], #trail [data-move-key]").count() > 0
    page.emulate_media(reduced_motion="reduce")
    play_mine(page, 6)
    assert int(page.get_attribute("body", "data-moves-animated") or 0) == slid
    assert page.evaluate("""document.getAnimations().filter(
        (a) => a.effect && a.effect.target && a.effect.target.closest('[data-move-key]')).length""") == 0
    page.emulate_media(reduced_motion="no-preference")


def record_after_bots_traded(path):
    """A saved game (one person, two random bots) in which, since the person's last decision,
    one bot took a production district's bonus and one traded at the market, with the person to
    take a turn: a file to import, and the marks the board should show (the engine's
    events and follow.goods_marks, read on the host)."""
    import json
    import random
    import sys
    from types import SimpleNamespace
    from gameplay import ROOT, mp
    sys.path.insert(0, str(ROOT / "web"))
    import games.machu_picchu as mpweb
    from games.machu_picchu import follow
    from shell import storage
    game = mp.new_game(players=3, seed=24, names=["Solo", "Rand", "Rund"])
    rng = random.Random(24)
    while True:
        if game.to_move == 0 and 0 in game.deciders and game.prompt[0] == "turn":
            mine = max(i for i, s in enumerate(game.deciders) if s == 0)
            theirs = game.history[mine + 1:]
            if (any(t.startswith(("sell ", "buy ")) for t in theirs)
                    and any(t.split()[0] in ("move", "travel") and t.split()[1] in mp.data.GOODS
                            for t in theirs)):
                break
        game.apply(rng.choice(game.legal_actions()))
    seen = mpweb.seen_mark(game.undo(len(game.history) - mine - 1), 0)
    seats = [{"name": "Solo", "type": "human", "level": None, "style": 0},
             {"name": "Rand", "type": "bot", "level": "random", "style": 1},
             {"name": "Rund", "type": "bot", "level": "random", "style": 2}]
    rec = storage.make_record("traded1", seats, game.to_save(), created="2026-01-01T00:00:00+00:00",
                              updated="2026-01-01T00:00:00+00:00", seen={"0": seen},
                              meta=storage.game_meta(game, seats, "Day 2"), game="machu-picchu")
    path.write_text(json.dumps(rec))
    steps = follow.steps_since(SimpleNamespace(game=game, memo={}), seen["step"])
    return game, follow.goods_marks(steps, 0)


# What a pointer or a long press at (x, y) is told: the <title> nearest the element under it,
# as the browser's tooltip and touch-tips.js find it; and whether a tap there acts (an element
# with a click attribute of the board or a data-act).
TIP_AT = """([x, y]) => {
    const hit = document.elementFromPoint(x, y);
    let tip = null;
    for (let el = hit; el && el !== document.body && tip === null; el = el.parentNode) {
        const title = Array.from(el.children || []).find((c) => c.tagName.toLowerCase() === 'title');
        if (title) tip = title.textContent.trim();
    }
    return [tip, !!(hit && hit.closest('[data-act], [data-district], [data-tile], [data-pick]'))];
}"""


def marks_say_what_they_are(page, marks) -> None:
    """Each mark, hovered, shows its own words (the catalogue's, as the host draws them), not
    the board's under it, and a tap on it acts on nothing; a long press on one shows them in
    the touch bubble; the keyboard's focus on its district shows them too."""
    from html import unescape
    import shell.i18n  # noqa: F401 (the page's words, English, which mark_words speaks outside a hook)
    from games.machu_picchu.marks import mark_words
    page.evaluate("() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => 0)))")
    cdp = page.context.new_cdp_session(page)
    for district, by_seat in marks.items():
        for seat, entry in by_seat.items():
            words = unescape(mark_words(entry))
            box = page.locator(f'#board .mp-mark[data-mark-district="{district}"][data-seat="{seat}"] > rect')
            b = box.bounding_box()
            x, y = b["x"] + b["width"] - 6, b["y"] + b["height"] / 2
            page.mouse.move(x, y)
            tip, acts = page.evaluate(TIP_AT, [x, y])
            assert tip and words in tip, (district, seat, words, tip)
            assert not acts, (district, seat)
    # a long press on the first (touch-tips.js), then the keyboard's focus on its district
    district, by_seat = next(iter(marks.items()))
    seat, entry = next(iter(by_seat.items()))
    b = page.locator(f'#board .mp-mark[data-mark-district="{district}"][data-seat="{seat}"] > rect').bounding_box()
    point = {"x": b["x"] + b["width"] - 6, "y": b["y"] + b["height"] / 2}
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
    page.wait_for_selector("#touch-tip:not([hidden])", state="visible")
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    page.evaluate("() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)))")
    assert page.is_visible("#touch-tip"), "the bubble went with the finger"
    assert unescape(mark_words(entry)) in page.inner_text("#touch-tip")
    page.screenshot(path=str(SCREENSHOTS / "mark-long-press.png"))
    page.evaluate("document.getElementById('touch-tip').hidden = true")
    page.keyboard.press("Shift")             # the keyboard's (focus-visible) focus
    page.locator(f'#board [data-district="{district}"]').focus()
    page.wait_for_selector("#touch-tip:not([hidden])", state="visible")
    tip = page.inner_text("#touch-tip")
    assert all(unescape(mark_words(e)) in tip for e in by_seat.values()), tip
    page.screenshot(path=str(SCREENSHOTS / "mark-keyboard-focus.png"))
    page.locator("#controls").focus()
    cdp.detach()


def test_a_bots_trade_and_bonus_are_marked_on_the_board_and_the_log_is_in_words(shared, tmp_path):
    from machu_picchu.events import texts
    page, server = shared
    page.emulate_media(reduced_motion="no-preference")
    open_home(page, server, LANDSCAPE)
    page.select_option('#home select[data-field="pace"]', "quick")
    game, marks = record_after_bots_traded(tmp_path / "traded.json")
    assert "plaza" in marks and set(marks) - {"plaza"}
    slid = int(page.get_attribute("body", "data-moves-animated") or 0)
    page.set_input_files("#import-file", str(tmp_path / "traded.json"))
    page.wait_for_selector('body[data-screen="game"][data-decision="turn"][data-to-move="0"]',
                           state="attached")
    for district, by_seat in marks.items():
        for seat in by_seat:
            mark = page.locator(f'#board .mp-mark[data-mark-district="{district}"][data-seat="{seat}"]')
            assert mark.count() == 1, (district, seat)
    plaza = page.locator('#board .mp-mark[data-mark-district="plaza"] .mp-mark-text').all_text_contents()
    assert plaza and all(t.startswith(("sold ", "bought ")) for t in plaza), plaza
    marks_say_what_they_are(page, marks)
    # the goods slide out of their district (the speed option: quick; no reduced motion)
    assert int(page.get_attribute("body", "data-moves-animated") or 0) > slid
    # the log: every event in the catalogue's words, as the host's engine says them
    lines = page.locator("#log li:not(.reason)").all_inner_texts()
    assert lines == texts(game.log_for(0), game.names)
