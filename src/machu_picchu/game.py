"""The game state and every rule of The Princes of Machu Picchu.

The flow of play is a stack of pending tasks. Automatic tasks (paying a bonus, moving a scout,
the steps of the night) run at once; a decision task stops the game until its seat chooses one of
`legal_actions()`. Exactly one seat decides at a time, and it need not be the player whose turn it
is: another player's production or sacrifice, a summit draw, Sun Clock goods at night.

State lives in flat lists of ints so that `clone()` is a handful of list copies.

This module holds the state and the public API; beside it: the rules' tables (tables.py), the
legal actions (legal.py) and why one is refused (refusals.py), what each decision does
(decisions.py), what the game does by itself between decisions (steps.py: the trail, the night,
the end), the set-up options (options.py) and a seat's re-dealt copy (hidden.py).
"""

from __future__ import annotations

import random
from typing import Any, Optional

from tabletop.history import replay

from . import data as D
from .actions import Action, IllegalAction, parse_action
from .decisions import DECISION_HANDLERS
from .events import Msg
from .hidden import determinize as redeal
from .kinds import Decision, Prompt
from .legal import legal_for
from .options import Options
from .refusals import GAME_OVER, NO_HISTORY, NOT_OVER, bad_undo, no_seat, refusal, undo_refused
from .save import to_save
from .scoring import score
from .steps import STEP_HANDLERS
from .tables import ALL_TILES, DECLINE_IDS
from .view import build_view

Task = tuple  # (Decision or Step, seat, ...): see decisions.DECISION_HANDLERS, steps.STEP_HANDLERS

DECISIONS = frozenset(Decision)
# The kinds as plain module globals for the hot paths: an enum member looked up through its class
# costs CPython 3.11 five times a global.
_SETUP = Decision.SETUP
_TURN = Decision.TURN


def _params(params: dict[str, Any]) -> dict[str, Any]:
    """A copy of an event's parameters for the caller (the game's entries are shared)."""
    return {k: [x[:] if type(x) is list else x for x in v] if type(v) is list else v
            for k, v in params.items()}


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
        "deciders", "starts", "reveal_mark",
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
        g.starts = []        # where each action's events begin in the log
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
        g.starts = None if self.starts is None else self.starts[:]
        g.reveal_mark = self.reveal_mark
        return g

    def fast_clone(self) -> "Game":
        """A clone that keeps no log and no history: for search, where only the state matters."""
        log, history, deciders, starts = self._log, self.history, self.deciders, self.starts
        self._log = self.history = self.deciders = self.starts = None
        try:
            return self.clone()
        finally:
            self._log, self.history, self.deciders, self.starts = log, history, deciders, starts

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
            raise IllegalAction(*GAME_OVER)
        if self._legal is None:
            self._legal = self._compute_legal(self.stack[-1])
        if not any(a is action for a in self._legal):   # interned: identity is equality
            raise IllegalAction(*refusal(self, action))
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

    def undo_refused(self, seat: int, replies: bool = False) -> Optional[tuple[str, dict[str, Any]]]:
        """Why `seat` may take nothing back now (`undoable`, with `replies` `takeback`, is 0): a
        catalogue id (mp.refusal.undo_*) and parameters; None when it may. ValueError for a
        seat not in the game."""
        self._check_seat(seat)
        return undo_refused(self, seat, replies)

    def undo(self, count: int = 1) -> "Game":
        """A new game replayed without the last `count` actions; this game is left as it is.

        `count` is a whole number from 0 to the number of actions taken (`undoable(seat)` says how
        many a player may take back); anything else raises IllegalAction."""
        if self.history is None:
            raise IllegalAction(NO_HISTORY)
        if type(count) is not int or not 0 <= count <= len(self.history):
            raise IllegalAction(bad_undo(count, len(self.history)))
        options, seed = self.options, self.seed
        return replay(lambda: Game.new(options, seed), self.history[: len(self.history) - count])

    def _check_seat(self, seat: object) -> None:
        """ValueError unless `seat` is a seat of this game (an int, not a bool)."""
        if type(seat) is not int or not 0 <= seat < self.n:
            raise ValueError(no_seat(seat, self.n))

    def glance(self) -> dict[str, Any]:
        """Where the pieces stand and where the day is, cheaply (no log, no cards; public): what
        the page compares between two drawings. Princes by district number (-1: not placed),
        scouts by their step on the Incatrail, the day and the day the game began on, the Sun
        tile's holder (None: still in the sky), the turns left after it was taken, the day's
        turns so far and the seat whose turn it is."""
        return {"princes": list(self.prince), "scouts": list(self.trail), "day": self.day,
                "start_day": self.start_day,
                "sun_tile": self.sun_holder, "final_turns": self.final_turns,
                "turns_today": self.turns_today, "active": self.current, "over": self.over}

    def action_events(self, first: int = 0) -> list[tuple[str, int, list[list]]]:
        """What each action from number `first` on did, as everyone saw it: (its text, the seat
        that took it, the public events it caused, those of the steps that followed it
        included). Empty for a copy that keeps no history."""
        if self.history is None or self.starts is None or self._log is None:
            return []
        log, starts, out = self._log, self.starts, []
        for i in range(max(0, first), len(self.history)):
            end = starts[i + 1] if i + 1 < len(starts) else len(log)
            out.append((self.history[i], self.deciders[i],
                        [[eid, _params(p)] for seat, eid, p in log[starts[i]:end] if seat is None]))
        return out

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

    # -- legality: legal.py (the actions), refusals.py (why one is refused) ---------------
    _compute_legal = legal_for

    # -- applying ---------------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        task = self.stack.pop()
        self._legal = None
        if self.history is not None:
            self.history.append(action.text)
            self.deciders.append(task[1])
            self.starts.append(len(self._log) if self._log is not None else 0)
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
                if len(legal) == 1 and id(legal[0]) in DECLINE_IDS:
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

    # -- results, hidden information --------------------------------------------------------
    def result(self) -> dict[str, Any]:
        """Winners, end reason and each seat's score breakdown (only once the game is over)."""
        if not self.over:
            raise IllegalAction(NOT_OVER)
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
        what `seat` has seen (hidden.py says how); `view(seat)` is the same on it."""
        return redeal(self, seat, rng)
