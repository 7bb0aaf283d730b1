"""Bots: legal complete games, seeded determinism, fairness, reasons, slicing, the tournament."""

from __future__ import annotations

import io
import random
import itertools
import math
import subprocess
import sys
from contextlib import redirect_stdout

import pytest

import machu_picchu as mp
from machu_picchu import data as D
from machu_picchu.bots import BOT_LEVELS, Decision, make_bot
from machu_picchu.game import Game
from tabletop.bots import set_clock

FAST_HARD = {"iterations": 6}   # keeps the hard bot quick in tests; exact repeatability too


def bot(level: str, seed: int = 1, **kw):
    if level == "hard" and not kw:
        kw = FAST_HARD
    return make_bot(level, seed=seed, **kw)


def play(levels, seed, until=None, max_decisions=20_000):
    """Play a game with one bot per seat; stop early when until(game) is true. Every action goes
    through game.apply, which refuses an illegal one."""
    game = mp.new_game(len(levels), seed)
    bots = [bot(level, seed=seed * 10 + s) for s, level in enumerate(levels)]
    count = 0
    while not game.is_over:
        if until is not None and until(game):
            return game, bots
        seat = game.to_move
        decision = bots[seat].choose(game, seat)
        assert isinstance(decision, Decision)
        assert decision.action in game.legal_actions()
        game.apply(decision.action)
        count += 1
        assert count < max_decisions
    return game, bots


def state_of(game) -> tuple:
    """Everything a bot could change by mistake."""
    return (repr(game.view(None)), [h[:] for h in game.hands], game.deck[:], game.known[:],
            game.stack[:], list(game.history), len(game.log))


def mid_game(seed=3, players=4, day=5, kind="turn"):
    """A position on `day` where the seat to move faces a decision of `kind` with choices."""
    def until(g):
        return (g.day >= day and g.prompt[0] == kind and len(g.legal_actions()) > 1)
    game, _ = play(["easy"] * players, seed, until=until)
    assert not game.is_over
    return game


def test_levels():
    assert BOT_LEVELS == ("random", "easy", "medium", "hard")
    with pytest.raises(ValueError):
        make_bot("grandmaster")


@pytest.mark.parametrize("levels, seed", [
    (("random", "random"), 1),
    (("easy", "easy", "easy"), 2),
    (("medium", "easy", "random", "medium"), 3),
    (("hard", "medium"), 4),
    (("random", "easy", "medium", "hard", "easy"), 5),
])
def test_complete_games_with_legal_decisions(levels, seed):
    game, _ = play(levels, seed)
    assert game.is_over
    result = game.result()
    assert result["winners"]
    # The game replays from its save: every decision was legal.
    assert mp.load_game(game.to_save()).result() == result


@pytest.mark.parametrize("level", BOT_LEVELS)
def test_bots_do_not_change_the_game(level):
    game = mid_game()
    seat = game.to_move
    before = state_of(game)
    b = bot(level, seed=5)
    b.choose(game, seat)
    thinker = b.start(game, seat)
    while not thinker.step(0.01):
        pass
    assert state_of(game) == before


@pytest.mark.parametrize("level", BOT_LEVELS)
def test_seeded_bots_repeat_their_decisions(level):
    game = mid_game(seed=7)
    seat = game.to_move
    a = bot(level, seed=42).choose(game, seat)
    b = bot(level, seed=42).choose(game, seat)
    assert a == b
    # A different seed may decide differently, but always legally.
    c = bot(level, seed=43).choose(game, seat)
    assert c.action in game.legal_actions()


def test_reasons_are_readable():
    game = mp.new_game(4, 21)
    bots = [bot(level, seed=s) for s, level in enumerate(("random", "easy", "medium", "hard"))]
    seen = {level: 0 for level in BOT_LEVELS}
    steps = 0
    while not game.is_over and steps < 400:
        seat = game.to_move
        d = bots[seat].choose(game, seat)
        assert isinstance(d.reason, str) and d.reason.strip()
        assert len(d.reason) < 400
        assert "None" not in d.reason and "Action(" not in d.reason
        assert d.reason == d.reason.strip()
        seen[bots[seat].level] += 1
        game.apply(d.action)
        steps += 1
    assert all(seen.values())


