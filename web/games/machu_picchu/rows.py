"""The Priests and Virgins panel: the three rows of cards, their costs and step values."""

from __future__ import annotations

import re
from html import unescape
from typing import Optional, Sequence

from machu_picchu import data as D

from kit.markup import Html

from .icons import icon_at
from .words import good_name, t

ROWS_W, ROWS_H = 300, 222
# Average widths of a character of a row's name (bold) and of its note, in units (12.5 px texts,
# measured in DejaVu Sans, the widest of the usual faces): a note that would run into the name
# is squeezed to the room left ("Virgins of the Sun" and "6 left · 10 steps/llama" overlapped).
NAME_CHAR_W, NOTE_CHAR_W, NAME_X, NOTE_GAP = 7.1, 6.0, 28, 6
ROW_ICON = {"condor": "condor", "puma": "puma", "virgin": "sun"}


def _cost_icons(cost: tuple[int, ...], x: float, y: float) -> str:
    """A card's printed cost as one icon per good paid, in a 2-column grid."""
    items = [D.GOODS[g] for g in range(5) for _ in range(cost[g])]
    out = []
    for k, g in enumerate(items):
        out.append(icon_at(g, x + (k % 2) * 15, y + (k // 2) * 15, 14))
    return "".join(out)


def rows_svg(view: dict, picks: Sequence[str] = (), picked: Optional[str] = None,
             hinted: Optional[str] = None) -> str:
    """The three rows of Priest and Virgin cards: cards left with their cost, step values.

    Each row starts with its printed number; every card covers the next lower number. The lowest
    visible number (outlined) is what one sacrificed llama is worth in that row's temple.
    `picks`: the rows the person deciding may acquire a card of now: those rows are buttons (a
    Tab stop each, Enter or Space picks, as the controls' choices); `picked`: the row chosen,
    awaiting the confirmation; `hinted`: the row a hint on screen suggests (a dashed ring, said
    in its name). The other rows are pictures with their name.
    """
    out = [f'<svg class="mp-panel mp-rows" xmlns="http://www.w3.org/2000/svg" '
           f'viewBox="0 0 {ROWS_W} {ROWS_H}" role="group" aria-label="{t("mp.panel.rows.title")}">',
           f'<rect class="mp-panel-bg" x=".6" y=".6" width="{ROWS_W - 1.2}" '
           f'height="{ROWS_H - 1.2}" rx="10"/>',
           f'<text class="mp-panel-title" x="10" y="19">{t("mp.panel.rows.title")}</text>',
           f'<text class="mp-panel-note" x="{ROWS_W - 10}" y="19" text-anchor="end">'
           f'{t("mp.panel.rows.left", n=view.get("priests_left", ""), of=D.TOTAL_PRIEST_CARDS)}</text>']
    cell, x0 = 40, 10
    for r, row in enumerate(D.ROWS):
        info = view["rows"][row]
        taken, steps = info["taken"], info["steps"]
        size = D.ROW_SIZES[r]
        base = D.ROW_BASE_STEPS[r]
        y = 28 + r * 64
        cost_txt = ""
        if info.get("next_cost"):
            cost_txt = Html(t("mp.panel.rows.cost_sep").join(
                t("mp.panel.rows.cost", n=k, good=good_name(g)) for g, k in info["next_cost"].items()))
        temple = t("mp.district." + D.DISTRICTS[D.ROW_TEMPLE[r]])
        house = t("mp.district." + D.DISTRICTS[D.ROW_HOUSE[r]])
        label = t("mp.panel.rows.label." + row)
        tip = t("mp.panel.rows.tip", row=label, left=info["left"], size=size, house=house,
                temple=temple, steps=steps,
                next=t("mp.panel.rows.next", cost=cost_txt) if cost_txt else t("mp.panel.rows.none"))
        cls, role, button = "mp-row", f'role="img" aria-label="{tip}"', ""
        if row in picks:
            # a button over the row (no text of its own, so its name is all a reader hears):
            # what it does, at what cost, its state (chosen, the hint's); the row's drawing under
            # it is hidden from assistive technology, its name says the same
            name = t("mp.panel.rows.acquire", card=t("mp.panel.rows.one." + row), cost=cost_txt,
                     left=info["left"], steps=steps, after=steps - 1)
            if picked == row:
                name = t("mp.panel.rows.chosen", name=name)
            if hinted == row:
                name = t("mp.panel.rows.hinted", name=name)
            cls += " mp-pick" + (" mp-picked" if picked == row else "")
            role = 'aria-hidden="true"'
            button = (f'<g class="mp-row-btn" role="button" tabindex="0" data-pick="acquire {row}" '
                      f'aria-pressed="{"true" if picked == row else "false"}" '
                      f'aria-label="{name}"><title>{name}</title>'
                      f'<rect class="mp-hit" x="3" y="{y - 2}" width="{ROWS_W - 6}" height="64" rx="9"/>'
                      f'<rect class="mp-row-ring" x="3" y="{y - 2}" width="{ROWS_W - 6}" '
                      f'height="64" rx="9"/></g>')
        if hinted == row:
            cls += " mp-hinted"
            button += (f'<rect class="mp-ring-hint" x="2" y="{y - 3}" width="{ROWS_W - 4}" '
                       f'height="66" rx="10"/>')
        out.append(f'<g class="{cls}" data-row="{row}" data-left="{info["left"]}" '
                   f'data-steps="{steps}">')
        out.append(f'<g {role}><title>{tip}</title>')
        out.append(f'<rect class="mp-row-bg mp-row-{row}" x="5" y="{y}" width="{ROWS_W - 10}" '
                   f'height="60" rx="7"/>')
        out.append(icon_at(ROW_ICON[row], 9, y + 2, 15))
        note = t("mp.panel.rows.note", left=info["left"], steps=Html(f'<tspan class="mp-row-val">{steps}</tspan>'))
        room = ROWS_W - 10 - NAME_X - len(unescape(label)) * NAME_CHAR_W - NOTE_GAP
        fit = (f' textLength="{room:.1f}" lengthAdjust="spacingAndGlyphs"'
               if len(unescape(re.sub("<[^>]*>", "", note))) * NOTE_CHAR_W > room else "")
        out.append(f'<text class="mp-row-name" x="{NAME_X}" y="{y + 14}">{label}</text>'
                   f'<text class="mp-row-sub" x="{ROWS_W - 10}" y="{y + 14}" text-anchor="end"{fit}>'
                   f'{note}</text>')
        for k in range(size + 1):
            cx = x0 + k * cell
            if k == 0 or k <= taken:
                number = base - k
                current = " mp-current" if number == steps else ""
                out.append(f'<g class="mp-stepval{current}"><rect x="{cx}" y="{y + 20}" '
                           f'width="{cell - 4}" height="36" rx="6"/><text x="{cx + (cell - 4) / 2}" '
                           f'y="{y + 44}" text-anchor="middle">{number}</text></g>')
            else:
                idx = k - 1
                nxt = " mp-next" if idx == taken else ""
                out.append(f'<g class="mp-pcard{nxt}"><rect x="{cx}" y="{y + 19}" '
                           f'width="{cell - 4}" height="38" rx="5"/>'
                           f'{_cost_icons(D.ROW_CARD_COSTS[r][idx], cx + 3.5, y + 23)}</g>')
        out.append("</g>" + button + "</g>")
    out.append("</svg>")
    return "".join(out)
