"""The board's views (web/games/machu_picchu/board.py) and rules help (web/games/machu_picchu/help.py): pure functions, host only.

Views come from random legal play of 2-5 player games at several points; every function's output
must be well-formed XML that shows exactly what the view says, with user text escaped.
"""
from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from functools import lru_cache
from pathlib import Path

import pytest

import machu_picchu as mp
from machu_picchu import data as D
from games.machu_picchu import board, help as rules_help
from kit.svg import isolate

HOSTILE = "<img src=x onerror=alert(1)>"
_BOOK = Path("shared") / "rules" / "princes-of-machu-picchu.en.txt"
# the reference folder beside the checkout (a worktree sits one folder deeper than the main one)
RULEBOOK = next((p / _BOOK for p in Path(__file__).resolve().parents if (p / _BOOK).is_file()),
                Path(__file__).resolve().parents[4] / _BOOK)
CHECKPOINTS = (0, 6, 40, 110, 400)


@lru_cache(maxsize=None)
def _snapshots(players: int, seed: int) -> tuple:
    """(view for the seat to move, public view) at each checkpoint of one random game."""
    names = [f"P{i}" for i in range(players)]
    names[seed % players] = HOSTILE
    game = mp.new_game(players, seed=seed, names=names)
    rng = random.Random(seed * 31 + players)
    out, done = [], 0
    for stop in CHECKPOINTS:
        while done < stop and not game.is_over:
            legal = game.legal_actions()
            busy = [a for a in legal if a.kind != "stay"] or legal
            game.apply(rng.choice(busy if rng.random() < 0.8 else legal))
            done += 1
        seat = game.to_move if game.to_move is not None else 0
        out.append((game.view(seat), game.view(None)))
    return tuple(out)


def all_views() -> list:
    """Seat views (and a public view) of 2-5 player games at several checkpoints."""
    params = []
    for players in range(2, 6):
        for seed in (1, 2):
            for k, (own, public) in enumerate(_snapshots(players, seed)):
                params.append(pytest.param(own, id=f"{players}p-s{seed}-{CHECKPOINTS[k]}"))
                if k == 2:
                    params.append(pytest.param(public, id=f"{players}p-s{seed}-{CHECKPOINTS[k]}-public"))
    return params


def seats_for(view: dict, hostile: bool = False) -> list[dict]:
    seats = [dict(s) for s in board.SEAT_STYLES[: len(view["players"])]]
    for s, p in zip(seats, view["players"]):
        s["name"] = HOSTILE if hostile else p["name"]
    return seats


def parse(markup: str) -> ET.Element:
    return ET.fromstring(f"<root>{markup}</root>")


def local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def find(root: ET.Element, attr: str) -> list[ET.Element]:
    return [e for e in root.iter() if attr in e.attrib]


def classes(el: ET.Element) -> set[str]:
    return set(el.get("class", "").split())


def text_of(el: ET.Element) -> str:
    return "".join(el.itertext())


def move_targets(view: dict) -> dict[str, str]:
    out = {}
    for text in view.get("legal", ()):
        kind, _, arg = text.partition(" ")
        if kind in ("move", "travel"):
            out[arg] = kind
    return out


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
    view = _snapshots(4, 1)[2][0]
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
    view = _snapshots(3, 2)[2][0]
    root = parse(board.board_svg(view, seats_for(view), None, selected="hut"))
    sel = [e.get("data-district") for e in find(root, "data-district") if "selected" in classes(e)]
    assert sel == ["hut"]


def test_prince_moves_are_the_other_princes_that_changed_district():
    idx = D.DISTRICT_INDEX
    before = [idx["plaza"], idx["corn"], -1, idx["hut"]]
    now = [idx["coca"], idx["sun"], idx["llama"], idx["hut"]]
    # seat 0 is the viewer; seat 2 was only placed; seat 3 stayed put
    assert board.prince_moves(before, now, 0) == [(1, "corn", "sun")]
    assert board.prince_moves(before, now, 1) == [(0, "plaza", "coca")]
    assert board.prince_moves(None, now, 0) == []           # no decision of the viewer yet
    assert board.prince_moves(before, now, None) == [(0, "plaza", "coca"), (1, "corn", "sun")]


