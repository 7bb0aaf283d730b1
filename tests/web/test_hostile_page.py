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

from gameplay import Player, mp
from test_game import open_home

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
    expect(refusal).to_contain_text("nested too deeply")
    assert len(refusal.inner_text()) < 400
    Player(page).click('#overlay [data-act="close"]')
    saves = page.locator("#home li.save")
    expect(saves).to_have_count(4)
    broken = page.locator('#home li.save.broken[data-id="deep"]')
    expect(broken).to_contain_text("cannot be opened")
    expect(broken).to_contain_text("nested too deeply")
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
    expect(dialog).to_contain_text("nested too deeply")
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
