"""The steps of the play, drawn from the events the engine logged: one step per action (its
stable text and the seat that took it) with what it changed on the table for every player
(goods, steps on the Incatrail, Incas set up, Priests and Virgins), where it happened, where the
Prince went, and the night it ended or was part of. Only public events are read
(`Game.action_events`): no secret (a card put back, a hand) reaches a step, and no copy of the
game is replayed.

A step: {"seat", "text", "day", "at" (its index in the history), "changes": {seat: {good |
"steps" | "incas" | "cards": n}}, "where"?, "went"?: (from, to), "night"?: {"after_day",
"ends_day", "tiles": {seat: [tile]}, "sunclock": {seat: n}, "starts", "new_day"}}.
"""

from __future__ import annotations

from typing import Any, Optional

from machu_picchu import data as D

MAX_STEPS = 80           # a summary longer than this keeps its last steps (a long absence)
# The decisions whose prompt names the district they happen at (the Prince's last move there).
AT_DISTRICT = ("produce", "sacrifice", "offer", "hire", "acquire")
AT_PLACE = {"done": "plaza", "buy": "plaza", "sell": "plaza", "adjust": "plaza",
            "sunclock": "sunclock"}


def _add(changes: dict, seat: Any, what: str, n: int) -> None:
    if isinstance(seat, int) and n:
        mine = changes.setdefault(seat, {})
        mine[what] = mine.get(what, 0) + n


class _Table:
    """What the public events tell of the table, followed event by event."""

    def __init__(self, players: int, day: int) -> None:
        self.day = day
        self.night = False               # between the night's start and the next day's
        self.over = False
        self.prince: list[Optional[str]] = [None] * players
        self.tiles: list[list[str]] = [[] for _ in range(players)]   # moon tiles held today
        self.sunclock = [0] * players     # Incas at the Sun Clock
        self.taken = [0, 0, 0]            # Priests and Virgins taken, per row
        self.entered: Optional[str] = None   # the district the last Prince moved to

    def read(self, eid: str, p: dict, changes: dict[int, dict[str, int]]) -> None:
        """Follow one event, adding what it changed to `changes` (seat -> what -> n)."""
        kind = eid[6:] if eid.startswith("mp.ev.") else eid
        seat = p.get("seat")

        def add(s: Any, what: str, n: int) -> None:
            _add(changes, s, what, n)

        if kind in ("move", "travel", "place"):
            self.prince[seat] = self.entered = p["district"]
            if kind == "travel":
                add(seat, "llama", -1)
        elif kind in ("bonus", "trail_rewards"):
            for good, n in p["gains"]:
                add(seat, good, n)
        elif kind in ("produce", "claim"):
            add(seat, "corn", -p["n"])
            for good, n in p["gains"]:
                add(seat, good, n)
        elif kind == "farmers":
            add(seat, "corn", p["corn"])
        elif kind == "sacrifice":
            add(seat, "llama", -p["llamas"])
            add(seat, "steps", p["steps"])
        elif kind == "offer":
            for good in p["goods"]:
                add(seat, good, -D.CORN_PER_UNIT if good == "corn" else -1)
            add(seat, "steps", p["steps"])
        elif kind == "take":             # the Sun Clock's goods, then its steps
            for good in p["goods"]:
                add(seat, good, D.CORN_PER_UNIT if good == "corn" else 1)
            add(seat, "steps", D.SUNCLOCK_STEPS)
        elif kind in ("stones", "tile_steps"):
            add(seat, "steps", p["steps"])
        elif kind == "tile_corn":
            add(seat, "corn", p["n"])
        elif kind == "time_corn":
            add(seat, "corn", 1)
        elif kind == "setup":
            add(seat, "incas", 1)
        elif kind == "hire":
            for prof in p["profs"]:
                for good, n in D.SETUP_COST[D.PROFESSION_INDEX[prof]]:
                    add(seat, D.GOODS[good], -n)
                add(seat, "incas", 1)
        elif kind == "acquire":
            row = D.ROW_INDEX[p["row"]]
            for good, n in enumerate(D.ROW_CARD_COSTS[row][self.taken[row]]):
                add(seat, D.GOODS[good], -n)
            self.taken[row] += 1
            add(seat, "cards", 1)
        elif kind in ("buy", "sell"):
            sign = 1 if kind == "buy" else -1
            add(seat, "corn", -sign * p["price"])
            add(seat, p["good"], sign)
        elif kind == "sunclock":
            self.sunclock[seat] += 1          # an Inca moves: its count of Incas stays
        elif kind == "sunclock_return":
            self.sunclock[seat] = 0
            add(seat, "incas", -p["n"])
        elif kind == "moon_tile":
            self.tiles[seat].append(p["tile"])
        elif kind == "night":
            self.night = True
        elif kind == "new_day":
            self.day, self.night = p["day"], False
            self.tiles = [[] for _ in self.tiles]
        elif kind in ("end_priests", "end_cards", "end_conquest"):
            self.over = True

    def night_now(self) -> bool:
        return self.night and not self.over


