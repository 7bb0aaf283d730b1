"""Bot tournaments: `python -m machu_picchu tournament --players 4 --games N --seats hard,medium,...`.

The shared runner (`tabletop.tournament`) on this game: seeded games between bots on every core,
seats rotating by one each game, each bot's win rate with a 95% Wilson interval (ties share the
win), mean final score and thinking time per decision (`--clock cpu` counts the worker's CPU
time, which the hard bot's budget then counts too: fair on a busy machine), the win rate by place
in the turn order and how the games ended, with how near each game came to the other endings
(`end_measures`: Priests/Virgins taken, cards left in the deck, the pace of the days). A seat is a bot level or a strategist's style
(`bots.STYLES`: rule-based players of one way each, to measure the bots against):

    python -m machu_picchu tournament --games 100 --seats medium,priests,priests,priests --clock cpu
"""

from __future__ import annotations

from typing import Any, Optional, Sequence

from tabletop import tournament
from tabletop.bots import wilson   # noqa: F401  (the one Wilson interval; re-exported)
from tabletop.tournament import report  # noqa: F401  (re-exported for callers of this module)

GAME_ID = "machu-picchu"
DEFAULT_SEATS = "hard,medium,medium,medium"


STAKE = "a rescue and a conquest would crown different winners"


def end_measures(game) -> dict[str, float]:
    """How near a finished game came to each ending: a rescue needs every Priest/Virgin taken
    or the deck emptied, and the days last as long as the players keep moving instead of
    taking moon tiles (turns a player takes a day, the first turn of the game included, and in
    the whole game); and
    whether the ending mattered (`STAKE`: the final position scored both ways)."""
    from . import data as D
    from .actions import parse_action
    from .scoring import score
    turns = sum(parse_action(text).kind in ("move", "travel", "stay") for text in game.history)
    days = game.day - game.start_day + 1
    return {
        f"Priests/Virgins taken (of {D.TOTAL_PRIEST_CARDS})": sum(game.rows_taken),
        f"cards left in the deck (of {D.DECK_SIZE})": len(game.deck),
        "turns a player takes a day": round(turns / game.n / days, 2),
        # what a longer game costs a person at the table: each of its turns (and the bots'
        # decisions between them, which the tournament counts per seat)
        "turns a player takes": round(turns / game.n, 2),
        # what an ending is worth: 1 when a rescue (VP) and a conquest (VP x gold's rank) of the
        # final position name different winners, so that a seat had a reason to choose one
        STAKE: int(score(game, conquest=True)["winners"] != score(game, conquest=False)["winners"]),
    }


def ended_by(game) -> "int | None":
    """The seat whose move ended the game by Priests and Virgins (it took the last one) or by
    the cards (its summit drew the last card); None after a conquest."""
    from .events import Msg
    if game.end_reason not in ("priests", "cards"):
        return None
    cause = Msg.ACQUIRE if game.end_reason == "priests" else Msg.SUMMIT
    seat = None
    for eid, params in game.log:
        if eid == cause:
            seat = params.get("seat")
        elif eid in (Msg.PRIESTS_OUT, Msg.DECK_OUT):
            return seat
    return seat


def closed_by(game) -> "int | None":
    """The seat that brought a conquest: it took the third moon tile of day 9 (and the Sun
    tile), after which each other player had one turn; None after a rescue."""
    from .events import Msg
    if game.end_reason != "conquest":
        return None
    seat = None
    for eid, params in game.log:
        if eid == Msg.SUN_TILE:
            seat = params.get("seat")
    return seat


def seat_measures(game) -> list[dict[str, float]]:
    """Per seat: whether it ended the game (by Priests and Virgins or the cards) and, if so,
    whether it won that game (a share on a tie), and the same for the cards alone: an ending on
    purpose is one its chooser wins;
    the same for the seat that closed a conquest (`closed_by`); and what its score was made of
    (Priests/Virgins owned, VP, gold, the conquest's multiplier, x3 when it had the most gold):
    where a seat wins or loses against a way of playing."""
    chooser = ended_by(game)
    closer = closed_by(game)
    result = game.result()
    winners = result["winners"]
    share = 1.0 / len(winners)
    cards = game.end_reason == "cards"
    return [{"ended the game": int(s == chooser),
             "won the game it ended": share if s == chooser and s in winners else 0.0,
             # the same for the cards alone (the rest of those counts: Priests and Virgins)
             "ended it by the cards": int(s == chooser and cards),
             "won the game it ended by the cards": share if s == chooser and cards
             and s in winners else 0.0,
             "closed the conquest": int(s == closer),
             "won the conquest it closed": share if s == closer and s in winners else 0.0,
             "Priests/Virgins": sum(game.owned[s]),
             "VP": result["seats"][s]["vp"],
             "gold": result["seats"][s]["gold"],
             "multiplier": result["seats"][s]["multiplier"],
             "x3": int(result["seats"][s]["multiplier"] == 3)}
            for s in range(game.n)]


def command(args: Any) -> int:
    """The tournament, its bots paced as `--pace` says (the workers inherit the setting)."""
    from .bots import pace
    pace.use(pace.parse(args.pace))
    if pace.PACE.on:
        print(f"pace: {pace.PACE}", flush=True)
    return tournament.command(GAME_ID, args)


def run(players: int, games: int, seats: Sequence[str], seed: int,
        budget: Optional[float] = None, iterations: Optional[int] = None,
        processes: Optional[int] = None, clock: str = "wall",
        progress: bool = False) -> list[dict[str, Any]]:
    """Play the games (in parallel unless processes == 1); return one record per game."""
    return tournament.run(GAME_ID, players, games, seats, seed, budget=budget,
                          iterations=iterations, processes=processes, clock=clock,
                          progress=progress)


def add_parser(subparsers: Any):
    from .bots import BOT_LEVELS, STYLES
    parser = tournament.add_parser(subparsers, GAME_ID, DEFAULT_SEATS)
    parser.add_argument("--pace", default="", metavar="SETTINGS",
                        help="the bots' days on purpose (bots/pace.py, off by default): e.g. "
                             "days=7-9,margin=8,finish=3 (on days 7-9 a seat keeps the day going "
                             "while a move is worth doing; with 3 or fewer Priests/Virgins left "
                             "the seat that would win their ending races for them) or "
                             "days=3-9,stay=-6 (every stay 6 points less)")
    parser.set_defaults(func=command)
    for action in parser._actions:
        if action.dest == "seats":
            action.help = (f"one bot per seat, comma-separated: a level ({', '.join(BOT_LEVELS)}) "
                           "or a strategist's style (" + "; ".join(f"{k}: {v}" for k, v in
                                                                   STYLES.items()) + ")")
    return parser
