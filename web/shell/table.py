"""The table: the game on screen and what the page keeps beside it (seats, the bots' reasons,
each person's mark, the decision being drafted, the hint, the reveal playing), for any game of
the registry through its views (`kit.views.GameViews`).

It applies an action or takes decisions back, says whose eyes the screen is for, and builds
what to draw: the seat's view and legal actions once per change of the game (a click that only
drafts a decision, and every frame of a reveal, reuse them; the view before a change only when
a reveal follows), the game's regions (not while a reveal frame stands in for them) and the
shell's around them. Pure Python (no browser import).
"""

from __future__ import annotations

from typing import Any, Callable, Optional

from tabletop.protocol import ExplainsUndo, KeepsDeciders, TakesBack

from kit.svg import bdi
from kit.views import Ctx, GameViews, make_ctx

from . import guiding, hotseat, later, screens
from .i18n import Html, t
from .refusals import NO_UNDO, worded

# The page's regions (elements of index.html by id). A game draws GAME_REGIONS (those it leaves
# out stay empty); the shell draws the rest.
GAME_REGIONS = ("topinfo", "turn-status", "board", "controls", "follow", "players", "hand",
                "market", "rows", "trail", "time", "log", "announce")


def action_text(action: Any) -> str:
    """An engine's Action as its stable text."""
    text = getattr(action, "text", None)
    return text if isinstance(text, str) else str(action)


