"""Regression counts of legal actions ("perft") along fixed games and in small trees.

perft.json holds, for each seed and player count, the number of legal actions at every decision
of a game played by a fixed deterministic policy (its own generator, so the file does not
depend on Python's `random`), the end reason and the final scores; and the number of action
sequences of length 2 from a few positions. Any change to the rules, the data or the order of
legal actions changes these numbers.

After a deliberate rules change, check the change, then regenerate the file with

    python tests/engine/test_perft.py --regenerate

and review the diff of perft.json before committing it.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

if __name__ == "__main__":  # run as a script: find the package without installing it
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "src"))

import machu_picchu as mp

PERFT_FILE = Path(__file__).with_name("perft.json")
GAMES = [(players, seed) for players in (2, 3, 4, 5) for seed in (1, 2, 3)]
# Depth-2 trees from the n-th prompt of a kind in one of the games above.
TREES = [(2, 1, "setup", 1), (2, 1, "turn", 60), (3, 2, "sacrifice", 1), (4, 1, "return", 3),
         (5, 3, "market", 20), (2, 3, "take", 5), (3, 1, "offer", 4), (4, 2, "claim", 2),
         (5, 1, "hire", 3), (3, 3, "acquire", 2), (4, 3, "produce", 5), (5, 2, "sunclock", 4)]
MAX_DECISIONS = 20_000


class Lcg:
    """A 64-bit linear congruential generator: the same numbers on every Python."""

    def __init__(self, seed: int) -> None:
        self.state = seed * 2654435761 + 1

    def below(self, n: int) -> int:
        self.state = (self.state * 6364136223846793005 + 1442695040888963407) % 2**64
        return (self.state >> 33) % n


def policy_game(players: int, seed: int, stop: tuple[str, int] | None = None
                ) -> tuple[mp.Game, list[int]]:
    """Play the fixed policy (mostly moves, some stays) from `mp.new_game(players, seed)`: the
    game at its end, or at the n-th prompt of a kind for stop=(kind, n); and the legal-action
    counts seen on the way."""
    game = mp.new_game(players, seed)
    rng = Lcg(seed * 10 + players)
    counts = []
    seen: dict[str, int] = {}
    while not game.is_over:
        kind = game.prompt[0]
        seen[kind] = seen.get(kind, 0) + 1
        if stop is not None and stop == (kind, seen[kind]):
            return game, counts
        legal = game.legal_actions()
        counts.append(len(legal))
        if kind == "turn" and rng.below(10) < 8:
            moves = [a for a in legal if a.kind != "stay"]
            if moves:
                legal = moves
        game.apply(legal[rng.below(len(legal))])
        assert len(counts) < MAX_DECISIONS
    assert stop is None, f"no {stop} in game {players}p-seed{seed}"
    return game, counts


def tree_count(game: mp.Game, depth: int) -> int:
    """How many action sequences of length `depth` (shorter where the game ends)."""
    if depth == 0 or game.is_over:
        return 1
    total = 0
    for action in game.legal_actions():
        child = game.fast_clone()
        child.apply(action)
        total += tree_count(child, depth - 1)
    return total


def compute() -> dict:
    games = {}
    for players, seed in GAMES:
        game, counts = policy_game(players, seed)
        games[f"{players}p-seed{seed}"] = {
            "end": game.end_reason,
            "finals": [s["final"] for s in game.result()["seats"]],
            "counts": counts,
        }
    trees = {}
    for players, seed, kind, nth in TREES:
        game, _ = policy_game(players, seed, stop=(kind, nth))
        trees[f"{players}p-seed{seed}-{kind}{nth}"] = {"prompt": list(game.prompt),
                                                        "depth2": tree_count(game, 2)}
    return {"games": games, "trees": trees}


def test_perft_matches_the_regression_file():
    """Legal-action counts along fixed games, their ends and scores, and depth-2 tree sizes
    are exactly those recorded in perft.json."""
    expected = json.loads(PERFT_FILE.read_text())
    actual = compute()
    assert actual["trees"] == expected["trees"]
    assert actual["games"].keys() == expected["games"].keys()
    for key, game in expected["games"].items():
        got = actual["games"][key]
        first_diff = next((i for i, (a, b) in enumerate(zip(got["counts"], game["counts"]))
                           if a != b), None)
        assert first_diff is None, f"{key}: first difference at decision {first_diff}"
        assert got == game, key


def test_perft_file_is_not_trivial():
    """The recorded games cover 2-5 players and run to day 9; the trees start at every kind of
    decision."""
    expected = json.loads(PERFT_FILE.read_text())
    games = expected["games"]
    assert {key.split("p-")[0] for key in games} == {"2", "3", "4", "5"}
    assert all(len(g["counts"]) > 300 and g["end"] == "conquest" for g in games.values())
    kinds = {t["prompt"][0] for t in expected["trees"].values()}
    assert kinds == {"setup", "turn", "produce", "sacrifice", "offer", "hire", "acquire",
                     "market", "sunclock", "take", "return", "claim"}
    assert all(t["depth2"] > 1 for t in expected["trees"].values())


if __name__ == "__main__":
    if sys.argv[1:] != ["--regenerate"]:
        sys.exit(f"usage: python {sys.argv[0]} --regenerate   (rewrites {PERFT_FILE.name})")
    data = compute()
    data = {"about": "Legal-action counts for tests/engine/test_perft.py; regenerate with "
                     "`python tests/engine/test_perft.py --regenerate`.", **data}
    PERFT_FILE.write_text(json.dumps(data, separators=(",", ":")) + "\n")
    ends = sorted({g["end"] for g in data["games"].values()})
    print(f"wrote {PERFT_FILE} ({len(data['games'])} games, ends: {', '.join(ends)}; "
          f"{len(data['trees'])} trees)")
