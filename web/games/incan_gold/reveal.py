"""The reveal, paced: after the last secret choice the engine resolves a whole step at once; these
frames let a person follow it. First every choice flips at once, then those going home share the
gems on the path, then the next card turns, then its gems are shared (or the round ends in a bust).

`frames(before, after, step_events(after), ...)` returns (seconds, regions) pairs; each frame also carries a sentence
for screen readers ("announce"). The table as it stood is the `before` view; what happened is read
from the events the engine logged for the step (`step_events`: the reveal of who chose what, the
leavers' share and what each banked, the artifacts carried out, the card turned or the bust, the
rounds that busted before anyone chose); only the last frame, the gems shared, draws `after`.
Each frame builds only the regions it changes and reuses the others of the frame before.

Only public facts are drawn. The `before` view may be another seat's (the last one to choose,
in hotseat): no tent and no choice of it is ever drawn; tents come from `after`, the view of the
person on screen.
"""

from __future__ import annotations

from html import unescape
from typing import Any, Callable, Optional, Sequence

from incan_gold.kinds import Msg

from .look import Look
from .panels import log_html, players_html
from .path import board_html, hazard_name, is_over, side_html

T = Callable[..., str]

# Seconds each frame stays at the "normal" pace (the shell scales them by the pace option). With
# the bots' one beat before it, a step with nobody going home takes about 2 s from a person's
# choice to their next decision, and a round that ends about 3 s (the goals: 2.5 s and 4 s;
# `build.py bench --incan-gold` measures them); a tap on the reveal ends it at once.
PACE = {"flip": 0.45, "leave": 0.55, "turn": 0.45, "split": 0.55, "bust": 0.9, "round": 0.7}


def _is(ev: Any, event_id: str) -> bool:
    return isinstance(ev, (list, tuple)) and len(ev) > 1 and ev[0] == event_id and isinstance(ev[1], dict)


def step_events(after: dict) -> tuple[int, list]:
    """Where the events of the step this change resolved begin in the after view's log, and the
    events from there on (its reveal, then what followed); (-1, []) when the change revealed
    nothing. After a change the log ends with what it caused: a choice that others still wait on
    ends it with that choice; the last choice of a step, with the step's reveal and what followed
    it, no choice after them."""
    log = after.get("log") or ()
    for i in range(len(log) - 1, -1, -1):
        if _is(log[i], Msg.REVEAL):
            return i, list(log[i:])
        if _is(log[i], Msg.CHOSE):
            break
    return -1, []


def _card(kind: str, *, gems: Optional[int] = None, hazard: Optional[str] = None, left: int = 0,
          **more: Any) -> dict:
    """A card as the views draw it (incan_gold.view.card_json's shape)."""
    return {"kind": kind, "gems": gems, "hazard": hazard, "left": left, **more}


def read_step(events: list) -> dict[str, Any]:
    """What one step revealed, from its events: {"torch", "camp" (seats, in the order they
    chose), "share", "left" (what stayed on the path), "banked" {seat: gems}, "taken" [artifact
    values], "card" (the card turned, or None), "each" (its gems for each of those inside), "bust", "round_over", "instant" [(round, path,
    hazard)] (rounds over before anyone could choose: a hazard and its twin), "over"}."""
    step: dict[str, Any] = {"torch": [], "camp": [], "share": 0, "left": 0, "banked": {},
                            "taken": [], "card": None, "each": 0, "bust": False, "round_over": False,
                            "instant": [], "over": False}
    new_round: Optional[dict] = None       # a round begun in this step, its cards so far
    for eid, p in events:
        if new_round is not None:
            if eid == Msg.CARD_HAZARD:
                new_round["path"].append(_card("hazard", hazard=p.get("hazard")))
            elif eid == Msg.BUST:
                new_round["path"].append(_card("hazard", hazard=p.get("hazard")))
                step["instant"].append((new_round["round"], new_round["path"], p.get("hazard")))
        if eid == Msg.REVEAL:
            step["torch"], step["camp"] = list(p.get("torch_seats") or ()), list(p.get("camp_seats") or ())
        elif eid == Msg.CAMP_SPLIT:
            step["share"], step["left"] = int(p.get("share") or 0), int(p.get("left") or 0)
        elif eid == Msg.BANKED:
            step["banked"][p.get("seat")] = int(p.get("gems") or 0)
        elif eid == Msg.ARTIFACT_TAKEN:
            step["taken"].append(p.get("value"))
        elif eid == Msg.ROUND_START:
            step["round_over"] = True
            new_round = {"round": p.get("round"), "path": []}
        elif eid in (Msg.ALL_LEFT, Msg.GAME_END):
            step["round_over"] = True
            step["over"] = step["over"] or eid == Msg.GAME_END
        elif new_round is None and step["card"] is None:
            if eid == Msg.CARD_TREASURE:
                step["card"] = _card("treasure", gems=p.get("gems"), left=int(p.get("left") or 0))
                step["each"] = int(p.get("share") or 0)
            elif eid == Msg.CARD_ARTIFACT:
                step["card"] = _card("artifact", artifact=True)
            elif eid == Msg.CARD_HAZARD:
                step["card"] = _card("hazard", hazard=p.get("hazard"))
            elif eid == Msg.BUST:
                step["card"] = _card("hazard", hazard=p.get("hazard"))
                step["bust"] = step["round_over"] = True
    return step


