"""The Princes of Machu Picchu in the page: `VIEWS`, its `kit.views.GameViews` (web/games/README.md),
over this folder's views: the drawings (board, marks, moves, trail, days, market, rows, cards, icons: pure
functions from a view dict to SVG markup, user text escaped, taps found by their data-*
attributes), controls, panels, follow, charts, help.

Everything here is a pure function of the `ctx` the shell builds; what a decision needs between
two taps (the selection being drafted) lives in `ctx.draft`, what the game needs between two
decisions (the corn at the start of a market visit) in `ctx.memo`.
"""

from __future__ import annotations

import html
from typing import Any, Optional

from kit.views import GameViews

from .words import speaking, with_words

GAME_ID = "machu-picchu"
CSS = "machu-picchu.css"      # next to this file; the page links it
# On a phone the city and the Incatrail are drawn at a readable scale in a frame the finger pans
# sideways: the shell's "Whole board" switch shows them whole (machu-picchu.css widens them).
WHOLE_BOARD = True
# Board elements that take a tap without a data-act: attribute -> the act it stands for.
CLICK_ATTRS = {"data-district": "district", "data-tile": "tile", "data-pick": "pick"}
HINTS = True                  # the shell may offer a bot's hint under a person's controls
# The bot that answers "Hint?": the strongest level that answers within a second in the page.
# Hard, thinking 0.7 s: the page's search runs hundreds of iterations in that time (`build.py
# bench --search`), and at 48 turn decisions (days 3-8, 4 players) hard with 100, 300 or 600
# iterations picked the move of a deep search (hard, 2000 iterations) 63%, 65% and 71% of the
# time, medium 48%. At the table, hard with 0.25 s of CPU (about 300 iterations) won 39-46% of
# 4-player games against two medium bots (and another hard), each medium 12-17%.
HINT_LEVEL = "hard"
HINT_TIME_BUDGET = 0.7
# The home screen's words of the game: catalogue ids (locales/<lang>/page.json here)
BLURB = "mp.home.blurb"
OPTION_LABELS = {"learning": ("mp.home.option.learning", "mp.home.option.learning_note")}
BOT_NOTE = "mp.home.bot_note"


def _mods():
    from . import board, controls, panels
    return board, controls, panels


def _princes(mark: Any, players: int) -> Optional[list[int]]:
    """The Prince districts a seat last saw, if the saved mark is sound (else None)."""
    princes = mark.get("princes") if isinstance(mark, dict) else None
    if (isinstance(princes, list) and len(princes) == players
            and all(type(d) is int and -1 <= d < 15 for d in princes)):
        return princes
    return None


def _log_mark(mark: Any) -> Optional[int]:
    value = mark.get("log") if isinstance(mark, dict) else None
    return value if type(value) is int and value >= 0 else None


def seen_mark(game: Any, seat: int) -> dict:
    """What a person saw when they decided: their log's length, where the Princes stood and
    the game's step (the next time they decide, the log marks what is new, arrows show who
    went where and the summary tells what happened since)."""
    step = len(game.history or ())
    at = game.glance()
    if step and not at["over"] and (_night_now(at) or at["turns_today"] == 0):
        step -= 1       # this decision ended the day: the summary keeps it, and the night after
    return {"log": len(game.log_for(seat)), "princes": at["princes"], "step": step}


def _night_now(view: dict) -> bool:
    from .follow import night_now
    return night_now(view)


def keeps_mark(game: Any, seat: int) -> bool:
    """A decision out of one's turn (production or a sacrifice during another's turn, the
    night's moon tiles and Sun Clock goods) keeps the mark of one's last turn: the arrows and
    the summary of what the others did stay until one's own turn."""
    at = game.glance()
    return at["active"] != seat or _night_now(at)


def _step_mark(mark: Any) -> Optional[int]:
    value = mark.get("step") if isinstance(mark, dict) else None
    return value if type(value) is int and value >= 0 else None


def _with_idle(ctx: Any) -> dict:
    """ctx.view, its turn prompt told which districts give the player nothing today (the
    engine's `machu_picchu.yields`, asked here rather than in every view: bots read views)."""
    view = ctx.view
    prompt = view.get("prompt")
    if isinstance(prompt, dict) and prompt.get("kind") == "turn" and "idle" not in prompt:
        from machu_picchu.yields import idle_districts
        prompt["idle"] = idle_districts(ctx.game, prompt["seat"])
    return view


