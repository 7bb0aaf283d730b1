"""The decision controls: one clear control per kind of decision, built only from view["legal"].

The engine owns legality: every button here stands for one of the legal action texts (or a step
towards composing one), and `reduce` only ever returns a text found in view["legal"].

A *draft* is the page's unfinished choice for the decision at hand (a count, toggled items, a
picked option waiting for its confirm). It is a small dict; the page keeps one per decision and
starts a fresh one (`new_draft`) whenever the decision changes.

Events come from elements carrying data-act (and data-v for a value):

    apply  V     take the legal action V at once (choices that spend nothing, declines)
    pick   V     choose V, then confirm (choices that spend goods)
    toggle V     add / remove item V of a composed choice (offer, hire, take, claim, return)
    inc / dec    change the count (produce, sacrifice)
    confirm      take the drafted action
    cancel       drop the drafted choice
    district V   a district of the board was tapped
    tile V       a moon tile was tapped
"""

from __future__ import annotations

from html import escape
from typing import Any, Optional

from machu_picchu import data as D
from machu_picchu.kinds import Decision

from .cards import card_svg
from .icons import goods_icon
from .words import card_name, count, good_name, join, t as t_
from kit.markup import Html

NONE_WORDS = ("nothing", "nobody")
COUNT_KINDS = ("produce", "sacrifice")
TOGGLE_KINDS = ("offer", "hire", "take", "claim", "return")
PICK_KINDS = ("acquire", "sunclock")
DECLINE = {
    "produce": "produce 0", "sacrifice": "sacrifice 0", "offer": "offer nothing",
    "hire": "hire nobody", "acquire": "acquire nothing", "sunclock": "sunclock nobody",
    "claim": "claim nothing",
}
PROFESSION_GOOD = {p: D.GOODS[i] for i, p in enumerate(D.PROFESSIONS)}
PROFESSION_LABEL = dict(zip(D.PROFESSIONS, D.PROFESSION_NAMES))
ROW_LABEL = dict(zip(D.ROWS, D.ROW_NAMES))
MOON_LABEL = dict(zip(D.MOON_IDS, D.MOON_NAMES))


def esc(value: Any) -> str:
    return escape(str(value), quote=True)


def district_name(d: str) -> str:
    """A district's name in the page's language (escaped)."""
    return t_("mp.district." + d) if d in D.DISTRICT_NAMES else esc(d)


def split(text: str) -> tuple[str, str]:
    kind, _, arg = text.partition(" ")
    return kind, arg


def items_of(text: str) -> frozenset:
    """The items a composed action stands for: 'hire potter+weaver' -> {potter, weaver}."""
    kind, arg = split(text)
    if kind == "return":
        return frozenset(arg.split())
    if not arg or arg in NONE_WORDS:
        return frozenset()
    return frozenset(arg.split("+"))


def plural(n: int, word: str, many: Optional[str] = None) -> str:
    return f"{n} {word if n == 1 else (many or word + 's')}"


def last_day(view: dict) -> bool:
    """Day 9: no night follows, so moon tiles and the Sun Clock pay at once."""
    return view.get("day") == view.get("last_day")


def tile_name(tile: str) -> str:
    """A moon tile's name ("3 corn", "llama", "2 steps"), escaped."""
    return t_("mp.tile." + tile)


def tile_gives(tile: str) -> str:
    """What a moon tile pays, in words (escaped)."""
    _tid, corn, good, steps = D.MOON_TILES[D.MOON_INDEX[tile]]
    if corn:
        return t_("mp.tile.gives.corn")
    if good is not None:
        return t_("mp.tile.gives.good", good=t_("mp.good." + D.GOODS[good]))
    return t_("mp.tile.gives.steps", n=steps)


def stay_title(view: dict, tile: str) -> str:
    """The tooltip of a moon tile one may take: what it pays, and when (day 9: at once)."""
    if last_day(view):
        return t_("mp.stay.title_last", tile=tile_name(tile),
                  gives=tile_gives(tile), day=view["day"])
    return t_("mp.stay.title", tile=tile_name(tile), gives=tile_gives(tile))


def goods_words(counts: dict[str, int]) -> str:
    """{'corn': 3, 'cloth': 1} -> '3 corn, 1 cloth' (in the goods' order; escaped)."""
    parts = [count(counts[g], g) for g in D.GOODS if counts.get(g)]
    return Html(", ".join(parts)) if parts else t_("mp.nothing")


