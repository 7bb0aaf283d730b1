"""Regression counts ("perft"): fixed games and small trees, stored in perft.json.

Every decision offers the same two actions, so counting action sequences tells nothing; what
the rules decide is where the sequences lead. The file holds, for fixed seeds: the games a fixed
policy plays (the cards turned each round, how each round ended, the final scores), and, from the
start and from a mid-game position, how many distinct positions (public view and every seat's
private view) are reached after 1, 2, ... actions. Any change to the rules, the data, the
shuffle or the order of the choices changes these numbers.

After a deliberate change, check it, then regenerate the file with

    python tests/incan_gold/test_perft.py --regenerate

and review the diff of perft.json before committing it.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

if __name__ == "__main__":  # run as a script: find the package without installing it
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "src"))

import incan_gold as ig

PERFT_FILE = Path(__file__).with_name("perft.json")
GAMES = [(players, seed) for players in (3, 5, 8) for seed in (1, 2, 3)] + [(4, 9)]
TREES = [(3, 1, 0, 7), (5, 8, 0, 7), (4, 3, 11, 8), (8, 1, 20, 9)]   # players, seed, after, depth


class Lcg:
    """A 64-bit linear congruential generator: the same numbers on every Python."""

    def __init__(self, seed: int) -> None:
        self.state = seed * 2654435761 + 1

    def below(self, n: int) -> int:
        self.state = (self.state * 6364136223846793005 + 1442695040888963407) % 2**64
        return (self.state >> 33) % n


def policy_game(players: int, seed: int, stop: int | None = None) -> ig.Game:
    """A fixed policy: go back to camp with a chance that grows with the gems carried."""
    game = ig.new_game(players, seed, diamant=seed == 3)
    rng = Lcg(seed * 10 + players)
    while not game.is_over and (stop is None or len(game.history) < stop):
        carried = game.round_gems[game.to_move]
        game.apply("camp" if rng.below(20) < min(carried, 16) else "torch")
    return game


def position_key(game: ig.Game) -> str:
    views = [game.view(None)] + [game.view(s) for s in range(game.n)]
    for v in views:
        v.pop("log")
    return json.dumps(views, sort_keys=True)


def distinct_positions(game: ig.Game, depth: int) -> list[int]:
    """How many distinct positions after 1..depth actions."""
    counts = []
    frontier = {position_key(game): game}
    for _ in range(depth):
        nxt = {}
        for g in frontier.values():
            for action in g.legal_actions() or [None]:
                child = g.clone()
                if action is not None:
                    child.apply(action)
                nxt.setdefault(position_key(child), child)
        frontier = nxt
        counts.append(len(frontier))
    return counts


def compute() -> dict:
    games = {}
    for players, seed in GAMES:
        game = policy_game(players, seed)
        games[f"{players}p-seed{seed}"] = {
            "actions": len(game.history),
            "rounds": [[r.end.value, list(r.path)] for r in game.rounds_done],
            "finals": [s["final"] for s in game.result()["seats"]],
            "winners": game.result()["winners"],
        }
    trees = {}
    for players, seed, after, depth in TREES:
        game = policy_game(players, seed, stop=after)
        trees[f"{players}p-seed{seed}-after{after}"] = distinct_positions(game, depth)
    return {"games": games, "trees": trees}


def test_perft_matches_the_regression_file():
    expected = json.loads(PERFT_FILE.read_text())
    actual = compute()
    assert actual["trees"] == expected["trees"]
    assert actual["games"].keys() == expected["games"].keys()
    for key, game in expected["games"].items():
        assert actual["games"][key] == game, key


def test_perft_file_is_not_trivial():
    """The recorded games bust and empty the temple; the trees merge sequences (fewer positions
    than 2**depth) and grow."""
    expected = json.loads(PERFT_FILE.read_text())
    ends = {end for g in expected["games"].values() for end, _ in g["rounds"]}
    assert ends == {"bust", "all_left"}
    assert all(len(g["rounds"]) == 5 for g in expected["games"].values())
    for counts in expected["trees"].values():
        assert counts[0] == 2 and counts[-1] > 8
        assert counts[-1] < 2 ** len(counts)


if __name__ == "__main__":
    if sys.argv[1:] != ["--regenerate"]:
        sys.exit(f"usage: python {sys.argv[0]} --regenerate   (rewrites {PERFT_FILE.name})")
    data = {"about": "Regression data for tests/incan_gold/test_perft.py; regenerate with "
                     "`python tests/incan_gold/test_perft.py --regenerate`.", **compute()}
    PERFT_FILE.write_text(json.dumps(data, separators=(",", ":")) + "\n")
    print(f"wrote {PERFT_FILE}: {len(data['games'])} games, trees {data['trees']}")
