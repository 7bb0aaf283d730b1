"""The hard bot's play-out policy: the medium bot's fast policy (`heuristics`), lighter.

The search plays thousands of turns a second in re-dealt copies; building a seat's values
(`heuristics.Ctx`) and scoring every district (market plans, set-ups, the Sun Clock) at each
turn and again at each decision in between was two thirds of its time. `Policy` keeps, within
one re-deal, each seat's values from its turn for the decisions that follow it (production,
offers, set-ups, a market visit, ...), and keeps the value of a visit to the Central Plaza
(a plan of trades) while the day and the seat's Incas and Priests/Virgins are the same; the
other districts are scored at each turn by `light_values`: `heuristics.district_values`'s sums
in one function (the reference's dozen helper calls per district were most of a turn's time; a
test holds the two equal). Keeping all of a
seat's values for longer (until the day or its Incas change) was faster still but played worse:
one such seat against three of the policy with fresh values won 18% of 200 games (parity 25%),
against 24% now (400 games). Where an ending is in reach (the last moves of day 9, the deck's
last card) the turn is scored by `heuristics.turn_scores` in full, so the play-outs end games
as the medium bot would (on the seat's values of that turn, kept for what follows as at any
turn).
"""

from __future__ import annotations

from .. import actions as A
from .. import data as D
from ..data import ROW_TEMPLE
from .market_plans import market_plan
from .pace import PACE, keep_day_going
from .policy import best_offer, decide, district_values, moon_value, turn_scores
from .values import ADJ, SETUP_COST, W, Ctx

NOISE = 1.5          # width (points) of the uniform noise on turn scores
_LAST_TILE = D.MOON_TILES_TO_END_DAY - 1
assert [t[1:] for t in D.MOON_TILES] == [(3, None, 0), (0, 1, 0), (0, 2, 0), (0, 3, 0), (0, 4, 0),
                                         (0, None, 2), (0, None, 3)]   # Policy.turn's stays