# --- drafts ------------------------------------------------------------------------------------
def new_draft(key: Any, view: dict) -> dict[str, Any]:
    """A fresh draft for the decision in `view` (counts start at the most one may choose)."""
    draft: dict[str, Any] = {"key": key, "sel": [], "choice": None, "count": 0}
    prompt = view.get("prompt") or {}
    if prompt.get("kind") in COUNT_KINDS:
        draft["count"] = count_range(view)[1]
    return draft


def count_range(view: dict) -> tuple[int, int]:
    kind = (view.get("prompt") or {}).get("kind")
    counts = [int(split(t)[1]) for t in view.get("legal", []) if split(t)[0] == kind]
    return (min(counts), max(counts)) if counts else (0, 0)


def legal_sets(view: dict) -> dict[frozenset, str]:
    kind = (view.get("prompt") or {}).get("kind")
    return {items_of(t): t for t in view.get("legal", []) if split(t)[0] == kind}


def toggle_options(view: dict) -> list[str]:
    """Every item that appears in some legal composed choice, in a stable order."""
    kind = view["prompt"]["kind"]
    seen = set().union(*legal_sets(view)) if view.get("legal") else set()
    if kind == "hire":
        order = list(D.PROFESSIONS)
    elif kind == "return":
        me = view["players"][view["prompt"]["seat"]]
        order = list(me.get("hand", []))
    else:
        order = list(D.GOODS)
    return [i for i in order if i in seen]


def toggle_enabled(view: dict, sel: list[str], item: str) -> bool:
    if item in sel:
        return True
    want = set(sel) | {item}
    return any(want <= s for s in legal_sets(view))


def composed_action(view: dict, sel: list[str]) -> Optional[str]:
    return legal_sets(view).get(frozenset(sel))


def drafted_action(view: dict, draft: dict) -> Optional[str]:
    """The legal action the draft stands for now, if complete."""
    kind = (view.get("prompt") or {}).get("kind")
    legal = view.get("legal", [])
    if kind in COUNT_KINDS:
        text = f"{kind} {draft['count']}"
    elif kind in TOGGLE_KINDS:
        text = composed_action(view, draft["sel"])
    else:
        text = draft.get("choice")
    return text if text in legal else None


# --- reducing events ---------------------------------------------------------------------------
def reduce(view: dict, draft: dict, act: str, value: str = "") -> tuple[dict, Optional[str], Optional[str]]:
    """Apply one UI event to the draft: (new draft, legal action to take now or None, note).

    The note is a short sentence for the player when the event cannot be used."""
    legal = view.get("legal") or []
    prompt = view.get("prompt") or {}
    kind = prompt.get("kind")
    draft = dict(draft, sel=list(draft.get("sel", [])))
    if not legal:
        return draft, None, None
    if act == "apply":
        return draft, (value if value in legal else None), (None if value in legal else "That choice is not possible now.")
    if act == "pick":
        if value in legal:
            draft["choice"] = value
            return draft, None, None
        return draft, None, "That choice is not possible now."
    if act == "cancel":
        draft["choice"] = None
        draft["sel"] = []
        return draft, None, None
    if act == "confirm":
        text = drafted_action(view, draft)
        return draft, text, (None if text else "Complete your choice first.")
    if act in ("inc", "dec") and kind in COUNT_KINDS:
        lo, hi = count_range(view)
        draft["count"] = max(lo, min(hi, draft["count"] + (1 if act == "inc" else -1)))
        return draft, None, None
    if act == "toggle" and kind in TOGGLE_KINDS:
        sel = draft["sel"]
        if value in sel:
            sel.remove(value)
        elif toggle_enabled(view, sel, value):
            sel.append(value)
        else:
            return draft, None, "That cannot be added to this choice."
        return draft, None, None
    if act == "district":
        if kind == "setup":
            for text in legal:
                if PROFESSION_GOOD.get(split(text)[1]) == value:
                    return draft, text, None
            return draft, None, "Choose one of the five production districts for your first Inca."
        if kind == "turn":
            if f"move {value}" in legal:
                if value in idle_targets(view):      # it gives nothing today: ask first
                    draft["choice"] = f"move {value}"
                    return draft, None, None
                return draft, f"move {value}", None
            if f"travel {value}" in legal:
                draft["choice"] = f"travel {value}"
                return draft, None, None
            if prompt.get("at") == value:
                return draft, None, "Your Prince is here. To stay, take a moon tile."
            return draft, None, ("You need a llama to travel to a district that is not adjacent.")
        return draft, None, None
    if act == "tile":
        if kind == "turn":
            if f"stay {value}" in legal:
                return draft, f"stay {value}", None
            if prompt.get("first_turn"):
                return draft, None, "On your first turn, place your Prince on a district."
            return draft, None, "That moon tile is not on the board."
        return draft, None, None
    return draft, None, None


