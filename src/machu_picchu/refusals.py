"""Why an action is refused (`IllegalAction`'s message), naming the rule: the refusal texts of
`Game.apply`, and the game's others (its undo, its result, its seats). Short English for developers and the command line, and beside it a catalogue id
(mp.refusal.*) and plain parameters that the page words in its language: the page offers only
legal actions, but a save imported or an undo may still be refused, and the page says why."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple, Optional

from tabletop.errors import quote

from . import data as D
from .actions import Action
from .kinds import Decision
from .market import buy_price
from .tables import ACTION_KINDS

if TYPE_CHECKING:
    from .game import Game


class Refused(NamedTuple):
    """Why an action is refused: English text, and the catalogue id and parameters that word it."""
    text: str
    msg_id: str
    params: dict[str, Any]


# The game's other refusals: an action once it is over, a result before, an undo it cannot take,
# a seat it does not have.
GAME_OVER = Refused("the game is over: no more actions", "mp.refusal.over", {})
NOT_OVER = "the game is not over yet"
NO_HISTORY = "this copy of the game keeps no history (a search copy): no undo"


def bad_undo(count: object, taken: int) -> str:
    """An undo of `count` actions where `taken` were taken."""
    return f"undo takes a whole number of actions from 0 to {taken}, not {quote(count)}"


def undo_refused(game: "Game", seat: int, replies: bool) -> Optional[tuple[str, dict[str, Any]]]:
    """Why `seat` may take nothing back now, as (catalogue id, parameters); None when it may.
    `replies`: the table's rule against bots (`takeback`: its last decision and every decision
    since), else the rule between people (`undoable`: its own trailing decisions, on its turn)."""
    if game.takeback(seat) if replies else game.undoable(seat):
        return None
    if game.over:
        return GAME_OVER.msg_id, {}
    history, deciders = game.history or [], game.deciders or []
    if seat not in deciders:
        return "mp.refusal.undo_none", {}
    if replies:                 # its last decision is older than the last cards drawn
        return "mp.refusal.undo_drawn", {}
    if game.to_move != seat:
        return "mp.refusal.undo_passed", {"name": game.names[game.to_move]}
    if len(history) <= game.reveal_mark:
        return "mp.refusal.undo_drawn", {}
    return "mp.refusal.undo_other", {"name": game.names[deciders[-1]]}


def no_seat(seat: object, players: int) -> str:
    """A seat that is not one of the game's."""
    return f"no seat {quote(seat)} in a {players}-player game (seats are 0 to {players - 1})"


def refusal(game: "Game", action: Action) -> Refused:
    """Why `action` is refused now, naming the rule."""
    text = _refusal_text(game, action)
    msg_id, params = _refusal_id(game, action)
    return Refused(text, "mp.refusal." + msg_id, params)


def _refusal_id(game: "Game", action: Action) -> tuple[str, dict[str, Any]]:
    """The catalogue id (after "mp.refusal.") and parameters of `_refusal_text`'s reason, in
    the same order of tests; districts and goods by their keys, counts as numbers."""
    task = game.stack[-1]
    kind, seat = task[0], task[1]
    who = game.names[seat]
    if action.kind not in ACTION_KINDS[kind]:
        return "wrong_kind", {"who": who, "expected": str(kind)}
    goods = game.goods[seat]
    arg = action.arg
    if kind == Decision.TURN:
        here = game.prince[seat]
        if here >= 0 and game.turns_today >= D.MAX_TURNS_PER_DAY:
            return "day_full", {}
        if action.kind == "stay":
            return ("first_turn_stay", {}) if here < 0 else ("tile_gone", {})
        if here >= 0 and arg == here:
            return "same_district", {}
        if action.kind == "travel":
            if here < 0:
                return "first_turn_travel", {}
            if arg in D.ADJACENT[here]:
                return "adjacent", {"district": D.DISTRICTS[arg]}
            return "no_llama", {"who": who}
        return "not_adjacent", {"district": D.DISTRICTS[arg], "here": D.DISTRICTS[here]}
    if kind == Decision.PRODUCE:
        return "produce", {"who": who, "corn": goods[0], "incas": game.incas[seat][task[2]]}
    if kind == Decision.SACRIFICE:
        return "sacrifice", {"who": who, "cards": game.owned[seat][task[2]], "llamas": goods[1]}
    if kind == Decision.MARKET:
        if game.mkt_trades >= D.MAX_TRADES_PER_VISIT:
            return "trades_over", {}
        if action.kind == "adjust":
            return "adjust", {}
        if action.kind == "buy":
            if game.mkt_sold >> arg & 1:
                return "buy_or_sell", {}
            return "buy", {"who": who, "cost": buy_price(game.market[arg]), "corn": goods[0]}
        if action.kind == "sell":
            if game.mkt_bought >> arg & 1:
                return "buy_or_sell", {}
            return "sell", {"who": who, "good": D.GOODS[arg]}
    simple = {Decision.OFFER: "offer", Decision.HIRE: "hire", Decision.ACQUIRE: "acquire",
              Decision.SUNCLOCK: "sunclock", Decision.RETURN: "return", Decision.CLAIM: "claim"}
    return simple.get(kind, "other"), {}


