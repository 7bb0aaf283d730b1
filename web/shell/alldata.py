"""All of the page's data in one file: exported, read back with every check made before anything
changes, merged into what this browser keeps, and deleted.

Pure Python (no browser import) over storage.Store's key-value backend (localStorage in the
page, a dict in host tests). The file is one JSON object:

    {"app": "andes-games", "kind": "all-data", "schema": 1, "exported": "<ISO date>",
     "saves": [saved games: storage.make_record],
     "results": [finished games: records.make_result],
     "settings": {"prefs": {...} | null, "language": "fr" | null,
                  "form": the new-game form (game, seats and their names, options, seed) | null,
                  "current": the id of the game last played | null,
                  "tips_seen": {game: the guide's tips shown} | null}}

Reading one (`parse`, then `check_save` for each saved game: its engine replays it) refuses with
a `DataError`, which the page words in its language, a file that is not text, too large, not
JSON or nested too deep, of another app or kind, of a newer schema, with a part missing, too many
entries, two entries with one id, or any entry that fails its own check (storage.validate_record,
records.validate_result). Nothing is written before the whole file has passed.

Merging (`plan`): a saved or finished game whose id is not here is added. One that is here is
kept once: a saved game here that is the file's, or further along it (the file's moves begin its
own), is "already here"; a saved game that differs otherwise is added beside it as a copy
(marked, as the import of one saved game does): a conflict, said. A finished game here with other
contents than the file's is kept as it is here: a conflict, said. The settings (preferences,
language, the new-game form with its seat names, the game last played, the guide's tips shown)
are taken from the file only where this browser keeps none. `apply` writes a plan all or
nothing: a storage that would overflow is refused before anything is written (estimated against
`QUOTA_CHARS`), and a write the browser refuses (QuotaExceededError) takes back every key
written before it.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Generator, Iterator, Optional

from tabletop import jsonbound, registry

from . import records, storage

APP = "andes-games"
KIND = "all-data"
SCHEMA = 1
# A file of everything localStorage can hold (about 5 million characters) is below this.
MAX_FILE_CHARS = 8_000_000
# file -> saves -> record -> save -> options -> names -> name: a record's bound, two levels more
MAX_DEPTH = storage.MAX_RECORD_DEPTH + 2
MAX_SAVES = 1_000
MAX_SETTING_CHARS = 10_000         # the preferences or the form, as JSON (as storage reads them)
# What browsers let a site keep in localStorage, in characters of keys and values (Chromium and
# Firefox: 5 Mi UTF-16 units; Safari: 5 MB). The estimate that refuses an import before writing;
# the browser's own refusal is caught too.
QUOTA_CHARS = 5_000_000
_ID_RE = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
SAVES_PER_STEP = 20       # saved games' wrappers checked between two of parse_steps' pauses
RESULTS_PER_STEP = 250    # finished games checked between two pauses


class DataError(ValueError):
    """A file refused, or a write that failed: `msg_id` and `params` word it in the page's
    language (shell.data.error.*); `detail` is the check's own short text (English), or ""."""

    def __init__(self, msg_id: str, params: Optional[dict] = None, detail: str = "") -> None:
        super().__init__(f"{msg_id}: {detail}" if detail else msg_id)
        self.msg_id = msg_id
        self.params = dict(params or {})
        self.detail = detail


# --- export ------------------------------------------------------------------------------------
def check_save(record: dict[str, Any]) -> Any:
    """A saved game's engine replays its save (storage.RecordError or the engine's SaveError
    when it cannot): the check that opening it makes."""
    info = registry.find(record["game"])
    if info is None:
        raise storage.RecordError("it is a game this page does not have")
    return info.load_game(record["save"])


def settings_of(store: storage.Store) -> dict[str, Any]:
    """What this browser keeps beside the games: each setting as stored (cleaned), or None."""
    backend = store.backend
    lang = backend.get(storage.LANG_KEY)
    return {"prefs": store.prefs() if backend.get(storage.PREFS_KEY) is not None else None,
            "language": lang if isinstance(lang, str) and _is_code(lang) else None,
            "form": _stored_form(store), "current": store.current(),
            "tips_seen": _stored_tips(store)}


