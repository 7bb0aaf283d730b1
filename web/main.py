"""The game page's Python entry point: start the app, then mark the page ready.

The page's own code: shell/ (the controller, storage, hotseat, replay), kit/ (what every game's
views share) and games/<game>/ (one game's board, controls, panels and help).
`body[data-app-ready]` is set last, the moment the game can be played.

PyScript runs this file with top-level await: each `await asyncio.sleep(0)` ends a main-thread
task, so that the page paints and answers taps between the steps of the start (issue 14: no
task over 200 ms). The marks name the steps for the benchmark. Once ready, shell.later
imports what the memory snapshot left out (the bots), in idle time.
"""
import asyncio

from pyscript import document, window

window.performance.mark("boot:main")
from shell import later  # noqa: E402
from shell.app import App  # noqa: E402

app = App()
window.performance.mark("boot:app-made")
await asyncio.sleep(0)  # noqa: F704 (top-level await: PyScript runs the file asynchronously)
app.start()
window.performance.mark("boot:app-started")
document.body.setAttribute("data-app-ready", "1")
document.body.setAttribute("data-app-ready-ms", str(round(window.performance.now())))
later.start(window)   # then the modules the memory snapshot left out, in idle time
