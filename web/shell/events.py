"""The page's events, delegated: listeners sit on the stable containers only (#app and the
document), so re-rendered content needs no re-binding. A tap or a key becomes an act
(`dispatch`: the shell's own acts, else the game's decision); a file chosen goes to the import
that asked for it; the home screen's form and the options change in place.

`Events` is handed what it sends events to (the acts, the replay's steps, the imports, the
statistics' player, the language, the tips) and the store the options are kept in; it reads the
page (`page_protocol.Page`: the game on screen, the screen, the overlay, the form) and renders it after a
change of its own. No browser import here (events and elements come in).
"""

from __future__ import annotations

import asyncio
from typing import Any, Awaitable, Callable, Collection, Optional, Sequence

from kit.seats import MAX_SEATS

from . import games, storage
from .dom import absent, attr, css_quote
from .page_protocol import Page
from .replaying import KEYS as REPLAY_KEYS, Replays
from .saves import storage_problem_text


PREFS = ("reasons", "hints", "tips", "pace")     # the menu's options (data-field)


class Events:
    def __init__(self, page: Page, *, infos: Sequence[Any], store: storage.Store,
                 acts: Collection[str], dispatch: Callable[[str, str], None],
                 finish_reveal: Callable[[], None], replays: Replays,
                 imports: dict[str, Callable[[Any], Awaitable[None]]],
                 choose_name: Callable[[str], None], set_language: Callable[[str], None],
                 tips_changed: Callable[[], None]) -> None:
        self.page = page
        self.infos = list(infos)              # the games of the home (the form's)
        self.store = store                    # the options kept (storage.Store.set_prefs)
        self.acts = acts                      # the shell's own acts (a tap on a reveal is not)
        self.dispatch = dispatch              # (act, value) -> App.dispatch
        self.finish_reveal = finish_reveal    # a tap on a reveal ends it
        self.replays = replays                # the replay's keys and slider
        self.imports = imports                # file input id -> its import (async)
        self.choose_name = choose_name        # the Statistics screen's player
        self.set_language = set_language      # the language menu
        self.tips_changed = tips_changed      # the option "tips" changed

    def click_attrs(self) -> dict[str, str]:
        """The game's board attributes that take a tap without data-act."""
        table = self.page.table
        return dict(table.views.click_attrs) if table is not None else {}

    def focused_selector(self, document: Any, body: Any) -> Optional[str]:
        """A selector for the control that has the focus (to give it back after a render)."""
        active = document.activeElement
        if absent(active) or active == body or not hasattr(active, "hasAttribute"):
            return None
        for name in ("data-act", "data-field") + tuple(self.click_attrs()):
            value = attr(active, name)
            if value is not None:
                sel = f'[{name}="{css_quote(value)}"]'
                for extra in ("data-v", "data-seat"):
                    more = attr(active, extra)
                    if more is not None:
                        sel += f'[{extra}="{css_quote(more)}"]'
                return sel
        return None

    def on_click(self, event: Any) -> None:
        page = self.page
        target = event.target
        if absent(target) or not hasattr(target, "closest"):
            return
        clicks = self.click_attrs()
        el = target.closest(",".join(["[data-act]"] + [f"[{a}]" for a in clicks]))
        revealing = page.table is not None and page.table.frame is not None
        if revealing and (absent(el) or attr(el, "data-act") not in self.acts):
            self.finish_reveal()             # a tap anywhere on a reveal finishes it at once
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

    def on_key(self, event: Any) -> None:
        page = self.page
        key = event.key
        if key == "Escape" and page.overlay:
            page.overlay = None
            page.render()
            return
        if page.screen == "replay" and not page.overlay and key in REPLAY_KEYS:
            tag = str(getattr(event.target, "tagName", "") or "").lower()
            if tag in ("input", "select", "textarea"):    # the slider steps by itself
                return
            event.preventDefault()
            self.replays.go(REPLAY_KEYS[key])
            return
        if key not in ("Enter", " "):
            return
        target = event.target
        if absent(target) or not hasattr(target, "closest"):
            return
        tag = str(target.tagName or "").lower()
        if tag in ("button", "input", "select", "textarea", "summary", "a"):
            return
        if page.table is not None and page.table.frame is not None and not page.overlay:
            event.preventDefault()          # the keyboard's tap on a reveal
            self.finish_reveal()
            return
        clicks = self.click_attrs()
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

    def on_change(self, event: Any) -> None:
        page = self.page
        target = event.target
        load = self.imports.get(str(target.id or ""))
        if load is not None:
            asyncio.ensure_future(load(target))
            return
        field = attr(target, "data-field") if hasattr(target, "getAttribute") else None
        if field is None:
            return
        if field == "stats-name":
            self.choose_name(str(target.value))
            return
        if field == "lang":
            self.set_language(str(target.value))
            return
        if field in PREFS:
            if field in ("reasons", "hints", "tips"):
                page.prefs[field] = bool(target.checked)
            elif target.value in storage.PACES:
                page.prefs["pace"] = target.value
            try:
                self.store.set_prefs(page.prefs)
            except Exception as exc:
                page.toast = ("warn", storage_problem_text(exc))
            if field == "tips":
                self.tips_changed()
            page.render()
            return
        if field == "whole-board":      # a phone's switch: the board whole, or panned
            page.whole_board = bool(target.checked)
            page.render()
            return
        if field == "replay-step":      # released: redraw all, the replay's controls included
            self.replays.seek(target.value)
            return
        if field in ("name", "seed"):   # typed text: kept by on_input, nothing to redraw
            self.on_input(event)
            return
        self.form_field(field, target)
        page.render()

    def on_input(self, event: Any) -> None:
        page = self.page
        target = event.target
        if absent(target) or not hasattr(target, "getAttribute") or not target.hasAttribute("data-field"):
            return
        field = attr(target, "data-field")
        if field == "name":
            i = int(attr(target, "data-seat") or -1)
            if 0 <= i < len(page.form["seats"]):
                page.form["seats"][i]["name"] = target.value
        elif field == "seed":
            page.form["seed"] = target.value
        elif field == "replay-step":
            self.replays.seek(target.value, dragged=True)

    def form_field(self, field: str, target: Any) -> None:
        """A field of the new-game form changed."""
        page = self.page
        form = page.form
        info = games.find(form["game"]) or self.infos[0]
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
