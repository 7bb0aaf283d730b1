"""The summary of what happened since a person's last turn (games/machu_picchu/follow.py):
drawn from the public events the engine logged for each action, extended one action at a time,
secrets kept."""
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


def test_steps_are_drawn_from_the_events_without_replaying_the_game(monkeypatch):
    """The steps come from the events the engine logged (Game.action_events): no copy of the
    game is made or played, and no view is built, however far back the mark is."""
    game = played(4, lambda g: len(g.history) >= 60)
    for name in ("undo", "clone", "apply", "view", "determinize", "fast_clone"):
        monkeypatch.setattr(type(game), name,
                            lambda *a, _n=name: (_ for _ in ()).throw(AssertionError(_n)))
    steps = follow.steps_since(ctx_for(game, 0), 30)
    assert [s["text"] for s in steps] == game.history[30:]
    assert [s["at"] for s in steps] == list(range(30, 60))


def test_a_scout_reaching_the_summit_climbed_steps_it_did_not_lose():
    """A Scout that reaches the summit starts the Incatrail again: the summary said the steps
    of that action as the Scout's position after minus before ("−17 steps" for a Scout that
    climbed 3 to the summit). Each step now says the steps the events told, at every summit of
    seeded games."""
    summits = 0
    for seed in range(1, 9):
        game = played(seed, lambda g: g.is_over or len(g.history) >= 400)
        if game.is_over:
            game = game.undo(1)
        for mark in range(0, len(game.history), 60):      # the summary's windows (80 steps)
            for step in follow.steps_since(ctx_for(game, 0), mark):
                for change in step["changes"].values():
                    assert change.get("steps", 0) >= 0, step
        steps = follow.steps_from(game, 0)
        for (text, seat, events), step in zip(game.action_events(0), steps):
            told = {}
            for eid, p in events:
                if eid in ("mp.ev.stones", "mp.ev.sacrifice", "mp.ev.offer", "mp.ev.tile_steps"):
                    told[p["seat"]] = told.get(p["seat"], 0) + p["steps"]
            for change in step["changes"].values():
                assert change.get("steps", 0) >= 0, (text, step)
            if any(eid == "mp.ev.summit" for eid, _p in events):
                summits += 1
                for who, n in told.items():
                    if not text.startswith("stay ") and not text.startswith("claim "):
                        assert step["changes"][who]["steps"] == n, (text, step)
    assert summits > 5
