"""What the bots know about the game: values, the evaluation of a position and a fast policy.

Everything here reads one game copy `g` (a re-dealt copy from `game.determinize`, never the real
game) and, for a seat `s`, only what `s` may know: public counts and positions, and `g.hands[s]`.
On a re-dealt copy the other hands are random, so even the evaluation of other seats (used by the
search) learns nothing hidden.

The policy values things in points (final score). `Ctx(g, s)` gathers a seat's numbers once per
decision: how many days are left, what a step on the Incatrail is worth (a new card: the VP its
icons bring with what the seat owns, and its gold when a conquest looms), what each good is worth
(in steps: what it can still become; less as the end nears). From those:

- `district_values` values entering each district now; the policy's turn choice adds a look at
  the next move from there;
- `decide(g, ...)` is the fast rule-based policy for every kind of decision (the easy bot, the
  medium bot's follow-ups and the hard bot's play-outs);
- `market_plans` turns a visit to the Central Plaza into a few short plans (adjust, sells, buys)
  so the market loop costs nothing to search;
- `projections(g)` projects every seat's final score: the VP and gold its cards give now (exact),
  plus what it should still gain (linear models fitted on self-play, `training.py`: goods,
  Incas, priests and llamas, Incatrail progress, cards and icons, all times the days left), with
  the expected conquest multiplier from everyone's projected gold; `rewards` and `evaluate` turn
  that into a number per seat for the search and the one-step look-ahead;
- the endings: `finals_if_ended` / `end_margin` say who would win if the game ended now (final
  scoring on the copy's cards); the policy takes the last Priest/Virgin or the last card only
  when that wins, stops short of the summit otherwise, and values day 9 as the last day (no Sun
  tile, no next move); `fit_hands` re-deals the others' cards as kept rather than dealt.
"""

from __future__ import annotations

import math
import random
from operator import mul
from typing import TYPE_CHECKING, Optional

from .. import actions as A
from .. import data as D
from ..market import buy_price, buy_total, sell_price
from ..scoring import multipliers
from . import weights as WT
from .training import current, features

if TYPE_CHECKING:
    from ..game import Game

CARDS = D.CARDS
CARD_GOLD = D.CARD_GOLD
ADJ = tuple(tuple(sorted(a)) for a in D.ADJACENT)
ROW_TEMPLE = D.ROW_TEMPLE
SETUP_COST = tuple(tuple(sum(c for gg, c in D.SETUP_COST[p] if gg == g) for g in range(5))
                   for p in range(5))
TAKE_ITEMS = {m: tuple(A.mask_items(m)) for m in A.TAKE_MASKS}


class Weights:
    """Tunable constants. Goods are valued in Incatrail steps, then in points via the step value."""

    good_early = 2.75       # steps a non-corn good is worth while it can still become priests
    good_late = 0.8         # ... at the very end (a share of 2 steps at the Main Temple)
    corn_ratio = 0.3        # a corn, as a fraction of a good, while I need it to produce
    corn_spare = 0.17       # ... beyond that (what it buys at the market)
    econ_days = 3.0         # goods keep their early value while 0.5 + this many days are left
    need_boost = 0.5        # extra steps for a good that the next priest still needs
    card_base = 1.0         # VP of a new card before matching (summits, future growth)
    icon_match = 0.40       # expected icons of one type on a kept card (best of a draw)
    gold_points = 2.5       # points per gold when a conquest is sure (rank against the others)
    mult_avg = 0.75         # expected extra multiplier on VP when a conquest is sure
    trigger = 0.75          # chance a temple / production district is used on a given day
    look = 0.45             # weight of the best next move in the turn choice
    opp = 0.25              # weight of what other players gain from a sacrifice I trigger
    own_produce = 0.0       # weight of my own Incas' production there (they also produce when
                            # another player triggers the district: only the bonus is mine alone)
    opp_produce = 0.25      # ... from production I trigger (their goods in my goods values)
    sun_tile = 0.6          # taking the Sun tile (first move next day), in points
    stay_bias = 0.0         # extra for staying (ending the day), in points
    acquire_rate = 0.45     # Priests/Virgins taken per player per day (game-end estimate)
    summit_rate = 0.40      # cards drawn per player per day (deck-end estimate)
    base_steps = 3.0        # steps a day from stones, tiles, the Sun Clock (every seat)
    turn_cost = 3.0         # points a turn spent on a detour is worth
    end_bonus = 6.0         # points for a move that ends the game (now or the day-9 round) with
                            # a win; the same taken off when the ending would lose
    end_safety = 2.0        # lead (final points) needed to end day 9 when the others still move
    goes_on = 0.03          # the least chance to win a game that goes on keeps (others err)
    end_scale = 3.0         # spread (final points) of a margin's uncertainty at the end ...
    end_scale_day = 3.0     # ... and its growth per day of play left (medium's ending choices)


W = Weights()
_LAST_DAY = D.LAST_DAY
_TILES_TO_END = D.MOON_TILES_TO_END_DAY
_TOTAL_PRIESTS = D.TOTAL_PRIEST_CARDS


def sigmoid(x: float) -> float:
    if x < -30:
        return 0.0
    if x > 30:
        return 1.0
    return 1.0 / (1.0 + math.exp(-x))


# -- time -------------------------------------------------------------------------------------
def day_fraction(g: "Game") -> float:
    """About how much of the current day is still to be played (0..1)."""
    if g.final_turns:
        return 0.06 * g.final_turns
    return 0.25 + 0.25 * (D.MOON_TILES_TO_END_DAY - g.tiles_today)


