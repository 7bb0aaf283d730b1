"""stats.py: how a game went, round by round."""

from __future__ import annotations

import incan_gold as ig

from igtools import random_game


def test_stats_per_round():
    game = random_game(4, seed=12)
    stats = ig.game_stats(game)
    assert [r["round"] for r in stats["rounds"]] == [1, 2, 3, 4, 5]
    assert stats["rounds"][-1]["tents"] == game.tent
    assert stats["artifact_values"] == game.artifacts
    assert [r["artifacts"] for r in stats["rounds"]][-1] == [len(a) for a in game.artifacts]
    assert all(a <= b for r1, r2 in zip(stats["rounds"], stats["rounds"][1:])
               for a, b in zip(r1["tents"], r2["tents"]))
