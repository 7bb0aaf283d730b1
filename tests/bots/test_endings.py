"""The bots and the three endings: who would win now, ending the game on purpose, day 9.

Positions are built as the engine tests build them (`engine/support.py`: a real game past set-up,
then state fields set, then real decisions). The bots see only what their seat may see: the
other hands are re-dealt in their heads, so "ahead" and "behind" below hold whatever those hands
are (the others own too little for any card to matter much).
"""

from __future__ import annotations

import random
from typing import Optional

import pytest

import machu_picchu as mp
from machu_picchu import data as D
from machu_picchu.bots import make_bot
from machu_picchu.bots.heuristics import finals_if_ended
from machu_picchu.bots.reasons import bot_words, why
from machu_picchu.scoring import multipliers, score_if_ended, winners_if_ended

from engine.support import (POLICIES, begin, everyone_at, put_prince, random_game, set_goods,
                            set_incas, set_owned)

LEVELS = ("medium", "hard")


def bot(level: str, seed: int = 1):
    return make_bot(level, seed=seed, iterations=40)


def cards(*names: str) -> list[int]:
    """Card ids by their two icons, in either order ("sun-corn" is "corn-sun")."""
    def index(name: str) -> int:
        a, b = sorted(name.split("-"), key=D.ICONS.index)
        return D.CARD_INDEX[f"{a}-{b}"]
    return sorted(index(n) for n in names)


def deal(game: mp.Game, hands: dict[int, list[int]], deck_size: Optional[int] = None) -> None:
    """Give the seats in `hands` exactly those cards; the other seats keep as many cards as they
    had, from the rest, and the deck takes what is left, or `deck_size` cards (the last other
    seat then takes the difference). Each hand is known to its seat only."""
    rest = [c for c in range(D.DECK_SIZE) if not any(c in h for h in hands.values())]
    others = [q for q in range(game.n) if q not in hands]
    for q in range(game.n):
        if q in hands:
            game.hands[q] = sorted(hands[q])
        else:
            k = len(game.hands[q])
            if deck_size is not None and q == others[-1]:
                k = len(rest) - deck_size
            game.hands[q], rest = sorted(rest[:k]), rest[k:]
    game.deck[:] = rest
    game.known[:] = [0] * D.DECK_SIZE
    for q, hand in enumerate(game.hands):
        for c in hand:
            game.known[c] = 1 << q
    game._legal = None


SUN_CARDS = ("sun-corn", "sun-llama", "sun-coca", "sun-cloth")


def strong(game: mp.Game, seat: int) -> None:
    """Two Incas in every production district: any card scores for this seat."""
    set_incas(game, seat, farmer=2, shepherd=1, planter=1, potter=1, weaver=1)


def leader_position(ahead: bool) -> mp.Game:
    """3 players; 14 of the 15 Priests/Virgins taken (one Virgin left); seat 0 can pay for it.
    Ahead: seat 0 owns 4 Virgins and holds the 4 sun cards (17 VP, 21 with the last Virgin);
    seats 1 and 2 hold one card each and little to score with. Behind: seat 0 owns nothing and
    holds 3 sun cards (the last Virgin would score 3 VP: worth its goods, were it not the
    last); seat 1 owns 4 Condor priests and 4 Virgins, holds the sun cards and has Incas
    everywhere (whatever cards seat 0 imagines for it, it scores far more)."""
    game = begin(3, start=0)
    game.rows_taken[:] = [4, 5, 5]
    set_owned(game, 2, puma=5, virgin=1)
    if ahead:
        set_owned(game, 0, virgin=4)
        set_owned(game, 1, condor=4)
        deal(game, {0: cards(*SUN_CARDS), 1: cards("corn-llama"), 2: cards("coca-pottery")})
    else:
        set_owned(game, 1, condor=4, virgin=4)
        strong(game, 1)
        deal(game, {0: cards("sun-corn", "sun-llama", "sun-coca"),
                    1: cards("sun-cloth", "sun-pottery", "condor-pottery", "condor-cloth",
                             "condor-coca"),
                    2: cards("puma-pottery", "puma-cloth")})
    set_goods(game, 0, corn=4, coca=2, pottery=1, cloth=1)
    return game


