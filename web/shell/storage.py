"""Saved games in the browser: the record format, its validation and the localStorage layout.

Pure Python (no browser import): the page passes a small key-value `backend` (get / set / remove /
keys) that wraps `window.localStorage`; the host tests pass a dict-backed one.

Layout (every key starts with `machu-picchu:`, since localStorage is shared by the whole origin):

    machu-picchu:game:<id>     one record per game (JSON, see `make_record`)
    machu-picchu:current       the id of the game on screen, or last played (resumed after a reload)
    machu-picchu:home          "1" while the home is on screen: a reload shows the home, not current
    machu-picchu:prefs         page preferences (bot reasons, bot pace, hints offered)
    machu-picchu:form          the new-game form as last started (game, seats, options, seed)
    machu-picchu:lang          the language chosen in the language menu
    machu-picchu:tips          per game, the guide's steps this browser has shown (guiding.py)
    machu-picchu:result:<id>   one finished game, for the statistics (records.py)

Every key of the page starts with PREFIX: "Delete all my data" removes them all (alldata.py).

A record names its game (`"game"`: the registry's id; records made before the page held several
games have none and are Machu Picchu's) and wraps that engine's own save (`game.to_save()`: seed,
options, action list) with what only the page knows: who plays each seat (human or bot level), their colour/shape, the hotseat viewer,
the bots' reasons and a summary for the list of saved games. `validate_record` checks every field
of the wrapper; the engine's `load_game` then replays and checks the save itself. Nothing is kept
from a record that fails either check.

Everything read back (stored records, imported files, preferences) is untrusted text: it is parsed
by `tabletop.jsonbound.loads` with a size and nesting bound (a deep document would kill Python in
the page), each record on its own, so one damaged record never hides the others. A record's
summary (`meta`) is only shown, never trusted: `clean_summary` keeps what is usable of it.

Two tabs may hold the same game: every record carries a revision number `rev`, raised at each
write, and `Store.put_checked` writes only over the revision the tab last read or wrote
(`RevisionConflict` otherwise), so a tab never overwrites moves it has not seen.
"""

from __future__ import annotations

import json
import re
from typing import Any, Callable, Optional

from tabletop import jsonbound, registry
from tabletop.errors import Worded, quote, short

from kit.seats import MAX_SEATS

PREFIX = "machu-picchu:"
GAME_PREFIX = PREFIX + "game:"
CURRENT_KEY = PREFIX + "current"
HOME_KEY = PREFIX + "home"           # the home is on screen: a reload stays there (boot.js reads it)
PREFS_KEY = PREFIX + "prefs"
FORM_KEY = PREFIX + "form"           # the new-game form as last started (Home shows it again)
LANG_KEY = PREFIX + "lang"           # the language chosen in the language menu, for this browser
TIPS_KEY = PREFIX + "tips"           # per game, the guide's steps seen (a tip is shown once)

RECORD_KIND = "machu-picchu-web-game"
RECORD_VERSION = 1
LEGACY_GAME = "machu-picchu"      # the game of a record without a "game" field (the first one)
LEVELS = ("random", "easy", "medium", "hard")
SEAT_TYPES = ("human", "bot")
MAX_IMPORT_BYTES = 2_000_000
# A stored record is at most this long (localStorage holds about 5 million characters per site),
# and at most this deep: record -> save -> options -> names -> name is 4 levels, "seen" 4.
MAX_RECORD_CHARS = 4_000_000
MAX_RECORD_DEPTH = 10
MAX_REASONS = 20_000
MAX_NAME = 40
_ID_RE = re.compile(r"^[A-Za-z0-9_-]{1,64}$")

PACES = {"instant": 0.0, "quick": 0.35, "normal": 0.8, "slow": 1.6}
DEFAULT_PREFS = {"reasons": False, "pace": "normal", "hints": True, "tips": False}


