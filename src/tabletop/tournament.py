"""Bot tournaments for any registered game, through the registry and the shared API only.

    python -m incan_gold tournament --players 5 --games 200 --seats hard,medium,medium,medium,medium

Plays seeded games between bots (on every core unless told otherwise). The seats list names one
bot per seat; it rotates by one seat each game, so no bot keeps a seat. Reports each bot's win
rate with a 95% Wilson interval (a shared win counts as a fraction), its mean final score and its
thinking time per decision (wall time, or with `--clock cpu` the worker's CPU time, which is then
also what a bot's time budget counts: fair on a machine that other work keeps busy); then the win
rate by place in the turn order (place 1 decides first: the start player), and how the games
ended (with each level's wins by kind of ending when there are several), and the game's own
measures of how near it came to each ending (`GameInfo.end_measures`), averaged, and its counts
of each seat's play (`GameInfo.seat_measures`, such as Incan Gold's lone busts) per level.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter
from typing import Any, Optional, Sequence

from . import registry
from .bots import set_clock, wilson

CLOCKS = ("wall", "cpu")
MAX_DECISIONS = 100_000     # a guard: every registered game bounds its own length far below


def play_one(job: tuple) -> dict[str, Any]:
    """One game (in a worker): job = (index, game id, seed, players, [(entry, level)] per seat,
    options, time budget, iterations, clock)."""
    index, game_id, seed, players, specs, options, budget, iterations, clock = job
    info = registry.get(game_id)
    timer = time.process_time if clock == "cpu" else time.perf_counter
    previous = set_clock(timer)
    try:
        game = info.new_game(players=players, seed=seed, **options)
        bots = [info.make_bot(level, seed=seed * 7919 + 101 * entry + 1, time_budget=budget,
                              iterations=iterations) for entry, level in specs]
        think = [0.0] * players
        decisions = [0] * players
        longest = [0.0] * players
        first = None        # the seat that decides first (the start player, in these games)
        for _ in range(MAX_DECISIONS):
            if game.is_over:
                break
            seat = game.to_move
            if first is None:
                first = seat
            start = timer()
            decision = bots[seat].choose(game, seat)
            spent = timer() - start
            game.apply(decision.action)
            think[seat] += spent
            decisions[seat] += 1
            longest[seat] = max(longest[seat], spent)
        else:
            raise RuntimeError(f"{game_id} game {seed} did not end")
    finally:
        set_clock(previous)
    result = game.result()
    winners = result["winners"]
    per_seat = info.seat_measures(game) if info.seat_measures else [{}] * players
    return {
        "index": index,
        "reason": result.get("reason", "end"),
        "measures": dict(info.end_measures(game)) if info.end_measures else {},
        "seats": [{
            "entry": specs[s][0], "level": specs[s][1],
            "order": (s - (first or 0)) % players,     # 0: the first to decide, 1: next, ...
            "win": (1.0 / len(winners)) if s in winners else 0.0,
            "final": result["seats"][s]["final"],
            "think": think[s], "decisions": decisions[s], "longest": longest[s],
            "measures": dict(per_seat[s]),
        } for s in range(players)],
    }


def run(game_id: str, players: int, games: int, seats: Sequence[str], seed: int, *,
        options: Optional[dict[str, Any]] = None, budget: Optional[float] = None,
        iterations: Optional[int] = None, processes: Optional[int] = None,
        clock: str = "wall", progress: bool = False) -> list[dict[str, Any]]:
    """Play the games (in parallel unless processes == 1); one record per game, in order."""
    jobs = []
    for i in range(games):
        rot = i % players
        specs = [((s + rot) % players, seats[(s + rot) % players]) for s in range(players)]
        jobs.append((i, game_id, seed + i, players, specs, dict(options or {}), budget,
                     iterations, clock))
    processes = max(1, min(processes or os.cpu_count() or 1, games))
    results: list[dict[str, Any]] = []

    def done(record: dict[str, Any]) -> None:
        results.append(record)
        if progress:
            print(f"  game {len(results)}/{games} done", file=sys.stderr, flush=True)

    if processes == 1:
        for job in jobs:
            done(play_one(job))
    else:
        import multiprocessing
        with multiprocessing.Pool(processes) as pool:
            for record in pool.imap_unordered(play_one, jobs, chunksize=1):
                done(record)
    results.sort(key=lambda r: r["index"])
    return results


def report(results: list[dict[str, Any]], seats: Sequence[str]) -> str:
    """The table: one row per seat entry, then one per level that several seats share."""
    games = len(results)
    lines = [f"{'bot':<14}{'games':>6}{'wins':>8}{'win rate':>10}   {'95% CI (Wilson)':<18}"
             f"{'mean score':>11}{'ms/decision':>13}{'decisions':>11}{'max s':>8}"]

    def row(label: str, recs: list[dict[str, Any]], n: int) -> str:
        wins = sum(r["win"] for r in recs)
        lo, hi = wilson(wins, n)
        score = sum(r["final"] for r in recs) / max(len(recs), 1)
        dec = sum(r["decisions"] for r in recs)
        think = sum(r["think"] for r in recs)
        longest = max((r["longest"] for r in recs), default=0.0)
        return (f"{label:<14}{n:>6}{wins:>8.1f}{100 * wins / max(n, 1):>9.1f}%   "
                f"[{100 * lo:5.1f}%, {100 * hi:5.1f}%]  {score:>11.1f}"
                f"{1000 * think / max(dec, 1):>13.2f}{dec:>11}{longest:>8.2f}")

    for entry, level in enumerate(seats):
        recs = [s for r in results for s in r["seats"] if s["entry"] == entry]
        lines.append(row(f"{entry + 1}:{level}", recs, games))
    shared = [level for level in dict.fromkeys(seats) if list(seats).count(level) > 1]
    if shared:
        lines.append("by level (win rate per seat; the interval treats each seat-game as a trial):")
        for level in shared:
            k = list(seats).count(level)
            recs = [s for r in results for s in r["seats"] if s["level"] == level]
            lines.append(row(f"{level} x{k}", recs, games * k))
    lines.append("by place in the turn order (1: the first to decide; the interval as above):")
    players = len(seats)
    for order in range(players):
        recs = [s for r in results for s in r["seats"] if s.get("order") == order]
        lines.append(row(f"place {order + 1}", recs, games))
    if len(set(seats)) > 1:     # each level's wins at each place (wins/games there)
        for level in dict.fromkeys(seats):
            cells = []
            for order in range(players):
                recs = [s for r in results for s in r["seats"]
                        if s["level"] == level and s.get("order") == order]
                cells.append(f"{order + 1}: {sum(s['win'] for s in recs):.1f}/{len(recs)}")
            lines.append(f"  {level} by place: " + ", ".join(cells))
    reasons = Counter(r["reason"] for r in results)
    lines.append("ended by: " + ", ".join(
        f"{k} {v} ({100 * v / max(games, 1):.0f}%, 95% CI {_ci(v, games)})"
        for k, v in reasons.most_common()))
    if len(reasons) > 1:
        for level in dict.fromkeys(seats):
            won = Counter()
            for r in results:
                for s in r["seats"]:
                    if s["level"] == level:
                        won[r["reason"]] += s["win"]
            lines.append(f"  {level} wins by ending: " + ", ".join(
                f"{k} {won[k]:.1f}/{reasons[k]}" for k, _ in reasons.most_common()))
    lines += _seat_measures(results, seats)
    measures = list(dict.fromkeys(k for r in results for k in r.get("measures", {})))
    if measures:
        lines.append("at the end (mean, min-max over the games):")
        for key in measures:
            values = [r["measures"][key] for r in results if key in r.get("measures", {})]
            lines.append(f"  {key}: {sum(values) / len(values):.1f} ({min(values):g}-{max(values):g})")
    return "\n".join(lines)


def _seat_measures(results: list[dict[str, Any]], seats: Sequence[str]) -> list[str]:
    """Each level's seat measures (GameInfo.seat_measures), summed over its seat-games; with a
    "rounds" count, also per 100 rounds."""
    keys = list(dict.fromkeys(k for r in results for s in r["seats"] for k in s.get("measures", {})
                              if k != "rounds"))
    if not keys:
        return []
    lines = ["per level (sums over its seat-games" + ("; per 100 rounds played):" if any(
        s.get("measures", {}).get("rounds") for r in results for s in r["seats"]) else "):")]
    for level in dict.fromkeys(seats):
        recs = [s.get("measures", {}) for r in results for s in r["seats"] if s["level"] == level]
        rounds = sum(m.get("rounds", 0) for m in recs)
        cells = []
        for key in keys:
            total = sum(m.get(key, 0) for m in recs)
            per = f" ({100 * total / rounds:.1f} per 100 rounds)" if rounds else ""
            cells.append(f"{key} {total:g}{per}")
        played = f" ({rounds:g} rounds)" if rounds else ""
        lines.append(f"  {level}{played}: " + ", ".join(cells))
    return lines


def _ci(count: float, games: int) -> str:
    lo, hi = wilson(count, games)
    return f"[{100 * lo:.0f}%, {100 * hi:.0f}%]"


def command(game_id: str, args: argparse.Namespace) -> int:
    """The `tournament` subcommand of a game's command line."""
    info = registry.get(game_id)
    seats = [s.strip() for s in args.seats.split(",") if s.strip()]
    if len(seats) != args.players:
        print(f"--seats names {len(seats)} bots for {args.players} players", file=sys.stderr)
        return 2
    for level in dict.fromkeys(seats):
        try:
            info.make_bot(level, seed=1)
        except ValueError as exc:
            print(f"{exc}", file=sys.stderr)
            return 2
    options = {o.key: True for o in info.options if o.key in (args.option or [])}
    unknown = set(args.option or []) - set(options)
    if unknown:
        print(f"unknown option(s) {', '.join(sorted(unknown))}; this game has "
              f"{', '.join(o.key for o in info.options) or 'none'}", file=sys.stderr)
        return 2
    processes = min(args.processes or os.cpu_count() or 1, args.games)
    budget = f", time budget {args.time_budget} s" if args.time_budget else ""
    caps = f", {args.iterations} iterations" if args.iterations else ""
    print(f"{info.name} tournament: {args.games} games, {args.players} players, seats "
          f"{','.join(seats)} (rotating), seed {args.seed}{budget}{caps}, {args.clock} clock, "
          f"{processes} processes" + (f", options {sorted(options)}" if options else ""),
          flush=True)
    try:
        load = os.getloadavg()
        print(f"load average before: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}", flush=True)
    except OSError:
        pass
    start = time.perf_counter()
    results = run(game_id, args.players, args.games, seats, args.seed, options=options,
                  budget=args.time_budget, iterations=args.iterations, processes=processes,
                  clock=args.clock, progress=args.progress)
    print(report(results, seats))
    print(f"elapsed {time.perf_counter() - start:.1f} s")
    return 0


