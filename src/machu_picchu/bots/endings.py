"""The endings: who would win if the game ended now (final scoring on a re-dealt copy's cards),
so that the policy takes the last Priest/Virgin or the last card only when that wins, and
`fit_hands`, which re-deals the others' cards as kept rather than dealt."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Optional

from .. import data as D
from ..scoring import multipliers
from .features import current
from .values import CARD_GOLD, CARDS, W

if TYPE_CHECKING:
    from ..game import Game


def finals_if_ended(g: "Game", conquest: bool, extra_vp: Optional[list[int]] = None
                    ) -> list[tuple[int, int]]:
    """(final score, tie-break) of every seat if the game ended now, from the copy's cards (a
    re-dealt copy: the other hands are guesses). The same sums as `scoring.score_if_ended`;
    `extra_vp` adds VP per seat (a card about to be taken)."""
    n = g.n
    vps, golds = [], []
    for s in range(n):
        vp, gold = current(g, s)
        if extra_vp is not None:
            vp += extra_vp[s]
        vps.append(vp)
        golds.append(gold)
    mults = multipliers(golds) if conquest else [1] * n
    out = []
    for s in range(n):
        goods = g.goods[s]
        tb = ((goods[0] + g.pending_corn[s]) // 3 + goods[1] + g.pending_llama[s]
              + goods[2] + goods[3] + goods[4])
        out.append((vps[s] * mults[s], tb))
    return out


def end_margin(g: "Game", s: int, conquest: bool, extra_vp: int = 0,
               extra: Optional[list[int]] = None) -> float:
    """Seat s's final score minus the best other's if the game ended now (`extra_vp`: VP s is
    about to gain; `extra`: VP every seat is about to gain, instead); a tie on points is
    decided by the goods left (±0.5)."""
    if extra is None and extra_vp:
        extra = [0] * g.n
        extra[s] = extra_vp
    finals = finals_if_ended(g, conquest, extra)
    mine = finals[s]
    best = max(finals[q] for q in range(g.n) if q != s)
    if mine[0] != best[0]:
        return float(mine[0] - best[0])
    return 0.5 if mine[1] > best[1] else -0.5 if mine[1] < best[1] else 0.0


def end_value(margin: float, wins: float = 0.0) -> float:
    """Points for a move that ends the game with this margin: +end_bonus if it wins (above
    `wins`), -end_bonus if it loses."""
    return W.end_bonus if margin > wins else -W.end_bonus if margin <= 0 else 0.0


def card_icon_vp(g: "Game", s: int, c: int) -> int:
    """The VP card c would score for seat s now (its icons times what s owns)."""
    a, b = CARDS[c]
    assets = g.incas[s] + g.owned[s]
    return assets[a] + assets[b]


def deck_ends_at(g: "Game", s: int, steps: int) -> bool:
    """True when `steps` more steps take s to the summit with one card left (the last card)."""
    return len(g.deck) == 1 and steps > 0 and g.trail[s] + steps >= D.TRAIL_SUMMIT


def trail_vp_change(position: int, steps: int) -> int:
    """VP a scout on `position` gains with `steps` more once the deck is out: 3 a summit
    (no card left to draw) and the change of its trail bonus (a summit takes it back to 0)."""
    end = position + steps
    summits, end = divmod(end, D.TRAIL_SUMMIT)
    return D.SUMMIT_VP_WHEN_DECK_EMPTY * summits + D.trail_bonus(end) - D.trail_bonus(position)


def reaction_steps(g: "Game", q: int, row: int) -> int:
    """The most steps seat q can still take in a temple's sacrifices (row 0-2: a llama a
    Priest/Virgin of that row; -1: the Main Temple, 2 a different good)."""
    goods = g.goods[q]
    if row < 0:
        k = (goods[0] >= D.CORN_PER_UNIT) + sum(1 for x in goods[1:] if x)
        return D.MAIN_TEMPLE_STEPS * k
    k = g.owned[q][row]
    llamas = goods[D.LLAMA]
    return (k if k < llamas else llamas) * g.row_value(row)


def deck_end_margin(g: "Game", s: int, steps: int = 0, row: Optional[int] = None) -> float:
    """s's margin if it took the last card now and the deck ran out (on the copy's deck).
    `steps`: the steps that take s to the summit (its scout goes on from 0: its trail bonus
    changes); `row`: the temple whose sacrifices end the deck (a row 0-2, or -1 for the Main
    Temple), where each other seat still sacrifices once the deck is out, every summit then
    3 VP (counted at the most each can: an ending is chosen only when it wins)."""
    card = card_icon_vp(g, s, g.deck[0])
    if not steps and row is None:
        return end_margin(g, s, False, card)
    extra = [0] * g.n
    extra[s] = card + (trail_vp_change(g.trail[s], steps) - D.SUMMIT_VP_WHEN_DECK_EMPTY
                       if steps else 0)   # the first summit draws the last card: no 3 VP
    if row is not None:
        for q in range(g.n):
            if q != s:
                extra[q] = trail_vp_change(g.trail[q], reaction_steps(g, q, row))
    return end_margin(g, s, False, extra=extra)


def priests_end_margin(g: "Game", s: int, r: int) -> float:
    """s's margin if it took the last Priest/Virgin (of row r) now: its icons of that row score."""
    a = [0] * 8
    for c in g.hands[s]:
        x, y = CARDS[c]
        a[x] += 1
        a[y] += 1
    return end_margin(g, s, False, a[5 + r])


