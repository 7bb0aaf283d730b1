"""The medium bot: one step of look-ahead with an evaluation of the position.

For each candidate (at a turn, the policy's best few moves; otherwise every legal action; at the
market, every trade plan), it plays the action on a re-dealt copy, lets the policy finish the
turn (its own follow-up decisions and the others' reactions, such as their sacrifices), and
scores the position with `heuristics.evaluate`: the projected final score (VP the cards would
score, gold and the conquest multiplier, the goods economy, Incatrail progress, the day's timing)
against the best other seat, plus what the next move from where the Prince stands would bring. At
a turn, half the policy's own score of the move is added (measured: the blend beats either
alone). The best score wins.
"""

from __future__ import annotations

from .. import actions as A
from .. import data as D
from .base import Bot, Decision
from .heuristics import ADJ, Ctx, W, decide, district_values, evaluate, market_plans, turn_scores
from .reasons import _label, explain

MAX_FOLLOW = 60


def finish_turn(g, limit: int = MAX_FOLLOW) -> None:
    """Let the policy play until the next turn (or set-up) decision, or the end."""
    k = 0
    while not g.over and k < limit:
        kind = g.stack[-1][0]
        if kind == "turn" or kind == "setup":
            return
        g.apply_unchecked(decide(g))
        k += 1


def position_value(g, s: int) -> float:
    """What seat s's next move could bring from where its Prince stands (0 if the game is over)."""
    if g.over:
        return 0.0
    ctx = Ctx(g, s)
    values = district_values(ctx, with_market=False)
    here = g.prince[s]
    best = 0.0
    near = ADJ[here] if here >= 0 else range(15)
    for d in near:
        if values[d] > best:
            best = values[d]
    if ctx.goods[D.LLAMA]:
        far = max(values) - ctx.gv[D.LLAMA]
        if far > best:
            best = far
    return best


def market_key(g, s: int) -> tuple:
    """The public state of a market visit (to follow a plan decided at its first step)."""
    return (s, tuple(g.goods[s]), tuple(g.market), g.mkt_adjusted, g.mkt_traded,
            g.mkt_bought, g.mkt_sold, g.day, g.tiles_today)


class MediumBot(Bot):
    level = "medium"
    look = W.look
    shortlist = 4     # turn moves considered: the policy's best k (0: all)
    blend = 0.5       # weight of the policy's own score of a turn move, added to the evaluation

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._plan: tuple = ((), [])   # (market key, actions still to take)

    def score(self, g, s: int) -> float:
        return evaluate(g, s) + self.look * position_value(g, s)

    def _think(self, game, seat, rng, thinker):
        g = game.determinize(seat, rng)
        task = g.stack[-1]
        legal = g.legal_actions()
        if task[0] == "market":
            return (yield from self._market(g, seat, legal))
        candidates = legal
        prior = None
        if task[0] == "turn" and (self.shortlist or self.blend):
            prior = turn_scores(Ctx(g, seat), legal)
            if self.shortlist and len(legal) > self.shortlist:
                order = sorted(range(len(legal)), key=lambda i: -prior[i])[:self.shortlist]
                candidates = [legal[i] for i in sorted(order)]
            prior = dict(zip(legal, prior))
        best, best_v, values = None, None, []
        for action in candidates:
            c = g.fast_clone()
            c.apply_unchecked(action)
            finish_turn(c)
            v = self.score(c, seat)
            if prior is not None:
                v += self.blend * prior[action]
            values.append(v)
            if best_v is None or v > best_v:
                best, best_v = action, v
            yield
        reason = explain(g, seat, best)
        return Decision(best, reason + _margin(values, best_v))

    def _market(self, g, seat, legal):
        key = market_key(g, seat)
        plan_key, rest = self._plan
        if plan_key == key and rest and rest[0] in legal:
            action = rest[0]
            self._advance(g, seat, rest)
            return Decision(action, explain(g, seat, action))
        ctx = Ctx(g, seat)
        best, best_v, label = None, None, ""
        for actions, _gain, what in market_plans(ctx):
            c = g.fast_clone()
            for a in actions:
                if c.over or c.stack[-1][0] != "market" or a not in c.legal_actions():
                    break
                c.apply_unchecked(a)
            finish_turn(c)
            v = self.score(c, seat)
            if best_v is None or v > best_v:
                best, best_v, label = actions, v, what
            yield
        action = best[0] if best[0] in legal else A.DONE
        self._advance(g, seat, best)
        reason = explain(g, seat, action)
        if action is not A.DONE and label:
            reason += f" (plan: {', '.join(str(a) for a in best[:-1])}; for {_label(label)})"
        return Decision(action, reason)

    def _advance(self, g, seat, plan) -> None:
        """Remember the rest of the plan, keyed by the market state after its first action."""
        c = g.fast_clone()
        first = plan[0]
        if first is A.DONE:
            self._plan = ((), [])
            return
        c.apply_unchecked(first)
        if c.over or c.stack[-1][0] != "market":
            self._plan = ((), [])
            return
        self._plan = (market_key(c, seat), list(plan[1:]))


def _margin(values: list[float], best: float) -> str:
    if len(values) < 2:
        return ""
    second = sorted(values, reverse=True)[1]
    return f" (look-ahead: best of {len(values)} by {best - second:.1f} points)"