def add_parser(subparsers: Any, game_id: str, default_seats: str) -> argparse.ArgumentParser:
    """Add `tournament` to a game's command line (`subparsers` from argparse)."""
    info = registry.get(game_id)
    p = subparsers.add_parser("tournament", help="play bots against each other and rank them")
    p.add_argument("--players", type=int, default=len(default_seats.split(",")),
                   choices=range(info.min_players, info.max_players + 1))
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--seats", default=default_seats,
                   help=f"one bot level per seat, comma-separated ({', '.join(info.bot_levels)})")
    p.add_argument("--seed", type=int, default=1, help="game i is played with seed SEED + i")
    p.add_argument("--option", action="append", metavar="NAME",
                   help="turn on a game option (repeatable): "
                        + (", ".join(o.key for o in info.options) or "none"))
    p.add_argument("--time-budget", type=float, default=None,
                   help="thinking time per decision for bots that search, in seconds")
    p.add_argument("--iterations", type=int, default=None,
                   help="cap searching bots by iterations instead of time (repeatable results)")
    p.add_argument("--processes", type=int, default=None, help="worker processes (default: all cores)")
    p.add_argument("--clock", choices=CLOCKS, default="wall",
                   help="clock for time budgets: wall time, or each worker's CPU time")
    p.add_argument("--progress", action="store_true", help="print a line as each game ends")
    p.set_defaults(func=lambda args: command(game_id, args))
    return p
