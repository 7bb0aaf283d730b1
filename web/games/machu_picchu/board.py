"""The city map: the districts with their tiles, bonuses, Incas and Princes, and who went where."""

from __future__ import annotations

from functools import lru_cache
from html import unescape
from typing import Optional, Sequence

from machu_picchu import data as D

from kit.seats import badge as _badge, badge_at_origin as _badge_at_origin
from kit.svg import esc as _e, fit_text as _fit_text, num as _n

from .district_help import LAST_DAY_HELP, district_help, profession_plural
from .icons import icon_at
from .map_layout import (BAND_H, DISTRICT_KIND, DISTRICT_POS, MAP_H, MAP_W, TILE_LAYOUT,
                         TRAVEL_BADGE_H, TRAVEL_BADGE_W, prince_area, prince_spots, tile_rect,
                         travel_badge_at)
from .marks import marks_markup
from .moves import kept_clear, move_arrow
from .pieces import move_attrs, seat_label, seat_styles
from .words import count, t, words

DNAME_PX = 7.6  # average advance of a district name's letter (14 units bold, machu-picchu.css)

# Colours live in machu-picchu.css: tile body and name band per district (mp-t-<id>, mp-b-<id>): goods
# tints for production, ochre and orange for temples, stone grey for the rest.

# Which icon marks each district's kind; the medallion shape behind it tells the kind too:
# round for production, octagon for temples, none for the rest.
DISTRICT_ICON = {
    "corn": "corn", "llama": "llama", "coca": "coca", "pottery": "pottery", "cloth": "cloth",
    "condor": "condor", "puma": "puma", "sun": "sun", "main": "main", "hut": "hut",
    "palace": "palace", "priests": "priests", "virgins": "virgins", "plaza": "plaza",
    "sunclock": "sunclock",
}

_EDGES = tuple(sorted({tuple(sorted((a, b))) for a, ns in D.ADJACENCY_NAMES.items() for b in ns}))


def _w(msg_id: str, **params) -> str:
    """A message as plain text (the drawing escapes what it inserts)."""
    return unescape(t(msg_id, **params))


def _name(d: str) -> str:
    return _w("mp.district." + d)


def _build_background() -> str:
    parts = [f'<rect class="mp-grass" width="{MAP_W}" height="{MAP_H}"/>']
    # Terraces: gently curved bands stepping down the slope, each edged by a stone wall.
    for i, y in enumerate(range(22, MAP_H, 34)):
        cls = "mp-terrace-a" if i % 2 else "mp-terrace-b"
        bow = 10 if i % 3 else -8
        parts.append(f'<path class="{cls}" d="M0 {y} Q{MAP_W / 2} {y + bow} {MAP_W} {y} '
                     f'V{y + 34} Q{MAP_W / 2} {y + 34 + bow} 0 {y + 34}z"/>')
        parts.append(f'<path class="mp-wall" d="M0 {y + 34} Q{MAP_W / 2} {y + 34 + bow} '
                     f'{MAP_W} {y + 34}"/>')
    # The sacred peak behind the city, in the open ground between the Sun and Main temples.
    parts.append('<path class="mp-peak" d="M400 128 L446 62 L468 40 L486 18 L500 10 L514 24 '
                 'L530 40 L556 86 L574 128z"/>')
    parts.append('<path class="mp-peak-rock" d="M486 18 L500 10 L514 24 L506 38 L494 30 L480 44'
                 'L470 40z"/>')
    parts.append('<path class="mp-peak-terrace" d="M444 98h102M432 112h128M456 84h80"/>')
    parts.append(f'<title>{_e(_w("mp.board.terraces"))}</title>')
    return "".join(parts)


def _build_paths() -> str:
    out = ['<g class="mp-paths">']
    for a, b in _EDGES:
        (x1, y1), (x2, y2) = DISTRICT_POS[a], DISTRICT_POS[b]
        d = f"M{x1} {y1}L{x2} {y2}"
        out.append(f'<g data-path="{a} {b}"><title>{_e(_w("mp.board.path", a=_name(a), b=_name(b)))}</title>'
                   f'<path class="mp-path" d="{d}"/><path class="mp-path-steps" d="{d}"/></g>')
    out.append("</g>")
    return "".join(out)