# --- the decision being drafted ---------------------------------------------------------------
def _draft(ctx: Any) -> dict:
    _board, controls, _panels = _mods()
    view = _with_idle(ctx)
    prompt = view.get("prompt") or {}
    key = (len(ctx.game.history or ()), prompt.get("kind"), ctx.deciding)
    if ctx.draft.get("key") != key:
        ctx.draft.clear()
        ctx.draft.update(controls.new_draft(key, view))
    return ctx.draft


def _market_corn(ctx: Any) -> Optional[int]:
    """The deciding seat's corn when its market visit began (the controls show the change)."""
    prompt = ctx.view.get("prompt") or {}
    if prompt.get("kind") != "market":
        ctx.memo.pop("market_entry", None)
        return None
    seat = prompt["seat"]
    entry = ctx.memo.get("market_entry")
    fresh = not prompt.get("traded") and not prompt.get("adjusted")
    if fresh or entry is None or entry[0] != seat:
        entry = (seat, ctx.view["players"][seat]["goods"]["corn"])
        ctx.memo["market_entry"] = entry
    return entry[1]


@with_words
def on_act(ctx: Any, act: str, value: str) -> tuple[Optional[str], Optional[str]]:
    """A tap on a control or on the board, for the person deciding: (action text to apply or
    None, a note to show or None). The selection being drafted is kept in ctx.draft."""
    _board, controls, _panels = _mods()
    draft, action, note = controls.reduce(ctx.view, _draft(ctx), act, value)
    ctx.draft.clear()
    ctx.draft.update(draft)
    return action, note


def action_for(act: str, value: str, ctx: Any) -> Optional[str]:
    """The protocol's one-tap form of `on_act` (the shell calls on_act when a game has it)."""
    return on_act(ctx, act, value)[0]


# --- screens ----------------------------------------------------------------------------------
def _log(ctx: Any, lines: list, public: list, new_from: Optional[int]) -> str:
    _board, _controls, panels = _mods()
    show = bool(ctx.prefs.get("reasons"))
    reasons = [r for r in ctx.reasons if isinstance(r[1], (str, list))]
    return panels.log_html(panels.merge_reasons(lines, public, reasons, show, new_from),
                           [s["name"] for s in ctx.seats])


@with_words
def game_regions(ctx: Any) -> dict[str, str]:
    """The live game, as the seat on screen sees it (ctx.seat None: the public view)."""
    board, controls, panels = _mods()
    from . import days, market, moves, rows, trail
    from .words import t
    g, view, seat = ctx.game, ctx.view, ctx.seat
    hint = getattr(ctx, "hint", None)
    if ctx.deciding is not None:
        draft = _draft(ctx)
        targets, selected = controls.board_targets(view, draft)
        idle = {d: html.unescape(t("mp.idle.board", why=controls.idle_words(why)))
                for d, why in controls.idle_targets(view).items()}
        ctl = controls.controls_html(view, draft, market_start_corn=_market_corn(ctx), hint=hint)
        row_picks = controls.board_rows(view, draft, hint)
    else:
        targets, selected, ctl, hint, idle, row_picks = None, None, "", None, None, {}
    mark = None if g.is_over else ctx.seen
    princes = _princes(mark, len(view["players"]))
    arrivals, scouts = _arrivals(ctx)
    steps = _steps(ctx, mark)
    return {
        "topinfo": panels.topinfo_html(view),
        "turn-status": panels.status_html(view, ctx.seats, ctx.styles, viewer=seat,
                                          thinking=ctx.thinking),
        "board": board.board_svg(view, ctx.styles, targets, selected,
                                 moves.prince_moves(princes, g.glance()["princes"], seat),
                                 hinted=controls.hint_district(view, hint), idle=idle,
                                 arrivals=arrivals, marks=_goods_marks(steps, seat)),
        "controls": ctl,
        "follow": _follow(ctx, steps),
        "players": panels.players_html(view, ctx.seats, ctx.styles, viewer=seat,
                                       thinking=ctx.thinking),
        "hand": panels.hand_html(view, ctx.seats, seat) if not g.is_over else "",
        "market": market.market_svg(view),
        "rows": rows.rows_svg(view, **row_picks),
        "trail": trail.trail_svg(view, ctx.styles, scouts),
        "time": days.time_svg(view, ctx.styles,
                              [t.split()[1] for t in ctx.legal if t.startswith("stay ")],
                              hinted=controls.hint_tile(view, hint)),
        "log": _log(ctx, view["log"], g.log, _log_mark(mark)),
        "announce": "",
    }


