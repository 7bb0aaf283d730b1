"""Player names are isolated from the text around them everywhere the page shows them (issue 10):
a name with an unterminated right-to-left override (U+202E) must not reverse what follows it.
In HTML each name sits in <bdi>; in SVG (text and attributes) between U+2068 and U+2069."""
from __future__ import annotations

import random
import re

import machu_picchu as mp
import games.machu_picchu as mpweb
from games.machu_picchu import board, charts, days, moves, panels, trail
from kit.svg import esc, text_html
from shell import screens, storage
from shell.replay import Replay, bar_html

RTL = "\u202eZed"                 # an override that never ends
NAMES = [RTL, "Ann"]


def played(actions=None):
    game = mp.new_game(2, 5, names=NAMES)
    rng = random.Random(5)
    while not game.is_over and (actions is None or len(game.history) < actions):
        game.apply(rng.choice(game.legal_actions()))
    return game


def seats():
    return [{"name": n, "type": "human", "level": None, "style": i} for i, n in enumerate(NAMES)]


def loose(html: str) -> list[str]:
    """The places where the RTL name appears without isolation (with 30 characters before)."""
    name = esc(RTL)
    out = []
    for m in re.finditer(re.escape(name), html):
        before = html[:m.start()]
        if before.endswith("<bdi>") or before.endswith("\u2068"):
            continue
        out.append(before[-30:])
    return out


def test_text_with_names_isolates_each_name_and_escapes_the_rest():
    html = text_html(f"{RTL} pays <b> to Ann; Ann{RTL}", NAMES)
    assert html == (f"<bdi>{RTL}</bdi> pays &lt;b&gt; to <bdi>Ann</bdi>; "
                    f"<bdi>Ann</bdi><bdi>{RTL}</bdi>")
    assert text_html("no names", NAMES) == "no names"
    assert text_html("a+b (c)", ["+", "(c)"]) == "a<bdi>+</bdi>b <bdi>(c)</bdi>"


def test_every_panel_and_view_of_a_game_isolates_the_name():
    game = played()
    s, bs = seats(), panels.style_seats(seats())
    view = game.view(0)
    html = {
        "log": panels.log_html(panels.merge_reasons(view["log"], game.log, [[0, f"{RTL} leads"]], True), NAMES),
        "status": panels.status_html(view, s, bs, viewer=0, thinking=None),
        "players": panels.players_html(view, s, bs, viewer=0, thinking=None),
        "hand": panels.hand_html(view, s, 0),
        "end": panels.end_html(view, s, bs, mp.game_stats(game)),
        "hide": screens.hide_html(s, bs, 0, reason=f"It is {RTL}'s decision.", undo_seat=0),
        "waiting": screens.waiting_html(s, 0, True) + screens.status_html(s, bs, 0, True, None),
        "board": board.board_svg(view, bs, None, None, moves.prince_moves([0, 0], game.prince, 1)),
        "trail": trail.trail_svg(view, bs),
        "time": days.time_svg(view, bs),
        "charts": charts.stats_html(mp.game_stats(game), s, bs),
    }
    for where, text in html.items():
        assert loose(text) == [], where
    assert esc(RTL) in html["log"] and esc(RTL) in html["end"]


def test_the_running_game_the_saves_list_and_the_replay_isolate_the_name():
    game = played(40)
    s, bs = seats(), panels.style_seats(seats())
    view = game.view(None)
    status = panels.status_html(view, s, bs, viewer=None, thinking=None)
    assert esc(RTL) in status + panels.players_html(view, s, bs, viewer=None, thinking=None)
    assert loose(status) == []
    store = storage.Store(storage.DictBackend())
    store.put(storage.make_record("g1", s, game.to_save(), created="", updated="",
                                  meta=storage.game_meta(game, s)))
    home = screens.saves_html(store.listing(), {}, dates={})
    assert esc(RTL) in home and loose(home) == []
    r = Replay(game, turns=mpweb.replay_turns, positions=mpweb.replay_positions)
    for k in range(r.last + 1):
        r.seek(k)
        lines = mpweb.replay_lines(r.before, r.game, None)
        bar = bar_html(r, s, bs, lines, "")
        assert loose(bar) == [], k