def _stored_tips(store: storage.Store) -> Optional[dict[str, list[str]]]:
    """The guide's tips this browser has shown, per game (None: it keeps no such list)."""
    if store.backend.get(storage.TIPS_KEY) is None:
        return None
    return {info.id: seen for info in registry.games() if (seen := store.tips_seen(info.id))}


def _stored_form(store: storage.Store) -> Optional[dict[str, Any]]:
    form = store.form()
    try:
        return clean_form(form) if form is not None else None
    except storage.RecordError:         # a damaged form is not exported (the page's own default)
        return None


def export_steps(store: storage.Store, results: records.Results, *, exported: str,
                 check: Callable[[dict], Any] = check_save) -> Iterator[Optional["Export"]]:
    """Build the file: yields None after each saved game is checked (the page lets the browser
    breathe between them), then the `Export`. A saved game that cannot be read or replayed is
    left out (counted), as is a damaged finished game: the file then reads back whole."""
    saves, left_out = [], 0
    for game_id in sorted(store.ids()):
        try:
            record = store.get(game_id)
            check(record)
        except Exception:             # RecordError, the engine's SaveError, or a bug: this one
            left_out += 1
            yield None
            continue
        saves.append(record)
        yield None
    listing = results.listing()
    yield None
    good = [r for r in reversed(listing) if "error" not in r]       # oldest first
    doc = {"app": APP, "kind": KIND, "schema": SCHEMA, "exported": exported, "saves": saves,
           "results": good, "settings": settings_of(store)}
    yield Export(doc, len(saves), len(good), left_out, len(listing) - len(good))


@dataclass
class Export:
    doc: dict[str, Any]
    saves: int
    results: int
    saves_left_out: int       # damaged saved games, not in the file
    results_left_out: int     # damaged finished games, not in the file

    def text(self) -> str:
        return json.dumps(self.doc, separators=(",", ":"), ensure_ascii=False)


def export_document(store: storage.Store, results: records.Results, *, exported: str,
                    check: Callable[[dict], Any] = check_save) -> Export:
    """The whole export at once (host tests; the page steps through `export_steps`)."""
    *_, done = export_steps(store, results, exported=exported, check=check)
    return done


def file_name(stamp: str) -> str:
    """The file's name, with the date: andes-games-data-2026-11-28.json."""
    digits = re.sub(r"[^0-9]", "", str(stamp))[:8]
    date = f"{digits[:4]}-{digits[4:6]}-{digits[6:8]}" if len(digits) == 8 else "export"
    return f"{APP}-data-{date}.json"


# --- reading a file ----------------------------------------------------------------------------
@dataclass
class Backup:
    """A file read and checked (but its saves' replays: `check_save`, each on its own)."""

    saves: list[dict]
    results: list[dict]
    settings: dict[str, Any]
    exported: str


def _is_code(lang: str) -> bool:
    return bool(re.match(r"^[a-z]{2,3}(-[A-Za-z0-9]{1,8})?$", lang))


def parse(text: Any) -> Backup:
    """The file's text read and checked, each entry on its own; DataError at the first problem."""
    *_, backup = parse_steps(text)
    return backup


