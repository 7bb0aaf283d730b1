"""The final score: gems in the tent plus the artifacts' values; most wealth wins, then most
artifacts; a tie on both is a shared win."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .game import Game


def score(game: "Game") -> dict[str, Any]:
    """{"winners": [seats], "reason": "rounds", "seats": [{"gems", "artifacts", "final"}]}
    where "artifacts" lists the values of the artifacts that seat carried out."""
    seats = [{"gems": game.tent[s], "artifacts": list(game.artifacts[s]),
              "final": game.tent[s] + sum(game.artifacts[s])} for s in range(game.n)]
    best = max((row["final"], len(row["artifacts"])) for row in seats)
    winners = [s for s, row in enumerate(seats) if (row["final"], len(row["artifacts"])) == best]
    return {"winners": winners, "reason": "rounds", "seats": seats}
