"""Who went where: how far Princes and scouts slide in, and the arrows of the Princes' moves."""

from __future__ import annotations

from functools import lru_cache
from html import unescape
from typing import Callable, Optional, Sequence

from machu_picchu import data as D

from kit.seats import badge as _badge
from kit.svg import curved_arrow, esc as _e, isolate

from .map_layout import BAND_H, DISTRICT_POS, prince_area, prince_spots, tile_rect
from .trail import trail_xy
from .words import t


def _moved(before: Optional[Sequence[int]], now: Sequence[int],
           placed: bool) -> list[tuple[int, int, int]]:
    """(seat, place before, place now) for every piece whose place changed between two lists of
    places (none without a `before` of the same length); with `placed`, only from one place to
    another (-1 = not placed yet)."""
    if before is None or len(before) != len(now):
        return []
    return [(s, a, b) for s, (a, b) in enumerate(zip(before, now))
            if a != b and (not placed or (a >= 0 and b >= 0))]


def _slides(moved: list[tuple[int, int, int]], key: str, tag: str,
            at: Callable[[int], tuple[float, float]]) -> dict[int, tuple[str, float, float]]:
    """seat -> (key, dx, dy): how far each moved piece slides in from (`at`: a place's point)."""
    out = {}
    for s, a, b in moved:
        (ax, ay), (bx, by) = at(a), at(b)
        out[s] = (f"{key}-{tag}{s}-{a}-{b}", ax - bx, ay - by)
    return out


def prince_arrivals(before: Optional[Sequence[int]], now: Sequence[int],
                    key: str) -> dict[int, tuple[str, float, float]]:
    """seat -> (key, dx, dy) for every Prince that went from one district to another between
    two drawings of the board: how far it is to slide in from (`key` names this change)."""
    return _slides(_moved(before, now, placed=True), key, "p",
                   lambda i: DISTRICT_POS[D.DISTRICTS[i]])


def scout_arrivals(before: Optional[Sequence[int]], now: Sequence[int],
                   key: str) -> dict[int, tuple[str, float, float]]:
    """seat -> (key, dx, dy) for every scout that went up (or down) the Incatrail."""
    return _slides(_moved(before, now, placed=False), key, "s",
                   lambda i: trail_xy(min(max(i, 0), D.TRAIL_SUMMIT)))


def prince_moves(before: Optional[Sequence[int]], now: Sequence[int],
                 viewer: Optional[int]) -> list[tuple[int, str, str]]:
    """(seat, from district, to district) for every Prince but the viewer's (None: every one)
    that moved from one district to another between `before` and `now` (Prince district
    indices, -1 = not placed yet)."""
    return [(s, D.DISTRICTS[a], D.DISTRICTS[b]) for s, a, b in _moved(before, now, placed=True)
            if s != viewer]


def kept_clear(districts: dict) -> list[tuple[float, float, float, float]]:
    """What an arrow must never cover: every district's name band and every Prince
    (rectangles x, y, w, h in map units)."""
    keep = []
    for d in D.DISTRICTS:
        x, y, w, _h = tile_rect(d)
        keep.append((x, y, w, BAND_H))
        entry = districts.get(d, {})
        for cx, cy, pr in prince_spots(len(entry.get("princes") or ()), *prince_area(d, entry)):
            keep.append((cx - pr - 4, cy - pr - 8, 2 * pr + 8, 2 * pr + 12))
    return keep


def _edge_point(d: str, toward: tuple[float, float], gap: float = 4.0) -> tuple[float, float]:
    """Where the line from district d's centre toward a point leaves d's tile, `gap` beyond."""
    x, y, w, h = tile_rect(d)
    cx, cy = x + w / 2, y + h / 2
    dx, dy = toward[0] - cx, toward[1] - cy
    length = max(1e-6, (dx * dx + dy * dy) ** 0.5)
    t = min(w / 2 / abs(dx) if dx else 1e9, h / 2 / abs(dy) if dy else 1e9)
    return cx + dx * t + dx / length * gap, cy + dy * t + dy / length * gap


