"""What a seat must not see of the others (the conformance suite's check, named by the registry
entry: `GameInfo.shown_secrets`)."""

from __future__ import annotations

from typing import Any, Optional


def shown_secrets(game: Any, viewer: Optional[int]) -> list[str]:
    """What `game.view(viewer)` shows of the other seats' secrets (none is right): another
    seat's cards (names, not counts), its summit draw and its score so far, until the end."""
    view = game.view(viewer)
    if view.get("over"):
        return []
    return [f"seat {seat}'s {key}" for seat, player in enumerate(view["players"]) if seat != viewer
            for key in ("hand", "drawn", "score_now") if key in player]
