"""Hotseat: whose eyes the screen is for, and when it must be hidden first.

The screen shows the game as one seat sees it (its own cards on screen). With two or more human
players sharing the device, a person's private view is on screen only while that person decides:
the moment their decision is done and someone else (a bot or another person) is to decide, the
public view replaces it, and it comes back only for its owner, after a hide screen ("Pass to
NAME"). A bot's cards are never shown before the end; at the end every hand is public.
"""

from __future__ import annotations

from typing import Optional, Sequence


def humans(seats: Sequence[dict]) -> list[int]:
    return [i for i, s in enumerate(seats) if s["type"] == "human"]


def wanted_viewer(seats: Sequence[dict], to_move: Optional[int], holder: Optional[int],
                  deciders: Sequence[int] = ()) -> Optional[int]:
    """The human whose view the screen should show now (None: the public view).

    The human deciding now; while a bot decides, the one human of a game against bots, and
    nobody (the public view) when several people share the device."""
    people = humans(seats)
    if not people:
        return None
    if to_move is not None and seats[to_move]["type"] == "human":
        return to_move
    if len(people) == 1:
        return people[0]
    return None


def screen_plan(seats: Sequence[dict], to_move: Optional[int], holder: Optional[int],
                over: bool, deciders: Sequence[int] = (),
                veiled: bool = False) -> tuple[Optional[int], Optional[int]]:
    """(seat to render, seat to pass the device to first or None).

    `holder`: the person who last had the screen; `veiled`: someone else (a bot) has decided
    since, with the public view on screen, so even the holder passes the hide screen again.
    While the pass screen shows, the page renders the public view behind it."""
    if over:
        return None, None
    want = wanted_viewer(seats, to_move, holder, deciders)
    if want is None:
        return None, None
    if len(humans(seats)) == 1:
        return want, None
    if want != holder or veiled:
        return None, want
    return want, None
