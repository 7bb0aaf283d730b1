"""Readable everywhere, at the four sizes players use (issue 12): a tablet in landscape and in
portrait, a phone, a laptop. One page per size plays a game (a person against two bots) through
the page's own next-step marker and checks, on the home screen and at every decision:

- no text of the board, the Incatrail, the time track, the market or the Priests/Virgins rows
  under 12 CSS px (11 on the phone), measured as drawn (font size times the SVG's scale);
- no horizontal scrolling of the page;
- the top bar's facts each whole or left out (never cut in the middle of a word);
- the sticky header and the status line at most 15% of the height (12% on the phone);
- every visible control at least 44 x 44 px (a checkbox counts with its label);
- no arrow, arrow badge or "1 llama" badge over a district's name or a Prince;
- the home page's preview board holds no Tab stop;
- on the phone, the top bar's switch shows the whole board (and the Incatrail) in its frame and
  goes back to the zoomed-in view that pans sideways;
- at every decision its finishing buttons (the market's "Done", a "Confirm") inside the decision
  region's visible box and on screen;
- at every decision with the hint shown, no button of the decision cut by the edge of the box it
  scrolls in or by the screen's foot (the moon tiles' "3-step" at 1366 x 768; upright and on the
  phone, the setup's Potter and Weaver, the turn's moon tiles, the market's Sell rows, the hire's
  card and the sacrifice cards to put back);
- at every decision its buttons (the moon tiles' row too) never under the Hint button's bar, and
  the hint asked for (?hint-budget=0.05: quick ones): its words and its buttons ("Do it",
  "Dismiss") wholly inside the decision region's visible box, on screen and not covered;
- at every decision the decision panel on screen (its top too, even when the person had scrolled
  the decision region down to the last one's button; within a draft, after a card ticked, the
  person's own scroll of the region is kept) and the keyboard's focus on a control
  (never the page's body);
- on a tablet or a laptop (not the phone), at every decision the decision region and the Priests
  and Virgins rows (their cards end the game; the acquire decision picks there, a hint rings them)
  both on screen at once, neither under the sticky header nor below the fold, and each row's name
  clear of its note ("6 left · 10 steps/llama");
- in Incan Gold at 1024 x 768 and 768 x 1024 (one page, a short game), at every torch/camp
  decision the decision region and the players (who is still inside, each one's gems: what the
  choice is made from) both wholly on screen without scrolling, and its layout shift at most 0.1;
- layout shift over the game at most 0.1 (PerformanceObserver 'layout-shift', shifts right after
  the player's own input excluded, as the metric does).

With READABLE_SHOTS=<folder> it also saves a screenshot of every step (the recorded walk-through;
nothing is written otherwise).
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from gameplay import cut_facts
from webharness import Watch, wait_ready, click_and_render

VIEWPORTS = {
    "1024x768": {"width": 1024, "height": 768},
    "768x1024": {"width": 768, "height": 1024},
    "390x844": {"width": 390, "height": 844},
    "1366x768": {"width": 1366, "height": 768},
}
PHONE_WIDTH = 480            # at most this wide: the phone's goals
MIN_TEXT_PX, MIN_TEXT_PHONE_PX = 12.0, 11.0
HEADER_SHARE, HEADER_SHARE_PHONE = 0.15, 0.12
MIN_TARGET_PX = 44.0
CLS_GOAL = 0.1
SHOTS = os.environ.get("READABLE_SHOTS")
DECISIONS = 40 if SHOTS else 9   # decisions taken per size (bots play in between); the
                                 # walk-through goes on through the night

BOARD_REGIONS = ("#board", "#trail", "#time", "#market", "#rows")

# Every text of the board's regions as drawn: [region, text, CSS px].
TEXT_SIZES = """(regions) => {
    const out = [];
    for (const sel of regions) {
        const root = document.querySelector(sel);
        if (!root) continue;
        for (const t of root.querySelectorAll('text, tspan')) {
            const words = Array.from(t.childNodes).filter((n) => n.nodeType === 3)
                .map((n) => n.textContent).join('').trim();
            if (!words) continue;
            const box = t.getBoundingClientRect();
            if (box.width === 0 || box.height === 0) continue;
            const m = t.getScreenCTM();
            const px = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
            out.push([sel, words.slice(0, 24), Math.round(px * 10) / 10]);
        }
    }
    return out;
}"""

# Visible controls smaller than the goal: [what, width, height]. A checkbox or radio is
# measured with its label (the label takes the tap).
SMALL_TARGETS = """(goal) => {
    const sel = 'button, select, input:not([type=hidden]), a[href], summary, [role=button], '
              + '[tabindex]:not([tabindex="-1"])';
    const out = [];
    for (const el of document.querySelectorAll(sel)) {
        const box0 = el.getBoundingClientRect();
        if (box0.width === 0 && box0.height === 0) continue;
        if (getComputedStyle(el).visibility === 'hidden') continue;
        const label = el.closest('label');
        const box = (label && (el.type === 'checkbox' || el.type === 'radio' || el.type === 'file'))
            ? label.getBoundingClientRect() : box0;
        if (box.width < goal - 0.5 || box.height < goal - 0.5) {
            const name = (el.getAttribute('aria-label') || el.textContent || el.outerHTML)
                .trim().slice(0, 40);
            out.push([el.tagName.toLowerCase() + ' ' + name, Math.round(box.width),
                      Math.round(box.height)]);
        }
    }
    return out;
}"""

# Overlays (arrows of the Princes' moves, their badges, "1 llama" badges, the marks of what the
# others gained) over a district's name or a Prince: [overlay, what it covers].
OVERLAPS = """() => {
    const inside = (p, r) => p.x >= r.left && p.x <= r.right && p.y >= r.top && p.y <= r.bottom;
    const meet = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const kept = [];
    for (const el of document.querySelectorAll('#board .mp-dname, #board .mp-prince'))
        kept.push([el.classList.contains('mp-prince') ? 'Prince ' + el.dataset.seat
                   : 'name ' + el.textContent, el.getBoundingClientRect()]);
    const out = [];
    for (const line of document.querySelectorAll('#board .mp-went-line')) {
        const m = line.getScreenCTM(), len = line.getTotalLength();
        for (let k = 0; k <= 40; k++) {
            const q = line.getPointAtLength(len * k / 40);
            const p = { x: m.a * q.x + m.c * q.y + m.e, y: m.b * q.x + m.d * q.y + m.f };
            for (const [what, r] of kept)
                if (inside(p, r)) out.push(['arrow of ' + line.closest('.mp-went').dataset.seat, what]);
        }
    }
    const solid = document.querySelectorAll(
        '#board .mp-went-head, #board .mp-went > g, #board .mp-travel-badge, #board .mp-mark');
    for (const el of solid) {
        if (el.getAnimations().some((a) => a.playState === 'running')) continue;   // sliding in
        const box = el.getBoundingClientRect();
        for (const [what, r] of kept)
            if (meet(box, r)) out.push([el.getAttribute('class') || 'arrow badge', what]);
    }
    return Array.from(new Set(out.map((x) => x.join(': '))));
}"""

HEADER = """() => {
    const top = document.querySelector('.topbar').getBoundingClientRect().height;
    const status = document.querySelector('#turn-status').getBoundingClientRect().height;
    return (top + status) / window.innerHeight;
}"""

HSCROLL = "() => document.documentElement.scrollWidth - window.innerWidth"



# A person decides: is the decision panel's top on screen under the sticky header (and not scrolled
# away inside the decision region's own scroll box), and where is
# the keyboard's focus? [in view, focus on the page's body, what has it].
ATTENTION = """() => {
    const head = document.querySelector('.sticky-top').getBoundingClientRect().bottom;
    const box = document.querySelector('#controls .decision').getBoundingClientRect();
    const region = document.querySelector('#controls').getBoundingClientRect();
    const active = document.activeElement;
    const decision = document.querySelector('#controls > .decision');
    return [box.top >= Math.max(head, region.top) - 1 && box.top < window.innerHeight - 40
            && (!decision || decision.scrollTop <= 1),
            !active || active === document.body, active ? active.outerHTML.slice(0, 60) : '',
            [Math.round(box.top), Math.round(head), Math.round(window.scrollY),
             document.querySelectorAll('#controls .decision').length,
             decision ? Math.round(decision.scrollTop) : null]];
}"""

# The Hint button, when offered: inside the decision region's visible box and on screen (a
# decision taller than its region must not scroll it away). null when no button is offered.
HINT_IN_VIEW = """() => {
    const button = document.querySelector('#controls [data-act="hint"]');
    if (!button) return null;
    const r = button.getBoundingClientRect(), region = document.querySelector('#controls').getBoundingClientRect();
    return r.top >= region.top - 1 && r.bottom <= region.bottom + 1 && r.bottom <= window.innerHeight;
}"""

# The decision's finishing buttons (the market's "Done", a "Confirm": button.primary) wholly inside
# the decision region's visible box, on screen and not covered (the Hint button's sticky bar), the
# region scrolled to the decision's top: [] when they are, else [text, top, bottom, region's
# bottom, viewport height, what covers it] of each that is not.
FINISH_IN_VIEW = """() => {
    const region = document.querySelector('#controls');
    const box = region.getBoundingClientRect();
    return Array.from(region.querySelectorAll('.decision button.primary')).map((b) => {
        const r = b.getBoundingClientRect();
        const over = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
        return [b.textContent.trim().slice(0, 30), Math.round(r.top), Math.round(r.bottom),
                Math.round(box.bottom), window.innerHeight, !over || b.contains(over) ? '' :
                'under ' + over.tagName + '.' + over.getAttribute('class')];
    }).filter(([, top, bottom, last, height, under]) => top < box.top - 1 || bottom > last + 1
                                                       || bottom > height + 1 || under);
}"""

# Points of a box a finger or the eye would miss if covered: its middle and the middles of its
# four sides, just inside (not its corners, which a rounded button leaves to what is behind).
POINTS = """(r) => {
    const x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
    return [[x, y], [r.left + 4, y], [r.right - 4, y], [x, r.top + 3], [x, r.bottom - 3]];
}"""

# The decision's buttons (the moon tiles' row too) covered by the Hint button's bar, anywhere the
# region shows them: [] when none is, else [button, its top and bottom, what covers it].
UNDER_HINT_BAR = """() => {
    const points = %s;
    const controls = document.querySelector('#controls');
    const out = [];
    for (const b of document.querySelectorAll('#controls .decision button')) {
        const r = b.getBoundingClientRect();
        // the part of the region that shows it: inside every box that clips it (scroll boxes)
        let top = 0, bottom = window.innerHeight;
        for (let el = b.parentElement; el && controls.contains(el); el = el.parentElement) {
            if (getComputedStyle(el).overflowY === 'visible') continue;
            const clip = el.getBoundingClientRect();
            top = Math.max(top, clip.top);
            bottom = Math.min(bottom, clip.bottom);
        }
        if (r.height === 0 || r.bottom <= top || r.top >= bottom) continue;
        for (const [x, y] of points(r)) {
            if (y < top || y > bottom) continue;
            const over = document.elementFromPoint(x, y);
            if (over && over.closest('#controls .hint')) {
                out.push([b.textContent.trim().slice(0, 30), Math.round(r.top), Math.round(r.bottom),
                          'under ' + over.tagName + '.' + over.getAttribute('class')]);
                break;
            }
        }
    }
    return out;
}""" % POINTS

# The hint shown: its words and its buttons ("Do it", "Dismiss"), and the decision's control it
# marks, wholly inside the decision region's visible box (the control inside the decision's own
# box), on screen and not covered: [] when they are, else [what, top, bottom, region's top and
# bottom, viewport height, what covers it] of each that is not.
HINT_SHOWN = """() => {
    const points = %s;
    const hint = document.querySelector('#controls .hint.shown');
    if (!hint) return [['no hint shown']];
    const region = document.querySelector('#controls').getBoundingClientRect();
    // ... and the control it marks in the decision (data-hinted), when it marks one
    const parts = [hint.querySelector('p'), ...hint.querySelectorAll('button'),
                   ...Array.from(document.querySelectorAll('#controls .decision [data-hinted]'))
                       .filter((el) => !el.closest('details:not([open])')).slice(0, 1)];
    const out = [];
    for (const el of parts) {
        const r = el.getBoundingClientRect();
        const hit = points(r).map(([x, y]) => document.elementFromPoint(x, y))
            .find((over) => !over || (over !== el && !el.contains(over)));
        const cut = el.tagName === 'P' && el.scrollHeight > el.clientHeight + 1;
        const clip = el.closest('.decision') ? el.closest('.decision').getBoundingClientRect() : region;
        if (r.top < Math.max(region.top, clip.top) - 1 || r.bottom > Math.min(region.bottom, clip.bottom) + 1 || r.top < 0
                || r.bottom > window.innerHeight + 1 || hit !== undefined || cut)
            out.push([el.textContent.trim().slice(0, 30), Math.round(r.top), Math.round(r.bottom),
                      Math.round(region.top), Math.round(region.bottom), window.innerHeight,
                      hit === undefined ? (cut ? 'its words scroll' : '') :
                      'under ' + (hit ? hit.tagName + '.' + hit.getAttribute('class') : 'nothing')]);
    }
    return out;
}""" % POINTS

# A whole decision with the hint shown under it (the region grows for it, at every size): its
# buttons cut by the edge of the box they scroll in (the decision's own box, the region) or by the
# screen's foot: [] when none is, else [button, its top and bottom, the visible part's bottom].
CUT_BUTTONS = """() => {
    const controls = document.querySelector('#controls');
    const out = [];
    for (const b of document.querySelectorAll('#controls .decision button')) {
        const r = b.getBoundingClientRect();
        if (r.height === 0 || b.closest('details:not([open])')) continue;
        let top = 0, bottom = window.innerHeight;
        for (let el = b.parentElement; el && (el === controls || controls.contains(el)); el = el.parentElement) {
            if (getComputedStyle(el).overflowY === 'visible') continue;
            const clip = el.getBoundingClientRect();
            top = Math.max(top, clip.top);
            bottom = Math.min(bottom, clip.bottom);
        }
        if (r.top < top - 1 || r.bottom > bottom + 1)
            out.push([b.textContent.trim().slice(0, 20), Math.round(r.top), Math.round(r.bottom), Math.round(bottom)]);
    }
    return out;
}"""

# Regions (the decision region and Machu Picchu's Priests and Virgins rows, or Incan Gold's players)
# each wholly on screen under the sticky header: [] when all are, else [what, top, bottom, viewport
# height] of each that is not.
FOLD = """(sels) => {
    const head = document.querySelector('.sticky-top').getBoundingClientRect().bottom;
    const out = [];
    for (const sel of sels) {
        const r = document.querySelector(sel).getBoundingClientRect();
        if (r.height === 0 || r.top < head - 1 || r.bottom > window.innerHeight + 1 || r.left < -1
                || r.right > window.innerWidth + 1)
            out.push([sel, Math.round(r.top), Math.round(r.bottom), window.innerHeight]);
    }
    return out;
}"""

# Rows of the Priests and Virgins whose name runs into their note: [row, name's right, note's left].
ROW_TEXTS = """() => Array.from(document.querySelectorAll('#rows .mp-row')).map((g) => {
    const name = g.querySelector('.mp-row-name').getBoundingClientRect();
    const note = g.querySelector('.mp-row-sub').getBoundingClientRect();
    return [g.dataset.row, Math.round(name.right), Math.round(note.left)];
}).filter(([, right, left]) => right > left)"""

WATCH_SHIFTS = """() => {
    window.layoutShift = 0;
    window.layoutShifts = [];
    new PerformanceObserver((list) => {
        for (const e of list.getEntries()) {
            if (e.hadRecentInput) continue;
            window.layoutShift += e.value;
            window.layoutShifts.push([Math.round(e.startTime), Math.round(e.value * 1000) / 1000,
                e.sources.map((s) => (s.node && s.node.id) || (s.node && s.node.className) || '?').join(',')]);
        }
    }).observe({ type: 'layout-shift' });
}"""


def measure(page, phone: bool) -> dict:
    """Every figure of one screen: the board's texts under the goal, the smallest text, the
    header's share, horizontal overflow, small targets and covered names or Princes."""
    # pieces still sliding in (the follow-the-play animation) are measured where they land
    page.evaluate("() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => 0)))")
    texts = page.evaluate(TEXT_SIZES, list(BOARD_REGIONS))
    goal = MIN_TEXT_PHONE_PX if phone else MIN_TEXT_PX
    return {
        "small_text": [t for t in texts if t[2] < goal - 0.05],
        "texts": len(texts),
        "smallest": min((t[2] for t in texts), default=None),
        "header": page.evaluate(HEADER),
        "hscroll": page.evaluate(HSCROLL),
        "cut_facts": cut_facts(page),
        "small_targets": page.evaluate(SMALL_TARGETS, MIN_TARGET_PX),
        "overlaps": page.evaluate(OVERLAPS),
    }


