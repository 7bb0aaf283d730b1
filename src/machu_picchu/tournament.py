"""Bot tournaments: `python -m machu_picchu tournament --players 4 --games N --seats hard,medium,...`.

Plays seeded games between bots on every core (multiprocessing). The seats list names one bot per
seat; the list rotates by one seat each game, so no bot keeps a seat (the engine draws the start
player from the game's seed). Prints each bot's win rate with a 95% Wilson confidence interval
(ties share the win), mean final score and mean thinking time per decision (wall time, or with
`--clock cpu` the worker's CPU time, which is also what the hard bot's budget then counts: fair
on a machine that other work keeps busy).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter
from typing import Any, Optional, Sequence

from tabletop.bots import wilson   # the one Wilson interval (ties count as fractions of a win)

from . import new_game

CLOCKS = ("wall", "cpu")


def play_one(job: tuple) -> dict[str, Any]:
    """One game (in a worker): job = (index, game seed, players, seat specs, budget, iterations, clock)."""
    index, seed, players, specs, budget, iterations, clock = job
    from .bots import base, make_bot
    timer = time.perf_counter
    if clock == "cpu":
        timer = time.process_time
    previous = base.set_clock(timer)
    try:
        game = new_game(players, seed)
        bots = [make_bot(level, seed=seed * 7919 + 101 * entry + 1, time_budget=budget,
                         iterations=iterations) for entry, level in specs]
        think = [0.0] * players
        decisions = [0] * players
        longest = [0.0] * players
        guard = 0
        while not game.is_over:
            seat = game.to_move
            start = timer()
            decision = bots[seat].choose(game, seat)
            spent = timer() - start
            game.apply(decision.action)
            think[seat] += spent
            decisions[seat] += 1
            longest[seat] = max(longest[seat], spent)
            guard += 1
            if guard > 20_000:
                raise RuntimeError(f"game {seed} did not end")
    finally:
        base.set_clock(previous)
    result = game.result()
    winners = result["winners"]
    return {
        "index": index,
        "reason": result["reason"],
        "seats": [{
            "entry": specs[s][0], "level": specs[s][1],
            "win": (1.0 / len(winners)) if s in winners else 0.0,
            "final": result["seats"][s]["final"],
            "think": think[s], "decisions": decisions[s], "longest": longest[s],
        } for s in range(players)],
    }


def run(players: int, games: int, seats: Sequence[str], seed: int,
        budget: Optional[float] = None, iterations: Optional[int] = None,
        processes: Optional[int] = None, clock: str = "wall",
        progress: bool = False) -> list[dict[str, Any]]:
    """Play the games (in parallel unless processes == 1); return one record per game."""
    jobs = []
    for i in range(games):
        rot = i % players
        specs = [((s + rot) % players, seats[(s + rot) % players]) for s in range(players)]
        jobs.append((i, seed + i, players, specs, budget, iterations, clock))
    if processes is None:
        processes = os.cpu_count() or 1
    processes = max(1, min(processes, games))
    results: list[dict[str, Any]] = []
    if processes == 1:
        for job in jobs:
            results.append(play_one(job))
            if progress:
                print(f"  game {len(results)}/{games} done", file=sys.stderr, flush=True)
    else:
        import multiprocessing
        with multiprocessing.Pool(processes) as pool:
            for record in pool.imap_unordered(play_one, jobs, chunksize=1):
                results.append(record)
                if progress:
                    print(f"  game {len(results)}/{games} done", file=sys.stderr, flush=True)
    results.sort(key=lambda r: r["index"])
    return results


def report(results: list[dict[str, Any]], seats: Sequence[str]) -> str:
    games = len(results)
    lines = []
    header = (f"{'bot':<12}{'games':>6}{'wins':>8}{'win rate':>10}   {'95% CI (Wilson)':<18}"
              f"{'mean score':>11}{'ms/decision':>13}{'decisions':>11}{'max s':>8}")
    lines.append(header)

    def row(label: str, recs: list[dict[str, Any]], n: int) -> str:
        wins = sum(r["win"] for r in recs)
        lo, hi = wilson(wins, n)
        score = sum(r["final"] for r in recs) / max(len(recs), 1)
        dec = sum(r["decisions"] for r in recs)
        think = sum(r["think"] for r in recs)
        longest = max((r["longest"] for r in recs), default=0.0)
        return (f"{label:<12}{n:>6}{wins:>8.1f}{100 * wins / max(n, 1):>9.1f}%   "
                f"[{100 * lo:5.1f}%, {100 * hi:5.1f}%]  {score:>11.1f}"
                f"{1000 * think / max(dec, 1):>13.1f}{dec:>11}{longest:>8.2f}")

    for entry, level in enumerate(seats):
        recs = [s for r in results for s in r["seats"] if s["entry"] == entry]
        lines.append(row(f"{entry + 1}:{level}", recs, games))
    shared = [level for level in dict.fromkeys(seats) if seats.count(level) > 1]
    if shared:
        lines.append("by level (win rate per seat; the CI treats each seat-game as a trial):")
        for level in shared:
            k = seats.count(level)
            recs = [s for r in results for s in r["seats"] if s["level"] == level]
            lines.append(row(f"{level} x{k}", recs, games * k))
    reasons = Counter(r["reason"] for r in results)
    lines.append("ended by: " + ", ".join(f"{k} {v}" for k, v in reasons.most_common()))
    return "\n".join(lines)


def cmd_tournament(args: argparse.Namespace) -> int:
    seats = [s.strip() for s in args.seats.split(",") if s.strip()]
    from .bots import BOT_LEVELS
    bad = [s for s in seats if s not in BOT_LEVELS]
    if bad:
        print(f"unknown bot level(s): {', '.join(bad)}; choose from {', '.join(BOT_LEVELS)}",
              file=sys.stderr)
        return 2
    if len(seats) != args.players:
        print(f"--seats names {len(seats)} bots for {args.players} players", file=sys.stderr)
        return 2
    processes = args.processes or os.cpu_count() or 1
    budget = args.time_budget
    what = ""
    if "hard" in seats:
        what = f"{args.iterations} iterations" if args.iterations else f"{budget or 1.0} s"
        what = f", hard bot {what} per decision ({args.clock} clock)"
    print(f"tournament: {args.games} games, {args.players} players, seats {','.join(seats)} "
          f"(rotating), seed {args.seed}{what}, {min(processes, args.games)} processes",
          flush=True)
    try:
        load = os.getloadavg()
        print(f"load average before: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}", flush=True)
    except OSError:
        pass
    start = time.perf_counter()
    results = run(args.players, args.games, seats, args.seed, budget, args.iterations,
                  processes, args.clock, progress=args.progress)
    elapsed = time.perf_counter() - start
    print(report(results, seats))
    print(f"elapsed {elapsed:.1f} s")
    return 0


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    p = subparsers.add_parser("tournament", help="play bots against each other and rank them")
    p.add_argument("--players", type=int, default=4, choices=range(2, 6))
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--seats", default="hard,medium,medium,medium",
                   help="one bot level per seat, comma-separated (random, easy, medium, hard)")
    p.add_argument("--seed", type=int, default=1, help="game i is played with seed SEED + i")
    p.add_argument("--time-budget", type=float, default=None,
                   help="hard bot's thinking time per decision, seconds (default 1.0)")
    p.add_argument("--iterations", type=int, default=None,
                   help="cap the hard bot's search by iterations instead of time (repeatable)")
    p.add_argument("--processes", type=int, default=None, help="worker processes (default: all cores)")
    p.add_argument("--clock", choices=CLOCKS, default="wall",
                   help="clock for the time budget: wall time, or this process's CPU time "
                        "(fair on a loaded machine)")
    p.add_argument("--progress", action="store_true", help="print a line as each game ends")
    p.set_defaults(func=cmd_tournament)
    return p
