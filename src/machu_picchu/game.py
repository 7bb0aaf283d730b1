"""The game state and every rule of The Princes of Machu Picchu.

The flow of play is a stack of pending tasks. Automatic tasks (paying a bonus, moving a scout,
the steps of the night) run at once; a decision task stops the game until its seat chooses one of
`legal_actions()`. Exactly one seat decides at a time, and it need not be the player whose turn it
is: another player's production or sacrifice, a summit draw, Sun Clock goods at night.

State lives in flat lists of ints so that `clone()` is a handful of list copies.
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any, Optional

from . import actions as A
from . import data as D
from tabletop.errors import quote
from tabletop.history import replay

from .actions import Action, IllegalAction, mask_items, parse_action
from .kinds import Decision, Prompt, Step
from .market import buy_price, sell_price
from .save import to_save
from .scoring import score
from .trail import advance_scout
from .events import Msg
from .view import build_view

Task = tuple  # (Decision or Step, seat, ...): see the handler tables at the end

# Decisions whose only legal choice is to decline are skipped silently.
_DECLINES = frozenset(
    {A.PRODUCE[0], A.SACRIFICE[0], A.OFFER[0], A.HIRE[0], A.ACQUIRE[0], A.SUNCLOCK[0], A.CLAIM[0]}
)
DECISIONS = frozenset(Decision)
# The action kinds that answer each kind of decision.
_ACTION_KINDS = {
    Decision.SETUP: ("place",), Decision.TURN: ("move", "travel", "stay"),
    Decision.PRODUCE: ("produce",), Decision.SACRIFICE: ("sacrifice",), Decision.OFFER: ("offer",),
    Decision.HIRE: ("hire",), Decision.ACQUIRE: ("acquire",),
    Decision.MARKET: ("adjust", "buy", "sell", "done"), Decision.SUNCLOCK: ("sunclock",),
    Decision.TAKE: ("take",),
    Decision.RETURN: ("return",), Decision.CLAIM: ("claim",),
}
# The kinds as plain module globals for the hot paths: an enum member looked up through its class
# costs CPython 3.11 five times a global (legal-action generation was 15% slower).
_ACQUIRE = Decision.ACQUIRE
_CLAIM = Decision.CLAIM
_HIRE = Decision.HIRE
_MARKET = Decision.MARKET
_OFFER = Decision.OFFER
_PRODUCE = Decision.PRODUCE
_RETURN = Decision.RETURN
_SACRIFICE = Decision.SACRIFICE
_SETUP = Decision.SETUP
_SUNCLOCK = Decision.SUNCLOCK
_TAKE = Decision.TAKE
_TURN = Decision.TURN
_ADVANCE = Step.ADVANCE
_END_TURN = Step.END_TURN
_NEW_DAY = Step.NEW_DAY
_NIGHT_BONUS = Step.NIGHT_BONUS
_NIGHT_MOON = Step.NIGHT_MOON
_NIGHT_REWARDS = Step.NIGHT_REWARDS
_NIGHT_SUNCLOCK = Step.NIGHT_SUNCLOCK
_SUMMIT = Step.SUMMIT
ALL_TILES = (1 << len(D.MOON_TILES)) - 1
PROFESSIONS_AT = {
    D.D_HUT: tuple(p for p in range(5) if D.SETUP_DISTRICT[p] == D.D_HUT),
    D.D_PALACE: tuple(p for p in range(5) if D.SETUP_DISTRICT[p] == D.D_PALACE),
}


def _cost_of(mask: int) -> tuple[list[int], int]:
    """Goods (per good) and Incas needed to set up the professions in `mask`."""
    need = [0, 0, 0, 0, 0]
    for p in mask_items(mask):
        for good, count in D.SETUP_COST[p]:
            need[good] += count
    return need, bin(mask).count("1")


HIRE_COSTS = {m: _cost_of(m) for m in range(32)}
# Per Hut / Palace, every subset of the professions set up there, as bit masks.
HIRE_MASKS = {
    d: tuple(
        sum(1 << profs[i] for i in range(len(profs)) if m >> i & 1) for m in range(1 << len(profs))
    )
    for d, profs in PROFESSIONS_AT.items()
}


# Turn moves from each district, in the order legal_actions() lists them (precomputed: a turn's
# legal actions are a few list joins, which the hard bot's play-outs do thousands of times).
MOVES_FROM = tuple(tuple(A.MOVE[d] for d in range(15) if d in D.ADJACENT[here])
                   for here in range(15))
TRAVELS_FROM = tuple(tuple(A.TRAVEL[d] for d in range(15) if d != here and d not in D.ADJACENT[here])
                     for here in range(15))
STAYS = tuple(tuple(A.STAY[t] for t in range(7) if tiles >> t & 1) for tiles in range(ALL_TILES + 1))

# Offers of the goods one can give (a mask of goods held), in OFFER's order; claims with their
# corn cost, in CLAIM's order.
OFFERS_OF = tuple(tuple(A.OFFER[m] for m in range(32) if m & ~have == 0) for have in range(32))
CLAIMS = tuple((m, a, bin(m).count("1") * D.MOON_CLAIM_COST_CORN) for m, a in A.CLAIM.items())

# advance_scout(position, steps) for the usual steps (a table: every turn moves scouts)
MAX_STEPS = 64
ADVANCES = tuple(tuple(advance_scout(p, k) for k in range(MAX_STEPS)) for p in range(D.TRAIL_SUMMIT))
# The decisions that decline (skipped when alone), by identity: legal actions are interned
_DECLINE_IDS = frozenset(map(id, _DECLINES))

MAX_NAME = 40   # characters of a player's name


def _params(params: dict[str, Any]) -> dict[str, Any]:
    """A copy of an event's parameters for the caller (the game's entries are shared)."""
    return {k: [x[:] if type(x) is list else x for x in v] if type(v) is list else v
            for k, v in params.items()}


class Options:
    """What a game is set up with; part of every save."""

    __slots__ = ("players", "learning", "names")

    def __init__(self, players: int, learning: bool = False, names: Optional[list[str]] = None):
        """ValueError (short message) for anything but 2-5 players, a bool `learning`, and None
        or a list/tuple of one name per player (text, 1-40 characters once stripped)."""
        if type(players) is not int or not D.MIN_PLAYERS <= players <= D.MAX_PLAYERS:
            raise ValueError(f"the game is for {D.MIN_PLAYERS} to {D.MAX_PLAYERS} players, "
                             f"not {quote(players)}")
        if type(learning) is not bool:
            raise ValueError(f"learning is true or false, not {quote(learning)}")
        if names is None:
            names = [f"Player {i + 1}" for i in range(players)]
        if (not isinstance(names, (list, tuple)) or len(names) != players
                or not all(isinstance(n, str) and 0 < len(n.strip()) <= MAX_NAME for n in names)):
            raise ValueError(f"names: one non-empty name (at most {MAX_NAME} characters) per player")
        self.players = players
        self.learning = learning
        self.names = [n.strip() for n in names]

    def to_dict(self) -> dict[str, Any]:
        return {"players": self.players, "learning": self.learning, "names": list(self.names)}


class Game:
    """One game. Use `new_game()`; read `to_move`, `legal_actions()`; change it with `apply()`."""

    __slots__ = (
        "options", "seed", "n", "names", "start_player", "start_day",
        # public board
        "day", "bonus", "market", "rows_taken", "board_tiles", "tiles_today", "sun_holder",
        "final_turns", "time_corn",
        # per seat
        "goods", "incas", "supply", "sunclock", "owned", "trail", "held_tiles", "prince",
        "last_used", "pending_corn", "pending_llama", "summit_vp", "hands",
        # hidden
        "deck", "known", "drawn",
        # flow
        "current", "stack", "over", "end_reason", "deck_out", "priests_out",
        "mkt_adjusted", "mkt_traded", "mkt_bought", "mkt_sold", "mkt_trades", "turns_today",
        "_legal", "_log", "history",
        "deciders", "reveal_mark",
    )

    # -- construction -----------------------------------------------------------------------
    @classmethod
    def new(cls, options: Options, seed: int) -> "Game":
        g = cls.__new__(cls)
        rng = random.Random(seed)
        n = options.players
        g.options, g.seed, g.n, g.names = options, seed, n, options.names
        g.start_player = rng.randrange(n)
        g.start_day = D.START_DAY[n] + (D.LEARNING_DAY_SHIFT if options.learning else 0)
        g.day = g.start_day
        g.bonus = [D.START_BONUS] * len(D.BONUS_DISTRICTS)
        g.market = [0] * 5                        # indexed by good; corn unused
        for good in D.MARKET_GOODS:
            g.market[good] = D.MARKET_START_UNITS
        g.rows_taken = [0, 0, 0]
        g.board_tiles = ALL_TILES
        g.tiles_today = 0
        g.sun_holder = None
        g.final_turns = 0
        g.time_corn = sum(1 << d for d in D.TIME_TRACK_CORN_DAYS if d >= g.day)
        g.goods = [list(D.START_GOODS) for _ in range(n)]
        g.incas = [[0] * 5 for _ in range(n)]
        g.supply = [D.INCAS_PER_PLAYER[n]] * n
        g.sunclock = [0] * n
        g.owned = [[0, 0, 0] for _ in range(n)]
        g.trail = [0] * n
        for k in range(n):
            g.trail[(g.start_player + k) % n] = k + 1
        g.held_tiles = [0] * n
        g.prince = [-1] * n
        g.last_used = [-1] * n
        g.pending_corn = [0] * n
        g.pending_llama = [0] * n
        g.summit_vp = [0] * n
        g.deck = list(range(D.DECK_SIZE))
        rng.shuffle(g.deck)
        g.known = [0] * D.DECK_SIZE
        g.hands = [[] for _ in range(n)]
        for seat in g.order_from(g.start_player):
            card = g.deck.pop(0)
            g.hands[seat].append(card)
            g.known[card] = 1 << seat
        g.drawn = []
        g.current = g.start_player
        g.over = False
        g.end_reason = None
        g.deck_out = False
        g.priests_out = False
        g.mkt_adjusted = g.mkt_traded = False
        g.mkt_bought = g.mkt_sold = g.mkt_trades = 0
        g.turns_today = 0
        g._legal = None
        g._log = []
        g.history = []
        g.deciders = []      # the seat that took each action of `history`
        g.reveal_mark = 0    # history length when hidden cards were last drawn
        g.stack = [(_TURN, g.start_player)]
        if options.learning:
            for seat in range(n):
                for prof in range(5):
                    g.incas[seat][prof] += 1
                g.supply[seat] -= 5
        else:
            for seat in reversed(g.order_from(g.start_player)):
                g.stack.append((_SETUP, seat))
        g._say(Msg.GAME_START, n=n, day=g.day, start_seat=g.start_player)
        g._run()
        return g

    def clone(self) -> "Game":
        """A fast, independent copy (never `copy.deepcopy`)."""
        g = Game.__new__(Game)
        g.options, g.seed, g.n, g.names = self.options, self.seed, self.n, self.names
        g.start_player, g.start_day = self.start_player, self.start_day
        g.day, g.bonus, g.market = self.day, self.bonus[:], self.market[:]
        g.rows_taken, g.board_tiles, g.tiles_today = self.rows_taken[:], self.board_tiles, self.tiles_today
        g.sun_holder, g.final_turns, g.time_corn = self.sun_holder, self.final_turns, self.time_corn
        g.goods = [x[:] for x in self.goods]
        g.incas = [x[:] for x in self.incas]
        g.supply, g.sunclock = self.supply[:], self.sunclock[:]
        g.owned = [x[:] for x in self.owned]
        g.trail, g.held_tiles = self.trail[:], self.held_tiles[:]
        g.prince, g.last_used = self.prince[:], self.last_used[:]
        g.pending_corn, g.pending_llama = self.pending_corn[:], self.pending_llama[:]
        g.summit_vp = self.summit_vp[:]
        g.hands = [x[:] for x in self.hands]
        g.deck, g.known, g.drawn = self.deck[:], self.known[:], self.drawn[:]
        g.current, g.stack = self.current, self.stack[:]
        g.over, g.end_reason = self.over, self.end_reason
        g.deck_out, g.priests_out = self.deck_out, self.priests_out
        g.mkt_adjusted, g.mkt_traded = self.mkt_adjusted, self.mkt_traded
        g.mkt_bought, g.mkt_sold = self.mkt_bought, self.mkt_sold
        g.mkt_trades, g.turns_today = self.mkt_trades, self.turns_today
        g._legal = self._legal
        g._log = None if self._log is None else self._log[:]
        g.history = None if self.history is None else self.history[:]
        g.deciders = None if self.deciders is None else self.deciders[:]
        g.reveal_mark = self.reveal_mark
        return g

    def fast_clone(self) -> "Game":
        """A clone that keeps no log and no history: for search, where only the state matters."""
        log, history, deciders = self._log, self.history, self.deciders
        self._log = self.history = self.deciders = None
        try:
            return self.clone()
        finally:
            self._log, self.history, self.deciders = log, history, deciders

    # -- public API -------------------------------------------------------------------------
    @property
    def to_move(self) -> Optional[int]:
        """The seat that must decide now; None once the game is over."""
        return None if self.over else self.stack[-1][1]

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def prompt(self) -> Optional[Prompt]:
        """The decision at hand, e.g. Prompt(kind=Decision.PRODUCE, seat=2, at=district); None
        once the game is over."""
        return None if self.over else Prompt(self.stack[-1])

    @property
    def log(self) -> list[list]:
        """What happened, as the public sees it: events [id, params] (machu_picchu.events; the
        catalogue words them), private ones left out. Copies: the game's entries are shared."""
        return [[eid, _params(p)] for seat, eid, p in (self._log or ()) if seat is None]

    def log_for(self, seat: Optional[int]) -> list[list]:
        """The log as `seat` sees it: the public events and that seat's private ones."""
        return [[eid, _params(p)] for who, eid, p in (self._log or ()) if who is None or who == seat]

    def legal_actions(self) -> list[Action]:
        """Every action the seat to move may take now (empty once the game is over).

        A new list on each call: the caller may sort or shuffle it without touching the game."""
        if self.over:
            return []
        if self._legal is None:
            self._legal = self._compute_legal(self.stack[-1])
        return list(self._legal)

    def apply(self, action: Action | str) -> None:
        """Take `action` for the seat to move; an illegal one raises IllegalAction, state unchanged."""
        action = parse_action(action)
        if self.over:
            raise IllegalAction("the game is over: no more actions")
        if self._legal is None:
            self._legal = self._compute_legal(self.stack[-1])
        if not any(a is action for a in self._legal):   # interned: identity is equality
            raise IllegalAction(self._explain(action))
        self._apply(action)

    def apply_unchecked(self, action: Action) -> None:
        """Apply an action known to be legal (one of `legal_actions()`), for search."""
        self._apply(action)

    def undoable(self, seat: int) -> int:
        """How many of the last actions `seat` may take back: its own trailing decisions, never
        across another seat's decision or a card drawn, and never so that another seat would be
        the one to move (Board Game Arena's policy). ValueError for a seat not in the game."""
        self._check_seat(seat)
        if self.over or self.history is None or self.to_move != seat:
            return 0
        k = 0
        i = len(self.history) - 1
        while i >= self.reveal_mark and self.deciders[i] == seat:
            k += 1
            i -= 1
        return k

    def takeback(self, seat: int) -> int:
        """How many of the last actions to take back so that `seat` faces its last decision
        again, together with every other seat's decision since (the table's rule against bots:
        a page offers it only when every other seat is a bot). Never across a card drawn (the
        only thing hidden that play reveals): 0 when `seat` has not decided since the last draw,
        nor once the game is over. ValueError for a seat not in the game."""
        self._check_seat(seat)
        if self.over or self.history is None:
            return 0
        i = len(self.history) - 1
        while i >= self.reveal_mark and self.deciders[i] != seat:
            i -= 1
        return len(self.history) - i if i >= self.reveal_mark else 0

    def undo(self, count: int = 1) -> "Game":
        """A new game replayed without the last `count` actions; this game is left as it is.

        `count` is a whole number from 0 to the number of actions taken (`undoable(seat)` says how
        many a player may take back); anything else raises IllegalAction."""
        if self.history is None:
            raise IllegalAction("this copy of the game keeps no history (a search copy): no undo")
        if type(count) is not int or not 0 <= count <= len(self.history):
            raise IllegalAction(f"undo takes a whole number of actions from 0 to "
                                f"{len(self.history)}, not {quote(count)}")
        options, seed = self.options, self.seed
        return replay(lambda: Game.new(options, seed), self.history[: len(self.history) - count])

    def _check_seat(self, seat: object) -> None:
        """ValueError unless `seat` is a seat of this game (an int, not a bool)."""
        if type(seat) is not int or not 0 <= seat < self.n:
            raise ValueError(f"no seat {quote(seat)} in a {self.n}-player game "
                             f"(seats are 0 to {self.n - 1})")

    def order_from(self, seat: int) -> list[int]:
        """All seats in seat order, starting with `seat`."""
        return [(seat + k) % self.n for k in range(self.n)]

    def row_value(self, row: int) -> int:
        """Steps per sacrificed llama for that row: its lowest visible number."""
        return D.ROW_BASE_STEPS[row] - self.rows_taken[row]

    def next_card_cost(self, row: int) -> Optional[tuple[int, ...]]:
        """Goods the next card of `row` costs, or None when the row is empty."""
        taken = self.rows_taken[row]
        costs = D.ROW_CARD_COSTS[row]
        return costs[taken] if taken < len(costs) else None

    # -- legality ---------------------------------------------------------------------------
    def _compute_legal(self, task: Task) -> list[Action]:
        kind, seat = task[0], task[1]
        goods = self.goods[seat]
        if kind == _TURN:
            here = self.prince[seat]
            if here < 0:
                return list(A.MOVE)
            stays = STAYS[self.board_tiles]
            if self.turns_today >= D.MAX_TURNS_PER_DAY:   # the day's limit (ruling): stay
                return list(stays)
            if goods[D.LLAMA]:
                return [*MOVES_FROM[here], *TRAVELS_FROM[here], *stays]
            return [*MOVES_FROM[here], *stays]
        if kind == _PRODUCE:
            return list(A.PRODUCE[: min(self.incas[seat][task[2]], goods[D.CORN]) + 1])
        if kind == _SACRIFICE:
            return list(A.SACRIFICE[: min(self.owned[seat][task[2]], goods[D.LLAMA]) + 1])
        if kind == _OFFER:
            have = ((goods[0] >= D.CORN_PER_UNIT) | (goods[1] > 0) << 1 | (goods[2] > 0) << 2
                    | (goods[3] > 0) << 3 | (goods[4] > 0) << 4)
            return list(OFFERS_OF[have])
        if kind == _HIRE:
            out = []
            for m in HIRE_MASKS[task[2]]:
                need, count = HIRE_COSTS[m]
                if count <= self.supply[seat] and all(goods[g] >= need[g] for g in range(5)):
                    out.append(A.HIRE[m])
            return out
        if kind == _ACQUIRE:
            out = [A.ACQUIRE[0]]
            for row in range(3):
                if D.ROW_HOUSE[row] != task[2]:
                    continue
                cost = self.next_card_cost(row)
                if cost is not None and all(goods[g] >= cost[g] for g in range(5)):
                    out.append(A.ACQUIRE[row + 1])
            return out
        if kind == _MARKET:
            if self.mkt_trades >= D.MAX_TRADES_PER_VISIT:  # the visit's limit (ruling): leave
                return [A.DONE]
            out = []
            market = self.market
            if not self.mkt_adjusted and not self.mkt_traded:
                out += [A.ADJUST_REMOVE[g] for g in D.MARKET_GOODS if market[g] > 0]
                out += [A.ADJUST_ADD[g] for g in D.MARKET_GOODS if market[g] < 4]
            for g in D.MARKET_GOODS:
                bit = 1 << g
                if not self.mkt_sold & bit and goods[D.CORN] >= buy_price(market[g]):
                    out.append(A.BUY[g])
                if not self.mkt_bought & bit and goods[g] > 0:
                    out.append(A.SELL[g])
            out.append(A.DONE)
            return out
        if kind == _SUNCLOCK:
            incas = self.incas[seat]
            return [A.SUNCLOCK[0]] + [A.SUNCLOCK[p + 1] for p in range(5) if incas[p]]
        if kind == _TAKE:
            return list(A.TAKE.values())
        if kind == _RETURN:
            hand, k = self.hands[seat], task[2]
            if k == 1:
                return [A.RETURN[(c,)] for c in hand]
            return list(map(A.RETURN.__getitem__, combinations(hand, 2)))   # a<b pairs in order
        if kind == _CLAIM:
            tiles, corn = task[2], goods[D.CORN]
            return [a for m, a, cost in CLAIMS if m & ~tiles == 0 and cost <= corn]
        if kind == _SETUP:
            return list(A.PLACE)
        raise AssertionError(f"unknown task {task!r}")

    def _explain(self, action: Action) -> str:
        """Why `action` is refused now, naming the rule."""
        task = self.stack[-1]
        kind, seat = task[0], task[1]
        who = self.names[seat]
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
        if action.kind not in _ACTION_KINDS[kind]:
            return f"{who} must now {expected}; '{action}' is not such a choice"
        goods = self.goods[seat]
        arg = action.arg
        if kind == _TURN:
            here = self.prince[seat]
            if here >= 0 and self.turns_today >= D.MAX_TURNS_PER_DAY:
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
        if kind == _PRODUCE:
            return f"each producing Inca costs 1 corn: {who} has {goods[0]} corn and {self.incas[seat][task[2]]} Incas here"
        if kind == _SACRIFICE:
            return (f"each priest or virgin of the row sacrifices 1 llama: {who} has "
                    f"{self.owned[seat][task[2]]} cards of the row and {goods[1]} llamas")
        if kind == _OFFER:
            return "only goods one has can be offered, each kind at most once, corn as 3 corn"
        if kind == _HIRE:
            return "each Inca set up costs its two goods (see the table) and needs an Inca in supply; " \
                   "at most one per production district, only those set up at this district"
        if kind == _ACQUIRE:
            return "only the next card of a row sold here, when its printed cost can be paid"
        if kind == _MARKET:
            if self.mkt_trades >= D.MAX_TRADES_PER_VISIT:
                return (f"{D.MAX_TRADES_PER_VISIT} trades in one visit: the only choice left is "
                        "'done' (a ruling of this edition)")
            if action.kind == "adjust":
                return "the market may be adjusted once, before the first trade: remove from a non-empty column or add to a non-full one"
            if action.kind == "buy":
                if self.mkt_sold >> arg & 1:
                    return "within one visit a good is either bought or sold, not both"
                return f"buying costs {buy_price(self.market[arg])} corn and {who} has {goods[0]}"
            if action.kind == "sell":
                if self.mkt_bought >> arg & 1:
                    return "within one visit a good is either bought or sold, not both"
                return f"{who} has no {D.GOODS[arg]} to sell"
        if kind == _SUNCLOCK:
            return "only an Inca of one's own standing in a production district can go to the Sun Clock"
        if kind == _RETURN:
            return "only cards now in one's hand can be put back"
        if kind == _CLAIM:
            return "each goods moon tile costs 1 corn to claim, and only tiles one holds"
        return f"'{action}' is not allowed now"

    # -- applying ---------------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        task = self.stack.pop()
        self._legal = None
        if self.history is not None:
            self.history.append(action.text)
            self.deciders.append(task[1])
        DECISION_HANDLERS[task[0]](self, task, action)
        self._run()

    def _run(self) -> None:
        """Run automatic tasks until a decision is needed or the game ends."""
        stack = self.stack
        while stack:
            task = stack[-1]
            kind = task[0]
            if kind in DECISIONS:
                legal = self._compute_legal(task)
                if len(legal) == 1 and id(legal[0]) in _DECLINE_IDS:
                    stack.pop()
                    continue
                self._legal = legal
                return
            stack.pop()
            STEP_HANDLERS[kind](self, task)
        self._legal = None

    def _say(self, msg: str, **params: Any) -> None:
        """Log a public event. A search copy keeps no log (`fast_clone`): the callers test
        `self._log` first, so that it builds no event at all (the play-outs' hot path)."""
        if self._log is not None:
            self._log.append((None, msg, params))

    def _tell(self, seat: int, msg: str, **params: Any) -> None:
        """Log an event seen by `seat` only."""
        if self._log is not None:
            self._log.append((seat, msg, params))

    # -- decisions --------------------------------------------------------------------------
    def _do_setup(self, task: Task, action: Action) -> None:
        seat, prof = task[1], action.arg
        self.supply[seat] -= 1
        self.incas[seat][prof] += 1
        if self._log is not None:
            self._say(Msg.SETUP, seat=seat, prof=D.PROFESSIONS[prof])

    def _do_turn(self, task: Task, action: Action) -> None:
        p = task[1]
        self.stack.append((_END_TURN, p))
        self.turns_today += 1
        if action.kind == "stay":
            self._take_moon_tile(p, action.arg)
            return
        d = action.arg
        if action.kind == "travel":
            self.goods[p][D.LLAMA] -= 1
            if self._log is not None:
                self._say(Msg.TRAVEL, seat=p, district=D.DISTRICTS[d])
        elif self.prince[p] < 0:
            if self._log is not None:
                self._say(Msg.PLACE, seat=p, district=D.DISTRICTS[d])
        elif self._log is not None:
            self._say(Msg.MOVE, seat=p, district=D.DISTRICTS[d])
        self.prince[p] = d
        self.last_used[p] = d
        self._enter(p, d)

    def _do_produce(self, task: Task, action: Action) -> None:
        seat, d, k = task[1], task[2], action.arg
        if k:
            self.goods[seat][D.CORN] -= k * D.PRODUCE_COST_CORN
            self.goods[seat][d] += k
            if self._log is not None:
                self._say(Msg.PRODUCE, seat=seat, n=k * D.PRODUCE_COST_CORN, gains=[[D.GOODS[d], k]])
        elif self._log is not None:
            self._say(Msg.PRODUCE_NONE, seat=seat)

    def _do_sacrifice(self, task: Task, action: Action) -> None:
        seat, row, k = task[1], task[2], action.arg
        if k:
            steps = k * self.row_value(row)
            self.goods[seat][D.LLAMA] -= k
            if self._log is not None:
                self._say(Msg.SACRIFICE, seat=seat, n=k, llamas=k, steps=steps)
            self.stack.append((_ADVANCE, seat, steps))
        elif self._log is not None:
            self._say(Msg.SACRIFICE_NONE, seat=seat)

    def _do_offer(self, task: Task, action: Action) -> None:
        seat, mask = task[1], action.arg
        goods = self.goods[seat]
        items = mask_items(mask)
        for g in items:
            goods[g] -= D.CORN_PER_UNIT if g == D.CORN else 1
        if items:
            steps = D.MAIN_TEMPLE_STEPS * len(items)
            if self._log is not None:
                self._say(Msg.OFFER, seat=seat, goods=[D.GOODS[g] for g in items], steps=steps)
            self.stack.append((_ADVANCE, seat, steps))
        elif self._log is not None:
            self._say(Msg.OFFER_NONE, seat=seat)

    def _do_hire(self, task: Task, action: Action) -> None:
        p, mask = task[1], action.arg
        need, count = HIRE_COSTS[mask]
        goods = self.goods[p]
        for g in range(5):
            goods[g] -= need[g]
        self.supply[p] -= count
        for prof in mask_items(mask):
            self.incas[p][prof] += 1
        if count:
            if self._log is not None:
                self._say(Msg.HIRE, seat=p, profs=[D.PROFESSIONS[x] for x in mask_items(mask)])
        elif self._log is not None:
            self._say(Msg.HIRE_NONE, seat=p)

    def _do_acquire(self, task: Task, action: Action) -> None:
        p, row = task[1], action.arg
        if row < 0:
            if self._log is not None:
                self._say(Msg.ACQUIRE_NONE, seat=p)
            return
        cost = self.next_card_cost(row)
        goods = self.goods[p]
        for g in range(5):
            goods[g] -= cost[g]
        self.rows_taken[row] += 1
        self.owned[p][row] += 1
        if self._log is not None:
            self._say(Msg.ACQUIRE, seat=p, row=D.ROWS[row], steps=self.row_value(row))
        if sum(self.rows_taken) == D.TOTAL_PRIEST_CARDS:
            self.priests_out = True
            if self._log is not None:
                self._say(Msg.PRIESTS_OUT)

    def _do_market(self, task: Task, action: Action) -> None:
        p = task[1]
        kind, arg = action.kind, action.arg
        if kind == "done":
            if self._log is not None:
                self._say(Msg.MARKET_DONE, seat=p)
            return
        goods = self.goods[p]
        if kind == "adjust":
            good, delta = arg
            self.market[good] += delta
            self.mkt_adjusted = True
            if self._log is not None:
                self._say(Msg.ADJUST_ADD if delta > 0 else Msg.ADJUST_REMOVE, seat=p, good=D.GOODS[good])
        elif kind == "buy":
            price = buy_price(self.market[arg])
            goods[D.CORN] -= price
            goods[arg] += 1
            if self.market[arg]:
                self.market[arg] -= 1
            self.mkt_traded = True
            self.mkt_trades += 1
            self.mkt_bought |= 1 << arg
            if self._log is not None:
                self._say(Msg.BUY, seat=p, good=D.GOODS[arg], price=price)
        else:  # sell
            price = sell_price(self.market[arg])
            goods[D.CORN] += price
            goods[arg] -= 1
            if self.market[arg] < 4:
                self.market[arg] += 1
            self.mkt_traded = True
            self.mkt_trades += 1
            self.mkt_sold |= 1 << arg
            if self._log is not None:
                self._say(Msg.SELL, seat=p, good=D.GOODS[arg], price=price)
        self.stack.append(task)

    def _do_sunclock(self, task: Task, action: Action) -> None:
        p, prof = task[1], action.arg
        if prof < 0:
            if self._log is not None:
                self._say(Msg.SUNCLOCK_NONE, seat=p)
            return
        self.incas[p][prof] -= 1
        self.sunclock[p] += 1
        if self._log is not None:
            self._say(Msg.SUNCLOCK, seat=p, prof=D.PROFESSIONS[prof])
        if self.day == D.LAST_DAY:  # no night follows: the Sun Clock pays at once
            self.stack.append((_ADVANCE, p, D.SUNCLOCK_STEPS))
            self.stack.append((_TAKE, p))

    def _do_take(self, task: Task, action: Action) -> None:
        seat = task[1]
        goods = self.goods[seat]
        items = mask_items(action.arg)
        for g in items:
            goods[g] += D.CORN_PER_UNIT if g == D.CORN else 1
        if self._log is not None:
            self._say(Msg.TAKE, seat=seat, goods=[D.GOODS[g] for g in items])

    def _do_return(self, task: Task, action: Action) -> None:
        seat = task[1]
        hand = self.hands[seat]
        bit = 1 << seat
        for card in action.arg:
            hand.remove(card)
            self.deck.append(card)  # under the deck
            self.known[card] = bit
        self.drawn = []
        k = len(action.arg)
        if self._log is not None:
            self._say(Msg.RETURN, seat=seat, n=k, held=len(hand))
            self._tell(seat, Msg.YOU_RETURN, cards=[D.CARD_NAMES[c] for c in action.arg])

    def _do_claim(self, task: Task, action: Action) -> None:
        seat, mask = task[1], action.arg
        goods = self.goods[seat]
        items = mask_items(mask)
        for g in items:
            goods[D.CORN] -= D.MOON_CLAIM_COST_CORN
            goods[g] += 1
        declined = mask_items(task[2] & ~mask)
        if items:
            if self._log is not None:
                self._say(Msg.CLAIM, seat=seat, n=len(items) * D.MOON_CLAIM_COST_CORN,
                          gains=[[D.GOODS[g], 1] for g in items])
        if declined:
            if self._log is not None:
                self._say(Msg.CLAIM_DECLINED, seat=seat, goods=[D.GOODS[g] for g in declined])

    # -- entering a district ----------------------------------------------------------------
    def _enter(self, p: int, d: int) -> None:
        stack = self.stack
        if d < 5:
            units = self.bonus[d]
            if not units:
                if self._log is not None:
                    self._say(Msg.NO_BONUS)
                return
            self.bonus[d] = 0
            amount = units * (D.FARMER_CORN if d == D.D_CORN else 1)
            self.goods[p][d] += amount
            if self._log is not None:
                self._say(Msg.BONUS, seat=p, gains=[[D.GOODS[d], amount]])
            order = self.order_from(p)
            if d == D.D_CORN:
                for s in order:
                    farmers = self.incas[s][D.D_CORN]
                    if farmers:
                        self.goods[s][D.CORN] += farmers * D.FARMER_CORN
                        if self._log is not None:
                            self._say(Msg.FARMERS, seat=s, n=farmers, corn=farmers * D.FARMER_CORN)
                return
            for s in reversed(order):
                if self.incas[s][d]:
                    stack.append((_PRODUCE, s, d))
            return
        if d in D.TEMPLES:
            stones = self.bonus[d]
            if not stones:
                if self._log is not None:
                    self._say(Msg.NO_STONE)
                return
            self.bonus[d] = 0
            for s in reversed(self.order_from(p)):
                if d == D.D_MAIN:
                    stack.append((_OFFER, s))
                else:
                    stack.append((_SACRIFICE, s, D.ROW_TEMPLE.index(d)))
            steps = stones * D.STEPS_PER_STONE
            if self._log is not None:
                self._say(Msg.STONES, seat=p, n=stones, steps=steps)
            stack.append((_ADVANCE, p, steps))
            return
        if d in (D.D_HUT, D.D_PALACE):
            stack.append((_HIRE, p, d))
        elif d in (D.D_PRIESTS, D.D_VIRGINS):
            stack.append((_ACQUIRE, p, d))
        elif d == D.D_PLAZA:
            self.mkt_adjusted = self.mkt_traded = False
            self.mkt_bought = self.mkt_sold = self.mkt_trades = 0
            stack.append((_MARKET, p))
        else:
            stack.append((_SUNCLOCK, p))

    def _take_moon_tile(self, p: int, tile: int) -> None:
        bit = 1 << tile
        self.board_tiles &= ~bit
        self.held_tiles[p] |= bit
        self.tiles_today += 1
        if self._log is not None:
            self._say(Msg.MOON_TILE, seat=p, tile=D.MOON_IDS[tile])
        if self.tiles_today == D.MOON_TILES_TO_END_DAY:
            self.sun_holder = p
            self.final_turns = self.n  # this turn and one more for every other player
            if self._log is not None:
                self._say(Msg.SUN_TILE, seat=p)
        if self.day == D.LAST_DAY:  # no night follows: the tile pays at once
            self._pay_tiles(p, bit)

    def _pay_tiles(self, seat: int, tiles: int) -> None:
        """Pay what the moon tiles in `tiles` give: corn now; goods by decision; steps."""
        steps = 0
        goods_tiles = 0
        for t in mask_items(tiles):
            _tid, corn, good, trail_steps = D.MOON_TILES[t]
            if corn:
                self.goods[seat][D.CORN] += corn
                if self._log is not None:
                    self._say(Msg.TILE_CORN, seat=seat, n=corn)
            if good is not None:
                goods_tiles |= 1 << good
            steps += trail_steps
        if steps:
            if self._log is not None:
                self._say(Msg.TILE_STEPS, seat=seat, steps=steps)
            self.stack.append((_ADVANCE, seat, steps))
        if goods_tiles:
            self.stack.append((_CLAIM, seat, goods_tiles))

    # -- automatic tasks --------------------------------------------------------------------
    def _auto_advance(self, task: Task) -> None:
        _, seat, steps = task
        position = self.trail[seat]
        move = ADVANCES[position][steps] if steps < MAX_STEPS else advance_scout(position, steps)
        self.trail[seat] = move[0]
        if move[1]:
            self.pending_corn[seat] += move[1] * D.GRANARY_CORN
        if move[2]:
            self.pending_llama[seat] += move[2]
        for _ in range(move[3]):
            self.stack.append((_SUMMIT, seat))

    def _auto_summit(self, task: Task) -> None:
        seat = task[1]
        left = len(self.deck)
        if not left:
            self.summit_vp[seat] += D.SUMMIT_VP_WHEN_DECK_EMPTY
            if self._log is not None:
                self._say(Msg.SUMMIT_EMPTY, seat=seat, n=D.SUMMIT_VP_WHEN_DECK_EMPTY)
            return
        if self.history is not None:
            self.reveal_mark = len(self.history)
        draw = min(D.SUMMIT_DRAW, left)
        cards = self.deck[:draw]
        del self.deck[:draw]
        bit = 1 << seat
        hand = self.hands[seat]
        for c in cards:
            hand.append(c)
            self.known[c] = bit
        hand.sort()
        put_back = draw - 1 if draw < D.SUMMIT_DRAW else D.SUMMIT_RETURN
        if self._log is not None:
            self._say(Msg.SUMMIT, seat=seat, n=draw)
            self._tell(seat, Msg.YOU_DRAW, cards=[D.CARD_NAMES[c] for c in cards])
        if put_back:
            self.drawn = cards
            self.stack.append((_RETURN, seat, put_back))
        if not self.deck and not put_back:  # cards put back refill it: not exhausted yet
            self.deck_out = True
            if self._log is not None:
                self._say(Msg.DECK_OUT)

    def _pay_rewards(self) -> None:
        """Pay every pending Granary and Llama Stable reward."""
        if not (any(self.pending_corn) or any(self.pending_llama)):
            return              # the common case, at the end of every turn
        for s in range(self.n):
            corn, llamas = self.pending_corn[s], self.pending_llama[s]
            if corn or llamas:
                self.goods[s][D.CORN] += corn
                self.goods[s][D.LLAMA] += llamas
                self.pending_corn[s] = self.pending_llama[s] = 0
                if self._log is not None:
                    self._say(Msg.TRAIL_REWARDS, seat=s,
                              gains=[[g, k] for g, k in (("corn", corn), ("llama", llamas)) if k])

    def _auto_end_turn(self, task: Task) -> None:
        p = task[1]
        self._pay_rewards()
        day_over = False
        if self.final_turns:
            self.final_turns -= 1
            if not self.final_turns:
                day_over = True
                if self.time_corn >> self.day & 1:
                    self.time_corn &= ~(1 << self.day)
                    self.goods[p][D.CORN] += 1
                    if self._log is not None:
                        self._say(Msg.TIME_CORN, seat=p)
        if self.priests_out:
            return self._finish("priests")
        if self.deck_out:
            return self._finish("cards")
        if day_over:
            if self.day == D.LAST_DAY:
                return self._finish("conquest")
            return self._schedule_night()
        nxt = (p + 1) % self.n
        self.current = nxt
        self.stack.append((_TURN, nxt))

    def _schedule_night(self) -> None:
        if self._log is not None:
            self._say(Msg.NIGHT, day=self.day)
        order = self.order_from(self.sun_holder)
        tasks: list[Task] = [(_NIGHT_MOON, s) for s in order] + [(_NIGHT_REWARDS,)]
        tasks += [(_NIGHT_SUNCLOCK, s) for s in order] + [(_NIGHT_REWARDS,)]
        tasks += [(_NIGHT_BONUS,), (_NEW_DAY,)]
        self.stack.extend(reversed(tasks))

    def _auto_night_moon(self, task: Task) -> None:
        seat = task[1]
        tiles = self.held_tiles[seat]
        if tiles:
            self.held_tiles[seat] = 0
            self.board_tiles |= tiles
            self._pay_tiles(seat, tiles)

    def _auto_night_sunclock(self, task: Task) -> None:
        seat = task[1]
        k = self.sunclock[seat]
        if not k:
            return
        self.sunclock[seat] = 0
        self.supply[seat] += k
        if self._log is not None:
            self._say(Msg.SUNCLOCK_RETURN, seat=seat, n=k)
        for _ in range(k):
            self.stack.append((_ADVANCE, seat, D.SUNCLOCK_STEPS))
            self.stack.append((_TAKE, seat))

    def _auto_night_rewards(self, task: Task) -> None:
        self._pay_rewards()
        if self.deck_out:
            self._finish("cards")

    def _auto_night_bonus(self, task: Task) -> None:
        for d in D.BONUS_DISTRICTS:
            if self.bonus[d] < D.MAX_BONUS:
                self.bonus[d] += 1

    def _auto_new_day(self, task: Task) -> None:
        self.day += 1
        self.tiles_today = 0
        self.turns_today = 0
        self.board_tiles = ALL_TILES
        start = self.sun_holder
        self.sun_holder = None
        self.final_turns = 0
        self.current = start
        if self._log is not None:
            self._say(Msg.NEW_DAY, day=self.day, seat=start)
        self.stack.append((_TURN, start))

    def _finish(self, reason: str) -> None:
        self.over = True
        self.end_reason = reason
        self.stack.clear()
        self._legal = None
        if self._log is None:      # a search copy: no score sheet to word
            return
        result = score(self)
        self._say({"priests": Msg.END_PRIESTS, "cards": Msg.END_CARDS,
                   "conquest": Msg.END_CONQUEST}[reason])
        winners = list(result["winners"])
        self._say(Msg.WINNERS, winner_seats=winners, n=len(winners),
                  points=result["seats"][winners[0]]["final"])

    # -- results, hidden information --------------------------------------------------------
    def result(self) -> dict[str, Any]:
        """Winners, end reason and each seat's score breakdown (only once the game is over)."""
        if not self.over:
            raise IllegalAction("the game is not over yet")
        return score(self)

    def view(self, seat: Optional[int] = None) -> dict[str, Any]:
        """A JSON-able dict of all that `seat` may see; None gives the public view."""
        if seat is not None:
            self._check_seat(seat)
        return build_view(self, seat)

    def to_save(self) -> dict[str, Any]:
        """The save: format and rules versions, seed, options and the action list (JSON-able)."""
        return to_save(self)

    def determinize(self, seat: int, rng: random.Random) -> "Game":
        """A copy in which everything hidden from `seat` is re-dealt at random, consistently with
        what `seat` has seen: its own cards and the deck positions of the cards it put back stay;
        the other players' cards and the unknown deck positions are dealt anew.

        Fair by construction: the copy carries nothing `seat` could not know. The re-deal depends
        only on what `seat` sees and on `rng` (the hidden cards are sorted before they are
        shuffled); the game's seed (which would reproduce the real shuffle) is replaced by a fresh
        one drawn from `rng`; the log keeps only the public lines and `seat`'s own (the other
        seats' "You draw ..." lines are gone); the action history is dropped (the copy cannot be
        saved: the other seats' past choices no longer match their cards). So two games that
        differ only in what `seat` cannot see give the very same copy, and `view(seat)` is
        unchanged, log included.
        """
        self._check_seat(seat)
        if not isinstance(rng, random.Random):
            raise ValueError(f"determinize needs a random.Random, not {quote(rng)}")
        log, history, deciders = self._log, self.history, self.deciders
        self._log = self.history = self.deciders = None
        try:
            g = self.clone()
        finally:
            self._log, self.history, self.deciders = log, history, deciders
        if log is not None:
            g._log = [entry for entry in log if entry[0] is None or entry[0] == seat]
        g.seed = rng.randrange(2**31)
        if self.over:  # every hand is revealed at the end: nothing is hidden any more
            return g
        bit = 1 << seat
        slots: list[tuple[list[int], int]] = []
        for q in range(self.n):
            if q != seat:
                slots += [(g.hands[q], i) for i in range(len(g.hands[q]))]
        slots += [(g.deck, i) for i, c in enumerate(g.deck) if not g.known[c] & bit]
        cards = [where[i] for where, i in slots]
        dealt = sorted(cards)
        rng.shuffle(dealt)
        mapping = dict(zip(cards, dealt))
        for (where, i), card in zip(slots, dealt):
            where[i] = card
        for q in range(self.n):
            if q != seat:
                g.hands[q].sort()
                for c in g.hands[q]:
                    g.known[c] = 1 << q
        for c in g.deck:
            if not g.known[c] & bit:
                g.known[c] = 0
        g.drawn = [mapping.get(c, c) for c in g.drawn]
        g._legal = None
        if not g.over:
            g._legal = g._compute_legal(g.stack[-1])
        return g


