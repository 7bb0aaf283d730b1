"""Pieces that move visibly: after a render, every element a game's view marked with
`data-move-key` (a key naming one move) and `data-move-from="dx dy"` (where it came from,
relative to where it is drawn, in its own drawing's units) slides from there to its place, once
per key, in a time set by the pace option; never under `prefers-reduced-motion`, nor at the
Instant pace. A view keeps the same key on the piece until it moves again, so redrawing the
board for another reason does not play the move twice.
"""

from __future__ import annotations

import re
from typing import Any, Optional

TRANSLATE = re.compile(r"translate\(\s*(-?[\d.]+)(?:[ ,]+(-?[\d.]+))?\s*\)")
MAX_SECONDS = 1.0
PLAYED_KEPT = 400          # keys remembered (a game's moves since the page opened, bounded)


def move_seconds(pace_seconds: float) -> float:
    """How long a move slides: most of the bots' pause at this pace (0: no slide)."""
    return 0.0 if pace_seconds <= 0 else min(MAX_SECONDS, 0.75 * pace_seconds)


def keyframes(transform: Optional[str], shift: str) -> Optional[list[dict[str, str]]]:
    """The two keyframes of a slide: from the element's own translate (its `transform`
    attribute, if any) moved by `shift` ("dx dy"), to that translate; None for a bad shift."""
    try:
        dx, dy = (float(v) for v in shift.split())
    except ValueError:
        return None
    bx = by = 0.0
    m = TRANSLATE.search(transform or "")
    if m:
        bx, by = float(m.group(1)), float(m.group(2) or 0)
    return [{"transform": f"translate({bx + dx:.1f}px, {by + dy:.1f}px)"},
            {"transform": f"translate({bx:.1f}px, {by:.1f}px)"}]


class Motion:
    """Plays each marked move once (see the module's docstring)."""

    def __init__(self, document: Any, window: Any, to_js: Any) -> None:
        self.document, self.window, self.to_js = document, window, to_js
        self.played: list[str] = []
        self.count = 0                      # slides started (body[data-moves-animated])

    def reset(self) -> None:
        self.played.clear()

    def after_render(self, pace_seconds: float) -> None:
        nodes = self.document.querySelectorAll("[data-move-key]")
        if not nodes.length:
            return
        seconds = move_seconds(pace_seconds)
        still = bool(self.window.matchMedia("(prefers-reduced-motion: reduce)").matches)
        convert = self.window.Object.fromEntries
        for i in range(nodes.length):
            el = nodes.item(i)
            key = el.getAttribute("data-move-key")
            if not isinstance(key, str) or key in self.played:
                continue
            self.played.append(key)
            if seconds <= 0 or still:
                continue
            transform = el.getAttribute("transform")
            frames = keyframes(transform if isinstance(transform, str) else None,
                               str(el.getAttribute("data-move-from") or ""))
            if frames is None:
                continue
            el.animate(self.to_js(frames, dict_converter=convert),
                       self.to_js({"duration": int(seconds * 1000), "easing": "ease-in-out"},
                                  dict_converter=convert))
            self.count += 1
        del self.played[:-PLAYED_KEPT]
        self.document.body.setAttribute("data-moves-animated", str(self.count))