def problems(fig: dict, phone: bool, where: str) -> list[str]:
    out = []
    if fig["small_text"]:
        out.append(f"{where}: {len(fig['small_text'])} of {fig['texts']} texts under the goal, "
                   f"e.g. {fig['small_text'][:6]}")
    share = HEADER_SHARE_PHONE if phone else HEADER_SHARE
    if fig["header"] > share + 1e-9:
        out.append(f"{where}: header + status line {fig['header']:.1%} of the height")
    if fig["hscroll"] > 0:
        out.append(f"{where}: the page scrolls sideways by {fig['hscroll']} px")
    if fig["cut_facts"]:
        out.append(f"{where}: the top bar's facts cut: {fig['cut_facts']}")
    if fig["small_targets"]:
        out.append(f"{where}: targets under 44 px: {fig['small_targets'][:8]}")
    if fig["overlaps"]:
        out.append(f"{where}: overlays cover {fig['overlaps'][:6]}")
    return out




# How wide the board's and the trail's pictures are against their frames: [region, picture, frame].
PANS = """() => ['#board', '#trail'].map((sel) => {
    const frame = document.querySelector(sel);
    return [sel, Math.round(frame.querySelector('svg').getBoundingClientRect().width), frame.clientWidth];
})"""


def whole_board_and_back(page, snap) -> list[str]:
    """On a phone the board and the Incatrail are zoomed in (pan sideways); the top bar's switch
    (the shell's, drawn for a game whose views ask for it) shows each whole in its frame, is
    gone on the home, still on when the game is opened again, and back."""
    out = []
    toggle = page.locator("#zoom label.zoom-toggle")
    if not toggle.is_visible():
        return ["the phone has no 'whole board' switch"]
    zoomed = page.evaluate(PANS)
    if any(w <= frame for _, w, frame in zoomed):
        out.append(f"zoomed in, a picture fits its frame: {zoomed}")
    toggle.click()
    whole = page.evaluate(PANS)
    snap("00-whole-board")
    if page.evaluate("document.activeElement && document.activeElement.id") != "whole-board":
        out.append("the switch did not keep the focus")
    if any(w > frame + 1 for _, w, frame in whole):
        out.append(f"'whole board' still needs panning: {whole}")
    page.click('#nav [data-act="home"]')
    page.wait_for_selector('body[data-screen="home"]', state="attached")
    if page.locator(".zoom-toggle").count():
        out.append("the 'whole board' switch stays on the home")
    page.click('#home [data-act="continue"]')
    page.wait_for_selector('body[data-screen="game"]', state="attached")
    if not page.is_checked("#whole-board") or page.evaluate(PANS) != whole:
        out.append(f"back in the game, 'whole board' forgot it was on: {page.evaluate(PANS)}")
    toggle.click()
    if page.evaluate(PANS) != zoomed:
        out.append(f"back from 'whole board' the pictures are {page.evaluate(PANS)}, not {zoomed}")
    return out


