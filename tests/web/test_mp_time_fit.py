"""Machu Picchu's time track (days.time_svg) draws no text over text: the Sun tile's holder, its
badge and "starts next day" side by side inside the tile's pill, in every language; and the
day's title clear of the pill. Drawn by Chromium with the page's stylesheets, from a real game's
view in which a seat holds the Sun tile."""
from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

import machu_picchu as mp

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "web"
if str(WEB) not in sys.path:
    sys.path.insert(0, str(WEB))

import games.machu_picchu as mpweb  # noqa: E402
from games.machu_picchu import days  # noqa: E402
from shell.i18n import Words, languages, load_catalogue  # noqa: E402

NAMES = ["Ann", "Bea", "Cy"]

# [what overlaps what] among the pill's parts: the title, the badge, the label and the sun; and
# any of them out of the pill (the title excepted: it lies left of the pill).
MEASURE = """() => {
  const svg = document.querySelector('svg.mp-time');
  const tile = svg.querySelector('.mp-sun-tile');
  const box = (el) => el.getBoundingClientRect();
  const pill = box(tile.querySelector('.mp-sun-holder'));
  const [sun, badge] = tile.querySelectorAll(':scope > g');     // days.time_svg's order
  const parts = {title: box(svg.querySelector('.mp-panel-title')), badge: box(badge),
                 label: box(tile.querySelector(':scope > text')), sun: box(sun)};
  const out = [];
  const names = Object.keys(parts);
  for (let i = 0; i < names.length; i++)
    for (let j = i + 1; j < names.length; j++) {
      const a = parts[names[i]], b = parts[names[j]];
      if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5)
        out.push(names[i] + ' over ' + names[j]);
    }
  for (const n of ['badge', 'label', 'sun'])
    if (parts[n].left < pill.left - 0.5 || parts[n].right > pill.right + 0.5) out.push(n + ' out of the pill');
  return out;
}"""


def _held_view():
    game = mp.new_game(players=3, seed=7, names=NAMES)
    rng = random.Random(7)
    while game.view(0).get("sun_tile") is None:
        game.apply(rng.choice(game.legal_actions()))
    view = game.view(0)
    view["day"] = 9          # the widest title: the last day
    return view


def _ended_view():
    """A finished game's view: the Sun tile held by whoever took the last day's third tile."""
    for seed in range(1, 40):
        game = mp.new_game(players=3, seed=seed, names=NAMES)
        rng = random.Random(seed)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        view = game.view(0)
        if view.get("sun_tile") is not None:
            return view
    raise AssertionError("no finished game with the Sun tile held")


@pytest.mark.parametrize("ended", [False, True], ids=["playing", "ended"])
@pytest.mark.parametrize("lang", languages())
def test_the_sun_tiles_holder_badge_and_words_never_overlap(browser, lang, ended):
    """Held during play, the Sun tile's holder "starts next day"; once the game is over there is
    no next day: the holder "took the last tile" (the last day's third)."""
    view = _ended_view() if ended else _held_view()
    seats = [{"name": n, "type": "human", "level": None, "style": i} for i, n in enumerate(NAMES)]
    words = Words(load_catalogue(lang, WEB), NAMES)
    with mpweb.speaking(words):
        svg = days.time_svg(view, seats)
    css = (WEB / "style.css").read_text("utf-8") + (WEB / "games/machu_picchu/machu-picchu.css").read_text("utf-8")
    page = browser.new_page(viewport={"width": 800, "height": 600})
    try:
        for width in (300, 420):       # the panel's width on a phone and beside the board
            page.set_content(f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
                             f'<style>{css}</style></head><body data-game="machu-picchu">'
                             f'<div style="width:{width}px">{svg}</div></body></html>')
            said = "mp.panel.days.sun_last" if ended else "mp.panel.days.sun_held"
            assert page.locator(".mp-sun-tile > text").text_content() == words.t(said)
            assert page.evaluate(MEASURE) == [], (lang, width)
    finally:
        page.close()