# -- who would win now ------------------------------------------------------------------------
def test_winners_if_ended_agree_with_final_scoring_on_random_games():
    """At the end of random games of every ending, `winners_if_ended` for the game's reason is
    the result; at many positions along the way the bots' own sums (`finals_if_ended`) agree
    with the rules' score sheet for a rescue and for a conquest."""
    reasons = set()
    checked = 0
    for policy in ("uniform", "builder", "pilgrim"):
        for players, seed in ((2, 1), (3, 2), (4, 3), (5, 4)):
            positions = []

            def sample(game, _action, positions=positions):
                if len(game.history) % 37 == 0:
                    positions.append(game.clone())

            game = random_game(players, seed, POLICIES[policy], on_step=sample)
            reasons.add(game.end_reason)
            assert winners_if_ended(game, game.end_reason) == game.result()["winners"]
            assert score_if_ended(game, game.end_reason)["seats"] == game.result()["seats"]
            for g in positions + [game]:
                for reason in ("priests", "conquest"):
                    sheet = score_if_ended(g, reason)
                    mine = finals_if_ended(g, reason == "conquest")
                    assert mine == [(x["final"], x["tiebreak"]) for x in sheet["seats"]]
                    best = max(mine)
                    assert [s for s, x in enumerate(mine) if x == best] == sheet["winners"]
                    checked += 1
    assert reasons == {"priests", "cards", "conquest"}
    assert checked > 200


def test_end_measures_say_how_near_each_ending_came():
    """The tournament's measures of a finished game (`tournament.end_measures`): a rescue by
    Priests/Virgins took all 15, one by cards emptied the deck, a conquest went to day 9; the
    pace counts each turn decision (move, llama trip or stay) per player and day played."""
    from machu_picchu.tournament import STAKE, end_measures
    taken, left, pace, length = ("Priests/Virgins taken (of 15)", "cards left in the deck (of 28)",
                                 "turns a player takes a day", "turns a player takes")
    stakes = set()
    reasons = set()
    for policy in ("uniform", "builder", "pilgrim"):
        for players, seed in ((2, 1), (3, 2), (4, 3), (5, 4)):
            turns = [0]

            def count(game, _action, turns=turns):
                turns[0] += game.stack[-1][0] == "turn"

            game = random_game(players, seed, POLICIES[policy], on_step=count)
            m = end_measures(game)
            assert set(m) == {taken, left, pace, length, STAKE}
            # the stake: the final position's winners by VP alone against VP x gold's rank
            vp = [x["vp"] for x in score_if_ended(game, "priests")["seats"]]
            final = [x["final"] for x in score_if_ended(game, "conquest")["seats"]]
            top = lambda xs: {s for s in range(players) if xs[s] == max(xs)}  # noqa: E731
            if len(top(vp)) == len(top(final)) == 1:
                assert m[STAKE] == int(top(vp) != top(final))
            stakes.add(m[STAKE])
            assert (m[taken] == 15) == (game.end_reason == "priests")
            assert (m[left] == 0) == (game.end_reason == "cards")
            if game.end_reason == "conquest":
                assert game.day == D.LAST_DAY and m[taken] < 15 and m[left] > 0
            days = game.day - D.START_DAY[players] + 1
            assert m[pace] == pytest.approx(turns[0] / players / days, abs=0.006)
            assert m[length] == pytest.approx(turns[0] / players, abs=0.006)
            reasons.add(game.end_reason)
    assert reasons == {"priests", "cards", "conquest"}
    assert stakes == {0, 1}


def test_score_if_ended_multiplies_only_on_a_conquest():
    """A rescue counts VP; a conquest multiplies them by the gold ranking; the reason is named."""
    game = begin(4, start=0)
    deal(game, {0: cards("sun-corn", "puma-condor"), 1: cards("corn-llama"),
                2: cards("coca-pottery", "sun-llama"), 3: cards("cloth-corn")})
    for reason in ("priests", "cards", "conquest"):
        sheet = score_if_ended(game, reason)
        golds = [x["gold"] for x in sheet["seats"]]
        mults = multipliers(golds) if reason == "conquest" else [1] * 4
        assert [x["final"] for x in sheet["seats"]] == [x["vp"] * m for x, m in
                                                         zip(sheet["seats"], mults)]
        assert sheet["reason"] == reason
    assert score_if_ended(game, "conquest")["seats"][0]["multiplier"] == 3   # 5 + 4 gold
    with pytest.raises(ValueError):
        score_if_ended(game, "boredom")


