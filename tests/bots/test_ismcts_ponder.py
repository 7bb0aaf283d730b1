"""The hard bot thinks ahead (`HardBot.ponder`) while another seat decides: one tree per position
it may meet at its next turn, keyed by what it would see; its search there starts from that tree.
Fair as the search: twin games that differ only in hidden cards give the very same trees."""

from __future__ import annotations

import random

from machu_picchu.bots import make_bot
from machu_picchu.bots.heuristics import decide
from machu_picchu.game import Game
from tabletop.bots import view_key

from .test_bots import MAX_ACTIONS_PER_UNIT, play
from .test_fairness import twin


def before_next_seat(seed: int = 5, players: int = 4) -> Game:
    """A turn with choices on day 4 or later (the next seat is the one that thinks ahead)."""
    def until(g):
        return g.day >= 4 and g.prompt[0] == "turn" and len(g.legal_actions()) > 2
    game, _ = play(["easy"] * players, seed, until=until)
    assert not game.is_over
    return game


def think_ahead(bot, game, seat, iterations):
    thinker = bot.ponder(game, seat, iterations=iterations)
    while not thinker.step(0.02):
        pass
    assert thinker.result.action is None and thinker.units >= iterations
    return thinker


def trees(bot) -> dict:
    return {key: (root.visits, sorted((a.text, ch.visits, ch.total)
                                      for a, ch in root.children.items()))
            for key, root in bot._ahead.items()}


def to_next_turn(game: Game, action, seat: int) -> Game:
    """`game` after `action` and the policy's answers up to `seat`'s turn."""
    g = game.clone()
    g.apply(action)
    while not (g.prompt[0] == "turn" and g.to_move == seat):
        g.apply(decide(g))
    return g


def test_thinking_ahead_is_where_the_search_starts():
    game = before_next_seat()
    seat = (game.to_move + 1) % game.n
    bot = make_bot("hard", seed=3, iterations=30)
    think_ahead(bot, game, seat, 120)
    ahead = bot._ahead
    assert ahead and 0 < sum(root.visits for root in ahead.values()) <= 120
    # The person's move most thought about, and the policy's answers: the bot's turn.
    options = [(ahead[k].visits if (k := view_key(to_next_turn(game, a, seat), seat)) in ahead
                else 0, i) for i, a in enumerate(game.legal_actions())]
    visits, best = max(options)
    assert visits > 0
    g = to_next_turn(game, game.legal_actions()[best], seat)
    used = sum(ch.visits for ch in ahead[view_key(g, seat)].children.values())
    decision = bot.choose(g, seat)
    stats = bot.last_stats
    assert stats["ahead"] == visits and stats["iterations"] == 30
    assert 30 < sum(v for v, _rate in stats["moves"].values()) <= 30 + used
    assert f"({visits} thought ahead)" in decision.reason
    assert decision.figures["ahead"] == visits and decision.figures["games"] == 30 + visits
    assert bot._ahead == {}          # used once, then dropped
    # Without thinking ahead, the same bot searches from scratch.
    fresh = make_bot("hard", seed=3, iterations=30)
    fresh.choose(g, seat)
    assert fresh.last_stats["ahead"] == 0
    assert sum(v for v, _rate in fresh.last_stats["moves"].values()) == 30


def test_thinking_ahead_is_fair():
    game = before_next_seat(seed=7)
    seat = (game.to_move + 1) % game.n
    other = twin(game, seat, random.Random(1))
    assert other.view(seat) == game.view(seat) and other.hands != game.hands
    a, b = make_bot("hard", seed=4), make_bot("hard", seed=4)
    think_ahead(a, game, seat, 40)
    think_ahead(b, other, seat, 40)
    assert trees(a) == trees(b) and trees(a)


def test_thinking_ahead_works_in_small_units(monkeypatch):
    applied = [0]
    real_apply = Game._apply

    def counting(self, action):
        applied[0] += 1
        return real_apply(self, action)

    game = before_next_seat(seed=9)
    seat = (game.to_move + 1) % game.n
    bot = make_bot("hard", seed=1)
    monkeypatch.setattr(Game, "_apply", counting)
    thinker = bot.ponder(game, seat, iterations=30)
    most = 0
    while True:
        applied[0] = 0
        done = thinker.step(0.0)
        most = max(most, applied[0])
        if done:
            break
    assert thinker.most_units == 1 and 0 < most <= MAX_ACTIONS_PER_UNIT
    # Nothing to think ahead about for the seat to move itself.
    assert bot.ponder(game, game.to_move).done
