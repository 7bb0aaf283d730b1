"""The table (web/shell/table.py), the game on screen, as the App drives it on a click: the seat's
view and legal actions are built once per position (a tap that drafts a decision and the
drawing after it build none; a tap that decides builds those of the next position once), and a
reveal frame stands in for the game's regions without their being built."""
from __future__ import annotations

import random

from shell import games
from shell.i18n import Words, load_catalogue
from shell.table import Table

PREFS = {"reasons": True, "hints": True, "pace": "normal"}


def _counted(monkeypatch, game, calls: dict) -> None:
    """Count the view and legal_actions calls on `game` (whoever asks; its class has slots)."""
    cls = type(game)
    view, legal = cls.view, cls.legal_actions

    def counted_view(self, seat=None):
        calls["view"] += self is game
        return view(self, seat)

    def counted_legal(self):
        calls["legal"] += self is game
        return legal(self)
    monkeypatch.setattr(cls, "view", counted_view)
    monkeypatch.setattr(cls, "legal_actions", counted_legal)


def _table(game_id: str, seats: list[dict], seed: int) -> tuple[Table, Words]:
    info = games.find(game_id)
    names = [s["name"] for s in seats]
    game = info.new_game(players=len(seats), seed=seed, names=names)
    return Table(info, games.views(info), game, {"id": "g1", "seats": seats}, "now"), Words(load_catalogue(), names)


def _draw(table: Table, words: Words) -> dict:
    return table.regions(words, PREFS, unsaved=False, conflict=False)[0]


def test_a_click_on_a_machu_picchu_decision_builds_the_seats_view_and_legal_actions_once(monkeypatch):
    seats = [{"name": n, "type": "human", "level": None, "style": i} for i, n in enumerate(("Ann", "Bea"))]
    table, words = _table("machu-picchu", seats, seed=1)
    g = table.game
    rng = random.Random(1)
    while not (g.prompt[0] == "turn" and any(a.startswith("travel ") for a in table.legal(g.to_move))):
        table.holder = g.to_move
        table.apply(rng.choice(table.legal(g.to_move)), words, PREFS)
    table.holder = g.to_move
    _draw(table, words)                       # the screen as the person sees it before the tap
    district = next(a for a in table.legal(g.to_move) if a.startswith("travel ")).split()[1]
    calls = {"view": 0, "legal": 0}
    _counted(monkeypatch, g, calls)
    action, _note = table.tap("district", district, words, PREFS)   # a travel is drafted: no action yet
    regions = _draw(table, words)
    assert action is None and 'data-act="confirm"' in regions["controls"]
    assert calls == {"view": 0, "legal": 0}, "a tap that drafts rebuilt the seat's view or legal actions"
    action, _note = table.tap("confirm", "", words, PREFS)
    assert action == f"travel {district}"
    table.apply(action, words, PREFS)
    _draw(table, words)
    _draw(table, words)                       # drawn again (a toast, a bot thinking): nothing rebuilt
    deciding = table.human_deciding()
    assert calls == {"view": 1, "legal": 0 if deciding is None else 1}, calls


def test_an_incan_gold_reveal_frame_builds_no_regions_nor_views(monkeypatch):
    seats = [{"name": "Ann", "type": "human", "level": None, "style": 0}] + [
        {"name": f"Bot {i + 1}", "type": "bot", "level": "random", "style": i} for i in (1, 2)]
    table, words = _table("incan-gold", seats, seed=4)
    g = table.game
    rng = random.Random(4)
    frames: list = []
    while not frames:
        seat = g.to_move
        text = rng.choice(table.legal(seat))
        if seats[seat]["type"] == "bot":
            table.apply_quietly(text, None)
        else:
            _draw(table, words)
            frames = table.apply(text, words, PREFS)
    assert len(frames) >= 2
    calls = {"view": 0, "legal": 0, "regions": 0}
    _counted(monkeypatch, g, calls)
    drawn = table.views.game_regions

    def counted_regions(ctx):
        calls["regions"] += 1
        return drawn(ctx)
    table.views.game_regions = counted_regions       # this instance only
    try:
        for k, (_seconds, regions) in enumerate(frames):
            table.frame, table.frame_at = dict(regions), f"{k + 1}/{len(frames)}"
            shown = _draw(table, words)
            assert shown["board"] == regions["board"] and shown["players"] == regions["players"]
        assert calls == {"view": 0, "legal": 0, "regions": 0}, calls
        table.frame = None                           # the reveal ended: the game as it stands
        _draw(table, words)
        assert calls["regions"] == 1 and calls["view"] == 0
    finally:
        del table.views.game_regions


def test_an_incan_gold_choice_that_reveals_nothing_builds_no_view_of_the_table_before_it(monkeypatch):
    """Only the last choice of a step reveals: every other one (and every choice at the Instant
    pace) must not build the view before the change, which only a reveal reads."""
    seats = [{"name": n, "type": "human", "level": None, "style": i} for i, n in enumerate(("Ann", "Bea"))] + [
        {"name": f"Bot {i}", "type": "bot", "level": "random", "style": i} for i in (2, 3)]
    cls = type(games.find("incan-gold").new_game(players=4, seed=1))
    view = cls.view
    built: list[int] = []            # the position (actions taken) of each view built

    def counted_view(self, seat=None):
        built.append(len(self.history))
        return view(self, seat)
    monkeypatch.setattr(cls, "view", counted_view)
    for pace in ("normal", "instant"):
        prefs = dict(PREFS, pace=pace)
        table, words = _table("incan-gold", seats, seed=5)
        rng = random.Random(5)
        reveals = quiet = 0
        while not table.game.is_over:
            g = table.game
            seat = g.to_move
            text = rng.choice(table.legal(seat))
            if seats[seat]["type"] == "human":
                table.holder, table.veiled = seat, False
                table.regions(words, prefs, unsaved=False, conflict=False)
            step = len(g.history)
            built.clear()
            frames = table.apply(text, words, prefs, None if seats[seat]["type"] == "human" else "why")
            if frames:
                reveals += 1
            else:
                quiet += 1
                assert step not in built, f"{pace}: a choice that revealed nothing built the view before it"
            table.regions(words, prefs, unsaved=False, conflict=False)
        assert quiet > 20 and (reveals > 5 if pace == "normal" else reveals == 0)
