"""The page in every engine a tablet has, beyond Chromium (whose suite is the rest of tests/web):
WebKit (Safari's engine) and Gecko (Firefox). One smoke scenario for both, as a person plays:
boot to data-app-ready, start a two-person game of Machu Picchu, make a few decisions by
clicking (hide screen, a control, the board), reload with the server stopped (the service
worker alone serves the page, and the memory snapshot it holds starts Python) and find the game
where it stood; no page error at any step,
and no file fetched twice while the page boots (WebKit uses no `as=fetch` preload for a
fetch(): each one was a second download of the same file)."""
from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest
from webharness import SCREENSHOTS

from engines import (BOOT_PROBLEM, READY_TIMEOUT_S, FirefoxPage, OldWebKitPage, RecordingServer,
                     WebKitPage, Xvfb, build)

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "src"))
import machu_picchu as mp  # noqa: E402
from machu_picchu.yields import idle_districts  # noqa: E402

SEED = 3
DECISIONS = 4
CURRENT_ACTIONS = ("JSON.parse(localStorage.getItem('machu-picchu:game:' + "
                   "localStorage.getItem('machu-picchu:current'))).save.actions")
SW_CONTROLS = "navigator.serviceWorker && navigator.serviceWorker.controller !== null"
SNAPSHOT_STATE = "document.documentElement.getAttribute('data-boot-snapshot')"
# What only Python's runtime needs (PyScript's stylesheet aside, which styles the skeleton too):
# a browser that cannot run it must fetch none of it.
RUNTIME_FILES = ("vendor/pyodide/", "vendor/fzstd/", build.BOOT_MODULE, build.APP_ARCHIVE, build.PYSCRIPT_CONFIG,
                 build.SNAPSHOT_NAME, build.SNAPSHOT_WORKER)


def is_runtime_file(path: str) -> bool:
    return path.startswith(RUNTIME_FILES) or (path.startswith("vendor/pyscript/") and path.endswith(".js"))


def plan(seed: int = SEED, count: int = DECISIONS) -> list[tuple[int, str, str, str]]:
    """The first decisions of a two-person game with this seed, as the host's engine sees them:
    (seat, decision kind, action text, what a person clicks to take it)."""
    game = mp.new_game(players=2, seed=seed)
    steps = []
    while len(steps) < count:
        kind, seat = str(game.prompt[0]), game.to_move
        legal = [a.text for a in game.legal_actions()]
        if kind == "setup":
            text = legal[0]
            target = f'#controls [data-act="apply"][data-v="{text}"]'
        else:
            assert kind == "turn", kind
            text = next(t for t in legal if simple_move(game, seat, t))   # a tap on the board
            target = f'#board [data-district="{text.split()[1]}"]'
        steps.append((seat, kind, text, target))
        game.apply(text)
    return steps


def simple_move(game, seat: int, text: str) -> bool:
    """A move to a district that gives something (else the page asks first) and asks nothing
    more (the next decision is again a Prince's move)."""
    if not text.startswith("move ") or text.split()[1] in idle_districts(game, seat):
        return False
    after = game.clone()
    after.apply(text)
    return str(after.prompt[0]) == "turn"


def fetched_twice(server: RecordingServer) -> dict[str, int]:
    """The files whose body was sent more than once before the page registered its service
    worker (once Python booted): the page's own boot, not the worker's precache. A
    revalidation (304) is no second download. The icons aside: WebKit's favicon loader fetches
    the page's icon apart from the <img> that shows it."""
    counts: dict[str, int] = {}
    for path, status, _size in server.served:
        if path.endswith("/" + build.SW_NAME):
            break
        if status == 200:
            counts[path] = counts.get(path, 0) + 1
    return {path: n for path, n in counts.items() if n > 1 and "/icons/" not in path}


def booted(server: RecordingServer) -> list[str]:
    """The paths served before the page registered its service worker (its own boot)."""
    paths = []
    for path, _status, _size in server.served:
        if path.endswith("/" + build.SW_NAME):
            break
        paths.append(path)
    return paths


def check_no_errors(page) -> None:
    errors = page.errors()
    assert errors == [], f"{page.name} logged errors: {errors}"


