"""`python -m incan_gold tournament ...`: the shared runner (tabletop.tournament) on this game.

Besides the levels, a seat may be one of the fixed rules players publish (bots.STYLES: cards5,
hazards2, gems10) or an outside strategist (strategists.STRATEGISTS: ev, the one-step
expected-value rule), to measure the bots against them:

    python -m incan_gold tournament --players 5 --games 200 --seats hard,cards5,cards5,cards5,cards5
"""

from __future__ import annotations

from typing import Any

from tabletop import tournament

from .data import GAME_ID

DEFAULT_SEATS = "hard,medium,medium,medium,medium"


def add_parser(subparsers: Any):
    from .bots import BOT_LEVELS, STYLES
    from .strategists import STRATEGISTS
    parser = tournament.add_parser(subparsers, GAME_ID, DEFAULT_SEATS)
    for action in parser._actions:
        if action.dest == "seats":
            action.help = (f"one bot per seat, comma-separated: a level ({', '.join(BOT_LEVELS)}) "
                           "or a fixed rule (" + "; ".join(f"{k}: {v}" for k, v in STYLES.items())
                           + ") or an outside strategist ("
                           + "; ".join(f"{k}: {v}" for k, v in STRATEGISTS.items()) + ")")
    return parser
