"""Strategists with their numbers as parameters: the league's exploiters (issue 28).

A tuned strategist is one of the four ways of playing (`STRATEGISTS`) whose constants and a few
extra nudges come from a parameter dict instead of the class. `PARAMS` lists each parameter's
range; `exploiters.py` (the table) keeps the versions a search found, and `machu_picchu.league`
searches them. As a seat, a tuned strategist is named by its spec:

    priests@look=0.42/priest_icon=1.3        # a style and its parameters (the rest: defaults)
    x1-priests-a                             # a name from the league table (exploiters.LEAGUE)

Like every strategist it decides from the seat's view alone.
"""

from __future__ import annotations

from typing import Any, Optional

from .base import ROW_ICON, Seen, Strategist, card_icons

# name -> (low, high, what it does). Class constants first (a style's own value is its default),
# then nudges whose default (0, or the neutral value given) leaves the style as it is.
PARAMS: dict[str, tuple[float, float, str]] = {
    "look": (0.0, 1.0, "weight of the best move after the next one"),
    "stay_bias": (-1.0, 1.5, "points added to staying"),
    "travel_cost": (0.0, 3.0, "points a travel costs beyond its llama"),
    "gold_points": (0.5, 4.0, "points per gold on a card"),
    "vp_multiplier": (1.0, 2.5, "what a VP is worth once the conquest multiplies it"),
    "keep_gold": (0.0, 3.0, "weight of a card's gold when keeping cards"),
    "good_steps_early": (1.5, 4.0, "steps a good is worth early"),
    "good_steps_late": (0.3, 1.5, "steps a good is worth at the end"),
    "priest_bonus": (-1.0, 3.0, "points added to one more Priest/Virgin"),
    "priest_icon": (0.0, 2.0, "points per icon of the row on my cards, for a Priest/Virgin"),
    "inca_bonus": (-0.5, 2.0, "points added to one more Inca while 2+ days are left"),
    "card_temple_icon": (0.0, 2.0, "points per temple icon on a card to keep"),
    "focus_scale": (0.0, 2.0, "multiplies the style's own district priorities (neutral 1)"),
    "end_lead": (-4.0, 16.0, "VP lead over my guess of every rival beyond which I take the "
                             "last Priest/Virgin (above 12: never)"),
    "end_rush": (0.0, 4.0, "points added to the Priests'/Virgins' districts near the end "
                           "when taking the last one would be allowed"),
}
NEUTRAL = {"priest_bonus": 0.0, "priest_icon": 0.0, "inca_bonus": 0.0, "card_temple_icon": 0.0,
           "focus_scale": 1.0, "end_rush": 0.0}
CONSTANTS = ("look", "stay_bias", "travel_cost", "gold_points", "vp_multiplier", "keep_gold",
             "good_steps_early", "good_steps_late")
NEVER = 12.0   # an end_lead above this: never take the last Priest/Virgin


class Tunable(Strategist):
    """The nudges; mixed before a style's class (see `tuned_class`)."""

    params: dict[str, float] = {}
    end_lead: Optional[float] = None   # None: the style's own rule

    def priest_score(self, s: Seen, row: str) -> float:
        p = self.params
        return (super().priest_score(s, row) + p.get("priest_bonus", 0.0)
                + p.get("priest_icon", 0.0) * s.icons[ROW_ICON[row]])

    def inca_score(self, s: Seen, prof: str) -> float:
        v = super().inca_score(s, prof)
        return v + self.params.get("inca_bonus", 0.0) if s.days_left > 2 else v

    def card_score(self, s: Seen, card: str) -> float:
        k = self.params.get("card_temple_icon", 0.0)
        v = super().card_score(s, card)
        return v + k * sum(i in ROW_ICON.values() for i in card_icons(card)) if k else v

    def focus(self, s: Seen) -> dict[str, float]:
        scale = self.params.get("focus_scale", 1.0)
        out = {d: v * scale for d, v in super().focus(s).items()}
        rush = self.params.get("end_rush", 0.0)
        if rush and s.view["priests_left"] <= 3 and self.may_take_last(s):
            for d in ("priests", "virgins"):
                out[d] = out.get(d, 0.0) + rush
        return out

    def may_take_last(self, s: Seen) -> bool:
        if self.end_lead is None or self.judges_endings:
            # the style's own rule (the builder's: the endings' margin on re-deals)
            return super().may_take_last(s)
        if self.end_lead > NEVER:
            return False
        mine = s.vp_now()
        return all(mine - self.guess_vp(s, p) > self.end_lead for p in s.others)


_CLASSES: dict[str, type] = {}


def tuned_class(style: str) -> type:
    """The style's class with the nudges mixed in (one per style)."""
    if style not in _CLASSES:
        from . import STRATEGISTS
        base = STRATEGISTS[style]
        _CLASSES[style] = type("Tuned" + base.__name__, (Tunable, base), {})
    return _CLASSES[style]


def defaults(style: str) -> dict[str, float]:
    """The style's own values of every parameter (what an untuned strategist plays)."""
    from . import STRATEGISTS
    cls = STRATEGISTS[style]
    out = {k: float(getattr(cls, k)) for k in CONSTANTS}
    out.update(NEUTRAL)
    out["end_lead"] = 99.0 if style == "gold" else 0.0   # gold never ends; others when ahead
    return out


def make_tuned(style: str, params: dict[str, float], seed: Optional[int] = None) -> Strategist:
    """A strategist of `style` playing with `params` (missing ones: the style's own)."""
    unknown = set(params) - set(PARAMS)
    if unknown:
        raise ValueError(f"unknown parameter(s) {', '.join(sorted(unknown))}")
    bot = tuned_class(style)(seed=seed)
    for k in CONSTANTS:
        if k in params:
            setattr(bot, k, float(params[k]))
    bot.params = {k: float(v) for k, v in params.items()}
    if "end_lead" in params:
        bot.end_lead = float(params["end_lead"])
    return bot


def spec(style: str, params: dict[str, float]) -> str:
    """The seat name of a style with these parameters (`parse_spec` reads it back)."""
    return style + "@" + "/".join(f"{k}={params[k]:.4g}" for k in PARAMS if k in params)


def parse_spec(text: str) -> tuple[str, dict[str, float]]:
    style, _, rest = text.partition("@")
    params: dict[str, Any] = {}
    for item in filter(None, rest.split("/")):   # "/": a tournament's seats split on commas
        k, _, v = item.partition("=")
        try:
            params[k.strip()] = float(v)
        except ValueError:
            raise ValueError(f"parameter {item!r} of {text!r} is not name=number") from None
    return style, params
