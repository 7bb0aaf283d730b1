"""Incan Gold's guided first game ("one round explained, then play on"): the theme,
the goal and how the game ends before the first move, then the rules in the order the table
needs them, each pointing at what it talks about: the path and how gems are shared, the secret
choice, the gems carried and the tent, the hazards and the deck's odds, going home, artifacts,
a round ended by two hazards of a kind, the rounds after.

The deal (seed 56, the person against two medium bots) opens on a hazard, so the rulebook's
ruling shows at once: the next card is turned straight away. The words are the game's catalogue
entries `ig.guide.<id>.title` and `.html` (locales/<lang>/guide.json). Pure: a view dict in.
"""

from __future__ import annotations

from typing import Any, Optional

from kit.guide import Guide, GuideStep
from kit.markup import Html

from .path import artifact_lies, path_gems

SEED = 56
BOTS = ("medium", "medium")


def _path(ctx: Any) -> list[dict]:
    return [c for c in ctx.view.get("path") or () if isinstance(c, dict)]


def _me(ctx: Any) -> dict:
    players = ctx.view.get("players") or ()
    seat = ctx.deciding if ctx.deciding is not None else ctx.seat
    return players[seat] if seat is not None and 0 <= seat < len(players) else {}


def _first(ctx: Any, kind: str) -> Optional[int]:
    return next((i for i, c in enumerate(_path(ctx)) if c.get("kind") == kind), None)


def _card(index: Optional[int]) -> str:
    return f'#board .ig-path [data-card="{index}"]' if index is not None else "#board .ig-path"


def _artifact(ctx: Any) -> Optional[int]:
    return next((i for i, c in enumerate(_path(ctx)) if artifact_lies(c)), None)


def _hazards(ctx: Any) -> list[int]:
    return [i for i, c in enumerate(_path(ctx)) if c.get("kind") == "hazard"]


def _last_bust(ctx: Any) -> Optional[dict]:
    done = [r for r in ctx.view.get("rounds_done") or () if isinstance(r, dict)]
    return done[-1] if done and done[-1].get("end") == "bust" else None


def _hazard_words(ctx: Any, kind: Any) -> Html:
    return Html(ctx.t(f"ig.hazard.{kind}")) if isinstance(kind, str) else Html("")


# --- before the first move -------------------------------------------------------------------
INTRO = (
    GuideStep("welcome", target="#board .ig-temple"),
    GuideStep("goal", target="#players .ig-me"),
    GuideStep("rounds", target="#board .ig-rounds"),
)

# --- at the person's decisions, the first due one (then the next due, after "Got it") ----------
STEPS = (
    # the round's first card was a hazard: the next one came at once (the rulebook's ruling)
    GuideStep("first_hazard", when=lambda ctx: bool(_path(ctx)) and _path(ctx)[0].get("kind") == "hazard",
              target=lambda ctx: _card(0)),
    GuideStep("share", when=lambda ctx: _first(ctx, "treasure") is not None,
              target=lambda ctx: _card(_first(ctx, "treasure"))),
    GuideStep("carry", target="#players .ig-me .ig-beside",
              params=lambda ctx: {"n": int(_me(ctx).get("round_gems") or 0)}),
    GuideStep("choice", target="#controls .ig-acts"),
    GuideStep("hazard", when=lambda ctx: bool(_hazards(ctx)) and len(_path(ctx)) >= 3,
              target=lambda ctx: _card(_hazards(ctx)[-1]),
              params=lambda ctx: {"hazard": _hazard_words(ctx, _path(ctx)[_hazards(ctx)[-1]].get("hazard"))}),
    GuideStep("odds", when=lambda ctx: bool(_hazards(ctx)) and len(_path(ctx)) >= 3,
              target="#board .ig-deck"),
    GuideStep("artifact", when=lambda ctx: _artifact(ctx) is not None,
              target=lambda ctx: _card(_artifact(ctx))),
    GuideStep("leave", when=lambda ctx: path_gems(ctx.view) > 0 and len(_path(ctx)) >= 4,
              target="#board .ig-path", params=lambda ctx: {"n": path_gems(ctx.view)}),
    GuideStep("tent", when=lambda ctx: len(_path(ctx)) >= 4, target="#players .ig-me .ig-tent"),
    GuideStep("bust", when=lambda ctx: _last_bust(ctx) is not None,
              target="#board .ig-removed",
              params=lambda ctx: {"hazard": _hazard_words(ctx, (_last_bust(ctx) or {}).get("hazard"))}),
    GuideStep("next_round", when=lambda ctx: int(ctx.view.get("round") or 1) >= 2,
              target="#board .ig-rounds", params=lambda ctx: {"round": int(ctx.view.get("round") or 1)}),
    GuideStep("last_round", when=lambda ctx: int(ctx.view.get("round") or 1) >= 5,
              target="#board .ig-rounds"),
)

GUIDE = Guide(seed=SEED, bots=BOTS, options={"diamant": False, "open_tents": False},
              intro=INTRO, steps=STEPS)


def guide() -> Guide:
    """Incan Gold's guided first game."""
    return GUIDE
