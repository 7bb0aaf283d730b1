"""The hard bot's re-deal (`bots.redeal.keeping_redeal`): the rivals' hidden hands dealt as players
keep cards, fair as `determinize` is, and nearer the hands rivals really hold."""

from __future__ import annotations

import random

from machu_picchu import data as D
from machu_picchu.bots.features import current
from machu_picchu.bots.ismcts import HardBot
from machu_picchu.bots.redeal import keeping_redeal

from .test_bots import play
from .test_fairness import twins


def late_positions(seeds=(21, 22, 23), day: int = 6) -> list:
    """Seat 0's turns from `day` on in seeded games of 4 medium bots (one in three)."""
    out = []
    for seed in seeds:
        seen = [0]

        def until(g, seen=seen):
            if g.day >= day and g.to_move == 0 and g.prompt[0] == "turn":
                seen[0] += 1
                if seen[0] % 3 == 0:
                    out.append(g.clone())
            return False
        play(["medium"] * 4, seed, until=until)
    return out


def rivals(g, seat: int = 0) -> tuple[float, float]:
    """The rivals' VP and gold from their hands as they stand, summed."""
    vp = gold = 0
    for q in range(g.n):
        if q != seat:
            v, x = current(g, q)
            vp += v
            gold += x
    return vp, gold


def test_fair_and_consistent():
    """The same copy whatever the seat cannot see; its own hand, every hand's size, where every
    card is and what the seat sees unchanged."""
    for kind in ("turn", "return"):
        game, other, seat = twins(kind)
        a = keeping_redeal(game, seat, random.Random(5))
        b = keeping_redeal(other, seat, random.Random(5))
        assert (a.hands, a.deck, a.known, a.drawn, a.seed) == (b.hands, b.deck, b.known, b.drawn,
                                                                b.seed)
        assert a.view(seat) == game.view(seat)
        assert a.hands[seat] == game.hands[seat]
        assert [len(h) for h in a.hands] == [len(h) for h in game.hands]
        assert sorted(a.deck + [c for h in a.hands for c in h]) == list(range(D.DECK_SIZE))
        for q, hand in enumerate(a.hands):
            assert all(a.known[c] == 1 << q for c in hand)
        assert a.legal_actions() == game.legal_actions()


def test_rivals_hands_nearer_what_they_hold():
    """Rivals keep the cards worth most to them (gold, icons of their Incas and Priests/Virgins):
    the uniform re-deal gave medium rivals less VP and gold than they held; the keeping re-deal
    comes nearer, and the hard bot's search plays on it (before: the uniform re-deal, 4.4 VP and
    gold together short per rival on these positions, 2.1 on the keeping re-deal)."""
    positions = late_positions()
    assert len(positions) >= 8
    truth = uniform = keeping = searched = 0.0
    n = 0
    rng = random.Random(7)
    for g in positions:
        vp, gold = rivals(g)
        truth += vp + gold
        for _ in range(8):
            u, x = rivals(g.determinize(0, rng))
            uniform += u + x
            k, y = rivals(keeping_redeal(g, 0, rng))
            keeping += k + y
            n += 1
        # what the search's iterations meet: the copies `_iterate` is handed
        bot = HardBot(seed=3, iterations=8)
        seen = []
        iterate = bot._iterate
        bot._iterate = lambda c, *rest: (seen.append(sum(rivals(c))), iterate(c, *rest))
        bot.choose(g, 0)
        searched += sum(seen) / len(seen)
    truth /= len(positions)
    uniform /= n
    keeping /= n
    searched /= len(positions)
    assert truth - uniform > 2.0            # 3 rivals: the uniform re-deal is short
    assert abs(truth - keeping) < 0.6 * (truth - uniform)
    assert abs(truth - searched) < 0.6 * (truth - uniform)
