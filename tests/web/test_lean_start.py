"""Issue 23: a first visit sends before ready only what the start reads (builder/split.py). Of
app.zip and the trimmed stdlib, the first parts (the start's modules, PyScript's bytecode, the
catalogues, the text codecs) come before ready and their rests after it; a game started while
the rests are still on their way waits for what it needs and plays; offline after a first
visit, both games play with their bots, in every language.

Counted from the browser's resource timings (bytes as received, and when each request began
against body[data-app-ready-ms]), never timed.
"""
from __future__ import annotations

from gameplay import new_game_from_home, start_incan_gold_from_home
from webharness import build, wait_ready, wait_service_worker

APP_REST = build.rest_name(build.APP_ARCHIVE)
STDLIB_REST = build.rest_name(build.STDLIB_ARCHIVE)
# each request: its file (after the app's folder), when it began and ended, and its body's bytes
RESOURCES = """() => performance.getEntriesByType("resource").map((e) => [
    e.name.split("/machu-picchu/")[1] || e.name, e.startTime, e.responseEnd, e.encodedBodySize])"""
# What the page may read before ready of the two split archives (gzip on the wire or not: zips),
# beside the snapshot and the runtime: 0.22 MB measured (app.zip 0.18, the stdlib's 0.04); both
# whole, as before the split, were 2.65 MB.
SPLIT_BEFORE_READY_MAX = 400_000


SAVED_ACTIONS = """JSON.parse(localStorage.getItem('machu-picchu:game:' +
    localStorage.getItem('machu-picchu:current'))).save.actions.length"""


def resources(page) -> list[tuple[str, float, float, int]]:
    return [tuple(entry) for entry in page.evaluate(RESOURCES)]


def actions(page) -> int:
    """The number of actions in the save of the game on screen."""
    return page.evaluate(f"() => {SAVED_ACTIONS}")


def start_machu_picchu(page, seats) -> None:
    """From the home screen, a game of Machu Picchu at the pace "instant"."""
    page.click('#home [data-act="choose-game"][data-v="machu-picchu"]')
    page.wait_for_selector('body[data-home-game="machu-picchu"]', state="attached")
    new_game_from_home(page, seats, pace="instant")
    assert page.get_attribute("body", "data-game") == "machu-picchu"


def test_before_ready_only_the_first_parts_of_the_archives_come_and_the_rests_after(page, server, watch):
    page.goto(server.url)
    wait_ready(page)
    assert page.get_attribute("html", "data-boot-snapshot") == "restored"
    page.wait_for_selector("body[data-later=done]", state="attached", timeout=60_000)
    ready = float(page.get_attribute("body", "data-app-ready-ms"))
    fetched = resources(page)
    names = [name for name, *_ in fetched]
    split = {f"{build.APP_ARCHIVE}", f"vendor/pyodide/{build.STDLIB_ARCHIVE}"}
    assert split <= set(names)
    before = {name: size for name, start, end, size in fetched if end <= ready}
    assert split <= set(before), before
    assert sum(before[name] for name in split) <= SPLIT_BEFORE_READY_MAX, before
    # the rests: each once, asked for after ready (shell/later.py, before the bots' imports)
    rests = [(name, start) for name, start, _end, _size in fetched if name.endswith(build.REST_SUFFIX)]
    assert sorted(name for name, _ in rests) == sorted([APP_REST, f"vendor/pyodide/{STDLIB_REST}"])
    assert all(start >= ready - 1 for _name, start in rests), (ready, rests)   # (ready: rounded)
    assert build.STDLIB_FULL not in " ".join(names)      # nothing the trim left out was needed


def test_a_game_started_while_the_rests_arrive_waits_for_them_and_plays(page, server, watch):
    """The rests held back by the network: a game of two bots started at once says that a bot
    thinks and waits for the bots' modules (app.zip's rest) and the stdlib they import; once
    they arrive, the bots play. Nothing was fetched at once (the watch: no import came first)."""
    held: dict[str, object] = {}

    def hold(route) -> None:        # the page's own download of each rest, held
        if route.request.url not in held:
            held[route.request.url] = route
        else:
            route.continue_()
    page.route(f"**/*{build.REST_SUFFIX}", hold)
    page.goto(server.url)
    wait_ready(page)
    start_machu_picchu(page, [("Robo", "bot:easy"), ("Bobo", "bot:easy")])
    page.wait_for_selector("body[data-thinking]", state="attached")
    assert actions(page) == 0 and page.get_attribute("body", "data-later") is None
    assert sorted(url.rsplit("/", 1)[1] for url in held) == sorted([APP_REST, STDLIB_REST])
    for route in held.values():
        route.continue_()
    page.wait_for_function(f"() => ({SAVED_ACTIONS}) >= 2", timeout=90_000)


def test_a_module_of_a_rest_imported_before_it_arrived_waits_for_it(page, server, watch):
    """What imports a module of a rest before the page fetched it (main.py here, before ready:
    a bot's module of app.zip, the stdlib's argparse) gets it: the rest is fetched at once (a
    synchronous request, said on the console), once each, and the page's own download later
    changes nothing."""
    probe = """
import json
from pyscript import document
import argparse
from machu_picchu.bots import easy
document.body.setAttribute("data-probe", json.dumps([argparse.__name__, easy.__name__]))
document.body.setAttribute("data-app-ready", "1")
"""
    page.route("**/main.py", lambda route: route.fulfill(body=probe, content_type="text/x-python"))
    page.goto(server.url)
    wait_ready(page)
    assert page.get_attribute("html", "data-boot-snapshot") == "restored"
    assert page.get_attribute("body", "data-probe") == '["argparse", "machu_picchu.bots.easy"]'
    at_once = sorted(text.split()[4].rsplit("/", 1)[1] for _kind, text in watch.console
                     if "rest fetched at once" in text)
    assert at_once == sorted([APP_REST, STDLIB_REST]), at_once
    watch.console.clear()                  # wanted here


def test_offline_after_a_first_visit_both_games_play_with_bots_in_every_language(context, page, server, watch):
    page.goto(server.url)
    wait_ready(page)
    wait_service_worker(page)
    context.set_offline(True)
    for lang in ("de", "fr", "en"):
        page.goto(f"{server.url}?lang={lang}")
        wait_ready(page)
        assert page.evaluate("document.documentElement.lang") == lang
        page.wait_for_selector("body[data-later=done]", state="attached", timeout=60_000)
    start_incan_gold_from_home(page, [("Ann", "human"), ("Ro", "bot:easy"), ("Bo", "bot:medium")],
                               seed=3, pace="instant")
    page.wait_for_selector('body[data-decision]', state="attached", timeout=90_000)
    page.click('#nav [data-act="home"]')
    start_machu_picchu(page, [("Robo", "bot:hard"), ("Bobo", "bot:easy")])
    page.wait_for_function(f"() => ({SAVED_ACTIONS}) >= 2", timeout=90_000)
