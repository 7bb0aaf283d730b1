"""Replay in the page: a finished game stepped from its start with buttons, keys, the slider
(dragged: the board follows) and autoplay; a running game looked back on from the menu, with nobody's cards on screen and the
game taken up again where it stood."""
from __future__ import annotations

import json

from playwright.sync_api import expect

from gameplay import Player, mp, new_game_from_home, open_home
from machu_picchu.events import texts
from test_game import check_layout


def stored_game(page) -> mp.Game:
    """The engine's game as the page saved it (the current record in localStorage)."""
    text = page.evaluate("localStorage.getItem('machu-picchu:game:' + localStorage.getItem('machu-picchu:current'))")
    return mp.load_game(json.loads(text)["save"])


def step(page) -> int:
    return int(page.get_attribute("body", "data-replay-step"))


def expect_step(page, k: int) -> None:
    page.wait_for_selector(f'body[data-screen="replay"][data-replay-step="{k}"]', state="attached")


def public_lines(page) -> int:
    return page.locator("#log li:not(.reason)").count()


def test_finished_game_replays_step_by_step(app, shot):
    page = open_home(app)
    new_game_from_home(page, [("Rand A", "bot:random"), ("Rand B", "bot:random")], seed=5,
                       pace="instant")
    page.wait_for_selector("body[data-over]", state="attached", timeout=120_000)
    game = stored_game(page)
    steps = mp.positions(game)
    me = Player(page)

    me.click('#end [data-act="replay"]')
    expect_step(page, 0)
    assert page.get_attribute("body", "data-replay-last") == str(len(game.history))
    assert page.get_attribute("body", "data-over") is None
    expect(page.locator("#end")).to_be_empty()
    expect(page.locator("#hand")).to_be_empty()
    expect(page.locator("#turn-status")).to_contain_text("Replay")
    assert public_lines(page) == len(steps[0].log)

    me.click('#controls [data-act="replay-go"][data-v="next"]')
    expect_step(page, 1)
    for line in texts(steps[1].log[len(steps[0].log):], game.names):
        expect(page.locator("#controls .replay-lines")).to_contain_text(line)
    assert public_lines(page) == len(steps[1].log)

    # the keys: End, Home, PageDown (the next turn), ArrowRight
    page.focus("#board")
    page.keyboard.press("End")
    expect_step(page, len(steps) - 1)
    assert page.get_attribute("body", "data-over") == "1"
    page.keyboard.press("Home")
    expect_step(page, 0)
    first_turn = next(k for k in range(1, len(steps)) if steps[k].prompt and steps[k].prompt[0] == "turn")
    page.keyboard.press("PageDown")
    expect_step(page, first_turn)
    turn_seat = steps[first_turn].prompt[1]
    expect(page.locator("#turn-status")).to_contain_text(f"{game.names[turn_seat]} (bot) places the Prince")
    page.keyboard.press("ArrowRight")
    expect_step(page, first_turn + 1)
    assert public_lines(page) == len(steps[first_turn + 1].log)
    assert page.get_attribute("body", "data-day") == str(steps[first_turn + 1].day)

    # the slider, by keyboard: one step on
    page.focus("#controls input.replay-range")
    page.keyboard.press("ArrowRight")
    expect_step(page, first_turn + 2)

    # the slider, dragged: the board follows each position at once, the slider stays under the
    # finger (the same element), and the step where a Prince moved shows the move as an arrow
    moved = next(k for k in range(2, len(steps)) if any(
        a != b and a >= 0 and b >= 0 for a, b in zip(steps[k - 1].prince, steps[k].prince)))
    seat = next(s for s, (a, b) in enumerate(zip(steps[moved - 1].prince, steps[moved].prince)) if a != b)
    page.evaluate("document.querySelector('#controls input.replay-range').dataset.dragged = 'yes'")
    drag = """k => { const el = document.querySelector('#controls input.replay-range');
                     el.value = String(k); el.dispatchEvent(new Event('input', {bubbles: true})); }"""
    for k in (moved - 1, moved):
        page.evaluate(drag, k)
        expect_step(page, k)
    assert page.evaluate("document.querySelector('#controls input.replay-range').dataset.dragged") == "yes"
    expect(page.locator("#controls b[data-replay-step]")).to_have_text(str(moved))
    arrow = page.locator("#board .mp-went")
    expect(arrow).to_have_count(1)
    assert arrow.get_attribute("data-seat") == str(seat)
    assert arrow.get_attribute("data-to") == mp.data.DISTRICTS[steps[moved].prince[seat]]
    expect(arrow.locator("title")).to_contain_text("in this step")
    page.evaluate("document.querySelector('#controls input.replay-range')"
                  ".dispatchEvent(new Event('change', {bubbles: true}))")      # released
    page.wait_for_function("!document.querySelector('#controls input.replay-range').dataset.dragged")
    for line in texts(steps[moved].log[len(steps[moved - 1].log):], game.names):
        expect(page.locator("#controls .replay-lines")).to_contain_text(line)

    # autoplay moves on by itself until paused
    me.click('#controls [data-act="replay-play"]')
    page.wait_for_selector(f'body[data-replay-step="{moved + 2}"]', state="attached", timeout=10_000)
    me.click('#controls [data-act="replay-pause"]')
    expect(page.locator('#controls [data-act="replay-play"]')).to_be_visible()
    check_layout(page, shot, "replay")

    me.click('#controls [data-act="replay-exit"]')
    page.wait_for_selector('body[data-screen="game"][data-over]', state="attached")
    expect(page.locator("#end table.score")).to_be_visible()


def test_running_game_looked_back_on_from_the_menu(app):
    page = open_home(app)
    new_game_from_home(page, [("Solo", "human"), ("Rand", "bot:random")], seed=8, pace="instant")
    me = Player(page)
    for _ in range(6):
        page.wait_for_selector('body[data-decision][data-viewer="0"]', state="attached", timeout=60_000)
        me.click(page.get_attribute("body", "data-bench-target"))
    page.wait_for_selector('body[data-decision][data-viewer="0"]', state="attached", timeout=60_000)
    decision = page.get_attribute("body", "data-decision")
    status = page.inner_text("#turn-status")
    game = stored_game(page)
    assert page.locator("#hand figure.card").count() > 0

    me.click('#nav [data-act="menu"]')
    me.click('#overlay [data-act="replay"]')
    last = len(game.history)
    expect_step(page, last)
    assert page.get_attribute("body", "data-replay-last") == str(last)
    assert page.get_attribute("body", "data-decision") is None
    expect(page.locator("#hand")).to_be_empty()                 # nobody's cards in a replay
    for card in game.view(0)["players"][0]["hand"]:
        a, _, b = card.partition("-")
        assert f"{a} + {b}" not in page.inner_text("#app")
    me.click('#controls [data-act="replay-go"][data-v="prev-turn"]')
    back = step(page)
    assert back < last and game.deciders[back] in (0, 1)
    assert public_lines(page) == len(mp.positions(game)[back].log)

    me.click('#controls [data-act="replay-exit"]')
    page.wait_for_selector(f'body[data-screen="game"][data-decision="{decision}"][data-viewer="0"]',
                           state="attached")
    assert page.inner_text("#turn-status") == status
    assert len(stored_game(page).history) == last, "play moved on during the replay"
    assert page.locator("#hand figure.card").count() > 0