def clean_prefs(raw: Any) -> dict[str, Any]:
    """The preferences from stored or imported JSON: each known one of the right type, else its
    default; anything else is dropped."""
    out = dict(DEFAULT_PREFS)
    if isinstance(raw, dict):
        for flag in ("reasons", "hints", "tips"):
            if isinstance(raw.get(flag), bool):
                out[flag] = raw[flag]
        if raw.get("pace") in PACES:
            out["pace"] = raw["pace"]
    return out


class RecordError(Worded, ValueError):
    """A saved game the page cannot use: corrupt, tampered with or of an unknown version (with
    a catalogue id where a person reads it: refusals.refusal_text)."""


class RevisionConflict(RecordError):
    """The stored game was changed elsewhere (another tab) since this tab last read or wrote it."""

    def __init__(self, stored: Optional[int]) -> None:
        super().__init__("this game was changed in another tab or window")
        self.stored = stored


def read_json(text: Any, what: str, max_chars: int = MAX_RECORD_CHARS) -> Any:
    """Untrusted JSON text parsed within bounds (size, nesting); RecordError with a short message
    naming `what` ("the file", "the saved game") otherwise. Never recurses deeper than the bound."""
    if not isinstance(text, str):
        raise RecordError(f"{what} could not be read as text", "shell.save.not_json")
    try:
        return jsonbound.loads(text, max_bytes=max_chars, max_depth=MAX_RECORD_DEPTH)
    except jsonbound.JSONTooComplex as exc:
        raise RecordError(f"{what} is {exc}: it is damaged or not a saved game",
                          "shell.save.too_complex") from None
    except (ValueError, RecursionError):
        raise RecordError(f"{what} is not valid JSON: it is damaged or not a saved game",
                          "shell.save.not_json") from None


# --- seats ---------------------------------------------------------------------------------
def validate_seats(seats: Any, players: Optional[int] = None, *,
                   info: Any = None, distinct: bool = False) -> list[dict[str, Any]]:
    """The seat settings as a clean list; raises RecordError naming the first problem (its id,
    shell.seats.*, words it: refusals.refusal_text). `info`: the game's registry entry (its
    player range and bot levels; None: 2 to 8, any level). `distinct`: names must differ too
    (the new-game form: two players of one name cannot be told apart in the log, on the pass
    screen or in the statistics; a stored game is read as it was made)."""
    low, high = (info.min_players, info.max_players) if info is not None else (2, MAX_SEATS)
    levels = tuple(info.bot_levels) if info is not None else LEVELS
    if not isinstance(seats, list):
        raise RecordError("the seats are missing", "shell.seats.missing")
    if not low <= len(seats) <= high:
        raise RecordError(f"{len(seats)} seats, where a game has {low} to {high} players",
                          "shell.seats.count", {"n": len(seats), "low": low, "high": high})
    if players is not None and len(seats) != players:
        raise RecordError(f"the save has {players} players but {len(seats)} seats",
                          "shell.seats.count_save", {"players": players, "seats": len(seats)})
    out = []
    styles = set()
    names: dict[str, int] = {}
    for i, seat in enumerate(seats):
        where, at = f"seat {i + 1}", {"n": i + 1}
        if not isinstance(seat, dict):
            raise RecordError(f"{where} is not a record", "shell.seats.not_record", at)
        name = seat.get("name")
        if not isinstance(name, str) or not name.strip():
            raise RecordError(f"{where}: the name must be 1 to {MAX_NAME} characters",
                              "shell.seats.no_name", at)
        if len(name.strip()) > MAX_NAME:
            raise RecordError(f"{where}: the name must be 1 to {MAX_NAME} characters",
                              "shell.seats.long_name", {**at, "most": MAX_NAME})
        kind = seat.get("type")
        if kind not in SEAT_TYPES:
            raise RecordError(f"{where}: unknown player type {quote(kind, 20)}", "shell.seats.type", at)
        level = seat.get("level")
        if kind == "bot" and level not in levels:
            raise RecordError(f"{where}: unknown bot level {quote(level, 20)}", "shell.seats.level", at)
        style = seat.get("style")
        if not isinstance(style, int) or isinstance(style, bool) or not 0 <= style < MAX_SEATS:
            raise RecordError(f"{where}: unknown colour", "shell.seats.colour", at)
        if style in styles:
            raise RecordError(f"{where}: two seats share a colour", "shell.seats.same_colour", at)
        styles.add(style)
        name = name.strip()
        key = name.casefold()
        if distinct and key in names:
            raise RecordError(f"{where}: two players are named {quote(name)}", "shell.seats.same_name",
                              {"name": name, "first": names[key] + 1, "n": i + 1})
        names.setdefault(key, i)
        out.append({"name": name, "type": kind,
                    "level": level if kind == "bot" else None, "style": style})
    return out


