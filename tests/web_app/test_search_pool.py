"""The page's search helpers (web/shell/search_pool.py): how many workers a device gets."""

from shell.search_pool import MAX_WORKERS, worker_count


def test_worker_count_leaves_the_main_thread_its_core():
    assert [worker_count(n) for n in (1, 2, 3, 4, 8, 16)] == [1, 1, 2, 3, 3, 3]
    assert MAX_WORKERS == 3
    assert worker_count(None) == 1 and worker_count("x") == 1   # a browser that does not say
