"""Two tabs on one saved game: a tab never writes over moves it has not seen.

Pure Python over `storage.Store`. Each tab remembers the revision of the game's record that it
last read or wrote (`TabSync.rev`). Before writing, it compares: when another tab has written
since, the tab looks at the stored game and

* writes anyway when the stored actions are a beginning of its own (the other tab only opened the
  game, or is behind: nothing of it is lost);
* otherwise writes nothing and returns a `Divergence` (how many moves each side has that the other
  lacks), which the page turns into a dialog: load the newer game, keep this tab's game as a
  separate saved game, or export it.

The browser's `storage` event (fired in the other tabs at each write) runs the same comparison
at once, so an idle tab is told before its player makes a move.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from . import storage
from .i18n import t


@dataclass(frozen=True)
class Divergence:
    """A stored game with moves this tab has not seen."""

    mine: int       # moves of this tab's game that the stored game lacks
    theirs: int     # moves of the stored game that this tab lacks


def divergence(mine: list, theirs: list) -> Divergence:
    common = 0
    for a, b in zip(mine, theirs):
        if a != b:
            break
        common += 1
    return Divergence(len(mine) - common, len(theirs) - common)


class TabSync:
    """This tab's claim on the stored copy of the game on screen."""

    def __init__(self, store: storage.Store) -> None:
        self.store = store
        self.game_id: Optional[str] = None
        self.rev: Optional[int] = None                 # None: never stored by or read into this tab
        self.conflict: Optional[Divergence] = None     # set while the tab is behind another one
        self.told: Optional[Divergence] = None         # the conflict last shown to the player

    def adopt(self, game_id: Optional[str], rev: Optional[int]) -> None:
        """The game on screen is now `game_id`, as stored at revision `rev`."""
        self.game_id, self.rev, self.conflict, self.told = game_id, rev, None, None

    def news(self) -> bool:
        """True (once) when the conflict differs from the one the player was last shown: a
        refused save that changes nothing in it (a hand-over, a second refusal) is not news."""
        if self.conflict is None or self.conflict == self.told:
            return False
        self.told = self.conflict
        return True

    def _stored_actions(self) -> Optional[list]:
        """The stored game's action list, or None when there is none that can be read."""
        try:
            actions = self.store.get(self.game_id)["save"].get("actions")
        except storage.RecordError:
            return None
        return actions if isinstance(actions, list) else None

    def _compare(self, actions: list) -> Optional[Divergence]:
        theirs = self._stored_actions()
        if theirs is None:
            return None
        diff = divergence(list(actions), theirs)
        return diff if diff.theirs else None

    def save(self, record: dict[str, Any]) -> Optional[Divergence]:
        """Write `record` unless the stored game holds moves this tab has not seen: then nothing
        is written and the Divergence is returned (and kept in `conflict`). Storage errors (a
        full storage) are the caller's."""
        try:
            self.rev = self.store.put_checked(record, self.rev)
            self.conflict = self.told = None
            return None
        except storage.RevisionConflict as exc:
            stored = exc.stored
        diff = self._compare(record["save"]["actions"])
        if diff is not None:
            self.conflict = diff
            return diff
        self.rev = self.store.put_checked(record, stored)   # nothing of the other tab is lost
        self.conflict = self.told = None
        return None

    def changed_elsewhere(self, actions: list) -> Optional[Divergence]:
        """Another tab wrote this game (a `storage` event): None when the stored game has nothing
        this tab lacks (its revision is then adopted), else the Divergence (kept in `conflict`)."""
        if self.game_id is None:
            return None
        stored = self.store.revision(self.game_id)
        if stored is None or stored == self.rev:
            return None
        diff = self._compare(actions)
        if diff is None:
            self.rev = stored
            return None
        self.conflict = diff
        return diff


def conflict_message(diff: Divergence) -> tuple[str, str, list[tuple[str, str, str]]]:
    """The dialog shown when another tab has moved on: its title, its text (what happened and
    what can be done) and its buttons as (label, act, value), in the page's words (Html)."""
    if diff.mine:
        text = t("shell.tabs.text_both", {"theirs": t("shell.tabs.moves", {"n": diff.theirs}),
                                          "mine": t("shell.tabs.moves", {"n": diff.mine})})
        buttons = [(t("shell.tabs.keep_mine"), "tab-copy", ""),
                   (t("shell.tabs.export_mine"), "tab-export", ""),
                   (t("shell.tabs.load_newer"), "tab-reload", ""),
                   (t("shell.tabs.not_now"), "close", "")]
    else:
        text = t("shell.tabs.text_theirs", {"theirs": t("shell.tabs.moves", {"n": diff.theirs})})
        buttons = [(t("shell.tabs.load_newer"), "tab-reload", ""),
                   (t("shell.tabs.not_now"), "close", "")]
    return t("shell.tabs.title"), text, buttons
