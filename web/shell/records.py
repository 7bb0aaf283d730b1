"""Finished games, remembered for the statistics: one small record per game that ended.

Pure Python (no browser import) over storage.Store's key-value backend (localStorage in the
page, a dict in host tests). Layout, beside the saved games:

    machu-picchu:result:<game id>    one finished game (JSON, see `make_result`)

One key per game, keyed by the saved game's id, so a game is written once however often its
end screen is shown (again, after a reload, in two tabs: the second write finds the key and
writes nothing), and two tabs finishing two games at once write two keys: neither can lose the
other's result (no shared list to read, merge and write back). The number of records is bounded
(`MAX_RESULTS`: past it the oldest are dropped); each is small (names, levels, scores).

Everything read back is untrusted: each record is parsed on its own within bounds
(storage.read_json) and checked field by field (`validate_result`); one that fails is listed as
damaged ({"id", "error"}), can be deleted, and never hides the others or breaks the page.
"""

from __future__ import annotations

import json
import re
from datetime import datetime
from typing import Any, Optional

from tabletop.errors import short

from . import storage

RESULT_PREFIX = storage.PREFIX + "result:"
RESULT_KIND = "tabletop-finished-game"
RESULT_VERSION = 1
EXPORT_KIND = "tabletop-finished-games"
MAX_RESULTS = 2_000                 # past this many, the oldest finished games are dropped
MAX_RESULT_CHARS = 4_000            # a record is names, levels and scores: a few hundred chars
MAX_EXPORT_CHARS = MAX_RESULTS * MAX_RESULT_CHARS
MAX_MINUTES = 6 * 60                # a longer span is a game left and resumed: its length unknown
_ID_RE = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
_WORD_RE = re.compile(r"^[a-z0-9_-]{1,24}$")


def _count(value: Any, high: int = 10 ** 7) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= high


def _minutes(started: str, ended: str) -> Optional[int]:
    """Whole minutes from `started` to `ended` (ISO dates), or None when either is unknown or
    the span is not a sitting's (negative, or longer than MAX_MINUTES)."""
    try:
        span = datetime.fromisoformat(ended) - datetime.fromisoformat(started)
    except (TypeError, ValueError):
        return None
    minutes = round(span.total_seconds() / 60)
    return minutes if 0 <= minutes <= MAX_MINUTES else None


def make_result(game_id: str, game: str, seats: list, result: dict, public_view: dict, *,
                actions: int, started: str, ended: str, guided: bool = False) -> dict[str, Any]:
    """The record of a finished game from the engine's own words: `result` is its
    `game.result()` (winners, its "reason": Machu Picchu's "priests", "cards" or "conquest",
    Incan Gold's "rounds"; each seat's "final" score), `public_view` its `game.view(None)`
    (rounds played: Incan Gold's "round", Machu Picchu's "day"). `seats`: the page's seats
    (name, human or bot and its level). `guided`: a guided first game ("Learn to play": kept,
    listed, never counted in the figures), said by "guided": true (an ordinary game's record
    has no such field)."""
    winners = set(result.get("winners") or ())
    sheet = result.get("seats") or []
    players = []
    for i, seat in enumerate(seats):
        score = sheet[i].get("final") if i < len(sheet) and isinstance(sheet[i], dict) else None
        players.append({"name": seat["name"], "type": seat["type"],
                        "level": seat["level"] if seat["type"] == "bot" else None,
                        "score": score if _count(score) else None, "won": i in winners})
    rounds = public_view.get("round", public_view.get("day"))
    reason = result.get("reason")
    return {"kind": RESULT_KIND, "version": RESULT_VERSION, "id": game_id, "game": game,
            "ended": ended, "started": started, "players": players,
            "ending": reason if isinstance(reason, str) and _WORD_RE.match(reason) else None,
            "rounds": rounds if _count(rounds, 999) else None, "actions": actions,
            "minutes": _minutes(started, ended), **({"guided": True} if guided else {})}


