"""Words of the views: every sentence comes from a message catalogue through `ctx.t(id, params)`.

The shell gives `ctx.t`; `make_t` here is the same rule for host tests and previews: a catalogue
entry is a template with {name} fields, or {"one": ..., "other": ...} chosen by the parameter
"n"; values are escaped; a parameter whose name ends in "seat" (a seat number) or "seats" (a
list) becomes the player's name isolated in <bdi>, so a right-to-left or hostile name stays text.
"""

from __future__ import annotations

import json
from html import escape
from pathlib import Path
from typing import Any, Callable, Mapping, Optional, Sequence

PAGE_CATALOGUE = "incan-gold-page.json"     # the page's own words (web/locales/<lang>/)
ENGINE_CATALOGUE = "incan-gold.json"        # the engine's events and prompts


def _name(names: Sequence[str], seat: Any) -> str:
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(names):
        return f"<bdi>{escape(str(names[seat]), quote=True)}</bdi>"
    return escape(str(seat), quote=True)


def _and(parts: list[str], word: str = "and") -> str:
    if len(parts) <= 2:
        return f" {word} ".join(parts)
    return ", ".join(parts[:-1]) + f" {word} " + parts[-1]


class _Missing(dict):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def make_t(catalogue: Mapping[str, Any], names: Sequence[str] = ()) -> Callable[..., str]:
    """t(msg_id, params) -> escaped HTML words; an unknown id gives "[id]"."""
    def t(msg_id: str, params: Optional[Mapping[str, Any]] = None) -> str:
        params = params or {}
        template = catalogue.get(msg_id)
        if isinstance(template, Mapping):
            template = template.get("one" if params.get("n") == 1 else "other")
        if not isinstance(template, str):
            return f"[{escape(str(msg_id), quote=True)}]"
        values = _Missing()
        for key, value in params.items():
            if key.endswith("seat"):
                values[key] = _name(names, value)
            elif key.endswith("seats") and isinstance(value, list):
                values[key] = _and([_name(names, v) for v in value], catalogue.get("page.and", "and"))
            elif isinstance(value, list):
                values[key] = escape(", ".join(str(v) for v in value), quote=True)
            else:
                values[key] = escape(str(value), quote=True)
        return escape(template, quote=True).format_map(values)
    return t


def load_catalogues(locales: Path, lang: str = "en") -> dict[str, Any]:
    """The engine's and the page's catalogues of a language, merged (for tests and previews)."""
    merged: dict[str, Any] = {}
    for name in (ENGINE_CATALOGUE, PAGE_CATALOGUE):
        path = locales / lang / name
        if path.exists():
            merged.update(json.loads(path.read_text(encoding="utf-8")))
    return merged
