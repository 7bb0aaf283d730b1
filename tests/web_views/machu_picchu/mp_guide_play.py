"""The guided Machu Picchu game played on the host as the page plays it: the guide's seed and
options, its bots seeded as the shell seeds them (shell.table: seed * 31 + seat), and a simple
person in seat 0 who goes where a kind of decision it has not met yet waits, and otherwise takes
the easy bot's choice (never declining when it may act). The host test checks the guide's steps
along it; the browser walk clicks the same person's actions."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parents[3]
for path in (ROOT / "web", ROOT / "src"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

import machu_picchu as mp  # noqa: E402
from machu_picchu.bots import make_bot  # noqa: E402

PERSON = 0
DECLINE = (" 0", " nothing", " nobody")
GOODS_TILES = ("llama", "coca", "pottery", "cloth")
BOT_TIME_BUDGET = 1.0      # kit.views.GameViews.bot_time_budget (easy bots do not search)


def new_guided_game(guide, names=None):
    players = 1 + len(guide.bots)
    names = names or ["You"] + [f"Bot {i}" for i in range(1, players)]
    return mp.new_game(players=players, seed=guide.seed, names=names, **dict(guide.options))


def bots_of(guide, game) -> dict:
    return {i: make_bot(level, seed=(game.seed * 31 + i) % (2 ** 31), time_budget=BOT_TIME_BUDGET)
            for i, level in enumerate(guide.bots, start=1)}


def person_choice(game, met: set, helper) -> str:
    """The person's action: a turn toward a kind of decision not met yet (trying each move on a
    copy), a goods moon tile while no night has asked to pay for one; else the easy bot's
    choice, or the first action that does something when that choice declines."""
    legal = game.legal_actions()
    kind = game.prompt[0]
    if kind == "turn":
        for action in sorted(legal, key=lambda a: (a.kind != "move", a.text)):
            if action.kind in ("move", "travel", "setup"):
                after = game.clone()
                after.apply(action)
                if after.to_move == PERSON and after.prompt[0] not in met:
                    return action.text
        if "claim" not in met and game.goods[PERSON][0] >= 1:
            for action in legal:
                if action.kind == "stay" and action.text.split()[1] in GOODS_TILES:
                    return action.text
    chosen = helper.choose(game, PERSON).action.text
    if chosen.endswith(DECLINE):
        acting = [a.text for a in legal if not a.text.endswith(DECLINE)]
        if acting:
            return acting[0]
    return chosen


def play(guide, limit: int = 2000) -> Iterator[tuple]:
    """(game, action text) at each of the person's decisions, before the action is applied
    (the game is live: read it before the next item)."""
    game = new_guided_game(guide)
    bots = bots_of(guide, game)
    helper = make_bot("easy", seed=1)
    met: set = set()
    for _ in range(limit):
        if game.is_over:
            return
        seat = game.to_move
        if seat == PERSON:
            text = person_choice(game, met, helper)
            met.add(game.prompt[0])
            yield game, text
            game.apply(text)
        else:
            game.apply(bots[seat].choose(game, seat).action)
    raise AssertionError("the guided game did not end")


class SeatCtx:
    """What a guide's `when`, `target` and `params` read of the person's screen: the view and
    the seat (the shell hands a whole kit.views.Ctx)."""

    def __init__(self, game, seat: int = PERSON) -> None:
        self.game, self.seat, self.view = game, seat, game.view(seat)


def expected(guide) -> list[tuple[str, str, str | None, int]]:
    """At each of the person's decisions: (the decision's kind, the person's action, the step
    the shell shows then or None, how many actions the game had before it). A step shown
    counts as seen once the person decided under it."""
    seen: set = set()
    out = []
    for game, text in play(guide):
        step = guide.due(SeatCtx(game), seen)
        if step is not None:
            seen.add(step.id)
        out.append((str(game.prompt[0]), text, step.id if step else None, len(game.history)))
    return out
