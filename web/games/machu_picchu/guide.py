"""Machu Picchu's guided first game: a `kit.guide.Guide` the shell draws.

The person (seat 0) plays the learning variant against two easy bots, on a seed whose deal
brings each kind of decision early. The intro gives the theme, the goal and the three ways the
game ends; then each step explains a rule at the first decision that needs it, pointing at what
it talks about: a district on the map, a row of Priests and Virgins, the market, the Incatrail,
the day track. The ending steps come when that ending comes in sight. Texts are catalogue
entries "mp.guide.<id>.title" and ".html" (locales/<lang>/guide.json).

Every `when` reads the view of the person deciding (`ctx.view`, its "prompt"); every target is a
CSS selector of an element the game's regions draw (the region's id, then one element by its
class or data-* attribute), so a host test can check it against the regions' markup.
"""

from __future__ import annotations

from typing import Any, Callable

from kit.guide import Guide, GuideStep
from machu_picchu import data as D

# The guided table: three players (the learning variant starts them on day 4: six days), easy
# bots (they answer at once). The seed was chosen by playing seeds 1-89 with a simple person
# (tests/web_views/machu_picchu/mp_guide_play.py): at 66 every kind of decision comes by the
# person's 31st decision of 89 and every step comes up; test_mp_guide.py checks it.
SEED = 66
BOTS = ("easy", "easy")
OPTIONS = {"learning": True}
# An ending is "in sight" when this little is left of it.
PRIESTS_IN_SIGHT = 7       # Priest and Virgin cards left to acquire (of 15)
DECK_IN_SIGHT = 10         # sacrifice cards left in the deck (of 28)


def text_ids(step_id: str) -> tuple[str, str]:
    """The catalogue ids of a step's title and text."""
    return f"mp.guide.{step_id}.title", f"mp.guide.{step_id}.html"


# --- what the person is deciding --------------------------------------------------------------
def _prompt(ctx: Any) -> dict:
    view = ctx.view if isinstance(getattr(ctx, "view", None), dict) else {}
    prompt = view.get("prompt")
    return prompt if isinstance(prompt, dict) else {}


def _mine(ctx: Any) -> bool:
    """The decision at hand is the person's on screen."""
    seat = getattr(ctx, "seat", None)
    return seat is not None and _prompt(ctx).get("seat") == seat


def _kind(ctx: Any) -> str:
    return _prompt(ctx).get("kind", "") if _mine(ctx) else ""


def _me(ctx: Any) -> dict:
    return ctx.view["players"][ctx.seat]


def _deciding(kind: str) -> Callable[[Any], bool]:
    return lambda ctx: _kind(ctx) == kind


def _turn(ctx: Any) -> bool:
    """A turn after the first (moving, travelling or staying)."""
    return _kind(ctx) == "turn" and not _prompt(ctx).get("first_turn")


def _first_turn(ctx: Any) -> bool:
    return _kind(ctx) == "turn" and bool(_prompt(ctx).get("first_turn"))


def _moon_taken(ctx: Any) -> bool:
    """Someone took a moon tile today and some are left to take."""
    return (_turn(ctx) and ctx.view.get("tiles_today", 0) >= 1
            and bool(ctx.view.get("moon_tiles")))


def _final_turns(ctx: Any) -> bool:
    """The Sun tile is taken: the day's last turns."""
    return _turn(ctx) and ctx.view.get("final_turns", 0) > 0


def _after_night(ctx: Any) -> bool:
    return _mine(ctx) and ctx.view.get("day", 0) > ctx.view.get("start_day", 99)


def _climbed(ctx: Any) -> bool:
    """The person's Scout went past the first steps, where the Scouts start (1 to 5)."""
    return _mine(ctx) and _me(ctx)["trail"] > len(ctx.view["players"])


def _priests_near(ctx: Any) -> bool:
    return _mine(ctx) and ctx.view.get("priests_left", 99) <= PRIESTS_IN_SIGHT


def _deck_near(ctx: Any) -> bool:
    return _mine(ctx) and ctx.view.get("deck", 99) <= DECK_IN_SIGHT


def _last_day(ctx: Any) -> bool:
    return _mine(ctx) and ctx.view.get("day") == ctx.view.get("last_day")


