"""The end screen's statistics: a line chart per measure (VP, gold) over the days, and a table
of what each player did. Pure functions from `machu_picchu.game_stats` to SVG/HTML.

Seats differ by colour, dash pattern, marker shape and letter, so the charts read without colour.
"""

from __future__ import annotations

from typing import Sequence

from machu_picchu.stats import COUNTERS

from .board import _e, _n, isolate, seat_badge, seat_marker, seat_style

W, H = 340, 190
LEFT, RIGHT, TOP, BOTTOM = 30, 26, 26, 30
DASHES = ("", "7 3", "2 3", "9 3 2 3", "4 2 1 2")
MEASURES = {"vp": ("Victory points", "VP"), "gold": ("Gold", "gold")}


def _nice_top(value: int) -> tuple[int, int]:
    """An axis top of at least `value` and its grid step (about 4 steps of 1, 2, 5, 10...)."""
    value = max(value, 4)
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500):
        if value <= step * 5:
            return -(-value // step) * step, step
    return value, max(1, value // 4)


def _x_label(label: str) -> str:
    """'start' stays, 'day 7' becomes '7', 'end (day 6)' becomes 'end'."""
    if label.startswith("day "):
        return label[4:]
    return "end" if label.startswith("end") else label


def _when(label: str) -> str:
    if label == "start":
        return "at the start"
    if label.startswith("day "):
        return f"after {label}"
    return "at the " + label


def _spread(ys: list[float], gap: float, low: float, high: float) -> list[float]:
    """Label positions near `ys`, at least `gap` apart, kept within [low, high] (if they fit)."""
    order = sorted(range(len(ys)), key=lambda i: ys[i])
    out = [0.0] * len(ys)
    if len(ys) > 1 and gap * (len(ys) - 1) > high - low:      # cannot fit: spread evenly
        for k, i in enumerate(order):
            out[i] = low + (high - low) * k / (len(ys) - 1)
        return out
    floor = low
    for i in order:                        # downwards: each at least `gap` below the last
        out[i] = max(ys[i], floor)
        floor = out[i] + gap
    ceiling = high
    for i in reversed(order):              # then back up where the bottom overflowed
        out[i] = min(out[i], ceiling)
        ceiling = out[i] - gap
    return out


def chart_svg(stats: dict, seats: Sequence[dict], measure: str) -> str:
    """One measure ("vp" or "gold") for every seat, one point per standing."""
    title, unit = MEASURES[measure]
    standings = stats["standings"]
    n = stats["players"]
    styles = [seat_style(seats, s) for s in range(n)]
    top, step = _nice_top(max(max(st[measure]) for st in standings))
    span = max(1, len(standings) - 1)
    plot_w, plot_h = W - LEFT - RIGHT, H - TOP - BOTTOM

    def xy(k: int, value: int) -> tuple[float, float]:
        return LEFT + plot_w * k / span, TOP + plot_h * (1 - value / top)

    out = [f'<svg class="end-chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" '
           f'role="img" aria-label="{_e(title)} at the end of each day" data-measure="{measure}">',
           f'<text class="chart-title" x="{LEFT}" y="15">{_e(title)} after each day</text>']
    for value in range(0, top + 1, step):
        y = xy(0, value)[1]
        out.append(f'<line class="chart-grid" x1="{LEFT}" y1="{_n(y)}" x2="{W - RIGHT}" y2="{_n(y)}"/>'
                   f'<text class="chart-tick" x="{LEFT - 4}" y="{_n(y + 3.5)}" text-anchor="end">{value}</text>')
    for k, st in enumerate(standings):
        x = xy(k, 0)[0]
        out.append(f'<text class="chart-tick" x="{_n(x)}" y="{H - BOTTOM + 14}" text-anchor="middle">'
                   f'{_e(_x_label(st["label"]))}</text>')
    out.append(f'<text class="chart-axis" x="{LEFT + plot_w / 2:.0f}" y="{H - 3}" text-anchor="middle">day</text>')
    ends = []
    for s in range(n):
        name, colour = styles[s][0], styles[s][1]
        points = [xy(k, st[measure][s]) for k, st in enumerate(standings)]
        dash = f' stroke-dasharray="{DASHES[s % len(DASHES)]}"' if DASHES[s % len(DASHES)] else ""
        out.append(f'<g class="chart-seat" data-seat="{s}">'
                   f'<polyline fill="none" stroke="{colour}" stroke-width="2.4"{dash} stroke-linejoin="round" '
                   f'points="{" ".join(f"{_n(x)},{_n(y)}" for x, y in points)}"/>')
        for (x, y), st in zip(points, standings):
            out.append(f'<g class="chart-point">{seat_marker(styles[s], x, y, 3.2)}'
                       f'<title>{_e(isolate(name))}: {st[measure][s]} {unit} {_when(st["label"])}</title></g>')
        out.append("</g>")
        ends.append(points[-1][1])
    label_ys = _spread(ends, 13, TOP, TOP + plot_h)
    for s, y in enumerate(label_ys):
        out.append(seat_marker(styles[s], W - RIGHT + 13, y, 6.5, letter=True))
    out.append("</svg>")
    return "".join(out)


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
        rows.append(f'<tr data-counter="{key}"><th scope="row">{_e(label[0].upper() + label[1:])}</th>{cells}</tr>')
    return (f'<div class="table-wrap"><table class="stats"><thead><tr><th>Over the game</th>'
            f'{head}</tr></thead><tbody>{"".join(rows)}</tbody></table></div>')


def stats_html(stats: dict, seats: Sequence[dict], bseats: Sequence[dict]) -> str:
    """The end screen's statistics section: both charts, then the counters table."""
    return ('<section class="end-stats" aria-label="Game statistics"><h3>How the game went</h3>'
            '<p class="chart-note">After each night: victory points before the conquest '
            'multiplier, and gold, from the cards each player held then.</p>'
            f'<div class="end-charts">{chart_svg(stats, bseats, "vp")}{chart_svg(stats, bseats, "gold")}</div>'
            f'{counters_html(stats, seats, bseats)}</section>')