def _medallion(d: str, x: float, y: float, size: float) -> str:
    kind = DISTRICT_KIND[d]
    cx, cy, r = x + size / 2, y + size / 2, size / 2 + 1.5
    if kind == "production":
        back = f'<circle class="mp-medal" cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(r)}"/>'
    elif kind == "temple":
        k = r * 1.04
        pts = " ".join(f"{_n(cx + k * c)},{_n(cy + k * s)}" for c, s in (
            (0.383, -0.924), (0.924, -0.383), (0.924, 0.383), (0.383, 0.924), (-0.383, 0.924),
            (-0.924, 0.383), (-0.924, -0.383), (-0.383, -0.924)))
        back = f'<polygon class="mp-medal mp-medal-temple" points="{pts}"/>'
    else:
        back = ""
    inset = 3 if back else 0
    return back + icon_at(DISTRICT_ICON[d], x + inset, y + inset, size - 2 * inset)


def _build_tile(d: str) -> str:
    x, y, w, h = tile_rect(d)
    name = _name(d)
    mx, my, size = TILE_LAYOUT[DISTRICT_KIND[d]]["medal"]
    return (
        f'<rect class="mp-tile mp-t-{d}" x="{_n(x)}" y="{_n(y)}" width="{w}" height="{h}" rx="8"/>'
        f'<path class="mp-band mp-b-{d}" d="M{_n(x)} {_n(y + BAND_H)}V{_n(y + 8)}'
        f'a8 8 0 0 1 8-8h{w - 16}a8 8 0 0 1 8 8V{_n(y + BAND_H)}z"/>'
        + _fit_text(name, x + w / 2, y + 14, w - 6, "mp-dname", px=DNAME_PX)
        + _medallion(d, x + mx, y + my, size)
    )


@lru_cache(maxsize=4)
def _drawn(lang: str) -> tuple[str, str, dict[str, str], dict[str, str]]:
    """What never changes in a language (background, paths, tiles, each district's neighbours
    in words), drawn once per language, so that a whole board costs a few milliseconds."""
    return (_build_background(), _build_paths(), {d: _build_tile(d) for d in D.DISTRICTS},
            {d: ", ".join(_name(n) for n in D.ADJACENCY_NAMES[d]) for d in D.DISTRICTS})

INCA_R = 9.5      # an Inca marker's radius
_CROWN = '<path class="mp-crown" d="M-6 -{a}l2-5 2 3 2-4.5 2 4.5 2-3 2 5z"/>'


def _bonus_markup(d: str, count: int, x: float, y: float, w: float) -> str:
    """The bonus units (goods or temple stones) in their slots; empty slots are dashed."""
    icon = "stone" if DISTRICT_KIND[d] == "temple" else d
    out = []
    for i, (dx, dy) in enumerate(TILE_LAYOUT[DISTRICT_KIND[d]]["bonus"]):
        bx, by = x + w + dx, y + dy
        if i < count:
            out.append(f'<rect class="mp-bonus-slot" x="{_n(bx)}" y="{_n(by)}" width="20" '
                       f'height="20" rx="4"/>{icon_at(icon, bx + 1, by + 1, 18)}')
            if d == "corn":
                out.append(f'<text class="mp-bonus-num" x="{_n(bx + 19)}" y="{_n(by + 18.5)}" '
                           f'text-anchor="end">3</text>')
        else:
            out.append(f'<rect class="mp-bonus-empty" x="{_n(bx)}" y="{_n(by)}" width="20" '
                       f'height="20" rx="4"/>')
    return "".join(out)