class Table:
    """One game on screen, loaded whole (`rec`: the saved record's id, dates and seats)."""

    def __init__(self, info: Any, views: GameViews, game: Any, rec: dict, created: str,
                 holder: Optional[int] = None) -> None:
        self.info = info
        self.views = views
        self.game = game
        self.rec = {"id": rec["id"], "created": rec.get("created") or created,
                    "copy_of": rec.get("copy_of")}
        self.seats: list[dict] = rec["seats"]
        self.reasons: list[list] = [list(r) for r in rec.get("reasons", [])]
        # per human seat, what the game marked at its last decision (its views' seen_mark)
        self.seen: dict[int, dict[str, Any]] = {int(s): dict(e) for s, e in rec.get("seen", {}).items()}
        people = hotseat.humans(self.seats)
        self.holder = holder if holder is not None else (people[0] if len(people) == 1 else None)
        # a bot decided since the holder last had the screen (several people: hide first)
        self.veiled = False
        self.hint: Optional[tuple[tuple[int, int], str, str]] = None   # (step, seat), action, reason
        self.hinting: Optional[tuple[int, int]] = None   # (step, seat) of a hint being thought
        self.draft: dict[str, Any] = {}
        self.memo: dict[str, Any] = {}
        self.frame: Optional[dict[str, str]] = None   # a reveal frame on screen (regions)
        self.frame_at = ""                            # which one: "k/n" (body[data-reveal-frame])
        self.reveal_id = 0            # the reveal playing; a tap raises it, which ends the reveal
        self.together: Optional[list[int]] = None     # the bots choosing together now
        self.thinking: Optional[int] = None           # the bot seat thinking now
        self.bots: dict[int, Any] = {}
        levels = info.bot_levels
        for i, s in enumerate(self.seats):
            if s["type"] == "bot":
                level = s["level"] if s["level"] in levels else levels[0]
                seed = (game.seed * 31 + i) % (2 ** 31)
                self.bots[i] = later.Lazy(info.make_bot, level, seed=seed,   # made at its first turn
                                          time_budget=views.bot_time_budget)
        self._looked_game: Any = None           # what `_looks` holds is of this game,
        self._looked_step = -1                  # at this step
        self._looked: dict[Optional[int], tuple] = {}
        self.builds = {"view": 0, "legal": 0}  # how many the table built (tests count them)
        # the guided game's steps, or the tips of an ordinary one (guiding.py; None: neither)
        self.guide: Optional[guiding.GuideRun] = None

    # --- whose eyes -------------------------------------------------------------------------
    def people(self) -> list[int]:
        return hotseat.humans(self.seats)

    def plan(self) -> tuple[Optional[int], Optional[int]]:
        """(the seat whose eyes the screen is for, the seat to pass the device to first)."""
        g = self.game
        deciders = (g.deciders or ()) if isinstance(g, KeepsDeciders) else ()
        return hotseat.screen_plan(self.seats, g.to_move, self.holder, g.is_over, deciders,
                                   self.veiled)

    def reveal_viewer(self) -> Optional[int]:
        """Whose view a reveal is drawn from: the one person's, else the public view."""
        people = self.people()
        return people[0] if len(people) == 1 else None

    def undo_count(self, seat: Optional[int], pass_to: Optional[int]) -> int:
        """How many decisions the person on screen may take back now."""
        g = self.game
        if g.is_over or seat is None or pass_to is not None or self.frame is not None:
            return 0
        if self.seats[seat]["type"] != "human":
            return 0
        if len(self.people()) == 1 and isinstance(g, TakesBack):
            return g.takeback(seat)     # against bots: the last decision and the bots' replies
        return g.undoable(seat)

    def undo_why(self, seat: Optional[int], pass_to: Optional[int]) -> Html:
        """Why the person on screen (from a pass screen: the one who just chose) may take
        nothing back now, in words: the game's rule where it says one (ExplainsUndo: nothing
        decided yet, a card drawn or a choice revealed since, another player's decision since),
        else that there is nothing to take back."""
        g = self.game
        who = self.holder if pass_to is not None else seat
        reason = None
        if (who is not None and self.frame is None and self.seats[who]["type"] == "human"
                and isinstance(g, ExplainsUndo)):
            reason = g.undo_refused(who, len(self.people()) == 1 and isinstance(g, TakesBack))
        return worded(*(reason or (NO_UNDO, None)), NO_UNDO)   # the player's name isolated there

    def human_deciding(self) -> Optional[int]:
        """The human seat whose controls the table shows now, if any."""
        if self.game.is_over or self.frame is not None:
            return None
        seat, pass_to = self.plan()
        if pass_to is not None or seat is None or self.game.to_move != seat:
            return None
        return seat if self.seats[seat]["type"] == "human" else None

    # --- what a seat sees, built once per change --------------------------------------------
    def _looks(self) -> dict:
        """seat -> (view, legal texts or None) for the game as it stands (every change of the
        game adds to its history or makes a new game: undo)."""
        g, step = self.game, len(self.game.history or ())
        if self._looked_game is not g or self._looked_step != step:
            self._looked_game, self._looked_step, self._looked = g, step, {}
        return self._looked

    def view(self, seat: Optional[int]) -> dict:
        """`game.view(seat)`, built once for the game as it stands."""
        looks = self._looks()
        if seat not in looks:
            self.builds["view"] += 1
            looks[seat] = (self.game.view(seat), None)
        return looks[seat][0]

    def legal(self, seat: int) -> list[str]:
        """The legal actions' texts for the game as it stands (asked for the seat deciding)."""
        view = self.view(seat)
        looks = self._looks()
        legal = looks[seat][1]
        if legal is None:
            self.builds["legal"] += 1
            legal = [action_text(a) for a in self.game.legal_actions()]
            looks[seat] = (view, legal)
        return legal

    def ctx(self, words: Any, prefs: dict, view: dict, seat: Optional[int], **more) -> Ctx:
        return make_ctx(self.info, more.pop("game", self.game), view, self.seats,
                        words.with_names([s["name"] for s in self.seats]), seat=seat,
                        prefs=prefs, reasons=self.reasons, thinking=self.thinking,
                        draft=self.draft, memo=self.memo, **more)

    def game_ctx(self, words: Any, prefs: dict) -> tuple[Ctx, Optional[int]]:
        """The context of the game as it is to be drawn now, and the seat to pass to."""
        g = self.game
        seat, pass_to = self.plan()
        if self.frame is not None:          # a reveal for everyone: no pass screen meanwhile
            seat, pass_to = self.reveal_viewer(), None
        deciding = (seat is not None and g.to_move == seat and pass_to is None
                    and self.frame is None and self.seats[seat]["type"] == "human")
        view = self.view(seat)
        legal = self.legal(seat) if deciding else []
        step = len(g.history or ())
        hint = (self.hint[1] if deciding and self.hint and self.hint[0] == (step, seat)
                and self.hint[1] in legal else None)
        ctx = self.ctx(words, prefs, view, seat, legal=legal, deciding=seat if deciding else None,
                       seen=None if seat is None else self.seen.get(seat), hint=hint)
        return ctx, pass_to

    # --- drawing ----------------------------------------------------------------------------
    def regions(self, words: Any, prefs: dict, *, unsaved: bool,
                conflict: bool) -> tuple[dict[str, str], dict[str, str]]:
        """The game screen: the game's regions (or the reveal frame standing in for them) and
        the shell's around them, and the body's attributes."""
        g, views = self.game, self.views
        ctx, pass_to = self.game_ctx(words, prefs)
        seat, deciding = ctx.seat, ctx.deciding
        step = len(g.history or ())
        # The result waits for the last reveal to end: while its frames play, the game is drawn
        # as the frames tell it (no end screen, no "game over", the menu as in play).
        over = g.is_over and self.frame is None
        regions = dict.fromkeys(GAME_REGIONS, "")
        regions.update(self.frame if self.frame is not None else views.game_regions(ctx))
        if deciding is None and not g.is_over and self.frame is None and not regions.get("controls"):
            regions["controls"] = screens.waiting_html(self.seats, g.to_move, self.thinking == g.to_move)
        elif deciding is not None and prefs["hints"] and views.hints:
            hint = self.hint[1:] if self.hint and self.hint[0] == (step, deciding) else None
            thinking = self.hinting == (step, deciding)
            regions["controls"] += screens.hint_html(views.hint_level, hint, ctx.legal, thinking)
        if not regions.get("turn-status"):
            if self.together and self.thinking is not None:
                regions["turn-status"] = screens.together_html()
            else:
                regions["turn-status"] = screens.status_html(
                    self.seats, ctx.styles, g.to_move, self.thinking == g.to_move and g.to_move is not None, seat)
        undo = self.undo_count(seat, pass_to) if pass_to is None else 0
        regions["nav"] = screens.nav_html(in_game=True, over=over, undo=undo, unsaved=unsaved,
                                          conflict=conflict,
                                          undo_why=None if undo or over else self.undo_why(seat, pass_to))
        regions["end"] = screens.with_end_buttons(views.end_html(ctx)) if over else ""
        regions["home"] = ""
        regions["hide"] = ""
        if pass_to is not None:
            reason = views.hide_reason(ctx, pass_to)
            if reason is None:
                reason = t("shell.pass.turn", {"name": Html(bdi(self.seats[pass_to]["name"]))})
            holder = self.holder
            undo_seat = holder if (holder is not None and self.seats[holder]["type"] == "human"
                                   and g.undoable(holder) > 0) else None
            regions["hide"] = screens.hide_html(self.seats, ctx.styles, pass_to, reason=reason,
                                                undo_seat=undo_seat)
        step = None
        if self.guide is not None and not g.is_over and self.frame is None and pass_to is None:
            step = self.guide.step(ctx, deciding=deciding is not None)
        if self.guide is not None:
            self.guide.shown = step.id if step is not None else None
        regions["guide"] = guiding.panel_html(self.guide, step, ctx, ctx.words) if step else ""
        prompt = ctx.view.get("prompt") or {}
        kind = prompt.get("kind", "") if isinstance(prompt, dict) else ""
        bench = ""
        if pass_to is not None:
            bench = '#hide [data-act="reveal"]'
        elif deciding is not None:
            bench = views.bench_selector(ctx)
        attrs = {
            "data-decision": (kind or "choose") if deciding is not None else "",
            "data-viewer": "" if seat is None else str(seat),
            "data-to-move": "" if g.to_move is None else str(g.to_move),
            "data-hidden": "" if pass_to is None else str(pass_to),
            "data-thinking": "" if self.thinking is None else str(self.thinking),
            "data-over": "1" if over else "",
            "data-day": str(ctx.view.get("day", ctx.view.get("round", ""))),
            "data-undo": "1" if undo and pass_to is None else "",
            "data-bench-target": bench,
            "data-replay-step": "", "data-replay-last": "", "data-replay-warm": "",
            "data-guide-step": step.id if step is not None else "",
            "data-guide-target": guiding.step_target(step, ctx) if step is not None else "",
        }
        return regions, attrs

    # --- changes ----------------------------------------------------------------------------
    def tap(self, act: str, value: str, words: Any, prefs: dict) -> tuple[Optional[str], Optional[str]]:
        """A tap on the game's controls or board for the person deciding, as the game's views
        read it: (a legal action to apply or None, a passing note or None). The seat's view and
        legal actions are those the screen was drawn from (built once for this position)."""
        ctx, _pass_to = self.game_ctx(words, prefs)
        action, note = self.views.on_act(ctx, act, value)
        return (action if action is not None and action in ctx.legal else None), note

    def apply(self, text: str, words: Any, prefs: dict, reason: Any = None) -> list:
        """Apply `text` for the seat to move (the engine refuses an illegal one: its exception
        goes up, nothing changed) and keep what the page keeps of it; returns the frames of
        the reveal that follows (none at the Instant pace)."""
        g, views = self.game, self.views
        seat = g.to_move
        log_at = len(g.log) if reason else 0      # `log` copies every event: only for a reason
        viewer = self.reveal_viewer() if views.reveals and prefs["pace"] != "instant" else -1
        before = self._view_before(viewer) if viewer != -1 else None
        keep_mark = seat in self.seen and views.keeps_mark(g, seat)
        g.apply(text)
        self.keep_reason(log_at, reason)
        if self.seats[seat]["type"] != "human":
            self.veiled = len(self.people()) > 1
        else:
            self.holder = seat
            if not keep_mark:
                self.seen[seat] = views.seen_mark(g, seat)
            if self.guide is not None:      # decided with a step on screen: it was seen
                self.guide.mark(self.guide.shown)
                self.guide.shown = None
        if before is None:
            return []
        ctx = self.ctx(words, prefs, self.view(viewer), viewer)
        return list(views.reveal_frames(before, ctx.view, ctx))

    def _view_before(self, viewer: Optional[int]) -> Callable[[], dict]:
        """`viewer`'s view of the game as it stands, for a reveal once it changed: the one
        already built, else built from a copy when the reveal asks for it (most changes reveal
        nothing, and a whole view per action is what a reveal would throw away)."""
        looks = self._looks()
        if viewer in looks:
            view = looks[viewer][0]
            return lambda: view
        copy = self.game.clone()

        def build() -> dict:
            self.builds["view"] += 1
            return copy.view(viewer)
        return build

    def apply_quietly(self, text: str, reason: Any) -> None:
        """A bot's choice among others taken together: applied and recorded, not drawn (the
        render after the last one shows them all)."""
        log_at = len(self.game.log) if reason else 0
        self.game.apply(text)
        self.keep_reason(log_at, reason)
        self.veiled = len(self.people()) > 1

    def keep_reason(self, log_index: int, reason: Any) -> None:
        """The log keeps a bot's reason beside the event at `log_index` (a text, cut to 300
        characters, or the game's own event for it)."""
        if reason:
            self.reasons.append([log_index, reason[:300] if isinstance(reason, str) else reason])

    def undo(self) -> Optional[int]:
        """Take back what the person on screen may (or, from a pass screen, the one who just
        chose); returns how many decisions, None when there is nothing to take back. The
        engine's refusal goes up, nothing changed."""
        g = self.game
        seat, pass_to = self.plan()
        count = self.undo_count(seat, pass_to)
        if count and not (len(self.people()) == 1 and isinstance(g, TakesBack)):
            count = 1            # one's own decisions, one at a time (today's rule)
        who = seat if count > 0 else None
        from_pass = False
        if who is None and pass_to is not None:       # from the pass screen: the one who chose
            holder = self.holder
            if holder is not None and self.seats[holder]["type"] == "human" and g.undoable(holder) > 0:
                who, count, from_pass = holder, 1, True
        if who is None:
            return None
        self.game = g.undo(count)
        self.holder = who
        # Taken back from another's pass screen: the device is in the next person's hands, so
        # the one who takes back gets it through a pass screen of their own, never straight away.
        self.veiled = from_pass
        keep = len(self.game.log)
        self.reasons = [r for r in self.reasons if r[0] < keep]
        self.draft.clear()
        return count

    def stop(self) -> None:
        """Nothing thinks or plays on the table any more (a bot, bots together, a reveal)."""
        self.thinking = None
        self.together = None
        self.frame = None