# What the game does for each kind of task: a decision taken (`_apply`), or a step it runs by
# itself (`_run`). One table each, so an editor can follow the flow from a prompt's kind.
DECISION_HANDLERS = {
    Decision.SETUP: Game._do_setup, Decision.TURN: Game._do_turn,
    Decision.PRODUCE: Game._do_produce, Decision.SACRIFICE: Game._do_sacrifice,
    Decision.OFFER: Game._do_offer, Decision.HIRE: Game._do_hire,
    Decision.ACQUIRE: Game._do_acquire, Decision.MARKET: Game._do_market,
    Decision.SUNCLOCK: Game._do_sunclock, Decision.TAKE: Game._do_take,
    Decision.RETURN: Game._do_return, Decision.CLAIM: Game._do_claim,
}
STEP_HANDLERS = {
    Step.ADVANCE: Game._auto_advance, Step.SUMMIT: Game._auto_summit,
    Step.END_TURN: Game._auto_end_turn, Step.NIGHT_MOON: Game._auto_night_moon,
    Step.NIGHT_SUNCLOCK: Game._auto_night_sunclock, Step.NIGHT_REWARDS: Game._auto_night_rewards,
    Step.NIGHT_BONUS: Game._auto_night_bonus, Step.NEW_DAY: Game._auto_new_day,
}
assert set(DECISION_HANDLERS) == set(Decision) and set(STEP_HANDLERS) == set(Step)
