"""Events: what happened, as a message id and its parameters, never as sentences.

An engine records `Event("round_start", {"round": 2})`; the page turns it into words in the
player's language from the game's catalogue (`tabletop.catalogues`: one entry per id, `{name}` fields).
A catalogue entry is a template, or {"one": ..., "other": ...} chosen by the parameter "n"
(CLDR plural categories per language, exact "=0" entries first); a template words another
count by an entry of its own: "{left:ig.n.gem}" (see `Counted`).
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


class _Absent(str):
    """A field the parameters lack: shown as "{field}", whatever its spec."""

    def __format__(self, spec: str) -> str:
        return str(self)


class Missing(dict):
    """Template values where a field the parameters lack reads "{field}" (the page's words too)."""

    def __missing__(self, key: str) -> str:
        return _Absent("{" + key + "}")


def _name(names: list[str], seat: Any) -> str:
    """The seat's name; a seat out of range (a tampered record) is shown as its number."""
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(names):
        return names[seat]
    return f"seat {seat}"


def plural_category(n: Any, lang: str = "en") -> str:
    """CLDR's plural category of the count `n` in `lang` (its primary tag decides): French says
    "one" for 0 and 1 (and "many" for whole millions), English and German for 1 alone; any other
    language, or anything that is no number, "other"."""
    if not isinstance(n, (int, float)) or isinstance(n, bool):
        return "other"
    primary = str(lang).split("-")[0].lower()
    whole = float(n).is_integer()
    if primary == "fr":
        if 0 <= abs(n) < 2:
            return "one"
        return "many" if whole and n % 1_000_000 == 0 else "other"
    if primary in ("en", "de"):
        return "one" if whole and n == 1 else "other"
    return "other"


def plural_form(template: Any, params: Mapping[str, Any], lang: str = "en") -> Any:
    """The template to use: a plural entry {"one": ..., "other": ...} is chosen by the
    parameter "n": an exact entry ("=0") first, then n's CLDR category in `lang` (a category
    the entry lacks, such as French "many", falls back to "other"); any other template is itself.
    The one place the rule lives (the page's catalogue reader and the engines' own words use it)."""
    if isinstance(template, Mapping):
        n = params.get("n")
        if isinstance(n, int) and not isinstance(n, bool) and f"={n}" in template:
            return template[f"={n}"]
        category = plural_category(n, lang)
        return template.get(category, template.get("other"))
    return template


class Keyed(str):
    """Words that keep beside them the key they word (a district's name and its id), so that a
    template can word another form of it: "{district:mp.district.*.to}" (see `Counted`)."""

    key: str = ""


def keyed(words: str, key: str) -> str:
    """`words` with `key` beside them: the same object if it takes attributes (the page's
    Html), else a `Keyed`."""
    try:
        words.key = key           # type: ignore[attr-defined]
        return words
    except AttributeError:
        out = Keyed(words)
        out.key = key
        return out


class Counted:
    """A parameter that a template may word by a message of its own: "{left:ig.n.gem}" is the
    catalogue entry "ig.n.gem" with n = left (a count's noun in its plural form, "1 gem",
    "2 gems"); "{hazard:ig.hazard.*}" the entry whose id has the value for "*" (a word the
    engine records by its key, or the key kept beside words: `keyed`), so that a language words
    a name in the form its sentence needs ("{district:mp.district.*.to}": French "au Temple du
    Soleil", "à la Place Centrale", "aux Terrasses à Maïs"). An empty spec is the value as
    `text` gives it."""

    __slots__ = ("raw", "text", "say")

    def __init__(self, raw: Any, text: str, say: Any) -> None:
        self.raw, self.text, self.say = raw, text, say

    def __format__(self, spec: str) -> str:
        if not spec:
            return self.text
        if "*" in spec:
            said = str(self.say(spec.replace("*", str(getattr(self.raw, "key", self.raw))), {}))
            # a value that lost its key on the way (words re-wrapped): its words as they are
            return self.text if said.startswith("[") and said.endswith("]") else said
        return str(self.say(spec, {"n": self.raw}))


def render(event: Any, catalogue: Mapping[str, Any], names: Optional[list[str]] = None,
           lang: str = "en") -> str:
    """Plain-text rendering of an event (`Event` or `[id, params]`) with a catalogue; seats named
    by `names`. Used by command-line tools and tests; the page has its own HTML renderer."""
    if isinstance(event, Event):
        eid, params = event.id, event.params
    else:
        eid, params = event[0], event[1]
    template = catalogue.get(eid)
    if template is None:
        return f"[{eid}]"
    template = plural_form(template, params, lang)
    if template is None:
        return f"[{eid}]"

    def say(msg_id: str, p: Mapping[str, Any]) -> str:
        return render([msg_id, p], catalogue, names, lang)

    values = Missing()
    for key, value in params.items():
        if names is not None and key.endswith("seat") and isinstance(value, int):
            value = _name(names, value)
        elif key.endswith("seats") and isinstance(value, list) and not value:
            value = "nobody"
        elif names is not None and key.endswith("seats") and isinstance(value, list):
            value = " and ".join(_name(names, v) for v in value)
        values[key] = Counted(value, str(value), say)
    return template.format_map(values)
