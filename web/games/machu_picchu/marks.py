"""Marks beside the districts: what the others gained or traded there since the viewer decided."""

from __future__ import annotations

from typing import Optional, Sequence

from machu_picchu import data as D

from kit.seats import badge as _badge
from kit.svg import esc as _e, fit_text as _fit_text, isolate, num as _n

from .map_layout import (BAND_H, DISTRICT_POS, MAP_H, MAP_W, TRAVEL_BADGE_H, TRAVEL_BADGE_W,
                         overlap, tile_rect, travel_badge_at)

# Marks: what the others gained where it happened or traded at the Central Plaza since the
# viewer's last decision ("+3 corn", "+5 steps", "sold 1 llama"), one row per player, in a box
# beside the tile, at the first place that stays on the map and clear of every tile (names,
# pieces), of the travel badges on screen and of the marks placed before; it slides out of the
# district. As wide as its longest line (at most MARK_MAX_W): a player's words that do not fit
# one line go on to the next at a comma (a trade of four goods takes two or three lines), so that
# no mark is squeezed unreadable; only a single part longer than a line is squeezed.
MARK_MAX_W, MARK_ROW_H, MARK_TEXT_X = 150, 21, 22
MARK_CHAR_PX = 7.4       # a character's width at the marks' 13.5 px (bold; machu-picchu.css)
MARK_LINE_CHARS = int((MARK_MAX_W - MARK_TEXT_X - 4) / MARK_CHAR_PX)
MARK_KINDS = ("gain", "sold", "bought")


def _mark_spots(d: str, mw: float, h: float) -> list[tuple[float, float]]:
    """Places beside district d's tile for a box mw x h: along its right, left, bottom and top
    sides (below its name band), nearest to the tile's middle first."""
    x, y, w, th = tile_rect(d)
    cx, cy = x + w / 2, y + th / 2
    spots = []
    for by in range(int(y + BAND_H), int(y + th - h) + 1, 6):
        spots += [(x + w + 4, by), (x - mw - 4, by)]
    for bx in range(int(x - mw + 24), int(x + w - 24) + 1, 8):
        spots += [(bx, y + th + 4), (bx, y - h - 4)]
    return sorted(spots, key=lambda p: abs(p[0] + mw / 2 - cx) + abs(p[1] + h / 2 - cy))


def _place_mark(d: str, mw: float, h: float, placed: list[tuple]) -> Optional[tuple[float, float]]:
    """Where district d's marks go (top-left), or None when there is no room beside it;
    `placed`: the boxes already taken (the travel badges on screen, marks placed before)."""
    for bx, by in _mark_spots(d, mw, h):
        box = (bx, by, mw, h)
        if (0 <= bx and 0 <= by and bx + mw <= MAP_W and by + h <= MAP_H
                and not any(overlap(box, tile_rect(t), 2) for t in D.DISTRICTS)
                and not any(overlap(box, other, 2) for other in placed)):
            return bx, by
    return None


def _mark_parts(entry: dict) -> list[str]:
    from .words import count, t
    return [str(t("mp.mark." + kind, amount=count(n, good)))
            for kind in MARK_KINDS for good, n in (entry.get(kind) or {}).items() if n]


def mark_words(entry: dict) -> str:
    """One player's gains at one district in words: '+3 corn', '+1 Condor Priest',
    'sold 1 llama, bought 1 coca'."""
    return ", ".join(_mark_parts(entry))


def mark_lines(entry: dict) -> list[str]:
    """mark_words cut into the lines of a mark (at most MARK_LINE_CHARS each, cut at commas)."""
    from html import unescape
    lines: list[str] = []
    for part in _mark_parts(entry):
        joined = f"{lines[-1]}, {part}" if lines else part
        if lines and len(unescape(joined)) <= MARK_LINE_CHARS:
            lines[-1] = joined
        else:
            if lines:
                lines[-1] += ","
            lines.append(part)
    return lines


