"""The hard bot's search shared with helpers (root parallelism, tabletop.helpers): a helper
rebuilds the game from its save and searches the same decision with its own seed; the bot adds
the helpers' root statistics to its own by move text and words the figures of them all."""

from __future__ import annotations

import json
import random

from machu_picchu.bots import make_bot
from machu_picchu.bots.ismcts import play_until_turn
from tabletop import helpers
from tabletop.bots import merge_roots, view_key

from .test_bots import mid_game, play
from .test_fairness import twin

GAME_ID = "machu-picchu"


def turn_position(seed: int = 3):
    game = mid_game(seed=seed)
    assert game.prompt[0] == "turn" and len(game.legal_actions()) > 2
    return game


def test_merge_roots_sums_by_move_text():
    merged = merge_roots([{"a": [3, 1.5], "b": [1, 0.25]}, {"b": [2, 1.0], "c": [4, 3.0]}, {}])
    assert merged == {"a": [3, 1.5], "b": [3, 1.25], "c": [4, 3.0]}


def test_root_search_is_the_bots_own_search():
    """A helper's root statistics are those the same bot's own decision rests on."""
    game = turn_position()
    seat = game.to_move
    helper = make_bot("hard", seed=5, iterations=25)
    out = helper.root_search(game, seat)
    assert out["iterations"] == 25 and sum(v for v, _t in out["moves"].values()) == 25
    assert set(out["moves"]) <= {str(a) for a in game.legal_actions()}
    same = make_bot("hard", seed=5, iterations=25)
    same.choose(game, seat)
    assert same.last_stats["root"] == out["moves"]
    assert json.loads(json.dumps(out)) == out           # travels as JSON


def test_a_request_answered_and_merged():
    game = turn_position()
    seat = game.to_move
    bot = make_bot("hard", seed=11, iterations=30)
    req = json.loads(json.dumps(helpers.request(GAME_ID, game, seat, bot, 0)))
    assert req["seed"] != bot.seed and helpers.request(GAME_ID, game, seat, bot, 1)["seed"] != req["seed"]
    answer = helpers.answer(req)
    assert answer["iterations"] == 30
    alone = bot.choose(game, seat)
    own = bot.last_stats["root"]
    decision = bot.with_helpers([answer])
    merged = merge_roots([own, answer["moves"]])
    best = max(merged.items(), key=lambda kv: (kv[1][0], kv[1][1] / kv[1][0]))[0]
    assert str(decision.action) == best
    assert decision.figures["games"] == 60 and decision.figures["helped"] == 30
    assert decision.figures["helpers"] == 1 and decision.figures["moves"] == len(merged)
    assert "60 simulated futures (30 on 1 other core)" in decision.reason
    assert "helped" not in alone.figures and alone.figures["games"] == 30


def test_helpers_outvote_the_bot_and_unknown_moves_are_ignored():
    game = turn_position()
    seat = game.to_move
    bot = make_bot("hard", seed=11, iterations=20)
    alone = bot.choose(game, seat)
    other = next(a for a in game.legal_actions() if a != alone.action)
    answers = [{"iterations": 50, "moves": {str(other): [50, 30.0], "no such move": [500, 500.0]}},
               {"iterations": 0, "moves": {}}]
    decision = bot.with_helpers(answers)
    assert decision.action == other
    assert decision.figures["games"] == 70 and decision.figures["helpers"] == 2
    visits, total = bot.last_stats["root"].get(str(other), [0, 0.0])
    assert decision.figures["rate"] == round((total + 30.0) / (visits + 50), 2)


def test_nothing_to_help_without_a_search():
    game, _ = play(["easy"] * 4, 2, until=lambda g: g.prompt[0] not in
                   ("turn", "hire", "acquire", "offer", "sunclock", "return", "setup", "sacrifice")
                   and len(g.legal_actions()) > 1)
    seat = game.to_move
    bot = make_bot("hard", seed=1, iterations=10)
    assert not bot.searches(game, seat)
    assert bot.root_search(game, seat) == {"iterations": 0, "moves": {}, "ahead": 0}
    bot.choose(game, seat)
    assert bot.with_helpers([]) is None
    assert helpers.can_help(bot) and not helpers.can_help(make_bot("medium", seed=1))


def test_a_helper_is_fair():
    """Twin games that differ only in what the seat cannot see (built apart, another seed):
    the very same root statistics from a helper's search (a twin has no save of its own: its
    cards are not its seed's, so the helper's search is given the games themselves)."""
    game = turn_position(seed=4)
    seat = game.to_move
    other = twin(game, seat, random.Random(1))
    answers = [make_bot("hard", seed=2, iterations=20).root_search(g, seat) for g in (game, other)]
    assert answers[0] == answers[1] and answers[0]["iterations"] == 20


def test_time_spent_before_the_search_counts_against_the_budget():
    game = turn_position()
    seat = game.to_move
    out = make_bot("hard", seed=3, time_budget=0.2).root_search(game, seat, spent=0.5)
    assert out == {"iterations": 0, "moves": {}, "ahead": 0}
    req = helpers.request(GAME_ID, game, seat, make_bot("hard", seed=3, time_budget=0.2), 0)
    assert helpers.answer(req)["iterations"] > 0
    req["sent"] -= 0.5                  # sent half a second ago: the helper's budget is gone
    assert helpers.answer(req) == {"iterations": 0, "moves": {}, "ahead": 0}


def test_a_helper_thinks_ahead_with_the_bot_it_then_searches_with():
    """A Desk's ponder for a seat's next turn, while another seat decides, grows trees in its
    kept bot for that seat; when the turn comes to a position thought about, the helper's answer
    counts those iterations (`ahead`) in its moves, and the asking bot's merged decision says so;
    a position not thought about finds nothing ahead (the trees are dropped, as the bot's own)."""
    game = turn_position()
    person = game.to_move
    seat = (person + 1) % game.n
    bot = make_bot("hard", seed=11, iterations=20)
    desk = helpers.Desk()
    req = json.loads(json.dumps(helpers.request(GAME_ID, game, seat, bot, 0)))
    req["ponder"] = 30.0
    desk.ponder(req)
    units = 0
    while 0 <= units < 300:
        units = desk.step(0.05)
    kept = desk.bot(req)
    assert len(kept._ahead) > 1

    def turn(rng_seed):             # the game played on by the policy to the seat's turn
        g = game.clone()
        assert play_until_turn(g, seat, random.Random(rng_seed))
        return g

    met = next(g for g in map(turn, range(200)) if view_key(g, seat) in kept._ahead)
    ahead = kept._ahead[view_key(met, seat)].visits
    answer = desk.answer(json.loads(json.dumps(helpers.request(GAME_ID, met, seat, bot, 0))))
    assert desk.thinker is None and kept._ahead == {}
    assert answer["iterations"] == 20 and answer["ahead"] == ahead > 0
    assert sum(v for v, _t in answer["moves"].values()) >= 20   # the tree's visits under them
    bot.choose(met, seat)
    decision = bot.with_helpers([answer])
    assert decision.figures["helped_ahead"] == ahead
    assert decision.figures["helped"] == 20 + ahead and decision.figures["games"] == 40 + ahead

    desk.ponder(req)                # thought ahead again, but the turn after that one comes
    desk.step(0.2)
    later = met.clone()
    later.apply(decision.action)
    assert play_until_turn(later, seat, random.Random(1)) and view_key(later, seat) not in kept._ahead
    answer = desk.answer(helpers.request(GAME_ID, later, seat, bot, 0))
    assert answer["ahead"] == 0 and answer["iterations"] == 20 and kept._ahead == {}