def hint_words(game: Any, seat: int, action: Any, words: Any = None) -> str:
    """Why the hint bot suggests `action`, in the player's words (escaped HTML): the bots'
    structured reason (machu_picchu.bots.reasons.why) read from the seat's side only, on a
    re-deal of what it cannot see, worded from the catalogue."""
    import random
    from machu_picchu.bots.reasons import why
    from .words import hint_text
    g = game.determinize(seat, random.Random(len(game.history or ())))
    text = getattr(action, "text", action)
    reason = next((why(g, seat, c) for c in g.legal_actions() if c.text == text),
                  ["other", {"action": text}])
    if words is None:
        return hint_text(reason)
    with speaking(words):
        return hint_text(reason)


def _nested(params: dict, each: Any) -> dict:
    """`params` with `each` applied to every nested reason: the values under a key ending in
    "why" and the items of "parts" (pack_reason and unpack_reason walk the same places)."""
    def inner(key: str, value: Any) -> Any:
        if key.endswith("why"):
            return each(value)
        if key == "parts" and isinstance(value, list):
            return [each(x) for x in value]
        return value
    return {key: inner(key, v) for key, v in params.items()}


def _is_reason(r: Any) -> bool:
    return isinstance(r, (list, tuple)) and len(r) == 2 and isinstance(r[1], dict)


def pack_reason(reason: Any) -> Any:
    """A structured reason ([kind, params], nested under "why" and "parts") with each nested
    reason as one dict {"k": kind, **params}: a level less per nesting, so that a saved record
    stays within its nesting bound (shell.storage.MAX_RECORD_DEPTH)."""
    def pack(r: Any) -> Any:
        return {"k": r[0], **_nested(r[1], pack)} if _is_reason(r) else r
    return [reason[0], _nested(reason[1], pack)]


def unpack_reason(reason: Any) -> Any:
    """The reason `pack_reason` packed, as `machu_picchu.bots.reasons.why` gives it."""
    def unpack(r: Any) -> Any:
        if isinstance(r, dict) and isinstance(r.get("k"), str):
            return [r["k"], _nested({key: v for key, v in r.items() if key != "k"}, unpack)]
        return r
    if not _is_reason(reason):
        return reason
    return [reason[0], _nested(reason[1], unpack)]


# The bot levels whose reason is the structured one of machu_picchu.bots.reasons with developer
# words around it ("look-ahead: best of 4 by 4.6 points"); a searching bot (the hard one) gives
# its figures as data (Decision.figures), kept beside that reason under "search". The
# strategists' styles (machu_picchu.bots.STYLES) explain themselves in English developer words
# ("builder: works on: plaza"): their moves get the structured reason too, in the player's words.
REASONED_LEVELS = ("easy", "medium")
SEARCH_FIGURES = ("games", "ahead", "rate")      # what the log keeps of Decision.figures
HELPED_LEVELS = ("hard",)    # bots whose search Web Workers share (shell.search_pool)
MAX_REASON_JSON = 600        # what a saved record keeps of a reason's parameters (shell.storage)
# How deep a reason may nest: the record, its list of reasons and each [index, reason] take 3
# of the record's levels (shell.storage.MAX_RECORD_DEPTH, 10).
MAX_REASON_DEPTH = 7


def bot_reason(game: Any, seat: int, action: Any, reason: Any, seat_record: dict,
               figures: Optional[dict] = None) -> Any:
    """What the log keeps of a bot's reason: the structured reason of the hints
    (machu_picchu.bots.reasons.why, from the seat's side) for the levels that reason that way
    and for a searching bot (with its `figures` under "search": how many games it imagined,
    how many while others decided, the chosen move's win rate), worded in the player's words
    when shown; else the bot's text (a searching bot's figures alone when its reason is too
    big to save). Kept packed (`pack_reason`): a saved record bounds its nesting."""
    import json
    import random
    from machu_picchu.bots.reasons import why
    from tabletop.jsonbound import nesting_depth
    search = ({k: figures[k] for k in SEARCH_FIGURES if isinstance(figures.get(k), (int, float))}
              if isinstance(figures, dict) and figures.get("games") else None)
    from machu_picchu.bots import STYLES       # imported with the bot that decided
    level = seat_record.get("level")
    if ((level not in REASONED_LEVELS and level not in STYLES and not search)
            or game.to_move != seat or len(game.legal_actions()) < 2):   # forced: the bot says so
        return reason
    g = game.determinize(seat, random.Random(len(game.history or ())))
    text = getattr(action, "text", action)
    for candidate in g.legal_actions():
        if candidate.text == text:
            data = pack_reason(why(g, seat, candidate))
            if search:
                data[1]["search"] = search
            if (len(json.dumps(data[1])) <= MAX_REASON_JSON
                    and nesting_depth(json.dumps(data)) <= MAX_REASON_DEPTH):
                return data
    return ["searched", {"search": search}] if search else reason


