"""The end screen: the winner(s), the score breakdown per player (gems, artifacts and their
values, total) and the charts of how the game went, round by round (from `stats.round_stats`).

Chart lines differ by colour, dash pattern, marker shape and letter, so they read without colour.
"""

from __future__ import annotations

from html import unescape
from typing import Callable, Optional, Sequence

from .look import Look, badge, e, marker, n as num, who
from .panels import _artifacts

T = Callable[..., str]
W, H = 360, 200
LEFT, RIGHT, TOP, BOTTOM = 32, 28, 26, 30
DASHES = ("", "7 3", "2 3", "9 3 2 3", "4 2 1 2", "12 4", "1 2", "6 2 2 2 2 2")


def _nice_top(value: int) -> tuple[int, int]:
    """An axis top of at least `value` and its grid step (about 4 steps of 1, 2, 5, 10...)."""
    value = max(value, 4)
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500):
        if value <= step * 5:
            return -(-value // step) * step, step
    return value, max(1, value // 4)


def _spread(ys: list[float], gap: float, low: float, high: float) -> list[float]:
    """Label positions near `ys`, at least `gap` apart, kept within [low, high] when they fit."""
    order = sorted(range(len(ys)), key=lambda i: ys[i])
    out = [0.0] * len(ys)
    if len(ys) > 1 and gap * (len(ys) - 1) > high - low:
        for k, i in enumerate(order):
            out[i] = low + (high - low) * k / (len(ys) - 1)
        return out
    floor = low
    for i in order:
        out[i] = max(ys[i], floor)
        floor = out[i] + gap
    ceiling = high
    for i in reversed(order):
        out[i] = min(out[i], ceiling)
        ceiling = out[i] - gap
    return out


def line_chart(series: Sequence[Sequence[int]], labels: Sequence[str], looks: Sequence[Look], *,
               title: str, measure: str, point_title: Callable[[int, int], str], axis: str) -> str:
    """One line per seat over the x labels; `series[s][k]` is seat s's value at label k.
    `title`, `axis` and the labels are escaped text already; `point_title(s, k)` too."""
    top, step = _nice_top(max((v for row in series for v in row), default=0))
    span = max(1, len(labels) - 1)
    plot_w, plot_h = W - LEFT - RIGHT, H - TOP - BOTTOM

    def xy(k: int, value: float) -> tuple[float, float]:
        return LEFT + plot_w * k / span, TOP + plot_h * (1 - value / top)

    out = [f'<svg class="end-chart ig-chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" '
           f'role="img" aria-label="{title}" data-measure="{e(measure)}">',
           f'<text class="chart-title" x="{LEFT}" y="15">{title}</text>']
    for value in range(0, top + 1, step):
        y = xy(0, value)[1]
        out.append(f'<line class="chart-grid" x1="{LEFT}" y1="{num(y)}" x2="{W - RIGHT}" y2="{num(y)}"/>'
                   f'<text class="chart-tick" x="{LEFT - 4}" y="{num(y + 3.5)}" text-anchor="end">{value}</text>')
    for k, label in enumerate(labels):
        out.append(f'<text class="chart-tick" x="{num(xy(k, 0)[0])}" y="{H - BOTTOM + 14}" '
                   f'text-anchor="middle">{label}</text>')
    out.append(f'<text class="chart-axis" x="{LEFT + plot_w / 2:.0f}" y="{H - 3}" text-anchor="middle">{axis}</text>')
    ends = []
    for s, row in enumerate(series):
        look = looks[s]
        points = [xy(k, v) for k, v in enumerate(row)]
        dash = DASHES[s % len(DASHES)]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(f'<g class="chart-seat" data-seat="{s}"><polyline fill="none" stroke="{look.colour}" '
                   f'stroke-width="2.4"{dash_attr} stroke-linejoin="round" '
                   f'points="{" ".join(f"{num(x)},{num(y)}" for x, y in points)}"/>')
        for k, (x, y) in enumerate(points):
            out.append(f'<g class="chart-point">{marker(look, x, y, 3.2)}<title>{point_title(s, k)}</title></g>')
        out.append("</g>")
        ends.append(points[-1][1] if points else TOP + plot_h)
    for s, y in enumerate(_spread(ends, 13, TOP, TOP + plot_h)):
        out.append(marker(looks[s], W - RIGHT + 13, y, 6.5, letter=True))
    out.append("</svg>")
    return "".join(out)


def charts_html(stats: dict, looks: Sequence[Look], t: T) -> str:
    """Wealth after each round and gems brought home in each round, one line per seat."""
    n = stats["players"]
    standings = stats["standings"]
    rounds = stats["rounds"]
    x_all = [t("page.chart.start")] + [str(r["round"]) for r in rounds]
    wealth = [[st["wealth"][s] for st in standings] for s in range(n)]
    banked = [[r["banked"][s] for r in rounds] for s in range(n)]

    def wealth_title(s: int, k: int) -> str:
        when = (t("page.chart.at_start") if k == 0 else
                t("page.chart.after_round", {"round": rounds[k - 1]["round"]}))
        return t("page.chart.wealth_point", {"name": looks[s].name, "n": wealth[s][k], "when": unescape(when)})

    def banked_title(s: int, k: int) -> str:
        return t("page.chart.banked_point", {"name": looks[s].name, "n": banked[s][k], "round": rounds[k]["round"]})

    charts = [line_chart(wealth, x_all, looks, title=t("page.chart.wealth"), measure="wealth",
                         point_title=wealth_title, axis=t("page.chart.round_axis"))]
    if rounds:
        x_rounds = [str(r["round"]) + (" ✕" if r["bust"] else "") for r in rounds]
        charts.append(line_chart(banked, x_rounds, looks, title=t("page.chart.banked"), measure="banked",
                                 point_title=banked_title, axis=t("page.chart.round_axis_bust")))
    return (f'<section class="end-stats ig-end-stats" aria-label="{t("page.chart.section")}">'
            f'<h3>{t("page.chart.section")}</h3><div class="end-charts">{"".join(charts)}</div></section>')


def score_html(view: dict, result: dict, looks: Sequence[Look], t: T) -> str:
    """The winner(s) and the score sheet: gems, artifacts and their values, total."""
    winners = [w for w in result.get("winners", ()) if isinstance(w, int)]
    rows = result.get("seats") or []
    n = len(looks)
    players = view.get("players", ())

    def arts(i: int) -> list[int]:
        given = rows[i].get("artifacts") if i < len(rows) else None
        if isinstance(given, list):
            return _artifacts(given)
        return _artifacts(players[i].get("artifacts") if i < len(players) else ())

    def final(i: int) -> int:
        r = rows[i] if i < len(rows) else {}
        if "final" in r:
            return int(r["final"])
        return int(r.get("gems", 0)) + sum(arts(i))

    best = final(winners[0]) if winners else 0
    key = "page.end.wins" if len(winners) == 1 else "page.end.share"
    head = "".join(f'<th scope="col">{badge(looks[i], 18)} {who(looks[i])}'
                   f'{" ★" if i in winners else ""}</th>' for i in range(n))

    def line(label: str, cells: list[str], cls: str = "") -> str:
        return (f'<tr class="{cls}"><th scope="row">{label}</th>'
                + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")

    body = [
        line(t("page.end.gems"), [str(int((rows[i] if i < len(rows) else {}).get("gems", 0))) for i in range(n)], "ig-row-gems"),
        line(t("page.end.artifacts"), [str(len(arts(i))) for i in range(n)], "ig-row-artifacts"),
        line(t("page.end.artifact_values"), [" + ".join(str(v) for v in arts(i)) or "–" for i in range(n)]),
        line(t("page.end.artifact_points"), [str(sum(arts(i))) for i in range(n)]),
        line(t("page.end.total"), [f"<b>{final(i)}</b>" for i in range(n)], "final"),
    ]
    tie = [i for i in range(n) if final(i) == best]
    note = ""
    if len(tie) > 1 and len(winners) == 1:
        note = f'<p class="ig-tiebreak">{t("page.end.tiebreak")}</p>'
    return (f'<h2 class="ig-winner">★ {t(key, {"seats": winners, "n": best})}</h2>{note}'
            f'<div class="table-wrap"><table class="score ig-score"><thead><tr><th>{t("page.end.score")}</th>'
            f'{head}</tr></thead><tbody>{"".join(body)}</tbody></table></div>')


def end_html(view: dict, result: dict, looks: Sequence[Look], t: T, stats: Optional[dict] = None) -> str:
    """The whole end screen section (the shell adds its buttons)."""
    charts = charts_html(stats, looks, t) if stats else ""
    return (f'<section class="end-panel ig-end" aria-label="{t("page.end.title")}">'
            f'{score_html(view, result, looks, t)}{charts}</section>')