_LAST_PRIEST = D.TOTAL_PRIEST_CARDS - 1
_POP = tuple(bin(m).count("1") for m in range(32))
# data as module constants for the hot functions (a global is cheaper than D.NAME)
_GOODS_DISTRICTS = (1, 2, 3, 4)
_PRODUCE = A.PRODUCE
_ROW_TEMPLE = D.ROW_TEMPLE
_ROW_BASE_STEPS = D.ROW_BASE_STEPS
_ROW_SIZES = D.ROW_SIZES
_ROW_CARD_COSTS = D.ROW_CARD_COSTS
_ROW_HOUSE = D.ROW_HOUSE
_LAST_DAY = D.LAST_DAY
_FARMER_CORN = D.FARMER_CORN
_GRANARY, _GRANARY_CORN, _STABLE, _SUMMIT = D.GRANARY, D.GRANARY_CORN, D.STABLE, D.TRAIL_SUMMIT
assert (D.CORN, D.LLAMA, D.D_MAIN, D.D_HUT, D.D_PALACE, D.D_SUNCLOCK) == (0, 1, 8, 9, 10, 14)
_HUT_PROFS = tuple(p for p in range(5) if D.SETUP_DISTRICT[p] == D.D_HUT)
_PALACE_PROFS = tuple(p for p in range(5) if D.SETUP_DISTRICT[p] == D.D_PALACE)


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
            if len(legal) == 1:
                g.apply_unchecked(legal[0])
            elif kind == "produce":       # decide(g)'s answer, inline: as many as corn allows
                s = task[1]
                k = g.incas[s][task[2]]
                corn = g.goods[s][0]
                g.apply_unchecked(_PRODUCE[corn if corn < k else k])
            elif kind in ("sacrifice", "claim"):
                g.apply_unchecked(decide(g))
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
        paced = PACE.days and g.day in PACE.days
        if paced or ending_in_reach(g):
            # an ending is in reach: scored in full, on values kept (as at any turn) for the
            # seat's decisions that follow (a market visit, set-ups, ...); a paced day
            # (pace.py): the stays pushed below a move worth doing, as turn_scores does
            scores = turn_scores(self.ctx(s, True), legal, fast=True)
            best, best_v = legal[0], -1e9
            rand = self.rng.random
            noise = self.noise
            for a, v in zip(legal, scores):
                v += (rand() - 0.5) * noise
                if v > best_v:
                    best, best_v = a, v
            g.apply_unchecked(best)
            return
        # self.turn_scores(s, legal) with the noise added as each score is made (the same
        # numbers drawn in the same order): the play-outs' hottest function
        values = self.district_values(s)
        ctx = self.ctxs[s]
        look = W.look
        gv = ctx.gv
        llama_cost = gv[1]
        best_any = max(values) - llama_cost if ctx.goods[1] > 0 else 0.0
        floor = best_any if best_any > 0.0 else 0.0
        here = g.prince[s]
        stay_add = W.stay_bias
        if here >= 0:
            m = floor
            for nb in ADJ[here]:
                if values[nb] > m:
                    m = values[nb]
            stay_next = look * 0.8 * m
        ends_day = g.tiles_today == _LAST_TILE and not g.final_turns
        gv0 = gv[0]
        best, best_v = legal[0], -1e9
        rand = self.rng.random
        noise = self.noise
        for a in legal:
            kind = a.kind
            if kind == "stay":
                t = a.arg
                if t == 0:                      # moon_value(ctx, t), inline
                    v = 3 * gv0
                elif t < 5:
                    v = gv[t] - gv0
                    if not v > 0.0:
                        v = 0.0
                else:
                    v = ctx.steps_value(t - 3)
                v = v + stay_add
                if ends_day:
                    v += W.sun_tile
                if here >= 0:
                    v += stay_next
            else:
                d = a.arg
                m = floor          # _next(values, d, best_any), inline
                for nb in ADJ[d]:
                    if values[nb] > m:
                        m = values[nb]
                v = values[d] + look * m
                if kind == "travel":
                    v -= llama_cost
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
            if action is not A.DONE and not _listed(action, g._legal):
                action = A.DONE
            g.apply_unchecked(action)
            if action is A.DONE:
                return

    # -- scores -----------------------------------------------------------------------------
    def district_values(self, s: int) -> list[float]:
        """`heuristics.district_values` on the seat's values of this turn, the Central Plaza's
        value kept from its plan."""
        ctx = self.ctx(s, True)
        out = light_values(ctx)
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
        floor = best_any if best_any > 0.0 else 0.0
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
                m = floor          # _next(values, d, best_any), inline: the hottest loop
                for nb in ADJ[d]:
                    if values[nb] > m:
                        m = values[nb]
                v = values[d] + look * m
                if kind == "travel":
                    v -= llama_cost
            scores.append(v)
        if PACE.days:
            keep_day_going(g, legal, scores)
        return scores


