"""What every game of this home shares, written once: the contract of an engine (`protocol`), errors with
short messages, bounded JSON, saves (seed + options + actions) and their replay, events, the bot
framework and the registry of games.

Games live beside this package (`machu_picchu`, `incan_gold`); this package never imports a game
by name except through the registry's table (`registry.GAME_MODULES`).
"""

from __future__ import annotations

from .errors import IllegalAction, InvalidAction, SaveError, quote
from .events import Event

__all__ = ["Event", "IllegalAction", "InvalidAction", "SaveError", "quote"]
