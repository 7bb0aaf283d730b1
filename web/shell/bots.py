"""The bots of the table on screen: their turns, thinking in slices (the page stays responsive)
and paced (a move shows after the pace option's time), together in a secret choice, thinking
ahead while a person decides, and the hint (a bot's choice for the person deciding).

`BotTurns` plays on the page (`page_protocol.Page`: the table, the render, `gen`, which a change raises so
that a thinking bot stops, and the person's decision applied) and is handed what else it uses:
the search workers, the body for its markers, the two tabs' sync, the autosave and where a hint
is brought into view. The browser comes in as `window` (no browser import here).
"""

from __future__ import annotations

import asyncio
import time
import traceback
from typing import Any, Callable, Optional

from . import games, later, screens, storage
from .i18n import page_words, t
from .page_protocol import Page
from .table import Table, action_text

BOT_SLICE = 0.03          # seconds of thinking per slice (main thread stays responsive)
# While a person decides, the next bot (if it can: a `ponder` method) thinks ahead about its own
# next turn in slices of BOT_SLICE, a pause between slices, for at most PONDER_SECONDS of
# thinking per position (then the page rests: a tablet's battery). A click waits for one slice
# at most.
PONDER_SECONDS = 4.0
PONDER_PAUSE = 0.01
# Bots of one secret choice taken together (a game's `choosing_together`) decide at once:
# those before a person take no time on screen (at the table they choose while the person does),
# those after the last person share one beat of this many seconds at the "normal" pace (scaled
# like the reveal's frames), never one bot after another.
TOGETHER_BEAT = 0.5


def pace_scale(prefs: dict) -> float:
    """The pace option as a factor of the "normal" pace (0 at Instant)."""
    return storage.PACES.get(prefs["pace"], 0.8) / storage.PACES["normal"]