def smoke(page, server: RecordingServer) -> None:
    """Boot, a game, a few decisions, no preload fetched twice, an offline reload."""
    started = time.monotonic()
    lap = lambda what: print(f"   {page.name} {what}: {time.monotonic() - started:.1f} s", flush=True)  # noqa: E731
    page.goto(server.url)
    page.wait_ready()
    lap("ready")
    page.wait("document.body.dataset.screen === 'home'")
    check_no_errors(page)

    page.select('#home select[data-field="players"]', "2")
    page.select('#home select[data-field="type"][data-seat="1"]', "human")
    page.click("#home details.more summary")
    page.fill('#home input[data-field="seed"]', str(SEED))
    page.click('#home [data-act="start"]')
    page.wait("document.body.dataset.screen === 'game'")
    holder = None
    steps = plan()
    for done, (seat, kind, text, target) in enumerate(steps, start=1):
        if seat != holder:                    # the hand-over: the hide screen comes first
            page.wait_selector(f'body[data-hidden="{seat}"]')
            page.click('#hide [data-act="reveal"]')
            holder = seat
        page.wait_selector(f'body[data-decision="{kind}"][data-viewer="{seat}"]')
        page.click(target)
        page.wait(f"{CURRENT_ACTIONS}.length === {done}")     # saved: the page took it
    assert page.evaluate(CURRENT_ACTIONS) == [text for _s, _k, text, _t in steps]
    check_no_errors(page)
    lap(f"{len(steps)} decisions")

    assert server.log, "the server saw no request"
    assert fetched_twice(server) == {}, f"{page.name} fetched files twice while booting"
    # a first visit restores the build's snapshot, downloaded beside the runtime
    assert page.evaluate(SNAPSHOT_STATE) == "restored"
    assert booted(server).count(build.SUBPATH + build.SNAPSHOT_NAME) == 1

    page.wait(SW_CONTROLS, READY_TIMEOUT_S)   # the worker precached every file
    lap("service worker in control")
    # the interpreter downloaded packed (Zstandard, unpacked by the vendored fzstd) and
    # compiled as it unpacked; its raw file never sent
    assert page.evaluate("document.documentElement.dataset.bootWasmFrom") == "packed"
    assert [path for path in server.log if path.endswith("/" + build.WASM_FILE)] == []
    server.stop()
    page.reload()
    page.wait_ready()
    lap("ready offline")
    # the worker held the page's memory snapshot: the engine started from it
    assert page.evaluate(SNAPSHOT_STATE) == "restored"
    page.wait("document.body.dataset.screen === 'game'")
    page.wait_selector(f'body[data-hidden="{plan(count=DECISIONS + 1)[-1][0]}"]')
    assert page.evaluate(CURRENT_ACTIONS) == [text for _s, _k, text, _t in steps]
    check_no_errors(page)


@pytest.fixture
def recording_server(dist):
    server = RecordingServer(dist).start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def display():
    if not build.XVFB.exists() or not build.WEBKIT_DRIVER.exists():
        pytest.fail(f"{build.XVFB} or {build.WEBKIT_DRIVER} missing (python3 build.py test installs them)")
    xvfb = Xvfb()
    yield xvfb.display
    xvfb.stop()


def play(page, server: RecordingServer) -> None:
    """The smoke scenario; a screenshot of the page where it failed (tests/web/screenshots/)."""
    try:
        smoke(page, server)
    except Exception:
        SCREENSHOTS.mkdir(exist_ok=True)
        page.screenshot(SCREENSHOTS / f"engines-{page.name.lower()}-failed.png")
        raise
    finally:
        page.close()


def test_webkit_boots_plays_and_reloads_offline(display, recording_server):
    play(WebKitPage(display), recording_server)


def test_firefox_boots_plays_and_reloads_offline(recording_server):
    if not build.FIREFOX.exists():
        pytest.fail(f"{build.FIREFOX} missing (python3 build.py test installs it)")
    play(FirefoxPage(), recording_server)


def test_an_older_webkit_is_told_in_words_that_it_is_too_old(recording_server):
    """Debian's WPE 2.38 says it is Safari 16.0 and lacks class static blocks, which Pyodide's
    code uses (a SyntaxError, then an endless spinner, before the boot guard): the page says
    what it needs instead, and fetches none of Python's runtime."""
    if not build.OLD_WEBKIT_DRIVER.exists() or not build.OLD_WEBKIT_BROWSER.exists():
        pytest.fail(f"{build.OLD_WEBKIT_DRIVER} or {build.OLD_WEBKIT_BROWSER} missing "
                    "(python3 build.py test installs them)")
    page = OldWebKitPage()
    try:
        assert "Version/16.0 Safari" in page.evaluate("navigator.userAgent")
        page.goto(recording_server.url)
        page.wait("document.documentElement.getAttribute('data-boot-failed') === 'unsupported'")
        words = page.evaluate(BOOT_PROBLEM)
        assert "Safari 16.4" in words and "class static blocks" in words, words
        assert not page.evaluate("document.body.hasAttribute('data-app-ready')")
        served = [path[len(build.SUBPATH):] for path in recording_server.log]
        assert "boot.js" in served
        assert [p for p in served if is_runtime_file(p)] == []
        check_no_errors(page)
    finally:
        page.close()
