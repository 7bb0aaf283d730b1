"""The shell's own screens as HTML strings: home (choice of game, new-game form, saved games of
every game, options), the pass screen, dialogs, the menu, the rules overlay, the navigation
bar, toasts and the hint box. Pure functions: every interpolated text is escaped here.

What a game adds comes from its web module (see web/games/README.md): `BLURB` (one line on the
home card), `OPTION_LABELS` (its set-up options in words), `BOT_NOTE` (what its bot levels do).
"""

from __future__ import annotations

from typing import Any, Optional, Sequence

from kit.seats import SEAT_STYLES, seat_badge, style_seats
from kit.svg import bdi, esc, isolate, text_html

PACE_LABEL = {"instant": "Instant", "quick": "Quick", "normal": "Normal", "slow": "Slow"}


def who(seats: Sequence[dict], seat: int) -> str:
    """'Ann' or 'Bot 2 (medium bot)' (escaped)."""
    s = seats[seat]
    if s["type"] == "bot":
        return f"{bdi(s['name'])} <small>({esc(s['level'])} bot)</small>"
    return bdi(s["name"])


# --- home --------------------------------------------------------------------------------------
def game_cards_html(games: Sequence[dict], chosen: str) -> str:
    """One card per game: name, players, a line on what it is; the chosen one pressed.
    `games`: {"id", "name", "players": (low, high), "blurb"}."""
    cards = []
    for g in games:
        on = g["id"] == chosen
        cards.append(
            f'<button type="button" class="game-card{" chosen" if on else ""}" data-act="choose-game" '
            f'data-v="{esc(g["id"])}" aria-pressed="{"true" if on else "false"}">'
            f'<b class="game-name">{esc(g["name"])}</b>'
            f'<small class="game-players">{g["players"][0]}–{g["players"][1]} players</small>'
            f'<span class="game-blurb">{esc(g.get("blurb", ""))}</span></button>')
    return ('<section class="home-block games-block"><h2>Choose a game</h2>'
            f'<div class="game-cards" role="group" aria-label="Games">{"".join(cards)}</div></section>')


def _type_value(seat: dict) -> str:
    return "human" if seat["type"] == "human" else f"bot:{seat['level']}"


def new_game_html(form: dict, game: dict) -> str:
    """The new-game form of the chosen game: player count in its range, each seat a person or
    a bot of its levels, its options, the seed. `game`: {"name", "players", "levels",
    "options": [(key, label, note)], "bot_note"}."""
    seats = form["seats"]
    styles = style_seats(seats)
    low, high = game["players"]
    count = "".join(f'<option value="{n}"{" selected" if n == len(seats) else ""}>{n} players</option>'
                    for n in range(low, high + 1))
    rows = []
    for i, s in enumerate(seats):
        types = ['<option value="human"' + (" selected" if s["type"] == "human" else "") + ">Human</option>"]
        types += [f'<option value="bot:{esc(lv)}"{" selected" if _type_value(s) == "bot:" + lv else ""}>Bot: {esc(lv)}</option>'
                  for lv in game["levels"]]
        colours = "".join(
            f'<option value="{k}"{" selected" if k == s["style"] else ""}>{esc(st["name"])} {esc(st["letter"])} ({esc(st["shape"])})</option>'
            for k, st in enumerate(SEAT_STYLES))
        rows.append(
            f'<li class="seat-row" data-seat="{i}"><span class="seat-badge">{seat_badge(styles, i, 26)}</span>'
            f'<label class="name-field"><span class="sr">Name of player {i + 1}</span>'
            f'<input type="text" maxlength="40" data-field="name" data-seat="{i}" value="{esc(s["name"])}" dir="auto" '
            f'aria-label="Name of player {i + 1}" autocomplete="off"></label>'
            f'<label><span class="sr">Player {i + 1} is</span><select data-field="type" data-seat="{i}" aria-label="Player {i + 1} is">{"".join(types)}</select></label>'
            f'<label><span class="sr">Colour of player {i + 1}</span><select data-field="style" data-seat="{i}" aria-label="Colour of player {i + 1}">{colours}</select></label>'
            "</li>")
    options = "".join(
        f'<label class="row check"><input type="checkbox" data-field="{esc(key)}" data-option="{esc(key)}"'
        + (" checked" if form["options"].get(key) else "")
        + f'> {esc(label)}' + (f' <small>({esc(note)})</small>' if note else "") + "</label>"
        for key, label, note in game["options"])
    note = (f'<p class="levels-note"><small>{esc(game["bot_note"])}</small></p>'
            if game.get("bot_note") and any(s["type"] == "bot" for s in seats) else "")
    error = f'<p class="form-error" role="alert">{esc(form["error"])}</p>' if form.get("error") else ""
    return (
        f'<section class="home-block new-game" data-game="{esc(form["game"])}"><h2>New game: {esc(game["name"])}</h2>'
        f'<label class="row">Players <select data-field="players" aria-label="Number of players">{count}</select></label>'
        f'<ol class="seat-rows">{"".join(rows)}</ol>{note}{options}'
        f'<details class="more"{" open" if form.get("seed") else ""}><summary>More options</summary>'
        f'<label class="row">Seed <input type="text" inputmode="numeric" data-field="seed" value="{esc(form.get("seed", ""))}" '
        'placeholder="random" aria-label="Seed (optional)"><small>the same seed deals the same game</small></label></details>'
        f"{error}"
        '<button type="button" class="primary big" data-act="start">Start the game</button></section>')


