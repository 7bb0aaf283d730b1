"""The home of several games: a card per game of the build, the new-game form following the
chosen game, and saved games of the page as it was before it held several games still opening."""
from __future__ import annotations

import json
import zipfile

from playwright.sync_api import expect

from webharness import wait_ready

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
    """The registered games whose rules the build carries, in the home's order."""
    with zipfile.ZipFile(dist / "app.zip") as archive:
        names = set(archive.namelist())
    return [gid for gid, pkg in (("machu-picchu", "machu_picchu"), ("incan-gold", "incan_gold"))
            if f"{pkg}/__init__.py" in names]


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
        assert page.locator("#board").is_hidden()          # no Machu Picchu map behind its form
        shot(page, "home-incan-gold")
        page.click('#home [data-act="choose-game"][data-v="machu-picchu"]')
        expect(page.locator("#home li.seat-row")).to_have_count(5)     # within 2-5 again
