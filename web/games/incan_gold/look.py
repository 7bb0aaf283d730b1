"""Small drawing helpers of the Incan Gold views: escaping, numbers, seat looks and badges.

Seats read without colour: each has a colour, a shape and a letter. The shell passes its seat
styles in `ctx.styles` (objects or dicts with colour, letter, shape); anything missing or unsafe
falls back to SEAT_STYLES here.
"""

from __future__ import annotations

import re
from functools import lru_cache
from html import escape
from typing import Any, Optional, Sequence

# Eight seats: a colour, a shape and a letter each (temporary copy until the shared kit lands).
SEAT_STYLES: tuple[dict, ...] = (
    {"colour": "#c0392b", "letter": "A", "shape": "circle"},
    {"colour": "#2463b0", "letter": "B", "shape": "square"},
    {"colour": "#e5b311", "letter": "C", "shape": "triangle"},
    {"colour": "#2e8b57", "letter": "D", "shape": "diamond"},
    {"colour": "#7d4fa8", "letter": "E", "shape": "hexagon"},
    {"colour": "#e07a1f", "letter": "F", "shape": "star"},
    {"colour": "#4d4d4d", "letter": "G", "shape": "down"},
    {"colour": "#e377c2", "letter": "H", "shape": "cross"},
)
SHAPES = ("circle", "square", "triangle", "diamond", "hexagon", "star", "down", "cross", "pentagon")
_HEX = re.compile(r"^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")


def e(text: Any) -> str:
    """Text made safe for HTML content and attribute values."""
    return escape(str(text), quote=True)


def n(x: float) -> str:
    """A coordinate: integers stay integers, others keep one decimal."""
    r = round(x, 1)
    return str(int(r)) if r == int(r) else str(r)


def _luminance(hex_colour: str) -> float:
    h = hex_colour.lstrip("#")
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    r, g, b = (int(h[i:i + 2], 16) / 255 for i in (0, 2, 4))
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def _field(style: Any, key: str) -> Any:
    if isinstance(style, dict):
        return style.get(key)
    return getattr(style, key, None)


class Look(tuple):
    """(name, colour, letter, shape, ink) of one seat, every value safe to draw."""

    name = property(lambda self: self[0])
    colour = property(lambda self: self[1])
    letter = property(lambda self: self[2])
    shape = property(lambda self: self[3])
    ink = property(lambda self: self[4])


def seat_look(i: int, name: Any = None, style: Any = None) -> Look:
    """The look of seat `i`: the given style where it is safe, else the default of that seat."""
    default = SEAT_STYLES[i % len(SEAT_STYLES)]
    colour = _field(style, "colour") if style is not None else None
    if not isinstance(colour, str) or not _HEX.match(colour):
        colour = default["colour"]
    letter = _field(style, "letter") if style is not None else None
    letter = str(letter).strip()[:2] if letter is not None and str(letter).strip() else default["letter"]
    shape = _field(style, "shape") if style is not None else None
    if shape not in SHAPES:
        shape = default["shape"]
    name = str(name) if name not in (None, "") else f"Player {letter}"
    ink = "#1b1b1b" if _luminance(colour) > 0.30 else "#ffffff"
    return Look((name, colour, letter, shape, ink))


def looks(view: dict, seats: Optional[Sequence[Any]] = None,
          styles: Optional[Sequence[Any]] = None) -> list[Look]:
    """One look per seat of the view: names from `seats` (the shell's) or the view itself."""
    out = []
    for i, p in enumerate(view.get("players", ())):
        given = seats[i] if seats is not None and i < len(seats) else None
        name = _field(given, "name") if given is not None else None
        style = styles[i] if styles is not None and i < len(styles) else given
        out.append(seat_look(i, name if name not in (None, "") else p.get("name"), style))
    return out


@lru_cache(maxsize=None)
def shape_svg(shape: str, r: float, colour: str, stroke: str = "#1a1a1a") -> str:
    """A seat's shape centred on the origin, `r` its nominal radius."""
    sw = n(max(1.0, r / 7))
    attrs = f'fill="{colour}" stroke="{stroke}" stroke-width="{sw}" stroke-linejoin="round"'
    if shape == "square":
        a = r * 0.9
        return f'<rect x="{n(-a)}" y="{n(-a)}" width="{n(2 * a)}" height="{n(2 * a)}" rx="{n(r * .18)}" {attrs}/>'
    import math
    if shape == "triangle":
        pts = ((0, -1.32 * r), (1.25 * r, 0.9 * r), (-1.25 * r, 0.9 * r))
    elif shape == "down":
        pts = ((0, 1.32 * r), (1.25 * r, -0.9 * r), (-1.25 * r, -0.9 * r))
    elif shape == "diamond":
        pts = ((0, -1.22 * r), (1.22 * r, 0), (0, 1.22 * r), (-1.22 * r, 0))
    elif shape == "hexagon":
        k = 1.08 * r
        pts = tuple((k * math.cos(a * math.pi / 3), k * math.sin(a * math.pi / 3)) for a in range(6))
    elif shape == "pentagon":
        k = 1.12 * r
        pts = tuple((k * math.sin(a * 2 * math.pi / 5), -k * math.cos(a * 2 * math.pi / 5)) for a in range(5))
    elif shape == "star":
        k = 1.3 * r
        pts = tuple(((k if a % 2 == 0 else k * .5) * math.sin(a * math.pi / 5),
                     -(k if a % 2 == 0 else k * .5) * math.cos(a * math.pi / 5)) for a in range(10))
    elif shape == "cross":
        a, b = r * 1.05, r * 0.42
        pts = ((-b, -a), (b, -a), (b, -b), (a, -b), (a, b), (b, b), (b, a), (-b, a), (-b, b), (-a, b),
               (-a, -b), (-b, -b))
    else:
        return f'<circle r="{n(r)}" {attrs}/>'
    return f'<polygon points="{" ".join(f"{n(x)},{n(y)}" for x, y in pts)}" {attrs}/>'


def marker(look: Look, x: float, y: float, r: float, *, letter: bool = False) -> str:
    """A seat's shape at (x, y) in SVG, with its letter when `letter`."""
    inner = shape_svg(look.shape, r, look.colour)
    if letter:
        fs = r * (1.0 if look.shape in ("triangle", "down", "diamond", "star", "cross") else 1.2)
        dy = {"triangle": 0.22 * r, "down": -0.22 * r}.get(look.shape, 0)
        inner += (f'<text class="ig-badge-letter" y="{n(dy)}" dy=".36em" font-size="{n(fs)}" '
                  f'fill="{look.ink}">{e(look.letter)}</text>')
    return f'<g transform="translate({n(x)} {n(y)})">{inner}</g>'


def badge(look: Look, size: int = 20) -> str:
    """A seat's shape and letter in its colour, as a standalone inline SVG named for readers."""
    return (f'<svg class="ig-badge" xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
            f'viewBox="-12 -12 24 24" role="img" aria-label="{e(look.name)}"><title>{e(look.name)}</title>'
            f'{marker(look, 0, 0, 8.6, letter=True)}</svg>')


def who(look: Look) -> str:
    """A seat's name as HTML, isolated for right-to-left names."""
    return f"<bdi>{e(look.name)}</bdi>"
