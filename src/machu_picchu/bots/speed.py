"""How fast the hard bot searches: ISMCTS iterations per second of thinking, at fixed positions.

    python -m machu_picchu bench --search            # CPython, CPU time
    window.mpSearchBench(seconds)                     # in the page (build.py bench --search)

The positions are turn decisions on days 3 to 8 of seeded games between easy bots (quick to
reach, and like the positions a hard bot meets). At each one a fresh hard bot thinks for
`budget` seconds (its own clock: `tabletop.bots.set_clock`); the rate is the iterations over the
time spent, the one-step evaluation of the root moves included (the cost of a real decision).
"""

from __future__ import annotations

from typing import Callable, Optional

from tabletop.bots import set_clock

from .. import new_game

POSITION_DAYS = (3, 4, 5, 6, 7, 8)


def positions(players: int = 4, seed: int = 1, days: Optional[tuple[int, ...]] = None) -> list:
    """One turn decision with a choice on each of `days` (POSITION_DAYS), from seeded easy-bot
    games."""
    from . import make_bot
    out = []
    game_seed = seed
    for day in POSITION_DAYS if days is None else days:
        while True:
            game = new_game(players, game_seed)
            game_seed += 1
            bots = [make_bot("easy", seed=game_seed * 10 + s) for s in range(players)]
            while not game.is_over and not (game.day >= day and game.prompt[0] == "turn"
                                            and len(game.legal_actions()) > 2):
                seat = game.to_move
                game.apply(bots[seat].choose(game, seat).action)
            if not game.is_over and game.day == day:
                out.append(game)
                break
    return out


def search_speed(budget: float = 1.0, players: int = 4, seed: int = 1,
                 clock: Optional[Callable[[], float]] = None, games: Optional[list] = None) -> dict:
    """Iterations per second of the hard bot over `positions()` (or `games`): a dict with the
    positions, iterations, seconds and the rate, and the rate at each position."""
    from .ismcts import HardBot
    games = positions(players, seed) if games is None else games
    previous = set_clock(clock) if clock is not None else None
    try:
        iterations, seconds, rates = 0, 0.0, []
        for i, game in enumerate(games):
            bot = HardBot(seed=seed + i, time_budget=budget)
            bot.choose(game, game.to_move)
            stats = bot.last_stats
            iterations += stats["iterations"]
            seconds += stats["time"]
            rates.append(round(stats["iterations"] / stats["time"]))
    finally:
        if previous is not None:
            set_clock(previous)
    return {"positions": len(games), "players": players, "budget": budget,
            "iterations": iterations, "seconds": round(seconds, 3),
            "per_second": round(iterations / seconds, 1), "by_position": rates}


def answer_times(levels: dict, games: list, seed: int = 1) -> dict:
    """How long each bot level takes to answer (wall time, as a hint waits) at each of `games`:
    levels maps a level to its time budget (None: the level's own). Per level: every time in
    ms, the median and the longest."""
    import time

    from . import make_bot
    out = {}
    for level, budget in levels.items():
        times = []
        for i, game in enumerate(games):
            bot = make_bot(level, seed=seed + i, time_budget=budget)
            start = time.perf_counter()
            bot.choose(game, game.to_move)
            times.append(round((time.perf_counter() - start) * 1000))
        ordered = sorted(times)
        out[level] = {"budget": budget, "ms": times, "median_ms": ordered[len(ordered) // 2],
                      "max_ms": ordered[-1]}
    return out
