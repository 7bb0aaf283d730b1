"""The fast rule-based policy for every kind of decision (`decide`: the easy bot, the medium
bot's follow-ups and the hard bot's play-outs): the value of entering each district now
(`district_values`), a turn's scores with a look at the next move (`turn_scores`), and the
choices of the other decisions."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Optional

from .. import actions as A
from .. import data as D
from .endings import (_deck_race, deck_end_margin, deck_ends_at, end_margin, end_value,
                      priests_end_margin, safe_steps)
from .market_plans import market_plan
from .pace import PACE, keep_day_going, racing
from .values import ADJ, ROW_TEMPLE, SETUP_COST, TAKE_ITEMS, W, Ctx

if TYPE_CHECKING:
    from ..game import Game


def best_offer(ctx: Ctx) -> tuple[int, float]:
    """(goods mask, gain) of the offer at the Main Temple: goods worth less than 2 steps."""
    goods, gv, step2 = ctx.goods, ctx.gv, 2.0 * ctx.sv
    mask = 0
    gain = 0.0
    if goods[D.CORN] >= 3 and step2 > 3 * gv[D.CORN]:
        mask |= 1
        gain += step2 - 3 * gv[D.CORN]
    for k in range(1, 5):
        if goods[k] and step2 > gv[k]:
            mask |= 1 << k
            gain += step2 - gv[k]
    return mask, gain


def best_hire(ctx: Ctx, district: int) -> tuple[int, float]:
    """(professions mask, gain) of the best affordable set-up at the Hut or the Palace."""
    g, s = ctx.g, ctx.s
    goods = ctx.goods
    supply = g.supply[s]
    if not supply:
        return 0, 0.0
    vals = [(ctx.hire_value(p), p) for p in range(5) if D.SETUP_DISTRICT[p] == district]
    vals.sort(reverse=True)
    left = list(goods)
    mask = 0
    gain = 0.0
    for v, p in vals:
        if v <= 0 or supply <= 0:
            break
        cost = SETUP_COST[p]
        if (left[0] >= cost[0] and left[1] >= cost[1] and left[2] >= cost[2]
                and left[3] >= cost[3] and left[4] >= cost[4]):
            for k in range(5):
                left[k] -= cost[k]
            mask |= 1 << p
            gain += v
            supply -= 1
    return mask, gain


def best_acquire(ctx: Ctx, district: int) -> tuple[int, float]:
    """(row or -1, gain) of the best affordable Priest / Virgin at that house."""
    g = ctx.g
    goods = ctx.goods
    best, gain = -1, 0.0
    for r in range(3):
        if D.ROW_HOUSE[r] != district:
            continue
        taken = g.rows_taken[r]
        if taken >= D.ROW_SIZES[r]:
            continue
        cost = D.ROW_CARD_COSTS[r][taken]
        if (goods[0] >= cost[0] and goods[1] >= cost[1] and goods[2] >= cost[2]
                and goods[3] >= cost[3] and goods[4] >= cost[4]):
            v = ctx.acquire_value(r)
            left = D.TOTAL_PRIEST_CARDS - sum(g.rows_taken)
            if left == 1:   # the last one ends the game
                margin = priests_end_margin(g, ctx.s, r)
                if margin <= 0:
                    continue            # never end the game behind by choice
                v = max(v, 0.0) + W.end_bonus
            elif left <= W.pull_left:
                v += end_pull(g, ctx.s, r, left)
            if v > gain:
                best, gain = r, v
    if PACE.finish and sum(g.rows_taken) < D.TOTAL_PRIEST_CARDS - 1 and racing(g, ctx.s):
        # few left and I would win their ending: the next one is worth the race (pace.py)
        for r in range(3):
            if (D.ROW_HOUSE[r] == district and g.rows_taken[r] < D.ROW_SIZES[r]
                    and PACE.finish_gain > gain):
                cost = D.ROW_CARD_COSTS[r][g.rows_taken[r]]
                if all(goods[k] >= cost[k] for k in range(5)):
                    best, gain = r, PACE.finish_gain
    return best, gain


def end_pull(g: "Game", s: int, r: int, left: int) -> float:
    """Points for taking a card of row r while `left` Priests/Virgins remain: the ending by
    Priests and Virgins comes nearer; worth it to a seat that would win it (VP only, no
    conquest: its margin with the card's icons), a cost to one that would lose it."""
    margin = priests_end_margin(g, s, r)
    pull = W.end_pull / (left - 1)
    return pull if margin > 0 else -pull


def best_sunclock(ctx: Ctx) -> tuple[int, float]:
    """(profession or -1, gain) of sending one of my Incas to the Sun Clock.

    It brings 3 goods and 3 steps; the Inca comes back to my supply at night, so its icons and
    production are lost until I pay (goods and a turn) to set it up again. On day 9 it pays at
    once but stays: its icons are lost for good."""
    g = ctx.g
    incas = ctx.incas
    last = g.day == D.LAST_DAY
    if ctx.t < 0.15 and not last:
        return -1, 0.0
    goods3 = sorted(ctx.gv_base[1:] + [3 * ctx.gv_base[0]], reverse=True)
    pay = sum(goods3[:3]) + ctx.steps_value(3)
    best, gain = -1, 0.0
    for p in range(5):
        if not incas[p]:
            continue
        if last:
            loss = ctx.icons[p] * ctx.m
        else:
            rehire = ctx.cost_value(SETUP_COST[p], True) + W.turn_cost
            keep = ctx.hire_gain(p)
            loss = min(rehire, keep) + ctx.produce_value(p) * W.trigger
        v = pay - loss
        if v > gain:
            best, gain = p, v
    return best, gain


def moon_value(ctx: Ctx, t: int) -> float:
    _tid, corn, good, steps = D.MOON_TILES[t]
    gv = ctx.gv
    if corn:
        return corn * gv[D.CORN]
    if good is not None:
        return max(0.0, gv[good] - gv[D.CORN]) if ctx.goods[D.CORN] or t else gv[good] - gv[D.CORN]
    return ctx.steps_value(steps)


def district_values(ctx: Ctx, with_market: bool = True, fast: bool = False) -> list[float]:
    """Points of entering each district now (0 when nothing would happen)."""
    g, s = ctx.g, ctx.s
    goods, incas, owned, gv, sv = ctx.goods, ctx.incas, ctx.owned, ctx.gv, ctx.sv
    bonus = g.bonus
    out = [0.0] * 15
    # production
    for d in range(5):
        b = bonus[d]
        if not b:
            continue
        if d == D.D_CORN:
            v = (b + W.own_produce * incas[0]) * 3 * gv[0]
        else:
            corn = goods[0]
            v = b * gv[d] + W.own_produce * min(incas[d], corn) * (gv[d] - gv[0])
        out[d] = v - W.opp_produce * _others_produce(g, s, d, gv)
    # llama temples
    llamas = goods[D.LLAMA]
    for r in range(3):
        d = ROW_TEMPLE[r]
        b = bonus[d]
        if not b:
            continue
        k = min(owned[r], llamas)
        if k and ctx.rv[r] * sv <= ctx.llama_base:
            k = 0
        end = 0.0
        if len(g.deck) == 1:
            k, end = _deck_race(g, s, 3 * b, ctx.rv[r], k, r)
        v = ctx.steps_value(3 * b + k * ctx.rv[r]) - k * ctx.llama_base + end
        out[d] = v - W.opp * _others_sacrifice(g, s, r)
    if bonus[D.D_MAIN]:
        mask, gain = best_offer(ctx)
        k = len(A.mask_items(mask))
        end = 0.0
        if len(g.deck) == 1:
            k2, end = _deck_race(g, s, 3 * bonus[D.D_MAIN], D.MAIN_TEMPLE_STEPS, k, -1)
            if k2 < k:
                gain *= k2 / k
                k = k2
        out[D.D_MAIN] = ctx.steps_value(3 * bonus[D.D_MAIN] + 2 * k) - 2 * k * sv + gain + end
    out[D.D_HUT] = best_hire(ctx, D.D_HUT)[1]
    out[D.D_PALACE] = best_hire(ctx, D.D_PALACE)[1]
    out[D.D_PRIESTS] = best_acquire(ctx, D.D_PRIESTS)[1]
    out[D.D_VIRGINS] = best_acquire(ctx, D.D_VIRGINS)[1]
    if with_market:
        out[D.D_PLAZA] = market_plan(ctx, fast)[1]
    out[D.D_SUNCLOCK] = best_sunclock(ctx)[1]
    return out


def _others_produce(g: "Game", s: int, d: int, gv: list[float]) -> float:
    """Points the others' Incas make when s triggers district d, valued with s's own goods
    values (a farmer's 3 corn for free; any other good for the corn it costs)."""
    total = 0
    for q in range(g.n):
        if q != s:
            total += g.incas[q][d]
    if d == D.D_CORN:
        return total * D.FARMER_CORN * gv[D.CORN]
    return total * max(0.0, gv[d] - gv[D.CORN])


def _others_sacrifice(g: "Game", s: int, r: int) -> float:
    total = 0
    for q in range(g.n):
        if q != s:
            total += min(g.owned[q][r], g.goods[q][D.LLAMA])
    return total * (D.ROW_BASE_STEPS[r] - g.rows_taken[r]) * 0.25


# -- choices for every kind of decision -------------------------------------------------------
def choose_return(ctx: Ctx, k: int) -> tuple[int, ...]:
    """The k cards of my hand to put back: the least valuable to me."""
    hand = ctx.g.hands[ctx.s]
    ranked = sorted(hand, key=lambda c: (ctx.card_value(c), -c))
    return tuple(sorted(ranked[:k]))


def choose_take(ctx: Ctx) -> int:
    """The 3 different goods from the Sun Clock (a TAKE mask)."""
    gv = ctx.gv
    vals = [3 * gv[0]] + [gv[k] + (W.need_boost if ctx.need[k] else 0.0) for k in range(1, 5)]
    best, bestv = 0, -1.0
    for m, items in TAKE_ITEMS.items():
        v = sum(vals[k] for k in items)
        if v > bestv:
            best, bestv = m, v
    return best


def choose_setup(ctx: Ctx) -> int:
    icons = ctx.icons
    prefs = (1.2, 1.0, 0.9, 0.9, 0.9)  # farmer, shepherd, planter, potter, weaver
    return max(range(5), key=lambda p: (icons[p] * 2 + prefs[p], -p))


def turn_scores(ctx: Ctx, legal: list, look: Optional[float] = None,
                fast: bool = False) -> list[float]:
    """A score per legal turn action: the district now and the best move from there next."""
    if look is None:
        look = W.look
    g, s = ctx.g, ctx.s
    values = district_values(ctx, True, fast)
    here = g.prince[s]
    used = g.last_used[s]
    llama_cost = ctx.gv[D.LLAMA]
    has_llama = ctx.goods[D.LLAMA] > 0
    # Best next move from each district (value of being there next turn).
    nexts = [0.0] * 15
    if look:
        best_any = max(values) - llama_cost if has_llama else 0.0
        for d in range(15):
            m = 0.0
            for n in ADJ[d]:
                if values[n] > m:
                    m = values[n]
            if best_any > m:
                m = best_any
            nexts[d] = m
    scores = []
    tiles_today = g.tiles_today
    final = g.day == D.LAST_DAY
    if final and g.final_turns:
        look = 0.0              # the last turn of the game: no next move
    ends_day = tiles_today == D.MOON_TILES_TO_END_DAY - 1 and not g.final_turns
    day_end = 0.0
    if ends_day and final:
        # The 3rd tile of day 9 ends my play; the others have one turn each, then the conquest.
        day_end = end_value(end_margin(g, s, True), W.end_safety)
    for a in legal:
        kind = a.kind
        if kind == "stay":
            v = moon_value(ctx, a.arg) + W.stay_bias
            if ends_day:
                if final:
                    v += day_end        # the Sun tile is worth nothing: no next day
                else:
                    v += W.sun_tile
            if here >= 0 and not (final and ends_day):
                v += look * nexts[here] * 0.8
            if final and len(g.deck) == 1:   # the steps of a trail tile pay at once on day 9
                steps = D.MOON_TILES[a.arg][3]
                if deck_ends_at(g, s, steps):
                    v += end_value(deck_end_margin(g, s, steps))
            scores.append(v)
            continue
        d = a.arg
        v = values[d] + look * nexts[d]
        if kind == "travel":
            v -= llama_cost
        scores.append(v)
    if PACE.days:
        keep_day_going(g, legal, scores)
    return scores


def decide(g: "Game", rng: Optional[random.Random] = None, eps: float = 0.0,
           ctx: Optional[Ctx] = None, look: Optional[float] = None):
    """The policy's action for the seat to move in `g` (fast; no copies)."""
    task = g.stack[-1]
    kind, s = task[0], task[1]
    legal = g._legal          # read only here: no copy (the play-outs decide thousands a second)
    if legal is None:
        legal = g.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if rng is not None and eps and rng.random() < eps and kind != "market":
        return legal[rng.randrange(len(legal))]
    if kind == "produce":
        # Always worth it: a good is worth more than the corn it costs.
        return A.PRODUCE[min(g.incas[s][task[2]], g.goods[s][D.CORN])]
    if kind == "sacrifice":
        # Always worth it: a llama is worth less than the steps it brings (but not the summit
        # that takes the last card and ends the game while behind).
        k = min(g.owned[s][task[2]], g.goods[s][D.LLAMA])
        if len(g.deck) == 1:
            k = safe_steps(g, s, g.row_value(task[2]), k, task[2])
        return A.SACRIFICE[k]
    if kind == "claim":
        tiles = task[2]
        corn = g.goods[s][D.CORN]
        mask = 0
        for k in (D.LLAMA, D.COCA, D.POTTERY, D.CLOTH):
            if corn and tiles >> k & 1:
                mask |= 1 << k
                corn -= 1
        return A.CLAIM[mask]
    if ctx is None:
        ctx = Ctx(g, s)
    if kind == "turn":
        scores = turn_scores(ctx, legal, look)
        best = max(range(len(legal)), key=scores.__getitem__)
        return legal[best]
    if kind == "offer":
        mask = best_offer(ctx)[0]
        if len(g.deck) == 1 and mask:
            items = A.mask_items(mask)
            k = safe_steps(g, s, D.MAIN_TEMPLE_STEPS, len(items), -1)
            if k < len(items):   # offer only the k goods worth least
                keep = sorted(items, key=lambda x: ctx.gv[x] * (3 if x == D.CORN else 1))[:k]
                mask = sum(1 << x for x in keep)
        return A.OFFER[mask]
    if kind == "hire":
        return A.HIRE[best_hire(ctx, task[2])[0]]
    if kind == "acquire":
        return A.ACQUIRE[best_acquire(ctx, task[2])[0] + 1]
    if kind == "market":
        plan = market_plan(ctx)[0]
        action = plan[0]
        return action if action in legal else A.DONE
    if kind == "sunclock":
        return A.SUNCLOCK[best_sunclock(ctx)[0] + 1]
    if kind == "take":
        return A.TAKE[choose_take(ctx)]
    if kind == "return":
        return A.RETURN[choose_return(ctx, task[2])]
    if kind == "setup":
        return A.PLACE[choose_setup(ctx)]
    return legal[0]


def play_market(g: "Game") -> None:
    """Play a whole market visit at once with the plan (for play-outs)."""
    ctx = Ctx(g, g.stack[-1][1])
    for action in market_plan(ctx, fast=True)[0]:
        if g.over or g.stack[-1][0] != "market":
            return
        if action is not A.DONE and action not in g.legal_actions():
            action = A.DONE
        g.apply_unchecked(action)
        if action is A.DONE:
            return

