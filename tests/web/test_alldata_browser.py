"""All of the page's data, as a player moves it (web/shell/mydata.py): the home's "Export all my
data" downloads one file; "Delete all my data" (after its question) leaves a fresh home; that file
imported back brings every saved game, finished game and preference back, says what it imported,
and shows in a second tab at once; one game's statistics are forgotten alone; a foreign file and a
hostile one are refused with a message and change nothing. At 1024x768, then 390x844. Every wait is on a marker the page sets."""
from __future__ import annotations

import json
import random

from playwright.sync_api import expect

from bench_stats import sample_results
from gameplay import no_horizontal_scroll
from webharness import SCREENSHOTS

LANDSCAPE = {"width": 1024, "height": 768}
PHONE = {"width": 390, "height": 844}
HOSTILE = "<img src=x onerror=window.pwned=1>"
KEPT = """() => Object.fromEntries(Object.keys(localStorage).filter(k => k.startsWith('machu-picchu:'))
                    .map(k => [k, JSON.parse(localStorage.getItem(k))]))"""


def saved_games() -> list[dict]:
    """Two saved games made by the engines: Machu Picchu under way (one seat's name is markup),
    Incan Gold over."""
    from tabletop import registry
    from shell import storage
    out = []
    for gid, game_id, names, moves in (("gmp1", "machu-picchu", ["Ann", HOSTILE], 8),
                                       ("gig1", "incan-gold", ["Ann", "Bea", "Cy"], None)):
        info = registry.find(game_id)
        game = info.new_game(players=len(names), seed=11, names=names)
        rng = random.Random(3)
        k = 0
        while not game.is_over and (moves is None or k < moves):
            game.apply(rng.choice(game.legal_actions()))
            k += 1
        seats = [{"name": n, "type": "human", "level": None, "style": i} for i, n in enumerate(names)]
        out.append(storage.make_record(gid, seats, game.to_save(), created="2026-11-27T10:00:00+00:00",
                                       updated="2026-11-27T11:00:00+00:00", game=game_id,
                                       meta=storage.game_meta(game, seats)))
    return out


def view_shot(page, name):
    """What the screen shows (the viewport: a dialog as a player sees it on a phone)."""
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))


def home(page):
    page.wait_for_selector('body[data-screen="home"]', state="attached")


