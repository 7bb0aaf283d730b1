"""Command line: `python -m incan_gold simulate|bench|tournament ...`."""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from typing import Optional, Sequence

from . import data as D
from . import new_game
from .game import Game


def play_random_game(players: int, seed: int, **options: bool) -> Game:
    """One game where every seat picks torch or camp at even odds (seeded), through the public
    API (`legal_actions`, `apply`)."""
    game = new_game(players, seed, **options)
    draw = random.Random(seed * 7919 + 1).random
    for _ in range(D.MAX_ACTIONS + 1):
        if game.is_over:
            return game
        legal = game.legal_actions()
        game.apply(legal[int(draw() * len(legal))])
    raise RuntimeError(f"game {seed} did not end within {D.MAX_ACTIONS} actions")


def cmd_simulate(args: argparse.Namespace) -> int:
    """Random games: speed, length, busts, scores (each game summed up as it ends)."""
    options = {"diamant": args.diamant}
    ends: Counter[str] = Counter()
    choices, finals, shared = [], [], 0
    start, cpu = time.perf_counter(), time.process_time()
    for i in range(args.games):
        game = play_random_game(args.players, args.seed + i, **options)
        result = game.result()
        ends.update(r.end.value for r in game.rounds_done)
        choices.append(len(game.history))
        finals += [row["final"] for row in result["seats"]]
        shared += len(result["winners"]) > 1
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    print(f"{args.games} random {args.players}-player games in {elapsed:.2f} s: "
          f"{args.games / elapsed:,.0f} games/s ({args.games / cpu:,.0f} per CPU second)")
    print(f"choices per game: mean {statistics.mean(choices):.1f}; "
          f"rounds ended by: " + ", ".join(f"{k} {v}" for k, v in ends.most_common()))
    print(f"final score per seat: mean {statistics.mean(finals):.1f}, max {max(finals)}; "
          f"shared wins {shared}")
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    """Games, clones and determinizations per second (CPU time of this process)."""
    clock = time.process_time
    start = clock()
    count = 0
    while clock() - start < args.seconds:
        play_random_game(args.players, args.seed + count)
        count += 1
    print(f"random {args.players}-player games: {count / (clock() - start):,.0f} per second "
          f"(public API, CPU time)")
    positions = []
    for i in range(20):
        game = new_game(args.players, args.seed + i)
        rng = random.Random(i)
        for _ in range(8):
            game.apply(rng.choice(game.legal_actions()))
        positions.append(game)
    rng = random.Random(1)
    for label, fn in (("clone()", lambda g: g.clone()), ("fast_clone()", lambda g: g.fast_clone()),
                      ("determinize()", lambda g: g.determinize(g.to_move, rng))):
        count = 0
        start = clock()
        while clock() - start < min(args.seconds, 1.0):
            for g in positions:
                fn(g)
            count += len(positions)
        print(f"{label}: {count / (clock() - start):,.0f} per second")
    return 0


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m incan_gold",
                                     description="Incan Gold rules engine")
    sub = parser.add_subparsers(dest="command", required=True)
    players = range(D.MIN_PLAYERS, D.MAX_PLAYERS + 1)
    sim = sub.add_parser("simulate", help="play random games and print statistics")
    sim.add_argument("--players", type=int, default=5, choices=players)
    sim.add_argument("--games", type=int, default=1000)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--diamant", action="store_true", help="play without artifacts")
    sim.set_defaults(func=cmd_simulate)
    bench = sub.add_parser("bench", help="random games, clones, determinizations per second")
    bench.add_argument("--players", type=int, default=5, choices=players)
    bench.add_argument("--seed", type=int, default=1)
    bench.add_argument("--seconds", type=float, default=3.0)
    bench.set_defaults(func=cmd_bench)
    try:
        from .tournament import add_parser as add_tournament
    except ImportError:
        add_tournament = None
    if add_tournament is not None:
        add_tournament(sub)
    args = parser.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
