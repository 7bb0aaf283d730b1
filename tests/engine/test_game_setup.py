"""Set-up for 2-5 players and the learning variant (game.py, Game.new)."""

from __future__ import annotations

import pytest

import machu_picchu as mp
from machu_picchu import data as D
from machu_picchu.events import text

from .support import legal, seed_with_start


@pytest.mark.parametrize("players, incas, day", [(2, 12, 1), (3, 10, 2), (4, 9, 3), (5, 8, 3)])
@pytest.mark.parametrize("start", [0, 1])
def test_setup(players, incas, day, start):
    """Incas per player, the start day, scouts 1..n from the start player, start goods, one card
    each, bonus units, the market, all 7 moon tiles, corn on the moons ahead of the marker."""
    game = mp.new_game(players, seed_with_start(players, start))
    assert game.start_player == start and game.n == players
    assert game.day == game.start_day == day
    assert game.supply == [incas] * players
    for k in range(players):
        assert game.trail[(start + k) % players] == k + 1
    assert game.goods == [[3, 1, 1, 1, 1]] * players
    assert [len(h) for h in game.hands] == [1] * players
    assert len(game.deck) == 28 - players
    assert sorted(game.deck + [c for h in game.hands for c in h]) == list(range(28))
    assert game.bonus == [1] * 9
    view = game.view(None)
    assert {g: m["units"] for g, m in view["market"].items()} == \
        {"llama": 2, "coca": 2, "pottery": 2, "cloth": 2}
    assert view["moon_tiles"] == list(D.MOON_IDS)
    assert view["time_track_corn"] == list(range(day, 9))
    assert view["rows"]["virgin"] == {"taken": 0, "left": 6, "steps": 10,
                                      "next_cost": {"coca": 2, "pottery": 1, "cloth": 1}}
    assert game.rows_taken == [0, 0, 0] and game.owned == [[0, 0, 0]] * players
    assert game.sun_holder is None and game.tiles_today == 0


def test_setup_bonus_is_3_corn_on_the_terraces():
    """The terraces' one bonus unit is 3 corn; the other districts hold 1 unit of their good."""
    game = mp.new_game(2, seed_with_start(2, 0))
    game.apply("place potter")
    game.apply("place potter")
    game.apply("move corn")
    assert game.goods[0][D.CORN] == 3 + 3


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_first_incas_are_placed_in_seat_order_from_the_start_player(players):
    """Each player, from the start player clockwise, places one Inca in any production district."""
    start = players - 1
    game = mp.new_game(players, seed_with_start(players, start))
    order = [(start + k) % players for k in range(players)]
    for k, seat in enumerate(order):
        assert game.prompt == ("setup", seat)
        assert legal(game) == [f"place {p}" for p in D.PROFESSIONS]
        game.apply(f"place {D.PROFESSIONS[k % 5]}")
        assert game.incas[seat][k % 5] == 1
        assert game.supply[seat] == D.INCAS_PER_PLAYER[players] - 1
    assert game.prompt == ("turn", start)


def test_same_profession_may_be_chosen_twice():
    """Every Inca may take any profession even if another player chose it before."""
    game = mp.new_game(2, 5)
    game.apply("place weaver")
    assert "place weaver" in legal(game)
    game.apply("place weaver")
    assert [i[D.D_CLOTH] for i in game.incas] == [1, 1]


@pytest.mark.parametrize("players, day", [(2, 3), (3, 4), (4, 5), (5, 5)])
def test_learning_variant(players, day):
    """Learning variant: one Inca of each profession to start, the marker 2 days later, no
    set-up decisions."""
    game = mp.new_game(players, 11, learning=True)
    assert game.day == day
    assert game.incas == [[1] * 5] * players
    assert game.supply == [D.INCAS_PER_PLAYER[players] - 5] * players
    assert game.prompt == ("turn", game.start_player)
    assert game.view(None)["time_track_corn"] == list(range(day, 9))


def test_seed_fixes_everything():
    """The same seed gives the same start player and deck; None picks a seed."""
    a, b = mp.new_game(4, 99), mp.new_game(4, 99)
    assert (a.start_player, a.deck, a.hands) == (b.start_player, b.deck, b.hands)
    c = mp.new_game(4)
    assert isinstance(c.seed, int) and 0 <= c.seed < 2**31
    decks = {tuple(mp.new_game(3, s).deck) for s in range(20)}
    assert len(decks) == 20


@pytest.mark.parametrize("kwargs", [
    {"players": 1}, {"players": 6}, {"players": "4"}, {"players": 4.0},
    {"players": 3, "seed": -1}, {"players": 3, "seed": 2**63}, {"players": 3, "seed": 1.5},
    {"players": 3, "seed": True}, {"players": 2, "names": ["a"]},
    {"players": 2, "names": ["a", ""]}, {"players": 2, "names": ["a", "x" * 41]},
    {"players": 2, "names": ["a", 7]},
])
def test_bad_options_are_refused(kwargs):
    """new_game checks the player count, the seed and the names."""
    with pytest.raises(ValueError):
        mp.new_game(**kwargs)


def test_names():
    """Names are used in the log and the view (stripped)."""
    game = mp.new_game(2, 1, names=[" Ana ", "Bo"])
    assert [p["name"] for p in game.view(None)["players"]] == ["Ana", "Bo"]
    assert game.log[0] == ["mp.ev.game_start", {"n": 2, "day": game.day, "start_seat": game.start_player}]
    assert game.names[game.start_player] in text(game.log[0], game.names)