def _princes_markup(princes: list[int], styles: list[tuple], x0: float, x1: float,
                    rows: tuple, active: Optional[int],
                    arrivals: Optional[dict] = None) -> str:
    """Prince markers (the seat's badge under a crown), side by side, on up to len(rows) rows."""
    out = []
    for s, (cx, cy, pr) in zip(princes, prince_spots(len(princes), x0, x1, rows)):
        st = styles[s]
        halo = f'<circle class="mp-active-halo" r="{_n(pr + 3.5)}"/>' if s == active else ""
        out.append(
            f'<g class="mp-prince" data-seat="{s}" transform="translate({_n(cx)} {_n(cy)})"'
            f'{move_attrs((arrivals or {}).get(s))}>'
            f'<title>{_e(_w("mp.board.prince_of", name=seat_label(st)))}</title>{halo}'
            f'{_CROWN.format(a=_n(pr + 1))}'
            f'{_badge_at_origin(st[3], st[1], st[2], st[4], pr)}</g>')
    return "".join(out)


def _incas_markup(incas: list[int], styles: list[tuple], x0: float, x1: float, y: float) -> str:
    """Each seat's Incas: its marker and the count, wrapping onto a second row if needed."""
    entries = [(s, k) for s, k in enumerate(incas) if k]
    if not entries:
        return ""
    widths = [2 * INCA_R + 3 + 8.4 * len(str(k)) + 4 for _, k in entries]
    rows: list[list[int]] = [[]]
    used = 0.0
    for i, wdt in enumerate(widths):
        if rows[-1] and used + wdt > x1 - x0:
            rows.append([])
            used = 0.0
        rows[-1].append(i)
        used += wdt
    out = []
    row_h = 2 * INCA_R + 1
    for r, row in enumerate(rows):
        cy = y + r * row_h
        x = x0
        for i in row:
            s, k = entries[i]
            st = styles[s]
            out.append(
                f'<g class="mp-incas" data-seat="{s}" data-count="{k}">'
                f'<title>{_e(_w("mp.board.incas_of", name=seat_label(st), incas=count(k, "Inca")))}</title>'
                f'{_badge(st, x + INCA_R, cy, INCA_R)}'
                f'<text class="mp-count" x="{_n(x + 2 * INCA_R + 2.5)}" y="{_n(cy)}" dy=".36em">'
                f'{k}</text></g>')
            x += widths[i]
    return "".join(out)


def _district_title(d: str, entry: dict, styles: list[tuple], mode: Optional[str]) -> str:
    lines = [_name(d), unescape(district_help(d, bool(entry.get("last_day"))))]
    if "bonus" in entry:
        b = entry["bonus"]
        if DISTRICT_KIND[d] == "temple":
            what = _w("mp.board.bonus_stones", n=b)
        elif not b:
            what = _w("mp.board.bonus_none")
        elif d == "corn":
            what = _w("mp.board.bonus_corn", n=b)
        else:
            what = unescape(count(b, d))
        lines.append(_w("mp.board.bonus", what=what))
    incas = entry.get("incas")
    if incas is not None:
        have = [f"{seat_label(styles[s])} {k}" for s, k in enumerate(incas) if k]
        label = _w("mp.board.serving") if d == "sunclock" else unescape(profession_plural(D.DISTRICT_INDEX[d]))
        lines.append(_w("mp.board.incas", label=label, list=", ".join(have)) if have
                     else _w("mp.board.incas_none", label=label))
    if entry.get("princes"):
        lines.append(_w("mp.board.princes", names=", ".join(seat_label(styles[s]) for s in entry["princes"])))
    lines.append(_w("mp.board.paths_to", names=_drawn(words().lang)[3][d]))
    if mode == "move":
        lines.append(_w("mp.board.can_move"))
    elif mode == "travel":
        lines.append(_w("mp.board.can_travel"))
    return "\n".join(lines)


