"""Small readings of the page's elements, the same in every module of the shell (no browser
import: the elements come in as arguments)."""

from __future__ import annotations

from typing import Any, Optional


def absent(value: Any) -> bool:
    """True for Python None and for JS null/undefined (Pyodide gives JS null as JsNull)."""
    return value is None or type(value).__name__ in ("JsNull", "JsUndefined")


def attr(el: Any, name: str) -> Optional[str]:
    """An element's attribute as str, or None when it has none."""
    value = el.getAttribute(name)
    return value if isinstance(value, str) else None


def css_quote(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')
