"""How a game of Incan Gold went, round by round: each seat's wealth after every round, the gems
each brought home in it, what a bust took. Built by replaying the game's save through the public
API (linear: one game played forward once), so it needs nothing the engine does not export.
"""

from __future__ import annotations

from typing import Any, Callable


def _tents(game: Any, n: int) -> list[int]:
    """Every seat's tent, each read from that seat's own view (it always sees its own)."""
    return [int(game.view(s)["players"][s].get("tent") or 0) for s in range(n)]


def _artifact_sums(view: dict) -> list[int]:
    return [sum(int(v) for v in p.get("artifacts") or ()) for p in view["players"]]


def round_stats(game: Any, load_game: Callable[[Any], Any]) -> dict:
    """{"players": n, "standings": [{"label", "wealth", "gems", "artifacts"}] (start, then after
    each round), "rounds": [{"round", "banked", "lost", "bust"}]} for a game (over or not)."""
    save = dict(game.to_save())
    actions = list(save.get("actions") or ())
    replay = load_game({**save, "actions": []})
    view = replay.view(None)
    n = len(view["players"])
    tents = _tents(replay, n)
    standings = [{"label": "start", "wealth": [0] * n, "gems": [0] * n, "artifacts": [0] * n}]
    rounds: list[dict] = []
    for text in actions:
        before = view
        replay.apply(text)
        view = replay.view(None)
        if view.get("round") == before.get("round") and not replay.is_over:
            continue
        now = _tents(replay, n)
        arts = _artifact_sums(view)
        banked = [now[s] - tents[s] for s in range(n)]
        bust = len(view.get("removed_hazards") or ()) > len(before.get("removed_hazards") or ())
        lost = [int(p.get("round_gems") or 0) if bust and p.get("in_temple") and banked[s] == 0 else 0
                for s, p in enumerate(before["players"])]
        rounds.append({"round": before.get("round"), "banked": banked, "lost": lost, "bust": bust})
        standings.append({"label": f"round {before.get('round')}", "gems": now, "artifacts": arts,
                          "wealth": [now[s] + arts[s] for s in range(n)]})
        tents = now
    return {"players": n, "standings": standings, "rounds": rounds}
