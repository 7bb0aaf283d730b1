"""A bot's search shared with helpers (root parallelism): other threads (the page's Web Workers,
each its own Python) search the same decision with their own seeds while the bot searches it,
and the bot adds their root statistics to its own (`merge_roots`, by the action's text).

A bot can be helped if it has `searches(game, seat)`, `root_search(game, seat, spent)` and
`with_helpers(answers)` (Machu Picchu's hard bot). A request carries what rebuilds the game
exactly (its save), the seat, and the bot's level, budget and a helper's own seed; the helper's
bot reads the game only as the asking bot does, through `determinize(seat)`.
"""

from __future__ import annotations

import time
from typing import Any, Optional

from . import registry


def can_help(bot: Any) -> bool:
    """Whether `bot` can take helpers' answers."""
    return all(callable(getattr(bot, name, None))
               for name in ("searches", "root_search", "with_helpers"))


def helper_seed(seed: int, helper: int) -> int:
    """Helper number `helper`'s own seed for a bot seeded `seed` (every search a new stream)."""
    return (int(seed) * 7_919 + 104_729 * (helper + 1)) % (2 ** 31)


def request(game_id: str, game: Any, seat: int, bot: Any, helper: int) -> dict:
    """What helper number `helper` is asked to search: `bot`'s decision for `seat` in `game`
    (`sent`: when, in seconds since the epoch, a clock the page and its workers share)."""
    return {"game": game_id, "save": game.to_save(), "seat": seat, "level": bot.level,
            "seed": helper_seed(bot.seed, helper), "budget": bot.time_budget,
            "iterations": bot.iterations, "sent": time.time()}


def answer(req: dict, clock: Optional[Any] = None) -> dict:
    """A helper's search for `req`: {"iterations": n, "moves": {action text: [visits, total]}};
    the time since it was sent (the message, rebuilding the game) counts against the budget, so
    that the helper answers when the asking bot is done."""
    clock = clock or time.perf_counter
    start = clock()
    waited = max(0.0, time.time() - float(req.get("sent") or time.time()))
    info = registry.get(req["game"])
    game = info.load_game(req["save"])
    bot = info.make_bot(req["level"], seed=int(req["seed"]), time_budget=req.get("budget"),
                        iterations=req.get("iterations"))
    return bot.root_search(game, int(req["seat"]), spent=waited + clock() - start)
