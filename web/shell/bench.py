"""The benchmark's hooks on `window` (`build.py bench`; index.html's `window.mpBench` drives the
page through real clicks): a new two-person game, the searching bot's speed in the page alone
and helped by the search workers, and the workers' release. The game that searches is asked of
the registry and its views (no game imported by name here; no browser import either).
"""

from __future__ import annotations

import asyncio
import functools
import json
from typing import Any, Callable, Sequence

from . import games
from .bots import BOT_SLICE
from .saves import new_id
from .search_pool import bench as pool_bench

BENCH_GAME = "machu-picchu"      # the game `mpBenchStart` opens (index.html's click loop knows it)


class BenchHooks:
    """Handed the games of the home, the search workers and the way a game is put on screen."""

    def __init__(self, infos: Sequence[Any], pool: Any, install: Callable[..., None]) -> None:
        self.infos = list(infos)
        self.pool = pool                 # shell.search_pool.Pool
        self.install_game = install      # App.install(info, record, game)

    def install(self, window: Any, proxy: Any) -> list:
        """Set the hooks on `window` (`proxy`: pyodide's create_proxy); returns the proxies."""
        hooks = {
            "mpSearchBench": self.search_bench,
            "mpHelpedSearchBench": lambda budget=1.0: asyncio.ensure_future(self.helped_bench(budget)),
            "mpReleaseSearchWorkers": self.pool.release,     # the bench's memory figure
            "mpBenchStart": self.start,
        }
        made = []
        for name, hook in hooks.items():
            made.append(proxy(hook))
            setattr(window, name, made[-1])
        return made

    def start(self, seed: Any = 12345) -> None:
        """A new game of two people, Ann and Bea, from `seed`."""
        info = games.find(BENCH_GAME) or self.infos[0]
        seats = [{"name": "Ann", "type": "human", "level": None, "style": 0},
                 {"name": "Bea", "type": "human", "level": None, "style": 1}]
        game = info.new_game(players=2, seed=int(seed), names=["Ann", "Bea"])
        self.install_game(info, {"id": new_id(), "seats": seats}, game)

    def searching_game(self) -> tuple[Any, Any]:
        """The game the search benchmarks time: the first whose bots Web Workers help."""
        for info in self.infos:
            views = games.views(info)
            if views.helped_levels:
                return info, views
        raise LookupError("no game of this home has a helped search")

    def search_bench(self, budget: float = 1.0, hint_budget: float = 0.7) -> str:
        """The searching bot's speed in the page, and how long each level takes to answer a
        hint (`build.py bench --search`; blocks the page while it runs)."""
        _info, views = self.searching_game()
        return json.dumps(views.search_bench(float(budget), float(hint_budget)))

    async def helped_bench(self, budget: float = 1.0) -> str:
        """Iterations per wall second of the searching bot's decisions alone and helped by the
        search pool's workers (`build.py bench --search`)."""
        info, views = self.searching_game()
        make_bot = functools.partial(info.make_bot, views.helped_levels[0])
        out = await pool_bench(self.pool, info.id, views.bench_positions(), make_bot,
                               float(budget), BOT_SLICE)
        return json.dumps(out)
