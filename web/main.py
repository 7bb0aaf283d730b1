"""The game page's Python entry point: start the app, then mark the page ready.

The page's own code lives in ui/ (app.py: the controller; controls.py, panels.py, storage.py,
hotseat.py: pure builders; board.py and help.py: the board views and the rules help).
`body[data-app-ready]` is set last, the moment the game can be played.
"""
from pyscript import document, window

from ui.app import App

app = App()
app.start()
document.body.setAttribute("data-app-ready", "1")
document.body.setAttribute("data-app-ready-ms", str(round(window.performance.now())))
