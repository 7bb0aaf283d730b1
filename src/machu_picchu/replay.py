"""Replay: the positions a game went through, one per action, for stepping back and forth.

A game keeps only its seed, options and actions (see `save`), so every earlier position is
rebuilt by playing the actions again from the start. The copies are independent of the game
and of each other.
"""

from __future__ import annotations

from .game import Game


def positions(game: Game) -> list[Game]:
    """The game as it stood after 0, 1, ..., len(game.history) actions (the last is a copy of
    `game` itself). Raises ValueError for a search copy that keeps no history."""
    if game.history is None:
        raise ValueError("this copy of the game keeps no history (a search clone): nothing to replay")
    g = Game.new(game.options, game.seed)
    out = [g.clone()]
    for text in game.history:
        g.apply(text)
        out.append(g.clone())
    return out


def step_lines(before: Game, after: Game) -> list[str]:
    """The public log lines one action added (what everyone saw happen in that step)."""
    return after.log[len(before.log):]