def idle_targets(view: dict) -> dict[str, str]:
    """District -> why it gives the deciding player nothing today (the engine's reason code,
    machu_picchu.yields), for the districts the turn could go to; empty for other decisions."""
    prompt = view.get("prompt") or {}
    idle = prompt.get("idle") if prompt.get("kind") == "turn" else None
    return dict(idle) if isinstance(idle, dict) else {}


def idle_words(reason: str) -> str:
    """Why a district gives nothing today, in words (escaped HTML)."""
    return t_("mp.idle." + reason)


def board_targets(view: dict, draft: dict) -> tuple[dict[str, str], Optional[str]]:
    """Districts to highlight on the board (id -> "move" | "travel") and the selected one."""
    prompt = view.get("prompt") or {}
    legal = view.get("legal") or []
    kind = prompt.get("kind")
    targets: dict[str, str] = {}
    if kind == "turn":
        for text in legal:
            verb, arg = split(text)
            if verb in ("move", "travel"):
                targets[arg] = verb
    elif kind == "setup":
        for text in legal:
            targets[PROFESSION_GOOD[split(text)[1]]] = "move"
    selected = None
    choice = draft.get("choice") or ""
    if choice.startswith(("travel ", "move ")):
        selected = split(choice)[1]
    return targets, selected


def bench_selector(view: dict, draft: dict) -> str:
    """A CSS selector of an element whose click moves the game on (for the benchmark hook)."""
    prompt = view.get("prompt") or {}
    kind = prompt.get("kind")
    legal = view.get("legal") or []
    if not legal:
        return ""
    if kind == "turn" and drafted_action(view, draft):
        return '#controls [data-act="confirm"]'
    if kind == "turn":
        idle = idle_targets(view)
        moves = sorted((split(t)[1] for t in legal if t.startswith("move ")),
                       key=lambda d: d not in idle)       # a useful one last
        if moves:
            return f'#board [data-district="{moves[-1]}"]'
        stays = [split(t)[1] for t in legal if t.startswith("stay ")]
        if stays:
            return f'#controls [data-act="tile"][data-v="{stays[0]}"]'
    if kind == "market":
        return '#controls [data-act="apply"][data-v="done"]'
    if kind in COUNT_KINDS or kind in TOGGLE_KINDS or kind in PICK_KINDS:
        if drafted_action(view, draft):
            return '#controls [data-act="confirm"]'
        if kind in TOGGLE_KINDS:
            for item in toggle_options(view):
                if toggle_enabled(view, draft["sel"], item) and item not in draft["sel"]:
                    return f'#controls [data-act="toggle"][data-v="{item}"]'
        if kind in PICK_KINDS:
            return f'#controls [data-act="pick"][data-v="{legal[-1]}"]'
    return f'#controls [data-act="apply"][data-v="{legal[0]}"]'


# --- HTML --------------------------------------------------------------------------------------
def _btn(label: str, act: str, value: Optional[str] = None, *, cls: str = "", title: str = "",
         disabled: bool = False, pressed: Optional[bool] = None, title_html: str = "",
         name_html: str = "") -> str:
    """A button; `title` is plain text, `title_html` already escaped (catalogue words);
    `name_html` (escaped) its accessible name when its face is a symbol or a picture."""
    attrs = [f'type="button"', f'data-act="{esc(act)}"']
    if value is not None:       # right after data-act: a hint finds the pair (_mark)
        attrs.append(f'data-v="{esc(value)}"')
    if name_html:
        attrs.append(f'aria-label="{name_html}"')
    if cls:
        attrs.append(f'class="{esc(cls)}"')
    if title or title_html:
        attrs.append(f'title="{title_html or esc(title)}"')
    if disabled:
        attrs.append("disabled")
    if pressed is not None:
        attrs.append(f'aria-pressed="{"true" if pressed else "false"}"')
    return f"<button {' '.join(attrs)}>{label}</button>"


def _icon(good: str, size: int = 18) -> str:
    return goods_icon(good, size)


def _wrap(kind: str, question: str, body: str) -> str:
    return (f'<div class="decision decision-{esc(kind)}" data-kind="{esc(kind)}">'
            f'<p class="question">{question}</p>{body}</div>')


def _buttons(*parts: str) -> str:
    return '<div class="buttons">' + "".join(p for p in parts if p) + "</div>"


