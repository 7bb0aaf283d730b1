"""The league (issue 28): exploiters searched to beat the medium bot, and the tables against them.

    python -m machu_picchu league search --style priests --generation 1 --seed 11 --write
    python -m machu_picchu league report --games 100 --seed 900001
    python -m machu_picchu league report --games 100 --held-out --bot medium
    python -m machu_picchu league tune --games 16 --candidate "" --candidate gold_points=3

`search` is a cross-entropy search over one style's parameters (`strategists.tuned.PARAMS`,
scaled to 0..1): each round draws parameter sets around the mean (the style's own values at
first, which are also the first draw), plays each one alone against 3 medium on the same seeded
games (seats rotating), and moves the mean to the best few; the best draw of all rounds is
measured again on fresh games. `--write` keeps it in the table (`strategists/exploiters.py`) with
how it was found. A held-out exploiter (`--held-out`) is searched the same way from other seeds:
the bots are reported against it, never tuned on it.

`report` plays, for each exploiter of the table, the bot alone against 3 of it and it alone
against 3 bots, and a table of 4 bots; it prints each lone seat's win rate with its 95% Wilson
interval, how the games ended and how often the seat that ended a game (by Priests and Virgins
or by the cards) won it, and what the lone seat's score was made of against the others'
(Priests/Virgins, VP, gold, multiplier, how often it had the most gold: x3). One process:
tournaments here run under `nice -n 19` beside other work.
"""

from __future__ import annotations

import argparse
import math
import os
import pprint
import random
import time
from collections import Counter
from pathlib import Path
from typing import Any, Optional, Sequence

from tabletop.bots import wilson

from . import tournament
from .bots.strategists.tuned import PARAMS, defaults, spec

TABLE = Path(__file__).parent / "bots" / "strategists" / "exploiters.py"


# -- playing tables ------------------------------------------------------------------------------
def play(seats: Sequence[str], games: int, seed: int, budget: Optional[float] = None,
         clock: str = "cpu") -> list[dict[str, Any]]:
    """Games of these seats (rotating), one process."""
    return tournament.run(len(seats), games, list(seats), seed, budget=budget, processes=1,
                          clock=clock)


def lone_wins(results: list[dict[str, Any]], entry: int = 0) -> float:
    return sum(s["win"] for r in results for s in r["seats"] if s["entry"] == entry)


def endings(results: list[dict[str, Any]]) -> dict[str, Any]:
    """Shares of each ending, and the games won by the seat that chose it (the last Priest/Virgin
    or the last card: `tournament.ended_by`) or closed it (a conquest: the third moon tile of
    day 9, `tournament.closed_by`)."""
    reasons = Counter(r["reason"] for r in results)
    chosen = Counter()
    won = Counter()
    for r in results:
        for s in r["seats"]:
            m = s.get("measures", {})
            if m.get("ended the game"):
                chosen[r["reason"]] += 1
                won[r["reason"]] += m.get("won the game it ended", 0.0)
            elif m.get("closed the conquest"):
                chosen[r["reason"]] += 1
                won[r["reason"]] += m.get("won the conquest it closed", 0.0)
    return {"n": len(results), "reasons": dict(reasons), "chosen": dict(chosen), "won": dict(won)}


def ending_text(e: dict[str, Any]) -> str:
    n = max(e["n"], 1)
    parts = []
    for reason, count in sorted(e["reasons"].items(), key=lambda kv: -kv[1]):
        text = f"{reason} {100 * count / n:.0f}%"
        if reason in e["chosen"]:
            who = "closer" if reason == "conquest" else "chooser"
            text += f" (its {who} won {e['won'][reason]:.1f}/{e['chosen'][reason]})"
        parts.append(text)
    return ", ".join(parts)


def pace_text(results: list[dict[str, Any]]) -> str:
    """How near the games came to a rescue (means of `tournament.end_measures`)."""
    n = max(len(results), 1)
    mean = {k: sum(r["measures"].get(k, 0) for r in results) / n
            for k in (results[0]["measures"] if results else ())}
    return ", ".join(f"{k} {v:.2f}" if k != tournament.STAKE else f"{k} {100 * v:.0f}%"
                     for k, v in mean.items())


