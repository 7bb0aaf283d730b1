"""The page controller: the game on screen, one render per change, delegated events, saves,
hotseat hand-over, undo, paced reveals and the bots thinking in slices, for any game of the
registry (each game's views come from its web module, web/games/README.md).

Everything the player sees is built as HTML/SVG strings by pure functions (the shell's screens
and the game's views) and set with one innerHTML per region that changed. Event listeners sit on the
stable containers only (#app and document), so re-rendered content needs no re-binding.
"""

from __future__ import annotations

import asyncio
import functools
import json
import secrets
import sys
import time
from datetime import datetime, timezone
from typing import Any, Optional

from pyodide.ffi import create_once_callable, create_proxy, to_js
from pyscript import document, window

from tabletop.errors import short

from kit.seats import MAX_SEATS
from kit.svg import bdi

from . import games, home, hotseat, later, screens, search_pool, skeleton, storage, tabs
from .attention import Attention
from .motion import Motion
from .i18n import Html, choose_language, forget_words, languages, t, use_language
from .replay import AUTOPLAY_SECONDS, MOVES, Replay, bar_html

BOT_SLICE = 0.03          # seconds of thinking per slice (main thread stays responsive)
# While a person decides, the next bot (if it can: a `ponder` method) thinks ahead about its own
# next turn in slices of BOT_SLICE, a pause between slices, for at most PONDER_SECONDS of
# thinking per position (then the page rests: a tablet's battery). A click waits for one slice
# at most.
PONDER_SECONDS = 4.0
PONDER_PAUSE = 0.01
# Bots of one secret choice taken together (a game module's `choosing_together`) decide at once:
# those before a person take no time on screen (at the table they choose while the person does),
# those after the last person share one beat of this many seconds at the "normal" pace (scaled
# like the reveal's frames), never one bot after another.
TOGETHER_BEAT = 0.5
REPLAY_KEYS = {"ArrowLeft": "prev", "ArrowRight": "next", "PageUp": "prev-turn",
               "PageDown": "next-turn", "Home": "first", "End": "last"}
# The page's regions (elements of index.html by id). A game draws GAME_REGIONS (those it leaves
# out stay empty); the shell draws the rest.
GAME_REGIONS = ("topinfo", "turn-status", "board", "controls", "follow", "players", "hand",
                "market", "rows", "trail", "time", "log", "announce")
REGIONS = GAME_REGIONS + ("nav", "end", "home", "hide", "overlay", "toast")


def absent(value: Any) -> bool:
    """True for Python None and for JS null/undefined (Pyodide gives JS null as JsNull)."""
    return value is None or type(value).__name__ in ("JsNull", "JsUndefined")


def attr(el: Any, name: str) -> Optional[str]:
    """An element's attribute as str, or None when it has none."""
    value = el.getAttribute(name)
    return value if isinstance(value, str) else None


