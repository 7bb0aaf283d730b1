"""Every registered game's web module keeps the protocol of web/games/README.md: the shell
draws a whole game of it (live, replay, end) from a random game, and no name leaks unescaped."""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from shell import games, screens, skeleton
from shell.i18n import Words, load_catalogue
from shell.replay import Replay
from shell.table import GAME_REGIONS
from kit.views import GameViews

HOSTILE = '<img src=x onerror="alert(1)">'
INFOS = games.available()


def test_the_home_has_machu_picchu_and_every_game_found():
    ids = [g.id for g in INFOS]
    assert ids[0] == "machu-picchu"
    for info in INFOS:
        card = games.card(info)
        assert card["name"] and card["blurb"] and card["players"] == (info.min_players, info.max_players)


@pytest.mark.parametrize("info", INFOS, ids=lambda i: i.id)
def test_the_web_module_declares_its_views(info):
    """Its `VIEWS` is a kit.views.GameViews of this game that gives every required hook."""
    views = games.views(info)
    assert isinstance(views, GameViews) and views.game_id == info.id
    for name in ("game_regions", "action_for", "end_html", "help_html", "replay_regions"):
        assert getattr(type(views), name) is not getattr(GameViews, name), name
    assert "<" in views.help_html(Words(load_catalogue()))
    form = games.form_game(info)
    assert [k for k, _label, _note in form["options"]] == [o.key for o in info.options]


def _seats(info, n):
    return [{"name": HOSTILE if i == 0 else f"P{i}", "type": "human", "level": None, "style": i}
            for i in range(n)]


