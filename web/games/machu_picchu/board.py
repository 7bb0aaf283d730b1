"""The board's views: pure functions from a seat's view dict (machu_picchu.view) to SVG markup.

No browser imports: every function takes plain data and returns a string, so the app can set a
whole panel with one innerHTML assignment and handle clicks by event delegation on the `data-*`
attributes (`data-district`, `data-tile`, `data-card`, `data-good`). Every piece of user text
(player names) goes through `html.escape`; colours, letters and shapes given for seats are
checked before use.

All art is original and drawn here. Layout data, colours and icon paths are constants at the top;
the functions below only assemble them. Static markup (terraces, paths, tile bodies) is built once
at import, so a full board costs a few milliseconds per render.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Optional, Sequence

from machu_picchu import data as D

from kit.seats import (SEAT_STYLES, SHAPES, SeatStyle, badge as _badge,  # noqa: F401 (re-exported)
                       badge_at_origin as _badge_at_origin, seat_badge, seat_marker, seat_style,
                       shape_svg as _shape)
from kit.svg import curved_arrow, esc as _e, fit_text as _fit_text, isolate, num as _n, plural as _plural

# =================================================================================================
# Data: layout, icons (seat styles: kit.seats)
# =================================================================================================

MAP_W, MAP_H = 700, 520

# District centres on the project's (reconstructed) map; sizes by kind. Every path between two
# adjacent districts is a straight line between centres, checked to clear every other tile.
DISTRICT_POS: dict[str, tuple[int, int]] = {
    "corn": (66, 50), "sun": (330, 46), "main": (638, 46),
    "hut": (175, 150), "palace": (345, 152), "sunclock": (505, 165),
    "virgins": (228, 248), "puma": (640, 232),
    "llama": (66, 330), "plaza": (370, 340), "priests": (515, 345),
    "condor": (62, 474), "pottery": (272, 474), "cloth": (452, 474), "coca": (634, 474),
}
DISTRICT_KIND: dict[str, str] = {
    "corn": "production", "llama": "production", "coca": "production", "pottery": "production",
    "cloth": "production", "condor": "temple", "puma": "temple", "sun": "temple", "main": "temple",
    "hut": "setup", "palace": "setup", "priests": "house", "virgins": "house",
    "plaza": "plaza", "sunclock": "sunclock",
}
TILE_SIZE: dict[str, tuple[int, int]] = {
    "production": (128, 88), "temple": (112, 80), "setup": (116, 66), "house": (116, 66),
    "plaza": (128, 84), "sunclock": (120, 88),
}
# Inside a tile (offsets from its top-left): the kind medallion (x, y, size); the Princes' area
# (x from, x to (negative: from the right edge), row centres); the bonus slots (x, y of each);
# the Incas' rows (x from, x to, first row centre).
TILE_LAYOUT: dict[str, dict[str, Any]] = {
    "production": {"medal": (4, 21, 22), "princes": (30, -49, (35,)),
                   "bonus": ((-46, 22), (-24, 22)), "incas": (5, -4, 57)},
    "temple": {"medal": (5, 22, 26), "princes": (35, -27, (38, 62)),
               "bonus": ((-24, 22), (-24, 44))},
    "setup": {"medal": (5, 23, 26), "princes": (35, -4, (45,))},
    "house": {"medal": (5, 23, 26), "princes": (35, -4, (45,))},
    "plaza": {"medal": (5, 24, 30), "princes": (40, -4, (50,))},
    "sunclock": {"medal": (4, 21, 22), "princes": (30, -4, (35,)), "incas": (5, -4, 57)},
}
BAND_H = 18  # the name band at the top of every tile
DNAME_PX = 7.6  # average advance of a district name's letter (14 units bold, board.css)

# Colours live in board.css: tile body and name band per district (mp-t-<id>, mp-b-<id>): goods
# tints for production, ochre and orange for temples, stone grey for the rest.

# Icon art in a 24x24 box. Shapes differ per good, so colour never carries meaning alone.
ICONS: dict[str, str] = {
    "corn": (
        '<ellipse cx="12" cy="10" rx="4.4" ry="8.6" fill="#f2c14e" stroke="#94650f"/>'
        '<path d="M8.2 6.5h7.6M7.7 9.5h8.6M7.8 12.5h8.4M10 2.8v13M14 2.8v13" stroke="#c08a20" '
        'stroke-width=".8" fill="none"/>'
        '<path d="M12 23C7.2 21.4 4.6 17 5 11.6c1.8 3.4 4 5.4 7 6.4z" fill="#5f9136" stroke="#35591b" '
        'stroke-width=".8"/>'
        '<path d="M12 23c4.8-1.6 7.4-6 7-11.4-1.8 3.4-4 5.4-7 6.4z" fill="#4c7a2b" stroke="#35591b" '
        'stroke-width=".8"/>'
    ),
    "llama": (
        '<path d="M4.6 1.8 5.7 3.9 6.6 1.8 7.7 4.3C8.5 4.8 8.9 5.6 8.9 6.6V11H16.6C18.8 11 20.5 12.5 '
        '20.5 14.6V16.6L19.3 17.3V22H17.5V17.7H11.3V22H9.5V17.3C8.2 16.6 7.2 15.4 7 13.8L6.6 8.3H4'
        'C2.9 8.3 2.5 7.2 3.2 6.4L4.7 5Z" fill="#f4ecdc" stroke="#4d3b28" stroke-width="1.1" '
        'stroke-linejoin="round"/>'
        '<circle cx="6.2" cy="5.9" r=".8" fill="#2e2418"/>'
        '<path d="M9 12.6h9" stroke="#c9b48f" stroke-width="1"/>'
    ),
    "coca": (
        '<path d="M12 1.8C5.8 6.4 4.4 13.6 12 22.2c7.6-8.6 6.2-15.8 0-20.4z" fill="#5a9a3c" '
        'stroke="#2a5a19"/>'
        '<path d="M12 4.5V20M12 8.6 9.2 6.6M12 8.6l2.8-2M12 12.6 8.6 10.4M12 12.6l3.4-2.2'
        'M12 16.6 9.2 14.8M12 16.6l2.8-1.8" stroke="#2a5a19" stroke-width=".9" fill="none"/>'
    ),
    "pottery": (
        '<path d="M8.4 2.2h7.2v2.4l-1.3 1.3c3.5 1.3 5.8 4.4 5.8 8.1 0 4.6-3.6 7.8-8.1 7.8S3.9 18.6 '
        '3.9 14c0-3.7 2.3-6.8 5.8-8.1L8.4 4.6z" fill="#b85a32" stroke="#5a2810"/>'
        '<path d="M4.4 12.2h15.2M4.6 15.6h14.8" stroke="#f3d7a6" stroke-width="1.2"/>'
        '<path d="M6.5 13.9l1.6-1.2 1.6 1.2 1.6-1.2 1.6 1.2 1.6-1.2 1.6 1.2 1.6-1.2" stroke="#2b1408" '
        'stroke-width=".8" fill="none"/>'
    ),
    "cloth": (
        '<rect x="3" y="3.5" width="18" height="14.5" rx="1" fill="#4b63ad" stroke="#1d2c5e"/>'
        '<path d="M3 8.6l3-3 3 3 3-3 3 3 3-3 3 3" stroke="#f2c14e" stroke-width="1.5" fill="none"/>'
        '<path d="M3 14.2l3-2.6 3 2.6 3-2.6 3 2.6 3-2.6 3 2.6" stroke="#ece6d6" stroke-width="1.2" '
        'fill="none"/>'
        '<path d="M5 18v3.5M8 18v3.5M11 18v3.5M14 18v3.5M17 18v3.5M19.6 18v3.5" stroke="#1d2c5e" '
        'stroke-width="1.1"/>'
    ),
    "condor": (
        '<path d="M12 9.4C9 7.4 5.4 6.4.8 7.4c2.6.8 4 2 4.9 3.6-1.6.2-2.7.9-3.4 2 2.9-.8 5.3-.6 '
        '7.3.6L11 19.5h2l1.4-5.9c2-1.2 4.4-1.4 7.3-.6-.7-1.1-1.8-1.8-3.4-2 .9-1.6 2.3-2.8 4.9-3.6'
        '-4.6-1-8.2 0-11.2 2z" fill="#26262b" stroke="#101012" stroke-width=".6"/>'
        '<path d="M9.6 9.4c1.5-.7 3.3-.7 4.8 0l-.9 1.9h-3z" fill="#f1ede4"/>'
        '<circle cx="12" cy="6.6" r="2.1" fill="#c4604e" stroke="#5c2419" stroke-width=".7"/>'
        '<path d="M12 8.2l-.7 1.2h1.4z" fill="#e8d9a8"/>'
    ),
    "puma": (
        '<path d="M3.6 3.2l4.6 4h7.6l4.6-4 .8 8.2c0 5.8-3.9 9.8-9.2 9.8s-9.2-4-9.2-9.8z" '
        'fill="#c98b42" stroke="#5e3a12"/>'
        '<path d="M5 5.2l1.8 2M19 5.2l-1.8 2" stroke="#5e3a12" stroke-width=".9"/>'
        '<path d="M7.8 11.4l2.4.8M16.2 11.4l-2.4.8" stroke="#21140a" stroke-width="1.6" '
        'stroke-linecap="round"/>'
        '<path d="M10.4 14.8h3.2L12 16.6z" fill="#21140a"/>'
        '<path d="M12 16.6v1.3M9.4 18.3c1.6.9 3.6.9 5.2 0" stroke="#21140a" stroke-width=".9" '
        'fill="none"/>'
    ),
    "sun": (
        '<path d="M12 .6l1.7 4.2h-3.4zM12 23.4l1.7-4.2h-3.4zM.6 12l4.2-1.7v3.4zM23.4 12l-4.2-1.7v3.4z'
        'M3.9 3.9l4.2 1.8-2.4 2.4zM20.1 20.1l-4.2-1.8 2.4-2.4zM20.1 3.9l-1.8 4.2-2.4-2.4z'
        'M3.9 20.1l1.8-4.2 2.4 2.4z" fill="#e0801a"/>'
        '<circle cx="12" cy="12" r="6" fill="#f6c343" stroke="#a65a0c"/>'
        '<path d="M9.6 11h.1M14.3 11h.1" stroke="#a65a0c" stroke-width="1.4" stroke-linecap="round"/>'
        '<path d="M9.8 13.9c1.3 1 3.1 1 4.4 0" stroke="#a65a0c" stroke-width=".9" fill="none"/>'
    ),
    "gold": (
        '<circle cx="12" cy="5.6" r="3.7" fill="#e2b32e" stroke="#6e5005"/>'
        '<path d="M8 10.2h8l1.6 11H6.4z" fill="#e2b32e" stroke="#6e5005" stroke-linejoin="round"/>'
        '<path d="M8.2 12.2 4.6 15.4M15.8 12.2l3.6 3.2" stroke="#6e5005" stroke-width="1.9" '
        'stroke-linecap="round"/>'
        '<path d="M10.6 5.2h.1M13.3 5.2h.1M9.6 14h4.8" stroke="#6e5005" stroke-width="1.1" '
        'stroke-linecap="round"/>'
    ),
    "step": (
        '<path d="M2.5 21.5V17h5v-4.5h5V8h5V3.5h4v18z" fill="#a99172" stroke="#4a3b28" '
        'stroke-linejoin="round"/>'
        '<path d="M7.5 17h14M12.5 12.5h9M17.5 8h4" stroke="#4a3b28" stroke-width=".7"/>'
    ),
    "stone": (
        '<path d="M3.5 9.5 7.8 4.5h8.4l4.3 5-2 10h-13z" fill="#a3a8ad" stroke="#43484d" '
        'stroke-linejoin="round"/>'
        '<path d="M3.5 9.5h17M7.8 4.5l1.6 5M16.2 4.5l-1.6 5M9.4 9.5l-1 10M14.6 9.5l1 10" '
        'stroke="#6a6f74" stroke-width=".8" fill="none"/>'
    ),
    "moon": (
        '<path d="M15.5 2.4A9.6 9.6 0 1 0 21.6 17.2 7.7 7.7 0 1 1 15.5 2.4z" fill="#e9e6f5" '
        'stroke="#4f4d82"/>'
    ),
    "card": (
        '<rect x="5" y="2.5" width="14" height="19" rx="2" fill="#f3e6c4" stroke="#6b4a1c"/>'
        '<path d="M12 7l3.5 5-3.5 5-3.5-5z" fill="#c4602a" stroke="#6b4a1c" stroke-width=".7"/>'
    ),
    "hut": (
        '<path d="M1.8 12.2 12 3l10.2 9.2z" fill="#c0913f" stroke="#5a3e14" stroke-linejoin="round"/>'
        '<path d="M5 9.4l2-1.8M9 6.4l-1 2.8M15 6.4l1 2.8M19 9.4l-2-1.8" stroke="#7a5820" '
        'stroke-width=".8"/>'
        '<rect x="4.6" y="12.2" width="14.8" height="9.2" fill="#cfc5b1" stroke="#514638"/>'
        '<path d="M9.8 21.4v-5.4h4.4v5.4z" fill="#4a3826"/>'
    ),
    "palace": (
        '<path d="M2.2 21.5V9.5h19.6v12z" fill="#c1baab" stroke="#46423b"/>'
        '<path d="M1 9.5l3-4.2h16l3 4.2z" fill="#8f6d3c" stroke="#46351a" stroke-linejoin="round"/>'
        '<path d="M2.2 13.5h19.6M2.2 17.5h19.6" stroke="#8d867a" stroke-width=".6"/>'
        '<path d="M4.6 21.5l.9-6.6h2.6l.9 6.6zM10.4 21.5l.9-8.2h1.4l.9 8.2zM15 21.5l.9-6.6h2.6'
        'l.9 6.6z" fill="#3a322a"/>'
    ),
    "priests": (
        '<path d="M7.4 6.2 9 1.6l1.6 3.4L12 .8l1.4 4.2L15 1.6l1.6 4.6z" fill="#e3a21a" '
        'stroke="#6e4a08" stroke-width=".8" stroke-linejoin="round"/>'
        '<circle cx="12" cy="8.6" r="2.8" fill="#d6a474" stroke="#57381c"/>'
        '<path d="M5.6 22.5 8.4 11.8h7.2l2.8 10.7z" fill="#9a3b28" stroke="#43170d" '
        'stroke-linejoin="round"/>'
        '<path d="M12 12v10.4M9 15.5h6" stroke="#f0c14a" stroke-width="1"/>'
    ),
    "virgins": (
        '<circle cx="12" cy="7.6" r="6" fill="#f6c343" opacity=".75"/>'
        '<circle cx="12" cy="7.8" r="2.9" fill="#d6a474" stroke="#57381c"/>'
        '<path d="M9 6.6c.6-2.6 5.4-2.6 6 0" fill="none" stroke="#2a1a0c" stroke-width="1.3"/>'
        '<path d="M5.4 22.5 8.4 11.2h7.2l3 11.3z" fill="#f3efe4" stroke="#5e5340" '
        'stroke-linejoin="round"/>'
        '<path d="M6.6 18.2h10.8" stroke="#d9822b" stroke-width="1.2"/>'
    ),
    "plaza": (
        '<path d="M12 3.4v17M4.5 6.2h15" stroke="#3e3122" stroke-width="1.5" stroke-linecap="round"/>'
        '<path d="M4.5 6.2 2 13M4.5 6.2 7 13M19.5 6.2 17 13M19.5 6.2 22 13" stroke="#3e3122" '
        'stroke-width=".9"/>'
        '<path d="M1.5 13h6a3 2.4 0 0 1-6 0zM16.5 13h6a3 2.4 0 0 1-6 0z" fill="#c79f55" '
        'stroke="#3e3122"/>'
        '<path d="M7.5 21.2h9" stroke="#3e3122" stroke-width="2.2" stroke-linecap="round"/>'
        '<circle cx="12" cy="3.2" r="1.4" fill="#3e3122"/>'
    ),
    "sunclock": (
        '<circle cx="6" cy="5.6" r="3.4" fill="#f6c343" stroke="#a65a0c"/>'
        '<path d="M2.5 21.5h19v-3.2h-19z" fill="#9e978a" stroke="#47423a"/>'
        '<path d="M6.5 18.3 8.2 12h3.3l1.1-4.6h3.2l1.7 10.9z" fill="#c3bcac" stroke="#47423a" '
        'stroke-linejoin="round"/>'
        '<path d="M12.6 7.4 22 12.6" stroke="#47423a" stroke-width=".9" stroke-dasharray="1.6 1.4"/>'
    ),
    "main": (
        '<path d="M1.5 21.5h21v-4h-2.3v-4h-2.3v-4h-2.3V5.3H8.4v4.2H6.1v4H3.8v4H1.5z" '
        'fill="#e3a448" stroke="#6e3c0c" stroke-linejoin="round"/>'
        '<path d="M9.8 21.5v-5.2h4.4v5.2z" fill="#55300e"/>'
        '<path d="M10 3.2h4" stroke="#6e3c0c" stroke-width="1.4"/>'
    ),
}
ICON_LABELS = {
    "corn": "corn", "llama": "llama", "coca": "coca", "pottery": "pottery", "cloth": "cloth",
    "condor": "Condor", "puma": "Puma", "sun": "Sun", "gold": "gold", "step": "Incatrail step",
    "stone": "temple stone", "moon": "moon", "card": "sacrifice card", "hut": "Watchman's Hut",
    "palace": "Royal Palace", "priests": "priests", "virgins": "virgins", "plaza": "market",
    "sunclock": "Sun Clock", "main": "Main Temple",
}
# Which icon marks each district's kind; the medallion shape behind it tells the kind too:
# round for production, octagon for temples, none for the rest.
DISTRICT_ICON = {
    "corn": "corn", "llama": "llama", "coca": "coca", "pottery": "pottery", "cloth": "cloth",
    "condor": "condor", "puma": "puma", "sun": "sun", "main": "main", "hut": "hut",
    "palace": "palace", "priests": "priests", "virgins": "virgins", "plaza": "plaza",
    "sunclock": "sunclock",
}


def _hire_text(district: int) -> str:
    jobs = [p for p in range(5) if D.SETUP_DISTRICT[p] == district]
    return "Hire up to one of each: " + "; ".join(
        f"{D.PROFESSION_NAMES[p]} ({' + '.join(f'{k} {D.GOODS[g]}' for g, k in D.SETUP_COST[p])})"
        for p in jobs) + "."


_STONES = (f"Temple. Take the stones ({D.STEPS_PER_STONE} steps each); if there were any, ")
_WORK = "Production. Take the bonus; if there was any, "
# What each district does, in a line (tooltips). Numbers come from the rules data.
DISTRICT_HELP = {
    "corn": _WORK + f"each Farmer here makes {D.FARMER_CORN} corn for free.",
    "llama": _WORK + "each Shepherd here may make 1 llama for 1 corn.",
    "coca": _WORK + "each Coca Planter here may make 1 coca for 1 corn.",
    "pottery": _WORK + "each Potter here may make 1 pottery for 1 corn.",
    "cloth": _WORK + "each Weaver here may make 1 cloth for 1 corn.",
    "condor": _STONES + "each Condor priest may give 1 llama for steps.",
    "puma": _STONES + "each Puma priest may give 1 llama for steps.",
    "sun": _STONES + "each Virgin may give 1 llama for steps.",
    "main": _STONES + f"everyone may give different goods, {D.MAIN_TEMPLE_STEPS} steps each.",
    "hut": _hire_text(D.D_HUT),
    "palace": _hire_text(D.D_PALACE),
    "priests": "Acquire the next Condor priest or Puma priest (pay the cost printed on it).",
    "virgins": "Acquire the next Virgin of the Sun (pay the cost printed on it).",
    "plaza": "Market: first you may add or remove one unit, then buy and sell goods for corn.",
    "sunclock": f"Send one of your Incas here; at night it comes home with {D.SUNCLOCK_GOODS} "
                f"different goods and {D.SUNCLOCK_STEPS} steps.",
}
# Day 9: no night follows, so the Sun Clock pays at once (the Inca stays there to the end).
DISTRICT_HELP_LAST_DAY = {
    "sunclock": f"Send one of your Incas here: on day {D.LAST_DAY} it pays {D.SUNCLOCK_GOODS} "
                f"different goods and {D.SUNCLOCK_STEPS} steps at once, and stays here to the end.",
}
PROFESSION_PLURAL = ("Farmers", "Shepherds", "Coca Planters", "Potters", "Weavers")

@lru_cache(maxsize=None)
def _icon_at(name: str, x: float, y: float, size: float) -> str:
    """An icon's art placed with its 24-unit box at (x, y), `size` units wide."""
    s = size / 24
    return f'<g transform="translate({_n(x)} {_n(y)}) scale({s:.4g})">{ICONS[name]}</g>'


