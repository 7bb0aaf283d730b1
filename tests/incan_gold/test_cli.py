"""cli.py: `python -m incan_gold simulate|bench`."""

from __future__ import annotations

import incan_gold as ig
from incan_gold.cli import main, play_random_game


def test_simulate_prints_speed_and_statistics(capsys):
    assert main(["simulate", "--players", "4", "--games", "20", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "20 random 4-player games" in out and "games/s" in out and "bust" in out


def test_bench_prints_rates(capsys):
    assert main(["bench", "--players", "5", "--seconds", "0.1"]) == 0
    out = capsys.readouterr().out
    for label in ("random 5-player games", "clone()", "determinize()"):
        assert label in out


def test_random_games_are_seeded():
    a = play_random_game(5, 12)
    b = play_random_game(5, 12)
    assert a.history == b.history and a.is_over
    assert ig.load_game(a.to_save()).result() == a.result()