def validate_result(obj: Any) -> dict[str, Any]:
    """A clean copy of a stored or imported record; storage.RecordError naming the problem."""
    def bad(message: str) -> storage.RecordError:      # worded "it is damaged." on the page
        return storage.RecordError(message, "shell.save.damaged")

    if not isinstance(obj, dict) or obj.get("kind") != RESULT_KIND:
        raise storage.RecordError("this is not a finished game of this page", "shell.result.not_ours")
    if obj.get("version") != RESULT_VERSION:
        raise storage.RecordError("a finished game of an unknown version", "shell.result.version")
    game_id, game = obj.get("id"), obj.get("game")
    if not isinstance(game_id, str) or not _ID_RE.match(game_id):
        raise bad("the finished game has no valid id")
    if not isinstance(game, str) or not _WORD_RE.match(game):
        raise bad("the finished game names no game")
    players = obj.get("players")
    if not isinstance(players, list) or not 1 <= len(players) <= 8:
        raise bad("the finished game's players are missing")
    clean = []
    for p in players:
        if not isinstance(p, dict):
            raise bad("a player of the finished game is damaged")
        name, kind, level = p.get("name"), p.get("type"), p.get("level")
        if not isinstance(name, str) or not 0 < len(name) <= storage.MAX_NAME:
            raise bad("a player's name in the finished game is damaged")
        if kind not in storage.SEAT_TYPES:
            raise bad("a player's type in the finished game is damaged")
        if kind == "bot" and not (isinstance(level, str) and _WORD_RE.match(level)):
            raise bad("a bot's level in the finished game is damaged")
        score = p.get("score")
        if score is not None and not _count(score):
            raise bad("a score in the finished game is damaged")
        if not isinstance(p.get("won"), bool):
            raise bad("the finished game's winners are damaged")
        clean.append({"name": name, "type": kind, "level": level if kind == "bot" else None,
                      "score": score, "won": p["won"]})
    ended = obj.get("ended")
    if not isinstance(ended, str) or not 0 < len(ended) <= 40:
        raise bad("the finished game has no date")
    ending = obj.get("ending")
    rounds, actions, minutes = obj.get("rounds"), obj.get("actions"), obj.get("minutes")
    started = obj.get("started")
    guided = obj.get("guided", False)          # records kept before guided games had none
    if not isinstance(guided, bool):
        raise bad("the finished game's guided mark is damaged")
    return {"kind": RESULT_KIND, "version": RESULT_VERSION, "id": game_id, "game": game,
            "ended": ended, "started": started if isinstance(started, str) and len(started) <= 40 else "",
            "players": clean,
            "ending": ending if isinstance(ending, str) and _WORD_RE.match(ending) else None,
            "rounds": rounds if _count(rounds, 999) else None,
            "actions": actions if _count(actions) else None,
            "minutes": minutes if _count(minutes, MAX_MINUTES) else None,
            **({"guided": True} if guided else {})}     # an ordinary game's record as it was


def _dump(record: dict) -> str:
    return json.dumps(record, separators=(",", ":"), ensure_ascii=False)


