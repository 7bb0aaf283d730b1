"""Marks on the board (follow.goods_marks, web/games/machu_picchu/marks.py): what the others
gained where it happened (goods at a production district, steps at a temple, Incas, Priests and
Virgins) and traded at the Central Plaza since the viewer's last decision is marked beside that
district, in the catalogue's words, clear of every name and piece, and slides out of the district
(a data-move-key that web/shell/motion.py plays once)."""
import itertools
import random
import re

import machu_picchu as mp
from machu_picchu import data as D
from games.machu_picchu import board, follow, marks as M
from games.machu_picchu.map_layout import (MAP_H, MAP_W, TRAVEL_BADGE_H, TRAVEL_BADGE_W, overlap,
                                           tile_rect, travel_badge_at)
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
    {"seat": 3, "text": "produce 2", "where": "pottery", "changes": {3: {"corn": -2, "pottery": 2}},
     "at": 13},
    {"seat": 0, "text": "produce 1", "where": "cloth", "changes": {0: {"corn": -1, "cloth": 1}},
     "at": 14},
    {"seat": 2, "text": "sacrifice 1", "where": "puma", "changes": {2: {"llama": -1, "steps": 5}},
     "at": 16},
    {"seat": 3, "text": "hire shepherd", "where": "hut",
     "changes": {3: {"incas": 1, "corn": -1, "llama": -1}}, "at": 17},
    {"seat": 1, "text": "acquire condor", "where": "priests", "changes": {1: {"cards": 1, "coca": -1}},
     "at": 18},
    {"seat": 1, "text": "move sun", "changes": {1: {"steps": 3}}, "at": 19},
    {"seat": 1, "text": "done", "where": "plaza", "changes": {}, "at": 20},
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
        "puma": {2: {"gain": {"step": 5}, "sold": {}, "bought": {}, "at": 16}},
        "hut": {3: {"gain": {"Inca": 1}, "sold": {}, "bought": {}, "at": 17}},
        "priests": {1: {"gain": {"condor": 1}, "sold": {}, "bought": {}, "at": 18}},
        "sun": {1: {"gain": {"step": 3}, "sold": {}, "bought": {}, "at": 19}},
    }                                  # the viewer's own (seat 0) and the night: not marked
    assert M.mark_words(marks["priests"][1]) == "+1 Condor Priest"
    assert M.mark_words(marks["puma"][2]) == "+5 steps"
    assert M.mark_words(marks["plaza"][1]) == "sold 2 llamas, bought 1 cloth"
    assert M.mark_words(marks["corn"][2]) == "+6 corn"


def test_marks_are_drawn_in_words_with_a_slide_out_of_their_district():
    view = mp.new_game(players=4, seed=1, names=NAMES).view(None)
    svg = board.board_svg(view, SEATS, marks=follow.goods_marks(STEPS, viewer=0))
    drawn = re.findall(r'<g class="mp-mark" data-mark-district="(\w+)" data-seat="(\d)" '
                       r'data-move-key="([^"]+)" data-move-from="([-\d.]+ [-\d.]+)"', svg)
    assert {(d, int(s)) for d, s, _k, _f in drawn} == {
        ("coca", 1), ("plaza", 1), ("corn", 2), ("corn", 3), ("pottery", 3), ("puma", 2),
        ("hut", 3), ("priests", 1), ("sun", 1)}
    assert len({k for _d, _s, k, _f in drawn}) == len(drawn)
    assert "sold 2 llamas, bought 1 cloth" in svg and "+2 pottery" in svg
    assert "Bob at the Central Plaza since your last decision" in svg.replace("\u2068", "").replace("\u2069", "")
    # a redrawing keeps the keys: the slide plays once
    assert svg == board.board_svg(view, SEATS, marks=follow.goods_marks(STEPS, viewer=0))
    # a mark takes no tap (no data-district of its own); its words describe its district's focus
    assert not re.search(r'<g class="mp-mark"[^>]* data-district=', svg)
    for d in {d for d, _s, _k, _f in drawn}:
        ids = re.search(rf'data-district="{d}" tabindex="0"[^>]* aria-describedby="([^"]+)"', svg)
        assert ids, d
        assert all(f'<title id="{i}">' in svg for i in ids.group(1).split()), ids.group(1)


