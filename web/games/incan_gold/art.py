"""Original art of Incan Gold's pieces, as SVG fragments in a 24-unit box: hazards, artifact,
gems, torch, camp, tent. Every piece has its own outline, so none is told apart by colour alone.
"""

from __future__ import annotations

from functools import lru_cache

from .look import e, n

HAZARDS = ("spiders", "snakes", "mummies", "fire", "rockfall")
GEM_VALUES = (("gold", 10), ("obsidian", 5), ("turquoise", 1))   # the fewest gems for a sum

ART: dict[str, str] = {
    "spiders": (
        '<g stroke="#2b1d14" stroke-width="1.4" fill="none" stroke-linecap="round">'
        '<path d="M9 11 3 7 2 3M9 13 2 12 1 9M9 14 3 18 2 22M10 15 6 21"/>'
        '<path d="M15 11 21 7 22 3M15 13 22 12 23 9M15 14 21 18 22 22M14 15 18 21"/></g>'
        '<ellipse cx="12" cy="15" rx="4" ry="5" fill="#3a2a1e"/><circle cx="12" cy="8.6" r="3" fill="#3a2a1e"/>'
        '<circle cx="11" cy="8" r=".8" fill="#f55"/><circle cx="13" cy="8" r=".8" fill="#f55"/>'
        '<path d="M12 12v5" stroke="#c0392b" stroke-width="1.2"/>'
    ),
    "snakes": (
        '<path d="M4 20c4 3 9 1 8-3s-8-3-7-7 6-5 10-3" fill="none" stroke="#2f6b2f" stroke-width="3.4" '
        'stroke-linecap="round"/>'
        '<path d="M4 20c4 3 9 1 8-3s-8-3-7-7 6-5 10-3" fill="none" stroke="#b9d96b" stroke-width="1" '
        'stroke-dasharray="1.5 2.5" stroke-linecap="round"/>'
        '<ellipse cx="17.5" cy="6.5" rx="3.6" ry="2.6" fill="#2f6b2f"/><circle cx="18.4" cy="5.8" r=".7" fill="#fff"/>'
        '<path d="M21 7l2.4 .4M21 7l2 1.6" stroke="#c0392b" stroke-width=".8"/>'
    ),
    "mummies": (
        '<path d="M7 22V9a5 5 0 0 1 10 0v13z" fill="#e9e0c8" stroke="#5d5140" stroke-width="1.1"/>'
        '<path d="M7 11.5l10-1.6M7 15l10 1M7 18.4l10-1.4M7 21l6-1" stroke="#9d917a" stroke-width="1"/>'
        '<rect x="9" y="7" width="6" height="2.4" rx="1" fill="#2b2118"/>'
        '<circle cx="10.6" cy="8.2" r=".7" fill="#f2c14e"/><circle cx="13.4" cy="8.2" r=".7" fill="#f2c14e"/>'
    ),
    "fire": (
        '<path d="M12 1.8c1 4 5.6 6 5.6 11.6A5.6 5.6 0 0 1 12 22a5.6 5.6 0 0 1-5.6-6.2c.4-3 2.4-4 2.6-6.8'
        ' 1.4 1.4 1.8 3 1.6 4.4C12.8 11 13.6 6 12 1.8z" fill="#e4572e" stroke="#7a1e0a" stroke-width="1"/>'
        '<path d="M12 11.4c.6 2.6 3 3.4 3 6.2a3 3 0 0 1-6 0c0-1.6 1-2.4 1.4-3.8.8.6 1 1.4 1 2.2.8-1.4 1.2-2.8.6-4.6z"'
        ' fill="#f7c548"/>'
    ),
    "rockfall": (
        '<path d="M2 22l3-7 5-1 3 4-1 4z" fill="#8e8677" stroke="#3b352c" stroke-width="1"/>'
        '<path d="M11 22l2-6 6-2 4 5-1 3z" fill="#a59d8d" stroke="#3b352c" stroke-width="1"/>'
        '<path d="M8 9l3-6 5 1 1 5-4 3z" fill="#776f61" stroke="#3b352c" stroke-width="1"/>'
        '<path d="M15 11l1 1.6M6 12.6l-1.4 1M18.4 9.6l1.6-1" stroke="#3b352c" stroke-width="1.1"/>'
    ),
    "artifact": (
        '<path d="M8 2h8l-1 3h3l-2 4h2l-3 5v3l3 5H6l3-5v-3L6 9h2L6 5h3z" fill="#e8b931" stroke="#6e4c06" '
        'stroke-width="1.1" stroke-linejoin="round"/>'
        '<circle cx="10.4" cy="8.6" r="1" fill="#6e4c06"/><circle cx="13.6" cy="8.6" r="1" fill="#6e4c06"/>'
        '<path d="M10 12h4" stroke="#6e4c06" stroke-width="1.2"/>'
    ),
    "turquoise": '<circle cx="12" cy="12" r="8" fill="#3cb6b0" stroke="#0f4f4c" stroke-width="1.6"/>'
                 '<circle cx="9.4" cy="9.4" r="2.2" fill="#bdf0ec"/>',
    "obsidian": '<path d="M12 2.5 21 9l-3.4 11H6.4L3 9z" fill="#2d2a33" stroke="#000" stroke-width="1.4"/>'
                '<path d="M12 2.5 9 10l3 10M9 10H3m6 0h12" stroke="#77717f" stroke-width="1" fill="none"/>',
    "gold": '<path d="M3 9h18l-3 10H6z" fill="#f0c419" stroke="#6e4c06" stroke-width="1.5"/>'
            '<path d="M6 9l2-4h8l2 4" fill="#f7dc6f" stroke="#6e4c06" stroke-width="1.5"/>',
    "torch": (
        '<path d="M10.4 12h3.2l-1 11h-1.2z" fill="#8a5a2b" stroke="#3e2610" stroke-width="1"/>'
        '<rect x="9.4" y="10.4" width="5.2" height="2.6" rx=".6" fill="#5b3a1a"/>'
        '<path d="M12 1c.6 3 4 4 4 7a4 4 0 0 1-8 0c0-1.8 1.2-2.4 1.6-4 .8.8 1 1.6 1 2.4C11.6 5 12.4 3 12 1z"'
        ' fill="#f08a24" stroke="#8a3c00" stroke-width=".9"/>'
    ),
    "camp": (
        '<path d="M12 3 2 21h20z" fill="#d9a55b" stroke="#5a3a12" stroke-width="1.4" stroke-linejoin="round"/>'
        '<path d="M12 8 7.4 21h9.2z" fill="#5a3a12"/><path d="M12 3v-1.5M12 3l-2-2" stroke="#5a3a12"/>'
    ),
    "tent": (
        '<path d="M12 4 3 20h18z" fill="#c98d45" stroke="#4d300c" stroke-width="1.4" stroke-linejoin="round"/>'
        '<path d="M12 4v16" stroke="#4d300c" stroke-width="1.2"/>'
    ),
    "tent-hidden": (
        '<path d="M12 4 3 20h18z" fill="#a8a096" stroke="#3f3a33" stroke-width="1.4" stroke-linejoin="round"/>'
        '<path d="M12 4v16" stroke="#3f3a33" stroke-width="1.2"/>'
        '<rect x="9.6" y="12.6" width="4.8" height="3.8" rx=".6" fill="#3f3a33"/>'
        '<path d="M10.6 12.6v-1.4a1.4 1.4 0 0 1 2.8 0v1.4" fill="none" stroke="#3f3a33" stroke-width="1"/>'
    ),
}


