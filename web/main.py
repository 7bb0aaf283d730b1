"""The game page's Python entry point: start the app, then mark the page ready.

The page's own code: shell/ (the controller, storage, hotseat, replay), kit/ (what every game's
views share) and games/<game>/ (one game's board, controls, panels and help).
`body[data-app-ready]` is set last, the moment the game can be played.

PyScript runs this file with top-level await: each `await next_task()` ends a main-thread
task, so that the page paints and answers taps between the steps of the start (issue 14: no
task over 200 ms): making the App, drawing the first screen, focusing on it. The marks name
the steps for the benchmark and the tests. Once ready, shell.later
imports what the memory snapshot left out (the bots), in idle time.
"""
from pyscript import document, window


def next_task():
    """A promise settled in a main-thread task of its own (a timer). (asyncio.sleep(0) is not
    enough: Pyodide's event loop may run several ready callbacks in one task.)"""
    return window.Promise.new(lambda resolve, _reject: window.setTimeout(resolve, 0))


window.performance.mark("boot:main")
from shell import later  # noqa: E402
from shell.page import compose  # noqa: E402

app = compose()         # the App and its helpers, each handed what it works with
window.performance.mark("boot:app-made")
await next_task()  # noqa: F704 (top-level await: PyScript runs the file asynchronously)
app.start(hold_attention=True)
window.performance.mark("boot:app-started")
await next_task()  # noqa: F704
app.attend()            # focus on the first screen: it lays the page out, in a task of its own
window.performance.mark("boot:app-attended")
document.body.setAttribute("data-app-ready", "1")
document.body.setAttribute("data-app-ready-ms", str(round(window.performance.now())))
later.start(window)   # then the modules the memory snapshot left out, in idle time
