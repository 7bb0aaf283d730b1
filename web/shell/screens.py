"""The shell's own screens as HTML strings: home (choice of game, new-game form, saved games of
every game, options), the pass screen, dialogs, the menu, the rules overlay, the navigation
bar, toasts and the hint box. Pure functions: every interpolated text is escaped here; every word comes from the page's
catalogue (`i18n.t`, web/shell/locales/<lang>/shell.json).

What a game adds comes from its web module (see web/games/README.md), as catalogue ids that
shell.games words: `BLURB` (one line on the home card), `OPTION_LABELS` (its set-up options),
`BOT_NOTE` (what its bot levels do).
"""

from __future__ import annotations

from typing import Any, Optional, Sequence

from kit.seats import SEAT_STYLES, seat_badge, style_seats
from kit.svg import bdi, esc, isolate, text_html

from .i18n import LANGUAGE_NAMES, Html, join_names, languages, page_words, t
from .refusals import worded


def words(text: Any) -> str:
    """A message for the page: catalogue words (Html) as they are, any other text escaped."""
    return str(text) if isinstance(text, Html) else esc(text)


def form_error_words(error: Any) -> str:
    """The new-game form's refusal in the page's language: kept as {"id", "refusal": [msg_id,
    params]} (saves.start_from_form) and worded here, so that a change of language rewords it."""
    if not isinstance(error, dict):
        return words(error)
    refusal = error.get("refusal")     # the ids are saves.py's constants
    params = None if refusal is None else {"error": worded(refusal[0], refusal[1])}
    return page_words().t(error.get("id", ""), params)


def stage_words(stage: Any) -> str:
    """Where a game stands in the page's words: a message [id, params] of a game's stages
    ("mp.stage.day"), or text as older records hold it (escaped); anything else ""."""
    if isinstance(stage, list) and len(stage) == 2 and isinstance(stage[0], str):
        known = ".stage." in stage[0] and stage[0] in page_words().catalogue
        return page_words().t(stage[0], stage[1]) if known else ""
    return Html(esc(stage)) if isinstance(stage, str) else ""


def level_words(level: Any) -> str:
    """A bot level in words ("medium"); a level the catalogue does not name, as it is."""
    known = f"shell.level.{level}" in page_words().catalogue
    return t(f"shell.level.{level}") if known else esc(level)


def colour_words(style: dict) -> str:
    """A seat style's colour, letter and shape in words ("Red A (circle)")."""
    return t("shell.form.colour", {"colour": t(f"shell.colour.{style['name'].lower()}"),
                                   "letter": style["letter"],
                                   "shape": t(f"shell.shape.{style['shape']}")})


def who(seats: Sequence[dict], seat: int) -> str:
    """'Ann' or 'Bot 2 (medium bot)' (escaped)."""
    s = seats[seat]
    if s["type"] == "bot":
        return f"{bdi(s['name'])} <small>{t('shell.seat.bot_level', {'level': Html(level_words(s['level']))})}</small>"
    return bdi(s["name"])


# --- home --------------------------------------------------------------------------------------
# A mortarboard beside "Learn to play" (drawn: an emoji font is not on every device).
LEARN_ICON = ('<svg class="learn-icon" width="20" height="16" viewBox="0 0 20 16" aria-hidden="true">'
              '<path d="M10 1 1 5.5 10 10l9-4.5z" fill="currentColor"/><path d="M4.5 7.5v4c0 1.4 2.5 '
              '2.8 5.5 2.8s5.5-1.4 5.5-2.8v-4L10 10.3z" fill="currentColor" opacity=".75"/>'
              '<path d="M18 6v5" stroke="currentColor" stroke-width="1.4"/></svg>')


