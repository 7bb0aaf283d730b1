"""JSON read defensively: size and nesting are checked before the parser runs.

Python's `json.loads` recurses once per nesting level; on Pyodide a deep enough document (ten
thousand brackets) exhausts the JavaScript stack and kills the interpreter, which no `except` can
catch. `loads()` scans the text first, without recursion, and refuses what is too big or too deep.
"""

from __future__ import annotations

import json
import re
from typing import Any, Union

DEFAULT_MAX_BYTES = 4_000_000
DEFAULT_MAX_DEPTH = 32


class JSONTooComplex(ValueError):
    """The text is larger or more deeply nested than allowed (refused before parsing)."""


# A JSON string (an unterminated one runs to the end of the text), and anything but a bracket:
# both removed by the regular-expression engine, so that the scan below steps through brackets
# only (a data file of 800,000 characters has 20,000: its scan went from 180 ms to a few).
_STRING = re.compile(r'"[^"\\]*+(?:\\.[^"\\]*+)*+"?', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


def nesting_depth(text: str) -> int:
    """The deepest nesting of [ and { outside strings, found by one linear scan."""
    depth = deepest = 0
    for ch in _NOT_BRACKET.sub("", _STRING.sub("", text)):
        if ch == "[" or ch == "{":
            depth += 1
            if depth > deepest:
                deepest = depth
        else:
            depth -= 1
    return deepest


def nesting_depth_by_characters(text: str) -> int:
    """`nesting_depth` by a scan of every character (slower; the tests compare the two)."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch == "[" or ch == "{":
            depth += 1
            if depth > deepest:
                deepest = depth
        elif ch == "]" or ch == "}":
            depth -= 1
    return deepest


def _max_depth_fast(text: str, limit: int) -> bool:
    """True when the text surely stays within `limit` (cheap bound: count of openers)."""
    return text.count("[") + text.count("{") <= limit


def loads(text: Union[str, bytes], *, max_bytes: int = DEFAULT_MAX_BYTES,
          max_depth: int = DEFAULT_MAX_DEPTH) -> Any:
    """Parse JSON text, refusing (JSONTooComplex) what is over `max_bytes` or `max_depth` deep;
    other bad JSON raises ValueError (json.JSONDecodeError / UnicodeDecodeError)."""
    if isinstance(text, bytes):
        if len(text) > max_bytes:
            raise JSONTooComplex(f"too large ({len(text):,} bytes; at most {max_bytes:,})")
        text = text.decode("utf-8")
    if not isinstance(text, str):
        raise ValueError(f"JSON is text, not {type(text).__name__}")
    if len(text) > max_bytes:
        raise JSONTooComplex(f"too large ({len(text):,} characters; at most {max_bytes:,})")
    if not _max_depth_fast(text, max_depth):
        depth = nesting_depth(text)
        if depth > max_depth:
            raise JSONTooComplex(f"nested too deeply ({depth} levels; at most {max_depth})")
    return json.loads(text)
