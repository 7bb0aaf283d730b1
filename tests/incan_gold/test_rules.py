"""One test per rule of Incan Gold (game.py), on rigged decks: the draws are chosen, the rest is
the engine's own flow through the public API."""

from __future__ import annotations

import pytest

import incan_gold as ig
from incan_gold import data as D

from igtools import A, choose_all, hazard, random_game, rigged, script, treasure


def gems(game):
    return [p["round_gems"] for p in game.view(None)["players"]]


def tents(game):
    return list(game.tent)


@pytest.mark.parametrize("players", range(3, 9))
def test_three_to_eight_players(players):
    game = ig.new_game(players, seed=1)
    assert len(game.view()["players"]) == players


@pytest.mark.parametrize("players", [0, 1, 2, 9, 20])
def test_other_player_counts_are_refused(players):
    with pytest.raises(ValueError, match="3 to 8"):
        ig.new_game(players, seed=1)


def test_rulebook_example_eleven_gems_among_four():
    """The rulebook's worked example: 11 gems among 4 players, 2 each, 3 left on the card."""
    game = rigged(4, [treasure(11)])
    assert gems(game) == [2, 2, 2, 2]
    assert game.view()["path"] == [{"kind": "treasure", "gems": 11, "hazard": None, "left": 3}]


def test_first_card_is_turned_with_no_choice():
    game = rigged(3, [treasure(3), hazard("fire")])
    view = game.view()
    assert [c["gems"] for c in view["path"]] == [3]              # turned before any choice
    assert game.history == [] and game.prompt == ig.Prompt(ig.Decision.CHOOSE, 0)
    assert view["players"][0]["in_temple"] and gems(game) == [1, 1, 1]


def test_a_hazard_as_first_card_turns_the_next_card_at_once():
    """The rulebook: with a hazard first nobody has a reason to leave, so the next card is
    turned at once, before any choice."""
    game = rigged(3, [hazard("fire"), treasure(3), hazard("snakes")])
    assert [c["kind"] for c in game.view()["path"]] == ["hazard", "treasure"]
    assert game.history == [] and game.prompt == ig.Prompt(ig.Decision.CHOOSE, 0)
    assert gems(game) == [1, 1, 1]


def test_a_first_hazard_then_its_twin_busts_at_once_and_costs_nobody_anything():
    game = rigged(3, [hazard("fire"), hazard("fire", 1), treasure(5)])
    record = game.rounds_done[0]
    assert record.end == ig.RoundEnd.BUST and record.hazard == "fire"
    assert game.round == 2 and game.lost == 0 and game.history == []
    assert game.view()["removed_hazards"] == ["fire"]


def test_only_the_first_card_is_exempt_from_the_choice():
    game = rigged(3, [hazard("fire"), hazard("snakes"), treasure(5)])
    assert len(game.view()["path"]) == 2 and game.prompt == ig.Prompt(ig.Decision.CHOOSE, 0)


def test_a_first_hazard_of_a_kind_is_harmless():
    game = rigged(3, [treasure(9), hazard("snakes"), hazard("fire")])
    choose_all(game)
    choose_all(game)
    assert gems(game) == [3, 3, 3]
    assert not game.rounds_done and game.round == 1


def test_choices_go_in_seat_order_from_the_start_player_among_those_inside():
    game = rigged(5, [treasure(1), treasure(2), treasure(3)], start=3)
    order = []
    for _ in range(5):
        order.append(game.to_move)
        game.apply("camp" if game.to_move == 4 else "torch")
    assert order == [3, 4, 0, 1, 2]
    assert game.view()["waiting"] == [3, 0, 1, 2]


def test_treasure_is_split_among_those_still_inside_only():
    game = rigged(4, [treasure(1), treasure(14)])
    choose_all(game, camps=[0])               # 3 stay: 14 // 3 = 4 each, 2 left
    assert gems(game) == [0, 4, 4, 4]
    assert game.view()["path"][-1]["left"] == 2


