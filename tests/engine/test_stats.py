"""Game statistics (stats.py): the day-by-day standings and the per-seat counters."""

from __future__ import annotations

import json

import pytest

import machu_picchu as mp
from machu_picchu import data as D
from machu_picchu.events import Msg
from machu_picchu.scoring import gold_of
from machu_picchu.stats import COUNTERS

from .support import all_views

NAMES = ["Ann", "Bea", "Cy", "Dee", "Eve"]


def replayed(key, history) -> mp.Game:
    players, seed, learning = key[1], key[2], key[3]
    game = mp.new_game(players, seed, learning=learning, names=NAMES[:players])
    for text in history:
        game.apply(text)
    return game


def from_log(game: mp.Game, seat: int, msg: str, key: str = "") -> int:
    """Sum of the parameter `key` (or the count) over the seat's `msg` events of the log."""
    return sum(params[key] if key else 1 for eid, params in game.log
               if eid == msg and params.get("seat") == seat)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("policy", ["uniform", "builder", "pilgrim"])
def test_stats_of_finished_games_agree_with_the_score_and_the_log(sample_games, policy, players):
    for seed in (1, 2):
        key = (policy, players, seed, False)
        game = replayed(key, sample_games[key].history)
        before = json.dumps(all_views(game), sort_keys=True)
        stats = mp.game_stats(game)
        assert json.dumps(all_views(game), sort_keys=True) == before, "stats touched the game"
        assert stats["players"] == players
        result = game.result()

        standings = stats["standings"]
        fresh = mp.new_game(players, seed)
        assert standings[0] == {"label": "start", "vp": [0] * players,
                                "gold": [gold_of(h, t) for h, t in zip(fresh.hands, fresh.trail)]}
        # one standing per night that came, then the end
        nights = sum(eid == Msg.NEW_DAY for eid, _params in game.log)
        assert len(standings) == 1 + nights + 1
        days = [f"day {d}" for d in range(game.start_day, game.start_day + nights)]
        assert [s["label"] for s in standings[1:-1]] == days
        end_label = f"day {game.day}" if game.end_reason == "conquest" else f"end (day {game.day})"
        assert standings[-1]["label"] == end_label
        assert standings[-1]["vp"] == [s["vp"] for s in result["seats"]]
        assert standings[-1]["gold"] == [s["gold"] for s in result["seats"]]

        counters = stats["counters"]
        assert list(counters) == [name for name, _ in COUNTERS]
        for seat in range(players):
            got = {name: values[seat] for name, values in counters.items()}
            assert got["produced"] == from_log(game, seat, Msg.PRODUCE, "n")
            assert got["sacrificed"] == from_log(game, seat, Msg.SACRIFICE, "llamas")
            assert got["trips"] == from_log(game, seat, Msg.TRAVEL)
            assert got["moon"] == from_log(game, seat, Msg.MOON_TILE)
            assert got["rescued"] == sum(game.owned[seat])
            placed = D.INCAS_PER_PLAYER[players] - game.supply[seat]
            assert got["incas"] >= max(placed, 1)   # Incas sent to the Sun Clock come back
            assert got["trips"] + got["moon"] <= got["turns"]
            assert got["bought"] == from_log(game, seat, Msg.BUY)
            assert got["sold"] == from_log(game, seat, Msg.SELL)
        assert sum(counters["rescued"]) == sum(game.rows_taken)


def test_a_game_in_progress_has_no_end_standing_and_counts_so_far():
    game = mp.new_game(2, 4, names=["Ann", "Bea"])
    while game.prompt[0] == "setup":
        game.apply(game.legal_actions()[0])
    stats = mp.game_stats(game)
    assert [s["label"] for s in stats["standings"]] == ["start"]
    assert stats["counters"]["incas"] == [1, 1]
    assert stats["counters"]["turns"] == [0, 0]

    seat = game.to_move
    trip = next(a for a in game.legal_actions() if a.kind == "move")
    game.apply(trip)
    stats = mp.game_stats(game)
    assert stats["counters"]["turns"][seat] == 1 and stats["counters"]["turns"][1 - seat] == 0
    assert stats["counters"]["trips"] == [0, 0]


def test_a_search_copy_has_no_statistics():
    with pytest.raises(ValueError, match="no history"):
        mp.game_stats(mp.new_game(3, 1).fast_clone())
