"""The hard bot's play-out policy: the medium bot's fast policy (`heuristics`), lighter.

The search plays thousands of turns a second in re-dealt copies; building a seat's values
(`heuristics.Ctx`) and scoring every district (market plans, set-ups, the Sun Clock) at each
turn and again at each decision in between was two thirds of its time. `Policy` keeps, within
one re-deal, each seat's values from its turn for the decisions that follow it (production,
offers, set-ups, a market visit, ...), and keeps the value of a visit to the Central Plaza
(a plan of trades) while the day and the seat's Incas and Priests/Virgins are the same; the
other districts are scored at each turn by `heuristics.district_values` itself. Keeping all of a
seat's values for longer (until the day or its Incas change) was faster still but played worse:
one such seat against three of the policy with fresh values won 18% of 200 games (parity 25%),
against 24% now (400 games). Where an ending is in reach (the last moves of day 9, the deck's
last card) the turn is scored by `heuristics.turn_scores` in full, so the play-outs end games
as the medium bot would.
"""

from __future__ import annotations

from .. import actions as A
from .. import data as D
from .heuristics import (ADJ, W, Ctx, decide, district_values, market_plan, moon_value,
                         turn_scores)

NOISE = 1.5          # width (points) of the uniform noise on turn scores
_LAST_TILE = D.MOON_TILES_TO_END_DAY - 1


class Policy:
    """The noisy play-out policy for one re-dealt copy `g` (see the module doc)."""

    __slots__ = ("g", "rng", "noise", "ctxs", "keys", "plans")

    def __init__(self, g, rng, noise: float = NOISE) -> None:
        self.g = g
        self.rng = rng
        self.noise = noise
        n = g.n
        self.ctxs: list = [None] * n
        self.keys: list = [None] * n
        self.plans: list = [None] * n    # per seat: the Central Plaza's planned value

    def ctx(self, s: int, fresh: bool = False) -> Ctx:
        """Seat s's values: built anew for each of its turns (`fresh`) and whenever the day or
        its Incas or Priests/Virgins have changed; the decisions between its turns reuse them.
        The market's planned value is kept while the day and the seat's Incas and
        Priests/Virgins are the same."""
        g = self.g
        incas, owned = g.incas[s], g.owned[s]
        key = (g.day, incas[0], incas[1], incas[2], incas[3], incas[4], owned[0], owned[1],
               owned[2])
        ctx = self.ctxs[s]
        if ctx is None or fresh or key != self.keys[s]:
            ctx = self.ctxs[s] = Ctx(g, s)
            if key != self.keys[s]:
                self.keys[s] = key
                self.plans[s] = None     # planned at the seat's next turn
        return ctx

    # -- moves ------------------------------------------------------------------------------
    def step(self) -> None:
        """Take the decision at hand (a whole market visit at once)."""
        g = self.g
        task = g.stack[-1]
        kind = task[0]
        if kind == "turn":
            self.turn()
        elif kind == "market":
            self.market()
        else:
            legal = g._legal
            if len(legal) == 1 or kind in ("produce", "sacrifice", "claim"):
                g.apply_unchecked(legal[0] if len(legal) == 1 else decide(g))
            else:
                g.apply_unchecked(decide(g, ctx=self.ctx(task[1])))

    def turn(self) -> None:
        """One turn decision: the best light score, with noise."""
        g = self.g
        legal = g._legal
        if len(legal) == 1:
            g.apply_unchecked(legal[0])
            return
        s = g.stack[-1][1]
        if (len(g.deck) == 1 or g.day == D.LAST_DAY
                and (g.final_turns or g.tiles_today == _LAST_TILE)):
            scores = turn_scores(Ctx(g, s), legal, fast=True)   # an ending is in reach
        else:
            scores = self.turn_scores(s, legal)
        best, best_v = legal[0], -1e9
        rand = self.rng.random
        noise = self.noise
        for a, v in zip(legal, scores):
            v += (rand() - 0.5) * noise
            if v > best_v:
                best, best_v = a, v
        g.apply_unchecked(best)

    def market(self) -> None:
        """A whole visit to the Central Plaza by the plan of the seat's values."""
        g = self.g
        for action in market_plan(self.ctx(g.stack[-1][1]), fast=True)[0]:
            if g.over or g.stack[-1][0] != "market":
                return
            if action is not A.DONE and action not in g._legal:
                action = A.DONE
            g.apply_unchecked(action)
            if action is A.DONE:
                return

    # -- scores -----------------------------------------------------------------------------
    def district_values(self, s: int) -> list[float]:
        """`heuristics.district_values` on the seat's values of this turn, the Central Plaza's
        value kept from its plan."""
        ctx = self.ctx(s, True)
        out = district_values(ctx, False, True)
        plaza = self.plans[s]
        if plaza is None:
            plaza = self.plans[s] = market_plan(ctx, True)[1]
        out[D.D_PLAZA] = plaza
        return out

    def turn_scores(self, s: int, legal: list) -> list[float]:
        """`heuristics.turn_scores` away from the endings, on the light district values."""
        g = self.g
        values = self.district_values(s)
        ctx = self.ctxs[s]       # as rebuilt (if need be) by district_values
        look = W.look
        llama_cost = ctx.gv[D.LLAMA]
        best_any = max(values) - llama_cost if ctx.goods[D.LLAMA] > 0 else 0.0
        here = g.prince[s]
        ends_day = g.tiles_today == _LAST_TILE and not g.final_turns
        stay_next = look * 0.8 * _next(values, here, best_any) if here >= 0 else 0.0
        scores = []
        for a in legal:
            kind = a.kind
            if kind == "stay":
                v = moon_value(ctx, a.arg) + W.stay_bias
                if ends_day:
                    v += W.sun_tile
                if here >= 0:
                    v += stay_next
            else:
                d = a.arg
                v = values[d] + look * _next(values, d, best_any)
                if kind == "travel":
                    v -= llama_cost
            scores.append(v)
        return scores


def _next(values: list[float], d: int, best_any: float) -> float:
    """The best value of a move from district d next turn (a travel anywhere included)."""
    m = best_any if best_any > 0.0 else 0.0
    for n in ADJ[d]:
        if values[n] > m:
            m = values[n]
    return m


def play(policy: Policy, horizon: int, guard: int = 2000) -> None:
    """Play on until `horizon` more turns have begun (or the game ends)."""
    g = policy.g
    turns = 0
    while not g.over and guard:
        guard -= 1
        if g.stack[-1][0] == "turn":
            if turns >= horizon:
                return
            turns += 1
            policy.turn()
        else:
            policy.step()
