"""Message catalogues: the words of events and of the page, read from a folder the caller names.

A catalogue belongs to one owner (the page's shell, or one game: `GameInfo.catalogue`): a folder
with one sub-folder per language (`en/`, `fr/`, ...) of `*.json` files, each a mapping of message
id -> template (see `tabletop.events`). Every id of an owner starts with its prefix ("shell.",
"mp.", "ig.": `GameInfo.catalogue_prefix`), so two games can never define the same id; an entry
outside the prefix is refused (left out, and listed by `read` for the tests).

The rules packages never look for these files: a tool or a test that wants a log in words loads
the catalogue here and hands it in.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Union

PathLike = Union[str, Path]


def read(folder: PathLike, lang: str = "en", prefix: str = "") -> tuple[dict[str, Any], list[str]]:
    """(entries, refused ids) of one owner's catalogue in one language: its files merged in name
    order (an id defined twice: the first wins; the tests forbid it). A missing folder: empty."""
    entries: dict[str, Any] = {}
    refused: list[str] = []
    where = Path(folder) / lang
    if not where.is_dir():
        return entries, refused
    for path in sorted(where.glob("*.json")):
        for key, value in json.loads(path.read_text(encoding="utf-8")).items():
            if not (isinstance(key, str) and key.startswith(prefix)):
                refused.append(key)
                continue
            entries.setdefault(key, value)
    return entries, refused


def load(folder: PathLike, lang: str = "en", prefix: str = "") -> dict[str, Any]:
    """One owner's catalogue in one language (entries outside `prefix` left out)."""
    return read(folder, lang, prefix)[0]


def languages(folder: PathLike) -> list[str]:
    """The languages that have a folder in an owner's catalogue."""
    root = Path(folder)
    return sorted(p.name for p in root.iterdir() if p.is_dir()) if root.is_dir() else []


def game_catalogue(info: Any, web: PathLike, lang: str = "en") -> dict[str, Any]:
    """A registered game's catalogue (`GameInfo.catalogue` under the page's root `web`: the
    repository's web/ folder, or app.zip's root in the page)."""
    if not info.catalogue:
        return {}
    return load(Path(web) / info.catalogue, lang, info.catalogue_prefix)
