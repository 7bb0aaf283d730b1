"""Replay: step back and forth through a game, finished or still running.

Only the public view of each position is shown (no seat's secrets, and the public log), so a
replay never reveals anything, even in the middle of a hotseat game. Pure Python: the page
controller keeps one `Replay` and renders `bar_html` in the controls region. What a step
showed, and where turns begin, come from the game's web module (`replay_lines`,
`replay_turns`); the positions from the game itself (every engine here replays its history).
"""

from __future__ import annotations

from typing import Any, Callable, Optional, Sequence

from tabletop.history import positions as history_positions

from kit.seats import seat_badge
from kit.svg import esc

MOVES = ("first", "prev-turn", "prev", "next", "next-turn", "last")
AUTOPLAY_SECONDS = 0.7      # between two steps when the replay plays by itself


def game_positions(game: Any) -> list:
    """The game after 0, 1, ... of its actions, each a copy (linear: played forward once).
    The start is the game with every action taken back (`undo` replays from its seed)."""
    actions = list(game.history)
    return list(history_positions(lambda: game.undo(len(actions)), actions))


class Replay:
    """A cursor over a game's positions (0: the set-up, `last`: where play stands)."""

    def __init__(self, game: Any, *, at_end: bool = False,
                 turns: Optional[Callable[[list], list[int]]] = None) -> None:
        self.positions = game_positions(game)
        self.deciders = list(getattr(game, "deciders", None) or ())   # who took each action
        self.last = len(self.positions) - 1
        self.step = self.last if at_end else 0
        self.playing = False
        # the positions where a turn begins ("prev-turn"/"next-turn"); every step if the game
        # names no turns
        self.turns = turns(self.positions) if turns else list(range(self.last + 1))

    @property
    def game(self) -> Any:
        return self.positions[self.step]

    @property
    def before(self) -> Any:
        """The position before this one (None at the start)."""
        return self.positions[self.step - 1] if self.step else None

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
        """The seat that took the action leading to this position (None at the start)."""
        k = self.step - 1
        return self.deciders[k] if 0 <= k < len(self.deciders) else None


def bar_html(replay: Replay, seats: Sequence[dict], styles: list, lines: Sequence[str],
             where: str = "") -> str:
    """The replay controls: where we are, what happened in this step (`lines`: escaped HTML
    from the game's module), and the buttons. `where`: e.g. "day 3" (plain text)."""
    k, last = replay.step, replay.last
    seat = replay.decider()
    if seat is None:
        head = "The start of the game"
    else:
        head = f'{seat_badge(styles, seat, 18)} {esc(seats[seat]["name"])} decided'
    if lines:
        happened = "".join(f"<li>{line}</li>" for line in lines)
    else:
        happened = '<li class="muted">(a secret choice: nothing public to show)</li>'

    def button(label: str, move: str, title: str, disabled: bool) -> str:
        off = " disabled" if disabled else ""
        return (f'<button type="button" data-act="replay-go" data-v="{move}" title="{title}" '
                f'aria-label="{title}"{off}>{label}</button>')

    at_start, at_end = k == 0, k == last
    play = ('<button type="button" data-act="replay-pause" title="Stop playing">‖ Pause</button>'
            if replay.playing else
            f'<button type="button" data-act="replay-play" title="Play the steps one after another"'
            f'{" disabled" if at_end else ""}>▶ Play</button>')
    return (
        '<div class="decision replay" role="group" aria-label="Replay">'
        f'<p class="question">Replay · step <b data-replay-step>{k}</b> of {last}'
        f'{" · " + esc(where) if where else ""}</p>'
        f'<p class="replay-head">{head}:</p><ul class="replay-lines">{happened}</ul>'
        f'<input type="range" class="replay-range" min="0" max="{last}" value="{k}" '
        'data-field="replay-step" aria-label="Step of the replay">'
        '<div class="buttons replay-buttons">'
        + button("⇤", "first", "The start of the game", at_start)
        + button("«", "prev-turn", "The previous turn", at_start)
        + button("‹", "prev", "One step back", at_start)
        + button("›", "next", "One step on", at_end)
        + button("»", "next-turn", "The next turn", at_end)
        + button("⇥", "last", "Where play stands", at_end)
        + "</div><div class=\"buttons\">" + play
        + '<button type="button" class="primary" data-act="replay-exit" title="Leave the replay">'
          'Back to the game</button></div>'
        '<p class="muted small">Arrow keys step; the board shows what everyone could see '
        '(no one\'s secrets).</p></div>')
