"""The page in the other engines a tablet has: WebKit (Safari's engine: Debian's WebKitGTK
MiniBrowser driven by selenium through WebKitWebDriver, on an Xvfb display) and Gecko (Debian's
Firefox ESR driven by puppeteer-core over WebDriver BiDi, from engines_firefox.mjs); and an
older WebKit that cannot run the game (Debian's WPE 2.38, as Safari 16.0, through WPEWebDriver).

Both are driven through one small interface, `EnginePage` (goto, reload, click, select, fill,
wait, evaluate, errors, close), so a scenario is written once for every engine; the Chromium
suite keeps its playwright harness (webharness.py). Clicks are the drivers' real ones: a
WebDriver element click and a puppeteer mouse click at the element's centre.

A page's errors are collected by a small script the test server puts first in index.html
(window errors, unhandled rejections, console.error), because WebKitWebDriver has no log
API; the puppeteer side adds Firefox's own page errors and console errors to those.
`RecordingServer` also counts every request it serves, to check that no file is fetched twice.
"""
from __future__ import annotations

import functools
import json
import os
import subprocess
import threading
import time
from pathlib import Path

from webharness import build

HERE = Path(__file__).resolve().parent
FIREFOX_SCRIPT = HERE / "engines_firefox.mjs"
PUPPETEER = build.NODE_MODULES / "puppeteer-core"
WEBKIT_BROWSER = Path("/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")
# WebKit needed 36-42 s (66 s on a busier machine) to be ready before the page booted from a
# snapshot: the waits are generous, and they are waits on markers, never sleeps.
READY_TIMEOUT_S = 360
STEP_TIMEOUT_S = 60
WINDOW = (1024, 768)
READY = "document.body && document.body.hasAttribute('data-app-ready')"
PY_ERROR = "document.querySelector('.py-error') !== null"
BOOT_PROBLEM = "(document.querySelector('.boot-problem') || {}).innerText || null"
# Scrolls an element to the middle of the window and gives its centre in viewport pixels.
CENTRE = """(() => { const el = document.querySelector(%s); el.scrollIntoView({ block: "center" });
  const r = el.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()"""

# First script of index.html under test: records what would be a page error in playwright.
ERROR_COLLECTOR = """<script>
(() => {
  const errors = (window.__engineErrors = []);
  const text = (value) => (value && value.stack) || String(value);
  addEventListener("error", (e) => errors.push("error: " + (e.error ? text(e.error) : e.message)));
  addEventListener("unhandledrejection", (e) => errors.push("unhandledrejection: " + text(e.reason)));
  const consoleError = console.error.bind(console);
  console.error = (...args) => { errors.push("console.error: " + args.map(text).join(" ")); consoleError(...args); };
})();
</script>
"""


# --- the test server ------------------------------------------------------------------------
class RecordingHandler(build.DistRequestHandler):
    """Serves dist/ like build.py's server; records each request's path; puts the error
    collector first in index.html's <head>."""

    def do_GET(self):
        path = self.path.split("?", 1)[0]
        self.server.record(path)
        if path.rstrip("/") == self.subpath.rstrip("/") or path == self.subpath + "index.html":
            if path == self.subpath.rstrip("/"):      # the app folder without its slash
                return super().do_GET()
            body = Path(self.translate_path(self.subpath + "index.html")).read_bytes()
            body = body.replace(b"<head>", b"<head>\n" + ERROR_COLLECTOR.encode(), 1)
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return None
        return super().do_GET()


class RecordingServer(build.StaticServer):
    """build.py's StaticServer with RecordingHandler: `log` lists the paths served, in order."""

    def __init__(self, root: Path):
        super().__init__(root)
        self.log: list[str] = []
        self._lock = threading.Lock()
        handler = type("Handler", (RecordingHandler,), {"subpath": self.subpath})
        self.httpd.RequestHandlerClass = functools.partial(handler, directory=str(root))
        self.httpd.record = self.record

    def record(self, path: str) -> None:
        with self._lock:
            self.log.append(path)


# --- the common interface ---------------------------------------------------------------------
class EnginePage:
    """One browser window of an engine, driven as a person would use the page."""

    name = "engine"

    def goto(self, url: str) -> None: ...
    def reload(self) -> None: ...
    def click(self, selector: str) -> None: ...
    def select(self, selector: str, value: str) -> None: ...
    def fill(self, selector: str, text: str) -> None: ...
    def evaluate(self, expression: str): ...
    def screenshot(self, path: Path) -> None: ...
    def close(self) -> None: ...

    def wait(self, expression: str, timeout: float = STEP_TIMEOUT_S) -> None:
        """Wait until the JS expression is truthy (polled; fails after `timeout` seconds)."""
        deadline = time.monotonic() + timeout
        while not self.evaluate(f"!!({expression})"):
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.name}: still false after {timeout} s: {expression}\n"
                                     f"page errors: {self.errors()}")
            time.sleep(0.2)    # the polling interval of a wait on a marker, not a fixed delay

    def wait_selector(self, selector: str, timeout: float = STEP_TIMEOUT_S) -> None:
        self.wait(f"document.querySelector({json.dumps(selector)}) !== null", timeout)

    def wait_ready(self, timeout: float = READY_TIMEOUT_S) -> None:
        """Wait for body[data-app-ready]; fail at once with the text of a Python error. (The
        boot guard's message is no reason to stop waiting: it also tells a slow boot, which
        then ends well; it is quoted if the wait runs out.)"""
        try:
            self.wait(f"({READY}) || ({PY_ERROR})", timeout)
        except AssertionError as exc:
            raise AssertionError(f"{exc}\nthe page says: {self.evaluate(BOOT_PROBLEM)}") from None
        if self.evaluate(PY_ERROR):
            raise AssertionError(f"{self.name}: Python error while booting:\n"
                                 + self.evaluate("document.querySelector('.py-error').innerText"))

    def errors(self) -> list[str]:
        """The page's errors collected so far (window errors, rejections, console.error)."""
        return list(self.evaluate("window.__engineErrors || []") or [])


