"""How a game went, round by round, for the end screen's charts: each seat's tent after each
round, its artifacts, how each round ended. Tents are secret until the end: a page shows these
figures only once the game is over (or with open tents)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .game import Game


def game_stats(game: "Game") -> dict[str, Any]:
    """{"players": n, "rounds": [{"round", "end", "hazard", "tents": [per seat],
    "artifacts": [count per seat]}], "artifact_values": [[values] per seat]}, for the rounds
    played so far. ValueError for anything but a game."""
    from .game import Game
    if not isinstance(game, Game):
        raise ValueError("game_stats: an Incan Gold game")
    rounds = [{"round": r.round, "end": r.end.value, "hazard": r.hazard,
               "tents": list(r.tents), "artifacts": list(r.artifacts)}
              for r in game.rounds_done]
    return {"players": game.n, "rounds": rounds,
            "artifact_values": [list(a) for a in game.artifacts]}


def seat_measures(game: "Game") -> list[dict[str, int]]:
    """For the tournament report: per seat, the rounds it played, its lone busts (a second hazard
    while it was the only explorer inside) and the gems it lost with them, from the game's log."""
    from . import data as D
    from .kinds import Msg
    out = [{"rounds": D.ROUNDS if game.over else game.round, "lone_busts": 0, "lone_bust_gems": 0}
           for _ in range(game.n)]
    for msg, params in game.log:
        if msg == Msg.BUST and len(params["lost_seats"]) == 1:
            row = out[params["lost_seats"][0]]
            row["lone_busts"] += 1
            row["lone_bust_gems"] += params["n"]
    return out
