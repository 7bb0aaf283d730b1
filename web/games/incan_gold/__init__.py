"""Incan Gold's views for the page's shell: `VIEWS`, a `kit.views.GameViews` (web/games/README.md).

The shell builds a `kit.views.Ctx` (game, view, seat, seats, styles, legal, t, prefs, deciding,
reasons) and asks for HTML by region:

    board     the temple path, the round track, the hazards out of the game, the deck counter
    players   who is in, who went home, who has chosen, gems beside each tent, tents, artifacts
    controls  the prompt and the Torch / Camp buttons (only legal ones), or who is awaited
    log       the events in words, the bots' reasons once their choices are revealed
    announce  one sentence for screen readers (an aria-live region)

`reveal_frames` paces a reveal (those regions, plus the log as it stood and a turn status);
`end_html` is the score sheet and the charts; the rest are the protocol's optional hooks.

Every function is pure: view dicts in, escaped HTML out.
"""

from __future__ import annotations

from typing import Any, Callable, Optional

from kit.views import Ctx, Frames, GameViews

from . import controls, end, panels, path, reveal
from .guide import guide
from .help import help_html
from .look import looks as _looks_of
from .stats import chart_stats

GAME_ID = "incan-gold"
CSS = "incan-gold.css"        # next to this file; the page links it
CLICK_ATTRS: dict[str, str] = {}   # every control carries data-act; the path takes no taps
HINTS = True                  # "Hint?": the medium bot's choice from the deciding seat's view
# The hard bot searches this long per decision in the page: with the slices, applying the move
# and drawing it, a decision stays within the 1 s the issue promises (measured: budget 1.0 gave a
# median of 1.1 s in the page).
BOT_TIME_BUDGET = 0.8
# The home screen's words of the game: catalogue ids (locales/<lang>/page.json here)
BLURB = "ig.home.blurb"
OPTION_LABELS = {
    "diamant": ("ig.home.option.diamant", "ig.home.option.diamant_note"),
    "open_tents": ("ig.home.option.open_tents", "ig.home.option.open_tents_note"),
}
BOT_NOTE = "ig.home.bot_note"

__all__ = ["VIEWS", "GAME_ID", "CSS", "game_regions", "action_for", "end_html", "help_html",
           "replay_regions", "reveal_frames", "seen_mark", "replay_lines", "replay_turns",
           "stage_text", "hide_reason", "bench_selector", "preview_html", "choosing_together"]


def _looks(ctx: Ctx, view: dict):
    return _looks_of(view, ctx.seats, ctx.styles)


def _events(view: dict) -> list:
    return list(view.get("log") or view.get("events") or ())


def _announce(view: dict, t) -> str:
    inside = sum(1 for p in view.get("players", ()) if p.get("in_temple"))
    return t("ig.status", {"round": view.get("round", 1), "cards": len(view.get("path") or ()), "n": inside})


def _log_mark(ctx: Ctx) -> Optional[int]:
    """Where the log stood when the person on screen last decided (lines after it are new)."""
    mark = ctx.seen
    value = mark.get("log") if isinstance(mark, dict) else None
    return value if type(value) is int and value >= 0 else None


def _words_cache(ctx: Ctx) -> dict:
    """The log's rendered lines, kept in the shell's memo for the game on screen (names and
    catalogue do not change within it)."""
    return ctx.memo.setdefault("log_words", {})


def _public_log(ctx: Ctx, view: dict) -> list:
    game = ctx.game
    return list(game.log) if game is not None else _events(view)


def _reasons(ctx: Ctx, view: dict) -> list:
    """The bots' reasons that may be shown now (never before the reveal of their choice)."""
    if "reasons" in ctx.prefs and not ctx.prefs["reasons"]:
        return []
    return panels.revealed_reasons(_public_log(ctx, view), ctx.reasons, path.is_over(view))


def game_regions(ctx: Ctx) -> dict[str, str]:
    """The game screen for the seat on screen (or the public view)."""
    view, t = ctx.view, ctx.t
    looks = _looks(ctx, view)
    seat = ctx.seat
    legal = list(ctx.legal)
    deciding = ctx.deciding
    over = path.is_over(view)
    shown = end.final_view(view) if over else view      # the path as it ended, who lost
    return {
        "board": path.board_html(shown, t),
        "players": panels.players_html(shown, looks, t, viewer=seat, lost=end.lost_at_end(view)),
        "controls": controls.controls_html(view, t, legal, deciding=deciding if legal else None),
        "log": panels.log_html(_events(view), t, reasons=_reasons(ctx, view), public=_public_log(ctx, view),
                               new_from=None if over else _log_mark(ctx), cache=_words_cache(ctx)),
        "announce": _announce(view, t),
    }


def choosing_together(game: Any) -> list[int]:
    """The seats still to choose in the secret choice at hand, the one to move first: the shell
    lets the bots among them decide together (one beat, not one bot after another)."""
    return [] if game.is_over else list(game.order[game.pos:])


def seen_mark(game: Any, seat: int) -> dict:
    """What a person had seen when they decided: the length of their log."""
    return {"log": len(game.log_for(seat))}