@lru_cache(maxsize=None)
def goods_icon(good: str, size: int = 18, tooltip: bool = True) -> str:
    """A small inline SVG icon for a good or symbol, labelled for screen readers and (unless
    `tooltip` is False: where the element around it has a tooltip with the fact) tooltips."""
    art = ICONS.get(good)
    if art is None:
        raise ValueError(f"no icon {good!r}")
    label = _e(ICON_LABELS.get(good, good))
    title = f'<title>{label}</title>' if tooltip else ""
    return (f'<svg class="mp-icon" xmlns="http://www.w3.org/2000/svg" width="{size}" '
            f'height="{size}" viewBox="0 0 24 24" role="img" aria-label="{label}">'
            f'{title}{art}</svg>')


def _seat_style(seats: Optional[Sequence[dict]], view: Optional[dict], i: int) -> SeatStyle:
    """Seat i's style; its name from `seats`, else from the view."""
    players = view.get("players", ()) if view is not None else ()
    return seat_style(seats, i, players[i].get("name") if i < len(players) else None)


def _styles(seats: Optional[Sequence[dict]], view: dict) -> list[SeatStyle]:
    return [_seat_style(seats, view, i) for i in range(len(view["players"]))]


def _who(st: SeatStyle) -> str:
    return f"{isolate(st.name)} ({st.letter})"      # the name never reorders the words after it


