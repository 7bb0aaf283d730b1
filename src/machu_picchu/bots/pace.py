"""The length of the days on purpose (issue 28: endings other than by conquest), off unless
asked for (`PACE`; `python -m machu_picchu tournament --pace days=7-9,margin=8,finish=3`).

A day ends once three moon tiles are taken, and a bot stays as soon as no district is worth more
than a tile: 3.5 turns a player a day among 4 medium bots, too few for the 15 Priests/Virgins or
the deck ever to run out (6.1 taken, 11.2 cards left). The settings, on the `days` named:

- `stay`: points added to every stay (a seat stays less often, whatever it has to do);
- `margin`: a seat keeps the day going while it has something worth doing: a stay scores
  `margin` points below its best move worth more than `useful` (with no such move it stays as
  before, so a day ends once no seat has anything worth doing, or at the engine's limit of
  turns a day);
- `turns`: a day stops being paced once its turns (every seat's) reach that many, so that it
  ends as any other day well before the engine's limit, where a seat can only stay;
- `finish` (any day): with that many Priests/Virgins left or fewer, a seat that would win their
  ending (on VP, as it stands) races for them: the next card is worth `finish_gain` points at
  its house, and at the market it sells what it must (its llamas too) to afford it.

Each costs turns a person plays and waits through: docs/bots.md gives the measured trade.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .. import data as D
from .endings import end_margin

if TYPE_CHECKING:
    from ..game import Game


@dataclass
class Pace:
    days: tuple[int, ...] = ()   # the paced days (none: off)
    stay: float = 0.0            # points added to every stay on those days
    margin: float = 0.0          # a stay scores this much below the best move worth doing (0: off)
    useful: float = 0.5          # ... a move worth more than this (the policy's points)
    turns: int = 0               # the day's turns (every seat's) after which it is not paced
                                 # (0: none; the engine's limit is data.MAX_TURNS_PER_DAY)
    finish: int = 0              # Priests/Virgins left from which the seat that would win races
    finish_gain: float = 10.0    # points of the next Priest/Virgin to that seat

    @property
    def on(self) -> bool:
        return bool(self.days or self.finish)


PACE = Pace()


def parse(text: str) -> Pace:
    """A Pace from 'days=7-9,margin=8,finish=3[,stay=-6,useful=0.5,finish_gain=10]' ('' or
    'off': off)."""
    pace = Pace()
    if text in ("", "off"):
        return pace
    for item in text.split(","):
        key, _, value = item.partition("=")
        key = key.strip()
        if key == "days":
            lo, _, hi = value.partition("-")
            pace.days = tuple(range(int(lo), int(hi or lo) + 1))
        elif key in ("finish", "turns"):
            setattr(pace, key, int(value))
        elif key in ("stay", "useful", "margin", "finish_gain"):
            setattr(pace, key, float(value))
        else:
            raise ValueError(f"unknown pace setting {key!r}: days, stay, margin, useful, "
                             "turns, finish, finish_gain")
    return pace


def use(pace: Pace) -> None:
    """Play every bot of this process with `pace` (a tournament's workers inherit it)."""
    for key in ("days", "stay", "margin", "useful", "turns", "finish", "finish_gain"):
        setattr(PACE, key, getattr(pace, key))


def keep_day_going(g: "Game", legal: list, scores: list[float]) -> None:
    """On a paced day, each stay `stay` points more, and below the best move worth doing by
    `margin` (in place)."""
    if g.day not in PACE.days or (PACE.turns and g.turns_today >= PACE.turns):
        return
    if PACE.stay:
        for i, a in enumerate(legal):
            if a.kind == "stay":
                scores[i] += PACE.stay
    if not PACE.margin:
        return
    best = None
    for a, v in zip(legal, scores):
        if a.kind != "stay" and (best is None or v > best):
            best = v
    if best is None or best <= PACE.useful:
        return
    cap = best - PACE.margin
    for i, a in enumerate(legal):
        if a.kind == "stay" and scores[i] > cap:
            scores[i] = cap


def racing(g: "Game", s: int) -> bool:
    """True when few Priests/Virgins are left and seat s would win their ending (VP alone)."""
    if not PACE.finish:
        return False
    left = D.TOTAL_PRIEST_CARDS - sum(g.rows_taken)
    return 1 <= left <= PACE.finish and end_margin(g, s, False) > 0


def open_rows(g: "Game") -> list[int]:
    return [r for r in range(3) if g.rows_taken[r] < D.ROW_SIZES[r]]
