"""`python -m incan_gold tournament ...`: the shared runner (tabletop.tournament) on this game."""

from __future__ import annotations

from typing import Any

from tabletop import tournament

from .data import GAME_ID

DEFAULT_SEATS = "hard,medium,medium,medium,medium"


def add_parser(subparsers: Any):
    return tournament.add_parser(subparsers, GAME_ID, DEFAULT_SEATS)
