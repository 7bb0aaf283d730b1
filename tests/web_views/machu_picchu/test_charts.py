"""The end screen's statistics views (ui/charts.py): charts that match the figures, read without
colour, and escape every name."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

import machu_picchu as mp
from machu_picchu.stats import COUNTERS
from games.machu_picchu import charts, panels
from kit.svg import isolate
from kit.charts import nice_top, spread

HOSTILE = '<img src=x onerror="alert(1)">'


@pytest.fixture(scope="module")
def finished():
    game = mp.new_game(players=4, seed=11, names=["Ann", HOSTILE, "Cy", "Dee"])
    while not game.is_over:
        legal = game.legal_actions()
        game.apply(legal[(len(game.history) * 7) % len(legal)])
    seats = [{"name": n, "type": "human", "level": None, "style": i} for i, n in enumerate(game.names)]
    return game, mp.game_stats(game), seats, panels.style_seats(seats)


@pytest.mark.parametrize("measure", ["vp", "gold"])
def test_each_seat_has_a_line_through_its_figures(finished, measure):
    game, stats, seats, bseats = finished
    svg = charts.chart_svg(stats, bseats, measure)
    root = ET.fromstring(svg)                       # well-formed, names escaped
    ns = {"s": "http://www.w3.org/2000/svg"}
    groups = root.findall("s:g[@class='chart-seat']", ns)
    assert [g.get("data-seat") for g in groups] == ["0", "1", "2", "3"]
    standings = stats["standings"]
    dashes = set()
    for seat, group in enumerate(groups):
        line = group.find("s:polyline", ns)
        dashes.add(line.get("stroke-dasharray"))
        ys = [float(p.split(",")[1]) for p in line.get("points").split()]
        values = [st[measure][seat] for st in standings]
        assert len(ys) == len(values)
        for (y1, v1), (y2, v2) in zip(zip(ys, values), zip(ys[1:], values[1:])):
            assert (y2 < y1) == (v2 > v1) and (y2 == y1) == (v2 == v1)   # up means more
        titles = [t.text for t in group.iter("{http://www.w3.org/2000/svg}title")]
        assert len(titles) == len(standings)
        assert titles[-1] == f"{isolate(game.names[seat])}: {values[-1]} { {'vp': 'VP', 'gold': 'gold'}[measure] } after day 9"
    assert len(dashes) == 4, "each seat needs its own dash pattern, not only its colour"
    letters = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")
               if t.get("class") == "seat-mark-letter"]
    assert letters == ["A", "B", "C", "D"]
    ticks = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text") if t.get("class") == "chart-tick"]
    assert ticks[-len(standings):] == ["start"] + [str(d) for d in range(game.start_day, 10)]
    assert "<img" not in svg


def test_the_counters_table_has_a_row_per_counter_and_bolds_the_best(finished):
    _, stats, seats, bseats = finished
    html = charts.counters_html(stats, seats, bseats)
    assert "<img" not in html and "&lt;img" in html
    rows = re.findall(r'<tr data-counter="(\w+)">(.*?)</tr>', html)
    assert [key for key, _ in rows] == [key for key, _ in COUNTERS]
    for key, row in rows:
        cells = re.findall(r"<td>(.*?)</td>", row)
        values = stats["counters"][key]
        assert [int(re.sub(r"</?b>", "", c)) for c in cells] == values
        assert [c.startswith("<b>") for c in cells] == [v == max(values) > 0 for v in values]


def test_end_labels_never_overlap_and_stay_in_the_chart():
    for ys in ([50, 50, 50, 50], [30, 31, 160, 161], [160, 160, 160, 159, 158], [26, 26, 26]):
        out = spread([float(y) for y in ys], 13, 26, 160)
        assert all(26 <= y <= 160 for y in out), out
        ordered = sorted(out)
        assert all(b - a >= 13 - 1e-9 for a, b in zip(ordered, ordered[1:])), out


@pytest.mark.parametrize("value,top,step", [(0, 4, 1), (4, 4, 1), (5, 5, 1), (7, 8, 2), (23, 25, 5),
                                            (48, 50, 10), (61, 80, 20), (130, 150, 50)])
def test_axis_tops_are_round(value, top, step):
    assert nice_top(value) == (top, step)


def test_the_end_screen_shows_the_statistics_only_when_given(finished):
    game, stats, seats, bseats = finished
    view = game.view(None)
    without = panels.end_html(view, seats, bseats)
    with_stats = panels.end_html(view, seats, bseats, stats)
    assert 'class="end-stats"' not in without
    assert with_stats.count('class="end-chart"') == 2
    assert "How the game went" in with_stats and "<img" not in with_stats
