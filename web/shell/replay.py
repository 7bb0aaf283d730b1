"""Replay: step back and forth through a game, finished or still running.

Only the public view of each position is shown (no seat's cards, and the public log), so a
replay never reveals anything, even in the middle of a hotseat game. Pure Python: the page
controller keeps one `Replay` and renders `bar_html` in the controls region.
"""

from __future__ import annotations

from typing import Optional, Sequence

import machu_picchu as mp
from machu_picchu.replay import step_lines

from games.machu_picchu.board import prince_moves
from games.machu_picchu.panels import esc, seat_badge

MOVES = ("first", "prev-turn", "prev", "next", "next-turn", "last")
AUTOPLAY_SECONDS = 0.7      # between two steps when the replay plays by itself


class Replay:
    """A cursor over a game's positions (0: the set-up, `last`: where play stands)."""

    def __init__(self, game: mp.Game, *, at_end: bool = False) -> None:
        self.positions = mp.positions(game)
        self.deciders = list(game.deciders or ())
        self.last = len(self.positions) - 1
        self.step = self.last if at_end else 0
        self.playing = False
        # the positions where a turn begins (someone is to move, travel or stay)
        self.turns = [k for k, g in enumerate(self.positions) if g.prompt and g.prompt[0] == "turn"]

    @property
    def game(self) -> mp.Game:
        return self.positions[self.step]

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

    def lines(self) -> list[str]:
        """What everyone saw happen in the step that led to this position."""
        if self.step == 0:
            return self.game.log
        return step_lines(self.positions[self.step - 1], self.game)

    def moves(self) -> list[tuple[int, str, str]]:
        """The Prince moves of the step that led to this position (see board.prince_moves)."""
        before = self.positions[self.step - 1].prince if self.step else None
        return prince_moves(before, self.game.prince, None)

    def decider(self) -> Optional[int]:
        """The seat that took the action leading to this position (None at the start)."""
        return self.deciders[self.step - 1] if self.step > 0 else None


def bar_html(replay: Replay, seats: Sequence[dict], bseats: list) -> str:
    """The replay controls: where we are, what happened in this step, and the buttons."""
    k, last = replay.step, replay.last
    view_day = replay.game.day
    seat = replay.decider()
    lines = replay.lines()
    if seat is None:
        head = "The start of the game"
    else:
        head = f'{seat_badge(bseats, seat, 18)} {esc(seats[seat]["name"])} decided'
    if lines:
        happened = "".join(f"<li>{esc(line)}</li>" for line in lines)
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
        f'<p class="question">Replay · step <b data-replay-step>{k}</b> of {last} · day {view_day}</p>'
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
        '(no one\'s cards).</p></div>')
