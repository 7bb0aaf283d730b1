"""The App's Statistics screen: opened from the home, a game and a player name chosen, finished
games forgotten (one, a game's or all after a question), exported and imported
(records.Results).

`StatsScreen` is handed what it works with (the finished games' records, the games of the home,
a download) and the page it shows itself on (`page_protocol.Page`: the screen, the overlay, the toast,
one render); the browser comes in as `window` (dates in the page's language). No browser import
here.
"""

from __future__ import annotations

import json
from datetime import datetime, timezone
from typing import Any, Callable, Optional, Sequence


from . import games, records, screens, stats_screen, storage
from .dom import absent
from .i18n import page_words, t
from .page_protocol import Page
from .refusals import refusal_text, storage_text


WARM_GAMES = 300        # made-up finished games the screen's code first runs over (see warm)


class StatsScreen:
    def __init__(self, page: Page, window: Any, *, results: records.Results, infos: Sequence[Any],
                 download: Callable[[str, str], Any]) -> None:
        self.page = page
        self.window = window
        self.results = results
        self.infos = list(infos)             # the games of the home
        self.download = download             # download(file name, text)
        self.game: Optional[str] = None      # the game chosen (None: the home's)
        self.name: Optional[str] = None      # the player chosen (None: the one with most games)
        self.listing: list[dict] = []
        self.dates: dict[str, str] = {}      # a record's date in words, by id
        self.formatter: Any = None           # (language, Intl.DateTimeFormat)
        self.warmed = False

    def warm(self, count: int = WARM_GAMES) -> None:
        """Run the screen's code once over `count` made-up finished games, off the screen, so
        that the first opening does not pay for the page's first run of that code (with 1,000
        games a first opening measured 220 ms, the next ones 50 ms). Called once, a while after
        the home is drawn; its time is window.mpStatsWarm (ms)."""
        if self.warmed:
            return
        self.warmed = True
        started = self.window.performance.now()
        try:
            made_up = [{"kind": records.RESULT_KIND, "version": records.RESULT_VERSION,
                        "id": f"warm{k}", "game": game.id, "ended": f"2000-01-01T00:00:{k % 60:02d}+00:00",
                        "players": [{"name": "A", "type": "human", "level": None, "score": k, "won": k % 2 == 0},
                                    {"name": "B", "type": "bot", "level": "easy", "score": 3, "won": k % 2 == 1}],
                        "ending": "rounds", "rounds": 1, "actions": 1, "minutes": 1}
                       for k in range(count) for game in self.infos[k % len(self.infos):][:1]]
            keys = json.dumps([records.RESULT_PREFIX + r["id"] for r in made_up])
            text = json.dumps(made_up)
            backend = storage.DictBackend()
            backend.joined = lambda _prefix, _longest: (keys, text)
            listing = records.Results(backend).listing()
            names = {g.id: games.game_name(g) for g in self.infos}
            for game in names:
                stats_screen.stats_html(listing, names, game, None)
        except Exception:           # a warm-up only: the screen itself says what goes wrong
            pass
        self.window.mpStatsWarm = self.window.performance.now() - started

    def refresh(self) -> None:
        """Read every finished game again (after a change here or in another tab)."""
        self.listing = self.results.listing()
        self.dates = {}

    def date_of(self, rec: dict) -> str:
        """A finished game's date in the page's language (one formatter, kept per language)."""
        lang = page_words().lang
        if rec["id"] not in self.dates:
            try:
                if self.formatter is None or self.formatter[0] != lang:
                    self.formatter = (lang, self.window.Intl.DateTimeFormat.new(lang))
                self.dates[rec["id"]] = str(self.formatter[1].format(self.window.Date.new(rec["ended"])))
            except Exception:
                self.dates[rec["id"]] = rec["ended"][:10]
        return self.dates[rec["id"]]

    def open(self, _value: str = "") -> None:
        page = self.page
        page.drop_info()
        page.overlay = None
        page.gen += 1                         # a thinking bot stops, as on the home screen
        if self.game is None:
            self.game = page.form["game"]
        self.refresh()
        page.screen = "stats"
        self.window.scrollTo(0, 0)
        page.render()

    def regions(self) -> str:
        names = {g.id: games.game_name(g) for g in self.infos}
        game = self.game if self.game in names else next(iter(names))
        return stats_screen.stats_html(self.listing, names, game, self.name, self.date_of)

    def choose_game(self, game_id: str) -> None:
        if games.find(game_id) is not None:
            self.game, self.name = game_id, None
            self.page.render()

    def choose_name(self, name: str) -> None:
        self.name = name
        self.page.render()

    def delete(self, result_id: str) -> None:
        self.results.delete(result_id)
        self.refresh()
        self.page.render()

    def ask_delete_all(self, _value: str = "") -> None:
        self.page.overlay_to(("dialog", screens.dialog_html(
            t("shell.stats.delete_all_title"), t("shell.stats.delete_all_text"),
            [(t("shell.stats.delete_all"), "stats-delete-all-yes", ""), (t("shell.delete.keep"), "close", "")])))

    def delete_all(self, _value: str = "") -> None:
        self.page.overlay = None
        self.results.delete_all()
        self.name = None
        self.refresh()
        self.page.render()

    def ask_delete_game(self, game_id: str) -> None:
        info = games.find(game_id)
        if info is None:
            return
        name = games.game_name(info)
        self.page.overlay_to(("dialog", screens.dialog_html(
            t("shell.stats.delete_game_title", {"game": name}),
            t("shell.stats.delete_game_text", {"game": name}),
            [(t("shell.stats.delete_game", {"game": name}), "stats-delete-game-yes", info.id),
             (t("shell.delete.keep"), "close", "")])))

    def delete_game(self, game_id: str) -> None:
        self.page.overlay = None
        if games.find(game_id) is not None:
            self.results.delete_game(game_id)
        self.name = None
        self.refresh()
        self.page.render()

    def export(self, _value: str = "") -> None:
        stamp = datetime.now(timezone.utc).strftime("%Y%m%d")
        self.download(f"tabletop-statistics-{stamp}.json", self.results.export_text())

    async def import_file(self, input_el: Any) -> None:
        page = self.page
        files = input_el.files
        if absent(files) or files.length == 0:
            return
        file = files.item(0)
        text = await file.text() if file.size <= 8_000_000 else None
        input_el.value = ""
        try:
            if text is None:
                raise storage.RecordError("the file is too large", "shell.result.file_too_large")
            added, skipped = self.results.import_text(text)
        except storage.RecordError as exc:  # refused whole: not a file of finished games
            page.toast = ("warn", t("shell.stats.import_refused", {"error": refusal_text(exc)}))
        except Exception as exc:            # the browser's storage (a full one keeps what it added)
            page.toast = ("warn", t("shell.stats.import_refused", {"error": storage_text(exc)}))
        else:
            page.toast = ("info", t("shell.stats.imported", {"n": added, "skipped": skipped}))
        self.refresh()
        page.render()
