"""The reveal, paced: after the last secret choice the engine resolves a whole step at once; these
frames let a person follow it. First every choice flips at once, then those going home share the
gems on the path, then the next card turns, then its gems are shared (or the round ends in a bust).

`frames(before, after, ...)` compares the views before and after the step and returns
(seconds, regions) pairs; each frame also carries a sentence for screen readers ("announce").
What the step revealed is read from the events of the after view (the "reveal" event names who
chose what), else from its `last_reveal`, else from how the players moved; the path of a round
that ended is read from `rounds_done`.

Only public facts are drawn. The `before` view may be another seat's (the last one to choose,
in hotseat): no tent and no choice of it is ever drawn; tents come from `after`, the view of the
person on screen.
"""

from __future__ import annotations

import copy
from html import unescape
from typing import Any, Callable, Optional, Sequence

from incan_gold.kinds import Msg

from .look import Look
from .panels import log_html, players_html
from .path import board_html, hazard_name, is_over, path_gems

T = Callable[..., str]

# Seconds each frame stays at the "normal" pace (the shell scales them by the pace option). With
# the bots' one beat before it, a step with nobody going home takes about 2 s from a person's
# choice to their next decision, and a round that ends about 3 s (issue 24's goals: 2.5 s and 4 s;
# `build.py bench --incan-gold` measures them); a tap on the reveal ends it at once.
PACE = {"flip": 0.45, "leave": 0.55, "turn": 0.45, "split": 0.55, "bust": 0.9, "round": 0.7}


def _inside(view: dict) -> list[int]:
    return [i for i, p in enumerate(view.get("players", ())) if p.get("in_temple")]


def _events(view: dict, event_id: str) -> list[dict]:
    return [ev[1] for ev in view.get("log") or () if isinstance(ev, (list, tuple)) and len(ev) > 1
            and ev[0] == event_id and isinstance(ev[1], dict)]


def _new_event(before: dict, after: dict, event_id: str) -> Optional[dict]:
    """The parameters of this step's `event_id` event, if the after view's log has a new one."""
    old, new = _events(before, event_id), _events(after, event_id)
    return new[-1] if len(new) > len(old) else None


def step_resolved(before: dict, after: dict) -> bool:
    """Whether a reveal happened between the two views (not after a choice that others still
    wait on): the round or the step moved on, or the game ended."""
    if is_over(after) != is_over(before) or after.get("round") != before.get("round"):
        return True
    if "step" in before and "step" in after:
        return after["step"] != before["step"]
    return (len(after.get("path") or ()) != len(before.get("path") or ())
            or _inside(after) != _inside(before))


def _log_before_reveal(before: dict, after: dict) -> list:
    """The viewer's log up to this step's reveal (what follows would give the reveal away)."""
    events = list(after.get("log") or ())
    if _new_event(before, after, Msg.REVEAL) is not None:
        last = max(i for i, ev in enumerate(events) if isinstance(ev, (list, tuple)) and ev and ev[0] == Msg.REVEAL)
        return events[:last]
    return list(before.get("log") or ()) if before.get("seat") == after.get("seat") else []


