"""The state of a game of Incan Gold and the flow of play.

The simultaneous secret choice is taken one seat at a time: the seats still in the temple choose
in seat order from the start player, each choice hidden from the others; once the last choice is
in, the reveal and everything after it (the split among leavers, the next card, the end of a round,
the next round's first card) run at once, until a choice is needed again or the game is over.
Exactly one seat decides at a time.

State lives in flat lists of ints so that `clone()` is a handful of list copies.
"""

from __future__ import annotations

import random
from typing import Any, Callable, NamedTuple, Optional

from tabletop.errors import quote

from . import data as D
from .actions import ALL_ACTIONS, CAMP, TORCH, Action, parse_action
from .errors import IllegalAction
from .kinds import Decision, Msg, Prompt, RoundEnd
from .options import Options
from .shuffle import INC, MASK, MUL, below, seed_state

_NO_CHOICE = -1
_CAMP = CAMP.index
_KIND, _GEMS, _HAZARD = D.CARD_KIND, D.CARD_GEMS, D.CARD_HAZARD
_TREASURE, _ARTIFACT = D.TREASURE, D.ARTIFACT
_ARTIFACT_CARDS = (None,) + tuple(D.artifact_card(r) for r in range(1, D.ROUNDS + 1))
_PROMPTS = tuple(Prompt(Decision.CHOOSE, s) for s in range(D.MAX_PLAYERS))
_CHOOSE = Decision.CHOOSE
_new_tuple = tuple.__new__
# The seats in order from each start player, per table size.
_ROTATIONS = {n: tuple(tuple((start + k) % n for k in range(n)) for start in range(n))
              for n in range(D.MIN_PLAYERS, D.MAX_PLAYERS + 1)}
# The events of a choice, made once per seat and action: the public "seat has chosen" and the
# private "you chose X". Log entries are shared between games and never mutated (`log` and
# `log_for` hand out copies).
_CHOSE_EVENTS = tuple(
    tuple(((None, Msg.CHOSE, {"seat": s}), (s, Msg.YOU_CHOSE, {"choice": a.text}))
          for a in ALL_ACTIONS)
    for s in range(D.MAX_PLAYERS))


class RoundRecord(NamedTuple):
    """How a round ended (kept for the view and the statistics; never mutated)."""

    round: int
    end: RoundEnd
    path: tuple[int, ...]           # the cards turned, in order
    left: tuple[int, ...]           # the gems left lying on each at the end
    artifacts_at: tuple[int, ...]   # path indices of the artifacts lost with the round
    bust_at: int                    # path index of the second hazard, or -1
    tents: tuple[int, ...]          # each tent after the round: secret until the game is over
    artifacts: tuple[int, ...]      # how many artifacts each seat has carried out

    @property
    def hazard(self) -> Optional[str]:
        """The kind of hazard that ended the round, or None."""
        return D.HAZARDS[_HAZARD[self.path[self.bust_at]]] if self.bust_at >= 0 else None


class Reveal(NamedTuple):
    """What the last reveal showed and what followed it at once (never mutated)."""

    round: int
    step: int
    torch: list[int]                     # the seats that went on
    camp: list[int]                      # the seats that went back to camp
    share: int                           # the gems each leaver took from the path
    banked: tuple[tuple[int, int], ...]  # (seat, gems put into its tent) per leaver
    artifacts: tuple[int, ...]           # values of the artifacts a lone leaver carried out

    def to_json(self) -> dict[str, Any]:
        return {"round": self.round, "step": self.step, "torch": list(self.torch),
                "camp": list(self.camp), "share": self.share,
                "banked": [list(b) for b in self.banked], "artifacts": list(self.artifacts)}


def _params(params: dict[str, Any]) -> dict[str, Any]:
    """A copy of an event's parameters for the caller (the game's entries are shared)."""
    return {k: list(v) if type(v) is list else v for k, v in params.items()}