def _district(d: str, entry: dict, styles: list[tuple], mode: Optional[str], dim: bool,
              selected: bool, active: Optional[int], hinted: bool = False,
              idle: str = "", arrivals: Optional[dict] = None,
              interactive: bool = True, marks: Sequence[str] = ()) -> tuple[str, str]:
    """District d as (its button: rings, tile and name; its pieces: bonus, Princes, Incas,
    "1 llama" badge). The pieces are drawn in a layer above every tile, outside the button, so
    that the button shows no text but its name (its label says the rest, in words; speech
    control finds it by the name it shows), and they let taps through to the tile. `marks`:
    the ids of the words of the goods marks beside it, which describe its keyboard focus."""
    x, y, w, h = tile_rect(d)
    kind = DISTRICT_KIND[d]
    cls = ["district", "mp-district", f"mp-k-{kind}"]
    if mode:
        cls += ["target", "mp-target", f"mp-{mode}"]
        if idle:
            cls.append("mp-idle")     # a target that gives nothing today: looks it, says why
    elif dim:
        cls.append("mp-dim")
    if selected:
        cls += ["selected", "mp-selected"]
    if hinted:
        cls.append("mp-hinted")
    title = _district_title(d, entry, styles, mode) + (f"\n{idle}" if mode and idle else "")
    lines = title.split("\n")       # the name first,
    if mode:       # then whether and how one goes there, and why it gives nothing today
        if idle:
            lines.insert(1, lines.pop())
        lines.insert(1, lines.pop())
    if hinted:
        hint = _w("mp.board.hinted")
        title += "\n" + hint
        lines.insert(1, hint.rstrip("."))
    aria = ". ".join(line.rstrip(".") for line in lines) + "."
    button = f'tabindex="0" role="button" aria-label="{_e(aria)}"' if interactive else ""
    if interactive and marks:       # the goods marks beside it (their words), said on focus
        button += f' aria-describedby="{" ".join(marks)}"'
    parts = [f'<g class="{" ".join(cls)}" data-district="{d}" {button}><title>{_e(title)}</title>']
    if mode or selected:
        ring = "mp-ring-sel" if selected else f"mp-ring mp-ring-{mode}"
        parts.append(f'<rect class="{ring}" x="{_n(x - 4.5)}" y="{_n(y - 4.5)}" width="{w + 9}" '
                     f'height="{h + 9}" rx="11"/>')
    if hinted:   # the hint's suggestion: a second, dashed ring outside the target's
        parts.append(f'<rect class="mp-ring-hint" x="{_n(x - 9)}" y="{_n(y - 9)}" width="{w + 18}" '
                     f'height="{h + 18}" rx="14"/>')
    parts.append(_drawn(words().lang)[2][d])
    if interactive:   # shown only while the district has the keyboard's focus (machu-picchu.css)
        parts.append(f'<rect class="mp-focus-ring" x="{_n(x - 7)}" y="{_n(y - 7)}" width="{w + 14}" '
                     f'height="{h + 14}" rx="12"/>')
    if dim and not mode:  # veil the tile, not the pieces: what stands there stays readable
        parts.append(f'<rect class="mp-veil" x="{_n(x)}" y="{_n(y)}" width="{w}" height="{h}" '
                     f'rx="8"/>')
    parts.append("</g>")
    button_markup = "".join(parts)
    parts = [f'<g class="mp-pieces" data-on="{d}">']
    lay = TILE_LAYOUT[kind]
    if "bonus" in entry and "bonus" in lay:
        parts.append(_bonus_markup(d, entry["bonus"], x, y, w))
    parts.append(_princes_markup(entry.get("princes") or [], styles, *prince_area(d, entry),
                                 active, arrivals))
    if "incas" in lay:
        ix0, ix1, iy = lay["incas"]
        parts.append(_incas_markup(entry.get("incas") or [], styles, x + ix0, x + w + ix1, y + iy))
    if mode == "travel":
        bx, by = travel_badge_at(d)
        parts.append(f'<g class="mp-travel-badge"><rect x="{_n(bx)}" y="{_n(by)}" '
                     f'width="{TRAVEL_BADGE_W}" height="{TRAVEL_BADGE_H}" rx="11"/>{icon_at("llama", bx + 3, by + 2, 18)}'
                     f'<text x="{_n(bx + 23)}" y="{_n(by + 16.5)}">{count(1, "llama")}</text></g>')
    parts.append("</g>")
    return button_markup, "".join(parts)


