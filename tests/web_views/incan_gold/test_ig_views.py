"""Incan Gold's page views on the host: the path, the deck counter, the players, the controls,
the log, the end screen and the help. Views are built as issue 11 specifies them."""
from __future__ import annotations

import hashlib
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

import games.incan_gold as ig_web
from shell.i18n import page_words
from games.incan_gold import controls, end, panels, path
from games.incan_gold.look import looks

from ig_fixtures import EVIL, HAZARDS, artifact, ctx_of, hazard, treasure
from kit.charts import MARGINS, SIZE, nice_top

ROOT = Path(__file__).resolve().parents[3]
HERE = Path(__file__).resolve().parent


class _Texts(HTMLParser):
    """Collects the tags and text of some markup, so tests read it as a browser would."""

    def __init__(self):
        super().__init__()
        self.tags: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)

    def handle_data(self, data):
        self.text.append(data)


def parse(markup: str) -> _Texts:
    p = _Texts()
    p.feed(markup)
    p.close()
    return p


def ctx_for(view, t, *, seat=0, legal=(), deciding=None, game=None):
    return ctx_of(t, view, seat=seat, seats=[{"name": p["name"]} for p in view["players"]],
                  legal=legal, deciding=deciding, game=game)


# --- the path ---------------------------------------------------------------------------------

def test_bust_is_drawn_on_the_second_hazard_of_a_kind_and_its_pair_marked(view_of, t):
    view = view_of(path=[treasure(5, 1), hazard("fire"), treasure(7, 3), hazard("snakes"), hazard("fire")])
    html = path.path_html(view, t)
    cards = re.findall(r'<svg class="(ig-card[^"]*)"[^>]*data-card="(\d)"', html)
    classes = {int(i): cls for cls, i in cards}
    assert len(classes) == 5
    assert "ig-bust" in classes[4] and "ig-bust" not in classes[1]
    assert "ig-pair" in classes[1], "the first fire is marked as the pair's first"
    assert not any("ig-bust" in classes[i] or "ig-pair" in classes[i] for i in (0, 2, 3))
    assert html.count(">BUST<") == 1 and html.count("ig-bust-cross") == 1
    assert "second Fire card: bust" in html       # in words too, for readers


def test_no_bust_without_a_repeated_kind(view_of, t):
    view = view_of(path=[hazard(k) for k in HAZARDS])
    html = path.path_html(view, t)
    assert "ig-bust" not in html and "BUST" not in html
    assert path.bust_index(view["path"]) is None


def test_gems_left_on_each_card_are_shown_and_summed(view_of, t):
    view = view_of(path=[treasure(11, 3), treasure(4, 0), treasure(17, 1)])
    html = path.path_html(view, t)
    assert 'class="ig-card-left" x="32" y="76" dy=".35em">3<' in html
    assert 'class="ig-card-left" x="32" y="76" dy=".35em">1<' in html
    assert "4 gems lie on the path" in html
    assert "treasure of 4; 0 gems left on it" in html


def test_artifact_worth_follows_how_many_are_already_out(view_of, t):
    early = view_of(path=[artifact(), artifact()], artifacts={0: [5]})
    assert re.findall(r'ig-card-worth[^>]*>(\d+)<', path.path_html(early, t)) == ["5", "5"]
    late = view_of(path=[artifact(), artifact()], artifacts={0: [5, 5], 2: [5]})
    assert re.findall(r'ig-card-worth[^>]*>(\d+)<', path.path_html(late, t)) == ["10", "10"]
    mixed = view_of(path=[artifact(), artifact()], artifacts={1: [5, 5]})
    assert re.findall(r'ig-card-worth[^>]*>(\d+)<', path.path_html(mixed, t)) == ["5", "10"]


def test_round_track_marks_the_current_round_only(view_of, t):
    html = path.round_track_html(view_of(round_=3), t)
    assert html.count('aria-current="step"') == 1
    assert re.search(r'ig-round-now" aria-current="step"[^>]*><span aria-hidden="true">▶ 3<', html)
    assert html.count("ig-round-done") == 2 and html.count("ig-round-later") == 2


def test_removed_hazards_are_listed(view_of, t):
    html = path.removed_html(view_of(removed=["mummies", "fire"]), t)
    assert "Mummies" in html and "Fire" in html
    assert "no hazard yet" in path.removed_html(view_of(), t)


# --- the deck counter ----------------------------------------------------------------------------

