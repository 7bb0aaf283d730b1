"""tabletop/tournament.py: the shared tournament runner plays any registered game."""

from __future__ import annotations

import pytest

from tabletop import registry, tournament

GAMES = registry.games()


@pytest.mark.parametrize("info", GAMES, ids=[info.id for info in GAMES])
def test_a_tournament_of_random_bots(info):
    players = info.min_players
    seats = ["random"] * players
    results = tournament.run(info.id, players, 2, seats, seed=4, processes=1)
    assert [r["index"] for r in results] == [0, 1]
    for record in results:
        assert sum(s["win"] for s in record["seats"]) == pytest.approx(1.0)
        assert sorted(s["entry"] for s in record["seats"]) == list(range(players))
        assert all(s["decisions"] > 0 for s in record["seats"])
    again = tournament.run(info.id, players, 2, seats, seed=4, processes=1)
    assert [[s["final"] for s in r["seats"]] for r in again] == [
        [s["final"] for s in r["seats"]] for r in results]          # seeded
    table = tournament.report(results, seats)
    assert "random x" in table and "ended by:" in table
    # the game's measures of how near each ending came, recorded per game and summarised
    if info.end_measures:
        assert all(r["measures"] and set(r["measures"]) == set(results[0]["measures"])
                   for r in results)
        assert "at the end (mean, min-max over the games):" in table
        for key in results[0]["measures"]:
            assert f"  {key}: " in table
    else:
        assert all(r["measures"] == {} for r in results) and "at the end" not in table


def test_the_incan_gold_command(capsys):
    from incan_gold.cli import main
    assert main(["tournament", "--players", "3", "--games", "2", "--seats", "random,random,random",
                 "--processes", "1", "--option", "diamant"]) == 0
    out = capsys.readouterr().out
    assert "Incan Gold tournament: 2 games" in out and "['diamant']" in out
    assert main(["tournament", "--players", "3", "--games", "1", "--seats", "random,random",
                 "--processes", "1"]) == 2
    assert main(["tournament", "--players", "3", "--games", "1", "--seats", "random,x,random",
                 "--processes", "1"]) == 2