def controls_html(view: dict, draft: dict, *, market_start_corn: Optional[int] = None,
                  hint: Optional[str] = None) -> str:
    """The control for the decision in `view` (the deciding seat's own view, with "legal");
    `hint`: a legal action a hint suggests, whose controls are marked (data-hinted)."""
    prompt = view.get("prompt") or {}
    kind = prompt.get("kind")
    legal = view.get("legal") or []
    if not legal:
        return ""
    me = view["players"][prompt["seat"]]
    builder = _BUILDERS.get(kind)
    if builder is None:   # an unknown decision: still offer every legal action
        return _wrap(kind, "Choose:", _buttons(*(_btn(esc(t), "apply", t) for t in legal)))
    html = builder(view, prompt, legal, me, draft, market_start_corn)
    if hint in legal:
        for act, value in hinted_controls(view, draft, hint):
            html = _mark(html, act, value)
    return html


def hinted_controls(view: dict, draft: dict, hint: str) -> list[tuple[str, Optional[str]]]:
    """The controls (data-act, data-v or None) that lead to the action `hint`."""
    kind = (view.get("prompt") or {}).get("kind")
    verb, arg = split(hint)
    if kind == "turn":
        return [("tile", arg)] if verb == "stay" else [("district", arg)]
    if kind in COUNT_KINDS:
        want, have = int(arg), draft.get("count", 0)
        return [("confirm", None)] if want == have else [("dec" if want < have else "inc", None)]
    if kind in TOGGLE_KINDS:
        items = items_of(hint)
        if not items:
            return [("apply", hint)]
        if set(draft.get("sel", [])) == set(items):
            return [("confirm", None)]
        return [("toggle", i) for i in sorted(items) if i not in draft.get("sel", [])]
    if kind in PICK_KINDS:
        if hint in DECLINE.values():
            return [("apply", hint)]
        return [("confirm", None)] if draft.get("choice") == hint else [("pick", hint)]
    return [("apply", hint)]


def hint_district(view: dict, hint: Optional[str]) -> Optional[str]:
    """The board district a hinted action goes to (a move, a travel, a first Inca's district)."""
    if not hint or hint not in (view.get("legal") or []):
        return None
    verb, arg = split(hint)
    if verb in ("move", "travel"):
        return arg
    if verb == "place":
        return PROFESSION_GOOD.get(arg)
    return None


def hint_tile(view: dict, hint: Optional[str]) -> Optional[str]:
    """The moon tile a hinted stay takes (marked on the board's time track)."""
    if not hint or hint not in (view.get("legal") or []):
        return None
    verb, arg = split(hint)
    return arg if verb == "stay" else None


def board_rows(view: dict, draft: dict, hint: Optional[str]) -> dict:
    """What the Priests/Virgins rows show of an acquire decision: the rows one may pick
    (`picks`), the row picked awaiting the confirmation, the row the hint suggests."""
    prompt = view.get("prompt") or {}
    legal = view.get("legal") or []
    if prompt.get("kind") != "acquire":
        return {}
    rows = [split(t)[1] for t in legal if t.startswith("acquire ") and t != "acquire nothing"]
    choice = draft.get("choice") or ""
    hinted = split(hint)[1] if hint in legal and hint != "acquire nothing" else None
    return {"picks": rows, "picked": split(choice)[1] if choice in legal else None,
            "hinted": hinted}


def _mark(html: str, act: str, value: Optional[str]) -> str:
    """Mark the buttons with data-act=`act` (and data-v=`value`) as the hint's (data-hinted)."""
    key = f'data-act="{esc(act)}"' + (f' data-v="{esc(value)}"' if value is not None else "")
    return html.replace(key, key + ' data-hinted="true"')


def _district_t(d: str) -> str:
    return t_("mp.district." + d) if d in D.DISTRICT_NAMES else esc(d)


def _setup(view, prompt, legal, me, draft, _m):
    buttons = []
    for text in legal:
        prof = split(text)[1]
        good = PROFESSION_GOOD[prof]
        label = (f"{_icon(good)} <span>{t_('mp.prof.' + prof)}</span>"
                 f'<small>{_district_t(good)}</small>')
        buttons.append(_btn(label, "apply", text, cls="choice",
                            title_html=t_("mp.setup.title", prof=t_("mp.prof." + prof),
                                          district=_district_t(good))))
    return _wrap("setup", t_("mp.setup.question"),
                 '<div class="choices">' + "".join(buttons) + "</div>")


