"""The bots' reasons: event ids of the catalogue (web/locales/en/incan-gold.json) and the
parameters each carries. A reason is an event `[id, params]`, never an English sentence: the page
words it. Numbers only in the parameters (odds in percent, gems, counts)."""

from __future__ import annotations

from typing import Any

# id -> the parameters its template may use (the catalogue test checks both ways).
REASON_PARAMS: dict[str, frozenset[str]] = {
    "reason_random": frozenset({"choice"}),
    # easy
    "reason_easy_enough": frozenset({"gems", "limit"}),
    "reason_easy_more": frozenset({"gems", "limit"}),
    "reason_easy_hazards": frozenset({"kinds"}),
    "reason_easy_artifact": frozenset({"value"}),
    # medium
    "reason_medium_stay": frozenset({"odds", "gems", "path", "inside"}),
    "reason_medium_leave": frozenset({"odds", "gems", "path", "inside"}),
    "reason_medium_artifact": frozenset({"odds", "value"}),
    "reason_alone_stay": frozenset({"odds", "gems", "gain", "loss"}),
    "reason_alone_leave": frozenset({"odds", "gems", "gain", "loss"}),
    "reason_medium_behind": frozenset(),
    "reason_medium_win": frozenset({"gems"}),
    # hard
    "reason_hard": frozenset({"choice", "n", "torch", "camp"}),
    # the fixed rules players publish
    "reason_rule_cards": frozenset({"choice", "cards", "limit"}),
    "reason_rule_hazards": frozenset({"choice", "kinds", "limit"}),
    "reason_rule_gems": frozenset({"choice", "gems", "limit"}),
    # the tournament's outside strategists (strategists.py)
    "reason_rule_ev": frozenset({"choice", "odds", "gain", "loss"}),
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
            return reason(f"reason_easy_{kind}", gems=why[1], limit=why[2])
        if kind == "hazards":
            return reason("reason_easy_hazards", kinds=why[1])
        return reason("reason_easy_artifact", value=why[1])
    if level == "medium":
        if kind == "stay" or kind == "leave":
            return reason(f"reason_medium_{kind}", odds=percent(why[1]), gems=why[2], path=why[3],
                          inside=why[4])
        if kind == "artifact":
            return reason("reason_medium_artifact", odds=percent(why[1]), value=why[2])
        if kind == "alone":
            return reason("reason_alone_leave" if leave else "reason_alone_stay",
                          odds=percent(why[1]), gems=why[2], gain=round(why[3], 1),
                          loss=round(why[4], 1))
        if kind == "behind":
            return reason("reason_medium_behind")   # no gap: it would tell a closed tent
        return reason("reason_medium_win", gems=why[1])
    # the fixed rules: ("cards" | "hazards" | "gems", count, limit)
    counted = {"cards": "cards", "hazards": "kinds", "gems": "gems"}[kind]
    return reason(f"reason_rule_{kind}", choice=choice, limit=why[2], **{counted: why[1]})
