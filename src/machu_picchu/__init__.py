"""The Princes of Machu Picchu (Mac Gerdts, 2008): a complete rules engine in pure Python.

    import random
    import machu_picchu as mp
    game = mp.new_game(players=4, seed=7)
    rng = random.Random(7)
    while not game.is_over:
        seat = game.to_move
        action = rng.choice(game.legal_actions())
        game.apply(action)          # or game.apply("move plaza")
    print(game.result())

(Always taking the first legal action would never end: the Princes would walk back and forth
for ever, since only moon tiles taken by staying end a day.)

Nothing here depends on the browser; it runs on CPython 3.11+ and on Pyodide.
"""

from __future__ import annotations

from typing import Optional, Sequence

from tabletop.history import check_seed

from .actions import Action, IllegalAction, InvalidAction, parse_action
from .data import RULES_VERSION
from .game import Game
from .options import Options
from .kinds import Decision, Prompt, Step
from .replay import positions
from .save import FORMAT_VERSION, SaveError, load_game
from .stats import game_stats

__version__ = "1.0.0"

__all__ = [
    "Action", "Decision", "Game", "IllegalAction", "InvalidAction", "Options", "SaveError",
    "FORMAT_VERSION", "RULES_VERSION", "game_stats", "load_game", "new_game", "parse_action",
    "positions", "Prompt", "Step",
]


def new_game(players: int = 4, seed: Optional[int] = None, *, learning: bool = False,
             names: Optional[Sequence[str]] = None) -> Game:
    """Set up a game for 2-5 players.

    `seed` fixes every random draw (start player, deck); None picks one. `learning` plays the
    learning variant (one Inca of each profession to start, the time marker 2 days later).
    `names` gives each seat a name used in the log.

    Anything else (a bool or text for a number, names that are not one list entry per player...)
    raises ValueError with a short message.
    """
    seed = check_seed(seed)
    return Game.new(Options(players, learning, names), seed)


def _registry_entry():
    from tabletop.registry import GameInfo, OptionInfo
    from .bots import BOT_LEVELS, STYLES, make_bot
    from .secrecy import shown_secrets
    return GameInfo(
        id="machu-picchu", name="The Princes of Machu Picchu", min_players=2, max_players=5,
        # the levels, then the strategists' styles (one way of playing each, by fixed rules)
        new_game=new_game, load_game=load_game, bot_levels=BOT_LEVELS + tuple(STYLES),
        make_bot=make_bot,
        options=(OptionInfo("learning", False),), default_players=4,
        web_module="games.machu_picchu", end_measures=_end_measures,
        seat_measures=_seat_measures,
        catalogue="games/machu_picchu/locales", catalogue_prefix="mp.",
        shown_secrets=shown_secrets,
        later_modules=("machu_picchu.bots.*", "machu_picchu.yields", "games.machu_picchu.help"))


def _end_measures(game: Game) -> dict[str, float]:
    from .tournament import end_measures
    return end_measures(game)


def _seat_measures(game: Game) -> list[dict[str, float]]:
    from .tournament import seat_measures
    return seat_measures(game)


GAME = _registry_entry()
