"""Replay: step back and forth through a game, finished or still running.

Only the public view of each position is shown (no seat's secrets, and the public log), so a
replay never reveals anything, even in the middle of a hotseat game. Pure Python: the page
controller keeps one `Replay` and renders `bar_html` in the controls region. What a step
showed, and where turns begin, come from the game's web module (`replay_lines`,
`replay_turns`); the positions from the game itself (every engine here replays its history).
"""

from __future__ import annotations

import time
from typing import Any, Callable, Optional, Sequence

from tabletop.history import positions as history_positions

from kit.seats import seat_badge
from kit.svg import bdi

from .i18n import Html, t

MOVES = ("first", "prev-turn", "prev", "next", "next-turn", "last")
AUTOPLAY_SECONDS = 0.7      # between two steps when the replay plays by itself
WARM_SLICE = 0.02           # seconds of replaying ahead per slice (the page stays responsive)


def game_positions(game: Any, own: Optional[Callable[[Any], Sequence]] = None) -> Sequence:
    """The game after 0, 1, ... of its actions, built on demand (`tabletop.history.Positions`:
    linear time and memory). `own`: the game's way to do it (its module's `replay_positions`,
    for a game whose copies carry records that grow, like a log); else the shared one, whose
    start is the game with every action taken back (`undo` replays from its seed); also when
    `own` gives None (a game's views without their own)."""
    positions = own(game) if own is not None else None
    if positions is not None:
        return positions
    actions = list(game.history)
    return history_positions(lambda: game.undo(len(actions)), actions, final=game.clone())


class Replay:
    """A cursor over a game's positions (0: the set-up, `last`: where play stands).

    The positions are built on demand, so a replay of a long game opens at once; the few near
    the cursor are kept; `warm()` plays the game forward a slice at a time (between frames), so
    that later jumps find their positions one short step away."""

    KEEP = 4                    # positions kept built (the one on screen and its neighbours)

    def __init__(self, game: Any, *, at_end: bool = False,
                 turns: Optional[Callable[[Sequence], list[int]]] = None,
                 positions: Optional[Callable[[Any], Sequence]] = None) -> None:
        self.positions = game_positions(game, positions)
        self.deciders = list(getattr(game, "deciders", None) or ())   # who took each action
        self.last = len(self.positions) - 1
        self.step = self.last if at_end else 0
        self.playing = False
        self._turns_of = turns
        self._turns: Optional[list[int]] = None
        self._built: dict[int, Any] = {}

    @property
    def turns(self) -> list[int]:
        """The positions where a turn begins ("prev-turn"/"next-turn"); every step if the game
        names no turns. Found at the first jump (it may replay the whole game once)."""
        if self._turns is None:
            turns = self._turns_of(self.positions) if self._turns_of else None
            self._turns = turns if turns is not None else list(range(self.last + 1))
        return self._turns

    def position(self, k: int) -> Any:
        """Position k, kept while it stays near the cursor (shared: never to be changed)."""
        game = self._built.get(k)
        if game is None:
            if len(self._built) >= self.KEEP:
                del self._built[max(self._built, key=lambda j: abs(j - self.step))]
            game = self._built[k] = self.positions[k]
        return game

    @property
    def game(self) -> Any:
        return self.position(self.step)

    @property
    def before(self) -> Any:
        """The position before this one (None at the start)."""
        return self.position(self.step - 1) if self.step else None

    def warm(self, seconds: float = WARM_SLICE) -> bool:
        """Play the replay forward for about `seconds`; True once every position is near."""
        positions = self.positions
        extend = getattr(positions, "extend", None)
        if extend is None:                  # a plain list: everything is built already
            return True
        end = time.monotonic() + seconds
        while positions.done < self.last and time.monotonic() < end:
            extend(positions.done + 10)
        return positions.done >= self.last

    def view(self) -> dict:
        """The public view of the position on screen."""
        return self.game.view(None)

    def go(self, move: str) -> None:
        """Move the cursor: one of MOVES; a move past either end stays there."""
        k = self.step
        if move == "first":
            k = 0
        elif move == "last":
            k = self.last
        elif move == "prev":
            k -= 1
        elif move == "next":
            k += 1
        elif move == "prev-turn":
            k = max((t for t in self.turns if t < k), default=0)
        elif move == "next-turn":
            k = min((t for t in self.turns if t > k), default=self.last)
        self.seek(k)

    def seek(self, k: int) -> None:
        self.step = max(0, min(self.last, k))
        if self.step == self.last:
            self.playing = False

    def decider(self) -> Optional[int]:
        """The seat that took the action leading to this position (None at the start): from
        the game's record of who decided, else the seat that was to move one position before."""
        k = self.step - 1
        if k < 0:
            return None
        if self.deciders:
            return self.deciders[k] if k < len(self.deciders) else None
        return self.position(k).to_move


def bar_html(replay: Replay, seats: Sequence[dict], styles: list, lines: Sequence[str],
             where: str = "") -> str:
    """The replay controls: where we are, what happened in this step (`lines`: escaped HTML
    from the game's module), and the buttons. `where`: e.g. "day 3" (plain text)."""
    k, last = replay.step, replay.last
    seat = replay.decider()
    if seat is None:
        head = t("shell.replay.start")
    else:
        head = t("shell.replay.decided", {"name": Html(f'{seat_badge(styles, seat, 18)} {bdi(seats[seat]["name"])}')})
    if lines:
        happened = "".join(f"<li>{line}</li>" for line in lines)
    else:
        happened = f'<li class="muted">{t("shell.replay.secret")}</li>'

    def button(label: str, move: str, title: str, disabled: bool) -> str:
        off = " disabled" if disabled else ""
        return (f'<button type="button" data-act="replay-go" data-v="{move}" title="{title}" '
                f'aria-label="{title}"{off}>{label}</button>')

    at_start, at_end = k == 0, k == last
    play = (f'<button type="button" data-act="replay-pause" title="{t("shell.replay.pause_title")}">‖ {t("shell.replay.pause")}</button>'
            if replay.playing else
            f'<button type="button" data-act="replay-play" title="{t("shell.replay.play_title")}"'
            f'{" disabled" if at_end else ""}>▶ {t("shell.replay.play")}</button>')
    step = Html(f"<b data-replay-step>{k}</b>")
    where_words = t("shell.replay.step_where", {"step": step, "last": last, "where": where}) if where else \
        t("shell.replay.step", {"step": step, "last": last})
    return (
        f'<div class="decision replay" role="group" aria-label="{t("shell.replay.label")}">'
        f'<p class="question">{where_words}</p>'
        f'<p class="replay-head">{t("shell.replay.head", {"head": Html(head)})}</p><ul class="replay-lines">{happened}</ul>'
        f'<input type="range" class="replay-range" min="0" max="{last}" value="{k}" '
        f'data-field="replay-step" aria-label="{t("shell.replay.slider")}">'
        '<div class="buttons replay-buttons">'
        + button("⇤", "first", t("shell.replay.first"), at_start)
        + button("«", "prev-turn", t("shell.replay.prev_turn"), at_start)
        + button("‹", "prev", t("shell.replay.prev"), at_start)
        + button("›", "next", t("shell.replay.next"), at_end)
        + button("»", "next-turn", t("shell.replay.next_turn"), at_end)
        + button("⇥", "last", t("shell.replay.last"), at_end)
        + "</div><div class=\"buttons\">" + play
        + f'<button type="button" class="primary" data-act="replay-exit" title="{t("shell.replay.exit_title")}">'
          f'{t("shell.replay.exit")}</button></div>'
        f'<p class="muted small">{t("shell.replay.note")}</p></div>')
