"""The saved games of the App: a new game from the form or played again, the game on screen
saved after each change, a saved game opened, exported and imported (whole or refused whole),
and two tabs on one game (see tabs.py: this tab never writes over another's moves).

`Saves` is handed what it works with (the store of saved games, the two tabs' sync, the finished
games, the Statistics screen's re-reading and the replay's leaving) and the page it shows itself
on (`page_protocol.Page`: the game on screen, the form, the screen, the overlay, the toast, one render,
a game installed or changed). It keeps whether the game on screen could not be saved
(`unsaved`). The browser comes in as `window`, `document`, `to_js` and `once` (no browser
import here).
"""

from __future__ import annotations

import json
import re
import secrets
import time
from datetime import datetime, timezone
from typing import Any, Callable

from kit.markup import Html

from . import games, guiding, records, screens, storage, tabs
from .dom import absent
from .i18n import page_words, t
from .page_protocol import Page
from .refusals import is_quota_error, refusal_text, storage_text


STORAGE_BURST_MS = 40      # other tabs' writes within this time: the lists are read again once


def now_iso() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def new_id() -> str:
    """A new saved game's id. From the browser's crypto source (secrets), never from `random`:
    a page restored from a memory snapshot starts `random` from the same state every time."""
    return f"g{int(time.time() * 1000):x}{secrets.token_hex(2)}"


def storage_problem_text(exc: BaseException) -> str:
    """The toast of a save the browser did not store, worded by the problem's kind."""
    if is_quota_error(exc):
        return t("shell.toast.storage_full")
    return t("shell.toast.not_saved", {"error": storage_text(exc)})


def export_name(game: str, names: list[str], stamp: str) -> str:
    """A safe file name for an exported game: its game, its players, the date."""
    what = re.sub(r"[^a-z0-9-]+", "", str(game))[:20] or "game"
    who = "-".join(re.sub(r"[^A-Za-z0-9]+", "", str(n))[:12] for n in names) or "players"
    date = re.sub(r"[^0-9]", "", str(stamp))[:8] or "save"
    return f"{what}-{who}-{date}.json"


def damaged_export_name(game_id: str) -> str:
    """A safe file name for a stored record exported as it is (it could not be read)."""
    safe = re.sub(r"[^A-Za-z0-9_-]+", "", str(game_id))[:40] or "record"
    return f"machu-picchu-damaged-{safe}.json"


