"""Words of the page from message catalogues, one entry per id: the shell's own
(web/shell/locales/<lang>/*.json, ids "shell.*") and each registered game's (the folder its
`GameInfo.catalogue` names, ids in its `catalogue_prefix`; see tabletop.catalogues).

The words themselves (`Words`: a language's catalogue and the seats' names, `t`, `event`, plural
entries, numbers, names in <bdi>) are the kit's (kit.words), the one type the shell and every
game's views share; this module reads the catalogues and keeps the page's language.

The page speaks one language, chosen at start (`choose_language`: the page's ?lang=, the stored
choice, the browser's languages, the first with a catalogue; else English); `use_language` loads
it (English under it, so a missing entry reads in English) and `page_words()` is what the
shell's screens word themselves with.

In the page the catalogues travel in app.zip with the modules (shell/locales/, games/<game>/locales/),
so they are read from disk like the modules: no request, and offline like the rest.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping, Optional, Sequence

import kit.words
from kit.markup import Html   # one type for the shell and the games' views
from kit.words import (AND_ID, DEFAULT_LANG, NOBODY_ID, NUMBER_SIGNS, Words,  # noqa: F401
                       format_number, join_names)
from tabletop import catalogues, registry

# The page's root: web/; in the page, the folder of app.zip, which the page imports from, and
# beside which its catalogues are written (builder/appzip.py APP_MOUNT_PY).
WEB = Path(__file__).parent.parent
WEB = WEB.parent if WEB.suffix == ".zip" else WEB.resolve()
SHELL_CATALOGUE = "shell/locales"              # the shell's own catalogue, under WEB
SHELL_PREFIX = "shell."
LOCALES = WEB / SHELL_CATALOGUE
# The languages the page speaks, each named in itself (the language menu's words, the same in
# every language: a proper name).
LANGUAGE_NAMES = {"en": "English", "fr": "Français", "de": "Deutsch"}


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


kit.words.read_page_words_from(page_words)    # what a view speaks outside a hook


def t(msg_id: str, params: Optional[Mapping[str, Any]] = None) -> Html:
    """`page_words().t`: a message of the page's language as escaped HTML."""
    return page_words().t(msg_id, params)
