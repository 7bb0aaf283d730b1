"""What every rule-based strategist shares: reading a seat's view, and one plain rule per decision.

A strategist decides from `game.view(seat)` alone (a JSON-able dict: public counts and positions,
its own cards, the legal actions as text). It never touches the Game object otherwise, so it is
fair by construction: `Strategist.decide(view)` is a pure function of the view (no randomness).

Values are in rough points at the end of the game (goods in Incatrail steps, steps in cards, a
card in VP and gold: every game so far ends by conquest, where gold ranks multiply VP). A strategy
(one subclass per way of playing) changes the numbers below (`focus`, `card_score`, `inca_score`,
`priest_score`, `market_wants`, ...); the rules that turn values into choices are the same for all:

- a turn enters the district whose value now, plus half the best value one move further, is
  highest; travel costs a llama; staying takes the best moon tile when no move is worth more;
- production, sacrifices, hiring and acquiring take what is worth more than it costs;
- at the market, sell what is not needed and buy what the next goal lacks;
- after a summit draw, keep the cards the strategy scores highest.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any, Optional

from ... import data as D
from ...actions import parse_action
from ..base import Bot, Decision, Thinker

GOODS = D.GOODS
PROFESSIONS = D.PROFESSIONS
ROWS = D.ROWS
ROW_ICON = {"condor": "condor", "puma": "puma", "virgin": "sun"}
PROFESSION_GOOD = dict(zip(PROFESSIONS, GOODS))
GOOD_PROFESSION = dict(zip(GOODS, PROFESSIONS))
ADJ = {d: set(n) for d, n in D.ADJACENCY_NAMES.items()}
SETUP_COST = {p: {GOODS[g]: c for g, c in D.SETUP_COST[i]} for i, p in enumerate(PROFESSIONS)}
HIRE_AT = {"hut": ("farmer", "shepherd"), "palace": ("planter", "potter", "weaver")}
ROW_TEMPLE = {"condor": "condor", "puma": "puma", "virgin": "sun"}
TEMPLE_ROW = {v: k for k, v in ROW_TEMPLE.items()}
MOON = {t[0]: t for t in D.MOON_TILES}


def card_icons(name: str) -> tuple[str, str]:
    a, b = name.split("-")
    return a, b


def card_gold(name: str) -> int:
    return D.CARD_GOLD[D.CARD_INDEX[name]]


class Seen:
    """A seat's view with the numbers every rule needs, computed once per decision."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        self.seat = view["seat"]
        self.me = view["players"][self.seat]
        self.others = [p for i, p in enumerate(view["players"]) if i != self.seat]
        self.goods = dict(self.me["goods"])
        self.incas = dict(self.me["incas"])
        self.priests = dict(self.me["priests"])
        self.hand = list(self.me.get("hand", []))
        self.icons = {i: 0 for i in D.ICONS}
        for c in self.hand:
            for i in card_icons(c):
                self.icons[i] += 1
        self.day = view["day"]
        self.last_day = view["last_day"]
        # Days of play left, counting the rest of today (a day is about 3 moon tiles long).
        self.days_left = self.last_day - self.day + max(0.1, (3 - view["tiles_today"]) / 3.0)
        if view["final_turns"]:
            self.days_left = self.last_day - self.day + 0.05
        self.last = self.day == self.last_day
        self.prompt = view["prompt"] or {}
        self.legal = list(view.get("legal", []))
        self.memo: Optional[dict[str, float]] = None   # values, once the goal is chosen

    def assets(self, icon: str) -> int:
        """What one icon of this kind on a card scores now: my Incas there or my cards of that row."""
        if icon in GOOD_PROFESSION:
            return self.incas[GOOD_PROFESSION[icon]]
        return self.priests[TEMPLE_ROW[icon]]     # the icons are the temples' names

    def vp_now(self) -> int:
        return self.me["score_now"]["vp"] if "score_now" in self.me else 0

    def can_pay(self, cost: dict[str, int], goods: Optional[dict[str, int]] = None) -> bool:
        goods = goods if goods is not None else self.goods
        return all(goods.get(g, 0) >= n for g, n in cost.items())