def game_cards_html(games: Sequence[dict], chosen: str) -> str:
    """One card per game: name, players, a line on what it is (the chosen one pressed), and
    "Learn to play" for a game with a guided first game. `games`: {"id", "name", "players":
    (low, high), "blurb", "learn": bool}."""
    cards = []
    for g in games:
        on = g["id"] == chosen
        gid = esc(g["id"])
        learn = (f'<button type="button" class="learn" data-act="learn" data-v="{gid}" '
                 f'title="{t("shell.guide.learn_title", {"game": g["name"]})}">'
                 f'{LEARN_ICON} <span class="learn-word">{t("shell.guide.learn")}</span></button>'
                 if g.get("learn") else "")
        cards.append(
            f'<div class="game-card{" chosen" if on else ""}" data-game="{gid}">'
            f'<button type="button" class="game-pick" data-act="choose-game" '
            f'data-v="{gid}" aria-pressed="{"true" if on else "false"}">'
            f'<b class="game-name">{esc(g["name"])}</b>'
            f'<small class="game-players">{t("shell.players_range", {"low": g["players"][0], "high": g["players"][1]})}</small>'
            f'<span class="game-blurb">{esc(g.get("blurb", ""))}</span></button>{learn}</div>')
    return (f'<section class="home-block games-block"><h2>{t("shell.home.choose_game")}</h2>'
            f'<div class="game-cards" role="group" aria-label="{t("shell.home.games")}">{"".join(cards)}</div></section>')


def _type_value(seat: dict) -> str:
    return "human" if seat["type"] == "human" else f"bot:{seat['level']}"


def new_game_html(form: dict, game: dict) -> str:
    """The new-game form of the chosen game: player count in its range, each seat a person or
    a bot of its levels, its options, the seed. `game`: {"name", "players", "levels",
    "options": [(key, label, note)], "bot_note"}."""
    seats = form["seats"]
    styles = style_seats(seats)
    low, high = game["players"]
    count = "".join(f'<option value="{n}"{" selected" if n == len(seats) else ""}>{t("shell.players", {"n": n})}</option>'
                    for n in range(low, high + 1))
    rows = []
    for i, s in enumerate(seats):
        types = ['<option value="human"' + (" selected" if s["type"] == "human" else "") + ">" + t("shell.form.human") + "</option>"]
        types += [f'<option value="bot:{esc(lv)}"{" selected" if _type_value(s) == "bot:" + lv else ""}>{t("shell.form.bot", {"level": Html(level_words(lv))})}</option>'
                  for lv in game["levels"]]
        colours = "".join(
            f'<option value="{k}"{" selected" if k == s["style"] else ""}>{colour_words(st)}</option>'
            for k, st in enumerate(SEAT_STYLES))
        name_of, type_of = t("shell.form.name_of", {"n": i + 1}), t("shell.form.type_of", {"n": i + 1})
        colour_of = t("shell.form.colour_of", {"n": i + 1})
        # one line a seat: the colour's menu is drawn as the seat's badge (its list says each
        # colour in words), then the name, then a person or a bot of a level
        rows.append(
            f'<li class="seat-row" data-seat="{i}"><label class="seat-colour" title="{colour_words(SEAT_STYLES[s["style"]])}">'
            f'<span class="seat-badge" aria-hidden="true">{seat_badge(styles, i, 26)}<span class="seat-menu">▾</span></span>'
            f'<span class="sr">{colour_of}</span><select data-field="style" data-seat="{i}" aria-label="{colour_of}">{colours}</select></label>'
            f'<label class="name-field"><span class="sr">{name_of}</span>'
            f'<input type="text" maxlength="40" data-field="name" data-seat="{i}" value="{esc(s["name"])}" dir="auto" '
            f'aria-label="{name_of}" autocomplete="off"></label>'
            f'<label class="type-field"><span class="sr">{type_of}</span><select data-field="type" data-seat="{i}" aria-label="{type_of}">{"".join(types)}</select></label>'
            "</li>")
    options = "".join(
        f'<label class="row check"><input type="checkbox" data-field="{esc(key)}" data-option="{esc(key)}"'
        + (" checked" if form["options"].get(key) else "")
        + f'> {words(label)}' + (f' <small>{t("shell.form.option_note", {"note": Html(words(note))})}</small>' if note else "") + "</label>"
        for key, label, note in game["options"])
    note = (f'<p class="levels-note"><small>{words(game["bot_note"])}</small></p>'
            if game.get("bot_note") and any(s["type"] == "bot" for s in seats) else "")
    error = f'<p class="form-error" role="alert">{form_error_words(form["error"])}</p>' if form.get("error") else ""
    return (
        f'<section class="home-block new-game" data-game="{esc(form["game"])}"><div class="form-head">'
        f'<h2>{t("shell.form.title", {"game": game["name"]})}</h2>'
        f'<label class="row">{t("shell.form.players")} <select data-field="players" aria-label="{t("shell.form.players_count")}">{count}</select></label></div>'
        f'<ol class="seat-rows">{"".join(rows)}</ol>{options}{error}'
        # the start button beside "More options" (the seed), the bots' levels explained under it
        f'<div class="start-row"><button type="button" class="primary big" data-act="start">{t("shell.form.start")}</button>'
        f'<details class="more"{" open" if form.get("seed") else ""}><summary>{t("shell.form.more")}</summary>'
        f'<label class="row">{t("shell.form.seed")} <input type="text" inputmode="numeric" data-field="seed" value="{esc(form.get("seed", ""))}" '
        f'placeholder="{t("shell.form.seed_placeholder")}" aria-label="{t("shell.form.seed_label")}"><small>{t("shell.form.seed_note")}</small></label></details></div>'
        f'{note}</section>')