def test_leavers_pool_the_gems_left_on_all_cards_rounded_down():
    # 4 players: 11 -> 2 each, 3 left; 7 -> 1 each, 3 left; 1 -> 0 each, 1 left: 7 on the path.
    game = rigged(4, [treasure(11), treasure(7), treasure(1)])
    choose_all(game)
    choose_all(game)
    assert [c["left"] for c in game.view()["path"]] == [3, 3, 1]
    script(game, [treasure(2)])
    choose_all(game, camps=[1, 2])            # 7 // 2 = 3 each; 1 stays on the cards
    assert tents(game) == [0, 3 + 3, 3 + 3, 0]
    assert [c["left"] for c in game.view()["path"]] == [0, 0, 1, 0]   # 2 -> 1 each for 2 inside
    assert gems(game) == [3 + 1, 0, 0, 3 + 1]


def test_leavers_bank_everything_from_this_round_and_sit_out():
    game = rigged(3, [treasure(9), treasure(5)])
    choose_all(game, camps=[2])
    assert tents(game) == [0, 0, 3]
    view = game.view(2)
    assert not view["players"][2]["in_temple"] and view["players"][2]["round_gems"] == 0
    assert 2 not in game.order                 # takes no part in the rest of the round
    assert gems(game) == [3 + 2, 3 + 2, 0]


def test_a_lone_leaver_takes_every_artifact_on_the_path():
    game = rigged(3, [A[0], treasure(3)])
    script(game, [treasure(1)])
    choose_all(game, camps=[1])
    assert game.artifacts[1] == [5] and game.artifacts_here == []
    assert game.view()["path"][0]["artifact"] is False


def test_two_leavers_take_no_artifact_and_it_stays_for_a_later_lone_leaver():
    game = rigged(4, [A[0], treasure(1), treasure(2)])
    choose_all(game, camps=[0, 1])
    assert game.artifacts == [[], [], [], []] and game.view()["path"][0]["artifact"] is True
    choose_all(game, camps=[3])
    assert game.artifacts[3] == [5]


@pytest.mark.parametrize("order_out, expected", [(1, [5]), (3, [5, 5, 5]), (5, [5, 5, 5, 10, 10])])
def test_artifact_values_follow_their_order_out_of_the_temple(order_out, expected):
    """Each round turns a treasure, then that round's artifact. In the first `order_out` rounds
    seat 0 walks out alone with it; in the others everyone leaves together and it is lost."""
    game = rigged(3, [treasure(1), A[0], treasure(2)])
    for r in range(1, 6):
        assert game.round == r
        choose_all(game)                            # the artifact is turned
        assert game.view()["path"][-1]["kind"] == "artifact"
        after = [treasure(1), A[r], treasure(2)] if r < 5 else []
        if r <= order_out:
            choose_all(game, camps=[0])             # seat 0 alone carries it out
            script(game, after)
            choose_all(game, camps=[1, 2])
        else:
            script(game, after)
            choose_all(game, camps=[0, 1, 2])       # together: nobody may take it
    assert game.is_over
    assert game.artifacts[0] == expected
    assert game.artifacts_lost == 5 - order_out
    assert game.result()["seats"][0]["final"] == game.tent[0] + sum(expected)


def test_a_second_hazard_ends_the_round_and_those_inside_lose_this_rounds_gems():
    game = rigged(3, [treasure(9), hazard("mummies"), treasure(4), hazard("mummies", 1)])
    choose_all(game)                    # mummies (first)
    choose_all(game, camps=[0])         # seat 0 banks 3; 4 -> 2 each for seats 1, 2
    assert gems(game) == [0, 5, 5]
    choose_all(game)                    # second mummies: seats 1 and 2 lose their 5 each
    record = game.rounds_done[0]
    assert record.end == ig.RoundEnd.BUST and record.hazard == "mummies"
    assert tents(game) == [3, 0, 0] and game.lost == 10
    assert game.round == 2


def test_the_second_hazard_card_leaves_the_game_and_the_path_returns_to_the_deck():
    first, second = hazard("mummies"), hazard("mummies", 1)
    game = rigged(3, [treasure(9), first, treasure(4), second])
    choose_all(game)
    choose_all(game)
    choose_all(game)
    assert game.round == 2
    assert game.view()["removed_hazards"] == ["mummies"]
    in_play = set(game.deck) | set(game.path)
    assert second not in in_play
    assert {treasure(9), first, treasure(4), hazard("mummies", 2)} <= in_play
    assert game.view()["deck"]["mummies"] + sum(
        1 for c in game.view()["path"] if c["hazard"] == "mummies") == 2


