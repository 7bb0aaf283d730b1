"""Events: what happened, as a message id and its parameters, never as sentences.

An engine records `Event("round_start", {"round": 2})`; the page turns it into words in the
player's language from a catalogue (`web/locales/<lang>.json`, one entry per id, `{name}` fields).
A catalogue entry is a template, or {"one": ..., "other": ...} chosen by the parameter "n".
Parameters are JSON values: numbers, text, lists; a seat is given as `{"seat": n}` fields whose
names end in "seat" or "seats", so the page can put the player's name (isolated for bidi) there.
"""

from __future__ import annotations

from typing import Any, Mapping, NamedTuple, Optional


class Event(NamedTuple):
    """One message: an id from the game's catalogue and its parameters (JSON-able)."""

    id: str
    params: Mapping[str, Any]
    seat: Optional[int] = None   # None: everybody sees it; else only that seat

    def to_json(self) -> list:
        return [self.id, dict(self.params)]


class _Missing(dict):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def _name(names: list[str], seat: Any) -> str:
    """The seat's name; a seat out of range (a tampered record) is shown as its number."""
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(names):
        return names[seat]
    return f"seat {seat}"


def plural_form(template: Any, params: Mapping[str, Any]) -> Any:
    """The template to use: a plural entry {"one": ..., "other": ...} is chosen by the
    parameter "n" ("one" only when n == 1); any other template is itself. The one place the
    rule lives (the page's catalogue reader and the engines' own words use it too)."""
    if isinstance(template, Mapping):
        return template.get("one" if params.get("n") == 1 else "other")
    return template


def render(event: Any, catalogue: Mapping[str, str], names: Optional[list[str]] = None) -> str:
    """Plain-text rendering of an event (`Event` or `[id, params]`) with a catalogue; seats named
    by `names`. Used by command-line tools and tests; the page has its own HTML renderer."""
    if isinstance(event, Event):
        eid, params = event.id, event.params
    else:
        eid, params = event[0], event[1]
    template = catalogue.get(eid)
    if template is None:
        return f"[{eid}]"
    template = plural_form(template, params)
    if template is None:
        return f"[{eid}]"
    values = _Missing()
    for key, value in params.items():
        if names is not None and key.endswith("seat") and isinstance(value, int):
            value = _name(names, value)
        elif key.endswith("seats") and isinstance(value, list) and not value:
            value = "nobody"
        elif names is not None and key.endswith("seats") and isinstance(value, list):
            value = " and ".join(_name(names, v) for v in value)
        values[key] = value
    return template.format_map(values)
