"""The public API of a game (game.py, __init__.py): decisions, clones, helpers."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import machu_picchu as mp
from machu_picchu import data as D
from machu_picchu.events import texts

from .support import POLICIES, legal, random_game

SRC = Path(__file__).resolve().parents[2] / "src"


def test_public_names():
    """The package exports what its docstring documents."""
    for name in ("Action", "Game", "IllegalAction", "InvalidAction", "Options", "SaveError",
                 "FORMAT_VERSION", "RULES_VERSION", "load_game", "new_game", "parse_action"):
        assert hasattr(mp, name) and name in mp.__all__
    assert mp.__version__


def test_docstring_example_runs():
    """The example loop of the package docstring plays a game to its end."""
    lines = [line[4:] for line in mp.__doc__.splitlines() if line.startswith("    ")]
    assert any("new_game" in line for line in lines)
    env = dict(os.environ, PYTHONPATH=str(SRC))
    proc = subprocess.run([sys.executable, "-c", "\n".join(lines)], capture_output=True,
                          text=True, env=env, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert "'winners'" in proc.stdout and "'reason'" in proc.stdout


def test_apply_takes_text_or_actions(blue_yellow_red):
    """apply accepts an Action or its (forgiving) text form."""
    game = blue_yellow_red
    a, b = game.clone(), game.clone()
    a.apply(mp.parse_action("move plaza"))
    b.apply("  Move PLAZA ")
    assert a.view(None) == b.view(None)


def test_clones_are_independent(blue_yellow_red):
    """A clone and its original go their own ways; fast_clone keeps no log or history."""
    game = blue_yellow_red
    clone = game.clone()
    clone.apply("move plaza")
    clone.apply("sell coca")
    assert game.prompt == ("turn", 0) and game.goods[0] == [3, 1, 1, 1, 1]
    assert game.market == [0, 2, 2, 2, 2] and len(game.history) == 3
    assert clone.goods[0] == [7, 1, 0, 1, 1] and len(clone.history) == 5
    fast = game.fast_clone()
    assert fast.history is None and fast.log == []
    fast.apply("move plaza")
    assert game.log == clone.log[: len(game.log)]
    assert game.history == ["place farmer"] * 3


def test_apply_unchecked_is_apply_for_legal_actions():
    """apply_unchecked gives the same game as apply for legal actions."""
    game = random_game(3, 11, POLICIES["uniform"])
    replay = mp.new_game(3, 11)
    for text in game.history:
        replay.apply_unchecked(mp.parse_action(text))
    assert replay.view(None) == game.view(None)


def test_helpers(blue_yellow_red):
    """order_from, row_value and next_card_cost."""
    game = blue_yellow_red
    assert game.order_from(2) == [2, 0, 1]
    assert [game.row_value(r) for r in range(3)] == [8, 9, 10]
    assert game.next_card_cost(D.R_PUMA) == (0, 0, 1, 1, 2)
    game.rows_taken[D.R_CONDOR] = 4
    assert game.next_card_cost(D.R_CONDOR) is None


def test_log_lines(blue_yellow_red):
    """The log tells what happened as events, worded by the catalogue."""
    game = blue_yellow_red
    game.apply("move coca")
    assert game.log[-2:] == [["mp.ev.place", {"seat": 0, "district": "coca"}],
                             ["mp.ev.bonus", {"seat": 0, "gains": [["coca", 1]]}]]
    assert texts(game.log[-2:], game.names) == ["Blue places the Prince on the Coca Plantation.",
                                                "Blue takes the bonus: 1 coca."]
    assert game.log_for(None) == game.log


def test_exactly_one_seat_decides(blue_yellow_red):
    """to_move is the seat of the prompt, which may be another player than the active one."""
    game = blue_yellow_red
    game.incas[2][D.D_COCA] = 1
    game.supply[2] -= 1
    game.apply("move coca")
    assert game.to_move == 2 and game.prompt == ("produce", 2, D.D_COCA)
    assert game.view(None)["active"] == 0
    assert legal(game) == ["produce 0", "produce 1"]