def _turn(view, prompt, legal, me, draft, _m):
    choice = draft.get("choice") or ""
    idle = idle_targets(view)
    if choice.startswith("travel ") and choice in legal:
        dest = split(choice)[1]
        llamas = me["goods"]["llama"]
        warn = (f'<p class="idle-note" role="note">{t_("mp.idle.warn", district=district_name(dest))} '
                f'{idle_words(idle[dest])}</p>' if dest in idle else "")
        summary = t_("mp.turn.travel_summary", district=Html(f"<b>{_district_t(dest)}</b>"),
                     llama_icon=Html(_icon("llama")), have=llamas, then=llamas - 1)
        body = (f'<p class="summary">{summary}</p>' + warn
                + _buttons(_btn(t_("mp.turn.travel_confirm"), "confirm", cls="primary"),
                           _btn(t_("mp.cancel"), "cancel")))
        return _wrap("turn", t_("mp.turn.travel_question"), body)
    if choice.startswith("move ") and choice in legal:
        dest = split(choice)[1]
        body = (f'<p class="idle-note" role="note">{t_("mp.idle.warn", district=district_name(dest))} '
                f'{idle_words(idle.get(dest, ""))}</p>'
                + _buttons(_btn(t_("mp.idle.go", district=district_name(dest)), "confirm",
                                cls="primary"),
                           _btn(t_("mp.idle.cancel"), "cancel")))
        return _wrap("turn", t_("mp.idle.question", district=district_name(dest)), body)
    moves = [split(t)[1] for t in legal if t.startswith("move ")]
    travels = [split(t)[1] for t in legal if t.startswith("travel ")]
    stays = [split(t)[1] for t in legal if t.startswith("stay ")]
    if prompt.get("first_turn"):
        question = t_("mp.turn.first_question")
    else:
        question = t_("mp.turn.question", district=_district_t(prompt.get("at") or ""),
                      **{w: Html(f"<b>{t_('mp.turn.' + w + '_word')}</b>")
                         for w in ("move", "travel", "stay")})
    parts = []
    if moves and prompt.get("first_turn"):
        parts.append(f'<details class="group"><summary>{t_("mp.turn.list")}</summary>'
                     + "".join(_btn(_district_t(d), "district", d, cls="chip move",
                                    title_html=t_("mp.turn.place_title", district=_district_t(d)))
                               for d in moves)
                     + "</details>")
    elif moves:
        parts.append(f'<div class="group"><span class="group-label">{t_("mp.turn.move_group")}</span>'
                     + "".join(_btn(_district_t(d), "district", d,
                                    cls="chip move" + (" idle" if d in idle else ""),
                                    title_html=t_("mp.turn.move_title", district=_district_t(d))
                                    + (f" ({idle_words(idle[d])})" if d in idle else ""))
                               for d in moves)
                     + "</div>")
    if travels:
        parts.append(f'<details class="group"><summary>{t_("mp.turn.travel_group", n=len(travels))}</summary>'
                     + "".join(_btn(_district_t(d) + " " + _icon("llama", 14), "district", d,
                                    cls="chip travel" + (" idle" if d in idle else ""),
                                    title_html=t_("mp.turn.travel_title", district=_district_t(d))
                                    + (f" ({idle_words(idle[d])})" if d in idle else ""))
                               for d in travels)
                     + "</details>")
    if stays:
        parts.append(f'<div class="group"><span class="group-label">{t_("mp.stay.group")}</span>'
                     + "".join(_btn(tile_name(tile), "tile", tile, cls="chip stay",
                                    title_html=stay_title(view, tile))
                               for tile in stays)
                     + "</div>")
    return _wrap("turn", question, "".join(parts))


def _count(view, prompt, legal, me, draft, _m):
    kind = prompt["kind"]
    lo, hi = count_range(view)
    k = max(lo, min(hi, draft.get("count", hi)))
    if kind == "produce":
        good = prompt["district"]
        incas = prompt.get("incas", hi)
        question = t_("mp.produce.question", n=incas, district=district_name(good),
                      good=good_name(good), corn=me["goods"]["corn"])
        summary = (t_("mp.produce.summary", n=k, corn_icon=Html(_icon("corn")),
                      good_icon=Html(_icon(good)), goods=count(k, good)) if k
                   else t_("mp.produce.none"))
        confirm = t_("mp.produce.confirm", n=k) if k else t_("mp.produce.confirm_none")
    else:
        steps = prompt.get("steps_per_llama", 0)
        cards = prompt.get("cards", hi)
        question = t_("mp.sacrifice.question", n=cards,
                      district=district_name(prompt.get("district", "")),
                      cards=count(cards, prompt.get("row", "")), steps=steps,
                      llamas=count(me["goods"]["llama"], "llama"))
        summary = (t_("mp.sacrifice.summary", llama_icon=Html(_icon("llama")),
                      llamas=count(k, "llama"), steps=count(k * steps, "step")) if k
                   else t_("mp.sacrifice.none"))
        confirm = (t_("mp.sacrifice.confirm", llamas=count(k, "llama")) if k
                   else t_("mp.sacrifice.confirm_none"))
    counter = ('<div class="counter">'
               + _btn("−", "dec", cls="round", title_html=t_("mp.count.fewer"), disabled=k <= lo,
                      name_html=t_("mp.count.fewer"))
               + f'<output class="count" aria-live="polite">{k}</output>'
               + _btn("+", "inc", cls="round", title_html=t_("mp.count.more"), disabled=k >= hi,
                      name_html=t_("mp.count.more"))
               + "</div>")
    decline = DECLINE[kind]
    return _wrap(kind, question, counter + f'<p class="summary">{summary}</p>' + _buttons(
        _btn(confirm, "confirm", cls="primary"),
        _btn(t_(f"mp.{kind}.decline"), "apply", decline)
        if decline in legal and k else ""))