def saves_html(saves: list[dict], names: dict[str, str], *, dates: dict[str, str],
               current: Optional[str] = None) -> str:
    """Saved games of every game, newest first, each labelled with its game (`names`: id ->
    game name)."""
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
            f'{seat_badge(st, i, 16)} {bdi(s["name"])}' + (f' <small>({esc(s["level"])} bot)</small>' if s["type"] == "bot" else "")
            for i, s in enumerate(rec["seats"]))
        if meta.get("over"):
            winners = meta.get("winners") or []
            state = ("Finished: " + " and ".join(map(bdi, winners)) + " won") if winners else "Finished"
        else:   # records of the one-game page have a day and no stage
            day = meta.get("day")
            stage = meta.get("stage") or (f"Day {day}" if isinstance(day, int) else "")
            who = meta.get("to_move")
            state = " · ".join(part for part in (esc(stage), f"{bdi(who)} to decide" if who else "") if part)
        mark = ' <span class="flag">last played</span>' if rec["id"] == current else ""
        game_name = names.get(rec.get("game", ""), rec.get("game", ""))
        items.append(
            f'<li class="save" data-id="{gid}" data-game="{esc(rec.get("game", ""))}"><div class="save-info">'
            f'<b class="save-game">{esc(game_name)}</b><span class="save-players">{players}</span>'
            f'<small>{state + " · " if state else ""}saved {esc(dates.get(rec["id"], rec.get("updated", "")))}</small>{mark}</div>'
            f'<div class="buttons"><button type="button" class="primary" data-act="continue" data-v="{gid}">'
            f'{"View" if meta.get("over") else "Continue"}</button>'
            f'<button type="button" data-act="export-save" data-v="{gid}">Export</button>'
            f'<button type="button" data-act="delete" data-v="{gid}">Delete</button></div></li>')
    return ('<section class="home-block"><h2>Saved games</h2>'
            + (f'<ul class="saves">{"".join(items)}</ul>' if items else '<p class="muted">No saved games yet. Games save themselves after every decision.</p>')
            + '<label class="file-button"><span>Import a saved game (.json)…</span>'
              '<input type="file" id="import-file" accept=".json,application/json"></label></section>')


def hints_checkbox(prefs: dict) -> str:
    """The option that offers (or hides) the Hint button under a person's controls."""
    return ('<label class="row check"><input type="checkbox" data-field="hints"'
            + (" checked" if prefs.get("hints", True) else "")
            + '> Offer hints (what the medium bot would do)</label>')


def _prefs_html(prefs: dict, paces: Sequence[str]) -> str:
    options = "".join(f'<option value="{k}"{" selected" if prefs.get("pace") == k else ""}>{PACE_LABEL[k]}</option>'
                      for k in paces)
    return ('<label class="row check"><input type="checkbox" data-field="reasons"'
            + (" checked" if prefs.get("reasons") else "")
            + '> Show the bots\' reasons in the game log</label>'
            + hints_checkbox(prefs)
            + f'<label class="row">Speed of bots and reveals <select data-field="pace" aria-label="Bot speed">{options}</select></label>')