def _on_screen(before: dict, after: dict) -> dict:
    """`before` as the person on screen may see it: tents from `after` (theirs), no choices."""
    view = {k: v for k, v in before.items() if k not in ("log", "my_choice", "legal", "waiting")}
    view["players"] = [dict(p, chosen=False, tent=after["players"][i].get("tent"))
                       for i, p in enumerate(before["players"])]
    return view


def _after_leaving(path: list, share: int, leavers: int, taken: bool) -> list:
    """The path once the leavers took their share (off the first cards first, as the engine
    takes it) and, with `taken`, the artifacts lying on it."""
    out, take = [], share * leavers
    for c in path:
        got = min(int(c.get("left") or 0), take)
        if got or (taken and "artifact" in c):
            c = dict(c, left=int(c.get("left") or 0) - got)
            if taken and "artifact" in c:
                c["artifact"] = False
            take -= got
        out.append(c)
    return out


def _decrement(deck: dict, card: dict) -> dict:
    deck = dict(deck)
    key = card.get("hazard") if card.get("kind") == "hazard" else card.get("kind")
    if deck.get(key):
        deck[key] -= 1
    return deck


class _Frames:
    """The frames of one step, each region built only when it changes."""

    def __init__(self, looks: Sequence[Look], t: T, viewer: Optional[int], log: str) -> None:
        self.looks, self.t, self.viewer = looks, t, viewer
        self.out: list[tuple[float, dict[str, str]]] = []
        self.side: Optional[str] = None      # the board's side column, as last drawn
        self.rows: dict = {}                 # the players' rows drawn so far, by what they show
        self.regions = {"board": "", "players": "", "announce": "", "log": log,
                        "turn-status": f'<span class="ig-revealing-flag">{t("ig.reveal.status")}</span>',
                        "controls": ""}

    def add(self, seconds: float, announce: str, view: Optional[dict] = None, *, board: bool = True,
            side: bool = True, fresh: Optional[int] = None, unsplit: bool = False,
            players: bool = True, **extra: Any) -> None:
        """A frame saying `announce`: the board of `view` drawn anew if `board` (its round track,
        removed hazards and deck too if `side`, else those of the frame before), its players if
        `players` (else those of the frame before; a row that shows the same is not redrawn)."""
        regions = dict(self.regions)
        if board:
            if side:
                self.side = side_html(view, self.t)
            regions["board"] = board_html(view, self.t, fresh=fresh, unsplit=unsplit, side=self.side)
        if players:
            regions["players"] = players_html(
                view, self.looks, self.t, viewer=self.viewer, revealed=extra.get("revealed"),
                gains=extra.get("gains"), lost=extra.get("lost", ()),
                waiting=extra.get("waiting", False), rows=self.rows)
        regions["announce"] = announce
        regions["controls"] = (f'<div class="ig-decision ig-revealing" aria-live="polite">'
                               f'<p class="question">{announce}</p></div>')
        self.regions = regions
        self.out.append((seconds, regions))


