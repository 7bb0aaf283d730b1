"""The page controller: the screen on show (home, a game, its replay, the statistics), one
render per change, the shell's acts and the game's decisions, for any game of the registry.

The game on screen is a `table.Table` (the game, its seats, what the page keeps beside it, the
regions to draw). page.py makes the App and its helpers, each with one job and handed what it
works with: `events` (the delegated events), `bots` (bot turns, their pace, thinking ahead,
hints), `saves` (saved games, export/import, two tabs), `replays` (the replay screen),
`statistics` (the Statistics screen), `bench` (the benchmark's hooks); the helpers see the App
as `page_protocol.Page`. Everything the player sees is built as HTML/SVG strings by pure functions (the
shell's screens and the game's views, `kit.views.GameViews`) and set with one innerHTML per
region that changed.
"""

from __future__ import annotations

import asyncio
import sys
import traceback
from typing import Any, Callable, Optional

from pyodide.ffi import create_once_callable, create_proxy
from pyscript import document, window

from . import games, guiding, home, screens, skeleton, storage
from .bots import pace_scale
from .dom import absent
from .i18n import forget_words, languages, page_words, t, use_language
from .refusals import NO_UNDO, NOT_NOW, refusal_text
from .saves import now_iso, storage_problem_text
from .table import GAME_REGIONS, Table

REGIONS = GAME_REGIONS + ("guide", "nav", "zoom", "end", "home", "hide", "overlay", "toast")


# the body's attributes of a game, cleared on the home and Statistics screens
HOME_ATTRS = ("data-decision", "data-viewer", "data-to-move", "data-hidden", "data-thinking",
              "data-over", "data-day", "data-undo", "data-bench-target", "data-replay-step",
              "data-replay-last", "data-replay-warm", "data-home-game")


