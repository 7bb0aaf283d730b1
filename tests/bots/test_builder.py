"""The builder strategist (issue 28): an efficient economy. It sets up makers early, triggers
production, buys a Priest/Virgin whenever it can pay for one, and takes the last one (ending
the game) only when that wins on the re-deals of what it sees; legal and finished games at
every table size; the same decision from its view alone, endings included."""

from __future__ import annotations

import functools
import random

import pytest

import machu_picchu as mp
from machu_picchu import data as D
from machu_picchu.bots import make_bot
from machu_picchu.stats import busiest, game_stats
from machu_picchu.tournament import closed_by

from engine.support import put_prince

from .test_endings import day9_position, deck_position, leader_position, sacrifice_before_last_card
from .test_strategists import ViewOnly, play, swap_hidden

MAKERS = (D.PROFESSION_INDEX["planter"], D.PROFESSION_INDEX["potter"],
          D.PROFESSION_INDEX["weaver"])


def builders(players, seed, watch=None):
    return play(["builder"] * players, seed, watch=watch)


@functools.lru_cache(maxsize=None)
def table_games():
    """20 games of 4 builders (seeds 1-20), shared by the endings' tests."""
    return tuple(builders(4, seed) for seed in range(1, 21))


def test_makers_early_and_production_every_day():
    """By the start of day 5 (4 players start on day 3) every builder has set up Incas beyond
    its first, coca/pottery/cloth makers among them; over the game each produces far more than
    medium's ~5 goods and the base rules' 18 (27 a player over 100 games)."""
    early = []

    def watch(game, seat):
        if game.day == 5 and not early:
            early.extend((sum(game.incas[s][:5]), sum(game.incas[s][d] for d in MAKERS))
                         for s in range(game.n))

    produced = []
    for seed in (1, 2, 3):
        early.clear()
        game = builders(4, seed, watch)
        assert len(early) == 4
        for incas, makers in early:
            assert incas >= 3 and makers >= 1, early
        assert sum(i for i, _ in early) >= 4 * 4 and sum(m for _, m in early) >= 4 * 2, early
        produced += game_stats(game)["counters"]["produced"]
    assert sum(produced) / len(produced) >= 22, produced


def test_buys_a_priest_or_virgin_when_it_can_pay():
    """At the Houses, a card it can pay for is taken (unless it is the last one and its ending
    would lose): the goods become Priests and Virgins. Many are taken at a table of builders."""
    seen = {"prompts": 0}

    def watch(game, seat):
        view = game.view(seat)
        if view["prompt"]["kind"] != "acquire" or view["priests_left"] == 1:
            return
        if view["day"] == view["last_day"] and view["final_turns"]:
            return
        payable = [t for t in view["legal"] if t != "acquire nothing"]
        assert payable
        decision = make_bot("builder", seed=game.seed * 10 + seat).choose(game, seat)
        assert decision.action.text != "acquire nothing", (view["players"][seat]["goods"], payable)
        seen["prompts"] += 1

    taken = []
    for seed in (4, 5):
        game = builders(4, seed, watch)
        taken.append(sum(game.rows_taken))
    assert seen["prompts"] >= 10 and sum(taken) >= 2 * 11, (seen, taken)


def test_ends_by_priests_and_virgins_only_to_win():
    """Among 4 builders a good share of games end by Priests and Virgins (32 of 100 on the
    tournament's seeds); the last one is taken only when the re-deals say it wins, so its taker
    wins most of them."""
    ended = won = 0
    for game in table_games():
        if game.end_reason != "priests":
            continue
        ended += 1
        taker = game.deciders[max(i for i, a in enumerate(game.history)
                                  if str(a).startswith("acquire ") and a != "acquire nothing")]
        won += taker in game.result()["winners"]
    assert ended >= 3 and won * 2 > ended, (ended, won)


