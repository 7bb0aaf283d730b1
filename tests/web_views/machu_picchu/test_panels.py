"""The panels escape every text they show (player names come from people and from files)."""
import machu_picchu as mp
from games.machu_picchu import panels

HOSTILE = '<img src=x onerror="alert(1)">'


def seats():
    return [{"name": HOSTILE, "type": "human", "level": None, "style": 0},
            {"name": "<b>B</b>", "type": "bot", "level": "easy", "style": 1}]


def test_names_are_escaped_everywhere():
    s = seats()
    game = mp.new_game(players=2, seed=1, names=[x["name"] for x in s])
    bs = panels.style_seats(s)
    view = game.view(0)
    html = "".join([
        panels.players_html(view, s, bs, viewer=0, thinking=1),
        panels.status_html(view, s, bs, viewer=0, thinking=None),
        panels.hand_html(view, s, 0),
        panels.log_html(panels.merge_reasons(view["log"], game.log, [[0, HOSTILE]], True)),
    ])
    assert "<img" not in html and "<b>B</b>" not in html
    assert "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;" in html


def test_end_screen_has_the_score_table_and_every_hand():
    game = mp.new_game(players=3, seed=2)
    while not game.is_over:
        game.apply(game.legal_actions()[-1])
    s = [{"name": n, "type": "human", "level": None, "style": i} for i, n in enumerate(game.names)]
    html = panels.end_html(game.view(None), s, panels.style_seats(s))
    assert html.count("<tr") == 16           # header + 15 rows
    assert "Final score" in html and "Tie-break" in html
    assert html.count('class="end-hand"') == 3


def test_bot_reasons_follow_their_line():
    lines = ["A", "You draw x.", "B", "C"]
    public = ["A", "B", "C"]
    merged = panels.merge_reasons(lines, public, [[1, "because"]], True)
    assert merged == [("", "A"), ("", "You draw x."), ("", "B"), ("reason", "because"), ("", "C")]
    assert panels.merge_reasons(lines, public, [[1, "because"]], False) == [("", x) for x in lines]


def test_own_cards_say_what_they_would_score_now():
    import random
    rng = random.Random(6)
    game = mp.new_game(players=3, seed=6)
    while len(game.history) < 150 or sum(game.view(game.to_move)["players"][game.to_move]["score_now"]
                                         ["vp_by_source"].values()) == 0:
        legal = game.legal_actions()
        busy = [a for a in legal if a.kind != "stay"] or legal
        game.apply(rng.choice(busy))
        assert not game.is_over
    seat = game.to_move
    s = [{"name": n, "type": "human", "level": None, "style": i} for i, n in enumerate(game.names)]
    view = game.view(seat)
    now = view["players"][seat]["score_now"]
    html = panels.hand_html(view, s, seat)
    assert f"If the game ended now: <b>{now['vp']} VP</b> and <b>{now['gold']} gold</b>" in html
    for key, vp in now["vp_by_source"].items():
        label = dict(panels.source_rows())[key]
        assert (f"{label} {vp}" in html) == (vp > 0)
    assert "If the game ended now" not in panels.hand_html(game.view(None), s, None)
