"""Seat styles for up to 8 seats: a colour, a shape and a letter each, so that seats are told
apart without colour (shape and letter alone differ); markers and badges drawn in SVG.

A page seat (as the shell stores it) names its style by index: {"name", "type", "level",
"style": k}. `style_seats` turns those into what the views take: {"name", "colour", "letter",
"shape"}. `seat_style` reads such a dict defensively and returns a `SeatStyle`.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple, Optional, Sequence

from .svg import esc, isolate, luminance, num

SEAT_STYLES: list[dict] = [
    {"colour": "#c0392b", "letter": "A", "shape": "circle", "name": "Red"},
    {"colour": "#2463b0", "letter": "B", "shape": "square", "name": "Blue"},
    {"colour": "#e5b311", "letter": "C", "shape": "triangle", "name": "Yellow"},
    {"colour": "#2e8b57", "letter": "D", "shape": "diamond", "name": "Green"},
    {"colour": "#7d4fa8", "letter": "E", "shape": "hexagon", "name": "Purple"},
    {"colour": "#e07a1f", "letter": "F", "shape": "star", "name": "Orange"},
    {"colour": "#4d4d4d", "letter": "G", "shape": "down", "name": "Grey"},
    {"colour": "#e377c2", "letter": "H", "shape": "cross", "name": "Pink"},
]
SHAPES = tuple(s["shape"] for s in SEAT_STYLES)
MAX_SEATS = len(SEAT_STYLES)
_HEX = re.compile(r"^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")


class SeatStyle(NamedTuple):
    """How one seat is drawn (unsafe values already replaced); `ink` suits text on `colour`."""

    name: str
    colour: str
    letter: str
    shape: str
    ink: str


def style_seats(seats: Sequence[dict]) -> list[dict]:
    """Page seats ({"name", "style": k, ...}) -> what the views take as `seats`: each seat's
    colour/letter/shape, its colour's name and its player's name."""
    out = []
    for s in seats:
        style = dict(SEAT_STYLES[s["style"] % MAX_SEATS])
        style["colour_name"] = style["name"]
        style["name"] = s["name"]
        out.append(style)
    return out


def seat_style(seats: Optional[Sequence[dict]], i: int, fallback_name: Optional[str] = None) -> SeatStyle:
    """Seat i's style from a `style_seats` list (or None: the defaults), unsafe values replaced."""
    default = SEAT_STYLES[i % MAX_SEATS]
    given = seats[i] if seats is not None and i < len(seats) and isinstance(seats[i], dict) else {}
    colour = given.get("colour", default["colour"])
    if not isinstance(colour, str) or not _HEX.match(colour):
        colour = default["colour"]
    letter = given.get("letter", default["letter"])
    letter = str(letter).strip()[:2] if letter is not None and str(letter).strip() else default["letter"]
    shape = given.get("shape", default["shape"])
    if shape not in SHAPES:
        shape = default["shape"]
    name = given.get("name") or fallback_name or default["name"]
    ink = "#1b1b1b" if luminance(colour) > 0.30 else "#ffffff"
    return SeatStyle(str(name), colour, letter, shape, ink)


def _polygon(points, attrs: str) -> str:
    return f'<polygon points="{" ".join(f"{num(x)},{num(y)}" for x, y in points)}" {attrs}/>'


@lru_cache(maxsize=None)
def shape_svg(shape: str, r: float, colour: str, stroke: str = "#1a1a1a") -> str:
    """A seat's shape centred on the origin, `r` its nominal radius."""
    sw = num(max(1.0, r / 7))
    attrs = f'fill="{colour}" stroke="{stroke}" stroke-width="{sw}" stroke-linejoin="round"'
    if shape == "square":
        a = r * 0.9
        return (f'<rect x="{num(-a)}" y="{num(-a)}" width="{num(2 * a)}" height="{num(2 * a)}" '
                f'rx="{num(r * 0.18)}" {attrs}/>')
    if shape == "triangle":
        return _polygon(((0, -1.32 * r), (1.25 * r, 0.9 * r), (-1.25 * r, 0.9 * r)), attrs)
    if shape == "down":
        return _polygon(((0, 1.32 * r), (1.25 * r, -0.9 * r), (-1.25 * r, -0.9 * r)), attrs)
    if shape == "diamond":
        return _polygon(((0, -1.22 * r), (1.22 * r, 0), (0, 1.22 * r), (-1.22 * r, 0)), attrs)
    if shape == "hexagon":
        k = 1.08 * r
        return _polygon(((k, 0), (k / 2, k * 0.866), (-k / 2, k * 0.866), (-k, 0),
                         (-k / 2, -k * 0.866), (k / 2, -k * 0.866)), attrs)
    if shape == "star":
        import math
        pts = []
        for j in range(10):
            rad = 1.25 * r if j % 2 == 0 else 0.68 * r
            a = -math.pi / 2 + j * math.pi / 5
            pts.append((rad * math.cos(a), rad * math.sin(a)))
        return _polygon(pts, attrs)
    if shape == "cross":
        a, b = 1.12 * r, 0.5 * r
        return _polygon(((-b, -a), (b, -a), (b, -b), (a, -b), (a, b), (b, b), (b, a), (-b, a),
                         (-b, b), (-a, b), (-a, -b), (-b, -b)), attrs)
    return f'<circle r="{num(r)}" {attrs}/>'


@lru_cache(maxsize=None)
def badge_at_origin(shape: str, colour: str, letter: str, ink: str, r: float) -> str:
    """The shape with the seat's letter on it, centred on the origin."""
    dy = {"triangle": 0.22 * r, "down": -0.22 * r}.get(shape, 0)
    fs = r * (1.02 if shape in ("triangle", "down", "diamond", "star", "cross") else 1.22)
    if len(letter) > 1:
        fs *= 0.78
    return (f'{shape_svg(shape, r, colour)}<text class="seat-mark-letter" y="{num(dy)}" dy=".36em" '
            f'font-size="{num(fs)}" fill="{ink}">{esc(letter)}</text>')


def badge(st: SeatStyle, x: float, y: float, r: float) -> str:
    """The seat's badge (shape + letter) centred on (x, y)."""
    return (f'<g transform="translate({num(x)} {num(y)})">'
            f'{badge_at_origin(st.shape, st.colour, st.letter, st.ink, r)}</g>')


def seat_marker(st: SeatStyle, x: float, y: float, r: float, *, letter: bool = False) -> str:
    """A seat's shape centred on (x, y), with its letter when `letter`."""
    if letter:
        return badge(st, x, y, r)
    return f'<g transform="translate({num(x)} {num(y)})">{shape_svg(st.shape, r, st.colour)}</g>'


def seat_badge(seats: Optional[Sequence[dict]], seat: int, size: int = 18) -> str:
    """The seat's shape and letter in its colour, as a standalone inline SVG with its name."""
    st = seat_style(seats, seat)
    return (f'<svg class="seat-mark" xmlns="http://www.w3.org/2000/svg" width="{size}" '
            f'height="{size}" viewBox="-12 -12 24 24" role="img" aria-label="{esc(isolate(st.name))}">'
            f'<title>{esc(isolate(st.name))}</title>'
            f'{badge_at_origin(st.shape, st.colour, st.letter, st.ink, 9.4)}</svg>')
