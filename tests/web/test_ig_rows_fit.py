"""Incan Gold's player rows never draw text over text (issue: "text over text on a phone"), in
every language, at the widths the page gives the list: a phone's, the tablet's upright column
and landscape side, either side of the row's narrow layout (the container query at 27rem).
The rows are the views' own HTML with the page's stylesheets, drawn by Chromium; a row carries
the longest things it shows: a name, "starts" and "you", a revealed choice, the gems of the
round with a gain or "lost!", the tent and the artifacts."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "web"
if str(WEB) not in sys.path:
    sys.path.insert(0, str(WEB))

from games.incan_gold import panels  # noqa: E402
from games.incan_gold.look import looks  # noqa: E402
from shell.i18n import Words, languages, load_catalogue  # noqa: E402

WIDTHS = (300, 360, 420, 440, 520, 740)     # CSS px of the players' list
NAMES = ["Ana", "Bartholomew-Maximilian", "Cy", "Dora", "Emil"]

# For every row: each of its cells (name, state, the round's gems, tent, artifacts) inside its
# own box (nothing overflows it) and clear of the others (no two boxes overlap).
MEASURE = """() => {
  const out = [];
  for (const row of document.querySelectorAll('.ig-player')) {
    const cells = [...row.querySelectorAll(':scope > div, :scope .ig-tent, :scope .ig-artifacts')]
      .filter(c => getComputedStyle(c).display !== 'contents');
    const boxes = cells.map(c => c.getBoundingClientRect());
    cells.forEach((c, i) => {
      if (c.scrollWidth > c.clientWidth + 1)
        out.push(`seat ${row.dataset.seat}: ${c.className} overflows (${c.scrollWidth} > ${c.clientWidth})`);
      const parts = [...c.children].map(k => k.getBoundingClientRect()).filter(r => r.width);
      for (const r of parts)
        if (r.right > boxes[i].right + 1 || r.left < boxes[i].left - 1)
          out.push(`seat ${row.dataset.seat}: a part of ${c.className} sticks out of it`);
      for (let j = i + 1; j < cells.length; j++) {
        const a = boxes[i], b = boxes[j];
        if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1)
          out.push(`seat ${row.dataset.seat}: ${c.className} over ${cells[j].className}`);
      }
    });
  }
  return out;
}"""


def _view() -> dict:
    players = [{"name": n, "in_temple": i % 2 == 0, "round_gems": [0, 0, 0, 17, 9][i],
                "chosen": True, "tent": [0, 12, 104, 148, 7][i],
                "artifacts": [[], [5, 10], [], [5], []][i]} for i, n in enumerate(NAMES)]
    return {"round": 3, "path": [], "removed_hazards": [], "deck": {}, "start_player": 1,
            "options": {"diamant": False, "open_tents": True}, "over": False, "log": [],
            "players": players}


def _page_html(lang: str, width: int) -> str:
    view = _view()
    t = Words(load_catalogue(lang, WEB), NAMES).t
    rows = panels.players_html(view, looks(view), t, viewer=2, revealed={0: "torch", 4: "camp"},
                               gains={3: 17}, lost=[1, 2], waiting=False)
    css = (WEB / "style.css").read_text("utf-8") + (WEB / "games/incan_gold/incan-gold.css").read_text("utf-8")
    return (f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><style>{css}</style></head>'
            f'<body data-game="incan-gold"><div style="width:{width}px">{rows}</div></body></html>')


@pytest.mark.parametrize("lang", languages())
def test_player_rows_draw_no_text_over_text(browser, lang):
    page = browser.new_page(viewport={"width": 800, "height": 600})
    try:
        found = []
        for width in WIDTHS:
            page.set_content(_page_html(lang, width))
            assert page.locator(".ig-player").count() == len(NAMES)
            assert page.locator(".ig-loss").count() == 2
            found += [f"{width}px: {p}" for p in page.evaluate(MEASURE)]
        assert found == [], "\n".join(found)
    finally:
        page.close()
