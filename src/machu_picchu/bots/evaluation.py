"""The evaluation of a position: every seat's projected final score (`projections`: the VP and
gold its cards give now, exact, plus what it should still gain from the linear models fitted on
self-play, with the expected conquest multiplier), and from it a number per seat for the search
(`rewards`) and the one-step look-ahead (`evaluate`)."""

from __future__ import annotations

from operator import mul
from typing import TYPE_CHECKING

from . import weights as WT
from .features import current, features
from .values import W, sigmoid, timing

if TYPE_CHECKING:
    from ..game import Game


def goods_units(goods: list[int]) -> int:
    return goods[0] // 3 + goods[1] + goods[2] + goods[3] + goods[4]


def expected_multipliers(golds: list[float], pc: float, spread: float) -> list[float]:
    """Expected conquest multiplier per seat from projected gold (soft dense ranking)."""
    n = len(golds)
    out = []
    for s in range(n):
        others = sorted(golds[:s] + golds[s + 1:], reverse=True)
        p1 = sigmoid((golds[s] - others[0] + 0.3) / spread)
        p2 = sigmoid((golds[s] - others[1] + 0.3) / spread) if n > 2 else 1.0
        m = 1.0 + 2.0 * p1 + (1.0 - p1) * p2
        out.append(1.0 + pc * (m - 1.0))
    return out


def projections(g: "Game") -> list[float]:
    """Projected final score of every seat (exact once the game is over).

    Final VP and gold come from linear models fitted on self-play (`training.py`, `weights.py`);
    the expected conquest multiplier from the projected gold of all seats, as sure as the fitted
    spread of gold allows at this many days before the end."""
    if g.over:
        from ..scoring import score
        sheet = score(g)
        return [x["final"] + x["tiebreak"] * 0.001 for x in sheet["seats"]]
    tm = timing(g)
    t = tm[0]
    vps, golds = [], []
    wv, wg = WT.W_VP, WT.W_GOLD
    for s in range(g.n):
        vp, gold = current(g, s)
        x = features(g, s, t)
        vp += sum(map(mul, wv, x))       # the dot products in C: the search's every leaf
        gold += sum(map(mul, wg, x))
        vps.append(vp if vp > 0.0 else 0.0)
        golds.append(gold)
    spread = WT.GOLD_SPREAD[0] + WT.GOLD_SPREAD[1] * t
    mults = expected_multipliers(golds, tm[1], spread)
    return [v * m + 0.001 * goods_units(g.goods[s]) for s, (v, m) in enumerate(zip(vps, mults))]


def rewards(g: "Game") -> list[float]:
    """A number in 0..1 per seat: how well it stands against the best of the others."""
    finals = projections(g)
    n = len(finals)
    mean = sum(finals) / n
    scale = max(3.0, 0.15 * mean)
    out = []
    # A game that goes on keeps every seat some chance (W.goes_on): ending it while behind, a
    # sure loss, is then worse than going on (an affine map: the order of leaves is unchanged).
    floor = 0.0 if g.over else W.goes_on
    for s in range(n):
        best_other = max(finals[:s] + finals[s + 1:])
        out.append(floor + (1.0 - floor) * sigmoid((finals[s] - best_other) / scale))
    if g.over:
        from ..scoring import score
        winners = score(g)["winners"]
        out = [0.3 * x + (0.7 / len(winners) if s in winners else 0.0) for s, x in enumerate(out)]
    return out


def evaluate(g: "Game", s: int) -> float:
    """How good the position is for seat s: its projected final score minus the best other's."""
    finals = projections(g)
    return finals[s] - max(finals[q] for q in range(len(finals)) if q != s)
