"""Game statistics: how each seat's score grew day by day, and what each seat did.

Like the replay, the statistics are rebuilt by playing the game's actions again from its seed
(`tabletop.history.replay`, with a look after each action);
nothing extra is kept during play. The standings read every seat's cards, so they are meant for
a finished game (or for a tool that may see everything); a page must not show them mid-game.
"""

from __future__ import annotations

from typing import Any

from tabletop.history import replay

from .actions import Action, parse_action
from .game import Game
from .scoring import score

#: The per-seat counters, in display order, with what each one counts.
COUNTERS: tuple[tuple[str, str], ...] = (
    ("turns", "turns (moves, llama trips and stays)"),
    ("trips", "trips by llama"),
    ("produced", "goods produced"),
    ("bought", "goods bought at the market"),
    ("sold", "goods sold at the market"),
    ("incas", "Incas set up"),
    ("offered", "goods offered at the Main Temple"),
    ("sacrificed", "llamas sacrificed at the temples"),
    ("moon", "moon tiles taken"),
    ("rescued", "Priests and Virgins acquired"),
)


def _standing(game: Game, label: str) -> dict[str, Any]:
    """Every seat's VP and gold at this moment (the score sheet, multipliers left out)."""
    sheet = score(game, conquest=False)["seats"]
    return {"label": label, "vp": [s["vp"] for s in sheet], "gold": [s["gold"] for s in sheet]}


def _count(counters: dict[str, list[int]], seat: int, action: Action) -> None:
    kind, arg = action.kind, action.arg
    if kind in ("move", "travel", "stay"):
        counters["turns"][seat] += 1
        if kind == "travel":
            counters["trips"][seat] += 1
        elif kind == "stay":
            counters["moon"][seat] += 1
    elif kind == "produce":
        counters["produced"][seat] += arg
    elif kind == "buy":
        counters["bought"][seat] += 1
    elif kind == "sell":
        counters["sold"][seat] += 1
    elif kind == "place":
        counters["incas"][seat] += 1
    elif kind == "hire":
        counters["incas"][seat] += bin(arg).count("1")
    elif kind == "offer":
        counters["offered"][seat] += bin(arg).count("1")
    elif kind == "sacrifice":
        counters["sacrificed"][seat] += arg


def game_stats(game: Game) -> dict[str, Any]:
    """The statistics of `game`, finished or not:

    - `standings`: every seat's VP and gold at the start, at the end of each day and, once the
      game is over, at its end: a list of {label, vp: [per seat], gold: [per seat]}, labelled
      "start", "day 3", ..., "day 9" (or "end (day 6)" after a rescue);
    - `counters`: for each name of COUNTERS, one total per seat.

    Raises ValueError for a search copy that keeps no history."""
    if game.history is None:
        raise ValueError("this copy of the game keeps no history (a search clone): no statistics")
    n = game.n
    counters = {name: [0] * n for name, _ in COUNTERS}
    standings: list[dict[str, Any]] = []
    day = [0]   # the day before the last action

    def start() -> Game:
        g = Game.new(game.options, game.seed)
        g._log = None       # the statistics need no words
        standings.append(_standing(g, "start"))
        day[0] = g.day
        return g

    def after(g: Game, text: str) -> None:
        _count(counters, g.deciders[-1], parse_action(text))
        if g.day != day[0]:
            standings.append(_standing(g, f"day {day[0]}"))
            day[0] = g.day

    g = replay(start, game.history, error=ValueError, after=after)
    if g.over:
        # Day 9 ends the game by conquest; a rescue ends it during a day.
        label = f"day {g.day}" if g.end_reason == "conquest" else f"end (day {g.day})"
        standings.append(_standing(g, label))
    counters["rescued"] = [sum(row) for row in g.owned]
    return {"players": g.n, "standings": standings, "counters": counters}


def busiest(game: Game) -> dict[str, int]:
    """The most turns one day of `game` had, and the most trades one market visit had: how close
    play came to the limits of data.MAX_TURNS_PER_DAY and MAX_TRADES_PER_VISIT."""
    if game.history is None:
        raise ValueError("this copy of the game keeps no history (a search clone): no statistics")
    most = {"turns_in_a_day": 0, "trades_in_a_visit": 0}

    def start() -> Game:
        g = Game.new(game.options, game.seed)
        g._log = None
        return g

    def after(g: Game, text: str) -> None:
        most["turns_in_a_day"] = max(most["turns_in_a_day"], g.turns_today)
        most["trades_in_a_visit"] = max(most["trades_in_a_visit"], g.mkt_trades)

    replay(start, game.history, error=ValueError, after=after)
    return most
