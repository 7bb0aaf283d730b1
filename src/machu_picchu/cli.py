"""Command line: `python -m machu_picchu simulate|bench|tournament ...`."""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from typing import Optional, Sequence

from . import data as D
from . import load_game, new_game
from .save import dumps


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


def longest_game(players: int, seed: int):
    """A game pushed to this edition's limits (data.MAX_TURNS_PER_DAY, MAX_TRADES_PER_VISIT):
    nobody stays until the day's turns are used up, every market visit trades while it may,
    nobody ends the game early (no card acquired, no llama sacrificed, nothing offered)."""
    game = new_game(players, seed)
    rng = random.Random(seed)
    while not game.is_over:
        legal = game.legal_actions()
        kind = game.prompt[0]
        if kind == "turn":
            pick = [a for a in legal if a.kind != "stay"] or legal
        elif kind == "market":
            pick = [a for a in legal if a.kind != "done"] or legal
        elif kind in ("acquire", "sacrifice", "offer"):
            pick = legal[:1]                      # decline: the deck and the rows last
        elif kind == "produce":
            pick = legal[-1:]                     # produce all: more to trade
        else:
            pick = legal
        game.apply(pick[rng.randrange(len(pick))])
    return game


def cmd_simulate(args: argparse.Namespace) -> int:
    """Random-bot games: speed, turns, how games ended, mean scores."""
    from .stats import busiest
    reasons: Counter[str] = Counter()
    turns, decisions, finals, vps = [], [], [], []
    most = Counter()
    start = time.perf_counter()
    for i in range(args.games):
        game, t = play_random_game(args.players, args.seed + i)
        reasons[game.end_reason] += 1
        turns.append(t)
        decisions.append(len(game.history))
        result = game.result()
        finals += [s["final"] for s in result["seats"]]
        vps += [s["vp"] for s in result["seats"]]
        for key, value in busiest(game).items():
            most[key] = max(most[key], value)
    elapsed = time.perf_counter() - start
    print(f"{args.games} random {args.players}-player games in {elapsed:.2f} s: "
          f"{args.games / elapsed:.1f} games/s")
    print(f"turns per game: mean {statistics.mean(turns):.1f}, min {min(turns)}, max {max(turns)}; "
          f"decisions per game: mean {statistics.mean(decisions):.1f}")
    print("ended by: " + ", ".join(f"{r} {c} ({100 * c / args.games:.0f}%)"
                                   for r, c in reasons.most_common()))
    print(f"mean score per seat: VP {statistics.mean(vps):.2f}, final {statistics.mean(finals):.2f}")
    print(f"most turns in one day: {most['turns_in_a_day']} (limit {D.MAX_TURNS_PER_DAY}); "
          f"most trades in one market visit: {most['trades_in_a_visit']} "
          f"(limit {D.MAX_TRADES_PER_VISIT})")
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    """Clones per second and legal-action generation speed at mid-game positions; with
    --search, the hard bot's search iterations per CPU second."""
    if args.search:
        return bench_search(args)
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
    game = longest_game(2, args.seed)
    text = dumps(game)
    start = time.perf_counter()
    load_game(text)
    spent = time.perf_counter() - start
    print(f"load_game of a 2-player game pushed to the day's turn limit: {len(game.history):,} "
          f"actions, {len(text) / 1000:,.0f} kB, {spent:.3f} s "
          f"({spent / len(game.history) * 1e6:.0f} µs per action; the longest game the rules "
          f"allow has at most {D.MAX_GAME_ACTIONS:,} actions)")
    return 0


def bench_search(args: argparse.Namespace) -> int:
    """The hard bot's ISMCTS iterations per CPU second at fixed positions (bots.speed)."""
    from .bots.speed import search_speed
    out = search_speed(args.budget, args.players, args.seed, clock=time.process_time)
    print(f"hard bot search: {out['iterations']} iterations in {out['seconds']:.2f} s of CPU over "
          f"{out['positions']} {out['players']}-player turn decisions ({out['budget']} s each): "
          f"{out['per_second']:.0f} iterations per CPU second "
          f"(by position: {', '.join(map(str, out['by_position']))})")
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
    bench.add_argument("--search", action="store_true",
                       help="the hard bot's search iterations per CPU second instead")
    bench.add_argument("--budget", type=float, default=1.0,
                       help="with --search: CPU seconds of thinking per position")
    bench.set_defaults(func=cmd_bench)
    try:
        from .tournament import add_parser as add_tournament
    except ImportError:  # the bots package is optional for the engine alone
        add_tournament = None
    if add_tournament is not None:
        add_tournament(sub)
        from .league import add_parser as add_league
        add_league(sub)
    args = parser.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
