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

This module reduces those events and draws the control of the decision at hand; each kind of
decision draws its own in a module beside it (controls_turn: a turn and the first Inca;
controls_counts: produce, sacrifice; controls_toggles: offer, hire, take, claim, return;
controls_picks: acquire, Sun Clock; controls_market), from the shared pieces of
controls_parts, and a draft's rules are in controls_drafts.
"""

from __future__ import annotations

from typing import Optional

from machu_picchu.kinds import Decision

from .controls_counts import count_controls
from .controls_drafts import (count_range, drafted_action, legal_sets, new_draft,  # noqa: F401
                              toggle_enabled, toggle_options)
from .controls_market import market_controls
from .controls_parts import (COUNT_KINDS, DECLINE, PICK_KINDS, PROFESSION_GOOD,  # noqa: F401
                             TOGGLE_KINDS, button, button_row, esc, idle_targets, idle_words,
                             items_of, split, wrap)
from .controls_picks import acquire_controls, sunclock_controls
from .controls_toggles import toggle_controls
from .controls_turn import setup_controls, turn_controls

# new_draft, legal_sets, items_of and the kinds above are this module's API too (the page's
# hooks and the tests read them here), the way to a decision's controls.


# --- reducing events ---------------------------------------------------------------------------
def _note(key: str) -> str:
    """A short sentence for the player, as plain text ("mp.note.<key>")."""
    from html import unescape
    from .words import t
    return unescape(t("mp.note." + key))


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
        return draft, (value if value in legal else None), (None if value in legal else _note("not_possible"))
    if act == "pick":
        if value in legal:
            draft["choice"] = value
            return draft, None, None
        return draft, None, _note("not_possible")
    if act == "cancel":
        draft["choice"] = None
        draft["sel"] = []
        return draft, None, None
    if act == "confirm":
        text = drafted_action(view, draft)
        return draft, text, (None if text else _note("incomplete"))
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
            return draft, None, _note("cannot_add")
        return draft, None, None
    if act == "district":
        if kind == "setup":
            for text in legal:
                if PROFESSION_GOOD.get(split(text)[1]) == value:
                    return draft, text, None
            return draft, None, _note("setup_district")
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
                return draft, None, _note("here")
            return draft, None, _note("need_llama")
        return draft, None, None
    if act == "tile":
        if kind == "turn":
            if f"stay {value}" in legal:
                return draft, f"stay {value}", None
            if prompt.get("first_turn"):
                return draft, None, _note("first_turn")
            return draft, None, _note("no_tile")
        return draft, None, None
    return draft, None, None


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
        from .words import t as say
        return wrap(kind, say("mp.choose"), button_row(*(button(esc(t), "apply", t) for t in legal)))
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


# The controls of each kind of decision (the view's prompt kind is the Decision's text).
_BUILDERS = {
    Decision.SETUP: setup_controls, Decision.TURN: turn_controls, Decision.PRODUCE: count_controls,
    Decision.SACRIFICE: count_controls, Decision.OFFER: toggle_controls, Decision.HIRE: toggle_controls,
    Decision.TAKE: toggle_controls, Decision.CLAIM: toggle_controls, Decision.RETURN: toggle_controls,
    Decision.ACQUIRE: acquire_controls, Decision.SUNCLOCK: sunclock_controls, Decision.MARKET: market_controls,
}