@pytest.mark.parametrize("info", INFOS, ids=lambda i: i.id)
def test_a_whole_random_game_is_drawn_and_every_tap_of_a_legal_action_is_understood(info):
    views = games.views(info)
    n = info.min_players + 1
    seats = _seats(info, n)
    game = info.new_game(players=n, seed=3, names=[s["name"] for s in seats])
    words = Words(load_catalogue(), [s["name"] for s in seats])
    rng = random.Random(3)
    memo: dict = {}
    draft: dict = {}
    steps = 0
    while not game.is_over:
        seat = game.to_move
        legal = [getattr(a, "text", None) or str(a) for a in game.legal_actions()]
        ctx = games.make_ctx(info, game, game.view(seat), seats, words, seat=seat, legal=legal,
                             deciding=seat, memo=memo, draft=draft, seen=None)
        regions = views.game_regions(ctx)
        html = "".join(regions.values())
        assert "<img" not in html and all(isinstance(v, str) for v in regions.values())
        if steps % 7 == 0:
            assert isinstance(views.hide_reason(ctx, seat), (str, type(None)))
        text = rng.choice(legal)
        game.apply(text)
        steps += 1
    ctx = games.make_ctx(info, game, game.view(None), seats, words, memo=memo)
    end = views.end_html(ctx)
    assert "<img" not in end and "&lt;img" in end
    r = Replay(game, turns=views.replay_turns)
    for k in range(0, r.last + 1, max(1, r.last // 15)):
        r.seek(k)
        ctx = games.make_ctx(info, r.game, r.view(), seats, words, before=r.before, mode="replay")
        html = "".join(views.replay_regions(ctx).values())
        html += "".join(views.replay_lines(r.before, r.game, ctx))
        assert "<img" not in html


def test_switching_games_keeps_the_seats_within_the_new_range():
    by_id = {g.id: g for g in INFOS}
    mp = by_id["machu-picchu"]
    form = games.new_form(mp)
    assert len(form["seats"]) == mp.default_players and form["options"] == {"learning": False}
    games.resize_seats(form["seats"], 5, "hard")
    assert [s["style"] for s in form["seats"]] == [0, 1, 2, 3, 4]
    fake = type("Info", (), {"id": "x", "min_players": 3, "max_players": 8, "default_players": 5,
                             "bot_levels": ("easy",), "options": ()})
    moved = games.carry_form(form, fake)
    assert len(moved["seats"]) == 5 and moved["game"] == "x"
    assert all(s["level"] == "easy" for s in moved["seats"] if s["type"] == "bot")
    form["seats"][:] = form["seats"][:2]
    assert len(games.carry_form(form, fake)["seats"]) == 3


def test_a_game_whose_views_are_not_in_the_build_is_left_off_the_home(monkeypatch):
    real = games.registry.games()
    ghost = type("Info", (), {"id": "ghost", "web_module": "games.no_such_game"})
    monkeypatch.setattr(games.registry, "games", lambda: real + [ghost])
    assert [g.id for g in games.available()] == [g.id for g in INFOS]


def test_home_screen_boards_are_drawn_once_and_warmed_for_every_default_form(monkeypatch):
    """games.preview_html keeps each board it drew (the build warms the defaults into the memory
    snapshot); a form with other seat styles draws its own, and the oldest go past PREVIEWS_KEPT."""
    monkeypatch.setattr(games, "_previews", {})
    mp = INFOS[0]
    drawn = []
    monkeypatch.setattr(games.views(mp), "preview_html", lambda n, styles, words: drawn.append((n, [s["colour"] for s in styles]))
                        or f"<svg data-n='{n}'/>")
    assert games.warm_previews() == sum(i.max_players - i.min_players + 1 for i in INFOS)
    assert sorted(n for n, _ in drawn) == list(range(mp.min_players, mp.max_players + 1))
    form = games.new_form(mp)
    assert games.preview_html(mp, form["seats"]) == f"<svg data-n='{len(form['seats'])}'/>"
    assert len(drawn) == mp.max_players - mp.min_players + 1          # the default form: drawn already
    other = [dict(seat, style=(seat["style"] + 1) % 5) for seat in form["seats"]]
    games.preview_html(mp, other)
    games.preview_html(mp, other)
    assert len(drawn) == mp.max_players - mp.min_players + 2 and drawn[-1][1] != drawn[0][1]
    for style in range(games.PREVIEWS_KEPT):
        games.preview_html(mp, [dict(seat, style=style) for seat in form["seats"][:2]])
    assert len(games._previews) == games.PREVIEWS_KEPT


def test_the_hint_budget_flag_only_shortens_the_hint():
    from shell.games import hint_budget
    assert hint_budget(0.7, None) == 0.7                 # no flag: the game's own
    assert hint_budget(0.7, "0.05") == 0.05              # a test's shorter think
    assert hint_budget(0.7, "5") == 0.7                  # never longer than the game's
    for junk in ("", "abc", "nan", "-1", "0", "inf", "<b>"):
        assert hint_budget(0.7, junk) == 0.7, junk
    assert hint_budget(None, "0.1") == 0.1
    assert hint_budget(None, "x") is None and hint_budget(None, "inf") is None


WEB = Path(__file__).resolve().parents[2] / "web"


def test_the_shells_stylesheet_names_no_game():
    """Each game's look lives in its own stylesheet (GameViews.css): web/style.css holds only the
    shell's and the kit's rules, so that a game added or taken away changes nothing in it."""
    shell_css = (WEB / "style.css").read_text(encoding="utf-8")
    assert "data-game" not in shell_css
    for info in INFOS:
        prefix = info.catalogue_prefix.rstrip(".")
        assert not re.search(rf"\.{re.escape(prefix)}-[a-z]", shell_css), info.id
        assert info.id not in shell_css


def _selectors(css: str) -> str:
    """A stylesheet's selectors and at-rules, without its comments and declarations."""
    return re.sub(r"\{[^{}]*\}", "{}", re.sub(r"/\*.*?\*/", "", css, flags=re.S))


def test_index_html_holds_no_control_of_a_game():
    """index.html is the shell's skeleton: of its elements a game's stylesheet names only the
    regions the shell draws into (table.GAME_REGIONS), never a control of the game's own (Machu
    Picchu's "Whole board" switch stood there: the shell now draws it, in #zoom, for a game
    whose views ask for it, GameViews.whole_board, and a game that styles it asks for it)."""
    index_ids = set(re.findall(r'\bid="([^"]+)"', (WEB / "index.html").read_text(encoding="utf-8")))
    switch = screens.whole_board_html(False)
    assert 'id="whole-board"' in switch and 'class="zoom-toggle"' in switch
    asking = []
    for info in INFOS:
        views = games.views(info)
        if not views.css:
            continue
        named = set(re.findall(r"#([A-Za-z][\w-]*)", _selectors((WEB / games.stylesheet(info)).read_text(encoding="utf-8"))))
        assert named & index_ids <= set(GAME_REGIONS), (info.id, named & index_ids - set(GAME_REGIONS))
        assert ("whole-board" in named) == views.whole_board, info.id
        asking += [info.id] if views.whole_board else []
    assert "machu-picchu" in asking and "incan-gold" not in asking


def test_every_games_stylesheet_sits_by_its_views_and_index_html_links_it():
    links = skeleton.stylesheet_links()
    for info in INFOS:
        href = games.stylesheet(info)
        if href:
            assert (WEB / href).is_file(), href
            assert f'<link rel="stylesheet" href="{href}">' in links
    assert links.count("<link") == sum(1 for info in INFOS if games.views(info).css)
