"""The replay screen of the App: step through the game on screen (from the start once it is
over, else from now), by buttons, keys, the slider or by itself; public views only.

`Replays` works for the App (`app`: its table, screen, render and `gen`); the cursor over the
positions is `replay.Replay`. The browser comes in as `window` (no browser import here).
"""

from __future__ import annotations

import asyncio
from typing import Any, Optional

from . import screens
from .dom import absent
from .i18n import t
from .replay import AUTOPLAY_SECONDS, MOVES, Replay, bar_html
from .table import GAME_REGIONS

KEYS = {"ArrowLeft": "prev", "ArrowRight": "next", "PageUp": "prev-turn",
        "PageDown": "next-turn", "Home": "first", "End": "last"}


class Replays:
    def __init__(self, app: Any, window: Any) -> None:
        self.app = app
        self.window = window
        self.replay: Optional[Replay] = None          # the replay on screen ("replay" screen)

    def enter(self, _value: str = "") -> None:
        """Step through the game on screen: from the start once it is over, else from now."""
        app, table = self.app, self.app.table
        if table is None or app.screen != "game":
            return
        app.gen += 1           # stops a thinking bot; it starts again when the replay is left
        table.thinking = None
        table.frame = None
        app.overlay = None
        app.drop_info()
        self.replay = Replay(table.game, at_end=not table.game.is_over,
                             turns=table.views.replay_turns, positions=table.views.replay_positions)
        app.screen = "replay"
        app.render()
        asyncio.ensure_future(self.warm(self.replay))

    async def warm(self, r: Replay) -> None:
        """Play the replay forward in slices between frames, so that jumps find it ready."""
        while self.replay is r and not r.warm():
            await asyncio.sleep(0)
        if self.replay is r:        # marked for the tests and the benchmark: every step is near
            self.window.mpReplayWarmAt = self.window.performance.now()
            self.app.render()

    def go(self, move: str) -> None:
        if self.app.screen != "replay" or self.replay is None or move not in MOVES:
            return
        self.replay.playing = False
        self.replay.go(move)
        self.app.render()

    def seek(self, value: Any, dragged: bool = False) -> None:
        """The slider moved. While it is dragged the board follows but the controls stay
        (redrawing them would drop the slider from under the finger): only their step number."""
        app = self.app
        if app.screen != "replay" or self.replay is None or not str(value).isdigit():
            return
        self.replay.playing = False
        self.replay.seek(int(value))
        if not dragged:
            app.render()
            return
        app.render(keep=("controls",))
        shown = app.el["controls"].querySelector("b[data-replay-step]")
        if not absent(shown):
            shown.textContent = str(self.replay.step)

    def play(self, on: bool) -> None:
        app, r = self.app, self.replay
        if app.screen != "replay" or r is None:
            return
        r.playing = on and r.step < r.last
        app.gen += 1
        app.render()
        if r.playing:
            asyncio.ensure_future(self.autoplay(app.gen, r))

    async def autoplay(self, gen: int, r: Replay) -> None:
        app = self.app
        while True:
            await asyncio.sleep(AUTOPLAY_SECONDS)
            if gen != app.gen or self.replay is not r or not r.playing or app.screen != "replay":
                return
            r.go("next")
            r.playing = r.step < r.last
            app.render()

    def exit(self, _value: str = "") -> None:
        app = self.app
        if app.screen != "replay":
            return
        self.replay = None
        app.gen += 1
        app.screen = "game" if app.table is not None else "home"
        app.render()
        app.bots.start()

    def regions(self) -> tuple[dict[str, str], dict[str, str]]:
        """A past position, public view only: nobody's secrets, no controls but the replay's."""
        app, r = self.app, self.replay
        table = app.table
        views = table.views
        view = r.view()
        ctx = table.ctx(app.words, app.prefs, view, None, game=r.game, before=r.before, mode="replay")
        regions = dict.fromkeys(GAME_REGIONS, "")
        regions.update(views.replay_regions(ctx))
        lines = views.replay_lines(r.before, r.game, ctx)
        where = views.stage_text(r.game)
        regions["controls"] = bar_html(r, table.seats, ctx.styles, lines, screens.stage_words(where))
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
