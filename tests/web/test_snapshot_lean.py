"""The memory snapshot holds what the first screen needs; the modules it leaves out
(each game's GameInfo.later_modules: the bots, a help page) are imported once the page is ready, by
web/shell/later.py, one a main-thread task in idle time, and the bots and hints still work.

Counted, never timed: each import marks "later:<module>", and a message posted at each mark
must have run before the next one (another task of the page ran between two imports).
"""
from __future__ import annotations

from playwright.sync_api import expect

from gameplay import Player, mp, new_game_from_home
from webharness import build, wait_ready

# Each later import: its module, and whether the page ran a task since the previous one.
LATER_WATCH = """(() => {
  const later = (window.__later = { marks: [], together: [], posted: 0, ran: 0 });
  const channel = new MessageChannel();
  channel.port1.onmessage = () => { later.ran++; };
  const mark = performance.mark.bind(performance);
  performance.mark = (name, ...rest) => {
    if (String(name).startsWith("later:")) {
      if (later.ran < later.posted) later.together.push(name);
      later.marks.push(name.slice(6));
      later.posted++;
      channel.port2.postMessage(0);
    }
    return mark(name, ...rest);
  };
})()"""
SAVED = """(() => JSON.parse(localStorage.getItem(
    'machu-picchu:game:' + localStorage.getItem('machu-picchu:current'))))"""
# imported by the snapshot's own modules (the game's registry entry): the build keeps it
KEPT = {"machu_picchu.bots.base"}


def later_modules(dist) -> list[str]:
    return build.later_modules(build.app_sources())


def ready_without_later(page) -> None:
    """The page is ready, and none of the left-out modules was imported on the way."""
    wait_ready(page)
    assert page.get_attribute("html", "data-boot-snapshot") == "restored"
    assert page.get_attribute("body", "data-later-early") == ""


def test_left_out_modules_import_after_ready_one_a_task_and_bots_and_hints_work(dist, context, page, server):
    expected = later_modules(dist)
    assert {"machu_picchu.bots.ismcts", "machu_picchu.bots.heuristics", "incan_gold.bots.hard"} <= set(expected)
    context.add_init_script(LATER_WATCH)
    page.goto(server.url)
    ready_without_later(page)                      # the home screen
    page.wait_for_selector("body[data-later=done]", state="attached")
    later = page.evaluate("window.__later")
    assert later["together"] == [], later          # never two imports in one task
    assert later["marks"] == [name for name in expected if name not in KEPT]

    # a saved game against a bot, opened at start: ready before the bot's modules, and the
    # bot (made at its first use) and a hint work, whether the idle imports got there or not
    new_game_from_home(page, [("Solo", "human"), ("Robo", "bot:medium")], seed=11, pace="instant")
    page.wait_for_selector('body[data-decision][data-viewer="0"]', state="attached", timeout=60_000)
    page.reload()
    ready_without_later(page)
    assert page.get_attribute("body", "data-screen") == "game"
    page.wait_for_selector('body[data-decision][data-viewer="0"]', state="attached", timeout=60_000)
    me = Player(page)
    me.click('#controls [data-act="hint"]')
    hint = page.locator("#controls .hint.shown")
    expect(hint).to_contain_text("Hint from the hard bot, in your place:")
    me.click('#controls .hint.shown [data-act="hint-take"]')
    for count in range(1, 20):                     # until the bot (seat 1) has decided
        page.wait_for_function(f"() => {SAVED}().save.actions.length >= {count}", timeout=60_000)
        if 1 in mp.load_game(page.evaluate(f"{SAVED}()")["save"]).deciders:
            break
    else:
        raise AssertionError("the bot never moved")

    # an Incan Gold game against a bot, opened at start: ready before its bots' modules too
    page.click('#nav [data-act="home"]')
    page.click('#home [data-act="choose-game"][data-v="incan-gold"]')
    page.wait_for_selector('body[data-home-game="incan-gold"]', state="attached")
    new_game_from_home(page, [("Ann", "human"), ("Mid", "bot:medium"), ("Easy", "bot:easy")], pace="instant")
    page.wait_for_selector('body[data-game="incan-gold"][data-decision]', state="attached", timeout=60_000)
    page.reload()
    ready_without_later(page)
    assert page.get_attribute("body", "data-game") == "incan-gold"
