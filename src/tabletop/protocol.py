"""The contract of an engine, typed: what a game package's `new_game` and `load_game` return and
what the page (web/shell), the shared tests (tests/conformance) and this package's helpers,
history and bots call on it. Nothing else of a game is read outside its own package.

A game is deterministic under its seed: its `history` (the action texts applied) replays it, so
saves, undo and replay are seed + options + actions (`tabletop.history`). Everything a seat may
see is `view(seat)` (a JSON-able dict, None: the public view) and `log_for(seat)` (events,
`tabletop.events`); a bot reads nothing else but `determinize(seat, rng)`, a copy in which all
the seat cannot see is re-dealt.

    game = info.new_game(players=4, seed=7, names=[...])     # NewGame
    while not game.is_over:
        seat = game.to_move                                   # who decides now
        game.apply(game.legal_actions()[0])                   # IllegalAction: nothing changed
    game.result()["winners"]

The optional parts, which the page uses when a game has them: `TakesBack` (one person against
bots takes back their decision and the bots' replies) and `KeepsDeciders` (who took each action,
for the replay and the summaries).

`tests/tabletop/test_tabletop_protocol.py` checks every registered game against these.
"""

from __future__ import annotations

import random
from typing import Any, Mapping, Optional, Protocol, Sequence, TypeVar, Union, runtime_checkable

G = TypeVar("G", bound="Game")


@runtime_checkable
class Action(Protocol):
    """A legal action: its text is what a save records and `apply` accepts."""

    @property
    def text(self) -> str: ...


@runtime_checkable
class Game(Protocol):
    """One game in progress (or over): the engine's whole public interface."""

    seed: int                               # the seed that replays it (a determinized copy's own)
    names: Sequence[str]                    # one per seat, as the players named themselves
    # The action texts applied so far, in order; None for a search copy that keeps none.
    history: Optional[list[str]]

    @property
    def to_move(self) -> Optional[int]:
        """The seat that decides now; None once the game is over."""

    @property
    def is_over(self) -> bool: ...

    @property
    def log(self) -> list[list]:
        """The public events so far, each [event id, params] (JSON-able)."""

    def log_for(self, seat: Optional[int]) -> list[list]:
        """The events `seat` may see: the public ones and its own (None: the public log)."""

    def legal_actions(self) -> Sequence[Action]:
        """What `to_move` may do now (empty once over): the only actions `apply` takes."""

    def apply(self, action: Union[Action, str]) -> None:
        """Take an action (or its text) for the seat to move; InvalidAction for what is no
        action at all, IllegalAction for one not legal now, and the game unchanged."""

    def view(self, seat: Optional[int] = None) -> dict[str, Any]:
        """All `seat` may see, JSON-able (None: what everyone sees)."""

    def to_save(self) -> dict[str, Any]:
        """The save (game id, versions, seed, options, actions), JSON-able; `load_game` reads it."""

    def clone(self: G) -> G:
        """An independent copy (playing on either leaves the other as it was)."""

    def determinize(self: G, seat: int, rng: random.Random) -> G:
        """A copy in which everything `seat` cannot see is re-dealt with `rng` (a bot's world);
        `view(seat)` is the same on it."""

    def result(self) -> dict[str, Any]:
        """Once over: {"winners": [seats], "seats": [per seat], ...}; IllegalAction before."""

    def undoable(self, seat: int) -> int:
        """How many of the last actions `seat` may take back now (0: none)."""

    def undo(self: G, count: int = 1) -> G:
        """A new game replayed without the last `count` actions."""


@runtime_checkable
class TakesBack(Protocol):
    """A game where one person against bots takes back their last decision and the bots'
    replies at once."""

    def takeback(self, seat: int) -> int:
        """How many of the last actions to undo for that (0: none)."""


@runtime_checkable
class ExplainsUndo(Protocol):
    """A game that says why a seat may take nothing back now (the page tells a person whose
    undo is refused the rule, not a generic sentence)."""

    def undo_refused(self, seat: int, replies: bool = False) -> Optional[tuple[str, dict[str, Any]]]:
        """None when `seat` may take something back (`undoable`; with `replies`, `takeback`);
        else the reason: a catalogue id of the game's prefix and plain parameters."""


@runtime_checkable
class KeepsDeciders(Protocol):
    """A game that records who took each action (a seat per entry of `history`)."""

    deciders: Optional[list[int]]


class NewGame(Protocol):
    """A game package's `new_game`: a new game; ValueError for bad arguments. Each option of
    the game's registry entry (`OptionInfo.key`) is a keyword."""

    def __call__(self, players: int = ..., seed: Optional[int] = None, *,
                 names: Optional[Sequence[str]] = None, **options: bool) -> Game: ...


class LoadGame(Protocol):
    """A game package's `load_game`: a save (dict or its JSON text) read back into the game it
    records; SaveError for anything that is not one of this game's saves."""

    def __call__(self, save: Union[Mapping[str, Any], str]) -> Game: ...