def _hire_cost(sel) -> dict[str, int]:
    need: dict[str, int] = {}
    for prof in sel:
        for good, count in D.SETUP_COST[D.PROFESSION_INDEX[prof]]:
            need[D.GOODS[good]] = need.get(D.GOODS[good], 0) + count
    return need


def _toggles(view, prompt, legal, me, draft, _m):
    kind = prompt["kind"]
    sel = [s for s in draft.get("sel", [])]
    options = toggle_options(view)
    chosen = composed_action(view, sel)
    toggles = []
    for item in options:
        on = item in sel
        enabled = toggle_enabled(view, sel, item)
        if kind == "hire":
            cost = goods_words({D.GOODS[g]: c for g, c in D.SETUP_COST[D.PROFESSION_INDEX[item]]})
            label = (f"{_icon(PROFESSION_GOOD[item])} <span>{t_('mp.prof.' + item)}</span>"
                     f"<small>{t_('mp.hire.label_pay', cost=cost)}</small>")
            title = t_("mp.hire.title", prof=t_("mp.prof." + item),
                       district=_district_t(PROFESSION_GOOD[item]), cost=cost)
        elif kind == "return":
            drawn = item in me.get("drawn", [])
            # named by its words (the picture is hidden: it says the same at length)
            label = (f'<span aria-hidden="true">{card_svg(item, small=True)}</span>'
                     f'<span class="sr-only">{t_("mp.return.name")} </span>'
                     f'<small>{card_caption(item)}{" · " + t_("mp.return.new") if drawn else ""}</small>')
            title = t_("mp.return.title_drawn" if drawn else "mp.return.title", card=card_name(item))
        elif kind == "take":
            label = f"{_icon(item)} <span>{_unit(item, bare=True)}</span>"
            title = t_("mp.take.title", goods=_unit(item))
        elif kind == "claim":
            label = f"{_icon(item)} <span>{good_name(item)}</span><small>{t_('mp.claim.label')}</small>"
            title = t_("mp.claim.title", good=good_name(item))
        else:  # offer
            label = (f"{_icon(item)} <span>{_unit(item)}</span>"
                     f"<small>{t_('mp.offer.have', n=me['goods'][item])}</small>")
            title = t_("mp.offer.title", goods=_unit(item))
        toggles.append(_btn(label, "toggle", item, cls="toggle" + (" card-toggle" if kind == "return" else ""),
                            title_html=title, disabled=not enabled, pressed=on))
    n = len(sel)
    if kind == "offer":
        question = t_("mp.offer.question")
        goods = join([_unit(g) for g in D.GOODS if g in sel])
        summary = (t_("mp.offer.summary", goods=goods, steps=count(2 * n, "step")) if n
                   else t_("mp.none_chosen"))
        confirm = t_("mp.offer.confirm", goods=goods) if n else t_("mp.offer.confirm_none")
    elif kind == "hire":
        question = t_("mp.hire.question", district=_district_t(prompt.get("district", "")),
                      incas=count(me["supply"], "Inca"))
        cost = goods_words(_hire_cost(sel))
        profs = join([t_("mp.prof." + p) for p in D.PROFESSIONS if p in sel])
        summary = t_("mp.hire.summary", profs=profs, cost=cost) if n else t_("mp.hire.none")
        confirm = t_("mp.confirm.pay", cost=cost) if n else t_("mp.hire.confirm_none")
    elif kind == "take":
        question = t_("mp.take.question_last" if last_day(view) else "mp.take.question")
        goods = join([_unit(g, bare=True) for g in D.GOODS if g in sel])
        summary = t_("mp.take.summary", goods=goods) if n else t_("mp.take.none")
        confirm = t_("mp.take.confirm", goods=goods) if chosen else t_("mp.choose_more", n=3 - n)
    elif kind == "claim":
        question = t_("mp.claim.question", corn=count(me["goods"]["corn"], "corn"))
        goods = join([_unit(g) for g in D.GOODS if g in sel])
        summary = t_("mp.claim.summary", corn=count(n, "corn"), goods=goods) if n else t_("mp.none_chosen")
        confirm = t_("mp.claim.confirm", corn=count(n, "corn")) if n else t_("mp.claim.confirm_none")
    else:  # return
        k = prompt.get("put_back", 2)
        drawn = me.get("drawn", [])
        question = t_("mp.return.question", n=k,
                      drawn=join([card_name(c) for c in drawn]) if drawn else t_("mp.return.cards"))
        summary = (t_("mp.return.summary", cards=join([card_name(c) for c in sel])) if n
                   else t_("mp.return.none"))
        confirm = t_("mp.return.confirm", n=n) if chosen else t_("mp.choose_more", n=k - n)
    decline = DECLINE.get(kind)
    return _wrap(kind, question, '<div class="choices">' + "".join(toggles) + "</div>"
                 + f'<p class="summary">{summary}</p>'
                 + _buttons(_btn(confirm, "confirm", cls="primary", disabled=chosen is None),
                            _btn(t_("mp.clear"), "cancel") if n else "",
                            _btn(t_("mp.decline"), "apply", decline) if decline in legal and n else ""))