class Results:
    """The finished games kept in a storage backend (get / set / remove / keys)."""

    def __init__(self, backend: Any, cap: int = MAX_RESULTS) -> None:
        self.backend = backend
        self.cap = cap

    def ids(self) -> list[str]:
        return [k[len(RESULT_PREFIX):] for k in self.backend.keys()
                if isinstance(k, str) and k.startswith(RESULT_PREFIX)]

    def has(self, game_id: str) -> bool:
        return self.backend.get(RESULT_PREFIX + game_id) is not None

    def add(self, record: dict[str, Any]) -> bool:
        """Keep a finished game once: False (nothing written) when its id is kept already.
        Storage errors (a full storage) are the caller's; past the cap the oldest are dropped."""
        record = validate_result(record)
        if self.has(record["id"]):
            return False
        self.backend.set(RESULT_PREFIX + record["id"], _dump(record))
        self.prune()
        return True

    def prune(self) -> int:
        """Drop the oldest records (by the date they ended; damaged ones first) past the cap;
        how many were dropped."""
        extra = len(self.ids()) - self.cap          # the keys alone: no record read
        if extra <= 0:
            return 0
        dated = [(r["ended"], r["id"]) for r in self.listing()]    # damaged: "", the first to go
        dated.sort()
        for _ended, game_id in dated[:extra]:
            self.backend.remove(RESULT_PREFIX + game_id)
        return extra

    def get(self, game_id: str) -> dict[str, Any]:
        return self._read(game_id, self.backend.get(RESULT_PREFIX + game_id))

    def _texts(self) -> list[tuple[str, Optional[str]]]:
        """(id, stored text) of every record: in one read when the backend can (`items`)."""
        items = getattr(self.backend, "items", None)
        found = items(RESULT_PREFIX) if items is not None else None
        if found is None:
            return [(game_id, self.backend.get(RESULT_PREFIX + game_id)) for game_id in self.ids()]
        return [(k[len(RESULT_PREFIX):], v) for k, v in found if k.startswith(RESULT_PREFIX)]

    def _read(self, game_id: str, text: Optional[str]) -> dict[str, Any]:
        if text is None:
            raise storage.RecordError("this finished game is no longer kept", "shell.result.gone")
        record = validate_result(storage.read_json(text, "the finished game", MAX_RESULT_CHARS))
        if record["id"] != game_id:
            raise storage.RecordError("the finished game is damaged (its id does not match)",
                                      "shell.save.damaged")
        return record

    def _fast_listing(self) -> Optional[list[dict[str, Any]]]:
        """Every record parsed in one go, when the backend joins them (`joined`: the page's
        localStorage) and every one of them reads right; None otherwise (a damaged record, a
        value that is not one JSON value, a nesting too deep): then each is read on its own."""
        joined = getattr(self.backend, "joined", None)
        got = joined(RESULT_PREFIX, MAX_RESULT_CHARS) if joined is not None else None
        if got is None:
            return None
        try:
            keys, values = json.loads(got[0]), json.loads(got[1])
            if not (isinstance(keys, list) and isinstance(values, list) and len(keys) == len(values)):
                return None
            out = []
            for key, value in zip(keys, values):
                record = validate_result(value)
                if not isinstance(key, str) or RESULT_PREFIX + record["id"] != key:
                    return None
                out.append(record)
        except (ValueError, RecursionError, TypeError):    # RecordError is a ValueError
            return None
        return out

    def listing(self) -> list[dict[str, Any]]:
        """Every kept finished game, newest first; a record that cannot be read is
        {"id", "error", "ended": ""} (listed so it can be deleted; never counted)."""
        out = self._fast_listing()
        if out is not None:
            out.sort(key=lambda r: (r["ended"], r["id"]), reverse=True)
            return out
        out = []
        for game_id, text in self._texts():
            try:
                out.append(self._read(game_id, text))
            except Exception as exc:     # RecordError, or a bug: this record alone
                why = str(exc) if isinstance(exc, storage.RecordError) else f"it is damaged ({type(exc).__name__})"
                out.append({"id": game_id, "error": short(why), "ended": "",
                            "why": [getattr(exc, "msg_id", None), getattr(exc, "params", {})]})
        out.sort(key=lambda r: (r["ended"], r["id"]), reverse=True)
        return out

    def delete(self, game_id: str) -> None:
        self.backend.remove(RESULT_PREFIX + game_id)

    def delete_game(self, game: str) -> int:
        """Forget every finished game of one game (a damaged record names none: kept, listed
        apart); how many."""
        ids = [r["id"] for r in self.listing() if r.get("game") == game]
        for game_id in ids:
            self.backend.remove(RESULT_PREFIX + game_id)
        return len(ids)

    def delete_all(self) -> int:
        ids = self.ids()
        for game_id in ids:
            self.backend.remove(RESULT_PREFIX + game_id)
        return len(ids)

    # export and import of every finished game, one file
    def export_text(self) -> str:
        good = [r for r in reversed(self.listing()) if "error" not in r]
        return json.dumps({"kind": EXPORT_KIND, "version": RESULT_VERSION, "results": good},
                          indent=0, ensure_ascii=False)

    def import_text(self, text: Any) -> tuple[int, int]:
        """Add the finished games of an exported file (those kept already are skipped):
        (added, skipped: kept already or damaged). RecordError when the file is not one."""
        if not isinstance(text, str) or len(text) > MAX_EXPORT_CHARS:
            raise storage.RecordError("the file is too large to be this page's finished games",
                                      "shell.result.file_too_large")
        obj = storage.read_json(text, "the file", MAX_EXPORT_CHARS)
        if not isinstance(obj, dict) or obj.get("kind") != EXPORT_KIND or \
                not isinstance(obj.get("results"), list):
            raise storage.RecordError("this is not a file of this page's finished games",
                                      "shell.result.not_file")
        added = skipped = 0
        for item in obj["results"][:MAX_RESULTS]:
            try:
                record = validate_result(item)
            except storage.RecordError:
                skipped += 1
                continue
            if self.has(record["id"]):
                skipped += 1
                continue
            self.backend.set(RESULT_PREFIX + record["id"], _dump(record))
            added += 1
        self.prune()
        return added, skipped


def result_of(game_id: str, game_key: str, seats: list, game: Any, *, started: str,
              ended: str, guided: bool = False) -> dict[str, Any]:
    """The record of a finished engine game (its result and public view)."""
    return make_result(game_id, game_key, seats, game.result(), game.view(None),
                       actions=len(game.history or ()), started=started, ended=ended,
                       guided=guided)
