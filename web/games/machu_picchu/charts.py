"""The end screen's statistics: a line chart per measure (VP, gold) over the days, and a table
of what each player did. Pure functions from `machu_picchu.game_stats` to SVG/HTML.

Seats differ by colour, dash pattern, marker shape and letter, so the charts read without colour.
"""

from __future__ import annotations

from typing import Sequence

from machu_picchu.stats import COUNTERS

from kit.charts import line_chart
from kit.seats import seat_badge, seat_style
from kit.svg import esc as _e, isolate

from .words import Html, t

MEASURES = {"vp": ("mp.chart.vp", "mp.chart.vp_unit"), "gold": ("mp.chart.gold", "mp.chart.gold_unit")}


def _x_label(label: str) -> str:
    """'start' stays, 'day 7' becomes '7', 'end (day 6)' becomes 'end' (in words)."""
    if label.startswith("day "):
        return label[4:]
    return t("mp.chart.end") if label.startswith("end") else t("mp.chart.start") if label == "start" else _e(label)


def _when(label: str) -> str:
    if label == "start":
        return t("mp.chart.at_start")
    if label.startswith("day "):
        return t("mp.chart.after_day", day=label[4:])
    return t("mp.chart.at_end")


def chart_svg(stats: dict, seats: Sequence[dict], measure: str) -> str:
    """One measure ("vp" or "gold") for every seat, one point per standing."""
    title, unit = (t(i) for i in MEASURES[measure])
    standings = stats["standings"]
    styles = [seat_style(seats, s) for s in range(stats["players"])]
    series = [[st[measure][s] for st in standings] for s in range(len(styles))]

    def point_title(s: int, k: int) -> str:
        return t("mp.chart.point", name=Html(_e(isolate(styles[s].name))), value=series[s][k],
                 unit=unit, when=_when(standings[k]["label"]))

    return line_chart(series, [_x_label(st["label"]) for st in standings], styles,
                      title=t("mp.chart.title", measure=title), aria=t("mp.chart.aria", measure=title),
                      measure=measure, axis=t("mp.chart.axis"), point_title=point_title, size=(340, 190),
                      margins=(30, 26, 26, 30))


def counters_html(stats: dict, seats: Sequence[dict], bseats: Sequence[dict]) -> str:
    """What each player did, one row per counter (the largest figure of a row in bold)."""
    n = stats["players"]
    head = "".join(f'<th scope="col">{seat_badge(bseats, i, 18)} <bdi>{_e(seats[i]["name"])}</bdi></th>'
                   for i in range(n))
    rows = []
    for key, label in COUNTERS:
        values = stats["counters"][key]
        best = max(values)
        cells = "".join(f"<td>{f'<b>{v}</b>' if v == best and best > 0 else v}</td>" for v in values)
        rows.append(f'<tr data-counter="{key}"><th scope="row">{t("mp.counter." + key)}</th>{cells}</tr>')
    return (f'<div class="table-wrap"><table class="stats"><thead><tr><th>{t("mp.chart.over")}</th>'
            f'{head}</tr></thead><tbody>{"".join(rows)}</tbody></table></div>')


def stats_html(stats: dict, seats: Sequence[dict], bseats: Sequence[dict]) -> str:
    """The end screen's statistics section: both charts, then the counters table."""
    return (f'<section class="end-stats" aria-label="{t("mp.chart.section")}"><h3>{t("mp.chart.heading")}</h3>'
            f'<p class="chart-note">{t("mp.chart.note")}</p>'
            f'<div class="end-charts">{chart_svg(stats, bseats, "vp")}{chart_svg(stats, bseats, "gold")}</div>'
            f'{counters_html(stats, seats, bseats)}</section>')
