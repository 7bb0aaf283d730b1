"""Saves: JSON with the format and rules versions, the seed, the options and the action list.

A save holds no state, only what is needed to replay the game exactly. Loading validates every
field and replays every action through the rules; any problem raises SaveError and returns nothing
half-made.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Union

from .actions import IllegalAction
from .data import READABLE_RULES_VERSIONS, RULES_VERSION

if TYPE_CHECKING:
    from .game import Game

SAVE_FORMAT = "machu-picchu-save"
FORMAT_VERSION = 1
MAX_ACTIONS = 100_000


class SaveError(ValueError):
    """A save that cannot be loaded: corrupt, tampered with, or of an unknown version."""


def to_save(game: "Game") -> dict[str, Any]:
    """The save of `game` as a JSON-able dict."""
    if game.history is None:
        raise SaveError("this copy of the game keeps no history (a search clone) and cannot be saved")
    return {
        "format": SAVE_FORMAT,
        "format_version": FORMAT_VERSION,
        "rules_version": RULES_VERSION,
        "seed": game.seed,
        "options": game.options.to_dict(),
        "actions": list(game.history),
    }


def load_game(save: Union[str, bytes, dict[str, Any]], *,
              readable_rules: frozenset[str] = READABLE_RULES_VERSIONS) -> "Game":
    """Replay a save (a dict, or its JSON text) into a game; raises SaveError if it is not valid.

    A save made under an earlier rules version loads if that version is in `readable_rules`
    (by default `data.READABLE_RULES_VERSIONS`); the game is then saved under the current one."""
    from .game import Game, Options

    if isinstance(save, (str, bytes)):
        try:
            save = json.loads(save)
        except (ValueError, RecursionError) as exc:  # UnicodeDecodeError is a ValueError
            raise SaveError(f"the save is not valid JSON: {exc}") from None
    if not isinstance(save, dict):
        raise SaveError("the save is not a JSON object")
    if save.get("format") != SAVE_FORMAT:
        raise SaveError("this is not a Princes of Machu Picchu save")
    version = save.get("format_version")
    if type(version) is not int or version != FORMAT_VERSION:
        raise SaveError(f"unknown save format version {version!r} (this game reads {FORMAT_VERSION})")
    rules = save.get("rules_version")
    if not isinstance(rules, str) or rules not in readable_rules:
        raise SaveError(f"the save was made under rules version {rules!r}; "
                        f"this game plays version {RULES_VERSION}")
    seed = save.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63:
        raise SaveError("the save's seed is missing or not a whole number")
    opts = save.get("options")
    if not isinstance(opts, dict):
        raise SaveError("the save's options are missing")
    learning = opts.get("learning", False)
    if not isinstance(learning, bool):
        raise SaveError("the save's options are not valid: learning must be true or false")
    try:
        options = Options(opts.get("players"), learning, opts.get("names"))
    except ValueError as exc:
        raise SaveError(f"the save's options are not valid: {exc}") from None
    actions = save.get("actions")
    if not isinstance(actions, list) or len(actions) > MAX_ACTIONS:
        raise SaveError("the save's action list is missing or too long")
    game = Game.new(options, seed)
    for i, text in enumerate(actions):
        if not isinstance(text, str):
            raise SaveError(f"action {i + 1} of the save is not text")
        try:
            game.apply(text)
        except IllegalAction as exc:
            raise SaveError(f"action {i + 1} of the save ({text[:60]!r}) is not legal: {exc}") from None
    return game


def dumps(game: "Game") -> str:
    """The save as compact JSON text."""
    return json.dumps(to_save(game), separators=(",", ":"))