def boxes(svg: str) -> list[tuple[float, float, float, float]]:
    out = []
    for x, y, w, h in re.findall(r'<g class="mp-mark"[^>]*transform="translate\(([-\d.]+) ([-\d.]+)\)">'
                                 r'<title[^>]*>[^<]*</title><rect width="([\d.]+)" height="([\d.]+)"', svg):
        out.append((float(x), float(y), float(w), float(h)))
    return out


def test_marks_never_cover_a_tile_a_travel_badge_on_screen_or_each_other():
    view = mp.new_game(players=4, seed=1, names=NAMES).view(None)
    rng = random.Random(5)
    where = list(D.DISTRICTS)
    drawn = asked = 0
    for trial in range(60):
        marks = {}
        for d in rng.sample(where, rng.randint(1, 6)):
            for s in rng.sample(range(4), rng.randint(1, 3)):
                kind = rng.choice(("gain", "sold", "bought"))
                marks.setdefault(d, {})[s] = {"gain": {}, "sold": {}, "bought": {}, "at": trial,
                                              kind: {rng.choice(D.GOODS): rng.randint(1, 9)}}
        asked += sum(len(by_seat) for by_seat in marks.values())
        travel = {d: "travel" for d in rng.sample(D.DISTRICTS, rng.randint(0, 8))}
        svg = board.board_svg(view, SEATS, travel, marks=marks)
        found = boxes(svg)
        drawn += len(found)
        badges = [(*travel_badge_at(d), TRAVEL_BADGE_W, TRAVEL_BADGE_H)
                  for d in travel]
        for box in found:
            x, y, w, h = box
            assert 0 <= x and 0 <= y and x + w <= MAP_W and y + h <= MAP_H
            assert not any(overlap(box, tile_rect(d)) for d in D.DISTRICTS), box
            assert not any(overlap(box, b) for b in badges), box
        for a, b in itertools.combinations(found, 2):
            assert not overlap(a, b), (a, b)
    assert drawn > 0.75 * asked  # most marks find room (the summary says the rest)


def test_a_replay_step_marks_what_it_gained_or_traded_where():
    game = mp.new_game(players=3, seed=24, names=NAMES[:3])
    rng = random.Random(24)
    while not any(t.startswith("sell ") for t in game.history):
        game.apply(rng.choice(game.legal_actions()))
    steps = mp.positions(game)
    k = len(game.history)
    import games.machu_picchu as mpweb
    marks = mpweb._step_marks(steps[k - 1], steps[k], steps[k].view(None))
    seat, good = game.deciders[-1], game.history[-1].split()[1]
    assert marks == {"plaza": {seat: {"gain": {}, "sold": {good: 1}, "bought": {}, "at": k - 1}}}
    svg = board.board_svg(steps[k].view(None), SEATS[:3], None, None, (), "in this step", marks=marks)
    assert f'class="mp-mark" data-mark-district="plaza" data-seat="{seat}"' in svg
    assert "in this step: sold 1 " in svg and "since your last decision" not in svg
    assert mpweb._step_marks(None, steps[0], steps[0].view(None)) is None


def test_a_long_trade_goes_on_to_more_lines_instead_of_being_squeezed():
    entry = {"gain": {}, "sold": {"pottery": 1, "cloth": 1}, "bought": {"coca": 2, "llama": 1}, "at": 3}
    lines = M.mark_lines(entry)
    assert ", ".join(lines).replace(",,", ",") == M.mark_words(entry)
    assert len(lines) >= 2 and all(len(line) <= M.MARK_LINE_CHARS for line in lines), lines
    view = mp.new_game(players=4, seed=1, names=NAMES).view(None)
    svg = board.board_svg(view, SEATS, marks={"plaza": {1: entry}})
    texts = re.findall(r'<text class="mp-mark-text"[^>]*>([^<]*)', svg)
    assert texts == lines
    assert "textLength" not in "".join(re.findall(r'<text class="mp-mark-text"[^>]*>', svg))  # unsqueezed
    (x, y, w, h), = boxes(svg)
    assert h == M.MARK_ROW_H * len(lines) - 1
    assert not any(overlap((x, y, w, h), tile_rect(d)) for d in D.DISTRICTS)
