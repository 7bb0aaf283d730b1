"""Short reasons a player can read, e.g. "buys a Puma Priest: cards show 2 puma icons".

`explain(g, s, action)` looks at a re-dealt copy `g` from seat s's side only (its own cards and
public counts) and says why the action suits the plan. For a move, it plays the seat's own
follow-up decisions on a copy with the policy to say what the visit is for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import actions as A
from .. import data as D
from ..words import count, verb as agree
from .heuristics import Ctx, decide, market_plan

if TYPE_CHECKING:
    from ..game import Game

DECLINES = frozenset({A.PRODUCE[0], A.SACRIFICE[0], A.OFFER[0], A.HIRE[0], A.ACQUIRE[0],
                      A.SUNCLOCK[0], A.CLAIM[0]})
PLACE_NAMES = {d: D.DISTRICT_NAMES[n] for d, n in enumerate(D.DISTRICTS)}

# How a chosen move ends the game (by the end reason), filled with the bot's own reckoning:
# `chance` (0..1) to win over the re-deals it imagined, `margin` (points) against the best other.
ENDING_REASONS = {
    "priests": " (the last Priest or Virgin ends the game: {chance:.0%} to win, {margin:+.0f} points)",
    "cards": " (the last card ends the game: {chance:.0%} to win, {margin:+.0f} points)",
    "conquest": " (day 9 ends with the Spanish conquest: {chance:.0%} to win, {margin:+.0f} points)",
}


def ending_reason(reason: str, chance: float, margin: float) -> str:
    """The ending a move leads to, as a reason's tail (see ENDING_REASONS)."""
    return ENDING_REASONS[reason].format(chance=chance, margin=margin)


def _icons(ctx: Ctx, icon: int) -> str:
    k = ctx.icons[icon]
    return f"cards show {count(k, D.ICONS[icon] + ' icon')}"


def _plural(k: int, word: str) -> str:
    return count(k, word)


def _goods_list(mask: int) -> str:
    return ", ".join("3 corn" if k == 0 else D.GOODS[k] for k in A.mask_items(mask))


def follow_up(g: "Game", s: int, action) -> list:
    """The seat's own decisions after `action` in the same turn, as the policy would take them."""
    c = g.fast_clone()
    c.apply_unchecked(action)
    out = []
    guard = 0
    while not c.over and guard < 40:
        task = c.stack[-1]
        if task[0] == "turn" or task[0] == "setup":
            break
        act = decide(c)
        if task[1] == s:
            out.append((task, act))
        c.apply_unchecked(act)
        guard += 1
    return out


def _why_card(ctx: Ctx, r: int) -> str:
    if ctx.icons[5 + r]:
        return _icons(ctx, 5 + r)
    return f"each llama it sacrifices gives {ctx.rv[r] - 1} steps"


def _why_inca(ctx: Ctx, p: int) -> str:
    if ctx.icons[p]:
        return _icons(ctx, p)
    if p == D.CORN:
        return "farmers make 3 corn a day for free"
    return f"it makes {D.GOODS[p]} for the next purchases"


