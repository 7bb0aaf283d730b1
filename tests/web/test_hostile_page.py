"""The page against what players and storage can throw at it (issue 10): tampered and deeply
nested records in localStorage, a nested-bracket import, a huge string in an imported file, two
tabs on one saved game, a 20,000-action replay and a right-to-left override in a name.

Each test ends with the page alive (a later click works) and, through the `page` fixture, no page
error and no Python error shown."""
from __future__ import annotations

import json
import sys
from pathlib import Path

from playwright.sync_api import expect

from gameplay import Player, mp, open_home
from machu_picchu.events import texts

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
from shell import storage  # noqa: E402  (the page's own record format, built on the host)

GAME_KEY = storage.GAME_PREFIX
SEATS = [{"name": "Ann", "type": "human", "level": None, "style": 0},
         {"name": "Bea", "type": "human", "level": None, "style": 1}]


def record(gid: str, actions: int = 3, seats=SEATS, seed: int = 2) -> dict:
    names = [s["name"] for s in seats]
    game = mp.new_game(players=len(seats), seed=seed, names=names)
    for _ in range(actions):
        game.apply(game.legal_actions()[0])
    return storage.make_record(gid, [dict(s) for s in seats], game.to_save(), created="2026-01-01",
                               updated=f"2026-01-0{1 + actions % 8}",
                               meta=storage.game_meta(game, seats))


def put_records(page, items: dict[str, str], current: str | None = None) -> None:
    """Write raw texts under game keys (and the current game), then reload and wait for ready."""
    page.evaluate("([items, current]) => { for (const [k, v] of Object.entries(items)) "
                  "localStorage.setItem(k, v); if (current) localStorage.setItem("
                  "'machu-picchu:current', current); }",
                  [{GAME_KEY + k: v for k, v in items.items()}, current])
    page.reload()
    page.wait_for_selector("body[data-app-ready]", state="attached", timeout=60_000)


def stored(page, gid: str) -> dict:
    return json.loads(page.evaluate(f"localStorage.getItem({json.dumps(GAME_KEY + gid)})"))


def reveal(page) -> None:
    """Pass the device on: close the hotseat screen that hides the cards, if it is up."""
    if page.locator('#hide [data-act="reveal"]').count():
        Player(page).click('#hide [data-act="reveal"]')


def current_id(page) -> str:
    return page.evaluate("localStorage.getItem('machu-picchu:current')")


# --- stored records ---------------------------------------------------------------------------
def test_damaged_records_never_stop_the_page(app, shot):
    page = open_home(app)
    tampered = record("tampered", 2)
    tampered["meta"].update(winners=5, over=True, names=[1, None], day={"x": 1})
    deep = "[" * 20_000 + "]" * 20_000                    # 40 KB: overflowed the stack on load
    items = {
        "good": json.dumps(record("good", 3)),
        "tampered": json.dumps(tampered),
        "deep": deep,
        "garbage": "{not json",
    }
    put_records(page, items, current="deep")              # the page tries the deep one first
    page.wait_for_selector('body[data-screen="home"]', state="attached")
    # the player is told why the last game did not open, in a short message
    refusal = page.locator("#overlay .dialog.error")
    expect(refusal).to_contain_text("too deeply nested")
    assert len(refusal.inner_text()) < 400
    Player(page).click('#overlay [data-act="close"]')
    saves = page.locator("#home li.save")
    expect(saves).to_have_count(4)
    broken = page.locator('#home li.save.broken[data-id="deep"]')
    expect(broken).to_contain_text("cannot be opened")
    expect(broken).to_contain_text("too deeply nested")
    expect(broken.locator('[data-act="delete"]')).to_be_visible()
    expect(page.locator('#home li.save.broken[data-id="garbage"]')).to_have_count(1)
    expect(page.locator('#home li.save[data-id="tampered"]')).to_contain_text("Ann")
    shot(page, "hostile-storage-home")

    # the broken record downloads exactly as stored
    with page.expect_download() as info:
        page.click('#home li.save[data-id="deep"] [data-act="export-raw"]')
    assert Path(info.value.path()).read_text() == deep
    me = Player(page)
    me.click('#home li.save[data-id="deep"] [data-act="delete"]')
    me.click('#overlay [data-act="delete-yes"]')
    expect(page.locator('#home li.save[data-id="deep"]')).to_have_count(0)
    assert page.evaluate(f"localStorage.getItem({json.dumps(GAME_KEY + 'deep')})") is None

    # the good and the tampered games open (the tampered summary is rewritten on the next save)
    me.click('#home [data-act="continue"][data-v="good"]')
    page.wait_for_selector('body[data-screen="game"]', state="attached")
    reveal(page)
    me.click('#nav [data-act="home"]')
    me.click('#home [data-act="continue"][data-v="tampered"]')
    page.wait_for_selector('body[data-screen="game"]', state="attached")
    assert stored(page, "tampered")["meta"]["winners"] == []
    assert len(stored(page, "good")["save"]["actions"]) == 3


