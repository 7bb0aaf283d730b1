"""Statistics across finished games (records.py's records): per game and per player name.

Pure functions over the list `Results.listing()` returns (damaged records, {"id", "error"}, are
counted apart and never enter a figure, nor do guided first games, "guided": a tutorial at a
fixed seed says nothing of how a player does). A player is found by name: the seats that carry it in a
game (a person or a bot of that name).
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Optional, Sequence

RECENT = 10             # the last games shown as recent form
CHART_GAMES = 30        # the last games drawn in the score chart
HUMAN = "human"         # the opponent "level" of a person


def usable(results: Sequence[dict]) -> list[dict]:
    """The records that read (guided games among them: they can be listed and forgotten)."""
    return [r for r in results if "error" not in r]


def counted(results: Sequence[dict]) -> list[dict]:
    """The records the figures count: readable, not a guided game."""
    return [r for r in results if "error" not in r and not r.get("guided")]


def guided(results: Sequence[dict], game: str) -> int:
    """How many guided games of `game` are kept (and left out of its figures)."""
    return sum(1 for r in usable(results) if r.get("guided") and r["game"] == game)


def games_played(results: Sequence[dict]) -> dict[str, int]:
    """How many counted finished games each game has (its registry id -> count)."""
    return dict(Counter(r["game"] for r in counted(results)))


def names(results: Sequence[dict], game: str) -> list[tuple[str, int]]:
    """The names that played `game`, with their number of games: the people first (most games
    first), then names only bots carried."""
    people: Counter = Counter()
    bots: Counter = Counter()
    for r in counted(results):
        if r["game"] != game:
            continue
        for name in {p["name"] for p in r["players"] if p["type"] == HUMAN}:
            people[name] += 1
        for name in {p["name"] for p in r["players"] if p["type"] != HUMAN}:
            bots[name] += 1
    order = sorted(people.items(), key=lambda kv: (-kv[1], kv[0]))
    order += sorted(((n, c) for n, c in bots.items() if n not in people),
                    key=lambda kv: (-kv[1], kv[0]))
    return order


def _rate(wins: int, games: int) -> Optional[float]:
    return wins / games if games else None


def summary(results: Sequence[dict], game: str, name: str) -> dict[str, Any]:
    """`name`'s figures at `game`, oldest game first where order matters:

    games, wins, win_rate (None without games); by_level: {opponent level ("human" or a bot
    level): {"games", "wins", "win_rate"}} (a game counts once under each level among its
    opponents); average and best score (over the games with a score); endings: {ending:
    {"count", "share"}}; recent: the last RECENT results, newest first (True: won); scores: the
    last CHART_GAMES games as {"ended", "score", "won"}; actions and minutes averaged (None when
    unknown)."""
    mine = []
    for r in sorted(counted(results), key=lambda r: (r["ended"], r["id"])):
        if r["game"] != game:
            continue
        seats = [p for p in r["players"] if p["name"] == name]
        if seats:
            mine.append((r, seats[0]))
    games = len(mine)
    wins = sum(1 for _r, me in mine if me["won"])
    by_level: dict[str, dict[str, Any]] = {}
    for r, me in mine:
        levels = {HUMAN if p["type"] == HUMAN else p["level"]
                  for p in r["players"] if p is not me}
        for level in levels:
            row = by_level.setdefault(level, {"games": 0, "wins": 0})
            row["games"] += 1
            row["wins"] += me["won"]
    for row in by_level.values():
        row["win_rate"] = _rate(row["wins"], row["games"])
    scores = [me["score"] for _r, me in mine if me["score"] is not None]
    endings = Counter(r["ending"] for r, _me in mine if r["ending"])
    ended = sum(endings.values())
    actions = [r["actions"] for r, _me in mine if r["actions"] is not None]
    minutes = [r["minutes"] for r, _me in mine if r["minutes"] is not None]
    return {
        "game": game, "name": name, "games": games, "wins": wins,
        "win_rate": _rate(wins, games),
        "by_level": by_level,
        "average_score": sum(scores) / len(scores) if scores else None,
        "best_score": max(scores) if scores else None,
        "endings": {e: {"count": c, "share": c / ended} for e, c in endings.most_common()},
        "recent": [me["won"] for _r, me in reversed(mine[-RECENT:])],
        "scores": [{"ended": r["ended"], "score": me["score"], "won": me["won"]}
                   for r, me in mine[-CHART_GAMES:]],
        "average_actions": sum(actions) / len(actions) if actions else None,
        "average_minutes": sum(minutes) / len(minutes) if minutes else None,
    }


def damaged(results: Sequence[dict]) -> list[dict]:
    """The records that cannot be read ({"id", "error"})."""
    return [r for r in results if "error" in r]