def test_deck_counter_sums_right_and_names_every_kind(view_of, t):
    view = view_of(path=[treasure(5), hazard("fire"), hazard("spiders")], removed=["snakes"])
    html = path.deck_html(view, t)
    rows = dict(re.findall(r'data-kind="(\w+)">.*?<td>(\d+)</td>', html))
    assert set(rows) == {"treasure", "artifact", *HAZARDS}
    assert {k: int(v) for k, v in rows.items()} == view["deck"]
    total = int(re.search(r'data-total="(\d+)"', html).group(1))
    assert total == sum(view["deck"].values()) == 14 + 1 + 2 + 2 + 2 + 3 + 3
    assert re.search(r">\s*" + str(total) + r"</td>", html)


def test_deck_counter_flags_the_kinds_that_would_bust_and_gives_the_odds(view_of, t):
    view = view_of(path=[hazard("fire"), treasure(3), hazard("spiders")])
    html = path.deck_html(view, t)
    flagged = set(re.findall(r'class="ig-deck-row ig-deck-danger" data-kind="(\w+)"', html))
    assert flagged == {"fire", "spiders"}
    bad, total = path.danger(view)
    assert (bad, total) == (4, 14 + 1 + 13)
    assert f"{bad} of {total} cards ({round(100 * bad / total)}%)" in html


def test_diamant_has_no_artifact_row(view_of, t):
    view = view_of(options={"diamant": True}, deck={"treasure": 15, **{k: 3 for k in HAZARDS}})
    assert 'data-kind="artifact"' not in path.deck_html(view, t)


# --- players and secrets ----------------------------------------------------------------------

def test_names_are_escaped_and_isolated_everywhere(view_of, t):
    view = view_of(players=5, start=2, chosen={2}, log=[["ig.reveal.artifacts", {"seat": 2}]])
    regions = ig_web.game_regions(ctx_for(view, t, seat=2, legal=["torch", "camp"], deciding=2))
    for name, html in regions.items():
        assert EVIL not in html, name
        assert "<img" not in html, name
    assert "<bdi>&lt;img src=x onerror=alert(1)&gt;</bdi>" in regions["players"]
    assert "<bdi>&lt;img src=x onerror=alert(1)&gt;</bdi>" in regions["log"]
    assert "<bdi>&lt;img src=x onerror=alert(1)&gt;</bdi>: go on, or go home?" in regions["controls"]


def test_only_the_viewers_tent_is_drawn(view_of, t):
    tents = [4321, 8765, 1357, 2468]
    view = view_of(viewer=1, tents=tents)
    html = panels.players_html(view, looks(view), t, viewer=1)
    assert re.findall(r'data-tent="([^"]+)"', html) == ["hidden", "8765", "hidden", "hidden"]
    for secret in (4321, 1357, 2468):
        assert str(secret) not in html and f"{secret:,}" not in html
    assert "Your tent: 8,765 gems" in html
    assert "Worth 8,765" in html


def test_open_tents_are_all_drawn(view_of, t):
    view = view_of(players=3)
    for i, p in enumerate(view["players"]):
        p["tent"] = 100 + i
    html = panels.players_html(view, looks(view), t, viewer=None)
    assert re.findall(r'data-tent="([^"]+)"', html) == ["100", "101", "102"]


def test_players_show_who_is_in_who_went_home_and_who_has_chosen_never_what(view_of, t):
    view = view_of(players=4, in_temple={0, 1, 3}, chosen={1}, round_gems=[3, 3, 0, 3],
                   artifacts={2: [5, 10]})
    html = panels.players_html(view, looks(view), t, viewer=0)
    items = re.findall(r'<li class="([^"]*)" data-seat="(\d)"[^>]*>(.*?)</li>', html)
    assert [("ig-in" in c, "ig-home" in c) for c, _, _ in items] == [(True, False), (True, False),
                                                                     (False, True), (True, False)]
    chosen = {int(s): re.findall(r'data-chosen="(\w+)"', body) for _, s, body in items}
    assert chosen == {0: ["no"], 1: ["yes"], 2: [], 3: ["no"]}
    assert "torch" not in re.sub(r'ig-icon-torch|aria-label="[^"]*"|<title>[^<]*</title>|ig-state-in', "", html).lower()
    assert 'data-artifacts="2"' in html and "2 artifacts (5 + 10)" in html
    assert re.findall(r'data-round-gems="(\d+)"', html) == ["3", "3", "0", "3"]