def read_step(before: dict, after: dict) -> dict[str, Any]:
    """What one step revealed: {"torch", "camp" (seats, or None when unknown), "share",
    "banked" {seat: gems}, "taken" [artifact values], "round_over", "path" (the round's path
    after the leavers took their share), "card" (the card turned, or None), "bust"}."""
    round_over = is_over(after) or after.get("round") != before.get("round")
    torch = camp = None
    reveal_ev = _new_event(before, after, Msg.REVEAL)
    last = after.get("last_reveal")
    if reveal_ev is not None:
        torch, camp = list(reveal_ev.get("torch_seats") or ()), list(reveal_ev.get("camp_seats") or ())
    elif isinstance(last, dict) and last.get("round") == before.get("round") and last.get("step") == before.get("step"):
        torch, camp = list(last.get("torch") or ()), list(last.get("camp") or ())
    elif not round_over:
        torch = [i for i in _inside(before) if after["players"][i].get("in_temple")]
        camp = [i for i in _inside(before) if not after["players"][i].get("in_temple")]
    elif len(after.get("removed_hazards") or ()) == len(before.get("removed_hazards") or ()):
        torch, camp = [], _inside(before)          # no bust: the round ended with everyone home
    # The round's path as it stands after this step: on the table, or in the finished rounds.
    if not round_over:
        full = after.get("path") or []
    else:
        done_before = len(before.get("rounds_done") or ())
        done = after.get("rounds_done") or []
        full = done[done_before]["path"] if len(done) > done_before else None
    n = len(before.get("path") or ())
    if full is None:        # no record of the finished round: rebuild what is known
        busted = len(after.get("removed_hazards") or ()) > len(before.get("removed_hazards") or ())
        full = copy.deepcopy(before.get("path") or [])
        if busted:
            full.append({"kind": "hazard", "gems": None, "hazard": after["removed_hazards"][-1], "left": 0})
        take = path_gems(before) // len(camp) * len(camp) if camp else 0
        for c in full:          # the leavers' share comes off the first cards
            got = min(int(c.get("left") or 0), take)
            c["left"], take = int(c.get("left") or 0) - got, take - got
    card = full[n] if len(full) > n else None
    bust = bool(round_over and card is not None and card.get("kind") == "hazard"
                and any(c.get("hazard") == card.get("hazard") for c in full[:n] if c.get("kind") == "hazard"))
    share = 0
    if camp:
        share = path_gems(before) // len(camp)
    banked = {s: int(before["players"][s].get("round_gems") or 0) + share for s in camp or ()}
    taken: list[int] = []
    if camp and len(camp) == 1:
        had = len(before["players"][camp[0]].get("artifacts") or ())
        taken = list(after["players"][camp[0]].get("artifacts") or ())[had:]
    return {"torch": torch, "camp": camp, "share": share, "banked": banked, "taken": taken,
            "round_over": round_over, "path": copy.deepcopy(full[:n]), "card": card, "bust": bust}


def _on_screen(before: dict, after: dict) -> dict:
    """`before` as the person on screen may see it: tents from `after` (theirs), no choices."""
    view = copy.deepcopy(before)
    for i, p in enumerate(view["players"]):
        p["chosen"] = False
        p["tent"] = after["players"][i].get("tent")
    for key in ("log", "my_choice", "legal", "waiting"):
        view.pop(key, None)
    return view


def _decrement(deck: dict, card: dict) -> dict:
    deck = dict(deck)
    key = card.get("hazard") if card.get("kind") == "hazard" else card.get("kind")
    if deck.get(key):
        deck[key] -= 1
    return deck


def _frame(seconds: float, view: dict, looks: Sequence[Look], t: T, viewer: Optional[int],
           log: str, announce: str, **extra: Any) -> tuple[float, dict[str, str]]:
    board = board_html(view, t, fresh=extra.get("fresh"), unsplit=extra.get("unsplit", False))
    players = players_html(view, looks, t, viewer=viewer, revealed=extra.get("revealed"),
                           gains=extra.get("gains"), lost=extra.get("lost", ()),
                           waiting=extra.get("waiting", False))
    return seconds, {"board": board, "players": players, "announce": announce, "log": log,
                     "turn-status": f'<span class="ig-revealing-flag">{t("ig.reveal.status")}</span>',
                     "controls": f'<div class="ig-decision ig-revealing" aria-live="polite">'
                                 f'<p class="question">{announce}</p></div>'}


