"""The builder: an efficient economy (issue 28). Incas early where the Priests and Virgins' goods
are made, production triggered every day, the goods turned into Priests and Virgins, llamas
sacrificed by them, no stay while a move is worth making, and an ending chosen when it wins.

The rulebook's advice ("if the Incas are working hard and are efficient, it will be easy for
them to pay for Priests and Virgins") as rules:
- set up Incas while 3+ days are left, in coca, pottery and cloth (every Priest/Virgin costs 4
  of them) and farmers for the corn each production costs (one farmer feeds three producers);
- enter a production district where my Incas work while its bonus is there, every day: all of
  them produce, whoever enters (so the first to come makes the day's goods for everyone);
- buy the Priest/Virgin whose goods I hold; at the market, sell what no card needs to buy what
  completes one;
- sacrifice llamas at the temples of my Priests/Virgins;
- stay (a moon tile) only when no move is worth `move_floor` points;
- take the last Priest/Virgin, or the last card, only when that ending wins; race for the last
  few when I would win their ending; on the last day, take the third moon tile (the conquest)
  only when the conquest wins, else make a move that still does something (the margins are
  `bots/endings.py`'s, on re-deals of what the seat sees: `game.determinize`, the others' hands
  as kept).
"""

from __future__ import annotations

import random
from typing import Any, Callable, Optional

from ... import data as D
from ...actions import parse_action
from ..base import Decision, Thinker, view_key
from .base import ROW_ICON, Seen, Strategist, offer_text

ROW_HOUSE = {"condor": "priests", "puma": "priests", "virgin": "virgins"}
MAKERS = ("planter", "potter", "weaver")     # the Incas of the Priests' and Virgins' goods
TEMPLE_ROWS = {"condor": 0, "puma": 1, "sun": 2, "main": -1}   # endings.py's rows (-1: Main)
DEALS = 8        # re-deals an ending's margin is judged on (their mean)


