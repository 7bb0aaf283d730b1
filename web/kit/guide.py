"""A guided first game, as a game's views declare it (the shell draws it).

A game offers "Learn to play" by returning a `Guide` from `GameViews.guide()`: the table it is
played at (a fixed seed, the person in seat 0 against bots, the game's options) and its steps.
The shell shows the intro steps before the first move, then at each decision of the person the
first step not yet seen whose `when(ctx)` holds: a short text from the game's catalogue
(`<prefix>guide.<id>.title` and `.html`) beside the board, pointing at `target(ctx)` (a CSS
selector of what it talks about, found in the page; "" points at nothing). Steps seen are kept
in the saved game, so that a guided game resumed shows none twice. With the option "tips" on,
the same steps (but the intro) are shown in ordinary games too. Pure Python (no browser import).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Optional, Union

Selector = Union[str, Callable[[Any], str]]      # a CSS selector, or ctx -> one ("" none)


def _always(ctx: Any) -> bool:
    return True


def _no_params(ctx: Any) -> dict:
    return {}


@dataclass(frozen=True)
class GuideStep:
    """One explanation: shown once, at the first of the person's decisions where `when` holds."""

    id: str                                        # catalogue: <prefix>guide.<id>.title / .html
    when: Callable[[Any], bool] = _always          # ctx (the person deciding) -> show it now?
    target: Selector = ""                          # what it points at on screen
    params: Callable[[Any], dict] = _no_params     # ctx -> the text's placeholders


@dataclass(frozen=True)
class Guide:
    """A game's guided first game: where it is played and what it explains, in order."""

    seed: int                                      # the same deal every time
    bots: tuple[str, ...]                          # the bot levels beside the person (seat 0)
    options: Mapping[str, Any] = field(default_factory=dict)   # the game's set-up options
    intro: tuple[GuideStep, ...] = ()              # before the first move: theme, goal, endings
    steps: tuple[GuideStep, ...] = ()              # at the decisions, the first due one shown

    def step(self, step_id: str) -> Optional[GuideStep]:
        """The step (intro or not) of that id, or None."""
        for one in self.intro + self.steps:
            if one.id == step_id:
                return one
        return None

    def due(self, ctx: Any, seen: "set[str] | frozenset[str]") -> Optional[GuideStep]:
        """The first step not in `seen` whose `when(ctx)` holds now, or None."""
        for one in self.steps:
            if one.id not in seen and one.when(ctx):
                return one
        return None


def target_of(step: GuideStep, ctx: Any) -> str:
    """The CSS selector a step points at now ("" none)."""
    return step.target(ctx) if callable(step.target) else step.target


__all__ = ["Guide", "GuideStep", "target_of"]
