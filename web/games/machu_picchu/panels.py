"""The page's panels as HTML strings: status line, player panels, own cards, log, end screen,
home screen, pass screen, dialogs. Pure functions: every interpolated text is escaped here.
"""

from __future__ import annotations

from html import escape
from typing import Any, Optional, Sequence

from machu_picchu import data as D

from .board import SEAT_STYLES, card_svg, goods_icon, seat_badge
from .charts import stats_html
from .controls import MOON_LABEL, PROFESSION_GOOD, PROFESSION_LABEL, district_name, plural
from shell.storage import LEVELS, PACES

LEVEL_LABEL = {"random": "random", "easy": "easy", "medium": "medium", "hard": "hard"}
END_TEXT = {
    "priests": "Machu Picchu is rescued: all 15 Priests and Virgins were taken.",
    "cards": "Machu Picchu is rescued: the sacrifice deck ran out.",
    "conquest": "Day 9 is over: the Spanish conquer Machu Picchu (gold multiplies the points).",
}
PACE_LABEL = {"instant": "Instant", "quick": "Quick", "normal": "Normal", "slow": "Slow"}


def esc(value: Any) -> str:
    return escape(str(value), quote=True)


def style_seats(seats: Sequence[dict]) -> list[dict]:
    """What the board views take as `seats`: each seat's colour/letter/shape, and its player's name."""
    out = []
    for s in seats:
        style = dict(SEAT_STYLES[s["style"]])
        style["colour_name"] = style["name"]
        style["name"] = s["name"]
        out.append(style)
    return out


def who(seats: Sequence[dict], seat: int) -> str:
    """'Ann' or 'Bot 2 (medium bot)' (escaped)."""
    s = seats[seat]
    if s["type"] == "bot":
        return f"{esc(s['name'])} <small>({esc(LEVEL_LABEL.get(s['level'], s['level']))} bot)</small>"
    return esc(s["name"])


# --- status line -------------------------------------------------------------------------------
def status_html(view: dict, seats: Sequence[dict], bseats: list, *, viewer: Optional[int],
                thinking: Optional[int]) -> str:
    """Who must decide what, in words."""
    if view.get("over"):
        result = view.get("result") or {}
        names = " and ".join(esc(seats[w]["name"]) for w in result.get("winners", []))
        return f'<span class="status-text">Game over: {names} win{"s" if len(result.get("winners", [])) == 1 else ""}.</span>'
    prompt = view.get("prompt") or {}
    seat = prompt.get("seat")
    if seat is None:
        return ""
    kind = prompt.get("kind")
    name = esc(seats[seat]["name"])
    badge = seat_badge(bseats, seat, 20)
    active = prompt.get("active")
    during = ""
    if active is not None and active != seat and kind not in ("setup",):
        during = f" <small>(during {esc(seats[active]['name'])}'s turn)</small>"
    what = {
        "setup": "places a first Inca",
        "turn": "takes a turn: move, travel or stay" if not prompt.get("first_turn")
                else "places the Prince on a first district",
        "produce": f"decides how many Incas produce at the {district_name(prompt.get('district', ''))}",
        "sacrifice": f"decides whether to sacrifice llamas at the {district_name(prompt.get('district', ''))}",
        "offer": "decides what to offer at the Main Temple",
        "hire": f"sets up Incas at the {district_name(prompt.get('district', ''))}",
        "acquire": f"may acquire a card at the {district_name(prompt.get('district', ''))}",
        "market": "trades at the Central Plaza",
        "sunclock": "may send an Inca to the Sun Clock",
        "take": "takes 3 goods from the Sun Clock",
        "return": f"reached the summit and puts {plural(prompt.get('put_back', 2), 'card')} back",
        "claim": "pays corn for moon-tile goods",
    }.get(kind, f"decides ({kind})")
    if thinking == seat:
        return (f'<span class="thinking" data-thinking-seat="{seat}"><span class="spinner" aria-hidden="true"></span>'
                f'{badge} <b>{name}</b> <small>(bot)</small> is thinking: {esc(what)}…{during}</span>')
    if seats[seat]["type"] == "bot":
        return f'<span class="status-text">{badge} <b>{name}</b> <small>(bot)</small> {esc(what)}.{during}</span>'
    you = " (your decision)" if viewer == seat else ""
    return f'<span class="status-text">{badge} <b>{name}</b>{you} {esc(what)}.{during}</span>'


