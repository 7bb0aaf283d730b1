"""The rules help, written for this edition in its own words (the publisher's text is not used),
in each language: catalogue entries "mp.help.<section>.title" and ".html" (HTML templates).

`help_html()` joins the sections with a table of contents. Numbers come from machu_picchu.data
where they are data (costs, counts, step values), given to the templates as parameters with the
pictures, the districts' names and the two tables, so the help follows any correction made there.
"""

from __future__ import annotations

from machu_picchu import data as D

from .icons import goods_icon
from .words import Html, count, t, words

SECTIONS = ("about", "setup", "turn", "districts", "production", "temples", "hiring", "priests",
            "market", "sunclock", "bonus", "trail", "moon", "night", "day9", "ending", "scoring",
            "learning", "bots", "board", "rulings")
PICTURES = ("card", "gold", "stone", "llama", "moon", "corn", "coca", "pottery", "cloth", "condor",
            "puma", "sun", "main", "hut", "palace", "priests", "virgins", "plaza", "sunclock", "step")


def _goods(pairs) -> Html:
    return Html(" + ".join(str(count(k, D.GOODS[g])) for g, k in pairs))


def _row_cost(row: int) -> Html:
    cost = D.ROW_CARD_COSTS[row][0]
    return _goods((g, cost[g]) for g in sorted(range(5), key=lambda g: -cost[g]) if cost[g])


def _tables() -> dict[str, Html]:
    incas = "".join(f'<tr><td>{t("mp.help.players", n=n)}</td><td>{D.INCAS_PER_PLAYER[n]}</td>'
                    f'<td>{t("mp.panel.days.day", day=D.START_DAY[n])}</td></tr>' for n in range(2, 6))
    hire = "".join(
        f'<tr><td>{t("mp.prof." + D.PROFESSIONS[p])}</td><td>{t("mp.district." + D.DISTRICTS[p])}</td>'
        f'<td>{t("mp.district." + D.DISTRICTS[D.SETUP_DISTRICT[p]])}</td><td>{_goods(D.SETUP_COST[p])}</td></tr>'
        for p in range(5))
    return {"incas_rows": Html(incas), "hire_rows": Html(hire)}


def help_params() -> dict:
    """What the templates are given: pictures, district names, tables and the rules' numbers."""
    params: dict = {f"{p}_icon": Html(goods_icon(p, 18)) for p in PICTURES}
    params.update({f"d_{d}": t("mp.district." + d) for d in D.DISTRICTS})
    params.update(_tables())
    params.update(
        base_condor=D.ROW_BASE_STEPS[0], base_puma=D.ROW_BASE_STEPS[1], base_virgin=D.ROW_BASE_STEPS[2],
        main_steps=D.MAIN_TEMPLE_STEPS, condor_n=D.ROW_SIZES[0], puma_n=D.ROW_SIZES[1],
        virgin_n=D.ROW_SIZES[2], total_cards=D.TOTAL_PRIEST_CARDS, cost_condor=_row_cost(0),
        cost_puma=_row_cost(1), cost_virgin=_row_cost(2), summit=D.TRAIL_SUMMIT, granary=D.GRANARY,
        granary_corn=D.GRANARY_CORN, stable=D.STABLE, summit_draw=D.SUMMIT_DRAW,
        summit_return=D.SUMMIT_RETURN, deck_size=D.DECK_SIZE, summit_vp=D.SUMMIT_VP_WHEN_DECK_EMPTY,
        gold_two_goods=D.GOLD_TWO_GOODS, gold_mixed=D.GOLD_MIXED, gold_two_priests=D.GOLD_TWO_PRIESTS,
        learning_shift=D.LEARNING_DAY_SHIFT)
    return params


def help_html() -> str:
    """The whole rules help as one HTML fragment: a contents list, then one section per topic."""
    said, params = words(), help_params()
    toc = "".join(f'<li><a href="#help-{k}">{t(f"mp.help.{k}.title")}</a></li>' for k in SECTIONS)
    body = "".join(f'<section id="help-{k}"><h3>{t(f"mp.help.{k}.title")}</h3>'
                   f'{said.markup(f"mp.help.{k}.html", params)}</section>' for k in SECTIONS)
    return (f'<div class="mp-help"><nav aria-label="{t("mp.help.contents")}"><ol>{toc}</ol></nav>'
            f'{body}</div>')
