"""The page put together: the App (web/shell/app.py: the screen on show, one render per change)
and its helpers, each made here and handed what it works with (`compose`, which web/main.py
calls once).

A helper never finds the storage, the words or another helper through the App: the store, the
finished games, the two tabs' sync, the search workers and the other helpers' methods it calls
are handed to its constructor here; the App itself it sees only as `page_protocol.Page` (the
screen on show, the game on screen and the changes that redraw it). The shell's own acts
(`data-act` -> what does it) are wired here too, each to the helper whose job it is
(`shell_acts`). Like app.py this module needs the browser (PyScript): the start-up snapshot,
made where there is none, leaves both out.
"""

from __future__ import annotations

import asyncio
from typing import Any, Callable

from pyodide.ffi import create_once_callable, create_proxy, to_js
from pyscript import document, window

from . import games, records, search_pool, storage, tabs
from .app import App
from .attention import Attention
from .bench import BenchHooks
from .bots import BotTurns
from .events import Events
from .i18n import choose_language, languages, use_language
from .local_storage import LocalStorageBackend
from .motion import Motion
from .mydata import MyData
from .pointer import Pointer
from .replaying import Replays
from .saves import Saves
from .statistics import StatsScreen


def page_language() -> str:
    """The page's language: ?lang= in its address, else the stored choice, else the browser's
    languages; the first of those with a catalogue, else English (shell.i18n.choose_language)."""
    wanted: list[Any] = []
    try:
        wanted.append(window.URLSearchParams.new(window.location.search).get("lang"))
    except Exception:
        pass
    try:
        wanted.append(window.localStorage.getItem(storage.LANG_KEY))
    except Exception:        # storage blocked: the address and the browser still choose
        pass
    try:
        wanted.extend(str(tag) for tag in window.navigator.languages)
    except Exception:
        pass
    return choose_language([w for w in wanted if isinstance(w, str)], languages())


def compose() -> App:
    """The page's App and its helpers, made once over the browser."""
    store = storage.Store(LocalStorageBackend(window))
    sync = tabs.TabSync(store)                        # never write over another tab's moves
    results = records.Results(store.backend)          # the finished games (statistics)
    infos = games.available()
    pool = search_pool.Pool(window)                   # workers that help the hard bot search
    attention = Attention(document, window, to_js)
    app = App(store=store, sync=sync, infos=infos, words=use_language(page_language()),
              attention=attention, motion=Motion(document, window, to_js),
              pointer=Pointer(document, window, create_proxy),
              language=page_language)
    saves = Saves(app, window, document, to_js, create_once_callable, store=store, sync=sync,
                  results=results, reread_stats=lambda: statistics.refresh(),
                  leave_replay=lambda: replays.close())
    bots = BotTurns(app, window, pool=pool, body=document.body, sync=sync,
                    autosave=saves.autosave, attention=attention)
    replays = Replays(app, window, controls=app.el["controls"], resume_bots=bots.start)
    statistics = StatsScreen(app, window, results=results, infos=infos, download=saves.download)
    mydata = MyData(app, window, store=store, results=results, infos=infos,
                    autosave=saves.autosave, download=saves.download, reread=saves.reread,
                    speak=app.speak, afresh=app.afresh)
    acts = shell_acts(app, saves, bots, replays, statistics, mydata)
    events = Events(app, infos=infos, store=store, acts=acts, dispatch=app.dispatch,
                    finish_reveal=app.finish_reveal, replays=replays,
                    imports={"import-file": saves.import_file,
                             "import-results": statistics.import_file,
                             "import-data": mydata.import_file},
                    choose_name=statistics.choose_name, set_language=app.set_language,
                    tips_changed=app.tips_changed)
    app.attach(acts=acts, events=events, bots=bots, saves=saves, replays=replays,
               statistics=statistics, bench=BenchHooks(infos, pool, app.install))
    return app


def shell_acts(app: App, saves: Saves, bots: BotTurns, replays: Replays,
               statistics: StatsScreen, mydata: MyData) -> dict[str, Callable[[str], Any]]:
    """data-act -> what the shell does with its data-v (anything else goes to the game's own
    controls: App.dispatch)."""
    return {
        "reveal": app.hand_over,
        "hint": bots.ask_hint,
        "hint-take": bots.take_hint,
        "hint-dismiss": bots.dismiss_hint,
        "undo": app.undo,
        "undo-why": app.undo_why,
        "home": app.to_home,
        "help": lambda _v: app.overlay_to(("help",)),
        "menu": lambda _v: app.overlay_to(("menu",)),
        "close": lambda _v: app.overlay_to(None),
        "dismiss": app.dismiss,
        "export": app.export,
        "export-save": saves.export_saved,
        "export-raw": saves.export_raw,
        "tab-conflict": lambda _v: saves.resolve_conflict("tab-conflict"),
        "tab-reload": lambda _v: saves.resolve_conflict("tab-reload"),
        "tab-copy": lambda _v: saves.resolve_conflict("tab-copy"),
        "tab-export": lambda _v: saves.resolve_conflict("tab-export"),
        "start": saves.start_from_form,
        "learn": saves.start_guided,
        "guide-next": app.guide_next,
        "guide-tips-off": app.tips_off,
        "choose-game": app.choose_game,
        "stats": statistics.open,
        "stats-game": statistics.choose_game,
        "stats-delete": statistics.delete,
        "stats-delete-all": statistics.ask_delete_all,
        "stats-delete-all-yes": statistics.delete_all,
        "stats-export": statistics.export,
        "stats-delete-game": statistics.ask_delete_game,
        "stats-delete-game-yes": statistics.delete_game,
        "data-export": lambda _v: asyncio.ensure_future(mydata.export()),
        "data-delete": mydata.ask_delete,
        "data-delete-yes": mydata.delete_all,
        "continue": saves.open_game,
        "delete": saves.ask_delete,
        "delete-yes": saves.delete,
        "again": saves.play_again,
        "replay": replays.enter,
        "replay-go": replays.go,
        "replay-play": lambda _v: replays.play(True),
        "replay-pause": lambda _v: replays.play(False),
        "replay-exit": replays.exit,
    }