class App:
    """Made by page.compose, which hands it the store, the two tabs' sync, the games, the words
    and the page's pointer, motion and attention, then its helpers (`attach`)."""

    def __init__(self, *, store: storage.Store, sync: Any, infos: list, words: Any,
                 attention: Any, motion: Any, pointer: Any, language: Callable[[], str]) -> None:
        self.el = {name: document.getElementById(name) for name in REGIONS}
        self.body = document.body
        self.store = store
        self.sync = sync                              # never write over another tab's moves
        self.prefs = self.store.prefs()
        self.words = words
        document.documentElement.lang = self.words.lang
        self.games = infos
        self.language = language      # the language the page would start in now
        self.screen = "home"
        self.table: Optional[Table] = None            # the game on screen
        self.gen = 0                  # raised by every change: a thinking bot or a reveal stops
        self.overlay: Optional[tuple] = None          # ("help",) ("menu",) ("dialog", html)
        self.toast: Optional[tuple[str, str]] = None  # (kind, text)
        self.form = games.restore_form(self.store.form(), self.games)   # as last started
        self.last_html: dict[str, str] = {}
        self.last_attr: dict[str, str] = {}
        self.renders = 0
        self.board_shown = False
        self.attention = attention
        self.motion = motion
        self.pointer = pointer
        self.wake = False              # bring the next decision forward (new game, undo, reveal)
        self.overlay_return: Optional[str] = None   # the control that opened the overlay
        self.whole_board = False      # a phone's "Whole board" switch is on (screens.whole_board_html)
        self._proxies: list = []
        self.held_attention: Optional[dict[str, str]] = None   # see start()
        self.tips_written: Optional[tuple] = None     # (game id, tips seen) last stored

    def attach(self, *, acts: dict[str, Callable[[str], Any]], events: Any, bots: Any,
               saves: Any, replays: Any, statistics: Any, bench: Any) -> None:
        """The helpers page.compose made for this App, and the shell's acts it wired to them."""
        self.acts = acts              # data-act -> handler(data-v) (page.shell_acts)
        self.events, self.bots, self.saves = events, bots, saves
        self.replays, self.statistics, self.bench = replays, statistics, bench

    # ------------------------------------------------------------------------------------------
    # start-up
    # ------------------------------------------------------------------------------------------
    def start(self, hold_attention: bool = False) -> None:
        """Listen to the page and draw the first screen (the game last on screen, else the home).
        `hold_attention`: focus and scrolling wait for `attend()` (main.py calls it a task
        later): focusing makes the browser lay the whole new page out (50-165 ms measured under
        load), which then no longer adds to the first screen's task."""
        self.held_attention = {} if hold_attention else None
        root = document.getElementById("app")
        for target, event, handler in (
                (root, "click", self.events.on_click), (root, "change", self.events.on_change),
                (root, "input", self.events.on_input), (document, "keydown", self.events.on_key),
                (window, "storage", self.saves.on_storage)):
            proxy = create_proxy(handler)
            self._proxies.append(proxy)
            target.addEventListener(event, proxy)
        self._proxies += self.bench.install(window, create_proxy)
        self.write_footer()
        current = self.store.current()
        if current and self.store.exists(current) and not self.store.on_home():
            if not self.saves.open_game(current, quiet=True):
                self.go_home()
        else:
            self.go_home()

    def attend(self) -> None:
        """Focus and scrolling for the screen drawn while they were held (see `start`), then
        the bot to move, or the next one thinking ahead (held too: the page is ready first)."""
        held, self.held_attention = self.held_attention, None
        if held is not None:
            self._attend(held)
            self.bots.start()

    def write_footer(self) -> None:
        """The page's footer (Python's version and the games) and the static skeleton's words,
        in the page's language."""
        skeleton.reword(document, {g.id: games.game_name(g) for g in self.games})
        v = sys.version_info
        engines = " · ".join(games.game_name(g) for g in self.games)
        document.getElementById("status").innerHTML = t(
            "shell.footer", {"python": f"{v.major}.{v.minor}.{v.micro}", "games": engines})

    def set_language(self, lang: str) -> None:
        """The language menu: speak `lang` from now on, kept for this browser (beside the other
        preferences), and redraw every word on screen, the log included; nothing of the game or
        its save changes. Words kept drawn (the home's boards, the log's lines, icons' labels)
        are forgotten first."""
        if lang not in languages() or lang == self.words.lang:
            return
        try:
            self.store.backend.set(storage.LANG_KEY, lang)
        except Exception as exc:
            self.toast = ("warn", storage_problem_text(exc))
        self.speak(lang)
        self.render()

    def speak(self, lang: str) -> None:
        """Every word drawn from now on in `lang` (nothing stored; the caller renders)."""
        if lang == self.words.lang:
            return
        # the form's seats still named as they were given ("Player 1", "Bot 2") take the new
        # language's names: a guided game names its person after the form's first person
        given = [games.is_default_name(s["name"], s["type"], i) for i, s in enumerate(self.form["seats"])]
        self.words = use_language(lang)
        for i, (seat, rename) in enumerate(zip(self.form["seats"], given)):
            if rename:
                seat["name"] = games.default_name(seat["type"], i)
        document.documentElement.lang = lang
        forget_words()
        self.write_footer()
        if self.table is not None:
            self.table.memo.pop("log_words", None)
        self.last_html = {}

    # ------------------------------------------------------------------------------------------
    # rendering
    # ------------------------------------------------------------------------------------------
    def render(self, keep: tuple[str, ...] = ()) -> None:
        """Redraw every region whose markup changed (but those in `keep`, left as they are)."""
        table = self.table
        if self.screen == "replay" and self.replays.replay:
            regions, attrs = self.replays.regions()
        elif self.screen == "game" and table is not None:
            regions, attrs = table.regions(self.words, self.prefs, unsaved=self.saves.unsaved,
                                           conflict=bool(self.sync.conflict))
        elif self.screen == "stats":
            regions, attrs = self._stats_regions()
        else:
            regions, attrs = self._home_regions()
        regions.setdefault("guide", "")
        attrs.setdefault("data-guide-step", "")
        attrs.setdefault("data-guide-target", "")
        regions["overlay"] = self._overlay_html()
        regions["toast"] = screens.toast_html(*self.toast) if self.toast else ""
        regions["zoom"] = (screens.whole_board_html(self.whole_board) if table is not None
                           and self.screen in ("game", "replay") and table.views.whole_board else "")
        focus = self.events.focused_selector(document, self.body)
        overlay_before = bool(self.last_html.get("overlay"))
        if overlay_before and not regions["overlay"] and self.overlay_return:
            focus = self.overlay_return                # a dialog closed: back where it opened
            self.overlay_return = None
        elif regions["overlay"] and not overlay_before:
            self.overlay_return = focus
        for name, html in regions.items():
            if name not in keep and self.last_html.get(name) != html:
                scrolled = self.attention.decision_scroll() if name == "controls" else 0
                self.el[name].innerHTML = html
                if scrolled:        # the decision drawn anew where the person had scrolled it
                    self.attention.decision_scroll(scrolled)
                self.last_html[name] = html
                if html and name in ("hide", "overlay"):   # a new screen on top: focus its button
                    focus = ('#hide [data-act="reveal"]' if name == "hide" else
                             "#overlay button:not([disabled])")
                if name == "log" and html:
                    lines = self.el["log"].querySelector("ol")
                    if not absent(lines):
                        lines.scrollTop = lines.scrollHeight
        self.renders += 1
        frame = table.frame if table is not None else None
        attrs["data-screen"] = self.screen
        attrs["data-game"] = table.info.id if table is not None and self.screen in ("game", "replay") else ""
        attrs["data-render-count"] = str(self.renders)
        attrs["data-overlay"] = self.overlay[0] if self.overlay else ""
        attrs["data-unsaved"] = "1" if self.saves.unsaved else ""
        attrs["data-revealing"] = "1" if frame is not None else ""
        attrs["data-reveal-frame"] = table.frame_at if frame is not None else ""
        for name, value in attrs.items():
            if self.last_attr.get(name) != value:
                if value == "":
                    self.body.removeAttribute(name)
                else:
                    self.body.setAttribute(name, value)
                self.last_attr[name] = value
        if focus:
            target = document.querySelector(focus)
            if not absent(target) and document.activeElement != target:
                target.focus()
        if self.held_attention is not None:
            self.held_attention = dict(attrs)
        else:
            self._attend(attrs)
        self.pointer.after_render(attrs["data-guide-step"], attrs["data-guide-target"])
        if self.screen == "game":
            self.motion.after_render(storage.PACES.get(self.prefs["pace"], 0.8))
        if not self.board_shown and self.last_html.get("board"):
            self.board_shown = True      # marked once the first board has been painted
            window.requestAnimationFrame(create_once_callable(
                lambda _t: self.body.setAttribute("data-board-shown", "1")))
        window.mpLastRenderEnd = window.performance.now()

    def _attend(self, attrs: dict[str, str]) -> None:
        """The decision in view and focus on its first control when it becomes a person's;
        focus never left on the page's body (see attention.py)."""
        seat = self.deciding_human()
        decision = ((self.table.rec.get("id"), len(self.table.game.history or ()), seat,
                     attrs.get("data-decision", "")) if seat is not None else None)
        if self.overlay is not None:       # a dialog on top: the decision under it stays as it was
            decision = self.attention.decision
        wake, self.wake = self.wake and decision is not None, self.wake and decision is None
        self.attention.after_render(
            screen=self.screen, decision=decision, overlay=self.overlay is not None,
            hidden=bool(attrs.get("data-hidden")), over=bool(attrs.get("data-over")), wake=wake)

    def _home_regions(self) -> tuple[dict[str, str], dict[str, str]]:
        info = games.find(self.form["game"]) or self.games[0]
        regions = {name: "" for name in REGIONS if name not in ("overlay", "toast")}
        regions.update(home.home_regions(self.games, self.form, self.prefs, saves=self.saves.listing,
                                         dates=self.saves.dates, current=self.store.current()))
        attrs = dict({name: "" for name in HOME_ATTRS}, **{"data-home-game": info.id})
        return regions, attrs

    def _stats_regions(self) -> tuple[dict[str, str], dict[str, str]]:
        """The Statistics screen: its panel where a game's end screen goes (the wide column)."""
        regions = {name: "" for name in REGIONS if name not in ("overlay", "toast")}
        regions["end"] = self.statistics.regions()
        regions["nav"] = screens.nav_html(in_game=False, over=False, undo=None, unsaved=False)
        attrs = {name: "" for name in HOME_ATTRS}
        return regions, attrs

    def _overlay_html(self) -> str:
        if not self.overlay:
            return ""
        kind = self.overlay[0]
        if kind == "help":
            info = self.table.info if self.screen in ("game", "replay") and self.table is not None else (
                games.find(self.form["game"]) or self.games[0])
            return screens.help_overlay_html(games.views(info).help_html(page_words()),
                                             t("shell.help.game_title", {"game": games.game_name(info)}))
        if kind == "menu":
            return screens.menu_html(self.prefs, storage.PACES, can_export=self.table is not None,
                                     can_replay=self.table is not None and self.screen == "game")
        return self.overlay[1]

    def deciding_human(self) -> Optional[int]:
        """The human seat whose controls are on screen now, if any."""
        if self.screen != "game" or self.table is None or self.overlay:
            return None
        return self.table.human_deciding()

    # ------------------------------------------------------------------------------------------
    # acts: data-act value -> handler(data-v) (page.shell_acts), else the game's decision
    # ------------------------------------------------------------------------------------------
    def dispatch(self, act: str, value: str) -> None:
        handler = self.acts.get(act)
        if handler is not None:
            handler(value)
        elif self.screen == "game":
            self.decide(act, value)         # the game's own controls and board

    def overlay_to(self, overlay: Optional[tuple]) -> None:
        self.overlay = overlay
        self.render()

    def dismiss(self, _value: str = "") -> None:
        self.toast = None
        self.render()

    def drop_info(self) -> None:
        """Forget a passing message (warnings stay until dismissed)."""
        if self.toast and self.toast[0] == "info":
            self.toast = None

    def to_home(self, _value: str = "") -> None:
        self.overlay = None
        self.go_home()

    def export(self, _value: str = "") -> None:
        self.overlay = None
        self.saves.export_current()

    def choose_game(self, game_id: str) -> None:
        info = games.find(game_id)
        if info is None or self.screen != "home":
            return
        if info.id != self.form["game"]:
            self.form = games.carry_form(self.form, info)
        self.render()

    # ------------------------------------------------------------------------------------------
    # the game on screen: install, decide, apply, undo, hand over, reveal
    # ------------------------------------------------------------------------------------------
    def install(self, info: Any, rec: dict, game: Any, *, holder: Optional[int] = None,
                rev: Optional[int] = None) -> None:
        """Put a fully loaded game on screen (nothing of the old one is kept); `rev`: the stored
        revision it was read from (None: a game not yet stored)."""
        self.drop_info()
        views = games.views(info)
        self.table = Table(info, views, game, rec, now_iso(), holder=holder)
        self.table.guide = self.guide_run(info, views, rec)
        self.sync.adopt(rec["id"], rev)
        self.wake = True
        self.motion.reset()
        window.scrollTo(0, 0)           # a new screen starts at its top (the decision comes forward)
        self.overlay = None
        self.replays.replay = None
        self.screen = "game"
        self.after_change()

    def go_home(self, toast: Optional[tuple[str, str]] = None) -> None:
        self.drop_info()
        if toast is not None:
            self.toast = toast
        self.gen += 1       # stops a thinking bot
        if self.table is not None:
            self.table.thinking = None
            self.table.frame = None
        self.replays.replay = None
        self.screen = "home"
        try:                            # a reload shows the home now (boot.js reads it too)
            if self.store.current() is not None:
                self.store.set_on_home(True)
        except Exception:               # a browser that keeps nothing: the home all the same
            pass
        self.bots.helpers_at_table()
        self.saves.refresh()
        self.render()
        if not self.statistics.warmed:      # the Statistics screen's code run once, a while later
            window.setTimeout(create_once_callable(lambda: self.statistics.warm()), 1500)

    def afresh(self, toast: Optional[tuple[str, str]] = None) -> None:
        """The page as a first visit finds it, once every key of it was removed (mydata.py): no
        game on screen, the options and form as new, a fresh home in the language the browser
        asks for."""
        self.table = None
        self.sync.adopt(None, None)
        self.saves.unsaved = False
        self.prefs = self.store.prefs()
        self.form = games.restore_form(None, self.games)
        self.statistics.name = None
        self.speak(self.language())
        self.go_home(toast=toast)

    def decide(self, act: str, value: str) -> None:
        """A tap on the game's controls or board, for the person deciding."""
        seat = self.deciding_human()
        if seat is None:
            return
        action, note = self.table.tap(act, value, self.words, self.prefs)
        if action is not None:
            self.drop_info()
            self.apply_action(action)
            return
        if note:
            self.toast = ("info", note)
        self.render()

    def apply_action(self, text: str, reason: Any = None) -> None:
        try:
            frames = self.table.apply(text, self.words, self.prefs, reason)
        except Exception as exc:   # the engine's IllegalAction: refused, nothing changed
            if type(exc).__name__ not in ("IllegalAction", "InvalidAction"):
                raise
            self.toast = ("info", t("shell.toast.illegal", {"error": refusal_text(exc, NOT_NOW)}))
            self.render()
            return
        self.after_change(frames)

    def after_change(self, frames: list = ()) -> None:
        self.gen += 1
        self.table.stop()
        self.saves.autosave()
        self.keep_tips()
        self.bots.helpers_at_table()
        if frames:          # the first frame in this very task: the change never shows undrawn
            self.show_frame(frames, 0)
            asyncio.ensure_future(self.play_frames(self.gen, self.table.reveal_id, list(frames)))
            return
        self.render()
        self.bots.start()

    def show_frame(self, frames: list, k: int) -> None:
        self.table.frame = dict(frames[k][1])
        self.table.frame_at = f"{k + 1}/{len(frames)}"
        self.render()

    async def play_frames(self, gen: int, reveal: int, frames: list) -> None:
        """A paced reveal: each frame's regions on screen for its time (scaled by the pace
        option), then the game as it stands. A new change (undo, home) cuts it short; a tap
        finishes it (`finish_reveal`). The first frame is on screen already."""
        scale = pace_scale(self.prefs)
        for k, (seconds, _regions) in enumerate(frames):
            if k:
                self.show_frame(frames, k)
            await asyncio.sleep(max(0.0, float(seconds)) * scale)
            if gen != self.gen or reveal != self.table.reveal_id:
                return
        self.end_reveal()

    def end_reveal(self) -> None:
        """The reveal is over: the game as it stands (the end screen once it ended), then the
        bots."""
        self.table.reveal_id += 1
        self.table.frame = None
        self.render()
        self.bots.start()

    def finish_reveal(self) -> None:
        """A tap on a reveal: it ends at once."""
        if self.table is not None and self.table.frame is not None:
            self.end_reveal()

    def hand_over(self, value: str) -> None:
        """The pass screen's button: the device is in the hands of the seat it names."""
        table = self.table
        if table is None or not value.isdigit():
            return
        seat = int(value)
        _seat, pass_to = table.plan()
        if pass_to != seat:
            return
        table.holder = seat
        table.veiled = False
        self.wake = True
        self.saves.autosave()
        self.render()

    def undo(self, _value: str = "") -> None:
        table = self.table
        if table is None or table.game.is_over or self.screen != "game":
            return
        try:
            count = table.undo()
        except Exception as exc:
            self.toast = ("info", t("shell.toast.no_undo", {"error": refusal_text(exc, NO_UNDO)}))
            self.render()
            return
        if count is None:       # nothing to take back (the screen changed since): say why
            self.undo_why()
            return
        self.wake = True
        self.toast = ("info", t("shell.toast.undone") if count == 1 else t("shell.toast.undone_more"))
        self.after_change()


    def undo_why(self, _value: str = "") -> None:
        """A tap on the undo button when nothing can be taken back: why, as the game's rule says."""
        table = self.table
        if table is None or table.game.is_over or self.screen != "game":
            return
        seat, pass_to = table.plan()
        self.toast = ("info", t("shell.toast.no_undo", {"error": table.undo_why(seat, pass_to)}))
        self.render()

    # ------------------------------------------------------------------------------------------
    # the guided first game and the tips (guiding.py)
    # ------------------------------------------------------------------------------------------
    def guide_run(self, info: Any, views: Any, rec: dict) -> Optional[guiding.GuideRun]:
        """The guide of a game put on screen: a guided game's (its record says so), else the
        tips when the option is on; None when neither (or the game has no guide)."""
        try:
            guide = views.guide()
        except Exception:           # a game's guide that fails to build: the game plays on
            traceback.print_exc()
            return None
        if guide is None:
            return None
        known = self.store.tips_seen(info.id)
        mark = rec.get("guide")
        if isinstance(mark, dict):
            return guiding.GuideRun(guide, info.catalogue_prefix, guided=True,
                                    seen=mark.get("seen") or (), known=known)
        if self.prefs.get("tips"):
            return guiding.GuideRun(guide, info.catalogue_prefix, guided=False, known=known)
        return None

    def keep_tips(self) -> None:
        """The steps seen in this game's guide remembered for its game (once changed)."""
        run = self.table.guide if self.table is not None else None
        if run is None:
            return
        now = (self.table.info.id, tuple(run.known))
        if now == self.tips_written:
            return
        try:
            self.store.set_tips_seen(now[0], list(now[1]))
            self.tips_written = now
        except Exception:               # a full storage: the game's own save says so
            pass

    def guide_next(self, value: str) -> None:
        """"Got it" / "Next": the step on screen is seen; the next one (if due) follows."""
        table = self.table
        run = table.guide if table is not None and self.screen == "game" else None
        if run is None or not value or value != run.shown:
            return                      # a stale button (the step changed meanwhile)
        intro = run.holds_bots()
        run.mark(value)
        self.saves.autosave()
        self.keep_tips()
        self.wake = True                # the decision comes forward again
        self.render()
        if intro and not run.holds_bots():      # the intro is over: the bots may move
            self.gen += 1
            self.bots.start()

    def tips_changed(self) -> None:
        """The option "tips" changed: an ordinary game on screen shows them (or no more)."""
        table = self.table
        if table is None or (table.guide is not None and table.guide.guided):
            return
        table.guide = self.guide_run(table.info, table.views, {})

    def tips_off(self, _value: str = "") -> None:
        """The tip's "No more tips": the option off."""
        self.prefs["tips"] = False
        try:
            self.store.set_prefs(self.prefs)
        except Exception as exc:
            self.toast = ("warn", storage_problem_text(exc))
        self.tips_changed()
        self.render()
