"""The Incatrail in play: rewards at the end of the turn, summit draws, the deck running out."""

from __future__ import annotations

import pytest

import machu_picchu as mp
from machu_picchu import data as D

from .support import (DIST, ROW, begin, goods, legal, put_prince, set_deck_size, set_goods,
                      set_owned)


def temple_position(temple="sun", players=3):
    """Blue (seat 0) is about to enter `temple`, which holds 1 stone; all scouts on 0."""
    game = begin(players, start=0)
    game.trail[:] = [0] * players
    game.bonus[DIST[temple]] = 1
    put_prince(game, 0, {"sun": "corn", "condor": "plaza", "puma": "sunclock", "main": "sun"}[temple])
    return game


def test_rulebook_incatrail_example_12_plus_15():
    """Yellow's scout on 12 sacrifices for 15 steps: summit, then on to 7. Yellow draws 3 cards
    and puts back 2 (any 2, even one held before); the Stable's llama and the Granary's 3 corn
    come at the end of the turn."""
    game = temple_position("sun")
    game.rows_taken[ROW["virgin"]] = 5                     # 5 steps per llama
    set_owned(game, 1, virgin=3)
    set_goods(game, 1, corn=3, llama=3)
    game.trail[1] = 12
    old_card = game.hands[1][0]
    top3 = game.deck[:3]
    game.apply("move sun")
    game.apply("sacrifice 3")
    assert game.trail[1] == 7
    assert game.prompt == ("return", 1, 2)
    assert sorted(game.hands[1]) == sorted([old_card] + top3)
    assert sorted(game.view(1)["players"][1]["drawn"]) == sorted(D.CARD_NAMES[c] for c in top3)
    assert "drawn" not in game.view(0)["players"][1] and "hand" not in game.view(0)["players"][1]
    assert len(legal(game)) == 6                           # any 2 of the 4 cards now held
    # rewards are pending, not paid, while the turn goes on
    assert goods(game, 1) == {"corn": 3, "llama": 0, "coca": 0, "pottery": 0, "cloth": 0}
    assert (game.pending_corn[1], game.pending_llama[1]) == (3, 1)
    back = mp.parse_action(f"return {D.CARD_NAMES[old_card]} {D.CARD_NAMES[top3[0]]}")
    game.apply(back)
    assert sorted(game.hands[1]) == sorted(top3[1:])
    assert game.deck[-2:] == list(back.arg)               # under the deck
    assert game.prompt == ("turn", 1)                      # Blue's turn is over
    assert goods(game, 1) == {"corn": 6, "llama": 1, "coca": 0, "pottery": 0, "cloth": 0}
    assert game.pending_corn == [0, 0, 0] and game.pending_llama == [0, 0, 0]


def test_rulebook_incatrail_example_18_plus_5():
    """A scout on 18 advancing 5 ends on 3, with a card and no reward."""
    game = temple_position("condor")
    game.rows_taken[ROW["condor"]] = 3                     # 5 steps per llama
    set_owned(game, 1, condor=1)
    game.trail[1] = 18
    game.apply("move condor")
    game.apply("sacrifice 1")
    assert game.trail[1] == 3
    assert game.prompt == ("return", 1, 2)
    assert (game.pending_corn[1], game.pending_llama[1]) == (0, 0)


def test_a_stable_llama_cannot_be_sacrificed_in_the_same_turn():
    """Blue's stones carry the scout past the Stable; that llama only comes at the end of the
    turn, so Blue's 2 Virgins can sacrifice only the 1 llama Blue had."""
    game = temple_position("sun", players=2)
    game.rows_taken[ROW["virgin"]] = 6                     # 4 steps per llama
    set_owned(game, 0, virgin=2)
    game.trail[0] = 12
    game.apply("move sun")
    assert game.trail[0] == 15 and game.pending_llama[0] == 1
    assert legal(game) == ["sacrifice 0", "sacrifice 1"]
    game.apply("sacrifice 1")
    assert game.trail[0] == 19
    assert goods(game, 0)["llama"] == 1                    # paid after the turn
    assert game.prompt == ("turn", 1)


def test_granary_corn_cannot_pay_in_the_same_turn():
    """The Granary's 3 corn are not there yet for a Main Temple offer in the same turn."""
    game = temple_position("main", players=2)
    set_goods(game, 0, corn=2, coca=1)
    game.trail[0] = 5
    game.apply("move main")
    assert game.trail[0] == 8 and game.pending_corn[0] == 3
    assert legal(game) == ["offer nothing", "offer coca"]
    game.apply("offer coca")
    assert goods(game, 0)["corn"] == 2
    game.apply("offer nothing")                            # the other player; the turn ends
    assert game.prompt == ("turn", 1)
    assert goods(game, 0)["corn"] == 5