def _fixed(width: float, height: float) -> str:
    """An inline size for a small inline SVG: a page rule sizing every svg of a region (the
    shell's `.board svg { width: 100% }`) must not blow an icon up to the region's width."""
    return f'style="display:inline-block;width:{n(width)}px;height:{n(height)}px"'


def art_at(name: str, x: float, y: float, size: float) -> str:
    """A piece's art with its 24-unit box at (x, y), `size` units wide (inside an SVG)."""
    return f'<g transform="translate({n(x)} {n(y)}) scale({size / 24:.4g})">{ART[name]}</g>'


@lru_cache(maxsize=None)
def icon(name: str, label: str, size: int = 20) -> str:
    """A standalone inline SVG icon named for screen readers (`label` is already escaped text)."""
    return (f'<svg class="ig-icon ig-icon-{e(name)}" xmlns="http://www.w3.org/2000/svg" width="{size}" '
            f'height="{size}" {_fixed(size, size)} viewBox="0 0 24 24" role="img" aria-label="{label}">'
            f'<title>{label}</title>{ART[name]}</svg>')


@lru_cache(maxsize=None)
def icon_deco(name: str, size: int = 20) -> str:
    """A standalone inline SVG icon beside the words it stands for (hidden from readers)."""
    return (f'<svg class="ig-icon ig-icon-{e(name)}" xmlns="http://www.w3.org/2000/svg" width="{size}" '
            f'height="{size}" {_fixed(size, size)} viewBox="0 0 24 24" aria-hidden="true">{ART[name]}</svg>')


def gem_split(value: int) -> list[tuple[str, int]]:
    """A number of gems as the fewest stones: 17 -> [("gold", 1), ("obsidian", 1), ("turquoise", 2)]."""
    out = []
    value = max(0, int(value))
    for name, worth in GEM_VALUES:
        count, value = divmod(value, worth)
        if count:
            out.append((name, count))
    return out