# -- the last Priest or Virgin ----------------------------------------------------------------
@pytest.mark.parametrize("level", LEVELS)
def test_ahead_takes_the_last_virgin(level):
    game = leader_position(ahead=True)
    put_prince(game, 0, "plaza")
    game.apply("move virgins")
    assert game.prompt == ("acquire", 0, D.D_VIRGINS)
    decision = bot(level).choose(game, 0)
    assert decision.action.text == "acquire virgin"
    game.apply(decision.action)
    assert game.is_over and game.end_reason == "priests" and game.result()["winners"] == [0]


def test_ahead_goes_for_the_last_virgin_and_says_so():
    """At its turn, the medium bot walks to the House of Virgins; its reason names the end."""
    game = leader_position(ahead=True)
    put_prince(game, 0, "plaza")
    decision = bot("medium").choose(game, 0)
    assert decision.action.text == "move virgins"
    assert "ends the game" in decision.reason


def test_the_reason_of_a_move_that_ends_the_game_names_the_ending():
    """`why` (the hints' reason) says a move ends the game and whether the seat wins on its
    re-deal; a move that does not end it says nothing of the sort."""
    for ahead in (True, False):
        game = leader_position(ahead=ahead)
        put_prince(game, 0, "plaza")
        g = game.determinize(0, random.Random(3))
        reason = why(g, 0, next(a for a in g.legal_actions() if a.text == "move virgins"))
        if ahead:
            assert reason[0] == "ending" and reason[1]["end"] == "priests" and reason[1]["win"]
            assert reason[1]["why"][0] == "go"
            assert "ends the game, and I should win" in bot_words(reason)
        else:   # the policy declines the last Virgin when behind: the game goes on
            assert reason[0] == "go"
        other = why(g, 0, next(a for a in g.legal_actions() if a.text == "move palace"))
        assert other[0] == "go"


@pytest.mark.parametrize("level", LEVELS)
def test_behind_leaves_the_last_virgin(level):
    game = leader_position(ahead=False)
    put_prince(game, 0, "plaza")
    game.apply("move virgins")
    decision = bot(level).choose(game, 0)
    assert decision.action.text == "acquire nothing"


def test_market_plans_on_kept_values_after_the_last_virgin_is_gone():
    """A play-out keeps a seat's values (`Ctx`) between its turn and its market visit; if
    another seat takes the last card of the row it saves for meanwhile, the market plans skip
    that row (they indexed past the row's costs: IndexError in a hard bot's search)."""
    from machu_picchu.bots.heuristics import Ctx, market_plans
    game = leader_position(ahead=True)
    set_goods(game, 0, corn=12, coca=1, pottery=1, cloth=1)    # a coca short of the Virgin
    ctx = Ctx(game, 0)
    virgin = D.ROW_NAMES[2]
    assert ctx.target == 2 and ctx.t > 0.5
    assert virgin in {label for _a, _v, label in market_plans(ctx)}
    game.rows_taken[2] = D.ROW_SIZES[2]          # seat 1 took the last Virgin
    labels = {label for _a, _v, label in market_plans(ctx)}
    assert virgin not in labels and "nothing to trade" in labels


# -- the last card ----------------------------------------------------------------------------
def deck_position(ahead: bool) -> mp.Game:
    """3 players; one card left in the deck; seat 0's scout on 17, its Prince on the Llama's
    Meadow beside the Condor Temple, which holds a stone (3 steps: the summit, the last card).
    Seat 0 has no llama to travel with. Ahead / behind as in `leader_position`; seat 2 holds the
    rest of the cards and has no Incas (they score nothing for it)."""
    game = begin(3, start=0)
    game.rows_taken[:] = [4, 0, 5]
    set_owned(game, 1, condor=4)
    everyone_at(game, "corn")
    if ahead:
        set_owned(game, 0, virgin=5)
        deal(game, {0: cards(*SUN_CARDS), 1: cards("corn-llama")}, deck_size=1)
    else:
        set_owned(game, 1, condor=4, virgin=5)
        strong(game, 1)
        deal(game, {0: cards("corn-llama"), 1: cards(*SUN_CARDS)}, deck_size=1)
    set_incas(game, 2)
    set_goods(game, 0, corn=3)
    game.trail[:] = [17, 2, 3]
    put_prince(game, 0, "llama")
    game.bonus[D.D_CONDOR] = 1
    return game


