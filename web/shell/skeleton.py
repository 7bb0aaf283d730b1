"""The words of the page's static skeleton (web/index.html: the title, the intro beside the home,
the zoom toggle, the regions' names for screen readers), written in English in the file and
reworded by Python in the page's language once it starts and after each change of language.
The build writes the English ones into index.html and the manifest (`site_texts`), each game's
from the registry (its name and its catalogue's "<prefix>home.intro.html"), so that a game
added to the registry is introduced there with no edit of index.html."""

from __future__ import annotations

from html import escape, unescape
from typing import Any

from tabletop import registry

from .i18n import Html, join_names, page_words

# element id -> the catalogue id of its accessible name
REGION_LABELS = {"board": "shell.static.board", "log": "shell.static.log", "home": "shell.static.home",
                 "controls": "shell.static.controls", "follow": "shell.static.follow",
                 "players": "shell.static.players", "hand": "shell.static.hand",
                 "nav": "shell.static.nav", "intro": "shell.static.intro_label"}


def intro_html(names: dict[str, str]) -> str:
    """The intro beside the home's form: each registered game in a few lines, from its own
    catalogue (names: game id -> name in the page's language)."""
    words = page_words()
    games = "".join(
        f'<p>{words.markup(f"{g.catalogue_prefix}home.intro.html", {"name": names.get(g.id, g.name)})}</p>'
        for g in registry.games() if f"{g.catalogue_prefix}home.intro.html" in words.catalogue)
    return (f'<h2>{words.t("shell.static.intro_title")}</h2>{games}'
            f'<p class="muted">{words.t("shell.static.intro_note")}</p>')


def site_texts() -> dict[str, str]:
    """The skeleton's words as the build writes them into index.html's <!--site:NAME--> marks
    and the manifest (escaped HTML, the page's language: English at build time)."""
    words = page_words()
    infos = registry.games()
    names = Html(join_names([escape(g.name) for g in infos], words.t("shell.and")))
    return {"title": words.t("shell.static.title"), "heading": words.t("shell.static.heading"),
            "description": words.t("shell.static.description", {"names": names}),
            "intro": intro_html({g.id: g.name for g in infos}),
            **{f"label_{k}": words.t(v) for k, v in REGION_LABELS.items()}}


def reword(document: Any, names: dict[str, str]) -> None:
    """Put the skeleton's words in the page's language (elements missing are left alone)."""
    words = page_words()
    document.title = unescape(words.t("shell.static.title"))
    for element_id, msg_id in REGION_LABELS.items():
        el = document.getElementById(element_id)
        if el is not None:
            el.setAttribute("aria-label", unescape(words.t(msg_id)))
    heading = document.querySelector(".topbar h1 span")
    if heading is not None:
        heading.innerHTML = words.t("shell.static.heading")
    intro = document.getElementById("intro")
    if intro is not None:
        intro.innerHTML = intro_html(names)
    zoom = document.querySelector(".zoom-toggle")
    if zoom is not None:
        zoom.setAttribute("title", unescape(words.t("shell.static.whole_board_title")))
        word = zoom.querySelector(".word")
        if word is not None:
            word.innerHTML = words.t("shell.static.whole_board")
