"""Statistics over many finished games: a made-up history (`sample_results`, also injected into
the page by tests/web/test_stats_browser.py) and, run as a script, the host's time to list and aggregate
it (a figure, not a test):

    .venv/bin/python tests/web/bench_stats.py [count]
"""
from __future__ import annotations

import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
for path in (ROOT / "web", ROOT / "src"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

LEVELS = ("random", "easy", "medium", "hard")
ENDINGS = {"machu-picchu": ("priests", "cards", "conquest"), "incan-gold": ("rounds",)}


def sample_results(count: int = 1000, seed: int = 1) -> list[dict]:
    """`count` finished games of both games, Ann against bots (and Bea now and then), one a
    day-ish apart; ids r0000... in the order they ended."""
    from shell import records
    rng = random.Random(seed)
    out = []
    for k in range(count):
        game = "machu-picchu" if k % 2 else "incan-gold"
        people = ["Ann"] + (["Bea"] if k % 7 == 0 else [])
        bots = rng.randint(1, 3)
        seats = [{"name": n, "type": "human", "level": None} for n in people]
        seats += [{"name": f"Bot {len(seats) + b + 1}", "type": "bot", "level": rng.choice(LEVELS)}
                  for b in range(bots)]
        scores = [rng.randint(0, 60) for _ in seats]
        best = max(scores)
        players = [dict(s, score=sc, won=sc == best) for s, sc in zip(seats, scores)]
        minute = k * 97
        out.append({"kind": records.RESULT_KIND, "version": 1, "id": f"r{k:04d}", "game": game,
                    "ended": f"2024-{1 + minute // 40000 % 12:02d}-{1 + minute // 1440 % 28:02d}T"
                             f"{minute // 60 % 24:02d}:{minute % 60:02d}:00+00:00",
                    "started": "", "players": players, "ending": rng.choice(ENDINGS[game]),
                    "rounds": rng.randint(2, 9), "actions": rng.randint(20, 400),
                    "minutes": rng.choice((None, rng.randint(5, 90)))})
    return out


def main(count: int) -> None:
    from shell import records, stats
    from shell.storage import DictBackend
    kept = records.Results(DictBackend())
    for rec in sample_results(count):
        kept.add(rec)
    t0 = time.perf_counter()
    listing = kept.listing()
    t1 = time.perf_counter()
    for game in ("machu-picchu", "incan-gold"):
        stats.summary(listing, game, stats.names(listing, game)[0][0])
    t2 = time.perf_counter()
    print(f"{count} finished games: listing {1000 * (t1 - t0):.1f} ms, names and summary of both "
          f"games {1000 * (t2 - t1):.1f} ms (host CPython)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
