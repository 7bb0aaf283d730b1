"""Machu Picchu's words in the page: a hint speaks to the player and marks what it suggests on
the board and in the controls; Home shows the new-game form as it was filled."""
from __future__ import annotations

import re

from playwright.sync_api import expect

from gameplay import Player
from test_game import open_home, new_game_from_home

DEVELOPER = re.compile(r"adjust [+-]|look-ahead|best of \d+ by|\bplan:|simulated futures|\[mp\.")


def test_a_hint_marks_its_district_and_home_keeps_the_form(app):
    page = open_home(app)
    page.check('#home input[data-field="learning"]')
    new_game_from_home(page, [("Ann", "human"), ("Robo", "bot:easy")], seed=5, pace="instant")
    me = Player(page)
    districts = 0
    for _ in range(12):
        page.wait_for_selector('body[data-decision][data-viewer="0"]', state="attached", timeout=60_000)
        me.click('#controls [data-act="hint"]')
        hint = page.locator("#controls .hint.shown")
        expect(hint).to_contain_text("Hint from the hard bot, in your place:")
        words = hint.locator("p").inner_text()
        assert not DEVELOPER.search(words), words
        suggested = hint.locator('[data-act="hint-take"]').get_attribute("data-v")
        verb, _, arg = suggested.partition(" ")
        assert page.locator("#controls [data-hinted]").count() >= 1, suggested
        if verb in ("move", "travel"):
            ring = page.locator(f'#board [data-district="{arg}"].mp-hinted')
            expect(ring).to_have_count(1)
            expect(ring.locator("rect.mp-ring-hint")).to_have_count(1)
            assert page.locator("#board .mp-hinted").count() == 1
            districts += 1
            if districts >= 2:
                break
        me.click('#controls .hint.shown [data-act="hint-take"]')
    assert districts, "no hint suggested a district"
    # Home: the form as it was filled before Start
    me.click('#nav [data-act="home"]')
    page.wait_for_selector('body[data-screen="home"]', state="attached")
    form = page.locator("#home .new-game")
    assert form.locator('select[data-field="players"]').input_value() == "2"
    assert form.locator('input[data-field="name"][data-seat="0"]').input_value() == "Ann"
    assert form.locator('input[data-field="name"][data-seat="1"]').input_value() == "Robo"
    assert form.locator('select[data-field="type"][data-seat="1"]').input_value() == "bot:easy"
    assert form.locator('input[data-field="learning"]').is_checked()
    assert form.locator('input[data-field="seed"]').input_value() == "5"
    # ... and after a reload, which resumes the game: Home still shows that form
    page.click('#home .save [data-act="continue"]')
    page.wait_for_selector('body[data-screen="game"]', state="attached")
    app.open()
    page.wait_for_selector('body[data-screen="game"]', state="attached")
    me.click('#nav [data-act="home"]')
    page.wait_for_selector('body[data-screen="home"]', state="attached")
    assert form.locator('input[data-field="name"][data-seat="1"]').input_value() == "Robo"
    assert form.locator('select[data-field="type"][data-seat="1"]').input_value() == "bot:easy"
    assert form.locator('input[data-field="learning"]').is_checked()