# --- records -------------------------------------------------------------------------------
def make_record(game_id: str, seats: list, save: dict, *, created: str, updated: str,
                meta: dict, viewer: Optional[int] = None,
                reasons: Optional[list] = None, seen: Optional[dict] = None,
                rev: int = 0, game: str = LEGACY_GAME,
                copy_of: Optional[str] = None, guide: Optional[dict] = None) -> dict[str, Any]:
    """A record ready for JSON. `game` is the registry id of the game; `seen` maps a human seat
    (as text) to what its game's views marked at its last decision (small numbers and lists of
    them, e.g. Machu Picchu's {"log": lines of its log, "princes": district of every Prince}).
    `rev` is the record's revision (set by `Store.put_checked`; 0 for a record never stored).
    `copy_of`: the id of the saved game this one was imported beside (a copy: the list says so).
    `guide`: a guided game's ("Learn to play") steps seen, {"seen": [step ids]}."""
    record = {
        "kind": RECORD_KIND,
        "version": RECORD_VERSION,
        "game": game,
        "id": game_id,
        "rev": rev,
        "created": created,
        "updated": updated,
        "seats": seats,
        "viewer": viewer,
        "reasons": list(reasons or []),
        "seen": dict(seen or {}),
        "meta": meta,
        "save": save,
    }
    if copy_of is not None:
        record["copy_of"] = copy_of
    if guide is not None:
        record["guide"] = guide
    return record


def clean_stage(value: Any) -> Any:
    """Where a game stands, as the game's views say it: a message [id, {name: count}] that the
    list of saved games words in the page's language (text, as older records hold, is kept as
    it is); anything else is ""."""
    if isinstance(value, str):
        return value[:40]
    if (isinstance(value, list) and len(value) == 2 and isinstance(value[0], str)
            and len(value[0]) <= 40 and isinstance(value[1], dict) and len(value[1]) <= 4
            and all(isinstance(k, str) and len(k) <= 20 and _is_count(v, 0, 999)
                    for k, v in value[1].items())):
        return [value[0], dict(value[1])]
    return ""


def game_meta(game: Any, seats: list, stage: Any = "") -> dict[str, Any]:
    """The summary shown in the list of saved games (recomputed at every save). `stage`: where
    the game stands (["mp.stage.day", {"day": 3}]), from the game's views."""
    to_move = game.to_move
    return {
        "stage": clean_stage(stage),
        "names": list(game.names),
        "over": bool(game.is_over),
        "to_move": None if to_move is None else game.names[to_move],
        "actions": len(game.history or ()),
        "winners": ([game.names[w] for w in game.result()["winners"]] if game.is_over else []),
        "humans": sum(1 for s in seats if s["type"] == "human"),
    }


def _text(value: Any, limit: int = 64) -> str:
    return value if isinstance(value, str) and len(value) <= limit else ""


def _name(value: Any) -> Optional[str]:
    """A player's name from a summary, cut to MAX_NAME characters; None when it is not text."""
    return value[:MAX_NAME] if isinstance(value, str) else None


