"""view.py: what the issue lists, JSON-able, and never an alias of the game's state."""

from __future__ import annotations

import json


from igtools import A, choose_all, hazard, rigged, treasure


def test_the_view_holds_what_the_page_needs():
    game = rigged(4, [treasure(7), hazard("fire"), A[0]], start=2)
    choose_all(game)
    choose_all(game, camps=[3])
    view = game.view(0)
    json.dumps(view)
    assert view["round"] == 1 and view["rounds"] == 5 and view["start_player"] == 2
    assert view["path"] == [
        {"kind": "treasure", "gems": 7, "hazard": None, "left": 0},     # 3 went to seat 3
        {"kind": "hazard", "gems": None, "hazard": "fire", "left": 0},
        {"kind": "artifact", "gems": None, "hazard": None, "left": 0, "artifact": True},
    ]
    assert view["removed_hazards"] == []
    assert view["deck"]["fire"] == 2 and view["deck"]["treasure"] == 14
    assert view["deck"]["artifact"] == 0 and sum(view["deck"].values()) == view["deck_size"] == 28
    assert view["players"][0] == {"name": "Player 1", "in_temple": True, "round_gems": 1,
                                  "chosen": False, "tent": 0, "artifacts": []}
    assert view["players"][3]["in_temple"] is False and view["players"][3]["tent"] is None
    assert view["players"][3]["artifacts"] == [] and view["artifacts_out"] == 0
    assert view["to_move"] == 2 and view["phase"] == "choose"
    assert view["prompt"]["kind"] == "choose" and view["prompt"]["seat"] == 2
    assert view["prompt"]["event"] == ["ig.prompt_choose", {"seat": 2}]
    assert view["legal"] == [] and game.view(2)["legal"] == ["torch", "camp"]
    assert view["last_reveal"] == {"round": 1, "step": 2, "torch": [2, 0, 1], "camp": [3],
                                   "share": 3, "banked": [[3, 1 + 3]], "artifacts": []}
    assert view["log"] == game.log_for(0)
    assert view["next_artifact_value"] == 5 and view["artifacts_to_come"] == 4


def test_round_records_are_public():
    game = rigged(3, [treasure(1), hazard("snakes"), hazard("snakes", 1)])
    choose_all(game)
    choose_all(game)
    rounds = game.view(None)["rounds_done"]
    assert rounds == [{"round": 1, "end": "bust", "hazard": "snakes", "path": [
        {"kind": "treasure", "gems": 1, "hazard": None, "left": 1},
        {"kind": "hazard", "gems": None, "hazard": "snakes", "left": 0},
        {"kind": "hazard", "gems": None, "hazard": "snakes", "left": 0}]}]
    assert "tents" not in json.dumps(rounds)


def test_changing_a_view_changes_nothing_in_the_game():
    game = rigged(3, [treasure(9), treasure(4)])
    choose_all(game, camps=[0])
    before = json.dumps(game.view(None))
    view = game.view(None)
    view["last_reveal"]["camp"].append(2)
    view["last_reveal"]["banked"][0][1] = 99
    view["players"][1]["artifacts"].append(10)
    view["path"][0]["left"] = 50
    view["log"].clear()
    assert json.dumps(game.view(None)) == before


def test_the_final_view():
    game = rigged(3, [treasure(9)])
    while not game.is_over:
        game.apply("camp")
    view = game.view(1)
    assert view["phase"] == "over" and view["over"] and view["to_move"] is None
    assert view["prompt"] is None and view["legal"] == []
    assert view["result"] == game.result()
    assert [p["tent"] for p in view["players"]] == game.tent
    assert not any(p["in_temple"] for p in view["players"])
    assert view["log"][-1][0] == "ig.game_end"