def test_the_start_player_and_the_viewer_are_marked(view_of, t):
    view = view_of(players=3, start=2)
    html = panels.players_html(view, looks(view), t, viewer=0)
    items = dict((int(s), body) for s, body in re.findall(r'data-seat="(\d)"[^>]*>(.*?)</li>', html))
    assert "ig-start" in items[2] and "ig-start" not in items[0] + items[1]
    assert "ig-you" in items[0] and "ig-you" not in items[1] + items[2]


def test_eight_seats_have_eight_distinct_looks(view_of):
    view = view_of(players=8)
    ls = looks(view)
    assert len({(lk.colour, lk.shape, lk.letter) for lk in ls}) == 8
    assert len({lk.shape for lk in ls}) == 8 and len({lk.letter for lk in ls}) == 8


def test_unsafe_styles_from_the_shell_are_replaced(view_of):
    view = view_of(players=3)
    bad = [{"colour": 'red" onload="x', "shape": "<script>", "letter": "<b>"}, {}, None]
    ls = looks(view, styles=bad)
    assert ls[0].colour.startswith("#") and ls[0].shape == "circle"
    html = panels.players_html(view, ls, lambda *a, **k: "", viewer=None)
    assert "onload" not in html and "<script" not in html and "<b>" not in html.replace("<b><bdi>", "")


# --- controls ---------------------------------------------------------------------------------

def test_controls_offer_only_legal_actions(view_of, t):
    view = view_of()
    both = controls.controls_html(view, t, ["torch", "camp"], deciding=0)
    assert re.findall(r'data-act="(\w+)"', both) == ["torch", "camp"]
    only = controls.controls_html(view, t, ["camp"], deciding=0)
    assert re.findall(r'data-act="(\w+)"', only) == ["camp"]
    none = controls.controls_html(view, t, [], deciding=None)
    assert "data-act" not in none and "<button" not in none


def test_buttons_are_big_and_keep_no_state(view_of, t):
    html = controls.controls_html(view_of(), t, ["torch", "camp"], deciding=0)
    assert "aria-pressed" not in html and "selected" not in html and "disabled" not in html
    css = (ROOT / "web" / "games" / "incan_gold" / "incan-gold.css").read_text()
    height = int(re.search(r"\.ig-act \{[^}]*min-height: (\d+)px", css).group(1))
    assert height >= 44


def test_action_for_returns_only_legal_texts(view_of, t):
    ctx = ctx_for(view_of(), t, legal=["camp"], deciding=0)
    assert ig_web.action_for("camp", "", ctx) == "camp"
    assert ig_web.action_for("torch", "", ctx) is None
    assert ig_web.action_for("apply", "camp", ctx) == "camp"
    assert ig_web.action_for("apply", "torch", ctx) is None
    assert ig_web.action_for("home", "", ctx) is None


def test_waiting_names_who_has_not_chosen(view_of, t):
    view = view_of(players=4, in_temple={0, 1, 2}, chosen={0})
    html = controls.controls_html(view, t, [], deciding=None)
    assert "Waiting for <bdi>Bruno</bdi> and <bdi>&lt;img" in html
    assert "Ana" not in html and "Dora" not in html


def test_the_prompt_says_what_is_at_stake(view_of, t):
    view = view_of(path=[treasure(9, 1), treasure(5, 2)], round_gems=[6, 6, 6, 6])
    html = controls.controls_html(view, t, ["torch", "camp"], deciding=3)
    assert "<bdi>Dora</bdi>: go on, or go home?" in html
    assert "You carry 6 gems from this round; the path holds 3 gems." in html


# --- log --------------------------------------------------------------------------------------

def test_log_renders_events_through_the_catalogue(view_of, t):
    events = [["ig.reveal.turn_treasure", {"gems": 7}], ["no.such.id", {}], "garbage",
              ["ig.reveal.leave", {"home_seats": [0, 2], "n": 2, "each": 3, "path": 7}]]
    html = panels.log_html(events, t, new_from=3, reasons=[[0, ["ig.reveal.all_stay", {"n": 3}]]])
    lines = re.findall(r"<li[^>]*>(.*?)</li>", html)
    assert lines[0] == "The next card: a treasure of 7."
    assert lines[1] == "↳ All 3 go on."
    assert lines[2] == "[no.such.id]"
    assert lines[3] == "garbage"
    assert lines[4].startswith("<bdi>Ana</bdi> and <bdi>&lt;img")
    assert html.count('class="new"') == 1



