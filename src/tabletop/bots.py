"""What every game's bots share: the Decision, the incremental Thinker, the Bot base and seeding.

Fair by construction: a bot reads the game only through `game.view(seat)` (to seed itself) and
`game.determinize(seat, rng)` (to get a copy in which everything the seat cannot see is re-dealt).
That re-deal depends only on what the seat can see and on the rng: two games that differ only in
hidden information give the very same copies, hence the very same decisions from a seeded bot.

A bot's work for one decision is a generator that yields after each small unit of work (one
candidate evaluated, one search iteration). `Thinker.step(budget)` runs it until the budget is
spent, so the browser's main thread can think in slices and stay responsive. A slice ends at the
first unit that reaches its deadline; the Thinker counts slices and units (`steps`, `units`,
`most_units`), so tests can check the slicing without timing anything.
"""

from __future__ import annotations

import json
import random
import time
import zlib
from typing import TYPE_CHECKING, Any, Callable, Generator, NamedTuple, Optional

if TYPE_CHECKING:
    from .protocol import Game

__all__ = ["Decision", "Bot", "Thinker", "Work", "merge_roots", "set_clock", "view_key", "wilson"]

_clock = time.perf_counter


class Decision(NamedTuple):
    """A bot's choice and a short reason a player can read (text, or an event [id, params])."""

    action: Any
    reason: Any
    # How a searching bot reached it, as data (e.g. {"games": 1200, "ahead": 300, "rate": 0.62}):
    # the page words it for players and tests read it, so the text `reason` stays free.
    figures: Optional[dict] = None


# The generator protocol: yield None after each unit of work; return a Decision.
Work = Generator[None, None, Decision]


class Thinker:
    """One decision in progress. `step(seconds)` works about that long; True once decided."""

    __slots__ = ("_gen", "result", "spent", "steps", "units", "most_units", "_step_start")

    def __init__(self, gen: Optional[Work] = None, result: Optional[Decision] = None) -> None:
        self._gen = gen
        self.result: Optional[Decision] = result
        self.spent = 0.0          # seconds of thinking so far (time inside step())
        self.steps = 0            # slices: calls of step() that ran work
        self.units = 0            # units of work run (the generator's yields, and its end)
        self.most_units = 0       # the most units one slice ran
        self._step_start = 0.0

    @property
    def done(self) -> bool:
        return self.result is not None

    def elapsed(self) -> float:
        """Thinking time so far, the current slice included (for the search's own budget)."""
        return self.spent + (_clock() - self._step_start if self._step_start else 0.0)

    def step(self, budget: float = 0.04) -> bool:
        """Think for at most about `budget` seconds; return True once `result` holds the decision."""
        if self.result is not None:
            return True
        start = self._step_start = _clock()
        deadline = start + budget
        self.steps += 1
        units = 0
        try:
            while True:
                units += 1
                try:
                    next(self._gen)
                except StopIteration as stop:
                    self.result = stop.value
                    self._gen = None
                    return True
                if _clock() >= deadline:
                    return False
        finally:
            self.spent += _clock() - start
            self._step_start = 0.0
            self.units += units
            if units > self.most_units:
                self.most_units = units


class Bot:
    """Base class. Subclasses implement `_think(game, seat, rng, thinker)` as a generator."""

    level = "base"

    def __init__(self, seed: Optional[int] = None, time_budget: Optional[float] = None,
                 iterations: Optional[int] = None) -> None:
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        self.seed = int(seed)
        self.time_budget = time_budget
        self.iterations = iterations

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"

    # -- public API -------------------------------------------------------------------------
    def choose(self, game: Game, seat: int) -> Decision:
        """Decide at once (blocking)."""
        thinker = self.start(game, seat)
        while not thinker.step(3600.0):
            pass
        return thinker.result

    def start(self, game: Game, seat: int) -> Thinker:
        """Begin deciding; call `step()` on the result until it returns True. Fast by itself."""
        if game.is_over or game.to_move != seat:
            raise ValueError(f"seat {seat!r} is not the one to move")
        legal = game.legal_actions()
        if len(legal) == 1:
            return Thinker(result=Decision(legal[0], self._only_reason(game, seat, legal[0])))
        rng = random.Random(self.seed * 1_000_003 + view_key(game, seat))
        thinker = Thinker()
        thinker._gen = self._think(game, seat, rng, thinker)
        return thinker

    # -- for subclasses ---------------------------------------------------------------------
    def _think(self, game: Game, seat: int, rng: random.Random, thinker: Thinker) -> Work:
        raise NotImplementedError

    def _only_reason(self, game: Game, seat: int, action: Any) -> Any:
        return "the only possible choice"


def view_key(game: Game, seat: int) -> int:
    """A number that depends only on what `seat` sees now (its view, log left out)."""
    view = game.view(seat)
    view.pop("log", None)
    text = json.dumps(view, sort_keys=True, separators=(",", ":"))
    return zlib.crc32(text.encode("utf-8"))


def merge_roots(roots: Any) -> dict:
    """The root statistics of several searches of one decision (root parallelism), each
    {action text: [visits, total reward]}, summed by the action's text."""
    out: dict = {}
    for root in roots:
        for text, (visits, total) in root.items():
            kept = out.setdefault(text, [0, 0.0])
            kept[0] += visits
            kept[1] += total
    return out


def set_clock(clock: Callable[[], float]) -> Callable[[], float]:
    """Measure thinking time with `clock` (default `time.perf_counter`, wall time); returns the
    clock used before. Tournaments on a busy machine may pass `time.process_time`, so that a
    budget buys the same work however much else the machine is doing."""
    global _clock
    previous, _clock = _clock, clock
    return previous


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95% by default) of a win rate, as fractions."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * ((p * (1 - p) / games + z * z / (4 * games * games)) ** 0.5) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))
