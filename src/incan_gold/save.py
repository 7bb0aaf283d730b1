"""Saves: the shared envelope (game id, format and rules versions, seed, options, actions).

A save holds no state, only what replays the game exactly. Loading checks every field and replays
every action through the rules; any problem raises SaveError, and nothing half-made is returned.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Mapping, Union

import tabletop.errors
from tabletop import history

from . import data as D
from .errors import SaveError
from .options import Options

if TYPE_CHECKING:
    from .game import Game

SAVE_FORMAT = "incan-gold-save"
FORMAT_VERSION = 1


def to_save(game: "Game") -> dict[str, Any]:
    """The save of `game` as a JSON-able dict."""
    if game.history is None:
        raise SaveError("this copy of the game keeps no history (a search copy): no save")
    return history.envelope(D.GAME_ID, SAVE_FORMAT, FORMAT_VERSION, D.RULES_VERSION, game.seed,
                            game.options.to_dict(), game.history)


def load_game(save: Union[str, bytes, Mapping[str, Any]], *,
              readable_rules: frozenset[str] = D.READABLE_RULES_VERSIONS) -> "Game":
    """Replay a save (a dict, or its JSON text) into a game; SaveError if it is not valid."""
    from .game import Game
    try:
        seed, opts, actions = history.read_envelope(
            save, game_id=D.GAME_ID, title="an Incan Gold", save_format=SAVE_FORMAT,
            format_version=FORMAT_VERSION, rules_version=D.RULES_VERSION,
            readable_rules=readable_rules, max_actions=D.MAX_ACTIONS)
    except tabletop.errors.SaveError as exc:
        raise SaveError(tabletop.errors.short(str(exc)), exc.msg_id, exc.params) from None
    try:
        options = Options.from_dict(opts)
    except ValueError as exc:
        raise SaveError(tabletop.errors.short(f"the save's options are not valid: {exc}"),
                        "shell.save.options") from None
    return history.replay(lambda: Game.new(options, seed), actions, error=SaveError)


def dumps(game: "Game") -> str:
    """The save as compact JSON text."""
    return json.dumps(to_save(game), separators=(",", ":"))