def test_move_arrows_name_who_went_where_and_never_catch_a_tap():
    view = _snapshots(4, 1)[2][0]
    seats = seats_for(view, hostile=True)
    moves = [(1, "corn", "coca"), (2, "plaza", "sun"), (3, "nowhere", "sun"), (9, "corn", "sun")]
    markup = board.board_svg(view, seats, {"plaza": "move"}, None, moves)
    root = parse(markup)
    layer = [g for g in root.iter() if "mp-went-layer" in classes(g)]
    assert len(layer) == 1
    arrows = [g for g in layer[0] if "mp-went" in classes(g)]
    assert [(g.get("data-seat"), g.get("data-from"), g.get("data-to")) for g in arrows] == [
        ("1", "corn", "coca"), ("2", "plaza", "sun")]          # unknown seats and districts left out
    title = arrows[0].find("{http://www.w3.org/2000/svg}title").text
    assert title == f"{isolate(HOSTILE)} (B) moved from the Corn Terraces to the Coca Plantation since your last decision"
    assert HOSTILE not in markup                                 # escaped in the markup
    css = (Path(__file__).resolve().parents[3] / "web" / "board.css").read_text()
    assert re.search(r"\.mp-went-layer\s*\{[^}]*pointer-events:\s*none", css)
    assert "mp-went" not in board.board_svg(view, seats, None, None, [])
    replayed = parse(board.board_svg(view, seats, None, None, moves[:1], "in this step"))
    titles = [t.text for t in replayed.iter("{http://www.w3.org/2000/svg}title") if "moved" in (t.text or "")]
    assert titles == [f"{isolate(HOSTILE)} (B) moved from the Corn Terraces to the Coca Plantation in this step"]


# --- hostile text -------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 5])
def test_hostile_names_only_escaped(players):
    view = _snapshots(players, 1)[2][0]
    seats = seats_for(view, hostile=True)
    seats[0].update(letter='"><script>', colour="red;background:url(x)", shape="<b>")
    outputs = [board.board_svg(view, seats, {"plaza": "move"}), board.trail_svg(view, seats),
               board.time_svg(view, seats), board.seat_badge(seats, 0), board.market_svg(view),
               board.rows_svg(view)]
    # The view's own names (one seat per game is named HOSTILE) must be escaped as well.
    outputs += [board.board_svg(view, None), board.trail_svg(view, None), board.time_svg(view)]
    for markup in outputs:
        assert HOSTILE not in markup and "<script" not in markup and "<b>" not in markup
        parse(markup)
    assert "&lt;img src=x onerror=alert(1)&gt;" in outputs[0]
    assert "&lt;img src=x onerror=alert(1)&gt;" in outputs[6]
    assert "url(x)" not in outputs[0]


# --- panels -------------------------------------------------------------------------------------
@pytest.mark.parametrize("view", all_views())
def test_market(view):
    root = parse(board.market_svg(view))
    cols = find(root, "data-good")
    assert [c.get("data-good") for c in cols] == ["llama", "coca", "pottery", "cloth"]
    for c in cols:
        m = view["market"][c.get("data-good")]
        assert int(c.get("data-units")) == m["units"]
        assert sum(1 for r in c.iter() if "mp-field-full" in classes(r)) == min(m["units"], 4)
        assert f"buy {m['buy']}" in text_of(c) and f"sell {m['sell']}" in text_of(c)


@pytest.mark.parametrize("view", all_views())
def test_rows(view):
    root = parse(board.rows_svg(view))
    rows = find(root, "data-row")
    assert [r.get("data-row") for r in rows] == list(D.ROWS)
    for r in rows:
        info = view["rows"][r.get("data-row")]
        assert int(r.get("data-left")) == info["left"]
        cards = [g for g in r.iter() if "mp-pcard" in classes(g)]
        assert len(cards) == info["left"]
        current = [g for g in r.iter() if "mp-current" in classes(g)]
        assert len(current) == 1 and text_of(current[0]) == str(info["steps"])


@pytest.mark.parametrize("view", all_views())
def test_trail(view):
    root = parse(board.trail_svg(view, seats_for(view)))
    steps = [int(e.get("data-step")) for e in root.iter() if "mp-step" in classes(e)]
    assert steps == list(range(D.TRAIL_SUMMIT + 1))
    scouts = {int(e.get("data-seat")): int(e.get("data-step"))
              for e in root.iter() if "mp-scout" in classes(e)}
    assert scouts == {s: p["trail"] for s, p in enumerate(view["players"])}


@pytest.mark.parametrize("view", all_views())
def test_time(view):
    root = parse(board.time_svg(view, seats_for(view)))
    tiles = [e.get("data-tile") for e in find(root, "data-tile")]
    assert sorted(tiles) == sorted(view["moon_tiles"])
    for e in find(root, "data-tile"):
        assert local(e[0].tag) == "title" and e[0].text
    now = [e for e in root.iter() if "mp-day-now" in classes(e)]
    assert len(now) == 1 and now[0].get("data-day") == str(view["day"])
    moons = find(root, "data-moon")
    assert [int(e.get("data-moon")) for e in moons] == list(range(1, D.LAST_DAY))
    assert sorted(view["time_track_corn"]) == [int(e.get("data-moon")) for e in moons
                                               if e.get("data-corn") == "1"]
    taken = {e.get("data-taken") for e in find(root, "data-taken")}
    assert taken == set(D.MOON_IDS) - set(view["moon_tiles"])


