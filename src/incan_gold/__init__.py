"""Incan Gold (Alan R. Moon & Bruno Faidutti, 2006; Diamant): a complete rules engine in pure
Python, with the same API as `machu_picchu`.

    import random
    import incan_gold as ig
    game = ig.new_game(players=5, seed=7)
    rng = random.Random(7)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))   # torch or camp, for game.to_move
    print(game.result())

Nothing here depends on the browser; it runs on CPython 3.11+ and on Pyodide.
"""

from __future__ import annotations

from typing import Any, Optional, Sequence

from tabletop import history as _history

from .actions import CAMP, TORCH, Action, parse_action
from .data import GAME_ID, RULES_VERSION
from .errors import IllegalAction, InvalidAction, SaveError
from .game import Game
from .kinds import Decision, Msg, Prompt, RoundEnd
from .options import Options
from .save import FORMAT_VERSION, load_game
from .stats import game_stats

__version__ = "1.0.0"

__all__ = [
    "Action", "CAMP", "Decision", "FORMAT_VERSION", "GAME", "Game", "IllegalAction",
    "InvalidAction", "Msg", "Options", "Prompt", "RULES_VERSION", "RoundEnd", "SaveError",
    "TORCH", "game_stats", "load_game", "new_game", "parse_action", "positions",
]


def new_game(players: int = 4, seed: Optional[int] = None, *, diamant: bool = False,
             open_tents: bool = False, names: Optional[Sequence[str]] = None) -> Game:
    """Set up a game for 3-8 players. `seed` fixes every shuffle (None picks one); `diamant`
    plays without artifacts; `open_tents` shows every tent to everyone; `names` names the seats.
    Bad values raise ValueError."""
    seed = _history.check_seed(seed)
    return Game.new(Options(players, diamant, open_tents, names), seed)


def positions(game: Game) -> list[Game]:
    """The game after 0, 1, ..., len(history) actions, each an independent copy (for a replay).
    ValueError for a search copy that keeps no history."""
    if not isinstance(game, Game):
        raise ValueError("positions: an Incan Gold game")
    if game.history is None:
        raise ValueError("this copy keeps no history (a search copy): nothing to replay")
    options, seed = game.options, game.seed
    return list(_history.positions(lambda: Game.new(options, seed), list(game.history)))


def _make_bot(level: str, seed: Optional[int] = None, time_budget: Optional[float] = None,
              iterations: Optional[int] = None) -> Any:
    from .bots import make_bot
    return make_bot(level, seed=seed, time_budget=time_budget, iterations=iterations)


def _registry_entry():
    from tabletop.registry import GameInfo, OptionInfo
    from .secrecy import shown_secrets
    return GameInfo(
        id=GAME_ID, name="Incan Gold", min_players=3, max_players=8,
        new_game=new_game, load_game=load_game, bot_levels=("random", "easy", "medium", "hard"),
        make_bot=_make_bot,
        options=(OptionInfo("diamant", False), OptionInfo("open_tents", False)),
        default_players=5, web_module="games.incan_gold", seat_measures=_seat_measures,
        catalogue="games/incan_gold/locales", catalogue_prefix="ig.",
        shown_secrets=shown_secrets,
        later_modules=("incan_gold.bots", "incan_gold.bots.*", "incan_gold.strategists"))


def _seat_measures(game: Game) -> list[dict[str, int]]:
    from .stats import seat_measures
    return seat_measures(game)


GAME = _registry_entry()
