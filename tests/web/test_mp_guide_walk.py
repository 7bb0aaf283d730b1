"""Machu Picchu's guided first game through clicks (issue 27): "Learn to play" on the home's
card, the intro, then the guided game (the learning variant against two easy bots) played by
the simple person of tests/web_views/machu_picchu/mp_guide_play.py to the game's end,
at 1024x768 and 390x844 (the Instant pace; about 80 of the person's decisions each). Each step
is the one the host expects at that decision, and its pointer rings an element that can be seen:
in the window, not clipped by a panned board or trail, at least 60 px of it each way (all of a
smaller one) out from under the sticky head, the step's panel and a decision stuck under it, on
top at one point at least; the panel's button is on screen and uncovered; in landscape the
decision's first line is on screen and uncovered and the board's column fills the window's
height (never scrolled past, blank); no sideways scroll. The person's choices and the step due
at each decision are worked out on the host from the page's own game (its save, read at each
decision).
Screenshots: tests/web/screenshots/mp-guide-<size>-<step>.png."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from gameplay import Player, no_horizontal_scroll
from webharness import SCREENSHOTS

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web_views" / "machu_picchu"))
import mp_guide_play as play  # noqa: E402
from games.machu_picchu.guide import GUIDE  # noqa: E402
from machu_picchu.save import load_game  # noqa: E402

SIZES = {"1024x768": {"width": 1024, "height": 768}, "390x844": {"width": 390, "height": 844}}
# Screenshots of these steps (tests/web/screenshots/mp-guide-<size>-<step>.png)
SHOTS = {"welcome", "goal", "first_turn", "offer", "market", "take", "sacrifice", "acquire",
         "end_conquest"}

# Whether the target of the step on screen can be seen: the ring the page drew around it, and
# the target inside the window and every clipping box around it, on top at one point of a grid
# (found by hit-testing: a target deaf to taps, as a Prince on the board, is probed as if not).
SEEN = """() => {
    const sel = document.body.dataset.guideTarget;
    const el = sel && document.querySelector(sel);
    if (!el) return 'no element for ' + sel;
    if (!document.getElementById('guide-probe')) {
        const probe = document.createElement('style');
        probe.id = 'guide-probe';
        probe.textContent = '.guide-probe, .guide-probe * { pointer-events: auto !important; }';
        document.head.appendChild(probe);
    }
    let r = el.getBoundingClientRect();
    let box = {l: Math.max(r.left, 0), t: Math.max(r.top, 0),
               r: Math.min(r.right, innerWidth), b: Math.min(r.bottom, innerHeight)};
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const s = getComputedStyle(p);
        if (s.overflowX !== 'visible' || s.overflowY !== 'visible') {
            const c = p.getBoundingClientRect();
            box = {l: Math.max(box.l, c.left), t: Math.max(box.t, c.top),
                   r: Math.min(box.r, c.right), b: Math.min(box.b, c.bottom)};
        }
    }
    // what sticks over the page (the head, the step's panel, a decision stuck under it) hides
    // the part of the target it overlaps at the target's top or foot
    for (const c of document.querySelectorAll('.sticky-top, #guide, #controls')) {
        if (c.contains(el) || el.contains(c)) continue;
        const s = getComputedStyle(c), k = c.getBoundingClientRect();
        if (s.position !== 'sticky' || !k.height || k.left >= box.r || k.right <= box.l) continue;
        if (k.top <= box.t && k.bottom > box.t) box.t = k.bottom;
        else if (k.top < box.b && k.bottom >= box.b) box.b = k.top;
    }
    // at least 60 px of the target can be seen each way, or the whole target when smaller
    const need_w = Math.min(60, r.width - 1), need_h = Math.min(60, r.height - 1);
    if (box.r - box.l < need_w || box.b - box.t < need_h)
        return `out of sight: ${sel} (${Math.round(box.r - box.l)}x${Math.round(box.b - box.t)} px seen)`;
    let on = false;
    el.classList.add('guide-probe');
    for (let i = 1; i < 6 && !on; i++) for (let j = 1; j < 6 && !on; j++) {
        const hit = document.elementFromPoint(box.l + (box.r - box.l) * i / 6,
                                              box.t + (box.b - box.t) * j / 6);
        on = hit !== null && (el.contains(hit) || hit.contains(el));
    }
    el.classList.remove('guide-probe');
    if (!on) return 'covered: ' + sel;
    const ring = document.querySelector('.guide-ring');
    if (!ring || ring.hidden) return 'no ring';
    const g = ring.getBoundingClientRect();
    if (g.left > r.left + 1 || g.top > r.top + 1 || g.right < r.right - 1 || g.bottom < r.bottom - 1)
        return 'the ring is not around ' + sel;
    return '';
}"""


# The panel's button on screen and not covered (the step can be read and dismissed).
PANEL = """() => {
    const button = document.querySelector('#guide .guide-panel [data-act="guide-next"]');
    if (!button) return 'no panel';
    const r = button.getBoundingClientRect();
    if (r.top < 0 || r.bottom > innerHeight) return 'its button off screen';
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit && (hit === button || button.contains(hit)) ? '' : 'its button covered';
}"""


# The decision under a step: its first line (the prompt) in the window and on top, not under
# the step's panel; in landscape, the board's column still fills the window's height (the page
# never scrolled past its foot to show blank space beside the side column).
DECISION = """() => {
    const d = document.querySelector('#controls .decision');
    if (!d || innerWidth <= 820 || innerHeight > innerWidth) return '';
    const first = d.firstElementChild || d;
    const r = first.getBoundingClientRect(), x = r.left + Math.min(r.width / 2, 40);
    for (const y of [r.top + 4, r.top + Math.min(r.height, 24) - 4]) {
        if (y < 0 || y > innerHeight) return 'its prompt off screen';
        const hit = document.elementFromPoint(x, y);
        if (!hit || !d.contains(hit)) return 'its prompt covered by ' + (hit ? (hit.id || hit.className) : 'nothing');
    }
    return '';
}"""
BLANK = """() => {
    if (innerWidth <= 820 || innerHeight > innerWidth) return '';
    const col = document.querySelector('.col-board').getBoundingClientRect();
    return col.bottom < innerHeight - 40 ? `the board's column ends at ${Math.round(col.bottom)} px` : '';
}"""


def saved_record(page) -> dict:
    """The game on screen as the page stored it (its save and the guide's steps seen)."""
    return page.evaluate("JSON.parse(localStorage.getItem('machu-picchu:game:' + "
                         "localStorage.getItem('machu-picchu:current')))")


def saved_actions(page) -> list[str]:
    return list(saved_record(page)["save"]["actions"])


def check_pointer(page, step: str, size: str) -> list[str]:
    """What is wrong with the step on screen: its pointer rings nothing visible (waited for to
    settle), its panel's button is off screen or covered, the page scrolls sideways."""
    page.wait_for_selector(f'body[data-guide-step="{step}"][data-guide-pointed]', state="attached")
    problems = []
    if page.get_attribute("body", "data-guide-pointed") != "1":
        problems.append(f"{size} {step}: the pointer found nothing")
    try:
        page.wait_for_function(f"() => ({SEEN})() === ''", timeout=5_000)
    except Exception:
        problems.append(f"{size} {step}: {page.evaluate(SEEN)}")
    if found := page.evaluate(PANEL):
        problems.append(f"{size} {step}: the panel: {found}")
    if found := page.evaluate(DECISION):
        problems.append(f"{size} {step}: the decision: {found}")
    if found := page.evaluate(BLANK):
        problems.append(f"{size} {step}: {found}")
    if not no_horizontal_scroll(page):
        problems.append(f"{size} {step}: horizontal scroll")
    if step in SHOTS or problems:
        SCREENSHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / f"mp-guide-{size}-{step}.png"))
    return problems


