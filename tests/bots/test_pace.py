"""The length of the days on purpose (`bots/pace.py`, issue 28): off unless asked for; on a paced
day a seat does not stay while a move is worth doing, and with few Priests/Virgins left the seat
that would win their ending races for them (at the market with whatever it holds, at the house)."""

from __future__ import annotations

import pytest

import machu_picchu as mp
from machu_picchu import data as D
from machu_picchu.bots import pace
from machu_picchu.bots.market_plans import market_plan
from machu_picchu.bots.policy import best_acquire, decide, turn_scores
from machu_picchu.bots.values import CARDS, Ctx


@pytest.fixture
def paced():
    """Set pace settings for one test; off again after it."""
    def use(text: str) -> pace.Pace:
        setting = pace.parse(text)
        pace.use(setting)
        return setting
    yield use
    pace.use(pace.Pace())


def test_pace_is_off_unless_asked_for_and_reads_its_settings():
    assert not pace.PACE.on
    assert not pace.parse("off").on
    p = pace.parse("days=7-9,finish=3,margin=6,turns=40")
    assert p.days == (7, 8, 9) and p.finish == 3 and p.margin == 6.0 and p.stay == 0 and p.on
    assert p.turns == 40 and pace.parse("days=9").turns == 0
    assert pace.parse("days=9,stay=-6").days == (9,) and pace.parse("stay=-6").stay == -6
    with pytest.raises(ValueError):
        pace.parse("bias=-6")


def stays_worth_moving():
    """Positions of whole policy games where the policy stays though a move is worth doing:
    (game copy, seat, legal, scores)."""
    found = []
    for seed in range(3):
        g = mp.new_game(4, 700 + seed).fast_clone()
        while not g.over and len(found) < 12 * (seed + 1):
            task = g.stack[-1]
            if task[0] == "turn" and g.prince[task[1]] >= 0:
                legal = g.legal_actions()
                scores = turn_scores(Ctx(g, task[1]), legal)
                best = max(range(len(legal)), key=scores.__getitem__)
                moves = [v for a, v in zip(legal, scores) if a.kind != "stay"]
                if legal[best].kind == "stay" and moves and max(moves) > 0.5:
                    found.append((g.fast_clone(), task[1], legal, scores))
            g.apply_unchecked(decide(g))
    assert len(found) >= 12
    return found


def test_on_a_paced_day_a_seat_moves_while_a_move_is_worth_doing(paced):
    """The policy (medium's prior and follow-ups, easy, the hard bot's priors) stays as soon as
    a moon tile beats every move; on a paced day each stay scores `margin` below the best move
    worth more than `useful`, so the seat moves; on other days nothing changes."""
    for g, seat, legal, before in stays_worth_moving():
        paced(f"days={g.day},margin=8")
        after = turn_scores(Ctx(g, seat), legal)
        best_move = max(v for a, v in zip(legal, after) if a.kind != "stay")
        assert all(v <= best_move - pace.PACE.margin for a, v in zip(legal, after)
                   if a.kind == "stay")
        assert [v for a, v in zip(legal, after) if a.kind != "stay"] == \
            [v for a, v in zip(legal, before) if a.kind != "stay"]
        assert decide(g).kind != "stay"
        other = 9 if g.day != 9 else 8
        paced(f"days={other},margin=8")
        assert turn_scores(Ctx(g, seat), legal) == before
        paced(f"days={g.day},stay=-6")      # every stay 6 points less, the moves as they were
        assert turn_scores(Ctx(g, seat), legal) == [
            v - 6 if a.kind == "stay" else v for a, v in zip(legal, before)]
        if g.turns_today:                   # a day that long is not paced
            paced(f"days={g.day},stay=-6,turns={g.turns_today}")
            assert turn_scores(Ctx(g, seat), legal) == before


def test_a_paced_day_still_ends_when_nothing_is_worth_doing(paced):
    """With no move worth more than `useful`, a seat stays as before: the day ends by itself."""
    paced("days=3-9,margin=8")
    g = mp.new_game(4, 5).fast_clone()
    while g.stack[-1][0] != "turn" or g.prince[g.stack[-1][1]] < 0:
        g.apply_unchecked(decide(g))
    seat = g.stack[-1][1]
    g.bonus[:] = [0] * len(g.bonus)          # nothing produces, no temple stone
    g.goods[seat] = [0, 0, 0, 0, 0]          # nothing to pay with, nothing to sell
    g._legal = None
    legal = g.legal_actions()
    scores = turn_scores(Ctx(g, seat), legal)
    assert max(v for a, v in zip(legal, scores) if a.kind != "stay") <= pace.PACE.useful
    assert decide(g).kind == "stay"


def cards_with(icon: int, k: int) -> list[int]:
    """k cards that each show `icon` once (and no other temple icon)."""
    out = [c for c, (a, b) in enumerate(CARDS) if (a == icon) != (b == icon)
           and not ({a, b} - {icon}) & {5, 6, 7}]
    return out[:k]


def race_position():
    """Two Virgins left (the other rows empty); seat 0 owns 2 Virgins and holds 3 sun icons:
    far ahead on VP, so it would win the ending by Priests and Virgins; it holds llamas only."""
    g = mp.new_game(3, 4).clone()
    for q in range(3):
        g.hands[q] = []
    g.hands[0] = cards_with(7, 3)
    g.rows_taken[:] = [D.ROW_SIZES[0], D.ROW_SIZES[1], D.ROW_SIZES[2] - 2]
    g.owned[0] = [0, 0, 2]
    g.owned[1] = [D.ROW_SIZES[0], 0, 1]
    g.owned[2] = [0, D.ROW_SIZES[1], 1]
    g.goods[0] = [0, 6, 0, 0, 0]
    g.day = D.LAST_DAY
    g._legal = None
    return g


def test_the_seat_that_would_win_the_priests_ending_races_for_the_last_ones(paced):
    """Two left and seat 0 would win their ending: with `finish` set it plans to sell its
    llamas for the next Virgin's goods (its plan otherwise keeps them for sacrifices), and at
    the House of Virgins that Virgin is worth `finish_gain` to it; a seat behind races for
    nothing."""
    g = race_position()
    assert pace.racing(g, 0) is False                     # off
    actions, _gain, label = market_plan(Ctx(g, 0))
    sells_before = sum(a.kind == "sell" and a.arg == D.LLAMA for a in actions)
    paced("finish=3")
    assert pace.racing(g, 0) and not pace.racing(g, 1)
    actions, gain, label = market_plan(Ctx(g, 0))
    sold = sum(a.kind == "sell" and a.arg == D.LLAMA for a in actions)
    bought = [a.arg for a in actions if a.kind == "buy"]
    assert label == D.ROW_NAMES[2] and sold > sells_before
    cost = D.ROW_CARD_COSTS[2][g.rows_taken[2]]
    assert sorted(bought) == sorted(k for k in range(1, 5) for _ in range(cost[k]))
    # at the house, once the goods are there
    g.goods[0] = [0, 0] + list(cost[2:])
    g.goods[1] = [0, 0] + list(cost[2:])
    g._legal = None
    row, v = best_acquire(Ctx(g, 0), D.ROW_HOUSE[2])
    assert row == 2 and v >= pace.PACE.finish_gain
    pace.use(pace.Pace())
    row_off, v_off = best_acquire(Ctx(g, 0), D.ROW_HOUSE[2])
    assert v_off < v
    paced("finish=3")
    assert best_acquire(Ctx(g, 1), D.ROW_HOUSE[2])[1] < pace.PACE.finish_gain
