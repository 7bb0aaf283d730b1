"""Issue 27: Incan Gold's guided first game, played through clicks to its end on a tablet
(1024 x 768) and on a phone (390 x 844), at the Instant pace: "Learn to play" on the home's card,
then every step of the guide as it comes ("Next" / "Got it"), the person's torch or camp between.

First, on the tablet, the option "Tips for new players" in an ordinary game: steps but no intro,
"No more tips" switches them off, the tips seen kept per game. At every step: its pointer found its target (body[data-guide-pointed="1"]) and the target is on
screen and seen (the element at its centre is the target or inside it, not the sticky header
nor the decision over it), the ring drawn around it; the panel is on screen, announced (an
aria-live region; during the intro the keyboard's focus on its "Next") and never over the
decision's buttons; no horizontal scroll. On the tablet the
page is reloaded mid-game: the guided game resumes and no step seen before shows again. Every
step of the guide is shown once per game, each size. The finished guided game is kept marked
guided, and the Statistics screen leaves it out of its figures and says so. Screenshots: tests/web/screenshots/guide-*.png.
"""
from __future__ import annotations

from gameplay import no_horizontal_scroll, start_incan_gold_from_home
from webharness import click_and_render, wait_ready

STEPS = 15                     # Incan Gold's guide: 3 intro steps and 12 at the decisions
NEXT_STATE = ('body[data-guide-step], body[data-decision="choose"]:not([data-revealing]), '
              'body[data-over]')

# The target's centre is the target (or inside it) for the page's hit test; the ring around it.
POINTED = """() => {
    const sel = document.body.dataset.guideTarget;
    const el = sel && document.querySelector(sel);
    if (!el) return 'no element for ' + sel;
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) return 'nothing drawn for ' + sel;
    const x = Math.min(Math.max(r.left + r.width / 2, 1), innerWidth - 1);
    const y = Math.min(Math.max(r.top + Math.min(r.height / 2, 40), 1), innerHeight - 1);
    const hit = document.elementFromPoint(x, y);
    if (!hit || !(el === hit || el.contains(hit)))
        return sel + ' hidden under ' + (hit ? (hit.id || hit.className.baseVal || hit.className) : 'nothing')
               + ' at ' + Math.round(x) + ',' + Math.round(y);
    const ring = document.querySelector('.guide-ring');
    if (!ring || ring.hidden) return 'no ring';
    const g = ring.getBoundingClientRect();
    if (g.left > r.left || g.top > r.top || g.right < r.right || g.bottom < r.bottom)
        return 'the ring is not around ' + sel;
    return '';
}"""

# The panel's button on screen and not covered, and no button of the decision under the panel.
PANEL = """() => {
    const p = document.querySelector('#guide .guide-panel');
    if (!p) return 'no panel';
    const r = p.getBoundingClientRect();
    const out = [];
    const button = p.querySelector('[data-act="guide-next"]');
    const next = button.getBoundingClientRect();
    const hit = document.elementFromPoint(next.left + next.width / 2, next.top + next.height / 2);
    if (next.top < 0 || next.bottom > innerHeight) out.push('its button off screen');
    else if (!hit || !(hit === button || button.contains(hit))) out.push('its button covered');
    for (const b of document.querySelectorAll('#controls .ig-acts button')) {
        const q = b.getBoundingClientRect();
        if (q.left < r.right && q.right > r.left && q.top < r.bottom && q.bottom > r.top)
            out.push('over ' + b.dataset.act);
    }
    return out.join(', ');
}"""


