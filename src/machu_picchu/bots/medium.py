"""The medium bot: one step of look-ahead with an evaluation of the position.

For each candidate (at a turn, the policy's best few moves; otherwise every legal action; at the
market, every trade plan), it plays the action on a re-dealt copy, lets the policy finish the
turn (its own follow-up decisions and the others' reactions, such as their sacrifices), and
scores the position with `heuristics.evaluate`: the projected final score (VP the cards would
score, gold and the conquest multiplier, the goods economy, Incatrail progress, the day's timing)
against the best other seat, plus what the next move from where the Prince stands would bring. At
a turn, half the policy's own score of the move is added (measured: the blend beats either
alone). The best score wins. The re-deal gives the others hands as they keep them
(`heuristics.fit_hands`), not uniform ones, which underrated their gold and VP: against a player
who keeps the cards with the most gold, the gold lead was not contested.

The endings: when a candidate ends the game (the last Priest/Virgin, the last card, or a stay that
ends day 9), or leads into the final round of day 9 (which the policy then plays to the end), the
choice is made on the chance to win instead: every candidate is looked at on several re-deals of
the hidden cards; a finished game counts 1 if the seat wins (a share on a tie), 0 if not; one
still going counts the chance its projected margin gives. So the bot ends the game when that
wins and does not end it while behind unless every other move is worse by the same reckoning.

The race for Priests and Virgins (issue 28, in the policy it shares with the easy bot and the
hard bot's priors): a card of a row is worth more to take the more icons of that row the rival
who shows most of them holds (on the re-deal: its hand as kept), the more so as the row empties
(`Ctx.deny`); and with few Priests/Virgins left, one that brings their ending nearer is worth
more to a seat that would win that ending (VP, no conquest) and less to one that would lose it
(`policy.end_pull`), so a leader closes the game and a seat behind delays it.
"""

from __future__ import annotations

from typing import Optional

from .. import actions as A
from .. import data as D
from ..scoring import gold_of
from ..scoring import score as final_score
from .base import Bot, Decision
from .endings import fit_hands
from .evaluation import evaluate
from .market_plans import market_plans
from .policy import decide, district_values, end_pull, play_market, turn_scores
from .reasons import _label, bot_words, ending_reason, explain, why
from .values import ADJ, W, Ctx, sigmoid, timing

MAX_FOLLOW = 60
END_DEALS = 8       # re-deals over which a choice that can end the game is weighed
END_TIE = 0.001     # weight of the points margin beside the chance to win (breaks ties)


def finish_turn(g, limit: int = MAX_FOLLOW) -> None:
    """Let the policy play until the next turn (or set-up) decision, or the end."""
    k = 0
    while not g.over and k < limit:
        kind = g.stack[-1][0]
        if kind == "turn" or kind == "setup":
            return
        g.apply_unchecked(decide(g))
        k += 1


def in_final_round(g) -> bool:
    """The final round of day 9: the Sun tile is taken, each other player has one turn left."""
    return not g.over and g.day == D.LAST_DAY and g.final_turns > 0


def play_to_end(g, limit: int = 2000) -> None:
    """Let the policy play the game out (for the final round of day 9: a few turns)."""
    k = 0
    while not g.over and k < limit:
        if g.stack[-1][0] == "market":
            play_market(g)
        else:
            g.apply_unchecked(decide(g))
        k += 1


def outcome(g, s: int) -> tuple[float, float]:
    """(s's share of the win, s's final score minus the best other's) of a finished game."""
    sheet = final_score(g)
    finals = [x["final"] for x in sheet["seats"]]
    winners = sheet["winners"]
    share = 1.0 / len(winners) if s in winners else 0.0
    return share, finals[s] - max(finals[q] for q in range(g.n) if q != s)


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


def credit_pending(g) -> None:
    """Give every seat, on a copy about to be evaluated, what its Incas make at the production
    districts nobody has entered yet today: whoever enters one, they all produce. Without it the
    player who triggers the Corn Terraces counts its own farmers' corn as a gain of the move,
    when waiting would bring it too (and the bonus taken early feeds every rival)."""
    if g.over:
        return
    bonus = g.bonus
    for d in range(5):
        if not bonus[d]:
            continue
        for q in range(g.n):
            k = g.incas[q][d]
            if not k:
                continue
            goods = g.goods[q]
            if d == D.D_CORN:
                goods[D.CORN] += k * D.FARMER_CORN
            else:
                k = min(k, goods[D.CORN])
                goods[D.CORN] -= k
                goods[d] += k


def market_key(g, s: int) -> tuple:
    """The public state of a market visit (to follow a plan decided at its first step)."""
    return (s, tuple(g.goods[s]), tuple(g.market), g.mkt_adjusted, g.mkt_traded,
            g.mkt_bought, g.mkt_sold, g.day, g.tiles_today)


def race_values(g, s: int, candidates) -> dict:
    """Points beside the evaluation for each Priest/Virgin seat s may acquire (g: the re-deal):
    what taking it denies the rival who shows most icons of its row (`Ctx.deny`) and, with few
    left, whether it brings an ending s would win nearer (`policy.end_pull`)."""
    ctx = Ctx(g, s)
    left = D.TOTAL_PRIEST_CARDS - sum(g.rows_taken)
    out = {}
    for a in candidates:
        r = a.arg
        v = 0.0
        if r >= 0:
            v = ctx.deny(r)
            if 1 < left <= W.pull_left:
                v += end_pull(g, s, r, left)
        out[a] = v
    return out


