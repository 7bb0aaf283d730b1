"""Short reasons a player can read, e.g. "buys a Puma Priest: cards show 2 puma icons".

`explain(g, s, action)` looks at a re-dealt copy `g` from seat s's side only (its own cards and
public counts) and says why the action suits the plan. For a move, it plays the seat's own
follow-up decisions on a copy with the policy to say what the visit is for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import actions as A
from .. import data as D
from ..market import buy_price, sell_price
from tabletop.events import plural_form
from .market_plans import market_plan
from .policy import decide
from .values import Ctx

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


ENDING_ODDS = " ({chance:.0%} to win, {margin:+.0f} points)"   # when the reason names the end


def ending_reason(reason: str, chance: float, margin: float, named: bool = False) -> str:
    """The ending a move leads to, as a reason's tail (see ENDING_REASONS); only the odds when
    the reason itself already names the ending (`named`: a "ending" reason of `why`)."""
    return (ENDING_ODDS if named else ENDING_REASONS[reason]).format(chance=chance, margin=margin)


# --- structured reasons -------------------------------------------------------------------------
# A reason is [kind, params]: params are numbers, ids ("corn", "puma", "farmer", "trail2", card
# names), lists of ids, and nested reasons under keys ending in "why" or "parts". Words come from
# a table of templates by kind: the bot's own words below (third person, for the log), the
# player's words for hints in the page's catalogue ("mp.hint.<kind>", second person).
Reason = list


def _r(kind: str, **params) -> Reason:
    return [kind, params]


def _goods_ids(mask: int) -> list[str]:
    return [D.GOODS[k] for k in A.mask_items(mask)]


def _target(ctx: Ctx) -> dict:
    """The Priest / Virgin row the seat saves for, if it still needs goods for it."""
    return {"target": D.ROWS[ctx.target]} if ctx.target >= 0 and any(ctx.need) else {}


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


def _why_card(ctx: Ctx, r: int) -> Reason:
    if ctx.icons[5 + r]:
        return _r("icons", icon=D.ICONS[5 + r], n=ctx.icons[5 + r])
    return _r("card_steps", steps=ctx.rv[r] - 1)


def _why_inca(ctx: Ctx, p: int) -> Reason:
    if ctx.icons[p]:
        return _r("icons", icon=D.ICONS[p], n=ctx.icons[p])
    if p == D.CORN:
        return _r("farmer_free")
    return _r("inca_makes", good=D.GOODS[p])


def why_sub(ctx: Ctx, task: tuple, action) -> Reason:
    """The reason for a decision within a turn."""
    g, s = ctx.g, ctx.s
    kind = action.kind
    arg = action.arg
    if kind == "produce":
        if not arg:
            return _r("produce_none")
        return _r("produce", n=arg, good=D.GOODS[task[2]])
    if kind == "sacrifice":
        if not arg:
            return _r("sacrifice_none")
        return _r("sacrifice", n=arg, steps=arg * ctx.rv[task[2]], to_card=20 - g.trail[s])
    if kind == "offer":
        if not arg:
            return _r("offer_none")
        k = len(A.mask_items(arg))
        return _r("offer", goods=_goods_ids(arg), steps=2 * k, late=ctx.t < 1.5)
    if kind == "hire":
        if not arg:
            return _r("hire_none")
        return _r("hire", parts=[_r("hire_one", prof=D.PROFESSIONS[p], why=_why_inca(ctx, p))
                                 for p in A.mask_items(arg)])
    if kind == "acquire":
        if arg < 0:
            return _r("acquire_none")
        return _r("acquire", row=D.ROWS[arg], why=_why_card(ctx, arg))
    if kind == "sunclock":
        if arg < 0:
            return _r("sunclock_none")
        return _r("sunclock", prof=D.PROFESSIONS[arg], last_day=g.day >= D.LAST_DAY,
                  scores_nothing=not ctx.icons[arg])
    if kind == "take":
        return _r("take", goods=_goods_ids(arg), **_target(ctx))
    if kind == "return":
        hand = g.hands[s]
        keep = [c for c in hand if c not in arg]
        vp = sum(ctx.card_value(c, growth=False) for c in keep)
        return _r("return", cards=[D.CARD_NAMES[c] for c in arg], n=len(arg), vp=round(vp))
    if kind == "claim":
        if not arg:
            return _r("claim_none")
        return _r("claim", n=len(A.mask_items(arg)), goods=_goods_ids(arg))
    if kind == "place":
        return _r("place", prof=D.PROFESSIONS[arg], why=_why_inca(ctx, arg))
    if kind == "adjust":
        good, delta = arg
        return _r("adjust_add" if delta > 0 else "adjust_remove", good=D.GOODS[good])
    if kind == "buy":
        return _r("buy", good=D.GOODS[arg], price=buy_price(g.market[arg]), **_target(ctx))
    if kind == "sell":
        return _r("sell", good=D.GOODS[arg], price=sell_price(g.market[arg]), **_target(ctx))
    if kind == "done":
        return _r("done")
    return _r("other", action=str(action))


def _plan_for(label: str) -> dict:
    """What a market plan is for (heuristics' label: a row name, a profession name, "llamas")."""
    if label in D.ROW_NAMES:
        return {"for_row": D.ROWS[D.ROW_NAMES.index(label)]}
    if label in D.PROFESSION_NAMES:
        return {"for_prof": D.PROFESSIONS[D.PROFESSION_NAMES.index(label)]}
    return {"for_llamas": True}


def _label(label: str) -> str:
    """A market plan's purpose in the bot's words (medium's plan note)."""
    if label == "llamas":
        return "llamas for my priests' sacrifices"
    return f"a {label}"


def trade_reasons(plan) -> list[Reason]:
    """The trades of a market plan as reasons, repeats counted ("sell 2 pottery", "buy 1 coca")."""
    out: list[Reason] = []
    for a in plan:
        if a.kind not in ("buy", "sell", "adjust"):
            continue
        if a.kind == "adjust":
            kind, good = "trade_adjust_" + ("add" if a.arg[1] > 0 else "remove"), a.arg[0]
        else:
            kind, good = "trade_" + a.kind, a.arg
        if out and out[-1][0] == kind and out[-1][1]["good"] == D.GOODS[good]:
            out[-1][1]["n"] += 1
        else:
            out.append(_r(kind, good=D.GOODS[good], n=1))
    return out


def why_turn(ctx: Ctx, action) -> Reason:
    g, s = ctx.g, ctx.s
    if action.kind == "stay":
        return _r("stay", tile=D.MOON_IDS[action.arg],
                  ends_day=g.tiles_today == D.MOON_TILES_TO_END_DAY - 1,
                  last_day=g.day >= D.LAST_DAY)
    d = action.arg
    subs = follow_up(g, s, action)
    what: list[Reason] = []
    if d < 5 and g.bonus[d]:
        amount = g.bonus[d] * (3 if d == D.D_CORN else 1)
        what.append(_r("bonus", n=amount, good=D.GOODS[d]))
        if d == D.D_CORN and ctx.incas[0]:
            what.append(_r("farmers", n=ctx.incas[0], corn=3 * ctx.incas[0]))
    elif 5 <= d <= 8 and g.bonus[d]:
        what.append(_r("stones", n=g.bonus[d], steps=3 * g.bonus[d]))
    for task, act in subs:
        if act.kind in ("produce", "sacrifice", "offer", "hire", "acquire", "sunclock") and (
                act not in DECLINES):
            what.append(why_sub(ctx, task, act))
    if d == D.D_PLAZA:
        c = g.fast_clone()
        c.apply_unchecked(action)
        if not c.over and c.stack[-1][0] == "market" and c.stack[-1][1] == s:
            plan, _gain, label = market_plan(Ctx(c, s))
            trades = trade_reasons(plan)
            if trades:
                what.append(_r("trades", parts=trades, **_plan_for(label)))
    if not what:
        what.append(_r("pass_through" if d < 9 and not g.bonus[d] else "position"))
    return _r("travel" if action.kind == "travel" else "go", district=D.DISTRICTS[d], parts=what)


def why(g: "Game", s: int, action, ctx: Ctx = None) -> Reason:
    """The structured reason for `action` by seat s (g: a re-dealt copy, seat s to move); when
    the action (with the seat's own follow-ups) ends the game, the reason says how, and whether
    s wins on this copy ("ending", wrapping the reason of the action itself)."""
    if ctx is None:
        ctx = Ctx(g, s)
    if action.kind in ("move", "travel", "stay"):
        reason = why_turn(ctx, action)
    else:
        reason = why_sub(ctx, g.stack[-1], action)
    end = ending(g, s, action)
    if end is None:
        return reason
    return _r("ending", end=end[0], win=end[1], why=reason)


def ending(g: "Game", s: int, action) -> tuple[str, bool] | None:
    """(how the game ends, whether s is among the winners) when `action`, with what it asks of
    the seats before the next turn (the policy's choices), ends the game on the copy g; None when
    the game goes on. Staying for the 3rd tile of day 9 ends the game only after the others'
    last turns: the stay's own words say so."""
    c = g.fast_clone()
    c.apply_unchecked(action)
    guard = 0
    while not c.over and guard < 40:
        if c.stack[-1][0] in ("turn", "setup"):
            return None
        c.apply_unchecked(decide(c))
        guard += 1
    if not c.over:
        return None
    from ..scoring import score
    return c.end_reason, s in score(c)["winners"]


# --- the bot's own words (third person; the log's "bot:" lines) ---------------------------------
BOT_WORDS: dict[str, object] = {
    "icons": {"one": "cards show 1 {icon} icon", "other": "cards show {n} {icon} icons"},
    "card_steps": "each llama it sacrifices gives {steps} steps",
    "farmer_free": "farmers make 3 corn a day for free",
    "inca_makes": "it makes {good} for the next purchases",  # (a good's name: "llama")
    "produce_none": "produces nothing: corn is worth more now",
    "produce": "produces {amount} for {corn}: goods are worth more than corn",
    "sacrifice_none": "keeps the llamas",
    "sacrifice": "sacrifices {llamas}: {steps} steps on the Incatrail ({to_card} to the next card)",
    "offer_none": "offers nothing: the goods are needed for Incas and priests",
    "offer": "offers {goods}: {steps} steps on the Incatrail; {late}",
    "hire_none": "sets up nobody: the goods are kept for a Priest or Virgin",
    "hire": "sets up {parts}",
    "hire_one": "a {prof} ({why})",
    "acquire_none": "acquires nothing: not worth the goods now",
    "acquire": "buys a {row}: {why}",
    "sunclock_none": "keeps every Inca at work",
    "sunclock": "sends a {prof} to the Sun Clock: 3 goods and 3 steps {when}{scores_nothing}",
    "take": "takes {goods}{target}",
    "return": "puts back {cards}: the cards kept fit my Incas and priests best (about {vp} points with their gold)",
    "claim_none": "declines the goods tiles: corn is short",
    "claim": "pays {corn} for {goods}",
    "place": "starts with a {prof}: {why}",
    "adjust_add": "adds a {good} to the market to buy it cheaper",
    "adjust_remove": "removes a {good} from the market to sell dearer",
    "buy": "buys a {good} for {price} corn{target}",
    "sell": "sells a {good} for {price} corn{target}",
    "done": "leaves the market",
    "other": "{action}",
    "stay": "stays and takes the {tile} moon tile: nothing better within reach{ends_day}",
    "go": "goes to the {district}: {parts}",
    "travel": "pays a llama to travel to the {district}: {parts}",
    "bonus": "takes the bonus ({amount})",
    "farmers": {"one": "1 farmer makes {corn} corn", "other": "{n} farmers make {corn} corn"},
    "stones": {"one": "takes 1 temple stone ({steps} steps)", "other": "takes {n} temple stones ({steps} steps)"},
    "trades": "trades ({parts}) for {plan_for}",
    "trade_buy": "buy {amount}", "trade_sell": "sell {amount}",
    "trade_adjust_add": "add {good}", "trade_adjust_remove": "remove {good}",
    "pass_through": "passes through toward a better district next turn",
    "position": "gets in position for the next turn",
    "ending": "{why}; {end}, {result}",
}
# How the game ends, and the outcome on the bot's re-deal (the "ending" reason).
BOT_ENDINGS = {
    "priests": "the last Priest or Virgin ends the game",
    "cards": "the last card ends the game",
    "conquest": "the game ends with the Spanish conquest",
    "win": "and I should win",
    "lose": "though I may not win: nothing else is better",
}


# Counts of goods in the bot's own words (English, like BOT_WORDS; the same words as the page's
# catalogue entries "mp.n.<good>", which tests/engine/test_events.py holds them to).
BOT_COUNTS = {
    "corn": "{n} corn",
    "llama": {"one": "1 llama", "other": "{n} llamas"},
    "coca": "{n} coca",
    "pottery": "{n} pottery",
    "cloth": "{n} cloth",
}


def count(n: int, good: str) -> str:
    """'1 llama', '2 llamas', '3 corn' in the bot's own words."""
    return plural_form(BOT_COUNTS[good], {"n": n}).format(n=n)


def bot_words(reason: Reason) -> str:
    """The bot's own sentence for a structured reason (English, third person)."""
    kind, params = reason[0], reason[1]
    template = plural_form(BOT_WORDS.get(kind, "{action}"), params)
    v: dict = {}
    for key, value in params.items():
        if key.endswith("why"):
            v[key] = bot_words(value)
        elif key == "parts":
            v[key] = ", ".join(bot_words(x) for x in value) if kind == "trades" else (
                " and ".join(bot_words(x) for x in value) if kind == "hire" else
                "; ".join(bot_words(x) for x in value))
        elif key == "district":
            v[key] = D.DISTRICT_NAMES[value]
        elif key == "row":
            v[key] = D.ROW_NAMES[D.ROWS.index(value)]
        elif key == "prof":
            v[key] = D.PROFESSION_NAMES[D.PROFESSIONS.index(value)]
        elif key == "tile":
            v[key] = D.MOON_NAMES[D.MOON_INDEX[value]]
        elif key == "goods":
            v[key] = ", ".join("3 corn" if x == "corn" else x for x in value)
        elif key == "cards":
            v[key] = " and ".join(value)
        else:
            v[key] = value
    n, good = params.get("n"), params.get("good")
    if n is not None and good is not None:
        v["amount"] = count(n, good)
    if "n" in params:
        v["llamas"] = count(params["n"], "llama")
        v["corn"] = params.get("corn", f"{params['n']} corn") if kind != "farmers" else params["corn"]
    if "target" in params:
        v["target"] = f" toward a {D.ROW_NAMES[D.ROWS.index(params['target'])]}"
    else:
        v.setdefault("target", "")
    if kind == "offer":
        v["late"] = "goods are worth little this late" if params["late"] else "these goods are spare"
    if kind == "sunclock":
        v["when"] = "at once" if params["last_day"] else "tonight"
        v["scores_nothing"] = "; its district scores nothing on my cards" if params["scores_nothing"] else ""
    if kind == "stay":
        v["ends_day"] = "; takes the Sun tile and ends the day" if params["ends_day"] else ""
    if kind == "ending":
        v["end"] = BOT_ENDINGS[params["end"]]
        v["result"] = BOT_ENDINGS["win" if params["win"] else "lose"]
    if kind == "trades":
        v["plan_for"] = ("llamas for my priests' sacrifices" if params.get("for_llamas") else
                         "a " + (D.ROW_NAMES[D.ROWS.index(params["for_row"])] if "for_row" in params
                                 else D.PROFESSION_NAMES[D.PROFESSIONS.index(params["for_prof"])]))
    return template.format(**v)


def explain(g: "Game", s: int, action, ctx: Ctx = None) -> str:
    """A reason for `action` by seat s, in the bot's own words (g: a re-dealt copy, seat s to
    move); `why` gives the same reason as data."""
    return bot_words(why(g, s, action, ctx))