# =================================================================================================
# The city map
# =================================================================================================

_EDGES = tuple(sorted({tuple(sorted((a, b))) for a, ns in D.ADJACENCY_NAMES.items() for b in ns}))


# Districts with a long name get a wider tile, so that the name keeps its 14-unit letters.
TILE_WIDER: dict[str, int] = {"sun": 136, "virgins": 136, "priests": 136, "hut": 128}


def _tile_rect(d: str) -> tuple[float, float, float, float]:
    w, h = TILE_SIZE[DISTRICT_KIND[d]]
    w = TILE_WIDER.get(d, w)
    cx, cy = DISTRICT_POS[d]
    return cx - w / 2, cy - h / 2, w, h


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
    parts.append('<title>The terraces of the city</title>')
    return "".join(parts)


def _build_paths() -> str:
    out = ['<g class="mp-paths">']
    for a, b in _EDGES:
        (x1, y1), (x2, y2) = DISTRICT_POS[a], DISTRICT_POS[b]
        na, nb = D.DISTRICT_NAMES[a], D.DISTRICT_NAMES[b]
        d = f"M{x1} {y1}L{x2} {y2}"
        out.append(f'<g data-path="{a} {b}"><title>Path: {_e(na)} \u2194 {_e(nb)}</title>'
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
    return back + _icon_at(DISTRICT_ICON[d], x + inset, y + inset, size - 2 * inset)


def _build_tile(d: str) -> str:
    x, y, w, h = _tile_rect(d)
    name = D.DISTRICT_NAMES[d]
    mx, my, size = TILE_LAYOUT[DISTRICT_KIND[d]]["medal"]
    return (
        f'<rect class="mp-tile mp-t-{d}" x="{_n(x)}" y="{_n(y)}" width="{w}" height="{h}" rx="8"/>'
        f'<path class="mp-band mp-b-{d}" d="M{_n(x)} {_n(y + BAND_H)}V{_n(y + 8)}'
        f'a8 8 0 0 1 8-8h{w - 16}a8 8 0 0 1 8 8V{_n(y + BAND_H)}z"/>'
        + _fit_text(name, x + w / 2, y + 14, w - 6, "mp-dname", px=DNAME_PX)
        + _medallion(d, x + mx, y + my, size)
    )


_BACKGROUND = _build_background()
_PATHS = _build_paths()
_TILES = {d: _build_tile(d) for d in D.DISTRICTS}
_ADJ_TEXT = {d: ", ".join(D.DISTRICT_NAMES[n] for n in D.ADJACENCY_NAMES[d]) for d in D.DISTRICTS}

INCA_R = 9.5      # an Inca marker's radius
PRINCE_R = 10.5   # a Prince marker's radius (its letter is 13.5 units: board.css)
_CROWN = '<path class="mp-crown" d="M-6 -{a}l2-5 2 3 2-4.5 2 4.5 2-3 2 5z"/>'


def _bonus_markup(d: str, count: int, x: float, y: float, w: float) -> str:
    """The bonus units (goods or temple stones) in their slots; empty slots are dashed."""
    icon = "stone" if DISTRICT_KIND[d] == "temple" else d
    out = []
    for i, (dx, dy) in enumerate(TILE_LAYOUT[DISTRICT_KIND[d]]["bonus"]):
        bx, by = x + w + dx, y + dy
        if i < count:
            out.append(f'<rect class="mp-bonus-slot" x="{_n(bx)}" y="{_n(by)}" width="20" '
                       f'height="20" rx="4"/>{_icon_at(icon, bx + 1, by + 1, 18)}')
            if d == "corn":
                out.append(f'<text class="mp-bonus-num" x="{_n(bx + 19)}" y="{_n(by + 18.5)}" '
                           f'text-anchor="end">3</text>')
        else:
            out.append(f'<rect class="mp-bonus-empty" x="{_n(bx)}" y="{_n(by)}" width="20" '
                       f'height="20" rx="4"/>')
    return "".join(out)


def _move_attrs(move: Optional[tuple]) -> str:
    """The attributes that make the page slide a piece in (shell/motion.py): (key, dx, dy)."""
    if not move:
        return ""
    key, dx, dy = move
    return f' data-move-key="{_e(key)}" data-move-from="{_n(dx)} {_n(dy)}"'


def _prince_spots(n: int, x0: float, x1: float, rows: tuple) -> list[tuple[float, float, float]]:
    """Where n Prince markers stand between x0 and x1 on up to len(rows) rows: (cx, cy, r)."""
    if not n:
        return []
    pr = PRINCE_R if n < 4 else PRINCE_R - 1.2
    width = 2 * pr + 2
    per_row = max(1, int((x1 - x0 - width) // 15) + 1)
    nrows = min(len(rows), -(-n // per_row))
    per_row = -(-n // nrows)
    spots = []
    for i in range(n):
        r, k = divmod(i, per_row)
        in_row = min(per_row, n - r * per_row)
        step = min(width + 2, (x1 - x0 - width) / (in_row - 1)) if in_row > 1 else 0
        spots.append((x0 + width / 2 + k * step, rows[r], pr))
    return spots


def _prince_area(d: str, entry: dict) -> tuple[float, float, tuple]:
    """District d's Princes' row span (x0, x1) and row centres, as drawn."""
    x, y, w, _h = _tile_rect(d)
    px0, px1, prow = TILE_LAYOUT[DISTRICT_KIND[d]]["princes"]
    if len(entry.get("princes") or ()) > 2 and len(prow) == 1:
        px0 = 4  # crowded: the Princes stand over the medallion
    return x + px0, x + w + px1, tuple(y + r for r in prow)


def _princes_markup(princes: list[int], styles: list[tuple], x0: float, x1: float,
                    rows: tuple, active: Optional[int],
                    arrivals: Optional[dict] = None) -> str:
    """Prince markers (the seat's badge under a crown), side by side, on up to len(rows) rows."""
    out = []
    for s, (cx, cy, pr) in zip(princes, _prince_spots(len(princes), x0, x1, rows)):
        st = styles[s]
        halo = f'<circle class="mp-active-halo" r="{_n(pr + 3.5)}"/>' if s == active else ""
        out.append(
            f'<g class="mp-prince" data-seat="{s}" transform="translate({_n(cx)} {_n(cy)})"'
            f'{_move_attrs((arrivals or {}).get(s))}>'
            f'<title>Prince of {_e(_who(st))}</title>{halo}'
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
                f'<title>{_e(_who(st))}: {_plural(k, "Inca")}</title>'
                f'{_badge(st, x + INCA_R, cy, INCA_R)}'
                f'<text class="mp-count" x="{_n(x + 2 * INCA_R + 2.5)}" y="{_n(cy)}" dy=".36em">'
                f'{k}</text></g>')
            x += widths[i]
    return "".join(out)


def _district_title(d: str, entry: dict, styles: list[tuple], mode: Optional[str]) -> str:
    help_text = (DISTRICT_HELP_LAST_DAY.get(d, DISTRICT_HELP[d]) if entry.get("last_day")
                 else DISTRICT_HELP[d])
    lines = [D.DISTRICT_NAMES[d], help_text]
    if "bonus" in entry:
        b = entry["bonus"]
        if DISTRICT_KIND[d] == "temple":
            what = _plural(b, "temple stone") if b else "no temple stone (used today)"
        elif d == "corn":
            what = f"{_plural(b, 'unit')} of 3 corn" if b else "none (used today)"
        else:
            what = f"{b} {d}{'s' if b > 1 and d == 'llama' else ''}" if b else "none (used today)"
        lines.append(f"Bonus: {what}.")
    incas = entry.get("incas")
    if incas is not None:
        have = [f"{_who(styles[s])} {k}" for s, k in enumerate(incas) if k]
        label = "Serving here" if d == "sunclock" else PROFESSION_PLURAL[D.DISTRICT_INDEX[d]]
        lines.append(f"{label}: {', '.join(have) if have else 'none'}.")
    if entry.get("princes"):
        lines.append("Princes here: " + ", ".join(_who(styles[s]) for s in entry["princes"]) + ".")
    lines.append(f"Paths to: {_ADJ_TEXT[d]}.")
    if mode == "move":
        lines.append("You can go here (free).")
    elif mode == "travel":
        lines.append("You can go here by paying 1 llama.")
    return "\n".join(lines)


def _district(d: str, entry: dict, styles: list[tuple], mode: Optional[str], dim: bool,
              selected: bool, active: Optional[int], hinted: bool = False,
              idle: str = "", arrivals: Optional[dict] = None,
              interactive: bool = True) -> tuple[str, str]:
    """District d as (its button: rings, tile and name; its pieces: bonus, Princes, Incas,
    "1 llama" badge). The pieces are drawn in a layer above every tile, outside the button, so
    that the button shows no text but its name (its label says the rest, in words; speech
    control finds it by the name it shows), and they let taps through to the tile."""
    x, y, w, h = _tile_rect(d)
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
        title += "\nThe hint suggests this district."
        lines.insert(1, "The hint suggests this district")
    aria = ". ".join(line.rstrip(".") for line in lines) + "."
    button = f'tabindex="0" role="button" aria-label="{_e(aria)}"' if interactive else ""
    parts = [f'<g class="{" ".join(cls)}" data-district="{d}" {button}><title>{_e(title)}</title>']
    if mode or selected:
        ring = "mp-ring-sel" if selected else f"mp-ring mp-ring-{mode}"
        parts.append(f'<rect class="{ring}" x="{_n(x - 4.5)}" y="{_n(y - 4.5)}" width="{w + 9}" '
                     f'height="{h + 9}" rx="11"/>')
    if hinted:   # the hint's suggestion: a second, dashed ring outside the target's
        parts.append(f'<rect class="mp-ring-hint" x="{_n(x - 9)}" y="{_n(y - 9)}" width="{w + 18}" '
                     f'height="{h + 18}" rx="14"/>')
    parts.append(_TILES[d])
    if interactive:   # shown only while the district has the keyboard's focus (board.css)
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
    parts.append(_princes_markup(entry.get("princes") or [], styles, *_prince_area(d, entry),
                                 active, arrivals))
    if "incas" in lay:
        ix0, ix1, iy = lay["incas"]
        parts.append(_incas_markup(entry.get("incas") or [], styles, x + ix0, x + w + ix1, y + iy))
    if mode == "travel":
        bx, by = _travel_badge_at(d)
        parts.append(f'<g class="mp-travel-badge"><rect x="{_n(bx)}" y="{_n(by)}" '
                     f'width="{TRAVEL_BADGE_W}" height="{TRAVEL_BADGE_H}" rx="11"/>{_icon_at("llama", bx + 3, by + 2, 18)}'
                     f'<text x="{_n(bx + 23)}" y="{_n(by + 16.5)}">1 llama</text></g>')
    parts.append("</g>")
    return button_markup, "".join(parts)


# Travel badges sit next to their tile, at the first place (above or below it, right, left or
# centred) that stays on the map and clear of every other tile and of the badges placed before.
TRAVEL_BADGE_W, TRAVEL_BADGE_H = 76, 22


def _overlap(a: tuple, b: tuple, gap: float = 0.0) -> bool:
    """Do rectangles (x, y, w, h) a and b overlap (or come closer than `gap`)?"""
    return (a[0] < b[0] + b[2] + gap and b[0] < a[0] + a[2] + gap
            and a[1] < b[1] + b[3] + gap and b[1] < a[1] + a[3] + gap)


def _place_travel_badges() -> dict[str, tuple[float, float]]:
    placed: dict[str, tuple[float, float]] = {}
    bw, bh = TRAVEL_BADGE_W, TRAVEL_BADGE_H
    for d in D.DISTRICTS:
        x, y, w, h = _tile_rect(d)
        spots = [(x + w - bw - 2, y - bh - 2), (x + 2, y - bh - 2), (x + (w - bw) / 2, y - bh - 2),
                 (x + w - bw - 2, y + h + 2), (x + 2, y + h + 2), (x + (w - bw) / 2, y + h + 2)]
        for bx, by in spots:
            box = (bx, by, bw, bh)
            if (0 <= bx and 0 <= by and bx + bw <= MAP_W and by + bh <= MAP_H
                    and not any(_overlap(box, _tile_rect(t), 1) for t in D.DISTRICTS if t != d)
                    and not any(_overlap(box, (ox, oy, bw, bh), 1) for ox, oy in placed.values())):
                placed[d] = (bx, by)
                break
        else:
            raise AssertionError(f"no room for the travel badge of {d}")
    return placed


_TRAVEL_BADGES = _place_travel_badges()


def _travel_badge_at(d: str) -> tuple[float, float]:
    """The top-left corner of district d's "1 llama" badge."""
    return _TRAVEL_BADGES[d]


# Marks: what the others gained where it happened or traded at the Central Plaza since the
# viewer's last decision ("+3 corn", "+5 steps", "sold 1 llama"), one row per player, in a box
# beside the tile, at the first place that stays on the map and clear of every tile (names,
# pieces), of the travel badges on screen and of the marks placed before; it slides out of the
# district. As wide as its longest line (at most MARK_MAX_W): a player's words that do not fit
# one line go on to the next at a comma (a trade of four goods takes two or three lines), so that
# no mark is squeezed unreadable; only a single part longer than a line is squeezed.
MARK_MAX_W, MARK_ROW_H, MARK_TEXT_X = 150, 21, 22
MARK_CHAR_PX = 7.4       # a character's width at the marks' 13.5 px (bold; web/board.css)
MARK_LINE_CHARS = int((MARK_MAX_W - MARK_TEXT_X - 4) / MARK_CHAR_PX)
MARK_KINDS = ("gain", "sold", "bought")


def _mark_spots(d: str, mw: float, h: float) -> list[tuple[float, float]]:
    """Places beside district d's tile for a box mw x h: along its right, left, bottom and top
    sides (below its name band), nearest to the tile's middle first."""
    x, y, w, th = _tile_rect(d)
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
                and not any(_overlap(box, _tile_rect(t), 2) for t in D.DISTRICTS)
                and not any(_overlap(box, other, 2) for other in placed)):
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


def _marks_markup(marks: dict, styles: list[tuple], travel: Sequence[str] = (),
                  step: bool = False) -> tuple[str, list[tuple]]:
    """The marks (see MARK_MAX_W) and the boxes they take (arrows keep off them); `travel`:
    the districts whose "1 llama" badge is on screen; `step`: a replay's step, not the time
    since the viewer's last decision."""
    from html import unescape
    from .words import t
    placed = [(*_travel_badge_at(d), TRAVEL_BADGE_W, TRAVEL_BADGE_H) for d in travel]
    boxes: list[tuple] = []
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
            out.append(
                f'<g class="mp-mark" data-district="{d}" data-seat="{s}" data-move-key="{key}" '
                f'data-move-from="{_n(cx - bx - mw / 2)} {_n(cy - ry)}" '
                f'transform="translate({_n(bx)} {_n(ry)})"><title>{_e(title)}</title>'
                f'<rect width="{_n(mw)}" height="{MARK_ROW_H * len(lines) - 1}" rx="9"/>'
                f'{_badge(st, 10, MARK_ROW_H / 2, 7.5)}'
                + "".join(_fit_text(unescape(line), MARK_TEXT_X, MARK_ROW_H * k + MARK_ROW_H / 2 + 4.5,
                                    mw - MARK_TEXT_X - 4, "mp-mark-text", "start", MARK_CHAR_PX)
                          for k, line in enumerate(lines))
                + "</g>")
    if not out:
        return "", boxes
    layer = unescape(t("mp.mark.layer_step" if step else "mp.mark.layer"))
    return (f'<g class="mp-marks-layer" aria-label="{_e(layer)}">' + "".join(out) + "</g>"), boxes


def prince_arrivals(before: Optional[Sequence[int]], now: Sequence[int],
                    key: str) -> dict[int, tuple[str, float, float]]:
    """seat -> (key, dx, dy) for every Prince that went from one district to another between
    two drawings of the board: how far it is to slide in from (`key` names this change)."""
    if before is None or len(before) != len(now):
        return {}
    out = {}
    for s, (a, b) in enumerate(zip(before, now)):
        if a != b and a >= 0 and b >= 0:
            (ax, ay), (bx, by) = DISTRICT_POS[D.DISTRICTS[a]], DISTRICT_POS[D.DISTRICTS[b]]
            out[s] = (f"{key}-p{s}-{a}-{b}", ax - bx, ay - by)
    return out


def scout_arrivals(before: Optional[Sequence[int]], now: Sequence[int],
                   key: str) -> dict[int, tuple[str, float, float]]:
    """seat -> (key, dx, dy) for every scout that went up (or down) the Incatrail."""
    if before is None or len(before) != len(now):
        return {}
    out = {}
    for s, (a, b) in enumerate(zip(before, now)):
        if a != b:
            (ax, ay) = _trail_xy(min(max(a, 0), D.TRAIL_SUMMIT))
            (bx, by) = _trail_xy(min(max(b, 0), D.TRAIL_SUMMIT))
            out[s] = (f"{key}-s{s}-{a}-{b}", ax - bx, ay - by)
    return out


def prince_moves(before: Optional[Sequence[int]], now: Sequence[int],
                 viewer: Optional[int]) -> list[tuple[int, str, str]]:
    """(seat, from district, to district) for every Prince but the viewer's (None: every one)
    that moved from one district to another between `before` and `now` (Prince district
    indices, -1 = not placed yet)."""
    if before is None or len(before) != len(now):
        return []
    return [(s, D.DISTRICTS[a], D.DISTRICTS[b]) for s, (a, b) in enumerate(zip(before, now))
            if s != viewer and a != b and a >= 0 and b >= 0]


def _kept_clear(districts: dict) -> list[tuple[float, float, float, float]]:
    """What an arrow must never cover: every district's name band and every Prince
    (rectangles x, y, w, h in map units)."""
    keep = []
    for d in D.DISTRICTS:
        x, y, w, _h = _tile_rect(d)
        keep.append((x, y, w, BAND_H))
        entry = districts.get(d, {})
        for cx, cy, pr in _prince_spots(len(entry.get("princes") or ()), *_prince_area(d, entry)):
            keep.append((cx - pr - 4, cy - pr - 8, 2 * pr + 8, 2 * pr + 12))
    return keep


def _edge_point(d: str, toward: tuple[float, float], gap: float = 4.0) -> tuple[float, float]:
    """Where the line from district d's centre toward a point leaves d's tile, `gap` beyond."""
    x, y, w, h = _tile_rect(d)
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
    x, y, w, h = _tile_rect(d)
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


def _move_arrow(st: tuple, seat: int, a: str, b: str, bend: float, when: str,
                keep: tuple = ()) -> str:
    """A curved dashed arrow in the seat's colour from district a to district b, its badge
    half-way: where that player's Prince went since the viewer last decided. It runs from tile
    edge to tile edge, bent around the district names and the Princes in `keep`."""
    start, end, bend = _arrow_route(a, b, bend, keep)
    curve, head, (mx, my) = curved_arrow(start, end, bend, cut=0)
    what = f"{isolate(st[0])} ({st[2]}) moved from the {D.DISTRICT_NAMES[a]} to the {D.DISTRICT_NAMES[b]} {when}"
    return (f'<g class="mp-went" data-seat="{seat}" data-from="{a}" data-to="{b}">'
            f'<title>{_e(what)}</title>'
            f'<path class="mp-went-halo" d="{curve}"/>'
            f'<path class="mp-went-line" stroke="{st[1]}" d="{curve}"/>'
            f'<polygon class="mp-went-head" fill="{st[1]}" points="{head}"/>'
            f'{_badge(st, mx, my, 10)}</g>')


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
    `moves` (from `prince_moves`) draws an arrow for each Prince that moved, `moves_when` (since
    the viewer's last decision, in this step of a replay) says when; arrows never catch a tap.
    `hinted`: the district a hint on screen suggests (a dashed ring, and said in its title).
    `idle` maps a target district to why it gives the player nothing today (plain text): such
    a target is drawn apart from the useful ones and its name says why. `arrivals` maps a
    seat to (key, dx, dy): its Prince slides in from that far away (`prince_arrivals`).
    `interactive` False (the home page's preview): one picture, no district a Tab stop.
    `marks` (follow.goods_marks) marks beside a district the goods others gained or traded
    there since the viewer's last decision; they slide out of it (data-move-key).
    """
    styles = _styles(seats, view)
    targets = targets or {}
    active = view.get("active")
    dim = bool(targets)
    districts = view["districts"]
    last_day = view.get("day") is not None and view.get("day") == view.get("last_day")
    role = ('role="group" aria-label="City of Machu Picchu"' if interactive else
            'role="img" aria-label="The board: the 15 districts of Machu Picchu"')
    body = [f'<svg class="mp-board mp-map" xmlns="http://www.w3.org/2000/svg" '
            f'viewBox="0 0 {MAP_W} {MAP_H}" {role}>',
            _BACKGROUND, _PATHS]
    pieces = []
    for d in D.DISTRICTS:
        mode = targets.get(d)
        if mode not in (None, "move", "travel"):
            mode = "move"
        entry = districts.get(d, {})
        if last_day and d in DISTRICT_HELP_LAST_DAY:
            entry = dict(entry, last_day=True)
        tile, on_it = _district(d, entry, styles, mode, dim, selected == d, active,
                                hinted == d, (idle or {}).get(d, ""), arrivals, interactive)
        body.append(tile)
        pieces.append(on_it)
    body.append(f'<g class="mp-pieces-layer" aria-hidden="true">{"".join(pieces)}</g>')
    travel = [d for d, mode in targets.items() if mode == "travel"]
    marked, mark_boxes = (_marks_markup(marks, styles, travel, moves_when == "in this step")
                          if marks else ("", []))
    keep = tuple(_kept_clear(districts)) + tuple(mark_boxes) if moves else ()
    arrows = [_move_arrow(styles[s], s, a, b, 22 + 10 * k, moves_when, keep)
              for k, (s, a, b) in enumerate(moves)
              if 0 <= s < len(styles) and a in DISTRICT_POS and b in DISTRICT_POS and a != b]
    if marked:
        body.append(marked)
    if arrows:
        body.append(f'<g class="mp-went-layer" aria-label="Moves {_e(moves_when)}">{"".join(arrows)}</g>')
    body.append("</svg>")
    return "".join(body)


# =================================================================================================
# Market
# =================================================================================================

MARKET_W, MARKET_H = 300, 238


def market_svg(view: dict) -> str:
    """The four market columns (llama, coca, pottery, cloth), fields 6-5-4-3, units and prices."""
    market = view["market"]
    col_w, field_w, field_h, x0, y0 = 68, 60, 32, 26, 50
    out = [f'<svg class="mp-panel mp-market" xmlns="http://www.w3.org/2000/svg" '
           f'viewBox="0 0 {MARKET_W} {MARKET_H}" role="group" aria-label="Market">',
           f'<rect class="mp-panel-bg" x=".6" y=".6" width="{MARKET_W - 1.2}" '
           f'height="{MARKET_H - 1.2}" rx="10"/>',
           '<text class="mp-panel-title" x="10" y="19">Market</text>',
           f'<text class="mp-panel-note" x="{MARKET_W - 10}" y="19" text-anchor="end">'
           'prices in corn</text>']
    for j, price in enumerate(D.MARKET_PRICES):
        out.append(f'<text class="mp-scale" x="{x0 - 12}" y="{y0 + 20 + j * field_h}" '
                   f'text-anchor="middle">{price}</text>')
    for i, g in enumerate(D.GOODS[k] for k in D.MARKET_GOODS):
        m = market[g]
        units, buy, sell = m["units"], m["buy"], m["sell"]
        cx = x0 + i * col_w
        bank_buy = units == 0
        bank_sell = units >= len(D.MARKET_PRICES)
        tip = (f"{g.capitalize()}: {_plural(units, 'unit')} on the market. "
               f"Buy one for {buy} corn{' (from the bank)' if bank_buy else ''}; "
               f"sell one for {sell} corn{' (to the bank)' if bank_sell else ''}.")
        out.append(f'<g class="mp-mcol" data-good="{g}" data-units="{units}" data-buy="{buy}" '
                   f'data-sell="{sell}"><title>{_e(tip)}</title>')
        out.append(_icon_at(g, cx, 28, 17))
        out.append(_fit_text(g, cx + 19, 41, field_w - 19, "mp-mhead", "start", 6.4))
        for j, price in enumerate(D.MARKET_PRICES):
            fy = y0 + j * field_h
            if j < units:
                out.append(f'<rect class="mp-field-full" x="{cx}" y="{fy}" width="{field_w}" '
                           f'height="{field_h - 4}" rx="5"/>{_icon_at(g, cx + 19, fy + 2, 24)}'
                           f'<text class="mp-field-price-small" x="{cx + 5}" y="{fy + 12}">'
                           f'{price}</text>')
            else:
                out.append(f'<rect class="mp-field" x="{cx}" y="{fy}" width="{field_w}" '
                           f'height="{field_h - 4}" rx="5"/><text class="mp-field-price" '
                           f'x="{cx + field_w / 2}" y="{fy + 20}" text-anchor="middle">{price}</text>')
        ly = y0 + 4 * field_h + 15
        out.append(f'<text class="mp-buy" x="{cx + 2}" y="{ly}">buy {buy}'
                   f'{"*" if bank_buy else ""}</text>'
                   f'<text class="mp-sell" x="{cx + 2}" y="{ly + 17}">sell {sell}'
                   f'{"*" if bank_sell else ""}</text></g>')
    out.append(f'<text class="mp-panel-note" x="10" y="{MARKET_H - 9}">'
               '* bank: sells at 6 if empty, buys at 3 if full</text>')
    out.append("</svg>")
    return "".join(out)


# =================================================================================================
# Priests and Virgins
# =================================================================================================

ROWS_W, ROWS_H = 300, 222
ROW_ICON = {"condor": "condor", "puma": "puma", "virgin": "sun"}
ROW_LABEL = {"condor": "Condor priests", "puma": "Puma priests", "virgin": "Virgins of the Sun"}
ROW_ONE = {"condor": "Condor priest", "puma": "Puma priest", "virgin": "Virgin of the Sun"}


def _cost_icons(cost: tuple[int, ...], x: float, y: float) -> str:
    """A card's printed cost as one icon per good paid, in a 2-column grid."""
    items = [D.GOODS[g] for g in range(5) for _ in range(cost[g])]
    out = []
    for k, g in enumerate(items):
        out.append(_icon_at(g, x + (k % 2) * 15, y + (k // 2) * 15, 14))
    return "".join(out)


def rows_svg(view: dict, picks: Sequence[str] = (), picked: Optional[str] = None,
             hinted: Optional[str] = None) -> str:
    """The three rows of Priest and Virgin cards: cards left with their cost, step values.

    Each row starts with its printed number; every card covers the next lower number. The lowest
    visible number (outlined) is what one sacrificed llama is worth in that row's temple.
    `picks`: the rows the person deciding may acquire a card of now: those rows are buttons (a
    Tab stop each, Enter or Space picks, as the controls' choices); `picked`: the row chosen,
    awaiting the confirmation; `hinted`: the row a hint on screen suggests (a dashed ring, said
    in its name). The other rows are pictures with their name.
    """
    out = [f'<svg class="mp-panel mp-rows" xmlns="http://www.w3.org/2000/svg" '
           f'viewBox="0 0 {ROWS_W} {ROWS_H}" role="group" aria-label="Priests and Virgins">',
           f'<rect class="mp-panel-bg" x=".6" y=".6" width="{ROWS_W - 1.2}" '
           f'height="{ROWS_H - 1.2}" rx="10"/>',
           '<text class="mp-panel-title" x="10" y="19">Priests and Virgins</text>',
           f'<text class="mp-panel-note" x="{ROWS_W - 10}" y="19" text-anchor="end">'
           f'{view.get("priests_left", "")} of {D.TOTAL_PRIEST_CARDS} left</text>']
    cell, x0 = 40, 10
    for r, row in enumerate(D.ROWS):
        info = view["rows"][row]
        taken, steps = info["taken"], info["steps"]
        size = D.ROW_SIZES[r]
        base = D.ROW_BASE_STEPS[r]
        y = 28 + r * 64
        cost_txt = ""
        if info.get("next_cost"):
            cost_txt = " + ".join(f"{k} {g}" for g, k in info["next_cost"].items())
        temple = D.DISTRICT_NAMES[D.DISTRICTS[D.ROW_TEMPLE[r]]]
        house = D.DISTRICT_NAMES[D.DISTRICTS[D.ROW_HOUSE[r]]]
        tip = (f"{ROW_LABEL[row]}: {info['left']} of {size} left (taken at the {house}). "
               f"In the {temple} each one sacrifices 1 llama for {steps} steps now. "
               + (f"Next card costs {cost_txt}." if cost_txt else "None left."))
        cls, role, button = "mp-row", f'role="img" aria-label="{_e(tip)}"', ""
        if row in picks:
            # a button over the row (no text of its own, so its name is all a reader hears):
            # what it does, at what cost, its state (chosen, the hint's); the row's drawing under
            # it is hidden from assistive technology, its name says the same
            name = (f"Acquire a {ROW_ONE[row]}: pay {cost_txt}; {info['left']} left, each llama "
                    f"{steps} steps now, {steps - 1} after this card"
                    + ("; chosen" if picked == row else "")
                    + ("; the hint suggests it" if hinted == row else ""))
            cls += " mp-pick" + (" mp-picked" if picked == row else "")
            role = 'aria-hidden="true"'
            button = (f'<g class="mp-row-btn" role="button" tabindex="0" data-pick="acquire {row}" '
                      f'aria-pressed="{"true" if picked == row else "false"}" '
                      f'aria-label="{_e(name)}"><title>{_e(name)}</title>'
                      f'<rect class="mp-hit" x="3" y="{y - 2}" width="{ROWS_W - 6}" height="64" rx="9"/>'
                      f'<rect class="mp-row-ring" x="3" y="{y - 2}" width="{ROWS_W - 6}" '
                      f'height="64" rx="9"/></g>')
        if hinted == row:
            cls += " mp-hinted"
            button += (f'<rect class="mp-ring-hint" x="2" y="{y - 3}" width="{ROWS_W - 4}" '
                       f'height="66" rx="10"/>')
        out.append(f'<g class="{cls}" data-row="{row}" data-left="{info["left"]}" '
                   f'data-steps="{steps}">')
        out.append(f'<g {role}><title>{_e(tip)}</title>')
        out.append(f'<rect class="mp-row-bg mp-row-{row}" x="5" y="{y}" width="{ROWS_W - 10}" '
                   f'height="60" rx="7"/>')
        out.append(_icon_at(ROW_ICON[row], 9, y + 2, 15))
        out.append(f'<text class="mp-row-name" x="28" y="{y + 14}">{_e(ROW_LABEL[row])}</text>'
                   f'<text class="mp-row-sub" x="{ROWS_W - 10}" y="{y + 14}" text-anchor="end">'
                   f'{info["left"]} left \u00b7 <tspan class="mp-row-val">{steps}</tspan> '
                   f'steps/llama</text>')
        for k in range(size + 1):
            cx = x0 + k * cell
            if k == 0 or k <= taken:
                number = base - k
                current = " mp-current" if number == steps else ""
                out.append(f'<g class="mp-stepval{current}"><rect x="{cx}" y="{y + 20}" '
                           f'width="{cell - 4}" height="36" rx="6"/><text x="{cx + (cell - 4) / 2}" '
                           f'y="{y + 44}" text-anchor="middle">{number}</text></g>')
            else:
                idx = k - 1
                nxt = " mp-next" if idx == taken else ""
                out.append(f'<g class="mp-pcard{nxt}"><rect x="{cx}" y="{y + 19}" '
                           f'width="{cell - 4}" height="38" rx="5"/>'
                           f'{_cost_icons(D.ROW_CARD_COSTS[r][idx], cx + 3.5, y + 23)}</g>')
        out.append("</g>" + button + "</g>")
    out.append("</svg>")
    return "".join(out)


# =================================================================================================
# Incatrail
# =================================================================================================

TRAIL_W, TRAIL_H = 700, 170


def _trail_xy(i: int) -> tuple[float, float]:
    x = 26 + i * 32.4
    y = 142 - (i / D.TRAIL_SUMMIT) ** 1.35 * 86
    return x, y


def trail_svg(view: dict, seats: Optional[Sequence[dict]] = None,
              arrivals: Optional[dict[int, tuple]] = None) -> str:
    """The Incatrail 0-20 up the mountain, Granary (7), Llama Stable (13), summit, all scouts.

    A Tab stop of its own: on a phone its frame pans sideways, and the keyboard's arrows must
    reach it too."""
    styles = _styles(seats, view)
    out = [f'<svg class="mp-panel mp-trail" xmlns="http://www.w3.org/2000/svg" '
           f'viewBox="0 0 {TRAIL_W} {TRAIL_H}" role="group" aria-label="Incatrail" tabindex="0">',
           f'<rect class="mp-sky" width="{TRAIL_W}" height="{TRAIL_H}" rx="10"/>',
           f'<path class="mp-mountain" d="M0 {TRAIL_H}V150L180 128 360 96 520 62 600 40 '
           f'{_n(_trail_xy(20)[0])} 14 690 40 {TRAIL_W} 60V{TRAIL_H}z"/>',
           '<text class="mp-panel-title" x="12" y="19">Incatrail</text>',
           f'<text class="mp-panel-note" x="12" y="35">deck: {view.get("deck", 0)} cards</text>']
    pts = " ".join(f"{_n(x)},{_n(y)}" for x, y in (_trail_xy(i) for i in range(D.TRAIL_SUMMIT + 1)))
    out.append(f'<polyline class="mp-trail-line" points="{pts}"/>')
    # End-bonus bands: +1 on 7-12, +2 on 13-19.
    for lo, hi, label in ((D.GRANARY, D.STABLE - 1, "+1 VP/gold"),
                          (D.STABLE, D.TRAIL_SUMMIT - 1, "+2 VP/gold")):
        xa, xb = _trail_xy(lo)[0] - 14, _trail_xy(hi)[0] + 14
        out.append(f'<g class="mp-trail-band"><title>A scout ending here scores {label}</title>'
                   f'<rect x="{_n(xa)}" y="{TRAIL_H - 21}" width="{_n(xb - xa)}" height="18" '
                   f'rx="4"/><text x="{_n((xa + xb) / 2)}" y="{TRAIL_H - 7.5}" '
                   f'text-anchor="middle">{label} at the end</text></g>')
    here: dict[int, list[int]] = {}
    for s, p in enumerate(view["players"]):
        here.setdefault(p["trail"], []).append(s)
    for i in range(D.TRAIL_SUMMIT + 1):
        x, y = _trail_xy(i)
        cls = "mp-step"
        tip = f"Step {i}"
        if i == D.GRANARY:
            cls += " mp-granary"
            tip = f"Step {i}: Granary: reach or pass it to get 3 corn (end of turn)."
        elif i == D.STABLE:
            cls += " mp-stable"
            tip = f"Step {i}: Llama Stable: reach or pass it to get 1 llama (end of turn)."
        elif i == D.TRAIL_SUMMIT:
            cls += " mp-summit"
            tip = ("Summit (20): draw 3 sacrifice cards, put 2 of yours back under the deck, then "
                   "go on from 0.")
        who = here.get(i, [])
        if who:
            tip += " Scouts: " + ", ".join(_who(styles[s]) for s in who) + "."
        r = 16 if i == D.TRAIL_SUMMIT else 13.5
        out.append(f'<g class="{cls}" data-step="{i}"><title>{_e(tip)}</title>'
                   f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{r}"/>'
                   f'<text x="{_n(x)}" y="{_n(y)}" dy=".36em" text-anchor="middle">{i}</text></g>')
        if i == D.GRANARY:
            out.append(f'<g class="mp-trail-reward">{_icon_at("corn", x - 10, y + 14, 18)}'
                       f'<text x="{_n(x + 9)}" y="{_n(y + 28)}">3</text></g>')
        elif i == D.STABLE:
            out.append(f'<g class="mp-trail-reward">{_icon_at("llama", x - 10, y + 14, 18)}'
                       f'<text x="{_n(x + 9)}" y="{_n(y + 28)}">1</text></g>')
        elif i == D.TRAIL_SUMMIT:
            out.append(_icon_at("card", x - 9, y + 16, 18))
    for i, who in here.items():
        x, y = _trail_xy(min(max(i, 0), D.TRAIL_SUMMIT))
        for k, s in enumerate(who):
            st = styles[s]
            cy = y - 27 - k * 22
            out.append(f'<g class="mp-scout" data-seat="{s}" data-step="{i}"'
                       f'{_move_attrs((arrivals or {}).get(s))}>'
                       f'<title>Scout of {_e(_who(st))} on step {i}</title>'
                       f'{_badge(st, x, cy, 10.5)}</g>')
    out.append("</svg>")
    return "".join(out)


# =================================================================================================
# Time track, moon tiles, sun tile
# =================================================================================================

TIME_W, TIME_H = 300, 160
MOON_ICON = {"corn": "corn", "llama": "llama", "coca": "coca", "pottery": "pottery",
             "cloth": "cloth", "trail2": "step", "trail3": "step"}


def _moon_tile_art(tid: str, cx: float, cy: float) -> str:
    _, corn, _good, steps = D.MOON_TILES[D.MOON_INDEX[tid]]
    art = [f'<circle class="mp-moon-tile" cx="{_n(cx)}" cy="{_n(cy)}" r="17"/>']
    if corn or steps:
        art.append(_icon_at(MOON_ICON[tid], cx - 13, cy - 9, 17))
        art.append(f'<text class="mp-moon-num" x="{_n(cx + 8)}" y="{_n(cy + 5)}" '
                   f'text-anchor="middle">{"+" if steps else ""}{corn or steps}</text>')
    else:
        art.append(_icon_at(MOON_ICON[tid], cx - 10, cy - 10, 20))
    return "".join(art)


def _moon_tip(tid: str) -> str:
    _, corn, good, steps = D.MOON_TILES[D.MOON_INDEX[tid]]
    if corn:
        return f"Moon tile: {corn} corn, free."
    if steps:
        return f"Moon tile: {steps} steps on the Incatrail."
    return f"Moon tile: 1 {D.GOODS[good]}, for 1 corn when it pays out."


def time_svg(view: dict, seats: Optional[Sequence[dict]] = None,
             stays: Optional[Sequence[str]] = None, hinted: Optional[str] = None) -> str:
    """Days 1-9 with the time marker, corn on the moons, moon tiles on the board, the sun tile.

    `seats` is optional: with it, holders of taken tiles and of the sun tile show their badge.
    `stays`: the moon tiles the person deciding may take now; only those are buttons (a Tab
    stop each), the others are pictures with their name; `hinted`: the tile a hint on screen
    suggests (a dashed ring, said in its name).
    """
    stays = set(stays or ())
    styles = _styles(seats, view)
    day, last = view["day"], view.get("last_day", D.LAST_DAY)
    start = view.get("start_day", 1)
    corn_moons = set(view.get("time_track_corn", ()))
    taken_today = min(view.get("tiles_today", 0), D.MOON_TILES_TO_END_DAY)
    out = [f'<svg class="mp-panel mp-time" xmlns="http://www.w3.org/2000/svg" '
           f'viewBox="0 0 {TIME_W} {TIME_H}" role="group" aria-label="Days and moon tiles">',
           f'<rect class="mp-panel-bg mp-night" x=".6" y=".6" width="{TIME_W - 1.2}" '
           f'height="{TIME_H - 1.2}" rx="10"/>',
           f'<text class="mp-panel-title mp-on-dark" x="10" y="19">Day {day} of {last}</text>',
           f'<text class="mp-panel-note mp-on-dark" x="10" y="47">{taken_today} of '
           f'{D.MOON_TILES_TO_END_DAY} moon tiles taken today</text>']
    # Sun tile, top right.
    holder = view.get("sun_tile")
    if holder is None:
        tip = "Sun tile: still in the sky; whoever takes the third moon tile of the day takes it."
        label, extra = "in the sky", ""
    else:
        tip = f"Sun tile: {_who(styles[holder])} took the third moon tile and starts the next day."
        label, extra = "starts next day", _badge(styles[holder], TIME_W - 132, 20, 8.5)
    out.append(f'<g class="mp-sun-tile" data-sun="{"" if holder is None else holder}">'
               f'<title>{_e(tip)}</title><rect class="mp-sun-holder" x="{TIME_W - 146}" y="6" '
               f'width="138" height="28" rx="14"/>{_icon_at("sun", TIME_W - 34, 8, 24)}{extra}'
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
            tip = (f"After day {dday}: 1 corn for the last player of that day" if has
                   else f"After day {dday}: no corn here (taken, or before the first day)")
            out.append(f'<g class="mp-moon-slot" data-moon="{dday}" data-corn="{int(has)}">'
                       f'<title>{_e(tip)}</title>'
                       f'{_icon_at("moon", mx - 6, y - 6, 12)}'
                       + (_icon_at("corn", mx - 7, y - 27, 14) if has else "") + "</g>")
        cls = "mp-day"
        if dday < start:
            cls += " mp-day-unused"
        elif dday < day:
            cls += " mp-day-past"
        if dday == day:
            cls += " mp-day-now"
        tip = f"Day {dday}" + (": today" if dday == day else "") + (
            " (skipped with this many players)" if dday < start else "")
        out.append(f'<g class="{cls}" data-day="{dday}"><title>{_e(tip)}</title>'
                   f'<circle cx="{cx}" cy="{y}" r="{12 if dday == day else 10}"/>'
                   f'<text x="{cx}" y="{y}" dy=".36em" text-anchor="middle">{dday}</text></g>')
        if dday == day:
            out.append(f'<g class="mp-time-marker"><title>Time marker: day {day}</title>'
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
                tip = "Stay and take this tile. " + tip
            if live and hinted == tid:
                tip += " The hint suggests it."
            ring = (f'<rect class="mp-ring-hint" x="{_n(cx - 19.5)}" y="{ty - 21}" width="39" '
                    f'height="42" rx="8"/>' if live and hinted == tid else "")
            out.append(f'<g class="mp-tile-moon{" mp-stay" if live else ""}'
                       f'{" mp-hinted" if live and hinted == tid else ""}" data-tile="{tid}" '
                       f'{role} aria-label="{_e(tip)}"><title>{_e(tip)}</title>'
                       f'<rect class="mp-hit" x="{_n(cx - 20.5)}" y="{ty - 22}" width="41" '
                       f'height="44" rx="8"/>{_moon_tile_art(tid, cx, ty)}{ring}</g>')
        else:
            s = holders.get(tid)
            tip = _moon_tip(tid) + (f" Taken by {_who(styles[s])}." if s is not None else " Taken.")
            out.append(f'<g class="mp-tile-moon-gone" data-taken="{tid}"><title>{_e(tip)}</title>'
                       f'<circle class="mp-moon-empty" cx="{_n(cx)}" cy="{ty}" r="17"/>'
                       + (_badge(styles[s], cx, ty, 8.5) if s is not None else "") + "</g>")
    out.append("</svg>")
    return "".join(out)


# =================================================================================================
# Sacrifice cards
# =================================================================================================

ICON_MEANING = {
    "corn": "Farmer (Inca in the Corn Terraces)",
    "llama": "Shepherd (Inca in the Llama Meadow)",
    "coca": "Coca Planter (Inca in the Coca Plantation)",
    "pottery": "Potter (Inca in the Potters' Quarter)",
    "cloth": "Weaver (Inca in the Weavers' Quarter)",
    "condor": "Condor priest",
    "puma": "Puma priest",
    "sun": "Virgin of the Sun",
}


@lru_cache(maxsize=None)
def card_svg(card_name: str, *, small: bool = False) -> str:
    """A sacrifice card's face: its two icons and its gold, with a tooltip on what it scores."""
    idx = D.CARD_INDEX.get(card_name)
    if idx is None:
        raise ValueError(f"no sacrifice card {card_name!r}")
    a, b = (D.ICONS[i] for i in D.CARDS[idx])
    gold = D.CARD_GOLD[idx]
    tip = (f"Sacrifice card {a}-{b}. At the end: 1 VP per {ICON_MEANING[a]} you have and 1 VP per "
           f"{ICON_MEANING[b]} you have. Gold {gold}: counts only if the Spanish conquer.")
    w, h = (44, 62) if small else (64, 90)
    return (f'<svg class="mp-card{" mp-card-small" if small else ""}" '
            f'xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 64 90" '
            f'role="img" aria-label="{_e(tip)}" data-card="{_e(card_name)}"><title>{_e(tip)}</title>'
            '<rect class="mp-card-face" x="1.5" y="1.5" width="61" height="87" rx="7"/>'
            '<rect class="mp-card-inner" x="6" y="22" width="52" height="62" rx="4"/>'
            f'{_icon_at("gold", 33, 3, 16)}<text class="mp-card-gold" x="50" y="16">{gold}</text>'
            f'{_icon_at(a, 18, 25, 28)}{_icon_at(b, 18, 54, 28)}</svg>')