def topinfo_html(view: dict) -> str:
    """Day, moon tiles taken, deck and priests left: always-visible game facts."""
    if view is None:
        return ""
    if view.get("over"):
        return (f'<span>Game over on day <b>{view["day"]}</b></span>'
                f'<span title="Sacrifice cards left in the deck">Deck <b>{view["deck"]}</b></span>')
    parts = [f'<span title="The game ends after day {view["last_day"]} at the latest">Day <b>{view["day"]}</b>/{view["last_day"]}</span>',
             f'<span title="The 3rd moon tile of a day ends it">Moon tiles today <b>{min(view["tiles_today"], 3)}</b>/3</span>',
             f'<span title="Sacrifice cards left in the deck">Deck <b>{view["deck"]}</b></span>',
             f'<span title="Priests and Virgins still to acquire">Priests &amp; Virgins left <b>{view["priests_left"]}</b></span>']
    if view.get("final_turns"):
        parts.append(f'<span class="warn" title="The Sun tile is taken">Last turns of the day: <b>{view["final_turns"]}</b></span>')
    return " ".join(parts)


# --- player panels -----------------------------------------------------------------------------
def players_html(view: dict, seats: Sequence[dict], bseats: list, *, viewer: Optional[int],
                 thinking: Optional[int]) -> str:
    prompt = view.get("prompt") or {}
    deciding = prompt.get("seat")
    out = []
    for i, p in enumerate(view["players"]):
        flags = []
        if i == deciding:
            flags.append('<span class="flag deciding" title="Decides now">▶ deciding</span>')
        if i == view.get("active") and not view.get("over"):
            flags.append('<span class="flag turn" title="Whose turn it is">turn</span>')
        if view.get("sun_tile") == i:
            flags.append('<span class="flag sun" title="Took the Sun tile: starts the next day">☀ Sun</span>')
        if i == view.get("start_player"):
            flags.append('<span class="flag first" title="Started the game">1st</span>')
        if thinking == i:
            flags.append('<span class="flag thinking" title="This bot is thinking"><span class="spinner"></span>thinking</span>')
        goods = "".join(
            f'<span class="good" title="{esc(g)}: {p["goods"][g]}">{goods_icon(g, 18)}<b>{p["goods"][g]}</b></span>'
            for g in D.GOODS)
        incas = "".join(
            f'<span class="inca" title="{esc(PROFESSION_LABEL[prof])}s in the {esc(district_name(PROFESSION_GOOD[prof]))}: {n}">'
            f'{goods_icon(PROFESSION_GOOD[prof], 14)}{n}</span>'
            for prof, n in p["incas"].items())
        priests = p["priests"]
        tiles = ", ".join(MOON_LABEL.get(t, t) for t in p["moon_tiles"]) or "none"
        pend = p.get("pending") or {}
        pending = ""
        if pend.get("corn") or pend.get("llama"):
            pending = f' <small title="Paid at the end of the turn">(+{pend.get("corn", 0)} corn, +{pend.get("llama", 0)} llama due)</small>'
        kind = "you" if viewer == i else (
            f"{LEVEL_LABEL.get(seats[i]['level'], '')} bot" if seats[i]["type"] == "bot" else "human")
        classes = ["player"] + (["is-deciding"] if i == deciding else []) + (["is-viewer"] if viewer == i else [])
        out.append(
            f'<article class="{" ".join(classes)}" data-seat="{i}">'
            f'<header>{seat_badge(bseats, i, 22)}<b class="pname">{esc(p["name"])}</b>'
            f'<small class="pkind">{esc(kind)}</small>{"".join(flags)}</header>'
            f'<div class="goods">{goods}</div>'
            f'<div class="facts">'
            f'<span title="Incas in supply (not yet set up)">Supply <b>{p["supply"]}</b></span>'
            f'<span class="incas" title="Incas set up, by profession">{incas}</span>'
            + (f'<span title="Incas serving at the Sun Clock">Sun Clock <b>{p["sunclock"]}</b></span>' if p["sunclock"] else "")
            + f'<span title="Sacrifice cards held (their faces are secret)">Cards <b>{p["cards"]}</b></span>'
            f'<span title="Condor and Puma Priests">Priests <b>{priests["condor"]}</b>+<b>{priests["puma"]}</b></span>'
            f'<span title="Virgins of the Sun">Virgins <b>{priests["virgin"]}</b></span>'
            f'<span title="Position of the scout on the Incatrail (20 = summit)">Scout <b>{p["trail"]}</b>/20{pending}</span>'
            f'<span title="Moon tiles held (paid at night)">Moon: {esc(tiles)}</span>'
            f'<span title="Where the Prince stands">Prince: {esc(district_name(p["prince"])) if p["prince"] else "not placed"}</span>'
            + (f'<span title="Points for summits reached with an empty deck">Summit VP <b>{p["summit_vp"]}</b></span>' if p.get("summit_vp") else "")
            + "</div></article>")
    return "".join(out)


