"""How a game is set up: players, names and the two options. Part of every save."""

from __future__ import annotations

from typing import Any, Optional, Sequence

from tabletop.errors import quote

from . import data as D

MAX_NAME = 40
_DEFAULT_NAMES = {n: tuple(f"Player {i + 1}" for i in range(n))
                  for n in range(D.MIN_PLAYERS, D.MAX_PLAYERS + 1)}


class Options:
    """Validated set-up values (immutable by convention; shared between copies of a game)."""

    __slots__ = ("players", "diamant", "open_tents", "names")

    def __init__(self, players: int, diamant: bool = False, open_tents: bool = False,
                 names: Optional[Sequence[str]] = None) -> None:
        if (not isinstance(players, int) or isinstance(players, bool)
                or not D.MIN_PLAYERS <= players <= D.MAX_PLAYERS):
            raise ValueError(f"players: Incan Gold is for {D.MIN_PLAYERS} to {D.MAX_PLAYERS} "
                             f"players, not {quote(players)}")
        for key, value in (("diamant", diamant), ("open_tents", open_tents)):
            if not isinstance(value, bool):
                raise ValueError(f"{key}: true or false, not {quote(value)}")
        if names is None:
            names = _DEFAULT_NAMES[players]
        elif (not isinstance(names, (list, tuple)) or len(names) != players
                or not all(isinstance(n, str) and 0 < len(n.strip()) <= MAX_NAME for n in names)):
            raise ValueError(f"names: one non-empty name (at most {MAX_NAME} characters) "
                             f"per player")
        self.players = players
        self.diamant = diamant
        self.open_tents = open_tents
        self.names = (names if names is _DEFAULT_NAMES[players]
                      else tuple(str.__str__(n).strip() for n in names))

    def to_dict(self) -> dict[str, Any]:
        return {"players": self.players, "diamant": self.diamant,
                "open_tents": self.open_tents, "names": list(self.names)}

    @classmethod
    def from_dict(cls, data: Any) -> "Options":
        """Options from a save's "options" object; ValueError if anything is off."""
        if not isinstance(data, dict):
            raise ValueError("not an object")
        unknown = set(data) - {"players", "diamant", "open_tents", "names"}
        if unknown:
            raise ValueError(f"unknown option {quote(sorted(map(str, unknown))[0])}")
        return cls(data.get("players"), data.get("diamant", False),
                   data.get("open_tents", False), data.get("names"))
