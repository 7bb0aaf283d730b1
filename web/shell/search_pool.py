"""Helpers for the hard bot's search: Web Workers (boot/search-worker.mjs, each its own Pyodide)
that search the bot's decision beside the main thread, each with its own seed (root
parallelism, tabletop.helpers); the bot then adds their root statistics to its own.

The pool starts lazily: only for a game with a seat whose level can be helped (the game
module's HELPED_LEVELS), once the page is ready, in idle time; max(1, min(cores - 1, 3))
workers. Once no helped bot is at the table any more (home screen, another game), `release()`
ends them: each holds its own Pyodide (tens to hundreds of MB on a tablet); the next helped
bot starts them again. The main thread's own sliced search is unchanged, so a page without helpers plays as
before. On a helped decision the main thread waits for the answers at most until the budget
plus MARGIN from the request; an answer later than that, or an error, is ignored. A worker that
fails to start turns the pool off for the tab's session (a console warning, never an error;
sessionStorage OFF_KEY: a reload does not boot failing workers again); one that fails later,
for the page's life.

Markers (tests, bench): body[data-search-workers] = the workers ready ("off" once turned off,
"released" once ended for want of a helped bot), body[data-search-workers-heap] = each ready
worker's wasm memory in MiB as it last said (after its boot, then after each answer),
body[data-search-workers-boot] = how they started (their boot module's snapshot state:
"restored" from the service worker's snapshot, "none" or "failed": the plain way);
after each helped decision body[data-search-helped] = the helpers' iterations in it,
body[data-search-helped-ahead] = those of them thought ahead, and body[data-search-games] = all
its iterations; while they think ahead, body[data-search-ahead] = their re-deals so far.

While a person decides, `ponder()` has every free helper think ahead for the next hard bot's turn
in its own re-deals, with the bot it keeps for that seat (the main thread does as much beside
it): when the bot's decision is asked, what a helper thought ahead for that very position counts
in its answer; another position drops it. Query flag ?search-workers=0: no workers;
?search-workers=fail: workers that fail to start (a test of the fallback).
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any, Optional

from tabletop import helpers

WORKER_URL = "./boot/search-worker.mjs"
MAX_WORKERS = 3
MARGIN = 0.3            # seconds past the budget the main thread waits for helpers at most
OFF_KEY = "machu-picchu:search-workers:off"   # sessionStorage: this tab's workers failed to start
IDLE_TIMEOUT_MS = 2000  # a busy page still starts its workers after this long
DEFAULT_BUDGET = 1.0    # the wait for a bot capped by iterations rather than time
MIB = 1024 * 1024


def worker_count(cores: Any) -> int:
    """How many helpers: the cores but the main thread's, 1 to MAX_WORKERS."""
    try:
        cores = int(cores)
    except (TypeError, ValueError):
        cores = 2
    return max(1, min(cores - 1, MAX_WORKERS))


