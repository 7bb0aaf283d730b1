"""The Incatrail panel: its steps up the mountain, the Granary, the Llama Stable, the scouts."""

from __future__ import annotations

from typing import Optional, Sequence

from machu_picchu import data as D

from kit.seats import badge as _badge
from kit.svg import num as _n
from kit.markup import Html

from .icons import icon_at
from .pieces import move_attrs, seat_label, seat_styles
from .words import t

TRAIL_W, TRAIL_H = 700, 170


def trail_xy(i: int) -> tuple[float, float]:
    """The centre of step i on the panel: the trail climbs ever steeper to the summit."""
    x = 26 + i * 32.4
    y = 142 - (i / D.TRAIL_SUMMIT) ** 1.35 * 86
    return x, y


def trail_svg(view: dict, seats: Optional[Sequence[dict]] = None,
              arrivals: Optional[dict[int, tuple]] = None) -> str:
    """The Incatrail 0-20 up the mountain, Granary (7), Llama Stable (13), summit, all scouts.

    A Tab stop of its own: on a phone its frame pans sideways, and the keyboard's arrows must
    reach it too."""
    styles = seat_styles(seats, view)
    out = [f'<svg class="mp-panel mp-trail" xmlns="http://www.w3.org/2000/svg" '
           f'viewBox="0 0 {TRAIL_W} {TRAIL_H}" role="group" aria-label="{t("mp.panel.trail.title")}" tabindex="0">',
           f'<rect class="mp-sky" width="{TRAIL_W}" height="{TRAIL_H}" rx="10"/>',
           f'<path class="mp-mountain" d="M0 {TRAIL_H}V150L180 128 360 96 520 62 600 40 '
           f'{_n(trail_xy(20)[0])} 14 690 40 {TRAIL_W} 60V{TRAIL_H}z"/>',
           f'<text class="mp-panel-title" x="12" y="19">{t("mp.panel.trail.title")}</text>',
           f'<text class="mp-panel-note" x="12" y="35">{t("mp.panel.trail.deck", n=view.get("deck", 0))}</text>']
    pts = " ".join(f"{_n(x)},{_n(y)}" for x, y in (trail_xy(i) for i in range(D.TRAIL_SUMMIT + 1)))
    out.append(f'<polyline class="mp-trail-line" points="{pts}"/>')
    # End-bonus bands: +1 on 7-12, +2 on 13-19.
    for lo, hi, bonus in ((D.GRANARY, D.STABLE - 1, 1), (D.STABLE, D.TRAIL_SUMMIT - 1, 2)):
        label = t("mp.panel.trail.bonus", n=bonus)
        xa, xb = trail_xy(lo)[0] - 14, trail_xy(hi)[0] + 14
        out.append(f'<g class="mp-trail-band"><title>{t("mp.panel.trail.band_tip", bonus=label)}</title>'
                   f'<rect x="{_n(xa)}" y="{TRAIL_H - 21}" width="{_n(xb - xa)}" height="18" '
                   f'rx="4"/><text x="{_n((xa + xb) / 2)}" y="{TRAIL_H - 7.5}" '
                   f'text-anchor="middle">{t("mp.panel.trail.band", bonus=label)}</text></g>')
    here: dict[int, list[int]] = {}
    for s, p in enumerate(view["players"]):
        here.setdefault(p["trail"], []).append(s)
    for i in range(D.TRAIL_SUMMIT + 1):
        x, y = trail_xy(i)
        cls = "mp-step"
        tip = t("mp.panel.trail.step", i=i)
        if i == D.GRANARY:
            cls += " mp-granary"
            tip = t("mp.panel.trail.granary", i=i)
        elif i == D.STABLE:
            cls += " mp-stable"
            tip = t("mp.panel.trail.stable", i=i)
        elif i == D.TRAIL_SUMMIT:
            cls += " mp-summit"
            tip = t("mp.panel.trail.summit", i=i)
        who = here.get(i, [])
        if who:
            tip = t("mp.panel.trail.with_scouts", tip=Html(tip),
                    names=", ".join(seat_label(styles[s]) for s in who))
        r = 16 if i == D.TRAIL_SUMMIT else 13.5
        out.append(f'<g class="{cls}" data-step="{i}"><title>{tip}</title>'
                   f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{r}"/>'
                   f'<text x="{_n(x)}" y="{_n(y)}" dy=".36em" text-anchor="middle">{i}</text></g>')
        if i == D.GRANARY:
            out.append(f'<g class="mp-trail-reward">{icon_at("corn", x - 10, y + 14, 18)}'
                       f'<text x="{_n(x + 9)}" y="{_n(y + 28)}">3</text></g>')
        elif i == D.STABLE:
            out.append(f'<g class="mp-trail-reward">{icon_at("llama", x - 10, y + 14, 18)}'
                       f'<text x="{_n(x + 9)}" y="{_n(y + 28)}">1</text></g>')
        elif i == D.TRAIL_SUMMIT:
            out.append(icon_at("card", x - 9, y + 16, 18))
    for i, who in here.items():
        x, y = trail_xy(min(max(i, 0), D.TRAIL_SUMMIT))
        for k, s in enumerate(who):
            st = styles[s]
            cy = y - 27 - k * 22
            out.append(f'<g class="mp-scout" data-seat="{s}" data-step="{i}"'
                       f'{move_attrs((arrivals or {}).get(s))}>'
                       f'<title>{t("mp.panel.trail.scout", name=seat_label(st), i=i)}</title>'
                       f'{_badge(st, x, cy, 10.5)}</g>')
    out.append("</svg>")
    return "".join(out)
