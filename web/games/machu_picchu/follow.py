"""Following the play: what happened since a person's last turn, step by step, from the engine.

The steps (follow_steps.py) are drawn from the public events the engine logged for each action;
here they become the board's marks of what the others gained where (`goods_marks`) and the
"since your last turn" summary (`summary_html`), in words from the catalogue (ids "mp.since.*",
"mp.did.*").
"""

from __future__ import annotations

from html import escape
from typing import Any, Optional

from machu_picchu import data as D

from kit.markup import Html

from .follow_steps import MAX_STEPS, steps_from, steps_since  # noqa: F401 (the hooks' and tests' way in)
from .words import count, good_name, t

DECLINES = ("produce 0", "sacrifice 0", "offer nothing", "hire nobody", "acquire nothing",
            "sunclock nobody", "claim nothing", "done")
# The ids of what an action's text names, worded by the catalogue ("mp.<kind>.<id>"), as the log
# words them: one place for each name.
NAMED = {"district": D.DISTRICTS, "tile": D.MOON_IDS, "row": D.ROWS, "prof": D.PROFESSIONS}


def _name(kind: str, value: str) -> str:
    """A district, moon tile, row or profession by its id, in the catalogue's words (an
    unknown id as it is, escaped)."""
    return t(f"mp.{kind}.{value}") if value in NAMED[kind] else Html(escape(value))


def night_now(view: dict) -> bool:
    """The night is being played (a moon tile or Sun Clock decision between two days)."""
    return (not view.get("over") and view.get("sun_tile") is not None
            and not view.get("final_turns"))


# --- where it happened: what the others gained or traded, by district ------------------------
TEMPLE_IDS = tuple(D.DISTRICTS[d] for d in D.TEMPLES)


def goods_marks(steps: list[dict], viewer: Optional[int]) -> dict[str, dict[int, dict]]:
    """What the others gained where it happened, for the board: goods at a production district
    (a bonus, farmers, production), steps at a temple (its stones, a sacrifice, an offering),
    Incas at the Hut or the Palace, a Priest or Virgin at its House, and the trades at the
    Central Plaza. district -> seat -> {"gain": {good, "step", "Inca" or row: n},
    "sold": {good: n}, "bought": {good: n}, "at": the history index of the last of them}.
    The viewer's own actions are left out (they saw them); nights are not (their summary)."""
    marks: dict[str, dict[int, dict]] = {}

    def mark(d: Any, seat: int, kind: str, what: str, n: Any, at: int) -> None:
        if seat == viewer or not isinstance(d, str) or not isinstance(n, int) or n <= 0:
            return
        entry = marks.setdefault(d, {}).setdefault(seat, {"gain": {}, "sold": {}, "bought": {}})
        entry[kind][what] = entry[kind].get(what, 0) + n
        entry["at"] = at

    for st in steps:
        if st.get("night"):
            continue
        verb, _, arg = st["text"].partition(" ")
        seat, at, where = st["seat"], st.get("at", 0), st.get("where")
        mine = st["changes"].get(seat, {})
        if verb in ("move", "travel") and arg in D.GOODS:      # a bonus, and the farmers' corn
            for s, c in st["changes"].items():
                mark(arg, s, "gain", arg, c.get(arg, 0), at)
        elif verb in ("move", "travel") and arg in TEMPLE_IDS:  # its temple stones
            mark(arg, seat, "gain", "step", mine.get("steps", 0), at)
        elif verb == "produce" and where in D.GOODS:
            mark(where, seat, "gain", where, mine.get(where, 0), at)
        elif verb in ("sacrifice", "offer"):
            mark(where, seat, "gain", "step", mine.get("steps", 0), at)
        elif verb == "hire":
            mark(where, seat, "gain", "Inca", mine.get("incas", 0), at)
        elif verb == "acquire" and arg in D.ROWS:
            mark(where, seat, "gain", arg, mine.get("cards", 0), at)
        elif verb in ("buy", "sell") and arg in D.GOODS:
            mark("plaza", seat, "bought" if verb == "buy" else "sold", arg, 1, at)
    return marks


