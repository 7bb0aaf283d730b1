"""How a game of Incan Gold went, round by round, for the end screen's charts: each seat's wealth
after every round and the gems it brought home in each, from `incan_gold.game_stats` (tents and
artifact counts after each round; the artifacts' values in the order each seat carried them out).
"""

from __future__ import annotations


def chart_stats(game_stats: dict) -> dict:
    """{"players": n, "standings": [{"label", "wealth", "gems", "artifacts"}] (the start, then
    after each round), "rounds": [{"round", "banked", "bust"}]}."""
    n = int(game_stats["players"])
    values = [list(v) for v in game_stats.get("artifact_values") or [[] for _ in range(n)]]
    standings = [{"label": "start", "wealth": [0] * n, "gems": [0] * n, "artifacts": [0] * n}]
    rounds = []
    tents = [0] * n
    for r in game_stats.get("rounds") or ():
        now = [int(x) for x in r["tents"]]
        arts = [sum(values[s][:int(r["artifacts"][s])]) for s in range(n)]
        rounds.append({"round": r["round"], "banked": [now[s] - tents[s] for s in range(n)],
                       "bust": r.get("end") == "bust", "hazard": r.get("hazard")})
        standings.append({"label": f"round {r['round']}", "gems": now, "artifacts": arts,
                          "wealth": [now[s] + arts[s] for s in range(n)]})
        tents = now
    return {"players": n, "standings": standings, "rounds": rounds}
