"""The hard bot's light play-out policy (`bots.playout`): legal moves to the end, seeded
repeatability, the horizon, the medium policy's scores when its values are fresh, and each
turn's values kept for the seat's decisions after it."""

from __future__ import annotations

import random

import pytest

from machu_picchu import new_game
from machu_picchu.bots.heuristics import Ctx, turn_scores
from machu_picchu.bots.playout import Policy, ending_in_reach, play

from .test_bots import mid_game


def test_plays_legal_moves_to_the_end_of_the_game():
    """A whole game by the policy from the first move: each action it took replays through the
    checked `apply` of a fresh game, which refuses an illegal one."""
    for seed in (1, 2):
        game = new_game(4, seed)
        copy = game.clone()          # keeps the history: what the policy applied, unchecked
        play(Policy(copy, random.Random(seed)), horizon=10_000)
        assert copy.is_over and copy.end_reason in ("conquest", "priests", "cards")
        replayed = copy.undo(0)                # the whole game through apply
        assert replayed.is_over and replayed.result() == copy.result()


def test_same_seed_same_play_out():
    base = mid_game(seed=3, day=5).fast_clone()
    ends = []
    for seed in (7, 7, 8):
        g = base.clone()
        play(Policy(g, random.Random(seed)), horizon=8)
        ends.append((g.day, g.goods, g.trail, g.prince, g.stack))
    assert ends[0] == ends[1]
    assert ends[0] != ends[2]       # the noise: another seed, another play-out


class Counting(Policy):
    __slots__ = ("turns",)

    def turn(self) -> None:
        self.turns += 1
        super().turn()


@pytest.mark.parametrize("horizon", [0, 1, 5])
def test_stops_once_the_horizon_of_turns_has_begun(horizon):
    g = mid_game(seed=4, day=4).fast_clone()
    policy = Counting(g, random.Random(1))
    policy.turns = 0
    play(policy, horizon)
    assert policy.turns == horizon
    assert not g.over and g.stack[-1][0] == "turn"   # stopped at the next turn, not before


def test_fresh_values_give_the_medium_policys_turn_scores():
    """Right after a seat's values are built, the light scores are `heuristics.turn_scores`
    (fast) exactly: the policy only keeps values longer, it does not value differently."""
    checked = 0
    for seed, day in ((3, 4), (5, 6), (6, 8), (7, 5)):
        g = mid_game(seed=seed, day=day).fast_clone()
        s = g.stack[-1][1]
        legal = g.legal_actions()
        light = Policy(g, random.Random(0)).turn_scores(s, legal)
        full = turn_scores(Ctx(g, s), legal, fast=True)
        assert light == pytest.approx(full)
        checked += len(legal)
    assert checked > 12


def test_values_are_fresh_at_every_turn_but_the_planned_ones():
    """Later in a play-out, a seat's district values are still the medium policy's (its values
    rebuilt at each of its turns), but for the Central Plaza, planned once a day (and when its
    Incas or Priests/Virgins change)."""
    from machu_picchu import data as D
    from machu_picchu.bots.heuristics import district_values

    g = mid_game(seed=5, day=4).fast_clone()
    policy = Policy(g, random.Random(2))
    compared = 0
    for _ in range(12):
        if g.over:
            break
        if g.stack[-1][0] == "turn" and len(g._legal) > 1 and len(g.deck) > 1:
            s = g.stack[-1][1]
            light = policy.district_values(s)
            full = district_values(Ctx(g, s), True, True)
            for d in range(15):
                if d != D.D_PLAZA:
                    assert light[d] == pytest.approx(full[d]), d
            compared += 1
        play(policy, 1)
        while not g.over and g.stack[-1][0] != "turn":
            policy.step()
    assert compared >= 8


def test_light_values_are_the_medium_policys_district_values():
    """`light_values` (the play-outs' district values in one function) gives exactly
    `heuristics.district_values(ctx, False, True)` for every seat at every turn of whole games
    (2 to 5 players, the endings included): a change to the reference must be made in both."""
    from machu_picchu.bots.heuristics import district_values
    from machu_picchu.bots.playout import light_values

    compared = 0
    for seed in range(8):
        g = new_game(2 + seed % 4, 100 + seed).fast_clone()
        policy = Policy(g, random.Random(seed))
        while not g.over:
            if g.stack[-1][0] == "turn":
                for s in range(g.n):
                    assert light_values(Ctx(g, s)) == district_values(Ctx(g, s), False, True)
                    compared += 1
            policy.step()
    assert compared > 1000


def test_every_turn_keeps_its_values_for_the_decisions_after_it():
    """After each of a seat's turns the values it keeps (for its market visit, set-ups, ...
    that follow) are those of that turn, the turns with an ending in reach included (day 9's
    last moves, the deck's last card: scored apart, they once left the decisions after them on
    the values of an earlier turn, and an IndexError in `market_plans`)."""

    def values(ctx):
        return (ctx.t, ctx.pc, ctx.sv, ctx.gv, ctx.gv_base, ctx.need, ctx.target, ctx.rg,
                ctx.icons)

    endings = stale = 0
    for seed in (3, 5, 6):
        g = mid_game(seed=seed, day=8).fast_clone()
        policy = Policy(g, random.Random(seed))
        while not g.over:
            if g.stack[-1][0] != "turn" or len(g._legal) == 1:
                policy.step()
                continue
            s = g.stack[-1][1]
            fresh = values(Ctx(g, s))
            if ending_in_reach(g):
                endings += 1
                kept = policy.ctxs[s]
                stale += kept is not None and values(kept) != fresh
            policy.turn()
            assert values(policy.ctxs[s]) == fresh
    assert endings >= 8 and stale >= 4       # the case at issue did arise


