"""The words a view speaks: one language's catalogue and the names of the seats of the game on
screen (`Words`). The shell reads the catalogues and chooses the language (shell.i18n) and hands
each view hook its words (`ctx.words`, or `words` for the hooks handed no ctx); a view needs
nothing else to word itself, and imports them from here, never from the shell.

An entry is a template with {field}s, or {"one": ..., "other": ...} chosen by the parameter "n"
(CLDR's plural categories of the language, an exact "=0" entry first: tabletop.events.plural_form);
"{left:ig.n.gem}" words another count by an entry of its own (tabletop.events.Counted). Numbers
are written as the language writes them (format_number).
`Words.t(msg_id, params)` gives escaped HTML: every value is escaped; a parameter whose name ends
in "seat" (a seat number) or "seats" (a list of them) becomes the player's name isolated in
<bdi>, so that a right-to-left or hostile name stays text and does not reorder the sentence.
An event is `[msg_id, params]` (see tabletop.events); `Words.event` renders one.

`page_words()` is the page's words as the shell keeps them: what a view function speaks when it
runs outside a hook that handed it words (a hook handed neither, such as stage_text; a view test).
"""

from __future__ import annotations

from html import escape
from typing import Any, Callable, Mapping, Optional, Sequence

from tabletop.events import Counted, Missing, plural_form

from .markup import Html

DEFAULT_LANG = "en"
AND_ID = "shell.and"          # the word that joins the last two names of a list
NOBODY_ID = "shell.nobody"    # an empty list of seats


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


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
        values = Missing()
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
        values = Missing()
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


_page_source: list[Callable[[], Words]] = []


def read_page_words_from(source: Callable[[], Words]) -> None:
    """Where `page_words` reads the page's words: the shell's (shell.i18n hands its own)."""
    _page_source[:] = [source]


def page_words() -> Words:
    """The page's words, as the shell keeps them; with no shell, words of no catalogue (every
    message shows as its "[id]")."""
    return _page_source[0]() if _page_source else Words({})
