"""The command line (cli.py): `python -m machu_picchu simulate ...`."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from machu_picchu import cli

SRC = Path(__file__).resolve().parents[2] / "src"


def check_simulate_output(out: str, games: int, players: int) -> None:
    assert re.search(rf"^{games} random {players}-player games in [\d.]+ s: [\d.]+ games/s$",
                     out, re.M), out
    assert re.search(r"^turns per game: mean [\d.]+, min \d+, max \d+; decisions per game: "
                     r"mean [\d.]+$", out, re.M), out
    ended = re.search(r"^ended by: (.*)$", out, re.M)
    assert ended, out
    counts = re.findall(r"(priests|cards|conquest) (\d+) \(\d+%\)", ended.group(1))
    assert counts and sum(int(c) for _, c in counts) == games
    assert re.search(r"^mean score per seat: VP [\d.]+, final [\d.]+$", out, re.M), out


def test_simulate_in_process(capsys):
    """simulate prints games/s, turns per game, how the games ended and the mean scores."""
    assert cli.main(["simulate", "--players", "4", "--games", "5", "--seed", "1"]) == 0
    check_simulate_output(capsys.readouterr().out, 5, 4)


def test_simulate_as_a_module():
    """`python -m machu_picchu simulate --players 4 --games 5 --seed 1` runs as documented."""
    env = dict(os.environ, PYTHONPATH=str(SRC) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.run(
        [sys.executable, "-m", "machu_picchu", "simulate", "--players", "4", "--games", "5",
         "--seed", "1"], capture_output=True, text=True, env=env, timeout=120)
    assert proc.returncode == 0, proc.stderr
    check_simulate_output(proc.stdout, 5, 4)


def test_simulate_is_seeded(capsys):
    """The same seed plays the same games (the speed line aside)."""
    outputs = []
    for _ in range(2):
        cli.main(["simulate", "--players", "2", "--games", "3", "--seed", "9"])
        outputs.append(capsys.readouterr().out.splitlines()[1:])
    assert outputs[0] == outputs[1]
    a, _ = cli.play_random_game(3, 5)
    b, _ = cli.play_random_game(3, 5)
    assert a.history == b.history and a.is_over


@pytest.mark.parametrize("argv", [[], ["simulate", "--players", "6"],
                                  ["simulate", "--games", "x"], ["fly"]])
def test_bad_arguments(argv, capsys):
    """Bad command lines exit with status 2 and a usage message."""
    with pytest.raises(SystemExit) as info:
        cli.main(argv)
    assert info.value.code == 2
    assert "usage" in capsys.readouterr().err
