"""The shell's screens (web/shell/screens.py): every text escaped, the form built from the game."""
from __future__ import annotations

import re

from kit.seats import style_seats
from shell import screens

HOSTILE = '<img src=x onerror="alert(1)">'
GAME = {"name": "Test <Game>", "players": (3, 8), "levels": ["easy", "hard"],
        "options": [("diamant", "Diamant", "no <artifacts>")], "bot_note": "Bots <b>think</b>."}


def seats(n=3, bot=True):
    out = [{"name": HOSTILE, "type": "human", "level": None, "style": 0}]
    out += [{"name": f"<b>{i}</b>", "type": "bot" if bot else "human", "level": "easy" if bot else None,
             "style": i} for i in range(1, n)]
    return out


def form(s, **more):
    return {"game": "test", "seats": s, "options": {"diamant": True}, "seed": HOSTILE, "error": HOSTILE,
            **more}


def test_names_and_texts_are_escaped_everywhere():
    s = seats()
    st = style_seats(s)
    saves = [{"id": "g1", "game": "test", "updated": "x", "seats": s,
              "meta": {"stage": HOSTILE, "to_move": HOSTILE, "over": False}},
             {"id": "g2", "game": "test", "updated": "", "seats": s,
              "meta": {"over": True, "winners": [HOSTILE]}},
             {"id": "bad", "error": HOSTILE, "updated": ""}]
    html = "".join([
        screens.new_game_html(form(s), GAME),
        screens.saves_html(saves, {"test": HOSTILE}, dates={}),
        screens.hide_html(s, st, 0, reason=HOSTILE, undo_seat=0),
        screens.waiting_html(s, 0, False), screens.waiting_html(s, 1, True),
        screens.status_html(s, st, 0, False, 0), screens.status_html(s, st, 1, True, 0),
        screens.dialog_html(HOSTILE, HOSTILE, [(HOSTILE, "close", HOSTILE)]),
        screens.toast_html("warn", HOSTILE), screens.who(s, 0), screens.who(s, 1),
        screens.game_cards_html([{"id": HOSTILE, "name": HOSTILE, "players": (3, 8), "blurb": HOSTILE}], "x"),
    ])
    assert "<img" not in html and "<b>1</b>" not in html
    assert "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;" in html


def test_the_form_follows_the_game():
    html = screens.new_game_html(form(seats(4)), GAME)
    counts = re.findall(r'<option value="(\d+)"[^>]*>\d+ players', html)
    assert counts == [str(n) for n in range(3, 9)]
    assert 'value="bot:hard"' in html and 'value="bot:medium"' not in html
    assert 'data-field="diamant" data-option="diamant" checked' in html
    assert "no &lt;artifacts&gt;" in html and "Bots &lt;b&gt;think&lt;/b&gt;." in html
    people = screens.new_game_html(form(seats(3, bot=False)), GAME)
    assert "levels-note" not in people                 # the levels are explained only with a bot
    assert people.count('data-field="style"') == 3
    assert people.count("(cross)</option>") == 3          # 8 seat styles to choose from


def test_saved_games_are_labelled_with_their_game():
    s = seats()
    html = screens.saves_html([{"id": "g1", "game": "incan-gold", "updated": "", "seats": s,
                                "meta": {"stage": "Round 2", "to_move": "Ann"}},
                               {"id": "g2", "game": "machu-picchu", "updated": "", "seats": s,
                                "meta": {"day": 4, "to_move": "Bea"}}],
                              {"incan-gold": "Incan Gold", "machu-picchu": "Machu Picchu"}, dates={})
    assert html.index("Incan Gold") < html.index("Machu Picchu")
    assert "Round 2 · <bdi>Ann</bdi> to decide" in html and "Day 4 · <bdi>Bea</bdi> to decide" in html


def test_a_hint_is_offered_then_shown_with_a_button_that_takes_it():
    ask = screens.hint_html("medium", None, ["torch", "camp"])
    assert 'data-act="hint"' in ask and "Do it" not in ask
    shown = screens.hint_html("medium", ("camp", "goes home &lt;safe&gt;"), ["torch", "camp"])
    assert 'data-act="hint-take" data-v="camp"' in shown and "goes home &lt;safe&gt;" in shown
    assert screens.hint_html("medium", ("fly", "x"), ["torch"]) == screens.hint_html("medium", None, ["torch"])
    assert screens.hint_html("medium", None, []) == ""
    thinking = screens.hint_html("hard", None, ["torch", "camp"], thinking=True)
    assert "disabled" in thinking and "hard bot is thinking" in thinking and "data-act" not in thinking


def test_the_pass_screen_offers_the_chooser_an_undo_that_tells_nothing():
    s = seats(3, bot=False)
    html = screens.hide_html(s, style_seats(s), 1, reason="Your turn", undo_seat=0)
    assert 'data-act="reveal" data-v="1"' in html and 'data-act="undo"' in html
    assert "torch" not in html and "camp" not in html
    assert 'data-act="undo"' not in screens.hide_html(s, style_seats(s), 1, reason="x")


def test_the_end_buttons_go_where_the_game_marked_them():
    marked = screens.with_end_buttons("<h2>Ann wins</h2><!--end-buttons--><h3>Charts</h3>")
    assert marked.index('data-act="again"') < marked.index("Charts")
    assert "<!--end-buttons-->" not in marked
    plain = screens.with_end_buttons("<h2>Ann wins</h2>")
    assert plain.startswith("<h2>Ann wins</h2>") and 'data-act="replay"' in plain


def test_a_stage_is_worded_in_the_pages_language_and_old_text_escaped_once():
    assert screens.stage_words(["mp.stage.day", {"day": 3}]) == "Day 3"
    assert screens.stage_words(["ig.stage.round", {"round": 2, "of": 5}]) == "Round 2 of 5"
    assert screens.stage_words(["shell.close", {}]) == ""          # not a stage
    assert screens.stage_words("Round <2> & more") == "Round &lt;2&gt; &amp; more"
    assert screens.stage_words(42) == ""
    html = screens.saves_html([{"id": "g", "game": "incan-gold", "updated": "", "seats": seats(),
                                "meta": {"stage": "A & B", "to_move": "Ann"}}], {}, dates={})
    assert "A &amp; B · " in html and "&amp;amp;" not in html
