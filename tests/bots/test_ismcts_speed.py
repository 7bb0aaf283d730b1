"""The search-speed benchmark (`python -m machu_picchu bench --search`) runs and counts."""

from __future__ import annotations

import io
import time
from contextlib import redirect_stdout

import pytest

from machu_picchu.bots.speed import positions, search_speed
from machu_picchu.cli import main


def test_positions_are_turn_decisions_on_the_days_asked():
    games = positions(players=3, seed=2, days=(3, 6))
    assert [g.day for g in games] == [3, 6]
    assert all(g.prompt[0] == "turn" and len(g.legal_actions()) > 2 for g in games)


def test_search_speed_counts_iterations_over_thinking_time():
    out = search_speed(budget=0.3, players=3, seed=2, games=positions(3, 2, days=(4,)),
                       clock=time.process_time)
    assert out["positions"] == 1 and out["iterations"] >= 1
    assert 0.3 <= out["seconds"] < 5
    # "seconds" is rounded to the millisecond: over 0.3 s or more that moves the rate by < 0.17%
    assert out["per_second"] == pytest.approx(out["iterations"] / out["seconds"], rel=0.003)


def test_bench_search_command(monkeypatch):
    import machu_picchu.bots.speed as speed
    monkeypatch.setattr(speed, "POSITION_DAYS", (3,))
    buf = io.StringIO()
    with redirect_stdout(buf):
        assert main(["bench", "--search", "--budget", "0.2", "--players", "2"]) == 0
    assert "iterations per CPU second" in buf.getvalue()


def test_a_search_copy_plays_the_same_game_as_a_logged_one():
    """A copy without a log (as the search plays) formats no words but changes the state exactly
    as the logged game does, action after action, through to the end."""
    import random

    from machu_picchu import new_game
    from machu_picchu.events import text
    from machu_picchu.game import Game

    for seed in (3, 4):
        game = new_game(3, seed)
        fast = game.fast_clone()
        rng = random.Random(seed)
        state = [name for name in Game.__slots__
                 if name not in ("_log", "history", "deciders", "starts", "reveal_mark")]
        while not game.is_over:
            action = rng.choice(game.legal_actions())
            game.apply(action)
            fast.apply_unchecked(action)
            assert [getattr(fast, k) for k in state] == [getattr(game, k) for k in state]
        assert fast.is_over and fast._log is None and text(game.log[-1]).endswith("points.")
