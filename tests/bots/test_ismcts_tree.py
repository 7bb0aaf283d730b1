"""The hard bot's tree (`ismcts.HardBot._iterate`): its turns and the play-out policy's values."""

from __future__ import annotations

from machu_picchu.bots import ismcts, make_bot
from machu_picchu.bots.playout import Policy

from .test_bots import mid_game

# decisions a seat takes only in its own turn (or first, in its turn), on its values of the turn
IN_TURN = ("market", "hire", "acquire", "sunclock", "offer")


class Recording(Policy):
    """The play-out policy, noting when each seat's values were built (day, turns begun that
    day) and, at each decision a seat takes in its own turn, whether its values are of that
    turn or later."""

    checks: list = []

    def __init__(self, g, rng, noise) -> None:
        super().__init__(g, rng, noise)
        self.built = [None] * g.n

    def ctx(self, s, fresh=False):
        before = self.ctxs[s]
        ctx = super().ctx(s, fresh)
        g = self.g
        if ctx is not before:
            self.built[s] = (g.day, g.turns_today)
        task = g.stack[-1]
        if task[0] in IN_TURN and task[1] == s == g.current:
            # the turn began at turns_today - 1 (its move counted it)
            self.checks.append(self.built[s] >= (g.day, g.turns_today - 1))
        return ctx


def test_a_tree_turn_refreshes_the_seats_values_as_a_play_out_turn_does(monkeypatch):
    """A turn the tree chooses (the root, and the seat's own turns deeper down) builds the
    seat's values at that turn, as a play-out turn does (`Policy.ctx(s, fresh=True)`): the
    market visit, set-ups, offers ... that follow in that turn never use values of an earlier
    turn (the tree's turns once kept them: a few stale look-ups in a hundred)."""
    monkeypatch.setattr(ismcts, "Policy", Recording)
    checks = Recording.checks = []
    for seed, day in ((3, 4), (5, 6), (6, 3), (7, 5)):
        game = mid_game(seed=seed, day=day)
        bot = make_bot("hard", seed=seed, iterations=150)
        bot.choose(game, game.to_move)
    assert len(checks) > 1000
    assert all(checks), f"{checks.count(False)} of {len(checks)} on an earlier turn's values"