def saves_html(saves: list[dict], names: dict[str, str], *, dates: dict[str, str],
               current: Optional[str] = None) -> str:
    """Saved games of every game, newest first, each labelled with its game (`names`: id ->
    game name)."""
    items = []
    delete = t("shell.saves.delete")
    for rec in saves:
        gid = esc(rec["id"])
        if "error" in rec:
            items.append(f'<li class="save broken" data-id="{gid}"><div class="save-info"><b>{t("shell.saves.broken")}</b>'
                         f'<small>{worded(*(rec.get("why") or [None, None]))}</small></div><div class="buttons">'
                         f'<button type="button" data-act="export-raw" data-v="{gid}" title="{t("shell.saves.export_raw_title")}">{t("shell.saves.export_raw")}</button>'
                         f'<button type="button" data-act="delete" data-v="{gid}">{delete}</button></div></li>')
            continue
        meta = rec["meta"]
        st = style_seats(rec["seats"])
        players = ", ".join(f'{seat_badge(st, i, 16)} {who(rec["seats"], i)}' for i in range(len(rec["seats"])))
        if meta.get("over"):
            winners = meta.get("winners") or []
            state = (t("shell.saves.won", {"names": Html(t_names(winners))}) if winners
                     else t("shell.saves.finished"))
        else:
            to_move = meta.get("to_move")
            day = meta.get("day")      # records of the one-game page have a day and no stage
            stage = meta.get("stage") or (["mp.stage.day", {"day": day}] if isinstance(day, int) else "")
            stage, to_move = stage_words(stage), (t("shell.saves.to_decide", {"name": Html(bdi(to_move))}) if to_move else "")
            state = t("shell.saves.stage_and_who", {"stage": Html(stage), "who": to_move}) if stage and to_move else (stage or to_move)
        saved = t("shell.saves.saved", {"date": dates.get(rec["id"], rec.get("updated", ""))})
        mark = f' <span class="flag">{t("shell.saves.last_played")}</span>' if rec["id"] == current else ""
        if rec.get("copy"):             # imported beside another version of the same game
            mark += (f' <span class="flag copy" title="{t("shell.saves.copy_title")}">'
                     f'{t("shell.saves.copy")}</span>')
        game_name = names.get(rec.get("game", ""), rec.get("game", ""))
        items.append(
            f'<li class="save" data-id="{gid}" data-game="{esc(rec.get("game", ""))}"><div class="save-info">'
            f'<b class="save-game">{esc(game_name)}</b><span class="save-players">{players}</span>'
            f'<small>{t("shell.saves.state_and_saved", {"state": Html(state), "saved": saved}) if state else saved}</small>{mark}</div>'
            f'<div class="buttons"><button type="button" class="primary" data-act="continue" data-v="{gid}">'
            f'{t("shell.saves.view") if meta.get("over") else t("shell.saves.continue")}</button>'
            f'<button type="button" data-act="export-save" data-v="{gid}">{t("shell.saves.export")}</button>'
            f'<button type="button" data-act="delete" data-v="{gid}">{delete}</button></div></li>')
    return (f'<section class="home-block"><h2>{t("shell.saves.title")}</h2>'
            + (f'<ul class="saves">{"".join(items)}</ul>' if items else f'<p class="muted">{t("shell.saves.none")}</p>')
            + f'<label class="file-button"><span>{t("shell.saves.import")}</span>'
              '<input type="file" id="import-file" accept=".json,application/json"></label></section>')


def t_names(names: Sequence[Any]) -> str:
    """Player names joined in words ("Ann, Bea and Cy"), each isolated in <bdi>."""
    return join_names([bdi(n) for n in names], t("shell.and"))