def test_artifacts_left_on_the_path_are_lost_when_the_round_ends():
    game = rigged(3, [A[0], treasure(1)])
    choose_all(game, camps=[0, 1])
    choose_all(game, camps=[2])         # two then one: the lone leaver takes it...
    assert game.artifacts[2] == [5]
    game = rigged(3, [A[0], treasure(1)])
    choose_all(game, camps=[0, 1, 2])   # everyone together: nobody takes it
    assert game.artifacts_lost == 1 and game.round == 2
    assert A[0] not in game.deck and A[0] not in game.path
    assert game.view()["rounds_done"][0]["path"][0] == {
        "kind": "artifact", "gems": None, "hazard": None, "left": 0, "artifact": True}


def test_one_artifact_is_added_each_round_and_an_undrawn_one_stays():
    game = rigged(3, [treasure(1), treasure(2)])
    assert game.view()["deck"]["artifact"] == 1
    choose_all(game, camps=[0, 1, 2])           # artifact 1 never drawn
    assert game.round == 2
    deck_artifacts = [c for c in game.deck + game.path if D.CARD_KIND[c] == D.ARTIFACT]
    assert sorted(deck_artifacts) == [A[0], A[1]]


def test_gems_left_on_the_path_go_back_to_the_bank_at_the_round_end():
    game = rigged(3, [treasure(11)])     # 3 each, 2 left
    choose_all(game, camps=[0, 1, 2])    # 2 // 3 = 0 each: the 2 stay, then go back
    assert tents(game) == [3, 3, 3] and game.returned == 2


def test_the_start_player_passes_left():
    game = rigged(4, [treasure(1)], start=3)
    starts = []
    while not game.is_over:
        starts.append((game.round, game.start_player))
        choose_all(game, camps=range(4))
    assert starts == [(1, 3), (2, 0), (3, 1), (4, 2), (5, 3)]


def test_five_rounds_then_the_game_is_over():
    game = random_game(5, seed=3)
    assert [r.round for r in game.rounds_done] == [1, 2, 3, 4, 5]
    assert game.to_move is None and game.legal_actions() == [] and game.prompt is None
    with pytest.raises(ig.IllegalAction, match="over"):
        game.apply("torch")


def _ended(tent, artifacts):
    game = ig.new_game(3, seed=1)
    game.tent = list(tent)
    game.artifacts = [list(a) for a in artifacts]
    game.over = True
    return game.result()


def test_most_wealth_wins():
    result = _ended([10, 20, 14], [[], [], [5]])
    assert result["winners"] == [1]
    assert [s["final"] for s in result["seats"]] == [10, 20, 19]


def test_a_tie_goes_to_most_artifacts():
    result = _ended([20, 10, 10], [[], [5, 5], [10]])
    assert [s["final"] for s in result["seats"]] == [20, 20, 20]
    assert result["winners"] == [1]


def test_a_tie_on_both_is_a_shared_win():
    result = _ended([15, 9, 15], [[5], [10], [5]])
    assert result["winners"] == [0, 2]


def test_diamant_has_no_artifacts():
    game = random_game(4, seed=5, diamant=True)
    assert all(D.CARD_KIND[c] != D.ARTIFACT for r in game.rounds_done for c in r.path)
    assert game.view()["deck"]["artifact"] == 0 and game.artifacts_out == 0
    assert game.view()["options"]["diamant"] is True


def test_open_tents_show_every_tent():
    game = rigged(3, [treasure(9), treasure(1)], open_tents=True)
    choose_all(game, camps=[0])
    assert game.view(1)["players"][0]["tent"] == 3
    assert game.view(None)["players"][0]["tent"] == 3


def test_the_choices_are_revealed_together_after_the_last_one():
    game = rigged(3, [treasure(9), treasure(1)])
    game.apply("camp")
    game.apply("torch")
    assert game.view()["last_reveal"] is None and tents(game) == [0, 0, 0]
    game.apply("torch")
    reveal = game.view()["last_reveal"]
    assert reveal["torch"] == [1, 2] and reveal["camp"] == [0]
    assert tents(game) == [3, 0, 0]


def test_every_seat_inside_may_take_either_action():
    game = rigged(3, [treasure(9)])
    assert [str(a) for a in game.legal_actions()] == ["torch", "camp"]