def timing(g: "Game") -> tuple[float, float]:
    """(days of play left, probability that the game ends by a Spanish conquest)."""
    final = g.final_turns       # day_fraction(g), inline: every Ctx starts here
    days = D.LAST_DAY - g.day + (0.06 * final if final
                                 else 0.25 + 0.25 * (D.MOON_TILES_TO_END_DAY - g.tiles_today))
    n = g.n
    taken = g.rows_taken
    priests_left = D.TOTAL_PRIEST_CARDS - (taken[0] + taken[1] + taken[2])
    t_priests = (priests_left + 0.5) / (W.acquire_rate * n)
    t_deck = (len(g.deck) + 0.5) / (W.summit_rate * n)
    t_rescue = min(t_priests, t_deck)
    left = min(days, t_rescue)
    if g.priests_out or g.deck_out:
        left = 0.0
        p_conquest = 0.0
    else:
        p_conquest = sigmoid((t_rescue - days) * 2.0)
    return max(left, 0.0), p_conquest


# -- per-seat numbers -------------------------------------------------------------------------
class Ctx:
    """A seat's values at one moment (see the module doc)."""

    __slots__ = ("g", "s", "t", "pc", "econ", "goods", "incas", "owned", "icons", "assets",
                 "cv", "sv", "gv", "gv_base", "llama_base", "target", "need", "rv", "sac_cap",
                 "card_vp", "m", "fc", "rg", "_acq", "_hg", "_hire", "trail")

    def __init__(self, g: "Game", s: int, timing_: Optional[tuple[float, float]] = None) -> None:
        self.g, self.s = g, s
        if timing_ is None:
            # timing(g), inline (every play-out turn builds a Ctx): the same sums, `min`/`max`
            # of two as comparisons that return the same operand
            final = g.final_turns
            days = _LAST_DAY - g.day + (0.06 * final if final
                                        else 0.25 + 0.25 * (_TILES_TO_END - g.tiles_today))
            n = g.n
            taken = g.rows_taken
            t_rescue = (_TOTAL_PRIESTS - (taken[0] + taken[1] + taken[2]) + 0.5) / (
                W.acquire_rate * n)
            t_deck = (len(g.deck) + 0.5) / (W.summit_rate * n)
            if t_deck < t_rescue:
                t_rescue = t_deck
            t = t_rescue if t_rescue < days else days
            if g.priests_out or g.deck_out:
                t = 0.0
                pc = 0.0
            else:
                x = (t_rescue - days) * 2.0
                pc = 0.0 if x < -30 else 1.0 if x > 30 else 1.0 / (1.0 + math.exp(-x))
            if 0.0 > t:
                t = 0.0
        else:
            t, pc = timing_
        self.t, self.pc = t, pc
        # Goods keep their value while there is time to turn them into priests and Incas.
        econ = (t - 0.5) / W.econ_days
        econ = 0.0 if econ < 0.0 else 1.0 if econ > 1.0 else econ
        self.econ = econ
        goods = self.goods = g.goods[s]
        incas = self.incas = g.incas[s]
        owned = self.owned = g.owned[s]
        icons = [0] * 8
        for c in g.hands[s]:
            a, b = CARDS[c]
            icons[a] += 1
            icons[b] += 1
        self.icons = icons
        assets = self.assets = incas + owned
        n_owned = owned[0] + owned[1] + owned[2]
        # VP count about 1 + mult_avg times when a conquest looms; gold counts on its own.
        m = self.m = 1.0 + W.mult_avg * pc
        self.card_vp = W.card_base + W.icon_match * (
            incas[0] + incas[1] + incas[2] + incas[3] + incas[4] + n_owned)
        self.cv = self.card_vp * m + 4.0 * W.gold_points * pc
        sv = self.sv = self.cv / D.TRAIL_SUMMIT
        taken = g.rows_taken
        rv = self.rv = [D.ROW_BASE_STEPS[0] - taken[0], D.ROW_BASE_STEPS[1] - taken[1],
                        D.ROW_BASE_STEPS[2] - taken[2]]
        trail = self.trail = g.trail[s]
        # Cards still to come (rough): trail progress, a base rate, my priests' sacrifices.
        self.fc = (trail + t * (W.base_steps + W.trigger * (
            owned[0] * rv[0] + owned[1] * rv[1] + owned[2] * rv[2]))) / D.TRAIL_SUMMIT
        # Llamas my priests can sacrifice before the end (about one per priest per day).
        x = t + 0.3
        self.sac_cap = n_owned * (3.0 if 3.0 < x else x)
        # Goods in steps: what they can still become (priests, then llamas to sacrifice).
        good_steps = W.good_late + (W.good_early - W.good_late) * econ
        base = good_steps * sv
        corn_need = 2 + incas[1] + incas[2] + incas[3] + incas[4]
        gv = [base * (W.corn_ratio if goods[0] < corn_need else W.corn_spare),
              base, base, base, base]
        self.llama_base = base
        if n_owned and goods[D.LLAMA] < self.sac_cap:
            top = 0
            for r in range(3):
                if owned[r] and rv[r] > top:
                    top = rv[r]
            sac = sv * W.trigger * top
            if sac > base:
                gv[D.LLAMA] = sac
        # One more card of each row: its icons, future icons, its sacrifices.
        fut_icons = W.icon_match * self.fc * 0.5 * m
        x = t - 0.4
        sac_steps = (x if x > 0.0 else 0.0) * W.trigger * sv
        if goods[D.LLAMA] + t * (incas[D.LLAMA] + 0.5) < n_owned + 1:
            sac_steps *= 0.6
        rg = self.rg = [icons[5] * m + fut_icons + sac_steps * (rv[0] - 1),
                        icons[6] * m + fut_icons + sac_steps * (rv[1] - 1),
                        icons[7] * m + fut_icons + sac_steps * (rv[2] - 1)]
        # What I am saving for: the most valuable next Priest or Virgin (cost not counted).
        target = -1
        best = 0.0
        for r in range(3):
            if taken[r] < D.ROW_SIZES[r] and rg[r] > best:
                best, target = rg[r], r
        self.target = target
        need = self.need = [0, 0, 0, 0, 0]
        self.gv_base = gv[:]
        if target >= 0 and t > 0.8:
            cost = D.ROW_CARD_COSTS[target][taken[target]]
            boost = W.need_boost * econ * sv
            for k in range(1, 5):
                if goods[k] < cost[k]:
                    need[k] = cost[k] - goods[k]
                    gv[k] += boost
        self.gv = gv
        self._acq = self._hg = self._hire = None

    # -- gains of owning one more ... -------------------------------------------------------
    def future_cards(self) -> float:
        return self.fc

    def row_gain(self, r: int) -> float:
        """Points of one more card of row r (before paying for it)."""
        return self.rg[r]

    def steps_value(self, k: int) -> float:
        """Points of k more steps on the Incatrail, Granary and Llama Stable rewards included."""
        if k <= 0:
            return 0.0
        pos = self.g.trail[self.s]
        v = k * self.sv
        end = pos + k
        while True:
            if pos < D.GRANARY <= end:
                v += D.GRANARY_CORN * self.gv_base[D.CORN]
            if pos < D.STABLE <= end:
                v += self.gv_base[D.LLAMA]
            if end < D.TRAIL_SUMMIT:
                return v
            end -= D.TRAIL_SUMMIT
            pos = 0

    def produce_value(self, p: int) -> float:
        """Points one Inca of profession p makes when its district is used (net of its corn)."""
        gv = self.gv_base
        if p == D.CORN:
            return D.FARMER_CORN * gv[D.CORN]
        return max(0.0, gv[p] - gv[D.CORN])

    def hire_gain(self, p: int) -> float:
        """Points of one more Inca of profession p (before paying for it)."""
        hg = self._hg
        if hg is None:
            m = self.m
            fut = W.icon_match * self.fc * 0.5
            days = max(0.0, self.t - 0.3) * W.trigger
            icons = self.icons
            hg = self._hg = [(icons[p] + fut) * m + days * self.produce_value(p) for p in range(5)]
        return hg[p]

    def cost_value(self, cost: tuple[int, ...] | list[int], base: bool = False) -> float:
        gv = self.gv_base if base else self.gv
        return gv[0] * cost[0] + gv[1] * cost[1] + gv[2] * cost[2] + gv[3] * cost[3] + gv[4] * cost[4]

    def acquire_value(self, r: int) -> float:
        acq = self._acq
        if acq is None:
            taken = self.g.rows_taken
            acq = self._acq = [
                self.rg[q] - self.cost_value(D.ROW_CARD_COSTS[q][taken[q]], True)
                if taken[q] < D.ROW_SIZES[q] else 0.0 for q in range(3)]
        return acq[r]

    def hire_value(self, p: int) -> float:
        hv = self._hire
        if hv is None:
            hv = self._hire = [self.hire_gain(q) - self.cost_value(SETUP_COST[q]) for q in range(5)]
        return hv[p]

    def card_value(self, c: int, growth: bool = True) -> float:
        """Points a card is worth to me: its icons times what I own, and its gold."""
        a, b = CARDS[c]
        assets = self.assets
        v = (assets[a] + assets[b]) * self.m
        if growth and self.t > 0.5:
            # Icons of what I can still grow are worth a little even without Incas there yet.
            v += 0.25 * min(self.t, 3.0) * ((a < 5 or self.g.rows_taken[a - 5] < D.ROW_SIZES[a - 5])
                                            + (b < 5 or self.g.rows_taken[b - 5] < D.ROW_SIZES[b - 5]))
        return v + CARD_GOLD[c] * W.gold_points * self.pc