def test_all_cards_icons_badges():
    for name, gold in zip(D.CARD_NAMES, D.CARD_GOLD):
        for small in (False, True):
            root = parse(board.card_svg(name, small=small))
            svg = root[0]
            assert svg.get("data-card") == name
            assert local(svg[0].tag) == "title" and f"Gold {gold}" in svg[0].text
            assert any(local(e.tag) == "text" and e.text == str(gold) for e in svg.iter())
    for icon in ("corn", "llama", "coca", "pottery", "cloth", "condor", "puma", "sun", "gold",
                 "step"):
        root = parse(board.goods_icon(icon, 24))
        assert root[0].get("width") == "24" and local(root[0][0].tag) == "title"
    seats = [dict(s) for s in board.SEAT_STYLES]
    for i in range(len(seats)):
        root = parse(board.seat_badge(seats, i, 20))
        assert text_of(root[0]).endswith(seats[i]["letter"])
    with pytest.raises(ValueError):
        board.card_svg("corn-corn")


def test_layout_paths_clear_other_tiles():
    """Each drawn path between two districts stays clear of every other district's tile."""
    for a, ns in D.ADJACENCY_NAMES.items():
        for b in ns:
            (x1, y1), (x2, y2) = board.DISTRICT_POS[a], board.DISTRICT_POS[b]
            for d in D.DISTRICTS:
                if d in (a, b):
                    continue
                x, y, w, h = board._tile_rect(d)
                for i in range(101):
                    px, py = x1 + (x2 - x1) * i / 100, y1 + (y2 - y1) * i / 100
                    assert not (x - 6 < px < x + w + 6 and y - 6 < py < y + h + 6), (a, b, d)
    for d in D.DISTRICTS:
        x, y, w, h = board._tile_rect(d)
        assert 0 <= x and 0 <= y and x + w <= board.MAP_W and y + h <= board.MAP_H


def test_travel_badges_overlap_no_other_badge_or_tile():
    """With every district a travel target, each "1 llama" badge is clear of the others and of
    every other tile, and inside the map."""
    def overlap(a, b):
        return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]
    view = _snapshots(3, 1)[0][0]
    root = parse(board.board_svg(view, seats_for(view), {d: "travel" for d in D.DISTRICTS}))
    badges = {}
    for el in find(root, "data-on"):
        rect = [g for g in el.iter() if "mp-travel-badge" in classes(g)][0].find("{http://www.w3.org/2000/svg}rect")
        badges[el.get("data-on")] = tuple(float(rect.get(k)) for k in ("x", "y", "width", "height"))
    assert sorted(badges) == sorted(D.DISTRICTS)
    for d, box in badges.items():
        assert 0 <= box[0] and 0 <= box[1] and box[0] + box[2] <= board.MAP_W and box[1] + box[3] <= board.MAP_H
        for other, other_box in badges.items():
            assert other == d or not overlap(box, other_box), (d, other)
        for t in D.DISTRICTS:
            assert t == d or not overlap(box, board._tile_rect(t)), (d, t)


# --- help ---------------------------------------------------------------------------------------
def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


def help_text() -> str:
    markup = rules_help.help_html()
    markup = re.sub(r"<svg.*?</svg>", " ", markup, flags=re.S)
    return re.sub(r"<[^>]+>", " ", markup)


def test_help_is_well_formed_and_complete():
    markup = rules_help.help_html()
    parse(markup)
    text = help_text()
    for name in D.DISTRICT_NAMES.values():
        assert name in text, name
    titles = [t.lower() for t, _ in rules_help.HELP_SECTIONS]
    for topic in ("set", "turn", "bonus", "incatrail", "moon", "night", "day 9", "end", "scor",
                  "learning", "ruling"):
        assert any(topic in t for t in titles), topic
    assert "reconstructed" in text.lower()
    for _, body in rules_help.HELP_SECTIONS:
        parse(body)
        assert len(_words(re.sub(r"<[^>]+>", " ", body))) > 20


def test_help_does_not_copy_the_rulebook():
    book = _words(RULEBOOK.read_text(encoding="utf-8"))
    runs = {tuple(book[i:i + 12]) for i in range(len(book) - 11)}
    mine = _words(help_text())
    copied = [" ".join(mine[i:i + 12]) for i in range(len(mine) - 11) if tuple(mine[i:i + 12]) in runs]
    assert not copied, copied[:3]
