"""The paced reveal of Incan Gold: choices flip together, then the leavers share, then the card
turns, then the gems split (or the bust), each frame with a sentence for screen readers. The
frames follow the events the engine logged for the step (in the after view's log, from its
reveal on), drawn over the table as the before view shows it."""
from __future__ import annotations

import re

import games.incan_gold as ig_web
from ig_fixtures import build_view, ctx_of, hazard, treasure

REGIONS = {"board", "players", "controls", "announce", "log", "turn-status"}


def _ctx(t, seat=None):
    return ctx_of(t, seat=seat)


def _revealed(players_html: str) -> dict[int, str]:
    out = {}
    for seat, body in re.findall(r'data-seat="(\d)"[^>]*>(.*?)</li>', players_html):
        m = re.search(r'data-revealed="(\w+)"', body)
        if m:
            out[int(seat)] = m.group(1)
    return out


def _lefts(board: str) -> list[str]:
    return re.findall(r'ig-card-left[^>]*>(\d+)<', board)


def test_a_step_in_the_same_round_flips_then_shares_then_turns_then_splits(t):
    before = build_view(players=4, path=[treasure(11, 3), hazard("fire")], round_gems=[2, 2, 2, 2],
                        chosen={0, 1, 2})
    after = build_view(players=4, path=[treasure(11, 0), hazard("fire"), treasure(7, 1)],
                       round_gems=[4, 4, 0, 4], in_temple={0, 1, 3}, log=[
                           ["ig.chose", {"seat": 3}],
                           ["ig.reveal", {"torch_seats": [1, 3, 0], "camp_seats": [2]}],
                           ["ig.camp_split", {"camp_seats": [2], "n": 1, "share": 3, "left": 0}],
                           ["ig.banked", {"seat": 2, "gems": 5, "hand": 2, "path": 3, "n": 5}],
                           ["ig.card_treasure", {"gems": 7, "share": 2, "n": 3, "left": 1}]])
    frames = ig_web.reveal_frames(lambda: before, after, _ctx(t, seat=0))
    assert len(frames) == 4
    assert all(set(regions) == REGIONS and seconds > 0 for seconds, regions in frames)
    flip, leave, turn, split = (regions for _, regions in frames)
    # 1. every choice shows at once, and only then
    assert _revealed(flip["players"]) == {0: "torch", 1: "torch", 2: "camp", 3: "torch"}
    assert "data-chosen" not in flip["players"]
    assert flip["announce"] == "Torch: <bdi>Bruno</bdi>, <bdi>Dora</bdi> and <bdi>Ana</bdi>. Camp: <bdi>&lt;img src=x onerror=alert(1)&gt;</bdi>."
    assert _lefts(flip["board"]) == ["3"]
    # 2. the leaver takes the 3 gems on the path and banks 2 + 3
    assert 'data-gain="5"' in leave["players"]
    assert _lefts(leave["board"]) == []
    assert "goes home with 3 gems from the path." in leave["announce"]
    for regions in (flip, leave, turn):      # nobody is "choosing" while the reveal plays
        assert "data-chosen" not in regions["players"]
    # 3. the next card turns with its printed gems still on it
    assert "ig-fresh" in turn["board"] and _lefts(turn["board"]) == ["7"]
    assert turn["announce"] == "The next card: a treasure of 7."
    # 4. the three still inside take 2 each, 1 stays on the card
    assert _lefts(split["board"]) == ["1"]
    assert split["players"].count('data-gain="2"') == 3
    assert split["announce"] == "The 3 inside take 2 gems each; 1 stays on the card."
    for _, regions in frames:
        assert "<button" not in regions["controls"]


def test_a_bust_is_drawn_before_the_next_round(t):
    before = build_view(players=3, path=[treasure(5, 2), hazard("snakes")], round_gems=[1, 1, 1],
                        chosen={0, 1}, round_=2)
    after = build_view(players=3, path=[treasure(3, 0)], removed=["snakes"], round_=3, start=2, log=[
        ["ig.reveal", {"torch_seats": [1, 2, 0], "camp_seats": []}],
        ["ig.bust", {"hazard": "snakes", "lost_seats": [0, 1, 2], "n": 3}],
        ["ig.round_start", {"round": 3, "start_seat": 2}],
        ["ig.card_treasure", {"gems": 3, "share": 1, "n": 3, "left": 0}]])
    frames = ig_web.reveal_frames(lambda: before, after, _ctx(t))
    texts = [regions["announce"] for _, regions in frames]
    assert texts == ["All 3 go on.", "The next card: Snakes!",
                     "Second Snakes card: bust! <bdi>Bruno</bdi>, "
                     "<bdi>&lt;img src=x onerror=alert(1)&gt;</bdi> and <bdi>Ana</bdi> lose this round&#x27;s gems.",
                     "Round 3 begins."]
    turn, bust = frames[1][1], frames[2][1]
    assert bust["players"].count("ig-lost") == 3
    assert "ig-bust" in turn["board"] and ">BUST<" in turn["board"]
    assert re.search(r'ig-card ig-card-hazard ig-pair[^"]*"[^>]*data-card="1"', bust["board"])
    assert frames[2][0] > frames[1][0]             # the bust stays up longer


def test_everyone_going_home_ends_the_round_without_a_card(t):
    before = build_view(players=3, path=[treasure(9, 1), treasure(4, 1)], in_temple={0, 2},
                        round_gems=[4, 0, 4], chosen={0})
    after = build_view(players=3, path=[hazard("fire")], round_=3, log=[
        ["ig.reveal", {"torch_seats": [], "camp_seats": [2, 0]}],
        ["ig.camp_split", {"camp_seats": [2, 0], "n": 2, "share": 1, "left": 0}],
        ["ig.banked", {"seat": 2, "gems": 5, "hand": 4, "path": 1, "n": 5}],
        ["ig.banked", {"seat": 0, "gems": 5, "hand": 4, "path": 1, "n": 5}],
        ["ig.all_left", {"round": 2}],
        ["ig.round_start", {"round": 3, "start_seat": 2}],
        ["ig.card_hazard", {"hazard": "fire"}]])
    frames = ig_web.reveal_frames(lambda: before, after, _ctx(t))
    flip, leave, last = (regions for _, regions in frames)
    assert _revealed(flip["players"]) == {0: "camp", 2: "camp"}
    assert flip["announce"] == "All 2 go home."
    assert leave["players"].count('data-gain="5"') == 2        # 4 of their own + 1 of the 2 on the path
    assert _lefts(leave["board"]) == []
    assert last["announce"] == "Round 3 begins."
    assert "ig-fresh" not in "".join(r["board"] for _, r in frames)


def test_nothing_to_reveal_gives_no_frames_nor_asks_for_the_view_before(t):
    view = build_view(players=3, in_temple=set())

    def before():
        raise AssertionError("the view before a change that reveals nothing was asked for")
    assert ig_web.reveal_frames(before, view, _ctx(t)) == []