def test_deck_position_is_what_it_says():
    """Entering the Condor Temple takes the last card: the game ends, won by seat 0 if ahead."""
    for ahead in (True, False):
        game = deck_position(ahead)
        game.apply("move condor")
        assert len(game.deck) == 0 and game.prompt == ("sacrifice", 1, 0)
        game.apply("sacrifice 0")           # seat 1's Condor priests may still sacrifice
        assert game.is_over and game.end_reason == "cards"
        assert (game.result()["winners"] == [0]) == ahead


@pytest.mark.parametrize("level", LEVELS)
def test_ahead_empties_the_deck(level):
    game = deck_position(ahead=True)
    decision = bot(level).choose(game, 0)
    assert decision.action.text == "move condor", decision.reason


@pytest.mark.parametrize("level", LEVELS)
def test_behind_does_not_empty_the_deck(level):
    game = deck_position(ahead=False)
    decision = bot(level).choose(game, 0)
    assert decision.action.text != "move condor"
    game.apply(decision.action)
    assert not game.is_over


def sacrifice_before_last_card() -> mp.Game:
    """`deck_position` behind, seat 0 at the Condor Temple's sacrifice: its scout on 12 after the
    stone, two llamas of 4 steps each, so one stops short of the summit (16) and two reach it."""
    game = deck_position(ahead=False)
    set_owned(game, 1, condor=3, virgin=5)
    set_owned(game, 0, condor=1)
    game.rows_taken[0] = 4                 # a Condor llama: 4 steps
    game.trail[0] = 9
    set_goods(game, 0, corn=3, llama=2)
    game.apply("move condor")              # 3 steps to 12; one llama to 16, two to the summit
    return game


def test_behind_sacrifices_short_of_the_last_card():
    """At a temple with one card left, behind: only the llamas that stop short of the summit."""
    game = sacrifice_before_last_card()
    assert game.prompt == ("sacrifice", 0, 0)
    assert bot("medium").choose(game, 0).action.text == "sacrifice 1"


def reaction_position(llamas: int) -> mp.Game:
    """3 players; one card left; seat 0's scout on 17 beside the Condor Temple's stone (3 steps:
    the summit, the last card), 3 VP to none (1 corn icon x 1 farmer, 2 for its scout, which
    the summit takes back to 0). Seat 1 holds no card, owns 4 Condor priests and `llamas`
    llamas, its scout on 6: once the deck is out, its sacrifices there (4 steps a llama) reach
    the summit for 3 VP. Seat 2 holds the other cards and has nothing they score with."""
    game = begin(3, start=0)
    game.rows_taken[:] = [4, 0, 5]
    set_owned(game, 1, condor=4)
    everyone_at(game, "corn")
    deal(game, {0: cards(*SUN_CARDS), 1: []}, deck_size=1)
    set_incas(game, 0, farmer=1)
    set_incas(game, 1)
    set_incas(game, 2)
    set_goods(game, 0, corn=3)
    set_goods(game, 1, llama=llamas)
    game.trail[:] = [17, 6, 3]
    put_prince(game, 0, "llama")
    game.bonus[D.D_CONDOR] = 1
    return game


def test_reaction_position_is_what_it_says():
    """Entering the Condor Temple empties the deck; seat 1's four llamas then take it to the
    summit (3 VP) and it wins; without llamas seat 0 wins."""
    for llamas, winner in ((4, 1), (0, 0)):
        game = reaction_position(llamas)
        assert [x["vp"] for x in score_if_ended(game, "cards")["seats"]] == [3, 0, 0]
        game.apply("move condor")
        while not game.is_over:
            game.apply(game.legal_actions()[-1])      # the most llamas
        assert game.end_reason == "cards" and game.result()["winners"] == [winner]


@pytest.mark.parametrize("level", ("easy",) + LEVELS)
def test_the_last_card_counts_the_scout_going_back_and_the_others_sacrifices(level):
    """Whoever takes the last card counts what that summit costs its own scout (its trail bonus)
    and what the others still gain at that temple once the deck is out (3 VP a summit): seat 0,
    3 VP ahead, would lose by 2, so it does not end the game; with nothing for seat 1 to
    sacrifice it would win by 1, and it does (the easy and hard bots emptied the deck in both)."""
    for seed in (1, 2):
        game = reaction_position(llamas=4)
        decision = bot(level, seed).choose(game, 0)
        assert decision.action.text != "move condor", decision.reason
        game = reaction_position(llamas=0)
        decision = bot(level, seed).choose(game, 0)
        assert decision.action.text == "move condor", decision.reason


