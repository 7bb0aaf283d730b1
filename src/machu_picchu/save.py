"""Saves: the shared envelope (`tabletop.history`): game id, format and rules versions, the seed,
the options and the action list.

A save holds no state, only what is needed to replay the game exactly. Loading checks the envelope
(size and nesting bounded before parsing), then the options, then replays every action through the
rules; any problem raises SaveError with a short message and returns nothing half-made.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Mapping, Union

from tabletop import errors, history

from .data import MAX_GAME_ACTIONS, READABLE_RULES_VERSIONS, RULES_VERSION

if TYPE_CHECKING:
    from .game import Game

GAME_ID = "machu-picchu"
SAVE_FORMAT = "machu-picchu-save"
FORMAT_VERSION = 1
# Longer than any game the rules allow (data.MAX_GAME_ACTIONS, from the day's turn limit), so
# every save the engine writes loads again; longer lists are refused before anything is replayed.
MAX_ACTIONS = MAX_GAME_ACTIONS


class SaveError(errors.SaveError):
    """A save that cannot be loaded: corrupt, tampered with, too large, or of an unknown version."""


def to_save(game: "Game") -> dict[str, Any]:
    """The save of `game` as a JSON-able dict."""
    if game.history is None:
        raise SaveError("this copy of the game keeps no history (a search clone) and cannot be saved")
    return history.envelope(GAME_ID, SAVE_FORMAT, FORMAT_VERSION, RULES_VERSION, game.seed,
                            game.options.to_dict(), game.history)


def load_game(save: Union[str, bytes, Mapping[str, Any]], *,
              readable_rules: frozenset[str] = READABLE_RULES_VERSIONS) -> "Game":
    """Replay a save (a dict, or its JSON text) into a game; raises SaveError if it is not valid.

    A save made under an earlier rules version loads if that version is in `readable_rules`
    (by default `data.READABLE_RULES_VERSIONS`); the game is then saved under the current one.
    Saves made before saves named their game (no "game" field) load as well."""
    from .game import Game
    from .options import Options

    try:
        seed, opts, actions = history.read_envelope(
            save, game_id=GAME_ID, title="a Princes of Machu Picchu", save_format=SAVE_FORMAT,
            format_version=FORMAT_VERSION, rules_version=RULES_VERSION,
            readable_rules=readable_rules, max_actions=MAX_ACTIONS)
    except errors.SaveError as exc:
        raise SaveError(errors.short(str(exc)), exc.msg_id, exc.params) from None
    try:
        options = Options(opts.get("players"), opts.get("learning", False), opts.get("names"))
    except ValueError as exc:
        raise SaveError(errors.short(f"the save's options are not valid: {exc}"),
                        "shell.save.options") from None
    try:
        return history.replay(lambda: Game.new(options, seed), actions, error=SaveError)
    except SaveError as exc:
        raise exc.same(errors.short(str(exc))) from None


def dumps(game: "Game") -> str:
    """The save as compact JSON text."""
    return json.dumps(to_save(game), separators=(",", ":"))
