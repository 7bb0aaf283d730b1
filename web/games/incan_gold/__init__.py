"""Incan Gold's views for the page's shell (the protocol of web/games/README.md).

The shell builds a `ctx` (game, view, seat, seats, styles, legal, t, prefs, deciding, reasons)
and asks this module for HTML by region:

    board     the temple path, the round track, the hazards out of the game, the deck counter
    players   who is in, who went home, who has chosen, gems beside each tent, tents, artifacts
    controls  the prompt and the Torch / Camp buttons (only legal ones), or who is awaited
    log       the events in words
    announce  one sentence for screen readers (an aria-live region)

Every function is pure: view dicts in, escaped HTML out.
"""

from __future__ import annotations

from typing import Any, Optional

from . import controls, end, panels, path, reveal
from .help import help_html
from .look import looks as _looks_of
from .stats import chart_stats

GAME_ID = "incan-gold"
CSS = "incan-gold.css"        # next to this file; the shell links it

__all__ = ["GAME_ID", "CSS", "game_regions", "action_for", "end_html", "help_html",
           "replay_regions", "reveal_frames"]


def _get(ctx: Any, key: str, default: Any = None) -> Any:
    if isinstance(ctx, dict):
        return ctx.get(key, default)
    return getattr(ctx, key, default)


def _looks(ctx: Any, view: dict):
    return _looks_of(view, _get(ctx, "seats"), _get(ctx, "styles"))


def _events(view: dict) -> list:
    return list(view.get("log") or view.get("events") or ())


def _announce(view: dict, t) -> str:
    inside = sum(1 for p in view.get("players", ()) if p.get("in_temple"))
    return t("page.status", {"round": view.get("round", 1), "cards": len(view.get("path") or ()), "n": inside})


def game_regions(ctx: Any) -> dict[str, str]:
    """The game screen for the seat on screen (or the public view)."""
    view, t = _get(ctx, "view"), _get(ctx, "t")
    looks = _looks(ctx, view)
    seat = _get(ctx, "seat")
    legal = list(_get(ctx, "legal") or ())
    deciding = _get(ctx, "deciding")
    return {
        "board": path.board_html(view, t),
        "players": panels.players_html(view, looks, t, viewer=seat),
        "controls": controls.controls_html(view, t, legal, deciding=deciding if legal else None),
        "log": panels.log_html(_events(view), t, reasons=_get(ctx, "reasons") or ()),
        "announce": _announce(view, t),
    }


def replay_regions(ctx: Any) -> dict[str, str]:
    """A past position, from the public view: no buttons, no tents but open ones."""
    view, t = _get(ctx, "view"), _get(ctx, "t")
    looks = _looks(ctx, view)
    return {
        "board": path.board_html(view, t),
        "players": panels.players_html(view, looks, t, viewer=None),
        "controls": "",
        "log": panels.log_html(_events(view), t),
        "announce": _announce(view, t),
    }


def action_for(act: str, value: str, ctx: Any) -> Optional[str]:
    """A click (data-act, data-v) -> a legal action text, or None."""
    return controls.action_for(act, value, list(_get(ctx, "legal") or ()))


def end_html(ctx: Any) -> str:
    """The end screen: winner(s), score breakdown, per-round charts."""
    view, t, game = _get(ctx, "view"), _get(ctx, "t"), _get(ctx, "game")
    looks = _looks(ctx, view)
    result = view.get("result") or (game.result() if game is not None and game.is_over else {})
    stats = None
    if game is not None:
        import incan_gold
        stats = chart_stats(incan_gold.game_stats(game))
    return end.end_html(view, result, looks, t, stats)


def reveal_frames(before_view: dict, after_view: dict, ctx: Any) -> list[tuple[float, dict[str, str]]]:
    """The paced reveal of one resolved step: (seconds, regions) frames for the shell to play."""
    t = _get(ctx, "t")
    return reveal.frames(before_view, after_view, _looks(ctx, after_view), t, viewer=_get(ctx, "seat"))
