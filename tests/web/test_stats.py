"""Finished games and the statistics in the page: a quick Incan Gold game (a person camping at
once, against two random bots) played to its end is kept once among the finished games (read
back after a reload, which shows the end screen again). Every wait is on a marker the page sets."""
from __future__ import annotations

from playwright.sync_api import expect

from gameplay import Player, start_incan_gold_from_home

LANDSCAPE = {"width": 1024, "height": 768}
RESULTS = """() => Object.keys(localStorage).filter(k => k.startsWith('machu-picchu:result:'))
                    .map(k => JSON.parse(localStorage.getItem(k)))"""


def play_quick_incan_gold(app, size=LANDSCAPE):
    """Ann against two random bots, camping at every decision, to the end screen."""
    app.page.set_viewport_size(size)
    page = app.open()
    page.wait_for_selector('body[data-screen="home"]', state="attached")
    start_incan_gold_from_home(page, [("Ann", "human"), ("Rand", "bot:random"), ("Rita", "bot:random")],
                               seed=5, pace="instant")
    me = Player(page)
    while True:
        page.wait_for_selector('body[data-over], body[data-decision]:not([data-revealing])',
                               state="attached", timeout=90_000)
        if page.get_attribute("body", "data-over"):
            return page
        me.click('#controls [data-act="camp"]')


def test_a_finished_game_is_kept_once_and_shown_in_the_statistics(app):
    page = play_quick_incan_gold(app)
    expect(page.locator("#end")).to_be_visible()
    results = page.evaluate(RESULTS)
    assert len(results) == 1, results
    rec = results[0]
    assert rec["game"] == "incan-gold" and rec["ending"] == "rounds" and rec["rounds"] == 5
    assert [(p["name"], p["type"], p["level"]) for p in rec["players"]] == [
        ("Ann", "human", None), ("Rand", "bot", "random"), ("Rita", "bot", "random")]
    assert any(p["won"] for p in rec["players"]) and rec["actions"] > 0
    # the end screen shown again after a reload writes nothing new
    page.reload()
    page.wait_for_selector('body[data-screen="game"][data-over]', state="attached")
    assert page.evaluate(RESULTS) == results
