"""A seat's numbers the evaluation's linear models read (`evaluation.projections`): its VP and
gold if the game ended now (`current`) and what is still to come (`features`). The models'
coefficients are in `weights.py`, fitted by `training.py` (the command line only: the page
imports this module, never the fitting)."""

from __future__ import annotations

from .. import data as D

CARDS = D.CARDS
CARD_GOLD = D.CARD_GOLD

RESOURCES = (
    "one", "players", "corn", "corn_extra", "llama", "goods3", "farmers", "shepherds", "makers",
    "priests", "priest_steps", "supply", "sunclock", "tile_steps", "tile_goods", "trail",
    "assets", "good_icons", "priest_icons", "cards", "priests_llama", "trail_priests",
    "trail_assets", "cards_assets",
)
# Each resource times the days left t, and times min(t, 1) (what can still happen today).
FEATURES = tuple(f"t_{r}" for r in RESOURCES) + tuple(f"d_{r}" for r in RESOURCES) + ("t2",)
N_FEATURES = len(FEATURES)


def current(g, s: int) -> tuple[int, int]:
    """Seat s's VP and gold if the game ended now (before any multiplier)."""
    hand = g.hands[s]
    incas = g.incas[s]
    owned = g.owned[s]
    icons = [0] * 8
    gold = 0
    for c in hand:
        a, b = CARDS[c]
        icons[a] += 1
        icons[b] += 1
        gold += CARD_GOLD[c]
    vp = (icons[0] * incas[0] + icons[1] * incas[1] + icons[2] * incas[2] + icons[3] * incas[3]
          + icons[4] * incas[4] + icons[5] * owned[0] + icons[6] * owned[1] + icons[7] * owned[2])
    bonus = D.trail_bonus(g.trail[s])
    return vp + bonus + g.summit_vp[s], gold + bonus


def features(g, s: int, t: float) -> list[float]:
    """What is still to come for seat s (reads its own hand only) with t days of play left:
    every feature is 0 when t is 0, so the evaluation is exact at the end."""
    hand = g.hands[s]
    incas = g.incas[s]
    owned = g.owned[s]
    goods = g.goods[s]
    icons = [0] * 8
    for c in hand:
        a, b = CARDS[c]
        icons[a] += 1
        icons[b] += 1
    taken = g.rows_taken
    trail = g.trail[s] / 20.0
    corn = goods[0] + g.pending_corn[s]
    llama = goods[1] + g.pending_llama[s]
    makers = incas[2] + incas[3] + incas[4]
    priests = owned[0] + owned[1] + owned[2]
    psteps = (owned[0] * (D.ROW_BASE_STEPS[0] - taken[0]) + owned[1] * (D.ROW_BASE_STEPS[1] - taken[1])
              + owned[2] * (D.ROW_BASE_STEPS[2] - taken[2])) / 8.0
    assets = incas[0] + incas[1] + makers + priests
    held = g.held_tiles[s]
    c1 = corn if corn < 8 else 8
    ncards = len(hand)
    r = (
        1.0, g.n, c1, corn - c1, llama, goods[2] + goods[3] + goods[4], incas[0], incas[1], makers,
        priests, psteps, g.supply[s], g.sunclock[s],
        (2 if held >> 5 & 1 else 0) + (3 if held >> 6 & 1 else 0), bin(held & 31).count("1"), trail,
        assets, icons[0] + icons[1] + icons[2] + icons[3] + icons[4], icons[5] + icons[6] + icons[7],
        ncards, min(priests, llama), trail * psteps, trail * assets, ncards * assets,
    )
    d = t if t < 1.0 else 1.0
    return [t * x for x in r] + [d * x for x in r] + [t * t]


