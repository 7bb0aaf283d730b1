"""The city map (web/games/machu_picchu/board.py) on the host, over the views of random games:
every district with what the view puts there, targets, the layout, user text only escaped."""
from __future__ import annotations

import pytest

from machu_picchu import data as D
from games.machu_picchu import board, days, market, rows, trail
from games.machu_picchu.map_layout import DISTRICT_POS, MAP_H, MAP_W, tile_rect
from kit.seats import seat_badge

from mp_fixtures import (HOSTILE, all_views, classes, find, local, move_targets, parse, seats_for,
                         snapshots, text_of)


# --- the map ------------------------------------------------------------------------------------
@pytest.mark.parametrize("view", all_views())
def test_board_districts_and_counts(view):
    seats = seats_for(view)
    root = parse(board.board_svg(view, seats, move_targets(view)))
    assert local(root[0].tag) == "svg"
    districts = find(root, "data-district")
    assert sorted(e.get("data-district") for e in districts) == sorted(D.DISTRICTS)
    on = {e.get("data-on"): e for e in find(root, "data-on")}
    for button in districts:
        d = button.get("data-district")
        entry = view["districts"][d]
        assert local(button.tag) == "g" and "district" in classes(button)
        assert button.get("tabindex") == "0" and button.get("role") == "button" and button.get("aria-label")
        assert local(button[0].tag) == "title" and button[0].text.startswith(D.DISTRICT_NAMES[d])
        # the button shows no text but the district's name; its pieces are drawn above it
        assert text_of(button).replace(button[0].text, "").strip() == D.DISTRICT_NAMES[d]
        el = on[d]
        # Incas: one marker per seat with Incas there, showing the view's count.
        shown = {int(g.get("data-seat")): int(g.get("data-count"))
                 for g in el.iter() if "mp-incas" in classes(g)}
        want = {s: k for s, k in enumerate(entry.get("incas", [])) if k}
        assert shown == want, d
        for g in el.iter():
            if "mp-incas" in classes(g):
                assert g.get("data-count") in text_of(g)
        princes = [int(g.get("data-seat")) for g in el.iter() if "mp-prince" in classes(g)]
        assert princes == entry["princes"], d
        bonus = sum(1 for r in el.iter() if "mp-bonus-slot" in classes(r))
        assert bonus == entry.get("bonus", 0), d
    # Every path is drawn once, between adjacent districts only.
    paths = {tuple(sorted(e.get("data-path").split())) for e in find(root, "data-path")}
    edges = {tuple(sorted((a, b))) for a, ns in D.ADJACENCY_NAMES.items() for b in ns}
    assert paths == edges


@pytest.mark.parametrize("targets", [
    {},
    {"plaza": "move"},
    {"corn": "move", "sun": "travel", "sunclock": "travel", "coca": "move"},
    {d: "travel" for d in D.DISTRICTS},
])
def test_targets_highlight_exactly(targets):
    view = snapshots(4, 1)[2][0]
    root = parse(board.board_svg(view, seats_for(view), targets))
    on = {e.get("data-on"): e for e in find(root, "data-on")}
    for el in find(root, "data-district"):
        d, cls = el.get("data-district"), classes(el)
        assert ("target" in cls) == (d in targets)
        assert ("mp-dim" in cls) == (bool(targets) and d not in targets)
        badge = [g for g in on[d].iter() if "mp-travel-badge" in classes(g)]
        if targets.get(d) == "travel":
            assert len(badge) == 1 and "1 llama" in text_of(badge[0])
        else:
            assert not badge


def test_selected_district():
    view = snapshots(3, 2)[2][0]
    root = parse(board.board_svg(view, seats_for(view), None, selected="hut"))
    sel = [e.get("data-district") for e in find(root, "data-district") if "selected" in classes(e)]
    assert sel == ["hut"]


# --- hostile text -------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 5])
def test_hostile_names_only_escaped(players):
    view = snapshots(players, 1)[2][0]
    seats = seats_for(view, hostile=True)
    seats[0].update(letter='"><script>', colour="red;background:url(x)", shape="<b>")
    outputs = [board.board_svg(view, seats, {"plaza": "move"}), trail.trail_svg(view, seats),
               days.time_svg(view, seats), seat_badge(seats, 0), market.market_svg(view),
               rows.rows_svg(view)]
    # The view's own names (one seat per game is named HOSTILE) must be escaped as well.
    outputs += [board.board_svg(view, None), trail.trail_svg(view, None), days.time_svg(view)]
    for markup in outputs:
        assert HOSTILE not in markup and "<script" not in markup and "<b>" not in markup
        parse(markup)
    assert "&lt;img src=x onerror=alert(1)&gt;" in outputs[0]
    assert "&lt;img src=x onerror=alert(1)&gt;" in outputs[6]
    assert "url(x)" not in outputs[0]


def test_layout_paths_clear_other_tiles():
    """Each drawn path between two districts stays clear of every other district's tile."""
    for a, ns in D.ADJACENCY_NAMES.items():
        for b in ns:
            (x1, y1), (x2, y2) = DISTRICT_POS[a], DISTRICT_POS[b]
            for d in D.DISTRICTS:
                if d in (a, b):
                    continue
                x, y, w, h = tile_rect(d)
                for i in range(101):
                    px, py = x1 + (x2 - x1) * i / 100, y1 + (y2 - y1) * i / 100
                    assert not (x - 6 < px < x + w + 6 and y - 6 < py < y + h + 6), (a, b, d)
    for d in D.DISTRICTS:
        x, y, w, h = tile_rect(d)
        assert 0 <= x and 0 <= y and x + w <= MAP_W and y + h <= MAP_H


def test_travel_badges_overlap_no_other_badge_or_tile():
    """With every district a travel target, each "1 llama" badge is clear of the others and of
    every other tile, and inside the map."""
    def overlap(a, b):
        return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]
    view = snapshots(3, 1)[0][0]
    root = parse(board.board_svg(view, seats_for(view), {d: "travel" for d in D.DISTRICTS}))
    badges = {}
    for el in find(root, "data-on"):
        rect = [g for g in el.iter() if "mp-travel-badge" in classes(g)][0].find("{http://www.w3.org/2000/svg}rect")
        badges[el.get("data-on")] = tuple(float(rect.get(k)) for k in ("x", "y", "width", "height"))
    assert sorted(badges) == sorted(D.DISTRICTS)
    for d, box in badges.items():
        assert 0 <= box[0] and 0 <= box[1] and box[0] + box[2] <= MAP_W and box[1] + box[3] <= MAP_H
        for other, other_box in badges.items():
            assert other == d or not overlap(box, other_box), (d, other)
        for t in D.DISTRICTS:
            assert t == d or not overlap(box, tile_rect(t)), (d, t)