# --- own cards ---------------------------------------------------------------------------------
def card_caption(name: str) -> str:
    idx = D.CARD_INDEX.get(name)
    gold = D.CARD_GOLD[idx] if idx is not None else "?"
    a, _, b = name.partition("-")
    return f"{a} + {b} · {gold} gold"


def hand_html(view: dict, seats: Sequence[dict], viewer: Optional[int]) -> str:
    if viewer is None:
        return ('<p class="muted">Sacrifice cards are secret: each player sees only their own.</p>')
    me = view["players"][viewer]
    hand = me.get("hand", [])
    drawn = set(me.get("drawn", []))
    title = (f"Sacrifice cards of {esc(seats[viewer]['name'])} "
             f"<small>(secret: only {esc(seats[viewer]['name'])} sees them)</small>")
    if not hand:
        return f"<h3>{title}</h3><p class=\"muted\">No cards.</p>"
    cards = "".join(
        f'<figure class="card{" drawn" if c in drawn else ""}" title="{esc(card_caption(c))}: 1 VP per matching Inca or card">'
        f'{card_svg(c)}<figcaption>{esc(card_caption(c))}{" · new" if c in drawn else ""}</figcaption></figure>'
        for c in hand)
    return f'<h3>{title}</h3><div class="cards">{cards}</div>{score_now_html(me.get("score_now"))}'


def score_now_html(now: Optional[dict]) -> str:
    """What the viewer's cards would score if the game ended now, source by source."""
    if not now:
        return ""
    label = dict(SOURCE_ROWS)
    parts = " · ".join(f"{esc(label.get(k, k))} {v}" for k, v in now["vp_by_source"].items() if v)
    return (f'<p class="score-now" title="What your cards would score if the game ended now, before '
            f'any conquest multiplier">If the game ended now: <b>{now["vp"]} VP</b> and '
            f'<b>{now["gold"]} gold</b>{f" <small>({parts})</small>" if parts else ""}</p>')


