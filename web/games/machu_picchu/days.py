"""The days panel: days 1-9 with the time marker, the moons' corn, the moon tiles, the sun tile."""

from __future__ import annotations

from typing import Optional, Sequence

from machu_picchu import data as D

from kit.seats import badge as _badge
from kit.svg import num as _n
from kit.markup import Html

from .icons import icon_at
from .pieces import seat_label, seat_styles
from .words import good_name, t

TIME_W, TIME_H = 300, 160
MOON_ICON = {"corn": "corn", "llama": "llama", "coca": "coca", "pottery": "pottery",
             "cloth": "cloth", "trail2": "step", "trail3": "step"}


def _moon_tile_art(tid: str, cx: float, cy: float) -> str:
    _, corn, _good, steps = D.MOON_TILES[D.MOON_INDEX[tid]]
    art = [f'<circle class="mp-moon-tile" cx="{_n(cx)}" cy="{_n(cy)}" r="17"/>']
    if corn or steps:
        art.append(icon_at(MOON_ICON[tid], cx - 13, cy - 9, 17))
        art.append(f'<text class="mp-moon-num" x="{_n(cx + 8)}" y="{_n(cy + 5)}" '
                   f'text-anchor="middle">{"+" if steps else ""}{corn or steps}</text>')
    else:
        art.append(icon_at(MOON_ICON[tid], cx - 10, cy - 10, 20))
    return "".join(art)


def _moon_tip(tid: str) -> str:
    _, corn, good, steps = D.MOON_TILES[D.MOON_INDEX[tid]]
    if corn:
        return t("mp.panel.days.moon_corn", n=corn)
    if steps:
        return t("mp.panel.days.moon_steps", n=steps)
    return t("mp.panel.days.moon_good", good=good_name(D.GOODS[good]))


