"""The home screen's regions: the chosen game's preview board, the home column (a card per game,
the new-game form, saved games, statistics, options, the player's data) and the top bar's rules
button.

One function for the live page (`App`) and for the build, which writes a first visit's home
into index.html as the loading page (build.py `first_screen`): what shows while Python starts is
what the home will show, in the same places, so nothing moves when the page becomes ready.
"""

from __future__ import annotations

from typing import Any, Optional, Sequence

from . import games, mydata, screens, stats_screen, storage


def home_regions(infos: Sequence[Any], form: dict, prefs: dict, *, saves: Sequence[dict] = (),
                 dates: Optional[dict[str, str]] = None,
                 current: Optional[str] = None) -> dict[str, str]:
    """The home's "board", "home" and "nav" regions for the games `infos` and this form."""
    info = games.find(form["game"]) or infos[0]
    names = {g.id: games.game_name(g) for g in infos}
    return {
        "board": games.preview_html(info, form["seats"]),
        "home": (screens.game_cards_html([games.card(g) for g in infos], info.id)
                 + screens.new_game_html(form, games.form_game(info))
                 + screens.saves_html(list(saves), names, dates=dates or {}, current=current)
                 + stats_screen.stats_button_html()
                 + screens.options_html(prefs, storage.PACES)
                 + mydata.data_block_html()),
        "nav": screens.rules_button(),
    }


def first_visit() -> dict[str, str]:
    """The home of a first visit (no stored form, preferences or saves): the loading page,
    its board with the other games' boards for a game of theirs that resumes at start."""
    infos = games.available()
    regions = home_regions(infos, games.new_form(infos[0]), dict(storage.DEFAULT_PREFS))
    regions["board"] += games.loading_boards(infos[1:])
    return regions
