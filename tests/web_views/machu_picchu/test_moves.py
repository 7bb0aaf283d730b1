"""Who went where (web/games/machu_picchu/moves.py): the Princes and scouts that slide in, and
the arrows of the other Princes' moves on the city map."""
from __future__ import annotations

import re
from pathlib import Path

import machu_picchu as mp
from machu_picchu import data as D
from games.machu_picchu import board, moves
from games.machu_picchu.map_layout import DISTRICT_POS
from kit.svg import isolate

from mp_fixtures import HOSTILE, classes, parse, seats_for, snapshots


def test_prince_moves_are_the_other_princes_that_changed_district():
    idx = D.DISTRICT_INDEX
    before = [idx["plaza"], idx["corn"], -1, idx["hut"]]
    now = [idx["coca"], idx["sun"], idx["llama"], idx["hut"]]
    # seat 0 is the viewer; seat 2 was only placed; seat 3 stayed put
    assert moves.prince_moves(before, now, 0) == [(1, "corn", "sun")]
    assert moves.prince_moves(before, now, 1) == [(0, "plaza", "coca")]
    assert moves.prince_moves(None, now, 0) == []           # no decision of the viewer yet
    assert moves.prince_moves(before, now, None) == [(0, "plaza", "coca"), (1, "corn", "sun")]


def test_move_arrows_name_who_went_where_and_never_catch_a_tap():
    view = snapshots(4, 1)[2][0]
    seats = seats_for(view, hostile=True)
    went = [(1, "corn", "coca"), (2, "plaza", "sun"), (3, "nowhere", "sun"), (9, "corn", "sun")]
    markup = board.board_svg(view, seats, {"plaza": "move"}, None, went)
    root = parse(markup)
    layer = [g for g in root.iter() if "mp-went-layer" in classes(g)]
    assert len(layer) == 1
    arrows = [g for g in layer[0] if "mp-went" in classes(g)]
    assert [(g.get("data-seat"), g.get("data-from"), g.get("data-to")) for g in arrows] == [
        ("1", "corn", "coca"), ("2", "plaza", "sun")]          # unknown seats and districts left out
    title = arrows[0].find("{http://www.w3.org/2000/svg}title").text
    assert title == f"{isolate(HOSTILE)} (B) moved from the Corn Terraces to the Coca Plantation since your last decision"
    assert HOSTILE not in markup                                 # escaped in the markup
    css = (Path(__file__).resolve().parents[3] / "web" / "games" / "machu_picchu" / "machu-picchu.css").read_text()
    assert re.search(r"\.mp-went-layer\s*\{[^}]*pointer-events:\s*none", css)
    assert "mp-went" not in board.board_svg(view, seats, None, None, [])
    replayed = parse(board.board_svg(view, seats, None, None, went[:1], "in this step"))
    titles = [t.text for t in replayed.iter("{http://www.w3.org/2000/svg}title") if "moved" in (t.text or "")]
    assert titles == [f"{isolate(HOSTILE)} (B) moved from the Corn Terraces to the Coca Plantation in this step"]


def test_princes_and_scouts_that_moved_carry_a_slide_and_the_rest_none():
    moved = moves.prince_arrivals([0, 5, -1], [3, 5, 2], "m7")
    assert set(moved) == {0}                     # placed (from -1) or still: nothing to slide
    key, dx, dy = moved[0]
    (ax, ay), (bx, by) = DISTRICT_POS[D.DISTRICTS[0]], DISTRICT_POS[D.DISTRICTS[3]]
    assert key == "m7-p0-0-3" and (dx, dy) == (ax - bx, ay - by)
    assert set(moves.scout_arrivals([0, 4, 9], [2, 4, 9], "m8")) == {0}
    game = mp.new_game(players=3, seed=1)
    svg = board.board_svg(game.view(None), None, arrivals={0: ("k1", 10, -5)})
    assert 'data-move-key' not in svg                # no Prince on the board yet