def check_seat(seat: object, players: int) -> int:
    """`seat` as a seat number of a `players`-seat game; ValueError otherwise."""
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
        raise ValueError(f"no seat {quote(seat)} in a {players}-player game")
    return seat


class Game:
    """One game. Use `incan_gold.new_game()`; read `to_move`, `legal_actions()`; change it with
    `apply()`."""

    __slots__ = (
        "options", "seed", "n", "names", "rand",
        # the table
        "round", "start_player", "deck", "path", "left", "artifacts_here", "hazards_seen",
        "bust_at", "removed", "artifacts_out", "artifacts_lost",
        # per seat
        "in_temple", "inside", "round_gems", "tent", "artifacts",
        # the step being chosen
        "choice", "order", "pos", "step", "last_reveal",
        # bookkeeping
        "over", "rounds_done", "paid", "lost", "returned",
        "_log", "history", "reveal_mark",
    )

    # -- construction -----------------------------------------------------------------------
    @classmethod
    def new(cls, options: Options, seed: int) -> "Game":
        g = cls.__new__(cls)
        n = options.players
        g.options, g.seed, g.n, g.names = options, seed, n, options.names
        # The generator's state (one int, see shuffle.py) draws the start player, then each card.
        g.rand, g.start_player = below(seed_state(seed), n)
        g.round = 0
        g.deck = list(D.QUEST_CARDS)
        g.path, g.left, g.artifacts_here = [], [], []
        g.hazards_seen = 0
        g.bust_at = -1
        g.removed = []
        g.artifacts_out = g.artifacts_lost = 0
        g.in_temple = [True] * n
        g.inside = n
        g.round_gems = [0] * n
        g.tent = [0] * n
        g.artifacts = [[] for _ in range(n)]
        g.choice = [_NO_CHOICE] * n
        g.order, g.pos, g.step = [], 0, 0
        g.last_reveal = None
        g.over = False
        g.rounds_done = []
        g.paid = g.lost = g.returned = 0
        g._log = []
        g.history = []
        g.reveal_mark = 0
        g._say(Msg.GAME_START, n=n, start_seat=g.start_player, diamant=options.diamant)
        g._start_round()
        return g

    def clone(self) -> "Game":
        """A fast, independent copy (never `copy.deepcopy`)."""
        cls = self.__class__
        g = cls.__new__(cls)
        g.options, g.seed, g.n, g.names = self.options, self.seed, self.n, self.names
        g.rand, g.round, g.start_player = self.rand, self.round, self.start_player
        g.deck, g.path, g.left = self.deck[:], self.path[:], self.left[:]
        g.artifacts_here = self.artifacts_here[:]
        g.hazards_seen, g.bust_at, g.removed = self.hazards_seen, self.bust_at, self.removed[:]
        g.artifacts_out, g.artifacts_lost = self.artifacts_out, self.artifacts_lost
        g.in_temple, g.inside = self.in_temple[:], self.inside
        g.round_gems, g.tent = self.round_gems[:], self.tent[:]
        g.artifacts = [a[:] for a in self.artifacts]
        g.choice, g.order, g.pos, g.step = self.choice[:], self.order, self.pos, self.step
        g.last_reveal = self.last_reveal          # never mutated once made
        g.over, g.rounds_done = self.over, self.rounds_done[:]   # summaries: never mutated
        g.paid, g.lost, g.returned = self.paid, self.lost, self.returned
        g._log = None if self._log is None else self._log[:]
        g.history = None if self.history is None else self.history[:]
        g.reveal_mark = self.reveal_mark
        return g

    def fast_clone(self) -> "Game":
        """A clone without log or history: for search, where only the state matters."""
        log, history = self._log, self.history
        self._log = self.history = None
        try:
            return self.clone()
        finally:
            self._log, self.history = log, history

    # -- public API -------------------------------------------------------------------------
    @property
    def to_move(self) -> Optional[int]:
        """The seat that chooses now; None once the game is over."""
        return None if self.over else self.order[self.pos]

    @property
    def is_over(self) -> bool:
        """True once the fifth round has ended."""
        return self.over

    @property
    def prompt(self) -> Optional[Prompt]:
        """The decision at hand, `Prompt(kind=Decision.CHOOSE, seat)`; None once over."""
        return None if self.over else _PROMPTS[self.order[self.pos]]

    @property
    def log(self) -> list[list]:
        """What happened, as the public saw it: events as JSON-able [id, params] lists."""
        return [[eid, _params(params)] for who, eid, params in (self._log or ()) if who is None]

    def log_for(self, seat: Optional[int]) -> list[list]:
        """The log as `seat` sees it: the public events and that seat's private ones."""
        if seat is not None:
            check_seat(seat, self.n)
        return [[eid, _params(params)] for who, eid, params in (self._log or ())
                if who is None or who == seat]

    def legal_actions(self) -> list[Action]:
        """The actions the seat to move may take (torch, camp); empty once the game is over.
        A new list on each call: the caller may shuffle it without touching the game."""
        return [] if self.over else [TORCH, CAMP]

    def apply(self, action: Action | str) -> None:
        """Take `action` for the seat to move. Anything illegal raises IllegalAction (or
        InvalidAction for what is no action at all) and leaves the game as it was."""
        if action is not TORCH and action is not CAMP:
            action = parse_action(action)
        if self.over:
            raise IllegalAction("the game is over: no more choices")
        _HANDLERS[_CHOOSE](self, action)

    def apply_unchecked(self, action: Action) -> None:
        """Apply TORCH or CAMP without checks, for search."""
        self._do_choose(action)

    def undoable(self, seat: int) -> int:
        """How many actions `seat` may take back now: 1 when the last choice made is its own and
        has not been revealed yet, else 0. (Only the seat's own trailing choice: taking back
        anything more would hand the decision to a seat whose choice is still hidden.)"""
        check_seat(seat, self.n)
        if (self.over or self.history is None or len(self.history) <= self.reveal_mark
                or self.order[self.pos - 1] != seat):
            return 0
        return 1

    def undo_refused(self, seat: int, replies: bool = False) -> Optional[tuple[str, dict[str, Any]]]:
        """Why `seat` may take nothing back now (`undoable` is 0): a catalogue id
        (ig.refusal.undo_*) and parameters; None when it may. (`replies`: the same here, one's
        own last choice only.)"""
        if self.undoable(seat):
            return None
        history = self.history or []
        if self.over or not history:
            return ("ig.refusal.over" if self.over else "ig.refusal.undo_none"), {}
        if len(history) <= self.reveal_mark or self.pos == 0:
            return "ig.refusal.undo_revealed", {}
        return "ig.refusal.undo_other", {"name": self.names[self.order[self.pos - 1]]}

    def undo(self, count: int = 1) -> "Game":
        """A new game replayed without the last `count` actions (the page offers `undoable`)."""
        if self.history is None:
            raise IllegalAction("this copy keeps no history (a search copy): nothing to undo")
        if (not isinstance(count, int) or isinstance(count, bool)
                or not 0 <= count <= len(self.history)):
            raise IllegalAction(f"cannot undo {quote(count)} actions of {len(self.history)}")
        from tabletop.history import replay
        options, seed = self.options, self.seed
        return replay(lambda: Game.new(options, seed), self.history[:len(self.history) - count],
                      error=IllegalAction)

    def seats_from(self, seat: int) -> list[int]:
        """All seats in seat order, starting with `seat`."""
        check_seat(seat, self.n)
        n = self.n
        return [(seat + k) % n for k in range(n)]

    def choices_in(self) -> list[int]:
        """The seats that have chosen in the step being decided (not what they chose)."""
        return list(self.order[:self.pos]) if not self.over else []

    def result(self) -> dict[str, Any]:
        """{"winners": [seats], "reason", "seats": [{"gems", "artifacts", "final"}]}: the score
        sheet once the game is over (IllegalAction before)."""
        if not self.over:
            raise IllegalAction("the game is not over yet")
        from .scoring import score
        return score(self)

    def glance(self) -> dict[str, Any]:
        """Where the game stands, cheaply (no log, no cards; public): the round, the step in it
        and whether the game is over, as the public view gives them."""
        return {"round": self.round, "rounds": D.ROUNDS, "step": self.step, "over": self.over}

    def view(self, seat: Optional[int] = None) -> dict[str, Any]:
        """A JSON-able dict of all that `seat` may see; None gives the public view."""
        if seat is not None:
            check_seat(seat, self.n)
        from .view import build_view
        return build_view(self, seat)

    def to_save(self) -> dict[str, Any]:
        """The save: game id, versions, seed, options and the action list (JSON-able)."""
        from .save import to_save
        return to_save(self)

    def determinize(self, seat: int, rng: random.Random) -> "Game":
        """A copy in which all that `seat` cannot see is drawn anew from `rng`: the order of the
        cards left in the deck, the shuffles of the rounds to come, and the choices that other
        seats have made in this step but that are not revealed yet (torch or camp at even odds;
        a search with its own model of the others may replace them with `assume_choice`).
        The deck is a set of cards drawn at random one at a time, so re-dealing it is giving
        it a new generator state.

        The re-deal depends only on what `seat` sees and on `rng`: two games that differ only in
        hidden things give the same copy. `view(seat)` is unchanged, log included. The tents are
        kept: every gem that goes into a tent is put there in plain sight (the log says how
        many), so they follow from what `seat` has seen. The copy keeps no history (it cannot be
        saved or undone)."""
        check_seat(seat, self.n)
        if not isinstance(rng, random.Random):
            raise ValueError(f"rng: a random.Random, not {quote(rng)}")
        g = self.clone()
        g.history = None
        if g._log is not None:
            g._log = [e for e in g._log if e[0] is None or e[0] == seat]
        if self.over:
            return g
        g.deck.sort()
        g.rand = rng.getrandbits(64)
        choice = g.choice
        for other in g.order[:g.pos]:
            if other != seat:
                choice[other] = rng.randrange(2)
        return g

    def assume_choice(self, seat: int, action: Action | str) -> None:
        """On a search copy only (from `determinize`; a game with a history refuses): let
        `seat`'s hidden, unrevealed choice of this step be `action` (for a search that models the
        other players)."""
        if self.history is not None:
            raise IllegalAction("only a determinized copy's hidden choices may be assumed")
        check_seat(seat, self.n)
        action = parse_action(action)
        if self.over or seat not in self.order[:self.pos]:
            raise IllegalAction(f"seat {seat} has no hidden choice in this step")
        self.choice[seat] = action.index

    # -- the log ----------------------------------------------------------------------------
    def _say(self, msg: str, **params: Any) -> None:
        """A public event."""
        if self._log is not None:
            self._log.append((None, msg, params))

    # -- the choice (the one decision) ------------------------------------------------------
    def _do_choose(self, action: Action) -> None:
        pos, order = self.pos, self.order
        seat = order[pos]
        self.choice[seat] = index = action.index
        if self.history is not None:
            self.history.append(action.text)
        if self._log is not None:
            self._log += _CHOSE_EVENTS[seat][index]
        self.pos = pos = pos + 1
        if pos == len(order):
            self._reveal()

    # -- automatic steps --------------------------------------------------------------------
    def _start_round(self) -> None:
        self.round += 1
        r = self.round
        if not self.options.diamant:
            self.deck.append(_ARTIFACT_CARDS[r])
        self.path, self.left, self.artifacts_here = [], [], []
        self.hazards_seen = 0
        self.bust_at = -1
        n = self.n
        self.in_temple = [True] * n
        self.inside = n
        self.round_gems = [0] * n
        self.last_reveal = None
        self.step = 0
        log = self._log
        if log is not None:
            log.append((None, Msg.ROUND_START, {"round": r, "start_seat": self.start_player}))
            if not self.options.diamant:
                log.append((None, Msg.ARTIFACT_SHUFFLED, {"round": r}))
        # The first card is turned with no choice: nobody has a reason to leave yet, and a hazard
        # there is the first of its kind, so it cannot end the round. If it is a hazard, there is
        # still nothing to leave with, so the rulebook turns the next card at once too (which may
        # be the second of that kind: a bust that costs nobody anything).
        self._turn_card()
        if _KIND[self.path[0]] == D.HAZARD and self._turn_card():
            self._end_round(RoundEnd.BUST)
            return
        self._begin_step()

    def _draw(self) -> int:
        """A card drawn uniformly among those left (see shuffle.py): the pick swaps with the
        last card, which is popped. (The deck is never empty here: with at most four hazards
        removed before the last round, some kind keeps two copies, so a round busts first.)"""
        deck = self.deck
        self.rand = rand = (self.rand * MUL + INC) & MASK
        j = ((rand >> 32) * len(deck)) >> 32
        card = deck[j]
        deck[j] = deck[-1]
        deck.pop()
        return card

    def _begin_step(self) -> None:
        """The seats still inside choose next, in seat order from the start player. (`choice`
        keeps the revealed choices of earlier steps until overwritten: only the entries of
        `order[:pos]` are ever read.)"""
        rotation = _ROTATIONS[self.n][self.start_player]
        if self.inside == self.n:
            self.order = rotation          # a shared tuple: `order` is replaced, never changed
        else:
            inside = self.in_temple
            self.order = [s for s in rotation if inside[s]]
        self.pos = 0
        self.step += 1

    def _turn_card(self) -> bool:
        """Turn the top card for those inside; True if it is a second hazard (the round is over)."""
        card = self._draw()
        index = len(self.path)
        self.path.append(card)
        kind = _KIND[card]
        if kind == _TREASURE:
            gems = _GEMS[card]
            inside = self.inside
            share, rest = divmod(gems, inside)
            if share:
                round_gems = self.round_gems
                in_temple = self.in_temple
                for s in range(self.n):
                    if in_temple[s]:
                        round_gems[s] += share
            self.left.append(rest)
            self.paid += gems
            if self._log is not None:
                self._log.append((None, Msg.CARD_TREASURE,
                                  {"gems": gems, "share": share, "n": inside, "left": rest}))
            return False
        self.left.append(0)
        if kind == _ARTIFACT:
            self.artifacts_here.append(index)
            self._say(Msg.CARD_ARTIFACT)
            return False
        hazard = _HAZARD[card]
        bit = 1 << hazard
        if not self.hazards_seen & bit:
            self.hazards_seen |= bit
            self._say(Msg.CARD_HAZARD, hazard=D.HAZARDS[hazard])
            return False
        # A second hazard of a kind: those inside flee and give back this round's gems.
        self.bust_at = index
        self.removed.append(hazard)
        victims = [s for s in range(self.n) if self.in_temple[s]]
        lost = 0
        for s in victims:
            lost += self.round_gems[s]
            self.round_gems[s] = 0
        self.lost += lost
        self._say(Msg.BUST, hazard=D.HAZARDS[hazard], lost_seats=victims, n=lost)
        return True

    def _reveal(self) -> None:
        """All choices are in: reveal them, pay the leavers, then turn a card or end the round."""
        choice = self.choice
        campers, torches = [], []
        for s in self.order:
            (campers if choice[s] == _CAMP else torches).append(s)
        if self.history is not None:
            self.reveal_mark = len(self.history)
        log = self._log
        if log is not None:
            log.append((None, Msg.REVEAL, {"torch_seats": torches, "camp_seats": campers}))
        if campers:
            share, banked, taken = self._go_to_camp(campers)
        else:
            share, banked, taken = 0, (), ()
        # (tuple.__new__ makes the named tuple without its Python-level __new__: a hot path)
        self.last_reveal = _new_tuple(Reveal, (self.round, self.step, torches, campers, share,
                                               banked, taken))
        if not torches:
            self._say(Msg.ALL_LEFT, round=self.round)
            self._end_round(RoundEnd.ALL_LEFT)
        elif self._turn_card():
            self._end_round(RoundEnd.BUST)
        else:
            self._begin_step()

    def _go_to_camp(self, campers: list[int]) -> tuple[int, tuple, tuple]:
        """The leavers split the gems left on the path (rounded down), bank all they gained this
        round, and a lone leaver carries out every artifact on the path. Returns the share, what
        each leaver banked ((seat, gems), ...) and the values of the artifacts carried out."""
        left = self.left
        k = len(campers)
        total = sum(left)
        share = total // k
        if share:
            # The remainder stays on the cards (which ones does not matter, says the rulebook):
            # the gems are taken from the first cards of the path first.
            take = share * k
            i = 0
            while take:
                t = left[i] if left[i] < take else take
                left[i] -= t
                take -= t
                i += 1
        log = self._log
        if log is not None:
            log.append((None, Msg.CAMP_SPLIT,
                        {"camp_seats": campers, "n": k, "share": share,
                         "left": total - share * k}))
        round_gems, tent, in_temple = self.round_gems, self.tent, self.in_temple
        banked = []
        for s in campers:
            hand = round_gems[s]
            gems = hand + share
            tent[s] += gems
            round_gems[s] = 0
            in_temple[s] = False
            banked.append((s, gems))
            if log is not None:
                # What the table sees: the gems the leaver picks up beside the tent and from the
                # path and carries home (never the tent's total, which stays closed).
                log.append((None, Msg.BANKED,
                            {"seat": s, "gems": gems, "hand": hand, "path": share, "n": gems}))
        self.inside -= k
        taken = ()
        if k == 1 and self.artifacts_here:
            s = campers[0]
            values = []
            for _ in self.artifacts_here:
                value = D.ARTIFACT_VALUES[self.artifacts_out]
                self.artifacts_out += 1
                self.artifacts[s].append(value)
                values.append(value)
                self._say(Msg.ARTIFACT_TAKEN, seat=s, value=value, n=self.artifacts_out)
            self.artifacts_here = []
            taken = tuple(values)
        return share, tuple(banked), taken

    def _end_round(self, how: RoundEnd) -> None:
        path = self.path
        if self.artifacts_here:
            self.artifacts_lost += len(self.artifacts_here)
            self._say(Msg.ARTIFACTS_LOST, n=len(self.artifacts_here))
        self.returned += sum(self.left)
        self.rounds_done.append(_new_tuple(RoundRecord, (
            self.round, how, tuple(path), tuple(self.left), tuple(self.artifacts_here),
            self.bust_at, tuple(self.tent), tuple([len(a) for a in self.artifacts]))))
        self.artifacts_here = []
        # The path goes back into the deck, but for the hazard that scared everyone away (out
        # of the game) and the artifacts (carried out, or lost with the round).
        bust_at = self.bust_at
        self.deck += [c for i, c in enumerate(path) if i != bust_at and _KIND[c] != _ARTIFACT]
        self.order, self.pos = [], 0
        if self.round == D.ROUNDS:
            self._finish()
            return
        self.start_player = (self.start_player + 1) % self.n
        self._start_round()

    def _finish(self) -> None:
        self.over = True
        from .scoring import score
        sheet = score(self)
        for s, row in enumerate(sheet["seats"]):
            self._say(Msg.FINAL_SCORE, seat=s, gems=row["gems"], artifacts=sum(row["artifacts"]),
                      n=len(row["artifacts"]), total=row["final"])
        best = sheet["seats"][sheet["winners"][0]]
        self._say(Msg.GAME_END, winner_seats=sheet["winners"], n=len(sheet["winners"]),
                  score=best["final"], artifacts=len(best["artifacts"]))


# The decisions' handlers, by kind (one kind in this game).
_HANDLERS: dict[Decision, Callable[[Game, Action], None]] = {Decision.CHOOSE: Game._do_choose}
