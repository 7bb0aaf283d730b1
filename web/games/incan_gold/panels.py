"""The players' panel (who is in, who went home, who has chosen, gems beside each tent, tents,
artifacts) and the log in words. Pure functions from a view dict to HTML.

Secrets stay secret because the view holds none: a tent the viewer may not see is None in the
view and is drawn closed; a choice is only `chosen` (yes/no) until the reveal, where the shell
passes the revealed choices explicitly.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Optional, Sequence

from incan_gold.kinds import Msg

from .art import icon_deco
from .look import Look, badge, e, who
from .path import is_over

T = Callable[..., str]


def _artifacts(values: Sequence[Any]) -> list[int]:
    return [int(v) for v in values or () if isinstance(v, (int, float)) and not isinstance(v, bool)]


def wealth(player: dict) -> Optional[int]:
    """Tent gems plus artifact values, when the tent is visible; else None."""
    tent = player.get("tent")
    if tent is None:
        return None
    return int(tent) + sum(_artifacts(player.get("artifacts")))


def _w(text: str) -> str:
    """Words that a compact row shows as a picture and a number: read out, and shown where the row
    has room (incan-gold.css)."""
    return f'<span class="ig-w">{text}</span>'


def _status(p: dict, t: T, revealed: Optional[str], waiting: bool) -> str:
    if revealed in ("torch", "camp"):
        word = t("ig.reveal.torch") if revealed == "torch" else t("ig.reveal.camp")
        return (f'<span class="ig-choice ig-choice-{revealed}" data-revealed="{revealed}" title="{word}">'
                f'{icon_deco(revealed, 16)}<b>{word}</b></span>')
    if not p.get("in_temple"):
        word = t("ig.player.home")
        return f'<span class="ig-state ig-state-home" title="{word}">{icon_deco("camp", 18)}{_w(word)}</span>'
    word = t("ig.player.in")
    inside = f'<span class="ig-state ig-state-in" title="{word}">{icon_deco("torch", 18)}{_w(word)}</span>'
    if not waiting:
        return inside
    if p.get("chosen"):
        word = t("ig.player.chosen")
        return inside + f'<span class="ig-chosen" data-chosen="yes" title="{word}">✓{_w(word)}</span>'
    word = t("ig.player.choosing")
    return inside + f'<span class="ig-chosen ig-choosing" data-chosen="no" title="{word}">…{_w(word)}</span>'


def _tent(p: dict, t: T, mine: bool) -> str:
    tent = p.get("tent")
    if tent is None:
        word = t("ig.player.tent_hidden")
        return (f'<span class="ig-tent ig-tent-hidden" data-tent="hidden" title="{word}">'
                f'{icon_deco("tent-hidden", 18)}{_w(word)}</span>')
    word = t("ig.player.tent_mine" if mine else "ig.player.tent", {"n": int(tent)})
    return (f'<span class="ig-tent" data-tent="{int(tent)}" title="{word}">{icon_deco("tent", 18)}'
            f'<b class="ig-n" aria-hidden="true">{int(tent)}</b>{_w(word)}</span>')


def player_html(i: int, p: dict, look: Look, t: T, *, viewer: Optional[int], start: bool,
                waiting: bool, revealed: Optional[str] = None, gain: Optional[int] = None,
                lost: bool = False) -> str:
    """One player's row: badge and name (with "starts" and "you"), inside or at camp (and who has
    chosen), gems beside the tent this round, the tent, artifacts. A compact row shows the last
    four as pictures and numbers, their words read out (and shown where the row has room)."""
    mine = viewer == i
    classes = ["ig-player", "ig-in" if p.get("in_temple") else "ig-home"]
    if mine:
        classes.append("ig-me")
    if lost:
        classes.append("ig-lost")
    gems = int(p.get("round_gems") or 0)
    gain_html = ""
    if gain:
        gain_html = f'<span class="ig-gain" data-gain="{gain}">+{gain}</span>'
    if lost:
        gain_html = f'<span class="ig-loss">{t("ig.player.lost")}</span>'
    round_word = t("ig.player.round_gems", {"n": gems})
    # caught inside: "lost!" takes the place of the count (the round's gems are still read out)
    count_html = "" if lost else f'<b class="ig-n" aria-hidden="true">{gems}</b>{icon_deco("turquoise", 14)}'
    arts = _artifacts(p.get("artifacts"))
    art_word = (t("ig.player.artifacts", {"n": len(arts), "values": " + ".join(str(v) for v in arts)})
                if arts else t("ig.player.no_artifacts"))
    arts_html = (f'<span class="ig-artifacts" data-artifacts="{len(arts)}" title="{art_word}">'
                 + (f'{icon_deco("artifact", 18)}<b class="ig-n" aria-hidden="true">{len(arts)}</b>' if arts
                    else '<span class="ig-n ig-none" aria-hidden="true">–</span>')
                 + f'{_w(art_word)}</span>')
    worth = wealth(p)
    worth_html = (f'<span class="ig-wealth">{t("ig.player.wealth", {"n": worth})}</span>'
                  if worth is not None else "")
    tags = []
    if start:
        word = t("ig.player.start")
        tags.append(f'<span class="ig-tag ig-start" title="{word}">★{_w(" " + word)}</span>')
    if mine:
        tags.append(f'<span class="ig-tag ig-you">{t("ig.player.you")}</span>')
    return (f'<li class="{" ".join(classes)}" data-seat="{i}" style="border-left-color:{look.colour}">'
            f'<div class="ig-pname">{badge(look, 22)}<b class="ig-name">{who(look)}</b>{"".join(tags)}</div>'
            f'<div class="ig-pstate">{_status(p, t, revealed, waiting)}</div>'
            f'<div class="ig-beside" data-round-gems="{gems}" title="{round_word}">'
            f'{count_html}{_w(round_word)}{gain_html}</div>'
            f'<div class="ig-camp">{_tent(p, t, mine)}{arts_html}{worth_html}</div></li>')


def waiting_for_choices(view: dict) -> bool:
    """Whether the players still inside are being asked (some may have chosen already)."""
    if is_over(view):
        return False
    return any(p.get("in_temple") for p in view.get("players", ()))


def players_html(view: dict, looks: Sequence[Look], t: T, *, viewer: Optional[int],
                 revealed: Optional[Mapping[int, str]] = None, gains: Optional[Mapping[int, int]] = None,
                 lost: Sequence[int] = (), waiting: Optional[bool] = None,
                 rows: Optional[dict] = None) -> str:
    """Every player, in seat order. `waiting` False: nobody is choosing (a reveal is playing).
    `rows`: the rows drawn for the same looks and viewer (a reveal's frames), kept by what they
    show: a row that did not change is not drawn again."""
    start = view.get("start_player")
    if waiting is None:
        waiting = waiting_for_choices(view)
    waiting = waiting and not revealed
    items = []
    for i, p in enumerate(view.get("players", ())):
        shows = (i, i == start, waiting, (revealed or {}).get(i), (gains or {}).get(i), i in lost)
        key = (shows, repr(p)) if rows is not None else None
        row = rows.get(key) if rows is not None else None
        if row is None:
            row = player_html(i, p, looks[i], t, viewer=viewer, start=shows[1], waiting=waiting,
                              revealed=shows[3], gain=shows[4], lost=shows[5])
            if rows is not None:
                rows[key] = row
        items.append(row)
    n = len(items)
    return (f'<section class="ig-players" aria-label="{t("ig.players.title")}">'
            f'<ol class="ig-player-list" data-players="{n}">{"".join(items)}</ol></section>')


def event_html(event: Any, t: T, cache: Optional[dict] = None) -> str:
    """One event ([id, params]) in words; anything malformed is shown as its id, as text.
    `cache` (a dict kept for the game on screen) saves rendering the same event twice: a long
    log is most of a render's time otherwise."""
    if isinstance(event, dict):
        event = [event.get("id"), event.get("params")]
    if not isinstance(event, (list, tuple)) or not event or not isinstance(event[0], str):
        return e(event)
    params = event[1] if len(event) > 1 and isinstance(event[1], dict) else {}
    if cache is None:
        return t(event[0], params)
    key = (event[0], repr(sorted(params.items())))
    html = cache.get(key)
    if html is None:
        if len(cache) > 4000:
            cache.clear()
        html = cache[key] = t(event[0], params)
    return html


def revealed_reasons(public: Sequence[Any], reasons: Sequence[Any], over: bool) -> list[tuple[int, Any]]:
    """The bots' reasons ([index in the public log when the bot chose, event]) that may be shown:
    a reason tells the bot's choice, so it waits until a reveal follows it in the public log (or
    the game is over). Returns (public index, event) pairs."""
    reveals = [i for i, ev in enumerate(public) if isinstance(ev, (list, tuple)) and ev and ev[0] == Msg.REVEAL]
    last = reveals[-1] if reveals else -1
    out = []
    for item in reasons or ():
        if isinstance(item, (list, tuple)) and len(item) == 2 and type(item[0]) is int:
            if over or item[0] < last:
                out.append((item[0], _own_id(item[1])))
    return out


def _own_id(reason: Any) -> Any:
    """A reason in the game's own ids: games saved before each game had a catalogue of its own
    keep the bare ids of then ("reason_hard" for "ig.reason_hard")."""
    if isinstance(reason, list) and reason and isinstance(reason[0], str) and "." not in reason[0]:
        return ["ig." + reason[0], *reason[1:]]
    return reason


def log_html(events: Sequence[Any], t: T, *, new_from: Optional[int] = None,
             reasons: Sequence[tuple[int, Any]] = (), public: Optional[Sequence[Any]] = None,
             cache: Optional[dict] = None) -> str:
    """The log, oldest first; lines from `new_from` on marked new; bots' reasons ((index in the
    public log, event), see `revealed_reasons`) slotted in after the public line they explain.
    `events` is the viewer's log: the public one (`public`) with the viewer's own lines among it."""
    at: dict[int, list[str]] = {}
    for index, event in reasons or ():
        at.setdefault(index, []).append(event_html(event, t, cache))
    public = list(events or ()) if public is None else list(public)
    lines = []
    j = 0                       # the index in the public log of the next public line
    for i, ev in enumerate(events or ()):
        cls = ' class="new"' if new_from is not None and i >= new_from else ""
        lines.append(f"<li{cls}>{event_html(ev, t, cache)}</li>")
        if j < len(public) and ev == public[j]:
            for text in at.pop(j, ()):
                lines.append(f'<li class="reason">↳ {text}</li>')
            j += 1
    for index in sorted(at):    # reasons past the end (a log cut short): at the bottom
        lines += [f'<li class="reason">↳ {text}</li>' for text in at[index]]
    return (f'<section class="ig-log"><h3>{t("ig.log.title")}</h3>'
            f'<ol class="log-lines ig-log-lines" aria-live="off">{"".join(lines)}</ol></section>')
