"""The league (issue 28): tuned strategists as seats, the search that finds exploiters, the table
that keeps them, the report against them, and who ended a game."""

from __future__ import annotations

import io
from contextlib import redirect_stdout

import pytest

import machu_picchu as mp
from machu_picchu import league
from machu_picchu.cli import main
from machu_picchu.bots import STYLES, make_bot
from machu_picchu.bots.strategists import STRATEGISTS
from machu_picchu.bots.strategists import exploiters as table
from machu_picchu.bots.strategists.tuned import PARAMS, defaults, parse_spec, spec
from machu_picchu.tournament import closed_by, ended_by, seat_measures


def play(levels, seed):
    game = mp.new_game(len(levels), seed)
    bots = [make_bot(level, seed=seed * 10 + s) for s, level in enumerate(levels)]
    while not game.is_over:
        seat = game.to_move
        game.apply(bots[seat].choose(game, seat).action)
    return game


def test_a_spec_names_a_style_and_its_parameters():
    params = {"look": 0.25, "end_lead": -3.0, "priest_icon": 1.5}
    text = spec("priests", params)
    assert "," not in text     # a tournament's --seats splits on commas
    assert parse_spec(text) == ("priests", params)
    bot = make_bot(text, seed=4)
    assert bot.style == "priests" and bot.look == 0.25 and bot.end_lead == -3.0
    with pytest.raises(ValueError, match="unknown parameter"):
        make_bot("priests@speed=3")
    with pytest.raises(ValueError, match="style"):
        make_bot("chess@look=1")


@pytest.mark.parametrize("style", list(STYLES))
def test_a_style_tuned_to_its_own_values_plays_as_the_style(style):
    """The parameters reach the rules and nothing else does: with the style's own values, the
    tuned strategist decides exactly as the style (a whole 3-player game)."""
    assert set(defaults(style)) == set(PARAMS)
    mine = play([spec(style, defaults(style)), style, style], seed=21)
    theirs = play([style, style, style], seed=21)
    assert mine.history == theirs.history


def test_the_parameters_change_the_play():
    a = play([spec("priests", {"priest_icon": 2.0, "priest_bonus": 3.0}), "gold", "gold"], 22)
    b = play(["priests", "gold", "gold"], 22)
    assert a.history != b.history


def test_the_search_finds_and_keeps_an_exploiter(tmp_path, monkeypatch):
    """A tiny search: the style's own values are its first draw, every draw is reported, and the
    written table reads back with how the winner was found."""
    lines = []
    found = league.search("economy", seed=3, rounds=2, draws=2, games=4, elite=1, confirm=4,
                          against="easy", log=lines.append)
    assert len(lines) == 5 and "round 1 draw 1" in lines[0] and "fresh games" in lines[-1]
    assert lines[0].endswith(spec("economy", found["params"])) or found["params"]
    assert set(found["params"]) == set(PARAMS)
    assert found["found"]["against"] == "alone against 3 easy"
    assert 0.0 <= found["found"]["confirm_win_rate"] <= 1.0
    path = tmp_path / "exploiters.py"
    path.write_text(table.__doc__ and '"""doc"""\n\nLEAGUE = []\n', encoding="utf-8")
    monkeypatch.setattr(league, "TABLE", path)
    entry = {"name": "x9-economy", "generation": 9, "held_out": False, **found}
    league.write_table([entry])
    space: dict = {}
    exec(path.read_text(encoding="utf-8"), space)
    assert space["LEAGUE"] == [entry]
    # A held-out search starts elsewhere: its first draw is not the style's own values.
    held = []
    league.search("economy", seed=4, rounds=1, draws=1, games=4, confirm=4, against="easy",
                  start="random", log=held.append)
    assert spec("economy", defaults("economy")) not in held[0]


def test_the_table_entries_are_seats():
    for e in table.LEAGUE:
        assert e["style"] in STRATEGISTS and set(e["params"]) <= set(PARAMS)
        assert {"generation", "held_out", "found"} <= set(e)
        bot = make_bot(e["name"], seed=1)
        assert bot.style == e["style"]
    names = [e["name"] for e in table.LEAGUE]
    assert len(names) == len(set(names))


