"""The registry of games: one table, read by the page, the command line and the shared tests.

Each game package exposes `GAME`, a `GameInfo`. The shell and the tests ask this module for the
games; they never import a game by name.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Optional, Sequence

if TYPE_CHECKING:
    from .protocol import Game, LoadGame, NewGame

# The games of this home, in the order the home screen lists them: id -> package.
GAME_MODULES: dict[str, str] = {
    "machu-picchu": "machu_picchu",
    "incan-gold": "incan_gold",
}


@dataclass(frozen=True)
class OptionInfo:
    """One option of a game's set-up (a yes/no choice): the keyword of `new_game` and its default."""

    key: str
    default: bool = False


@dataclass(frozen=True)
class GameInfo:
    """What the home needs to know of a game."""

    id: str                                   # stable: stored in every save and record
    name: str                                 # English name (the page's catalogues translate it)
    min_players: int
    max_players: int
    new_game: NewGame                         # new_game(players=, seed=, names=, **options)
    load_game: LoadGame                       # save dict or JSON text -> game; SaveError if bad
    bot_levels: Sequence[str]
    make_bot: Callable[..., Any]              # make_bot(level, seed=, time_budget=, iterations=)
    options: Sequence[OptionInfo] = field(default_factory=tuple)
    default_players: int = 4
    web_module: str = ""                      # the page's views of this game (web/games/<...>)
    # The game's message catalogue (tabletop.catalogues): a folder of <lang>/*.json under the
    # page's root (web/), every id in the game's own prefix, so that two games never collide.
    catalogue: str = ""                       # e.g. "games/incan_gold/locales"
    catalogue_prefix: str = ""                # e.g. "ig."
    # The conformance suite's check of hidden information: what view(viewer) shows of the
    # other seats' secrets, as short descriptions (an empty list is right).
    shown_secrets: Optional[Callable[[Any, Optional[int]], list[str]]] = None
    # Modules (fnmatch patterns of the page's module names) that neither the home screen nor a
    # saved game opened at start needs: the build leaves them out of the start-up memory
    # snapshot and the page imports them once ready (web/shell/later.py), e.g. the bots.
    later_modules: Sequence[str] = ()
    # Numbers about a finished game that tell how near it came to each ending (name -> number),
    # summarised by the tournament report; None when the game has none.
    end_measures: Optional[Callable[[Game], dict[str, float]]] = None
    # Counts about each seat's play in a finished game (one dict per seat, name -> number),
    # summed per level by the tournament report ("rounds" among them: also per 100 rounds).
    seat_measures: Optional[Callable[[Game], list[dict[str, float]]]] = None


def games() -> list[GameInfo]:
    """Every registered game whose package is present, in the table's order."""
    found = []
    for game_id, module in GAME_MODULES.items():
        try:
            mod = importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name != module:
                raise
            continue
        info = getattr(mod, "GAME")
        assert info.id == game_id, (info.id, game_id)
        found.append(info)
    return found


def get(game_id: str) -> GameInfo:
    """The game with that id; ValueError if there is none."""
    module = GAME_MODULES.get(game_id) if isinstance(game_id, str) else None
    if module is None:
        from .errors import quote
        raise ValueError(f"no game {quote(game_id)} in this home")
    return getattr(importlib.import_module(module), "GAME")


def find(game_id: Optional[str]) -> Optional[GameInfo]:
    """Like `get`, but None for an unknown id."""
    try:
        return get(game_id)  # type: ignore[arg-type]
    except (ValueError, ModuleNotFoundError):
        return None
