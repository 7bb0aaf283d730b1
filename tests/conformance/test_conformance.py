"""The contract every registered game keeps (issue 11), checked on each game of
`tabletop.registry.games()` through the shared API only:

- seeded random play always ends, within the game's bound;
- `clone()` is independent of its original, both ways;
- a refused action (no action at all, or one not legal now) raises the shared exceptions and
  changes nothing;
- save -> load gives the same views at every step;
- `determinize(seat, rng)` keeps `view(seat)` (log included);
- no view shows another seat's secrets (per game, the check its registry entry names:
  `GameInfo.shown_secrets`).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import tabletop
from tabletop import registry

GAMES = registry.games()
MAX_ACTIONS = 20_000     # far above any game's length; a game that runs past it never ends


def dump(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


def observed(game) -> str:
    """Everything anyone can observe, as text."""
    n = len(game.view(None)["players"])
    return dump([game.to_save(), game.view(None), [game.view(s) for s in range(n)],
                 [str(a) for a in game.legal_actions()], game.to_move, game.is_over])


def walk(info, players: int, seed: int, **options):
    """Yield a seeded random game before each action and once at the end."""
    game = info.new_game(players=players, seed=seed, **options)
    rng = random.Random(seed * 1000 + players)
    for _ in range(MAX_ACTIONS):
        yield game
        if game.is_over:
            return
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    raise AssertionError(f"{info.id}: game {seed} with {players} players did not end")


def cases(count: int) -> list:
    """(game, players, seed) for each game: its smallest and largest table, and one between."""
    out = []
    for info in GAMES:
        tables = sorted({info.min_players, info.default_players, info.max_players})
        for i in range(count):
            out.append(pytest.param(info, tables[i % len(tables)], i + 1,
                                    id=f"{info.id}-{tables[i % len(tables)]}p-seed{i + 1}"))
    return out


def test_every_game_has_a_secrets_hook():
    """Each registry entry names its check of hidden information (`GameInfo.shown_secrets`)."""
    assert [info.id for info in GAMES if not callable(info.shown_secrets)] == []
    assert {info.id for info in GAMES} == set(registry.GAME_MODULES)


# --- the checks --------------------------------------------------------------------------------
@pytest.mark.parametrize("info, players, seed", cases(6))
def test_random_play_ends(info, players, seed):
    game = None
    for game in walk(info, players, seed):
        pass
    assert game.is_over and game.to_move is None and list(game.legal_actions()) == []
    result = game.result()
    assert result["winners"] and len(result["seats"]) == players
    json.dumps(result)


@pytest.mark.parametrize("info, players, seed", cases(2))
def test_clone_is_independent(info, players, seed):
    rng = random.Random(seed)
    for i, game in enumerate(walk(info, players, seed)):
        if game.is_over or i % 7:
            continue
        before = observed(game)
        copy = game.clone()
        assert observed(copy) == before
        for _ in range(5):                       # play on the copy: the game does not move
            if copy.is_over:
                break
            copy.apply(rng.choice(copy.legal_actions()))
        assert observed(game) == before
        copy2 = game.clone()
        after_copy2 = observed(copy2)
        game_actions = list(game.legal_actions())
        probe = game.clone()
        probe.apply(game_actions[0])             # and a move of another copy leaves it alone
        assert observed(copy2) == after_copy2


@pytest.mark.parametrize("info, players, seed", cases(2))
def test_a_refused_action_changes_nothing(info, players, seed):
    seen_texts: set[str] = set()
    checked_illegal = 0
    for i, game in enumerate(walk(info, players, seed)):
        legal = {str(a) for a in game.legal_actions()}
        if i % 5 and not game.is_over:
            seen_texts |= legal
            continue
        before = observed(game)
        for bad in ("no such action", "", None, 42, ["x"], b"bytes", object()):
            with pytest.raises(tabletop.InvalidAction):
                game.apply(bad)
            assert observed(game) == before
        for text in sorted(seen_texts - legal)[:5]:   # a real action, not legal here
            with pytest.raises(tabletop.IllegalAction) as caught:
                game.apply(text)
            assert len(str(caught.value)) <= tabletop.errors.MAX_MESSAGE
            assert observed(game) == before
            checked_illegal += 1
        seen_texts |= legal
    assert checked_illegal > 0                       # at the end of the game at least


@pytest.mark.parametrize("info, players, seed", cases(2))
def test_save_load_gives_the_same_views_at_every_step(info, players, seed):
    for game in walk(info, players, seed):
        text = json.dumps(game.to_save())
        loaded = info.load_game(text)
        assert observed(loaded) == observed(game)
        assert dump(loaded.log_for(game.to_move)) == dump(game.log_for(game.to_move))


@pytest.mark.parametrize("info, players, seed", cases(2))
def test_determinize_keeps_the_seats_view(info, players, seed):
    rng = random.Random(seed)
    for i, game in enumerate(walk(info, players, seed)):
        if i % 3 and not game.is_over:
            continue
        for seat in range(players):
            before = dump(game.view(seat))
            copy = game.determinize(seat, rng)
            assert dump(copy.view(seat)) == before
            assert dump(game.view(seat)) == before       # the game itself is untouched
            if not copy.is_over:                          # and the copy plays on
                copy.apply(rng.choice(copy.legal_actions()))


@pytest.mark.parametrize("info, players, seed", cases(2))
def test_no_view_shows_another_seats_secrets(info, players, seed):
    for i, game in enumerate(walk(info, players, seed)):
        for viewer in [None, *range(players)]:
            assert info.shown_secrets(game, viewer) == [], (i, viewer)


@pytest.mark.parametrize("info", GAMES, ids=[info.id for info in GAMES])
def test_the_secrets_check_sees_a_leak(info):
    """A game whose public view were seat 0's own would show seat 0's secrets: the check says so."""
    game = info.new_game(players=info.default_players, seed=3)
    rng = random.Random(3)
    for _ in range(12):
        game.apply(rng.choice(game.legal_actions()))

    class Leaky:
        def view(self, viewer):
            return game.view(0)

        def log_for(self, viewer):
            return game.log_for(0)
    assert info.shown_secrets(game, None) == []
    if game.view(0) == game.view(None) and game.log_for(0) == game.log_for(None):
        # A game of perfect information (the third game of tests/test_third_game.py): seat 0
        # sees what everyone sees, so its view shown to all leaks nothing.
        assert info.shown_secrets(Leaky(), None) == []
    else:
        assert info.shown_secrets(Leaky(), None) != []


@pytest.mark.parametrize("info", GAMES, ids=[info.id for info in GAMES])
def test_a_view_depends_only_on_what_its_seat_may_see(info):
    """Games that differ only in what `seat` cannot see (copies of one game determinized for
    that seat with different generators) show `seat` the same view."""
    players = info.default_players
    game = info.new_game(players=players, seed=5)
    rng = random.Random(5)
    for _ in range(10):
        game.apply(rng.choice(game.legal_actions()))
    seat = game.to_move
    a = game.determinize(seat, random.Random(1))
    b = game.determinize(seat, random.Random(2))
    assert dump(a.view(seat)) == dump(b.view(seat)) == dump(game.view(seat))
