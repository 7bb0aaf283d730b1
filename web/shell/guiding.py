"""The guided first game and the tips, the shell's side: which step of a game's
`kit.guide.Guide` is on screen now, what is kept of the steps seen, and the panel beside the
board that shows it.

A guided game ("Learn to play") shows the guide's intro steps before anything else (the bots
wait meanwhile), then, at each decision of the person, the first step not yet seen whose `when`
holds. With the option "tips" on, an ordinary game shows the same steps (not the intro). A step
counts as seen once the person pressed "Got it" or decided while it was on screen; a guided game
keeps its steps seen in its save (resumed, it shows none twice) and every step seen, guided or
not, is remembered per game (`storage.Store.tips_seen`), so a tip is never shown twice.

Pure Python (no browser import): host-tested; the pointer on screen is `pointer.py`'s.
"""

from __future__ import annotations

from typing import Any, Iterable, Optional

from kit.guide import Guide, GuideStep, target_of
from kit.svg import esc

MAX_SEEN = 64                 # step ids kept per game (a guide has a few dozen at most)
MAX_ID = 40


def clean_seen(value: Any) -> list[str]:
    """Step ids as stored (untrusted): short texts, each once, at most MAX_SEEN; else []."""
    if not isinstance(value, list):
        return []
    out: list[str] = []
    for item in value[:MAX_SEEN]:
        if isinstance(item, str) and 0 < len(item) <= MAX_ID and item not in out:
            out.append(item)
    return out


class GuideRun:
    """The guide of the game on screen: a guided game's (`guided`) or the tips of an ordinary
    one. `seen`: the step ids this game has shown (kept in a guided game's save); `known`: those
    the page remembers for the game (tips are not shown twice, whatever game showed them)."""

    def __init__(self, guide: Guide, prefix: str, *, guided: bool, seen: Iterable[str] = (),
                 known: Iterable[str] = ()) -> None:
        self.guide = guide
        self.prefix = prefix
        self.guided = guided
        self.seen: list[str] = clean_seen(list(seen))
        self.known: list[str] = clean_seen(list(known))
        self.shown: Optional[str] = None    # the step on screen at the last drawing

    def _done(self) -> set[str]:
        return set(self.seen) | (set() if self.guided else set(self.known))

    def intro_step(self) -> Optional[GuideStep]:
        """The next intro step of a guided game, or None (all seen, or tips)."""
        if not self.guided:
            return None
        return next((s for s in self.guide.intro if s.id not in self.seen), None)

    def step(self, ctx: Any, *, deciding: bool) -> Optional[GuideStep]:
        """The step to show now: an intro step first (guided), then at the person's decision
        (`deciding`, `ctx` its context) the first due one."""
        intro = self.intro_step()
        if intro is not None:
            return intro
        if not deciding:
            return None
        try:
            return self.guide.due(ctx, self._done())
        except Exception:                     # a step's test that failed: no step, no crash
            return None

    def holds_bots(self) -> bool:
        """While an intro step is on screen, the bots wait (the intro comes before any move)."""
        return self.intro_step() is not None

    def mark(self, step_id: Optional[str]) -> bool:
        """Count `step_id` seen; True when that changed anything."""
        if not step_id or self.guide.step(step_id) is None:
            return False
        changed = False
        for kept in (self.seen, self.known):
            if step_id not in kept and len(kept) < MAX_SEEN:
                kept.append(step_id)
                changed = True
        return changed

    def kicker(self, step: GuideStep, words: Any) -> str:
        """Where a guided game's guide stands, honestly: an intro step's place among the intro
        (every one of them shows), then the step's number without a total (a step due only in
        some games, a market price or an ending that never comes, may never show)."""
        if step in self.guide.intro:
            return words.t("shell.guide.kicker_intro", {"n": self.guide.intro.index(step) + 1,
                                                        "total": len(self.guide.intro)})
        ids = [s.id for s in self.guide.intro + self.guide.steps]
        done = sum(1 for i in ids if i in self.seen and i != step.id)
        return words.t("shell.guide.kicker", {"n": done + 1})

    def save_field(self) -> Optional[dict]:
        """What a guided game's save keeps: {"seen": [ids]}; None for an ordinary game."""
        return {"seen": list(self.seen)} if self.guided else None


def step_target(step: GuideStep, ctx: Any) -> str:
    """The selector a step points at ("" none; a failing target function points at nothing)."""
    try:
        target = target_of(step, ctx)
    except Exception:
        return ""
    return target if isinstance(target, str) and len(target) <= 300 else ""


def step_params(step: GuideStep, ctx: Any) -> dict:
    try:
        params = step.params(ctx)
    except Exception:
        return {}
    return params if isinstance(params, dict) else {}


def panel_html(run: GuideRun, step: GuideStep, ctx: Any, words: Any) -> str:
    """The guide's panel: where it stands, the step's title and text (the game's catalogue:
    `<prefix>guide.<id>.title` and `.html`), "Got it", and in an ordinary game a button that
    switches the tips off."""
    params = step_params(step, ctx)
    base = f"{run.prefix}guide.{step.id}"
    intro = step in run.guide.intro
    kicker = run.kicker(step, words) if run.guided else words.t("shell.guide.tip")
    next_word = words.t("shell.guide.next" if intro else "shell.guide.got_it")
    buttons = [f'<button type="button" class="primary" data-act="guide-next" data-v="{esc(step.id)}">'
               f'{next_word}</button>']
    if not run.guided:
        buttons.append(f'<button type="button" data-act="guide-tips-off">{words.t("shell.guide.tips_off")}</button>')
    return (f'<div class="guide-panel{" guide-intro" if intro else ""}" data-step="{esc(step.id)}" '
            f'role="region" aria-labelledby="guide-title">'
            f'<p class="guide-kicker">{kicker}</p>'
            f'<h2 id="guide-title" class="guide-title">{words.t(base + ".title", params)}</h2>'
            f'<div class="guide-text" tabindex="0">{words.markup(base + ".html", params)}</div>'
            f'<div class="buttons">{"".join(buttons)}</div></div>')


def guided_seats(guide: Guide, person: str, default_bot: Any) -> list[dict]:
    """The seats of a guided game: the person in seat 0 named `person`, the guide's bots after
    (`default_bot(i)`: a bot seat's name). A person named as a bot would be ("Bot 2") keeps the
    name, and that bot takes the next default name nobody has: no two seats share a name."""
    seats = [{"name": person, "type": "human", "level": None, "style": 0}]
    taken = {person.strip().casefold()}
    spare = len(guide.bots) + 1          # the default names after the guide's seats
    for i, level in enumerate(guide.bots, start=1):
        name = default_bot(i)
        while name.strip().casefold() in taken:
            name, spare = default_bot(spare), spare + 1
        taken.add(name.strip().casefold())
        seats.append({"name": name, "type": "bot", "level": level, "style": i})
    return seats


__all__ = ["GuideRun", "clean_seen", "panel_html", "step_target", "guided_seats", "MAX_SEEN"]
