"""Accessibility checked by axe-core (the npm devDependency, pinned in web/package.json; injected
by the test from web/node_modules, never shipped in dist/) on every screen of the page, each at
the four sizes players use (a tablet in landscape and in portrait, a phone, a laptop): the home,
the rules, the hotseat pass screen, the game at every kind of decision (a two-person plan that
meets them all, gameplay.find_plan), the menu, the end screen and the replay; Incan Gold's home
and game as well, at one size (they share the shell). No violation of impact "serious" or
"critical".

One page for the whole module (the page is reused screen after screen, as a player would); at
each screen the page is resized to each size in turn (the layout is CSS alone: no re-render).
"""
from __future__ import annotations

import time

import pytest

from gameplay import Player, find_plan, mp
from webharness import ROOT, Watch, wait_ready, click_and_render

AXE = ROOT / "web" / "node_modules" / "axe-core" / "axe.min.js"
VIEWPORTS = {
    "1024x768": {"width": 1024, "height": 768},
    "768x1024": {"width": 768, "height": 1024},
    "390x844": {"width": 390, "height": 844},
    "1366x768": {"width": 1366, "height": 768},
}
FIRST = VIEWPORTS["1024x768"]
WHOLE = ("setup", "turn")    # decisions checked in full at every size (the board's taps)
# what differs from one kind of decision to the next (the board takes taps only in a turn)
DECISION_REGIONS = ("#controls", "#turn-status", "#rows", "#time", "#hand")

# axe over the whole document (or the regions `within`), after the layout of a resize settled (two frames); the serious
# and critical violations as [rule, impact, nodes].
RUN_AXE = """async (within) => {
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const where = within ? { include: within.map((sel) => [sel]) } : document;
    const result = await axe.run(where, { resultTypes: ['violations'] });
    return result.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => [v.id, v.impact, v.nodes.slice(0, 4).map((n) => n.target.join(' ') + ' :: '
                     + (n.failureSummary || '').split('\\n').slice(0, 2).join(' '))]);
}"""


class Audit:
    """Runs axe on the page as it stands and keeps what it found.

    A screen is checked in full at every size; with `scope` (the regions that change from one
    screen to the next, e.g. one kind of decision to another) it is checked in full at one size,
    the next one each time, and only within `scope` at the other three: axe's run is the cost."""

    def __init__(self, page):
        self.page, self.found, self.screens = page, {}, []
        self.seconds, self.runs, self.turn = 0.0, 0, 0

    def __call__(self, screen: str, scope: tuple = (), sizes: tuple = tuple(VIEWPORTS)) -> None:
        if not self.page.evaluate("typeof axe !== 'undefined'"):
            self.page.add_script_tag(path=str(AXE))
        self.screens.append(screen)
        start = time.perf_counter()
        full = list(VIEWPORTS)[self.turn % len(VIEWPORTS)]
        if scope:
            self.turn += 1
        for size in sizes:
            self.page.set_viewport_size(VIEWPORTS[size])
            within = list(scope) if scope and size != full else None
            violations = self.page.evaluate(RUN_AXE, within)
            if violations:
                self.found[f"{screen} at {size}" + (" (scoped)" if within else "")] = violations
            self.runs += 1
        self.page.set_viewport_size(FIRST)
        self.seconds += time.perf_counter() - start


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
    context = browser.new_context(viewport=FIRST)
    watch = Watch(context)
    page = context.new_page()
    page.goto(server.url)
    wait_ready(page)
    page.wait_for_selector('body[data-screen="home"][data-board-shown]', state="attached")
    yield page
    assert watch.errors == [] and watch.foreign_requests() == []
    context.close()


# The board's buttons of a decision (rows of an acquire, cards of a return): [name, pressed,
# width, height, focus ring's stroke width when focused] at the size on screen.
BUTTONS = """(sel) => Array.from(document.querySelectorAll(sel)).map((el) => {
    const box = el.getBoundingClientRect();
    const words = (n) => n.nodeType === 3 ? n.textContent
        : (n.getAttribute && n.getAttribute('aria-hidden') === 'true') ? ''
        : Array.from(n.childNodes).map(words).join('');
    return [el.getAttribute('aria-label') || words(el).replace(/\\s+/g, ' ').trim(), el.getAttribute('aria-pressed'),
            Math.round(box.width), Math.round(box.height)];
})"""
# The focused element's ring, if it is one of `sel`: the row's ring colour, a button's outline.
FOCUS_RING = """(sel) => {
    const el = document.activeElement;
    if (!el || !el.matches(sel)) return null;
    const ring = el.querySelector('.mp-row-ring');
    return ring ? getComputedStyle(ring).stroke : getComputedStyle(el).outlineStyle;
}"""
KEYED = {"acquire": ("#rows [data-pick]", "Acquire a "), "return": ("#controls .card-toggle", "Sacrifice card: ")}