class Helper:
    """One worker: `ready` once booted, `busy` with the id of the request it is answering."""

    def __init__(self, pool: "Pool", name: str) -> None:
        from pyodide.ffi import create_proxy, to_js
        self.pool, self.ready, self.busy = pool, False, None
        self.snapshot = None            # how it started: "restored" (the cached snapshot) or not
        self.stopped = False
        self.heap_boot = self.heap = 0  # its Pyodide's wasm memory in bytes: once booted, now
        self.ponder_id: Optional[int] = None   # the ponder it was last sent, and its re-deals
        self.pondered = 0
        self._listeners = [create_proxy(self.on_message), create_proxy(self.on_error)]
        options = to_js({"type": "module", "name": name},
                        dict_converter=pool.window.Object.fromEntries)
        self.worker = pool.window.Worker.new(WORKER_URL, options)
        self.worker.addEventListener("message", self._listeners[0])
        self.worker.addEventListener("error", self._listeners[1])

    def on_message(self, event: Any) -> None:
        if self.stopped:
            return
        data = event.data.to_py()       # a plain object: {ready}, {failed} or {id, answer | error}
        self.heap = int(data.get("heap") or self.heap)
        if "pondered" in data:
            if data.get("id") == self.ponder_id:
                self.pondered = int(data["pondered"])
                self.pool.mark_ahead()
        elif data.get("ready"):
            self.ready = True
            self.snapshot = data.get("snapshot") or "none"
            self.heap_boot = self.heap
            self.pool.mark()
            self.pool.ponder_late(self)
        elif data.get("failed"):
            self.pool.off(f"a search helper did not start: {data['failed']}", session=True)
        else:
            if self.busy == data.get("id"):
                self.busy = None
            self.pool.mark()
            self.pool.answered(data.get("id"), data.get("answer"), data.get("error"))

    def on_error(self, event: Any) -> None:
        event.preventDefault()
        if self.stopped:
            return
        self.pool.off(f"a search helper failed: {getattr(event, 'message', '') or 'no message'}",
                      session=not self.ready)

    def stop(self) -> None:
        """End the worker (its memory goes back) and drop the listeners' proxies."""
        self.stopped, self.ready, self.busy = True, False, None
        self.worker.terminate()
        # removed before destroyed: an event already queued then finds no listener
        self.worker.removeEventListener("message", self._listeners[0])
        self.worker.removeEventListener("error", self._listeners[1])
        for proxy in self._listeners:
            proxy.destroy()
        self._listeners = []