def options_html(prefs: dict, paces: Sequence[str]) -> str:
    return ('<section class="home-block"><h2>Options &amp; rules</h2>' + _prefs_html(prefs, paces)
            + '<button type="button" data-act="help">How to play: the rules</button></section>')


# --- in play -----------------------------------------------------------------------------------
def nav_html(*, in_game: bool, over: bool, undo: Optional[int], unsaved: bool,
             conflict: bool = False) -> str:
    """The top bar's buttons. `undo`: how many decisions the person on screen may take back."""
    parts = ['<button type="button" data-act="home" title="Back to the home screen (the game is saved)">⌂<span class="word"> Home</span></button>']
    if in_game and not over:
        if undo:
            parts.append(f'<button type="button" data-act="undo" title="Take back your last decision '
                         f'({undo} possible)">↶<span class="word"> Undo</span></button>')
        else:
            parts.append('<button type="button" data-act="undo" disabled title="Nothing of yours to take '
                         'back: undo never crosses another player\'s decision, a drawn card or a reveal">↶<span class="word"> Undo</span></button>')
    parts.append('<button type="button" data-act="help" title="The rules">?<span class="word"> Rules</span></button>')
    if in_game:
        parts.append('<button type="button" data-act="menu" title="Export, options">☰<span class="word"> Menu</span></button>')
    if conflict:
        parts.append('<button type="button" class="flag warn" data-act="tab-conflict" '
                     'title="Another tab changed this game: see what to do">⚠ changed in another tab</button>')
    elif unsaved:
        parts.append('<span class="flag warn" title="The last change could not be saved">⚠ not saved</span>')
    return "".join(parts)


def waiting_html(seats: Sequence[dict], seat: int, thinking: bool) -> str:
    """The controls region while someone else decides."""
    name = bdi(seats[seat]["name"])
    if seats[seat]["type"] == "bot":
        if thinking:
            return (f'<div class="decision waiting"><p class="question"><span class="spinner"></span>'
                    f'{name} (bot) is thinking…</p></div>')
        return f'<div class="decision waiting"><p class="question">{name} (bot) is about to decide…</p></div>'
    return f'<div class="decision waiting"><p class="question">Waiting for {name}.</p></div>'


def status_html(seats: Sequence[dict], styles: list, seat: Optional[int], thinking: bool,
                viewer: Optional[int]) -> str:
    """A plain status line for a game whose module draws none: who decides now."""
    if seat is None:
        return '<span class="status-text">Game over.</span>'
    badge = seat_badge(styles, seat, 20)
    name = bdi(seats[seat]["name"])
    if thinking:
        return (f'<span class="thinking" data-thinking-seat="{seat}"><span class="spinner" aria-hidden="true"></span>'
                f'{badge} <b>{name}</b> <small>(bot)</small> is thinking…</span>')
    you = " (your decision)" if viewer == seat else ""
    return f'<span class="status-text">{badge} <b>{name}</b>{you} decides.</span>'


def hint_html(level: str, hint: Optional[tuple[str, str]], legal: Sequence[str],
              thinking: bool = False) -> str:
    """Under a person's controls: a button asking for a hint or, given `hint` = (action text,
    reason as escaped HTML) from the `level` bot in that seat (it sees only what the seat
    sees), the suggestion in words with a button that takes it; `thinking`: the bot is at it."""
    if not legal:
        return ""
    if thinking:
        return (f'<div class="hint" role="status"><button type="button" disabled>The {esc(level)} '
                'bot is thinking…</button></div>')
    if hint is None or hint[0] not in legal:
        return (f'<div class="hint"><button type="button" data-act="hint" title="What would the {esc(level)} '
                'bot do here? It knows only what you can see.">Hint?</button></div>')
    action, reason = hint
    return (f'<div class="hint shown" role="status"><p><b>Hint</b> from the {esc(level)} bot, in your place: '
            f'{reason}</p><div class="buttons">'
            f'<button type="button" data-act="hint-take" data-v="{esc(action)}" class="primary" '
            f'title="Do what the hint suggests">Do it</button>'
            '<button type="button" data-act="hint-dismiss">Dismiss</button></div></div>')