def explain_sub(ctx: Ctx, task: tuple, action) -> str:
    """A reason for a decision within a turn."""
    g, s = ctx.g, ctx.s
    kind = action.kind
    arg = action.arg
    if kind == "produce":
        d = task[2]
        if not arg:
            return "produces nothing: corn is worth more now"
        return f"produces {count(arg, D.GOODS[d])} for {_plural(arg, 'corn')}: goods are worth more than corn"
    if kind == "sacrifice":
        r = task[2]
        if not arg:
            return "keeps the llamas"
        return (f"sacrifices {_plural(arg, 'llama')}: {arg * ctx.rv[r]} steps on the Incatrail "
                f"({20 - g.trail[s]} to the next card)")
    if kind == "offer":
        if not arg:
            return "offers nothing: the goods are needed for Incas and priests"
        k = len(A.mask_items(arg))
        why = "goods are worth little this late" if ctx.t < 1.5 else "these goods are spare"
        return f"offers {_goods_list(arg)}: {2 * k} steps on the Incatrail; {why}"
    if kind == "hire":
        if not arg:
            return "sets up nobody: the goods are kept for a Priest or Virgin"
        parts = [f"a {D.PROFESSION_NAMES[p]} ({_why_inca(ctx, p)})" for p in A.mask_items(arg)]
        return "sets up " + " and ".join(parts)
    if kind == "acquire":
        if arg < 0:
            return "acquires nothing: not worth the goods now"
        return f"buys a {D.ROW_NAMES[arg]}: {_why_card(ctx, arg)}"
    if kind == "sunclock":
        if arg < 0:
            return "keeps every Inca at work"
        why = "3 goods and 3 steps tonight" if g.day < D.LAST_DAY else "3 goods and 3 steps at once"
        extra = "; its district scores nothing on my cards" if not ctx.icons[arg] else ""
        return f"sends a {D.PROFESSION_NAMES[arg]} to the Sun Clock: {why}{extra}"
    if kind == "take":
        target = f" (toward a {D.ROW_NAMES[ctx.target]})" if ctx.target >= 0 and any(ctx.need) else ""
        return f"takes {_goods_list(arg)}{target}"
    if kind == "return":
        hand = g.hands[s]
        keep = [c for c in hand if c not in arg]
        vp = sum(ctx.card_value(c, growth=False) for c in keep)
        names = " and ".join(D.CARD_NAMES[c] for c in arg)
        return (f"puts back {names}: the cards kept fit my Incas and priests best "
                f"(about {vp:.0f} points with their gold)")
    if kind == "claim":
        if not arg:
            return "declines the goods tiles: corn is short"
        return f"pays {_plural(len(A.mask_items(arg)), 'corn')} for {_goods_list(arg)}"
    if kind == "place":
        return f"starts with a {D.PROFESSION_NAMES[arg]}: {_why_inca(ctx, arg)}"
    if kind == "adjust":
        good, delta = arg
        if delta > 0:
            return f"adds a {D.GOODS[good]} to the market to buy it cheaper"
        return f"removes a {D.GOODS[good]} from the market to sell dearer"
    if kind == "buy":
        return f"buys a {D.GOODS[arg]} for {g.market[arg] and (7 - g.market[arg]) or 6} corn" + _for_target(ctx)
    if kind == "sell":
        return f"sells a {D.GOODS[arg]}" + _for_target(ctx, "to pay")
    if kind == "done":
        return "leaves the market"
    return str(action)


def _label(label: str) -> str:
    if label == "llamas":
        return "llamas for my priests' sacrifices"
    return f"a {label}"


def _for_target(ctx: Ctx, verb: str = "") -> str:
    if ctx.target >= 0 and any(ctx.need):
        return f" {verb + ' ' if verb else ''}toward a {D.ROW_NAMES[ctx.target]}".rstrip()
    return ""


def explain_turn(ctx: Ctx, action) -> str:
    g, s = ctx.g, ctx.s
    if action.kind == "stay":
        t = action.arg
        tile = D.MOON_NAMES[t]
        end = ""
        if g.tiles_today == D.MOON_TILES_TO_END_DAY - 1:
            end = "; takes the Sun tile and ends the day"
        return f"stays and takes the {tile} moon tile: nothing better within reach{end}"
    d = action.arg
    place = PLACE_NAMES[d]
    verb = "pays a llama to travel to" if action.kind == "travel" else "goes to"
    subs = follow_up(g, s, action)
    what: list[str] = []
    if d < 5 and g.bonus[d]:
        amount = g.bonus[d] * (3 if d == D.D_CORN else 1)
        what.append(f"takes the bonus ({count(amount, D.GOODS[d])})")
        if d == D.D_CORN and ctx.incas[0]:
            what.append(f"{_plural(ctx.incas[0], 'farmer')} {agree(ctx.incas[0], 'make')} {3 * ctx.incas[0]} corn")
    elif 5 <= d <= 8 and g.bonus[d]:
        what.append(f"takes {_plural(g.bonus[d], 'temple stone')} ({3 * g.bonus[d]} steps)")
    for task, act in subs:
        if act.kind in ("produce", "sacrifice", "offer", "hire", "acquire", "sunclock") and (
                act not in DECLINES):
            what.append(explain_sub(ctx, task, act))
    if d == D.D_PLAZA:
        c = g.fast_clone()
        c.apply_unchecked(action)
        if not c.over and c.stack[-1][0] == "market" and c.stack[-1][1] == s:
            plan, _gain, label = market_plan(Ctx(c, s))
            trades = [str(a) for a in plan if a.kind in ("buy", "sell", "adjust")]
            if trades:
                what.append("trades (" + ", ".join(trades) + ") for " + _label(label))
    if not what:
        if d < 9 and not g.bonus[d]:
            what.append("passes through toward a better district next turn")
        else:
            what.append("gets in position for the next turn")
    return f"{verb} the {place}: " + "; ".join(what)


def explain(g: "Game", s: int, action, ctx: Ctx = None) -> str:
    """A reason for `action` by seat s (g: a re-dealt copy, seat s to move)."""
    if ctx is None:
        ctx = Ctx(g, s)
    if action.kind in ("move", "travel", "stay"):
        return explain_turn(ctx, action)
    return explain_sub(ctx, g.stack[-1], action)
