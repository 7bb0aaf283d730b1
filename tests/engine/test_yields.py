"""machu_picchu.yields: which districts give a player nothing today, and why."""
import machu_picchu as mp
from machu_picchu import data as D
from machu_picchu import yields as Y

from .support import begin, play, set_goods


def test_a_taken_bonus_and_taken_temple_stones_give_nothing():
    game = begin(3, start=0)
    idle = Y.idle_districts(game, 0)
    assert "corn" not in idle and "condor" not in idle
    play(game, "move corn")
    while game.to_move == 0 and game.prompt[0] != "turn":
        game.apply(game.legal_actions()[0])
    game.bonus[D.D_CONDOR] = 0
    idle = Y.idle_districts(game, game.to_move)
    assert idle["corn"] == Y.NO_BONUS and idle["condor"] == Y.NO_STONE


def test_what_one_cannot_pay_for_or_has_nobody_for_gives_nothing():
    game = begin(3, start=0)
    set_goods(game, 0)                          # nothing at all
    idle = Y.idle_districts(game, 0)
    assert idle["hut"] == Y.CANNOT_HIRE and idle["palace"] == Y.CANNOT_HIRE
    assert idle["priests"] == Y.CANNOT_ACQUIRE and idle["virgins"] == Y.CANNOT_ACQUIRE
    assert idle["plaza"] == Y.NO_TRADE
    game.supply[0] = 0
    assert Y.idle_districts(game, 0)["hut"] == Y.NO_SUPPLY
    set_goods(game, 0, corn=20, llama=3, coca=3, pottery=3, cloth=3)
    game.supply[0] = 3
    idle = Y.idle_districts(game, 0)
    assert not {"hut", "palace", "plaza", "priests"} & set(idle)
    game.incas[0] = [0] * 5
    assert Y.idle_districts(game, 0)["sunclock"] == Y.NO_INCA


def test_reasons_are_known_codes_over_random_games():
    import random
    for seed in range(6):
        game = mp.new_game(players=4, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            if game.prompt[0] == "turn":
                idle = Y.idle_districts(game, game.to_move)
                assert set(idle.values()) <= set(Y.REASONS)
                assert set(idle) <= set(D.DISTRICTS)
            game.apply(rng.choice(game.legal_actions()))