def shoot(page, size: str, name: str) -> None:
    if SHOTS:
        folder = Path(SHOTS)
        folder.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(folder / f"{size}-{name}.png"), full_page=False)


def start_game(page) -> None:
    """Ann (a person) against two random bots at the quick pace (the bots' moves come after
    the person's input has settled, as in play: their layout shifts count)."""
    page.select_option('#home select[data-field="players"]', "3")
    page.select_option('#home select[data-field="type"][data-seat="0"]', "human")
    page.fill('#home input[data-field="name"][data-seat="0"]', "Ann")
    for seat in (1, 2):
        page.select_option(f'#home select[data-field="type"][data-seat="{seat}"]', "bot:random")
    page.select_option('#home select[data-field="pace"]', "quick")
    page.click("#home details.more summary")
    page.fill('#home input[data-field="seed"]', "4")
    page.click('#home [data-act="start"]')
    page.wait_for_selector('body[data-screen="game"]', state="attached")


@pytest.mark.parametrize("size", list(VIEWPORTS))
def test_readable_at_every_size(browser, server, size):
    viewport = VIEWPORTS[size]
    phone = viewport["width"] <= PHONE_WIDTH
    context = browser.new_context(viewport=viewport, has_touch=viewport["width"] < 1024)
    watch = Watch(context)
    page = context.new_page()
    found: list[str] = []
    try:
        page.goto(server.url + "?hint-budget=0.05")     # a hint at every decision: quick ones
        wait_ready(page)
        page.wait_for_selector('body[data-screen="home"][data-board-shown]', state="attached")
        figs = [measure(page, phone)]
        found += problems(figs[-1], phone, "home")
        stops = page.evaluate("""() => Array.from(document.querySelectorAll(
            '#board [tabindex]:not([tabindex="-1"]), #board a[href], #board button')).length""")
        if stops:
            found.append(f"the preview board holds {stops} Tab stops")
        shoot(page, size, "00-home")

        start_game(page)
        if phone:
            found += whole_board_and_back(page, lambda name: shoot(page, size, name))
        page.evaluate(WATCH_SHIFTS)
        kinds = []
        hints_offered = hints_shown = 0
        target = ""
        for step in range(DECISIONS):
            page.wait_for_selector('body[data-decision]:not([data-decision=""]), body[data-over]',
                                   state="attached")
            if page.get_attribute("body", "data-over"):
                break
            kind = page.get_attribute("body", "data-decision")
            kinds.append(kind)
            figs.append(measure(page, phone))
            found += problems(figs[-1], phone, f"decision {step} ({kind})")
            try:        # in view once the render has settled (a scroll may still be running)
                page.wait_for_function(f"({ATTENTION})()[0]", timeout=3000)
            except PlaywrightTimeout:
                pass
            in_view, on_body, focused, where = page.evaluate(ATTENTION)
            # a card ticked in a draft (cards to put back, ...) keeps the person's scroll of the
            # region by design (attention.py): the panel's top is checked when a decision starts
            drafting = kinds[-2:-1] == [kind] and 'data-act="toggle"' in target
            if not in_view and not drafting:
                found.append(f"decision {step} ({kind}): the decision panel is off screen "
                             f"(its top, the header's bottom, the scroll, panels: {where})")
            if on_body:
                found.append(f"decision {step} ({kind}): focus fell to the page's body")
            if not phone and (off := page.evaluate(FOLD, ['#controls', '#rows'])):
                found.append(f"decision {step} ({kind}): off the first screen: {off}")
            if crossed := page.evaluate(ROW_TEXTS):
                found.append(f"decision {step} ({kind}): a row's name runs into its note: {crossed}")
            if hidden := page.evaluate(FINISH_IN_VIEW):
                found.append(f"decision {step} ({kind}): its finishing button is out of sight: {hidden}")
            hint_seen = page.evaluate(HINT_IN_VIEW)
            hints_offered += hint_seen is not None
            if hint_seen is False:
                found.append(f"decision {step} ({kind}): the Hint button is scrolled out of view")
            if covered := page.evaluate(UNDER_HINT_BAR):
                found.append(f"decision {step} ({kind}): buttons under the Hint bar: {covered}")
            name = f"{step + 1:02d}-day{page.get_attribute('body', 'data-day')}-{kind}"
            shoot(page, size, name)
            if hint_seen is not None:   # the hint asked for: its words and buttons in sight, then dismissed
                click_and_render(page, '#controls [data-act="hint"]')
                page.wait_for_selector("#controls .hint.shown", state="attached")
                hints_shown += 1
                if hidden := page.evaluate(HINT_SHOWN):
                    found.append(f"decision {step} ({kind}): the hint is out of sight: {hidden}")
                if (cut := page.evaluate(CUT_BUTTONS)):
                    found.append(f"decision {step} ({kind}): with the hint shown, buttons cut by "
                                 f"the edge of their box: {cut}")
                shoot(page, size, name + "-hint")
                click_and_render(page, '#controls .hint.shown [data-act="hint-dismiss"]')
            target = page.get_attribute("body", "data-bench-target")
            if 'data-act="confirm"' in target or 'data-act="apply"' in target:
                # the person scrolled the decision region (and the decision in its own box) down
                # to its last button: the next decision must still start at its top (checked at
                # the next step)
                page.evaluate("""() => { for (const el of document.querySelectorAll(
                    '#controls, #controls > .decision')) el.scrollTop = 1e6; }""")
            click_and_render(page, target)
        shift = page.evaluate("window.layoutShift")
        print(f"\n[{size}] smallest text {min(f['smallest'] for f in figs if f['smallest'] is not None)} px; "
              f"under the goal {sum(len(f['small_text']) for f in figs)}/{sum(f['texts'] for f in figs)}; "
              f"header max {max(f['header'] for f in figs):.1%}; CLS {shift:.3f}; decisions {kinds}")
        assert len(kinds) >= 5, f"only {kinds} decisions reached"
        assert hints_offered >= 5, "the Hint button was never offered: its check saw nothing"
        assert hints_shown == hints_offered, f"{hints_shown} hints shown of {hints_offered} asked"
        if shift > CLS_GOAL:
            found.append(f"layout shift {shift:.3f} over the game: "
                         f"{page.evaluate('window.layoutShifts')[:10]}")
        assert found == [], "\n".join(found)
        assert watch.errors == [] and watch.foreign_requests() == []
    finally:
        context.close()


