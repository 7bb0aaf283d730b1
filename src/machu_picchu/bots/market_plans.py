"""A visit to the Central Plaza as a few short plans (adjust, sells, buys, "done"), each for a
target (the Priest / Virgin a seat saves for, an Inca set-up, llamas to sacrifice), so that the
market loop costs nothing to search."""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from .. import actions as A
from .. import data as D
from ..market import buy_price, buy_total, sell_price
from .pace import PACE, open_rows, racing
from .values import SETUP_COST, W, Ctx

if TYPE_CHECKING:
    from ..game import Game

_SELL_PRICES = tuple(sell_price(u) for u in range(5))   # corn for one unit sold into a column of u
# Corn to buy n units one after another from a column holding u: _BUY_TOTAL[u][n]
_BUY_TOTAL = tuple(tuple(buy_total(u, n) for n in range(16)) for u in range(5))


def _plan_for(market: list[int], goods: list[int], buys: list[int], corn_floor: int,
              sell_order: list[int], sellable: list[int], adjusted: bool, traded: bool):
    """Cheapest way to buy `buys` (units per good), selling from `sellable` in `sell_order`.

    Returns (actions, corn after, units sold per good) or None when not affordable."""
    best = None
    options: list[Optional[tuple[int, int]]] = [None]
    if not adjusted and not traded:
        for k in D.MARKET_GOODS:
            if buys[k] and market[k] < 4:
                options.append((k, 1))
            if sellable[k] and market[k] > 0:
                options.append((k, -1))
    if max(buys) >= 16:
        return _plan_for_slow(market, goods, buys, corn_floor, sell_order, sellable, options)
    bt = _BUY_TOTAL
    b1, b2, b3, b4 = buys[1], buys[2], buys[3], buys[4]
    m1, m2, m3, m4 = market[1], market[2], market[3], market[4]
    # the corn the buys cost at the market as it stands (each unit at its column's price then)
    plain = bt[m1][b1] + bt[m2][b2] + bt[m3][b3] + bt[m4][b4]
    corn0 = goods[0]
    for opt in options:
        cost = plain
        if opt is not None:
            k, delta = opt
            u = market[k]
            cost += bt[u + delta][buys[k]] - bt[u][buys[k]]
        corn = corn0
        sells: list[int] = []
        if corn - cost < corn_floor:
            corn, sells = _sell_until(corn, cost + corn_floor, market, opt, sell_order, sellable)
            if corn - cost < corn_floor:
                continue
        final = corn - cost
        if best is None or final > best[1]:
            best = (opt, final, sells)
    return _plan_actions(best, buys)


def _plan_for_slow(market, goods, buys, corn_floor, sell_order, sellable, options):
    """`_plan_for` one unit at a time (buys beyond its table)."""
    best = None
    for opt in options:
        mk = market[:]
        if opt is not None:
            mk[opt[0]] += opt[1]
        cost = 0
        for k in D.MARKET_GOODS:
            u = mk[k]
            for _ in range(buys[k]):
                cost += buy_price(u)
                if u:
                    u -= 1
        corn = goods[0]
        sells: list[int] = []
        if corn - cost < corn_floor:
            corn, sells = _sell_until(corn, cost + corn_floor, market, opt, sell_order, sellable)
            if corn - cost < corn_floor:
                continue
        final = corn - cost
        if best is None or final > best[1]:
            best = (opt, final, sells)
    return _plan_actions(best, buys)


def _sell_until(corn: int, need: int, market: list[int], opt, sell_order: list[int],
                sellable: list[int]) -> tuple[int, list[int]]:
    """Sell from `sellable` in `sell_order`, one unit at a time into the market (adjusted by
    `opt`: (good, +1/-1) or None), until `corn` reaches `need`: (corn then, goods sold in order);
    corn stays below `need` if everything sellable is not enough."""
    sells: list[int] = []
    for k in sell_order:
        u = market[k]
        if opt is not None and opt[0] == k:
            u += opt[1]
        left = sellable[k]
        while left > 0 and corn < need:
            corn += _SELL_PRICES[u]
            if u < 4:
                u += 1
            sells.append(k)
            left -= 1
        if corn >= need:
            break
    return corn, sells


def _plan_actions(best, buys: list[int]):
    """`_plan_for`'s answer from the best (adjustment, corn after, sales)."""
    if best is None:
        return None
    opt, final, sells = best
    actions = []
    if opt is not None:
        actions.append(A.ADJUST_ADD[opt[0]] if opt[1] > 0 else A.ADJUST_REMOVE[opt[0]])
    actions += [A.SELL[k] for k in sells]
    for k in D.MARKET_GOODS:
        actions += [A.BUY[k]] * buys[k]
    sold = [0] * 5
    for k in sells:
        sold[k] += 1
    return actions, final, sold


def market_plan(ctx: Ctx, fast: bool = False) -> tuple[list, float, str]:
    """A visit's trades: (actions ending with "done", gain in points, what it is for)."""
    return max(market_plans(ctx, fast), key=lambda p: p[1])


