"""The game page's Python entry point: start the app, then mark the page ready.

The page's own code: shell/ (the controller, storage, hotseat, replay), kit/ (what every game's
views share) and games/<game>/ (one game's board, controls, panels and help).
`body[data-app-ready]` is set last, the moment the game can be played.
"""
from pyscript import document, window

from shell.app import App

app = App()
app.start()
document.body.setAttribute("data-app-ready", "1")
document.body.setAttribute("data-app-ready-ms", str(round(window.performance.now())))
