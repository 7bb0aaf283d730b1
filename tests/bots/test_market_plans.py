"""Market plans (`heuristics.market_plans`): which visit a plan starts from."""

from __future__ import annotations

import random

from machu_picchu import data as D
from machu_picchu import new_game
from machu_picchu.bots.heuristics import Ctx, district_values, market_plans
from machu_picchu.bots.playout import Policy


def visit_flags(g) -> tuple:
    return g.mkt_adjusted, g.mkt_traded, g.mkt_bought, g.mkt_sold, g.mkt_trades


def fresh_visit(g):
    """A copy of g whose market-visit flags are those of a visit just begun."""
    c = g.fast_clone()
    c.mkt_adjusted = c.mkt_traded = False
    c.mkt_bought = c.mkt_sold = c.mkt_trades = 0
    return c


def trades(plan) -> int:
    return sum(1 for a in plan[0] if a.kind in ("buy", "sell"))


def test_a_later_visit_is_planned_as_a_fresh_visit():
    """Between visits the game keeps the flags of the last one (who adjusted, traded, bought or
    sold what) until someone enters the Central Plaza. A seat's plan for a visit to come (the
    Plaza's value when it chooses a move, in the medium policy and in the play-outs) is the
    plan of a fresh visit, whatever the last visitor did: every seat at every turn of whole
    policy games, 2 to 5 players."""
    compared = left = 0
    for seed in range(6):
        g = new_game(2 + seed % 4, 400 + seed).fast_clone()
        policy = Policy(g, random.Random(seed))
        while not g.over:
            if g.stack[-1][0] == "turn":
                fresh = fresh_visit(g)
                left += visit_flags(g) != visit_flags(fresh)
                for s in range(g.n):
                    assert market_plans(Ctx(g, s)) == market_plans(Ctx(fresh, s))
                    plaza = district_values(Ctx(fresh, s), True, True)[D.D_PLAZA]
                    assert district_values(Ctx(g, s), True, True)[D.D_PLAZA] == plaza
                    # the play-outs' planned Plaza (a policy of its own: this one plays on)
                    assert Policy(g, random.Random(0)).district_values(s)[D.D_PLAZA] == plaza
                    compared += 1
            policy.step()
    assert compared > 1000 and left > 200      # the last visit's flags were there to mislead


def market_positions(count: int):
    """Market decisions of policy games after the visit's first trade."""
    found = 0
    for seed in range(40):
        g = new_game(2 + seed % 4, 500 + seed).fast_clone()
        policy = Policy(g, random.Random(seed))
        while not g.over:
            task = g.stack[-1]
            if task[0] == "market" and g.mkt_traded and len(g.legal_actions()) > 1:
                yield g.fast_clone(), task[1]
                found += 1
                if found >= count:
                    return
            if task[0] == "market":       # one market step at a time
                g.apply_unchecked(policy_step(g, policy))
            else:
                policy.step()


def policy_step(g, policy):
    """The first step of the policy's plan for the visit at hand."""
    plan = market_plans(policy.ctx(g.stack[-1][1]), True)
    best = max(plan, key=lambda p: p[1])[0][0]
    return best if best in g.legal_actions() else g.legal_actions()[-1]


def test_the_visit_in_progress_is_planned_from_where_it_stands():
    """During the seat's own visit its plans start from that visit: no adjustment after a
    trade, nothing bought that was sold in it or sold that was bought; every plan plays to its
    end by legal steps."""
    checked = 0
    for g, s in market_positions(60):
        for plan in market_plans(Ctx(g, s)):
            c = g.fast_clone()
            for a in plan[0]:
                assert a in c.legal_actions(), (a, plan)
                c.apply_unchecked(a)
                if a.kind == "done":
                    break
            checked += 1
    assert checked > 60


def test_no_plan_has_more_trades_than_the_visit_has_left():
    """A visit ends after MAX_TRADES_PER_VISIT trades (the ruling): a plan during the visit
    holds no more trades than are left, and none but "done" once they are used up."""
    tested = 0
    for g, s in market_positions(200):
        if max(trades(p) for p in market_plans(Ctx(g, s))) < 2:
            continue
        g.mkt_trades = D.MAX_TRADES_PER_VISIT - 1
        g._legal = None
        assert max(trades(p) for p in market_plans(Ctx(g, s))) <= 1
        g.mkt_trades = D.MAX_TRADES_PER_VISIT
        g._legal = None
        assert [p[0] for p in market_plans(Ctx(g, s))] == [[g.legal_actions()[0]]]
        tested += 1
    assert tested >= 3