# --- log ---------------------------------------------------------------------------------------
def merge_reasons(lines: list[str], public: list[str], reasons: list, show: bool,
                  new_from: Optional[int] = None) -> list[tuple[str, str]]:
    """The log lines with the bots' reasons slotted in after the public line they explain.

    `reasons` holds [public line index, text]; `public` is the public log, which is a
    subsequence of `lines` (the seat's own log adds private lines). Lines from index
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


def log_html(entries: list[tuple[str, str]]) -> str:
    items = []
    for cls, text in entries:
        if cls == "reason":
            items.append(f'<li class="reason">↳ bot: {esc(text)}</li>')
            continue
        classes = [cls] if cls else []
        title = ""
        if text.startswith("You "):
            classes.append("private")
            title = ' title="Only you see this line"'
        elif text.startswith(("Day ", "Night falls", "A new game")):
            classes.append("day")
        if cls == "new" and not title:
            title = ' title="Happened since your last decision"'
        attr = f' class="{" ".join(classes)}"' if classes else ""
        items.append(f"<li{attr}{title}>{esc(text)}</li>")
    return ('<h3>Game log <small>(newest at the bottom; marked: since your last decision)</small></h3>'
            '<ol class="log-lines" aria-live="off">' + "".join(items) + "</ol>")


# --- end screen --------------------------------------------------------------------------------
SOURCE_ROWS = [("corn", "Corn icons × farmers"), ("llama", "Llama icons × shepherds"),
               ("coca", "Coca icons × planters"), ("pottery", "Pottery icons × potters"),
               ("cloth", "Cloth icons × weavers"), ("condor", "Condor icons × Condor Priests"),
               ("puma", "Puma icons × Puma Priests"), ("sun", "Sun icons × Virgins"),
               ("trail", "Incatrail bonus"), ("summits", "Summits with an empty deck")]


def end_html(view: dict, seats: Sequence[dict], bseats: list, stats: Optional[dict] = None) -> str:
    """The final score sheet, the buttons after a game, every hand and (given `stats`, from
    `machu_picchu.game_stats`) the charts and counters of how the game went."""
    result = view.get("result") or {}
    winners = result.get("winners", [])
    rows = result.get("seats", [])
    n = len(view["players"])
    names = " and ".join(esc(seats[w]["name"]) for w in winners)
    best = rows[winners[0]]["final"] if winners and rows else 0
    head = "".join(f'<th scope="col">{seat_badge(bseats, i, 18)} {esc(seats[i]["name"])}'
                   f'{" ★ winner" if i in winners else ""}</th>' for i in range(n))
    body = []
    for key, label in SOURCE_ROWS:
        cells = "".join(f"<td>{rows[i]['vp_by_source'].get(key, 0)}</td>" for i in range(n))
        body.append(f'<tr><th scope="row">{esc(label)}</th>{cells}</tr>')
    def line(label, fn, cls=""):
        cells = "".join(f"<td>{fn(rows[i])}</td>" for i in range(n))
        return f'<tr class="{cls}"><th scope="row">{label}</th>{cells}</tr>'
    body.append(line("Victory points", lambda r: r["vp"], "sum"))
    body.append(line("Gold (cards + trail)", lambda r: r["gold"]))
    body.append(line("Multiplier", lambda r: f"×{r['multiplier']}"))
    body.append(line("Final score", lambda r: f"<b>{r['final']}</b>", "final"))
    body.append(line("Tie-break: goods left", lambda r: r["tiebreak"]))
    hands = "".join(
        f'<div class="end-hand"><h4>{seat_badge(bseats, i, 18)} {esc(seats[i]["name"])}: '
        f'{plural(len(p.get("hand", [])), "card")}</h4><div class="cards small">'
        + "".join(f'<figure class="card" title="{esc(card_caption(c))}">{card_svg(c, small=True)}'
                  f"<figcaption>{esc(card_caption(c))}</figcaption></figure>" for c in p.get("hand", []))
        + "</div></div>" for i, p in enumerate(view["players"]))
    verb = "wins" if len(winners) == 1 else "share the victory"
    return (f'<section class="end-panel" aria-label="Final score"><h2>★ {names} {verb} with {best} points</h2>'
            f'<p class="end-reason">{esc(END_TEXT.get(view.get("end_reason"), view.get("end_reason", "")))}</p>'
            f'<div class="table-wrap"><table class="score"><thead><tr><th>Score</th>{head}</tr></thead>'
            f'<tbody>{"".join(body)}</tbody></table></div>'
            '<div class="buttons">'
            '<button type="button" class="primary" data-act="again">Play again (same players)</button>'
            '<button type="button" data-act="replay" title="Step through the game from its start">Watch the replay</button>'
            '<button type="button" data-act="export">Export this game</button>'
            '<button type="button" data-act="home">Home</button></div>'
            f'<h3>All cards revealed</h3><div class="end-hands">{hands}</div>'
            f'{stats_html(stats, seats, bseats) if stats else ""}</section>')


# --- pass screen -------------------------------------------------------------------------------
def hide_html(seats: Sequence[dict], bseats: list, seat: int, *, reason: str) -> str:
    name = esc(seats[seat]["name"])
    return (f'<div class="hide-card" role="dialog" aria-modal="true" aria-labelledby="hide-title">'
            f'<div class="hide-badge">{seat_badge(bseats, seat, 64)}</div>'
            f'<h2 id="hide-title">Pass the device to {name}</h2>'
            f'<p>{esc(reason)}</p><p class="muted">Only {name} should look at the screen now: it shows their secret cards.</p>'
            f'<button type="button" class="primary big" data-act="reveal" data-v="{seat}">I am {name}: show my view</button>'
            "</div>")


# --- home --------------------------------------------------------------------------------------
def _type_value(seat: dict) -> str:
    return "human" if seat["type"] == "human" else f"bot:{seat['level']}"


BOT_LEVELS_NOTE = ('<p class="levels-note"><small>Bots: <b>easy</b> follows a simple plan; '
                   '<b>medium</b> weighs every choice one step ahead; <b>hard</b> plays out '
                   'possible futures for about a second a move; <b>random</b> makes any legal '
                   'move. None of them sees anyone else\'s cards.</small></p>')


def hints_checkbox(prefs: dict) -> str:
    """The option that offers (or hides) the Hint button under a person's controls."""
    return ('<label class="row check"><input type="checkbox" data-field="hints"'
            + (" checked" if prefs.get("hints", True) else "")
            + '> Offer hints (what the medium bot would do)</label>')