def _route_hits(start, end, bend: float, keep, first: bool = False) -> int:
    """How many sampled points of the arrow (line, head, middle badge) fall on a kept box
    (with `first`, stop at the first)."""
    (x1, y1), (x2, y2) = start, end
    dx, dy = x2 - x1, y2 - y1
    length = max(1.0, (dx * dx + dy * dy) ** 0.5)
    cx, cy = (x1 + x2) / 2 - dy / length * bend, (y1 + y2) / 2 + dx / length * bend
    lo_x, hi_x = min(x1, x2, cx) - 12, max(x1, x2, cx) + 12
    lo_y, hi_y = min(y1, y2, cy) - 12, max(y1, y2, cy) + 12
    near = [b for b in keep if b[0] < hi_x and lo_x < b[0] + b[2] and b[1] < hi_y and lo_y < b[1] + b[3]]
    hits = 0
    for k in range(19):
        t = k / 18
        px = (1 - t) ** 2 * x1 + 2 * (1 - t) * t * cx + t * t * x2
        py = (1 - t) ** 2 * y1 + 2 * (1 - t) * t * cy + t * t * y2
        r = 10.0 if k == 9 else 6.0 if k >= 17 else 4.5     # badge half-way, head at the end
        for bx, by, bw, bh in near:
            if bx - r < px < bx + bw + r and by - r < py < by + bh + r:
                hits += 1
                if first:
                    return hits
    return hits


def _anchors(d: str, toward: tuple[float, float], gap: float = 5.0) -> list[tuple[float, float]]:
    """Where an arrow may leave or reach district d's tile: on the line toward the other end
    first, then the middle of its left, right and bottom sides (never the name band on top)."""
    x, y, w, h = tile_rect(d)
    return [_edge_point(d, toward, gap), (x - gap, y + h / 2 + 6), (x + w + gap, y + h / 2 + 6),
            (x + w / 2, y + h + gap)]


@lru_cache(maxsize=256)
def _arrow_route(a: str, b: str, bend: float, keep: tuple) -> tuple[tuple, tuple, float]:
    """From the edge of a's tile to the edge of b's, bent by the first of a few amounts (and
    from the first of a few places on each edge) that keeps it off every name and Prince (else
    the straight-line route that covers least)."""
    bends = [sign * (bend + extra) for extra in (0, 25, 50, 80, 120) for sign in (1, -1)]
    starts, ends = _anchors(a, DISTRICT_POS[b]), _anchors(b, DISTRICT_POS[a])
    tries = [(starts[0], ends[0], bent) for bent in bends] + [
        (start, end, bent) for start in starts for end in ends for bent in bends[:2]
        if (start, end) != (starts[0], ends[0])]
    for start, end, bent in tries:
        if not _route_hits(start, end, bent, keep, first=True):
            return start, end, bent
    start, end = _edge_point(a, DISTRICT_POS[b], 5.0), _edge_point(b, DISTRICT_POS[a], 5.0)
    return start, end, min(bends, key=lambda bent: _route_hits(start, end, bent, keep))


def move_arrow(st: tuple, seat: int, a: str, b: str, bend: float, when: str,
                keep: tuple = ()) -> str:
    """A curved dashed arrow in the seat's colour from district a to district b, its badge
    half-way: where that player's Prince went since the viewer last decided. It runs from tile
    edge to tile edge, bent around the district names and the Princes in `keep`."""
    start, end, bend = _arrow_route(a, b, bend, keep)
    curve, head, (mx, my) = curved_arrow(start, end, bend, cut=0)
    what = unescape(t("mp.board.moved", name=f"{isolate(st[0])} ({st[2]})", a=t("mp.district." + a),
                      b=t("mp.district." + b), when=when))
    return (f'<g class="mp-went" data-seat="{seat}" data-from="{a}" data-to="{b}">'
            f'<title>{_e(what)}</title>'
            f'<path class="mp-went-halo" d="{curve}"/>'
            f'<path class="mp-went-line" stroke="{st[1]}" d="{curve}"/>'
            f'<polygon class="mp-went-head" fill="{st[1]}" points="{head}"/>'
            f'{_badge(st, mx, my, 10)}</g>')