def frames(before: dict, after: dict, looks: Sequence[Look], t: T, *,
           viewer: Optional[int] = None) -> list[tuple[float, dict[str, str]]]:
    """The frames of one resolved step (empty when nothing was revealed)."""
    inside = _inside(before)
    if not inside or not step_resolved(before, after):
        return []
    step = read_step(before, after)
    torch, camp = step["torch"], step["camp"]
    view = _on_screen(before, after)
    out = []
    # The log as it stood before the step: the events after it would tell the end of the reveal.
    log = log_html(_log_before_reveal(before, after), t)

    # 1. Every choice flips at once.
    if camp is not None:
        revealed = {**{s: "torch" for s in torch}, **{s: "camp" for s in camp}}
        if torch and camp:
            say = t("ig.reveal.flip", {"stay_seats": torch, "home_seats": camp, "n": len(torch)})
        elif torch:
            say = t("ig.reveal.all_stay", {"n": len(torch)})
        else:
            say = t("ig.reveal.all_home", {"n": len(camp)})
        out.append(_frame(PACE["flip"], view, looks, t, viewer, log, say, revealed=revealed))

    # 2. Those going home share the gems left on the path and bank this round's gems.
    if camp:
        for s in camp:
            p = view["players"][s]
            p["in_temple"], p["round_gems"] = False, 0
            p["artifacts"] = list(p.get("artifacts") or ()) + step["taken"]
        view["path"] = step["path"]
        if step["taken"]:
            view["artifacts_out"] = int(view.get("artifacts_out") or 0) + len(step["taken"])
        say = t("ig.reveal.leave", {"home_seats": camp, "n": len(camp), "each": step["share"],
                                      "path": path_gems(before)})
        if step["taken"]:
            say += " " + t("ig.reveal.artifacts", {"seat": camp[0]})
        out.append(_frame(PACE["leave"], view, looks, t, viewer, log, say, gains=step["banked"]))

    # 3. The next card turns, with its printed gems still on it.
    card = step["card"]
    stayers = torch if torch is not None else [s for s in inside if s not in (camp or ())]
    if card is not None:
        turned = copy.deepcopy(view)
        shown = dict(card, left=card.get("gems")) if card.get("kind") == "treasure" else dict(card)
        turned["path"] = turned["path"] + [shown]
        turned["deck"] = _decrement(turned.get("deck") or {}, card)
        fresh = len(turned["path"]) - 1
        out.append(_frame(PACE["turn"], turned, looks, t, viewer, log, _card_words(card, t), fresh=fresh, unsplit=True))
        # 4. Its gems are shared among those inside, or the round ends in a bust.
        if step["bust"]:
            turned["path"][fresh] = dict(card)
            name = unescape(hazard_name(t, card.get("hazard")))
            lost = stayers if torch is not None else []       # unknown choices: name nobody
            say = (t("ig.reveal.bust", {"hazard": name, "lost_seats": lost, "n": len(lost)}) if lost
                   else t("ig.reveal.bust_anon", {"hazard": name}))
            out.append(_frame(PACE["bust"], turned, looks, t, viewer, log, say, fresh=fresh, lost=lost))
        elif not step["round_over"]:
            gains = {s: int(after["players"][s].get("round_gems") or 0) - int(view["players"][s].get("round_gems") or 0)
                     for s in stayers}
            if card.get("kind") == "treasure":
                each = max(gains.values(), default=0)
                say = t("ig.reveal.split", {"n": len(stayers), "each": each, "left": card.get("left") or 0})
            else:
                say = _card_words(card, t)
            out.append(_frame(PACE["split"], after, looks, t, viewer, log, say, fresh=fresh,
                              gains={s: g for s, g in gains.items() if g}, waiting=None))

    # 5. Rounds over before anyone could choose: a hazard opened them and its twin came next.
    done_before = len(before.get("rounds_done") or ())
    for record in (after.get("rounds_done") or [])[done_before + 1:]:
        if not isinstance(record, dict):
            continue
        quick = copy.deepcopy(view)
        quick.update(round=record.get("round"), path=copy.deepcopy(record.get("path") or []), rounds_done=[])
        for p in quick["players"]:
            p["in_temple"], p["round_gems"] = True, 0
        name = unescape(hazard_name(t, record.get("hazard")))
        say = t("ig.reveal.instant_bust", {"round": record.get("round"), "hazard": name})
        out.append(_frame(PACE["bust"], quick, looks, t, viewer, log, say, waiting=False))

    # 6. The round is over: a last look at its path before the next one (or the end).
    if step["round_over"] and out and not is_over(after):
        say = t("ig.reveal.round", {"round": after.get("round")})
        last = out[-1][1]
        out.append((PACE["round"], dict(last, announce=say, controls=f'<div class="ig-decision ig-revealing" '
                                        f'aria-live="polite"><p class="question">{say}</p></div>')))
    return out


def _card_words(card: dict, t: T) -> str:
    kind = card.get("kind")
    if kind == "treasure":
        return t("ig.reveal.turn_treasure", {"gems": card.get("gems")})
    if kind == "artifact":
        return t("ig.reveal.turn_artifact")
    name = unescape(hazard_name(t, card.get("hazard")))
    return t("ig.reveal.turn_hazard", {"hazard": name})