def css_quote(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def now_iso() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def new_id() -> str:
    """A new saved game's id. From the browser's crypto source (secrets), never from `random`:
    a page restored from a memory snapshot starts `random` from the same state every time."""
    return f"g{int(time.time() * 1000):x}{secrets.token_hex(2)}"


class LocalStorageBackend:
    """storage.Store's backend over window.localStorage (reads never raise; writes may)."""

    def __init__(self) -> None:
        try:
            self.ls = window.localStorage
        except Exception:  # storage disabled by the browser
            self.ls = None

    def get(self, key: str) -> Optional[str]:
        if self.ls is None:
            return None
        try:
            value = self.ls.getItem(key)
        except Exception:
            return None
        return value if isinstance(value, str) else None

    def set(self, key: str, value: str) -> None:
        if self.ls is None:
            raise OSError("this browser does not let the page store data")
        self.ls.setItem(key, value)

    def remove(self, key: str) -> None:
        if self.ls is not None:
            try:
                self.ls.removeItem(key)
            except Exception:
                pass

    def keys(self) -> list[str]:
        if self.ls is None:
            return []
        try:
            keys = [self.ls.key(i) for i in range(self.ls.length)]
            return [k for k in keys if isinstance(k, str)]
        except Exception:
            return []


LANG_KEY = storage.PREFIX + "lang"    # the language chosen in the language menu, for this browser


def page_language() -> str:
    """The page's language: ?lang= in its address, else the stored choice, else the browser's
    languages; the first of those with a catalogue, else English (shell.i18n.choose_language)."""
    wanted: list[Any] = []
    try:
        wanted.append(window.URLSearchParams.new(window.location.search).get("lang"))
    except Exception:
        pass
    try:
        wanted.append(window.localStorage.getItem(LANG_KEY))
    except Exception:        # storage blocked: the address and the browser still choose
        pass
    try:
        wanted.extend(str(tag) for tag in window.navigator.languages)
    except Exception:
        pass
    return choose_language([w for w in wanted if isinstance(w, str)], languages())


def storage_problem_text(exc: BaseException) -> str:
    text = f"{getattr(exc, 'name', '')} {exc}"
    if "Quota" in text or "quota" in text or "full" in text:
        return t("shell.toast.storage_full")
    return t("shell.toast.not_saved", {"error": str(exc)[:120]})


class App:
    def __init__(self) -> None:
        self.el = {name: document.getElementById(name) for name in REGIONS}
        self.body = document.body
        self.store = storage.Store(LocalStorageBackend())
        self.sync = tabs.TabSync(self.store)          # never write over another tab's moves
        self.prefs = self.store.prefs()
        self.words = use_language(page_language())
        document.documentElement.lang = self.words.lang
        self.games = games.available()
        self.screen = "home"
        self.info: Any = None                         # the game on screen: its registry entry,
        self.views: Optional[games.GameViews] = None  # its views
        self.game: Any = None                         # and the game itself
        self.rec: dict[str, Any] = {}
        self.seats: list[dict] = []
        self.bots: dict[int, Any] = {}
        self.holder: Optional[int] = None
        # a bot decided since the holder last had the screen (several people: hide first)
        self.veiled = False
        self.reasons: list[list] = []
        # per human seat, what the game marked at its last decision (the module's seen_mark)
        self.seen: dict[int, dict[str, Any]] = {}
        self.hint: Optional[tuple[tuple[int, int], str, str]] = None   # (step, seat), action, reason
        self.hinting: Optional[tuple[int, int]] = None   # (step, seat) of a hint being thought
        self.draft: dict[str, Any] = {}
        self.memo: dict[str, Any] = {}
        self.frame: Optional[dict[str, str]] = None   # a reveal frame on screen (regions)
        self.frame_at = ""                            # which one: "k/n" (body[data-reveal-frame])
        self.reveal_id = 0            # the reveal playing; a tap raises it, which ends the reveal
        self.together: Optional[list[int]] = None     # the bots choosing together now
        self.gen = 0
        self.thinking: Optional[int] = None
        self.overlay: Optional[tuple] = None          # ("help",) ("menu",) ("dialog", html)
        self.toast: Optional[tuple[str, str]] = None  # (kind, text)
        self.unsaved = False
        self.form = games.restore_form(self.store.form(), self.games)   # as last started
        self.saves: list[dict] = []
        self.save_dates: dict[str, str] = {}
        self.replay: Optional[Replay] = None          # the replay on screen ("replay" screen)
        self.last_html: dict[str, str] = {}
        self.last_attr: dict[str, str] = {}
        self.css_linked: set[str] = set()
        self.renders = 0
        self.board_shown = False
        self.attention = Attention(document, window, to_js)
        self.motion = Motion(document, window, to_js)
        self.wake = False              # bring the next decision forward (new game, undo, reveal)
        self.overlay_return: Optional[str] = None   # the control that opened the overlay
        self._proxies = []
        self.held_attention: Optional[dict[str, str]] = None   # see start()
        self.search_pool = search_pool.Pool(window)   # workers that help the hard bot search

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
        for event, handler in (("click", self.on_click), ("change", self.on_change),
                               ("input", self.on_input)):
            proxy = create_proxy(handler)
            self._proxies.append(proxy)
            root.addEventListener(event, proxy)
        keys = create_proxy(self.on_key)
        self._proxies.append(keys)
        document.addEventListener("keydown", keys)
        stored = create_proxy(self.on_storage)
        self._proxies.append(stored)
        window.addEventListener("storage", stored)
        search = create_proxy(self.search_bench)
        self._proxies.append(search)
        window.mpSearchBench = search
        helped = create_proxy(lambda budget=1.0: asyncio.ensure_future(self.helped_bench(budget)))
        self._proxies.append(helped)
        window.mpHelpedSearchBench = helped
        release = create_proxy(self.search_pool.release)     # the bench's memory figure
        self._proxies.append(release)
        window.mpReleaseSearchWorkers = release
        bench = create_proxy(self.bench_start)
        self._proxies.append(bench)
        window.mpBenchStart = bench
        self.write_footer()
        current = self.store.current()
        if current and self.store.exists(current):
            if not self.open_game(current, quiet=True):
                self.go_home()
        else:
            self.go_home()

    def attend(self) -> None:
        """Focus and scrolling for the screen drawn while they were held (see `start`), then
        the bot to move, or the next one thinking ahead (held too: the page is ready first)."""
        held, self.held_attention = self.held_attention, None
        if held is not None:
            self._attend(held)
            self.maybe_start_bot()

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
            self.store.backend.set(LANG_KEY, lang)
        except Exception as exc:
            self.toast = ("warn", storage_problem_text(exc))
        self.words = use_language(lang)
        document.documentElement.lang = lang
        forget_words()
        self.write_footer()
        self.memo.pop("log_words", None)
        self.last_html = {}
        self.render()

    def link_css(self, info: Any, views: games.GameViews) -> None:
        """A game's own stylesheet (web/games/<game>/<CSS>), linked once."""
        css = views.css
        if not css or info.id in self.css_linked:
            return
        self.css_linked.add(info.id)
        link = document.createElement("link")
        link.rel = "stylesheet"
        link.href = f"./{info.web_module.replace('.', '/')}/{css}"
        document.head.appendChild(link)

    # ------------------------------------------------------------------------------------------
    # rendering
    # ------------------------------------------------------------------------------------------
    def render(self, keep: tuple[str, ...] = ()) -> None:
        """Redraw every region whose markup changed (but those in `keep`, left as they are)."""
        if self.screen == "replay" and self.replay:
            regions, attrs = self._replay_regions()
        elif self.screen == "game" and self.game:
            regions, attrs = self._game_regions()
        else:
            regions, attrs = self._home_regions()
        regions["overlay"] = self._overlay_html()
        regions["toast"] = screens.toast_html(*self.toast) if self.toast else ""
        focus = self._focused_selector()
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
        attrs["data-screen"] = self.screen
        attrs["data-game"] = self.info.id if self.info is not None and self.screen != "home" else ""
        attrs["data-render-count"] = str(self.renders)
        attrs["data-overlay"] = self.overlay[0] if self.overlay else ""
        attrs["data-unsaved"] = "1" if self.unsaved else ""
        attrs["data-revealing"] = "1" if self.frame is not None else ""
        attrs["data-reveal-frame"] = self.frame_at if self.frame is not None else ""
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
        decision = ((self.rec.get("id"), len(self.game.history or ()), seat,
                     attrs.get("data-decision", "")) if seat is not None else None)
        if self.overlay is not None:       # a dialog on top: the decision under it stays as it was
            decision = self.attention.decision
        wake, self.wake = self.wake and decision is not None, self.wake and decision is None
        self.attention.after_render(
            screen=self.screen, decision=decision, overlay=self.overlay is not None,
            hidden=bool(attrs.get("data-hidden")), over=bool(attrs.get("data-over")), wake=wake)

    def _focused_selector(self) -> Optional[str]:
        active = document.activeElement
        if absent(active) or active == self.body or not hasattr(active, "hasAttribute"):
            return None
        for name in ("data-act", "data-field") + tuple(self._click_attrs()):
            value = attr(active, name)
            if value is not None:
                sel = f'[{name}="{css_quote(value)}"]'
                for extra in ("data-v", "data-seat"):
                    more = attr(active, extra)
                    if more is not None:
                        sel += f'[{extra}="{css_quote(more)}"]'
                return sel
        return None

    def _click_attrs(self) -> dict[str, str]:
        return self.views.click_attrs if self.views is not None else {}

    def _plan(self) -> tuple[Optional[int], Optional[int]]:
        g = self.game
        return hotseat.screen_plan(self.seats, g.to_move, self.holder, g.is_over,
                                   getattr(g, "deciders", None) or (), self.veiled)

    def _ctx(self, view: dict, seat: Optional[int], **more) -> games.Ctx:
        return games.make_ctx(self.info, more.pop("game", self.game), view, self.seats,
                              self.words.with_names([s["name"] for s in self.seats]), seat=seat,
                              prefs=self.prefs, reasons=self.reasons, thinking=self.thinking,
                              draft=self.draft, memo=self.memo, **more)

    def _game_ctx(self) -> tuple[games.Ctx, Optional[int]]:
        """The context of the live game as it is to be drawn now, and the seat to pass to."""
        g = self.game
        seat, pass_to = self._plan()
        if self.frame is not None:          # a reveal for everyone: no pass screen meanwhile
            seat, pass_to = self._reveal_viewer(), None
        view = g.view(seat)
        deciding = (seat is not None and g.to_move == seat and pass_to is None
                    and self.frame is None and self.seats[seat]["type"] == "human")
        legal = [action_text(a) for a in g.legal_actions()] if deciding else []
        step = len(g.history or ())
        hint = (self.hint[1] if deciding and self.hint and self.hint[0] == (step, seat)
                and self.hint[1] in legal else None)
        ctx = self._ctx(view, seat, legal=legal, deciding=seat if deciding else None,
                        seen=None if seat is None else self.seen.get(seat), hint=hint)
        return ctx, pass_to

    def _game_regions(self) -> tuple[dict[str, str], dict[str, str]]:
        g, views = self.game, self.views
        ctx, pass_to = self._game_ctx()
        seat, deciding = ctx.seat, ctx.deciding
        step = len(g.history or ())
        # The result waits for the last reveal to end: while its frames play, the game is drawn
        # as the frames tell it (no end screen, no "game over", the menu as in play).
        over = g.is_over and self.frame is None
        regions = dict.fromkeys(GAME_REGIONS, "")
        regions.update(views.game_regions(ctx))
        if self.frame is not None:
            regions.update(self.frame)
        if deciding is None and not g.is_over and self.frame is None and not regions.get("controls"):
            regions["controls"] = screens.waiting_html(self.seats, g.to_move, self.thinking == g.to_move)
        elif deciding is not None and self.prefs["hints"] and views.hints:
            hint = self.hint[1:] if self.hint and self.hint[0] == (step, deciding) else None
            thinking = self.hinting == (step, deciding)
            regions["controls"] += screens.hint_html(self.hint_level(), hint, ctx.legal, thinking)
        if not regions.get("turn-status"):
            if self.together and self.thinking is not None:
                regions["turn-status"] = screens.together_html()
            else:
                regions["turn-status"] = screens.status_html(
                    self.seats, ctx.styles, g.to_move, self.thinking == g.to_move and g.to_move is not None, seat)
        undo = self._undo_count(seat, pass_to)
        regions["nav"] = screens.nav_html(in_game=True, over=over,
                                          undo=undo if pass_to is None else 0, unsaved=self.unsaved,
                                          conflict=bool(self.sync.conflict))
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
        }
        return regions, attrs

    def _replay_regions(self) -> tuple[dict[str, str], dict[str, str]]:
        """A past position, public view only: nobody's secrets, no controls but the replay's."""
        r, views = self.replay, self.views
        view = r.view()
        ctx = self._ctx(view, None, game=r.game, before=r.before, mode="replay")
        regions = dict.fromkeys(GAME_REGIONS, "")
        regions.update(views.replay_regions(ctx))
        lines = views.replay_lines(r.before, r.game, ctx)
        where = views.stage_text(r.game)
        regions["controls"] = bar_html(r, self.seats, ctx.styles, lines, screens.stage_words(where))
        regions["turn-status"] = (f'<span class="flag replay-flag">{t("shell.replay.flag")}</span> '
                                  + (regions.get("turn-status") or ""))
        regions["nav"] = screens.nav_html(in_game=False, over=True, undo=0, unsaved=False)
        regions.update(end="", home="", hide="")
        attrs = {"data-decision": "", "data-viewer": "", "data-to-move": "", "data-hidden": "",
                 "data-thinking": "", "data-over": "1" if r.game.is_over else "",
                 "data-day": str(view.get("day", view.get("round", ""))), "data-undo": "",
                 "data-bench-target": "",
                 "data-replay-step": str(r.step), "data-replay-last": str(r.last),
                 "data-replay-warm": "1" if r.warm(0) else ""}
        return regions, attrs

    def _home_regions(self) -> tuple[dict[str, str], dict[str, str]]:
        info = games.find(self.form["game"]) or self.games[0]
        regions = {name: "" for name in REGIONS if name not in ("overlay", "toast")}
        regions.update(home.home_regions(self.games, self.form, self.prefs, saves=self.saves,
                                         dates=self.save_dates, current=self.store.current()))
        attrs = {"data-decision": "", "data-viewer": "", "data-to-move": "", "data-hidden": "",
                 "data-thinking": "", "data-over": "", "data-day": "", "data-undo": "",
                 "data-bench-target": "", "data-replay-step": "", "data-replay-last": "", "data-replay-warm": "",
                 "data-home-game": info.id}
        return regions, attrs

    def _overlay_html(self) -> str:
        if not self.overlay:
            return ""
        kind = self.overlay[0]
        if kind == "help":
            info = self.info if self.screen != "home" and self.info is not None else (
                games.find(self.form["game"]) or self.games[0])
            return screens.help_overlay_html(games.views(info).help_html(),
                                             t("shell.help.game_title", {"game": games.game_name(info)}))
        if kind == "menu":
            return screens.menu_html(self.prefs, storage.PACES, can_export=self.game is not None,
                                     can_replay=self.game is not None and self.screen == "game")
        return self.overlay[1]

    # ------------------------------------------------------------------------------------------
    # helpers about the game on screen
    # ------------------------------------------------------------------------------------------
    def _undo_count(self, seat: Optional[int], pass_to: Optional[int]) -> int:
        """How many decisions the person on screen may take back now."""
        g = self.game
        if g is None or g.is_over or seat is None or pass_to is not None or self.frame is not None:
            return 0
        if self.seats[seat]["type"] != "human":
            return 0
        if len(hotseat.humans(self.seats)) == 1 and hasattr(g, "takeback"):
            return g.takeback(seat)     # against bots: the last decision and the bots' replies
        return g.undoable(seat)

    def _reveal_viewer(self) -> Optional[int]:
        """Whose view a reveal is drawn from: the one person's, else the public view."""
        people = hotseat.humans(self.seats)
        return people[0] if len(people) == 1 else None

    def deciding_human(self) -> Optional[int]:
        """The human seat whose controls are on screen now, if any."""
        if (self.screen != "game" or self.game is None or self.game.is_over or self.overlay
                or self.frame is not None):
            return None
        seat, pass_to = self._plan()
        if pass_to is not None or seat is None or self.game.to_move != seat:
            return None
        return seat if self.seats[seat]["type"] == "human" else None

    # ------------------------------------------------------------------------------------------
    # events
    # ------------------------------------------------------------------------------------------
    def on_click(self, event) -> None:
        target = event.target
        if absent(target) or not hasattr(target, "closest"):
            return
        clicks = self._click_attrs()
        el = target.closest(",".join(["[data-act]"] + [f"[{a}]" for a in clicks]))
        if self.frame is not None and (absent(el) or attr(el, "data-act") not in SHELL_ACTS):
            self.finish_reveal()            # a tap anywhere on a reveal finishes it at once
            return
        if absent(el) or el.hasAttribute("disabled"):
            return
        act = attr(el, "data-act")
        if act is None:
            for name, act_name in clicks.items():
                if el.hasAttribute(name):
                    act, value = act_name, attr(el, name) or ""
                    break
            else:
                return
        else:
            value = attr(el, "data-v") or ""
        self.dispatch(act, value)

    def on_key(self, event) -> None:
        key = event.key
        if key == "Escape" and self.overlay:
            self.overlay = None
            self.render()
            return
        if self.screen == "replay" and not self.overlay and key in REPLAY_KEYS:
            tag = str(getattr(event.target, "tagName", "") or "").lower()
            if tag in ("input", "select", "textarea"):    # the slider steps by itself
                return
            event.preventDefault()
            self.replay_go(REPLAY_KEYS[key])
            return
        if key not in ("Enter", " "):
            return
        target = event.target
        if absent(target) or not hasattr(target, "closest"):
            return
        tag = str(target.tagName or "").lower()
        if tag in ("button", "input", "select", "textarea", "summary", "a"):
            return
        if self.frame is not None and not self.overlay:     # the keyboard's tap on a reveal
            event.preventDefault()
            self.finish_reveal()
            return
        clicks = self._click_attrs()
        if not clicks:
            return
        el = target.closest(",".join(f"[{a}]" for a in clicks))
        if absent(el):
            return
        event.preventDefault()
        for name, act_name in clicks.items():
            if el.hasAttribute(name):
                self.dispatch(act_name, attr(el, name) or "")
                return

    def on_change(self, event) -> None:
        target = event.target
        if target.id == "import-file":
            asyncio.ensure_future(self.import_file(target))
            return
        field = attr(target, "data-field") if hasattr(target, "getAttribute") else None
        if field is None:
            return
        if field == "lang":
            self.set_language(str(target.value))
            return
        if field in ("reasons", "hints", "pace"):
            if field in ("reasons", "hints"):
                self.prefs[field] = bool(target.checked)
            elif target.value in storage.PACES:
                self.prefs["pace"] = target.value
            try:
                self.store.set_prefs(self.prefs)
            except Exception as exc:
                self.toast = ("warn", storage_problem_text(exc))
            self.render()
            return
        if field == "replay-step":      # released: redraw all, the replay's controls included
            self.replay_seek(target.value)
            return
        if field in ("name", "seed"):   # typed text: kept by on_input, nothing to redraw
            self.on_input(event)
            return
        self.form_field(field, target)
        self.render()

    def on_input(self, event) -> None:
        target = event.target
        if absent(target) or not hasattr(target, "getAttribute") or not target.hasAttribute("data-field"):
            return
        field = attr(target, "data-field")
        if field == "name":
            i = int(attr(target, "data-seat") or -1)
            if 0 <= i < len(self.form["seats"]):
                self.form["seats"][i]["name"] = target.value
        elif field == "seed":
            self.form["seed"] = target.value
        elif field == "replay-step":
            self.replay_seek(target.value, dragged=True)

    def dispatch(self, act: str, value: str) -> None:
        handler = SHELL_ACTS.get(act)
        if handler is not None:
            handler(self, value)
        elif self.screen == "game":
            self.decide(act, value)         # the game's own controls and board

    # the shell's acts: data-act value -> handler(app, data-v)
    def _overlay_to(self, overlay: Optional[tuple]) -> None:
        self.overlay = overlay
        self.render()

    def _dismiss(self, _value: str = "") -> None:
        self.toast = None
        self.render()

    def _hint_dismiss(self, _value: str = "") -> None:
        self.hint = None
        self.render()

    def _ask_delete(self, value: str) -> None:
        self._overlay_to(("dialog", screens.dialog_html(
            t("shell.delete.title"), t("shell.delete.text"),
            [(t("shell.saves.delete"), "delete-yes", value), (t("shell.delete.keep"), "close", "")])))

    def _delete(self, value: str) -> None:
        self.overlay = None
        self.store.delete(value)
        self.refresh_saves()
        self.render()

    def _home(self, _value: str = "") -> None:
        self.overlay = None
        self.go_home()

    def _export(self, _value: str = "") -> None:
        self.overlay = None
        self.export_current()

    def choose_game(self, game_id: str) -> None:
        info = games.find(game_id)
        if info is None or self.screen != "home":
            return
        if info.id != self.form["game"]:
            self.form = games.carry_form(self.form, info)
        self.render()

    # ------------------------------------------------------------------------------------------
    # decisions
    # ------------------------------------------------------------------------------------------
    def decide(self, act: str, value: str) -> None:
        seat = self.deciding_human()
        if seat is None:
            return
        ctx, _pass = self._game_ctx()
        action, note = self.views.on_act(ctx, act, value)
        if action is not None and action in ctx.legal:
            self.drop_info()
            self.apply_action(action)
            return
        if note:
            self.toast = ("info", note)
        self.render()

    def take_hint(self, value: str) -> None:
        seat = self.deciding_human()
        if seat is None or not self.hint or self.hint[1] != value:
            return
        if value in [action_text(a) for a in self.game.legal_actions()]:
            self.drop_info()
            self.apply_action(value)

    def hint_level(self) -> str:
        """The bot level that answers "Hint?" (the game's views say which)."""
        return self.views.hint_level

    def ask_hint(self, _value: str = "") -> None:
        """The hint bot's choice for the person deciding, from that seat's own view: it thinks
        in slices (the page stays responsive), then the hint shows."""
        seat = self.deciding_human()
        if seat is None or not self.prefs["hints"] or self.hinting is not None:
            return
        step = len(self.game.history)
        self.hinting = (step, seat)
        self.render()
        asyncio.ensure_future(self.hint_think(self.gen, step, seat))

    async def hint_think(self, gen: int, step: int, seat: int) -> None:
        try:
            flag = window.URLSearchParams.new(window.location.search).get("hint-budget")
            budget = games.hint_budget(self.views.hint_time_budget, flag)
            bot = self.info.make_bot(self.hint_level(), seed=step, time_budget=budget)
            thinker = bot.start(self.game, seat)
            while not thinker.step(BOT_SLICE):
                await asyncio.sleep(0)
                if gen != self.gen:
                    return
            decision = thinker.result
            words = self.words.with_names([s["name"] for s in self.seats])
            in_words = self.views.hint_words(self.game, seat, decision.action)
            self.hint = ((step, seat), action_text(decision.action),
                         in_words if in_words is not None
                         else screens.reason_html(decision.reason, words))
        except Exception:  # a bug: no hint; report it to the console
            import traceback
            window.console.error("hint failed: " + traceback.format_exc())
        finally:
            if self.hinting == (step, seat):
                self.hinting = None
        if gen == self.gen:
            self.render()
            self.attention.hinted_into_view()

    def apply_action(self, text: str, reason: Any = None) -> None:
        g = self.game
        seat = g.to_move
        before = len(g.log)
        frames_from = self._reveal_viewer() if self.views.reveals else -1
        before_view = g.view(frames_from) if frames_from != -1 else None
        keep_mark = seat in self.seen and self.views.keeps_mark(g, seat)
        try:
            g.apply(text)
        except Exception as exc:   # the engine's IllegalAction: refused, nothing changed
            if type(exc).__name__ not in ("IllegalAction", "InvalidAction"):
                raise
            self.toast = ("info", t("shell.toast.illegal", {"error": str(exc)}))
            self.render()
            return
        self.keep_reason(before, reason)
        if self.seats[seat]["type"] != "human":
            self.veiled = len(hotseat.humans(self.seats)) > 1
        else:
            self.holder = seat
            if not keep_mark:
                self.seen[seat] = self.views.seen_mark(g, seat)
        frames = []
        if before_view is not None and self.prefs["pace"] != "instant":
            ctx = self._ctx(g.view(frames_from), frames_from)
            frames = list(self.views.reveal_frames(before_view, ctx.view, ctx))
        self.after_change(frames)

    def after_change(self, frames: list = ()) -> None:
        self.gen += 1
        self.thinking = None
        self.together = None
        self.frame = None
        self.autosave()
        self.helpers_at_table()
        if frames:          # the first frame in this very task: the change never shows undrawn
            self.show_frame(frames, 0)
            asyncio.ensure_future(self.play_frames(self.gen, self.reveal_id, list(frames)))
            return
        self.render()
        self.maybe_start_bot()

    def pace_scale(self) -> float:
        """The pace option as a factor of the "normal" pace (0 at Instant)."""
        return storage.PACES.get(self.prefs["pace"], 0.8) / storage.PACES["normal"]

    def show_frame(self, frames: list, k: int) -> None:
        self.frame = dict(frames[k][1])
        self.frame_at = f"{k + 1}/{len(frames)}"
        self.render()

    async def play_frames(self, gen: int, reveal: int, frames: list) -> None:
        """A paced reveal: each frame's regions on screen for its time (scaled by the pace
        option), then the game as it stands. A new change (undo, home) cuts it short; a tap
        finishes it (`finish_reveal`). The first frame is on screen already."""
        scale = self.pace_scale()
        for k, (seconds, _regions) in enumerate(frames):
            if k:
                self.show_frame(frames, k)
            await asyncio.sleep(max(0.0, float(seconds)) * scale)
            if gen != self.gen or reveal != self.reveal_id:
                return
        self.end_reveal()

    def end_reveal(self) -> None:
        """The reveal is over: the game as it stands (the end screen once it ended), then the
        bots."""
        self.reveal_id += 1
        self.frame = None
        self.render()
        self.maybe_start_bot()

    def finish_reveal(self) -> None:
        """A tap on a reveal: it ends at once."""
        if self.frame is not None:
            self.end_reveal()

    def reveal(self, value: str) -> None:
        if self.game is None or not value.isdigit():
            return
        seat = int(value)
        _seat, pass_to = self._plan()
        if pass_to != seat:
            return
        self.holder = seat
        self.veiled = False
        self.wake = True
        self.autosave()
        self.render()

    def undo(self, _value: str = "") -> None:
        g = self.game
        if g is None or g.is_over or self.screen != "game":
            return
        seat, pass_to = self._plan()
        count = self._undo_count(seat, pass_to)
        if count and not (len(hotseat.humans(self.seats)) == 1 and hasattr(g, "takeback")):
            count = 1            # one's own decisions, one at a time (today's rule)
        who = seat if count > 0 else None
        from_pass = False
        if who is None and pass_to is not None:       # from the pass screen: the one who chose
            holder = self.holder
            if holder is not None and self.seats[holder]["type"] == "human" and g.undoable(holder) > 0:
                who, count, from_pass = holder, 1, True
        if who is None:
            return
        try:
            new = g.undo(count)
        except Exception as exc:
            self.toast = ("info", t("shell.toast.no_undo", {"error": str(exc)}))
            self.render()
            return
        self.game = new
        self.holder = who
        # Taken back from another's pass screen: the device is in the next person's hands, so
        # the one who takes back gets it through a pass screen of their own, never straight away.
        self.veiled = from_pass
        self.wake = True
        keep = len(new.log)
        self.reasons = [r for r in self.reasons if r[0] < keep]
        self.draft.clear()
        self.toast = ("info", t("shell.toast.undone") if count == 1 else t("shell.toast.undone_more"))
        self.after_change()

    # ------------------------------------------------------------------------------------------
    # bots
    # ------------------------------------------------------------------------------------------
    def maybe_start_bot(self) -> None:
        g = self.game
        if self.screen != "game" or g is None or g.is_over or self.frame is not None:
            return
        if self.held_attention is not None:          # the first screen is not attended yet:
            return                                   # attend() starts the bot (or its pondering)
        seat = g.to_move
        if self.sync.conflict:                       # bots wait for a choice
            return
        if self.seats[seat]["type"] == "bot":
            run = self.bots_together()
            if run:
                asyncio.ensure_future(self.bots_choose(self.gen, run))
            else:
                asyncio.ensure_future(self.bot_turn(self.gen, seat))
        else:
            asyncio.ensure_future(self.ponder(self.gen))

    def bots_together(self) -> list[int]:
        """The bots that choose now, together, in a secret choice that the game takes one seat
        at a time (its module's `choosing_together`): the bot to move and the bots after it, up
        to the next person. Empty for a game without such choices."""
        run = []
        for seat in self.views.choosing_together(self.game):
            if self.seats[seat]["type"] != "bot":
                break
            run.append(seat)
        return run

    def ponder_seat(self) -> Optional[int]:
        """The bot that thinks ahead while a person decides: the next bot seat in seat order
        after the one deciding, if it can (hard bots can)."""
        n = len(self.seats)
        for k in range(1, n):
            seat = (self.game.to_move + k) % n
            if self.seats[seat]["type"] == "bot":
                return seat if hasattr(self.bots.get(seat), "ponder") else None
        return None

    async def ponder(self, gen: int) -> None:
        """The next bot thinks ahead in idle slices until the position changes (a new `gen`) or
        it has thought PONDER_SECONDS; body[data-ahead] counts its re-deals (for the tests)."""
        try:
            await asyncio.sleep(0)
            seat = None if gen != self.gen else self.ponder_seat()
            if seat is None:
                return
            thinker = self.bots[seat].ponder(self.game, seat, budget=PONDER_SECONDS)
            self.search_pool.ponder(self.info.id, self.game, seat, self.bots[seat], PONDER_SECONDS)
            self.body.setAttribute("data-ahead", "0")
            while gen == self.gen:
                if self.hinting is None and thinker.step(BOT_SLICE):
                    break
                self.body.setAttribute("data-ahead", str(thinker.units))
                await asyncio.sleep(PONDER_PAUSE)
        except Exception:  # a bug: the bot simply did not think ahead; report it to the console
            import traceback
            window.console.error("thinking ahead failed: " + traceback.format_exc())

    async def bot_think(self, gen: int, seat: int) -> Any:
        """The bot in `seat` decides (thinking in slices, helped by the search workers if it
        can be); None if the game on screen changed meanwhile."""
        bot = self.bots[seat]
        thinker = bot.start(self.game, seat)
        job = self.search_pool.ask(self.info.id, self.game, seat, bot)
        while not thinker.step(BOT_SLICE):
            await asyncio.sleep(0)
            if gen != self.gen:
                return None
        decision = await self.search_pool.merged(job, thinker.result, bot)
        return decision if gen == self.gen else None

    def bot_reason(self, seat: int, decision: Any) -> Any:
        """What the log keeps of a bot's reason (the game's own words for it, if it has them)."""
        return self.views.bot_reason(self.game, seat, decision.action, decision.reason,
                                     self.seats[seat],
                                     **({"figures": decision.figures} if decision.figures else {}))

    def mark_thinking(self, seat: int) -> None:
        """body[data-thinking] names the bot thinking now, without a render (bots together)."""
        self.thinking = seat
        self.body.setAttribute("data-thinking", str(seat))
        self.last_attr["data-thinking"] = str(seat)

    async def bots_choose(self, gen: int, run: list[int]) -> None:
        """Bots of one secret choice decide together (see `bots_together`): one render says
        "the others choose"; each choice is applied (and saved) as it comes, unseen; if no person
        is to choose after them, they take one beat (TOGETHER_BEAT) in all before the last
        choice, which the reveal follows."""
        try:
            await asyncio.sleep(0)
            if gen != self.gen:
                return
            started = time.monotonic()
            last = run[-1]
            closes = list(self.views.choosing_together(self.game)) == run   # nobody after them
            self.together = list(run)
            self.thinking = run[0]
            self.render()
            for seat in run:
                await asyncio.sleep(0)
                if gen != self.gen or self.game.to_move != seat:
                    return
                self.mark_thinking(seat)
                decision = await self.bot_think(gen, seat)
                if decision is None:
                    return
                reason = self.bot_reason(seat, decision)
                if seat != last:
                    self.apply_quietly(action_text(decision.action), reason)
                    continue
                beat = TOGETHER_BEAT * self.pace_scale() - (time.monotonic() - started) if closes else 0
                await self.play_after(gen, beat, decision, reason)
        except Exception as exc:  # a bug: show it and report it to the console
            self.bot_failed(exc)

    def apply_quietly(self, text: str, reason: Any) -> None:
        """A bot's choice among others taken together: applied, recorded and saved, not drawn
        (the render after the last one shows them all)."""
        before = len(self.game.log)
        self.game.apply(text)
        self.keep_reason(before, reason)
        self.veiled = len(hotseat.humans(self.seats)) > 1
        self.autosave()

    def keep_reason(self, log_index: int, reason: Any) -> None:
        """The log keeps a bot's reason beside the event at `log_index` (a text, cut to 300
        characters, or the game's own event for it)."""
        if reason:
            self.reasons.append([log_index, reason[:300] if isinstance(reason, str) else reason])

    def bot_failed(self, exc: BaseException) -> None:
        self.thinking = None
        self.together = None
        import traceback
        window.console.error("bot failed: " + traceback.format_exc())
        self.overlay = ("dialog", screens.dialog_html(
            t("shell.bot_failed.title"), f"{type(exc).__name__}: {exc}", [(t("shell.toast.ok"), "close", "")]))
        self.render()

    async def bot_turn(self, gen: int, seat: int) -> None:
        try:
            await asyncio.sleep(0)
            if gen != self.gen:
                return
            self.thinking = seat
            self.render()
            await asyncio.sleep(0)
            if gen != self.gen:
                return
            started = time.monotonic()
            decision = await self.bot_think(gen, seat)
            if decision is None:
                return
            reason = self.bot_reason(seat, decision)
            wait = storage.PACES.get(self.prefs["pace"], 0.8) - (time.monotonic() - started)
            await self.play_after(gen, wait, decision, reason)
        except Exception as exc:  # a bug: show it and report it to the console
            self.bot_failed(exc)

    async def play_after(self, gen: int, wait: float, decision: Any, reason: Any) -> None:
        """Play a bot's decision once `wait` seconds have passed (what is left of the pace),
        unless the game on screen changed meanwhile. At least one yield: the last slice of its
        thinking and applying + drawing its move are two tasks."""
        await asyncio.sleep(max(wait, 0))
        if gen == self.gen:
            self.apply_action(action_text(decision.action), reason=reason)

    def make_bots(self) -> None:
        self.bots = {}
        levels = self.info.bot_levels
        for i, s in enumerate(self.seats):
            if s["type"] == "bot":
                level = s["level"] if s["level"] in levels else levels[0]
                budget = self.views.bot_time_budget
                seed = (self.game.seed * 31 + i) % (2 ** 31)
                self.bots[i] = later.Lazy(self.info.make_bot, level, seed=seed,   # made at its first turn
                                          time_budget=budget)

    def helpers_at_table(self) -> None:
        """The search workers while a bot they help has decisions to come in the game on screen
        (or in its replay); released otherwise, their memory back."""
        levels = self.views.helped_levels if self.game is not None else ()
        if (self.screen in ("game", "replay") and not self.game.is_over
                and any(s["type"] == "bot" and s["level"] in levels for s in self.seats)):
            self.search_pool.want()
        else:
            self.search_pool.release()

    # ------------------------------------------------------------------------------------------
    # replay
    # ------------------------------------------------------------------------------------------
    def enter_replay(self, _value: str = "") -> None:
        """Step through the game on screen: from the start once it is over, else from now."""
        if self.game is None or self.screen != "game":
            return
        self.gen += 1           # stops a thinking bot; it starts again when the replay is left
        self.thinking = None
        self.frame = None
        self.overlay = None
        self.drop_info()
        self.replay = Replay(self.game, at_end=not self.game.is_over,
                             turns=self.views.replay_turns, positions=self.views.replay_positions)
        self.screen = "replay"
        self.render()
        asyncio.ensure_future(self.replay_warm(self.replay))

    async def replay_warm(self, r: Replay) -> None:
        """Play the replay forward in slices between frames, so that jumps find it ready."""
        while self.replay is r and not r.warm():
            await asyncio.sleep(0)
        if self.replay is r:        # marked for the tests and the benchmark: every step is near
            window.mpReplayWarmAt = window.performance.now()
            self.render()

    def replay_go(self, move: str) -> None:
        if self.screen != "replay" or self.replay is None or move not in MOVES:
            return
        self.replay.playing = False
        self.replay.go(move)
        self.render()

    def replay_seek(self, value: Any, dragged: bool = False) -> None:
        """The slider moved. While it is dragged the board follows but the controls stay
        (redrawing them would drop the slider from under the finger): only their step number."""
        if self.screen != "replay" or self.replay is None or not str(value).isdigit():
            return
        self.replay.playing = False
        self.replay.seek(int(value))
        if not dragged:
            self.render()
            return
        self.render(keep=("controls",))
        shown = self.el["controls"].querySelector("b[data-replay-step]")
        if not absent(shown):
            shown.textContent = str(self.replay.step)

    def replay_play(self, on: bool) -> None:
        r = self.replay
        if self.screen != "replay" or r is None:
            return
        r.playing = on and r.step < r.last
        self.gen += 1
        self.render()
        if r.playing:
            asyncio.ensure_future(self.replay_autoplay(self.gen, r))

    async def replay_autoplay(self, gen: int, r: Replay) -> None:
        while True:
            await asyncio.sleep(AUTOPLAY_SECONDS)
            if gen != self.gen or self.replay is not r or not r.playing or self.screen != "replay":
                return
            r.go("next")
            r.playing = r.step < r.last
            self.render()

    def exit_replay(self, _value: str = "") -> None:
        if self.screen != "replay":
            return
        self.replay = None
        self.gen += 1
        self.screen = "game" if self.game is not None else "home"
        self.render()
        self.maybe_start_bot()

    # ------------------------------------------------------------------------------------------
    # games: start, open, save, export, import
    # ------------------------------------------------------------------------------------------
    def install(self, info: Any, rec: dict, game: Any, *, holder: Optional[int] = None,
                rev: Optional[int] = None) -> None:
        """Put a fully loaded game on screen (nothing of the old one is kept); `rev`: the stored
        revision it was read from (None: a game not yet stored)."""
        self.drop_info()
        self.info = info
        self.views = games.views(info)
        self.link_css(info, self.views)
        self.game = game
        self.rec = {"id": rec["id"], "created": rec.get("created") or now_iso(),
                    "copy_of": rec.get("copy_of")}
        self.sync.adopt(rec["id"], rev)
        self.seats = rec["seats"]
        self.reasons = [list(r) for r in rec.get("reasons", [])]
        self.seen = {int(s): dict(e) for s, e in rec.get("seen", {}).items()}
        self.hint = None
        self.hinting = None
        people = hotseat.humans(self.seats)
        self.holder = holder if holder is not None else (people[0] if len(people) == 1 else None)
        self.veiled = False
        self.wake = True
        self.motion.reset()
        window.scrollTo(0, 0)           # a new screen starts at its top (the decision comes forward)
        self.draft = {}
        self.memo = {}
        self.frame = None
        self.thinking = None
        self.overlay = None
        self.replay = None
        self.screen = "game"
        self.make_bots()
        self.after_change()

    def record(self) -> dict:
        g = self.game
        viewer = self.holder if self.holder is not None and self.seats[self.holder]["type"] == "human" else None
        stage = self.views.stage_text(g)
        return storage.make_record(
            self.rec["id"], self.seats, g.to_save(), created=self.rec["created"],
            updated=now_iso(), meta=storage.game_meta(g, self.seats, stage), viewer=viewer,
            reasons=self.reasons, game=self.info.id,
            seen={str(s): e for s, e in self.seen.items()}, copy_of=self.rec.get("copy_of"))

    def autosave(self) -> None:
        if self.game is None:
            return
        try:
            if self.sync.save(self.record()) is not None:
                if self.sync.news():    # nothing written: another tab has moves this one lacks
                    self.show_conflict()
                return
            self.store.set_current(self.rec["id"])
        except Exception as exc:
            if not self.unsaved:
                self.toast = ("warn", storage_problem_text(exc))
            self.unsaved = True
            return
        if self.unsaved:
            self.unsaved = False
            if self.toast and self.toast[0] == "warn":
                self.toast = ("info", t("shell.toast.saved_again"))

    def start_from_form(self, _value: str = "") -> None:
        form = self.form
        info = games.find(form["game"])
        if info is None:
            return
        try:
            seats = storage.validate_seats([dict(s) for s in form["seats"]], info=info)
        except storage.RecordError as exc:
            form["error"] = str(exc)
            self.render()
            return
        seed_text = str(form.get("seed", "")).strip()
        seed = None
        if seed_text:
            if not seed_text.isdigit() or not 0 <= int(seed_text) < 2 ** 63:
                form["error"] = t("shell.form.seed_error")
                self.render()
                return
            seed = int(seed_text)
        form["error"] = None
        try:                            # Home shows this form again, after a reload too
            self.store.set_form(form)
        except Exception:               # a full storage: the game itself says so when saving
            pass
        options = {o.key: bool(form["options"].get(o.key, o.default)) for o in info.options}
        game = info.new_game(players=len(seats), seed=seed, names=[s["name"] for s in seats],
                             **options)
        self.install(info, {"id": new_id(), "seats": seats}, game)

    def play_again(self, _value: str = "") -> None:
        g, info = self.game, self.info
        if g is None:
            return
        save = g.to_save()
        options = {o.key: bool(save.get("options", {}).get(o.key, o.default)) for o in info.options}
        game = info.new_game(players=len(self.seats), names=list(g.names), **options)
        self.install(info, {"id": new_id(), "seats": [dict(s) for s in self.seats]}, game)

    def open_game(self, game_id: str, quiet: bool = False) -> bool:
        """Load a saved game whole, or refuse it with a message (nothing half-loaded; the other
        saves untouched). `quiet`: at start-up, where a refusal falls back to the home screen."""
        try:
            rec = self.store.get(game_id)
            info = games.find(rec["game"])
            if info is None:
                raise storage.RecordError("it is a game this page does not have")
            game = info.load_game(rec["save"])
        except Exception as exc:   # damaged or tampered: refuse it whole
            msg = t("shell.open_refused.text", {"error": short(str(exc))})
            self.overlay = ("dialog", screens.dialog_html(t("shell.open_refused.title"), msg,
                                                          [(t("shell.toast.ok"), "close", "")],
                                                          cls="error"))
            if quiet:
                try:
                    self.store.set_current(None)
                except Exception:
                    pass
            else:
                self.render()
            return False
        self.install(info, rec, game, rev=rec["rev"])
        return True

    def drop_info(self) -> None:
        """Forget a passing message (warnings stay until dismissed)."""
        if self.toast and self.toast[0] == "info":
            self.toast = None

    def go_home(self) -> None:
        self.drop_info()
        self.gen += 1       # stops a thinking bot
        self.thinking = None
        self.frame = None
        self.replay = None
        self.screen = "home"
        self.helpers_at_table()
        self.refresh_saves()
        self.render()

    def refresh_saves(self) -> None:
        self.saves = self.store.listing()
        dates = {}
        for rec in self.saves:
            if rec.get("updated"):
                try:
                    dates[rec["id"]] = str(window.Date.new(rec["updated"]).toLocaleString(self.words.lang))
                except Exception:
                    dates[rec["id"]] = rec["updated"]
        self.save_dates = dates

    def form_field(self, field: str, target) -> None:
        form = self.form
        info = games.find(form["game"]) or self.games[0]
        seats = form["seats"]
        form["error"] = None
        if field == "players":
            value = str(target.value)
            n = int(value) if value.isdigit() else len(seats)
            n = max(info.min_players, min(info.max_players, n))
            games.resize_seats(seats, n, games.default_level(info))
        elif attr(target, "data-option") is not None:
            key = attr(target, "data-option")
            if any(o.key == key for o in info.options):
                form["options"][key] = bool(target.checked)
        elif field in ("type", "style"):
            i = int(attr(target, "data-seat") or 0)
            if not 0 <= i < len(seats):
                return
            seat = seats[i]
            if field == "type":
                value = target.value
                if value == "human":
                    if seat["type"] == "bot" and games.is_default_name(seat["name"], "bot", i):
                        seat["name"] = games.default_name("human", i)
                    seat.update(type="human", level=None)
                elif value.startswith("bot:") and value[4:] in info.bot_levels:
                    if seat["type"] == "human" and games.is_default_name(seat["name"], "human", i):
                        seat["name"] = games.default_name("bot", i)
                    seat.update(type="bot", level=value[4:])
            else:
                value = str(target.value)
                if not value.isdigit() or int(value) >= MAX_SEATS:
                    return
                style = int(value)
                for other in seats:
                    if other is not seat and other["style"] == style:
                        other["style"] = seat["style"]
                seat["style"] = style

    def export_current(self) -> None:
        if self.game is None:
            return
        rec = self.record()
        self.download(storage.export_name(self.info.id, list(self.game.names), rec["updated"]),
                      json.dumps(rec, indent=1))

    def export_saved(self, game_id: str) -> None:
        try:
            rec = self.store.get(game_id)
        except storage.RecordError as exc:
            self.toast = ("warn", t("shell.toast.export_failed", {"error": str(exc)}))
            self.render()
            return
        names = rec["meta"].get("names") or [s["name"] for s in rec["seats"]]
        self.download(storage.export_name(rec["game"], names, rec["updated"]),
                      json.dumps(rec, indent=1))

    def download(self, filename: str, text: str) -> None:
        blob = window.Blob.new(to_js([text]),
                               to_js({"type": "application/json"}, dict_converter=window.Object.fromEntries))
        url = window.URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href = url
        link.download = filename
        link.style.display = "none"
        document.body.appendChild(link)
        link.click()
        link.remove()
        window.setTimeout(create_once_callable(lambda: window.URL.revokeObjectURL(url)), 5000)
        self.toast = ("info", t("shell.toast.exported", {"file": filename}))
        self.render()

    async def import_file(self, input_el) -> None:
        files = input_el.files
        if absent(files) or files.length == 0:
            return
        file = files.item(0)
        if file.size > storage.MAX_IMPORT_BYTES:
            input_el.value = ""
            self._refuse_import("the file is too large to be a saved game.")
            return
        text = await file.text()
        input_el.value = ""
        try:
            rec = storage.parse_record_text(text, new_id)
            info = games.find(rec["game"])
            if info is None:
                raise storage.RecordError("it is a game this page does not have")
            game = info.load_game(rec["save"])
        except Exception as exc:   # refused whole: nothing stored, nothing loaded
            self._refuse_import(short(str(exc)))
            return
        same = self.store.same_game(rec)
        if same is not None:            # saved here already: open it, add no second entry
            if self.open_game(same):
                self.toast = ("info", t("shell.toast.imported_known"))
                self.render()
            return
        toast = t("shell.toast.imported")
        if self.store.exists(rec["id"]):    # another version of a game saved here: a copy, said so
            rec["copy_of"], rec["id"] = rec["id"], new_id()
            toast = t("shell.toast.imported_copy")
        rec["created"] = rec.get("created") or now_iso()
        self.install(info, rec, game)
        self.toast = ("info", toast)
        self.render()

    def _refuse_import(self, why: str) -> None:
        self.overlay = ("dialog", screens.dialog_html(
            t("shell.import_refused.title"), t("shell.import_refused.text", {"error": why}),
            [(t("shell.toast.ok"), "close", "")], cls="error"))
        self.render()

    def export_raw(self, game_id: str) -> None:
        """A stored record that cannot be read, downloaded exactly as it is (to mend or report)."""
        text = self.store.get_text(game_id)
        if text is None:
            return
        self.download(storage.damaged_export_name(game_id), text)

    # ------------------------------------------------------------------------------------------
    # two tabs on one game (see tabs.py)
    # ------------------------------------------------------------------------------------------
    def on_storage(self, event) -> None:
        """Another tab or window wrote to localStorage."""
        key = event.key
        if not isinstance(key, str) or not key.startswith(storage.PREFIX):
            return
        if self.screen == "home":
            self.refresh_saves()
            self.render()
        elif (self.game is not None and key == storage.GAME_PREFIX + self.rec["id"]
              and self.sync.changed_elsewhere(self.game.history) is not None
              and self.sync.news()):
            self.show_conflict()

    def show_conflict(self) -> None:
        self.gen += 1          # a thinking bot stops: the player chooses first
        self.thinking = None
        self.frame = None
        if self.screen == "replay":
            self.replay = None
            self.screen = "game"
        title, text, buttons = tabs.conflict_message(self.sync.conflict)
        self.overlay = ("dialog", screens.dialog_html(title, text, buttons, cls="conflict"))
        self.render()

    def resolve_conflict(self, act: str) -> None:
        if self.game is None or not self.sync.conflict:
            return
        if act == "tab-conflict":
            self.show_conflict()
        elif act == "tab-reload":
            self.overlay = None
            if not self.open_game(self.rec["id"]):
                self.sync.conflict = None
        elif act == "tab-export":
            self.overlay = None
            self.export_current()
        elif act == "tab-copy":      # this tab's game goes on under a new id; the other is untouched
            self.overlay = None
            self.rec = {"id": new_id(), "created": now_iso()}
            self.sync.adopt(self.rec["id"], None)
            self.after_change()
            self.toast = ("info", t("shell.toast.kept_separate"))
            self.render()

    # ------------------------------------------------------------------------------------------
    # benchmark hook (window.mpBench in index.html drives the UI through real clicks)
    # ------------------------------------------------------------------------------------------
    def bench_start(self, seed=12345) -> None:
        info = games.find("machu-picchu") or self.games[0]
        seats = [{"name": "Ann", "type": "human", "level": None, "style": 0},
                 {"name": "Bea", "type": "human", "level": None, "style": 1}]
        game = info.new_game(players=2, seed=int(seed), names=["Ann", "Bea"])
        self.install(info, {"id": new_id(), "seats": seats}, game)


    def searching_game(self) -> tuple[Any, games.GameViews]:
        """The game the search benchmarks time: the first whose bots Web Workers help."""
        for info in self.games:
            views = games.views(info)
            if views.helped_levels:
                return info, views
        raise LookupError("no game of this home has a helped search")

    def search_bench(self, budget: float = 1.0, hint_budget: float = 0.7) -> str:
        """The searching bot's speed in the page, and how long each level takes to answer a
        hint (benchmark hook, `build.py bench --search`; blocks the page while it runs)."""
        _info, views = self.searching_game()
        return json.dumps(views.search_bench(float(budget), float(hint_budget)))

    async def helped_bench(self, budget: float = 1.0) -> str:
        """Iterations per wall second of the searching bot's decisions alone and helped by the
        search pool's workers (benchmark hook, `build.py bench --search`)."""
        info, views = self.searching_game()
        make_bot = functools.partial(info.make_bot, views.helped_levels[0])
        out = await search_pool.bench(self.search_pool, info.id, views.bench_positions(), make_bot,
                                      float(budget), BOT_SLICE)
        return json.dumps(out)