def parse_steps(text: Any) -> Iterator[Optional[Backup]]:
    """`parse` in steps: yields None after the JSON is read and after each batch of entries
    checked (the page lets the browser breathe between them), then the Backup."""
    if not isinstance(text, str):
        raise DataError("shell.data.error.not_json")
    if len(text) > MAX_FILE_CHARS:
        raise DataError("shell.data.error.too_large", {"mb": MAX_FILE_CHARS // 1_000_000})
    depth = jsonbound.nesting_depth(text)   # as jsonbound.loads, in a step of its own
    if depth > MAX_DEPTH:
        raise DataError("shell.data.error.not_json",
                        detail=f"nested too deeply ({depth} levels; at most {MAX_DEPTH})")
    yield None
    try:
        obj = json.loads(text)              # its nesting checked: no deep recursion
    except (ValueError, RecursionError):
        raise DataError("shell.data.error.not_json") from None
    if not isinstance(obj, dict):
        raise DataError("shell.data.error.foreign")
    if obj.get("kind") == storage.RECORD_KIND or ("format" in obj and "actions" in obj):
        raise DataError("shell.data.error.one_save")
    if obj.get("kind") == records.EXPORT_KIND:
        raise DataError("shell.data.error.results_file")
    if obj.get("app") != APP or obj.get("kind") != KIND:
        raise DataError("shell.data.error.foreign")
    schema = obj.get("schema")
    if not isinstance(schema, int) or isinstance(schema, bool) or schema < 1:
        raise DataError("shell.data.error.structure", detail="its schema version is missing")
    if schema > SCHEMA:
        raise DataError("shell.data.error.newer", {"version": schema, "schema": SCHEMA})
    yield None
    saves, results, settings = obj.get("saves"), obj.get("results"), obj.get("settings")
    if not isinstance(saves, list) or not isinstance(results, list) or not isinstance(settings, dict):
        raise DataError("shell.data.error.structure",
                        detail="its saved games, finished games or settings are missing")
    if len(saves) > MAX_SAVES:
        raise DataError("shell.data.error.too_many_saves", {"n": len(saves), "max": MAX_SAVES})
    if len(results) > records.MAX_RESULTS:
        raise DataError("shell.data.error.too_many_results",
                        {"n": len(results), "max": records.MAX_RESULTS})
    clean_saves = yield from _checked(saves, storage.validate_record, "shell.data.error.save",
                                      SAVES_PER_STEP)
    # each finished game small once checked (names, levels, scores)
    clean_results = yield from _checked(results, records.validate_result,
                                        "shell.data.error.result", RESULTS_PER_STEP)
    for entries in (clean_saves, clean_results):
        ids = [r["id"] for r in entries]
        if len(set(ids)) != len(ids):
            raise DataError("shell.data.error.duplicate")
    exported = obj.get("exported")
    yield Backup(clean_saves, clean_results, _settings(settings),
                 exported if isinstance(exported, str) and len(exported) <= 40 else "")


def _checked(items: list, validate: Callable[[Any], dict], error_id: str,
             per_step: int) -> Generator[None, None, list]:
    """`items` each through `validate` (a pause every `per_step`), returned as checked; the first
    refused stops it all with `error_id` naming its place in the file."""
    clean = []
    for k, item in enumerate(items):
        try:
            clean.append(validate(item))
        except storage.RecordError as exc:
            raise DataError(error_id, {"n": k + 1}, str(exc)) from None
        if k % per_step == per_step - 1:
            yield None
    return clean


def _settings(raw: dict) -> dict[str, Any]:
    """The file's settings checked: each None, or of its type and size (DataError otherwise);
    what a newer page may keep there and this one does not know is left out."""
    out: dict[str, Any] = {}
    for key in ("prefs", "form"):
        value = raw.get(key)
        if value is not None and (not isinstance(value, dict)
                                  or len(json.dumps(value)) > MAX_SETTING_CHARS):
            raise DataError("shell.data.error.settings", detail=f"the {key} are damaged")
        out[key] = value
    if out["prefs"] is not None:
        out["prefs"] = storage.clean_prefs(out["prefs"])
    if out["form"] is not None:
        try:
            out["form"] = clean_form(out["form"])
        except storage.RecordError as exc:
            raise DataError("shell.data.error.settings", detail=str(exc)) from None
    tips = raw.get("tips_seen")
    if tips is not None:
        if not (isinstance(tips, dict) and len(tips) <= 50
                and all(isinstance(k, str) and storage._step_ids(v) is not None
                        for k, v in tips.items())):
            raise DataError("shell.data.error.settings", detail="the tips shown are damaged")
        tips = {k: storage._step_ids(v) for k, v in tips.items() if registry.find(k) is not None}
    out["tips_seen"] = tips
    lang, current = raw.get("language"), raw.get("current")
    if lang is not None and not (isinstance(lang, str) and _is_code(lang)):
        raise DataError("shell.data.error.settings", detail="the language is damaged")
    if current is not None and not (isinstance(current, str) and _ID_RE.match(current)):
        raise DataError("shell.data.error.settings", detail="the game last played is damaged")
    out["language"], out["current"] = lang, current
    return out


def clean_form(form: dict) -> dict[str, Any]:
    """The new-game form as storage.Store.set_form keeps it, checked: its game is one of this
    page's, its seats valid for it (names, people or bots of its levels, colours), its options
    yes or no; storage.RecordError otherwise. A seed that is not digits is dropped."""
    info = registry.find(form.get("game")) if isinstance(form.get("game"), str) else None
    if info is None:
        raise storage.RecordError("the new-game form is of a game this page does not have")
    seats = storage.validate_seats(form.get("seats"), info=info)
    options = form.get("options", {})
    if not (isinstance(options, dict) and len(options) <= 20
            and all(isinstance(k, str) and len(k) <= 40 and isinstance(v, bool)
                    for k, v in options.items())):
        raise storage.RecordError("the new-game form's options are damaged")
    seed = form.get("seed", "")
    seed = seed.strip() if isinstance(seed, str) else ""
    if not (len(seed) <= 20 and seed.isdigit()):      # as restore_form: no seed, a random one
        seed = ""
    return {"game": info.id, "seats": seats, "options": dict(options), "seed": seed}


def read(text: Any, check: Callable[[dict], Any] = check_save) -> Backup:
    """`parse`, then every saved game replayed (host tests; the page checks them one by one)."""
    backup = parse(text)
    for k, record in enumerate(backup.saves):
        check_entry(record, k, check)
    return backup


def check_entry(record: dict, k: int, check: Callable[[dict], Any] = check_save) -> None:
    """Saved game k (from 0) of a file replayed; DataError naming it when it cannot be."""
    try:
        check(record)
    except Exception as exc:            # the engine's SaveError (or anything it raises)
        raise DataError("shell.data.error.save", {"n": k + 1}, str(exc)[:200]) from None


# --- merging -----------------------------------------------------------------------------------
@dataclass
class Plan:
    """What importing a file adds: every key new (nothing kept here is written over)."""

    writes: dict[str, Any] = field(default_factory=dict)   # key -> text, or a value as JSON
    saves_added: int = 0
    saves_known: int = 0          # here already (the same game, or further along here)
    saves_copied: int = 0         # another version here with the same id: added beside as a copy
    results_added: int = 0
    results_known: int = 0
    results_differ: int = 0       # another record here with the same id: the one here kept
    settings_taken: bool = False  # preferences or language from the file (none were kept here)
    settings_kept: bool = False   # the file had some, and this browser's own were kept
    language: Optional[str] = None   # the language taken from the file, if any

    def payload(self) -> str:
        """The writes as one JSON list of [key, text or value] (encoded in one call: a record at
        a time, two thousand finished games took 300 ms in the page)."""
        return json.dumps(list(self.writes.items()), separators=(",", ":"), ensure_ascii=False)

    @property
    def chars(self) -> int:
        """About what the writes add (a few characters more per key: the payload's brackets)."""
        return len(self.payload()) if self.writes else 0


_ENCODER = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False)


def _dump(value: Any) -> str:
    """Compact JSON, as storage.Store and records.Results write it (one encoder: made once)."""
    return _ENCODER.encode(value)


def _setup(save: dict) -> dict:
    return {k: v for k, v in save.items() if k != "actions"}


def _same_or_behind(mine: dict, here: dict) -> bool:
    """The file's saved game `mine` is the stored `here`, or a beginning of it (same game, seats
    and set-up; its moves begin here's)."""
    if (mine["game"], mine["seats"]) != (here["game"], here["seats"]):
        return False
    a, b = mine["save"], here["save"]
    if _setup(a) != _setup(b):
        return False
    acts, kept = a.get("actions"), b.get("actions")
    return (isinstance(acts, list) and isinstance(kept, list)
            and len(acts) <= len(kept) and kept[:len(acts)] == acts)


def plan(backup: Backup, store: storage.Store, results: records.Results,
         new_id: Callable[[], str], languages: tuple = ()) -> Plan:
    """What importing `backup` would write here (nothing is written). `languages`: those the
    page speaks (a language the file names that is not one of them is not taken)."""
    out = Plan()
    stored: dict[str, Optional[dict]] = {}
    for game_id in store.ids():
        try:
            stored[game_id] = store.get(game_id)
        except Exception:               # a damaged record here: kept, never written over
            stored[game_id] = None
    taken_ids = set(stored)
    for record in backup.saves:
        related = [r for r in stored.values() if r is not None
                   and (r["id"] == record["id"] or r.get("copy_of") == record["id"])]
        if any(_same_or_behind(record, r) for r in related):
            out.saves_known += 1
            continue
        if record["id"] in taken_ids:
            copy_id = new_id()
            while copy_id in taken_ids:
                copy_id = new_id()
            record = dict(record, id=copy_id, copy_of=record["id"], rev=0)
            out.saves_copied += 1
        else:
            out.saves_added += 1
        taken_ids.add(record["id"])
        out.writes[storage.GAME_PREFIX + record["id"]] = record
    kept = {r["id"]: r for r in results.listing()}
    for result in backup.results:
        here = kept.get(result["id"])
        if here is None:
            out.results_added += 1
            out.writes[records.RESULT_PREFIX + result["id"]] = result
        elif here == result:
            out.results_known += 1
        else:
            out.results_differ += 1
    _plan_settings(out, backup, store, taken_ids, languages)
    return out


def _plan_settings(out: Plan, backup: Backup, store: storage.Store, ids: set,
                   languages: tuple) -> None:
    backend, s = store.backend, backup.settings
    lang = s["language"] if s["language"] in languages else None
    for key, value, shown in ((storage.PREFS_KEY, s["prefs"], True),
                              (storage.LANG_KEY, lang, True),
                              (storage.FORM_KEY, s["form"], False),
                              (storage.TIPS_KEY, s["tips_seen"], False),
                              (storage.CURRENT_KEY, s["current"] if s["current"] in ids else None,
                               False)):
        if value is None:
            continue
        if backend.get(key) is not None:
            out.settings_kept = out.settings_kept or shown
            continue
        out.writes[key] = value
        out.settings_taken = out.settings_taken or shown
        if key == storage.LANG_KEY:
            out.language = value
    if out.settings_taken:
        out.settings_kept = False


def stored_chars(backend: Any) -> int:
    """Characters of every key and value this site keeps in the backend (all of localStorage):
    in one call when the backend can (`size`)."""
    size = getattr(backend, "size", None)
    known = size() if size is not None else None
    if known is not None:
        return known
    total = 0
    for key in backend.keys():
        value = backend.get(key)
        total += len(key) + (len(value) if isinstance(value, str) else 0)
    return total


def is_quota_error(exc: Any) -> bool:
    """A full storage's refusal (QuotaExceededError, NS_ERROR_DOM_QUOTA_REACHED, ...), as an
    exception or as its text."""
    text = f"{getattr(exc, 'name', '')} {type(exc).__name__} {exc}"
    return "quota" in text.lower() or "full" in text.lower()


def apply(out: Plan, store: storage.Store, results: records.Results,
          quota: int = QUOTA_CHARS) -> int:
    """Write the plan, all or nothing; returns how many of the oldest finished games were
    dropped past records.MAX_RESULTS. DataError "full" when it would not fit (nothing written)
    or when the browser refuses a write (every key written before it taken back)."""
    backend = store.backend
    payload = out.payload()
    need = len(payload)
    full = {"need": need, "kb": -(-need // 1000)}
    if stored_chars(backend) + need > quota:
        raise DataError("shell.data.error.full", full)
    set_many = getattr(backend, "set_many", None)
    if set_many is not None:          # the page: one call, all or nothing, in the browser
        error = set_many(payload)
        if error is not None:
            _refused(error, full)
        return results.prune()
    written: list[str] = []
    try:
        for key, value in out.writes.items():
            backend.set(key, value if isinstance(value, str) else _dump(value))
            written.append(key)
    except Exception as exc:
        for key in written:
            backend.remove(key)
        _refused(exc, full)
    return results.prune()


def _refused(error: Any, full: dict) -> None:
    if is_quota_error(error):
        raise DataError("shell.data.error.full", full) from None
    raise DataError("shell.data.error.write", detail=str(error)[:200]) from None


# --- deleting ----------------------------------------------------------------------------------
def counts(store: storage.Store, results: records.Results) -> dict[str, int]:
    """How many saved and finished games this browser keeps (the delete question says it)."""
    return {"saves": len(store.ids()), "results": len(results.ids())}


def delete_everything(backend: Any) -> int:
    """Remove every key of the page (saved games, finished games, preferences, language, form,
    the game last played, and any key a later page adds under storage.PREFIX); how many."""
    keys = [k for k in backend.keys() if isinstance(k, str) and k.startswith(storage.PREFIX)]
    for key in keys:
        backend.remove(key)
    return len(keys)