def home_html(form: dict, saves: list[dict], prefs: dict, *, dates: dict[str, str],
              current: Optional[str] = None) -> str:
    """The home screen: new game form, saved games, import, options, rules."""
    seats = form["seats"]
    bseats = style_seats(seats)
    count = "".join(f'<option value="{n}"{" selected" if n == len(seats) else ""}>{n} players</option>'
                    for n in range(2, 6))
    rows = []
    for i, s in enumerate(seats):
        types = ['<option value="human"' + (" selected" if s["type"] == "human" else "") + ">Human</option>"]
        types += [f'<option value="bot:{lv}"{" selected" if _type_value(s) == "bot:" + lv else ""}>Bot: {lv}</option>'
                  for lv in LEVELS]
        styles = "".join(
            f'<option value="{k}"{" selected" if k == s["style"] else ""}>{esc(st["name"])} {esc(st["letter"])} ({esc(st["shape"])})</option>'
            for k, st in enumerate(SEAT_STYLES))
        rows.append(
            f'<li class="seat-row" data-seat="{i}"><span class="seat-badge">{seat_badge(bseats, i, 26)}</span>'
            f'<label class="name-field"><span class="sr">Name of player {i + 1}</span>'
            f'<input type="text" maxlength="40" data-field="name" data-seat="{i}" value="{esc(s["name"])}" '
            f'aria-label="Name of player {i + 1}" autocomplete="off"></label>'
            f'<label><span class="sr">Player {i + 1} is</span><select data-field="type" data-seat="{i}" aria-label="Player {i + 1} is">{"".join(types)}</select></label>'
            f'<label><span class="sr">Colour of player {i + 1}</span><select data-field="style" data-seat="{i}" aria-label="Colour of player {i + 1}">{styles}</select></label>'
            "</li>")
    error = f'<p class="form-error" role="alert">{esc(form["error"])}</p>' if form.get("error") else ""
    new_game = (
        '<section class="home-block"><h2>New game</h2>'
        f'<label class="row">Players <select data-field="players" aria-label="Number of players">{count}</select></label>'
        f'<ol class="seat-rows">{"".join(rows)}</ol>'
        + (BOT_LEVELS_NOTE if any(s["type"] == "bot" for s in seats) else "")
        + '<label class="row check"><input type="checkbox" data-field="learning"'
        + (" checked" if form.get("learning") else "")
        + '> Learning variant <small>(each player starts with one Inca of every profession; the game starts 2 days later)</small></label>'
        f'<details class="more"{" open" if form.get("seed") else ""}><summary>More options</summary>'
        f'<label class="row">Seed <input type="text" inputmode="numeric" data-field="seed" value="{esc(form.get("seed", ""))}" '
        'placeholder="random" aria-label="Seed (optional)"><small>the same seed deals the same game</small></label></details>'
        f"{error}"
        '<button type="button" class="primary big" data-act="start">Start the game</button></section>')
    items = []
    for rec in saves:
        gid = esc(rec["id"])
        if "error" in rec:
            items.append(f'<li class="save broken" data-id="{gid}"><div class="save-info"><b>This saved game cannot be opened</b>'
                         f'<small>{esc(rec["error"])}</small></div><div class="buttons">'
                         f'<button type="button" data-act="export-raw" data-v="{gid}" title="Download the record exactly as it is stored">Export as is</button>'
                         f'<button type="button" data-act="delete" data-v="{gid}">Delete</button></div></li>')
            continue
        meta = rec["meta"]
        st = style_seats(rec["seats"])
        players = ", ".join(
            f'{seat_badge(st, i, 16)} {esc(s["name"])}' + (f' <small>({esc(s["level"])} bot)</small>' if s["type"] == "bot" else "")
            for i, s in enumerate(rec["seats"]))
        if meta.get("over"):
            state = "Finished: " + esc(" and ".join(meta.get("winners", []))) + " won"
        else:
            state = f'Day {esc(meta.get("day", "?"))} · {esc(meta.get("to_move") or "")} to decide'
        mark = ' <span class="flag">last played</span>' if rec["id"] == current else ""
        items.append(
            f'<li class="save" data-id="{gid}"><div class="save-info"><span class="save-players">{players}</span>'
            f'<small>{state} · saved {esc(dates.get(rec["id"], rec.get("updated", "")))}</small>{mark}</div>'
            f'<div class="buttons"><button type="button" class="primary" data-act="continue" data-v="{gid}">'
            f'{"View" if meta.get("over") else "Continue"}</button>'
            f'<button type="button" data-act="export-save" data-v="{gid}">Export</button>'
            f'<button type="button" data-act="delete" data-v="{gid}">Delete</button></div></li>')
    saved = ('<section class="home-block"><h2>Saved games</h2>'
             + (f'<ul class="saves">{"".join(items)}</ul>' if items else '<p class="muted">No saved games yet. Games save themselves after every decision.</p>')
             + '<label class="file-button"><span>Import a saved game (.json)…</span>'
               '<input type="file" id="import-file" accept=".json,application/json"></label></section>')
    paces = "".join(f'<option value="{k}"{" selected" if prefs.get("pace") == k else ""}>{PACE_LABEL[k]}</option>'
                    for k in PACES)
    options = ('<section class="home-block"><h2>Options &amp; rules</h2>'
               '<label class="row check"><input type="checkbox" data-field="reasons"'
               + (" checked" if prefs.get("reasons") else "")
               + '> Show the bots\' reasons in the game log</label>'
               + hints_checkbox(prefs)
               + f'<label class="row">Bot speed <select data-field="pace" aria-label="Bot speed">{paces}</select></label>'
               '<button type="button" data-act="help">How to play: the rules</button></section>')
    return new_game + saved + options