def test_all_data_exported_deleted_and_imported_back(app, shot, tmp_path):
    app.page.set_viewport_size(LANDSCAPE)
    page = app.open()
    home(page)
    results = sample_results(6)
    page.evaluate("""([saves, results]) => {
        for (const s of saves) localStorage.setItem('machu-picchu:game:' + s.id, JSON.stringify(s));
        for (const r of results) localStorage.setItem('machu-picchu:result:' + r.id, JSON.stringify(r));
        localStorage.setItem('machu-picchu:prefs', JSON.stringify({reasons: true, pace: 'quick', hints: false}));
    }""", [saved_games(), results])
    page.reload()
    home(page)
    expect(page.locator("#home li.save")).to_have_count(2)
    before = page.evaluate(KEPT)
    # a second tab on the home: what this one imports shows there at once
    other = page.context.new_page()
    type(app)(other, app.server).open()
    home(other)

    # export: one file, named with the date, holding everything
    with page.expect_download() as caught:
        page.click('#home [data-act="data-export"]')
    download = caught.value
    assert download.suggested_filename.startswith("andes-games-data-20")
    path = tmp_path / download.suggested_filename
    download.save_as(path)
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert (doc["app"], doc["kind"], doc["schema"]) == ("andes-games", "all-data", 1)
    assert sorted(s["id"] for s in doc["saves"]) == ["gig1", "gmp1"]
    assert len(doc["results"]) == 6 and doc["settings"]["prefs"]["pace"] == "quick"
    expect(page.locator("#toast")).to_contain_text(download.suggested_filename)
    page.locator("#home .data-block").scroll_into_view_if_needed()
    shot(page, "alldata-home-1024")

    # delete all, after its question: a fresh home, nothing of the page kept
    page.click('#home [data-act="data-delete"]')
    expect(page.locator("#overlay .dialog.data-delete")).to_contain_text("2 saved games, 6 finished games")
    shot(page, "alldata-delete-1024")
    page.click('#overlay [data-act="data-delete-yes"]')
    expect(page.locator("#home li.save")).to_have_count(0)
    expect(page.locator("#toast")).to_contain_text("All your data was deleted")
    assert page.evaluate(KEPT) == {}
    expect(page.locator('#home select[data-field="pace"]')).to_have_value("normal")
    expect(other.locator("#home li.save")).to_have_count(0)

    # imported back: every saved game, finished game and preference, said in a report
    page.set_input_files("#import-data", str(path))
    report = page.locator('#overlay .data-report[data-saves-added="2"][data-results-added="6"]')
    expect(report).to_contain_text("2 saved games added.")
    expect(report).to_contain_text("6 finished games added to the statistics.")
    expect(report).to_contain_text("Your preferences were taken from the file.")
    expect(page.locator("#toast .toast")).to_have_count(0)          # "deleted" is old news
    shot(page, "alldata-report-1024")
    page.click('#overlay [data-act="close"]')
    expect(page.locator("#home li.save")).to_have_count(2)
    assert page.evaluate(KEPT).keys() == before.keys()
    after = page.evaluate(KEPT)
    for key, value in before.items():
        if key.startswith("machu-picchu:game:"):
            assert [after[key][k] for k in ("game", "seats", "save")] == [value[k] for k in ("game", "seats", "save")]
        elif key == "machu-picchu:prefs":           # kept as the page keeps them: each one known
            assert {k: after[key][k] for k in value} == value
        else:
            assert after[key] == value, key
    expect(page.locator('#home select[data-field="pace"]')).to_have_value("quick")
    expect(page.locator("#home li.save .save-players").first).to_contain_text(HOSTILE)
    assert page.evaluate("window.pwned") is None
    expect(other.locator("#home li.save")).to_have_count(2)          # the other tab, at once
    other.close()
    # the statistics are back; one game's forgotten alone, after its question
    page.click('#home [data-act="stats"]')
    page.click('#end [data-act="stats-game"][data-v="incan-gold"]')
    ig = sum(r["game"] == "incan-gold" for r in results)
    expect(page.locator(f'#end .stats-main[data-stats-name="Ann"][data-stats-games="{ig}"]')).to_be_visible()
    shot(page, "alldata-stats-1024")
    page.click('#end [data-act="stats-delete-game"][data-v="incan-gold"]')
    page.click('#overlay [data-act="stats-delete-game-yes"][data-v="incan-gold"]')
    expect(page.locator("#end .stats-none")).to_be_visible()
    left = [k for k in page.evaluate(KEPT) if k.startswith("machu-picchu:result:")]
    assert sorted(left) == sorted(f"machu-picchu:result:{r['id']}" for r in results
                                  if r["game"] == "machu-picchu")
    page.click('#end [data-act="home"]')
    home(page)

    # the same file again: the forgotten finished games come back, nothing else; at phone size
    page.set_viewport_size(PHONE)
    page.set_input_files("#import-data", str(path))
    report = page.locator(f'#overlay .data-report[data-saves-added="0"][data-results-added="{ig}"]')
    expect(report).to_contain_text("2 saved games were here already.")
    assert no_horizontal_scroll(page)
    view_shot(page, "alldata-report-390")
    page.click('#overlay [data-act="close"]')

    # refused: a foreign file, and a hostile one (its markup shown as text, never run)
    kept = page.evaluate(KEPT)
    foreign = tmp_path / "notes.json"
    foreign.write_text('{"title": "my notes"}', encoding="utf-8")
    page.set_input_files("#import-data", str(foreign))
    refused = page.locator("#overlay .dialog.data-refused")
    expect(refused).to_contain_text("This file is not a data file of this page. Nothing was changed")
    page.click('#overlay [data-act="close"]')
    doc["saves"][1]["seats"][1].update(type="bot", level=HOSTILE)
    hostile = tmp_path / "hostile.json"
    hostile.write_text(json.dumps(doc), encoding="utf-8")
    page.set_input_files("#import-data", str(hostile))
    expect(refused).to_contain_text("Saved game number 2 in the file cannot be read")
    # the detail is the seat's refusal in words (its id), never the check's English nor the file
    expect(refused.locator(".detail")).to_contain_text("player 2 is a bot of a level this game does not have.")
    assert page.evaluate("window.pwned") is None
    assert page.evaluate(KEPT) == kept
    assert no_horizontal_scroll(page)
    view_shot(page, "alldata-refused-390")
    page.click('#overlay [data-act="close"]')
    page.locator("#home .data-block").scroll_into_view_if_needed()
    assert no_horizontal_scroll(page)
    view_shot(page, "alldata-home-390")
