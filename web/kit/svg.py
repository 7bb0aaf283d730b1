"""Small SVG/HTML helpers every game's views use: escaping, numbers, fitted text, curved arrows.

Pure functions returning markup strings; every text put into markup goes through `esc`.
"""

from __future__ import annotations

import re
from html import escape
from typing import Any, Optional, Sequence

FONT_PX = 6.6   # average advance of an 11.5 px bold label, for fitting names into bands


def esc(value: Any) -> str:
    """Text (or anything, as text) made safe for HTML/SVG content and quoted attributes."""
    return escape(str(value), quote=True)


# --- player names: isolated from the text around them ------------------------------------------
# A name written right to left, or holding an unterminated direction override (U+202E), must not
# reorder the words after it: in HTML a name sits in <bdi>; in SVG text and in attributes (titles,
# labels), where no element can hold it, between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE.

def isolate(text: Any) -> str:
    """`text` between U+2068 and U+2069: the plain-text <bdi> (SVG, titles, aria-labels)."""
    return "\u2068" + str(text) + "\u2069"


def bdi(name: Any) -> str:
    """A player's name as HTML: escaped, in <bdi>."""
    return f"<bdi>{esc(name)}</bdi>"


def text_html(text: Any, names: Sequence[str]) -> str:
    """Text that may hold player names (a log line, a message) escaped, each name in <bdi>."""
    text = str(text)
    found = sorted({n for n in names if isinstance(n, str) and n and n in text}, key=len, reverse=True)
    if not found:
        return esc(text)
    parts = re.split("(" + "|".join(map(re.escape, found)) + ")", text)
    return "".join(bdi(part) if k % 2 else esc(part) for k, part in enumerate(parts))


def num(x: float) -> str:
    """A coordinate: integers stay integers, others keep one decimal."""
    r = round(x, 1)
    return str(int(r)) if r == int(r) else str(r)


def plural(n: int, word: str, many: Optional[str] = None) -> str:
    """'1 card', '3 cards' ('many' when the plural is not word + 's')."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


def luminance(hex_colour: str) -> float:
    """Relative luminance (WCAG) of '#rgb' or '#rrggbb', 0 (black) to 1 (white)."""
    h = hex_colour.lstrip("#")
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    r, g, b = (int(h[i:i + 2], 16) / 255 for i in (0, 2, 4))
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def fit_text(text: str, x: float, y: float, width: float, cls: str, anchor: str = "middle",
             px: float = FONT_PX) -> str:
    """A text element, squeezed (textLength) only when its estimated width exceeds `width`."""
    fit = ""
    if len(text) * px > width:
        fit = f' textLength="{num(width)}" lengthAdjust="spacingAndGlyphs"'
    return (f'<text class="{cls}" x="{num(x)}" y="{num(y)}" text-anchor="{anchor}"{fit}>'
            f'{esc(text)}</text>')


def curved_arrow(start: tuple[float, float], end: tuple[float, float], bend: float,
                 cut: float = 26.0) -> tuple[str, str, tuple[float, float]]:
    """A curved arrow from `start` to `end`, both ends cut short by up to `cut` (the markers
    there stay visible), bent `bend` units to the left of its direction.

    Returns (the curve's path data, the arrow head's polygon points, the curve's middle)."""
    (x1, y1), (x2, y2) = start, end
    dx, dy = x2 - x1, y2 - y1
    length = max(1.0, (dx * dx + dy * dy) ** 0.5)
    ux, uy = dx / length, dy / length
    cut = min(cut, length / 3)
    sx, sy, ex, ey = x1 + ux * cut, y1 + uy * cut, x2 - ux * cut, y2 - uy * cut
    cx, cy = (x1 + x2) / 2 - uy * bend, (y1 + y2) / 2 + ux * bend
    tx, ty = ex - cx, ey - cy                       # the curve's direction where it ends
    tl = max(1.0, (tx * tx + ty * ty) ** 0.5)
    tx, ty = tx / tl, ty / tl
    head = " ".join(f"{num(x)},{num(y)}" for x, y in (
        (ex, ey), (ex - 11 * tx - 5.5 * ty, ey - 11 * ty + 5.5 * tx),
        (ex - 11 * tx + 5.5 * ty, ey - 11 * ty - 5.5 * tx)))
    middle = ((sx + 2 * cx + ex) / 4, (sy + 2 * cy + ey) / 4)
    return f"M{num(sx)} {num(sy)}Q{num(cx)} {num(cy)} {num(ex)} {num(ey)}", head, middle
