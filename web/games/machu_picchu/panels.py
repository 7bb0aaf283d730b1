"""Machu Picchu's panels as HTML strings: status line, player panels, own cards, log, end screen.
Pure functions: every interpolated text is escaped here. (The home, pass screen and dialogs are
the shell's: web/shell/screens.py.)
"""

from __future__ import annotations

from typing import Any, Optional, Sequence

from machu_picchu import data as D

from kit.seats import seat_badge, style_seats  # noqa: F401 (style_seats: for the tests)
from kit.svg import bdi as nm, esc, text_html

from .cards import card_svg
from .icons import goods_icon
from .charts import stats_html
from kit.markup import Html

from machu_picchu.events import DAY_IDS, PRIVATE_IDS

from .words import count, event_html, good_name, hint_text, join, t
from .controls_parts import card_caption, MOON_LABEL, tile_name, PROFESSION_GOOD, PROFESSION_LABEL, district_name, plural

LEVEL_LABEL = {"random": "random", "easy": "easy", "medium": "medium", "hard": "hard"}
END_REASONS = ("priests", "cards", "conquest")   # their words: the catalogue's mp.end.<reason>


def who(seats: Sequence[dict], seat: int) -> str:
    """'Ann' or 'Bot 2 (medium bot)' (escaped)."""
    s = seats[seat]
    if s["type"] == "bot":
        return f"{nm(s['name'])} <small>({esc(LEVEL_LABEL.get(s['level'], s['level']))} bot)</small>"
    return nm(s["name"])


# --- status line -------------------------------------------------------------------------------
def status_html(view: dict, seats: Sequence[dict], bseats: list, *, viewer: Optional[int],
                thinking: Optional[int]) -> str:
    """Who must decide what, in words."""
    if view.get("over"):
        winners = (view.get("result") or {}).get("winners", [])
        names = join([Html(nm(seats[w]["name"])) for w in winners])
        return f'<span class="status-text">{t("mp.status.over", names=names, n=len(winners))}</span>'
    prompt = view.get("prompt") or {}
    seat = prompt.get("seat")
    if seat is None:
        return ""
    kind = prompt.get("kind")
    name = nm(seats[seat]["name"])
    badge = seat_badge(bseats, seat, 20)
    active = prompt.get("active")
    during = ""
    if active is not None and active != seat and kind not in ("setup",):
        during = f" <small>{t('mp.status.during', name=Html(nm(seats[active]['name'])))}</small>"
    district = t("mp.district." + prompt["district"]) if prompt.get("district") in D.DISTRICT_NAMES else ""
    if kind == "turn" and prompt.get("first_turn"):
        what = t("mp.status.what.first_turn")
    elif kind in STATUS_KINDS:
        what = t("mp.status.what." + kind, district=district, n=prompt.get("put_back", 2))
    else:
        what = t("mp.status.what.other", kind=kind)
    bot = f' <small>{t("mp.status.bot")}</small>'
    if thinking == seat:
        return (f'<span class="thinking" data-thinking-seat="{seat}"><span class="spinner" aria-hidden="true"></span>'
                f'{badge} <b>{name}</b>{bot} {t("mp.status.thinking", what=what)}{during}</span>')
    if seats[seat]["type"] == "bot":
        return f'<span class="status-text">{badge} <b>{name}</b>{bot} {what}.{during}</span>'
    you = f' {t("mp.status.you")}' if viewer == seat else ""
    return f'<span class="status-text">{badge} <b>{name}</b>{you} {what}.{during}</span>'


STATUS_KINDS = ("setup", "turn", "produce", "sacrifice", "offer", "hire", "acquire", "market",
                "sunclock", "take", "return", "claim")