def hints_checkbox(prefs: dict) -> str:
    """The option that offers (or hides) the Hint button under a person's controls."""
    return ('<label class="row check"><input type="checkbox" data-field="hints"'
            + (" checked" if prefs.get("hints", True) else "")
            + f'> {t("shell.prefs.hints")}</label>')


def _prefs_html(prefs: dict, paces: Sequence[str]) -> str:
    options = "".join(f'<option value="{k}"{" selected" if prefs.get("pace") == k else ""}>{t(f"shell.pace.{k}")}</option>'
                      for k in paces)
    return ('<label class="row check"><input type="checkbox" data-field="reasons"'
            + (" checked" if prefs.get("reasons") else "")
            + f'> {t("shell.prefs.reasons")}</label>'
            + hints_checkbox(prefs)
            + '<label class="row check"><input type="checkbox" data-field="tips"'
            + (" checked" if prefs.get("tips") else "")
            + f'> {t("shell.prefs.tips")}</label>'
            + f'<label class="row">{t("shell.prefs.pace")} <select data-field="pace" aria-label="{t("shell.prefs.pace_label")}">{options}</select></label>'
            + language_html())


# A globe beside the language menu's word: found by its picture whatever language is on screen.
GLOBE = ('<svg class="globe" width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" '
         'fill="none" stroke="currentColor"><circle cx="8" cy="8" r="7"/><ellipse cx="8" cy="8" '
         'rx="3" ry="7"/><path d="M1 8h14M2.5 4.5h11M2.5 11.5h11"/></svg>')


def language_html() -> str:
    """The language menu: each language the page has a catalogue for, named in itself."""
    now = page_words().lang
    have = languages()
    options = "".join(f'<option value="{code}" lang="{code}"{" selected" if code == now else ""}>{name}</option>'
                      for code, name in LANGUAGE_NAMES.items() if code in have)
    return (f'<label class="row language">{GLOBE} {t("shell.prefs.language")} '
            f'<select data-field="lang" aria-label="{t("shell.prefs.language")}">{options}</select></label>')


def options_html(prefs: dict, paces: Sequence[str]) -> str:
    return (f'<section class="home-block"><h2>{t("shell.home.options")}</h2>' + _prefs_html(prefs, paces)
            + f'<button type="button" data-act="help">{t("shell.menu.rules")}</button></section>')


def rules_button() -> str:
    """The top bar's button that opens the rules."""
    return (f'<button type="button" data-act="help" title="{t("shell.nav.rules_title")}">?'
            f'<span class="word"> {t("shell.nav.rules")}</span></button>')


# --- in play -----------------------------------------------------------------------------------
def whole_board_html(on: bool) -> str:
    """The top bar's "Whole board" switch, for a game whose views ask for it (`whole_board`):
    on a phone the board's frame pans sideways, and the switch shows the board whole (the
    game's stylesheet widens its drawing under `body:has(#whole-board:checked)`). A checkbox
    dressed as the bar's buttons, shown on a phone only (style.css)."""
    return (f'<label class="zoom-toggle" title="{t("shell.static.whole_board_title")}"><input '
            f'type="checkbox" id="whole-board" data-field="whole-board"{" checked" if on else ""}>'
            f'<span aria-hidden="true">⤢</span><span class="word">{t("shell.static.whole_board")}'
            '</span></label>')


def nav_html(*, in_game: bool, over: bool, undo: Optional[int], unsaved: bool,
             conflict: bool = False, undo_why: Optional[Html] = None) -> str:
    """The top bar's buttons. `undo`: how many decisions the person on screen may take back;
    none: the button looks disabled, and its title and a tap (undo-why) say `undo_why`, the
    reason (a disabled button would say nothing to a finger).
    Each one's word (a flag's too) is hidden on a narrow screen, where it is the accessible name
    of its symbol: "⚠ modifiée dans un autre onglet" made a phone's page scroll sideways."""
    parts = [f'<button type="button" data-act="home" title="{t("shell.nav.home_title")}">⌂'
             f'<span class="word"> {t("shell.nav.home")}</span></button>']
    if in_game and not over:
        undo_word = f'↶<span class="word"> {t("shell.nav.undo")}</span></button>'
        if undo:
            parts.append(f'<button type="button" data-act="undo" title="{t("shell.nav.undo_title", {"n": undo})}">'
                         + undo_word)
        else:
            why = t("shell.toast.no_undo", {"error": undo_why or t("shell.refusal.no_undo")})
            parts.append(f'<button type="button" data-act="undo-why" aria-disabled="true" title="{why}">'
                         + undo_word)
    parts.append(rules_button())
    if in_game:
        parts.append(f'<button type="button" data-act="menu" title="{t("shell.nav.menu_title")}">☰'
                     f'<span class="word"> {t("shell.nav.menu")}</span></button>')
    if conflict:
        parts.append(f'<button type="button" class="flag warn" data-act="tab-conflict" '
                     f'title="{t("shell.nav.conflict_title")}">⚠<span class="word"> {t("shell.nav.conflict")}</span></button>')
    elif unsaved:
        parts.append(f'<span class="flag warn" title="{t("shell.nav.unsaved_title")}">⚠<span class="word"> {t("shell.nav.unsaved")}</span></span>')
    return "".join(parts)


