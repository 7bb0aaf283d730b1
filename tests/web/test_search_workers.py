"""The hard bot's search helped by Web Workers (web/shell/search_pool.py, boot/search-worker.mjs):
started after the page is ready, for a game with a hard bot; a decision counts the workers'
iterations; with workers that fail to start, the pool turns off for the tab's session (a
console warning) and the bot still decides on the main thread. One page: a 2-seat game, hard
bot against easy bot, reloaded once the service worker holds the memory snapshot (the workers
restore it), then reopened with ?search-workers=fail,
then reloaded. Another page: the workers end when the player leaves the hard game and start
again for the next one. A third: the workers think ahead while the person decides, and a
helped decision counts what they thought ahead.
Waits on markers; the fixtures fail the test on any console error, page error or request
leaving 127.0.0.1.
"""
from __future__ import annotations

from contextlib import ExitStack

from bench_bots import saved_record
from gameplay import Player, mp, new_game_from_home
from machu_picchu.bots.heuristics import decide
from webharness import wait_ready, wait_service_worker

# Every Worker the page makes, and whether the page was ready then.
WATCH_WORKERS = """(() => {
  const made = (window.__workers = []);
  const Plain = window.Worker;
  window.Worker = class extends Plain {
    constructor(url, options) {
      super(url, options);
      made.push({ url: String(url), ready: document.body.hasAttribute("data-app-ready") });
    }
  };
})()"""
SAVED = """(() => JSON.parse(localStorage.getItem(
    'machu-picchu:game:' + localStorage.getItem('machu-picchu:current'))))"""
SEARCHED_REASONS = f"""(() => {SAVED}().reasons.filter(
    ([_i, r]) => Array.isArray(r) && r[1] && r[1].search).length)"""


def test_workers_help_the_hard_bot_and_a_failed_start_leaves_it_on_the_main_thread(app, context, watch):
    context.add_init_script(WATCH_WORKERS)
    page = app.open()
    cores = page.evaluate("navigator.hardwareConcurrency")
    new_game_from_home(page, [("Hard", "bot:hard"), ("Easy", "bot:easy")], seed=3, pace="instant")
    page.wait_for_selector("body[data-search-helped]", state="attached", timeout=90_000)
    expected = max(1, min(cores - 1, 3))
    assert page.get_attribute("body", "data-search-workers") == str(expected)
    helped = int(page.get_attribute("body", "data-search-helped"))
    games = int(page.get_attribute("body", "data-search-games"))
    assert 0 < helped < games                          # the main thread searched too
    page.wait_for_function(f"() => {SAVED}().reasons.some(([_i, r]) => "
                           f"Array.isArray(r) && r[1] && r[1].search && r[1].search.games === {games})")
    workers = page.evaluate("window.__workers")
    assert len(workers) == expected and all(w["ready"] for w in workers), workers
    # a first visit's workers start after ready, in idle time: restored if the service worker
    # has precached the snapshot by then, else the plain way
    assert page.get_attribute("body", "data-search-workers-boot") in ("restored", "none")
    # from the gzipped wasm the page downloaded, or the raw one the service worker unpacked:
    # the raw wasm is never downloaded
    assert [u for u in watch.requests if u.endswith("/pyodide.asm.wasm")] == []

    # Reloaded once the service worker holds the snapshot: the workers restore it too.
    wait_service_worker(page)
    page.reload()
    wait_ready(page)
    page.wait_for_selector("body[data-search-workers-boot]", state="attached", timeout=60_000)
    assert page.get_attribute("body", "data-search-workers-boot") == "restored"
    before = page.evaluate(SEARCHED_REASONS)
    page.wait_for_function(f"() => {SEARCHED_REASONS}() >= {before + 1}", timeout=60_000)
    page.wait_for_selector("body[data-search-helped]", state="attached")

    # The same game reopened (a hard bot at start), with workers that fail to start.
    page.goto(app.server.url + "?search-workers=fail")
    wait_ready(page)
    page.wait_for_selector('body[data-search-workers="off"]', state="attached", timeout=60_000)
    workers = page.evaluate("window.__workers")
    assert workers and all(w["ready"] for w in workers), workers   # never before ready
    before = page.evaluate(SEARCHED_REASONS)
    page.wait_for_function(f"() => {SEARCHED_REASONS}() >= {before + 2}", timeout=60_000)
    assert page.get_attribute("body", "data-search-helped") is None
    assert page.get_attribute("body", "data-search-workers") == "off"
    assert any("search helper did not start" in text for _kind, text in watch.console)

    # Reloaded without the flag: this tab's session starts no workers again.
    page.goto(app.server.url)
    wait_ready(page)
    page.wait_for_selector('body[data-search-workers="off"]', state="attached")
    assert page.evaluate("window.__workers") == []


