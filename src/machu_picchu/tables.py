"""The rules' tables, computed once at import: the legal turn moves from each district, the
offers and claims one can make, the cost of every set of Incas set up, a scout's advance, and
which action kinds answer which decision. The game (game.py, legal.py) reads them on its hot
paths: a legal-action list is a few joins of these."""

from __future__ import annotations

from . import actions as A
from . import data as D
from .actions import mask_items
from .kinds import Decision
from .trail import advance_scout

# Decisions whose only legal choice is to decline are skipped silently.
DECLINES = frozenset(
    {A.PRODUCE[0], A.SACRIFICE[0], A.OFFER[0], A.HIRE[0], A.ACQUIRE[0], A.SUNCLOCK[0], A.CLAIM[0]}
)
# The action kinds that answer each kind of decision.
ACTION_KINDS = {
    Decision.SETUP: ("place",), Decision.TURN: ("move", "travel", "stay"),
    Decision.PRODUCE: ("produce",), Decision.SACRIFICE: ("sacrifice",), Decision.OFFER: ("offer",),
    Decision.HIRE: ("hire",), Decision.ACQUIRE: ("acquire",),
    Decision.MARKET: ("adjust", "buy", "sell", "done"), Decision.SUNCLOCK: ("sunclock",),
    Decision.TAKE: ("take",),
    Decision.RETURN: ("return",), Decision.CLAIM: ("claim",),
}
ALL_TILES = (1 << len(D.MOON_TILES)) - 1
PROFESSIONS_AT = {
    D.D_HUT: tuple(p for p in range(5) if D.SETUP_DISTRICT[p] == D.D_HUT),
    D.D_PALACE: tuple(p for p in range(5) if D.SETUP_DISTRICT[p] == D.D_PALACE),
}


def _cost_of(mask: int) -> tuple[list[int], int]:
    """Goods (per good) and Incas needed to set up the professions in `mask`."""
    need = [0, 0, 0, 0, 0]
    for p in mask_items(mask):
        for good, count in D.SETUP_COST[p]:
            need[good] += count
    return need, bin(mask).count("1")


HIRE_COSTS = {m: _cost_of(m) for m in range(32)}
# Per Hut / Palace, every subset of the professions set up there, as bit masks.
HIRE_MASKS = {
    d: tuple(
        sum(1 << profs[i] for i in range(len(profs)) if m >> i & 1) for m in range(1 << len(profs))
    )
    for d, profs in PROFESSIONS_AT.items()
}


# Turn moves from each district, in the order legal_actions() lists them (precomputed: a turn's
# legal actions are a few list joins, which the hard bot's play-outs do thousands of times).
MOVES_FROM = tuple(tuple(A.MOVE[d] for d in range(15) if d in D.ADJACENT[here])
                   for here in range(15))
TRAVELS_FROM = tuple(tuple(A.TRAVEL[d] for d in range(15) if d != here and d not in D.ADJACENT[here])
                     for here in range(15))
STAYS = tuple(tuple(A.STAY[t] for t in range(7) if tiles >> t & 1) for tiles in range(ALL_TILES + 1))

# Offers of the goods one can give (a mask of goods held), in OFFER's order; claims with their
# corn cost, in CLAIM's order.
OFFERS_OF = tuple(tuple(A.OFFER[m] for m in range(32) if m & ~have == 0) for have in range(32))
CLAIMS = tuple((m, a, bin(m).count("1") * D.MOON_CLAIM_COST_CORN) for m, a in A.CLAIM.items())

# advance_scout(position, steps) for the usual steps (a table: every turn moves scouts)
MAX_STEPS = 64
ADVANCES = tuple(tuple(advance_scout(p, k) for k in range(MAX_STEPS)) for p in range(D.TRAIL_SUMMIT))
# The decisions that decline (skipped when alone), by identity: legal actions are interned
DECLINE_IDS = frozenset(map(id, DECLINES))
