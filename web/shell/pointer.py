"""The guide's pointer on screen: a ring around what the step on screen talks about
(its CSS selector, `data-guide-target` on the body) and an arrow at the ring's edge, both fixed
over the page and deaf to taps; the target scrolled into view when a step first shows it.

`Pointer.after_render` runs after each render with the step and the selector; the ring follows
the target when the page or a region scrolls and when the window changes size. The body says
whether the pointer found its target (`data-guide-pointed`: "1", or "0" when the selector
matched nothing drawn). The browser comes in as `document` and `window` (no browser import).
"""

from __future__ import annotations

from typing import Any, Optional

from .dom import absent

MARGIN = 6          # px between the target and its ring
ARROW = 30          # px the arrow takes above (or under) the ring
SEEN = 60           # px of a target that stay in view at least (all of a smaller one)
# the arrow, drawn pointing down (turned for "up"): a picture, no text in the page
ARROW_SVG = ('<svg width="30" height="30" viewBox="0 0 30 30"><path d="M15 3v19M6 14l9 10 9-10" '
             'fill="none" stroke="#fff" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/>'
             '<path d="M15 3v19M6 14l9 10 9-10" fill="none" stroke="#2b6cb0" stroke-width="3.5" '
             'stroke-linecap="round" stroke-linejoin="round"/></svg>')


def _px(value: Any) -> float:
    """A computed length in px ("90px"), 0 for anything else ("auto")."""
    try:
        return float(str(value).removesuffix("px"))
    except ValueError:
        return 0.0


