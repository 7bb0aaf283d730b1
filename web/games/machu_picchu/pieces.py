"""What the drawings share about the players' pieces: seat styles, a seat in words, a slide-in."""

from __future__ import annotations

from typing import Optional, Sequence

from kit.seats import SeatStyle, seat_style
from kit.svg import esc as _e, isolate, num as _n


def _seat_style(seats: Optional[Sequence[dict]], view: Optional[dict], i: int) -> SeatStyle:
    """Seat i's style; its name from `seats`, else from the view."""
    players = view.get("players", ()) if view is not None else ()
    return seat_style(seats, i, players[i].get("name") if i < len(players) else None)


def seat_styles(seats: Optional[Sequence[dict]], view: dict) -> list[SeatStyle]:
    """Every seat's style, in seat order; names from `seats`, else from the view."""
    return [_seat_style(seats, view, i) for i in range(len(view["players"]))]


def seat_label(st: SeatStyle) -> str:
    """A seat in words, for titles: its player's name and its letter."""
    return f"{isolate(st.name)} ({st.letter})"      # the name never reorders the words after it


def move_attrs(move: Optional[tuple]) -> str:
    """The attributes that make the page slide a piece in (shell/motion.py): (key, dx, dy)."""
    if not move:
        return ""
    key, dx, dy = move
    return f' data-move-key="{_e(key)}" data-move-from="{_n(dx)} {_n(dy)}"'