# --- words --------------------------------------------------------------------------------------
def start_note(view: dict) -> str:
    """On the first day of a game that skips days (3 or more players, the learning variant):
    why it begins on that day, where the day is shown beside the decision."""
    start, day, last = view.get("start_day", 1), view.get("day"), view.get("last_day", D.LAST_DAY)
    if not isinstance(start, int) or start <= 1 or day != start:
        return ""
    players = len(view.get("players") or ())
    learning = start != D.START_DAY.get(players, start)
    msg = "mp.start.learning" if learning else "mp.start.players"
    return (f'<p class="start-note">'
            + t(msg, start=start, players=players, last=last, days=last - start + 1) + "</p>")


def _changes_words(changes: dict[str, int]) -> str:
    """'+2 llamas, −1 corn, +4 steps' (escaped HTML)."""
    parts = []
    for key in (*D.GOODS, "steps", "incas", "cards"):
        v = changes.get(key)
        if v:
            noun = {"steps": "step", "incas": "Inca", "cards": "card"}.get(key, key)
            parts.append(("+" if v > 0 else "−") + count(abs(v), noun))
    return Html(", ".join(parts))


def _items(arg: str) -> str:
    return Html(", ".join(good_name(i) if i in D.GOODS else _name("prof", i)
                          for i in arg.split("+")))


# The summary's "mp.did.*" and the log's "mp.ev.*" tell the same actions, yet stay two sets: the
# summary lists what a player did under their name, or "you" ("Bob: moved to the Hut; sold 1
# llama"), so past tense and no subject (no agreement to make with "you"), from the action's
# public text; the log says each event as a sentence with its subject, in the present, with what
# the engine worked out (the price, the steps, what was produced). What they name (districts,
# tiles, rows, professions, goods, counts) comes from the one set ("mp.district.*", "mp.n.*").
def did_words(text: str) -> str:
    """An action in words, as a player tells it ("moved to the Central Plaza"); a card put back
    is only counted (which one is secret)."""
    verb, _, arg = text.partition(" ")
    if verb in ("move", "travel"):
        return t("mp.did." + verb, district=_name("district", arg))
    if verb == "stay":
        return t("mp.did.stay", tile=_name("tile", arg))
    if verb == "place":
        return t("mp.did.place", profession=_name("prof", arg))
    if verb in ("produce", "sacrifice"):
        return t("mp.did." + verb, n=int(arg) if arg.isdigit() else 0)
    if verb in ("offer", "hire", "take", "claim"):
        return t("mp.did." + verb, items=_items(arg))
    if verb == "acquire":
        return t("mp.did.acquire", row=_name("row", arg))
    if verb in ("buy", "sell"):
        return t("mp.did." + verb, good=good_name(arg) if arg in D.GOODS else arg)
    if verb == "adjust":
        good = arg[1:]
        return t("mp.did.adjust_add" if arg.startswith("+") else "mp.did.adjust_remove",
                 good=good_name(good) if good in D.GOODS else good)
    if verb == "sunclock":
        return t("mp.did.sunclock", profession=_name("prof", arg))
    if verb == "return":
        return t("mp.did.return", n=len(arg.split()))
    return t("mp.did.other")


def _for(tr: Any, viewer: Optional[int]) -> Any:
    """`tr` that says a line about the viewer in the second person: the catalogue's
    "<id>_you" entry when the line's seat is the viewer's ("You", "Your moon tiles ...")."""
    def say(msg_id: str, params: dict) -> str:
        if viewer is not None and params.get("seat") == viewer:
            return tr(msg_id + "_you", params)
        return tr(msg_id, params)
    return say