def card_caption(name: str) -> str:
    """'coca + puma · 5 gold' (escaped)."""
    idx = D.CARD_INDEX.get(name)
    gold = D.CARD_GOLD[idx] if idx is not None else "?"
    a, _, b = name.partition("-")
    return t_("mp.card.caption", a=a, b=b, gold=gold)


def _unit(good: str, bare: bool = False) -> str:
    """One unit of a good as given or taken: '3 corn' (corn goes by threes), '1 llama' (bare:
    'llama')."""
    if good == "corn":
        return count(3, "corn")
    return good_name(good) if bare else count(1, good)


def _acquire(view, prompt, legal, me, draft, _m):
    choice = draft.get("choice")
    options = []
    for text in legal:
        row = split(text)[1]
        if row == "nothing":
            continue
        info = view["rows"][row]
        cost = info.get("next_cost") or {}
        label = (f"<span>{t_('mp.row.' + row)}</span><small>{t_('mp.acquire.pay')} "
                 + " ".join(f"{_icon(g, 14)}{c}" for g, c in cost.items())
                 + f"</small><small>{t_('mp.acquire.left', left=info['left'], steps=info['steps'], next=info['steps'] - 1)}</small>")
        options.append(_btn(label, "pick", text, cls="choice", pressed=choice == text,
                            title_html=t_("mp.acquire.title", row=t_("mp.row." + row),
                                          cost=goods_words(cost))))
    body = '<div class="choices">' + "".join(options) + "</div>"
    if choice and choice in legal and choice != "acquire nothing":
        row = split(choice)[1]
        cost = goods_words(view["rows"][row].get("next_cost") or {})
        body += (f'<p class="summary">{t_("mp.acquire.summary", row=t_("mp.row." + row), cost=cost)}</p>'
                 + _buttons(_btn(t_("mp.confirm.pay", cost=cost), "confirm", cls="primary"),
                            _btn(t_("mp.cancel"), "cancel")))
    else:
        body += _buttons(_btn(t_("mp.acquire.none"), "apply", "acquire nothing"))
    return _wrap("acquire", t_("mp.acquire.question", district=_district_t(prompt.get("district", ""))),
                 body)


def _sunclock(view, prompt, legal, me, draft, _m):
    choice = draft.get("choice")
    options = []
    for text in legal:
        prof = split(text)[1]
        if prof == "nobody":
            continue
        good = PROFESSION_GOOD[prof]
        label = (f"{_icon(good)} <span>{t_('mp.prof.' + prof)}</span>"
                 f"<small>{t_('mp.sunclock.in', n=me['incas'][prof], district=_district_t(good))}</small>")
        options.append(_btn(label, "pick", text, cls="choice", pressed=choice == text,
                            title_html=t_("mp.sunclock.title", profs=t_("mp.profs." + prof))))
    body = '<div class="choices">' + "".join(options) + "</div>"
    if choice and choice in legal and choice != "sunclock nobody":
        prof = split(choice)[1]
        summary = t_("mp.sunclock.summary_last" if last_day(view) else "mp.sunclock.summary",
                     prof=t_("mp.prof." + prof))
        body += (f'<p class="summary">{summary}</p>'
                 + _buttons(_btn(t_("mp.sunclock.confirm"), "confirm", cls="primary"),
                            _btn(t_("mp.cancel"), "cancel")))
    else:
        body += _buttons(_btn(t_("mp.sunclock.nobody"), "apply", "sunclock nobody"))
    question = (t_("mp.sunclock.question_last", day=view["day"]) if last_day(view)
                else t_("mp.sunclock.question"))
    return _wrap("sunclock", question, body)