def hide_html(seats: Sequence[dict], styles: list, seat: int, *, reason: str,
              undo_seat: Optional[int] = None) -> str:
    """The pass screen: nothing of the game shows until `seat`'s person taps. `undo_seat`: the
    person who just chose and may still take it back (the button says nothing of the choice)."""
    name = bdi(seats[seat]["name"])
    undo = ""
    if undo_seat is not None:
        undo = (f'<p><button type="button" data-act="undo" title="Take back the last choice of '
                f'{esc(isolate(seats[undo_seat]["name"]))} (before anyone else sees the screen)">↶ '
                f'{bdi(seats[undo_seat]["name"])}: take back my choice</button></p>')
    return (f'<div class="hide-card" role="dialog" aria-modal="true" aria-labelledby="hide-title">'
            f'<div class="hide-badge">{seat_badge(styles, seat, 64)}</div>'
            f'<h2 id="hide-title">Pass the device to {name}</h2>'
            f'<p>{text_html(reason, [s["name"] for s in seats])}</p><p class="muted">Only {name} should look at the screen now: it shows their secrets.</p>'
            f'<button type="button" class="primary big" data-act="reveal" data-v="{seat}">I am {name}: show my view</button>'
            f"{undo}</div>")


END_BUTTONS_MARK = "<!--end-buttons-->"


def with_end_buttons(end: str) -> str:
    """A game's end screen with the shell's buttons where it marked them (END_BUTTONS_MARK,
    e.g. right under the score table), else after it."""
    if END_BUTTONS_MARK in end:
        return end.replace(END_BUTTONS_MARK, end_buttons_html(), 1)
    return end + end_buttons_html()


def end_buttons_html() -> str:
    return ('<div class="buttons end-buttons">'
            '<button type="button" class="primary" data-act="again">Play again (same players)</button>'
            '<button type="button" data-act="replay" title="Step through the game from its start">Watch the replay</button>'
            '<button type="button" data-act="export">Export this game</button>'
            '<button type="button" data-act="home">Home</button></div>')


# --- overlays ----------------------------------------------------------------------------------
def dialog_html(title: str, text: str, buttons: list[tuple[str, str, str]], *, cls: str = "") -> str:
    """A modal message: buttons are (label, act, value)."""
    btns = "".join(
        f'<button type="button" data-act="{esc(act)}" data-v="{esc(v)}"'
        f'{" class=primary" if k == 0 else ""}>{esc(label)}</button>'
        for k, (label, act, v) in enumerate(buttons))
    return (f'<div class="dialog {esc(cls)}" role="dialog" aria-modal="true" aria-labelledby="dialog-title">'
            f'<h2 id="dialog-title">{esc(title)}</h2><p>{esc(text)}</p><div class="buttons">{btns}</div></div>')


def help_overlay_html(help_body: str, title: str = "How to play") -> str:
    return ('<div class="dialog help" role="dialog" aria-modal="true" aria-label="Rules">'
            f'<div class="dialog-head"><h2>{esc(title)}</h2>'
            '<button type="button" data-act="close" class="close" title="Close the rules">Close ✕</button></div>'
            f'<div class="help-body">{help_body}</div></div>')


def menu_html(prefs: dict, paces: Sequence[str], *, can_export: bool, can_replay: bool = False) -> str:
    return ('<div class="dialog menu" role="dialog" aria-modal="true" aria-label="Menu">'
            '<div class="dialog-head"><h2>Menu</h2><button type="button" data-act="close" class="close">Close ✕</button></div>'
            '<div class="menu-items">'
            '<button type="button" data-act="help">How to play: the rules</button>'
            + ('<button type="button" data-act="replay">Replay the game so far (what everyone saw)</button>'
               if can_replay else "")
            + ('<button type="button" data-act="export">Export this game (.json)</button>' if can_export else "")
            + _prefs_html(prefs, paces)
            + '<button type="button" data-act="home">Back to the home screen</button>'
            "</div></div>")


def toast_html(kind: str, text: str) -> str:
    return (f'<div class="toast {esc(kind)}" role="{"alert" if kind == "warn" else "status"}">'
            f'<span>{esc(text)}</span><button type="button" data-act="dismiss" '
            f'title="Hide this message">OK</button></div>')


def reason_html(reason: Any, words: Any) -> str:
    """A bot's reason as escaped HTML: plain text, or an event [msg_id, params]."""
    if isinstance(reason, str):
        return esc(reason)
    return words.event(reason)