def safe_steps(g: "Game", s: int, steps_each: int, k: int, row: Optional[int] = None) -> int:
    """How many of k units (each `steps_each` steps) to spend (at the temple of `row`, as
    `deck_end_margin`): all of them, unless that empties the deck (the last card taken at the
    summit) while s would not win; then the most that stop short of the summit."""
    if (not deck_ends_at(g, s, steps_each * k)
            or deck_end_margin(g, s, steps_each * k, row) > 0):
        return k
    room = D.TRAIL_SUMMIT - 1 - g.trail[s]
    return max(0, min(k, room // steps_each if steps_each else k))


def fit_hands(g: "Game", s: int, rng: random.Random) -> None:
    """Re-deal, in place on a re-dealt copy, the cards seat s cannot see so that each other hand
    looks kept rather than dealt: past its first card, each card is the best of three drawn for
    that seat (VP with what it owns now, and gold, weighed as the policy keeps cards), as at a
    summit. A uniform re-deal gives the others worse hands than they keep, so a bot would think
    itself ahead when it is not."""
    bit = 1 << s
    deck_slots = [i for i, c in enumerate(g.deck) if not g.known[c] & bit]
    pool = [g.deck[i] for i in deck_slots]
    others = [q for q in range(g.n) if q != s]
    for q in others:
        pool += g.hands[q]
    rng.shuffle(pool)
    for q in others:
        k = len(g.hands[q])
        hand = []
        for j in range(k):
            if j == 0 or len(pool) < 2:
                hand.append(pool.pop())
                continue
            draw = [pool.pop() for _ in range(min(3, len(pool)))]
            best = max(draw, key=lambda c: card_icon_vp(g, q, c) * (1.0 + W.mult_avg)
                       + CARD_GOLD[c] * W.gold_points)
            draw.remove(best)
            hand.append(best)
            pool += draw
            rng.shuffle(pool)
        hand.sort()
        g.hands[q] = hand
        for c in hand:
            g.known[c] = 1 << q
    for i, c in zip(deck_slots, pool):
        g.deck[i] = c
        g.known[c] = 0
    g._legal = None



def _deck_race(g: "Game", s: int, stones: int, each: int, k: int,
               row: Optional[int] = None) -> tuple[int, float]:
    """With one card left: (units to sacrifice, end value) at a temple (of `row`, as
    `deck_end_margin`) whose stones bring `stones` steps and each unit `each` steps. Reaching
    the summit takes the last card and ends the game: worth it when s would win; otherwise stop
    short, if the stones allow."""
    if deck_ends_at(g, s, stones):
        return k, end_value(deck_end_margin(g, s, stones + each * k, row))
    if not deck_ends_at(g, s, stones + each * k):
        return k, 0.0
    margin = deck_end_margin(g, s, stones + each * k, row)
    if margin > 0:
        return k, W.end_bonus
    return max(0, (D.TRAIL_SUMMIT - 1 - g.trail[s] - stones) // each), 0.0
