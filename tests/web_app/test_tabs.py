"""Two tabs on one saved game (ui/tabs.py): a tab never writes over moves it has not seen."""
import machu_picchu as mp
from shell import storage, tabs
from shell.storage import DictBackend, Store

SEATS = [{"name": "Ann", "type": "human", "level": None, "style": 0},
         {"name": "Bob", "type": "human", "level": None, "style": 1}]


def record(game, gid="g1"):
    return storage.make_record(gid, SEATS, game.to_save(), created="c", updated="u",
                               meta=storage.game_meta(game, SEATS))


def play(game, n):
    for _ in range(n):
        game.apply(game.legal_actions()[0])
    return game


def two_tabs():
    """One stored game, open in tabs a and b (each its own copy, as after a reload)."""
    store = Store(DictBackend())
    a, b = tabs.TabSync(store), tabs.TabSync(store)
    game = play(mp.new_game(players=2, seed=3, names=["Ann", "Bob"]), 2)
    a.adopt("g1", None)
    assert a.save(record(game)) is None
    rev = store.get("g1")["rev"]
    b.adopt("g1", rev)
    return store, a, b, game


def acts(message) -> str:
    """The dialog's title, text and button acts, as one text to search."""
    title, text, buttons = message
    return " ".join([title, text] + [act for _label, act, _v in buttons])


def stored_actions(store, gid="g1"):
    return store.get(gid)["save"]["actions"]


def test_a_stale_tab_does_not_overwrite_the_other_tabs_move():
    store, a, b, game = two_tabs()
    game_a, game_b = game.clone(), game.clone()
    play(game_a, 1)
    assert a.save(record(game_a)) is None
    game_b = play(diverge(game, game_a), 1)   # b moves on another line, never having seen a's move
    diff = b.save(record(game_b))
    assert diff == tabs.Divergence(mine=2, theirs=1)
    assert b.conflict == diff
    assert stored_actions(store) == game_a.history       # a's moves are intact
    shown = acts(tabs.conflict_message(diff))
    assert "tab-copy" in shown and "tab-reload" in shown and "tab-export" in shown


def test_the_storage_event_tells_an_idle_tab_at_once():
    store, a, b, game = two_tabs()
    game_a = play(game.clone(), 1)
    a.save(record(game_a))
    diff = b.changed_elsewhere(game.history)
    assert diff == tabs.Divergence(mine=0, theirs=1)
    assert "tab-copy" not in acts(tabs.conflict_message(diff))     # nothing of b's to keep


def test_a_write_that_loses_nothing_is_not_a_conflict():
    """The other tab only opened the game (same moves, new revision): no alarm, and this tab's
    next move is written over it; the first tab, which has not seen that move, may not write."""
    store, a, b, game = two_tabs()
    assert a.save(record(game)) is None                  # a re-saves the same moves
    assert b.changed_elsewhere(game.history) is None     # b adopts the new revision silently
    assert b.conflict is None
    game_b = play(game.clone(), 1)
    assert b.save(record(game_b)) is None
    assert stored_actions(store) == game_b.history
    game_a = diverge(game, game_b)
    assert a.save(record(game_a)) == tabs.Divergence(mine=1, theirs=1)
    assert stored_actions(store) == game_b.history


def diverge(game, other):
    """`game` plus one action that is not the one `other` took next."""
    taken = other.history[len(game.history)]
    g = game.clone()
    g.apply(next(a for a in g.legal_actions() if a.text != taken))
    return g


def test_a_behind_tab_whose_moves_are_all_stored_may_write():
    store, a, b, game = two_tabs()
    game_a = play(game.clone(), 1)
    a.save(record(game_a))
    # b was behind, then took the same move as a, and one more: nothing of a's is lost
    game_b = play(game.clone(), 2)
    assert game_b.history[:-1] == game_a.history
    assert b.save(record(game_b)) is None
    assert stored_actions(store) == game_b.history


def test_keeping_a_copy_saves_both_games():
    store, a, b, game = two_tabs()
    game_a = play(game.clone(), 1)
    a.save(record(game_a))
    game_b = diverge(game, game_a)
    assert b.save(record(game_b)) == tabs.Divergence(mine=1, theirs=1)
    b.adopt("g2", None)                 # what the page's "Keep mine as a separate game" does
    assert b.save(record(game_b, "g2")) is None
    assert stored_actions(store, "g1") == game_a.history
    assert stored_actions(store, "g2") == game_b.history


def test_the_player_is_told_once_per_change_of_the_conflict():
    store, a, b, game = two_tabs()
    a.save(record(play(game.clone(), 1)))
    assert b.changed_elsewhere(game.history) is not None
    assert b.news() and not b.news()
    assert b.save(record(game)) is not None and not b.news()     # a hand-over: nothing new
    assert b.save(record(diverge(game, play(game.clone(), 1)))) is not None
    assert b.news()                                              # a move of b's is refused