def test_multiple_summits_in_one_advance():
    """24 steps from 19: two summits, each a draw of 3 and 2 put back; every pass of the
    Granary and the Stable pays."""
    game = temple_position("sun", players=2)
    game.rows_taken[ROW["virgin"]] = 6                     # 4 steps per llama
    set_owned(game, 0, virgin=6)
    set_goods(game, 0, corn=0, llama=6)
    game.trail[0] = 16
    game.apply("move sun")                                 # 16 + 3 = 19
    game.apply("sacrifice 6")                              # 19 + 24: 20, 20, then 3
    assert game.trail[0] == 3
    assert game.prompt == ("return", 0, 2) and len(game.hands[0]) == 4
    game.apply(game.legal_actions()[0])
    assert game.prompt == ("return", 0, 2) and len(game.hands[0]) == 5
    game.apply(game.legal_actions()[-1])
    assert len(game.hands[0]) == 3
    assert len(game.deck) == 28 - 2 - 2
    assert goods(game, 0)["corn"] == 3 and goods(game, 0)["llama"] == 1


def test_summit_with_two_cards_left_draws_both_and_puts_one_back():
    """With 2 cards left, both are drawn and 1 is put back."""
    game = temple_position("condor")
    set_deck_size(game, 2, dump_seat=2)
    game.rows_taken[ROW["condor"]] = 3
    set_owned(game, 1, condor=1)
    game.trail[1] = 18
    drawn = game.deck[:]
    game.apply("move condor")
    game.apply("sacrifice 1")
    assert game.prompt == ("return", 1, 1)
    assert set(drawn) <= set(game.hands[1]) and len(game.hands[1]) == 3
    assert len(legal(game)) == 3 and all(len(mp.parse_action(a).arg) == 1 for a in legal(game))
    game.apply(legal(game)[0])
    assert len(game.deck) == 1 and len(game.hands[1]) == 2
    assert not game.is_over and game.prompt == ("turn", 1)


def test_summit_with_three_cards_left_does_not_end_the_game():
    """3 left: draw 3, put 2 back; the deck holds 2 again, so it is not exhausted."""
    game = temple_position("condor")
    set_deck_size(game, 3, dump_seat=2)
    game.rows_taken[ROW["condor"]] = 3
    set_owned(game, 1, condor=1)
    game.trail[1] = 18
    game.apply("move condor")
    game.apply("sacrifice 1")
    assert game.prompt == ("return", 1, 2) and not game.deck
    game.apply(legal(game)[0])
    assert len(game.deck) == 2
    assert not game.is_over and game.prompt == ("turn", 1)


def test_deck_exhausted_ends_the_game_after_the_action():
    """The last card is simply taken; the district action still finishes, a further summit
    gives 3 VP instead of a card, the turn's trail rewards are paid, then the game ends."""
    game = temple_position("condor")
    set_deck_size(game, 1, dump_seat=0)
    game.rows_taken[ROW["condor"]] = 3                     # 5 steps per llama
    set_owned(game, 1, condor=2)
    set_owned(game, 2, condor=1)
    set_goods(game, 1, llama=2)
    set_goods(game, 2, llama=1)
    game.trail[1], game.trail[2] = 12, 19
    last = game.deck[0]
    game.apply("move condor")
    game.apply("sacrifice 2")                              # 12 + 10: Stable, summit, 2
    assert last in game.hands[1] and not game.deck
    assert not game.is_over and game.prompt == ("sacrifice", 2, ROW["condor"])
    game.apply("sacrifice 1")                              # 19 + 5: summit, 4
    assert game.is_over and game.end_reason == "cards"
    assert game.summit_vp == [0, 0, 3]
    assert len(game.hands[2]) == 1
    assert goods(game, 1)["llama"] == 1                    # the Stable's llama was paid
    result = game.result()
    assert result["reason"] == "cards"
    assert result["seats"][2]["vp_by_source"]["summits"] == 3
    assert all(s["multiplier"] == 1 for s in result["seats"])


def test_deck_exhausted_by_a_single_card_draw_for_the_active_player():
    """If the active player takes the last card with its stones, the others still sacrifice."""
    game = temple_position("condor")
    set_deck_size(game, 1, dump_seat=2)
    game.rows_taken[ROW["condor"]] = 3
    set_owned(game, 1, condor=1)
    game.trail[0] = 18
    game.apply("move condor")                              # 18 + 3: the last card
    assert game.deck == [] and game.prompt == ("sacrifice", 1, ROW["condor"])
    game.apply("sacrifice 1")
    assert game.is_over and game.end_reason == "cards"
    assert game.trail[1] == 5


@pytest.mark.parametrize("pos, bonus", [(0, 0), (6, 0), (7, 1), (12, 1), (13, 2), (19, 2)])
def test_final_trail_bonus(pos, bonus):
    """A scout on 7-12 scores 1 VP and 1 gold, on 13-19 2 of each."""
    game = begin(2, start=0)
    game.trail[0] = pos
    from machu_picchu.scoring import score
    seat = score(game, conquest=True)["seats"][0]
    assert seat["vp_by_source"]["trail"] == bonus
    assert seat["gold"] == D.CARD_GOLD[game.hands[0][0]] + bonus
