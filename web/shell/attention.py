"""Where the player's eyes and keyboard go after a render: the decision in view, focus kept on
a sensible control (never dropped to the page's body).

`Attention.after_render` is called by the controller at the end of each render with what it
knows of the screen; the DOM work (measuring, scrolling, focusing) is done here, the choices are
the pure functions `first_control` and `fallback_selector`, testable on the host.
"""

from __future__ import annotations

from typing import Any, Optional

# The decision's own box in the decision region (it scrolls there when the region does not).
DECISION_BOX = "#controls > .decision"

# What can take keyboard focus inside a region, in document order.
FOCUSABLE = ("button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), "
             "textarea:not([disabled]), summary, [tabindex]:not([tabindex='-1'])")


def first_control(region: str) -> str:
    """A selector of the first focusable control inside `region` (a CSS selector)."""
    return ", ".join(f"{region} {part.strip()}" for part in FOCUSABLE.split(", "))


def fallback_selector(screen: str, *, overlay: bool, hidden: bool, deciding: bool,
                      over: bool) -> list[str]:
    """Where focus goes when the focused control left the page, best first: the dialog, the
    pass screen's button, the decision's first control, the end screen's first button, the
    replay's bar, the home's chosen game; last, the region that tells what is going on."""
    if overlay:
        return [first_control("#overlay")]
    if screen == "home":
        return ['#home [data-act="choose-game"][aria-pressed="true"]', first_control("#home")]
    if screen == "stats":
        return ['#end [data-act="stats-game"][aria-pressed="true"]', first_control("#end")]
    if screen == "replay":      # a button: the arrow keys then step the replay, not a slider
        return ["#controls button:not([disabled])", "#controls"]
    if hidden:
        return ['#hide [data-act="reveal"]']
    if deciding:
        return [first_control("#controls"), "#controls"]
    if over:
        return [first_control("#end"), "#end"]
    return ["#controls", "#turn-status"]


def _is_body(document: Any, el: Any) -> bool:
    return el is None or type(el).__name__ in ("JsNull", "JsUndefined") or el == document.body


class Attention:
    """Keeps track of the decision on screen between renders (see the module's docstring)."""

    def __init__(self, document: Any, window: Any, to_js: Any) -> None:
        self.document, self.window, self.to_js = document, window, to_js
        self.decision: Optional[tuple] = None      # (game id, step, seat, kind) last time

    def _query(self, selector: str) -> Any:
        el = self.document.querySelector(selector)
        return None if _is_body(self.document, el) else el

    def _focus(self, el: Any, scroll: bool) -> None:
        if (not isinstance(el.getAttribute("tabindex"), str)
                and str(el.tagName).lower() in ("div", "section", "p")):
            el.setAttribute("tabindex", "-1")      # a region told about, not a control
        if scroll:
            el.focus()
        else:
            el.focus(self.to_js({"preventScroll": True}, dict_converter=self.window.Object.fromEntries))

    def bring_into_view(self) -> None:
        """Scroll so that the board's top and the decision panel are on screen under the
        sticky header: the board's top at the header when the panel sticks to the bottom (a
        phone, a portrait tablet), else the higher of the two at the header as long as the
        panel's top stays in view (else the panel's top at the header)."""
        win = self.window
        ctl = self._query("#controls")
        if ctl is None:
            return
        head = self._query(".sticky-top")
        top_edge = head.getBoundingClientRect().bottom if head is not None else 0
        height = win.innerHeight
        c = ctl.getBoundingClientRect()
        board = self._query("#board")
        b = board.getBoundingClientRect() if board is not None else None
        sticky = str(win.getComputedStyle(ctl).position) == "sticky"
        if b is not None and sticky and b.top < c.top:
            if top_edge - 1 <= b.top <= c.top - 120:
                return                                  # the board's top shows above the panel
            delta = b.top - top_edge - 4
        else:
            top = min(b.top, c.top) if b is not None else c.top
            if top >= top_edge - 1 and c.top <= height - 120:
                return                                  # already in view
            delta = top - top_edge - 4
            if c.top - delta > height - 120:
                delta = c.top - top_edge - 4
        win.scrollBy(0, delta)

    def decision_scroll(self, top: Optional[float] = None) -> float:
        """How far the decision is scrolled in its own box (a game whose decision scrolls inside
        the region, under its Hint button: Machu Picchu), after setting it to `top` if given;
        0 without a decision."""
        box = self._query(DECISION_BOX)
        if box is None:
            return 0
        if top is not None:
            box.scrollTop = top
        return box.scrollTop

    def hinted_into_view(self) -> None:
        """The control a hint marks (data-hinted) brought into the decision's own box, centred,
        when any of it is scrolled out (the hint's words say "Go to the Central Plaza": its
        chip must be there to see)."""
        box = self._query(DECISION_BOX)
        mark = self._query(f"{DECISION_BOX} [data-hinted]")
        if box is None or mark is None or not self._is_none(mark.closest("details:not([open])")):
            return                  # (a list the person has not opened: the board shows it)
        b, r = box.getBoundingClientRect(), mark.getBoundingClientRect()
        top, bottom = b.top, b.bottom
        row = self._query(f"{DECISION_BOX} > .buttons:last-child")   # its finishing row, which
        if (row is not None and not row.contains(mark)                # sticks over the box's foot
                and str(self.window.getComputedStyle(row).position) == "sticky"):
            bottom -= row.getBoundingClientRect().height
        if r.top < top or r.bottom > bottom:
            middle = (top + bottom) / 2 if r.height < bottom - top else top + r.height / 2
            box.scrollTop = box.scrollTop + (r.top + r.bottom) / 2 - middle

    @staticmethod
    def _is_none(value: Any) -> bool:
        return value is None or type(value).__name__ in ("JsNull", "JsUndefined")

    def _kept(self) -> bool:
        """Focus is on a control of the decision or of the board (the person's own taps)."""
        active = self.document.activeElement
        if _is_body(self.document, active):
            return False
        return any(region is not None and region.contains(active)
                   for region in (self._query("#controls"), self._query("#board")))

    def after_render(self, *, screen: str, decision: Optional[tuple], overlay: bool,
                     hidden: bool, over: bool, wake: bool = False) -> None:
        """`decision`: (game id, step, seat, kind) of the person deciding on screen, else None
        (focus stays on the control the person used while the kind of decision stays);
        `wake`: the decision is to be brought forward even if the same person decided just
        before (after an undo, a new game, the hide screen)."""
        previous, self.decision = self.decision, decision
        if decision is not None and decision != previous and not overlay:
            # the decision region (and the decision's own box, where it scrolls inside the region)
            # is kept from one decision to the next: a new decision starts at its top (its
            # question), not where the last one was scrolled to
            ctl = self._query("#controls")
            if ctl is not None:
                ctl.scrollTop = 0
                self.decision_scroll(0)
            became = (wake or previous is None or previous[0] != decision[0]
                      or previous[2] != decision[2])
            kept = self._kept() and previous is not None and previous[3:] == decision[3:]
            if became or not kept:
                if became:
                    self.bring_into_view()
                target = self._query(first_control("#controls")) or self._query("#controls")
                if target is not None:
                    self._focus(target, scroll=not became)
                return
        if not _is_body(self.document, self.document.activeElement):
            return
        for selector in fallback_selector(screen, overlay=overlay, hidden=hidden,
                                          deciding=decision is not None, over=over):
            target = self._query(selector)
            if target is not None:
                self._focus(target, scroll=False)
                return