def test_a_reason_names_the_purpose():
    # A purchase gets a reason that says what is bought and why.
    game = mid_game(seed=3, day=3, kind="acquire")
    seat = game.to_move
    d = bot("easy").choose(game, seat)
    if d.action.arg >= 0:
        assert "buys a" in d.reason and ("icon" in d.reason or "steps" in d.reason)


def test_one_legal_action_is_instant():
    # A market visit after a trade with nothing left to trade: "done" is the only choice.
    def at_market(g):
        return g.prompt[0] == "market"
    game, _ = play(["easy"] * 3, 2, until=at_market)
    assert not game.is_over
    g = game.fast_clone()
    seat = g.to_move
    g.goods[seat] = [0, 0, 0, 0, 0]
    g.mkt_traded = True
    g._legal = None
    assert [str(a) for a in g.legal_actions()] == ["done"]
    for level in BOT_LEVELS:
        b = make_bot(level, seed=1, time_budget=5.0)
        thinker = b.start(g, seat)
        assert thinker.done and thinker.step(0.0)
        assert thinker.steps == thinker.units == 0      # decided without any work
        assert thinker.result.action is g.legal_actions()[0]
        assert thinker.result.reason


@pytest.fixture
def tick_clock():
    """The bots' clock made a counter: each reading is one tick (1 ms) later than the last, so
    what a slice does is the same on any machine under any load."""
    ticks = itertools.count()
    previous = set_clock(lambda: next(ticks) * TICK)
    yield
    set_clock(previous)


TICK = 0.001
# A unit of a bot's work is one candidate evaluated or one search iteration: a play-out of
# HORIZON_ROUNDS rounds (8 turns at 4 players, a few actions each) after the tree's descent. The
# most seen is under 60 engine actions; a play-out to the end of the game (hundreds) or a search
# that does not yield between iterations (thousands) exceeds this.
MAX_ACTIONS_PER_UNIT = 200


def test_thinker_slices_respect_the_budget_and_match_choose(tick_clock):
    """Each step(budget) stops at the first unit that reaches the deadline, and thinking in
    slices gives the very decision of choose()."""
    game = mid_game(seed=17)
    seat = game.to_move
    b = make_bot("hard", seed=4, iterations=120)
    thinker = b.start(game, seat)
    budget = 30 * TICK
    while not thinker.step(budget):
        pass
    assert thinker.steps > 1
    assert thinker.most_units <= math.ceil(budget / TICK) + 1
    assert thinker.units >= 120
    assert thinker.result == make_bot("hard", seed=4, iterations=120).choose(game, seat)


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_each_unit_of_work_is_bounded(level, tick_clock, monkeypatch):
    """A bot yields after every small unit: counted in engine actions (not in time), no unit of
    any bot plays more than MAX_ACTIONS_PER_UNIT, so a slice is short on any machine."""
    applied = [0]
    real_apply = Game._apply

    def counting(self, action):
        applied[0] += 1
        return real_apply(self, action)

    most = units = 0
    for seed in (17, 19):
        game = mid_game(seed=seed)
        monkeypatch.setattr(Game, "_apply", counting)
        thinker = bot(level, seed=3, iterations=40).start(game, game.to_move)
        done = False
        while not done:
            applied[0] = 0
            done = thinker.step(0.0)         # the deadline is reached after one unit
            most = max(most, applied[0])
        units += thinker.units
        assert thinker.most_units == 1
        monkeypatch.setattr(Game, "_apply", real_apply)
    assert units >= 2 and 0 < most <= MAX_ACTIONS_PER_UNIT, (units, most)


def test_time_budget_is_kept(tick_clock):
    """The hard bot stops searching once its thinking time reaches the budget (a tick clock:
    the same count of work on any machine), overshooting by at most one unit."""
    game = mid_game(seed=19)
    seat = game.to_move
    b = make_bot("hard", seed=1, time_budget=0.3)
    thinker = b.start(game, seat)
    while not thinker.step(0.05):
        pass
    assert 0.3 <= thinker.spent <= 0.3 + 0.05 + 2 * TICK
    assert b.last_stats["iterations"] > 0


