"""The legal actions of the decision at hand (`Game.legal_actions`), from the rules' tables.
A hot path: the hard bot's play-outs list legal actions thousands of times a second."""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from . import actions as A
from . import data as D
from .actions import Action
from .kinds import Decision
from .market import buy_price
from .tables import CLAIMS, HIRE_COSTS, HIRE_MASKS, MOVES_FROM, OFFERS_OF, STAYS, TRAVELS_FROM

if TYPE_CHECKING:
    from .game import Game, Task

# The kinds as plain module globals: an enum member looked up through its class costs CPython
# 3.11 five times a global (legal-action generation was 15% slower).
_ACQUIRE = Decision.ACQUIRE
_CLAIM = Decision.CLAIM
_HIRE = Decision.HIRE
_MARKET = Decision.MARKET
_OFFER = Decision.OFFER
_PRODUCE = Decision.PRODUCE
_RETURN = Decision.RETURN
_SACRIFICE = Decision.SACRIFICE
_SETUP = Decision.SETUP
_SUNCLOCK = Decision.SUNCLOCK
_TAKE = Decision.TAKE
_TURN = Decision.TURN


def legal_for(game: "Game", task: "Task") -> list[Action]:
    """Every action the seat of `task` may take now."""
    kind, seat = task[0], task[1]
    goods = game.goods[seat]
    if kind == _TURN:
        here = game.prince[seat]
        if here < 0:
            return list(A.MOVE)
        stays = STAYS[game.board_tiles]
        if game.turns_today >= D.MAX_TURNS_PER_DAY:   # the day's limit (ruling): stay
            return list(stays)
        if goods[D.LLAMA]:
            return [*MOVES_FROM[here], *TRAVELS_FROM[here], *stays]
        return [*MOVES_FROM[here], *stays]
    if kind == _PRODUCE:
        return list(A.PRODUCE[: min(game.incas[seat][task[2]], goods[D.CORN]) + 1])
    if kind == _SACRIFICE:
        return list(A.SACRIFICE[: min(game.owned[seat][task[2]], goods[D.LLAMA]) + 1])
    if kind == _OFFER:
        have = ((goods[0] >= D.CORN_PER_UNIT) | (goods[1] > 0) << 1 | (goods[2] > 0) << 2
                | (goods[3] > 0) << 3 | (goods[4] > 0) << 4)
        return list(OFFERS_OF[have])
    if kind == _HIRE:
        out = []
        for m in HIRE_MASKS[task[2]]:
            need, count = HIRE_COSTS[m]
            if count <= game.supply[seat] and all(goods[g] >= need[g] for g in range(5)):
                out.append(A.HIRE[m])
        return out
    if kind == _ACQUIRE:
        out = [A.ACQUIRE[0]]
        for row in range(3):
            if D.ROW_HOUSE[row] != task[2]:
                continue
            cost = game.next_card_cost(row)
            if cost is not None and all(goods[g] >= cost[g] for g in range(5)):
                out.append(A.ACQUIRE[row + 1])
        return out
    if kind == _MARKET:
        if game.mkt_trades >= D.MAX_TRADES_PER_VISIT:  # the visit's limit (ruling): leave
            return [A.DONE]
        out = []
        market = game.market
        if not game.mkt_adjusted and not game.mkt_traded:
            out += [A.ADJUST_REMOVE[g] for g in D.MARKET_GOODS if market[g] > 0]
            out += [A.ADJUST_ADD[g] for g in D.MARKET_GOODS if market[g] < 4]
        for g in D.MARKET_GOODS:
            bit = 1 << g
            if not game.mkt_sold & bit and goods[D.CORN] >= buy_price(market[g]):
                out.append(A.BUY[g])
            if not game.mkt_bought & bit and goods[g] > 0:
                out.append(A.SELL[g])
        out.append(A.DONE)
        return out
    if kind == _SUNCLOCK:
        incas = game.incas[seat]
        return [A.SUNCLOCK[0]] + [A.SUNCLOCK[p + 1] for p in range(5) if incas[p]]
    if kind == _TAKE:
        return list(A.TAKE.values())
    if kind == _RETURN:
        hand, k = game.hands[seat], task[2]
        if k == 1:
            return [A.RETURN[(c,)] for c in hand]
        return list(map(A.RETURN.__getitem__, combinations(hand, 2)))   # a<b pairs in order
    if kind == _CLAIM:
        tiles, corn = task[2], goods[D.CORN]
        return [a for m, a, cost in CLAIMS if m & ~tiles == 0 and cost <= corn]
    if kind == _SETUP:
        return list(A.PLACE)
    raise AssertionError(f"unknown task {task!r}")