IG_SIZES = ({"width": 1024, "height": 768}, {"width": 768, "height": 1024})
IG_DECISIONS = 4            # torch/camp decisions checked per size


def test_incan_gold_decides_with_the_players_on_the_first_screen(browser, server):
    """Incan Gold on a tablet, landscape then upright (one page): at each torch/camp decision the
    decision region and the players panel wholly on screen with the page unscrolled, and the
    decisions coming and going (the bots' reveals between) move nothing under them."""
    context = browser.new_context(viewport=IG_SIZES[0])
    watch = Watch(context)
    page = context.new_page()
    found: list[str] = []
    try:
        page.goto(server.url)
        wait_ready(page)
        page.wait_for_selector('body[data-screen="home"][data-board-shown]', state="attached")
        page.click('#home [data-act="choose-game"][data-v="incan-gold"]')
        page.wait_for_selector('body[data-home-game="incan-gold"]', state="attached")
        start_game(page)
        checked = 0
        for size in IG_SIZES:
            page.set_viewport_size(size)
            page.evaluate(WATCH_SHIFTS)
            for step in range(IG_DECISIONS):
                page.wait_for_selector('body[data-over], body[data-decision]:not([data-decision=""])'
                                       ':not([data-revealing])', state="attached")
                if page.get_attribute("body", "data-over"):
                    break
                page.evaluate("window.scrollTo(0, 0)")
                if off := page.evaluate(FOLD, ["#controls", "#players"]):
                    found.append(f"{size['width']}x{size['height']} decision {step}: off the first screen: {off}")
                checked += 1
                click_and_render(page, '#controls [data-act="torch"]')
            shift = page.evaluate("window.layoutShift")
            print(f"\n[incan gold {size['width']}x{size['height']}] CLS {shift:.3f}")
            if shift > CLS_GOAL:
                found.append(f"{size['width']}x{size['height']}: layout shift {shift:.3f}: "
                             f"{page.evaluate('window.layoutShifts')[:10]}")
        assert checked >= 2 * IG_DECISIONS - 2, f"only {checked} decisions reached"
        assert found == [], "\n".join(found)
        assert watch.errors == [] and watch.foreign_requests() == []
    finally:
        context.close()
