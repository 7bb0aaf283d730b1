"""The summary of what happened since a person's last turn (games/machu_picchu/follow.py):
built from the engine's actions and public views, extended one action at a time, secrets kept."""
import random
from types import SimpleNamespace

import machu_picchu as mp
from games.machu_picchu import follow
from kit.seats import style_seats
from shell.i18n import Words, load_catalogue

NAMES = ["Ann", "<b>Bob</b>", "Cy"]


def ctx_for(game, seat):
    seats = [{"name": n, "type": "human", "level": None, "style": i} for i, n in enumerate(NAMES)]
    words = Words(load_catalogue()).with_names(NAMES)
    return SimpleNamespace(game=game, seat=seat, memo={}, styles=style_seats(seats),
                           t=lambda msg_id, params=None: words.t(msg_id, params))


def played(seed, until):
    game = mp.new_game(players=3, seed=seed, names=NAMES)
    rng = random.Random(seed)
    while not game.is_over and not until(game):
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_steps_grow_one_action_at_a_time_and_match_a_fresh_computation():
    game = played(3, lambda g: len(g.history) >= 30)
    ctx = ctx_for(game, 0)
    mark = 20
    first = [dict(s) for s in follow.steps_since(ctx, mark)]
    assert [s["text"] for s in first] == game.history[mark:]
    rng = random.Random(9)
    for _ in range(5):
        game.apply(rng.choice(game.legal_actions()))
    grown = follow.steps_since(ctx, mark)
    fresh = follow.steps_since(ctx_for(game, 0), mark)
    assert grown == fresh and grown[:len(first)] == first
    # the changes are those of the public views (goods of the one who acted)
    before, after = mp.load_game(game.to_save()).undo(len(game.history) - mark), None
    for step in grown:
        view0 = before.view(None)
        before.apply(step["text"])
        after = before.view(None)
        for s, ch in step["changes"].items():
            for g in ("corn", "llama", "coca", "pottery", "cloth"):
                assert ch.get(g, 0) == after["players"][s]["goods"][g] - view0["players"][s]["goods"][g]


def test_the_summary_says_who_did_what_and_the_night_with_who_starts():
    game = played(5, lambda g: g.day >= 4 and g.prompt[0] == "turn")
    ctx = ctx_for(game, 0)
    day3 = next(i for i in range(len(game.history), 0, -1)
                if mp.load_game(game.to_save()).undo(len(game.history) - i).day == 2)
    html = follow.summary_html(follow.steps_since(ctx, day3 - 3), ctx.t, ctx.styles)
    assert "Since your last turn" in html
    assert 'class="since-night"' in html and "Night after day 2" in html
    assert "holds the Sun tile and starts" in html
    assert "&lt;b&gt;Bob&lt;/b&gt;" in html and "<b>Bob</b>" not in html    # names are text
    assert "[mp." not in html                                               # every id known


def test_cards_put_back_are_counted_never_named():
    game = played(2, lambda g: g.prompt is not None and g.prompt[0] == "return")
    seat = game.to_move
    mark = len(game.history)
    game.apply(game.legal_actions()[0])
    cards = game.history[-1].split()[1:]
    ctx = ctx_for(game, (seat + 1) % 3)
    html = follow.summary_html(follow.steps_since(ctx, mark), ctx.t, ctx.styles)
    assert "back under the deck" in html
    assert not any(card in html for card in cards)


def test_the_first_day_says_why_the_game_starts_on_it():
    for players, learning, start in ((3, False, 2), (4, True, 5), (2, False, 1)):
        game = mp.new_game(players=players, seed=1, learning=learning)
        note = follow.start_note(game.view(None))
        if start == 1:
            assert note == ""
            continue
        assert f"day {start} of 9" in note and f"{players} players" in note
        assert ("learning" in note) == learning
        assert f"{10 - start} days to play" in note


def test_a_mark_moving_on_carries_the_copy_forward_without_a_replay(monkeypatch):
    game = played(4, lambda g: len(g.history) >= 36)
    ctx = ctx_for(game, 0)
    follow.steps_since(ctx, 30)
    copy = ctx.memo["follow"]["game"]
    rng = random.Random(4)
    for _ in range(6):
        game.apply(rng.choice(game.legal_actions()))
    monkeypatch.setattr(type(game), "undo", lambda *a: (_ for _ in ()).throw(AssertionError("replayed")))
    steps = follow.steps_since(ctx, 38)
    assert ctx.memo["follow"]["game"] is copy and [s["text"] for s in steps] == game.history[38:]