# --- what a step points at ----------------------------------------------------------------------
def _district(ctx: Any) -> str:
    """The district the decision is about (produce, hire, acquire, offer, market, Sun Clock)."""
    return f'#board [data-district="{_prompt(ctx).get("district", "")}"]'


def _row(ctx: Any) -> str:
    return f'#rows [data-row="{_prompt(ctx).get("row", "")}"]'


def _acquire_target(ctx: Any) -> str:
    """The Virgins' row from the House of Virgins; both Priests' rows (the panel) else."""
    return '#rows [data-row="virgin"]' if _prompt(ctx).get("district") == "virgins" else "#rows svg"


def _prince(ctx: Any) -> str:
    return f'#board .mp-prince[data-seat="{ctx.seat}"]'


def _scout(ctx: Any) -> str:
    return f'#trail .mp-scout[data-seat="{ctx.seat}"]'


def _own_panel(ctx: Any) -> str:
    return f'#players [data-seat="{ctx.seat}"]'


def _claimed_tile(ctx: Any) -> str:
    """The first goods moon tile to pay for (back on the board at night)."""
    tiles = _prompt(ctx).get("tiles") or [""]
    return f'#time [data-tile="{tiles[0]}"]'


# --- the texts' placeholders -------------------------------------------------------------------
def _days(ctx: Any) -> dict:
    view = ctx.view
    return {"start": view.get("start_day", 1), "last": view.get("last_day", 9)}


def _incas(ctx: Any) -> dict:
    """Which words tell where the person's Incas are: the learning variant's (one of each
    profession) when the game started later than usual."""
    view = ctx.view
    learning = view.get("start_day", 0) > D.START_DAY.get(len(view.get("players", ())), 99)
    return {"incas": "learning" if learning else "usual"}


def _row_steps(ctx: Any) -> dict:
    return {"n": _prompt(ctx).get("steps_per_llama", 0)}


def _left(ctx: Any) -> dict:
    return {"n": ctx.view.get("priests_left", 0)}


def _deck(ctx: Any) -> dict:
    return {"n": ctx.view.get("deck", 0)}


INTRO = (
    GuideStep("welcome", target="#board .mp-map"),
    GuideStep("goal", target="#hand .mp-card"),
    GuideStep("endings", target=f'#time [data-day="{D.LAST_DAY}"]', params=_days),
)

STEPS = (
    # each kind of decision, when it first comes
    GuideStep("setup", _deciding("setup"), "#controls .decision"),
    GuideStep("first_turn", _first_turn, "#board .mp-map", _incas),
    GuideStep("turn", _turn, _prince),
    GuideStep("produce", _deciding("produce"), _district),
    GuideStep("sacrifice", _deciding("sacrifice"), _row, _row_steps),
    GuideStep("offer", _deciding("offer"), _district),
    GuideStep("hire", _deciding("hire"), _district),
    GuideStep("acquire", _deciding("acquire"), _acquire_target),
    GuideStep("market", _deciding("market"), "#market .mp-market"),
    GuideStep("sunclock", _deciding("sunclock"), _district),
    GuideStep("take", _deciding("take"), _own_panel),
    GuideStep("return", _deciding("return"), "#hand .mp-card"),
    GuideStep("claim", _deciding("claim"), _claimed_tile),
    # how the days go, and the three endings when they come in sight
    GuideStep("moon", _moon_taken, "#time .mp-tile-moon"),
    GuideStep("final_turns", _final_turns, "#time .mp-sun-tile"),
    GuideStep("night", _after_night, "#time .mp-day-now"),
    GuideStep("trail", _climbed, _scout),
    GuideStep("end_priests", _priests_near, "#rows svg", _left),
    GuideStep("end_deck", _deck_near, f'#trail [data-step="{D.TRAIL_SUMMIT}"]', _deck),
    GuideStep("end_conquest", _last_day, f'#time [data-day="{D.LAST_DAY}"]'),
)

GUIDE = Guide(seed=SEED, bots=BOTS, options=OPTIONS, intro=INTRO, steps=STEPS)

__all__ = ["GUIDE", "text_ids"]
