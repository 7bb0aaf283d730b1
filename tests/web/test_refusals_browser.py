"""What a player is refused, said in the page's language (French here, one walk at a phone's
and a tablet's size): the new-game form's seats (an empty name, two players of one name), an
undo refused (the game's rule, on a tap of the button that looks disabled, and in its title),
the Statistics of a game whose only finished game was guided ("Learn to play"), said in one
sentence, and its games' counts of none as "0 partie" (French counts 0 in the singular: its
"one" entries say {n}, not 1). The words are the catalogue's, read from its file."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import expect

from bench_stats import sample_results
from gameplay import no_horizontal_scroll
from test_languages import switch

WEB = Path(__file__).resolve().parents[2] / "web"
FR = json.loads((WEB / "shell/locales/fr/shell.json").read_text("utf-8"))
EN = json.loads((WEB / "shell/locales/en/shell.json").read_text("utf-8"))
MP = json.loads((WEB / "games/machu_picchu/locales/fr/page.json").read_text("utf-8"))
PHONE = {"width": 390, "height": 844}
TABLET = {"width": 1024, "height": 768}


def fr(msg_id: str, _catalogue=FR, **params) -> str:
    """A French catalogue entry filled in (one with a plural: its "one" form)."""
    text = _catalogue[msg_id]
    text = text["one"] if isinstance(text, dict) else text
    for key, value in params.items():
        text = text.replace("{" + key + "}", str(value))
    return text


@pytest.fixture
def context(browser):
    """A browser whose language is French."""
    ctx = browser.new_context(locale="fr-FR", viewport=PHONE)
    yield ctx
    ctx.close()


def test_the_form_the_undo_and_the_statistics_say_what_is_refused_in_french(app, shot):
    page = app.open()
    page.wait_for_selector('body[data-screen="home"][data-board-shown]', state="attached")
    assert page.evaluate("document.documentElement.lang") == "fr"
    name = '#home input[data-field="name"][data-seat="{}"]'
    error = page.locator("#home .form-error")
    # a name of spaces only: refused in French, and the form stays
    page.fill(name.format(0), "   ")
    page.click('#home [data-act="start"]')
    expect(error).to_have_text(fr("shell.form.seats_error", error=fr("shell.seats.no_name", n=1)))
    # two players of one name (in another case): refused too, the game does not start
    page.fill(name.format(0), "Ann")
    page.fill(name.format(1), " ann")
    page.click('#home [data-act="start"]')
    expect(error).to_have_text(fr("shell.form.seats_error", error=fr(
        "shell.seats.same_name", first=1, n=2, name="\u2068ann\u2069")))   # a typed name, isolated
    assert page.get_attribute("body", "data-screen") == "home"
    for size, label in ((PHONE, "390x844"), (TABLET, "1024x768")):
        page.set_viewport_size(size)
        assert no_horizontal_scroll(page), label
        error.scroll_into_view_if_needed()
        shot(page, f"refusal-form-fr-{label}")
    # a change of language rewords the refusal on screen (it is kept as ids, not as words)
    same_name = dict(first=1, n=2, name="\u2068ann\u2069")
    switch(page, "en")
    expect(error).to_have_text(fr("shell.form.seats_error", EN,
                                  error=fr("shell.seats.same_name", EN, **same_name)))
    switch(page, "fr")
    expect(error).to_have_text(fr("shell.form.seats_error", error=fr("shell.seats.same_name", **same_name)))
    # the form takes a name of its own: the game starts
    page.fill(name.format(1), "Bea")
    page.click('#home [data-act="start"]')
    page.wait_for_selector('body[data-screen="game"]', state="attached")

    # an undo refused says the game's rule: nothing decided yet (two people: a pass screen first)
    page.wait_for_selector("body[data-hidden], body[data-decision]", state="attached", timeout=60_000)
    if page.get_attribute("body", "data-hidden"):
        page.click('#hide [data-act="reveal"]')
    page.wait_for_selector("body[data-decision]:not([data-hidden])", state="attached", timeout=60_000)
    refused = page.locator('#nav [data-act="undo-why"][aria-disabled="true"]')
    why = fr("shell.toast.no_undo", error=MP["mp.refusal.undo_none"])
    assert refused.get_attribute("title") == why
    refused.click(force=True)     # aria-disabled: Playwright waits for "enabled"; a finger does not
    expect(page.locator("#toast")).to_contain_text(why)
    for size, label in ((PHONE, "390x844"), (TABLET, "1024x768")):
        page.set_viewport_size(size)
        assert no_horizontal_scroll(page), label
        shot(page, f"refusal-undo-fr-{label}")
    page.set_viewport_size(PHONE)

    # Statistics of a game whose one finished game was guided: one sentence says both
    guided = dict(sample_results(1)[0], id="guided1", guided=True)
    assert guided["game"] == "incan-gold"
    page.evaluate("(r) => localStorage.setItem('machu-picchu:result:' + r.id, JSON.stringify(r))", guided)
    page.click('#nav [data-act="home"]')
    page.wait_for_selector('body[data-screen="home"]', state="attached")
    page.click('#home [data-act="stats"]')
    page.wait_for_selector('body[data-screen="stats"]', state="attached")
    page.click('#end [data-act="stats-game"][data-v="incan-gold"]')
    said = page.locator('#end p.stats-none.stats-guided[data-guided="1"]')
    expect(said).to_have_text(fr("shell.stats.none_guided", n=1))
    assert page.locator("#end .stats-guided, #end .stats-none").count() == 1
    # no game counted: "0 partie" (French says 0 in the singular), not "1 partie"
    for game in ("incan-gold", "machu-picchu"):
        expect(page.locator(f'#end [data-act="stats-game"][data-v="{game}"] small')).to_have_text("0 partie")
    for size, label in ((PHONE, "390x844"), (TABLET, "1024x768")):
        page.set_viewport_size(size)
        assert no_horizontal_scroll(page), label
        shot(page, f"refusal-stats-fr-{label}")