def test_the_report_prints_each_table_with_its_interval_and_endings(monkeypatch):
    monkeypatch.setattr(table, "LEAGUE", [
        {"name": "x0-gold", "style": "gold", "generation": 0, "held_out": False,
         "params": {"look": 0.2}, "found": {}}])
    buf = io.StringIO()
    with redirect_stdout(buf):
        code = main(["league", "report", "--games", "4", "--bot", "easy", "--seed", "5",
                            "--mirror", "easy,easy,easy,easy"])
    out = buf.getvalue()
    assert code == 0
    assert "easy alone vs 3 x0-gold" in out and "x0-gold alone vs 3 easy" in out
    assert out.count("% [") >= 2 + 4 and "ended conquest" in out
    assert "goal >= 30%" in out and "goal <= 20%" in out and "other than by conquest" in out
    mirror = next(line for line in out.splitlines() if line.startswith("easy,easy,easy,easy"))
    assert "Priests/Virgins taken (of 15)" in mirror and "turns a player takes a day" in mirror
    assert "would crown different winners" in mirror   # how often the ending mattered
    assert out.count("alone/others: Priests/Virgins ") == 2 and "x3 " in out


def test_the_seat_measures_say_what_a_score_was_made_of():
    """Each seat's Priests/Virgins, VP, gold and multiplier are those of the score sheet."""
    game = play(["gold", "priests", "llamas"], 25)
    sheet = game.result()["seats"]
    for s, m in enumerate(seat_measures(game)):
        assert m["Priests/Virgins"] == sum(game.owned[s])
        assert (m["VP"], m["gold"], m["multiplier"]) == (
            sheet[s]["vp"], sheet[s]["gold"], sheet[s]["multiplier"])
        assert m["x3"] == (sheet[s]["multiplier"] == 3)


def test_who_ended_the_game():
    """A conquest has no chooser but a closer (the third moon tile of day 9); a game ended by the
    cards names the seat whose summit drew the last one, and the seat measures count both."""
    game = play(["gold", "gold"], 23)
    assert game.end_reason == "conquest" and ended_by(game) is None
    assert all(m["ended the game"] == 0 == m["ended it by the cards"] for m in seat_measures(game))
    # A conquest's closer took the third moon tile of day 9 (the last Sun tile).
    suns = [(p["seat"], i) for i, (eid, p) in enumerate(game.log) if eid == "mp.ev.sun_tile"]
    closer = closed_by(game)
    assert closer == suns[-1][0]
    assert any(eid == "mp.ev.new_day" and p["day"] == 9 for eid, p in game.log[:suns[-1][1]])
    measures = seat_measures(game)
    assert [m["closed the conquest"] for m in measures] == [int(s == closer) for s in range(2)]
    won = 1.0 if game.result()["winners"] == [closer] else 0.0
    assert measures[closer]["won the conquest it closed"] == won
    # The same game, its deck cut to the bone: a summit soon drains it.
    game = mp.new_game(2, 24)
    bots = [make_bot("gold", seed=s) for s in range(2)]
    del game.deck[3:]
    while not game.is_over:
        seat = game.to_move
        game.apply(bots[seat].choose(game, seat).action)
    assert game.end_reason == "cards"
    seat = ended_by(game)
    assert seat in (0, 1)
    summits = [p["seat"] for eid, p in game.log if eid == "mp.ev.summit"]
    assert summits[-1] == seat
    measures = seat_measures(game)
    assert [m["ended the game"] for m in measures] == [int(s == seat) for s in range(2)]
    won = 1.0 if game.result()["winners"] == [seat] else 0.0
    assert measures[seat]["won the game it ended"] == won
    assert [m["ended it by the cards"] for m in measures] == [int(s == seat) for s in range(2)]
    assert measures[seat]["won the game it ended by the cards"] == won
    assert closed_by(game) is None and not any(m["closed the conquest"] for m in measures)


def test_tune_plays_both_tables_of_the_league_but_never_the_held_out(monkeypatch):
    from machu_picchu.bots.values import W
    monkeypatch.setattr(table, "LEAGUE", [
        {"name": "x0-gold", "style": "gold", "generation": 0, "held_out": False,
         "params": {}, "found": {}},
        {"name": "x0-llamas-held", "style": "llamas", "generation": 0, "held_out": True,
         "params": {}, "found": {}}])
    before = W.gold_points
    buf = io.StringIO()
    with redirect_stdout(buf):
        code = main(["league", "tune", "--games", "4", "--bot", "easy", "--seed", "3",
                     "--candidate", "gold_points=3", "--candidate", ""])
    out = buf.getvalue()
    assert code == 0 and W.gold_points == before
    assert "x0-gold" in out and "held" not in out
    assert "gold_points=3" in out and "as it is" in out and out.count("% [") == 4
    # both tables: the bot alone against 3 of the exploiter and the exploiter alone against 3 bots
    assert out.count("easy alone") == 2 and out.count("each alone vs 3 easy") == 2
