"""The browser's storage backend (shell.local_storage), host-tested over a stand-in for
window.localStorage: reads never raise, a browser that keeps nothing is told on writing."""
from __future__ import annotations

import pytest

from shell.local_storage import LocalStorageBackend


class Storage:
    def __init__(self) -> None:
        self.data: dict[str, str] = {}

    def getItem(self, key):
        return self.data.get(key)

    def setItem(self, key, value):
        self.data[key] = value

    def removeItem(self, key):
        self.data.pop(key, None)


class Window:
    def __init__(self, storage=None, refuse=False):
        self._storage, self._refuse = storage, refuse

    @property
    def localStorage(self):
        if self._refuse:
            raise PermissionError("storage disabled")
        return self._storage


def test_reads_and_writes_go_to_the_browsers_storage():
    storage = Storage()
    backend = LocalStorageBackend(Window(storage))
    backend.set("machu-picchu:a", "1")
    assert backend.get("machu-picchu:a") == "1" and storage.data == {"machu-picchu:a": "1"}
    backend.remove("machu-picchu:a")
    assert backend.get("machu-picchu:a") is None and storage.data == {}


def test_a_browser_that_keeps_nothing_reads_empty_and_refuses_writes():
    backend = LocalStorageBackend(Window(refuse=True))
    assert backend.get("k") is None and backend.keys() == [] and backend.items("p") == []
    assert backend.joined("p", 10) is None and backend.size() == 0
    backend.remove("k")
    with pytest.raises(OSError):
        backend.set("k", "v")
    assert backend.set_many("[]") == "this browser does not let the page store data"