def frames(before: dict, after: dict, resolved: tuple[int, list], looks: Sequence[Look], t: T, *,
           viewer: Optional[int] = None, cache: Optional[dict] = None) -> list[tuple[float, dict[str, str]]]:
    """The frames of the step `resolved` (`step_events(after)`; empty when nothing was
    revealed). `cache`: the log's rendered lines kept for the game on screen (panels.event_html)."""
    at, events = resolved
    if at < 0:
        return []
    step = read_step(events)
    torch, camp = step["torch"], step["camp"]
    view = _on_screen(before, after)
    # The log as it stood before the step: the events after it would tell the end of the reveal.
    out = _Frames(looks, t, viewer, log_html(list(after.get("log") or ())[:at], t, cache=cache))

    # 1. Every choice flips at once.
    revealed = {**{s: "torch" for s in torch}, **{s: "camp" for s in camp}}
    if torch and camp:
        say = t("ig.reveal.flip", {"stay_seats": torch, "home_seats": camp, "n": len(torch)})
    elif torch:
        say = t("ig.reveal.all_stay", {"n": len(torch)})
    else:
        say = t("ig.reveal.all_home", {"n": len(camp)})
    out.add(PACE["flip"], say, view, revealed=revealed)

    # 2. Those going home share the gems left on the path and bank this round's gems.
    if camp:
        players = view["players"] = list(view["players"])
        for s in camp:
            players[s] = dict(players[s], in_temple=False, round_gems=0,
                              artifacts=list(players[s].get("artifacts") or ()) + step["taken"])
        moved = bool(step["share"] or step["taken"])
        if moved:
            view["path"] = _after_leaving(view.get("path") or [], step["share"], len(camp),
                                          bool(step["taken"]))
        if step["taken"]:
            view["artifacts_out"] = int(view.get("artifacts_out") or 0) + len(step["taken"])
        say = t("ig.reveal.leave", {"home_seats": camp, "n": len(camp), "each": step["share"],
                                    "path": step["share"] * len(camp) + step["left"]})
        if step["taken"]:
            say += " " + t("ig.reveal.artifacts", {"seat": camp[0]})
        out.add(PACE["leave"], say, view, board=moved, side=False, gains=step["banked"])

    # 3. The next card turns, with its printed gems still on it.
    card = step["card"]
    if card is not None:
        shown = dict(card, left=card.get("gems")) if card.get("kind") == "treasure" else dict(card)
        turned = dict(view, path=list(view.get("path") or ()) + [shown],
                      deck=_decrement(view.get("deck") or {}, card))
        fresh = len(turned["path"]) - 1
        out.add(PACE["turn"], _card_words(card, t), turned, fresh=fresh, unsplit=True)
        # 4. Its gems are shared among those inside, or the round ends in a bust.
        if step["bust"]:
            turned["path"][fresh] = dict(card)
            name = unescape(hazard_name(t, card.get("hazard")))
            say = t("ig.reveal.bust", {"hazard": name, "lost_seats": torch, "n": len(torch)})
            out.add(PACE["bust"], say, turned, side=False, fresh=fresh, lost=torch)
        elif not step["round_over"]:
            if card.get("kind") == "treasure":
                each = step["each"]
                say = t("ig.reveal.split", {"n": len(torch), "each": each, "left": card.get("left") or 0})
                gains = {s: each for s in torch if each}
            else:
                say, gains = _card_words(card, t), {}
            out.add(PACE["split"], say, after, fresh=fresh, gains=gains, waiting=None)

    # 5. Rounds over before anyone could choose: a hazard opened them and its twin came next.
    for number, path, hazard in step["instant"]:
        quick = dict(view, round=number, path=path, rounds_done=[])
        quick["players"] = [dict(p, in_temple=True, round_gems=0) for p in view["players"]]
        name = unescape(hazard_name(t, hazard))
        say = t("ig.reveal.instant_bust", {"round": number, "hazard": name})
        out.add(PACE["bust"], say, quick)

    # 6. The round is over: a last look at its path before the next one (or the end).
    if step["round_over"] and not step["over"]:
        say = t("ig.reveal.round", {"round": after.get("round")})
        out.add(PACE["round"], say, board=False, players=False)
    return out.out


def _card_words(card: dict, t: T) -> str:
    kind = card.get("kind")
    if kind == "treasure":
        return t("ig.reveal.turn_treasure", {"gems": card.get("gems")})
    if kind == "artifact":
        return t("ig.reveal.turn_artifact")
    name = unescape(hazard_name(t, card.get("hazard")))
    return t("ig.reveal.turn_hazard", {"hazard": name})