@pytest.mark.parametrize("level", ["random", "easy", "medium"])
def test_incremental_equals_blocking(level):
    game = mid_game(seed=23)
    seat = game.to_move
    thinker = bot(level, seed=8).start(game, seat)
    while not thinker.step(0.001):
        pass
    assert thinker.result == bot(level, seed=8).choose(game, seat)


def test_market_visit_follows_one_plan():
    # A medium bot at the market: its trades end with "done" within a handful of steps.
    def at_market(g):
        return g.prompt[0] == "market" and len(g.legal_actions()) > 1
    game, bots = play(["medium"] * 4, 29, until=at_market)
    if game.is_over:
        pytest.fail("no market visit in this game: choose another seed")
    seat = game.to_move
    b = bots[seat]
    for _ in range(12):
        d = b.choose(game, seat)
        game.apply(d.action)
        if d.action.kind == "done" or game.prompt is None or game.prompt[0] != "market":
            break
    else:
        pytest.fail("the market visit did not end")


def test_bots_package_does_not_import_multiprocessing():
    code = ("import sys; import machu_picchu.bots as b; b.make_bot('hard'); b.make_bot('medium');"
            "print('multiprocessing' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={"PYTHONPATH": str(__import__('pathlib').Path(mp.__file__).parents[1])})
    assert out.stdout.strip() == "False"


def test_tournament_cli_runs():
    from machu_picchu.cli import main
    buf = io.StringIO()
    with redirect_stdout(buf):
        code = main(["tournament", "--players", "2", "--games", "2", "--seats", "random,easy",
                     "--seed", "3", "--processes", "2"])
    out = buf.getvalue()
    assert code == 0
    assert "1:random" in out and "2:easy" in out
    assert "95% CI" in out and "ended by:" in out


def test_tournament_report_counts_every_game():
    from machu_picchu import tournament
    results = tournament.run(2, 2, ["easy", "easy"], seed=5, processes=1)
    assert len(results) == 2
    text = tournament.report(results, ["easy", "easy"])
    assert "easy x2" in text
    assert sum(s["win"] for r in results for s in r["seats"]) == pytest.approx(2.0)
    lo, hi = tournament.wilson(9, 10)
    assert 0.59 < lo < 0.6 and 0.98 < hi <= 1.0


def test_tournament_cpu_clock_restores_the_clock():
    from machu_picchu import tournament
    from tabletop import bots as base
    before = base._clock
    results = tournament.run(2, 1, ["hard", "random"], seed=2, iterations=3, processes=1,
                             clock="cpu")
    assert base._clock is before
    assert results[0]["seats"][0]["decisions"] > 0


@pytest.mark.parametrize("kw", [{"iterations": 0}, {"time_budget": 1e-6}])
def test_hard_without_time_still_decides(kw):
    game = mid_game(seed=31)
    d = make_bot("hard", seed=2, **kw).choose(game, game.to_move)
    assert d.action in game.legal_actions() and d.reason


def test_the_pages_bot_modules_import_neither_argparse_nor_the_fitting():
    """The page imports every module of the bots but the command line's (build.py SNAPSHOT_SKIP:
    cli, tournament, training): none of them may pull in the fitting (training.py) or argparse,
    which the page has no use for (issue 25: heuristics imported training for two functions)."""
    import pkgutil
    import machu_picchu.bots as bots
    skip = ("cli", "tournament", "training", "__main__")
    names = ["machu_picchu.bots"] + [
        m.name for m in pkgutil.walk_packages(bots.__path__, "machu_picchu.bots.")
        if m.name.rsplit(".", 1)[-1] not in skip]
    assert {"machu_picchu.bots.heuristics", "machu_picchu.bots.ismcts",
            "machu_picchu.bots.strategists.gold"} <= set(names)
    code = (f"import importlib, sys\nfor n in {names!r}: importlib.import_module(n)\n"
            "print(sorted(m for m in ('argparse', 'machu_picchu.bots.training') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={"PYTHONPATH": str(__import__('pathlib').Path(mp.__file__).parents[1])})
    assert out.stdout.strip() == "[]"