# -- day 9 ------------------------------------------------------------------------------------
def day9_position(ahead: bool) -> mp.Game:
    """Day 9, two moon tiles taken: a stay takes the Sun tile and ends seat 0's play. Every
    bonus is used up; seat 0 stands on the Plaza beside the Royal Palace, with the coca and cloth
    to set up a potter that its pottery icon rewards (behind: as in `leader_position`). The
    bots before this change stayed here ("nothing better within reach")."""
    game = leader_position(ahead)
    everyone_at(game, "plaza")
    game.day = D.LAST_DAY
    game.board_tiles &= ~(1 << 5 | 1 << 6)   # the trail tiles are gone
    game.tiles_today = 2
    game.bonus[:] = [0] * len(game.bonus)
    if not ahead:
        deal(game, {0: cards("pottery-llama", "corn-coca")})
    set_goods(game, 0, corn=2, coca=1, cloth=1)
    return game


@pytest.mark.parametrize("level", LEVELS)
def test_behind_on_day_9_does_not_end_the_game(level):
    game = day9_position(ahead=False)
    assert winners_if_ended(game, "conquest") != [0]
    decision = bot(level).choose(game, 0)
    assert decision.action.kind != "stay", decision.reason
    if level == "medium":
        assert decision.action.text == "move palace", decision.reason   # the potter


def test_day_9_stay_counts_no_sun_tile():
    """The policy gives the Sun tile nothing on day 9: a stay scores what its tile brings, plus
    the end's own value (none here: a tie on the margin)."""
    from machu_picchu.bots.heuristics import Ctx, W, moon_value, turn_scores
    game = day9_position(ahead=False)
    ctx = Ctx(game, 0)
    legal = game.legal_actions()
    scores = dict(zip(legal, turn_scores(ctx, legal)))
    stay = next(a for a in legal if a.kind == "stay")
    assert scores[stay] == pytest.approx(moon_value(ctx, stay.arg) - W.end_bonus)
    game.day = D.LAST_DAY - 1
    ctx = Ctx(game, 0)
    assert dict(zip(legal, turn_scores(ctx, legal)))[stay] > moon_value(ctx, stay.arg)


def test_medium_self_play_is_legal_to_the_end_of_day_9():
    """A short game from day 9 on, four medium bots: legal decisions, an ending reached."""
    game = begin(4, start=0)
    game.day = D.LAST_DAY
    rng = random.Random(5)
    bots = [make_bot("medium", seed=rng.randrange(1000)) for _ in range(4)]
    for _ in range(2000):
        if game.is_over:
            break
        seat = game.to_move
        game.apply(bots[seat].choose(game, seat).action)
    assert game.is_over and game.end_reason == "conquest"


def test_fit_hands_redeals_only_what_the_seat_cannot_see():
    """The others' hands as kept: every card still once, the seat's own hand and the deck cards
    it put back where they were, hand sizes kept; and the others' hands fit them better than a
    uniform deal does (their VP with what they own, summed over many deals)."""
    from machu_picchu.bots.heuristics import current, fit_hands
    game = leader_position(ahead=False)
    game.deck[0], game.deck[5] = game.deck[5], game.deck[0]
    game.known[game.deck[3]] |= 1      # seat 0 put this one back: it knows where it is
    rng = random.Random(3)
    fitted = uniform = 0
    for _ in range(40):
        g = game.determinize(0, rng)
        uniform += sum(current(g, q)[0] for q in (1, 2))
        fit_hands(g, 0, rng)
        fitted += sum(current(g, q)[0] for q in (1, 2))
        assert sorted(sum(g.hands, []) + g.deck) == list(range(D.DECK_SIZE))
        assert g.hands[0] == game.hands[0] and g.deck[3] == game.deck[3]
        assert [len(h) for h in g.hands] == [len(h) for h in game.hands]
        assert all(g.known[c] == 1 << q for q in (1, 2) for c in g.hands[q])
    assert fitted > uniform
