"""What the bots know about the game: values, the evaluation of a position and a fast policy.

Everything here reads one game copy `g` (a re-dealt copy from `game.determinize`, never the real
game) and, for a seat `s`, only what `s` may know: public counts and positions, and `g.hands[s]`.
On a re-dealt copy the other hands are random, so even the evaluation of other seats (used by the
search) learns nothing hidden.

The policy values things in points (final score). `Ctx(g, s)` gathers a seat's numbers once per
decision: how many days are left, what a step on the Incatrail is worth (a new card: the VP its
icons bring with what the seat owns, and its gold when a conquest looms), what each good is worth
(in steps: what it can still become; less as the end nears). From those:

- `district_values` values entering each district now; the policy's turn choice adds a look at
  the next move from there;
- `decide(g, ...)` is the fast rule-based policy for every kind of decision (the easy bot, the
  medium bot's follow-ups and the hard bot's play-outs);
- `market_plans` turns a visit to the Central Plaza into a few short plans (adjust, sells, buys)
  so the market loop costs nothing to search;
- `projections(g)` projects every seat's final score: the VP and gold its cards give now (exact),
  plus what it should still gain (linear models fitted on self-play, `training.py`: goods,
  Incas, priests and llamas, Incatrail progress, cards and icons, all times the days left), with
  the expected conquest multiplier from everyone's projected gold; `rewards` and `evaluate` turn
  that into a number per seat for the search and the one-step look-ahead;
- the endings: `finals_if_ended` / `end_margin` say who would win if the game ended now (final
  scoring on the copy's cards); the policy takes the last Priest/Virgin or the last card only
  when that wins, stops short of the summit otherwise, and values day 9 as the last day (no Sun
  tile, no next move); `fit_hands` re-deals the others' cards as kept rather than dealt.

Each part is a module of its own: values (Weights, timing, Ctx), endings, market_plans, policy,
evaluation, and features (the fitted models' inputs). The bots import the parts; this module
gathers their names in one place for the tests and tools. None of them imports the fitting
(`training.py`: argparse, multiprocessing), which the page never loads.
"""

from __future__ import annotations

from .endings import (card_icon_vp, deck_end_margin, deck_ends_at, end_margin,
                      end_value, finals_if_ended, fit_hands, priests_end_margin, safe_steps)
from .evaluation import evaluate, expected_multipliers, goods_units, projections, rewards
from .features import current, features
from .market_plans import market_plan, market_plans, visit_state
from .policy import (best_acquire, best_hire, best_offer,
                     best_sunclock, choose_return, choose_setup, choose_take, decide,
                     district_values, moon_value, play_market, turn_scores)
from .values import (ADJ, CARD_GOLD, CARDS, ROW_TEMPLE, SETUP_COST, TAKE_ITEMS, W, Ctx, Weights,
                     day_fraction, sigmoid, timing)

__all__ = [
    "ADJ", "CARD_GOLD", "CARDS", "ROW_TEMPLE", "SETUP_COST", "TAKE_ITEMS", "W", "Ctx", "Weights",
    "best_acquire", "best_hire", "best_offer", "best_sunclock", "card_icon_vp", "choose_return",
    "choose_setup", "choose_take", "current", "day_fraction", "deck_end_margin", "deck_ends_at",
    "decide", "district_values", "end_margin", "end_value", "evaluate", "expected_multipliers",
    "features", "finals_if_ended", "fit_hands", "goods_units", "market_plan", "market_plans",
    "moon_value", "play_market", "priests_end_margin", "projections", "rewards", "safe_steps",
    "sigmoid", "timing", "turn_scores", "visit_state",
]