class Pool:
    """The page's helpers: `want()` when a helped bot sits at the table, `ask()` as its
    decision starts, `merged()` once its own search is done."""

    def __init__(self, window: Any) -> None:
        self.window = window
        self.body = window.document.body
        self.helpers: list[Helper] = []
        self.state = "idle"            # idle, waiting (for ready and idle time), on, off
        self.waiting: dict[int, asyncio.Future] = {}
        self.pondering: Optional[tuple] = None  # the person's decision now: (ponder request, bot's seed)
        self.next_id = 0
        flag = window.URLSearchParams.new(window.location.search).get("search-workers")
        self.flag = None if flag is None else str(flag)

    # -- starting ---------------------------------------------------------------------------
    def want(self) -> None:
        """A helped bot sits at the table: start the workers once the page is ready and idle."""
        if self.state != "idle":
            return
        if self.flag == "0" or not hasattr(self.window, "Worker") or self._session_off():
            self.off(None)
            return
        self.state = "waiting"
        self._schedule()

    def _schedule(self) -> None:
        from pyodide.ffi import create_once_callable, to_js
        callback = create_once_callable(self._start)
        if hasattr(self.window, "requestIdleCallback"):
            options = to_js({"timeout": IDLE_TIMEOUT_MS}, dict_converter=self.window.Object.fromEntries)
            self.window.requestIdleCallback(callback, options)
        else:
            self.window.setTimeout(callback, 50)

    def _start(self, _deadline: Any = None) -> None:
        if self.state != "waiting":
            return
        if not self.body.hasAttribute("data-app-ready"):   # never before ready (boot figures)
            self._schedule()
            return
        self.state = "on"
        name = "fail" if self.flag == "fail" else "search-helper"
        try:
            for _ in range(worker_count(getattr(self.window.navigator, "hardwareConcurrency", 2))):
                self.helpers.append(Helper(self, name))
        except Exception as exc:    # no module workers in this browser
            self.off(f"no search helpers: {exc}")
        self.mark()

    def _session_off(self) -> bool:
        try:
            return bool(self.window.sessionStorage.getItem(OFF_KEY))
        except Exception:           # storage refused (private mode): try the workers
            return False

    def off(self, why: Optional[str], session: bool = False) -> None:
        """No helpers for the rest of the page's life, or of the tab's `session` (said on the
        console, if `why`)."""
        if session:
            try:
                self.window.sessionStorage.setItem(OFF_KEY, "1")
            except Exception:       # storage refused: this page only
                pass
        if self.state == "off":
            return
        self.state = "off"
        if why:
            self.window.console.warn(why + " (the bots search on the main thread alone)")
        self._end()
        self.mark()

    def release(self) -> None:
        """No helped bot at the table any more: end the workers; `want()` starts them again."""
        if self.state not in ("waiting", "on"):
            return
        self.state = "idle"             # a start still scheduled finds it so and does nothing
        self.pondering = None
        self._end()
        self.body.setAttribute("data-search-workers", "released")
        self.body.removeAttribute("data-search-workers-boot")
        self.body.removeAttribute("data-search-workers-heap")

    def _end(self) -> None:
        """Stop every worker; a decision waiting for their answers goes on without them."""
        for helper in self.helpers:
            helper.stop()
        self.helpers = []
        for future in self.waiting.values():
            if not future.done():
                future.set_result(None)
        self.waiting.clear()

    def mark(self) -> None:
        ready = [h for h in self.helpers if h.ready]
        self.body.setAttribute("data-search-workers", "off" if self.state == "off" else str(len(ready)))
        if ready:
            self.body.setAttribute("data-search-workers-boot",
                                   " ".join(sorted({h.snapshot for h in ready})))
            self.body.setAttribute("data-search-workers-heap",
                                   " ".join(str(round(h.heap / MIB)) for h in ready))

    def heaps(self) -> dict:
        """The ready workers' wasm memory in MiB, once booted and now (bench)."""
        ready = [h for h in self.helpers if h.ready]
        return {"boot": [round(h.heap_boot / MIB, 1) for h in ready],
                "now": [round(h.heap / MIB, 1) for h in ready]}

    # -- a helped decision --------------------------------------------------------------------
    def ask(self, game_id: str, game: Any, seat: int, bot: Any) -> Optional[tuple]:
        """Send `bot`'s decision for `seat` to every free worker: a job to pass to `merged`, or
        None if no worker is free or the decision is not one helpers can share."""
        free = [(k, h) for k, h in enumerate(self.helpers) if h.ready and h.busy is None]
        if self.state != "on" or not free or not helpers.can_help(bot) or not bot.searches(game, seat):
            return None
        loop = asyncio.get_event_loop()
        futures = []
        self.pondering = None
        for k, helper in free:          # k: the helper's own seed and kept bot, as it pondered
            self.next_id += 1
            request = helpers.request(game_id, game, seat, bot, k)
            helper.busy = self.next_id
            helper.ponder_id = None     # the request stops its ponder
            self.waiting[self.next_id] = future = loop.create_future()
            futures.append(future)
            helper.worker.postMessage(self._message(self.next_id, json.dumps(request)))
        budget = bot.time_budget if bot.time_budget is not None else DEFAULT_BUDGET
        return futures, time.monotonic() + budget + MARGIN

    def _message(self, id_: int, text: str, kind: str = "request") -> Any:
        from pyodide.ffi import to_js
        return to_js({"id": id_, kind: text}, dict_converter=self.window.Object.fromEntries)

    def ponder(self, game_id: str, game: Any, seat: int, bot: Any, seconds: float) -> None:
        """Every free helper thinks ahead, at most `seconds`, for `bot`'s next turn at `seat`
        while another seat decides in `game` (the ponder before stops)."""
        if self.state not in ("waiting", "on") or not helpers.can_help(bot) or not hasattr(bot, "ponder"):
            return
        self.pondering = (dict(helpers.request(game_id, game, seat, bot, 0), ponder=seconds), bot.seed)
        for helper in self.helpers:
            self._ponder(helper)
        self.mark_ahead()

    def ponder_late(self, helper: Helper) -> None:
        """A helper ready while the person decides thinks ahead too."""
        if self.pondering is not None:
            self._ponder(helper)
            self.mark_ahead()

    def _ponder(self, helper: Helper) -> None:
        if not helper.ready or helper.busy is not None:
            return
        k = self.helpers.index(helper)
        request, seed = self.pondering
        request = dict(request, seed=helpers.helper_seed(seed, k))   # k: as `ask` will send it
        self.next_id += 1
        helper.ponder_id, helper.pondered = self.next_id, 0
        helper.worker.postMessage(self._message(self.next_id, json.dumps(request), "ponder"))

    def mark_ahead(self) -> None:
        self.body.setAttribute("data-search-ahead", str(sum(
            h.pondered for h in self.helpers if h.ponder_id is not None)))

    def answered(self, id_: Any, answer: Any, error: Any) -> None:
        future = self.waiting.pop(id_, None)
        if error:
            self.window.console.warn(f"a search helper's answer failed: {error}")
        if future is not None and not future.done():
            future.set_result(json.loads(answer) if answer else None)

    async def merged(self, job: Optional[tuple], decision: Any, bot: Any) -> Any:
        """`decision` with the job's answers that came in time added (the same if none)."""
        if job is None:
            return decision
        futures, deadline = job
        pending = [f for f in futures if not f.done()]
        if pending:
            await asyncio.wait(pending, timeout=max(0.0, deadline - time.monotonic()))
        answers = [f.result() for f in futures if f.done() and f.result() is not None]
        for future in futures:          # a late answer is dropped when it comes
            if not future.done():
                future.cancel()
        helped = bot.with_helpers(answers) if answers else None
        if helped is None:
            return decision
        self.body.setAttribute("data-search-helped", str(helped.figures.get("helped", 0)))
        self.body.setAttribute("data-search-helped-ahead", str(helped.figures.get("helped_ahead", 0)))
        self.body.setAttribute("data-search-games", str(helped.figures.get("games", 0)))
        return helped


