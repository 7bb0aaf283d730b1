"""The games of this home, as the shell sees them: the registry's entries and each game's views
(`kit.views.GameViews`, the `VIEWS` of the module named by `GameInfo.web_module`: never imported
by name). Pure Python (no browser import): host-tested.
"""

from __future__ import annotations

import importlib
from html import escape, unescape
import math
from types import ModuleType
from typing import Any, Optional, Sequence

from tabletop import registry

from kit.seats import MAX_SEATS, style_seats
from kit.views import Ctx, GameViews, checked, make_ctx  # noqa: F401 (Ctx, make_ctx: for tests)

from .i18n import page_words, t

def hint_budget(budget: Optional[float], flag: Any) -> Optional[float]:
    """The hint's thinking time: the game's `budget` (None: the level's own), or the page's
    `?hint-budget=S` flag when that is shorter (tests that take a hint at every decision of a
    whole game); a flag that is not a number, not positive or longer changes nothing."""
    try:
        wanted = float(str(flag))
    except (TypeError, ValueError):
        return budget
    if not (wanted > 0 and math.isfinite(wanted)) or (budget is not None and wanted >= budget):
        return budget                   # NaN, 0, negative, infinite or longer
    return wanted


_modules: dict[str, ModuleType] = {}


def available() -> list[Any]:
    """The registered games whose rules and views are both present, in the home's order."""
    out = []
    for info in registry.games():
        if not info.web_module:
            continue
        try:
            web_module(info)
        except ModuleNotFoundError as exc:    # its views are not in this build (yet)
            if not info.web_module.startswith(str(exc.name)):
                raise
            continue
        out.append(info)
    return out


def find(game_id: Any) -> Optional[Any]:
    return registry.find(game_id) if isinstance(game_id, str) else None


def web_module(info: Any) -> ModuleType:
    """The game's web module (imported once; its `VIEWS` checked)."""
    mod = _modules.get(info.id)
    if mod is None:
        mod = importlib.import_module(info.web_module)
        checked(mod.VIEWS, info.id)
        _modules[info.id] = mod
    return mod


def views(info: Any) -> GameViews:
    """The game's views: its web module's `VIEWS`."""
    return web_module(info).VIEWS


def stylesheet(info: Any) -> str:
    """The address of the game's own stylesheet (`GameViews.css`, next to its web module), or ""."""
    css = views(info).css
    return f"./{info.web_module.replace('.', '/')}/{css}" if css else ""


def card(info: Any) -> dict:
    """A game's card on the home screen."""
    blurb = views(info).blurb
    return {"id": info.id, "name": game_name(info), "players": (info.min_players, info.max_players),
            "blurb": t(blurb) if blurb else "", "learn": has_guide(info)}


def has_guide(info: Any) -> bool:
    """Whether the game's views offer a guided first game ("Learn to play")."""
    try:
        return views(info).guide() is not None
    except Exception:           # a guide that fails to build offers nothing
        return False


def form_game(info: Any) -> dict:
    """What the new-game form needs of a game."""
    game_views = views(info)
    labels, note = game_views.option_labels, game_views.bot_note

    def option(key: str) -> tuple:
        if key not in labels:           # a game that words none: the key itself
            return key, key.replace("_", " "), ""
        label, about = labels[key]
        return key, t(label), t(about) if about else ""
    return {"name": game_name(info), "players": (info.min_players, info.max_players),
            "levels": list(info.bot_levels), "bot_note": t(note) if note else "",
            "options": [option(o.key) for o in info.options]}


def game_name(info: Any, short: bool = False) -> str:
    """A game's name as its edition in the page's language calls it (plain text), from its own
    catalogue ("<prefix>name"; `short`: "<prefix>short_name", as the page's heading lists it),
    else its registry name."""
    msg_id = f"{info.catalogue_prefix}{'short_name' if short else 'name'}"
    known = bool(info.catalogue_prefix) and msg_id in page_words().catalogue
    return unescape(t(msg_id)) if known else info.name


def default_name(kind: str, i: int) -> str:
    """Seat i's name before a player types one: 'Player 1', 'Bot 2' in the page's language
    (plain text; `kind` is "human" or "bot")."""
    return unescape(t(f"shell.seat.default_{kind}", {"n": i + 1}))


def is_default_name(name: str, kind: str, i: int) -> bool:
    """Whether seat i's name is still the one it was given (in this language or in English)."""
    english = {"human": f"Player {i + 1}", "bot": f"Bot {i + 1}"}[kind]
    return name in (english, default_name(kind, i))