class Pointer:
    def __init__(self, document: Any, window: Any, proxy: Any) -> None:
        self.document, self.window = document, window
        self.step: Optional[str] = None
        self.selector = ""
        self.ring: Any = None
        self.arrow: Any = None
        self.fresh_until = 0.0        # until then, a layout change brings the target into view
        self._proxies = [proxy(self._follow), proxy(self._follow), proxy(self._relaid)]
        window.addEventListener("resize", self._proxies[0])
        # capture: a region scrolling inside the page (the log, the decision) moves it too
        document.addEventListener("scroll", self._proxies[1], True)
        # the page laid out anew (a game's stylesheet arriving, a region growing): the ring follows
        self.observer = None
        try:
            self.observer = window.ResizeObserver.new(self._proxies[2])
            self.observer.observe(document.body)
        except Exception:             # an older browser: resize and scroll still move it
            pass

    def _make(self) -> None:
        if self.ring is not None:
            return
        doc = self.document
        self.ring = doc.createElement("div")
        self.ring.className = "guide-ring"
        self.ring.setAttribute("aria-hidden", "true")
        self.arrow = doc.createElement("div")
        self.arrow.className = "guide-arrow"
        self.arrow.setAttribute("aria-hidden", "true")
        self.arrow.innerHTML = ARROW_SVG
        doc.body.appendChild(self.ring)
        doc.body.appendChild(self.arrow)

    def _target(self) -> Any:
        if not self.selector:
            return None
        try:
            el = self.document.querySelector(self.selector)
        except Exception:             # a selector the browser refuses points at nothing
            return None
        if absent(el):
            return None
        box = el.getBoundingClientRect()
        return el if box.width > 0 and box.height > 0 else None

    def _hide(self) -> None:
        if self.ring is not None:
            self.ring.hidden = True
            self.arrow.hidden = True

    def _edges(self, el: Any) -> tuple[float, float]:
        """The band of the window where the target can be seen: under the sticky header, above
        the decision when it sticks to the window's foot (upright) and the target is not in it."""
        top = 0.0
        head = self.document.querySelector(".sticky-top")
        if not absent(head):
            top = head.getBoundingClientRect().bottom
        pane = self._scroller(el)
        guide = self.document.getElementById("guide")
        if (not absent(guide) and not guide.contains(el)
                and str(self.window.getComputedStyle(guide).position) == "sticky"):
            # a panel that sticks under the head (a game's style) hides what scrolls under it;
            # in the target's own pane it sticks at the pane's top: above the target always
            g, box = guide.getBoundingClientRect(), el.getBoundingClientRect()
            if g.height and box.left < g.right and box.right > g.left and (
                    box.bottom > g.top or (pane is not None and pane.contains(guide))
                    or self._below_panel(box)):
                if pane is not None and pane.contains(guide):
                    top = max(top, g.bottom)
                else:                    # where it sticks once the page has scrolled there
                    top = max(top, _px(self.window.getComputedStyle(guide).top) + g.height)
        bottom = float(self.window.innerHeight)
        ctl = self.document.getElementById("controls")
        if not absent(ctl) and not ctl.contains(el):
            style = self.window.getComputedStyle(ctl)
            if str(style.position) == "sticky":
                c, box = ctl.getBoundingClientRect(), el.getBoundingClientRect()
                if str(style.top) != "auto":
                    # stuck under the panel (a game's landscape step): a top like the panel's
                    if c.height and box.left < c.right and box.right > c.left and (
                            box.bottom > c.top or (pane is not None and pane.contains(ctl))):
                        top = max(top, c.bottom)
                elif c.height and c.top < bottom:
                    bottom = max(top + 80, c.top)
        if pane is not None:             # the pane's own window
            p = pane.getBoundingClientRect()
            top, bottom = max(top, p.top), min(bottom, p.bottom)
        return top, bottom

    def _below_panel(self, box: Any) -> bool:
        """A target above the window that lies under the panel's place in the page (under the
        decision, in flow right after the panel): scrolled back into view, it comes out under
        the panel stuck at the top."""
        ctl = self.document.getElementById("controls")
        if absent(ctl) or str(self.window.getComputedStyle(ctl).position) != "static":
            return False
        c = ctl.getBoundingClientRect()
        return bool(c.height) and box.top >= c.top - 1

    def _scroller(self, el: Any) -> Any:
        """The pane around the target that scrolls up and down (Machu Picchu's side column while
        a step shows in landscape), or None: the page does."""
        body = self.document.body
        pane = el.parentElement
        while not absent(pane) and not pane.isSameNode(body):
            if (pane.scrollHeight > pane.clientHeight + 1
                    and str(self.window.getComputedStyle(pane).overflowY) in ("auto", "scroll")):
                return pane
            pane = pane.parentElement
        return None

    def _scroll(self, el: Any, delta: float) -> None:
        pane = self._scroller(el)
        if pane is None:
            self.window.scrollBy(0, delta)
        else:
            pane.scrollTop = pane.scrollTop + delta

    def pan_to(self, el: Any) -> None:
        """A target in a pane that pans sideways (the board and the trail on a phone): each
        such pane around it scrolled so that the target's middle is in the pane's middle."""
        body = self.document.body
        pane = el.parentElement
        while not absent(pane) and not pane.isSameNode(body):
            if (pane.scrollWidth > pane.clientWidth + 1
                    and str(self.window.getComputedStyle(pane).overflowX) in ("auto", "scroll")):
                outer, box = pane.getBoundingClientRect(), el.getBoundingClientRect()
                if box.left < outer.left or box.right > outer.right:
                    pane.scrollLeft = (pane.scrollLeft + (box.left + box.right) / 2
                                       - (outer.left + outer.right) / 2)
            pane = pane.parentElement

    def into_view(self, el: Any) -> None:
        """Scroll the page so that the target (and room for the arrow) is in the visible band."""
        self.pan_to(el)
        top, bottom = self._edges(el)
        box = el.getBoundingClientRect()
        if box.top - ARROW >= top and box.bottom + MARGIN <= bottom:
            self.panel_too(el)
            return
        if box.bottom - box.top + ARROW > bottom - top:     # taller than the band: its top
            delta = box.top - top - ARROW
        elif box.top - ARROW < top:
            delta = box.top - top - ARROW - MARGIN
        else:
            delta = box.bottom - bottom + MARGIN * 2
        self._scroll(el, delta)
        self.panel_too(el)

    def panel_too(self, el: Any) -> None:
        """The guide's panel in view as well, as far as the target stays in view (a phone has
        room for one of them at times: the target first)."""
        panel = self.document.querySelector("#guide .guide-panel")
        if absent(panel) or panel.contains(el):
            return
        if not absent(panel.closest("#guide")) and self._scroller(panel) is not None:
            return                       # the panel sticks at the top of a pane of its own
        top, bottom = self._edges(el)
        box, p = el.getBoundingClientRect(), panel.getBoundingClientRect()
        # the panel's own band: under the head, above the window's foot (the target's band starts
        # under the panel when the panel sticks over it: measured so, the panel is always "above")
        head = self.document.querySelector(".sticky-top")
        p_top = 0.0 if absent(head) else head.getBoundingClientRect().bottom
        # what of the target must stay in the band: 60 px, or the whole of a smaller one
        keep = min(SEEN, box.bottom - box.top)
        guide = self.document.getElementById("guide")
        stuck = not absent(guide) and str(self.window.getComputedStyle(guide).position) == "sticky"
        if p.top < p_top - 1 and not (stuck and p.bottom > p_top):
            # above (and not stuck in view): up, as far as the target's top part stays
            delta = -min(p_top - p.top + MARGIN, max(0.0, bottom - (box.top + keep) - MARGIN))
        elif p.bottom > self.window.innerHeight + 1:   # below: down, keeping the target's top
            delta = min(p.bottom - self.window.innerHeight + MARGIN,
                        max(0.0, box.top - ARROW - top))
        else:
            return
        if delta:
            self.window.scrollBy(0, delta)

    def place(self) -> None:
        """The ring around the target, the arrow above it pointing down (under it pointing up
        when there is no room above)."""
        el = self._target()
        if el is None:
            self._hide()
            return
        self._make()
        box = el.getBoundingClientRect()
        ring, arrow = self.ring, self.arrow
        ring.hidden = False
        arrow.hidden = False
        ring.style.left = f"{box.left - MARGIN:.0f}px"
        ring.style.top = f"{box.top - MARGIN:.0f}px"
        ring.style.width = f"{box.width + 2 * MARGIN:.0f}px"
        ring.style.height = f"{box.height + 2 * MARGIN:.0f}px"
        top, _bottom = self._edges(el)
        above = box.top - MARGIN - ARROW >= top
        centre = box.left + min(box.width / 2, 60)
        arrow.className = "guide-arrow " + ("down" if above else "up")
        arrow.style.left = f"{centre - ARROW / 2:.0f}px"
        arrow.style.top = (f"{box.top - MARGIN - ARROW:.0f}px" if above
                           else f"{box.bottom + MARGIN:.0f}px")

    def _follow(self, _event: Any = None) -> None:
        if self.selector:
            self.place()

    def _relaid(self, *_args: Any) -> None:
        el = self._target()
        if el is None:
            self._hide()
            return
        if self.window.performance.now() < self.fresh_until:
            self.into_view(el)
        self.place()

    def focus_intro(self) -> None:
        """An intro step (no decision on screen yet): the keyboard's focus on its "Next" (at a
        decision the focus stays on the decision; the panel, a live region, is read out)."""
        button = self.document.querySelector('#guide .guide-intro [data-act="guide-next"]')
        overlay = self.document.querySelector("#overlay > *")
        if not absent(button) and absent(overlay):
            try:
                button.focus(self.window.JSON.parse('{"preventScroll": true}'))
            except Exception:
                button.focus()

    def after_render(self, step: str, selector: str) -> None:
        """The step on screen now ("" none) and what it points at ("" nothing)."""
        new = step != self.step
        self.step, self.selector = step or None, selector if step else ""
        el = self._target()
        body = self.document.body
        if new and step:
            self.focus_intro()
            # the decision a step explains shown from its first line (its box keeps its scroll)
            decision = self.document.querySelector("#controls .decision")
            if not absent(decision) and (absent(el) or not decision.contains(el)):
                decision.scrollTop = 0
        if not step or not selector:
            body.removeAttribute("data-guide-pointed")
            self._hide()
            return
        body.setAttribute("data-guide-pointed", "1" if el is not None else "0")
        if el is None:
            self._hide()
            return
        if new:
            self.fresh_until = self.window.performance.now() + 1500
            self.into_view(el)
        self.place()
