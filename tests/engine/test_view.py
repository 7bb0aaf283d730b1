"""Views (view.py): what each seat may see; every count public, hidden cards hidden."""

from __future__ import annotations

import json

import pytest

import machu_picchu as mp
from machu_picchu import data as D
from machu_picchu.events import PRIVATE_IDS, texts

from .support import POLICIES, begin, random_game


def test_public_and_seat_views(blue_yellow_red):
    """Only a seat's own view shows its hand; legal actions only to the seat to move."""
    game = blue_yellow_red
    public = game.view(None)
    assert public["seat"] is None and "legal" not in public
    assert all("hand" not in p for p in public["players"])
    for seat in range(3):
        view = game.view(seat)
        assert view["players"][seat]["hand"] == [D.CARD_NAMES[c] for c in game.hands[seat]]
        assert all("hand" not in p for s, p in enumerate(view["players"]) if s != seat)
        assert ("legal" in view) == (seat == game.to_move)
    assert game.view(0)["legal"] == [a.text for a in game.legal_actions()]


def test_every_count_is_public(blue_yellow_red):
    """Goods, Incas, supply, cards held, priests, trail, tiles and the deck size are public."""
    game = blue_yellow_red
    game.apply("move plaza")
    p = game.view(None)["players"][1]
    assert p["goods"] == {"corn": 3, "llama": 1, "coca": 1, "pottery": 1, "cloth": 1}
    assert p["incas"] == {"farmer": 1, "shepherd": 0, "planter": 0, "potter": 0, "weaver": 0}
    assert p["supply"] == 9 and p["cards"] == 1 and p["sunclock"] == 0
    assert p["priests"] == {"condor": 0, "puma": 0, "virgin": 0}
    assert p["trail"] == 2 and p["moon_tiles"] == [] and p["prince"] is None
    view = game.view(None)
    assert view["deck"] == 25 and view["priests_left"] == 15
    assert view["players"][0]["prince"] == "plaza"
    assert view["districts"]["plaza"]["princes"] == [0]
    assert view["districts"]["corn"]["incas"] == [1, 1, 1]
    assert view["districts"]["corn"]["bonus"] == 1
    assert view["prompt"]["kind"] == "market" and view["to_move"] == 0


def test_views_are_json(sample_games):
    """Every view of every step of a game survives a JSON round trip unchanged."""
    key = ("uniform", 4, 2, False)
    game = mp.new_game(4, 2)
    for text in sample_games[key].history + [None]:
        for seat in (None, 0, 1, 2, 3):
            view = game.view(seat)
            assert json.loads(json.dumps(view)) == view
        if text is not None:
            game.apply(text)


def test_hidden_cards_do_not_change_other_views(blue_yellow_red):
    """Swapping a card of Yellow's hand with an unseen deck card changes no view but Yellow's."""
    game = blue_yellow_red
    other = game.clone()
    other.hands[1][0], other.deck[5] = other.deck[5], other.hands[1][0]
    for seat in (None, 0, 2):
        assert other.view(seat) == game.view(seat)
    assert other.view(1) != game.view(1)


def test_private_log_lines(sample_games):
    """Card names appear only in their holder's log; the public log names no card."""
    key = ("pilgrim", 3, 1, False)
    game = mp.new_game(3, 1)
    history = sample_games[key].history
    for text in history[:-1]:
        game.apply(text)
    assert not game.is_over
    public = texts(game.view(None)["log"])
    assert not any(name in line for line in public for name in D.CARD_NAMES)
    for seat in range(3):
        events = game.view(seat)["log"]
        private = [line for line in texts(events) if line not in public]
        assert private and all(line.startswith("You ") for line in private)
        assert all(e[0] in PRIVATE_IDS for e in events if e not in game.log)
        for other in range(3):
            if other != seat:
                assert not set(private) & set(texts(game.view(other)["log"])) - set(public)
    assert texts(game.log) == public