# --- overlays ----------------------------------------------------------------------------------
def dialog_html(title: str, text: str, buttons: list[tuple[str, str, str]], *, cls: str = "") -> str:
    """A modal message: buttons are (label, act, value)."""
    btns = "".join(
        f'<button type="button" data-act="{esc(act)}" data-v="{esc(v)}"'
        f'{" class=primary" if k == 0 else ""}>{esc(label)}</button>'
        for k, (label, act, v) in enumerate(buttons))
    return (f'<div class="dialog {esc(cls)}" role="dialog" aria-modal="true" aria-labelledby="dialog-title">'
            f'<h2 id="dialog-title">{esc(title)}</h2><p>{esc(text)}</p><div class="buttons">{btns}</div></div>')


def help_overlay_html(help_body: str) -> str:
    return ('<div class="dialog help" role="dialog" aria-modal="true" aria-label="Rules">'
            '<div class="dialog-head"><h2>How to play</h2>'
            '<button type="button" data-act="close" class="close" title="Close the rules">Close ✕</button></div>'
            f'<div class="help-body">{help_body}</div></div>')


def menu_html(prefs: dict, *, can_export: bool, can_replay: bool = False) -> str:
    paces = "".join(f'<option value="{k}"{" selected" if prefs.get("pace") == k else ""}>{PACE_LABEL[k]}</option>'
                    for k in PACES)
    return ('<div class="dialog menu" role="dialog" aria-modal="true" aria-label="Menu">'
            '<div class="dialog-head"><h2>Menu</h2><button type="button" data-act="close" class="close">Close ✕</button></div>'
            '<div class="menu-items">'
            '<button type="button" data-act="help">How to play: the rules</button>'
            + ('<button type="button" data-act="replay">Replay the game so far (what everyone saw)</button>'
               if can_replay else "")
            + ('<button type="button" data-act="export">Export this game (.json)</button>' if can_export else "")
            + '<label class="row check"><input type="checkbox" data-field="reasons"'
            + (" checked" if prefs.get("reasons") else "")
            + '> Show the bots\' reasons in the log</label>'
            + hints_checkbox(prefs)
            + f'<label class="row">Bot speed <select data-field="pace" aria-label="Bot speed">{paces}</select></label>'
            '<button type="button" data-act="home">Back to the home screen</button>'
            "</div></div>")