async def bench(pool: Pool, game_id: str, games: list, make_bot: Any, budget: float,
                slice_seconds: float, wait_ready: float = 120.0) -> dict:
    """Iterations per wall second of a hard bot's decision at each of `games`, on the main
    thread alone (sliced as a bot's turn is) and helped by the pool, one after the other at
    each position (benchmark hook, `build.py bench --search`)."""
    pool.want()
    waited = time.monotonic()
    while not any(h.ready for h in pool.helpers) and pool.state != "off":
        if time.monotonic() - waited > wait_ready:
            break
        await asyncio.sleep(0.1)
    out: dict = {"workers": sum(1 for h in pool.helpers if h.ready), "budget": budget,
                 "alone": [], "helped": [], "heap_boot": pool.heaps()["boot"]}
    for i, game in enumerate(games):
        for kind in ("alone", "helped"):
            bot = make_bot(seed=i + 1, time_budget=budget)
            seat = game.to_move
            start = time.perf_counter()
            thinker = bot.start(game, seat)
            job = pool.ask(game_id, game, seat, bot) if kind == "helped" else None
            while not thinker.step(slice_seconds):
                await asyncio.sleep(0)
            decision = await pool.merged(job, thinker.result, bot)
            wall = time.perf_counter() - start
            figures = decision.figures or {}
            out[kind].append({"games": figures.get("games", 0), "helped": figures.get("helped", 0),
                              "wall": round(wall, 3)})
    out["heap_after"] = pool.heaps()["now"]
    out["heap_page"] = page_heap()
    for kind in ("alone", "helped"):
        rows = out[kind]
        wall = sum(r["wall"] for r in rows)
        out[kind + "_per_second"] = round(sum(r["games"] for r in rows) / wall, 1) if wall else 0
    return out


def page_heap() -> float:
    """The page's own Pyodide's wasm memory in MiB (bench: the yardstick for a worker's)."""
    import pyodide_js
    return round(pyodide_js._module.HEAP8.length / MIB, 1)
