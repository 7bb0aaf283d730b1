"""The reveal, paced: after the last secret choice the engine resolves a whole step at once; these
frames let a person follow it. First every choice flips at once, then those going home share the
gems on the path, then the next card turns, then its gems are shared (or the round ends in a bust).

`frames(before, after, ...)` compares the views before and after the step and returns
(seconds, regions) pairs; each frame also carries a sentence for screen readers ("announce").
Only public facts are drawn: the revealed choices are public from this moment on.
"""

from __future__ import annotations

import copy
from html import unescape
from typing import Any, Callable, Optional, Sequence

from .look import Look
from .panels import players_html
from .path import board_html, bust_index, hazard_name, path_gems

T = Callable[..., str]

PACE = {"flip": 1.4, "leave": 1.4, "turn": 1.1, "split": 1.4, "bust": 2.0, "round": 1.6}


def _inside(view: dict) -> list[int]:
    return [i for i, p in enumerate(view.get("players", ())) if p.get("in_temple")]


def _round_over(before: dict, after: dict) -> bool:
    return bool(after.get("is_over")) or after.get("round") != before.get("round")


def infer_choices(before: dict, after: dict) -> Optional[dict[int, str]]:
    """seat -> "torch" / "camp" for the players who were inside, read from the two views; None
    when the views cannot tell (the round ended by a bust: everyone is back for the next one)."""
    inside = _inside(before)
    if not _round_over(before, after):
        return {i: ("torch" if after["players"][i].get("in_temple") else "camp") for i in inside}
    busted = len(after.get("removed_hazards") or ()) > len(before.get("removed_hazards") or ())
    if not busted:            # the round ended with nobody inside: everyone went home
        return {i: "camp" for i in inside}
    return None


def _frame(seconds: float, view: dict, looks: Sequence[Look], t: T, viewer: Optional[int],
           announce: str, **extra: Any) -> tuple[float, dict[str, str]]:
    board = board_html(view, t, fresh=extra.get("fresh"), unsplit=extra.get("unsplit", False))
    players = players_html(view, looks, t, viewer=viewer, revealed=extra.get("revealed"),
                           gains=extra.get("gains"), lost=extra.get("lost", ()))
    return seconds, {"board": board, "players": players, "announce": announce,
                     "controls": f'<div class="ig-decision ig-revealing"><p class="question">{announce}</p></div>'}


def frames(before: dict, after: dict, looks: Sequence[Look], t: T, *, viewer: Optional[int] = None,
           choices: Optional[dict[int, str]] = None) -> list[tuple[float, dict[str, str]]]:
    """The frames of one resolved step (empty when nothing was revealed). `choices`, when the
    caller knows them (from the events), overrides what the views imply."""
    inside = _inside(before)
    if not inside:
        return []
    choices = choices if choices is not None else infer_choices(before, after)
    out = []
    view = copy.deepcopy(before)
    for p in view["players"]:
        p["chosen"] = False
    over = _round_over(before, after)
    campers = sorted(i for i, c in (choices or {}).items() if c == "camp")
    stayers = [i for i in inside if i not in campers] if choices is not None else inside

    # 1. Every choice flips at once.
    if choices is not None:
        say = t("page.reveal.flip", {"stay_seats": [i for i in stayers], "home_seats": campers,
                                      "n": len(stayers)}) if stayers and campers else (
            t("page.reveal.all_stay", {"n": len(stayers)}) if stayers else t("page.reveal.all_home", {"n": len(campers)}))
        out.append(_frame(PACE["flip"], view, looks, t, viewer, say, revealed=choices))

    # 2. Those going home share the gems left on the path and bank this round's gems.
    if campers:
        lying = path_gems(before)
        share = lying // len(campers)
        gains = {}
        for i in campers:
            gains[i] = int(before["players"][i].get("round_gems") or 0) + share
            view["players"][i]["in_temple"] = False
            view["players"][i]["round_gems"] = 0
            if not over:
                view["players"][i] = copy.deepcopy(after["players"][i])
        if not over:
            for card, now in zip(view["path"], after.get("path") or ()):
                card["left"] = now.get("left")
        else:
            left = lying - share * len(campers)
            for card in view["path"]:
                card["left"] = 0
            for card in view["path"]:
                if card.get("kind") == "treasure":
                    card["left"] = left
                    break
        lone = len(campers) == 1 and any(c.get("kind") == "artifact" for c in before.get("path", ()))
        say = t("page.reveal.leave", {"home_seats": campers, "n": len(campers), "each": share, "path": lying})
        if lone:
            say += " " + t("page.reveal.artifacts", {"seat": campers[0]})
            if not over:
                view["path"] = copy.deepcopy(after.get("path") or [])[:len(before.get("path") or ())]
        out.append(_frame(PACE["leave"], view, looks, t, viewer, say, gains=gains))

    # 3. The next card turns; 4. its gems are shared, or the round ends.
    if not over:
        new = (after.get("path") or [])[len(before.get("path") or ()):]
        if new:
            card = new[0]
            turned = copy.deepcopy(view)
            turned["path"] = turned["path"] + [dict(card, left=card.get("gems") if card.get("kind") == "treasure" else card.get("left"))]
            idx = len(turned["path"]) - 1
            out.append(_frame(PACE["turn"], turned, looks, t, viewer, _card_words(card, t), fresh=idx, unsplit=True))
            gains = {i: int(after["players"][i].get("round_gems") or 0) - int(view["players"][i].get("round_gems") or 0)
                     for i in stayers}
            if card.get("kind") == "treasure":
                each = next(iter(gains.values()), 0)
                say = t("page.reveal.split", {"n": len(stayers), "each": each, "left": card.get("left") or 0})
            else:
                say = _card_words(card, t)
            final = copy.deepcopy(after)
            out.append(_frame(PACE["split"], final, looks, t, viewer, say, fresh=idx,
                              gains={i: g for i, g in gains.items() if g}))
        return out

    busted = len(after.get("removed_hazards") or ()) > len(before.get("removed_hazards") or ())
    if busted and stayers:
        kind = (after.get("removed_hazards") or [None])[-1]
        turned = copy.deepcopy(view)
        turned["path"] = turned["path"] + [{"kind": "hazard", "gems": None, "hazard": kind, "left": 0}]
        idx = len(turned["path"]) - 1
        assert bust_index(turned["path"]) == idx or kind is None
        out.append(_frame(PACE["turn"], turned, looks, t, viewer, _card_words(turned["path"][idx], t),
                          fresh=idx))
        name = unescape(hazard_name(t, kind))
        lost = stayers if choices is not None else []     # unknown choices: name nobody
        say = (t("page.reveal.bust", {"hazard": name, "lost_seats": lost, "n": len(lost)}) if lost
               else t("page.reveal.bust_anon", {"hazard": name}))
        out.append(_frame(PACE["bust"], turned, looks, t, viewer, say, fresh=idx, lost=lost))
    if after.get("is_over"):
        return out
    last = out[-1][1] if out else None
    say = t("page.reveal.round", {"round": after.get("round")})
    if last is not None:
        out.append((PACE["round"], dict(last, announce=say,
                                        controls=f'<div class="ig-decision ig-revealing"><p class="question">{say}</p></div>')))
    return out


def _card_words(card: dict, t: T) -> str:
    kind = card.get("kind")
    if kind == "treasure":
        return t("page.reveal.turn_treasure", {"gems": card.get("gems")})
    if kind == "artifact":
        return t("page.reveal.turn_artifact")
    name = unescape(hazard_name(t, card.get("hazard")))
    return t("page.reveal.turn_hazard", {"hazard": name})
