"""The saved games' storage in the browser: storage.Store's backend over window.localStorage,
the browser handed in as `window` (no browser import here). A few readings and writings are
made in one call into JavaScript each: a thousand finished games read or written one key at a
time cost thousands of calls across the bridge."""

from __future__ import annotations

import json
from typing import Any, Optional


class LocalStorageBackend:
    """storage.Store's backend over window.localStorage (reads never raise; writes may)."""

    def __init__(self, window: Any) -> None:
        try:
            self.ls = window.localStorage
        except Exception:  # storage disabled by the browser
            self.ls = None
        self.window = window
        self._entries: Any = None
        self._joined: Any = None
        self._keys: Any = None
        self._size: Any = None
        self._set_many: Any = None

    def get(self, key: str) -> Optional[str]:
        if self.ls is None:
            return None
        try:
            value = self.ls.getItem(key)
        except Exception:
            return None
        return value if isinstance(value, str) else None

    def set(self, key: str, value: str) -> None:
        if self.ls is None:
            raise OSError("this browser does not let the page store data")
        self.ls.setItem(key, value)

    def remove(self, key: str) -> None:
        if self.ls is not None:
            try:
                self.ls.removeItem(key)
            except Exception:
                pass

    def items(self, prefix: str) -> Optional[list]:
        """Every (key, value) whose key starts with `prefix`, read in one call into the browser
        (a thousand finished games read one key at a time cost 2,000 calls across the bridge);
        None when that cannot be done (the caller reads key by key)."""
        if self.ls is None:
            return []
        try:
            if self._entries is None:
                self._entries = self.window.Function.new(
                    "p", "return JSON.stringify(Object.entries(localStorage)"
                         ".filter((e) => e[0].startsWith(p)))")
            found = json.loads(str(self._entries(prefix)))
            return [(k, v) for k, v in found if isinstance(k, str) and isinstance(v, str)]
        except Exception:
            return None

    def joined(self, prefix: str, longest: int) -> Optional[tuple[str, str]]:
        """The keys starting with `prefix` (a JSON list) and their values joined as one JSON
        list's text (a value longer than `longest` as null), in one call: a thousand small JSON
        records parsed in one go (records.Results checks that it reads right)."""
        if self.ls is None:
            return None
        try:
            if self._joined is None:
                self._joined = self.window.Function.new(
                    "p", "m", "const e = Object.entries(localStorage).filter((x) => x[0].startsWith(p));"
                    "return [JSON.stringify(e.map((x) => x[0])),"
                    "'[' + e.map((x) => x[1].length <= m ? x[1] : 'null').join(',') + ']'];")
            both = self._joined(prefix, longest)
            return str(both[0]), str(both[1])
        except Exception:
            return None

    def keys(self) -> list[str]:
        """Every key, in one call into the browser (a thousand finished games: a thousand
        calls across the bridge otherwise)."""
        if self.ls is None:
            return []
        try:
            if self._keys is None:
                self._keys = self.window.Function.new("return JSON.stringify(Object.keys(localStorage))")
            keys = json.loads(str(self._keys()))
            return [k for k in keys if isinstance(k, str)]
        except Exception:
            return []

    def size(self) -> Optional[int]:
        """Characters of every key and value kept (one call); None when it cannot be told."""
        if self.ls is None:
            return 0
        try:
            if self._size is None:
                self._size = self.window.Function.new(
                    "let n = 0; for (const [k, v] of Object.entries(localStorage)) n += k.length + v.length;"
                    "return n;")
            return int(self._size())
        except Exception:
            return None

    def set_many(self, pairs: str) -> Optional[str]:
        """Write every [key, text or value] of the JSON list `pairs` (a value other than text
        as its JSON) in one call, all or nothing: at the
        first refusal the keys written are removed again and the browser's error (its name and
        message) is returned; None when all were written (JavaScript says "": its null would
        come back as pyodide's jsnull)."""
        if self.ls is None:
            return "this browser does not let the page store data"
        if self._set_many is None:
            self._set_many = self.window.Function.new(
                "p", "const done = [];"
                "try { for (const [k, v] of JSON.parse(p)) {"
                " localStorage.setItem(k, typeof v === 'string' ? v : JSON.stringify(v)); done.push(k); } }"
                "catch (e) { for (const k of done) localStorage.removeItem(k); return e.name + ': ' + e.message; }"
                "return '';")
        return str(self._set_many(pairs)) or None
