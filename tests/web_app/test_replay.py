"""The replay cursor and its controls (web/shell/replay.py): moves, ends, turns, nothing secret."""
import html
import random
import re

import pytest

import machu_picchu as mp
import games.machu_picchu as mpweb
from games.machu_picchu import panels
from games.machu_picchu.words import event_html
from kit.svg import text_html
from shell.replay import MOVES, Replay, bar_html

HOSTILE = '<img src=x onerror="alert(1)">'


def played(players=3, seed=4, names=None):
    game = mp.new_game(players, seed, names=names)
    rng = random.Random(seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return game


def seats_for(game):
    return [{"name": name, "type": "human", "level": None, "style": i} for i, name in enumerate(game.names)]


def replay(game, **kw):
    return Replay(game, turns=mpweb.replay_turns, **kw)


def lines(r):
    """What the step showed, as the page shows it (escaped HTML)."""
    return mpweb.replay_lines(r.before, r.game, None)


def bar(r, s, bs):
    return bar_html(r, s, bs, lines(r), f"day {r.game.day}")


def test_a_finished_game_replays_from_its_start_a_running_one_from_now():
    game = played()
    r = replay(game)
    assert r.step == 0 and r.last == len(game.history)
    assert r.view() == mp.new_game(3, 4).view(None)
    running = mp.new_game(3, 4)
    for text in game.history[:20]:
        running.apply(text)
    r = replay(running, at_end=True)
    assert r.step == r.last == 20 and r.view() == running.view(None)


def test_moves_step_jump_turns_and_stop_at_both_ends():
    game = played()
    r = replay(game)
    r.go("prev")
    assert r.step == 0
    r.go("next")
    assert r.step == 1
    r.go("last")
    assert r.step == r.last and r.game.is_over
    r.go("next")
    assert r.step == r.last
    r.go("prev")
    assert r.step == r.last - 1
    r.go("first")
    assert r.step == 0
    # turn by turn: every stop is the start of a turn, and the jumps visit each one in order
    stops = []
    while r.step < r.last:
        r.go("next-turn")
        stops.append(r.step)
    assert stops == [t for t in r.turns if t > 0] + ([r.last] if r.turns[-1] != r.last else [])
    assert all(r.positions[k].prompt[0] == "turn" for k in stops[:-1])
    back = []
    while r.step > 0:
        r.go("prev-turn")
        back.append(r.step)
    assert back[:-1] == sorted((t for t in r.turns if t < r.last), reverse=True)[:len(back) - 1]
    r.seek(10_000)
    assert r.step == r.last
    r.seek(-3)
    assert r.step == 0
    assert set(MOVES) == {"first", "prev-turn", "prev", "next", "next-turn", "last"}


def test_each_step_tells_who_decided_and_what_everyone_saw():
    game = played(names=["Ann", "Bea", "Cid"])
    r = replay(game)
    seen = list(lines(r))
    while r.step < r.last:
        r.go("next")
        assert r.decider() == game.deciders[r.step - 1]
        seen += lines(r)
    assert seen == [event_html(e, game.names) for e in game.log]   # the public log, step by step, nothing more
    assert not any(line.startswith("You ") for line in seen)
    assert not any("[" in line for line in seen)           # every event has its words


def test_the_bar_shows_no_secret_and_escapes_names():
    game = played(names=[HOSTILE, "Bea", "Cid"])
    s = seats_for(game)
    bs = panels.style_seats(s)
    r = replay(game)
    for k in range(r.last + 1):
        r.seek(k)
        html = bar(r, s, bs)
        assert "<img" not in html
        assert f"data-replay-step>{k}<" in html
        if k < r.last:   # the public view: nobody's cards until the end reveals them all
            assert not any("hand" in p for p in r.view()["players"]), k
    assert "hand" in r.view()["players"][0]
    first = next(k for k in range(1, r.last + 1) if game.deciders[k - 1] == 0)
    r.seek(first)
    assert "&lt;img src=x" in bar(r, s, bs)
    r.seek(0)
    html = bar(r, s, bs)
    assert re.search(r'data-v="first"[^>]*disabled', html) and re.search(r'data-v="prev"[^>]*disabled', html)
    assert not re.search(r'data-v="next"[^>]*disabled', html)
    assert "The start of the game" in html
    r.seek(r.last)
    html = bar(r, s, bs)
    assert re.search(r'data-v="last"[^>]*disabled', html)
    assert re.search(r'data-act="replay-play"[^>]*disabled', html)
    r.playing = True
    assert 'data-act="replay-pause"' in bar(r, s, bs)


@pytest.mark.parametrize("seed", [1, 2, 5])
def test_cards_put_back_at_a_summit_stay_secret(seed):
    """The replay says that cards were put back, never which ones (they stay hidden until the
    end), and every step has a public line to show."""
    game = played(players=3, seed=seed)
    s = seats_for(game)
    r = replay(game)
    returns = [k for k in range(1, r.last + 1) if game.history[k - 1].startswith("return ")]
    assert returns, "no summit in this game: pick another seed"
    for k in returns:
        r.seek(k)
        html = bar(r, s, panels.style_seats(s))
        assert "back" in " ".join(lines(r))
        for card in game.history[k - 1].split()[1:]:
            assert card not in html and panels.card_caption(card) not in html, card
    for k in range(1, r.last + 1):
        r.seek(k)
        assert lines(r), f"step {k} ({game.history[k - 1]}) has nothing public to show"


def test_a_long_replay_opens_without_replaying_and_warms_in_slices():
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from engine.long_game import long_game
    game = long_game(seed=3)
    r = Replay(game, at_end=True, turns=mpweb.replay_turns, positions=mpweb.replay_positions)
    assert r.view() == game.view(None) and r.positions.done == 0    # nothing replayed to open
    slices = 0
    while not r.warm(0.001):
        slices += 1
    assert slices > 1 and r.positions.done == r.last == len(game.history) > 2_000
    r.go("prev-turn")
    assert r.positions[r.step].prompt[0] == "turn" and r.step < r.last
    assert r.view() == mp.load_game(dict(game.to_save(), actions=game.history[:r.step])).view(None)
    assert len(r._built) <= Replay.KEEP


def test_a_game_without_its_own_positions_replays_through_the_shared_ones():
    """The shell's default (tabletop.history.Positions from undo): same positions, lazily."""
    game = played()
    own = Replay(game, positions=mpweb.replay_positions)
    shared = Replay(game)
    for k in range(0, own.last + 1, 23):
        own.seek(k)
        shared.seek(k)
        assert shared.view() == own.view()
    assert shared.positions.done < shared.last or shared.last < 23


def test_a_game_without_a_deciders_list_names_who_took_each_step():
    """Incan Gold keeps no `deciders`: the caption's seat is the one to move a position before
    (it said "The start of the game" at every step)."""
    import incan_gold
    import games.incan_gold as igweb
    game = incan_gold.new_game(players=4, seed=3)
    rng = random.Random(3)
    movers = []
    while not game.is_over:
        movers.append(game.to_move)
        game.apply(rng.choice(game.legal_actions()))
    r = Replay(game, turns=igweb.replay_turns)
    assert r.decider() is None
    for k in (1, 2, r.last // 2, r.last):
        r.seek(k)
        assert r.decider() == movers[k - 1]
    s = seats_for(game)
    head = re.search(r'<p class="replay-head">(.*?)</p>', bar_html(r, s, panels.style_seats(s), [], "")).group(1)
    assert "The start of the game" not in head and game.names[movers[-1]] in head
