"""The market panel: the four goods' columns, their units and their prices in corn."""

from __future__ import annotations

from html import unescape

from machu_picchu import data as D

from kit.svg import fit_text as _fit_text
from kit.markup import Html

from .icons import icon_at
from .words import good_name, t

MARKET_W, MARKET_H = 300, 238


def market_svg(view: dict) -> str:
    """The four market columns (llama, coca, pottery, cloth), fields 6-5-4-3, units and prices."""
    market = view["market"]
    col_w, field_w, field_h, x0, y0 = 68, 60, 32, 26, 50
    out = [f'<svg class="mp-panel mp-market" xmlns="http://www.w3.org/2000/svg" '
           f'viewBox="0 0 {MARKET_W} {MARKET_H}" role="group" aria-label="{t("mp.panel.market.title")}">',
           f'<rect class="mp-panel-bg" x=".6" y=".6" width="{MARKET_W - 1.2}" '
           f'height="{MARKET_H - 1.2}" rx="10"/>',
           f'<text class="mp-panel-title" x="10" y="19">{t("mp.panel.market.title")}</text>',
           f'<text class="mp-panel-note" x="{MARKET_W - 10}" y="19" text-anchor="end">'
           f'{t("mp.panel.market.prices")}</text>']
    for j, price in enumerate(D.MARKET_PRICES):
        out.append(f'<text class="mp-scale" x="{x0 - 12}" y="{y0 + 20 + j * field_h}" '
                   f'text-anchor="middle">{price}</text>')
    for i, g in enumerate(D.GOODS[k] for k in D.MARKET_GOODS):
        m = market[g]
        units, buy, sell = m["units"], m["buy"], m["sell"]
        cx = x0 + i * col_w
        bank_buy = units == 0
        bank_sell = units >= len(D.MARKET_PRICES)
        name = good_name(g)
        tip = t("mp.panel.market.column_tip", good=Html(name[:1].upper() + name[1:]), units=units, n=units,
                buy=t("mp.panel.market.buy_from_bank" if bank_buy else "mp.panel.market.buy_tip", n=buy),
                sell=t("mp.panel.market.sell_to_bank" if bank_sell else "mp.panel.market.sell_tip", n=sell))
        out.append(f'<g class="mp-mcol" data-good="{g}" data-units="{units}" data-buy="{buy}" '
                   f'data-sell="{sell}"><title>{tip}</title>')
        out.append(icon_at(g, cx, 28, 17))
        out.append(_fit_text(unescape(good_name(g)), cx + 19, 41, field_w - 19, "mp-mhead", "start", 6.4))
        for j, price in enumerate(D.MARKET_PRICES):
            fy = y0 + j * field_h
            if j < units:
                out.append(f'<rect class="mp-field-full" x="{cx}" y="{fy}" width="{field_w}" '
                           f'height="{field_h - 4}" rx="5"/>{icon_at(g, cx + 19, fy + 2, 24)}'
                           f'<text class="mp-field-price-small" x="{cx + 5}" y="{fy + 12}">'
                           f'{price}</text>')
            else:
                out.append(f'<rect class="mp-field" x="{cx}" y="{fy}" width="{field_w}" '
                           f'height="{field_h - 4}" rx="5"/><text class="mp-field-price" '
                           f'x="{cx + field_w / 2}" y="{fy + 20}" text-anchor="middle">{price}</text>')
        ly = y0 + 4 * field_h + 15
        out.append(f'<text class="mp-buy" x="{cx + 2}" y="{ly}">{t("mp.panel.market.buy", n=buy)}'
                   f'{"*" if bank_buy else ""}</text>'
                   f'<text class="mp-sell" x="{cx + 2}" y="{ly + 17}">{t("mp.panel.market.sell", n=sell)}'
                   f'{"*" if bank_sell else ""}</text></g>')
    out.append(f'<text class="mp-panel-note" x="10" y="{MARKET_H - 9}">'
               f'{t("mp.panel.market.bank_note")}</text>')
    out.append("</svg>")
    return "".join(out)