def waiting_html(seats: Sequence[dict], seat: int, thinking: bool) -> str:
    """The controls region while someone else decides."""
    name = Html(bdi(seats[seat]["name"]))
    if seats[seat]["type"] == "bot":
        if thinking:
            return (f'<div class="decision waiting"><p class="question"><span class="spinner"></span>'
                    f'{t("shell.wait.bot_thinking", {"name": name})}</p></div>')
        return f'<div class="decision waiting"><p class="question">{t("shell.wait.bot_about", {"name": name})}</p></div>'
    return f'<div class="decision waiting"><p class="question">{t("shell.wait.person", {"name": name})}</p></div>'


def status_html(seats: Sequence[dict], styles: list, seat: Optional[int], thinking: bool,
                viewer: Optional[int]) -> str:
    """A plain status line for a game whose module draws none: who decides now."""
    if seat is None:
        return f'<span class="status-text">{t("shell.status.over")}</span>'
    badge = seat_badge(styles, seat, 20)
    name = Html(f'<b>{bdi(seats[seat]["name"])}</b>')
    if thinking:
        bot = Html(f'<small>{t("shell.status.bot")}</small>')
        return (f'<span class="thinking" data-thinking-seat="{seat}"><span class="spinner" aria-hidden="true"></span>'
                f'{badge} {t("shell.status.thinking", {"name": name, "bot": bot})}</span>')
    words_of = t("shell.status.you_decide" if viewer == seat else "shell.status.decides", {"name": name})
    return f'<span class="status-text">{badge} {words_of}</span>'


def together_html() -> str:
    """The status line while bots of one secret choice decide together: one beat for them all."""
    return (f'<span class="thinking" data-together="1"><span class="spinner" aria-hidden="true"></span>'
            f'{t("shell.status.together")}</span>')


def hint_html(level: str, hint: Optional[tuple[str, str]], legal: Sequence[str],
              thinking: bool = False) -> str:
    """Under a person's controls: a button asking for a hint or, given `hint` = (action text,
    reason as escaped HTML) from the `level` bot in that seat (it sees only what the seat
    sees), the suggestion in words with a button that takes it; `thinking`: the bot is at it."""
    if not legal:
        return ""
    lv = Html(level_words(level))
    if thinking:
        return (f'<div class="hint" role="status"><button type="button" disabled>'
                f'{t("shell.hint.thinking", {"level": lv})}</button></div>')
    if hint is None or hint[0] not in legal:
        return (f'<div class="hint"><button type="button" data-act="hint" title="{t("shell.hint.ask_title", {"level": lv})}">'
                f'{t("shell.hint.ask")}</button></div>')
    action, reason = hint
    return (f'<div class="hint shown" role="status"><p>'
            f'{t("shell.hint.shown", {"hint": Html("<b>" + t("shell.hint.word") + "</b>"), "level": lv, "reason": Html(reason)})}'
            f'</p><div class="buttons">'
            f'<button type="button" data-act="hint-take" data-v="{esc(action)}" class="primary" '
            f'title="{t("shell.hint.take_title")}">{t("shell.hint.take")}</button>'
            f'<button type="button" data-act="hint-dismiss">{t("shell.hint.dismiss")}</button></div></div>')


