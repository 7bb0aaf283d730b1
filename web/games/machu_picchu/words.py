"""Machu Picchu's page words from the catalogue (web/locales/<lang>/machu-picchu.json, ids
"mp.*"): `t(id, **params)` gives escaped HTML (safe in text and in attributes), plural entries
chosen by the parameter "n" (shell.i18n, tabletop.events.plural_form). A translation is a new
catalogue file; no sentence is built in code.
"""

from __future__ import annotations

from typing import Any, Optional

from shell.i18n import Words, load_catalogue

_words: Optional[Words] = None


def words() -> Words:
    """The catalogue of the page's language (read once)."""
    global _words
    if _words is None:
        _words = Words(load_catalogue())
    return _words


def t(msg_id: str, **params: Any) -> str:
    """The message `msg_id` with `params`, as escaped HTML."""
    return words().t(msg_id, params)


def count(n: int, noun: str) -> str:
    """'1 llama', '2 llamas', '3 corn', '1 Inca': the catalogue's "mp.n.<noun>" entry."""
    return t("mp.n." + noun, n=n)


def good_name(good: str) -> str:
    """A good's name on its own ("llama", "corn"), as escaped HTML."""
    return t("mp.good." + good)