def _play(page, size: str, shot, *, reload_after: int | None = None) -> list[str]:
    """Learn to play from the home, to the game's end; returns the steps in the order shown."""
    page.wait_for_selector('body[data-screen="home"][data-board-shown]', state="attached")
    page.select_option('#home select[data-field="pace"]', "instant")
    click_and_render(page, '#home [data-act="learn"][data-v="incan-gold"]')
    assert page.get_attribute("#guide", "aria-live") == "polite"
    shown: list[str] = []
    problems: list[str] = []
    reloaded = False
    for _ in range(120):
        page.wait_for_selector(NEXT_STATE, state="attached", timeout=30_000)
        if page.get_attribute("body", "data-over"):
            break
        step = page.get_attribute("body", "data-guide-step")
        if step:
            if shown and shown[-1] == step and reloaded is True:
                reloaded = "resumed"           # the step on screen at the reload, not yet seen
            elif step in shown:
                problems.append(f"{size}: {step} shown twice")
            if not shown or shown[-1] != step:
                shown.append(step)
            page.wait_for_selector('body[data-guide-pointed="1"]', state="attached", timeout=5_000)
            if step in ("welcome", "goal", "rounds") and reloaded is not True:
                # no decision on screen yet: the keyboard's focus is on the step's "Next"
                focused = page.evaluate("document.activeElement && document.activeElement.dataset.v")
                if focused != step:
                    problems.append(f"{size} {step}: the focus on {focused!r}, not on Next")
            for check in (POINTED, PANEL):
                if found := page.evaluate(check):
                    problems.append(f"{size} {step}: {found}")
            if not no_horizontal_scroll(page):
                problems.append(f"{size} {step}: horizontal scroll")
            if step in ("welcome", "choice", "odds", "bust"):
                shot(page, f"guide-{size}-{step}")
            if reload_after is not None and len(shown) == reload_after and not reloaded:
                page.reload()
                wait_ready(page)
                page.wait_for_selector('body[data-screen="game"][data-game="incan-gold"]', state="attached")
                reloaded = True
                continue
            click_and_render(page, f'#guide [data-act="guide-next"][data-v="{step}"]')
            continue
        cards = int(page.get_attribute("#board .ig-path", "data-cards") or 0)
        click_and_render(page, f'#controls [data-act="{"torch" if cards < 5 else "camp"}"]')
    else:
        raise AssertionError(f"{size}: the game did not end")
    shot(page, f"guide-{size}-end")
    assert page.locator("#guide .guide-panel").count() == 0, "a step on the end screen"
    assert problems == [], "\n".join(problems)
    if reload_after is not None:
        assert reloaded == "resumed", "the reload did not resume at the step on screen"
    return shown


def _tips(page) -> list[str]:
    """Tips on (the home's option), an ordinary game: its steps but no intro, each once, and
    "No more tips" switches them off; back home. Returns the tips seen."""
    page.wait_for_selector('body[data-screen="home"][data-board-shown]', state="attached")
    page.check('#home input[data-field="tips"]')
    start_incan_gold_from_home(page, [("Ann", "human"), ("Bo", "bot:random"), ("Cy", "bot:random")],
                               seed=56, pace="instant")
    seen = []
    page.wait_for_selector("body[data-guide-step]", state="attached", timeout=30_000)
    for _ in range(2):
        step = page.get_attribute("body", "data-guide-step")
        assert step not in ("welcome", "goal", "rounds") and step not in seen
        assert page.locator('#guide [data-act="guide-tips-off"]').count() == 1
        seen.append(step)
        click_and_render(page, f'#guide [data-act="guide-next"][data-v="{step}"]')
    click_and_render(page, '#guide [data-act="guide-tips-off"]')
    assert page.locator("#guide .guide-panel").count() == 0
    assert page.evaluate("JSON.parse(localStorage.getItem('machu-picchu:prefs')).tips") is False
    assert page.evaluate("JSON.parse(localStorage.getItem('machu-picchu:tips'))['incan-gold']") == seen
    click_and_render(page, '#nav [data-act="home"]')
    return seen


def test_incan_golds_guided_game_through_clicks_at_a_tablets_and_a_phones_size(browser, server, shot):
    for size, reload_after in (("1024x768", 8), ("390x844", None)):
        width, height = map(int, size.split("x"))
        context = browser.new_context(viewport={"width": width, "height": height})
        errors: list[str] = []
        page = context.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        try:
            page.goto(server.url)
            wait_ready(page)
            tips = _tips(page) if reload_after is not None else []
            shown = _play(page, size, shot, reload_after=reload_after)
            assert set(tips) <= set(shown)      # a guided game shows every step, tips seen or not
            assert len(shown) == STEPS == len(set(shown)), f"{size}: {shown}"
            assert shown[:3] == ["welcome", "goal", "rounds"]      # the intro before any move
            record = page.evaluate("""() => { const id = localStorage.getItem('machu-picchu:current');
                return JSON.parse(localStorage.getItem('machu-picchu:game:' + id)); }""")
            assert sorted(record["guide"]["seen"]) == sorted(shown)
            # its result is kept marked guided, and the Statistics leave it out and say so
            result = page.evaluate("""(id) => JSON.parse(localStorage.getItem('machu-picchu:result:' + id))""",
                                   record["id"])
            assert result["guided"] is True, result
            click_and_render(page, '#nav [data-act="home"]')
            click_and_render(page, '#home [data-act="stats"]')
            click_and_render(page, '#end [data-act="stats-game"][data-v="incan-gold"]')
            assert page.locator('#end .stats-guided[data-guided="1"]').is_visible()
            assert page.locator("#end .stats-none").is_visible()      # no figure from it
            assert page.locator('#end [data-act="stats-game"][data-v="incan-gold"] small').inner_text() == "0 games"
            shot(page, f"guide-{size}-stats")
            assert errors == [] and page.locator(".py-error").count() == 0
        finally:
            context.close()