def hide_html(seats: Sequence[dict], styles: list, seat: int, *, reason: str,
              undo_seat: Optional[int] = None) -> str:
    """The pass screen: nothing of the game shows until `seat`'s person taps. `undo_seat`: the
    person who just chose and may still take it back (the button says nothing of the choice).
    `reason`: plain text (names found in it isolated) or catalogue words (Html)."""
    name = Html(bdi(seats[seat]["name"]))
    undo = ""
    if undo_seat is not None:
        undo = (f'<p><button type="button" data-act="undo" title="'
                f'{t("shell.pass.undo_title", {"name": isolate(seats[undo_seat]["name"])})}">↶ '
                f'{t("shell.pass.undo", {"name": Html(bdi(seats[undo_seat]["name"]))})}</button></p>')
    reason = str(reason) if isinstance(reason, Html) else text_html(reason, [s["name"] for s in seats])
    return (f'<div class="hide-card" role="dialog" aria-modal="true" aria-labelledby="hide-title">'
            f'<div class="hide-badge">{seat_badge(styles, seat, 64)}</div>'
            f'<h2 id="hide-title">{t("shell.pass.title", {"name": name})}</h2>'
            f'<p>{reason}</p><p class="muted">{t("shell.pass.only", {"name": name})}</p>'
            f'<button type="button" class="primary big" data-act="reveal" data-v="{seat}">{t("shell.pass.reveal", {"name": name})}</button>'
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
            f'<button type="button" class="primary" data-act="again">{t("shell.end.again")}</button>'
            f'<button type="button" data-act="replay" title="{t("shell.end.replay_title")}">{t("shell.end.replay")}</button>'
            f'<button type="button" data-act="export">{t("shell.end.export")}</button>'
            f'<button type="button" data-act="home">{t("shell.end.home")}</button></div>')


# --- overlays ----------------------------------------------------------------------------------
def dialog_html(title: str, text: str, buttons: list[tuple[str, str, str]], *, cls: str = "") -> str:
    """A modal message: buttons are (label, act, value); texts are catalogue words (Html) or
    plain text (escaped)."""
    btns = "".join(
        f'<button type="button" data-act="{esc(act)}" data-v="{esc(v)}"'
        f'{" class=primary" if k == 0 else ""}>{words(label)}</button>'
        for k, (label, act, v) in enumerate(buttons))
    return (f'<div class="dialog {esc(cls)}" role="dialog" aria-modal="true" aria-labelledby="dialog-title">'
            f'<h2 id="dialog-title">{words(title)}</h2><p>{words(text)}</p><div class="buttons">{btns}</div></div>')


def help_overlay_html(help_body: str, title: Any = None) -> str:
    return (f'<div class="dialog help" role="dialog" aria-modal="true" aria-label="{t("shell.help.label")}">'
            f'<div class="dialog-head"><h2>{words(title) if title is not None else t("shell.help.title")}</h2>'
            f'<button type="button" data-act="close" class="close" title="{t("shell.help.close_title")}">{t("shell.close")}</button></div>'
            f'<div class="help-body">{help_body}</div></div>')


def menu_html(prefs: dict, paces: Sequence[str], *, can_export: bool, can_replay: bool = False) -> str:
    return (f'<div class="dialog menu" role="dialog" aria-modal="true" aria-label="{t("shell.menu.title")}">'
            f'<div class="dialog-head"><h2>{t("shell.menu.title")}</h2><button type="button" data-act="close" class="close">{t("shell.close")}</button></div>'
            '<div class="menu-items">'
            f'<button type="button" data-act="help">{t("shell.menu.rules")}</button>'
            + (f'<button type="button" data-act="replay">{t("shell.menu.replay")}</button>'
               if can_replay else "")
            + (f'<button type="button" data-act="export">{t("shell.menu.export")}</button>' if can_export else "")
            + _prefs_html(prefs, paces)
            + f'<button type="button" data-act="home">{t("shell.menu.home")}</button>'
            "</div></div>")


def toast_html(kind: str, text: Any) -> str:
    return (f'<div class="toast {esc(kind)}" role="{"alert" if kind == "warn" else "status"}">'
            f'<span>{words(text)}</span><button type="button" data-act="dismiss" '
            f'title="{t("shell.toast.dismiss_title")}">{t("shell.toast.ok")}</button></div>')


def reason_html(reason: Any, words: Any) -> str:
    """A bot's reason as escaped HTML: plain text, or an event [msg_id, params]."""
    if isinstance(reason, str):
        return esc(reason)
    return words.event(reason)