def test_a_turn_is_the_best_score_plus_its_noise():
    """`Policy.turn` (its scoring inline, for speed) takes the action that `Policy.turn_scores`
    (away from the endings) or `heuristics.turn_scores` (near them) rates best once each score
    has its noise, drawn in the order of the legal actions: at every turn of whole policy games
    of 2 to 5 players, against a copy of the game and of the policy's kept values."""
    from machu_picchu.game import Game

    state = [k for k in Game.__slots__ if k not in ("_log", "history", "deciders", "starts")]
    turns = endings = 0
    for seed in range(8):
        g = new_game(2 + seed % 4, 200 + seed).fast_clone()
        policy = Policy(g, random.Random(seed))
        while not g.over:
            if g.stack[-1][0] != "turn" or len(g._legal) == 1:
                policy.step()
                continue
            s = g.stack[-1][1]
            copy = g.clone()
            ref = Policy(copy, random.Random())
            ref.rng.setstate(policy.rng.getstate())
            ref.ctxs, ref.keys, ref.plans = policy.ctxs[:], policy.keys[:], policy.plans[:]
            legal = copy.legal_actions()
            if ending_in_reach(g):
                scores = turn_scores(ref.ctx(s, True), legal, fast=True)
                endings += 1
            else:
                scores = ref.turn_scores(s, legal)
            noisy = [v + (ref.rng.random() - 0.5) * ref.noise for v in scores]
            copy.apply_unchecked(legal[noisy.index(max(noisy))])
            policy.turn()
            assert [getattr(g, k) for k in state] == [getattr(copy, k) for k in state]
            assert policy.rng.getstate() == ref.rng.getstate() and policy.plans == ref.plans
            turns += 1
    assert turns > 500 and endings > 10


def test_a_seats_values_use_the_games_timing():
    """`Ctx(g, s)` (the time left and the chance of a conquest worked out inline, for speed)
    holds exactly the values of `Ctx(g, s, heuristics.timing(g))`, for every seat at every
    decision of whole policy games, the ends of the game included."""
    from machu_picchu.bots.heuristics import timing

    fields = [f for f in Ctx.__slots__ if f != "g"]
    compared = 0
    for seed in range(6):
        g = new_game(2 + seed % 4, 300 + seed).fast_clone()
        policy = Policy(g, random.Random(seed))
        while True:
            for s in range(g.n):
                inline, given = Ctx(g, s), Ctx(g, s, timing(g))
                assert [getattr(inline, f) for f in fields] == [getattr(given, f) for f in fields]
                compared += 1
            if g.over:
                break
            policy.step()
    assert compared > 3000


def test_market_plans_by_table_are_the_unit_by_unit_plans():
    """`market_plans._plan_for` (buy costs from a table, for speed) finds the plan the unit-by-unit
    reckoning finds (`_plan_for_slow`): the same adjustment, sales, buys and corn left, over
    random markets, goods, purchases and floors."""
    from machu_picchu.bots import market_plans as H

    rng = random.Random(5)
    found = 0
    for _ in range(3000):
        market = [0] + [rng.randint(0, 4) for _ in range(4)]
        goods = [rng.randint(0, 12)] + [rng.randint(0, 3) for _ in range(4)]
        buys = [0] + [rng.choice((0, 0, 1, 2, 3)) for _ in range(4)]
        sellable = [0] + [0 if buys[k] else rng.randint(0, goods[k]) for k in range(1, 5)]
        order = sorted((k for k in range(1, 5) if sellable[k]), key=lambda k: rng.random())
        adjusted, traded = rng.random() < 0.3, rng.random() < 0.3
        floor = rng.randint(0, 4)
        options = [None]
        if not adjusted and not traded:
            for k in range(1, 5):
                if buys[k] and market[k] < 4:
                    options.append((k, 1))
                if sellable[k] and market[k] > 0:
                    options.append((k, -1))
        fast = H._plan_for(market, goods, buys, floor, order, sellable, adjusted, traded)
        slow = H._plan_for_slow(market, goods, buys, floor, order, sellable, options)
        assert fast == slow
        found += fast is not None
    assert 500 < found < 2900


def test_the_palace_order_is_the_sorted_order():
    """`playout._palace_order` (three comparisons, for speed) orders the Palace's professions
    as sorting (value, profession) from the highest does, ties included."""
    import itertools

    from machu_picchu.bots.playout import _palace_order

    for v in itertools.product((-1.0, 0.0, 0.5, 2.0), repeat=3):
        ranked = sorted(((v[0], 2), (v[1], 3), (v[2], 4)), reverse=True)
        assert _palace_order(*v) == tuple(p for _v, p in ranked)


def test_a_play_out_on_a_search_copy_is_the_play_out_on_a_full_copy():
    """The play-outs run on copies that keep no log or history (`fast_clone`, `determinize`):
    the policy plays the very same moves there as on a full copy of the game, to the same
    state and the same random draws, from positions of 2 to 5 players."""
    from machu_picchu.game import Game

    state = [k for k in Game.__slots__
             if k not in ("_log", "history", "deciders", "starts", "reveal_mark")]
    for players, seed, day in ((2, 3, 5), (3, 4, 6), (4, 5, 7), (5, 6, 8), (4, 7, 3)):
        game = mid_game(seed=seed, players=players, day=day)
        full, fast = game.clone(), game.fast_clone()
        assert full._log is not None and fast._log is None
        policies = [Policy(full, random.Random(seed)), Policy(fast, random.Random(seed))]
        for policy in policies:
            play(policy, horizon=6 * players)
        assert [getattr(fast, k) for k in state] == [getattr(full, k) for k in state]
        assert policies[0].rng.getstate() == policies[1].rng.getstate()
        assert len(full.history) > len(game.history) + 6 * players
