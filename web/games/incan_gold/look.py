"""How seats are drawn in Incan Gold's views: the shared kit's seat styles (colour, shape and
letter for 8 seats, unsafe values replaced), with the player names of the game on screen.

`looks(view, seats, styles)` gives one `kit.seats.SeatStyle` (name, colour, letter, shape, ink)
per seat of the view; `badge` and `marker` draw one; `who` names one in HTML, isolated (<bdi>).
"""

from __future__ import annotations

from typing import Any, Optional, Sequence

from kit.seats import SeatStyle, badge_at_origin, seat_marker, seat_style
from kit.svg import esc as e, num as n

Look = SeatStyle

__all__ = ["Look", "badge", "e", "looks", "marker", "n", "who"]


def looks(view: dict, seats: Optional[Sequence[Any]] = None,
          styles: Optional[Sequence[Any]] = None) -> list[SeatStyle]:
    """One style per seat of the view: `styles` as the shell gives them (kit.seats.style_seats),
    else `seats`; names from those, else from the view."""
    source = styles if styles is not None else seats
    out = []
    for i, p in enumerate(view.get("players", ())):
        given = seats[i] if seats is not None and i < len(seats) and isinstance(seats[i], dict) else {}
        out.append(seat_style(source, i, fallback_name=given.get("name") or p.get("name")))
    return out


def marker(look: SeatStyle, x: float, y: float, r: float, *, letter: bool = False) -> str:
    """A seat's shape at (x, y) inside an SVG, with its letter when `letter`."""
    return seat_marker(look, x, y, r, letter=letter)


def badge(look: SeatStyle, size: int = 20) -> str:
    """A seat's shape and letter in its colour, as a standalone inline SVG named for readers."""
    return (f'<svg class="ig-badge" xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
            f'style="display:inline-block;width:{size}px;height:{size}px;flex:none" '
            f'viewBox="-12 -12 24 24" role="img" aria-label="{e(look.name)}"><title>{e(look.name)}</title>'
            f'{badge_at_origin(look.shape, look.colour, look.letter, look.ink, 9.4)}</svg>')


def who(look: SeatStyle) -> str:
    """A seat's name as HTML, isolated for right-to-left names."""
    return f"<bdi>{e(look.name)}</bdi>"
