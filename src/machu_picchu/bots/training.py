"""Fitting the evaluation: linear models of a seat's final VP and final gold, from self-play.

    python -m machu_picchu.bots.training --games 1500 --seed 101 > src/machu_picchu/bots/weights.py

Re-run it whenever the policy (heuristics.Weights) changes: the fit describes how games go on
under that policy, which is also how the hard bot's play-outs go on.

Games are played by the fast policy with a little noise (the same play as the hard bot's
play-outs). At sampled turn decisions, every seat's features (`features()`: what it owns, its
cards, its trail, days left, and products of those with the days left) are recorded with that
seat's final VP and gold. Ordinary least squares with a small ridge (normal equations solved by
Gaussian elimination: no numpy) gives the coefficients. The residual spread of gold, by days
left, sets how sure the evaluation is of the gold ranking (the conquest multiplier).

The bots use `features()` and `current()` (features.py, which this module reads too) and the
coefficients in `weights.py`; the fitting itself (multiprocessing) only runs from the command
line, and no module of the bots imports this one.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from typing import Optional

from .features import FEATURES, N_FEATURES, current, features  # noqa: F401 (current: the tests)

# -- self-play --------------------------------------------------------------------------------
def _play(job: tuple) -> tuple[list, list]:
    """One noisy self-play game: (samples [(features, seat, t)], finals [(vp, gold)])."""
    seed, players, sample_rate = job
    from .. import new_game
    from .policy import decide, play_market, turn_scores
    from .values import Ctx, timing
    rng = random.Random(seed)
    g = new_game(players, seed)
    g._log = None
    samples = []
    guard = 0
    while not g.over and guard < 5000:
        guard += 1
        task = g.stack[-1]
        kind = task[0]
        if kind == "turn":
            if rng.random() < sample_rate:
                t = timing(g)[0]
                for s in range(players):
                    samples.append((features(g, s, t), s, t, current(g, s)))
            legal = g.legal_actions()
            scores = turn_scores(Ctx(g, task[1]), legal, fast=True)
            noise = rng.choice((0.5, 1.5, 3.0))
            best = max(range(len(legal)), key=lambda i: scores[i] + (rng.random() - 0.5) * noise)
            g.apply_unchecked(legal[best])
        elif kind == "market":
            play_market(g)
        else:
            g.apply_unchecked(decide(g))
    from ..scoring import score
    sheet = score(g, conquest=True)
    finals = [(x["vp"], x["gold"]) for x in sheet["seats"]]
    return samples, finals


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Solve a x = b (a symmetric positive definite) by Gaussian elimination with pivoting."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[piv] = m[piv], m[col]
        p = m[col][col]
        if abs(p) < 1e-12:
            continue
        for r in range(n):
            if r != col and m[r][col]:
                f = m[r][col] / p
                row, prow = m[r], m[col]
                for k in range(col, n + 1):
                    row[k] -= f * prow[k]
    return [m[i][n] / m[i][i] if abs(m[i][i]) > 1e-12 else 0.0 for i in range(n)]


def fit(games: int, seed: int, players: tuple[int, ...] = (2, 3, 4, 5),
        processes: Optional[int] = None, ridge: float = 1.0, sample_rate: float = 0.35):
    import multiprocessing
    jobs = [(seed + i, players[i % len(players)], sample_rate) for i in range(games)]
    with multiprocessing.Pool(processes) as pool:
        results = pool.map(_play, jobs, chunksize=4)
    k = N_FEATURES
    xtx = [[0.0] * k for _ in range(k)]
    xty_vp = [0.0] * k
    xty_gold = [0.0] * k
    rows = []
    for samples, finals in results:
        for x, s, t, (vp0, gold0) in samples:
            vp, gold = finals[s]
            vp -= vp0
            gold -= gold0
            rows.append((x, vp, gold, t))
            for i in range(k):
                xi = x[i]
                if xi:
                    row = xtx[i]
                    for j in range(k):
                        row[j] += xi * x[j]
                    xty_vp[i] += xi * vp
                    xty_gold[i] += xi * gold
    # Ridge, scaled by each feature's spread.
    for i in range(k):
        xtx[i][i] += ridge * (1.0 + xtx[i][i] / max(len(rows), 1))
    w_vp = _solve(xtx, xty_vp)
    w_gold = _solve(xtx, xty_gold)
    # Residual spread of gold and VP by days left (0..7+).
    buckets: dict[int, list[float]] = {}
    sq_vp = sq_gold = 0.0
    for x, vp, gold, t in rows:
        pv = sum(a * b for a, b in zip(w_vp, x))
        pg = sum(a * b for a, b in zip(w_gold, x))
        sq_vp += (vp - pv) ** 2
        sq_gold += (gold - pg) ** 2
        buckets.setdefault(min(int(t), 7), []).append(gold - pg)
    spread = {b: math.sqrt(sum(e * e for e in errs) / len(errs)) for b, errs in sorted(buckets.items())}
    stats = {"samples": len(rows), "rmse_vp": math.sqrt(sq_vp / len(rows)),
             "rmse_gold": math.sqrt(sq_gold / len(rows)), "gold_spread": spread}
    return w_vp, w_gold, stats


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=1200)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--processes", type=int, default=None)
    args = p.parse_args(argv)
    w_vp, w_gold, stats = fit(args.games, args.seed, processes=args.processes)
    spread = stats["gold_spread"]
    # Linear fit of the gold spread by days left.
    xs = list(spread)
    ys = [spread[x] for x in xs]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    var = sum((x - mx) ** 2 for x in xs) or 1.0
    slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / var
    intercept = my - slope * mx
    out = sys.stdout
    out.write('"""Evaluation weights, written by `python -m machu_picchu.bots.training`: do not edit.\n\n'
              'Linear models of the VP and gold a seat still gains before the end (see training.py).\n')
    out.write(f"Fitted on {args.games} noisy self-play games (seed {args.seed}), "
              f"{stats['samples']} samples; RMSE final VP {stats['rmse_vp']:.2f}, "
              f"final gold {stats['rmse_gold']:.2f}.\n")
    out.write('"""\n\n')
    out.write("FEATURES = (\n")
    for name in FEATURES:
        out.write(f"    {name!r},\n")
    out.write(")\n")
    out.write("W_VP = (\n" + "".join(f"    {w:.6f},  # {n}\n" for w, n in zip(w_vp, FEATURES)) + ")\n")
    out.write("W_GOLD = (\n" + "".join(f"    {w:.6f},  # {n}\n" for w, n in zip(w_gold, FEATURES)) + ")\n")
    out.write(f"# Residual spread of final gold by whole days left: "
              f"{ {k: round(v, 2) for k, v in spread.items()} }\n")
    out.write(f"GOLD_SPREAD = ({max(intercept, 0.5):.4f}, {slope:.4f})  # spread = a + b * days left\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
