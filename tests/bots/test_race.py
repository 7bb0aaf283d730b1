"""The bots read the race for Priests and Virgins (issue 28): a card of a row is worth more to take
when a rival's hand shows that row's icons (and more as the row empties), and near the ending by
Priests and Virgins a card that brings it nearer is worth more to a seat that would win it and
less to one that would lose it."""

from __future__ import annotations

import machu_picchu as mp
from machu_picchu import data as D
from machu_picchu.bots.policy import end_pull
from machu_picchu.bots.values import CARDS, W, Ctx


def cards_with(icon: int, k: int) -> list[int]:
    """k cards that each show `icon` once (and no other temple icon)."""
    out = [c for c, (a, b) in enumerate(CARDS) if (a == icon) != (b == icon) and max(a, b) < 8
           and not ({a, b} - {icon}) & {5, 6, 7}]
    return out[:k]


def position(players=3, seed=4):
    game = mp.new_game(players, seed)
    g = game.clone()
    for q in range(players):
        g.hands[q] = []
    return g


def test_a_rivals_icons_make_a_row_worth_denying():
    g = position()
    for r in range(3):
        assert Ctx(g, 0).deny(r) == 0.0       # nobody shows any icon of any row
    g.hands[1] = cards_with(5 + 2, 3)         # a rival with three Virgin (sun) icons
    g.hands[2] = cards_with(5 + 2, 1)
    ctx = Ctx(g, 0)
    assert ctx.deny(0) == ctx.deny(1) == 0.0
    full = ctx.deny(2)
    assert full == W.deny * 3 * ctx.m / D.ROW_SIZES[2] > 0
    assert ctx.acquire_value(2) > Ctx(position(), 0).acquire_value(2)
    # the rival's own icons do not count for it: its Ctx denies nobody's sun but seat 2's one
    assert Ctx(g, 1).deny(2) == W.deny * 1 * Ctx(g, 1).m / D.ROW_SIZES[2]
    g.rows_taken[2] = D.ROW_SIZES[2] - 2      # two Virgins left: each matters more
    assert Ctx(g, 0).deny(2) > full


def test_an_ending_near_pulls_the_seat_that_would_win_it():
    g = position()
    g.rows_taken[:] = [D.ROW_SIZES[0], D.ROW_SIZES[1], D.ROW_SIZES[2] - 3]   # 3 left
    g.owned[0][2] = 1
    g.hands[0] = cards_with(7, 2)             # seat 0 scores its Virgins: ahead on VP
    assert end_pull(g, 0, 2, 3) == W.end_pull / 2 > 0
    assert end_pull(g, 1, 2, 3) == -W.end_pull / 2   # a seat behind would bring its loss nearer


def test_medium_weighs_the_race_beside_its_evaluation():
    """At an acquire decision the medium bot adds the race to each Priest/Virgin it may take
    (and nothing to declining)."""
    from machu_picchu import actions as A
    from machu_picchu.bots.medium import race_values
    g = position()
    g.hands[1] = cards_with(7, 3)
    candidates = [A.ACQUIRE[0], A.ACQUIRE[1], A.ACQUIRE[3]]
    race = race_values(g, 0, candidates)
    assert race[A.ACQUIRE[0]] == 0.0 and race[A.ACQUIRE[1]] == 0.0
    assert race[A.ACQUIRE[3]] == Ctx(g, 0).deny(2) > 0


def summit_choice(seed=5):
    """A game of medium bots played to a seat's first choice of cards to put back at a summit
    among cards of different gold."""
    from machu_picchu.bots import make_bot
    game = mp.new_game(4, seed)
    bots = [make_bot("medium", seed=seed * 10 + s) for s in range(4)]
    while not game.is_over:
        seat = game.to_move
        if game.prompt[0] == "return" and len({D.CARD_GOLD[c] for c in game.hands[seat]}) > 1:
            return game, seat
        game.apply(bots[seat].choose(game, seat).action)
    raise AssertionError("no summit with a choice")


def test_medium_weighs_the_gold_it_keeps_at_a_summit(monkeypatch):
    """W.keep_gold: points per gold on the cards medium keeps (as sure as the conquest is),
    beside its evaluation; none when it is 0."""
    from machu_picchu.bots import make_bot
    from machu_picchu.bots.medium import keep_values
    from machu_picchu.scoring import gold_of
    from machu_picchu.bots.values import timing
    game, seat = summit_choice()
    legal = game.legal_actions()
    monkeypatch.setattr(W, "keep_gold", 0.0)
    assert set(keep_values(game, seat, legal).values()) == {0.0}
    monkeypatch.setattr(W, "keep_gold", 2.0)
    values = keep_values(game, seat, legal)
    held = gold_of(game.hands[seat], 0)
    pc = timing(game)[1]
    assert pc > 0.5
    for a in legal:
        assert abs(values[a] - 2.0 * pc * (held - gold_of(a.arg, 0))) < 1e-9
    # worth more than anything else: medium puts back the cards with the least gold
    monkeypatch.setattr(W, "keep_gold", 1000.0)
    chosen = make_bot("medium", seed=3).choose(game, seat).action
    assert gold_of(chosen.arg, 0) == min(gold_of(a.arg, 0) for a in legal)