def _night_html(night: dict, tr: Any, changes: dict) -> str:
    lines = []
    for s, tiles in sorted(night["tiles"].items()):
        lines.append(tr("mp.since.night_tiles", {"seat": s,
                        "tiles": Html(", ".join(_name("tile", x) for x in tiles))}))
    for s, k in sorted(night["sunclock"].items()):
        lines.append(tr("mp.since.night_sunclock", {"seat": s, "n": k}))
    for s, c in sorted(changes.items()):
        words = _changes_words({k: v for k, v in c.items() if k != "incas"})  # back to supply
        if words:
            lines.append(tr("mp.since.night_gains", {"seat": s, "what": words}))
    lines.append(tr("mp.since.night_bonus", {}))
    if night.get("new_day") is not None and night.get("starts") is not None:
        lines.append(tr("mp.since.night_starts", {"day": night["new_day"], "seat": night["starts"]}))
    return ('<li class="since-night" data-night="1"><b>'
            + tr("mp.since.night", {"day": night["after_day"]}) + "</b><ul>"
            + "".join(f"<li>{line}</li>" for line in lines) + "</ul></li>")


def summary_html(steps: list[dict], tr: Any, styles: list, viewer: Optional[int] = None) -> str:
    """The "since your last turn" panel: one line per player's run of actions (what they did,
    what it gave them and others), the night in a block of its own (tiles paid, Sun Clock
    returns, bonuses, who starts the next day). `tr(msg_id, params)`: the words of the game on
    screen, players' names included (ctx.t); the `viewer`'s own lines say "You"."""
    from kit.seats import seat_badge
    tr = _for(tr, viewer)
    items: list[str] = []
    run: list[dict] = []
    night: Optional[dict] = None
    night_changes: dict[int, dict[str, int]] = {}

    def flush_run() -> None:
        if not run:
            return
        seat = run[0]["seat"]
        parts = []
        others: dict[int, dict[str, int]] = {}
        for st in run:
            mine = st["changes"].get(seat, {})
            words = did_words(st["text"])
            delta = _changes_words(mine)
            parts.append(words + (f' <span class="delta">({delta})</span>' if delta else ""))
            if not st.get("night"):
                for s, c in st["changes"].items():
                    if s != seat:
                        acc = others.setdefault(s, {})
                        for k, v in c.items():
                            acc[k] = acc.get(k, 0) + v
        extra = [tr("mp.since.also", {"seat": s, "what": w}) for s, c in sorted(others.items())
                 if (w := _changes_words(c))]
        if parts or extra:
            who = tr("mp.since.who", {"seat": seat})
            badge = seat_badge(styles, seat, 16) if 0 <= seat < len(styles) else ""
            items.append(f'<li data-seat="{seat}">{badge} <b>{who}</b>: '
                         + "; ".join(parts + extra) + "</li>")
        run.clear()

    for st in steps:
        if st["text"] in DECLINES and not st.get("night") and not st["changes"]:
            continue
        if st.get("night"):
            if st["night"].get("ends_day"):
                if run and run[-1]["seat"] != st["seat"]:
                    flush_run()
                run.append(dict(st, changes={}, night=None))
            flush_run()
            if night is None:
                night = dict(st["night"])
                night_changes = {}
            else:
                night["starts"] = st["night"].get("starts") or night.get("starts")
                night["new_day"] = st["night"].get("new_day") or night.get("new_day")
            for s, c in st["changes"].items():
                acc = night_changes.setdefault(s, {})
                for k, v in c.items():
                    acc[k] = acc.get(k, 0) + v
            if night.get("new_day") is not None:
                items.append(_night_html(night, tr, night_changes))
                night = None
            continue
        if run and run[-1]["seat"] != st["seat"]:
            flush_run()
        run.append(st)
    flush_run()
    if night is not None:
        items.append(_night_html(night, tr, night_changes))
    if not items:
        return ""
    return (f'<h3>{tr("mp.since.title", {})}</h3><ol class="since">' + "".join(items) + "</ol>")
