"""The Statistics screen as HTML: a game and a player name chosen, their figures (games, wins,
win rate by opponent level, average and best score, endings, recent form, length), two charts
(the score of each of the last games; the endings' shares as bars), the player's last games
(each deletable), the damaged records (deletable), and every finished game exported, imported or
deleted. Pure functions over stats.py's figures; every word from the catalogue (shell.stats.*);
every interpolated text escaped.
"""

from __future__ import annotations

from typing import Any, Callable, Optional, Sequence

from kit.charts import line_chart
from kit.seats import seat_style
from kit.svg import bdi, esc

from . import stats
from .i18n import Html, page_words, t
from .refusals import worded
from .screens import level_words

LAST_GAMES = 10         # the player's last games listed (each with its delete button)


def _pct(rate: Optional[float]) -> str:
    return t("shell.stats.percent", {"n": round(rate * 100)}) if rate is not None else "–"


def _num(value: Optional[float]) -> str:
    if value is None:
        return "–"
    return page_words().number(round(value, 1) if isinstance(value, float) else value)


def ending_words(ending: Any) -> str:
    """An ending ("priests", "rounds") in words; one the catalogue does not name, as it is."""
    known = f"shell.stats.ending.{ending}" in page_words().catalogue
    return t(f"shell.stats.ending.{ending}") if known else esc(ending)


def opponent_words(level: str) -> str:
    return t("shell.stats.vs_people") if level == stats.HUMAN else t(
        "shell.stats.vs_bots", {"level": Html(level_words(level))})


def _games_html(counts: dict[str, int], names: dict[str, str], game: str) -> str:
    buttons = "".join(
        f'<button type="button" data-act="stats-game" data-v="{esc(gid)}" '
        f'aria-pressed="{"true" if gid == game else "false"}"{" class=chosen" if gid == game else ""}>'
        f'{esc(name)} <small>{t("shell.stats.games_n", {"n": counts.get(gid, 0)})}</small></button>'
        for gid, name in names.items())
    return f'<div class="stats-games" role="group" aria-label="{t("shell.stats.game")}">{buttons}</div>'


def _name_html(offered: Sequence[tuple[str, int]], name: Optional[str]) -> str:
    if not offered:
        return ""
    options = "".join(f'<option value="{esc(n)}"{" selected" if n == name else ""}>{esc(n)} '
                      f'({t("shell.stats.games_n", {"n": c})})</option>' for n, c in offered)
    return (f'<label class="row stats-name">{t("shell.stats.player")} '
            f'<select data-field="stats-name" aria-label="{t("shell.stats.player")}">{options}</select></label>')


def _figures_html(s: dict) -> str:
    rows = [(t("shell.stats.games"), _num(s["games"])), (t("shell.stats.wins"), _num(s["wins"])),
            (t("shell.stats.win_rate"), _pct(s["win_rate"])),
            (t("shell.stats.average_score"), _num(s["average_score"])),
            (t("shell.stats.best_score"), _num(s["best_score"])),
            (t("shell.stats.average_actions"), _num(s["average_actions"]))]
    if s["average_minutes"] is not None:
        rows.append((t("shell.stats.average_minutes"), _num(s["average_minutes"])))
    cells = "".join(f'<div class="stat"><dt>{k}</dt><dd>{v}</dd></div>' for k, v in rows)
    return f'<dl class="stats-figures">{cells}</dl>'


def _levels_html(s: dict) -> str:
    if not s["by_level"]:
        return ""
    order = [stats.HUMAN, "random", "easy", "medium", "hard"]
    levels = sorted(s["by_level"], key=lambda lv: (order.index(lv) if lv in order else 9, lv))
    rows = "".join(
        f'<tr><th scope="row">{opponent_words(lv)}</th><td>{_num(s["by_level"][lv]["games"])}</td>'
        f'<td>{_num(s["by_level"][lv]["wins"])}</td><td>{_pct(s["by_level"][lv]["win_rate"])}</td></tr>'
        for lv in levels)
    return (f'<table class="stats-levels"><caption>{t("shell.stats.by_level")}</caption>'
            f'<thead><tr><th scope="col">{t("shell.stats.opponents")}</th><th scope="col">{t("shell.stats.games")}</th>'
            f'<th scope="col">{t("shell.stats.wins")}</th><th scope="col">{t("shell.stats.win_rate")}</th></tr></thead>'
            f'<tbody>{rows}</tbody></table>')


