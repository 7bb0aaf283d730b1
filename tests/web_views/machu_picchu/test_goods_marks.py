"""Goods marks on the board (follow.goods_marks, board._marks_markup): what the others gained at a
production district or traded at the Central Plaza since the viewer's last decision is marked
beside that district, in the catalogue's words, clear of every name and piece, and slides out
of the district (a data-move-key that web/shell/motion.py plays once)."""
import itertools
import random
import re

import machu_picchu as mp
from machu_picchu import data as D
from games.machu_picchu import board, follow
from kit.seats import style_seats

NAMES = ["Ann", "Bob", "Cy", "Di"]
SEATS = [{"name": n, "type": "bot", "level": "medium", "style": i} for i, n in enumerate(NAMES)]
STEPS = [
    {"seat": 1, "text": "move coca", "changes": {1: {"coca": 2}}, "at": 5},
    {"seat": 1, "text": "sell llama", "changes": {1: {"llama": -1, "corn": 5}}, "at": 7},
    {"seat": 1, "text": "sell llama", "changes": {1: {"llama": -1, "corn": 4}}, "at": 8},
    {"seat": 1, "text": "buy cloth", "changes": {1: {"cloth": 1, "corn": -3}}, "at": 9},
    {"seat": 2, "text": "move corn", "changes": {2: {"corn": 6}, 0: {"corn": 3}, 3: {"corn": 3}},
     "at": 11},
    {"seat": 3, "text": "produce 2", "changes": {3: {"corn": -2, "pottery": 2}}, "at": 13},
    {"seat": 0, "text": "produce 1", "changes": {0: {"corn": -1, "cloth": 1}}, "at": 14},
    {"seat": 2, "text": "stay llama", "changes": {}, "at": 15,
     "night": {"after_day": 3, "tiles": {}, "sunclock": {}}},
]


def test_the_others_gains_and_trades_are_marked_where_they_happened():
    marks = follow.goods_marks(STEPS, viewer=0)
    assert marks == {
        "coca": {1: {"gain": {"coca": 2}, "sold": {}, "bought": {}, "at": 5}},
        "plaza": {1: {"gain": {}, "sold": {"llama": 2}, "bought": {"cloth": 1}, "at": 9}},
        "corn": {2: {"gain": {"corn": 6}, "sold": {}, "bought": {}, "at": 11},
                 3: {"gain": {"corn": 3}, "sold": {}, "bought": {}, "at": 11}},
        "pottery": {3: {"gain": {"pottery": 2}, "sold": {}, "bought": {}, "at": 13}},
    }                                  # the viewer's own (seat 0) and the night: not marked
    assert board.mark_words(marks["plaza"][1]) == "sold 2 llamas, bought 1 cloth"
    assert board.mark_words(marks["corn"][2]) == "+6 corn"


def test_marks_are_drawn_in_words_with_a_slide_out_of_their_district():
    view = mp.new_game(players=4, seed=1, names=NAMES).view(None)
    svg = board.board_svg(view, SEATS, marks=follow.goods_marks(STEPS, viewer=0))
    drawn = re.findall(r'<g class="mp-mark" data-district="(\w+)" data-seat="(\d)" '
                       r'data-move-key="([^"]+)" data-move-from="([-\d.]+ [-\d.]+)"', svg)
    assert {(d, int(s)) for d, s, _k, _f in drawn} == {
        ("coca", 1), ("plaza", 1), ("corn", 2), ("corn", 3), ("pottery", 3)}
    assert len({k for _d, _s, k, _f in drawn}) == len(drawn)
    assert "sold 2 llamas, bought 1 cloth" in svg and "+2 pottery" in svg
    assert "Bob at the Central Plaza since your last decision" in svg.replace("\u2068", "").replace("\u2069", "")
    # a redrawing keeps the keys: the slide plays once
    assert svg == board.board_svg(view, SEATS, marks=follow.goods_marks(STEPS, viewer=0))


def boxes(svg: str) -> list[tuple[float, float, float, float]]:
    out = []
    for x, y, w in re.findall(r'<g class="mp-mark"[^>]*transform="translate\(([-\d.]+) ([-\d.]+)\)">'
                              r'<title>[^<]*</title><rect width="([\d.]+)"', svg):
        out.append((float(x), float(y), float(w), board.MARK_ROW_H - 1))
    return out


def test_marks_never_cover_a_tile_a_travel_badge_on_screen_or_each_other():
    view = mp.new_game(players=4, seed=1, names=NAMES).view(None)
    rng = random.Random(5)
    where = [*D.GOODS, "plaza"]
    drawn = 0
    for trial in range(60):
        marks = {}
        for d in rng.sample(where, rng.randint(1, len(where))):
            for s in rng.sample(range(4), rng.randint(1, 3)):
                kind = rng.choice(("gain", "sold", "bought"))
                marks.setdefault(d, {})[s] = {"gain": {}, "sold": {}, "bought": {}, "at": trial,
                                              kind: {rng.choice(D.GOODS): rng.randint(1, 9)}}
        travel = {d: "travel" for d in rng.sample(D.DISTRICTS, rng.randint(0, 8))}
        svg = board.board_svg(view, SEATS, travel, marks=marks)
        found = boxes(svg)
        drawn += len(found)
        badges = [(*board._travel_badge_at(d), board.TRAVEL_BADGE_W, board.TRAVEL_BADGE_H)
                  for d in travel]
        for box in found:
            x, y, w, h = box
            assert 0 <= x and 0 <= y and x + w <= board.MAP_W and y + h <= board.MAP_H
            assert not any(board._overlap(box, board._tile_rect(d)) for d in D.DISTRICTS), box
            assert not any(board._overlap(box, b) for b in badges), box
        for a, b in itertools.combinations(found, 2):
            assert not board._overlap(a, b), (a, b)
    assert drawn > 150          # most marks find room (the summary says the rest)