def replay_lines(before: Any, after: Any, ctx: Ctx) -> list[str]:
    """What everyone saw happen in one step of a replay, as escaped HTML lines."""
    t = ctx.t
    old = len(before.log_for(None)) if before is not None else 0
    return [panels.event_html(ev, t) for ev in after.log_for(None)[old:]]


def replay_turns(positions: list) -> list[int]:
    """The positions where a step begins (nobody has chosen yet): the replay's jumps."""
    out = []
    for k, g in enumerate(positions):
        if g.is_over:
            out.append(k)
            continue
        view = g.view(None)
        if not view.get("chosen"):
            out.append(k)
    return out


def stage_text(game: Any) -> Any:
    """Where a game stands, for the list of saved games (asked at every autosave: from the
    game's glance, not a whole view)."""
    at = game.glance()
    if at["over"]:
        return ["ig.stage.over", {}]
    return ["ig.stage.round", {"round": at["round"], "of": path.ROUNDS}]


def hide_reason(ctx: Ctx, pass_to: int) -> str:
    """Why the device goes to `pass_to` now (plain text; the shell escapes it)."""
    from html import unescape
    seats = ctx.seats
    name = seats[pass_to]["name"] if pass_to < len(seats) else str(pass_to + 1)
    return unescape(ctx.t("ig.hide.choice", {"name": name}))


def bench_selector(ctx: Ctx) -> str:
    """A CSS selector whose click moves the game on (the benchmark hook)."""
    legal = list(ctx.legal)
    return '[data-act="torch"]' if "torch" in legal else '[data-act="camp"]'


def replay_regions(ctx: Ctx) -> dict[str, str]:
    """A past position, from the public view: no buttons, no tents but open ones."""
    view, t = ctx.view, ctx.t
    looks = _looks(ctx, view)
    return {
        "board": path.board_html(view, t),
        "players": panels.players_html(view, looks, t, viewer=None),
        "controls": "",
        "log": panels.log_html(_events(view), t, cache=_words_cache(ctx)),
        "announce": _announce(view, t),
    }


def action_for(act: str, value: str, ctx: Ctx) -> Optional[str]:
    """A click (data-act, data-v) -> a legal action text, or None."""
    return controls.action_for(act, value, list(ctx.legal))


def end_html(ctx: Ctx) -> str:
    """The end screen: winner(s), score breakdown, per-round charts."""
    view, t, game = ctx.view, ctx.t, ctx.game
    looks = _looks(ctx, view)
    result = view.get("result") or (game.result() if game is not None and game.is_over else {})
    stats = None
    if game is not None:
        import incan_gold
        stats = chart_stats(incan_gold.game_stats(game))
    return end.end_html(view, result, looks, t, stats)


def preview_html(players: int, styles: list, words: Any) -> str:
    """Incan Gold's picture on the home screen, where Machu Picchu shows its board: the temple,
    its path of cards and the camp, with an explorer in each seat's colour and shape."""
    from kit.seats import badge_at_origin, seat_style
    from .art import temple_picture
    markers = []
    for i in range(players):
        st = seat_style(styles, i)
        markers.append(badge_at_origin(st.shape, st.colour, st.letter, st.ink, 16))
    return temple_picture(markers, words.t("ig.home.picture", {"n": players}))


def loading_board_html(words: Any) -> str:
    """The board of a new game, where an Incan Gold game resumes at start: as tall as any
    game's (the path keeps room for its two rows from the start, the deck its rows)."""
    import incan_gold
    return path.board_html(incan_gold.new_game(players=3, seed=1).view(None), words.t)


def reveal_frames(before_view: Callable[[], dict], after_view: dict, ctx: Ctx) -> Frames:
    """The paced reveal of one resolved step: (seconds, regions) frames for the shell to play
    (`before_view()`: the table before the change, built only for a step resolved)."""
    at, events = reveal.step_events(after_view)
    if at < 0:              # a choice that others still wait on: nothing to draw
        return []
    return reveal.frames(before_view(), after_view, (at, events), _looks(ctx, after_view), ctx.t,
                         viewer=ctx.seat, cache=_words_cache(ctx))


class IncanGoldViews(GameViews):
    """Incan Gold's views for the shell: this module's functions."""

    game_id = GAME_ID
    css = CSS
    click_attrs = CLICK_ATTRS
    blurb = BLURB
    option_labels = OPTION_LABELS
    bot_note = BOT_NOTE
    bot_time_budget = BOT_TIME_BUDGET
    hints = HINTS

    game_regions = staticmethod(game_regions)
    action_for = staticmethod(action_for)
    end_html = staticmethod(end_html)
    help_html = staticmethod(help_html)
    replay_regions = staticmethod(replay_regions)
    reveal_frames = staticmethod(reveal_frames)
    choosing_together = staticmethod(choosing_together)
    seen_mark = staticmethod(seen_mark)
    replay_lines = staticmethod(replay_lines)
    replay_turns = staticmethod(replay_turns)
    stage_text = staticmethod(stage_text)
    hide_reason = staticmethod(hide_reason)
    bench_selector = staticmethod(bench_selector)
    preview_html = staticmethod(preview_html)
    loading_board_html = staticmethod(loading_board_html)
    guide = staticmethod(guide)


VIEWS = IncanGoldViews()