def _market(view, prompt, legal, me, draft, start_corn):
    corn = me["goods"]["corn"]
    rows = []
    for good in ("llama", "coca", "pottery", "cloth"):
        m = view["market"][good]
        units = m["units"]
        dots = "".join('<i class="unit on"></i>' if i < units else '<i class="unit"></i>'
                       for i in range(4))
        buy = f"buy {good}"
        sell = f"sell {good}"
        cells = [
            f'<th scope="row">{_icon(good)} {good_name(good)}'
            f'<span class="units" title="{t_("mp.market.units_title", n=units)}">{dots}</span></th>',
            f'<td class="have" title="{t_("mp.market.have_title", goods=count(me["goods"][good], good))}">'
            f'{me["goods"][good]}</td>',
            "<td>" + (_btn(t_("mp.market.buy", price=m["buy"]), "apply", buy, cls="trade",
                           title_html=t_("mp.market.buy_title", good=good_name(good), price=m["buy"]))
                      if buy in legal else
                      f'<span class="na" title="{t_("mp.market.na_title")}">{t_("mp.market.buy", price=m["buy"])}</span>') + "</td>",
            "<td>" + (_btn(t_("mp.market.sell", price=m["sell"]), "apply", sell, cls="trade",
                           title_html=t_("mp.market.sell_title", good=good_name(good), price=m["sell"]))
                      if sell in legal else
                      f'<span class="na" title="{t_("mp.market.na_title")}">{t_("mp.market.sell", price=m["sell"])}</span>') + "</td>",
        ]
        adj = [_btn("−", "apply", f"adjust -{good}", cls="adj",
                    title_html=t_("mp.market.remove_title", good=good_name(good)),
                    name_html=t_("mp.market.remove_name", good=good_name(good)))
               if f"adjust -{good}" in legal else "",
               _btn("+", "apply", f"adjust +{good}", cls="adj",
                    title_html=t_("mp.market.add_title", good=good_name(good)),
                    name_html=t_("mp.market.add_name", good=good_name(good)))
               if f"adjust +{good}" in legal else ""]
        cells.append(f'<td class="adjust">{"".join(adj)}</td>')
        rows.append("<tr>" + "".join(cells) + "</tr>")
    table = (f'<table class="market-table"><thead><tr><th>{t_("mp.market.col_good")}</th>'
             f'<th>{t_("mp.market.col_you")}</th><th>{t_("mp.market.col_buy")}</th>'
             f'<th>{t_("mp.market.col_sell")}</th>'
             f'<th title="{t_("mp.market.col_adjust_title")}">{t_("mp.market.col_adjust")}</th>'
             "</tr></thead><tbody>" + "".join(rows) + "</tbody></table>")
    delta = ("" if start_corn is None else
             " " + t_("mp.market.delta", start=start_corn, delta=f"{corn - start_corn:+d}"))
    done_this_visit = []
    if prompt.get("bought"):
        done_this_visit.append(t_("mp.market.bought", goods=join([good_name(g) for g in prompt["bought"]])))
    if prompt.get("sold"):
        done_this_visit.append(t_("mp.market.sold", goods=join([good_name(g) for g in prompt["sold"]])))
    if prompt.get("adjusted"):
        done_this_visit.append(t_("mp.market.adjusted"))
    note = (t_("mp.market.this_visit", done=Html("; ".join(done_this_visit))) if done_this_visit
            else t_("mp.market.first"))
    body = (f'<p class="balance">{_icon("corn")} {t_("mp.market.corn")} <b>{corn}</b>{delta}</p>' + table
            + f'<p class="note">{note} {t_("mp.market.rule")}</p>'
            + _buttons(_btn(t_("mp.market.done"), "apply", "done", cls="primary")))
    return _wrap("market", t_("mp.market.question"), body)


# The controls of each kind of decision (the view's prompt kind is the Decision's text).
_BUILDERS = {
    Decision.SETUP: _setup, Decision.TURN: _turn, Decision.PRODUCE: _count,
    Decision.SACRIFICE: _count, Decision.OFFER: _toggles, Decision.HIRE: _toggles,
    Decision.TAKE: _toggles, Decision.CLAIM: _toggles, Decision.RETURN: _toggles,
    Decision.ACQUIRE: _acquire, Decision.SUNCLOCK: _sunclock, Decision.MARKET: _market,
}
