"""The jobs of `build.py` (the one entry point, beside this package), a module each:

    layout         where things are, the pinned runtime, small helpers
    pins           the npm packages (PyScript, Pyodide) and the Python test tools, pinned
    appzip         app.zip: the page's Python with its catalogues, and its bytecode
    stdlib         Pyodide's standard library trimmed to what the page imports
    snapshot       the start-up memory snapshot and the modules left for after start
    split          archives in two parts: what the start reads, and the rest after ready
    serviceworker  sw.js, which precaches dist/ for offline play
    site           dist/ assembled (`build`): web/'s files, the first screen, all of the above
    server         the static server of dist/
    environment    the set-up of `test` and `bench`: .venv, npm, Debian's browsers
    bench          `build.py bench`
"""