def gem_pile(value: int, x: float, y: float, width: float, size: float = 8.0) -> str:
    """Up to a row of stones for `value` gems starting at (x, y) inside an SVG (decorative: the
    number beside it is what players read); more stones than fit are left out."""
    out = []
    step = size * 0.9
    fit = max(1, int(width // step))
    k = 0
    for name, count in gem_split(value):
        for _ in range(count):
            if k >= fit:
                return "".join(out)
            out.append(art_at(name, x + k * step, y, size))
            k += 1
    return "".join(out)


def gems_inline(value: int, size: int = 14) -> str:
    """Stones for `value` gems as inline SVG (decorative, hidden from readers), at most 6 shown."""
    stones = [name for name, count in gem_split(value) for _ in range(count)][:6]
    if not stones:
        return ""
    w = size * (0.8 * len(stones) + 0.2)
    inner = "".join(art_at(name, i * size * 0.8, 0, size) for i, name in enumerate(stones))
    return (f'<svg class="ig-gems" aria-hidden="true" xmlns="http://www.w3.org/2000/svg" '
            f'width="{n(w)}" height="{size}" {_fixed(w, size)} viewBox="0 0 {n(w)} {size}">{inner}</svg>')


# --- the home screen's picture ------------------------------------------------------------------
# Where the path's cards lie, from the temple's door down to the camp ((x, y) of a card's corner,
# what it shows), and where the explorers stand on it (one spot a seat, in seat order).
_PATH_CARDS = ((394, 338, "turquoise"), (326, 362, "snakes"), (258, 386, "artifact"),
               (190, 410, "gold"), (122, 434, "spiders"))
_EXPLORERS = ((452, 352), (384, 440), (316, 464), (500, 404), (248, 488), (182, 500), (548, 456), (114, 516))
_CARD_W, _CARD_H = 54, 76


def _picture_card(x: float, y: float, what: str) -> str:
    hazard = what in HAZARDS
    fill, stroke = ("#fbe9e4", "#b3261e") if hazard else (("#fff4cf", "#b8860b") if what == "artifact"
                                                          else ("#fdf7e8", "#2d6fb5"))
    dash = ' stroke-dasharray="6 2"' if hazard else ""
    return (f'<g transform="rotate(-8 {n(x + _CARD_W / 2)} {n(y + _CARD_H / 2)})">'
            f'<rect x="{n(x)}" y="{n(y)}" width="{_CARD_W}" height="{_CARD_H}" rx="6" fill="{fill}" '
            f'stroke="{stroke}" stroke-width="3"{dash}/>{art_at(what, x + 9, y + 20, 36)}</g>')


def temple_picture(seat_markers: list, label: str) -> str:
    """Incan Gold's picture on the home screen (drawn by this project, no outside image): a
    stepped temple in the jungle, its dark door and a torch, a path of turned cards (gems, hazards,
    an artifact) down to the camp's tents, and one explorer for each seat of the new game
    (`seat_markers`: SVG fragments, each centred on the origin). `label` is escaped text."""
    out = [f'<svg class="ig-preview" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 700 520" '
           f'role="img" aria-label="{label}">'
           '<rect width="700" height="520" rx="12" fill="#24482e"/>'
           # the jungle behind, the clearing in front
           '<g fill="#2f6b3c">'
           + "".join(f'<ellipse cx="{x}" cy="{y}" rx="{r}" ry="{r * 0.7:g}"/>'
                     for x, y, r in ((40, 90, 90), (150, 40, 80), (640, 70, 100), (560, 160, 70),
                                     (90, 230, 80), (690, 260, 70)))
           + '</g><path d="M0 318 Q 180 290 360 312 T 700 300 V520 H0Z" fill="#6f9a4f"/>'
           '<path d="M0 360 Q 200 340 420 356 T 700 350 V520 H0Z" fill="#86ab61"/>']
    # the temple: five steps of stone, the door in the lowest two
    for k in range(5):
        w = 380 - 64 * k
        y = 318 - 46 * (k + 1)
        out.append(f'<rect x="{n(430 - w / 2)}" y="{y}" width="{w}" height="46" '
                   f'fill="{"#b9a67e" if k % 2 else "#a8956c"}" stroke="#5d5140" stroke-width="2"/>')
    out.append('<rect x="408" y="60" width="44" height="28" fill="#8d7b5d" stroke="#5d5140" stroke-width="2"/>'
               '<path d="M402 60 l28 -20 28 20z" fill="#a8956c" stroke="#5d5140" stroke-width="2"/>'
               '<path d="M398 318 V262 a32 32 0 0 1 64 0 V318z" fill="#1b140e" stroke="#5d5140" stroke-width="3"/>'
               '<path d="M300 220 h-40 M600 220 h-40 M340 174 h-30 M550 174 h-30" stroke="#7d6c4f" stroke-width="3"/>')
    out.append(art_at("torch", 468, 240, 46))
    # the path of cards, then the camp
    out += [_picture_card(x, y, what) for x, y, what in _PATH_CARDS]
    out.append(art_at("tent", 560, 420, 84) + art_at("camp", 610, 452, 70) + art_at("tent", 470, 452, 62))
    out.append(gem_pile(17, 36, 478, 120, 22) + gem_pile(12, 600, 372, 80, 18))
    for (x, y), marker in zip(_EXPLORERS, seat_markers):
        out.append(f'<g transform="translate({x} {y - 22})">'
                   f'<ellipse cy="20" rx="14" ry="4" fill="#000" opacity=".25"/>{marker}</g>')
    out.append("</svg>")
    return "".join(out)