def clean_summary(meta: Any, seats: list) -> dict[str, Any]:
    """What can be shown of a record's summary, whatever it holds: every field of `game_meta`,
    each one replaced by a neutral value when it is missing or of the wrong type or size. The
    summary is recomputed at every save, so a damaged one never stops a game from opening."""
    m = meta if isinstance(meta, dict) else {}
    names = m.get("names")
    if not (isinstance(names, list) and len(names) == len(seats)
            and all(isinstance(n, str) for n in names)):
        names = [s["name"] for s in seats]
    winners = m.get("winners")
    winners = ([w for w in map(_name, winners[:5]) if w] if isinstance(winners, list) else [])
    day, actions, humans = m.get("day"), m.get("actions"), m.get("humans")
    stage = clean_stage(m.get("stage"))
    if not stage:     # records of the one-game page: their day
        stage = ["mp.stage.day", {"day": day}] if _is_count(day, 0, 999) else ""
    return {
        "stage": stage,
        "day": day if _is_count(day, 0, 999) else "?",
        "names": [n[:MAX_NAME] for n in names],
        "over": m.get("over") is True,
        "to_move": _name(m.get("to_move")),
        "actions": actions if _is_count(actions, 0, 10 ** 7) else None,
        "winners": winners,
        "humans": humans if _is_count(humans, 0, MAX_SEATS) else sum(s["type"] == "human" for s in seats),
    }


def validate_record(obj: Any) -> dict[str, Any]:
    """Check the page's wrapper (not yet the engine's save) and return a clean copy."""
    if not isinstance(obj, dict):
        raise RecordError("the file is not a saved game (no JSON object)", "shell.save.not_json")
    if obj.get("kind") != RECORD_KIND:
        raise RecordError("this is not a saved game of this page", "shell.save.not_ours")
    if obj.get("version") != RECORD_VERSION:
        raise RecordError(f"unknown saved-game version {quote(obj.get('version'), 20)} "
                          f"(this page reads version {RECORD_VERSION})", "shell.save.version",
                          {"found": quote(obj.get("version"), 20), "wanted": RECORD_VERSION})
    game_id = obj.get("id")
    if not isinstance(game_id, str) or not _ID_RE.match(game_id):
        raise RecordError("the saved game has no valid id")
    game = obj.get("game", LEGACY_GAME)
    info = registry.find(game) if isinstance(game, str) else None
    if info is None:
        raise RecordError(f"this saved game is of a game this page does not have "
                          f"({str(game)[:30]!r})", "shell.save.unknown_game")
    save = obj.get("save")
    if not isinstance(save, dict):
        raise RecordError("the saved game holds no game")
    opts = save.get("options")
    players = opts.get("players") if isinstance(opts, dict) else None
    if not isinstance(players, int) or isinstance(players, bool):
        raise RecordError("the saved game's player count is missing")
    seats = validate_seats(obj.get("seats"), players, info=info)
    names = opts.get("names")
    if not isinstance(names, list) or [str(n).strip() for n in names] != [s["name"] for s in seats]:
        raise RecordError("the player names do not match the game's")
    viewer = obj.get("viewer")
    if viewer is not None and (not isinstance(viewer, int) or isinstance(viewer, bool)
                               or not 0 <= viewer < players or seats[viewer]["type"] != "human"):
        raise RecordError("the saved game's viewer is not one of its human players")
    reasons = obj.get("reasons", [])
    if (not isinstance(reasons, list) or len(reasons) > MAX_REASONS
            or not all(isinstance(r, list) and len(r) == 2 and isinstance(r[0], int)
                       and not isinstance(r[0], bool) and r[0] >= 0
                       and _valid_reason(r[1]) for r in reasons)):
        raise RecordError("the bots' notes in the saved game are damaged")
    seen = _valid_seen(obj.get("seen", {}), seats)
    rev = obj.get("rev", 0)
    if not _is_count(rev, 0, 2 ** 53):
        raise RecordError("the saved game's revision number is damaged")
    record = {
        "kind": RECORD_KIND, "version": RECORD_VERSION, "game": info.id, "id": game_id, "rev": rev,
        "created": _text(obj.get("created")), "updated": _text(obj.get("updated")),
        "seats": seats, "viewer": viewer, "reasons": [list(r) for r in reasons], "seen": seen,
        "meta": clean_summary(obj.get("meta"), seats), "save": save,
    }
    copy_of = obj.get("copy_of")
    if isinstance(copy_of, str) and _ID_RE.match(copy_of):     # anything else: no mark
        record["copy_of"] = copy_of
    if "guide" in obj:
        record["guide"] = _valid_guide(obj["guide"])
    return record


