"""Builders of the Incan Gold view tests: view dicts shaped as issue 11 specifies."""
from __future__ import annotations

from pathlib import Path


ROOT = Path(__file__).resolve().parents[3]
EVIL = '<img src=x onerror=alert(1)>'
NAMES = ["Ana", "Bruno", EVIL, "Dora", "Emil", "Fatma", "Gus", "Hiro"]
HAZARDS = ("spiders", "snakes", "mummies", "fire", "rockfall")


def build_view(players: int = 4, *, path=(), removed=(), round_=2, viewer=0, tents=None,
               in_temple=None, chosen=(), round_gems=None, artifacts=None, start=1, deck=None,
               options=None, log=()) -> dict:
    """A view as `game.view(viewer)` gives it: only the viewer's tent is known."""
    tents = tents or [10 * (i + 1) + 7 for i in range(players)]
    cards = [dict(c) for c in path]
    if deck is None:
        deck = {"treasure": 15 - sum(c["kind"] == "treasure" for c in cards), "artifact": 1}
        for k in HAZARDS:
            deck[k] = 3 - sum(c.get("hazard") == k for c in cards) - list(removed).count(k)
    return {
        "round": round_, "path": cards, "removed_hazards": list(removed), "deck": deck,
        "start_player": start, "options": options or {"diamant": False, "open_tents": False},
        "over": False, "log": list(log),
        "players": [{
            "name": NAMES[i],
            "in_temple": True if in_temple is None else i in in_temple,
            "round_gems": (round_gems or [0] * players)[i],
            "chosen": i in chosen,
            "tent": tents[i] if viewer == i else None,
            "artifacts": list((artifacts or {}).get(i, [])),
        } for i in range(players)],
    }


def treasure(gems, left=0):
    return {"kind": "treasure", "gems": gems, "hazard": None, "left": left}


def hazard(kind):
    return {"kind": "hazard", "gems": None, "hazard": kind, "left": 0}


def artifact():
    return {"kind": "artifact", "gems": None, "hazard": None, "left": 0}


def ctx_of(t, view=None, *, seat=None, seats=None, legal=(), deciding=None, game=None, **more):
    """A `kit.views.Ctx` for Incan Gold's views (words: the catalogue's `t`; seat styles left
    to the views' own fallback)."""
    from types import SimpleNamespace
    from kit.views import Ctx
    return Ctx(info=None, game=game, view=view if view is not None else {}, seat=seat, seats=seats,
               styles=None, legal=list(legal), deciding=deciding, words=SimpleNamespace(t=t), **more)
