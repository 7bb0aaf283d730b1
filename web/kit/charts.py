"""Line charts for end screens: one line per seat over a row of x labels, readable without
colour (each seat has its colour, a dash pattern, its marker shape and, at the line's end, its
letter). Both games' end screens draw their charts with `line_chart`."""
from __future__ import annotations

from typing import Callable, Sequence

from .seats import SeatStyle, seat_marker
from .svg import esc, num

SIZE = (360, 200)               # default width, height
MARGINS = (32, 28, 26, 30)      # default left, right, top, bottom (room for ticks and end letters)
# One dash pattern per seat (8 seats), the first a solid line.
DASHES = ("", "7 3", "2 3", "9 3 2 3", "4 2 1 2", "12 4", "1 2", "6 2 2 2 2 2")


def nice_top(value: int) -> tuple[int, int]:
    """An axis top of at least `value` and its grid step (about 4 steps of 1, 2, 5, 10...)."""
    value = max(value, 4)
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500):
        if value <= step * 5:
            return -(-value // step) * step, step
    return value, max(1, value // 4)


def spread(ys: list[float], gap: float, low: float, high: float) -> list[float]:
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


def line_chart(series: Sequence[Sequence[int]], labels: Sequence[str], styles: Sequence[SeatStyle],
               *, title: str, aria: str, measure: str, axis: str,
               point_title: Callable[[int, int], str], size: tuple[int, int] = SIZE,
               margins: tuple[int, int, int, int] = MARGINS, css: str = "end-chart") -> str:
    """`series[s][k]` is seat s's value at x label k. `title`, `aria`, `axis`, the labels and
    `point_title(s, k)` are escaped text already; `margins` are (left, right, top, bottom)."""
    width, height = size
    left, right, top_m, bottom = margins
    top, step = nice_top(max((v for row in series for v in row), default=0))
    span = max(1, len(labels) - 1)
    plot_w, plot_h = width - left - right, height - top_m - bottom

    def xy(k: int, value: float) -> tuple[float, float]:
        return left + plot_w * k / span, top_m + plot_h * (1 - value / top)

    out = [f'<svg class="{css}" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
           f'role="img" aria-label="{aria}" data-measure="{esc(measure)}">',
           f'<text class="chart-title" x="{left}" y="15">{title}</text>']
    for value in range(0, top + 1, step):
        y = xy(0, value)[1]
        out.append(f'<line class="chart-grid" x1="{left}" y1="{num(y)}" x2="{width - right}" y2="{num(y)}"/>'
                   f'<text class="chart-tick" x="{left - 4}" y="{num(y + 3.5)}" text-anchor="end">{value}</text>')
    for k, label in enumerate(labels):
        out.append(f'<text class="chart-tick" x="{num(xy(k, 0)[0])}" y="{height - bottom + 14}" '
                   f'text-anchor="middle">{label}</text>')
    out.append(f'<text class="chart-axis" x="{left + plot_w / 2:.0f}" y="{height - 3}" '
               f'text-anchor="middle">{axis}</text>')
    ends = []
    for s, row in enumerate(series):
        points = [xy(k, v) for k, v in enumerate(row)]
        dash = DASHES[s % len(DASHES)]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(f'<g class="chart-seat" data-seat="{s}"><polyline fill="none" stroke="{styles[s].colour}" '
                   f'stroke-width="2.4"{dash_attr} stroke-linejoin="round" '
                   f'points="{" ".join(f"{num(x)},{num(y)}" for x, y in points)}"/>')
        for k, (x, y) in enumerate(points):
            out.append(f'<g class="chart-point">{seat_marker(styles[s], x, y, 3.2)}'
                       f'<title>{point_title(s, k)}</title></g>')
        out.append("</g>")
        ends.append(points[-1][1] if points else top_m + plot_h)
    for s, y in enumerate(spread(ends, 13, top_m, top_m + plot_h)):
        out.append(seat_marker(styles[s], width - right + 13, y, 6.5, letter=True))
    out.append("</svg>")
    return "".join(out)
