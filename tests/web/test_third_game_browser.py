"""The third game through the shell (issue 25): a copy of this repository with Pig added as the
docs say (tests/test_third_game.py: its package, its view folder, its registry line; nothing
else) is built by its own build.py and played in the browser as a person would: Pig's card on
the home, a game against a bot to the end, the game saved at every step and resumed after a
reload, its rules help, the replay, the end screen, the saved game listed."""
from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

from gameplay import Player
from webharness import build, screenshot, wait_ready

TESTS = Path(__file__).resolve().parent.parent
CURRENT = "JSON.parse(localStorage.getItem('machu-picchu:game:' + localStorage.getItem('machu-picchu:current')))"


def _third_game_module():
    spec = importlib.util.spec_from_file_location("third_game_copy", TESTS / "test_third_game.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def pig_site(tmp_path_factory):
    copy = _third_game_module().make_copy(tmp_path_factory.mktemp("third") / "home")
    run = subprocess.run([sys.executable, "build.py", "build"], cwd=copy, capture_output=True,
                         text=True, timeout=1200)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    server = build.StaticServer(copy / "dist").start()
    yield server
    server.stop()


def next_turn(page) -> str:
    page.wait_for_selector("body[data-over], body[data-decision]", state="attached", timeout=60_000)
    return "over" if page.get_attribute("body", "data-over") is not None else "decide"


def test_pig_plays_through_the_shell(pig_site, page):
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(pig_site.url)
    wait_ready(page)
    page.wait_for_selector('body[data-screen="home"]', state="attached")
    card = page.locator('#home [data-act="choose-game"][data-v="pig"]')
    expect(card).to_contain_text("Pig")
    card.click()
    page.wait_for_selector('body[data-home-game="pig"]', state="attached")
    page.select_option('#home select[data-field="players"]', "2")
    for i, (name, kind) in enumerate([("Ann", "human"), ("Rob", "bot:medium")]):
        page.select_option(f'#home select[data-field="type"][data-seat="{i}"]', kind)
        page.fill(f'#home input[data-field="name"][data-seat="{i}"]', name)
    page.select_option('#home select[data-field="pace"]', "instant")
    page.click("#home details.more summary")
    page.fill('#home input[data-field="seed"]', "3")
    page.click('#home [data-act="start"]')
    page.wait_for_selector('body[data-screen="game"][data-game="pig"]', state="attached")
    me, taken, reloaded = Player(page), 0, False
    while next_turn(page) == "decide":
        assert taken < 400, "the game did not end"
        if taken >= 4 and not reloaded:         # every step is saved: a reload resumes there
            log, actions = page.inner_text("#log"), page.evaluate(CURRENT)["save"]["actions"]
            page.reload()
            wait_ready(page)
            page.wait_for_selector('body[data-screen="game"][data-game="pig"][data-decision]',
                                   state="attached")
            assert page.inner_text("#log") == log
            assert page.evaluate(CURRENT)["save"]["actions"] == actions
            me.click('#nav [data-act="help"]')
            expect(page.locator("#overlay")).to_contain_text("Roll the die as often as you like")
            me.click('#overlay [data-act="close"]')
            screenshot(page, "pig-game")
            reloaded = True
        total = int(page.get_attribute(".pig-board", "data-pig-total"))
        hold = page.locator('#controls [data-act="hold"]')
        me.click('#controls [data-act="hold"]' if total >= 12 and hold.count() else '#controls [data-act="roll"]')
        taken += 1
    assert reloaded
    end = page.locator("#end")
    expect(end).to_be_visible()
    expect(end.locator(".pig-winner")).to_contain_text("wins")
    expect(end.locator('[data-act="again"]')).to_be_visible()
    screenshot(page, "pig-end")
    record = page.evaluate(CURRENT)
    assert record["game"] == "pig" and [s["level"] for s in record["seats"]] == [None, "medium"]
    me.click('#end [data-act="replay"]')
    page.wait_for_selector('body[data-screen="replay"][data-replay-step="0"]', state="attached")
    me.click('#controls [data-act="replay-go"][data-v="next"]')
    assert page.get_attribute("body", "data-replay-step") == "1"
    expect(page.locator("#log")).to_contain_text("rolls")
    me.click('#controls [data-act="replay-go"][data-v="last"]')
    me.click('#controls [data-act="replay-exit"]')
    page.wait_for_selector('body[data-screen="game"][data-over]', state="attached")
    me.click('#nav [data-act="home"]')
    save = page.locator(f'#home li.save[data-id="{record["id"]}"]')
    expect(save).to_contain_text("Pig")
