"""Hidden information: the choices before the reveal, the tents, the deck order, and
`determinize`, which re-deals exactly what a seat cannot see."""

from __future__ import annotations

import json
import random

import pytest

import incan_gold as ig

from igtools import choose_all, random_walk, rigged, treasure


def seen_by(game: ig.Game, seat) -> str:
    return json.dumps([game.view(seat), game.log_for(seat)], sort_keys=True)


def twin(game: ig.Game, flip: int) -> ig.Game:
    """The same game but the `flip`-th action (from the end) the other way: a game that differs
    only in one hidden choice while that choice is unrevealed."""
    save = game.to_save()
    actions = save["actions"]
    actions[-flip] = "camp" if actions[-flip] == "torch" else "torch"
    return ig.load_game(save)


@pytest.mark.parametrize("players, seed", [(3, 1), (5, 4), (8, 2)])
def test_an_unrevealed_choice_shows_in_no_other_view_or_log(players, seed):
    checked = 0
    for game in random_walk(players, seed):
        if game.is_over or game.pos == 0:
            continue
        for back in {1, game.pos}:      # the last and the first choice in, not yet revealed
            chooser = game.order[game.pos - back]
            other = twin(game, back)
            assert seen_by(other, chooser) != seen_by(game, chooser)   # its own view differs
            for seat in [None, *range(players)]:
                if seat != chooser:
                    assert seen_by(other, seat) == seen_by(game, seat)
            checked += 1
    assert checked > 20


def test_a_seat_sees_its_own_choice_and_whom_it_waits_for():
    game = rigged(4, [treasure(3)], start=1)
    game.apply("camp")                         # seat 1
    game.apply("torch")                        # seat 2
    view = game.view(1)
    assert view["my_choice"] == "camp" and view["chosen"] == [1, 2] and view["waiting"] == [3, 0]
    assert game.view(2)["my_choice"] == "torch"
    for seat in (None, 0, 3):
        view = game.view(seat)
        assert view["my_choice"] is None
        assert [p["chosen"] for p in view["players"]] == [False, True, True, False]
    assert ["ig.you_chose", {"choice": "camp"}] in game.log_for(1)
    assert all(e[0] != "ig.you_chose" for e in game.log_for(0) + game.log)


def test_tents_are_hidden_from_the_others_until_the_end():
    game = rigged(3, [treasure(9), treasure(1)])
    choose_all(game, camps=[0])
    assert game.view(0)["players"][0]["tent"] == 3
    for seat in (None, 1, 2):
        assert game.view(seat)["players"][0]["tent"] is None
        assert [p["tent"] for p in game.view(seat)["players"]].count(None) == (
            3 if seat is None else 2)
    while not game.is_over:
        game.apply("camp")
    assert [p["tent"] for p in game.view(None)["players"]] == game.tent   # opened at the end


def test_no_tent_total_of_another_seat_is_in_the_log():
    """Events carry what the table saw (a share, what went into a tent at once), never a tent's
    running total, until the scores at the end."""
    for game in random_walk(5, 7):
        if game.is_over:
            break
        for event, params in game.log:
            assert "tent" not in params and event != "ig.final_score"


@pytest.mark.parametrize("players, seed", [(3, 3), (6, 6)])
def test_determinize_keeps_the_seats_view_and_redeals_the_rest(players, seed):
    rng = random.Random(seed)
    redealt = 0
    for game in random_walk(players, seed):
        for seat in range(players):
            copy = game.determinize(seat, rng)
            assert seen_by(copy, seat) == seen_by(game, seat)
            assert sorted(copy.deck) == sorted(game.deck)
            if not game.is_over and copy.rand != game.rand:
                redealt += 1
            assert copy.history is None
    assert redealt > 50


def test_determinize_depends_only_on_what_the_seat_sees():
    """Two games differing only in a hidden choice and in the deck's hidden order give the
    same copy for a seat that cannot see them."""
    game = ig.new_game(5, seed=11)
    game.apply("torch")
    game.apply("camp")
    seat = game.to_move
    other = twin(game, 1)
    other.rand ^= 0x5DEECE66D                 # a different order of the same cards
    other.deck.reverse()
    a = game.determinize(seat, random.Random(4))
    b = other.determinize(seat, random.Random(4))
    assert a.rand == b.rand and a.deck == b.deck and a.choice == b.choice
    for _ in range(40):
        if a.is_over:
            break
        a.apply("torch")
        b.apply("torch")
        assert a.view(None) == b.view(None)


def test_determinize_redraws_the_others_unrevealed_choices():
    game = rigged(5, [treasure(3)])
    for _ in range(4):
        game.apply("camp")
    seat = game.to_move
    seen = {tuple(game.determinize(seat, random.Random(k)).choice[:4]) for k in range(40)}
    assert len(seen) > 4                       # not the real choices, every time


def test_a_determinized_copy_plays_on_independently():
    game = ig.new_game(4, seed=3)
    game.apply("torch")
    copy = game.determinize(game.to_move, random.Random(1))
    before = json.dumps(game.view(None))
    while not copy.is_over:
        copy.apply("torch")
    assert json.dumps(game.view(None)) == before and copy.is_over