def _refusal_text(game: "Game", action: Action) -> str:
    """Why `action` is refused now, naming the rule, in English."""
    task = game.stack[-1]
    kind, seat = task[0], task[1]
    who = game.names[seat]
    expected = {
        "setup": "place a first Inca (place <profession>)",
        "turn": "take a turn (move, travel or stay)",
        "produce": f"say how many Incas produce at the {D.DISTRICT_NAMES[D.DISTRICTS[task[2]]] if kind == 'produce' else ''}",
        "sacrifice": "say how many llamas to sacrifice",
        "offer": "choose the different goods to offer at the Main Temple",
        "hire": "choose the Incas to set up",
        "acquire": "choose a card to acquire",
        "market": "trade at the market or say done",
        "sunclock": "choose an Inca to send to the Sun Clock",
        "take": "choose 3 different goods from the Sun Clock",
        "return": f"choose {task[2] if kind == 'return' else 2} card(s) to put back under the deck",
        "claim": "choose the moon tiles to pay 1 corn for",
    }[kind]
    if action.kind not in ACTION_KINDS[kind]:
        return f"{who} must now {expected}; '{action}' is not such a choice"
    goods = game.goods[seat]
    arg = action.arg
    if kind == Decision.TURN:
        here = game.prince[seat]
        if here >= 0 and game.turns_today >= D.MAX_TURNS_PER_DAY:
            return (f"this day has had {D.MAX_TURNS_PER_DAY} turns: from now on a turn can "
                    "only stay and take a moon tile (a ruling of this edition)")
        if action.kind == "stay":
            if here < 0:
                return "on a first turn the Prince must be placed on a district; staying is not possible"
            return f"the {D.MOON_NAMES[arg]} moon tile is no longer on the board"
        if here >= 0 and arg == here:
            return "a district can never be used on two turns in a row: move elsewhere or stay and take a moon tile"
        if action.kind == "travel":
            if here < 0:
                return "a first turn places the Prince anywhere for free: use 'move'"
            if arg in D.ADJACENT[here]:
                return f"the {D.DISTRICT_NAMES[D.DISTRICTS[arg]]} is adjacent: 'move' there for free"
            return f"travelling to a district that is not adjacent costs 1 llama, and {who} has none"
        return (f"the {D.DISTRICT_NAMES[D.DISTRICTS[arg]]} is not adjacent to the "
                f"{D.DISTRICT_NAMES[D.DISTRICTS[here]]}: 'travel' there for 1 llama")
    if kind == Decision.PRODUCE:
        return f"each producing Inca costs 1 corn: {who} has {goods[0]} corn and {game.incas[seat][task[2]]} Incas here"
    if kind == Decision.SACRIFICE:
        return (f"each priest or virgin of the row sacrifices 1 llama: {who} has "
                f"{game.owned[seat][task[2]]} cards of the row and {goods[1]} llamas")
    if kind == Decision.OFFER:
        return "only goods one has can be offered, each kind at most once, corn as 3 corn"
    if kind == Decision.HIRE:
        return "each Inca set up costs its two goods (see the table) and needs an Inca in supply; " \
               "at most one per production district, only those set up at this district"
    if kind == Decision.ACQUIRE:
        return "only the next card of a row sold here, when its printed cost can be paid"
    if kind == Decision.MARKET:
        if game.mkt_trades >= D.MAX_TRADES_PER_VISIT:
            return (f"{D.MAX_TRADES_PER_VISIT} trades in one visit: the only choice left is "
                    "'done' (a ruling of this edition)")
        if action.kind == "adjust":
            return "the market may be adjusted once, before the first trade: remove from a non-empty column or add to a non-full one"
        if action.kind == "buy":
            if game.mkt_sold >> arg & 1:
                return "within one visit a good is either bought or sold, not both"
            return f"buying costs {buy_price(game.market[arg])} corn and {who} has {goods[0]}"
        if action.kind == "sell":
            if game.mkt_bought >> arg & 1:
                return "within one visit a good is either bought or sold, not both"
            return f"{who} has no {D.GOODS[arg]} to sell"
    if kind == Decision.SUNCLOCK:
        return "only an Inca of one's own standing in a production district can go to the Sun Clock"
    if kind == Decision.RETURN:
        return "only cards now in one's hand can be put back"
    if kind == Decision.CLAIM:
        return "each goods moon tile costs 1 corn to claim, and only tiles one holds"
    return f"'{action}' is not allowed now"