# -- the endings ------------------------------------------------------------------------------
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


def end_margin(g: "Game", s: int, conquest: bool, extra_vp: int = 0) -> float:
    """Seat s's final score minus the best other's if the game ended now (`extra_vp`: VP s is
    about to gain); a tie on points is decided by the goods left (±0.5)."""
    extra = None
    if extra_vp:
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


def deck_end_margin(g: "Game", s: int) -> float:
    """s's margin if it took the last card now and the deck ran out (on the copy's deck)."""
    return end_margin(g, s, False, card_icon_vp(g, s, g.deck[0]))


def priests_end_margin(g: "Game", s: int, r: int) -> float:
    """s's margin if it took the last Priest/Virgin (of row r) now: its icons of that row score."""
    a = [0] * 8
    for c in g.hands[s]:
        x, y = CARDS[c]
        a[x] += 1
        a[y] += 1
    return end_margin(g, s, False, a[5 + r])


def safe_steps(g: "Game", s: int, steps_each: int, k: int) -> int:
    """How many of k units (each `steps_each` steps) to spend: all of them, unless that empties
    the deck (the last card taken at the summit) while s would not win; then the most that stop
    short of the summit."""
    if not deck_ends_at(g, s, steps_each * k) or deck_end_margin(g, s) > 0:
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