class Builder(Strategist):
    style = "builder"
    first_inca = "farmer"
    stay_bias = -0.3
    move_floor = 0.3      # a move worth more than this comes before any stay
    inca_early = 1.6      # points added to a maker or a farmer while 3+ days are left
    priest_bonus = 1.2    # points added to one more Priest/Virgin
    work_focus = 0.6      # points per Inca of mine that a production district sets to work
    house_focus = 3.0     # points for the house whose Priest/Virgin I can pay for now
    end_rush = 4.0        # points for that house when its card brings an ending I win nearer
    end_win = 50.0        # points for a move that ends the game with a win (minus: a loss)
    end_safety = 3.0      # mean margin (VP) over the re-deals needed to end the game: the
                          # re-deals' kept hands still make the rivals ~4 VP poorer than they
                          # are at a table of builders (60 games, seeds 100-159)
    close_on_purpose = True  # on day 9, take the third moon tile only when the conquest wins
    judges_endings = True  # the last Priest/Virgin by the endings' margin (tuned: not end_lead)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._deals: Optional[Callable[[], list]] = None

    # -- the entry point: the view, and re-deals of it for the endings ---------------------------
    def start(self, game, seat):
        """Decide from the seat's view; the endings are judged on re-deals of the same view
        (`game.determinize`: nothing hidden leaks), made only when an ending is in reach."""
        if game.is_over or game.to_move != seat:
            raise ValueError(f"seat {seat!r} is not the one to move")
        made: list = []

        def deals() -> list:
            if not made:
                from ..endings import fit_hands
                rng = random.Random(self.seed * 1_000_003 + view_key(game, seat))
                for _ in range(DEALS):
                    g = game.determinize(seat, rng)
                    fit_hands(g, seat, rng)
                    made.append(g)
            return made

        self._deals = deals
        try:
            text, reason = self.decide(game.view(seat))
        finally:
            self._deals = None
        return Thinker(result=Decision(parse_action(text), reason))

    def wins(self, s: Seen, margin: Callable[[Any, int], float]) -> Optional[bool]:
        """Whether an ending wins: `margin(game, seat)`'s mean over the re-deals beyond
        `end_safety` (None without re-deals)."""
        if self._deals is None:
            return None
        deals = self._deals()
        return sum(margin(g, s.seat) for g in deals) / len(deals) > self.end_safety

    def priests_ending_wins(self, s: Seen, row: str) -> Optional[bool]:
        from ..endings import priests_end_margin
        r = D.ROW_INDEX[row]
        return self.wins(s, lambda g, seat: priests_end_margin(g, seat, r))

    # -- values ---------------------------------------------------------------------------------
    def inca_score(self, s: Seen, prof: str) -> float:
        v = super().inca_score(s, prof)
        if s.days_left > 3:
            if prof in MAKERS:
                v += self.inca_early
            elif prof == "farmer":
                makers = sum(s.incas[p] for p in MAKERS) + s.incas["shepherd"]
                if s.incas["farmer"] * 3 < makers + 1:
                    v += self.inca_early
        return v

    def priest_score(self, s: Seen, row: str) -> float:
        return super().priest_score(s, row) + self.priest_bonus + 0.5 * s.icons[ROW_ICON[row]]

    def focus(self, s: Seen) -> dict[str, float]:
        out: dict[str, float] = {}
        view = s.view
        for prof, good in zip(("farmer", "shepherd") + MAKERS, D.GOODS):
            n = s.incas[prof]
            if n and view["districts"][good]["bonus"]:
                out[good] = self.work_focus * n
        for row in self.affordable_rows(s):
            house = ROW_HOUSE[row]
            v = self.house_focus
            if view["priests_left"] <= 3 and self.priests_ending_wins(s, row):
                v += self.end_win if view["priests_left"] == 1 else self.end_rush
            out[house] = max(out.get(house, 0.0), v)
        for temple, k in self.temple_sacrifices(s).items():
            out[temple] = out.get(temple, 0.0) + 1.0 * k
        if s.days_left > 3 and s.me["supply"]:
            out["palace"] = out.get("palace", 0.0) + 1.0
        return out

    def district_value(self, s: Seen, name: str) -> float:
        v = super().district_value(s, name)
        if s.view["deck"] == 1 and name in TEMPLE_ROWS and s.view["districts"][name]["bonus"]:
            steps = 3 * s.view["districts"][name]["bonus"]    # the stones: steps for sure
            if s.me["trail"] + steps >= D.TRAIL_SUMMIT:        # they take the last card
                from ..endings import deck_end_margin
                row = TEMPLE_ROWS[name]
                won = self.wins(s, lambda g, seat: deck_end_margin(g, seat, steps, row))
                if won is not None:
                    v += self.end_win if won else -self.end_win
        return v

    def may_take_last(self, s: Seen) -> bool:
        return any(self.priests_ending_wins(s, r) for r in self.affordable_rows(s)
                   if s.view["rows"][r]["left"])

    # -- the turn: no stay while a move is worth making ---------------------------------------------
    def on_turn(self, s: Seen) -> tuple[str, str]:
        values = self.turn_values(s)
        text, why = self.choose_turn(s, values)
        closing = self.closes_conquest(s)
        if closing is not None:
            stays = [t for t in s.legal if t.startswith("stay")]
            if closing and stays and not text.startswith("stay"):
                best = max(stays, key=lambda t: self.moon_value(s, t.split(" ", 1)[1]))
                return best, "closes the conquest: it wins"
            if not closing and text.startswith("stay"):
                # a move that still does something instead (not an empty walk: the day would
                # run to the engine's limit of turns while every seat behind walks); the
                # districts' own worth, without the strategy's priorities
                best, best_v = self.best_move(s, lambda d: self.district_value(s, d))
                if best is not None:
                    return best, "does not close a conquest it would lose"
        if not text.startswith("stay"):
            return text, why
        best, best_v = self.best_move(s, values.__getitem__)
        if best is None:
            return text, why
        return best, f"works on: {best.split(' ', 1)[1]} ({best_v:.1f}) before any moon tile"

    def best_move(self, s: Seen, worth: Callable[[str], float]) -> tuple[Optional[str], float]:
        """The legal move or travel worth most by `worth(district)` less its way's cost, if it
        is worth more than `move_floor` (else None)."""
        best, best_v = None, self.move_floor
        for t in s.legal:
            kind, arg = t.split(" ", 1)
            if kind == "stay":
                continue
            v = worth(arg) - self.trip_cost(s, kind)
            if v > best_v:
                best, best_v = t, v
        return best, best_v

    def closes_conquest(self, s: Seen) -> Optional[bool]:
        """On the last day with two moon tiles taken, a stay takes the third: the others' final
        turns, then the conquest. Whether that wins (None: not that moment, or no re-deals)."""
        view = s.view
        if (not self.close_on_purpose or not s.last or view["final_turns"]
                or view["tiles_today"] != 2):
            return None
        from ..endings import end_margin
        return self.wins(s, lambda g, seat: end_margin(g, seat, True))

    # -- the last card: only when its ending wins ---------------------------------------------------
    def last_card_units(self, s: Seen, steps: int, k: int, row: int) -> int:
        """With one card left: how many of k units (`steps` each, at the temple of `row`) to
        spend: endings.safe_steps on each re-deal, their median (all k otherwise)."""
        if s.view["deck"] != 1 or self._deals is None or not k:
            return k
        from ..endings import safe_steps
        ks = sorted(safe_steps(g, s.seat, steps, k, row) for g in self._deals())
        return ks[len(ks) // 2]

    def on_sacrifice(self, s: Seen) -> tuple[str, str]:
        text, why = super().on_sacrifice(s)
        k = int(text.split()[1])
        limit = self.last_card_units(s, s.prompt["steps_per_llama"], k,
                                     D.ROW_INDEX[s.prompt["row"]])
        if k > limit:
            return f"sacrifice {limit}", "stops short of the last card: its ending would lose"
        return text, why

    def on_offer(self, s: Seen) -> tuple[str, str]:
        goods, _ = self.best_offer(s)
        limit = self.last_card_units(s, D.MAIN_TEMPLE_STEPS, len(goods), -1)
        if len(goods) <= limit:
            return offer_text(goods), "offers what is worth less than its steps"
        kept = sorted(goods, key=lambda g: self.gv(s, g) * (3 if g == "corn" else 1))[:limit]
        return (offer_text([g for g in D.GOODS if g in kept]),
                "stops short of the last card: its ending would lose")