PROFILE = ("Priests/Virgins", "VP", "gold", "multiplier", "x3")


def profile_text(results: list[dict[str, Any]], entry: int = 0) -> str:
    """What the lone seat's score was made of against the others' (means a seat-game): where
    it wins or loses (the seat measures of `tournament.seat_measures`)."""
    def mean(key: str, lone: bool) -> float:
        xs = [s["measures"].get(key, 0) for r in results for s in r["seats"]
              if (s["entry"] == entry) == lone]
        return sum(xs) / max(len(xs), 1)
    cells = []
    for key in PROFILE:
        a, b = mean(key, True), mean(key, False)
        cells.append(f"{key} {100 * a:.0f}%/{100 * b:.0f}%" if key == "x3"
                     else f"{key} {a:.2f}/{b:.2f}")
    return "alone/others: " + ", ".join(cells)


def rate_text(wins: float, n: int) -> str:
    lo, hi = wilson(wins, n)
    return f"{100 * wins / max(n, 1):5.1f}% [{100 * lo:4.1f}, {100 * hi:4.1f}]"


# -- the search --------------------------------------------------------------------------------
def to_unit(params: dict[str, float]) -> list[float]:
    return [min(1.0, max(0.0, (params[k] - lo) / (hi - lo))) for k, (lo, hi, _) in PARAMS.items()]


def from_unit(xs: Sequence[float]) -> dict[str, float]:
    return {k: round(lo + (hi - lo) * min(1.0, max(0.0, x)), 3)
            for x, (k, (lo, hi, _)) in zip(xs, PARAMS.items())}


def search(style: str, seed: int, rounds: int = 3, draws: int = 8, games: int = 16,
           elite: int = 3, confirm: int = 48, against: str = "medium",
           start: str = "style", log=print) -> dict[str, Any]:
    """A cross-entropy search of `style`'s parameters for the most wins alone against 3 of
    `against` (see the module doc). Returns the table entry's fields (no name)."""
    rng = random.Random(seed)
    # From the style's own values, or (held out) from a random point: other parameter draws.
    mean = to_unit(defaults(style)) if start == "style" else [rng.random() for _ in PARAMS]
    sigma = [0.3] * len(mean)
    tried: list[tuple[float, int, dict[str, float]]] = []
    for rnd in range(rounds):
        game_seed = seed * 100_000 + rnd * 1_000
        scored = []
        for d in range(draws):
            if rnd == 0 and d == 0:
                xs = mean[:]            # the starting point itself (the style as it is)
            else:
                xs = [min(1.0, max(0.0, rng.gauss(m, s))) for m, s in zip(mean, sigma)]
            params = from_unit(xs)
            results = play([spec(style, params)] + [against] * 3, games, game_seed)
            wins = lone_wins(results)
            scored.append((wins, xs, params))
            tried.append((wins / games, rnd, params))
            log(f"  round {rnd + 1} draw {d + 1}: {rate_text(wins, games)}  {spec(style, params)}")
        scored.sort(key=lambda t: -t[0])
        top = [xs for _w, xs, _p in scored[:elite]]
        mean = [sum(x[i] for x in top) / len(top) for i in range(len(mean))]
        sigma = [max(0.06, math.sqrt(sum((x[i] - mean[i]) ** 2 for x in top) / len(top)))
                 for i in range(len(mean))]
    tried.sort(key=lambda t: -t[0])
    best_rate, best_round, best = tried[0]
    results = play([spec(style, best)] + [against] * 3, confirm, seed * 100_000 + 99_000)
    wins = lone_wins(results)
    log(f"  best (round {best_round + 1}, {100 * best_rate:.1f}%) on {confirm} fresh games: "
        f"{rate_text(wins, confirm)}; ended {ending_text(endings(results))}")
    return {"style": style, "params": best, "found": {
        "against": f"alone against 3 {against}", "method": "cross-entropy", "seed": seed,
        "start": start, "rounds": rounds, "draws": draws, "games_per_draw": games, "elite": elite,
        "search_win_rate": round(best_rate, 3), "confirm_games": confirm,
        "confirm_seed": seed * 100_000 + 99_000,
        "confirm_win_rate": round(wins / confirm, 3),
        "date": time.strftime("%Y-%m-%d", time.gmtime())}}