def _arrivals(ctx: Any) -> tuple[dict, dict]:
    """The Princes and scouts to slide in: those that moved since the board was last drawn
    (kept, with the same keys, until they move again: redrawing plays nothing twice)."""
    from .moves import prince_arrivals, scout_arrivals
    g = ctx.game
    at = g.glance()
    now = (at["princes"], at["scouts"])
    drawn = ctx.memo.get("drawn")
    if drawn is None:                       # the first drawing of this game: nothing moved
        ctx.memo["drawn"] = (now, {}, {})
    elif drawn[0] != now:
        key = f"m{len(g.history or ())}"
        princes = dict(drawn[1])
        princes.update(prince_arrivals(drawn[0][0], now[0], key))
        scouts = dict(drawn[2])
        scouts.update(scout_arrivals(drawn[0][1], now[1], key))
        ctx.memo["drawn"] = (now, princes, scouts)
    return ctx.memo["drawn"][1], ctx.memo["drawn"][2]


def _steps(ctx: Any, mark: Any) -> list:
    """The steps since the seat on screen last took its turn (none for the public view)."""
    from .follow import steps_since
    if ctx.game.is_over or ctx.seat is None:
        return []
    return steps_since(ctx, _step_mark(mark))


def _goods_marks(steps: list, viewer: Optional[int]) -> Optional[dict]:
    from .follow import goods_marks
    return goods_marks(steps, viewer) if steps else None


def _follow(ctx: Any, steps: list) -> str:
    """What happened since the seat on screen last took its turn (empty for the public view)."""
    from .follow import start_note, summary_html
    if ctx.game.is_over:
        return ""
    note = start_note(ctx.view)
    if ctx.seat is None:
        return note
    return note + summary_html(steps, ctx.t, ctx.styles, viewer=ctx.seat)


@with_words
def replay_regions(ctx: Any) -> dict[str, str]:
    """A past position (ctx.game, ctx.view: public), with the Prince moves of the step that led
    to it (ctx.before: the position before it, or None at the start)."""
    board, _controls, panels = _mods()
    from . import days, market, moves, rows, trail
    view, before = ctx.view, ctx.before
    went = moves.prince_moves(before.glance()["princes"] if before is not None else None,
                              ctx.game.glance()["princes"], None)
    return {
        "topinfo": panels.topinfo_html(view),
        "turn-status": panels.status_html(view, ctx.seats, ctx.styles, viewer=None, thinking=None),
        "board": board.board_svg(view, ctx.styles, None, None, went, "in this step",
                                 marks=_step_marks(before, ctx.game, view)),
        "players": panels.players_html(view, ctx.seats, ctx.styles, viewer=None, thinking=None),
        "hand": "",
        "market": market.market_svg(view),
        "rows": rows.rows_svg(view),
        "trail": trail.trail_svg(view, ctx.styles),
        "time": days.time_svg(view, ctx.styles),
        "log": _log(ctx, view["log"], ctx.game.log, None),
        "announce": "",
    }


def _step_marks(before: Any, game: Any, view: dict) -> Optional[dict]:
    """What the step that led to a replay's position gained or traded, where (for the board)."""
    from .follow import goods_marks, steps_from
    history = game.history or ()
    if before is None or not history:
        return None
    return goods_marks(steps_from(game, len(history) - 1), None)


def replay_positions(game: Any) -> Any:
    """The game's positions for the replay, built on demand (`machu_picchu.positions`: light
    checkpoints and log offsets, linear in the game's length)."""
    from machu_picchu import positions
    return positions(game)


@with_words
def replay_lines(before: Any, after: Any, ctx: Any) -> list[str]:
    """What everyone saw happen in one step, as escaped HTML lines (names in <bdi>)."""
    from machu_picchu.replay import step_lines
    from .words import event_html
    events = after.log if before is None else step_lines(before, after)
    names = [s["name"] for s in ctx.seats] if ctx is not None else list(after.names)
    return [event_html(event, names) for event in events]


def replay_turns(positions: Any) -> list[int]:
    """The positions where a turn begins (the replay's « and » buttons jump between them),
    read from the replay's marks when it keeps them (no position built)."""
    kind = getattr(positions, "prompt_kind", None)
    if kind is not None:
        return [k for k in range(len(positions)) if kind(k) == "turn"]
    return [k for k, g in enumerate(positions) if g.prompt and g.prompt[0] == "turn"]