# --- imports ----------------------------------------------------------------------------------
def import_text(page, name: str, text: str) -> None:
    page.set_input_files("#import-file", files=[{"name": name, "mimeType": "application/json",
                                                 "buffer": text.encode()}])


def test_hostile_imports_are_refused_and_the_page_stays_alive(app):
    page = open_home(app)
    me = Player(page)
    import_text(page, "nested.json", "[" * 10_000 + "]" * 10_000)     # 20 KB, depth 10,000
    dialog = page.locator("#overlay .dialog.error")
    expect(dialog).to_contain_text("Import refused")
    expect(dialog).to_contain_text("too deeply nested")
    me.click('#overlay [data-act="close"]')

    huge = record("huge")
    huge["seats"][1]["type"] = "x" * 1_900_000                        # a 1.9 MB string
    import_text(page, "huge.json", json.dumps(huge))
    expect(dialog).to_contain_text("Import refused")
    assert len(dialog.inner_text()) < 600
    me.click('#overlay [data-act="close"]')

    # the page is alive: a good import and a new game still work
    import_text(page, "good.json", json.dumps(record("imported", 3)))
    page.wait_for_selector('body[data-screen="game"]', state="attached")
    reveal(page)
    me.click('#nav [data-act="home"]')
    me.click('#home [data-act="start"]')
    page.wait_for_selector('body[data-screen="game"]', state="attached")


# --- two tabs ---------------------------------------------------------------------------------
def take(page, action: tuple[str, str]) -> None:
    """Take (decision kind, action text) in this tab (after the pass screen, if any)."""
    reveal(page)
    Player(page).take(*action)


def legal(page, gid: str | None = None) -> list[tuple[str, str]]:
    """The legal actions of a stored game (the current one by default), with its decision kind."""
    game = mp.load_game(stored(page, gid or current_id(page))["save"])
    return [(game.prompt[0], a.text) for a in game.legal_actions()]


def open_tab(context, server):
    tab = context.new_page()
    tab.goto(server.url)
    tab.wait_for_selector("body[data-app-ready]", state="attached", timeout=60_000)
    return tab


def two_tabs(app, context, server):
    a = open_home(app)
    a.evaluate("mpBenchStart(7)")                      # Ann and Bea, both people: nobody moves alone
    a.wait_for_selector('body[data-screen="game"]', state="attached")
    take(a, legal(a)[0])
    gid = current_id(a)
    b = open_tab(context, server)
    b.wait_for_selector('body[data-screen="game"]', state="attached")
    assert current_id(b) == gid
    return a, b, gid


def test_an_idle_tab_is_told_and_loads_the_newer_game(app, context, server):
    a, b, gid = two_tabs(app, context, server)
    first = stored(a, gid)["save"]["actions"]
    take(a, legal(a)[0])          # a is not disturbed by b's opening of the game (no new move)
    assert a.get_attribute("body", "data-overlay") in (None, "")
    b.wait_for_selector("#overlay .dialog.conflict", state="visible")
    expect(b.locator("#overlay .dialog")).to_contain_text("changed in another tab")
    expect(b.locator('#overlay [data-act="tab-copy"]')).to_have_count(0)   # b has nothing to keep
    Player(b).click('#overlay [data-act="tab-reload"]')
    expect(b.locator("#overlay .dialog")).to_have_count(0)
    both = stored(a, gid)["save"]["actions"]
    assert len(both) == len(first) + 1
    take(b, legal(b)[0])                                # b goes on from a's move: nothing lost
    assert stored(b, gid)["save"]["actions"][:len(both)] == both
    assert len(stored(b, gid)["save"]["actions"]) == len(both) + 1
    a.wait_for_selector("#overlay .dialog.conflict", state="visible")   # and a is told in turn


def test_a_stale_tab_never_overwrites_and_keeps_its_move_as_a_copy(app, context, server):
    a, b, gid = two_tabs(app, context, server)
    options = legal(a)
    take(a, options[0])
    mine = stored(a, gid)["save"]["actions"]
    b.wait_for_selector("#overlay .dialog.conflict", state="visible")
    Player(b).click('#overlay [data-act="close"]')       # "Not now": b plays on regardless
    expect(b.locator('#nav [data-act="tab-conflict"]')).to_be_visible()
    take(b, options[1])                                 # another move than a's, on b's old game
    b.wait_for_selector("#overlay .dialog.conflict", state="visible")
    expect(b.locator("#overlay .dialog")).to_contain_text("1 move that this tab has not seen")
    assert stored(a, gid)["save"]["actions"] == mine    # a's move is still there
    Player(b).click('#overlay [data-act="tab-copy"]')
    expect(b.locator("#toast")).to_contain_text("separate saved game")
    copy = current_id(b)
    assert copy != gid
    assert stored(b, copy)["save"]["actions"] == mine[:-1] + [options[1][1]]
    assert stored(b, gid)["save"]["actions"] == mine
    # a was not disturbed: the copy is another game
    take(a, legal(a, gid)[0])
    assert len(stored(a, gid)["save"]["actions"]) == len(mine) + 1
    assert a.locator("#overlay .dialog.conflict").count() == 0


