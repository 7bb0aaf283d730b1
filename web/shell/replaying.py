"""The replay screen of the App: step through the game on screen (from the start once it is
over, else from now), by buttons, keys, the slider or by itself; public views only.

`Replays` shows itself on the page (`page_protocol.Page`: its table, screen, render and `gen`) and is
handed the decision region's element (the slider's step number) and the way the bots' turns
resume; the cursor over the positions is `replay.Replay`. The browser comes in as `window` (no
browser import here).
"""

from __future__ import annotations

import asyncio
from typing import Any, Callable, Optional

from . import screens
from .dom import absent
from .i18n import page_words, t
from .page_protocol import Page
from .replay import AUTOPLAY_SECONDS, MOVES, Replay, bar_html
from .table import GAME_REGIONS

KEYS = {"ArrowLeft": "prev", "ArrowRight": "next", "PageUp": "prev-turn",
        "PageDown": "next-turn", "Home": "first", "End": "last"}


class Replays:
    def __init__(self, page: Page, window: Any, *, controls: Any,
                 resume_bots: Callable[[], None]) -> None:
        self.page = page
        self.window = window
        self.controls = controls            # the decision region's element (#controls)
        self.resume_bots = resume_bots      # a bot to move thinks again once the replay is left
        self.replay: Optional[Replay] = None          # the replay on screen ("replay" screen)

    def enter(self, _value: str = "") -> None:
        """Step through the game on screen: from the start once it is over, else from now."""
        page, table = self.page, self.page.table
        if table is None or page.screen != "game":
            return
        page.gen += 1           # stops a thinking bot; it starts again when the replay is left
        table.thinking = None
        table.frame = None
        page.overlay = None
        page.drop_info()
        self.replay = Replay(table.game, at_end=not table.game.is_over,
                             turns=table.views.replay_turns, positions=table.views.replay_positions)
        page.screen = "replay"
        page.render()
        asyncio.ensure_future(self.warm(self.replay))

    async def warm(self, r: Replay) -> None:
        """Play the replay forward in slices between frames, so that jumps find it ready."""
        while self.replay is r and not r.warm():
            await asyncio.sleep(0)
        if self.replay is r:        # marked for the tests and the benchmark: every step is near
            self.window.mpReplayWarmAt = self.window.performance.now()
            self.page.render()

    def go(self, move: str) -> None:
        if self.page.screen != "replay" or self.replay is None or move not in MOVES:
            return
        self.replay.playing = False
        self.replay.go(move)
        self.page.render()

    def seek(self, value: Any, dragged: bool = False) -> None:
        """The slider moved. While it is dragged the board follows but the controls stay
        (redrawing them would drop the slider from under the finger): only their step number."""
        page = self.page
        if page.screen != "replay" or self.replay is None or not str(value).isdigit():
            return
        self.replay.playing = False
        self.replay.seek(int(value))
        if not dragged:
            page.render()
            return
        page.render(keep=("controls",))
        shown = self.controls.querySelector("b[data-replay-step]")
        if not absent(shown):
            shown.textContent = str(self.replay.step)

    def play(self, on: bool) -> None:
        page, r = self.page, self.replay
        if page.screen != "replay" or r is None:
            return
        r.playing = on and r.step < r.last
        page.gen += 1
        page.render()
        if r.playing:
            asyncio.ensure_future(self.autoplay(page.gen, r))

    async def autoplay(self, gen: int, r: Replay) -> None:
        page = self.page
        while True:
            await asyncio.sleep(AUTOPLAY_SECONDS)
            if gen != page.gen or self.replay is not r or not r.playing or page.screen != "replay":
                return
            r.go("next")
            r.playing = r.step < r.last
            page.render()

    def exit(self, _value: str = "") -> None:
        page = self.page
        if page.screen != "replay":
            return
        self.replay = None
        page.gen += 1
        page.screen = "game" if page.table is not None else "home"
        page.render()
        self.resume_bots()

    def close(self) -> None:
        """The replay forgotten, its game back on screen (a dialog comes over it: the caller
        renders, and the bots wait for the player's choice)."""
        if self.page.screen == "replay":
            self.page.screen = "game"
        self.replay = None

    def regions(self) -> tuple[dict[str, str], dict[str, str]]:
        """A past position, public view only: nobody's secrets, no controls but the replay's."""
        page, r = self.page, self.replay
        table = page.table
        views = table.views
        view = r.view()
        ctx = table.ctx(page_words(), page.prefs, view, None, game=r.game, before=r.before, mode="replay")
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