def load_table() -> list[dict[str, Any]]:
    from .bots.strategists import exploiters
    return list(exploiters.LEAGUE)


def write_table(entries: list[dict[str, Any]]) -> None:
    text = TABLE.read_text(encoding="utf-8")
    head = text[:text.index("LEAGUE = ")]
    body = pprint.pformat(entries, indent=1, width=99, sort_dicts=False)
    TABLE.write_text(head + "LEAGUE = " + body + "\n", encoding="utf-8")


# -- the command line --------------------------------------------------------------------------
def cmd_search(args: argparse.Namespace) -> int:
    styles = args.style or list(__import__("machu_picchu.bots", fromlist=["STYLES"]).STYLES)
    entries = load_table()
    for i, style in enumerate(styles):
        seed = args.seed + i
        name = f"x{args.generation}-{style}" + ("-held" if args.held_out else "")
        print(f"{name}: searching (seed {seed}, {args.rounds} rounds of {args.draws} draws, "
              f"{args.games} games each, against 3 {args.against})", flush=True)
        found = search(style, seed, args.rounds, args.draws, args.games, args.elite,
                       args.confirm, args.against, "random" if args.held_out else "style",
                       log=lambda t: print(t, flush=True))
        entry = {"name": name, "generation": args.generation, "held_out": args.held_out, **found}
        entries = [e for e in entries if e["name"] != name] + [entry]
        if args.write:
            write_table(entries)
            print(f"  kept as {name} in {TABLE.name}", flush=True)
    return 0


def goal_mark(ok: bool) -> str:
    return "met" if ok else "NOT met"


def cmd_report(args: argparse.Namespace) -> int:
    entries = [e for e in load_table() if e["held_out"] == args.held_out
               and (not args.generation or e["generation"] in args.generation)]
    if args.names:
        entries = [e for e in load_table() if e["name"] in args.names]
    bot = args.bot
    try:
        load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        load = "?"
    print(f"league report: {args.games} games a table, seats rotating, seed {args.seed}, "
          f"{args.clock} clock" + (f", time budget {args.time_budget} s" if args.time_budget
                                   else "") + f"; load before {load}", flush=True)
    start = time.perf_counter()
    for e in entries:
        name = e["name"]
        rows = [(f"{bot} alone vs 3 {name}", [bot] + [name] * 3, 0.30, True),
                (f"{name} alone vs 3 {bot}", [name] + [bot] * 3, 0.20, False)]
        for label, seats, goal, at_least in rows:
            results = play(seats, args.games, args.seed, args.time_budget, args.clock)
            wins = lone_wins(results)
            ok = wins / args.games >= goal if at_least else wins / args.games <= goal
            sign = ">=" if at_least else "<="
            print(f"{label:<40} {rate_text(wins, args.games)}  (goal {sign} {100 * goal:.0f}%: "
                  f"{goal_mark(ok)}); ended {ending_text(endings(results))}", flush=True)
            print(f"{'':<40} {profile_text(results)}", flush=True)
    if args.mirror:
        for seats in args.mirror:
            seats = seats.split(",")
            results = play(seats, args.games, args.seed, args.time_budget, args.clock)
            e = endings(results)
            other = 1 - e["reasons"].get("conquest", 0) / max(e["n"], 1)
            by_seat = ", ".join(f"{k + 1}:{s} {rate_text(lone_wins(results, k), args.games)}"
                                for k, s in enumerate(seats))
            print(f"{','.join(seats)}: ended {ending_text(e)}; other than by conquest "
                  f"{100 * other:.0f}% (goal >= 20%: {goal_mark(other >= 0.2)}); {by_seat}; "
                  f"{pace_text(results)}", flush=True)
    print(f"elapsed {time.perf_counter() - start:.0f} s")
    return 0


