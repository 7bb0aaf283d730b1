"""The search's evaluation (`heuristics.projections`): the fitted linear models of final VP and
gold (`weights.py`) applied to every feature, then the expected conquest multiplier."""

from __future__ import annotations

import pytest

from machu_picchu.bots import weights as WT
from machu_picchu.bots.heuristics import expected_multipliers, goods_units, projections, timing
from machu_picchu.bots.training import N_FEATURES, current, features

from .test_bots import mid_game


def test_every_feature_has_a_weight():
    """The dot products pair features and weights one to one (a shorter vector would be cut
    silently by the C dot product)."""
    g = mid_game(seed=3, day=5)
    assert len(features(g, 0, 1.5)) == N_FEATURES == len(WT.W_VP) == len(WT.W_GOLD)


@pytest.mark.parametrize("seed, day", [(3, 4), (5, 7), (6, 8)])
def test_projections_apply_the_fitted_models(seed, day):
    g = mid_game(seed=seed, day=day).fast_clone()
    t, p_conquest = timing(g)
    vps, golds = [], []
    for s in range(g.n):
        vp, gold = current(g, s)
        x = features(g, s, t)
        vps.append(max(0.0, vp + sum(w * xi for w, xi in zip(WT.W_VP, x))))
        golds.append(gold + sum(w * xi for w, xi in zip(WT.W_GOLD, x)))
    mults = expected_multipliers(golds, p_conquest, WT.GOLD_SPREAD[0] + WT.GOLD_SPREAD[1] * t)
    expected = [v * m + 0.001 * goods_units(g.goods[s]) for s, (v, m) in enumerate(zip(vps, mults))]
    assert projections(g) == pytest.approx(expected, rel=1e-12)
    assert len(set(expected)) > 1          # the seats differ: a mixed-up seat would show