def topinfo_html(view: dict) -> str:
    """Day, moon tiles taken, deck and priests left: always-visible game facts."""
    if view is None:
        return ""
    deck = (f'<span title="{t("mp.top.deck_title", n=view["deck"])}">{t("mp.top.deck")} '
            f'<b>{view["deck"]}</b></span>')
    if view.get("over"):
        return f'<span>{t("mp.top.over")} <b>{view["day"]}</b></span>{deck}'
    last, taken = view["last_day"], view["tiles_today"]
    day_title = (t("mp.top.day_title_start", last=last, start=view["start_day"])
                 if view.get("start_day", 1) > 1 else t("mp.top.day_title", last=last))
    if taken < 3:
        tiles = (f'<span title="{t("mp.top.tiles_title")}">{t("mp.top.tiles")} <b>{taken}</b>/3</span>')
    else:   # the 3rd tile ended the day; the last turns may take more: say how many there are
        tiles = (f'<span title="{t("mp.top.tiles_over_title", n=taken)}">{t("mp.top.tiles")} '
                 f'<b>{taken}</b></span>')
    parts = [f'<span title="{day_title}">{t("mp.top.day")} <b>{view["day"]}</b>/{last}</span>',
             tiles, deck,
             f'<span title="{t("mp.top.priests_title", n=view["priests_left"])}">{t("mp.top.priests")} '
             f'<b>{view["priests_left"]}</b></span>']
    if view.get("final_turns"):   # the most urgent fact: beside the day, before what may be cut
        parts.insert(1, f'<span class="warn" title="{t("mp.top.final_title", n=view["final_turns"])}">'
                     f'{t("mp.top.final")} <b>{view["final_turns"]}</b></span>')
    return " ".join(parts)


# --- player panels -----------------------------------------------------------------------------
def _flag(name: str, extra: str = "") -> str:
    return (f'<span class="flag {name}" title="{t("mp.flag." + name + "_title")}">{extra}'
            f'{t("mp.flag." + name)}</span>')


def _fact(name: str, n: int) -> str:
    """'Cards 3', its tooltip the fact in words ("3 sacrifice cards held ...")."""
    return f'<span title="{t("mp.player." + name + "_title", n=n)}">{t("mp.player." + name)} <b>{n}</b></span>'


def players_html(view: dict, seats: Sequence[dict], bseats: list, *, viewer: Optional[int],
                 thinking: Optional[int]) -> str:
    prompt = view.get("prompt") or {}
    deciding = prompt.get("seat")
    out = []
    tiles_title = (t("mp.player.tiles_title_last", day=view["day"])
                   if view.get("day") == view.get("last_day") else t("mp.player.tiles_title"))
    for i, p in enumerate(view["players"]):
        flags = []
        if i == deciding:
            flags.append(_flag("deciding"))
        if i == view.get("active") and not view.get("over"):
            flags.append(_flag("turn"))
        if view.get("sun_tile") == i:
            flags.append(_flag("sun"))
        if i == view.get("start_player"):
            flags.append(_flag("first"))
        if thinking == i:
            flags.append(_flag("thinking", '<span class="spinner"></span>'))
        # the icons carry no tooltip of their own: the span's fact shows ("corn: 7")
        goods = "".join(
            f'<span class="good" title="{t("mp.player.goods_title", good=good_name(g), n=p["goods"][g])}">'
            f'{goods_icon(g, 18, tooltip=False)}<b>{p["goods"][g]}</b></span>'
            for g in D.GOODS)
        incas = "".join(
            f'<span class="inca" title="{t("mp.player.incas_title", profs=t("mp.profs." + prof), district=t("mp.district." + PROFESSION_GOOD[prof]), n=n)}">'
            f'{goods_icon(PROFESSION_GOOD[prof], 14, tooltip=False)}{n}</span>'
            for prof, n in p["incas"].items())
        priests = p["priests"]
        tiles = join([tile_name(x) for x in p["moon_tiles"]]) or t("mp.player.moon_none")
        pend = p.get("pending") or {}
        pending = ""
        if pend.get("corn") or pend.get("llama"):
            due = " ".join("+" + count(pend[g], g) for g in ("corn", "llama") if pend.get(g))
            pending = f' <small title="{t("mp.player.due_title")}">({t("mp.player.due", goods=due)})</small>'
        kind = t("mp.player.you") if viewer == i else (
            t("mp.player.bot", level=t("mp.level." + str(seats[i]["level"])) if seats[i]["level"] in LEVEL_LABEL
              else seats[i]["level"]) if seats[i]["type"] == "bot" else t("mp.player.human"))
        prince = t("mp.district." + p["prince"]) if p["prince"] else t("mp.player.prince_none")
        classes = ["player"] + (["is-deciding"] if i == deciding else []) + (["is-viewer"] if viewer == i else [])
        out.append(
            f'<article class="{" ".join(classes)}" data-seat="{i}">'
            f'<header>{seat_badge(bseats, i, 22)}<b class="pname">{nm(p["name"])}</b>'
            f'<small class="pkind">{kind}</small>{"".join(flags)}</header>'
            f'<div class="goods">{goods}</div>'
            f'<div class="facts">'
            + _fact("supply", p["supply"])
            + f'<span class="incas" title="{t("mp.player.incas_group")}">{incas}</span>'
            + (_fact("sunclock", p["sunclock"]) if p["sunclock"] else "")
            + _fact("cards", p["cards"])
            + f'<span title="{t("mp.player.priests_title", condor=priests["condor"], puma=priests["puma"])}">'
            f'{t("mp.player.priests")} {t("mp.player.priest_condor")} <b>{priests["condor"]}</b>, '
            f'{t("mp.player.priest_puma")} <b>{priests["puma"]}</b></span>'
            + _fact("virgins", priests["virgin"])
            + f'<span title="{t("mp.player.scout_title", n=p["trail"])}">{t("mp.player.scout")} <b>{p["trail"]}</b>/20{pending}</span>'
            f'<span title="{tiles_title}">{t("mp.player.moon")} {tiles}</span>'
            f'<span title="{t("mp.player.prince_title")}">{t("mp.player.prince")} {prince}</span>'
            + (_fact("summit_vp", p["summit_vp"]) if p.get("summit_vp") else "")
            + "</div></article>")
    return "".join(out)


