"""The bots' decision fingerprints: every seeded bot decides exactly as it did when these were
taken. A refactoring of the bots (issue 25: heuristics.py into its parts) keeps them; a change
meant to make a bot play differently updates them, saying so in its commit.

Each fingerprint is the SHA-256 of the action texts and reasons (as JSON) of whole seeded games
in which every seat is a bot of one level (the hard bot: a few decisions, with iterations).
"""

from __future__ import annotations

import hashlib
import json

import pytest

import machu_picchu as mp
from machu_picchu.bots import make_bot


def decisions(level: str, players: int, seed: int, limit: int, **kw) -> str:
    """The fingerprint of a seeded game of `level` bots (level "why": easy bots, with the hints'
    structured reason for each decision, machu_picchu.bots.reasons.why)."""
    explain = level == "why"
    if explain:
        from machu_picchu.bots.reasons import why
        level = "easy"
    game = mp.new_game(players, seed)
    bots = [make_bot(level, seed=seed * 10 + s, **kw) for s in range(players)]
    digest = hashlib.sha256()
    for _ in range(limit):
        if game.is_over:
            break
        seat = game.to_move
        d = bots[seat].choose(game, seat)
        said = why(game, seat, d.action) if explain else d.reason
        digest.update(json.dumps([str(d.action), said], sort_keys=True, default=str).encode())
        game.apply(d.action)
    return digest.hexdigest()[:16]


CASES = {
    # (level, players, seed, decisions at most, bot keywords): fingerprint
    ("random", 3, 1, 10_000, ()): "4974a89cd605acb8",
    ("easy", 2, 1, 10_000, ()): "cc3ccf899d9db8ef",
    ("easy", 3, 11, 10_000, ()): "e1c2be8390c304ba",
    ("easy", 4, 12, 10_000, ()): "4a7681340cd10055",
    ("easy", 5, 2, 10_000, ()): "4a62152ac7959ac2",
    ("medium", 2, 3, 10_000, ()): "b8e40fda114ba0a4",
    ("medium", 3, 13, 10_000, ()): "19b37fa57807acac",
    ("medium", 4, 4, 10_000, ()): "4e54791346e496cb",
    ("medium", 5, 14, 10_000, ()): "342f16a322464b74",
    ("hard", 3, 5, 150, (("iterations", 40),)): "4ad75b9ec904e422",
    ("hard", 2, 15, 100, (("iterations", 60),)): "ac7cda8cdace9ced",
    ("why", 4, 16, 10_000, ()): "39df4eccd32bb600",
    ("why", 2, 17, 10_000, ()): "d556e9b7659b6e60",
    ("priests", 4, 6, 10_000, ()): "1ee60de8c8b1a7f9",
    ("gold", 3, 7, 10_000, ()): "3f5da428f170193e",
    ("llamas", 2, 8, 10_000, ()): "22835f66acfe52d9",
    ("economy", 5, 9, 10_000, ()): "fda1183b99858cdc",
}


@pytest.mark.parametrize("case", list(CASES), ids=lambda c: f"{c[0]}-{c[1]}p-seed{c[2]}")
def test_decisions_keep_their_fingerprint(case):
    level, players, seed, limit, kw = case
    assert decisions(level, players, seed, limit, **dict(kw)) == CASES[case]