def light_values(ctx: Ctx) -> list[float]:
    """`heuristics.district_values(ctx, False, True)` (the Central Plaza left at 0), the same sums
    in the same order in one function: the play-outs call it at every turn, and the reference's
    calls (a dozen small helpers per district) were most of its time. Near an ending (the deck's
    last card, the last Priest/Virgin) it is the reference itself. Tests hold the two equal.
    (Written for speed: `min`/`max` of two numbers as comparisons that return the same operand,
    `Ctx.steps_value` as `_steps`, every float operation in the reference's order.)"""
    g, s = ctx.g, ctx.s
    taken = g.rows_taken
    taken0, taken1, taken2 = taken
    if len(g.deck) == 1 or taken0 + taken1 + taken2 >= _LAST_PRIEST + 1 - W.pull_left:
        return district_values(ctx, False, True)   # the endings near: the policy's own rules
    w = W
    goods, incas, gv, sv = ctx.goods, ctx.incas, ctx.gv, ctx.sv
    bonus = g.bonus
    out = [0.0] * 15
    gv0 = gv[0]
    gb = ctx.gv_base
    gb0 = gb[0]
    pos = g.trail[s]
    granary = _GRANARY_CORN * gb0      # Ctx.steps_value's rewards
    stable = gb[1]
    # production, less what it gives the others
    own, opp_produce = w.own_produce, w.opp_produce
    all_incas = g.incas
    corn = goods[0]
    b = bonus[0]
    if b:
        total = -incas[0]                # the others' farmers
        for row in all_incas:
            total += row[0]
        out[0] = (b + own * incas[0]) * 3 * gv0 - opp_produce * (total * _FARMER_CORN * gv0)
    for d in _GOODS_DISTRICTS:
        b = bonus[d]
        if not b:
            continue
        total = -incas[d]                # the others' Incas of that profession
        for row in all_incas:
            total += row[d]
        gd = gv[d]
        k = incas[d]
        if corn < k:
            k = corn
        x = gd - gv0
        out[d] = (b * gd + own * k * x) - opp_produce * (total * (x if x > 0.0 else 0.0))
    # llama temples, less the others' sacrifices
    llamas = goods[1]
    rv, llama_base = ctx.rv, ctx.llama_base
    owned = ctx.owned
    all_owned, all_goods = g.owned, g.goods
    n = g.n
    opp = w.opp
    for r in (0, 1, 2):
        d = _ROW_TEMPLE[r]
        b = bonus[d]
        if not b:
            continue
        rvr = rv[r]
        k = owned[r]
        if llamas < k:
            k = llamas
        if k and rvr * sv <= llama_base:
            k = 0
        v = _steps(pos, 3 * b + k * rvr, sv, granary, stable) - k * llama_base
        total = 0
        for q in range(n):
            if q != s:
                o = all_owned[q][r]
                l = all_goods[q][1]
                total += l if l < o else o
        out[d] = v - opp * (total * (_ROW_BASE_STEPS[r] - taken[r]) * 0.25)
    b = bonus[8]
    if b:
        # best_offer(ctx), inline
        step2 = 2.0 * sv
        k = 0
        gain = 0.0
        if corn >= 3 and step2 > 3 * gv0:
            k = 1
            gain += step2 - 3 * gv0
        for x in (1, 2, 3, 4):
            if goods[x] and step2 > gv[x]:
                k += 1
                gain += step2 - gv[x]
        out[8] = _steps(pos, 3 * b + 2 * k, sv, granary, stable) - 2 * k * sv + gain
    # set-ups: hire_gain less the goods' cost, the best affordable at each house
    m = ctx.m
    t = ctx.t
    hg = ctx._hg
    if hg is None:
        icons = ctx.icons
        fut = w.icon_match * ctx.fc * 0.5
        days = t - 0.3
        days = (days if days > 0.0 else 0.0) * w.trigger
        x1, x2, x3, x4 = gb[1] - gb0, gb[2] - gb0, gb[3] - gb0, gb[4] - gb0
        hg = ctx._hg = [(icons[0] + fut) * m + days * (_FARMER_CORN * gb0),
                        (icons[1] + fut) * m + days * (x1 if x1 > 0.0 else 0.0),
                        (icons[2] + fut) * m + days * (x2 if x2 > 0.0 else 0.0),
                        (icons[3] + fut) * m + days * (x3 if x3 > 0.0 else 0.0),
                        (icons[4] + fut) * m + days * (x4 if x4 > 0.0 else 0.0)]
    supply = g.supply[s]
    if supply:
        hv = ctx._hire
        if hv is None:
            gv1, gv2, gv3, gv4 = gv[1], gv[2], gv[3], gv[4]
            hv = ctx._hire = [
                hg[q] - (gv0 * c[0] + gv1 * c[1] + gv2 * c[2] + gv3 * c[3] + gv4 * c[4])
                for q, c in enumerate(SETUP_COST)]
        # best_hire's order: by value, then the higher profession first
        hut = (1, 0) if hv[1] >= hv[0] else (0, 1)
        out[9] = _hire_gain(hut, hv, goods, supply)
        out[10] = _hire_gain(_palace_order(hv[2], hv[3], hv[4]), hv, goods, supply)
    # Priests and Virgins: the best affordable at each house
    acq = ctx._acq
    if acq is None:
        rg = ctx.rg
        acq = ctx._acq = [0.0, 0.0, 0.0]
        for q in (0, 1, 2):
            if taken[q] < _ROW_SIZES[q]:
                c = _ROW_CARD_COSTS[q][taken[q]]
                acq[q] = rg[q] - (gb0 * c[0] + gb[1] * c[1] + gb[2] * c[2] + gb[3] * c[3]
                                  + gb[4] * c[4]) + ctx.deny(q)
    g1, g2, g3, g4 = goods[1], goods[2], goods[3], goods[4]
    for r in (0, 1, 2):
        tr = taken[r]
        if tr >= _ROW_SIZES[r]:
            continue
        c = _ROW_CARD_COSTS[r][tr]
        if (corn >= c[0] and g1 >= c[1] and g2 >= c[2] and g3 >= c[3] and g4 >= c[4]):
            d = _ROW_HOUSE[r]
            if acq[r] > out[d]:
                out[d] = acq[r]
    # the Sun Clock: 3 goods and 3 steps for an Inca's icons and production
    last = g.day == _LAST_DAY
    if t >= 0.15 or last:
        goods3 = sorted((gb[1], gb[2], gb[3], gb[4], 3 * gb0), reverse=True)
        pay = goods3[0] + goods3[1] + goods3[2] + _steps(pos, 3, sv, granary, stable)
        gain = 0.0
        for p in (0, 1, 2, 3, 4):
            if not incas[p]:
                continue
            if last:
                loss = ctx.icons[p] * m
            else:
                cost = SETUP_COST[p]
                rehire = (gb0 * cost[0] + gb[1] * cost[1] + gb[2] * cost[2] + gb[3] * cost[3]
                          + gb[4] * cost[4]) + w.turn_cost
                keep = hg[p]
                if p == 0:
                    produce = _FARMER_CORN * gb0
                else:
                    produce = gb[p] - gb0
                    if not produce > 0.0:
                        produce = 0.0
                loss = (keep if keep < rehire else rehire) + produce * w.trigger
            v = pay - loss
            if v > gain:
                gain = v
        out[14] = gain
    return out