def time_svg(view: dict, seats: Optional[Sequence[dict]] = None,
             stays: Optional[Sequence[str]] = None, hinted: Optional[str] = None) -> str:
    """Days 1-9 with the time marker, corn on the moons, moon tiles on the board, the sun tile.

    `seats` is optional: with it, holders of taken tiles and of the sun tile show their badge.
    `stays`: the moon tiles the person deciding may take now; only those are buttons (a Tab
    stop each), the others are pictures with their name; `hinted`: the tile a hint on screen
    suggests (a dashed ring, said in its name).
    """
    stays = set(stays or ())
    styles = seat_styles(seats, view)
    day, last = view["day"], view.get("last_day", D.LAST_DAY)
    start = view.get("start_day", 1)
    corn_moons = set(view.get("time_track_corn", ()))
    taken_today = min(view.get("tiles_today", 0), D.MOON_TILES_TO_END_DAY)
    out = [f'<svg class="mp-panel mp-time" xmlns="http://www.w3.org/2000/svg" '
           f'viewBox="0 0 {TIME_W} {TIME_H}" role="group" aria-label="{t("mp.panel.days.label")}">',
           f'<rect class="mp-panel-bg mp-night" x=".6" y=".6" width="{TIME_W - 1.2}" '
           f'height="{TIME_H - 1.2}" rx="10"/>',
           f'<text class="mp-panel-title mp-on-dark" x="10" y="19">{t("mp.panel.days.title", day=day, last=last)}</text>',
           f'<text class="mp-panel-note mp-on-dark" x="10" y="47">'
           f'{t("mp.panel.days.taken_today", n=taken_today, of=D.MOON_TILES_TO_END_DAY)}</text>']
    # Sun tile, top right.
    holder = view.get("sun_tile")
    pill = 138          # the pill's width; held, it has the holder's badge at its left too
    if holder is None:
        tip = t("mp.panel.days.sun_free_tip")
        label, extra = t("mp.panel.days.sun_free"), ""
    else:
        # the badge, then the words ("starts next day", 12 px: ~90 px in every language), then
        # the sun; the pill reaches left to the day's title's end ("Day 9 of 9": ~95 px)
        pill = 172
        if view.get("over"):     # no next day: the holder took the last day's third tile
            tip = t("mp.panel.days.sun_last_tip", name=seat_label(styles[holder]))
            label = t("mp.panel.days.sun_last")
        else:
            tip = t("mp.panel.days.sun_held_tip", name=seat_label(styles[holder]))
            label = t("mp.panel.days.sun_held")
        extra = _badge(styles[holder], TIME_W - 8 - pill + 14, 20, 8.5)
    out.append(f'<g class="mp-sun-tile" data-sun="{"" if holder is None else holder}">'
               f'<title>{tip}</title><rect class="mp-sun-holder" x="{TIME_W - 8 - pill}" y="6" '
               f'width="{pill}" height="28" rx="14"/>{icon_at("sun", TIME_W - 34, 8, 24)}{extra}'
               f'<text class="mp-on-dark mp-small" x="{TIME_W - 38}" y="24" text-anchor="end">'
               f'{label}</text></g>')
    # Day track: days, and a moon after each day that pays 1 corn to the day's last player.
    step, x0, y = 34, 14, 80
    out.append(f'<path class="mp-day-line" d="M{x0} {y}H{x0 + (last - 1) * step}"/>')
    for dday in range(1, last + 1):
        cx = x0 + (dday - 1) * step
        if dday < last:
            mx = cx + step / 2
            has = dday in corn_moons
            tip = t("mp.panel.days.moon_slot_corn" if has else "mp.panel.days.moon_slot_empty", day=dday)
            out.append(f'<g class="mp-moon-slot" data-moon="{dday}" data-corn="{int(has)}">'
                       f'<title>{tip}</title>'
                       f'{icon_at("moon", mx - 6, y - 6, 12)}'
                       + (icon_at("corn", mx - 7, y - 27, 14) if has else "") + "</g>")
        cls = "mp-day"
        if dday < start:
            cls += " mp-day-unused"
        elif dday < day:
            cls += " mp-day-past"
        if dday == day:
            cls += " mp-day-now"
        tip = t("mp.panel.days.today" if dday == day else "mp.panel.days.skipped" if dday < start
                else "mp.panel.days.day", day=dday)
        out.append(f'<g class="{cls}" data-day="{dday}"><title>{tip}</title>'
                   f'<circle cx="{cx}" cy="{y}" r="{12 if dday == day else 10}"/>'
                   f'<text x="{cx}" y="{y}" dy=".36em" text-anchor="middle">{dday}</text></g>')
        if dday == day:
            out.append(f'<g class="mp-time-marker"><title>{t("mp.panel.days.marker", day=day)}</title>'
                       f'<path d="M{cx} {y + 14}l7 9h-14z"/></g>')
    # Moon tiles: on the board, or taken (an empty ring with the holder's badge).
    holders = {t: s for s, p in enumerate(view["players"]) for t in p.get("moon_tiles", ())}
    on_board = set(view.get("moon_tiles", ()))
    ty = 131
    for k, tid in enumerate(D.MOON_IDS):
        cx = 25 + k * 41.5
        if tid in on_board:
            # a tile that may be taken is a button with a 41 x 44 unit hit area (at least
            # 44 CSS px at the panel's smallest scale); the others are pictures
            live = tid in stays
            role = ('tabindex="0" role="button"' if live else 'role="img"')
            tip = _moon_tip(tid)
            if live:
                tip = t("mp.panel.days.stay", tip=Html(tip))
            if live and hinted == tid:
                tip = t("mp.panel.days.hinted", tip=Html(tip))
            ring = (f'<rect class="mp-ring-hint" x="{_n(cx - 19.5)}" y="{ty - 21}" width="39" '
                    f'height="42" rx="8"/>' if live and hinted == tid else "")
            out.append(f'<g class="mp-tile-moon{" mp-stay" if live else ""}'
                       f'{" mp-hinted" if live and hinted == tid else ""}" data-tile="{tid}" '
                       f'{role} aria-label="{tip}"><title>{tip}</title>'
                       f'<rect class="mp-hit" x="{_n(cx - 20.5)}" y="{ty - 22}" width="41" '
                       f'height="44" rx="8"/>{_moon_tile_art(tid, cx, ty)}{ring}</g>')
        else:
            s = holders.get(tid)
            tip = (t("mp.panel.days.taken_by", tip=Html(_moon_tip(tid)), name=seat_label(styles[s]))
                   if s is not None else t("mp.panel.days.taken", tip=Html(_moon_tip(tid))))
            out.append(f'<g class="mp-tile-moon-gone" data-taken="{tid}"><title>{tip}</title>'
                       f'<circle class="mp-moon-empty" cx="{_n(cx)}" cy="{ty}" r="17"/>'
                       + (_badge(styles[s], cx, ty, 8.5) if s is not None else "") + "</g>")
    out.append("</svg>")
    return "".join(out)
