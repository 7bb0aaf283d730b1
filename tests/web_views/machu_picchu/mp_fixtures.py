"""Views and markup helpers of the drawings' tests: random legal play of 2-5 player games at
several points (one seat per game named HOSTILE), and readers of the SVG they draw."""
from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from functools import lru_cache

import pytest

import machu_picchu as mp
from kit.seats import SEAT_STYLES

HOSTILE = "<img src=x onerror=alert(1)>"
CHECKPOINTS = (0, 6, 40, 110, 400)


@lru_cache(maxsize=None)
def snapshots(players: int, seed: int) -> tuple:
    """(view for the seat to move, public view) at each checkpoint of one random game."""
    names = [f"P{i}" for i in range(players)]
    names[seed % players] = HOSTILE
    game = mp.new_game(players, seed=seed, names=names)
    rng = random.Random(seed * 31 + players)
    out, done = [], 0
    for stop in CHECKPOINTS:
        while done < stop and not game.is_over:
            legal = game.legal_actions()
            busy = [a for a in legal if a.kind != "stay"] or legal
            game.apply(rng.choice(busy if rng.random() < 0.8 else legal))
            done += 1
        seat = game.to_move if game.to_move is not None else 0
        out.append((game.view(seat), game.view(None)))
    return tuple(out)


def all_views() -> list:
    """Seat views (and a public view) of 2-5 player games at several checkpoints."""
    params = []
    for players in range(2, 6):
        for seed in (1, 2):
            for k, (own, public) in enumerate(snapshots(players, seed)):
                params.append(pytest.param(own, id=f"{players}p-s{seed}-{CHECKPOINTS[k]}"))
                if k == 2:
                    params.append(pytest.param(public, id=f"{players}p-s{seed}-{CHECKPOINTS[k]}-public"))
    return params


def seats_for(view: dict, hostile: bool = False) -> list[dict]:
    seats = [dict(s) for s in SEAT_STYLES[: len(view["players"])]]
    for s, p in zip(seats, view["players"]):
        s["name"] = HOSTILE if hostile else p["name"]
    return seats


def parse(markup: str) -> ET.Element:
    return ET.fromstring(f"<root>{markup}</root>")


def local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def find(root: ET.Element, attr: str) -> list[ET.Element]:
    return [e for e in root.iter() if attr in e.attrib]


def classes(el: ET.Element) -> set[str]:
    return set(el.get("class", "").split())


def text_of(el: ET.Element) -> str:
    return "".join(el.itertext())


def move_targets(view: dict) -> dict[str, str]:
    out = {}
    for text in view.get("legal", ()):
        kind, _, arg = text.partition(" ")
        if kind in ("move", "travel"):
            out[arg] = kind
    return out
