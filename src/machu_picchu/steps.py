"""What the game does by itself between decisions (`Game._run` finds each in STEP_HANDLERS): a
scout's climb and a summit's draw, the end of a turn, the night (moon tiles, the Sun Clock, the
trail's rewards, new bonuses), a new day, and the end of the game with its score sheet."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import data as D
from .actions import mask_items
from .events import Msg
from .kinds import Decision, Step
from .scoring import score
from .tables import ALL_TILES, ADVANCES, MAX_STEPS
from .trail import advance_scout

if TYPE_CHECKING:
    from .game import Game, Task

_CLAIM = Decision.CLAIM
_RETURN = Decision.RETURN
_TAKE = Decision.TAKE
_TURN = Decision.TURN
_ADVANCE = Step.ADVANCE
_NEW_DAY = Step.NEW_DAY
_NIGHT_BONUS = Step.NIGHT_BONUS
_NIGHT_MOON = Step.NIGHT_MOON
_NIGHT_REWARDS = Step.NIGHT_REWARDS
_NIGHT_SUNCLOCK = Step.NIGHT_SUNCLOCK
_SUMMIT = Step.SUMMIT


def pay_tiles(game: "Game", seat: int, tiles: int) -> None:
    """Pay what the moon tiles in `tiles` give: corn now; goods by decision; steps."""
    steps = 0
    goods_tiles = 0
    for t in mask_items(tiles):
        _tid, corn, good, trail_steps = D.MOON_TILES[t]
        if corn:
            game.goods[seat][D.CORN] += corn
            if game._log is not None:
                game._say(Msg.TILE_CORN, seat=seat, n=corn)
        if good is not None:
            goods_tiles |= 1 << good
        steps += trail_steps
    if steps:
        if game._log is not None:
            game._say(Msg.TILE_STEPS, seat=seat, steps=steps)
        game.stack.append((_ADVANCE, seat, steps))
    if goods_tiles:
        game.stack.append((_CLAIM, seat, goods_tiles))

def advance(game: "Game", task: "Task") -> None:
    _, seat, steps = task
    position = game.trail[seat]
    move = ADVANCES[position][steps] if steps < MAX_STEPS else advance_scout(position, steps)
    game.trail[seat] = move[0]
    if move[1]:
        game.pending_corn[seat] += move[1] * D.GRANARY_CORN
    if move[2]:
        game.pending_llama[seat] += move[2]
    for _ in range(move[3]):
        game.stack.append((_SUMMIT, seat))

def summit(game: "Game", task: "Task") -> None:
    seat = task[1]
    left = len(game.deck)
    if not left:
        game.summit_vp[seat] += D.SUMMIT_VP_WHEN_DECK_EMPTY
        if game._log is not None:
            game._say(Msg.SUMMIT_EMPTY, seat=seat, n=D.SUMMIT_VP_WHEN_DECK_EMPTY)
        return
    if game.history is not None:
        game.reveal_mark = len(game.history)
    draw = min(D.SUMMIT_DRAW, left)
    cards = game.deck[:draw]
    del game.deck[:draw]
    bit = 1 << seat
    hand = game.hands[seat]
    for c in cards:
        hand.append(c)
        game.known[c] = bit
    hand.sort()
    put_back = draw - 1 if draw < D.SUMMIT_DRAW else D.SUMMIT_RETURN
    if game._log is not None:
        game._say(Msg.SUMMIT, seat=seat, n=draw)
        game._tell(seat, Msg.YOU_DRAW, cards=[D.CARD_NAMES[c] for c in cards])
    if put_back:
        game.drawn = cards
        game.stack.append((_RETURN, seat, put_back))
    if not game.deck and not put_back:  # cards put back refill it: not exhausted yet
        game.deck_out = True
        if game._log is not None:
            game._say(Msg.DECK_OUT)

def pay_rewards(game: "Game") -> None:
    """Pay every pending Granary and Llama Stable reward."""
    if not (any(game.pending_corn) or any(game.pending_llama)):
        return              # the common case, at the end of every turn
    for s in range(game.n):
        corn, llamas = game.pending_corn[s], game.pending_llama[s]
        if corn or llamas:
            game.goods[s][D.CORN] += corn
            game.goods[s][D.LLAMA] += llamas
            game.pending_corn[s] = game.pending_llama[s] = 0
            if game._log is not None:
                game._say(Msg.TRAIL_REWARDS, seat=s,
                          gains=[[g, k] for g, k in (("corn", corn), ("llama", llamas)) if k])

def end_turn(game: "Game", task: "Task") -> None:
    p = task[1]
    pay_rewards(game)
    day_over = False
    if game.final_turns:
        game.final_turns -= 1
        if not game.final_turns:
            day_over = True
            if game.time_corn >> game.day & 1:
                game.time_corn &= ~(1 << game.day)
                game.goods[p][D.CORN] += 1
                if game._log is not None:
                    game._say(Msg.TIME_CORN, seat=p)
    if game.priests_out:
        return finish(game, "priests")
    if game.deck_out:
        return finish(game, "cards")
    if day_over:
        if game.day == D.LAST_DAY:
            return finish(game, "conquest")
        return schedule_night(game)
    nxt = (p + 1) % game.n
    game.current = nxt
    game.stack.append((_TURN, nxt))

def schedule_night(game: "Game") -> None:
    if game._log is not None:
        game._say(Msg.NIGHT, day=game.day)
    order = game.order_from(game.sun_holder)
    tasks: list["Task"] = [(_NIGHT_MOON, s) for s in order] + [(_NIGHT_REWARDS,)]
    tasks += [(_NIGHT_SUNCLOCK, s) for s in order] + [(_NIGHT_REWARDS,)]
    tasks += [(_NIGHT_BONUS,), (_NEW_DAY,)]
    game.stack.extend(reversed(tasks))

def night_moon(game: "Game", task: "Task") -> None:
    seat = task[1]
    tiles = game.held_tiles[seat]
    if tiles:
        game.held_tiles[seat] = 0
        game.board_tiles |= tiles
        pay_tiles(game, seat, tiles)

def night_sunclock(game: "Game", task: "Task") -> None:
    seat = task[1]
    k = game.sunclock[seat]
    if not k:
        return
    game.sunclock[seat] = 0
    game.supply[seat] += k
    if game._log is not None:
        game._say(Msg.SUNCLOCK_RETURN, seat=seat, n=k)
    for _ in range(k):
        game.stack.append((_ADVANCE, seat, D.SUNCLOCK_STEPS))
        game.stack.append((_TAKE, seat))

def night_rewards(game: "Game", task: "Task") -> None:
    pay_rewards(game)
    if game.deck_out:
        finish(game, "cards")

def night_bonus(game: "Game", task: "Task") -> None:
    for d in D.BONUS_DISTRICTS:
        if game.bonus[d] < D.MAX_BONUS:
            game.bonus[d] += 1

def new_day(game: "Game", task: "Task") -> None:
    game.day += 1
    game.tiles_today = 0
    game.turns_today = 0
    game.board_tiles = ALL_TILES
    start = game.sun_holder
    game.sun_holder = None
    game.final_turns = 0
    game.current = start
    if game._log is not None:
        game._say(Msg.NEW_DAY, day=game.day, seat=start)
    game.stack.append((_TURN, start))

def finish(game: "Game", reason: str) -> None:
    game.over = True
    game.end_reason = reason
    game.stack.clear()
    game._legal = None
    if game._log is None:      # a search copy: no score sheet to word
        return
    result = score(game)
    game._say({"priests": Msg.END_PRIESTS, "cards": Msg.END_CARDS,
               "conquest": Msg.END_CONQUEST}[reason])
    winners = list(result["winners"])
    game._say(Msg.WINNERS, winner_seats=winners, n=len(winners),
              points=result["seats"][winners[0]]["final"])


# What the game does for each kind of step (`Game._run`).
STEP_HANDLERS = {
    Step.ADVANCE: advance, Step.SUMMIT: summit, Step.END_TURN: end_turn,
    Step.NIGHT_MOON: night_moon, Step.NIGHT_SUNCLOCK: night_sunclock,
    Step.NIGHT_REWARDS: night_rewards, Step.NIGHT_BONUS: night_bonus, Step.NEW_DAY: new_day,
}
assert set(STEP_HANDLERS) == set(Step)