def test_closes_the_conquest_only_to_win():
    """On the last day the seat that takes the third moon tile closes the conquest (the others'
    final turns, then the Spanish): a builder does so when the conquest's margin on its re-deals
    wins and makes a move that does something instead when it would lose, so the closer wins
    more conquests than not (40 of 79 on the tournament's seeds; 16 of 75 before; here 7 of 12,
    5 of 13 before)."""
    closed = won = 0
    for game in table_games():
        if game.end_reason != "conquest":
            continue
        closed += 1
        won += closed_by(game) in game.result()["winners"]
    assert closed >= 8 and won * 2 > closed, (closed, won)


def test_no_empty_walks_on_the_last_day():
    """A builder behind does not close the conquest, but only walks instead while a move does
    something: at a table of builders every seat behind used to walk back and forth until the
    engine's limit of turns a day (103 turns on day 9 of these games), now no day is long."""
    for seed in (11, 31):
        assert busiest(builders(3, seed))["turns_in_a_day"] < 60


@pytest.mark.parametrize("players, seed", [(2, 31), (3, 32), (5, 33)])
def test_complete_legal_games_at_every_size(players, seed):
    levels = (["builder", "medium", "random", "builder", "easy"])[:players]
    game = play(levels, seed)
    assert game.result()["winners"]
    assert mp.load_game(game.to_save()).result() == game.result()


def test_decides_from_its_view_only_at_the_endings():
    """Where its endings are judged (3 or fewer Priests/Virgins left, one card in the deck, the
    third moon tile of the last day),
    the builder's decision is the same through a window that offers only its view and re-deals
    of it, and in a game whose hidden cards differ."""
    rng = random.Random(9)
    checked = {"windows": 0, "swaps": 0}

    def watch(game, seat):
        view = game.view(seat)
        closing = view["day"] == view["last_day"] and view["tiles_today"] == 2
        if len(view["legal"]) < 2 or (view["priests_left"] > 3 and view["deck"] > 1
                                      and not closing):
            return
        expected = make_bot("builder", seed=3).choose(game, seat)
        assert make_bot("builder", seed=3).choose(ViewOnly(game, seat), seat) == expected
        checked["windows"] += 1
        other = swap_hidden(game, seat, rng)
        if other is not None:
            assert other.view(seat) == view
            assert make_bot("builder", seed=3).choose(other, seat) == expected
            checked["swaps"] += 1

    assert builders(4, 12, watch).end_reason == "priests"
    assert checked["windows"] >= 20 and checked["swaps"] >= 20, checked


# -- the endings' positions of test_endings.py (3 players; the rivals' hands hidden) ----------------
def builder_choice(game, seat=0):
    return make_bot("builder", seed=1).choose(game, seat).action.text


@pytest.mark.parametrize("ahead", [True, False])
def test_the_last_virgin_only_when_it_wins(ahead):
    """One Virgin left, seat 0 can pay: ahead it walks to the House of Virgins at once (the
    game ends won; before, it went to set up Incas) and takes it; behind it leaves it."""
    game = leader_position(ahead)
    put_prince(game, 0, "plaza")
    if ahead:
        assert builder_choice(game) == "move virgins"
    game.apply("move virgins")
    assert builder_choice(game) == ("acquire virgin" if ahead else "acquire nothing")


@pytest.mark.parametrize("ahead", [True, False])
def test_the_last_card_only_when_it_wins(ahead):
    """One card left; the Condor Temple's stone takes seat 0 to the summit: ahead it goes there
    (before: it went to the Corn Terraces), behind it does not; behind, at a temple, it
    sacrifices only the llamas that stop short of the summit."""
    game = deck_position(ahead)
    choice = builder_choice(game)
    assert (choice == "move condor") == ahead, choice
    game.apply(choice)
    assert len(game.deck) == (0 if ahead else 1)      # ahead: the last card is taken
    if not ahead:
        assert builder_choice(sacrifice_before_last_card()) == "sacrifice 1"


def test_behind_on_day_9_does_not_close_the_conquest():
    game = day9_position(ahead=False)
    assert not builder_choice(game).startswith("stay")
