"""Play-outs for the hard bot's search: a search copy played on by the medium policy for every
seat (each decision with its own random drive), to the end of a round or of the game, and the
seat's reward: a win (shared wins split) at the end of the game, else an estimate of the chance
to win from the standings and the rounds still to play."""

from __future__ import annotations

import math
from typing import Callable

from .. import data as D
from ..actions import CAMP, TORCH
from .policy import MediumStep
from .table import read

# The spread of one player's gains in a round (points), for the chance to overtake.
ROUND_SPREAD = 6.0


def play_out(g, rand: Callable[[], float], last_round: int = D.ROUNDS,
             seat: int = -1, own: float = 0.0) -> None:
    """Play search copy `g` (no log, no history) until round `last_round` is over. Every step
    draws one number per seat, inside or not, so that play-outs of one re-deal from the same
    `rand` meet the others' same drives step by step whatever `seat` does; `seat` (if any)
    decides with the drive `own` instead of a drawn one."""
    apply = g.apply_unchecked
    n = g.n
    while not g.over and g.round <= last_round:
        us = [rand() for _ in range(n)]
        if seat >= 0:
            us[seat] = own
        decide = MediumStep(read(g)).decide
        for s in g.order[g.pos:]:
            apply(CAMP if decide(s, us[s])[0] else TORCH)


def reward(g, seat: int, last_round: int = D.ROUNDS) -> float:
    """After `play_out(g, ..., last_round)`: at the game's end 1 for a win, 1/k for a win shared
    by k, else 0 (wealth, then the number of artifacts); before it, the chance of beating each
    other seat, multiplied, from the points banked and the rounds still to play."""
    keys = [(g.tent[s] + sum(g.artifacts[s]), len(g.artifacts[s])) for s in range(g.n)]
    rounds_left = D.ROUNDS - last_round
    if rounds_left <= 0:
        best = max(keys)
        if keys[seat] != best:
            return 0.0
        return 1.0 / keys.count(best)
    mine = keys[seat][0]
    scale = 1.0 / (ROUND_SPREAD * math.sqrt(2.0 * rounds_left) * math.sqrt(2.0))
    chance = 1.0
    for s in range(g.n):
        if s != seat:
            chance *= 0.5 * (1.0 + math.erf((mine - keys[s][0]) * scale))
    return chance
