"""Bot opponents: random, easy, medium and hard, all playing through the engine's API.

    from machu_picchu.bots import make_bot, BOT_LEVELS, Decision
    bot = make_bot("hard", seed=123, time_budget=1.0)
    d = bot.choose(game, seat)          # Decision(action, reason)
    thinker = bot.start(game, seat)     # or incrementally, for a browser's main thread
    while not thinker.step(0.04):
        ...                             # let the page breathe between slices
    d = thinker.result

Bots are fair by construction: they decide from what their seat may see (`game.view(seat)` and
`game.determinize(seat, rng)`), never from the full state, and they never change the game they are
given. No multiprocessing here: the package runs in the browser (Pyodide) as well.
"""

from __future__ import annotations

from typing import Optional

from .base import Bot, Decision, Thinker

BOT_LEVELS = ("random", "easy", "medium", "hard")
# Rule-based strategists (one way of playing each, no search): seats for tournaments and a style
# for bot seats. name -> what it does (see strategists/).
STYLES = {
    "priests": "Priests and Virgins matching its cards, llama sacrifices",
    "gold": "climbs the Incatrail, keeps the cards with most gold, plays for the conquest",
    "llamas": "shepherds, llamas and sacrifices; travels with llamas",
    "economy": "many Incas, production sold at the market",
    "builder": "Incas early, production every day, goods turned into Priests and Virgins",
}

__all__ = ["BOT_LEVELS", "STYLES", "Bot", "Decision", "Thinker", "make_bot"]


def make_bot(level: str, seed: Optional[int] = None, time_budget: Optional[float] = None,
             iterations: Optional[int] = None) -> Bot:
    """A bot of that level, a strategist of that style (STYLES), or a tuned one (the league's
    exploiters by name, or `style@param=value/...`). `seed` makes it repeatable; `time_budget` is the hard bot's thinking
    time per decision in seconds (default 1.0); `iterations` caps the hard bot's search instead
    (exactly repeatable). Other levels ignore both."""
    if level == "random":
        from .random_bot import RandomBot as cls
    elif level == "easy":
        from .easy import EasyBot as cls
    elif level == "medium":
        from .medium import MediumBot as cls
    elif level == "hard":
        from .ismcts import HardBot as cls
    elif isinstance(level, str) and level in STYLES:
        from .strategists import STRATEGISTS
        cls = STRATEGISTS[level]
    elif isinstance(level, str) and ("@" in level or level in _exploiters()):
        return _tuned(level, seed)
    else:
        raise ValueError(f"unknown bot level {level!r}; choose one of "
                         f"{', '.join(BOT_LEVELS + tuple(STYLES))}")
    return cls(seed=seed, time_budget=time_budget, iterations=iterations)


def _exploiters() -> dict:
    """The league's exploiters by name (strategists/exploiters.py)."""
    from .strategists.exploiters import LEAGUE
    return {e["name"]: e for e in LEAGUE}


def _tuned(level: str, seed: Optional[int]) -> Bot:
    """A tuned strategist: a league name, or a spec `style@name=value,...` (strategists/tuned.py)."""
    from .strategists.tuned import make_tuned, parse_spec
    entry = _exploiters().get(level)
    style, params = (entry["style"], entry["params"]) if entry else parse_spec(level)
    if style not in STYLES:
        raise ValueError(f"unknown strategist style {style!r} in {level!r}")
    return make_tuned(style, params, seed=seed)