# --- own cards ---------------------------------------------------------------------------------
def hand_html(view: dict, seats: Sequence[dict], viewer: Optional[int]) -> str:
    if viewer is None:
        return f'<p class="muted">{t("mp.hand.secret")}</p>'
    me = view["players"][viewer]
    hand = me.get("hand", [])
    drawn = set(me.get("drawn", []))
    name = Html(nm(seats[viewer]["name"]))
    title = f'{t("mp.hand.title", name=name)} <small>{t("mp.hand.only", name=name)}</small>'
    if not hand:
        return f'<h3>{title}</h3><p class="muted">{t("mp.hand.none")}</p>'
    new = " · " + t("mp.card.new")
    cards = "".join(
        f'<figure class="card{" drawn" if c in drawn else ""}" title="{t("mp.card.title", caption=card_caption(c))}">'
        f'{card_svg(c)}<figcaption>{card_caption(c)}{new if c in drawn else ""}</figcaption></figure>'
        for c in hand)
    return f'<h3>{title}</h3><div class="cards">{cards}</div>{score_now_html(me.get("score_now"))}'


def score_now_html(now: Optional[dict]) -> str:
    """What the viewer's cards would score if the game ended now, source by source."""
    if not now:
        return ""
    label = dict(source_rows())
    parts = " · ".join(f"{label.get(k, esc(k))} {v}" for k, v in now["vp_by_source"].items() if v)
    return (f'<p class="score-now" title="{t("mp.score_now.title")}">{t("mp.score_now.text")} '
            f'<b>{t("mp.score_now.vp", n=now["vp"])}</b> {t("mp.score_now.and")} '
            f'<b>{t("mp.score_now.gold", n=now["gold"])}</b>{f" <small>({parts})</small>" if parts else ""}</p>')


# --- log ---------------------------------------------------------------------------------------
def merge_reasons(lines: list, public: list, reasons: list, show: bool,
                  new_from: Optional[int] = None) -> list[tuple[str, Any]]:
    """The log's events with the bots' reasons slotted in after the public event they explain.

    `reasons` holds [public event index, reason] (a reason: the bots' structured reason, see
    `reason_html`, or the text saves kept before); `public` is the public log, which is a
    subsequence of `lines` (the seat's own log adds private events). Entries from index
    `new_from` on are marked "new" (what happened since the viewer last decided)."""
    at: dict[int, list[str]] = {}
    if show:
        for idx, text in reasons:
            at.setdefault(idx, []).append(text)
    out = []
    j = 0
    for i, line in enumerate(lines):
        out.append(("new" if new_from is not None and i >= new_from else "", line))
        if j < len(public) and line == public[j]:
            for text in at.get(j, ()):
                out.append(("reason", text))
            j += 1
    return out


def reason_html(reason: Any, names: Sequence[str] = ()) -> str:
    """A bot's reason in words about the bot ("its cards show ..."): its structured reason
    ([kind, params], from machu_picchu.bots.reasons.why, packed by `bot_reason`) worded as the
    hints are; a text kept by an older save as it is, names isolated."""
    if isinstance(reason, (list, tuple)):
        from . import unpack_reason
        return hint_text(unpack_reason(reason), who="bot")
    return text_html(reason, names)