def cmd_tune(args: argparse.Namespace) -> int:
    """Each candidate setting of the bots' weights (`values.W`) played on both tables of every
    exploiter of the league (never the held-out ones), on the same seeded games: the bot alone
    against 3 of it (goal >= 30%) and it alone against 3 of the bot (goal <= 20%). A setting
    that wins more alone but lets an exploiter win more against three of it is no better: the
    line says both, and their sum as one figure (the bot's rate plus what the exploiters leave)."""
    from .bots.values import W
    entries = [e for e in load_table() if not e["held_out"]]
    base = {k: getattr(W, k) for k in vars(type(W)) if not k.startswith("_")}
    print(f"tuning {args.bot} against {', '.join(e['name'] for e in entries)}: {args.games} "
          f"games a table, both tables, seed {args.seed}", flush=True)
    for text in args.candidate or [""]:
        setting = {}
        for item in filter(None, text.split(",")):
            k, _, v = item.partition("=")
            if k not in base:
                raise SystemExit(f"values.W has no {k!r}")
            setting[k] = type(base[k])(float(v))
        for k, v in base.items():
            setattr(W, k, setting.get(k, v))
        alone = against = 0.0
        cells, cells_x = [], []
        for e in entries:
            wins = lone_wins(play([args.bot] + [e["name"]] * 3, args.games, args.seed))
            alone += wins
            cells.append(f"{e['name']} {100 * wins / args.games:.0f}%")
            wins = lone_wins(play([e["name"]] + [args.bot] * 3, args.games, args.seed))
            against += wins
            cells_x.append(f"{e['name']} {100 * wins / args.games:.0f}%")
        n = args.games * len(entries)
        print(f"{text or 'as it is':<40} {100 * (alone - against) / n + 100:5.1f}: {args.bot} "
              f"alone {rate_text(alone, n)} ({', '.join(cells)}); each alone vs 3 {args.bot} "
              f"{rate_text(against, n)} ({', '.join(cells_x)}); {n} games a side", flush=True)
    for k, v in base.items():
        setattr(W, k, v)
    return 0


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    p = subparsers.add_parser("league", help="the exploiters' league: search them, report the "
                                             "bots against them (issue 28)")
    sub = p.add_subparsers(dest="league_command", required=True)
    s = sub.add_parser("search", help="search exploiters' parameters against 3 medium")
    s.add_argument("--style", action="append", help="a strategist's style (repeatable; "
                                                    "default: every style, bots.STYLES)")
    s.add_argument("--generation", type=int, default=1)
    s.add_argument("--seed", type=int, default=1, help="the search's seed (style i: SEED + i)")
    s.add_argument("--held-out", action="store_true", help="a held-out exploiter (name ...-held)")
    s.add_argument("--rounds", type=int, default=3)
    s.add_argument("--draws", type=int, default=8, help="parameter draws a round")
    s.add_argument("--games", type=int, default=16, help="games a draw (a multiple of 4)")
    s.add_argument("--elite", type=int, default=3, help="best draws the next round centres on")
    s.add_argument("--confirm", type=int, default=48, help="fresh games to measure the best on")
    s.add_argument("--against", default="medium")
    s.add_argument("--write", action="store_true", help="keep the winners in the table")
    s.set_defaults(func=cmd_search)
    t = sub.add_parser("tune", help="candidate weights of the bots (values.W) against the "
                                    "league (never the held-out exploiters)")
    t.add_argument("--candidate", action="append", metavar="NAME=VALUE,...",
                   help="one setting of values.W to try (repeatable; none: as it is)")
    t.add_argument("--bot", default="medium")
    t.add_argument("--games", type=int, default=16)
    t.add_argument("--seed", type=int, default=500_001)
    t.set_defaults(func=cmd_tune)
    r = sub.add_parser("report", help="the bot against every exploiter of the table")
    r.add_argument("--bot", default="medium")
    r.add_argument("--games", type=int, default=100)
    r.add_argument("--seed", type=int, default=900_001)
    r.add_argument("--held-out", action="store_true", help="the held-out exploiters instead")
    r.add_argument("--generation", type=int, action="append", help="only these generations")
    r.add_argument("--names", nargs="*", help="only these exploiters (held out or not)")
    r.add_argument("--mirror", action="append", metavar="SEATS",
                   help="also a table of these seats (e.g. medium,medium,medium,medium): its "
                        "endings and each seat's win rate (repeatable)")
    r.add_argument("--time-budget", type=float, default=None)
    r.add_argument("--clock", choices=("wall", "cpu"), default="cpu")
    r.set_defaults(func=cmd_report)
    return p
