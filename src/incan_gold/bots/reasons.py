"""The bots' reasons: event ids of the catalogue (web/games/incan_gold/locales/en/log.json) and the
parameters each carries. A reason is an event `[id, params]`, never an English sentence: the page
words it. Numbers only in the parameters (odds in percent, gems, counts)."""

from __future__ import annotations

from typing import Any

# id -> the parameters its template may use (the catalogue test checks both ways).
REASON_PARAMS: dict[str, frozenset[str]] = {
    "ig.reason_random": frozenset({"choice"}),
    # easy
    "ig.reason_easy_enough": frozenset({"gems", "limit"}),
    "ig.reason_easy_more": frozenset({"gems", "limit"}),
    "ig.reason_easy_hazards": frozenset({"kinds"}),
    "ig.reason_easy_artifact": frozenset({"value"}),
    # medium
    "ig.reason_medium_stay": frozenset({"odds", "gems", "path", "inside"}),
    "ig.reason_medium_leave": frozenset({"odds", "gems", "path", "inside"}),
    "ig.reason_medium_artifact": frozenset({"odds", "value"}),
    "ig.reason_alone_stay": frozenset({"odds", "gems", "gain", "loss"}),
    "ig.reason_alone_leave": frozenset({"odds", "gems", "gain", "loss"}),
    "ig.reason_medium_behind": frozenset(),
    "ig.reason_medium_win": frozenset({"gems"}),
    # hard
    "ig.reason_hard": frozenset({"choice", "n", "torch", "camp"}),
    # the fixed rules players publish
    "ig.reason_rule_cards": frozenset({"choice", "cards", "limit"}),
    "ig.reason_rule_hazards": frozenset({"choice", "kinds", "limit"}),
    "ig.reason_rule_gems": frozenset({"choice", "gems", "limit"}),
    # the tournament's outside strategists (strategists.py)
    "ig.reason_rule_ev": frozenset({"choice", "odds", "gain", "loss"}),
}


def reason(msg_id: str, **params: Any) -> list:
    """A reason event, [id, params]; the id must be one of REASON_PARAMS (a programming error
    otherwise, caught by the tests)."""
    assert msg_id in REASON_PARAMS and set(params) <= REASON_PARAMS[msg_id], msg_id
    return [msg_id, params]


def percent(p: float) -> int:
    """A probability as a whole percent for a reason."""
    return int(round(100 * p))


def explain(level: str, leave: bool, why: tuple) -> list:
    """The event for a policy's (leave, why) at that level (see policy.py for the tuples)."""
    kind = why[0]
    choice = "camp" if leave else "torch"
    if level == "easy":
        if kind == "enough" or kind == "more":
            return reason(f"ig.reason_easy_{kind}", gems=why[1], limit=why[2])
        if kind == "hazards":
            return reason("ig.reason_easy_hazards", kinds=why[1])
        return reason("ig.reason_easy_artifact", value=why[1])
    if level == "medium":
        if kind == "stay" or kind == "leave":
            return reason(f"ig.reason_medium_{kind}", odds=percent(why[1]), gems=why[2], path=why[3],
                          inside=why[4])
        if kind == "artifact":
            return reason("ig.reason_medium_artifact", odds=percent(why[1]), value=why[2])
        if kind == "alone":
            return reason("ig.reason_alone_leave" if leave else "ig.reason_alone_stay",
                          odds=percent(why[1]), gems=why[2], gain=round(why[3], 1),
                          loss=round(why[4], 1))
        if kind == "behind":
            return reason("ig.reason_medium_behind")   # no gap: it would tell a closed tent
        return reason("ig.reason_medium_win", gems=why[1])
    # the fixed rules: ("cards" | "hazards" | "gems", count, limit)
    counted = {"cards": "cards", "hazards": "kinds", "gems": "gems"}[kind]
    return reason(f"ig.reason_rule_{kind}", choice=choice, limit=why[2], **{counted: why[1]})
