"""What a seat's things are worth, in final points: the policy's tunable constants (`Weights`),
how much play is left (`timing`) and a seat's values at one moment (`Ctx`: a step on the
Incatrail, each good, a card, one more Inca or Priest). See heuristics.py for the whole."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Optional

from .. import actions as A
from .. import data as D

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
    deny = 1.5              # points per icon of a row on the rival who shows most of them, for
                            # taking a card of that row (divided by the cards left in it)
    end_pull = 2.0          # points for a Priest/Virgin that brings an ending I would win nearer
                            # (taken off when I would lose it), while few are left
    pull_left = 4           # ... from this many Priests/Virgins left
    row_bonus = 1.5         # points added to one more Priest/Virgin of any row (issue 28: tuned
                            # against the league, 16 games a table: 1.5 won 54.7% against 46.9%)
    keep_gold = 0.0         # medium: points per gold on the cards it keeps at a summit, beside
                            # its evaluation, when a conquest is sure (the rank a gold buys)


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
        fut_icons += W.row_bonus
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
                self.rg[q] - self.cost_value(D.ROW_CARD_COSTS[q][taken[q]], True) + self.deny(q)
                if taken[q] < D.ROW_SIZES[q] else 0.0 for q in range(3)]
        return acq[r]

    def deny(self, r: int) -> float:
        """Points of taking a card of row r from the rivals: the one whose hand shows most icons
        of that row would score them with each card of it, and fewer are left for it (on a
        re-dealt copy the rivals' hands are guesses, as kept: `endings.fit_hands`)."""
        g, s = self.g, self.s
        icon = 5 + r
        most = 0
        for q in range(g.n):
            if q == s:
                continue
            k = 0
            for c in g.hands[q]:
                a, b = CARDS[c]
                k += (a == icon) + (b == icon)
            if k > most:
                most = k
        left = D.ROW_SIZES[r] - g.rows_taken[r]
        return W.deny * most * self.m / left if most else 0.0

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

