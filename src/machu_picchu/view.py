"""What a seat may see: a JSON-able dict built from the game state.

Every count is public; the faces of a seat's own cards are shown to that seat only; no one sees
the deck order or another seat's cards. `seat=None` gives the public view.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from .kinds import Decision
from . import data as D
from .actions import mask_items
from .market import buy_price, sell_price
from .scoring import seat_score

if TYPE_CHECKING:
    from .game import Game


def describe_prompt(game: "Game") -> Optional[dict[str, Any]]:
    """The decision at hand in public terms: its kind, its seat and what it concerns."""
    task = game.prompt
    if task is None:
        return None
    kind, seat = task[0], task[1]
    out: dict[str, Any] = {"kind": str(kind), "seat": seat, "active": game.current}
    if kind == Decision.PRODUCE:
        d = task[2]
        out.update(district=D.DISTRICTS[d], incas=game.incas[seat][d])
    elif kind == Decision.SACRIFICE:
        row = task[2]
        out.update(row=D.ROWS[row], district=D.DISTRICTS[D.ROW_TEMPLE[row]],
                   cards=game.owned[seat][row], steps_per_llama=game.row_value(row))
    elif kind == Decision.OFFER:
        out.update(district="main", steps_per_good=D.MAIN_TEMPLE_STEPS)
    elif kind in (Decision.HIRE, Decision.ACQUIRE):
        out.update(district=D.DISTRICTS[task[2]])
    elif kind == Decision.MARKET:
        out.update(district="plaza", adjusted=game.mkt_adjusted, traded=game.mkt_traded,
                   trades=game.mkt_trades, trades_left=D.MAX_TRADES_PER_VISIT - game.mkt_trades,
                   bought=[D.GOODS[g] for g in mask_items(game.mkt_bought)],
                   sold=[D.GOODS[g] for g in mask_items(game.mkt_sold)])
    elif kind == Decision.SUNCLOCK:
        out.update(district="sunclock")
    elif kind == Decision.RETURN:
        out.update(put_back=task[2])
    elif kind == Decision.CLAIM:
        out.update(tiles=[D.GOODS[g] for g in mask_items(task[2])])
    elif kind == Decision.TURN:
        here = game.prince[seat]
        out.update(first_turn=here < 0, at=D.DISTRICTS[here] if here >= 0 else None,
                   stay_only=here >= 0 and game.turns_today >= D.MAX_TURNS_PER_DAY)
    return out


def build_view(game: "Game", seat: Optional[int]) -> dict[str, Any]:
    """All that `seat` may see (None: the public view)."""
    n = game.n
    districts = {}
    for d, name in enumerate(D.DISTRICTS):
        entry: dict[str, Any] = {"princes": [s for s in range(n) if game.prince[s] == d]}
        if d < 5:
            entry["incas"] = [game.incas[s][d] for s in range(n)]
        if d < 9:
            entry["bonus"] = game.bonus[d]
        if d == D.D_SUNCLOCK:
            entry["incas"] = list(game.sunclock)
        districts[name] = entry
    market = {
        D.GOODS[g]: {"units": game.market[g], "buy": buy_price(game.market[g]),
                     "sell": sell_price(game.market[g])}
        for g in D.MARKET_GOODS
    }
    rows = {}
    for r, name in enumerate(D.ROWS):
        cost = game.next_card_cost(r)
        rows[name] = {
            "taken": game.rows_taken[r], "left": D.ROW_SIZES[r] - game.rows_taken[r],
            "steps": game.row_value(r),
            "next_cost": None if cost is None else {D.GOODS[g]: cost[g] for g in range(5) if cost[g]},
        }
    players = []
    for s in range(n):
        p: dict[str, Any] = {
            "name": game.names[s],
            "goods": {D.GOODS[g]: game.goods[s][g] for g in range(5)},
            "supply": game.supply[s],
            "incas": {D.PROFESSIONS[x]: game.incas[s][x] for x in range(5)},
            "sunclock": game.sunclock[s],
            "cards": len(game.hands[s]),
            "priests": {D.ROWS[r]: game.owned[s][r] for r in range(3)},
            "trail": game.trail[s],
            "moon_tiles": [D.MOON_IDS[t] for t in mask_items(game.held_tiles[s])],
            "prince": D.DISTRICTS[game.prince[s]] if game.prince[s] >= 0 else None,
            "summit_vp": game.summit_vp[s],
            "pending": {"corn": game.pending_corn[s], "llama": game.pending_llama[s]},
        }
        if s == seat:
            p["hand"] = [D.CARD_NAMES[c] for c in game.hands[s]]
            # what these cards would score if the game ended now (multiplier aside)
            now = seat_score(game, s)
            p["score_now"] = {k: now[k] for k in ("vp_by_source", "vp", "gold")}
            task = game.prompt
            if task is not None and task[0] == "return" and task[1] == s:
                p["drawn"] = [D.CARD_NAMES[c] for c in game.drawn]
        players.append(p)
    view: dict[str, Any] = {
        "seat": seat,
        "players": players,
        "start_player": game.start_player,
        "day": game.day,
        "last_day": D.LAST_DAY,
        "start_day": game.start_day,
        "time_track_corn": [d for d in D.TIME_TRACK_CORN_DAYS if game.time_corn >> d & 1],
        "sun_tile": game.sun_holder,
        "tiles_today": game.tiles_today,
        "turns_today": game.turns_today,
        "max_turns_per_day": D.MAX_TURNS_PER_DAY,
        "final_turns": game.final_turns,
        "moon_tiles": [D.MOON_IDS[t] for t in mask_items(game.board_tiles)],
        "districts": districts,
        "market": market,
        "rows": rows,
        "deck": len(game.deck),
        "priests_left": D.TOTAL_PRIEST_CARDS - sum(game.rows_taken),
        "active": game.current,
        "to_move": game.to_move,
        "prompt": describe_prompt(game),
        "over": game.over,
        "end_reason": game.end_reason,
        "log": game.log_for(seat),
    }
    if seat is not None and game.to_move == seat:
        view["legal"] = [a.text for a in game.legal_actions()]
    if game.over:
        result = game.result()
        view["result"] = result
        # At the end every hand is revealed to all.
        for s in range(n):
            players[s]["hand"] = [D.CARD_NAMES[c] for c in game.hands[s]]
    return view