class Saves:
    def __init__(self, page: Page, window: Any, document: Any, to_js: Any, once: Any, *,
                 store: storage.Store, sync: tabs.TabSync, results: records.Results,
                 reread_stats: Callable[[], None], leave_replay: Callable[[], None]) -> None:
        self.page = page
        self.window, self.document, self.to_js, self.once = window, document, to_js, once
        self.store = store
        self.sync = sync
        self.results = results
        self.reread_stats = reread_stats      # the Statistics screen's games read again
        self.leave_replay = leave_replay      # the replay on screen left for its game
        self.unsaved = False                  # the game on screen could not be saved
        self.listing: list[dict] = []          # the saved games, for the home screen
        self.dates: dict[str, str] = {}        # their dates in the browser's words
        self.refresh_due = False               # other tabs wrote: the lists are read again soon

    # --- the game on screen, saved ----------------------------------------------------------
    def record(self) -> dict:
        table = self.page.table
        g, seats = table.game, table.seats
        viewer = table.holder if table.holder is not None and seats[table.holder]["type"] == "human" else None
        stage = table.views.stage_text(g)
        return storage.make_record(
            table.rec["id"], seats, g.to_save(), created=table.rec["created"],
            updated=now_iso(), meta=storage.game_meta(g, seats, stage), viewer=viewer,
            reasons=table.reasons, game=table.info.id,
            seen={str(s): e for s, e in table.seen.items()}, copy_of=table.rec.get("copy_of"),
            guide=table.guide.save_field() if table.guide is not None else None)

    def autosave(self) -> None:
        page = self.page
        if page.table is None:
            return
        try:
            if self.sync.save(self.record()) is not None:
                if self.sync.news():    # nothing written: another tab has moves this one lacks
                    self.show_conflict()
                return
            self.store.set_current(page.table.rec["id"])
            self.store.set_on_home(False)
            self.remember_finished()
        except Exception as exc:
            if not self.unsaved:
                page.toast = ("warn", storage_problem_text(exc))
            self.unsaved = True
            return
        if self.unsaved:
            self.unsaved = False
            if page.toast and page.toast[0] == "warn":
                page.toast = ("info", t("shell.toast.saved_again"))

    def remember_finished(self) -> None:
        """A game that ended is kept once among the finished games (records.py), keyed by its
        id: shown again, reloaded or ended in two tabs, it is written once. A guided game's
        record says so (the statistics leave it out of their figures)."""
        table = self.page.table
        if table is None or not table.game.is_over or self.results.has(table.rec["id"]):
            return
        self.results.add(records.result_of(
            table.rec["id"], table.info.id, table.seats, table.game,
            started=table.rec.get("created") or "", ended=now_iso(),
            guided=table.guide is not None and table.guide.guided))

    # --- a new game -------------------------------------------------------------------------
    def start_from_form(self, _value: str = "") -> None:
        page = self.page
        form = page.form
        info = games.find(form["game"])
        if info is None:
            return
        try:
            seats = storage.validate_seats([dict(s) for s in form["seats"]], info=info,
                                           distinct=True)
        except storage.RecordError as exc:
            # kept as ids, worded at each render: a change of language rewords it
            form["error"] = {"id": "shell.form.seats_error",
                             "refusal": [getattr(exc, "msg_id", None), getattr(exc, "params", None)]}
            page.render()
            return
        seed_text = str(form.get("seed", "")).strip()
        seed = None
        if seed_text:
            if not seed_text.isdigit() or not 0 <= int(seed_text) < 2 ** 63:
                form["error"] = {"id": "shell.form.seed_error"}
                page.render()
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
        page.install(info, {"id": new_id(), "seats": seats}, game)

    def start_guided(self, game_id: str) -> None:
        """"Learn to play": the game's guided game (its guide's seed, bots and options), the
        person in seat 0 named as the form names its first person; a saved game like any other,
        marked guided (its steps seen kept in it)."""
        page = self.page
        info = games.find(game_id)
        guide = games.views(info).guide() if info is not None else None
        if guide is None:
            return
        people = [s["name"] for s in page.form["seats"] if s["type"] == "human" and s["name"].strip()]
        person = people[0] if people else games.default_name("human", 0)
        seats = storage.validate_seats(
            guiding.guided_seats(guide, person.strip()[:storage.MAX_NAME],
                                 lambda i: games.default_name("bot", i)), info=info)
        options = {o.key: bool(guide.options.get(o.key, o.default)) for o in info.options}
        game = info.new_game(players=len(seats), seed=guide.seed,
                             names=[s["name"] for s in seats], **options)
        page.install(info, {"id": new_id(), "seats": seats, "guide": {"seen": []}}, game)

    def play_again(self, _value: str = "") -> None:
        table = self.page.table
        if table is None:
            return
        g, info = table.game, table.info
        save = g.to_save()
        options = {o.key: bool(save.get("options", {}).get(o.key, o.default)) for o in info.options}
        game = info.new_game(players=len(table.seats), names=list(g.names), **options)
        self.page.install(info, {"id": new_id(), "seats": [dict(s) for s in table.seats]}, game)

    # --- saved games ------------------------------------------------------------------------
    def open_game(self, game_id: str, quiet: bool = False) -> bool:
        """Load a saved game whole, or refuse it with a message (nothing half-loaded; the other
        saves untouched). `quiet`: at start-up, where a refusal falls back to the home screen."""
        page = self.page
        try:
            rec = self.store.get(game_id)
            info = games.find(rec["game"])
            if info is None:
                raise storage.RecordError("it is a game this page does not have", "shell.save.unknown_game")
            game = info.load_game(rec["save"])
        except Exception as exc:   # damaged or tampered: refuse it whole
            msg = t("shell.open_refused.text", {"error": refusal_text(exc)})
            page.overlay = ("dialog", screens.dialog_html(t("shell.open_refused.title"), msg,
                                                         [(t("shell.toast.ok"), "close", "")],
                                                         cls="error"))
            if quiet:
                try:
                    self.store.set_current(None)
                except Exception:
                    pass
            else:
                page.render()
            return False
        page.install(info, rec, game, rev=rec["rev"])
        return True

    def refresh(self) -> None:
        """The list of saved games for the home screen, with their dates."""
        self.listing = self.store.listing()
        dates = {}
        for rec in self.listing:
            if rec.get("updated"):
                try:
                    dates[rec["id"]] = str(self.window.Date.new(rec["updated"]).toLocaleString(page_words().lang))
                except Exception:
                    dates[rec["id"]] = rec["updated"]
        self.dates = dates

    def ask_delete(self, value: str) -> None:
        self.page.overlay_to(("dialog", screens.dialog_html(
            t("shell.delete.title"), t("shell.delete.text"),
            [(t("shell.saves.delete"), "delete-yes", value), (t("shell.delete.keep"), "close", "")])))

    def delete(self, value: str) -> None:
        self.page.overlay = None
        self.store.delete(value)
        self.refresh()
        self.page.render()

    # --- export and import ------------------------------------------------------------------
    def export_current(self) -> None:
        table = self.page.table
        if table is None:
            return
        rec = self.record()
        self.download(export_name(table.info.id, list(table.game.names), rec["updated"]),
                      json.dumps(rec, indent=1))

    def export_saved(self, game_id: str) -> None:
        try:
            rec = self.store.get(game_id)
        except storage.RecordError as exc:
            self.page.toast = ("warn", t("shell.toast.export_failed", {"error": refusal_text(exc)}))
            self.page.render()
            return
        names = rec["meta"].get("names") or [s["name"] for s in rec["seats"]]
        self.download(export_name(rec["game"], names, rec["updated"]),
                      json.dumps(rec, indent=1))

    def export_raw(self, game_id: str) -> None:
        """A stored record that cannot be read, downloaded exactly as it is (to mend or report)."""
        text = self.store.get_text(game_id)
        if text is None:
            return
        self.download(damaged_export_name(game_id), text)

    def download(self, filename: str, text: str, toast: Any = None) -> None:
        """`text` saved by the browser as `filename`; `toast` says so (default: its name)."""
        window, document = self.window, self.document
        blob = window.Blob.new(self.to_js([text]),
                               self.to_js({"type": "application/json"},
                                          dict_converter=window.Object.fromEntries))
        url = window.URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href = url
        link.download = filename
        link.style.display = "none"
        document.body.appendChild(link)
        link.click()
        link.remove()
        window.setTimeout(self.once(lambda: window.URL.revokeObjectURL(url)), 5000)
        self.page.toast = ("info", toast or t("shell.toast.exported", {"file": filename}))
        self.page.render()

    async def import_file(self, input_el: Any) -> None:
        page = self.page
        files = input_el.files
        if absent(files) or files.length == 0:
            return
        file = files.item(0)
        if file.size > storage.MAX_IMPORT_BYTES:
            input_el.value = ""
            self.refuse_import(t("shell.save.too_large"))
            return
        text = await file.text()
        input_el.value = ""
        try:
            rec = storage.parse_record_text(text, new_id)
            info = games.find(rec["game"])
            if info is None:
                raise storage.RecordError("it is a game this page does not have", "shell.save.unknown_game")
            game = info.load_game(rec["save"])
        except Exception as exc:   # refused whole: nothing stored, nothing loaded
            self.refuse_import(refusal_text(exc))
            return
        same = self.store.same_game(rec)
        if same is not None:            # saved here already: open it, add no second entry
            if self.open_game(same):
                page.toast = ("info", t("shell.toast.imported_known"))
                page.render()
            return
        toast = t("shell.toast.imported")
        if self.store.exists(rec["id"]):    # another version of a game saved here: a copy, said so
            rec["copy_of"], rec["id"] = rec["id"], new_id()
            toast = t("shell.toast.imported_copy")
        rec["created"] = rec.get("created") or now_iso()
        page.install(info, rec, game)
        page.toast = ("info", toast)
        page.render()

    def refuse_import(self, why: Html) -> None:
        """The import refused, saying why (a clause of the page's language)."""
        self.page.overlay = ("dialog", screens.dialog_html(
            t("shell.import_refused.title"), t("shell.import_refused.text", {"error": why}),
            [(t("shell.toast.ok"), "close", "")], cls="error"))
        self.page.render()

    # --- two tabs on one game (see tabs.py) -------------------------------------------------
    def on_storage(self, event: Any) -> None:
        """Another tab or window wrote to localStorage (`key` None: it cleared it). The home's
        and the statistics' lists are read again once for a burst of writes (an import of all
        data writes a key per game), a moment after its first."""
        page = self.page
        key = event.key if isinstance(event.key, str) else None    # null (jsnull): cleared
        if key is not None and not key.startswith(storage.PREFIX):
            return
        if key in (None, storage.PREFS_KEY):
            page.prefs = self.store.prefs()
        if page.screen in ("home", "stats"):
            if not self.refresh_due:
                self.refresh_due = True
                self.window.setTimeout(self.once(self.refresh_screen), STORAGE_BURST_MS)
        elif key == storage.PREFS_KEY:
            page.render()
        elif (page.table is not None and key == storage.GAME_PREFIX + page.table.rec["id"]
              and self.sync.changed_elsewhere(page.table.game.history) is not None
              and self.sync.news()):
            self.show_conflict()

    def refresh_screen(self) -> None:
        """The home's saved games or the statistics read again (after other tabs' writes)."""
        self.refresh_due = False
        if self.reread():
            self.page.render()

    def reread(self) -> bool:
        """The lists of the screen on show read again: the home's saved games or the finished
        games of the statistics (the caller renders); False on another screen."""
        if self.page.screen == "home":
            self.refresh()
        elif self.page.screen == "stats":
            self.reread_stats()
        else:
            return False
        return True

    def show_conflict(self) -> None:
        page = self.page
        page.gen += 1          # a thinking bot stops: the player chooses first
        if page.table is not None:
            page.table.thinking = None
            page.table.frame = None
        self.leave_replay()
        title, text, buttons = tabs.conflict_message(self.sync.conflict)
        page.overlay = ("dialog", screens.dialog_html(title, text, buttons, cls="conflict"))
        page.render()

    def resolve_conflict(self, act: str) -> None:
        page = self.page
        if page.table is None or not self.sync.conflict:
            return
        if act == "tab-conflict":
            self.show_conflict()
        elif act == "tab-reload":
            page.overlay = None
            if not self.open_game(page.table.rec["id"]):
                self.sync.conflict = None
        elif act == "tab-export":
            page.overlay = None
            self.export_current()
        elif act == "tab-copy":      # this tab's game goes on under a new id; the other is untouched
            page.overlay = None
            page.table.rec = {"id": new_id(), "created": now_iso()}
            self.sync.adopt(page.table.rec["id"], None)
            page.after_change()
            page.toast = ("info", t("shell.toast.kept_separate"))
            page.render()

