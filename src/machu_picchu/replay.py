"""Replay: the positions a game went through, one per action, for stepping back and forth.

A game keeps only its seed, options and actions (see `save`), so every earlier position is
rebuilt by playing the actions again from the start. `positions(game)` does it lazily, in linear
time and memory however long the game (see `tabletop.history.Positions`): checkpoints are
search copies (no log, no history) every few actions, and each step keeps only where its log
events end, so a past position costs a few actions and one copy of its own log. The copies are
independent of the game and of each other.
"""

from __future__ import annotations

from typing import NamedTuple, Optional

from tabletop.history import Positions as _Positions

from .game import Game


class StepMark(NamedTuple):
    """What the replay keeps of each position besides the checkpoints."""

    log: int                  # entries of the game's log (public and private) at this position
    reveal_mark: int          # the history length when hidden cards were last drawn
    prompt: Optional[str]     # the kind of decision at hand (None once the game is over)
    prince: tuple             # the district of every Prince (-1: not placed yet)


def _mark(game: Game) -> StepMark:
    prompt = game.prompt
    return StepMark(len(game._log), game.reveal_mark, prompt[0] if prompt else None,
                    tuple(game.prince))


def _light(game: Game) -> Game:
    """A checkpoint: a search copy (no log, no history; moving it on changes no reveal mark)."""
    return game.fast_clone()


def _dress(game: Game, runner: Game, k: int, mark: StepMark) -> None:
    """Give a position played from a checkpoint the records a full replay would have."""
    game._log = runner._log[:mark.log]
    game.history = runner.history[:k]
    game.deciders = runner.deciders[:k]
    game.starts = runner.starts[:k]
    game.reveal_mark = mark.reveal_mark


class Positions(_Positions[Game]):
    """The game after 0, 1, ..., n actions (a sequence: len, index, slices, iteration), with
    what a replay shows of each step read from the marks, without building the positions."""

    def prompt_kind(self, k: int) -> Optional[str]:
        """The kind of decision at hand at position k ("turn", "market", ...; None: over)."""
        return self.mark(k).prompt

    def prince(self, k: int) -> list[int]:
        """Where every Prince stood at position k."""
        return list(self.mark(k).prince)

    def step_lines(self, k: int) -> list[list]:
        """The public events the action leading to position k added (k > 0), or the events
        of the set-up (k = 0)."""
        end = self.mark(k).log
        begin = self.mark(k - 1).log if k > 0 else 0
        return [[eid, dict(p)] for seat, eid, p in self.runner._log[begin:end] if seat is None]

    def decider(self, k: int) -> Optional[int]:
        """The seat that took the action leading to position k (None for k = 0)."""
        if k <= 0:
            return None
        self.extend(k)
        return self.runner.deciders[k - 1]


def positions(game: Game) -> Positions:
    """The game as it stood after 0, 1, ..., len(game.history) actions (the last is a copy of
    `game` as it is now), built on demand. Raises ValueError for a search copy that keeps no
    history."""
    if game.history is None:
        raise ValueError("this copy of the game keeps no history (a search clone): nothing to replay")
    options, seed = game.options, game.seed
    return Positions(lambda: Game.new(options, seed), list(game.history),
                     light=_light, dress=_dress, mark=_mark, final=game.clone())


def step_lines(before: Game, after: Game) -> list[list]:
    """The public events one action added (what everyone saw happen in that step)."""
    return after.log[len(before.log):]
