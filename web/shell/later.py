"""The modules the memory snapshot left out (each game's GameInfo.later_modules: the bots, help
pages), imported once the page is ready, one a main-thread task in idle time, so that the first bot
move or hint does not wait for them. A module asked for sooner simply imports then.

The snapshot lists them, in an order where each comes after those it imports, as
`sys._app_later`; a page started without the snapshot has no list and imports on demand.
The rest of the page's archives (boot/pyodide-boot.mjs fetchRest) is fetched first.
Progress shows on <body>: data-later-early (the listed modules imported before this started,
space-separated), then data-later="done"; a mark "later:<module>" for each import.
"""

from __future__ import annotations

import functools
import importlib
import sys
from typing import Any

IDLE_TIMEOUT_MS = 1000      # a busy page still gets its next module after this long
FALLBACK_DELAY_MS = 50      # browsers without requestIdleCallback (Safari): a timer instead


class Later:
    def __init__(self, window: Any, names: list[str], once: Any, to_js: Any) -> None:
        self.window, self.once = window, once
        self.options = to_js({"timeout": IDLE_TIMEOUT_MS}, dict_converter=window.Object.fromEntries)
        self.body = window.document.body
        self.names = [n for n in names if n not in sys.modules]
        self.body.setAttribute("data-later-early", " ".join(n for n in names if n in sys.modules))

    def schedule(self) -> None:
        if not self.names:
            self.body.setAttribute("data-later", "done")
            return
        callback = self.once(self.step)
        if hasattr(self.window, "requestIdleCallback"):
            self.window.requestIdleCallback(callback, self.options)
        else:
            self.window.setTimeout(callback, FALLBACK_DELAY_MS)

    def step(self, _deadline: Any = None) -> None:
        name = self.names.pop(0)
        try:
            importlib.import_module(name)
        finally:                            # an error shows (the console), the rest still import
            self.window.performance.mark(f"later:{name}")
            self.schedule()


class Lazy:
    """An object made at its first use: a bot, whose module a game opened at start may not need
    before the page is ready (the snapshot may not hold it)."""

    def __init__(self, make: Any, *args: Any, **kwargs: Any) -> None:
        self._make, self._made = functools.partial(make, *args, **kwargs), None

    def __getattr__(self, name: str) -> Any:
        if self._made is None:
            self._made = self._make()
        return getattr(self._made, name)


def fetch_rest(window: Any) -> Any:
    """The boot module's fetchRest (boot/pyodide-boot.mjs): a promise settled once the rest of
    the page's archives has arrived, its download started by the first call; None where the
    page has no such rest (a test's page without boot.js)."""
    boot = getattr(window, "__mpBoot", None)
    return getattr(boot, "fetchRest", None) if boot is not None else None


async def rests_arrived(window: Any) -> None:
    """Wait until the rest of the page's archives has arrived (the bots' bytecode, the stdlib
    they import), so that a bot made now imports without fetching it at once: a bot's turn, its
    thinking ahead and a hint wait here first (at once once it has arrived)."""
    fetch = fetch_rest(window)
    if fetch is None:
        return
    try:
        await fetch()
    except Exception:      # not arrived: the import fetches it then (RestArchives)
        pass


def start(window: Any) -> None:
    """Begin importing the left-out modules (call once the page is ready), once the rest of the
    page's archives has arrived (the boot module's fetchRest: the bots' bytecode and the stdlib
    they import come after ready; a module imported sooner waits for them, see
    boot/pyodide-boot.mjs RestArchives)."""
    from pyodide.ffi import create_once_callable, to_js
    later = Later(window, list(getattr(sys, "_app_later", ())), create_once_callable, to_js)
    fetch = fetch_rest(window)
    if fetch is None:
        later.schedule()
        return
    fetch().then(create_once_callable(lambda _arrived: later.schedule()),
                      create_once_callable(lambda error: (window.console.warn(
                          "the rest of the page's files did not arrive:", error), later.schedule())))