def keep_values(g, s: int, candidates) -> dict:
    """Points beside the evaluation for each choice of the cards seat s puts back at a summit:
    W.keep_gold per gold on the cards it keeps, as sure as the conquest is (`timing`). The
    evaluation ranks the gold on one re-deal of the others' hands, with their gold projected as
    an average player's; against players who race for gold its rank was lost (issue 28: the
    gold and Priests-and-Virgins exploiters had the most gold twice as often as medium)."""
    if not W.keep_gold:
        return dict.fromkeys(candidates, 0.0)
    per_gold = W.keep_gold * timing(g)[1]
    trail = g.trail[s]      # the same bonus on both sides: only the cards' gold differs
    hand = gold_of(g.hands[s], trail)
    return {a: per_gold * (hand - gold_of(a.arg, trail)) for a in candidates}


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
        fit_hands(g, seat, rng)   # the others' hands as kept (more gold and VP than dealt)
        task = g.stack[-1]
        legal = g.legal_actions()
        if task[0] == "market":
            return (yield from self._market(g, seat, legal))
        candidates = legal
        prior = None
        if task[0] == "turn" and (self.shortlist or self.blend):
            prior = turn_scores(Ctx(g, seat), legal)
            if self.shortlist and len(legal) > self.shortlist:
                ranked = sorted(range(len(legal)), key=lambda i: -prior[i])
                order = ranked[:self.shortlist]
                if all(legal[i].kind == "stay" for i in order):
                    # a move always among them (a stay may end the day: never the only choice)
                    moves = [i for i in ranked if legal[i].kind != "stay"]
                    if moves:
                        order[-1] = moves[0]
                candidates = [legal[i] for i in sorted(order)]
            prior = dict(zip(legal, prior))
        beside = (race_values(g, seat, candidates) if task[0] == "acquire"
                  else keep_values(g, seat, candidates) if task[0] == "return" else None)
        best, best_v, values = None, None, []
        looks = []
        for action in candidates:
            look = self._look(g, seat, action)
            looks.append(look)
            v = look[0]
            if beside is not None:
                v += beside[action]
            if prior is not None and look[2] is None:
                v += self.blend * prior[action]
            values.append(v)
            if best_v is None or v > best_v:
                best, best_v = action, v
            yield
        if any(look[2] is not None for look in looks):
            useful = {a for a in candidates if prior is not None and prior[a] > 0}
            return (yield from self._ending_choice(game, seat, rng, g, candidates, looks, useful))
        reason = explain(g, seat, best)
        return Decision(best, reason + _margin(values, best_v))

    def _look(self, g, seat: int, action) -> tuple[float, float, Optional[str]]:
        """(value in points, chance to win, how the game ends or None) of `action` on the
        re-deal g: the turn finished by the policy, and the final round of day 9 played out."""
        c = g.fast_clone()
        c.apply_unchecked(action)
        finish_turn(c)
        if in_final_round(c):
            play_to_end(c)
        if c.over:
            share, margin = outcome(c, seat)
            return margin, share, c.end_reason
        credit_pending(c)
        margin = evaluate(c, seat)
        t = timing(c)[0]
        # The game goes on: my next move is sure (the day's final turn at least), so it counts
        # in full toward the chance.
        ahead = position_value(c, seat)
        chance = max(W.goes_on, sigmoid((margin + ahead) / (W.end_scale + W.end_scale_day * t)))
        return margin + self.look * ahead, chance, None

    def _ending_choice(self, game, seat, rng, g, candidates, looks, useful=frozenset()):
        """Choose by the chance to win over END_DEALS re-deals (see the module doc). A move that
        ends the game (or day 9) with less than an even chance, that is behind, is not chosen
        while one of the `useful` moves (worth something by the policy) goes on."""
        chance = [0.0] * len(candidates)
        points = [0.0] * len(candidates)
        ends = [look[2] for look in looks]
        for _ in range(END_DEALS):
            g2 = game.determinize(seat, rng)
            fit_hands(g2, seat, rng)   # the others' hands as kept, not as dealt
            for i, action in enumerate(candidates):
                look = self._look(g2, seat, action)
                chance[i] += look[1]
                points[i] += look[0]
                ends[i] = ends[i] or look[2]
                yield
        key = [(chance[i] + END_TIE * points[i]) / END_DEALS for i in range(len(candidates))]
        i = max(range(len(candidates)), key=key.__getitem__)
        if ends[i] and chance[i] / END_DEALS < 0.5:
            going_on = [j for j, a in enumerate(candidates) if not ends[j] and a in useful]
            if going_on:
                i = max(going_on, key=key.__getitem__)
        best = candidates[i]
        structured = why(g, seat, best)
        reason = bot_words(structured)
        if ends[i]:
            reason += ending_reason(ends[i], chance[i] / END_DEALS, points[i] / END_DEALS,
                                    named=structured[0] == "ending")
        return Decision(best, reason)

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