def visit_state(g: "Game", s: int) -> tuple[bool, bool, int, int, int]:
    """The market visit that seat s's plans start from, (adjusted, traded, bought mask, sold
    mask, trades): the visit in progress when it is s's (the task at hand), else a fresh
    visit's. The game keeps the last visit's flags until someone enters the Central Plaza again:
    a plan for a later visit (the Plaza's value in a turn choice) must not read them."""
    stack = g.stack
    if stack:
        task = stack[-1]
        if task[0] == "market" and task[1] == s:
            return g.mkt_adjusted, g.mkt_traded, g.mkt_bought, g.mkt_sold, g.mkt_trades
    return False, False, 0, 0, 0


def market_plans(ctx: Ctx, fast: bool = False) -> list[tuple[list, float, str]]:
    """Every plan worth considering for this visit, "done" at once included.

    Targets tried: the Priest / Virgin I save for, the best Inca set-ups, llamas for my priests'
    sacrifices; each bought with corn and surplus goods at the best adjusted prices. During the
    seat's own visit the plans go on from where it stands; any other time they are for a visit
    to come (`visit_state`).
    """
    g, s = ctx.g, ctx.s
    goods, gv = ctx.goods, ctx.gv
    market = g.market
    adjusted, traded, bought, sold_mask, trades = visit_state(g, s)
    trades_left = D.MAX_TRADES_PER_VISIT - trades
    plans: list[tuple[list, float, str]] = [([A.DONE], 0.0, "nothing to trade")]
    if trades_left <= 0:
        return plans
    candidates: list[tuple[str, list[int], float]] = []
    race = PACE.finish and racing(g, s)
    r = ctx.target
    # (a play-out's kept values may name a row that another seat has since emptied)
    if r >= 0 and ctx.t > 0.5 and g.rows_taken[r] < D.ROW_SIZES[r]:
        cost = D.ROW_CARD_COSTS[r][g.rows_taken[r]]
        gain = ctx.acquire_value(r)
        if gain > 0:
            candidates.append((D.ROW_NAMES[r], list(cost), gain * 0.75))
    if not fast and g.supply[s] and ctx.t > 0.8:
        for p in range(5):
            gain = ctx.hire_value(p)
            if gain > 0.3:
                candidates.append((D.PROFESSION_NAMES[p], list(SETUP_COST[p]), gain * 0.6))
    # llamas my priests can sacrifice in the next days
    want = int(min(ctx.sac_cap, sum(ctx.owned) * 2)) - goods[D.LLAMA]
    if want > 0 and ctx.t > 0.3:
        want = min(want, 3)
        llama_gain = want * (max(ctx.rv) * ctx.sv * W.trigger - ctx.llama_base * 0.5)
        if llama_gain > 0:
            candidates.append(("llamas", [0, want, 0, 0, 0], llama_gain))
    plain = len(candidates)
    if race:
        # few Priests/Virgins left and I would win their ending: each next one, paid with
        # whatever I hold, llamas too (pace.py)
        for row in open_rows(g):
            candidates.append((D.ROW_NAMES[row], list(D.ROW_CARD_COSTS[row][g.rows_taken[row]]),
                               PACE.finish_gain * 0.75))
    corn_floor_base = 0
    for i, (label, cost, gain) in enumerate(candidates):
        buys = [0] * 5
        reserve = list(cost)
        for k in range(1, 5):
            if cost[k] > goods[k]:
                buys[k] = cost[k] - goods[k]
        if not any(buys) and goods[0] >= cost[0]:
            continue  # already affordable: nothing to trade for it
        if sold_mask and ((buys[1] and sold_mask & 2) or (buys[2] and sold_mask & 4)
                          or (buys[3] and sold_mask & 8) or (buys[4] and sold_mask & 16)):
            continue              # a good sold in this visit cannot be bought
        # Sell goods I hold beyond what the target needs, least valuable first.
        sellable = [0] * 5
        for k in D.MARKET_GOODS:
            if not buys[k] and not (bought >> k & 1):
                extra = goods[k] - reserve[k]
                if k == D.LLAMA and i < plain:
                    extra = min(extra, goods[k] - min(goods[k], int(ctx.sac_cap)))
                if extra > 0:
                    sellable[k] = extra
        order = [k for k in D.MARKET_GOODS if sellable[k]]
        if len(order) > 1:
            order.sort(key=gv.__getitem__)
        plan = _plan_for(market, goods, buys, max(cost[0], corn_floor_base), order, sellable,
                         adjusted, traded)
        if plan is None:
            continue
        actions, corn_after, sold = plan
        if sum(sold) + sum(buys) > trades_left:
            continue              # more trades than the visit has left
        spent = goods[0] - corn_after  # net corn paid (negative when selling brings corn)
        gb = ctx.gv_base
        # sum() over the same four terms (as sum adds them: compensated from Python 3.12 on)
        lost = sum((gv[1] * sold[1], gv[2] * sold[2], gv[3] * sold[3], gv[4] * sold[4]))
        got = sum((gb[1] * buys[1], gb[2] * buys[2], gb[3] * buys[3], gb[4] * buys[4]))
        value = gain + got - lost - spent * gv[0]
        plans.append((actions + [A.DONE], value, label))
    return plans