# -- entering districts ---------------------------------------------------------------------
def best_offer(ctx: Ctx) -> tuple[int, float]:
    """(goods mask, gain) of the offer at the Main Temple: goods worth less than 2 steps."""
    goods, gv, step2 = ctx.goods, ctx.gv, 2.0 * ctx.sv
    mask = 0
    gain = 0.0
    if goods[D.CORN] >= 3 and step2 > 3 * gv[D.CORN]:
        mask |= 1
        gain += step2 - 3 * gv[D.CORN]
    for k in range(1, 5):
        if goods[k] and step2 > gv[k]:
            mask |= 1 << k
            gain += step2 - gv[k]
    return mask, gain


def best_hire(ctx: Ctx, district: int) -> tuple[int, float]:
    """(professions mask, gain) of the best affordable set-up at the Hut or the Palace."""
    g, s = ctx.g, ctx.s
    goods = ctx.goods
    supply = g.supply[s]
    if not supply:
        return 0, 0.0
    vals = [(ctx.hire_value(p), p) for p in range(5) if D.SETUP_DISTRICT[p] == district]
    vals.sort(reverse=True)
    left = list(goods)
    mask = 0
    gain = 0.0
    for v, p in vals:
        if v <= 0 or supply <= 0:
            break
        cost = SETUP_COST[p]
        if (left[0] >= cost[0] and left[1] >= cost[1] and left[2] >= cost[2]
                and left[3] >= cost[3] and left[4] >= cost[4]):
            for k in range(5):
                left[k] -= cost[k]
            mask |= 1 << p
            gain += v
            supply -= 1
    return mask, gain


def best_acquire(ctx: Ctx, district: int) -> tuple[int, float]:
    """(row or -1, gain) of the best affordable Priest / Virgin at that house."""
    g = ctx.g
    goods = ctx.goods
    best, gain = -1, 0.0
    for r in range(3):
        if D.ROW_HOUSE[r] != district:
            continue
        taken = g.rows_taken[r]
        if taken >= D.ROW_SIZES[r]:
            continue
        cost = D.ROW_CARD_COSTS[r][taken]
        if (goods[0] >= cost[0] and goods[1] >= cost[1] and goods[2] >= cost[2]
                and goods[3] >= cost[3] and goods[4] >= cost[4]):
            v = ctx.acquire_value(r)
            if sum(g.rows_taken) == D.TOTAL_PRIEST_CARDS - 1:   # the last one ends the game
                margin = priests_end_margin(g, ctx.s, r)
                if margin <= 0:
                    continue            # never end the game behind by choice
                v = max(v, 0.0) + W.end_bonus
            if v > gain:
                best, gain = r, v
    return best, gain


def best_sunclock(ctx: Ctx) -> tuple[int, float]:
    """(profession or -1, gain) of sending one of my Incas to the Sun Clock.

    It brings 3 goods and 3 steps; the Inca comes back to my supply at night, so its icons and
    production are lost until I pay (goods and a turn) to set it up again. On day 9 it pays at
    once but stays: its icons are lost for good."""
    g = ctx.g
    incas = ctx.incas
    last = g.day == D.LAST_DAY
    if ctx.t < 0.15 and not last:
        return -1, 0.0
    goods3 = sorted(ctx.gv_base[1:] + [3 * ctx.gv_base[0]], reverse=True)
    pay = sum(goods3[:3]) + ctx.steps_value(3)
    best, gain = -1, 0.0
    for p in range(5):
        if not incas[p]:
            continue
        if last:
            loss = ctx.icons[p] * ctx.m
        else:
            rehire = ctx.cost_value(SETUP_COST[p], True) + W.turn_cost
            keep = ctx.hire_gain(p)
            loss = min(rehire, keep) + ctx.produce_value(p) * W.trigger
        v = pay - loss
        if v > gain:
            best, gain = p, v
    return best, gain


def moon_value(ctx: Ctx, t: int) -> float:
    _tid, corn, good, steps = D.MOON_TILES[t]
    gv = ctx.gv
    if corn:
        return corn * gv[D.CORN]
    if good is not None:
        return max(0.0, gv[good] - gv[D.CORN]) if ctx.goods[D.CORN] or t else gv[good] - gv[D.CORN]
    return ctx.steps_value(steps)