def ending_in_reach(g) -> bool:
    """Whether the turn at hand may end the game (the deck's last card, day 9's last moves):
    there the play-outs score turns in full (`heuristics.turn_scores`)."""
    return len(g.deck) == 1 or g.day == _LAST_DAY and (g.final_turns or g.tiles_today == _LAST_TILE)


def _listed(action, legal: list) -> bool:
    """Whether `action` is one of `legal`, by identity (actions are interned; `in` would call
    Action.__eq__, in Python, for every other action listed)."""
    for a in legal:
        if a is action:
            return True
    return False


def _steps(pos: int, k: int, sv: float, granary: float, stable: float) -> float:
    """`Ctx.steps_value(k)` for a scout at `pos` (`granary`, `stable`: what those rewards are
    worth), the same sums."""
    if k <= 0:
        return 0.0
    v = k * sv
    end = pos + k
    while True:
        if pos < _GRANARY <= end:
            v += granary
        if pos < _STABLE <= end:
            v += stable
        if end < _SUMMIT:
            return v
        end -= _SUMMIT
        pos = 0


def _palace_order(v2: float, v3: float, v4: float) -> tuple:
    """The Palace's professions by value, the higher profession first on a tie (as
    `sorted([(v2, 2), (v3, 3), (v4, 4)], reverse=True)`), from three comparisons."""
    return _PALACE_ORDERS[(v3 >= v2) << 2 | (v4 >= v2) << 1 | (v4 >= v3)]


def _order_of(bits: int) -> tuple:
    """The order _palace_order gives for its three comparisons (3 before 2, 4 before 2, 4
    before 3); an impossible combination gets some order."""
    ahead = {2: 2 - (bits >> 2 & 1) - (bits >> 1 & 1), 3: (bits >> 2 & 1) + 1 - (bits & 1),
             4: (bits >> 1 & 1) + (bits & 1)}
    return tuple(sorted((2, 3, 4), key=lambda p: (-ahead[p], -p)))


_PALACE_ORDERS = tuple(_order_of(bits) for bits in range(8))


def _hire_gain(order, hv: list[float], goods: list[int], supply: int) -> float:
    """`heuristics.best_hire`'s gain: set-ups in `order` (best first) while they gain and
    goods and supply last."""
    gain = 0.0
    left = goods                 # copied at the first set-up paid for
    for p in order:
        v = hv[p]
        if v <= 0 or supply <= 0:
            break
        cost = SETUP_COST[p]
        if (left[0] >= cost[0] and left[1] >= cost[1] and left[2] >= cost[2]
                and left[3] >= cost[3] and left[4] >= cost[4]):
            if left is goods:
                left = goods[:]
            for k in range(5):
                left[k] -= cost[k]
            gain += v
            supply -= 1
    return gain


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