def by_keyboard(page, me, kind: str) -> None:
    """The choices of an acquire (the rows on the board) and of a return (the cards) are
    buttons named for what they are, at least 44 x 44 px at every size; Enter or Space presses
    one (its state then says so, focus stays on it with a visible ring), and again releases a
    card."""
    sel, name = KEYED[kind]
    for size, viewport in VIEWPORTS.items():
        page.set_viewport_size(viewport)
        buttons = page.evaluate(BUTTONS, sel)
        assert len(buttons) >= 2, f"{kind}: {buttons}"
        for label, pressed, w, h in buttons:
            assert label.startswith(name) and pressed == "false", (kind, label, pressed)
            assert w >= 44 and h >= 44, f"{kind} at {size}: {label} is {w} x {h} px"
    page.set_viewport_size(FIRST)
    first = f"{sel} >> nth=0"
    me.key(first, "Enter" if kind == "acquire" else " ")
    assert page.locator(first).get_attribute("aria-pressed") == "true"
    assert page.evaluate(FOCUS_RING, sel) in ("rgb(11, 99, 206)", "solid"), "no focus ring"
    if kind == "return":
        me.key(first, " ")
        assert page.locator(first).get_attribute("aria-pressed") == "false"


def play_every_decision(page, audit) -> set:
    """Two people on one device through a plan that meets every kind of decision: the pass
    screen once, then each kind of decision the first time it comes. Returns the kinds seen."""
    seed, plan = find_plan()
    host = mp.new_game(players=2, seed=seed, names=["Ann", "Bea"])
    fill_seats(page, [("Ann", "human"), ("Bea", "human")], seed=seed)
    me, holder, kinds = Player(page), None, set()
    for text in plan:
        seat, kind = host.to_move, str(host.prompt[0])
        if seat != holder:
            page.wait_for_selector(f'body[data-hidden="{seat}"]', state="attached")
            if "hide" not in kinds:
                kinds.add("hide")
                audit("pass screen")
            me.click('#hide [data-act="reveal"]')
            holder = seat
        page.wait_for_selector(f'body[data-decision="{kind}"][data-viewer="{seat}"]', state="attached")
        if kind not in kinds:
            kinds.add(kind)
            audit(f"game: {kind}", () if kind in WHOLE else DECISION_REGIONS)
            if kind in ("acquire", "return"):
                by_keyboard(page, me, kind)
        me.take(kind, text)
        host.apply(text)
        page.wait_for_function(
            f"document.body.dataset.toMove === '{'' if host.to_move is None else host.to_move}'")
    return kinds


def test_axe_finds_nothing_serious_on_any_screen_at_any_size(a11y_page):
    page = a11y_page
    audit = Audit(page)
    audit("home")
    click_and_render(page, '#nav [data-act="help"]')
    audit("rules")
    click_and_render(page, '#overlay [data-act="close"]')

    kinds = play_every_decision(page, audit)
    click_and_render(page, '#nav [data-act="menu"]')
    audit("menu")
    click_and_render(page, '#overlay [data-act="close"]')
    every = {"hide"} | {str(k) for k in mp.Decision}
    assert kinds == every, f"kinds not met: {every - kinds}"

    # Bots to the end: the end screen, then its replay.
    go_home(page)
    fill_seats(page, [("Rand A", "bot:random"), ("Rand B", "bot:random")], seed=3)
    page.wait_for_selector("body[data-over]", state="attached", timeout=180_000)
    audit("end")
    click_and_render(page, '#end [data-act="replay"]')
    page.wait_for_selector('body[data-screen="replay"]', state="attached")
    audit("replay")
    go_home(page)

    # Incan Gold shares the shell: its home and a decision of its game, at one size.
    click_and_render(page, '#home [data-act="choose-game"][data-v="incan-gold"]')
    audit("incan gold: home", sizes=("1024x768",))
    fill_seats(page, [("Ann", "human"), ("Rand B", "bot:random"), ("Rand C", "bot:random")], seed=2)
    page.wait_for_selector('body[data-decision]:not([data-decision=""]), body[data-over]',
                           state="attached")
    audit("incan gold: game", sizes=("1024x768",))

    print(f"\naxe ran {audit.runs} times ({audit.seconds:.1f} s) on:", ", ".join(audit.screens))
    assert audit.found == {}, "\n".join(f"{screen}: {v}" for screen, v in audit.found.items())