MAX_GUIDE_STEPS = 64      # a guided game's steps seen (a guide has a few dozen)


def _step_ids(value: Any) -> Optional[list[str]]:
    """A list of a guide's step ids (short texts), or None when it is not one."""
    if (isinstance(value, list) and len(value) <= MAX_GUIDE_STEPS
            and all(isinstance(v, str) and 0 < len(v) <= 40 for v in value)):
        return list(dict.fromkeys(value))
    return None


def _valid_guide(guide: Any) -> dict[str, Any]:
    """A guided game's mark: {"seen": [step ids]}, else RecordError."""
    seen = _step_ids(guide.get("seen")) if isinstance(guide, dict) else None
    if seen is None:
        raise RecordError("the saved game's guide is damaged")
    return {"seen": seen}


def _is_count(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _valid_reason(reason: Any) -> bool:
    """A bot's reason: short text, or a small event [message id, params]."""
    if isinstance(reason, str):
        return len(reason) <= 300
    return (isinstance(reason, list) and len(reason) == 2 and isinstance(reason[0], str)
            and len(reason[0]) <= 64 and isinstance(reason[1], dict)
            and len(json.dumps(reason[1])) <= 600)


MAX_SEEN_FIELDS = 8        # a mark of what a seat last saw: a few small numbers
MAX_SEEN_LIST = 16


def _valid_seen(seen: Any, seats: list) -> dict[str, dict]:
    """The marks of what each human seat last saw, checked (a clean copy), else RecordError.
    Each is the game's own (see the games' `seen_mark`): fields holding a whole number or a
    short list of them; the game's views read them defensively."""
    players = len(seats)
    ok = isinstance(seen, dict) and len(seen) <= players
    out: dict[str, dict] = {}
    for key, entry in (seen.items() if ok else ()):
        ok = (isinstance(key, str) and key.isascii() and key.isdigit() and int(key) < players
              and seats[int(key)]["type"] == "human" and isinstance(entry, dict)
              and len(entry) <= MAX_SEEN_FIELDS
              and all(isinstance(k, str) and len(k) <= 20 and _seen_value(v)
                      for k, v in entry.items()))
        if not ok:
            break
        out[key] = {k: (list(v) if isinstance(v, list) else v) for k, v in entry.items()}
    if not ok:
        raise RecordError("the saved game's marks of what each player last saw are damaged")
    return out


def _seen_value(value: Any) -> bool:
    if isinstance(value, list):
        return len(value) <= MAX_SEEN_LIST and all(_is_count(v, -1, 10 ** 7) for v in value)
    return _is_count(value, -1, 10 ** 7)


def parse_record_text(text: Any, default_id: Callable[[], str]) -> dict[str, Any]:
    """A record from a file's text. A bare engine save (from the command line tool) is accepted
    too: every seat becomes a human player. The engine's replay is the caller's next check."""
    if not isinstance(text, str):
        raise RecordError("the file could not be read as text", "shell.save.not_json")
    if len(text) > MAX_IMPORT_BYTES or len(text.encode("utf-8", "replace")) > MAX_IMPORT_BYTES:
        raise RecordError("the file is too large to be a saved game", "shell.save.too_large")
    obj = read_json(text, "the file", MAX_IMPORT_BYTES)
    if isinstance(obj, dict) and "format" in obj and "actions" in obj:    # an engine's own save
        game = obj.get("game", LEGACY_GAME if obj.get("format") == "machu-picchu-save" else None)
        info = registry.find(game) if isinstance(game, str) else None
        if info is None:
            raise RecordError("this is a save of a game this page does not have", "shell.save.unknown_game")
        opts = obj.get("options")
        names = opts.get("names") if isinstance(opts, dict) else None
        if not isinstance(names, list) or not info.min_players <= len(names) <= info.max_players:
            raise RecordError("the game's player names are missing")
        seats = [{"name": n, "type": "human", "level": None, "style": i}
                 for i, n in enumerate(names)]
        obj = make_record(default_id(), seats, obj, created="", updated="", meta={},
                          game=info.id)
    return validate_record(obj)


def record_revision(text: Optional[str]) -> Optional[int]:
    """The revision of a stored record's text (0 for a record without one); None when there is
    no record. A record that cannot be read counts as revision 0: a tab that last saw it damaged
    may write over it, since nothing readable is lost."""
    if text is None:
        return None
    try:
        obj = read_json(text, "the saved game")
    except RecordError:
        return 0
    rev = obj.get("rev", 0) if isinstance(obj, dict) else 0
    return rev if _is_count(rev, 0, 2 ** 53) else 0


# --- the store -----------------------------------------------------------------------------
class Store:
    """Saved games and preferences over a key-value backend (localStorage in the page).

    `backend` has get(key) -> str | None, set(key, text), remove(key) and keys() -> list[str].
    Writes raise whatever the backend raises (a full storage: QuotaExceededError); the caller
    tells the player and play goes on.
    """

    def __init__(self, backend: Any) -> None:
        self.backend = backend

    # games
    def put(self, record: dict[str, Any]) -> None:
        """Write `record` as it is (no revision check: for a new game or a copy)."""
        self.backend.set(GAME_PREFIX + record["id"], json.dumps(record, separators=(",", ":")))

    def revision(self, game_id: str) -> Optional[int]:
        """The stored revision of a game (None: no such record)."""
        return record_revision(self.get_text(game_id))

    def put_checked(self, record: dict[str, Any], base: Optional[int]) -> int:
        """Write `record` as the next revision after `base`, the revision this tab last read or
        wrote (None: never stored). Raises RevisionConflict, writing nothing, when the stored
        record has another revision: it was changed elsewhere. A record deleted elsewhere is
        written again (the game goes on; nothing is lost). Returns the revision written."""
        stored = self.revision(record["id"])
        if stored is not None and stored != (base or 0):
            raise RevisionConflict(stored)
        rev = max(stored or 0, base or 0) + 1
        self.put(dict(record, rev=rev))
        return rev

    def get_text(self, game_id: str) -> Optional[str]:
        return self.backend.get(GAME_PREFIX + game_id)

    def get(self, game_id: str) -> dict[str, Any]:
        """The validated record (the engine's replay is still to come); RecordError if bad."""
        text = self.get_text(game_id)
        if text is None:
            raise RecordError("this saved game no longer exists")
        record = validate_record(read_json(text, "the saved game"))
        if record["id"] != game_id:
            raise RecordError("the saved game is damaged (its id does not match)")
        return record

    def delete(self, game_id: str) -> None:
        self.backend.remove(GAME_PREFIX + game_id)
        if self.current() == game_id:
            self.backend.remove(CURRENT_KEY)

    def ids(self) -> list[str]:
        return [k[len(GAME_PREFIX):] for k in self.backend.keys()
                if isinstance(k, str) and k.startswith(GAME_PREFIX)]

    def listing(self) -> list[dict[str, Any]]:
        """Every saved game, newest first: {"id", "updated", "meta", "seats"} or, for a record
        that cannot be read, {"id", "error", "why"} (shown so it can be deleted or exported as
        it is; never loaded; "why": the error's catalogue id and parameters, or None). Each record is read on its own: one bad record never hides another."""
        out = []
        for game_id in self.ids():
            try:
                record = self.get(game_id)
            except Exception as exc:    # RecordError, or a bug: either way this record alone
                why = str(exc) if isinstance(exc, RecordError) else f"it is damaged ({type(exc).__name__})"
                out.append({"id": game_id, "error": short(why), "updated": "",
                            "why": [getattr(exc, "msg_id", None), getattr(exc, "params", {})]})
                continue
            out.append({"id": game_id, "game": record["game"], "updated": record["updated"],
                        "meta": record["meta"], "seats": record["seats"],
                        "copy": "copy_of" in record})
        out.sort(key=lambda r: (r["updated"], r["id"]), reverse=True)
        return out

    def exists(self, game_id: str) -> bool:
        return self.get_text(game_id) is not None

    def same_game(self, record: dict[str, Any]) -> Optional[str]:
        """The id of a stored game that `record` repeats (same game, seats and save: the same
        moves), or None: importing it again would only add a second identical entry."""
        ids = sorted(self.ids(), key=lambda i: i != record.get("id"))     # its own id first
        for game_id in ids:
            try:
                stored = self.get(game_id)
            except Exception:           # a damaged record repeats nothing
                continue
            if (stored["game"], stored["seats"], stored["save"]) == \
                    (record.get("game"), record.get("seats"), record.get("save")):
                return game_id
        return None

    # the game on screen
    def current(self) -> Optional[str]:
        value = self.backend.get(CURRENT_KEY)
        return value if isinstance(value, str) and _ID_RE.match(value) else None

    def set_current(self, game_id: Optional[str]) -> None:
        if game_id is None:
            self.backend.remove(CURRENT_KEY)
        else:
            self.backend.set(CURRENT_KEY, game_id)

    def on_home(self) -> bool:
        """Whether the player went home from the current game: a reload then shows the home."""
        return self.backend.get(HOME_KEY) is not None

    def set_on_home(self, home: bool) -> None:
        if home:
            self.backend.set(HOME_KEY, "1")
        elif self.backend.get(HOME_KEY) is not None:
            self.backend.remove(HOME_KEY)

    # preferences
    def prefs(self) -> dict[str, Any]:
        try:
            raw = read_json(self.backend.get(PREFS_KEY) or "{}", "the preferences", 10_000)
        except RecordError:
            raw = {}
        return clean_prefs(raw)

    def set_prefs(self, prefs: dict[str, Any]) -> None:
        self.backend.set(PREFS_KEY, json.dumps(prefs, separators=(",", ":")))

    def tips_seen(self, game: str) -> list[str]:
        """The guide's steps this browser has shown in `game` (a damaged list reads as none)."""
        try:
            raw = read_json(self.backend.get(TIPS_KEY) or "{}", "the tips seen", 50_000)
        except RecordError:
            return []
        return (_step_ids(raw.get(game)) or []) if isinstance(raw, dict) else []

    def set_tips_seen(self, game: str, seen: list[str]) -> None:
        """Remember the steps shown in `game` (the other games' kept as they are)."""
        try:
            raw = read_json(self.backend.get(TIPS_KEY) or "{}", "the tips seen", 50_000)
        except RecordError:
            raw = {}
        keep = {k: v for k, v in raw.items() if isinstance(k, str) and _step_ids(v) is not None
                and registry.find(k) is not None} if isinstance(raw, dict) else {}
        keep[game] = list(seen)[:MAX_GUIDE_STEPS]
        self.backend.set(TIPS_KEY, json.dumps(keep, separators=(",", ":")))

    def form(self) -> Optional[dict[str, Any]]:
        """The new-game form last started, as stored (unchecked JSON: shell.games.restore_form
        validates it against the game), or None."""
        try:
            raw = read_json(self.backend.get(FORM_KEY) or "null", "the new-game form", 10_000)
        except RecordError:
            return None
        return raw if isinstance(raw, dict) else None

    def set_form(self, form: dict[str, Any]) -> None:
        keep = {k: form.get(k) for k in ("game", "seats", "options", "seed")}
        self.backend.set(FORM_KEY, json.dumps(keep, separators=(",", ":")))


class DictBackend:
    """An in-memory backend (host tests)."""

    def __init__(self) -> None:
        self.data: dict[str, str] = {}

    def get(self, key: str) -> Optional[str]:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        self.data[key] = value

    def remove(self, key: str) -> None:
        self.data.pop(key, None)

    def keys(self) -> list[str]:
        return list(self.data)

