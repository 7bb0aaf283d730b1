"""Machu Picchu's views word themselves from the context the shell hands them (ctx.words), never
from the page's language. Each hook handed a ctx is drawn with words of its own (the English
catalogue with every entry marked) while the page's words refuse to be read."""
from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

import machu_picchu as mp
from games import machu_picchu as views
from kit import words as kit_words
from kit.seats import style_seats
from shell import i18n

NAMES = ["Ann", "Bob", "Cy"]


def marked(entry):
    if isinstance(entry, str):
        return "⟦" + entry + "⟧"
    if isinstance(entry, dict):
        return {k: marked(v) for k, v in entry.items()}
    return entry


def ctx_for(game, seat, **more):
    seats = [{"name": n, "style": s, "type": "human" if s == 0 else "bot", "level": "easy"}
             for s, n in enumerate(NAMES)]
    words = i18n.Words({k: marked(v) for k, v in i18n.load_catalogue("en").items()}, NAMES)
    deciding = seat is not None and game.to_move == seat
    fields = dict(info=None, game=game, view=game.view(seat), seat=seat, seats=seats,
                  styles=style_seats(seats), deciding=seat if deciding else None, words=words,
                  legal=[a.text for a in game.legal_actions()] if deciding else [],
                  prefs={"reasons": True}, reasons=[], thinking=None, draft={}, memo={},
                  seen=None, hint=None, before=None, mode="game")
    fields.update(more)
    return SimpleNamespace(**fields, t=lambda msg_id, params=None: words.t(msg_id, params))


@pytest.fixture
def page_words_refused(monkeypatch):
    def refuse(*_args, **_kw):
        raise AssertionError("a view read the page's words")
    monkeypatch.setattr(i18n, "page_words", refuse)
    monkeypatch.setattr(i18n, "t", refuse)
    monkeypatch.setattr(kit_words, "page_words", refuse)


def played(seed: int, actions: int):
    game = mp.new_game(players=3, seed=seed, names=NAMES)
    rng = random.Random(seed)
    for _ in range(actions):
        busy = [a for a in game.legal_actions() if a.kind != "stay"] or game.legal_actions()
        game.apply(rng.choice(busy))
    return game


def test_every_hook_given_a_ctx_speaks_its_words(page_words_refused):
    checked = 0
    for seed in range(1, 6):
        game = played(seed, 40 + seed)
        seat = game.to_move
        ctx = ctx_for(game, seat, seen=views.seen_mark(played(seed, 30), seat))
        regions = views.game_regions(ctx)
        assert "⟦" in regions["controls"] and "⟦" in regions["players"] and "⟦" in regions["log"]
        for act, value in (("district", "plaza"), ("tile", "corn"), ("confirm", ""), ("pick", "x")):
            views.on_act(ctx_for(game, seat), act, value)
        assert views.bench_selector(ctx_for(game, seat))
        other = (seat + 1) % 3
        assert "⟦" in views.hide_reason(ctx_for(game, None), other)
        public = views.game_regions(ctx_for(game, None))
        assert "⟦" in public["topinfo"]
        before = game.undo(1)
        replay = ctx_for(game, None, before=before, mode="replay")
        assert "⟦" in views.replay_regions(replay)["players"]
        assert all("⟦" in line for line in views.replay_lines(before, game, replay))
        checked += 1
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    assert "⟦" in views.end_html(ctx_for(game, 0))
    assert checked == 5