class BotTurns:
    def __init__(self, page: Page, window: Any, *, pool: Any, body: Any, sync: Any,
                 autosave: Callable[[], Any], attention: Any) -> None:
        self.page = page
        self.window = window
        self.pool = pool                  # shell.search_pool.Pool: the hard bot's helpers
        self.body = body                  # document.body: data-thinking, data-ahead
        self.sync = sync                  # shell.tabs.TabSync: bots wait out a conflict
        self.autosave = autosave          # the game on screen saved (Saves.autosave)
        self.attention = attention        # shell.attention.Attention

    # --- whose turn -------------------------------------------------------------------------
    def start(self) -> None:
        """The bot to move starts thinking, or the next bot thinks ahead while a person decides."""
        page, table = self.page, self.page.table
        if page.screen != "game" or table is None or table.game.is_over or table.frame is not None:
            return
        if page.held_attention is not None:          # the first screen is not attended yet:
            return                                   # attend() starts the bot (or its pondering)
        seat = table.game.to_move
        if self.sync.conflict:                       # bots wait for a choice
            return
        if table.guide is not None and table.guide.holds_bots():
            return                                   # a guided game's intro comes first
        if table.seats[seat]["type"] == "bot":
            run = self.together(table)
            if run:
                asyncio.ensure_future(self.choose_together(page.gen, run))
            else:
                asyncio.ensure_future(self.turn(page.gen, seat))
        else:
            asyncio.ensure_future(self.ponder(page.gen))

    def together(self, table: Table) -> list[int]:
        """The bots that choose now, together, in a secret choice that the game takes one seat
        at a time (its views' `choosing_together`): the bot to move and the bots after it, up
        to the next person. Empty for a game without such choices."""
        run = []
        for seat in table.views.choosing_together(table.game):
            if table.seats[seat]["type"] != "bot":
                break
            run.append(seat)
        return run

    def ponder_seat(self, table: Table) -> Optional[int]:
        """The bot that thinks ahead while a person decides: the next bot seat in seat order
        after the one deciding, if it can (hard bots can)."""
        n = len(table.seats)
        for k in range(1, n):
            seat = (table.game.to_move + k) % n
            if table.seats[seat]["type"] == "bot":
                return seat if hasattr(table.bots.get(seat), "ponder") else None
        return None

    async def ponder(self, gen: int) -> None:
        """The next bot thinks ahead in idle slices until the position changes (a new `gen`) or
        it has thought PONDER_SECONDS; body[data-ahead] counts its re-deals (for the tests)."""
        page = self.page
        try:
            await asyncio.sleep(0)
            await later.rests_arrived(self.window)       # the bots' modules (after ready)
            table = page.table
            seat = None if gen != page.gen or table is None else self.ponder_seat(table)
            if seat is None:
                return
            thinker = table.bots[seat].ponder(table.game, seat, budget=PONDER_SECONDS)
            self.pool.ponder(table.info.id, table.game, seat, table.bots[seat], PONDER_SECONDS)
            self.body.setAttribute("data-ahead", "0")
            while gen == page.gen:
                if table.hinting is None and thinker.step(BOT_SLICE):
                    break
                self.body.setAttribute("data-ahead", str(thinker.units))
                await asyncio.sleep(PONDER_PAUSE)
        except Exception:  # a bug: the bot simply did not think ahead; report it to the console
            self.window.console.error("thinking ahead failed: " + traceback.format_exc())

    # --- a bot decides ----------------------------------------------------------------------
    async def think(self, gen: int, seat: int) -> Any:
        """The bot in `seat` decides (thinking in slices, helped by the search workers if it
        can be); None if the game on screen changed meanwhile."""
        page, table = self.page, self.page.table
        bot = table.bots[seat]
        thinker = bot.start(table.game, seat)
        job = self.pool.ask(table.info.id, table.game, seat, bot)
        while not thinker.step(BOT_SLICE):
            await asyncio.sleep(0)
            if gen != page.gen:
                return None
        decision = await self.pool.merged(job, thinker.result, bot)
        return decision if gen == page.gen else None

    def reason(self, table: Table, seat: int, decision: Any) -> Any:
        """What the log keeps of a bot's reason (the game's own words for it, if it has them)."""
        return table.views.bot_reason(table.game, seat, decision.action, decision.reason,
                                      table.seats[seat],
                                      **({"figures": decision.figures} if decision.figures else {}))

    def mark_thinking(self, seat: int) -> None:
        """body[data-thinking] names the bot thinking now, without a render (bots together)."""
        self.page.table.thinking = seat
        self.body.setAttribute("data-thinking", str(seat))
        self.page.last_attr["data-thinking"] = str(seat)

    async def turn(self, gen: int, seat: int) -> None:
        page = self.page
        try:
            await asyncio.sleep(0)
            if gen != page.gen:
                return
            page.table.thinking = seat
            page.render()
            await asyncio.sleep(0)
            await later.rests_arrived(self.window)       # the bots' modules (after ready)
            if gen != page.gen:
                return
            started = time.monotonic()
            decision = await self.think(gen, seat)
            if decision is None:
                return
            reason = self.reason(page.table, seat, decision)
            wait = storage.PACES.get(page.prefs["pace"], 0.8) - (time.monotonic() - started)
            await self.play_after(gen, wait, decision, reason)
        except Exception as exc:  # a bug: show it and report it to the console
            self.failed(exc)

    async def choose_together(self, gen: int, run: list[int]) -> None:
        """Bots of one secret choice decide together (see `together`): one render says "the
        others choose"; each choice is applied (and saved) as it comes, unseen; if no person is
        to choose after them, they take one beat (TOGETHER_BEAT) in all before the last
        choice, which the reveal follows."""
        page = self.page
        try:
            await asyncio.sleep(0)
            if gen != page.gen:
                return
            table = page.table
            last = run[-1]
            closes = list(table.views.choosing_together(table.game)) == run   # nobody after them
            table.together = list(run)
            table.thinking = run[0]
            page.render()
            await later.rests_arrived(self.window)       # the bots' modules (after ready)
            started = time.monotonic()
            for seat in run:
                await asyncio.sleep(0)
                if gen != page.gen or table.game.to_move != seat:
                    return
                self.mark_thinking(seat)
                decision = await self.think(gen, seat)
                if decision is None:
                    return
                reason = self.reason(table, seat, decision)
                if seat != last:
                    table.apply_quietly(action_text(decision.action), reason)
                    self.autosave()
                    continue
                beat = TOGETHER_BEAT * pace_scale(page.prefs) - (time.monotonic() - started) if closes else 0
                await self.play_after(gen, beat, decision, reason)
        except Exception as exc:  # a bug: show it and report it to the console
            self.failed(exc)

    async def play_after(self, gen: int, wait: float, decision: Any, reason: Any) -> None:
        """Play a bot's decision once `wait` seconds have passed (what is left of the pace),
        unless the game on screen changed meanwhile. At least one yield: the last slice of its
        thinking and applying + drawing its move are two tasks."""
        await asyncio.sleep(max(wait, 0))
        if gen == self.page.gen:
            self.page.apply_action(action_text(decision.action), reason=reason)

    def failed(self, exc: BaseException) -> None:
        page = self.page
        if page.table is not None:
            page.table.thinking = None
            page.table.together = None
        self.window.console.error("bot failed: " + traceback.format_exc())
        page.overlay = ("dialog", screens.dialog_html(
            t("shell.bot_failed.title"), f"{type(exc).__name__}: {exc}", [(t("shell.toast.ok"), "close", "")]))
        page.render()

    def helpers_at_table(self) -> None:
        """The search workers while a bot they help has decisions to come in the game on screen
        (or in its replay); released otherwise, their memory back."""
        page, table = self.page, self.page.table
        levels = table.views.helped_levels if table is not None else ()
        if (page.screen in ("game", "replay") and not table.game.is_over
                and any(s["type"] == "bot" and s["level"] in levels for s in table.seats)):
            self.pool.want()
        else:
            self.pool.release()

    # --- the hint: a bot's choice for the person deciding -----------------------------------
    def ask_hint(self, _value: str = "") -> None:
        """The hint bot's choice for the person deciding, from that seat's own view: it thinks
        in slices (the page stays responsive), then the hint shows."""
        page = self.page
        seat = page.deciding_human()
        if seat is None or not page.prefs["hints"] or page.table.hinting is not None:
            return
        step = len(page.table.game.history)
        page.table.hinting = (step, seat)
        page.render()
        asyncio.ensure_future(self.hint_think(page.gen, step, seat))

    async def hint_think(self, gen: int, step: int, seat: int) -> None:
        page, table = self.page, self.page.table
        try:
            await later.rests_arrived(self.window)       # the hint bot's modules (after ready)
            if gen != page.gen:
                return
            flag = self.window.URLSearchParams.new(self.window.location.search).get("hint-budget")
            budget = games.hint_budget(table.views.hint_time_budget, flag)
            bot = table.info.make_bot(table.views.hint_level, seed=step, time_budget=budget)
            thinker = bot.start(table.game, seat)
            while not thinker.step(BOT_SLICE):
                await asyncio.sleep(0)
                if gen != page.gen:
                    return
            decision = thinker.result
            words = page_words().with_names([s["name"] for s in table.seats])
            in_words = table.views.hint_words(table.game, seat, decision.action, words)
            table.hint = ((step, seat), action_text(decision.action),
                          in_words if in_words is not None
                          else screens.reason_html(decision.reason, words))
        except Exception:  # a bug: no hint; report it to the console
            self.window.console.error("hint failed: " + traceback.format_exc())
        finally:
            if table.hinting == (step, seat):
                table.hinting = None
        if gen == page.gen:
            page.render()
            self.attention.hinted_into_view()

    def take_hint(self, value: str) -> None:
        page = self.page
        seat = page.deciding_human()
        if seat is None or not page.table.hint or page.table.hint[1] != value:
            return
        if value in page.table.legal(seat):
            page.drop_info()
            page.apply_action(value)

    def dismiss_hint(self, _value: str = "") -> None:
        if self.page.table is not None:
            self.page.table.hint = None
        self.page.render()
