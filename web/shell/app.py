"""The page controller: the game on screen, one render per change, delegated events, saves,
hotseat hand-over, undo and the bots thinking in slices.

Everything the player sees is built as HTML/SVG strings by pure functions (panels, controls and
the board views) and set with one innerHTML per region that changed. Event listeners sit on the
stable containers only (#app and document), so re-rendered content needs no re-binding.
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
import time
from datetime import datetime, timezone
from typing import Any, Optional

from pyodide.ffi import create_once_callable, create_proxy, to_js
from pyscript import document, window

import machu_picchu as mp
from machu_picchu.bots import BOT_LEVELS, make_bot
from tabletop.errors import short

from games.machu_picchu import board, controls, panels
from games.machu_picchu.help import help_html

from . import hotseat, storage, tabs
from .replay import AUTOPLAY_SECONDS, MOVES, Replay, bar_html

BOT_SLICE = 0.03          # seconds of thinking per slice (main thread stays responsive)
BOT_TIME_BUDGET = 1.0     # seconds a searching bot may think per decision
REPLAY_KEYS = {"ArrowLeft": "prev", "ArrowRight": "next", "PageUp": "prev-turn",
               "PageDown": "next-turn", "Home": "first", "End": "last"}
REGIONS = ("topinfo", "nav", "turn-status", "board", "controls", "players", "hand", "market",
           "rows", "trail", "time", "log", "end", "home", "hide", "overlay", "toast")


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
    return f"g{int(time.time() * 1000):x}{random.randrange(16 ** 4):04x}"


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


def storage_problem_text(exc: BaseException) -> str:
    text = f"{getattr(exc, 'name', '')} {exc}"
    if "Quota" in text or "quota" in text or "full" in text:
        return ("The browser's storage is full (QuotaExceededError): this game is not being "
                "saved. Play goes on; export the game, or delete old saved games on the home "
                "screen, to keep it.")
    return (f"This game could not be saved ({str(exc)[:120]}). Play goes on; export the game "
            "to keep it.")


class App:
    def __init__(self) -> None:
        self.el = {name: document.getElementById(name) for name in REGIONS}
        self.body = document.body
        self.store = storage.Store(LocalStorageBackend())
        self.sync = tabs.TabSync(self.store)          # never write over another tab's moves
        self.prefs = self.store.prefs()
        self.screen = "home"
        self.game: Optional[mp.Game] = None
        self.rec: dict[str, Any] = {}
        self.seats: list[dict] = []
        self.bseats: list[dict] = []
        self.bots: dict[int, Any] = {}
        self.holder: Optional[int] = None
        self.reasons: list[list] = []
        # per human seat, at its last decision: {"log": its log length, "princes": Prince districts}
        self.seen: dict[int, dict[str, Any]] = {}
        self.hint: Optional[tuple[tuple[int, int], str, str]] = None   # (step, seat), action, reason
        self.draft: dict[str, Any] = {"key": None}
        self.gen = 0
        self.thinking: Optional[int] = None
        self.overlay: Optional[tuple] = None          # ("help",) ("menu",) ("dialog", html)
        self.toast: Optional[tuple[str, str]] = None  # (kind, text)
        self.unsaved = False
        self.market_entry: Optional[tuple[int, int, int]] = None   # (seat, visit start, corn)
        self.form = {"seats": storage.default_seats(2, 1), "learning": False, "seed": "",
                     "error": None}
        self.saves: list[dict] = []
        self.save_dates: dict[str, str] = {}
        self.preview: Optional[tuple[int, str]] = None
        self.replay: Optional[Replay] = None          # the replay on screen ("replay" screen)
        self.stats: Optional[tuple[mp.Game, int, dict]] = None   # game, its length, its statistics
        self.last_html: dict[str, str] = {}
        self.last_attr: dict[str, str] = {}
        self.renders = 0
        self.board_shown = False
        self._proxies = []

    # ------------------------------------------------------------------------------------------
    # start-up
    # ------------------------------------------------------------------------------------------
    def start(self) -> None:
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
        bench = create_proxy(self.bench_start)
        self._proxies.append(bench)
        window.mpBenchStart = bench
        v = sys.version_info
        document.getElementById("status").textContent = (
            f"Python {v.major}.{v.minor}.{v.micro} · rules engine machu_picchu {mp.__version__} · "
            "plays offline")
        current = self.store.current()
        if current and self.store.exists(current):
            if not self.open_game(current, quiet=True):
                self.go_home()
        else:
            self.go_home()

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
        regions["toast"] = self._toast_html()
        focus = self._focused_selector()
        for name, html in regions.items():
            if name not in keep and self.last_html.get(name) != html:
                self.el[name].innerHTML = html
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
        attrs["data-render-count"] = str(self.renders)
        attrs["data-overlay"] = self.overlay[0] if self.overlay else ""
        attrs["data-unsaved"] = "1" if self.unsaved else ""
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
        if not self.board_shown and self.last_html.get("board"):
            self.board_shown = True      # marked once the first live board has been painted
            window.requestAnimationFrame(create_once_callable(
                lambda _t: self.body.setAttribute("data-board-shown", "1")))
        window.mpLastRenderEnd = window.performance.now()

    def _focused_selector(self) -> Optional[str]:
        active = document.activeElement
        if absent(active) or active == self.body or not hasattr(active, "hasAttribute"):
            return None
        for name in ("data-act", "data-district", "data-tile", "data-field"):
            value = attr(active, name)
            if value is not None:
                sel = f'[{name}="{css_quote(value)}"]'
                for extra in ("data-v", "data-seat"):
                    more = attr(active, extra)
                    if more is not None:
                        sel += f'[{extra}="{css_quote(more)}"]'
                return sel
        return None

    def _stats(self) -> dict:
        """The finished game's statistics, computed once (they replay every action)."""
        g = self.game
        if self.stats is None or self.stats[0] is not g or self.stats[1] != len(g.history):
            self.stats = (g, len(g.history), mp.game_stats(g))
        return self.stats[2]

    def _plan(self) -> tuple[Optional[int], Optional[int]]:
        g = self.game
        return hotseat.screen_plan(self.seats, g.to_move, self.holder, g.is_over,
                                   g.deciders or ())

    def _game_regions(self) -> tuple[dict[str, str], dict[str, str]]:
        g = self.game
        seat, pass_to = self._plan()
        view = g.view(seat)
        to_move = g.to_move
        deciding = (seat is not None and to_move == seat and pass_to is None
                    and self.seats[seat]["type"] == "human" and "legal" in view)
        prompt = view.get("prompt") or {}
        step = len(g.history or ())
        if deciding:
            key = (step, prompt.get("kind"), to_move)
            if self.draft.get("key") != key:
                self.draft = controls.new_draft(key, view)
            self._track_market(prompt, view, step)
            targets, selected = controls.board_targets(view, self.draft)
            ctl = controls.controls_html(view, self.draft, market_start_corn=self._market_corn(prompt))
            hint = self.hint[1:] if self.hint and self.hint[0] == (step, to_move) else None
            if self.prefs["hints"]:
                ctl += controls.hint_html(view, hint)
        else:
            targets, selected = None, None
            ctl = self._waiting_html(view)
        undo_seat = self._undo_seat(seat, pass_to)
        seen = self.seen.get(seat, {})
        regions = {
            "topinfo": panels.topinfo_html(view),
            "nav": self._nav_html(undo_seat if pass_to is None else None),
            "turn-status": panels.status_html(view, self.seats, self.bseats, viewer=seat,
                                              thinking=self.thinking),
            "board": board.board_svg(view, self.bseats, targets, selected, board.prince_moves(
                None if g.is_over else seen.get("princes"), g.prince, seat)),
            "controls": ctl,
            "players": panels.players_html(view, self.seats, self.bseats, viewer=seat,
                                           thinking=self.thinking),
            "hand": panels.hand_html(view, self.seats, seat) if not g.is_over else "",
            "market": board.market_svg(view),
            "rows": board.rows_svg(view),
            "trail": board.trail_svg(view, self.bseats),
            "time": board.time_svg(view, self.bseats),
            "log": panels.log_html(panels.merge_reasons(
                view["log"], g.log, self.reasons, self.prefs["reasons"],
                None if g.is_over else seen.get("log"))),
            "end": panels.end_html(view, self.seats, self.bseats, self._stats()) if g.is_over else "",
            "home": "",
            "hide": "",
        }
        if pass_to is not None:
            if to_move == pass_to and prompt.get("kind") == "return":
                reason = "A summit was reached: secret cards are to be chosen."
            elif to_move == pass_to:
                reason = f"It is {self.seats[pass_to]['name']}'s decision."
            else:
                reason = (f"{self.seats[to_move]['name']} (bot) is deciding; the screen will show "
                          f"{self.seats[pass_to]['name']}'s view.")
            regions["hide"] = panels.hide_html(self.seats, self.bseats, pass_to, reason=reason)
        attrs = {
            "data-decision": prompt.get("kind", "") if deciding else "",
            "data-viewer": "" if seat is None else str(seat),
            "data-to-move": "" if to_move is None else str(to_move),
            "data-hidden": "" if pass_to is None else str(pass_to),
            "data-thinking": "" if self.thinking is None else str(self.thinking),
            "data-over": "1" if g.is_over else "",
            "data-day": str(view["day"]),
            "data-undo": "1" if undo_seat is not None else "",
            "data-bench-target": ('#hide [data-act="reveal"]' if pass_to is not None else
                                  controls.bench_selector(view, self.draft) if deciding else ""),
            "data-replay-step": "", "data-replay-last": "",
        }
        return regions, attrs

    def _replay_regions(self) -> tuple[dict[str, str], dict[str, str]]:
        """A past position, public view only: nobody's cards, no controls but the replay's."""
        r = self.replay
        view = r.view()
        regions = {
            "topinfo": panels.topinfo_html(view),
            "nav": ('<button type="button" data-act="home" title="Back to the home screen (the game is saved)">⌂ Home</button>'
                    '<button type="button" data-act="help" title="The rules">? Rules</button>'),
            "turn-status": ('<span class="flag replay-flag">Replay</span> '
                            + panels.status_html(view, self.seats, self.bseats, viewer=None, thinking=None)),
            "board": board.board_svg(view, self.bseats, None, None, r.moves(), "in this step"),
            "controls": bar_html(r, self.seats, self.bseats),
            "players": panels.players_html(view, self.seats, self.bseats, viewer=None, thinking=None),
            "hand": "",
            "market": board.market_svg(view),
            "rows": board.rows_svg(view),
            "trail": board.trail_svg(view, self.bseats),
            "time": board.time_svg(view, self.bseats),
            "log": panels.log_html(panels.merge_reasons(view["log"], r.game.log, self.reasons,
                                                        self.prefs["reasons"])),
            "end": "", "home": "", "hide": "",
        }
        attrs = {"data-decision": "", "data-viewer": "", "data-to-move": "", "data-hidden": "",
                 "data-thinking": "", "data-over": "1" if r.game.is_over else "",
                 "data-day": str(view["day"]), "data-undo": "", "data-bench-target": "",
                 "data-replay-step": str(r.step), "data-replay-last": str(r.last)}
        return regions, attrs

    def _waiting_html(self, view: dict) -> str:
        g = self.game
        if g.is_over:
            return ""
        seat = g.to_move
        name = panels.esc(self.seats[seat]["name"])
        if self.seats[seat]["type"] == "bot":
            if self.thinking == seat:
                return (f'<div class="decision waiting"><p class="question"><span class="spinner"></span>'
                        f'{name} (bot) is thinking…</p></div>')
            return f'<div class="decision waiting"><p class="question">{name} (bot) is about to decide…</p></div>'
        return f'<div class="decision waiting"><p class="question">Waiting for {name}.</p></div>'

    def _nav_html(self, undo_seat: Optional[int]) -> str:
        parts = ['<button type="button" data-act="home" title="Back to the home screen (the game is saved)">⌂ Home</button>']
        if self.game is not None and not self.game.is_over:
            if undo_seat is not None:
                k = self.game.undoable(undo_seat)
                parts.append(f'<button type="button" data-act="undo" title="Take back your last decision '
                             f'({k} possible)">↶ Undo</button>')
            else:
                parts.append('<button type="button" data-act="undo" disabled title="Nothing of yours to take '
                             'back: undo never crosses another player\'s decision, a drawn card or the end of your turn">↶ Undo</button>')
        parts.append('<button type="button" data-act="help" title="The rules">? Rules</button>')
        parts.append('<button type="button" data-act="menu" title="Export, options">☰ Menu</button>')
        if self.sync.conflict:
            parts.append('<button type="button" class="flag warn" data-act="tab-conflict" '
                         'title="Another tab changed this game: see what to do">⚠ changed in another tab</button>')
        elif self.unsaved:
            parts.append('<span class="flag warn" title="The last change could not be saved">⚠ not saved</span>')
        return "".join(parts)

    def _home_regions(self) -> tuple[dict[str, str], dict[str, str]]:
        n = len(self.form["seats"])
        bseats = panels.style_seats(self.form["seats"])
        if self.preview is None or self.preview[0] != n:
            self.preview = (n, mp.new_game(players=n, seed=1, names=[f"P{i + 1}" for i in range(n)]).view(None))
        regions = {name: "" for name in REGIONS if name not in ("overlay", "toast")}
        regions["board"] = board.board_svg(self.preview[1], bseats)
        regions["home"] = panels.home_html(self.form, self.saves, self.prefs, dates=self.save_dates,
                                           current=self.store.current())
        regions["nav"] = ('<button type="button" data-act="help" title="The rules">? Rules</button>')
        regions["turn-status"] = ""
        attrs = {"data-decision": "", "data-viewer": "", "data-to-move": "", "data-hidden": "",
                 "data-thinking": "", "data-over": "", "data-day": "", "data-undo": "",
                 "data-bench-target": "", "data-replay-step": "", "data-replay-last": ""}
        return regions, attrs

    def _overlay_html(self) -> str:
        if not self.overlay:
            return ""
        kind = self.overlay[0]
        if kind == "help":
            return panels.help_overlay_html(help_html())
        if kind == "menu":
            return panels.menu_html(self.prefs, can_export=self.game is not None,
                                    can_replay=self.game is not None and self.screen == "game")
        return self.overlay[1]

    def _toast_html(self) -> str:
        if not self.toast:
            return ""
        kind, text = self.toast
        return (f'<div class="toast {panels.esc(kind)}" role="{"alert" if kind == "warn" else "status"}">'
                f'<span>{panels.esc(text)}</span><button type="button" data-act="dismiss" '
                f'title="Hide this message">OK</button></div>')

    # ------------------------------------------------------------------------------------------
    # helpers about the game on screen
    # ------------------------------------------------------------------------------------------
    def _undo_seat(self, seat: Optional[int], pass_to: Optional[int]) -> Optional[int]:
        """The human who may take back a decision now (the one whose view is on screen)."""
        g = self.game
        if g is None or g.is_over or seat is None or pass_to is not None:
            return None
        if self.seats[seat]["type"] != "human":
            return None
        return seat if g.undoable(seat) > 0 else None

    def _track_market(self, prompt: dict, view: dict, step: int) -> None:
        if prompt.get("kind") != "market":
            self.market_entry = None
            return
        seat = prompt["seat"]
        fresh = not prompt.get("traded") and not prompt.get("adjusted")
        if fresh or self.market_entry is None or self.market_entry[0] != seat:
            self.market_entry = (seat, step, view["players"][seat]["goods"]["corn"])

    def _market_corn(self, prompt: dict) -> Optional[int]:
        if self.market_entry and prompt.get("kind") == "market" and self.market_entry[0] == prompt["seat"]:
            return self.market_entry[2]
        return None

    def deciding_human(self) -> Optional[int]:
        """The human seat whose controls are on screen now, if any."""
        if self.screen != "game" or self.game is None or self.game.is_over or self.overlay:
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
        el = target.closest("[data-act],[data-district],[data-tile]")
        if absent(el) or el.hasAttribute("disabled"):
            return
        act = attr(el, "data-act")
        if act is None:
            if el.hasAttribute("data-district"):
                act, value = "district", attr(el, "data-district") or ""
            else:
                act, value = "tile", attr(el, "data-tile") or ""
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
        el = target.closest("[data-district],[data-tile]")
        if absent(el):
            return
        event.preventDefault()
        if el.hasAttribute("data-district"):
            self.dispatch("district", attr(el, "data-district") or "")
        else:
            self.dispatch("tile", attr(el, "data-tile") or "")

    def on_change(self, event) -> None:
        target = event.target
        if target.id == "import-file":
            asyncio.ensure_future(self.import_file(target))
            return
        field = attr(target, "data-field") if hasattr(target, "getAttribute") else None
        if field is None:
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
        if act in ("apply", "pick", "toggle", "inc", "dec", "confirm", "cancel", "district", "tile"):
            self.decide(act, value)
        elif act == "reveal":
            self.reveal(int(value))
        elif act == "hint":
            self.ask_hint()
        elif act == "hint-dismiss":
            self.hint = None
            self.render()
        elif act == "undo":
            self.undo()
        elif act == "home":
            self.overlay = None
            self.go_home()
        elif act == "help":
            self.overlay = ("help",)
            self.render()
        elif act == "menu":
            self.overlay = ("menu",)
            self.render()
        elif act == "close":
            self.overlay = None
            self.render()
        elif act == "dismiss":
            self.toast = None
            self.render()
        elif act == "export":
            self.overlay = None
            self.export_current()
        elif act == "export-save":
            self.export_saved(value)
        elif act == "export-raw":
            self.export_raw(value)
        elif act in ("tab-conflict", "tab-reload", "tab-copy", "tab-export"):
            self.resolve_conflict(act)
        elif act == "start":
            self.start_from_form()
        elif act == "continue":
            self.open_game(value)
        elif act == "delete":
            self.overlay = ("dialog", panels.dialog_html(
                "Delete this saved game?", "It cannot be brought back (export it first to keep a copy).",
                [("Delete", "delete-yes", value), ("Keep it", "close", "")]))
            self.render()
        elif act == "delete-yes":
            self.overlay = None
            self.store.delete(value)
            self.refresh_saves()
            self.render()
        elif act == "again":
            self.play_again()
        elif act == "replay":
            self.enter_replay()
        elif act == "replay-go":
            self.replay_go(value)
        elif act in ("replay-play", "replay-pause"):
            self.replay_play(act == "replay-play")
        elif act == "replay-exit":
            self.exit_replay()

    # ------------------------------------------------------------------------------------------
    # decisions
    # ------------------------------------------------------------------------------------------
    def decide(self, act: str, value: str) -> None:
        seat = self.deciding_human()
        if seat is None:
            return
        view = self.game.view(seat)
        draft, action, note = controls.reduce(view, self.draft, act, value)
        self.draft = draft
        if action is not None:
            self.drop_info()
            self.apply_action(action)
            return
        if note:
            self.toast = ("info", note)
        self.render()

    def ask_hint(self) -> None:
        """The hint bot's choice for the person deciding, from that seat's own view."""
        seat = self.deciding_human()
        if seat is None or not self.prefs["hints"]:
            return
        g = self.game
        step = len(g.history)
        decision = make_bot(controls.HINT_LEVEL, seed=step).choose(g, seat)
        self.hint = ((step, seat), decision.action.text, decision.reason)
        self.render()

    def apply_action(self, text: str, reason: Optional[str] = None) -> None:
        g = self.game
        seat = g.to_move
        before = len(g.log)
        try:
            g.apply(text)
        except mp.IllegalAction as exc:
            self.toast = ("info", f"Not possible: {exc}")
            self.render()
            return
        if reason:
            self.reasons.append([before, reason[:300]])
        if self.seats[seat]["type"] == "human":
            self.holder = seat
            self.seen[seat] = {"log": len(g.log_for(seat)), "princes": list(g.prince)}
        self.after_change()

    def after_change(self) -> None:
        self.gen += 1
        self.thinking = None
        self.autosave()
        self.render()
        self.maybe_start_bot()

    def reveal(self, seat: int) -> None:
        if self.game is None:
            return
        _seat, pass_to = self._plan()
        if pass_to != seat:
            return
        self.holder = seat
        self.autosave()
        self.render()

    def undo(self) -> None:
        g = self.game
        if g is None or g.is_over:
            return
        seat, pass_to = self._plan()
        who = self._undo_seat(seat, pass_to)
        if who is None:
            return
        try:
            new = g.undo(1)
        except (mp.IllegalAction, mp.SaveError) as exc:
            self.toast = ("info", f"Cannot undo: {exc}")
            self.render()
            return
        self.game = new
        self.holder = who
        keep = len(new.log)
        self.reasons = [r for r in self.reasons if r[0] < keep]
        self.draft = {"key": None}
        self.toast = ("info", "Your last decision was taken back.")
        self.after_change()

    # ------------------------------------------------------------------------------------------
    # bots
    # ------------------------------------------------------------------------------------------
    def maybe_start_bot(self) -> None:
        g = self.game
        if self.screen != "game" or g is None or g.is_over:
            return
        seat = g.to_move
        if self.seats[seat]["type"] == "bot" and not self.sync.conflict:   # bots wait for a choice
            asyncio.ensure_future(self.bot_turn(self.gen, seat))

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
            thinker = self.bots[seat].start(self.game, seat)
            while not thinker.step(BOT_SLICE):
                await asyncio.sleep(0)
                if gen != self.gen:
                    return
            wait = storage.PACES.get(self.prefs["pace"], 0.8) - (time.monotonic() - started)
            # at least one yield: the last slice and applying + drawing the move are two tasks
            await asyncio.sleep(max(wait, 0))
            if gen != self.gen:
                return
            decision = thinker.result
            self.apply_action(decision.action.text, reason=decision.reason)
        except Exception as exc:  # a bug: show it and report it to the console
            self.thinking = None
            import traceback
            window.console.error("bot failed: " + traceback.format_exc())
            self.overlay = ("dialog", panels.dialog_html(
                "A bot could not decide", f"{type(exc).__name__}: {exc}", [("OK", "close", "")]))
            self.render()

    def make_bots(self) -> None:
        self.bots = {}
        for i, s in enumerate(self.seats):
            if s["type"] == "bot":
                level = s["level"] if s["level"] in BOT_LEVELS else "medium"
                self.bots[i] = make_bot(level, seed=(self.game.seed * 31 + i) % (2 ** 31),
                                        time_budget=BOT_TIME_BUDGET)

    # ------------------------------------------------------------------------------------------
    # replay
    # ------------------------------------------------------------------------------------------
    def enter_replay(self) -> None:
        """Step through the game on screen: from the start once it is over, else from now."""
        if self.game is None or self.screen != "game":
            return
        self.gen += 1           # stops a thinking bot; it starts again when the replay is left
        self.thinking = None
        self.overlay = None
        self.drop_info()
        self.replay = Replay(self.game, at_end=not self.game.is_over)
        self.screen = "replay"
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

    def exit_replay(self) -> None:
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
    def install(self, rec: dict, game: mp.Game, *, holder: Optional[int] = None,
                rev: Optional[int] = None) -> None:
        """Put a fully loaded game on screen (nothing of the old one is kept); `rev`: the stored
        revision it was read from (None: a game not yet stored)."""
        self.drop_info()
        self.game = game
        self.rec = {"id": rec["id"], "created": rec.get("created") or now_iso()}
        self.sync.adopt(rec["id"], rev)
        self.seats = rec["seats"]
        self.bseats = panels.style_seats(self.seats)
        self.reasons = [list(r) for r in rec.get("reasons", [])]
        # checked by storage.validate_record
        self.seen = {int(s): dict(e) for s, e in rec.get("seen", {}).items()}
        self.hint = None
        people = hotseat.humans(self.seats)
        self.holder = holder if holder is not None else (people[0] if len(people) == 1 else None)
        self.draft = {"key": None}
        self.market_entry = None
        self.thinking = None
        self.overlay = None
        self.replay = None
        self.screen = "game"
        self.make_bots()
        self.after_change()

    def record(self) -> dict:
        g = self.game
        viewer = self.holder if self.holder is not None and self.seats[self.holder]["type"] == "human" else None
        return storage.make_record(
            self.rec["id"], self.seats, g.to_save(), created=self.rec["created"],
            updated=now_iso(), meta=storage.game_meta(g, self.seats), viewer=viewer,
            reasons=self.reasons,
            seen={str(s): e for s, e in self.seen.items()})

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
                self.toast = ("info", "The game is saved again.")

    def start_from_form(self) -> None:
        form = self.form
        try:
            seats = storage.validate_seats([dict(s) for s in form["seats"]])
        except storage.RecordError as exc:
            form["error"] = str(exc)
            self.render()
            return
        seed_text = str(form.get("seed", "")).strip()
        seed = None
        if seed_text:
            if not seed_text.isdigit() or not 0 <= int(seed_text) < 2 ** 63:
                form["error"] = "The seed must be a whole number (or left empty)."
                self.render()
                return
            seed = int(seed_text)
        form["error"] = None
        game = mp.new_game(players=len(seats), seed=seed, learning=bool(form.get("learning")),
                           names=[s["name"] for s in seats])
        self.install({"id": new_id(), "seats": seats}, game)

    def play_again(self) -> None:
        g = self.game
        if g is None:
            return
        game = mp.new_game(players=g.n, learning=g.options.learning, names=list(g.names))
        self.install({"id": new_id(), "seats": [dict(s) for s in self.seats]}, game)

    def open_game(self, game_id: str, quiet: bool = False) -> bool:
        """Load a saved game whole, or refuse it with a message (nothing half-loaded; the other
        saves untouched). `quiet`: at start-up, where a refusal falls back to the home screen."""
        try:
            rec = self.store.get(game_id)
            game = mp.load_game(rec["save"])
        except Exception as exc:   # damaged or tampered: refuse it whole
            msg = (f"This saved game cannot be opened: {short(str(exc))} Nothing was loaded, and "
                   "your other saved games are not affected.")
            self.overlay = ("dialog", panels.dialog_html("Saved game refused", msg, [("OK", "close", "")],
                                                         cls="error"))
            if quiet:
                try:
                    self.store.set_current(None)
                except Exception:
                    pass
            else:
                self.render()
            return False
        self.install(rec, game, rev=rec["rev"])
        return True

    def drop_info(self) -> None:
        """Forget a passing message (warnings stay until dismissed)."""
        if self.toast and self.toast[0] == "info":
            self.toast = None

    def go_home(self) -> None:
        self.drop_info()
        self.gen += 1       # stops a thinking bot
        self.thinking = None
        self.replay = None
        self.screen = "home"
        self.refresh_saves()
        self.render()

    def refresh_saves(self) -> None:
        self.saves = self.store.listing()
        dates = {}
        for rec in self.saves:
            if rec.get("updated"):
                try:
                    dates[rec["id"]] = str(window.Date.new(rec["updated"]).toLocaleString())
                except Exception:
                    dates[rec["id"]] = rec["updated"]
        self.save_dates = dates

    def form_field(self, field: str, target) -> None:
        form = self.form
        seats = form["seats"]
        form["error"] = None
        if field == "players":
            n = max(2, min(5, int(target.value)))
            while len(seats) < n:
                used = {s["style"] for s in seats}
                style = next(k for k in range(5) if k not in used)
                seats.append({"name": f"Bot {len(seats) + 1}", "type": "bot", "level": "medium",
                              "style": style})
            del seats[n:]
        elif field == "learning":
            form["learning"] = bool(target.checked)
        elif field in ("type", "style"):
            i = int(attr(target, "data-seat") or 0)
            seat = seats[i]
            if field == "type":
                value = target.value
                if value == "human":
                    if seat["type"] == "bot" and seat["name"].startswith("Bot "):
                        seat["name"] = f"Player {i + 1}"
                    seat.update(type="human", level=None)
                elif value.startswith("bot:") and value[4:] in storage.LEVELS:
                    if seat["type"] == "human" and seat["name"] == f"Player {i + 1}":
                        seat["name"] = f"Bot {i + 1}"
                    seat.update(type="bot", level=value[4:])
            else:
                style = int(target.value)
                for other in seats:
                    if other is not seat and other["style"] == style:
                        other["style"] = seat["style"]
                seat["style"] = style

    def export_current(self) -> None:
        if self.game is None:
            return
        rec = self.record()
        self.download(storage.export_name(list(self.game.names), self.game.day, rec["updated"]),
                      json.dumps(rec, indent=1))

    def export_saved(self, game_id: str) -> None:
        try:
            rec = self.store.get(game_id)
        except storage.RecordError as exc:
            self.toast = ("warn", f"Cannot export: {exc}")
            self.render()
            return
        names = rec["meta"].get("names") or [s["name"] for s in rec["seats"]]
        self.download(storage.export_name(names, rec["meta"].get("day", 0), rec["updated"]),
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
        self.toast = ("info", f"Exported as {filename}.")
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
            game = mp.load_game(rec["save"])
        except Exception as exc:   # refused whole: nothing stored, nothing loaded
            self._refuse_import(short(str(exc)))
            return
        if self.store.exists(rec["id"]):
            rec["id"] = new_id()
        rec["created"] = rec.get("created") or now_iso()
        self.install(rec, game)
        self.toast = ("info", "The saved game was imported.")
        self.render()

    def _refuse_import(self, why: str) -> None:
        self.overlay = ("dialog", panels.dialog_html(
            "Import refused", f"This file cannot be imported: {why} Nothing was loaded, and your "
            "saved games are not affected.", [("OK", "close", "")], cls="error"))
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
        if self.screen == "replay":
            self.replay = None
            self.screen = "game"
        title, text, buttons = tabs.conflict_message(self.sync.conflict)
        self.overlay = ("dialog", panels.dialog_html(title, text, buttons, cls="conflict"))
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
            self.toast = ("info", "This tab's game is kept as a separate saved game; the one "
                                  "changed in the other tab is unchanged.")
            self.render()

    # ------------------------------------------------------------------------------------------
    # benchmark hook (window.mpBench in index.html drives the UI through real clicks)
    # ------------------------------------------------------------------------------------------
    def bench_start(self, seed=12345) -> None:
        seats = [{"name": "Ann", "type": "human", "level": None, "style": 0},
                 {"name": "Bea", "type": "human", "level": None, "style": 1}]
        game = mp.new_game(players=2, seed=int(seed), names=["Ann", "Bea"])
        self.install({"id": new_id(), "seats": seats}, game)
