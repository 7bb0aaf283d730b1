"""The bots' economy (issue 28): a seat values the work of its own Incas, so that the production
districts where they stand are acted on (every Inca of every player there produces once a day,
and only if somebody enters the district)."""

from __future__ import annotations

import machu_picchu as mp
from machu_picchu import data as D
from machu_picchu.bots import make_bot
from machu_picchu.bots.policy import district_values, turn_scores
from machu_picchu.bots.values import Ctx, W


def first_turn(players=4, seed=3):
    """A game of easy bots played to the first turn of a seat whose Prince is on the board."""
    game = mp.new_game(players, seed)
    bots = [make_bot("easy", seed=s) for s in range(players)]
    while game.prompt[0] != "turn" or game.prince[game.to_move] < 0:
        seat = game.to_move
        game.apply(bots[seat].choose(game, seat).action)
    return game.clone()


def workers_at_coca(k: int):
    """Seat to move on the Weaver's Quarter (next to the Coca Plantation and the Potter's
    Quarter, with one and two bonus units), with k coca planters of its own and corn for all of them."""
    g = first_turn()
    s = g.to_move
    g.prince[s] = g.last_used[s] = D.D_CLOTH
    g.incas[s][:] = [1, 0, k, 0, 0]
    for q in range(g.n):
        if q != s:
            g.incas[q][D.D_COCA] = 0
    g.goods[s][D.CORN] = 6
    g.bonus[D.D_COCA] = 1
    g.bonus[D.D_POTTERY] = 2
    g._legal = None
    return g, s


def test_a_seat_values_its_own_incas_production():
    g0, s = workers_at_coca(0)
    g3, _ = workers_at_coca(3)
    none = district_values(Ctx(g0, s))[D.D_COCA]
    three = district_values(Ctx(g3, s))[D.D_COCA]
    # three planters make 3 coca for 3 corn: half of it at least is the seat's gain (counting
    # the bonus alone, as before, they added a fifth of a coca)
    ctx = Ctx(g3, s)
    assert three - none > 1.5 * (ctx.gv[D.COCA] - ctx.gv[D.CORN]) > 0


def test_the_policy_acts_where_its_own_incas_work():
    """Two production districts a step away: the policy prefers the Coca Plantation, where its
    three coca planters would work, to the Potter's Quarter's two bonus units, which it prefers
    with no planter of its own (and preferred, counting the bonus alone, with three)."""
    g, s = workers_at_coca(3)
    legal = g.legal_actions()
    scores = dict(zip((str(a) for a in legal), turn_scores(Ctx(g, s), legal)))
    assert scores["move coca"] > scores["move pottery"]
    g0, _ = workers_at_coca(0)
    legal0 = g0.legal_actions()
    scores0 = dict(zip((str(a) for a in legal0), turn_scores(Ctx(g0, s), legal0)))
    assert scores0["move coca"] < scores0["move pottery"]