def _endings_html(s: dict) -> str:
    """The endings' shares as bars (a chart read as text too: each bar says its count and share)."""
    if not s["endings"]:
        return ""
    bars = "".join(
        f'<li data-ending="{esc(e)}"><span class="bar-label">{ending_words(e)}</span>'
        f'<span class="bar"><span class="bar-fill" style="width:{round(v["share"] * 100)}%"></span></span>'
        f'<span class="bar-value">{t("shell.stats.ending_share", {"n": v["count"], "share": _pct(v["share"])})}</span></li>'
        for e, v in s["endings"].items())
    return f'<section class="stats-endings"><h3>{t("shell.stats.endings")}</h3><ul class="bars">{bars}</ul></section>'


def _recent_html(s: dict) -> str:
    if not s["recent"]:
        return ""
    marks = "".join(
        f'<li class="{"won" if won else "lost"}" title="{t("shell.stats.won") if won else t("shell.stats.lost")}">'
        f'{t("shell.stats.won_short") if won else t("shell.stats.lost_short")}</li>'
        for won in s["recent"])
    return (f'<section class="stats-recent"><h3>{t("shell.stats.recent")}</h3>'
            f'<ol class="form-marks" aria-label="{t("shell.stats.recent_label")}">{marks}</ol></section>')


def _chart_html(s: dict, name: str) -> str:
    points = [p for p in s["scores"] if p["score"] is not None]
    if len(points) < 2:
        return ""
    style = seat_style([{"name": name, "style": 0}], 0)
    first = s["games"] - len(s["scores"]) + 1
    labels = [str(first + k) if k == 0 or k == len(points) - 1 or (first + k) % 5 == 0 else ""
              for k in range(len(points))]
    title = t("shell.stats.chart_title")
    return line_chart(
        [[p["score"] for p in points]], labels, [style], title=title, aria=title,
        measure="score", axis=t("shell.stats.chart_axis"),
        point_title=lambda _s, k: t("shell.stats.chart_point", {
            "n": first + k, "score": points[k]["score"],
            "result": Html(t("shell.stats.won") if points[k]["won"] else t("shell.stats.lost"))}),
        size=(360, 200), margins=(30, 28, 26, 30), css="stats-chart")


def _last_games_html(results: Sequence[dict], game: str, name: str,
                     date_of: Callable[[dict], str]) -> str:
    mine = [r for r in stats.counted(results) if r["game"] == game
            and any(p["name"] == name for p in r["players"])][:LAST_GAMES]
    if not mine:
        return ""
    items = []
    for r in mine:
        players = ", ".join(
            f'{"★ " if p["won"] else ""}{bdi(p["name"])}'
            + (f' <small>{t("shell.seat.bot_level", {"level": Html(level_words(p["level"]))})}</small>' if p["type"] == "bot" else "")
            + (f' {_num(p["score"])}' if p["score"] is not None else "")
            for p in r["players"])
        ending = ending_words(r["ending"]) if r["ending"] else ""
        items.append(
            f'<li class="result" data-id="{esc(r["id"])}"><div><small>{esc(date_of(r))}'
            f'{" · " + ending if ending else ""}</small><span>{players}</span></div>'
            f'<button type="button" data-act="stats-delete" data-v="{esc(r["id"])}" '
            f'title="{t("shell.stats.delete_one_title")}">{t("shell.stats.delete_one")}</button></li>')
    return (f'<section class="stats-last"><h3>{t("shell.stats.last_games")}</h3>'
            f'<ul class="results">{"".join(items)}</ul></section>')