# --- WebKit ---------------------------------------------------------------------------------
class Xvfb:
    """A virtual X display of its own (WebKitGTK has no headless mode); `display` is ':N'."""

    def __init__(self):
        read, write = os.pipe()
        self.process = subprocess.Popen(
            [str(build.XVFB), "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
            pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()     # Xvfb writes its display number once ready
        if not number:
            self.process.kill()
            raise RuntimeError("Xvfb did not start")
        self.display = f":{number}"

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(10)


class SeleniumPage(EnginePage):
    """A page driven through selenium's WebDriver client (`self.driver`)."""

    def _started(self, driver) -> None:
        self.driver = driver
        self.driver.set_page_load_timeout(READY_TIMEOUT_S)
        self.version = self.driver.capabilities.get("browserVersion", "?")

    def goto(self, url: str) -> None:
        self.driver.get(url)

    def reload(self) -> None:
        self.driver.refresh()

    def _element(self, selector: str):
        from selenium.webdriver.common.by import By
        self.wait_selector(selector)
        return self.driver.find_element(By.CSS_SELECTOR, selector)

    def click(self, selector: str) -> None:
        """A pointer click at the element's centre, as a finger's tap (WebKitWebDriver's
        element click refuses SVG groups such as a board district as not interactable)."""
        from selenium.webdriver.common.action_chains import ActionChains
        self.wait_selector(selector)
        x, y = self.evaluate(CENTRE % json.dumps(selector))
        actions = ActionChains(self.driver)
        actions.w3c_actions.pointer_action.move_to_location(round(x), round(y)).click()
        actions.perform()

    def select(self, selector: str, value: str) -> None:
        from selenium.webdriver.support.select import Select
        Select(self._element(selector)).select_by_value(value)

    def fill(self, selector: str, text: str) -> None:
        element = self._element(selector)
        element.clear()
        element.send_keys(text)

    def evaluate(self, expression: str):
        return self.driver.execute_script(f"return ({expression});")

    def screenshot(self, path: Path) -> None:
        self.driver.save_screenshot(str(path))

    def close(self) -> None:
        self.driver.quit()


class WebKitPage(SeleniumPage):
    """WebKitGTK's MiniBrowser through WebKitWebDriver, on the X display `display`."""

    name = "WebKit"

    def __init__(self, display: str):
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service
        options = Options()
        options.binary_location = str(WEBKIT_BROWSER)
        options.add_argument("--automation")
        service = Service(executable_path=str(build.WEBKIT_DRIVER),
                          env={**os.environ, "DISPLAY": display})
        self._started(webdriver.WebKitGTK(options=options, service=service))
        self.driver.set_window_rect(0, 0, *WINDOW)


class OldWebKitPage(SeleniumPage):
    """Debian's older WebKit, WPE 2.38 (it says it is Safari 16.0): cog, WPE's small browser,
    headless, through WPEWebDriver."""

    name = "WPE WebKit"

    def __init__(self):
        from selenium import webdriver
        from selenium.webdriver.wpewebkit.options import Options
        from selenium.webdriver.wpewebkit.service import Service
        options = Options()
        options.binary_location = str(build.OLD_WEBKIT_BROWSER)
        options.add_argument("--automation")
        options.add_argument("--platform=headless")
        options.set_capability("browserName", "cog")   # the driver matches the browser's name
        service = Service(executable_path=str(build.OLD_WEBKIT_DRIVER))
        self._started(webdriver.WPEWebKit(options=options, service=service))


# --- Firefox --------------------------------------------------------------------------------
class FirefoxPage(EnginePage):
    """Firefox ESR through puppeteer-core (WebDriver BiDi), run by engines_firefox.mjs: one
    JSON command per line on its stdin, one JSON answer per line on its stdout."""

    name = "Firefox"

    def __init__(self):
        self.process = subprocess.Popen(
            ["node", str(FIREFOX_SCRIPT), str(PUPPETEER), str(build.FIREFOX), json.dumps(WINDOW)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=HERE)
        self.version = self._call("version")

    def _call(self, op: str, **args):
        self.process.stdin.write(json.dumps({"op": op, **args}) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"engines_firefox.mjs ended (exit {self.process.poll()}) during {op}")
        answer = json.loads(line)
        if "error" in answer:
            raise AssertionError(f"Firefox: {op} {args}: {answer['error']}")
        return answer.get("value")

    def goto(self, url: str) -> None:
        self._call("goto", url=url, timeout=READY_TIMEOUT_S * 1000)

    def reload(self) -> None:
        self._call("reload", timeout=READY_TIMEOUT_S * 1000)

    def click(self, selector: str) -> None:
        self.wait_selector(selector)
        self._call("click", selector=selector)

    def select(self, selector: str, value: str) -> None:
        self.wait_selector(selector)
        self._call("select", selector=selector, value=value)

    def fill(self, selector: str, text: str) -> None:
        self.wait_selector(selector)
        self._call("fill", selector=selector, text=text)

    def evaluate(self, expression: str):
        return self._call("evaluate", expression=expression)

    def errors(self) -> list[str]:
        return self._call("errors") + super().errors()

    def screenshot(self, path: Path) -> None:
        self._call("screenshot", path=str(path))

    def close(self) -> None:
        if self.process.poll() is None:
            try:
                self._call("close")
            finally:
                self.process.stdin.close()
                self.process.wait(30)
