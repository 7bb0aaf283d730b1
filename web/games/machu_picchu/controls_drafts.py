"""A decision being drafted: the page's unfinished choice (a count, toggled items, a picked
option waiting for its confirm), a small dict per decision, and what it may become: always one
of view["legal"]."""

from __future__ import annotations

from typing import Any, Optional

from machu_picchu import data as D

from .controls_parts import COUNT_KINDS, TOGGLE_KINDS, items_of, split


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