def district_values(ctx: Ctx, with_market: bool = True, fast: bool = False) -> list[float]:
    """Points of entering each district now (0 when nothing would happen)."""
    g, s = ctx.g, ctx.s
    goods, incas, owned, gv, sv = ctx.goods, ctx.incas, ctx.owned, ctx.gv, ctx.sv
    bonus = g.bonus
    out = [0.0] * 15
    # production
    for d in range(5):
        b = bonus[d]
        if not b:
            continue
        if d == D.D_CORN:
            v = (b + W.own_produce * incas[0]) * 3 * gv[0]
        else:
            corn = goods[0]
            v = b * gv[d] + W.own_produce * min(incas[d], corn) * (gv[d] - gv[0])
        out[d] = v - W.opp_produce * _others_produce(g, s, d, gv)
    # llama temples
    llamas = goods[D.LLAMA]
    for r in range(3):
        d = ROW_TEMPLE[r]
        b = bonus[d]
        if not b:
            continue
        k = min(owned[r], llamas)
        if k and ctx.rv[r] * sv <= ctx.llama_base:
            k = 0
        end = 0.0
        if len(g.deck) == 1:
            k, end = _deck_race(g, s, 3 * b, ctx.rv[r], k)
        v = ctx.steps_value(3 * b + k * ctx.rv[r]) - k * ctx.llama_base + end
        out[d] = v - W.opp * _others_sacrifice(g, s, r)
    if bonus[D.D_MAIN]:
        mask, gain = best_offer(ctx)
        k = len(A.mask_items(mask))
        end = 0.0
        if len(g.deck) == 1:
            k2, end = _deck_race(g, s, 3 * bonus[D.D_MAIN], D.MAIN_TEMPLE_STEPS, k)
            if k2 < k:
                gain *= k2 / k
                k = k2
        out[D.D_MAIN] = ctx.steps_value(3 * bonus[D.D_MAIN] + 2 * k) - 2 * k * sv + gain + end
    out[D.D_HUT] = best_hire(ctx, D.D_HUT)[1]
    out[D.D_PALACE] = best_hire(ctx, D.D_PALACE)[1]
    out[D.D_PRIESTS] = best_acquire(ctx, D.D_PRIESTS)[1]
    out[D.D_VIRGINS] = best_acquire(ctx, D.D_VIRGINS)[1]
    if with_market:
        out[D.D_PLAZA] = market_plan(ctx, fast)[1]
    out[D.D_SUNCLOCK] = best_sunclock(ctx)[1]
    return out


