"""The rule-based strategists: legal complete games, seeded repeatability, decisions from the
seat's view only (whatever is hidden), and their seats in the tournament command."""

from __future__ import annotations

import io
import random
from contextlib import redirect_stdout

import pytest

import machu_picchu as mp
from machu_picchu.bots import BOT_LEVELS, STYLES, make_bot
from machu_picchu.bots.strategists import STRATEGISTS, Strategist

STYLE_NAMES = tuple(STYLES)


def play(levels, seed, watch=None, max_decisions=20_000):
    """A whole game, one bot per seat; every action through game.apply (which refuses an illegal
    one). `watch(game, seat)` is called before each decision."""
    game = mp.new_game(len(levels), seed)
    bots = [make_bot(level, seed=seed * 10 + s) for s, level in enumerate(levels)]
    for _ in range(max_decisions):
        if game.is_over:
            return game
        seat = game.to_move
        if watch is not None:
            watch(game, seat)
        decision = bots[seat].choose(game, seat)
        assert decision.reason and isinstance(decision.reason, str)
        game.apply(decision.action)
    pytest.fail("the game did not end")


def test_styles_are_registered_apart_from_the_levels():
    assert STYLE_NAMES == ("priests", "gold", "llamas", "economy", "builder")
    assert tuple(STRATEGISTS) == STYLE_NAMES
    assert not set(STYLE_NAMES) & set(BOT_LEVELS)
    for name in STYLE_NAMES:
        bot = make_bot(name, seed=1)
        assert isinstance(bot, Strategist) and bot.style == name
    with pytest.raises(ValueError, match="economy"):
        make_bot("grandmaster")
    # The page's seat select offers the levels, then the styles.
    assert tuple(mp.GAME.bot_levels) == BOT_LEVELS + STYLE_NAMES


@pytest.mark.parametrize("players, seed", [(4, 1), (2, 2), (5, 3)])
def test_complete_legal_games(players, seed):
    levels = list(STYLE_NAMES) + ["random"]
    levels = levels[seed % 5:] + levels[: seed % 5]
    game = play(levels[:players], seed)
    result = game.result()
    assert result["winners"]
    # The save replays to the same end: every decision was legal in its position.
    assert mp.load_game(game.to_save()).result() == result


def test_same_seeds_same_game():
    a = play(list(STYLE_NAMES), 7)
    b = play(list(STYLE_NAMES), 7)
    assert a.history == b.history
    c = play(list(STYLE_NAMES), 8)
    assert c.history != a.history


class ViewOnly:
    """A game seen through one seat's window: what `Bot.start` and a strategist may call, and
    nothing else (any other attribute raises)."""

    def __init__(self, game, seat):
        self._game, self._seat = game, seat

    @property
    def is_over(self):
        return self._game.is_over

    @property
    def to_move(self):
        return self._game.to_move

    def legal_actions(self):
        return self._game.legal_actions()

    def view(self, seat):
        assert seat == self._seat, "a strategist asked for another seat's view"
        return self._game.view(seat)

    def determinize(self, seat, rng):
        """A re-deal of what the seat sees (the builder judges its endings on these)."""
        assert seat == self._seat, "a strategist asked for another seat's re-deal"
        return self._game.determinize(seat, rng)


def swap_hidden(game, seat, rng):
    """A separate game equal in all `seat` sees, with other seats' cards swapped for deck cards
    that `seat` has never seen (built by hand: no `determinize`). None when nothing can swap."""
    g = game.clone()
    bit = 1 << seat
    unseen_deck = [i for i, c in enumerate(g.deck) if not g.known[c] & bit]
    others = [(q, i) for q in range(g.n) if q != seat for i in range(len(g.hands[q]))]
    if not unseen_deck or not others:
        return None
    for q, i in rng.sample(others, min(3, len(others))):
        j = rng.choice(unseen_deck)
        g.hands[q][i], g.deck[j] = g.deck[j], g.hands[q][i]
        g.known[g.hands[q][i]] = 1 << q
        g.known[g.deck[j]] = 0
        g.hands[q].sort()
    return g


@pytest.mark.parametrize("style", STYLE_NAMES)
def test_decides_from_its_view_only(style):
    """Throughout a game, at every decision of the strategist's seat: (1) a window that offers
    only the seat's view gives the same decision as the game itself; (2) a separate game with
    other hands and another deck, identical in what the seat sees, gives the same decision."""
    levels = [style, "priests", "gold", "economy"] if style != "priests" else \
        [style, "llamas", "gold", "economy"]
    rng = random.Random(5)
    checked = {"windows": 0, "swaps": 0}

    def watch(game, seat):
        if seat != 0 or len(game.legal_actions()) < 2:
            return
        bot = make_bot(style, seed=3)
        expected = bot.choose(game, seat)
        if checked["windows"] < 60:
            assert make_bot(style, seed=3).choose(ViewOnly(game, seat), seat) == expected
            checked["windows"] += 1
        other = swap_hidden(game, seat, rng)
        if other is None:
            return
        assert [sorted(h) for h in other.hands] != [sorted(h) for h in game.hands]
        seen_a, seen_b = game.view(seat), other.view(seat)
        assert seen_a == seen_b
        assert make_bot(style, seed=3).choose(other, seat) == expected
        checked["swaps"] += 1

    play(levels, 11, watch=watch)
    assert checked["windows"] >= 30 and checked["swaps"] >= 30, checked


def test_tournament_seats_strategists():
    from machu_picchu.cli import main
    buf = io.StringIO()
    with redirect_stdout(buf):
        code = main(["tournament", "--players", "5", "--games", "2",
                     "--seats", ",".join(STYLE_NAMES), "--seed", "3", "--processes", "1"])
    out = buf.getvalue()
    assert code == 0
    for k, name in enumerate(STYLE_NAMES):
        assert f"{k + 1}:{name}" in out
    assert "ended by:" in out and "place 5" in out


def test_tournament_reports_places_and_endings():
    """The shared report counts wins by place in the turn order (place 1 decides first) and the
    kinds of ending, with each level's wins by kind."""
    from machu_picchu import tournament
    seats = list(STYLE_NAMES[:4])
    results = tournament.run(4, 4, seats, seed=5, processes=1)
    for r in results:
        assert sorted(s["order"] for s in r["seats"]) == [0, 1, 2, 3]
    results[0]["reason"] = "priests"     # a second kind of ending, to list wins by kind
    text = tournament.report(results, seats)
    places = [line for line in text.splitlines() if line.startswith("place ")]
    assert len(places) == 4
    assert sum(float(line.split()[3]) for line in places) == pytest.approx(4.0)
    assert "ended by: conquest 3 (75%" in text and "priests 1 (25%" in text
    assert "gold wins by ending: conquest" in text
    by_place = [line for line in text.splitlines() if " by place: " in line]
    assert len(by_place) == 4          # one line per level, a cell per place
    assert sum(float(cell.split(": ")[-1].split("/")[0]) for line in by_place
               for cell in line.split(", ")) == pytest.approx(4.0)
