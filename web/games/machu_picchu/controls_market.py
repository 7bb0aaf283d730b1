"""The controls of a visit to the Central Plaza: buy, sell, adjust the market, leave."""

from __future__ import annotations

from kit.markup import Html

from .controls_parts import button, button_row, icon, wrap
from .words import count, good_name, join, t


def market_controls(view, prompt, legal, me, draft, start_corn):
    corn = me["goods"]["corn"]
    rows = []
    for good in ("llama", "coca", "pottery", "cloth"):
        m = view["market"][good]
        units = m["units"]
        dots = "".join('<i class="unit on"></i>' if i < units else '<i class="unit"></i>'
                       for i in range(4))
        buy = f"buy {good}"
        sell = f"sell {good}"
        cells = [
            f'<th scope="row">{icon(good)} {good_name(good)}'
            f'<span class="units" title="{t("mp.market.units_title", n=units)}">{dots}</span></th>',
            f'<td class="have" title="{t("mp.market.have_title", goods=count(me["goods"][good], good))}">'
            f'{me["goods"][good]}</td>',
            "<td>" + (button(t("mp.market.buy", price=m["buy"]), "apply", buy, cls="trade",
                           title_html=t("mp.market.buy_title", good=good_name(good), price=m["buy"]))
                      if buy in legal else
                      f'<span class="na" title="{t("mp.market.na_title")}">{t("mp.market.buy", price=m["buy"])}</span>') + "</td>",
            "<td>" + (button(t("mp.market.sell", price=m["sell"]), "apply", sell, cls="trade",
                           title_html=t("mp.market.sell_title", good=good_name(good), price=m["sell"]))
                      if sell in legal else
                      f'<span class="na" title="{t("mp.market.na_title")}">{t("mp.market.sell", price=m["sell"])}</span>') + "</td>",
        ]
        adj = [button("−", "apply", f"adjust -{good}", cls="adj",
                    title_html=t("mp.market.remove_title", good=good_name(good)),
                    name_html=t("mp.market.remove_name", good=good_name(good)))
               if f"adjust -{good}" in legal else "",
               button("+", "apply", f"adjust +{good}", cls="adj",
                    title_html=t("mp.market.add_title", good=good_name(good)),
                    name_html=t("mp.market.add_name", good=good_name(good)))
               if f"adjust +{good}" in legal else ""]
        cells.append(f'<td class="adjust">{"".join(adj)}</td>')
        rows.append("<tr>" + "".join(cells) + "</tr>")
    table = (f'<table class="market-table"><thead><tr><th>{t("mp.market.col_good")}</th>'
             f'<th>{t("mp.market.col_you")}</th><th>{t("mp.market.col_buy")}</th>'
             f'<th>{t("mp.market.col_sell")}</th>'
             f'<th title="{t("mp.market.col_adjust_title")}">{t("mp.market.col_adjust")}</th>'
             "</tr></thead><tbody>" + "".join(rows) + "</tbody></table>")
    delta = ("" if start_corn is None else
             " " + t("mp.market.delta", start=start_corn, delta=f"{corn - start_corn:+d}"))
    done_this_visit = []
    if prompt.get("bought"):
        done_this_visit.append(t("mp.market.bought", goods=join([good_name(g) for g in prompt["bought"]])))
    if prompt.get("sold"):
        done_this_visit.append(t("mp.market.sold", goods=join([good_name(g) for g in prompt["sold"]])))
    if prompt.get("adjusted"):
        done_this_visit.append(t("mp.market.adjusted"))
    note = (t("mp.market.this_visit", done=Html("; ".join(done_this_visit))) if done_this_visit
            else t("mp.market.first"))
    body = (f'<p class="balance">{icon("corn")} {t("mp.market.corn")} <b>{corn}</b>{delta}</p>' + table
            + f'<p class="note">{note} {t("mp.market.rule")}</p>'
            + button_row(button(t("mp.market.done"), "apply", "done", cls="primary")))
    return wrap("market", t("mp.market.question"), body)
