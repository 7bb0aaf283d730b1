"""What a game is set up with (players, the learning variant, names): part of every save."""

from __future__ import annotations

from typing import Any, Optional

from tabletop.errors import quote

from . import data as D

MAX_NAME = 40   # characters of a player's name


class Options:
    """What a game is set up with; part of every save."""

    __slots__ = ("players", "learning", "names")

    def __init__(self, players: int, learning: bool = False, names: Optional[list[str]] = None):
        """ValueError (short message) for anything but 2-5 players, a bool `learning`, and None
        or a list/tuple of one name per player (text, 1-40 characters once stripped)."""
        if type(players) is not int or not D.MIN_PLAYERS <= players <= D.MAX_PLAYERS:
            raise ValueError(f"the game is for {D.MIN_PLAYERS} to {D.MAX_PLAYERS} players, "
                             f"not {quote(players)}")
        if type(learning) is not bool:
            raise ValueError(f"learning is true or false, not {quote(learning)}")
        if names is None:
            names = [f"Player {i + 1}" for i in range(players)]
        if (not isinstance(names, (list, tuple)) or len(names) != players
                or not all(isinstance(n, str) and 0 < len(n.strip()) <= MAX_NAME for n in names)):
            raise ValueError(f"names: one non-empty name (at most {MAX_NAME} characters) per player")
        self.players = players
        self.learning = learning
        self.names = [n.strip() for n in names]

    def to_dict(self) -> dict[str, Any]:
        return {"players": self.players, "learning": self.learning, "names": list(self.names)}

