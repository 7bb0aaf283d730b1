"""What each decision of The Princes of Machu Picchu does once its seat has chosen (`Game._apply`
finds it in DECISION_HANDLERS): the first Incas, a turn and entering its district, production,
sacrifices and offerings, hiring, acquiring a card, the market, the Sun Clock, goods taken, cards
returned and moon-tile goods claimed. Each is handed the game, its task and the legal action."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import data as D
from .actions import Action, mask_items
from .events import Msg
from .kinds import Decision, Step
from .market import buy_price, sell_price
from .steps import pay_tiles
from .tables import HIRE_COSTS

if TYPE_CHECKING:
    from .game import Game, Task

# The kinds as plain module globals for the hot paths (see game.py).
_ACQUIRE = Decision.ACQUIRE
_HIRE = Decision.HIRE
_MARKET = Decision.MARKET
_OFFER = Decision.OFFER
_PRODUCE = Decision.PRODUCE
_SACRIFICE = Decision.SACRIFICE
_SUNCLOCK = Decision.SUNCLOCK
_TAKE = Decision.TAKE
_ADVANCE = Step.ADVANCE
_END_TURN = Step.END_TURN


def setup(game: "Game", task: "Task", action: Action) -> None:
    seat, prof = task[1], action.arg
    game.supply[seat] -= 1
    game.incas[seat][prof] += 1
    if game._log is not None:
        game._say(Msg.SETUP, seat=seat, prof=D.PROFESSIONS[prof])


def turn(game: "Game", task: "Task", action: Action) -> None:
    p = task[1]
    game.stack.append((_END_TURN, p))
    game.turns_today += 1
    if action.kind == "stay":
        take_moon_tile(game, p, action.arg)
        return
    d = action.arg
    if action.kind == "travel":
        game.goods[p][D.LLAMA] -= 1
        if game._log is not None:
            game._say(Msg.TRAVEL, seat=p, district=D.DISTRICTS[d])
    elif game.prince[p] < 0:
        if game._log is not None:
            game._say(Msg.PLACE, seat=p, district=D.DISTRICTS[d])
    elif game._log is not None:
        game._say(Msg.MOVE, seat=p, district=D.DISTRICTS[d])
    game.prince[p] = d
    game.last_used[p] = d
    enter(game, p, d)


def produce(game: "Game", task: "Task", action: Action) -> None:
    seat, d, k = task[1], task[2], action.arg
    if k:
        game.goods[seat][D.CORN] -= k * D.PRODUCE_COST_CORN
        game.goods[seat][d] += k
        if game._log is not None:
            game._say(Msg.PRODUCE, seat=seat, n=k * D.PRODUCE_COST_CORN, gains=[[D.GOODS[d], k]])
    elif game._log is not None:
        game._say(Msg.PRODUCE_NONE, seat=seat)


def sacrifice(game: "Game", task: "Task", action: Action) -> None:
    seat, row, k = task[1], task[2], action.arg
    if k:
        steps = k * game.row_value(row)
        game.goods[seat][D.LLAMA] -= k
        if game._log is not None:
            game._say(Msg.SACRIFICE, seat=seat, n=k, llamas=k, steps=steps)
        game.stack.append((_ADVANCE, seat, steps))
    elif game._log is not None:
        game._say(Msg.SACRIFICE_NONE, seat=seat)


def offer(game: "Game", task: "Task", action: Action) -> None:
    seat, mask = task[1], action.arg
    goods = game.goods[seat]
    items = mask_items(mask)
    for g in items:
        goods[g] -= D.CORN_PER_UNIT if g == D.CORN else 1
    if items:
        steps = D.MAIN_TEMPLE_STEPS * len(items)
        if game._log is not None:
            game._say(Msg.OFFER, seat=seat, goods=[D.GOODS[g] for g in items], steps=steps)
        game.stack.append((_ADVANCE, seat, steps))
    elif game._log is not None:
        game._say(Msg.OFFER_NONE, seat=seat)


def hire(game: "Game", task: "Task", action: Action) -> None:
    p, mask = task[1], action.arg
    need, count = HIRE_COSTS[mask]
    goods = game.goods[p]
    for g in range(5):
        goods[g] -= need[g]
    game.supply[p] -= count
    for prof in mask_items(mask):
        game.incas[p][prof] += 1
    if count:
        if game._log is not None:
            game._say(Msg.HIRE, seat=p, profs=[D.PROFESSIONS[x] for x in mask_items(mask)])
    elif game._log is not None:
        game._say(Msg.HIRE_NONE, seat=p)


def acquire(game: "Game", task: "Task", action: Action) -> None:
    p, row = task[1], action.arg
    if row < 0:
        if game._log is not None:
            game._say(Msg.ACQUIRE_NONE, seat=p)
        return
    cost = game.next_card_cost(row)
    goods = game.goods[p]
    for g in range(5):
        goods[g] -= cost[g]
    game.rows_taken[row] += 1
    game.owned[p][row] += 1
    if game._log is not None:
        game._say(Msg.ACQUIRE, seat=p, row=D.ROWS[row], steps=game.row_value(row))
    if sum(game.rows_taken) == D.TOTAL_PRIEST_CARDS:
        game.priests_out = True
        if game._log is not None:
            game._say(Msg.PRIESTS_OUT)


def market(game: "Game", task: "Task", action: Action) -> None:
    p = task[1]
    kind, arg = action.kind, action.arg
    if kind == "done":
        if game._log is not None:
            game._say(Msg.MARKET_DONE, seat=p)
        return
    goods = game.goods[p]
    if kind == "adjust":
        good, delta = arg
        game.market[good] += delta
        game.mkt_adjusted = True
        if game._log is not None:
            game._say(Msg.ADJUST_ADD if delta > 0 else Msg.ADJUST_REMOVE, seat=p, good=D.GOODS[good])
    elif kind == "buy":
        price = buy_price(game.market[arg])
        goods[D.CORN] -= price
        goods[arg] += 1
        if game.market[arg]:
            game.market[arg] -= 1
        game.mkt_traded = True
        game.mkt_trades += 1
        game.mkt_bought |= 1 << arg
        if game._log is not None:
            game._say(Msg.BUY, seat=p, good=D.GOODS[arg], price=price)
    else:  # sell
        price = sell_price(game.market[arg])
        goods[D.CORN] += price
        goods[arg] -= 1
        if game.market[arg] < 4:
            game.market[arg] += 1
        game.mkt_traded = True
        game.mkt_trades += 1
        game.mkt_sold |= 1 << arg
        if game._log is not None:
            game._say(Msg.SELL, seat=p, good=D.GOODS[arg], price=price)
    game.stack.append(task)


def sunclock(game: "Game", task: "Task", action: Action) -> None:
    p, prof = task[1], action.arg
    if prof < 0:
        if game._log is not None:
            game._say(Msg.SUNCLOCK_NONE, seat=p)
        return
    game.incas[p][prof] -= 1
    game.sunclock[p] += 1
    if game._log is not None:
        game._say(Msg.SUNCLOCK, seat=p, prof=D.PROFESSIONS[prof])
    if game.day == D.LAST_DAY:  # no night follows: the Sun Clock pays at once
        game.stack.append((_ADVANCE, p, D.SUNCLOCK_STEPS))
        game.stack.append((_TAKE, p))


def take(game: "Game", task: "Task", action: Action) -> None:
    seat = task[1]
    goods = game.goods[seat]
    items = mask_items(action.arg)
    for g in items:
        goods[g] += D.CORN_PER_UNIT if g == D.CORN else 1
    if game._log is not None:
        game._say(Msg.TAKE, seat=seat, goods=[D.GOODS[g] for g in items])


def return_cards(game: "Game", task: "Task", action: Action) -> None:
    seat = task[1]
    hand = game.hands[seat]
    bit = 1 << seat
    for card in action.arg:
        hand.remove(card)
        game.deck.append(card)  # under the deck
        game.known[card] = bit
    game.drawn = []
    k = len(action.arg)
    if game._log is not None:
        game._say(Msg.RETURN, seat=seat, n=k, held=len(hand))
        game._tell(seat, Msg.YOU_RETURN, cards=[D.CARD_NAMES[c] for c in action.arg])


def claim(game: "Game", task: "Task", action: Action) -> None:
    seat, mask = task[1], action.arg
    goods = game.goods[seat]
    items = mask_items(mask)
    for g in items:
        goods[D.CORN] -= D.MOON_CLAIM_COST_CORN
        goods[g] += 1
    declined = mask_items(task[2] & ~mask)
    if items:
        if game._log is not None:
            game._say(Msg.CLAIM, seat=seat, n=len(items) * D.MOON_CLAIM_COST_CORN,
                      gains=[[D.GOODS[g], 1] for g in items])
    if declined:
        if game._log is not None:
            game._say(Msg.CLAIM_DECLINED, seat=seat, goods=[D.GOODS[g] for g in declined])


# -- entering a district, taking a moon tile --------------------------------------------
def enter(game: "Game", p: int, d: int) -> None:
    stack = game.stack
    if d < 5:
        units = game.bonus[d]
        if not units:
            if game._log is not None:
                game._say(Msg.NO_BONUS)
            return
        game.bonus[d] = 0
        amount = units * (D.FARMER_CORN if d == D.D_CORN else 1)
        game.goods[p][d] += amount
        if game._log is not None:
            game._say(Msg.BONUS, seat=p, gains=[[D.GOODS[d], amount]])
        order = game.order_from(p)
        if d == D.D_CORN:
            for s in order:
                farmers = game.incas[s][D.D_CORN]
                if farmers:
                    game.goods[s][D.CORN] += farmers * D.FARMER_CORN
                    if game._log is not None:
                        game._say(Msg.FARMERS, seat=s, n=farmers, corn=farmers * D.FARMER_CORN)
            return
        for s in reversed(order):
            if game.incas[s][d]:
                stack.append((_PRODUCE, s, d))
        return
    if d in D.TEMPLES:
        stones = game.bonus[d]
        if not stones:
            if game._log is not None:
                game._say(Msg.NO_STONE)
            return
        game.bonus[d] = 0
        for s in reversed(game.order_from(p)):
            if d == D.D_MAIN:
                stack.append((_OFFER, s))
            else:
                stack.append((_SACRIFICE, s, D.ROW_TEMPLE.index(d)))
        steps = stones * D.STEPS_PER_STONE
        if game._log is not None:
            game._say(Msg.STONES, seat=p, n=stones, steps=steps)
        stack.append((_ADVANCE, p, steps))
        return
    if d in (D.D_HUT, D.D_PALACE):
        stack.append((_HIRE, p, d))
    elif d in (D.D_PRIESTS, D.D_VIRGINS):
        stack.append((_ACQUIRE, p, d))
    elif d == D.D_PLAZA:
        game.mkt_adjusted = game.mkt_traded = False
        game.mkt_bought = game.mkt_sold = game.mkt_trades = 0
        stack.append((_MARKET, p))
    else:
        stack.append((_SUNCLOCK, p))


def take_moon_tile(game: "Game", p: int, tile: int) -> None:
    bit = 1 << tile
    game.board_tiles &= ~bit
    game.held_tiles[p] |= bit
    game.tiles_today += 1
    if game._log is not None:
        game._say(Msg.MOON_TILE, seat=p, tile=D.MOON_IDS[tile])
    if game.tiles_today == D.MOON_TILES_TO_END_DAY:
        game.sun_holder = p
        game.final_turns = game.n  # this turn and one more for every other player
        if game._log is not None:
            game._say(Msg.SUN_TILE, seat=p)
    if game.day == D.LAST_DAY:  # no night follows: the tile pays at once
        pay_tiles(game, p, bit)


# What the game does for each kind of decision taken (`Game._apply`); the steps it runs by
# itself (`Game._run`) are steps.py's STEP_HANDLERS. So an editor can follow the flow from a
# prompt's kind.
DECISION_HANDLERS = {
    Decision.SETUP: setup, Decision.TURN: turn,
    Decision.PRODUCE: produce, Decision.SACRIFICE: sacrifice,
    Decision.OFFER: offer, Decision.HIRE: hire,
    Decision.ACQUIRE: acquire, Decision.MARKET: market,
    Decision.SUNCLOCK: sunclock, Decision.TAKE: take,
    Decision.RETURN: return_cards, Decision.CLAIM: claim,
}
assert set(DECISION_HANDLERS) == set(Decision)