def test_reasons_saved_before_the_games_own_catalogue_read_in_its_ids(t):
    """Records saved before each game had its own catalogue keep Incan Gold's bare reason ids
    ("reason_medium_win"): they read as the "ig." entries, not as "[reason_medium_win]"."""
    public = [["ig.reveal", {"torch_seats": [0], "camp_seats": [1]}]]
    shown = panels.revealed_reasons(public, [[0, ["reason_medium_win", {"gems": 9}]], [0, "plain"]], over=True)
    assert shown == [(0, ["ig.reason_medium_win", {"gems": 9}]), (0, "plain")]
    html = panels.log_html(public, t, reasons=shown)
    assert "banking 9 gems now wins the game" in html and "[reason" not in html

# --- end screen -------------------------------------------------------------------------------

def test_end_screen_breaks_the_score_down(view_of, t):
    view = view_of(players=3, artifacts={0: [5], 1: [5, 10]})
    result = {"winners": [1], "seats": [{"gems": 30, "artifacts": [5], "final": 35},
                                        {"gems": 28, "artifacts": [5, 10], "final": 43},
                                        {"gems": 12, "artifacts": [], "final": 12}]}
    html = end.end_html(view, result, looks(view), t)
    assert "<bdi>Bruno</bdi> wins with 43" in html
    rows = {m[0]: re.findall(r"<td>(.*?)</td>", m[1]) for m in
            re.findall(r'<tr class="[^"]*"><th scope="row">([^<]+)</th>(.*?)</tr>', html)}
    assert rows["Gems in the tent"] == ["30", "28", "12"]
    assert rows["Artifacts"] == ["1", "2", "0"]
    assert rows["Their values"] == ["5", "5 + 10", "–"]
    assert rows["Artifact points"] == ["5", "15", "0"]
    assert rows["Total"] == ["<b>35</b>", "<b>43</b>", "<b>12</b>"]


def test_end_screen_shared_victory_and_tie_break(view_of, t):
    view = view_of(players=3)
    shared = {"winners": [0, 2], "seats": [{"gems": 20, "artifacts": [], "final": 20},
                                           {"gems": 3, "artifacts": [], "final": 3},
                                           {"gems": 20, "artifacts": [], "final": 20}]}
    html = end.end_html(view, shared, looks(view), t)
    assert "<bdi>Ana</bdi> and <bdi>&lt;img src=x onerror=alert(1)&gt;</bdi> share the victory with 20" in html
    broken = {"winners": [1], "seats": [{"gems": 20, "artifacts": [], "final": 20},
                                        {"gems": 15, "artifacts": [5], "final": 20},
                                        {"gems": 1, "artifacts": [], "final": 1}]}
    assert "the most artifacts wins" in end.end_html(view, broken, looks(view), t)


def _polylines(svg: str) -> dict[int, list[tuple[float, float]]]:
    out = {}
    for seat, pts in re.findall(r'data-seat="(\d+)"><polyline[^>]*points="([^"]+)"', svg):
        out[int(seat)] = [tuple(map(float, p.split(","))) for p in pts.split()]
    return out


def test_chart_lines_follow_the_data(view_of, t):
    view = view_of(players=3)
    stats = {"players": 3,
             "standings": [{"label": "start", "wealth": [0, 0, 0]},
                           {"label": "round 1", "wealth": [12, 0, 5]},
                           {"label": "round 2", "wealth": [12, 20, 9]},
                           {"label": "round 3", "wealth": [30, 20, 9]}],
             "rounds": [{"round": 1, "banked": [12, 0, 5], "bust": True},
                        {"round": 2, "banked": [0, 20, 4], "bust": False},
                        {"round": 3, "banked": [13, 0, 0], "bust": False}]}
    html = end.charts_html(stats, looks(view), t)
    charts = re.findall(r'<svg class="end-chart[^>]*data-measure="(\w+)">(.*?)</svg>', html)
    assert [m for m, _ in charts] == ["wealth", "banked"]
    for measure, svg in charts:
        lines = _polylines(svg)
        assert sorted(lines) == [0, 1, 2]
        data = ([[st["wealth"][s] for st in stats["standings"]] for s in range(3)] if measure == "wealth"
                else [[r["banked"][s] for r in stats["rounds"]] for s in range(3)])
        top, _ = nice_top(max(max(row) for row in data))
        height, top_margin, bottom_margin = SIZE[1], MARGINS[2], MARGINS[3]
        plot_h = height - top_margin - bottom_margin
        for s, pts in lines.items():
            xs = [x for x, _ in pts]
            assert xs == sorted(xs) and len(set(xs)) == len(xs)
            values = [round(top * (1 - (y - top_margin) / plot_h), 1) for _, y in pts]
            assert values == pytest.approx(data[s], abs=0.3)
    assert "1 ✕" in html                     # the bust round is marked on the axis
    dashes = re.findall(r'data-seat="\d+"><polyline[^>]*?(stroke-dasharray="[^"]+")?\s*stroke-linejoin', html)
    assert len(set(dashes[:3])) == 3          # each seat its own dash pattern


