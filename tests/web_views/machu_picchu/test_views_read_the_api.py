"""Machu Picchu's views read a game only through its public API (issue 25: they read Game
internals: sun_holder, turns_today, prince, deciders ...): the engine protocol
(tabletop.protocol: view, log_for, history, deciders, legal_actions, undo ...), the decision at
hand (`prompt`), `glance()` (where the pieces stand, cheaply) and `action_events()` (what each
action did, as its public events). Every hook is run on games
that refuse any other attribute to a caller in the views' package (the engine's own functions,
such as machu_picchu.yields, may read their game as they like)."""
from __future__ import annotations

import random
import sys
from types import SimpleNamespace

import machu_picchu as mp
from games import machu_picchu as views
from kit.seats import style_seats
from shell import i18n
from tabletop import protocol

NAMES = ["Ann", "Bob", "Cy", "Dee"]
PUBLIC = ({name for cls in (protocol.Game, protocol.KeepsDeciders, protocol.TakesBack)
           for name in list(vars(cls)) + list(getattr(cls, "__annotations__", {}))
           if not name.startswith("_")} | {"prompt", "glance", "action_events"})


class Watched:
    """A game that refuses its internals to the views."""

    def __init__(self, game):
        object.__setattr__(self, "_game", game)

    def __getattr__(self, name):
        caller = sys._getframe(1).f_globals.get("__name__", "")
        if caller.startswith("games.") and name not in PUBLIC:
            raise AssertionError(f"{caller} read the game's {name!r}")
        return getattr(self._game, name)


def ctx_for(game, seat, **more):
    seats = [{"name": n, "style": s, "type": "human" if s == 0 else "bot", "level": "easy"}
             for s, n in enumerate(NAMES)]
    words = i18n.page_words().with_names(NAMES)
    deciding = seat is not None and game.to_move == seat
    fields = dict(info=None, game=Watched(game), view=game.view(seat), seat=seat, seats=seats,
                  styles=style_seats(seats), deciding=seat if deciding else None, words=words,
                  legal=[a.text for a in game.legal_actions()] if deciding else [],
                  prefs={}, reasons=[], thinking=None, draft={}, memo={}, seen=None, hint=None,
                  before=None, mode="game")
    fields.update(more)
    return SimpleNamespace(**fields, t=lambda msg_id, params=None: words.t(msg_id, params))


def test_the_views_read_only_the_games_public_api():
    game = mp.new_game(players=4, seed=9, names=NAMES)
    rng = random.Random(9)
    memo, seen, checked = {}, None, 0
    while not game.is_over:
        seat = game.to_move
        if seat == 0 or len(game.history) % 9 == 0:          # one seat's screen, and others'
            views.game_regions(ctx_for(game, seat, memo=memo, seen=seen if seat == 0 else None))
            if not views.keeps_mark(Watched(game), seat) and seat == 0:
                seen = views.seen_mark(Watched(game), seat)
        if len(game.history) % 31 == 0:
            views.game_regions(ctx_for(game, None))
            views.hide_reason(ctx_for(game, None), (seat + 1) % 4)
            views.stage_text(Watched(game))
        if len(game.history) % 40 == 1:
            before = game.undo(1)
            views.replay_regions(ctx_for(game, None, before=Watched(before), mode="replay"))
        busy = [a for a in game.legal_actions() if a.kind != "stay"] or game.legal_actions()
        game.apply(rng.choice(busy))
        checked += 1
    views.end_html(ctx_for(game, 0))
    assert checked > 150