def offer_text(goods: list[str]) -> str:
    """The offer action of these goods (in D.GOODS order), or of none."""
    return "offer " + ("+".join(goods) if goods else "nothing")


class Strategist(Bot):
    """A rule-based player of one style; subclasses set the numbers (see the module doc)."""

    level = "strategist"
    style = ""          # the short name used by make_bot and the tournament
    first_inca = "planter"
    look = 0.5          # weight of the best move after the next one
    stay_bias = 0.3     # points added to staying (a moon tile is free; a move often helps others)
    travel_cost = 1.2   # points a travel costs beyond its llama
    offer_reserve = True  # keep what the next goal needs out of offerings
    judges_endings = False  # True: the style decides the last Priest/Virgin itself (tuned.py
                            # leaves may_take_last to it instead of `end_lead`)

    # -- the entry point: the view only -----------------------------------------------------
    def start(self, game, seat):
        """Decide at once from the seat's view (one view per decision; no rng needed)."""
        if game.is_over or game.to_move != seat:
            raise ValueError(f"seat {seat!r} is not the one to move")
        text, reason = self.decide(game.view(seat))
        return Thinker(result=Decision(parse_action(text), reason))

    def decide(self, view: dict[str, Any]) -> tuple[str, str]:
        """(action text, reason) from the view of the seat to move."""
        s = Seen(view)
        self.goal_cost(s)     # the goal first: values may be remembered from here on
        s.memo = {}
        kind = s.prompt["kind"]
        text, reason = getattr(self, "on_" + kind)(s)
        if text not in s.legal:   # a rule slipped: never play an illegal move
            text, reason = s.legal[0], "no rule fits; takes the first choice"
        return text, f"{self.style}: {reason}"

    # -- values: a strategy overrides these ---------------------------------------------------
    # Points per gold on a card: the conquest multiplies VP by the gold rank (x3, x2, x1), and
    # a few gold often make the difference of a whole rank.
    gold_points = 2.0
    vp_multiplier = 1.7   # what a VP is worth once the conquest multiplies it (x1 to x3)
    keep_gold = 0.3     # weight of a card's gold when choosing the cards to keep

    def card_points(self, s: Seen) -> float:
        """Points a new card is worth (its icons with what I own, its gold)."""
        vp = 1.0 + 0.4 * (sum(s.incas.values()) + sum(s.priests.values()))
        return vp * self.vp_multiplier + 4.3 * self.gold_points

    def step_value(self, s: Seen) -> float:
        """Points of one step on the Incatrail."""
        if s.view["deck"] == 0:
            return 3.0 / 20
        return self.card_points(s) / 20.0 * min(1.0, s.days_left / 1.5 + 0.2)

    def gv(self, s: Seen, good: str) -> float:
        """`good_value`, remembered for the decision once its goal is known."""
        memo = s.memo
        if memo is None:
            return self.good_value(s, good)
        v = memo.get(good)
        if v is None:
            v = memo[good] = self.good_value(s, good)
        return v

    def sv(self, s: Seen) -> float:
        """`step_value`, remembered likewise."""
        memo = s.memo
        if memo is None:
            return self.step_value(s)
        v = memo.get("step")
        if v is None:
            v = memo["step"] = self.step_value(s)
        return v

    def good_value(self, s: Seen, good: str) -> float:
        """Points of one unit of a good: what it can still become, more if a goal lacks it."""
        econ = max(0.0, min(1.0, (s.days_left - 0.4) / 3.0))
        base = self.base_good(s)
        if good == "corn":   # what production costs; scarce without farmers
            need = 2 + sum(n for p, n in s.incas.items() if p != "farmer")
            return base * (0.3 if s.goods["corn"] < need else 0.18)
        v = base
        if good == "llama":
            v = max(v, self.llama_use(s))
        if s.days_left > 0.6 and self.goal_lacks(s).get(good, 0) > 0:
            v += 0.3 * base * econ
        elif s.goods[good] > 3:   # a stock beyond what any goal takes is worth less
            v *= 0.7
        return v

    good_steps_early = 2.75   # steps a good is worth while it can still become Priests and Incas
    good_steps_late = 0.8     # ... at the end (what the Main Temple gives for it, about)

    def base_good(self, s: Seen) -> float:
        """Points of a unit of goods before any goal: steps that fall as the end nears."""
        econ = max(0.0, min(1.0, (s.days_left - 0.4) / 3.0))
        steps = self.good_steps_late + (self.good_steps_early - self.good_steps_late) * econ
        return steps * self.sv(s)

    def llama_use(self, s: Seen) -> float:
        """Points a llama brings in my priests' hands (a sacrifice at the best row)."""
        rows = [r for r in ROWS if s.priests[r]]
        if not rows or s.goods["llama"] >= sum(s.priests.values()) * max(1.0, s.days_left):
            return 0.0
        best = max(s.view["rows"][r]["steps"] for r in rows)
        return 0.7 * best * self.sv(s)

    def inca_score(self, s: Seen, prof: str) -> float:
        """Points of one more Inca of that profession (before its cost)."""
        good = PROFESSION_GOOD[prof]
        days = max(0.0, s.days_left - 0.3) * 0.8
        if prof == "farmer":
            make = 3 * self.gv(s, "corn")
            workers = sum(n for p, n in s.incas.items() if p != "farmer")
            if s.incas["farmer"] * 3 < workers + 2:
                make += 0.5 * self.base_good(s)   # corn pays for every other Inca's work
        else:
            make = max(0.0, self.gv(s, good) - self.gv(s, "corn"))
        return s.icons[good] * 1.0 + days * make

    def priest_score(self, s: Seen, row: str) -> float:
        """Points of one more Priest/Virgin of that row (before its cost)."""
        steps = s.view["rows"][row]["steps"] - 1
        llamas = 1 + s.goods["llama"] + s.incas["shepherd"] * s.days_left
        sac = max(0.0, s.days_left - 0.4) * 0.7 * min(1.0, llamas / (1 + sum(s.priests.values())))
        return s.icons[ROW_ICON[row]] * 1.0 + sac * steps * self.sv(s)

    def card_score(self, s: Seen, card: str) -> float:
        """How much I want to keep a card after a summit draw."""
        a, b = card_icons(card)
        return (s.assets(a) + s.assets(b) + 0.3 * self.potential(s, a)
                + 0.3 * self.potential(s, b) + self.keep_gold * card_gold(card))

    def potential(self, s: Seen, icon: str) -> float:
        """How much I can still grow what an icon counts (0 when its row is gone)."""
        if icon in ROW_ICON.values():
            row = TEMPLE_ROW[icon]
            return min(2.0, s.view["rows"][row]["left"]) * min(1.0, s.days_left / 3)
        return min(2.0, s.days_left / 2)

    def goal(self, s: Seen) -> Optional[tuple[str, dict[str, int]]]:
        """What I am saving for next: ('priest', cost) or ('inca', cost) or None."""
        best, best_v = None, 0.0
        for row in ROWS:
            info = s.view["rows"][row]
            if info["left"] and info["next_cost"] and s.days_left > 0.5:
                v = self.priest_score(s, row) - self.cost_points(s, info["next_cost"], plain=True)
                if v > best_v:
                    best, best_v = (row, info["next_cost"]), v
        if s.me["supply"]:
            for prof in PROFESSIONS:
                v = self.inca_score(s, prof) - self.cost_points(s, SETUP_COST[prof], plain=True)
                if v > best_v:
                    best, best_v = (prof, SETUP_COST[prof]), v
        return best

    def goal_cost(self, s: Seen) -> dict[str, int]:
        """The goods the next goal costs (empty without a goal)."""
        if not hasattr(s, "_goal_cost"):
            s._goal_cost = {}      # while the goal is chosen, values count no goal
            goal = self.goal(s)
            s._goal_cost = dict(goal[1]) if goal is not None else {}
        return s._goal_cost

    def goal_lacks(self, s: Seen) -> dict[str, int]:
        return {g: n - s.goods[g] for g, n in self.goal_cost(s).items() if s.goods[g] < n}

    def cost_points(self, s: Seen, cost: dict[str, int], plain: bool = False) -> float:
        if plain:   # without the goal's boost (the goal is chosen from these)
            base = self.base_good(s)
            return sum(n * (base * 0.33 if g == "corn" else base) for g, n in cost.items())
        return sum(n * self.gv(s, g) for g, n in cost.items())

    # -- what entering a district is worth ----------------------------------------------------
    def district_value(self, s: Seen, name: str) -> float:
        view = s.view
        dist = view["districts"][name]
        sv = self.sv(s)
        if name in GOODS:
            b = dist["bonus"]
            if not b:
                return 0.0
            gv = self.gv(s, name)
            mine = dist["incas"][s.seat]
            if name == "corn":
                return (b + mine) * 3 * gv
            corn = s.goods["corn"]
            return b * gv + min(mine, corn) * max(0.0, gv - self.gv(s, "corn"))
        if name in TEMPLE_ROW:
            b = dist["bonus"]
            if not b:
                return 0.0
            row = TEMPLE_ROW[name]
            k = min(s.priests[row], s.goods["llama"])
            steps = 3 * b + k * view["rows"][row]["steps"]
            return steps * sv - k * 0.6 * self.gv(s, "llama") + self.trail_reward(s, steps)
        if name == "main":
            b = dist["bonus"]
            if not b:
                return 0.0
            mask, gain = self.best_offer(s)
            steps = 3 * b
            return steps * sv + gain + self.trail_reward(s, steps + 2 * len(mask))
        if name in HIRE_AT:
            return self.best_hire(s, name)[1]
        if name == "priests":
            return self.best_acquire(s, ("condor", "puma"))[1]
        if name == "virgins":
            return self.best_acquire(s, ("virgin",))[1]
        if name == "plaza":
            return self.market_plan(s)[1]
        if name == "sunclock":
            return self.best_sunclock(s)[1]
        return 0.0

    def trail_reward(self, s: Seen, steps: int) -> float:
        """Granary corn and Stable llama passed on the way (points)."""
        pos, v = s.me["trail"], 0.0
        end = pos + steps
        if pos < 7 <= end:
            v += 3 * self.gv(s, "corn")
        if pos < 13 <= end:
            v += self.gv(s, "llama")
        return v

    def moon_value(self, s: Seen, tile: str) -> float:
        _tid, corn, good, steps = MOON[tile]
        if corn:
            return corn * self.gv(s, "corn")
        if good is not None:
            return max(0.0, self.gv(s, GOODS[good]) - self.gv(s, "corn"))
        return steps * self.sv(s) + self.trail_reward(s, steps)

    # -- decisions ----------------------------------------------------------------------------
    def on_setup(self, s: Seen) -> tuple[str, str]:
        best = max(PROFESSIONS, key=lambda p: (self.setup_score(s, p), p == self.first_inca))
        return f"place {best}", f"a first {best}"

    def setup_score(self, s: Seen, prof: str) -> float:
        return self.inca_score(s, prof) + (0.5 if prof == self.first_inca else 0.0)

    def on_turn(self, s: Seen) -> tuple[str, str]:
        return self.choose_turn(s, self.turn_values(s))

    def turn_values(self, s: Seen) -> dict[str, float]:
        """What entering each district is worth now, with the strategy's own priorities."""
        values = {d: self.district_value(s, d) for d in D.DISTRICTS}
        for d, extra in self.focus(s).items():
            if values[d] > 0:
                values[d] += extra
        return values

    def trip_cost(self, s: Seen, kind: str) -> float:
        """What a turn's way there costs beyond the district: a travel's llama and its cost."""
        return self.gv(s, "llama") + self.travel_cost if kind == "travel" else 0.0

    def choose_turn(self, s: Seen, values: dict[str, float]) -> tuple[str, str]:
        """The turn (a move, a travel or a stay) by `values` (`turn_values`) and what follows."""
        here = s.me["prince"]
        # after a stay the next move starts from here, as after a move it starts from there
        after_stay = max((values[n] for n in ADJ[here]), default=0.0) if here else 0.0
        best_text, best_v, why = None, None, ""
        for text in s.legal:
            kind, arg = text.split(" ", 1)
            if kind == "stay":
                v = (self.moon_value(s, arg) + self.look * after_stay + self.stay_bias
                     + self.stay_timing(s))
                label = f"stays for the {arg} moon tile"
            else:
                nxt = max((values[n] for n in ADJ[arg] if n != arg), default=0.0)
                v = values[arg] + self.look * nxt
                if kind == "travel":
                    v -= self.trip_cost(s, kind)
                label = f"goes to {arg} ({values[arg]:.1f} now)"
            if best_v is None or v > best_v:
                best_text, best_v, why = text, v, label
        return best_text, why

    def focus(self, s: Seen) -> dict[str, float]:
        """Points a strategy adds to districts it favours now (only where entering does
        something)."""
        return {}

    def temple_sacrifices(self, s: Seen) -> dict[str, int]:
        """Llamas my priests could sacrifice at each llama temple that has a stone now."""
        out = {}
        for row, temple in ROW_TEMPLE.items():
            if s.view["districts"][temple]["bonus"] and s.priests[row]:
                k = min(s.priests[row], s.goods["llama"])
                if k:
                    out[temple] = k
        return out

    def affordable_rows(self, s: Seen) -> list[str]:
        """Rows whose next card I can pay for now."""
        return [r for r in ROWS if s.view["rows"][r]["left"] and s.can_pay(s.view["rows"][r]["next_cost"])]

    def stay_timing(self, s: Seen) -> float:
        """Extra points for staying now (a strategy may hurry or slow the day)."""
        return 0.0

    def on_produce(self, s: Seen) -> tuple[str, str]:
        good = s.prompt["district"]
        gain = self.gv(s, good) - self.gv(s, "corn")
        counts = [int(t.split()[1]) for t in s.legal]
        k = max(counts) if gain > 0 else 0
        return f"produce {k}", f"{good} is worth its corn" if k else f"{good} is not worth its corn"

    def on_sacrifice(self, s: Seen) -> tuple[str, str]:
        counts = [int(t.split()[1]) for t in s.legal]
        k = max(counts)
        steps = s.prompt["steps_per_llama"]
        if steps * self.sv(s) < 0.6 * self.gv(s, "llama") and not s.last:
            k = 0
        return f"sacrifice {k}", f"{steps} steps per llama"

    def best_offer(self, s: Seen) -> tuple[list[str], float]:
        """The goods to offer at the Main Temple (2 steps each) and the points they gain."""
        two = 2 * self.sv(s)
        lacks = self.goal_lacks(s) if self.offer_reserve else {}
        out, gain = [], 0.0
        for g in GOODS:
            have = s.goods[g]
            unit = 3 if g == "corn" else 1
            if have < unit:
                continue
            cost = unit * self.gv(s, g)
            if g in lacks and not s.last:
                cost += 0.5
            if two > cost:
                out.append(g)
                gain += two - cost
        return out, gain

    def on_offer(self, s: Seen) -> tuple[str, str]:
        goods, _gain = self.best_offer(s)
        return offer_text(goods), "offers what is worth less than its steps"

    def best_hire(self, s: Seen, where: str) -> tuple[list[str], float]:
        left = dict(s.goods)
        supply = s.me["supply"]
        scored = sorted(((self.inca_score(s, p) - self.cost_points(s, SETUP_COST[p]), p)
                         for p in HIRE_AT[where]), reverse=True)
        out, gain = [], 0.0
        for v, p in scored:
            if v <= 0 or supply <= 0 or not s.can_pay(SETUP_COST[p], left):
                continue
            for g, n in SETUP_COST[p].items():
                left[g] -= n
            supply -= 1
            out.append(p)
            gain += v
        return [p for p in PROFESSIONS if p in out], gain

    def on_hire(self, s: Seen) -> tuple[str, str]:
        profs, _ = self.best_hire(s, s.prompt["district"])
        return "hire " + ("+".join(profs) if profs else "nobody"), "sets up what pays"

    def best_acquire(self, s: Seen, rows: tuple[str, ...]) -> tuple[Optional[str], float]:
        best, best_v = None, 0.0
        for row in rows:
            info = s.view["rows"][row]
            if not info["left"] or not s.can_pay(info["next_cost"]):
                continue
            if not self.may_take_last(s) and s.view["priests_left"] == 1:
                continue
            v = self.priest_score(s, row) - self.cost_points(s, info["next_cost"])
            if v > best_v:
                best, best_v = row, v
        return best, best_v

    def may_take_last(self, s: Seen) -> bool:
        """Whether taking the last Priest/Virgin (which ends the game) is fine: only when ahead."""
        mine = s.vp_now()
        return all(mine > self.guess_vp(s, p) for p in s.others)

    def guess_vp(self, s: Seen, p: dict[str, Any]) -> float:
        """Another seat's VP as I can guess it (its cards are hidden: about one icon each of what
        it owns most, per card)."""
        assets = sorted(list(p["incas"].values()) + list(p["priests"].values()), reverse=True)
        per_card = (assets[0] + assets[1]) * 0.8 if len(assets) > 1 else 0
        trail = 2 if p["trail"] >= 13 else 1 if p["trail"] >= 7 else 0
        return p["cards"] * per_card + trail + p["summit_vp"]

    def on_acquire(self, s: Seen) -> tuple[str, str]:
        rows = tuple(t.split()[1] for t in s.legal if t != "acquire nothing")
        row, _ = self.best_acquire(s, rows)
        return ("acquire " + row, f"a {row} pays") if row else ("acquire nothing", "not worth it")

    def on_sunclock(self, s: Seen) -> tuple[str, str]:
        prof, _ = self.best_sunclock(s)
        return ("sunclock " + prof, f"the {prof} brings more there") if prof else (
            "sunclock nobody", "every Inca earns more where it is")

    def best_sunclock(self, s: Seen) -> tuple[Optional[str], float]:
        if s.days_left < 0.3 and not s.last:
            return None, 0.0
        goods = sorted((self.gv(s, g) * (3 if g == "corn" else 1) for g in GOODS),
                       reverse=True)
        pay = sum(goods[:3]) + 3 * self.sv(s) + self.trail_reward(s, 3)
        best, best_v = None, 0.0
        for p, n in s.incas.items():
            if not n or (p == "farmer" and not s.last and n == 1):
                continue       # never the only farmer: its corn pays for all the production
            # On the last day it pays at once and the Inca no longer counts; before, the Inca
            # comes back to my supply and costs a turn and its goods to set up again.
            loss = s.icons[PROFESSION_GOOD[p]] * 1.0
            if not s.last:
                loss += self.inca_score(s, p) + 2.0
            v = pay - loss - 1.0
            if v > best_v:
                best, best_v = p, v
        return best, best_v

    def on_take(self, s: Seen) -> tuple[str, str]:
        def worth(text: str) -> float:
            return sum(self.gv(s, g) * (3 if g == "corn" else 1)
                       for g in text.split()[1].split("+"))
        best = max(s.legal, key=worth)
        return best, "the goods worth most to me"

    def on_return(self, s: Seen) -> tuple[str, str]:
        def kept(text: str) -> float:
            back = text.split()[1:]
            return -sum(self.card_score(s, c) for c in back)
        best = max(s.legal, key=kept)
        return best, "keeps the cards that fit the plan"

    def on_claim(self, s: Seen) -> tuple[str, str]:
        want = [g for g in s.prompt["tiles"]
                if self.gv(s, g) > self.gv(s, "corn")]
        for k in range(len(want), -1, -1):
            for combo in combinations(want, k):
                text = "claim " + ("+".join(combo) if combo else "nothing")
                if text in s.legal:
                    return text, "pays a corn for what is worth more"
        return "claim nothing", "nothing worth a corn"

    # -- the market -----------------------------------------------------------------------------
    def market_plan(self, s: Seen) -> tuple[list[str], float]:
        """A short plan for a visit (texts, points): sell what is worth more as corn, and sell
        spare goods to pay for what the goal lacks; then buy what it lacks."""
        market = {g: dict(v) for g, v in s.view["market"].items()}
        goods = dict(s.goods)
        plan, gain = [], 0.0
        lacks = dict(self.goal_lacks(s))
        for g, n in self.market_wants(s).items():
            lacks[g] = max(lacks.get(g, 0), n)
        lacks = {g: n for g, n in lacks.items() if n > 0 and g != "corn"}
        cv = self.gv(s, "corn")
        base = self.base_good(s)
        floor = self.corn_floor(s)
        to_buy = sum(market[g]["buy"] + 0.5 * (n - 1) for g, n in lacks.items())
        spare_goods = sorted((g for g in ("llama", "coca", "pottery", "cloth") if g not in lacks),
                             key=lambda g: -market[g]["sell"])
        for g in spare_goods:
            spare = goods[g] - self.keep(s, g)
            while spare > 0:
                price = market[g]["sell"]
                worth = price * cv + self.sell_bonus(s, g) > self.gv(s, g)
                funds = goods["corn"] - floor < to_buy and price >= 4
                if not (worth or funds):
                    break
                gain += price * cv - self.gv(s, g)
                goods[g] -= 1
                goods["corn"] += price
                market[g]["units"] = min(4, market[g]["units"] + 1)
                market[g]["sell"] = D.MARKET_PRICES[market[g]["units"]] if market[g]["units"] < 4 else 3
                plan.append(f"sell {g}")
                spare -= 1
        bought = False
        for g, n in sorted(lacks.items(), key=lambda kv: -kv[1]):
            for _ in range(n):
                units = market[g]["units"]
                price = D.MARKET_PRICES[units - 1] if units else 6
                if goods["corn"] - price < floor:
                    break
                goods["corn"] -= price
                goods[g] += 1
                market[g]["units"] = max(0, units - 1)
                plan.append(f"buy {g}")
                bought = True
                gain += self.gv(s, g) + 0.3 * base - price * cv
        goal = self.goal_cost(s)
        if bought and goal and s.can_pay(goal, goods):
            gain += 0.5 * base       # the goal is in reach after this visit
        if not bought and gain <= 0:
            plan = []          # sales meant to fund purchases that cannot happen: no visit
        return plan, (gain if plan else 0.0)

    def market_wants(self, s: Seen) -> dict[str, int]:
        """Goods to buy beyond the goal (a strategy may want llamas, say)."""
        return {}

    def keep(self, s: Seen, good: str) -> int:
        """Units of a good not sold: what the goal needs, and one more."""
        return self.goal_cost(s).get(good, 0) + 1

    def sell_bonus(self, s: Seen, good: str) -> float:
        return 0.0

    def corn_floor(self, s: Seen) -> int:
        return sum(n for p, n in s.incas.items() if p != "farmer")

    def on_market(self, s: Seen) -> tuple[str, str]:
        plan, _ = self.market_plan(s)
        for text in plan:
            if text in s.legal:
                return text, "follows its market plan"
        return "done", "nothing more to trade"
