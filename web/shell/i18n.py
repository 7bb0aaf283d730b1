"""Words of the page from message catalogues, one entry per id: the shell's own
(web/shell/locales/<lang>/*.json, ids "shell.*") and each registered game's (the folder its
`GameInfo.catalogue` names, ids in its `catalogue_prefix`; see tabletop.catalogues).

An entry is a template with {field}s, or {"one": ..., "other": ...} chosen by the parameter "n"
(CLDR's plural categories of the language, an exact "=0" entry first: tabletop.events.plural_form);
"{left:ig.n.gem}" words another count by an entry of its own (tabletop.events.Counted). Numbers
are written as the language writes them (format_number).
`Words.t(msg_id, params)` gives escaped HTML: every value is escaped; a parameter whose name ends
in "seat" (a seat number) or "seats" (a list of them) becomes the player's name isolated in
<bdi>, so that a right-to-left or hostile name stays text and does not reorder the sentence.
An event is `[msg_id, params]` (see tabletop.events); `Words.event` renders one.

The page speaks one language, chosen at start (`choose_language`: the page's ?lang=, the stored
choice, the browser's languages, the first with a catalogue; else English); `use_language` loads
it (English under it, so a missing entry reads in English) and `page_words()` is what the
shell's screens word themselves with.

In the page the catalogues travel in app.zip with the modules (shell/locales/, games/<game>/locales/),
so they are read from disk like the modules: no request, and offline like the rest.
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any, Mapping, Optional, Sequence

from kit.markup import Html   # one type for the shell and the games' views
from tabletop import catalogues, registry
from tabletop.events import Counted, plural_form

# The page's root: web/; in the page, the folder of app.zip, which the page imports from, and
# beside which its catalogues are written (builder/appzip.py APP_MOUNT_PY).
WEB = Path(__file__).parent.parent
WEB = WEB.parent if WEB.suffix == ".zip" else WEB.resolve()
SHELL_CATALOGUE = "shell/locales"              # the shell's own catalogue, under WEB
SHELL_PREFIX = "shell."
LOCALES = WEB / SHELL_CATALOGUE
DEFAULT_LANG = "en"
# The languages the page speaks, each named in itself (the language menu's words, the same in
# every language: a proper name).
LANGUAGE_NAMES = {"en": "English", "fr": "Français", "de": "Deutsch"}
AND_ID = "shell.and"          # the word that joins the last two names of a list
NOBODY_ID = "shell.nobody"    # an empty list of seats


class _Absent(str):
    def __format__(self, spec: str) -> str:
        return str(self)


class _Missing(dict):
    def __missing__(self, key: str) -> str:
        return _Absent("{" + key + "}")


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def catalogue_folders(root: Path = WEB) -> list[tuple[Path, str]]:
    """(folder, id prefix) of every catalogue of the page: the shell's, then each registered
    game's, in the registry's order."""
    folders = [(root / SHELL_CATALOGUE, SHELL_PREFIX)]
    folders += [(root / g.catalogue, g.catalogue_prefix) for g in registry.games() if g.catalogue]
    return folders


def load_catalogue(lang: str = DEFAULT_LANG, root: Path = WEB) -> dict[str, Any]:
    """Every catalogue of a language, merged: each owner's ids only in its prefix (an entry
    outside it is left out, so two games cannot collide). A missing folder: nothing from it."""
    merged: dict[str, Any] = {}
    for folder, prefix in catalogue_folders(root):
        merged.update(catalogues.load(folder, lang, prefix))
    return merged


def languages(root: Path = WEB) -> list[str]:
    """The languages that have a catalogue folder (the shell's: every page word starts there)."""
    return catalogues.languages(root / SHELL_CATALOGUE)


def choose_language(wanted: Sequence[Any], available: Sequence[str]) -> str:
    """The first of `wanted` (tags like "pt-BR", most wanted first; anything else skipped) that
    has a catalogue, as itself or as its primary language ("pt"); else English."""
    have = {a.lower(): a for a in available}
    for tag in wanted:
        if not isinstance(tag, str) or not tag:
            continue
        tag = tag.strip().replace("_", "-").lower()
        for candidate in (tag, tag.split("-")[0]):
            if candidate in have:
                return have[candidate]
    return DEFAULT_LANG


# How each language writes numbers: (thousands separator, decimal sign). French groups by a
# narrow no-break space; a language not listed writes them as English does.
NUMBER_SIGNS = {"en": (",", "."), "fr": ("\u202f", ","), "de": (".", ",")}


def format_number(value: Any, lang: str = DEFAULT_LANG) -> str:
    """An int or float as `lang` writes it: 1,234.5 / 1 234,5 / 1.234,5 (floats as they come,
    to at most 2 decimals; thousands grouped from 1000 up)."""
    group, point = NUMBER_SIGNS.get(str(lang).split("-")[0].lower(), NUMBER_SIGNS["en"])
    if isinstance(value, float):
        text = f"{value:,.2f}".rstrip("0").rstrip(".") if not value.is_integer() else f"{int(value):,}"
    else:
        text = f"{value:,}"
    return text.replace(",", "\0").replace(".", point).replace("\0", group)


def join_names(parts: Sequence[str], word: str = "and") -> str:
    """'A', 'A and B', 'A, B and C'."""
    parts = list(parts)
    if len(parts) <= 2:
        return f" {word} ".join(parts)
    return ", ".join(parts[:-1]) + f" {word} " + parts[-1]


class Words:
    """One language's catalogue and the names of the seats of the game on screen."""

    def __init__(self, catalogue: Mapping[str, Any], names: Sequence[str] = (),
                 lang: str = DEFAULT_LANG) -> None:
        self.catalogue = catalogue
        self.names = list(names)
        self.lang = lang

    def with_names(self, names: Sequence[str]) -> "Words":
        return Words(self.catalogue, names, self.lang)

    def number(self, value: Any) -> str:
        """A number as the language writes it (see `format_number`)."""
        return format_number(value, self.lang)

    def name(self, seat: Any) -> str:
        """A seat's player name, escaped and isolated (<bdi>); anything else escaped as text."""
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(self.names):
            return f"<bdi>{escape(str(self.names[seat]), quote=True)}</bdi>"
        return escape(str(seat), quote=True)

    def t(self, msg_id: str, params: Optional[Mapping[str, Any]] = None) -> str:
        """The message as escaped HTML (an `Html`: a parameter of type Html is inserted as is);
        an unknown id gives "[id]" (visible, never a crash)."""
        params = params if isinstance(params, Mapping) else {}
        template = self.catalogue.get(msg_id)
        template = plural_form(template, params, self.lang)
        if not isinstance(template, str):
            return f"[{escape(str(msg_id), quote=True)}]"
        values = _Missing()
        for key, value in params.items():
            if isinstance(value, Html):
                text = str(value)
            elif key.endswith("seat"):
                text = self.name(value)
            elif key.endswith("seats") and isinstance(value, list) and not value:
                text = escape(str(self.catalogue.get(NOBODY_ID, "nobody")), quote=True)
            elif key.endswith("seats") and isinstance(value, list):
                text = join_names([self.name(v) for v in value], self.catalogue.get(AND_ID, "and"))
            elif isinstance(value, list):
                text = escape(", ".join(self.number(v) if _is_number(v) else str(v) for v in value),
                              quote=True)
            elif _is_number(value):
                text = escape(self.number(value), quote=True)
            else:
                text = escape(str(value), quote=True)
            values[key] = Counted(value, text, self.t)     # "{key:other.id}": see Counted
        try:
            return Html(escape(template, quote=True).format_map(values))
        except (ValueError, IndexError, AttributeError, KeyError):   # a broken template
            return f"[{escape(str(msg_id), quote=True)}]"

    def markup(self, msg_id: str, params: Optional[Mapping[str, Any]] = None) -> str:
        """A message whose template is itself HTML (the rules help: the catalogue is the
        project's own data); its parameters are escaped (but Html ones) and numbers written as
        the language writes them."""
        params = params if isinstance(params, Mapping) else {}
        template = plural_form(self.catalogue.get(msg_id), params, self.lang)
        if not isinstance(template, str):
            return f"[{escape(str(msg_id), quote=True)}]"
        values = _Missing()
        for key, value in params.items():
            text = (str(value) if isinstance(value, Html) else
                    escape(self.number(value) if _is_number(value) else str(value), quote=True))
            values[key] = Counted(value, text, self.t)
        try:
            return Html(template.format_map(values))
        except (ValueError, IndexError, AttributeError, KeyError):
            return f"[{escape(str(msg_id), quote=True)}]"

    def event(self, event: Any) -> str:
        """An event `[msg_id, params]` (or an Event) as escaped HTML."""
        if isinstance(event, (list, tuple)) and len(event) >= 2 and isinstance(event[0], str):
            return self.t(event[0], event[1])
        return f"[{escape(str(event)[:40], quote=True)}]"


_page: Optional[Words] = None
_merged: dict[tuple[str, str], dict[str, Any]] = {}    # (language, root) -> its catalogue, as read
_forgetters: list = []


def words_kept(kept):
    """Mark a cache whose results hold words (a functools cache, or a dict), so that a change
    of language forgets them (`forget_words`)."""
    _forgetters.append(kept)
    return kept


def forget_words() -> None:
    """Forget every result kept with words in it (after a change of language)."""
    for kept in _forgetters:
        kept.cache_clear() if hasattr(kept, "cache_clear") else kept.clear()


def use_language(lang: str = DEFAULT_LANG, root: Path = WEB) -> Words:
    """Load `lang`'s catalogue (over English's) as the page's words, and return them."""
    global _page
    key = (lang, str(root))
    catalogue = _merged.get(key)
    if catalogue is None:       # read once: a change of language back and forth reads nothing
        catalogue = load_catalogue(DEFAULT_LANG, root)
        if lang != DEFAULT_LANG:
            catalogue.update(load_catalogue(lang, root))
        _merged[key] = catalogue
    _page = Words(catalogue, lang=lang)
    return _page


def page_words() -> Words:
    """The page's words (English until `use_language` chose another)."""
    return _page if _page is not None else use_language()


def t(msg_id: str, params: Optional[Mapping[str, Any]] = None) -> Html:
    """`page_words().t`: a message of the page's language as escaped HTML."""
    return page_words().t(msg_id, params)