def _deferred(events: list, following: Optional[tuple]) -> Optional[tuple[int, int]]:
    """(seat, steps) of a moon tile's steps that the Scout climbs only after the seat's claim
    of its goods tiles (the engine runs that claim first): the action's last event is the
    tile's steps and the next action is that seat's claim."""
    if not events or following is None:
        return None
    eid, params = events[-1]
    text, seat, _events = following
    if eid == "mp.ev.tile_steps" and seat == params.get("seat") and text.startswith("claim "):
        return seat, params["steps"]
    return None


def _step(table: _Table, text: str, seat: int, events: list, at: int,
          carried: Optional[tuple], deferred: Optional[tuple]) -> dict[str, Any]:
    """One action's step, `table` followed through its events (`carried`: steps an earlier
    action's events told that the Scout climbs after this one; `deferred`: this action's,
    climbed after the next)."""
    before_night, day, prince = table.night_now(), table.day, table.prince[seat]
    held = {s: sorted(t, key=D.MOON_INDEX.__getitem__) for s, t in enumerate(table.tiles) if t}
    sunclock = {s: k for s, k in enumerate(table.sunclock) if k}
    entered = table.entered
    changes: dict[int, dict[str, int]] = {}
    starts = new_day = None
    for eid, params in events:
        table.read(eid, params, changes)
        if eid == "mp.ev.new_day":
            starts, new_day = params.get("seat"), params["day"]
    for who, steps in (carried or (None, 0), (deferred[0], -deferred[1]) if deferred else (None, 0)):
        if who is not None:
            mine = changes.setdefault(who, {})
            mine["steps"] = mine.get("steps", 0) + steps
    verb, _, arg = text.partition(" ")
    step: dict[str, Any] = {
        "seat": seat, "text": text, "day": day,
        "changes": {s: kept for s, c in sorted(changes.items())
                    if (kept := {k: v for k, v in c.items() if v})},
        "at": at,
    }
    where = entered if verb in AT_DISTRICT else AT_PLACE.get(verb)
    if where:
        step["where"] = where
    after = table.prince[seat]
    if after and after != prince:
        step["went"] = (prince, after)
    if new_day is not None or table.night_now() != before_night or before_night:
        step["night"] = {
            "after_day": day,
            "ends_day": not before_night,
            # moon tiles are paid at night: those held before, and one taken by this very action
            "tiles": held if not before_night else {},
            "sunclock": sunclock if not before_night else {},
            "starts": starts, "new_day": new_day,
        }
        if verb == "stay" and not before_night:
            step["night"]["tiles"].setdefault(seat, [])
            if arg not in step["night"]["tiles"][seat]:
                step["night"]["tiles"][seat].append(arg)
    return step


def _follow(game: Any, table: _Table, first: int, done: int, carried: tuple,
            out: list) -> tuple:
    """Follow the actions from number `done` on (those before `first` for the table only),
    adding their steps to `out`; the steps carried to the next action."""
    actions = game.action_events(done)
    prompt = game.prompt                 # the decision at hand follows the last action
    now = ("claim ", prompt[1], []) if prompt is not None and prompt[0] == "claim" else None
    for i, (text, seat, events) in enumerate(actions, done):
        k = i - done
        deferred = _deferred(events, actions[k + 1] if k + 1 < len(actions) else now)
        if i < first:
            for eid, params in events:
                table.read(eid, params, {})
        else:
            out.append(_step(table, text, seat, events, i, carried, deferred))
        carried = deferred or (None, 0)
    return carried


def _start(game: Any) -> _Table:
    return _Table(len(game.names), game.glance()["start_day"])


def steps_from(game: Any, first: int) -> list[dict[str, Any]]:
    """The steps of the actions from number `first` on (the events before it followed too)."""
    out: list = []
    _follow(game, _start(game), first, 0, (None, 0), out)
    return out


def steps_since(ctx: Any, mark_step: Optional[int]) -> list[dict]:
    """The steps from `mark_step` (a length of the game's history) to now, for the seat on
    screen (the last MAX_STEPS); kept in ctx.memo and extended by the new actions only."""
    game = ctx.game
    history = list(game.history or ())
    if mark_step is None or not 0 <= mark_step <= len(history) or game.is_over:
        return []
    memo = ctx.memo.get("follow")
    same_play = (memo is not None and memo["done"] <= len(history)
                 and memo["history"] == history[:memo["done"]])
    if same_play and memo["mark"] < mark_step:
        # the mark moved on (the person's new turn): a step does not depend on the mark, so
        # the table followed so far is kept and the steps before the mark are dropped
        memo["mark"] = mark_step
        memo["steps"] = [st for st in memo["steps"] if st["at"] >= mark_step]
    if not same_play or memo["mark"] != mark_step:
        memo = {"mark": mark_step, "done": 0, "history": [], "table": _start(game),
                "carried": (None, 0), "steps": []}
        ctx.memo["follow"] = memo
    if memo["done"] < len(history):
        memo["carried"] = _follow(game, memo["table"], mark_step, memo["done"],
                                  memo["carried"], memo["steps"])
        memo["done"], memo["history"] = len(history), history
    return memo["steps"][-MAX_STEPS:]