# --- a long replay ----------------------------------------------------------------------------
def test_the_replay_of_the_longest_kind_of_game_opens_and_steps(app):
    """A game played for length (rules 1.1 cap a day at 100 turns and a market visit at 40
    trades: about 2,800 actions). Its replay used to copy the whole log per position."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from engine.long_game import long_game
    full = long_game(seed=4)
    game = mp.load_game(dict(full.to_save(), actions=full.history[:-1]))   # still running
    seats = [{"name": n, "type": "human", "level": None, "style": i} for i, n in enumerate(game.names)]
    rec = storage.make_record("long", seats, game.to_save(), created="", updated="",
                              meta=storage.game_meta(game, seats))
    page = open_home(app)
    put_records(page, {"long": json.dumps(rec)}, current="long")
    page.wait_for_selector('body[data-screen="game"]', state="attached")
    reveal(page)
    me = Player(page)
    me.click('#nav [data-act="menu"]')
    me.click('#overlay [data-act="replay"]')
    last = len(game.history)
    page.wait_for_selector(f'body[data-screen="replay"][data-replay-step="{last}"]', state="attached")
    assert page.get_attribute("body", "data-replay-last") == str(last)
    page.wait_for_selector('body[data-replay-warm="1"]', state="attached", timeout=120_000)
    steps = mp.positions(game)
    for move, k in (("prev", last - 1), ("first", 0), ("next", 1)):
        me.click(f'#controls [data-act="replay-go"][data-v="{move}"]')
        page.wait_for_selector(f'body[data-replay-step="{k}"]', state="attached")
        assert page.locator("#log li:not(.reason)").count() == len(steps[k].log)
    middle = last // 2
    page.eval_on_selector('#controls input[data-field="replay-step"]',
                          "(el, v) => { el.value = v; el.dispatchEvent(new Event('change', {bubbles: true})); }",
                          str(middle))
    page.wait_for_selector(f'body[data-replay-step="{middle}"]', state="attached")
    assert page.locator("#log li:not(.reason)").count() == len(steps[middle].log)
    for line in texts(steps.step_lines(middle), game.names):
        expect(page.locator("#controls .replay-lines")).to_contain_text(line)
    me.click('#controls [data-act="replay-exit"]')
    page.wait_for_selector('body[data-screen="game"]', state="attached")


# --- names written right to left ----------------------------------------------------------------
RTL = "\u202eZed"        # an unterminated right-to-left override


def test_a_right_to_left_override_in_a_name_stays_in_the_name(app, shot):
    seats = [{"name": RTL, "type": "human", "level": None, "style": 0},
             {"name": "Ann", "type": "human", "level": None, "style": 1}]
    page = open_home(app)
    put_records(page, {"rtl": json.dumps(record("rtl", 40, seats, seed=5))}, current="rtl")
    page.wait_for_selector('body[data-screen="game"]', state="attached")
    reveal(page)
    # every text of the page holding the override is inside a <bdi>, or between U+2068 and U+2069
    loose = page.evaluate("""() => {
        const out = [];
        const bare = (t) => t.replace(/\u2068[^\u2069]*\u2069/g, "").includes("\u202e");
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode())
            if (bare(n.nodeValue) && !n.parentElement.closest("bdi"))
                out.push(n.parentElement.tagName + ": " + n.nodeValue.slice(0, 60));
        for (const el of document.querySelectorAll("[title],[aria-label]"))
            for (const a of ["title", "aria-label"]) {
                const v = el.getAttribute(a);
                if (v && bare(v)) out.push(a + ": " + v.slice(0, 60));
            }
        return out;
    }""")
    assert loose == []
    log_names = page.locator("#log li bdi")
    assert log_names.count() > 0
    # the line after a name reads left to right: its words follow the name on the same row,
    # to its right (an override that leaked would put them to its left)
    line = page.locator("#log li", has=page.locator(f"bdi:text-is('{RTL}')")).first
    line.scroll_into_view_if_needed()
    boxes = line.evaluate("""(li) => {
        const bdi = li.querySelector("bdi");
        const range = document.createRange();
        range.setStartAfter(bdi);
        range.setEndAfter(li.lastChild);
        const rest = range.getClientRects()[0];
        const name = bdi.getBoundingClientRect();
        return [name.left, name.right, rest.left, rest.right];
    }""")
    name_left, name_right, rest_left, _rest_right = boxes
    assert rest_left >= name_right - 1
    shot(page, "hostile-rtl-name")
    me = Player(page)
    me.click('#nav [data-act="home"]')
    expect(page.locator('#home li.save[data-id="rtl"] bdi').first).to_have_text(RTL)
    shot(page, "hostile-rtl-name-home")
