"""tabletop.history.Positions: a game's positions, built on demand in linear time and memory."""
from __future__ import annotations

import pytest

from tabletop import history

ACTIONS = ["inc", "inc", "dec", "inc", "inc", "inc", "dec", "inc", "inc", "dec", "inc"]


class Tally:
    """A toy game with a growing record (its log): 'inc' and 'dec' move a counter."""

    applied = 0          # applies over all copies: what building positions costs

    def __init__(self, log=True):
        self.value = 0
        self.log = [] if log else None

    def apply(self, text):
        Tally.applied += 1
        self.value += 1 if text == "inc" else -1
        if self.log is not None:
            self.log.append(f"{text} -> {self.value}")

    def clone(self):
        c = Tally(log=False)
        c.value, c.log = self.value, None if self.log is None else self.log[:]
        return c


def expected(k):
    game = Tally()
    for text in ACTIONS[:k]:
        game.apply(text)
    return game.value, game.log


def light(game):
    c = game.clone()
    c.log = None                  # a checkpoint keeps no log
    return c


def dress(game, runner, k, mark):
    game.log = runner.log[:mark]  # the position's own log, cut from the runner's


@pytest.mark.parametrize("hooks", [{}, {"light": light, "dress": dress, "mark": lambda g: len(g.log)}])
@pytest.mark.parametrize("every", [1, 3, 50])
def test_each_position_is_the_game_after_that_many_actions(hooks, every):
    steps = history.positions(Tally, ACTIONS, every=every, **hooks)
    assert len(steps) == len(ACTIONS) + 1
    assert steps.done == 0                                   # nothing played until asked
    for k in [5, 0, 11, 3, 3, 7, -1, -12]:
        game = steps[k]
        assert (game.value, game.log) == expected(k % len(steps))
    assert [g.value for g in steps] == [expected(k)[0] for k in range(len(steps))]
    assert [g.value for g in steps[2:6]] == [expected(k)[0] for k in range(2, 6)]
    with pytest.raises(IndexError):
        steps[12]
    with pytest.raises(IndexError):
        steps[-13]
    with pytest.raises(TypeError):
        steps["1"]


def test_a_position_costs_at_most_the_actions_since_its_checkpoint():
    steps = history.positions(Tally, ACTIONS * 20, every=10, light=light, dress=dress,
                              mark=lambda g: len(g.log))
    steps.extend(len(ACTIONS) * 20)
    Tally.applied = 0
    copy = steps[219]
    assert Tally.applied <= 9 and copy.log == expected_log(219)
    copy.apply("inc")                                        # copies are independent
    assert steps[219].log == expected_log(219)
    assert all(c.log is None for c in steps._checkpoints)    # checkpoints hold no log


def expected_log(k):
    game = Tally()
    for text in (ACTIONS * 20)[:k]:
        game.apply(text)
    return game.log


def test_the_last_position_is_a_copy_of_the_final_game_without_replaying():
    final = Tally()
    for text in ACTIONS:
        final.apply(text)
    steps = history.positions(Tally, ACTIONS, final=final)
    last = steps[-1]
    assert steps.done == 0 and (last.value, last.log) == (final.value, final.log)
    last.apply("inc")
    assert final.value == expected(len(ACTIONS))[0]
    assert steps.mark(4) is None and steps.done == 4         # marks: None without a mark hook