def search_workers(page) -> list:
    """The page's search workers as the browser lists them (closed ones drop out)."""
    return [w for w in page.workers if "search-worker" in w.url]


def test_workers_end_when_no_hard_bot_is_at_the_table_and_start_again_for_the_next(app, context):
    context.add_init_script(WATCH_WORKERS)
    page = app.open()
    expected = max(1, min(page.evaluate("navigator.hardwareConcurrency") - 1, 3))
    hard_game = [("Hard", "bot:hard"), ("Easy", "bot:easy")]
    new_game_from_home(page, hard_game, seed=3, pace="instant")
    page.wait_for_selector("body[data-search-helped]", state="attached", timeout=90_000)
    workers = search_workers(page)
    assert len(workers) == expected
    heaps = page.get_attribute("body", "data-search-workers-heap").split()
    assert len(heaps) == expected and all(int(mib) > 16 for mib in heaps), heaps   # a whole Pyodide

    # Home: every worker is terminated (the browser says each one closed).
    with ExitStack() as closing:
        for worker in workers:
            closing.enter_context(worker.expect_event("close"))
        page.click('#nav [data-act="home"]')
    assert page.get_attribute("body", "data-search-workers") == "released"
    assert page.get_attribute("body", "data-search-workers-boot") is None
    assert page.get_attribute("body", "data-search-workers-heap") is None
    assert search_workers(page) == []

    # A game without a hard bot starts none.
    new_game_from_home(page, [("Me", "human"), ("Mid", "bot:medium")], pace="instant")
    assert page.get_attribute("body", "data-search-workers") == "released"
    assert len(page.evaluate("window.__workers")) == expected
    page.click('#nav [data-act="home"]')

    # A hard game again: new workers, and a decision they help.
    page.evaluate("document.body.removeAttribute('data-search-helped')")
    new_game_from_home(page, hard_game, pace="instant")     # the seed field stays open, at 3
    page.wait_for_selector(f'body[data-search-workers="{expected}"]', state="attached", timeout=90_000)
    page.wait_for_selector("body[data-search-helped]", state="attached", timeout=90_000)
    assert int(page.get_attribute("body", "data-search-helped")) > 0
    assert len(search_workers(page)) == expected
    assert len(page.evaluate("window.__workers")) == 2 * expected


HELPERS_AHEAD = 20      # re-deals the workers think ahead before the person decides (a marker)
PERSON_DECISIONS = 12


def test_workers_think_ahead_while_the_person_decides(app):
    """With a person and a hard bot, each free worker thinks ahead for the bot's next turn
    (body[data-search-ahead] counts their re-deals); when the person plays as the bots' policy
    would, a helped decision of that turn counts the workers' thought-ahead iterations."""
    page = app.open()
    new_game_from_home(page, [("Solo", "human"), ("Hard", "bot:hard")], seed=7, pace="instant")
    page.wait_for_function("Number(document.body.dataset.searchWorkers) > 0", timeout=90_000)
    me = Player(page)
    for _ in range(PERSON_DECISIONS):  # noqa: B007
        page.wait_for_selector('body[data-over], body[data-decision][data-viewer="0"]',
                               state="attached", timeout=120_000)
        assert not page.get_attribute("body", "data-over")
        game = mp.load_game(saved_record(page)["save"])
        page.wait_for_function(f"Number(document.body.dataset.searchAhead || 0) >= {HELPERS_AHEAD}",
                               timeout=60_000)
        page.evaluate("document.body.removeAttribute('data-search-helped-ahead')")
        me.take(game.prompt[0], decide(game).text)
        page.wait_for_selector('body[data-over], body[data-decision][data-viewer="0"]',
                               state="attached", timeout=120_000)
        if int(page.get_attribute("body", "data-search-helped-ahead") or 0):
            break
    print(f"\nhelped with thought-ahead iterations after {_ + 1} person decisions")
    ahead = int(page.get_attribute("body", "data-search-helped-ahead") or 0)
    assert ahead > 0, "no helped decision counted what the workers thought ahead"
    assert int(page.get_attribute("body", "data-search-helped")) > ahead
