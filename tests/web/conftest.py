"""Browser test harness: a snapshot of dist/ (built once) served on 127.0.0.1 under
/machu-picchu/, Debian's chromium through the plain playwright sync API, and a Watch on
every context that fails the test if the page logged an error or a request left 127.0.0.1.

Every test in tests/web/ is marked `browser` (deselect with -m "not browser").
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from webharness import (READY_TIMEOUT_MS, Watch, build, ensure_dist,  # noqa: E402
                        launch_chromium, screenshot, wait_ready)

WEB_TESTS = Path(__file__).resolve().parent


def pytest_collection_modifyitems(config, items):
    for item in items:
        if WEB_TESTS in Path(str(item.fspath)).resolve().parents:
            item.add_marker(pytest.mark.browser)


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    """Remember each phase's report on the item (teardown checks skip failed tests)."""
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


def _test_failed(request) -> bool:
    report = getattr(request.node, "report_call", None)
    return report is None or report.failed


# --- site -------------------------------------------------------------------------
@pytest.fixture(scope="session")
def dist(tmp_path_factory) -> Path:
    """The built site: a private snapshot of dist/ (built once per session unless
    build.py already built it), safe from rebuilds while the session runs."""
    return ensure_dist(snapshot_to=tmp_path_factory.mktemp("site") / "dist")


@pytest.fixture(scope="session")
def server(dist):
    """dist/ on 127.0.0.1; `server.url` is the app under the /machu-picchu/ sub-path."""
    srv = build.StaticServer(dist).start()
    yield srv
    srv.stop()


@pytest.fixture
def own_server(dist):
    """A server of this test alone, which it may stop (offline tests)."""
    srv = build.StaticServer(dist).start()
    yield srv
    srv.stop()


# --- browser ----------------------------------------------------------------------
@pytest.fixture(scope="session")
def playwright_driver():
    from playwright.sync_api import sync_playwright   # installed by build.py test (.venv)
    if not build.CHROMIUM.exists():
        pytest.fail(f"{build.CHROMIUM} missing (python3 build.py test installs it)")
    driver = sync_playwright().start()
    yield driver
    driver.stop()


@pytest.fixture(scope="session")
def browser(playwright_driver):
    browser = launch_chromium(playwright_driver)
    yield browser
    browser.close()


@pytest.fixture
def context(browser):
    """A fresh browser context (empty caches, no service worker) per test."""
    ctx = browser.new_context()
    yield ctx
    ctx.close()


@pytest.fixture
def watch(request, context) -> Watch:
    """Records the context's requests and errors; after a passing test, no request may
    have left 127.0.0.1 and (unless the test called watch.clear()) no error been logged."""
    w = Watch(context)
    yield w
    if not _test_failed(request):
        assert w.foreign_requests() == [], "requests left 127.0.0.1"
        assert w.errors == [], "the page logged errors"
        # a module the trimmed stdlib left out (the page fetched the full zip): keep it
        assert [t for _k, t in w.console if "stdlib fallback" in t] == [], "add it to build.STDLIB_KEEP"
        # a module of an archive's rest imported before the rest arrived (it was fetched then,
        # at once): the start needs it, so it belongs in the first part (build.split_archives)
        assert [t for _k, t in w.console if "rest fetched at once" in t] == [], "the start needs it"


@pytest.fixture
def page(request, context, watch):
    """A page in a fresh context, watched; after a passing test it shows no Python error."""
    pg = context.new_page()
    yield pg
    if not _test_failed(request) and not pg.is_closed() and pg.url.startswith("http"):
        assert pg.locator(".py-error").count() == 0, "PyScript showed a Python error"


class App:
    """Opens the game page and waits until Python marked it ready."""

    def __init__(self, page, server):
        self.page, self.server = page, server

    def open(self, url: str | None = None, timeout: int = READY_TIMEOUT_MS):
        self.page.goto(url or self.server.url)
        wait_ready(self.page, timeout)
        return self.page


@pytest.fixture
def app(page, server) -> App:
    return App(page, server)


@pytest.fixture
def shot():
    """shot(page, name) saves tests/web/screenshots/NAME.png."""
    return screenshot
