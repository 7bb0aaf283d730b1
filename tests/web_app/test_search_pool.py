"""The page's search helpers (web/shell/search_pool.py): how many workers a device gets, and
which bots they help."""

from shell import games
from shell.search_pool import MAX_WORKERS, worker_count
from tabletop import helpers


def test_worker_count_leaves_the_main_thread_its_core():
    assert [worker_count(n) for n in (1, 2, 3, 4, 8, 16)] == [1, 1, 2, 3, 3, 3]
    assert MAX_WORKERS == 3
    assert worker_count(None) == 1 and worker_count("x") == 1   # a browser that does not say


def test_helped_levels_are_bots_that_take_help():
    helped = {}
    for info in games.available():
        levels = games.views(info).helped_levels
        helped[info.id] = tuple(levels)
        for level in levels:
            assert level in info.bot_levels
            assert helpers.can_help(info.make_bot(level, seed=1))
    assert helped["machu-picchu"] == ("hard",)