def _damaged_html(results: Sequence[dict]) -> str:
    bad = stats.damaged(results)
    if not bad:
        return ""
    items = "".join(
        f'<li class="result broken" data-id="{esc(r["id"])}"><div><b>{t("shell.stats.damaged")}</b>'
        f'<small>{worded(*(r.get("why") or (None, None)))}</small></div><button type="button" data-act="stats-delete" '
        f'data-v="{esc(r["id"])}">{t("shell.stats.delete_one")}</button></li>' for r in bad)
    return (f'<section class="stats-damaged"><h3>{t("shell.stats.damaged_title", {"n": len(bad)})}</h3>'
            f'<ul class="results">{items}</ul></section>')


def _manage_html(any_kept: bool, game: str, game_name: str, game_kept: bool) -> str:
    return ('<div class="buttons stats-manage">'
            + (f'<button type="button" data-act="stats-export">{t("shell.stats.export")}</button>' if any_kept else "")
            + f'<label class="file-button"><span>{t("shell.stats.import")}</span>'
              '<input type="file" id="import-results" accept=".json,application/json"></label>'
            + (f'<button type="button" data-act="stats-delete-game" data-v="{esc(game)}">'
               f'{t("shell.stats.delete_game", {"game": game_name})}</button>' if game_kept else "")
            + (f'<button type="button" data-act="stats-delete-all">{t("shell.stats.delete_all")}</button>' if any_kept else "")
            + "</div>")


def stats_html(results: Sequence[dict], names: dict[str, str], game: str, name: Optional[str],
               date_of: Callable[[dict], str] = lambda r: r["ended"][:10]) -> str:
    """The whole screen. `results`: Results.listing(); `names`: game id -> its name (the games
    offered, in the home's order); `game`, `name`: the choice (None: the name with most games);
    `date_of`: a record's date in the page's words (asked only for the games listed)."""
    counts = stats.games_played(results)
    offered = stats.names(results, game)
    if name not in dict(offered):
        name = offered[0][0] if offered else None
    head = (f'<div class="stats-head"><h2>{t("shell.stats.title")}</h2>'
            f'<button type="button" data-act="home">{t("shell.stats.back")}</button></div>')
    body = [_games_html(counts, names, game), _name_html(offered, name)]
    left_out = stats.guided(results, game)
    if name is None:        # nothing counted: one sentence, that says the guided games too
        guided = f' stats-guided" data-guided="{left_out}' if left_out else ""
        none = t("shell.stats.none_guided", {"n": left_out}) if left_out else t("shell.stats.none")
        body.append(f'<p class="muted stats-none{guided}">{none}</p>')
    else:
        if left_out:
            body.append(f'<p class="muted stats-guided" data-guided="{left_out}">'
                        f'{t("shell.stats.guided_n", {"n": left_out})}</p>')
        s = stats.summary(results, game, name)
        body += [f'<div class="stats-main" data-stats-name="{esc(name)}" data-stats-games="{s["games"]}">',
                 _figures_html(s), _recent_html(s), _chart_html(s, name), _levels_html(s),
                 _endings_html(s), _last_games_html(results, game, name, date_of), "</div>"]
    body += [_damaged_html(results), _manage_html(bool(stats.usable(results)), game, names.get(game, game),
                                                  bool(counts.get(game) or left_out))]
    return (f'<section class="end-panel stats-panel" aria-label="{t("shell.stats.title")}">'
            f'{head}{"".join(body)}</section>')


def stats_button_html() -> str:
    """The home's way to the statistics."""
    return (f'<section class="home-block stats-block"><h2>{t("shell.stats.title")}</h2>'
            f'<p class="muted">{t("shell.stats.about")}</p>'
            f'<button type="button" data-act="stats">{t("shell.stats.open")}</button></section>')
