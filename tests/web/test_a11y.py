"""Accessibility checked by axe-core (the npm devDependency, pinned in web/package.json; injected
by the test from web/node_modules, never shipped in dist/) on every screen of the page: the home,
the rules, the hotseat pass screen, the game at every kind of decision a person met, the end
screen and the replay; Incan Gold's home and game as well (they share the shell). No violation
of impact "serious" or "critical" is allowed.

One page for the whole module (the page is reused screen after screen, as a player would).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from webharness import ROOT, Watch, wait_ready, click_and_render

AXE = ROOT / "web" / "node_modules" / "axe-core" / "axe.min.js"
SIZE = {"width": 1024, "height": 768}
STEPS = 70                    # clicks through a two-person game (hide screens included)

# axe over the whole document; the serious and critical violations as [rule, impact, nodes].
RUN_AXE = """async () => {
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => [v.id, v.impact, v.nodes.slice(0, 4).map((n) => n.target.join(' ') + ' :: '
                     + (n.failureSummary || '').split('\\n').slice(0, 2).join(' '))]);
}"""




class Audit:
    """Runs axe on the page as it stands and keeps what it found, screen by screen."""

    def __init__(self, page):
        self.page, self.found, self.screens = page, {}, []

    def __call__(self, screen: str) -> None:
        if not self.page.evaluate("typeof axe !== 'undefined'"):
            self.page.add_script_tag(path=str(AXE))
        self.screens.append(screen)
        violations = self.page.evaluate(RUN_AXE)
        if violations:
            self.found[screen] = violations


def fill_seats(page, seats, *, pace="instant", seed=None):
    page.select_option('#home select[data-field="players"]', str(len(seats)))
    for i, (name, kind) in enumerate(seats):
        page.select_option(f'#home select[data-field="type"][data-seat="{i}"]', kind)
        page.fill(f'#home input[data-field="name"][data-seat="{i}"]', name)
    page.select_option('#home select[data-field="pace"]', pace)
    if seed is not None:
        if not page.is_visible('#home input[data-field="seed"]'):
            page.click("#home details.more summary")
        page.fill('#home input[data-field="seed"]', str(seed))
    page.click('#home [data-act="start"]')
    page.wait_for_selector('body[data-screen="game"]', state="attached")


def go_home(page):
    click_and_render(page, '#nav [data-act="home"]')
    page.wait_for_selector('body[data-screen="home"]', state="attached")


@pytest.fixture(scope="module")
def a11y_page(browser, server):
    assert AXE.is_file(), f"{AXE} missing (npm ci in web/ installs the devDependencies)"
    context = browser.new_context(viewport=SIZE)
    watch = Watch(context)
    page = context.new_page()
    page.goto(server.url)
    wait_ready(page)
    page.wait_for_selector('body[data-screen="home"][data-board-shown]', state="attached")
    yield page
    assert watch.errors == [] and watch.foreign_requests() == []
    context.close()


def test_axe_finds_nothing_serious_on_any_screen(a11y_page):
    page = a11y_page
    audit = Audit(page)
    audit("home")
    click_and_render(page, '#nav [data-act="help"]')
    audit("rules")
    click_and_render(page, '#overlay [data-act="close"]')

    # Two people on one device: the pass screen, then each kind of decision they meet.
    fill_seats(page, [("Ann", "human"), ("Bea", "human")], seed=5)
    kinds = set()
    for _ in range(STEPS):
        page.wait_for_selector('body[data-bench-target]:not([data-bench-target=""]), body[data-over]',
                               state="attached")
        if page.get_attribute("body", "data-over"):
            break
        if page.get_attribute("body", "data-hidden") is not None:
            if "hide" not in kinds:
                kinds.add("hide")
                audit("pass screen")
        else:
            kind = page.get_attribute("body", "data-decision")
            if kind and kind not in kinds:
                kinds.add(kind)
                audit(f"game: {kind}")
        click_and_render(page, page.get_attribute("body", "data-bench-target"))
    click_and_render(page, '#nav [data-act="menu"]')
    audit("menu")
    click_and_render(page, '#overlay [data-act="close"]')
    assert {"hide", "setup", "turn"} <= kinds, kinds

    # Bots to the end: the end screen, then its replay.
    go_home(page)
    fill_seats(page, [("Rand A", "bot:random"), ("Rand B", "bot:random")], seed=3)
    page.wait_for_selector("body[data-over]", state="attached", timeout=180_000)
    audit("end")
    click_and_render(page, '#end [data-act="replay"]')
    page.wait_for_selector('body[data-screen="replay"]', state="attached")
    audit("replay")
    go_home(page)

    # Incan Gold shares the shell: its home and a decision of its game.
    click_and_render(page, '#home [data-act="choose-game"][data-v="incan-gold"]')
    audit("incan gold: home")
    fill_seats(page, [("Ann", "human"), ("Rand B", "bot:random"), ("Rand C", "bot:random")], seed=2)
    page.wait_for_selector('body[data-decision]:not([data-decision=""]), body[data-over]',
                           state="attached")
    audit("incan gold: game")

    print("\naxe ran on:", ", ".join(audit.screens))
    assert audit.found == {}, "\n".join(f"{screen}: {v}" for screen, v in audit.found.items())
