"""A bot's search shared with helpers (root parallelism): other threads (the page's Web Workers,
each its own Python) search the same decision with their own seeds while the bot searches it,
and the bot adds their root statistics to its own (`merge_roots`, by the action's text).

A bot can be helped if it has `searches(game, seat)`, `root_search(game, seat, spent)` and
`with_helpers(answers)` (Machu Picchu's hard bot). A request carries what rebuilds the game
exactly (its save), the seat, and the bot's level, budget and a helper's own seed; the helper's
bot reads the game only as the asking bot does, through `determinize(seat)`.

A helper may also think ahead (`Desk.ponder`) for a bot's next turn while another seat decides,
in its own re-deals, with the bot it will search that turn with (kept per seat and seed): the
tree thought ahead is used only if the turn comes to the very position it was thought for (the
bot's own rule, `view_key`), and the answer counts its iterations (`ahead`).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any, Optional

from . import registry

if TYPE_CHECKING:
    from .protocol import Game


def can_help(bot: Any) -> bool:
    """Whether `bot` can take helpers' answers."""
    return all(callable(getattr(bot, name, None))
               for name in ("searches", "root_search", "with_helpers"))


def helper_seed(seed: int, helper: int) -> int:
    """Helper number `helper`'s own seed for a bot seeded `seed` (every search a new stream)."""
    return (int(seed) * 7_919 + 104_729 * (helper + 1)) % (2 ** 31)


def request(game_id: str, game: Game, seat: int, bot: Any, helper: int) -> dict:
    """What helper number `helper` is asked to search: `bot`'s decision for `seat` in `game`
    (`sent`: when, in seconds since the epoch, a clock the page and its workers share)."""
    return {"game": game_id, "save": game.to_save(), "seat": seat, "level": bot.level,
            "seed": helper_seed(bot.seed, helper), "budget": bot.time_budget,
            "iterations": bot.iterations, "sent": time.time()}


def answer(req: dict, clock: Optional[Any] = None, bot: Optional[Any] = None) -> dict:
    """A helper's search for `req`: {"iterations": n, "moves": {action text: [visits, total]},
    "ahead": re-deals thought ahead in those moves}; the time since it was sent (the message,
    rebuilding the game) counts against the budget, so that the helper answers when the asking
    bot is done. `bot`: the one to search with (default a new one, as `req` says)."""
    clock = clock or time.perf_counter
    start = clock()
    waited = max(0.0, time.time() - float(req.get("sent") or time.time()))
    info = registry.get(req["game"])
    game = info.load_game(req["save"])
    bot = bot or make(req)
    return bot.root_search(game, int(req["seat"]), spent=waited + clock() - start)


def make(req: dict) -> Any:
    """The bot `req` asks for."""
    return registry.get(req["game"]).make_bot(
        req["level"], seed=int(req["seed"]), time_budget=req.get("budget"),
        iterations=req.get("iterations"))


class Desk:
    """A helper's bots, kept across requests (one per seat and seed, for the game it last
    helped), so that what one thought ahead is there when its search is asked for."""

    def __init__(self) -> None:
        self.game: Optional[tuple] = None
        self.bots: dict = {}
        self.thinker: Optional[Any] = None      # the ponder in progress

    def bot(self, req: dict) -> Any:
        save = req["save"]
        game = (req["game"], repr(save.get("seed")), repr(save.get("options")))
        if game != self.game:                   # another game: the old one's trees go
            self.game, self.bots = game, {}
        key = (req["seat"], req["level"], req["seed"], req.get("budget"), req.get("iterations"))
        if key not in self.bots:
            self.bots[key] = make(req)
        return self.bots[key]

    def answer(self, req: dict, clock: Optional[Any] = None) -> dict:
        """`answer(req)` with the kept bot (a ponder in progress stops)."""
        self.thinker = None
        return answer(req, clock, self.bot(req))

    def ponder(self, req: dict) -> None:
        """Start thinking ahead for `req`'s seat (its "ponder": seconds at most) in the game as
        it stands; the ponder before stops."""
        bot = self.bot(req)
        game = registry.get(req["game"]).load_game(req["save"])
        ponder = getattr(bot, "ponder", None)
        self.thinker = ponder(game, int(req["seat"]), budget=float(req["ponder"])) if ponder else None

    def step(self, seconds: float) -> int:
        """Think ahead for about `seconds`: the re-deals of this ponder so far, -1 once it is
        done (or none is going on)."""
        thinker = self.thinker
        if thinker is None:
            return -1
        if thinker.step(seconds):
            self.thinker = None
            return -1
        return thinker.units