def board_svg(view: dict, seats: Optional[Sequence[dict]] = None,
              targets: Optional[dict[str, str]] = None, selected: Optional[str] = None,
              moves: Sequence[tuple[int, str, str]] = (),
              moves_when: str = "since your last decision", hinted: Optional[str] = None,
              idle: Optional[dict[str, str]] = None,
              arrivals: Optional[dict[int, tuple]] = None, interactive: bool = True,
              marks: Optional[dict] = None) -> str:
    """The city map: 15 districts with their bonus, Incas and Princes, paths between neighbours.

    `targets` maps district id -> "move" (free) or "travel" (1 llama): those districts are
    highlighted (travel with a "1 llama" badge) and, when there are any, the rest are dimmed.
    `moves` (from `moves.prince_moves`) draws an arrow for each Prince that moved, `moves_when`
    (since the viewer's last decision, in this step of a replay) says when; arrows never catch
    a tap.
    `hinted`: the district a hint on screen suggests (a dashed ring, and said in its title).
    `idle` maps a target district to why it gives the player nothing today (plain text): such
    a target is drawn apart from the useful ones and its name says why. `arrivals` maps a
    seat to (key, dx, dy): its Prince slides in from that far away (`moves.prince_arrivals`).
    `interactive` False (the home page's preview): one picture, no district a Tab stop.
    `marks` (follow.goods_marks) marks beside a district the goods others gained or traded
    there since the viewer's last decision; they slide out of it (data-move-key).
    """
    styles = seat_styles(seats, view)
    targets = targets or {}
    active = view.get("active")
    dim = bool(targets)
    districts = view["districts"]
    last_day = view.get("day") is not None and view.get("day") == view.get("last_day")
    role = (f'role="group" aria-label="{t("mp.board.city")}"' if interactive else
            f'role="img" aria-label="{t("mp.board.picture")}"')
    background, paths, _tiles, _adjacent = _drawn(words().lang)
    in_step = moves_when == "in this step"      # else since the viewer's last decision
    when = _w("mp.board.when_step" if in_step else "mp.board.when_since")
    body = [f'<svg class="mp-board mp-map" xmlns="http://www.w3.org/2000/svg" '
            f'viewBox="0 0 {MAP_W} {MAP_H}" {role}>',
            background, paths]
    travel = [d for d, mode in targets.items() if mode == "travel"]
    marked, mark_boxes, mark_ids = (marks_markup(marks, styles, travel, in_step)
                                    if marks else ("", [], {}))
    pieces = []
    for d in D.DISTRICTS:
        mode = targets.get(d)
        if mode not in (None, "move", "travel"):
            mode = "move"
        entry = districts.get(d, {})
        if last_day and d in LAST_DAY_HELP:
            entry = dict(entry, last_day=True)
        tile, on_it = _district(d, entry, styles, mode, dim, selected == d, active,
                                hinted == d, (idle or {}).get(d, ""), arrivals, interactive,
                                mark_ids.get(d, ()))
        body.append(tile)
        pieces.append(on_it)
    body.append(f'<g class="mp-pieces-layer" aria-hidden="true">{"".join(pieces)}</g>')
    keep = tuple(kept_clear(districts)) + tuple(mark_boxes) if moves else ()
    arrows = [move_arrow(styles[s], s, a, b, 22 + 10 * k, when, keep)
              for k, (s, a, b) in enumerate(moves)
              if 0 <= s < len(styles) and a in DISTRICT_POS and b in DISTRICT_POS and a != b]
    if marked:
        body.append(marked)
    if arrows:
        body.append(f'<g class="mp-went-layer" aria-label="{t("mp.board.moves", when=when)}">{"".join(arrows)}</g>')
    body.append("</svg>")
    return "".join(body)
