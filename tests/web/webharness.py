"""Browser harness shared by the browser tests (conftest.py) and the benchmark (bench.py).

Debian's /usr/bin/chromium driven by the plain `playwright` package (never
`playwright install`); dist/ served by build.py's StaticServer on 127.0.0.1.
"""
from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
READY_SELECTOR = "body[data-app-ready]"
READY_TIMEOUT_MS = 60_000
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    # safeguard: any host but 127.0.0.1 fails DNS inside the browser
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
]


def load_build():
    """Import the repo's build.py (stdlib only) as module `mp_build`."""
    if "mp_build" not in sys.modules:
        spec = importlib.util.spec_from_file_location("mp_build", ROOT / "build.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules["mp_build"] = module
        spec.loader.exec_module(module)
    return sys.modules["mp_build"]


build = load_build()


def ensure_dist(snapshot_to: Path | None = None) -> Path:
    """dist/, built once (reused as is when `build.py test|bench` already built it).

    With `snapshot_to`, dist/ is copied there and the copy is returned, so that another
    build of the same work tree (a teammate's, running at the same time) cannot change
    the files under a running test session.
    """
    marker = os.environ.get(build.BUILT_ENV)
    if not (marker and Path(marker) == build.DIST and (build.DIST / build.SW_NAME).is_file()):
        build.build()
        os.environ[build.BUILT_ENV] = str(build.DIST)
    if snapshot_to is None:
        return build.DIST
    shutil.copytree(build.DIST, snapshot_to)
    return snapshot_to


# Unpacks a file with the page's own decoder (dist's vendored fzstd, in Node): its bytes on stdout.
UNZSTD_JS = """
const fzstd = require(process.argv[1]);
const packed = new Uint8Array(require("node:fs").readFileSync(process.argv[2]));
process.stdout.write(fzstd.decompress(packed));
"""


def unzstd(dist: Path, name: str) -> bytes:
    """dist's file `name` (packed in Zstandard) unpacked as the page unpacks it (fzstd)."""
    done = subprocess.run(["node", "-e", UNZSTD_JS, str(dist / build.FZSTD_SCRIPT), str(dist / name)],
                          capture_output=True, check=True)
    return done.stdout


def launch_chromium(playwright):
    """Launch Debian's chromium headless with the project's flags."""
    return playwright.chromium.launch(executable_path=str(build.CHROMIUM), args=CHROMIUM_ARGS)


def is_local(url: str) -> bool:
    """True for URLs that stay on this machine (127.0.0.1) or never hit the network."""
    parts = urlsplit(url)
    if parts.scheme in ("data", "blob"):
        return True
    return parts.scheme in ("http", "https") and parts.hostname == build.HOST


class Watch:
    """Records everything a browser context does: every request (pages AND service
    worker), failed requests, HTTP errors, page errors and console errors."""

    def __init__(self, context):
        self.requests: list[str] = []         # every request, pages and service worker
        self.page_requests: list[str] = []    # those made by pages (not the SW's precache)
        self.failed: list[str] = []
        self.http_errors: list[str] = []
        self.errors: list[str] = []
        self.console: list[tuple[str, str]] = []
        context.on("request", self._request)
        context.on("requestfailed", lambda request: self.failed.append(f"{request.url} {request.failure}"))
        context.on("response", self._response)
        context.on("page", self.attach)
        for page in context.pages:
            self.attach(page)

    def attach(self, page) -> None:
        page.on("pageerror", lambda error: self.errors.append(f"pageerror: {error}"))
        page.on("console", self._console)

    def _request(self, request) -> None:
        self.requests.append(request.url)
        if request.service_worker is None:
            self.page_requests.append(request.url)

    def _response(self, response) -> None:
        if response.status >= 400:
            self.http_errors.append(f"{response.status} {response.url}")

    def _console(self, message) -> None:
        self.console.append((message.type, message.text))
        if message.type == "error":
            self.errors.append(f"console.error: {message.text}")

    def foreign_requests(self) -> list[str]:
        """Requests that left 127.0.0.1 (must stay empty)."""
        return [url for url in self.requests if not is_local(url)]

    def clear(self) -> None:
        """Forget recorded errors (for tests that provoke them on purpose)."""
        self.errors.clear()
        self.failed.clear()
        self.http_errors.clear()


def wait_ready(page, timeout: int = READY_TIMEOUT_MS) -> None:
    """Wait until the page's Python set body[data-app-ready] (its last step).

    Fails at once, with the traceback, if PyScript shows a Python error (.py-error) instead,
    or with the page's words if the boot guard (boot.js) said the boot failed; a boot that
    fails without either runs into the timeout.
    """
    page.wait_for_selector(f"{READY_SELECTOR}, .py-error, html[data-boot-failed]", state="attached",
                           timeout=timeout)
    errors = page.locator(".py-error")
    if errors.count():
        raise AssertionError("Python error while booting the page:\n" + errors.first.inner_text())
    if page.get_attribute("html", "data-boot-failed") is not None:
        raise AssertionError("the page could not boot: " + page.inner_text("#loading"))


def wait_service_worker(page, timeout: int = READY_TIMEOUT_MS) -> None:
    """Wait until our SW has precached everything and controls the page (it claims
    its clients only after the install step precached every asset)."""
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=timeout)


def screenshot(page, name: str) -> Path:
    """Save a full-page screenshot to tests/web/screenshots/NAME.png (gitignored)."""
    SCREENSHOTS.mkdir(exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def renders(page) -> int:
    """How many times the page has rendered (body[data-render-count])."""
    return int(page.get_attribute("body", "data-render-count") or 0)


def click_and_render(page, selector: str) -> None:
    """Click as a player does and wait until the page has rendered again."""
    before = renders(page)
    page.click(selector)
    page.wait_for_function(f"Number(document.body.dataset.renderCount || 0) > {before}")
