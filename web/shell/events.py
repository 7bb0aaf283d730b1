"""The page's events, delegated: listeners sit on the stable containers only (#app and the
document), so re-rendered content needs no re-binding. A tap or a key becomes an act for the
App (`app.dispatch`); the home screen's form and the options change in place.

`Events` works for the App; no browser import here (events and elements come in).
"""

from __future__ import annotations

import asyncio
from typing import Any, Optional

from kit.seats import MAX_SEATS

from . import games, storage
from .dom import absent, attr, css_quote
from .replaying import KEYS as REPLAY_KEYS
from .saves import storage_problem_text


class Events:
    def __init__(self, app: Any) -> None:
        self.app = app

    def click_attrs(self) -> dict[str, str]:
        """The game's board attributes that take a tap without data-act."""
        table = self.app.table
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
        app = self.app
        target = event.target
        if absent(target) or not hasattr(target, "closest"):
            return
        clicks = self.click_attrs()
        el = target.closest(",".join(["[data-act]"] + [f"[{a}]" for a in clicks]))
        revealing = app.table is not None and app.table.frame is not None
        if revealing and (absent(el) or not app.is_shell_act(attr(el, "data-act"))):
            app.finish_reveal()             # a tap anywhere on a reveal finishes it at once
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
        app.dispatch(act, value)

    def on_key(self, event: Any) -> None:
        app = self.app
        key = event.key
        if key == "Escape" and app.overlay:
            app.overlay = None
            app.render()
            return
        if app.screen == "replay" and not app.overlay and key in REPLAY_KEYS:
            tag = str(getattr(event.target, "tagName", "") or "").lower()
            if tag in ("input", "select", "textarea"):    # the slider steps by itself
                return
            event.preventDefault()
            app.replays.go(REPLAY_KEYS[key])
            return
        if key not in ("Enter", " "):
            return
        target = event.target
        if absent(target) or not hasattr(target, "closest"):
            return
        tag = str(target.tagName or "").lower()
        if tag in ("button", "input", "select", "textarea", "summary", "a"):
            return
        if app.table is not None and app.table.frame is not None and not app.overlay:
            event.preventDefault()          # the keyboard's tap on a reveal
            app.finish_reveal()
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
                app.dispatch(act_name, attr(el, name) or "")
                return

    def on_change(self, event: Any) -> None:
        app = self.app
        target = event.target
        if target.id == "import-file":
            asyncio.ensure_future(app.saves.import_file(target))
            return
        if target.id == "import-results":
            asyncio.ensure_future(app.statistics.import_file(target))
            return
        if target.id == "import-data":
            asyncio.ensure_future(app.mydata.import_file(target))
            return
        field = attr(target, "data-field") if hasattr(target, "getAttribute") else None
        if field is None:
            return
        if field == "stats-name":
            app.statistics.choose_name(str(target.value))
            return
        if field == "lang":
            app.set_language(str(target.value))
            return
        if field in ("reasons", "hints", "tips", "pace"):
            if field in ("reasons", "hints", "tips"):
                app.prefs[field] = bool(target.checked)
            elif target.value in storage.PACES:
                app.prefs["pace"] = target.value
            try:
                app.store.set_prefs(app.prefs)
            except Exception as exc:
                app.toast = ("warn", storage_problem_text(exc))
            if field == "tips":
                app.tips_changed()
            app.render()
            return
        if field == "replay-step":      # released: redraw all, the replay's controls included
            app.replays.seek(target.value)
            return
        if field in ("name", "seed"):   # typed text: kept by on_input, nothing to redraw
            self.on_input(event)
            return
        self.form_field(field, target)
        app.render()

    def on_input(self, event: Any) -> None:
        app = self.app
        target = event.target
        if absent(target) or not hasattr(target, "getAttribute") or not target.hasAttribute("data-field"):
            return
        field = attr(target, "data-field")
        if field == "name":
            i = int(attr(target, "data-seat") or -1)
            if 0 <= i < len(app.form["seats"]):
                app.form["seats"][i]["name"] = target.value
        elif field == "seed":
            app.form["seed"] = target.value
        elif field == "replay-step":
            app.replays.seek(target.value, dragged=True)

    def form_field(self, field: str, target: Any) -> None:
        """A field of the new-game form changed."""
        app = self.app
        form = app.form
        info = games.find(form["game"]) or app.games[0]
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