def _deck_race(g: "Game", s: int, stones: int, each: int, k: int) -> tuple[int, float]:
    """With one card left: (units to sacrifice, end value) at a temple whose stones bring
    `stones` steps and each unit `each` steps. Reaching the summit takes the last card and ends
    the game: worth it when s would win; otherwise stop short, if the stones allow."""
    if deck_ends_at(g, s, stones):
        return k, end_value(deck_end_margin(g, s))
    if not deck_ends_at(g, s, stones + each * k):
        return k, 0.0
    margin = deck_end_margin(g, s)
    if margin > 0:
        return k, W.end_bonus
    return max(0, (D.TRAIL_SUMMIT - 1 - g.trail[s] - stones) // each), 0.0


def _others_produce(g: "Game", s: int, d: int, gv: list[float]) -> float:
    """Points the others' Incas make when s triggers district d, valued with s's own goods
    values (a farmer's 3 corn for free; any other good for the corn it costs)."""
    total = 0
    for q in range(g.n):
        if q != s:
            total += g.incas[q][d]
    if d == D.D_CORN:
        return total * D.FARMER_CORN * gv[D.CORN]
    return total * max(0.0, gv[d] - gv[D.CORN])


def _others_sacrifice(g: "Game", s: int, r: int) -> float:
    total = 0
    for q in range(g.n):
        if q != s:
            total += min(g.owned[q][r], g.goods[q][D.LLAMA])
    return total * (D.ROW_BASE_STEPS[r] - g.rows_taken[r]) * 0.25


# -- the market -------------------------------------------------------------------------------
_SELL_PRICES = tuple(sell_price(u) for u in range(5))   # corn for one unit sold into a column of u
# Corn to buy n units one after another from a column holding u: _BUY_TOTAL[u][n]
_BUY_TOTAL = tuple(tuple(buy_total(u, n) for n in range(16)) for u in range(5))


def _plan_for(market: list[int], goods: list[int], buys: list[int], corn_floor: int,
              sell_order: list[int], sellable: list[int], adjusted: bool, traded: bool):
    """Cheapest way to buy `buys` (units per good), selling from `sellable` in `sell_order`.

    Returns (actions, corn after, units sold per good) or None when not affordable."""
    best = None
    options: list[Optional[tuple[int, int]]] = [None]
    if not adjusted and not traded:
        for k in D.MARKET_GOODS:
            if buys[k] and market[k] < 4:
                options.append((k, 1))
            if sellable[k] and market[k] > 0:
                options.append((k, -1))
    if max(buys) >= 16:
        return _plan_for_slow(market, goods, buys, corn_floor, sell_order, sellable, options)
    bt = _BUY_TOTAL
    b1, b2, b3, b4 = buys[1], buys[2], buys[3], buys[4]
    m1, m2, m3, m4 = market[1], market[2], market[3], market[4]
    # the corn the buys cost at the market as it stands (each unit at its column's price then)
    plain = bt[m1][b1] + bt[m2][b2] + bt[m3][b3] + bt[m4][b4]
    corn0 = goods[0]
    for opt in options:
        cost = plain
        if opt is not None:
            k, delta = opt
            u = market[k]
            cost += bt[u + delta][buys[k]] - bt[u][buys[k]]
        corn = corn0
        sells: list[int] = []
        if corn - cost < corn_floor:
            corn, sells = _sell_until(corn, cost + corn_floor, market, opt, sell_order, sellable)
            if corn - cost < corn_floor:
                continue
        final = corn - cost
        if best is None or final > best[1]:
            best = (opt, final, sells)
    return _plan_actions(best, buys)


def _plan_for_slow(market, goods, buys, corn_floor, sell_order, sellable, options):
    """`_plan_for` one unit at a time (buys beyond its table)."""
    best = None
    for opt in options:
        mk = market[:]
        if opt is not None:
            mk[opt[0]] += opt[1]
        cost = 0
        for k in D.MARKET_GOODS:
            u = mk[k]
            for _ in range(buys[k]):
                cost += buy_price(u)
                if u:
                    u -= 1
        corn = goods[0]
        sells: list[int] = []
        if corn - cost < corn_floor:
            corn, sells = _sell_until(corn, cost + corn_floor, market, opt, sell_order, sellable)
            if corn - cost < corn_floor:
                continue
        final = corn - cost
        if best is None or final > best[1]:
            best = (opt, final, sells)
    return _plan_actions(best, buys)


def _sell_until(corn: int, need: int, market: list[int], opt, sell_order: list[int],
                sellable: list[int]) -> tuple[int, list[int]]:
    """Sell from `sellable` in `sell_order`, one unit at a time into the market (adjusted by
    `opt`: (good, +1/-1) or None), until `corn` reaches `need`: (corn then, goods sold in order);
    corn stays below `need` if everything sellable is not enough."""
    sells: list[int] = []
    for k in sell_order:
        u = market[k]
        if opt is not None and opt[0] == k:
            u += opt[1]
        left = sellable[k]
        while left > 0 and corn < need:
            corn += _SELL_PRICES[u]
            if u < 4:
                u += 1
            sells.append(k)
            left -= 1
        if corn >= need:
            break
    return corn, sells


def _plan_actions(best, buys: list[int]):
    """`_plan_for`'s answer from the best (adjustment, corn after, sales)."""
    if best is None:
        return None
    opt, final, sells = best
    actions = []
    if opt is not None:
        actions.append(A.ADJUST_ADD[opt[0]] if opt[1] > 0 else A.ADJUST_REMOVE[opt[0]])
    actions += [A.SELL[k] for k in sells]
    for k in D.MARKET_GOODS:
        actions += [A.BUY[k]] * buys[k]
    sold = [0] * 5
    for k in sells:
        sold[k] += 1
    return actions, final, sold


def market_plan(ctx: Ctx, fast: bool = False) -> tuple[list, float, str]:
    """A visit's trades: (actions ending with "done", gain in points, what it is for)."""
    return max(market_plans(ctx, fast), key=lambda p: p[1])


def visit_state(g: "Game", s: int) -> tuple[bool, bool, int, int, int]:
    """The market visit that seat s's plans start from, (adjusted, traded, bought mask, sold
    mask, trades): the visit in progress when it is s's (the task at hand), else a fresh
    visit's. The game keeps the last visit's flags until someone enters the Central Plaza again:
    a plan for a later visit (the Plaza's value in a turn choice) must not read them."""
    stack = g.stack
    if stack:
        task = stack[-1]
        if task[0] == "market" and task[1] == s:
            return g.mkt_adjusted, g.mkt_traded, g.mkt_bought, g.mkt_sold, g.mkt_trades
    return False, False, 0, 0, 0


def market_plans(ctx: Ctx, fast: bool = False) -> list[tuple[list, float, str]]:
    """Every plan worth considering for this visit, "done" at once included.

    Targets tried: the Priest / Virgin I save for, the best Inca set-ups, llamas for my priests'
    sacrifices; each bought with corn and surplus goods at the best adjusted prices. During the
    seat's own visit the plans go on from where it stands; any other time they are for a visit
    to come (`visit_state`).
    """
    g, s = ctx.g, ctx.s
    goods, gv = ctx.goods, ctx.gv
    market = g.market
    adjusted, traded, bought, sold_mask, trades = visit_state(g, s)
    trades_left = D.MAX_TRADES_PER_VISIT - trades
    plans: list[tuple[list, float, str]] = [([A.DONE], 0.0, "nothing to trade")]
    if trades_left <= 0:
        return plans
    candidates: list[tuple[str, list[int], float]] = []
    r = ctx.target
    # (a play-out's kept values may name a row that another seat has since emptied)
    if r >= 0 and ctx.t > 0.5 and g.rows_taken[r] < D.ROW_SIZES[r]:
        cost = D.ROW_CARD_COSTS[r][g.rows_taken[r]]
        gain = ctx.acquire_value(r)
        if gain > 0:
            candidates.append((D.ROW_NAMES[r], list(cost), gain * 0.75))
    if not fast and g.supply[s] and ctx.t > 0.8:
        for p in range(5):
            gain = ctx.hire_value(p)
            if gain > 0.3:
                candidates.append((D.PROFESSION_NAMES[p], list(SETUP_COST[p]), gain * 0.6))
    # llamas my priests can sacrifice in the next days
    want = int(min(ctx.sac_cap, sum(ctx.owned) * 2)) - goods[D.LLAMA]
    if want > 0 and ctx.t > 0.3:
        want = min(want, 3)
        llama_gain = want * (max(ctx.rv) * ctx.sv * W.trigger - ctx.llama_base * 0.5)
        if llama_gain > 0:
            candidates.append(("llamas", [0, want, 0, 0, 0], llama_gain))
    corn_floor_base = 0
    for label, cost, gain in candidates:
        buys = [0] * 5
        reserve = list(cost)
        for k in range(1, 5):
            if cost[k] > goods[k]:
                buys[k] = cost[k] - goods[k]
        if not any(buys) and goods[0] >= cost[0]:
            continue  # already affordable: nothing to trade for it
        if sold_mask and ((buys[1] and sold_mask & 2) or (buys[2] and sold_mask & 4)
                          or (buys[3] and sold_mask & 8) or (buys[4] and sold_mask & 16)):
            continue              # a good sold in this visit cannot be bought
        # Sell goods I hold beyond what the target needs, least valuable first.
        sellable = [0] * 5
        for k in D.MARKET_GOODS:
            if not buys[k] and not (bought >> k & 1):
                extra = goods[k] - reserve[k]
                if k == D.LLAMA:
                    extra = min(extra, goods[k] - min(goods[k], int(ctx.sac_cap)))
                if extra > 0:
                    sellable[k] = extra
        order = [k for k in D.MARKET_GOODS if sellable[k]]
        if len(order) > 1:
            order.sort(key=gv.__getitem__)
        plan = _plan_for(market, goods, buys, max(cost[0], corn_floor_base), order, sellable,
                         adjusted, traded)
        if plan is None:
            continue
        actions, corn_after, sold = plan
        if sum(sold) + sum(buys) > trades_left:
            continue              # more trades than the visit has left
        spent = goods[0] - corn_after  # net corn paid (negative when selling brings corn)
        gb = ctx.gv_base
        # sum() over the same four terms (as sum adds them: compensated from Python 3.12 on)
        lost = sum((gv[1] * sold[1], gv[2] * sold[2], gv[3] * sold[3], gv[4] * sold[4]))
        got = sum((gb[1] * buys[1], gb[2] * buys[2], gb[3] * buys[3], gb[4] * buys[4]))
        value = gain + got - lost - spent * gv[0]
        plans.append((actions + [A.DONE], value, label))
    return plans


# -- choices for every kind of decision -------------------------------------------------------
def choose_return(ctx: Ctx, k: int) -> tuple[int, ...]:
    """The k cards of my hand to put back: the least valuable to me."""
    hand = ctx.g.hands[ctx.s]
    ranked = sorted(hand, key=lambda c: (ctx.card_value(c), -c))
    return tuple(sorted(ranked[:k]))


def choose_take(ctx: Ctx) -> int:
    """The 3 different goods from the Sun Clock (a TAKE mask)."""
    gv = ctx.gv
    vals = [3 * gv[0]] + [gv[k] + (W.need_boost if ctx.need[k] else 0.0) for k in range(1, 5)]
    best, bestv = 0, -1.0
    for m, items in TAKE_ITEMS.items():
        v = sum(vals[k] for k in items)
        if v > bestv:
            best, bestv = m, v
    return best


def choose_setup(ctx: Ctx) -> int:
    icons = ctx.icons
    prefs = (1.2, 1.0, 0.9, 0.9, 0.9)  # farmer, shepherd, planter, potter, weaver
    return max(range(5), key=lambda p: (icons[p] * 2 + prefs[p], -p))


def turn_scores(ctx: Ctx, legal: list, look: Optional[float] = None,
                fast: bool = False) -> list[float]:
    """A score per legal turn action: the district now and the best move from there next."""
    if look is None:
        look = W.look
    g, s = ctx.g, ctx.s
    values = district_values(ctx, True, fast)
    here = g.prince[s]
    used = g.last_used[s]
    llama_cost = ctx.gv[D.LLAMA]
    has_llama = ctx.goods[D.LLAMA] > 0
    # Best next move from each district (value of being there next turn).
    nexts = [0.0] * 15
    if look:
        best_any = max(values) - llama_cost if has_llama else 0.0
        for d in range(15):
            m = 0.0
            for n in ADJ[d]:
                if values[n] > m:
                    m = values[n]
            if best_any > m:
                m = best_any
            nexts[d] = m
    scores = []
    tiles_today = g.tiles_today
    final = g.day == D.LAST_DAY
    if final and g.final_turns:
        look = 0.0              # the last turn of the game: no next move
    ends_day = tiles_today == D.MOON_TILES_TO_END_DAY - 1 and not g.final_turns
    day_end = 0.0
    if ends_day and final:
        # The 3rd tile of day 9 ends my play; the others have one turn each, then the conquest.
        day_end = end_value(end_margin(g, s, True), W.end_safety)
    for a in legal:
        kind = a.kind
        if kind == "stay":
            v = moon_value(ctx, a.arg) + W.stay_bias
            if ends_day:
                if final:
                    v += day_end        # the Sun tile is worth nothing: no next day
                else:
                    v += W.sun_tile
            if here >= 0 and not (final and ends_day):
                v += look * nexts[here] * 0.8
            if final and len(g.deck) == 1:   # the steps of a trail tile pay at once on day 9
                steps = D.MOON_TILES[a.arg][3]
                if deck_ends_at(g, s, steps):
                    v += end_value(deck_end_margin(g, s))
            scores.append(v)
            continue
        d = a.arg
        v = values[d] + look * nexts[d]
        if kind == "travel":
            v -= llama_cost
        scores.append(v)
    return scores


def decide(g: "Game", rng: Optional[random.Random] = None, eps: float = 0.0,
           ctx: Optional[Ctx] = None, look: Optional[float] = None):
    """The policy's action for the seat to move in `g` (fast; no copies)."""
    task = g.stack[-1]
    kind, s = task[0], task[1]
    legal = g._legal          # read only here: no copy (the play-outs decide thousands a second)
    if legal is None:
        legal = g.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if rng is not None and eps and rng.random() < eps and kind != "market":
        return legal[rng.randrange(len(legal))]
    if kind == "produce":
        # Always worth it: a good is worth more than the corn it costs.
        return A.PRODUCE[min(g.incas[s][task[2]], g.goods[s][D.CORN])]
    if kind == "sacrifice":
        # Always worth it: a llama is worth less than the steps it brings (but not the summit
        # that takes the last card and ends the game while behind).
        k = min(g.owned[s][task[2]], g.goods[s][D.LLAMA])
        if len(g.deck) == 1:
            k = safe_steps(g, s, g.row_value(task[2]), k)
        return A.SACRIFICE[k]
    if kind == "claim":
        tiles = task[2]
        corn = g.goods[s][D.CORN]
        mask = 0
        for k in (D.LLAMA, D.COCA, D.POTTERY, D.CLOTH):
            if corn and tiles >> k & 1:
                mask |= 1 << k
                corn -= 1
        return A.CLAIM[mask]
    if ctx is None:
        ctx = Ctx(g, s)
    if kind == "turn":
        scores = turn_scores(ctx, legal, look)
        best = max(range(len(legal)), key=scores.__getitem__)
        return legal[best]
    if kind == "offer":
        mask = best_offer(ctx)[0]
        if len(g.deck) == 1 and mask:
            items = A.mask_items(mask)
            k = safe_steps(g, s, D.MAIN_TEMPLE_STEPS, len(items))
            if k < len(items):   # offer only the k goods worth least
                keep = sorted(items, key=lambda x: ctx.gv[x] * (3 if x == D.CORN else 1))[:k]
                mask = sum(1 << x for x in keep)
        return A.OFFER[mask]
    if kind == "hire":
        return A.HIRE[best_hire(ctx, task[2])[0]]
    if kind == "acquire":
        return A.ACQUIRE[best_acquire(ctx, task[2])[0] + 1]
    if kind == "market":
        plan = market_plan(ctx)[0]
        action = plan[0]
        return action if action in legal else A.DONE
    if kind == "sunclock":
        return A.SUNCLOCK[best_sunclock(ctx)[0] + 1]
    if kind == "take":
        return A.TAKE[choose_take(ctx)]
    if kind == "return":
        return A.RETURN[choose_return(ctx, task[2])]
    if kind == "setup":
        return A.PLACE[choose_setup(ctx)]
    return legal[0]


def play_market(g: "Game") -> None:
    """Play a whole market visit at once with the plan (for play-outs)."""
    ctx = Ctx(g, g.stack[-1][1])
    for action in market_plan(ctx, fast=True)[0]:
        if g.over or g.stack[-1][0] != "market":
            return
        if action is not A.DONE and action not in g.legal_actions():
            action = A.DONE
        g.apply_unchecked(action)
        if action is A.DONE:
            return


# -- evaluation -------------------------------------------------------------------------------
def goods_units(goods: list[int]) -> int:
    return goods[0] // 3 + goods[1] + goods[2] + goods[3] + goods[4]


def expected_multipliers(golds: list[float], pc: float, spread: float) -> list[float]:
    """Expected conquest multiplier per seat from projected gold (soft dense ranking)."""
    n = len(golds)
    out = []
    for s in range(n):
        others = sorted(golds[:s] + golds[s + 1:], reverse=True)
        p1 = sigmoid((golds[s] - others[0] + 0.3) / spread)
        p2 = sigmoid((golds[s] - others[1] + 0.3) / spread) if n > 2 else 1.0
        m = 1.0 + 2.0 * p1 + (1.0 - p1) * p2
        out.append(1.0 + pc * (m - 1.0))
    return out


def projections(g: "Game") -> list[float]:
    """Projected final score of every seat (exact once the game is over).

    Final VP and gold come from linear models fitted on self-play (`training.py`, `weights.py`);
    the expected conquest multiplier from the projected gold of all seats, as sure as the fitted
    spread of gold allows at this many days before the end."""
    if g.over:
        from ..scoring import score
        sheet = score(g)
        return [x["final"] + x["tiebreak"] * 0.001 for x in sheet["seats"]]
    tm = timing(g)
    t = tm[0]
    vps, golds = [], []
    wv, wg = WT.W_VP, WT.W_GOLD
    for s in range(g.n):
        vp, gold = current(g, s)
        x = features(g, s, t)
        vp += sum(map(mul, wv, x))       # the dot products in C: the search's every leaf
        gold += sum(map(mul, wg, x))
        vps.append(vp if vp > 0.0 else 0.0)
        golds.append(gold)
    spread = WT.GOLD_SPREAD[0] + WT.GOLD_SPREAD[1] * t
    mults = expected_multipliers(golds, tm[1], spread)
    return [v * m + 0.001 * goods_units(g.goods[s]) for s, (v, m) in enumerate(zip(vps, mults))]


def rewards(g: "Game") -> list[float]:
    """A number in 0..1 per seat: how well it stands against the best of the others."""
    finals = projections(g)
    n = len(finals)
    mean = sum(finals) / n
    scale = max(3.0, 0.15 * mean)
    out = []
    # A game that goes on keeps every seat some chance (W.goes_on): ending it while behind, a
    # sure loss, is then worse than going on (an affine map: the order of leaves is unchanged).
    floor = 0.0 if g.over else W.goes_on
    for s in range(n):
        best_other = max(finals[:s] + finals[s + 1:])
        out.append(floor + (1.0 - floor) * sigmoid((finals[s] - best_other) / scale))
    if g.over:
        from ..scoring import score
        winners = score(g)["winners"]
        out = [0.3 * x + (0.7 / len(winners) if s in winners else 0.0) for s, x in enumerate(out)]
    return out


def evaluate(g: "Game", s: int) -> float:
    """How good the position is for seat s: its projected final score minus the best other's."""
    finals = projections(g)
    return finals[s] - max(finals[q] for q in range(len(finals)) if q != s)