@pytest.mark.parametrize("size", list(SIZES))
def test_the_guided_game_points_at_what_each_step_talks_about(app, size):
    page = app.page
    page.set_viewport_size(SIZES[size])
    page = app.open()
    page.wait_for_selector('body[data-screen="home"]', state="attached")
    page.select_option('#home select[data-field="pace"]', "instant")
    me = Player(page)
    me.click('#home [data-act="learn"][data-v="machu-picchu"]')
    page.wait_for_selector('body[data-screen="game"]', state="attached")
    problems: list[str] = []
    for step in GUIDE.intro:          # before any move, the bots waiting
        problems += check_pointer(page, step.id, size)
        assert saved_actions(page) == []
        me.click(f'#guide [data-act="guide-next"][data-v="{step.id}"]')
    # The person's choices are worked out on the host from the page's own game (its save read
    # at each decision), never from a game the host played beside it: the bots' choices may
    # differ between the two (their re-deals are seeded by what each seat sees, names included).
    helper, met, seen, shown = play.make_bot("easy", seed=1), set(), set(), []
    wanted = {s.id for s in GUIDE.steps} - {"setup"}
    while True:                  # to the game's end: the last steps come on its last day
        page.wait_for_selector('body[data-decision][data-viewer="0"], body[data-over]',
                               state="attached", timeout=60_000)
        if page.get_attribute("body", "data-over") is not None:
            break
        game = load_game(saved_record(page)["save"])
        assert game.to_move == play.PERSON, (size, len(game.history))
        kind = str(game.prompt[0])
        assert page.get_attribute("body", "data-decision") == kind, (size, len(game.history))
        step = GUIDE.due(play.SeatCtx(game), seen)
        on_screen = page.get_attribute("body", "data-guide-step") or None
        assert on_screen == (step.id if step else None), (size, len(shown), kind, on_screen, step)
        if step is not None:
            problems += check_pointer(page, step.id, size)
            shown.append(step.id)
            seen.add(step.id)    # decided under it: the step is seen (as the page counts)
        text = play.person_choice(game, met, helper)
        met.add(kind)
        me.take(kind, text)
    assert problems == [], "\n".join(problems)
    assert set(shown) == wanted
    # the end screen of a guided game, its buttons below it
    page.wait_for_selector("#end [data-act]", state="attached")
    assert page.locator("#end").inner_text().strip()
    assert set(saved_record(page)["guide"]["seen"]) >= set(shown)
