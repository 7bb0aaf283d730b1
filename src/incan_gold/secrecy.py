"""What a seat must not see of the others (the conformance suite's check, named by the registry
entry: `GameInfo.shown_secrets`)."""

from __future__ import annotations

from typing import Any, Optional

from .kinds import Msg


def shown_secrets(game: Any, viewer: Optional[int]) -> list[str]:
    """What `game.view(viewer)` and its log show of the other seats' secrets (none is right):
    another seat's tent (unless tents are open, or the game is over), an unrevealed choice, and
    in the log any choice but the viewer's own (one "you chose" per choice it made)."""
    view = game.view(viewer)
    shown = []
    tents_open = view["options"]["open_tents"] or view["over"]
    for seat, player in enumerate(view["players"]):
        if seat != viewer and not tents_open and player["tent"] is not None:
            shown.append(f"seat {seat}'s tent")
    if (viewer is None or viewer not in view["chosen"]) and view["my_choice"] is not None:
        shown.append("a choice not the viewer's")
    log = game.log_for(viewer)
    mine = sum(1 for eid, params in log if eid == Msg.CHOSE and params["seat"] == viewer)
    if sum(1 for eid, _ in log if eid == Msg.YOU_CHOSE) != mine:
        shown.append("another seat's choice in the log")
    return shown