def mark_id(d: str, seat: int) -> str:
    """The id of the words of seat's mark beside district d (its <title>): the district's
    keyboard focus is described by them (aria-describedby)."""
    return f"mp-mark-{d}-{seat}"


def marks_markup(marks: dict, styles: list[tuple], travel: Sequence[str] = (),
                  step: bool = False) -> tuple[str, list[tuple], dict[str, list[str]]]:
    """The marks (see MARK_MAX_W), the boxes they take (arrows keep off them) and the ids of
    the words of those drawn beside each district; `travel`: the districts whose "1 llama"
    badge is on screen; `step`: a replay's step, not the time since the viewer's last decision.

    A mark shows its words (its <title>) when pointed at or pressed long (touch-tips.js), and
    takes no tap: it names its district in data-mark-district, not the board's data-district."""
    from html import unescape
    from .words import t
    placed = [(*travel_badge_at(d), TRAVEL_BADGE_W, TRAVEL_BADGE_H) for d in travel]
    boxes: list[tuple] = []
    drawn: dict[str, list[str]] = {}
    out = []
    for d in D.DISTRICTS:
        rows = [(s, e, mark_lines(e)) for s, e in sorted((marks or {}).get(d, {}).items())
                if isinstance(s, int) and 0 <= s < len(styles) and mark_words(e)]
        if not rows:
            continue
        h = MARK_ROW_H * sum(len(lines) for _s, _entry, lines in rows)
        mw = min(MARK_MAX_W, MARK_TEXT_X + 6 + MARK_CHAR_PX * max(
            len(unescape(line)) for _s, _entry, lines in rows for line in lines))
        spot = _place_mark(d, mw, h, placed)
        if spot is not None:
            spots, top = [], spot[1]
            for _s, _entry, lines in rows:
                spots.append((spot[0], top))
                top += MARK_ROW_H * len(lines)
            placed.append((*spot, mw, h))
            boxes.append((*spot, mw, h))
        else:                   # no room for them together: each player's where it fits
            spots = []
            for _s, _entry, lines in rows:
                one = _place_mark(d, mw, MARK_ROW_H * len(lines), placed)
                spots.append(one)
                if one is not None:
                    placed.append((*one, mw, MARK_ROW_H * len(lines)))
                    boxes.append((*one, mw, MARK_ROW_H * len(lines)))
        cx, cy = DISTRICT_POS[d]
        for (s, entry, lines), at in zip(rows, spots):
            if at is None:      # no room beside it: said in the summary, never over a name
                continue
            bx, ry = at
            st, words = styles[s], mark_words(entry)
            title = unescape(t("mp.mark.title_step" if step else "mp.mark.title",
                               name=isolate(st[0]), what=unescape(words),
                               district=t("mp.district." + d)))
            key = f"mk{entry.get('at', 0)}-{d}-{s}"
            drawn.setdefault(d, []).append(mark_id(d, s))
            out.append(
                f'<g class="mp-mark" data-mark-district="{d}" data-seat="{s}" data-move-key="{key}" '
                f'data-move-from="{_n(cx - bx - mw / 2)} {_n(cy - ry)}" '
                f'transform="translate({_n(bx)} {_n(ry)})"><title id="{mark_id(d, s)}">{_e(title)}</title>'
                f'<rect width="{_n(mw)}" height="{MARK_ROW_H * len(lines) - 1}" rx="9"/>'
                f'{_badge(st, 10, MARK_ROW_H / 2, 7.5)}'
                + "".join(_fit_text(unescape(line), MARK_TEXT_X, MARK_ROW_H * k + MARK_ROW_H / 2 + 4.5,
                                    mw - MARK_TEXT_X - 4, "mp-mark-text", "start", MARK_CHAR_PX)
                          for k, line in enumerate(lines))
                + "</g>")
    if not out:
        return "", boxes, drawn
    layer = unescape(t("mp.mark.layer_step" if step else "mp.mark.layer"))
    return (f'<g class="mp-marks-layer" aria-label="{_e(layer)}">' + "".join(out) + "</g>"), boxes, drawn