# --- help -------------------------------------------------------------------------------------

def test_help_is_in_our_own_words():
    """No run of 7 words of the help is a run of the rulebook (checked against hashes of the
    rulebook's 7-word runs: the text itself is not kept here)."""
    html = ig_web.help_html(page_words())
    words = re.findall(r"[a-z']+", " ".join(parse(html).text).lower())
    book = {line for line in (HERE / "rulebook-7grams.txt").read_text().splitlines() if line and not line.startswith("#")}
    assert len(book) > 1000
    runs = [" ".join(words[i:i + 7]) for i in range(len(words) - 6)]
    copied = [r for r in runs if hashlib.sha1(r.encode()).hexdigest()[:10] in book]
    assert not copied, copied
    assert len(runs) > 300
    for word in ("Torch", "Camp", "artifact", "BUST", "open tents", "Diamant"):
        assert word in html


def test_catalogue_has_every_page_id_used(catalogue):
    used = set()
    for f in (ROOT / "web" / "games" / "incan_gold").glob("*.py"):
        used |= set(re.findall(r'"(ig\.[a-z_.]+)"', f.read_text()))
        used |= {f"ig.hazard.{k}" for k in HAZARDS} | {f"ig.act.{c}" for c in ("torch", "camp")}
        used |= {f"ig.act.{c}_hint" for c in ("torch", "camp")}
    missing = sorted(u for u in used if not u.endswith(".") and u not in catalogue)
    assert not missing


def test_round_track_tells_how_each_finished_round_ended(view_of, t):
    view = view_of(round_=3)
    view["rounds_done"] = [{"round": 1, "end": "bust", "hazard": "mummies", "path": []},
                           {"round": 2, "end": "all_left", "hazard": None, "path": []}]
    html = path.round_track_html(view, t)
    assert 'aria-label="Round 1: ended by a second Mummies card"' in html
    assert 'aria-label="Round 2: everyone went home"' in html
    assert 'aria-label="Round 3"' in html and 'aria-label="Round 4"' in html


def test_chart_stats_from_the_engines_game_stats():
    from games.incan_gold.stats import chart_stats
    stats = chart_stats({"players": 2, "artifact_values": [[5, 10], []],
                         "rounds": [{"round": 1, "end": "bust", "hazard": "fire", "tents": [4, 0], "artifacts": [1, 0]},
                                    {"round": 2, "end": "all_left", "hazard": None, "tents": [9, 7], "artifacts": [2, 0]}]})
    assert [st["wealth"] for st in stats["standings"]] == [[0, 0], [9, 0], [24, 7]]
    assert [r["banked"] for r in stats["rounds"]] == [[4, 0], [5, 7]]
    assert [r["bust"] for r in stats["rounds"]] == [True, False]


def test_the_last_rounds_bust_stays_visible_while_the_next_round_opens(view_of, t):
    view = view_of(round_=3, path=[treasure(4, 0)])
    view["step"] = 1
    view["rounds_done"] = [{"round": 1, "end": "all_left", "hazard": None, "path": [treasure(5, 1)]},
                           {"round": 2, "end": "bust", "hazard": "fire",
                            "path": [hazard("fire"), artifact(), treasure(9, 1), hazard("fire")]}]
    html = path.path_html(view, t)
    last = html[html.index("ig-last-round"):]
    assert "Round 2: ended by a second Fire card" in last
    assert last.count(">BUST<") == 1 and "ig-pair" in last
    assert "ig-card-gone" in last                      # the artifact left with the round
    view["step"] = 2
    assert "ig-last-round" not in path.path_html(view, t)
    view["step"], view["rounds_done"] = 1, []
    assert "ig-last-round" not in path.path_html(view, t)


def test_help_says_what_is_secret_and_what_the_table_sees():
    """The help says exactly what the page shows: who went home with how many gems (from beside
    the tent and from the path) is public; a tent's total is its owner's alone; a careful player
    could keep count, and the rulebook only asks players not to count the tents."""
    text = " ".join(" ".join(parse(ig_web.help_html(page_words())).text).split())
    for words in ("the log says who went home with how many gems from beside their tent and from "
                  "the path",
                  "you see your own total, the others see only the artifacts you hold, and the "
                  "page never shows another player's tent total",
                  "the rulebook only asks players not to count the tents"):
        assert words in text, words