def action_text(action: Any) -> str:
    """An engine's Action as its stable text."""
    text = getattr(action, "text", None)
    return text if isinstance(text, str) else str(action)


# data-act -> what the shell does with it (anything else goes to the game's own controls)
SHELL_ACTS: dict[str, Any] = {
    "reveal": App.reveal,
    "hint": App.ask_hint,
    "hint-take": App.take_hint,
    "hint-dismiss": App._hint_dismiss,
    "undo": App.undo,
    "home": App._home,
    "help": lambda app, _v: app._overlay_to(("help",)),
    "menu": lambda app, _v: app._overlay_to(("menu",)),
    "close": lambda app, _v: app._overlay_to(None),
    "dismiss": App._dismiss,
    "export": App._export,
    "export-save": App.export_saved,
    "export-raw": App.export_raw,
    "tab-conflict": lambda app, _v: app.resolve_conflict("tab-conflict"),
    "tab-reload": lambda app, _v: app.resolve_conflict("tab-reload"),
    "tab-copy": lambda app, _v: app.resolve_conflict("tab-copy"),
    "tab-export": lambda app, _v: app.resolve_conflict("tab-export"),
    "start": App.start_from_form,
    "choose-game": App.choose_game,
    "continue": App.open_game,
    "delete": App._ask_delete,
    "delete-yes": App._delete,
    "again": App.play_again,
    "replay": App.enter_replay,
    "replay-go": App.replay_go,
    "replay-play": lambda app, _v: app.replay_play(True),
    "replay-pause": lambda app, _v: app.replay_play(False),
    "replay-exit": App.exit_replay,
}