def test_drawn_cards_shown_to_the_drawer_only(sample_games):
    """During a summit return, the drawn cards are in the drawer's view only."""
    key = ("pilgrim", 4, 1, False)
    game = mp.new_game(4, 1)
    for text in sample_games[key].history:
        if game.prompt[0] == "return":
            seat = game.to_move
            drawn = game.view(seat)["players"][seat]["drawn"]
            assert len(drawn) in (2, 3) and set(drawn) <= set(game.view(seat)["players"][seat]["hand"])
            assert game.view(seat)["prompt"] == {"kind": "return", "seat": seat,
                                                 "active": game.current,
                                                 "put_back": game.prompt[2]}
            for other in [None] + [s for s in range(4) if s != seat]:
                assert "drawn" not in game.view(other)["players"][seat]
            return
        game.apply(text)
    raise AssertionError("no summit reached")


def test_finished_game_reveals_every_hand_and_the_result():
    """At the end every view shows every hand and the result."""
    game = random_game(3, 4, POLICIES["uniform"])
    for seat in (None, 0, 1, 2):
        view = game.view(seat)
        assert view["over"] and view["end_reason"] == "conquest"
        assert view["result"] == game.result()
        assert [p["hand"] for p in view["players"]] == \
            [[D.CARD_NAMES[c] for c in h] for h in game.hands]
        assert view["prompt"] is None and view["to_move"] is None and "legal" not in view


def test_own_score_now_follows_the_cards_and_is_for_the_seat_only(sample_games):
    """Each seat's view says what its own cards would score if the game ended now; no other
    view has it; at the end it is the score sheet's VP and gold."""
    key = ("builder", 4, 1, False)
    game = mp.new_game(4, 1)
    for k, text in enumerate(sample_games[key].history):
        if k % 23 == 0:
            for seat in range(4):
                players = game.view(seat)["players"]
                assert [("score_now" in p) for p in players] == [s == seat for s in range(4)]
                now = players[seat]["score_now"]
                assert now["vp"] == sum(now["vp_by_source"].values())
                icons = [0] * 8
                for c in game.hands[seat]:
                    for i in D.CARDS[c]:
                        icons[i] += 1
                expected = sum(icons[g] * game.incas[seat][g] for g in range(5))
                expected += sum(icons[5 + r] * game.owned[seat][r] for r in range(3))
                expected += D.trail_bonus(game.trail[seat]) + game.summit_vp[seat]
                assert now["vp"] == expected
            assert all("score_now" not in p for p in game.view(None)["players"])
        game.apply(text)
    result = game.result()
    for seat in range(4):
        now = game.view(seat)["players"][seat]["score_now"]
        assert (now["vp"], now["gold"]) == (result["seats"][seat]["vp"], result["seats"][seat]["gold"])
        assert now["vp_by_source"] == result["seats"][seat]["vp_by_source"]


@pytest.mark.parametrize("seat", [3, -1, "0", 1.5, 7])
def test_view_of_a_seat_not_in_the_game(seat):
    """A seat outside the game is refused."""
    with pytest.raises(ValueError):
        mp.new_game(3, 1).view(seat)


def test_prompt_descriptions():
    """The prompt says what is being decided, in public terms."""
    game = begin(3, start=0)
    game.incas[0][D.D_COCA] = 2
    game.supply[0] -= 2
    game.apply("move coca")
    assert game.view(None)["prompt"] == {"kind": "produce", "seat": 0, "active": 0,
                                         "district": "coca", "incas": 2}
    game = begin(3, start=0)
    game.owned[1] = [0, 0, 1]
    game.rows_taken[2] = 1
    game.apply("move sun")
    assert game.view(None)["prompt"] == {"kind": "sacrifice", "seat": 1, "active": 0,
                                         "row": "virgin", "district": "sun", "cards": 1,
                                         "steps_per_llama": 9}
    game = begin(2, start=1)
    assert game.view(None)["prompt"] == {"kind": "turn", "seat": 1, "active": 1,
                                         "first_turn": True, "at": None, "stay_only": False}
    game = mp.new_game(2, 3)
    assert game.view(None)["prompt"]["kind"] == "setup"