def default_seats(players: int, humans: int = 1, level: str = "medium") -> list[dict]:
    """'Player 1' and bots of `level` after it."""
    return [{"name": default_name("human", i), "type": "human", "level": None, "style": i} if i < humans
            else {"name": default_name("bot", i), "type": "bot", "level": level, "style": i}
            for i in range(players)]


# The board drawn behind the home screen's form, kept by (game, players, seat styles): drawing
# one took 50-180 ms of the first screen's task. The build draws each game's defaults before it
# saves the memory snapshot (warm_previews), so a start restored from it finds them drawn.
PREVIEWS_KEPT = 16
_previews: dict[tuple, str] = {}


def preview_html(info: Any, seats: Sequence[dict]) -> str:
    """The home screen's board for a new game of `info` with these form seats (the game's
    web module's preview_html; "" for a game without one)."""
    key = (info.id, len(seats), tuple(s["style"] for s in seats), page_words().lang)
    html = _previews.get(key)
    if html is None:
        html = views(info).preview_html(len(seats), style_seats(seats), page_words())
        if len(_previews) >= PREVIEWS_KEPT:
            _previews.pop(next(iter(_previews)))        # the oldest
        _previews[key] = html
    return html


def loading_boards(infos: Sequence[Any]) -> str:
    """The loading page's boards of the games `infos` (each game's loading_board_html, those
    it has), hidden until a game of theirs resumes at start (html[data-boot-game]: the
    game's stylesheet shows its own)."""
    words = page_words()
    boards = ((info.id, views(info).loading_board_html(words)) for info in infos)
    return "".join(f'<div class="boot-board" data-game="{escape(game_id)}">{html}</div>'
                   for game_id, html in boards if html)


def warm_previews() -> int:
    """Draw each game's preview for its new-game form's seats at every player count (the
    build runs it before saving the memory snapshot); returns how many are kept."""
    for info in available():
        for players in range(info.min_players, info.max_players + 1):
            preview_html(info, default_seats(players, 1, default_level(info)))
    return len(_previews)


def default_level(info: Any) -> str:
    """The level a new bot seat of the game gets: medium if it has one."""
    return "medium" if "medium" in info.bot_levels else info.bot_levels[0]


def new_form(info: Any) -> dict:
    """The new-game form for a game: its default player count, one person and bots."""
    return {"game": info.id, "seats": default_seats(info.default_players, 1, default_level(info)),
            "options": {o.key: bool(o.default) for o in info.options}, "seed": "", "error": None}


def restore_form(saved: Any, infos: Sequence[Any]) -> dict:
    """The new-game form from a stored one (`Store.form()`), checked against its game: what is
    unknown or damaged falls back to that game's (or the first game's) defaults."""
    from .storage import RecordError, validate_seats
    saved = saved if isinstance(saved, dict) else {}
    info = find(saved.get("game")) or infos[0]
    form = new_form(info)
    try:
        form["seats"] = validate_seats(saved.get("seats"), info=info)
    except RecordError:
        return form
    options = saved.get("options") if isinstance(saved.get("options"), dict) else {}
    for key in form["options"]:
        if isinstance(options.get(key), bool):
            form["options"][key] = options[key]
    seed = saved.get("seed")
    if isinstance(seed, str) and len(seed) <= 20 and (seed.isdigit() or not seed):
        form["seed"] = seed
    return form


def resize_seats(seats: list[dict], n: int, level: str) -> None:
    """Add bots (with the first free styles) or drop the last seats, in place."""
    while len(seats) < n:
        used = {s["style"] for s in seats}
        style = next(k for k in range(MAX_SEATS) if k not in used)
        seats.append({"name": default_name("bot", len(seats)), "type": "bot", "level": level,
                      "style": style})
    del seats[n:]


def carry_form(form: dict, info: Any) -> dict:
    """The form switched to another game: the seats kept as far as its range and levels allow."""
    new = new_form(info)
    seats = [dict(s) for s in form["seats"]]
    level = new["seats"][-1]["level"] or "medium"
    for s in seats:
        if s["type"] == "bot" and s["level"] not in info.bot_levels:
            s["level"] = level
    n = max(info.min_players, min(info.max_players, len(seats)))
    resize_seats(seats, n, level)
    new["seats"] = seats
    new["seed"] = form.get("seed", "")
    return new