def log_html(entries: list[tuple[str, Any]], names: Sequence[str] = ()) -> str:
    """The log (events worded from the catalogue); every player name in it isolated (<bdi>)."""
    items = []
    for cls, event in entries:
        if cls == "reason":
            items.append(f'<li class="reason">↳ {t("mp.log.bot")} {reason_html(event, names)}</li>')
            continue
        classes = [cls] if cls else []
        title = ""
        eid = event[0] if isinstance(event, (list, tuple)) and event else None
        if eid in PRIVATE_IDS:
            classes.append("private")
            title = f' title="{t("mp.log.private")}"'
        elif eid in DAY_IDS:
            classes.append("day")
        if cls == "new" and not title:
            title = f' title="{t("mp.log.new")}"'
        attr = f' class="{" ".join(classes)}"' if classes else ""
        items.append(f'<li{attr} data-ev="{esc(str(eid or ""))}">{event_html(event, names)}</li>')
    return (f'<h3>{t("mp.log.title")} <small>{t("mp.log.note")}</small></h3>'
            f'<ol class="log-lines" aria-live="off" tabindex="0" aria-label="{t("mp.log.label")}">'
            + "".join(items) + "</ol>")


# --- end screen --------------------------------------------------------------------------------
SOURCE_KEYS = ("corn", "llama", "coca", "pottery", "cloth", "condor", "puma", "sun", "trail", "summits")


def source_rows() -> list[tuple[str, str]]:
    """(key, escaped label) of the score sheet's rows, in the page's language (asked at each
    drawing: words kept at import would stay in the language of the build's memory snapshot)."""
    return [(key, t("mp.end.src." + key)) for key in SOURCE_KEYS]


def end_html(view: dict, seats: Sequence[dict], bseats: list, stats: Optional[dict] = None) -> str:
    """The final score sheet, every hand and (given `stats`, from
    `machu_picchu.game_stats`) the charts and counters of how the game went."""
    result = view.get("result") or {}
    winners = result.get("winners", [])
    rows = result.get("seats", [])
    n = len(view["players"])
    names = join([Html(nm(seats[w]["name"])) for w in winners])
    best = rows[winners[0]]["final"] if winners and rows else 0
    head = "".join(f'<th scope="col">{seat_badge(bseats, i, 18)} {nm(seats[i]["name"])}'
                   f'{" " + t("mp.end.winner") if i in winners else ""}</th>' for i in range(n))
    body = []
    for key, label in source_rows():
        cells = "".join(f"<td>{rows[i]['vp_by_source'].get(key, 0)}</td>" for i in range(n))
        body.append(f'<tr><th scope="row">{t("mp.end.src." + key)}</th>{cells}</tr>')
    def line(label, fn, cls=""):
        cells = "".join(f"<td>{fn(rows[i])}</td>" for i in range(n))
        return f'<tr class="{cls}"><th scope="row">{label}</th>{cells}</tr>'
    body.append(line(t("mp.end.vp"), lambda r: r["vp"], "sum"))
    body.append(line(t("mp.end.gold"), lambda r: r["gold"]))
    body.append(line(t("mp.end.multiplier"), lambda r: f"×{r['multiplier']}"))
    body.append(line(t("mp.end.final"), lambda r: f"<b>{r['final']}</b>", "final"))
    body.append(line(t("mp.end.tiebreak"), lambda r: r["tiebreak"]))
    hands = "".join(
        f'<div class="end-hand"><h4>{seat_badge(bseats, i, 18)} '
        f'{t("mp.end.hand", name=Html(nm(seats[i]["name"])), n=len(p.get("hand", [])))}</h4><div class="cards small">'
        + "".join(f'<figure class="card" title="{card_caption(c)}">{card_svg(c, small=True)}'
                  f"<figcaption>{card_caption(c)}</figcaption></figure>" for c in p.get("hand", []))
        + "</div></div>" for i, p in enumerate(view["players"]))
    headline = t("mp.end.wins" if len(winners) == 1 else "mp.end.share", names=names, n=best)
    reason = view.get("end_reason")
    reason_text = t("mp.end." + reason) if reason in END_REASONS else esc(reason or "")
    return (f'<section class="end-panel" aria-label="{t("mp.end.label")}"><h2>★ {headline}</h2>'
            f'<p class="end-reason">{reason_text}</p>'
            f'<div class="table-wrap"><table class="score"><thead><tr><th>{t("mp.end.score")}</th>{head}</tr></thead>'
            f'<tbody>{"".join(body)}</tbody></table></div><!--end-buttons-->'
            f'<h3>{t("mp.end.hands")}</h3><div class="end-hands">{hands}</div>'
            f'{stats_html(stats, seats, bseats) if stats else ""}</section>')
