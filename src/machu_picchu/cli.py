"""Command line: `python -m machu_picchu simulate|bench|tournament ...`."""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from typing import Optional, Sequence

from . import new_game


def play_random_game(players: int, seed: int, max_actions: int = 200_000):
    """One game where every seat picks uniformly among the legal actions (seeded)."""
    game = new_game(players, seed)
    rng = random.Random(seed * 7919 + 1)
    turns = 0
    while not game.is_over:
        if game.prompt[0] == "turn":
            turns += 1
        legal = game.legal_actions()
        game.apply_unchecked(legal[rng.randrange(len(legal))])
        if len(game.history) > max_actions:
            raise RuntimeError(f"game {seed} did not end within {max_actions} actions")
    return game, turns


def cmd_simulate(args: argparse.Namespace) -> int:
    """Random-bot games: speed, turns, how games ended, mean scores."""
    reasons: Counter[str] = Counter()
    turns, decisions, finals, vps = [], [], [], []
    start = time.perf_counter()
    for i in range(args.games):
        game, t = play_random_game(args.players, args.seed + i)
        reasons[game.end_reason] += 1
        turns.append(t)
        decisions.append(len(game.history))
        result = game.result()
        finals += [s["final"] for s in result["seats"]]
        vps += [s["vp"] for s in result["seats"]]
    elapsed = time.perf_counter() - start
    print(f"{args.games} random {args.players}-player games in {elapsed:.2f} s: "
          f"{args.games / elapsed:.1f} games/s")
    print(f"turns per game: mean {statistics.mean(turns):.1f}, min {min(turns)}, max {max(turns)}; "
          f"decisions per game: mean {statistics.mean(decisions):.1f}")
    print("ended by: " + ", ".join(f"{r} {c} ({100 * c / args.games:.0f}%)"
                                   for r, c in reasons.most_common()))
    print(f"mean score per seat: VP {statistics.mean(vps):.2f}, final {statistics.mean(finals):.2f}")
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    """Clones per second and legal-action generation speed at mid-game positions."""
    games = []
    for i in range(20):
        game = new_game(args.players, args.seed + i)
        rng = random.Random(i)
        for _ in range(60):
            if game.is_over:
                break
            game.apply_unchecked(rng.choice(game.legal_actions()))
        games.append(game)
    for label, fn in (("clone()", lambda g: g.clone()), ("fast_clone()", lambda g: g.fast_clone())):
        count = 0
        start = time.perf_counter()
        while time.perf_counter() - start < 1.0:
            for g in games:
                fn(g)
            count += len(games)
        print(f"{label}: {count / (time.perf_counter() - start):,.0f} per second")
    count = 0
    start = time.perf_counter()
    while time.perf_counter() - start < 1.0:
        for g in games:
            g._legal = None
            g.legal_actions()
        count += len(games)
    print(f"legal_actions(): {count / (time.perf_counter() - start):,.0f} per second")
    return 0


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m machu_picchu",
                                     description="The Princes of Machu Picchu rules engine")
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help="play random-bot games and print statistics")
    sim.add_argument("--players", type=int, default=4, choices=range(2, 6))
    sim.add_argument("--games", type=int, default=200)
    sim.add_argument("--seed", type=int, default=1)
    sim.set_defaults(func=cmd_simulate)
    bench = sub.add_parser("bench", help="clones and legal-action generation per second")
    bench.add_argument("--players", type=int, default=4, choices=range(2, 6))
    bench.add_argument("--seed", type=int, default=1)
    bench.set_defaults(func=cmd_bench)
    try:
        from .tournament import add_parser as add_tournament
    except ImportError:  # the bots package is optional for the engine alone
        add_tournament = None
    if add_tournament is not None:
        add_tournament(sub)
    args = parser.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