def stage_text(game: Any) -> Any:
    """Where a game stands, for the list of saved games."""
    return ["mp.stage.day", {"day": game.glance()["day"]}]


@with_words
def end_html(ctx: Any) -> str:
    """The final score sheet, every hand, and the charts of how the game went."""
    from machu_picchu import game_stats
    _board, _controls, panels = _mods()
    g = ctx.game
    cached = ctx.memo.get("stats")
    if cached is None or cached[0] is not g or cached[1] != len(g.history):
        cached = (g, len(g.history), game_stats(g))
        ctx.memo["stats"] = cached
    return panels.end_html(ctx.view, ctx.seats, ctx.styles, cached[2])


def help_html(words: Any = None) -> str:
    """The rules help, in `words` (the page's when none are handed: the view tests)."""
    from .help import help_html as html
    if words is None:
        return html()
    with speaking(words):
        return html()


@with_words
def hide_reason(ctx: Any, pass_to: int) -> str:
    """Why the device goes to `pass_to` now (plain text; the shell escapes it)."""
    from html import unescape
    from .words import t
    g = ctx.game
    name = ctx.seats[pass_to]["name"]
    if g.to_move == pass_to and g.prompt and g.prompt[0] == "return":
        return unescape(t("mp.hide.summit"))
    if g.to_move == pass_to:
        return unescape(t("mp.hide.decision", name=name))
    return unescape(t("mp.hide.bot", bot=ctx.seats[g.to_move]["name"], name=name))


@with_words
def bench_selector(ctx: Any) -> str:
    """A CSS selector whose click moves the game on (the benchmark hook)."""
    _board, controls, _panels = _mods()
    return controls.bench_selector(ctx.view, _draft(ctx))


def preview_html(players: int, styles: list, words: Any = None) -> str:
    """The board of a new game, drawn on the home screen behind the form."""
    import machu_picchu as mp
    board, _controls, _panels = _mods()
    view = mp.new_game(players=players, seed=1, names=[f"P{i + 1}" for i in range(players)]).view(None)
    if words is None:
        return board.board_svg(view, styles, interactive=False)
    with speaking(words):
        return board.board_svg(view, styles, interactive=False)


def guide() -> Any:
    """The guided first game ("Learn to play"): the learning variant against easy bots, a step
    at each new kind of decision (guide.py)."""
    from .guide import GUIDE
    return GUIDE


def search_bench(budget: float, hint_budget: float) -> dict:
    """The hard bot's search speed in the page, and how long each level takes to answer a hint
    (`build.py bench --search`; blocks the page while it runs)."""
    from machu_picchu.bots.speed import answer_times, positions, search_speed
    games = positions()
    return {"search": search_speed(budget, games=games),
            "answers": answer_times({"medium": None, "hard": hint_budget}, games)}


def bench_positions() -> list:
    """The positions at which `build.py bench --search` times the helped search."""
    from machu_picchu.bots.speed import positions
    return positions()


class MachuPicchuViews(GameViews):
    """Machu Picchu's views for the shell: this module's functions."""

    game_id = GAME_ID
    css = CSS
    click_attrs = CLICK_ATTRS
    whole_board = WHOLE_BOARD
    blurb = BLURB
    option_labels = OPTION_LABELS
    bot_note = BOT_NOTE
    helped_levels = HELPED_LEVELS
    hints = HINTS
    hint_level = HINT_LEVEL
    hint_time_budget = HINT_TIME_BUDGET

    game_regions = staticmethod(game_regions)
    action_for = staticmethod(action_for)
    on_act = staticmethod(on_act)
    end_html = staticmethod(end_html)
    help_html = staticmethod(help_html)
    replay_regions = staticmethod(replay_regions)
    hint_words = staticmethod(hint_words)
    bot_reason = staticmethod(bot_reason)
    hide_reason = staticmethod(hide_reason)
    stage_text = staticmethod(stage_text)
    seen_mark = staticmethod(seen_mark)
    keeps_mark = staticmethod(keeps_mark)
    replay_lines = staticmethod(replay_lines)
    replay_positions = staticmethod(replay_positions)
    replay_turns = staticmethod(replay_turns)
    bench_selector = staticmethod(bench_selector)
    preview_html = staticmethod(preview_html)
    guide = staticmethod(guide)
    search_bench = staticmethod(search_bench)
    bench_positions = staticmethod(bench_positions)


VIEWS = MachuPicchuViews()
